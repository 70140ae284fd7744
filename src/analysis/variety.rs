//! The variety map: what a generator can make at all. Over two figures (say rooms and longest
//! path), a grid of cells is filled with parameter sets whose typical map (the median over a
//! few seeds) lands in each cell — a MAP-Elites search over the ticked parameters: random
//! candidates first, then the elites of filled cells nudged, each candidate kept when its cell
//! is empty or it beats the cell's elite (more sound maps, then nearer the current
//! parameters).
//!
//! As for [`super::tune`], every decision is made on the calling thread from the measured
//! figures, so the same tune seed and budget in maps give the same grid on any thread count.

use super::Stat;
use super::tune::{Budget, Vary, sample_valid, search_rng, with_values};
use crate::generate::GenError;
use crate::map::locks::Kept;
use crate::params::{GeneratorParams, ParamValue};
use delve_core::measure::{Figures, SweepRow};
use rand::RngExt;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Seeds each candidate is measured on (its typical map is the median over them).
pub const SEEDS_PER_CANDIDATE: u64 = 24;
/// Candidates measured together (in parallel) before the grid is updated.
const BATCH: usize = 32;
/// Random candidates that set the grid's ranges.
const FIRST_CANDIDATES: usize = 64;

/// What to map.
#[derive(Clone, Debug)]
pub struct VarietySettings {
    /// The figure across (columns) and the figure up (rows).
    pub x: Stat,
    pub y: Stat,
    /// Cells a side.
    pub side: usize,
    pub vary: Vec<Vary>,
    pub budget: Budget,
    pub tune_seed: u64,
    pub kept: Option<Arc<Kept>>,
}

/// The parameter set kept for one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Elite {
    pub params: GeneratorParams,
    /// Median figures over [`SEEDS_PER_CANDIDATE`] seeds.
    pub x: f64,
    pub y: f64,
    /// Share of its maps that are connected and without problems.
    pub sound: f64,
    /// How far it moved from the current parameters.
    pub moved: f64,
}

/// The filled grid.
#[derive(Clone, Debug, PartialEq)]
pub struct VarietyMap {
    pub x: Stat,
    pub y: Stat,
    pub side: usize,
    /// The figures' ranges the grid spans (each cell a `side`th of each).
    pub x_range: (f64, f64),
    pub y_range: (f64, f64),
    /// Row by row from the lowest `y`, each row from the lowest `x`.
    pub cells: Vec<Option<Elite>>,
    pub maps: u64,
    pub candidates: usize,
}

impl VarietyMap {
    /// How many cells hold a parameter set.
    pub fn filled(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// The cell (column, row) a typical map with figures `x`, `y` falls in (clamped to the grid).
    pub fn cell_of(&self, x: f64, y: f64) -> (usize, usize) {
        (bin(x, self.x_range, self.side), bin(y, self.y_range, self.side))
    }

    /// The figure ranges of cell (column, row).
    pub fn bounds(&self, col: usize, row: usize) -> ((f64, f64), (f64, f64)) {
        let span = |(lo, hi): (f64, f64), i: usize| {
            let w = (hi - lo) / self.side as f64;
            (lo + w * i as f64, lo + w * (i + 1) as f64)
        };
        (span(self.x_range, col), span(self.y_range, row))
    }
}

fn bin(v: f64, (lo, hi): (f64, f64), side: usize) -> usize {
    if hi <= lo {
        return 0;
    }
    (((v - lo) / (hi - lo) * side as f64).floor().max(0.0) as usize).min(side - 1)
}

/// Fills the variety map of `s` around `base`. `Ok(None)` when cancelled; `progress` hears the
/// grid as it fills (on the calling thread).
pub fn variety(
    base: &GeneratorParams,
    s: &VarietySettings,
    cancel: &AtomicBool,
    mut progress: impl FnMut(&VarietyMap),
) -> Result<Option<VarietyMap>, GenError> {
    super::sweep::ready(base, s.kept.as_ref())?;
    let side = s.side.clamp(2, 64);
    let started = Instant::now();
    let mut rng = search_rng(s.tune_seed);
    let base_values: Vec<Option<ParamValue>> = s.vary.iter().map(|v| base.params().get(v.key)).collect();
    let out_of_budget = |maps: u64| {
        maps.saturating_add(BATCH as u64 * SEEDS_PER_CANDIDATE) > s.budget.maps
            || s.budget.seconds.is_some_and(|t| started.elapsed() >= Duration::from_secs_f64(t))
    };
    let mut maps = 0u64;
    let mut candidates = 0usize;

    // Random candidates set the ranges: their typical figures, widened by half on each side
    // (so that nudged ones can land beyond), never below zero.
    let first: Vec<Vec<ParamValue>> = (0..FIRST_CANDIDATES).map(|_| sample_valid(base, &s.vary, &mut rng)).collect();
    let Some(measured) = measure(base, s, &base_values, first, cancel, &mut maps)? else { return Ok(None) };
    candidates += measured.len();
    let range = |f: fn(&Elite) -> f64| {
        let lo = measured.iter().map(|(e, _)| f(e)).fold(f64::INFINITY, f64::min);
        let hi = measured.iter().map(|(e, _)| f(e)).fold(f64::NEG_INFINITY, f64::max);
        if !lo.is_finite() {
            return (0.0, 1.0);
        }
        let pad = ((hi - lo) / 2.0).max(1.0);
        ((lo - pad).max(0.0), hi + pad)
    };
    let mut grid = VarietyMap {
        x: s.x,
        y: s.y,
        side,
        x_range: range(|e| e.x),
        y_range: range(|e| e.y),
        cells: vec![None; side * side],
        maps: 0,
        candidates: 0,
    };
    let mut values_of: Vec<Option<Vec<ParamValue>>> = vec![None; side * side];
    let place = |grid: &mut VarietyMap, values_of: &mut Vec<Option<Vec<ParamValue>>>, e: Elite, v: Vec<ParamValue>| {
        if e.x.is_nan() || e.y.is_nan() {
            return; // no map of it had the figure (a figure from play, no exit reached)
        }
        let (c, r) = grid.cell_of(e.x, e.y);
        let i = r * side + c;
        let better = match &grid.cells[i] {
            None => true,
            Some(old) => e.sound > old.sound || e.sound == old.sound && e.moved < old.moved,
        };
        if better {
            grid.cells[i] = Some(e);
            values_of[i] = Some(v);
        }
    };
    for (e, v) in measured {
        place(&mut grid, &mut values_of, e, v);
    }
    while !out_of_budget(maps) {
        // Elites of filled cells nudged (a fifth of the time, a new random candidate).
        let filled: Vec<usize> = (0..values_of.len()).filter(|&i| values_of[i].is_some()).collect();
        let batch: Vec<Vec<ParamValue>> = (0..BATCH)
            .map(|_| {
                if filled.is_empty() || rng.random_range(0..5) == 0 {
                    return sample_valid(base, &s.vary, &mut rng);
                }
                let mut values = values_of[filled[rng.random_range(0..filled.len())]].clone().unwrap_or_default();
                let nudges = 1 + rng.random_range(0..s.vary.len().min(3));
                for _ in 0..nudges {
                    let d = rng.random_range(0..s.vary.len());
                    values[d] = s.vary[d].nudge(values[d], &mut rng);
                }
                values
            })
            .collect();
        let Some(measured) = measure(base, s, &base_values, batch, cancel, &mut maps)? else { return Ok(None) };
        candidates += measured.len();
        for (e, v) in measured {
            place(&mut grid, &mut values_of, e, v);
        }
        grid.maps = maps;
        grid.candidates = candidates;
        progress(&grid);
    }
    grid.maps = maps;
    grid.candidates = candidates;
    Ok(Some(grid))
}

/// A candidate's typical figures, and the values of its varied parameters.
type Measured = (Elite, Vec<ParamValue>);

/// Each candidate that can be generated, measured on [`SEEDS_PER_CANDIDATE`] seeds, with its
/// values.
fn measure(
    base: &GeneratorParams,
    s: &VarietySettings,
    base_values: &[Option<ParamValue>],
    batch: Vec<Vec<ParamValue>>,
    cancel: &AtomicBool,
    maps: &mut u64,
) -> Result<Option<Vec<Measured>>, GenError> {
    let made: Vec<(Vec<ParamValue>, GeneratorParams, f64)> = batch
        .into_iter()
        .filter_map(|v| with_values(base, &s.vary, base_values, &v).map(|(p, moved)| (v, p, moved)))
        .collect();
    let work: Vec<(usize, u64)> =
        (0..made.len()).flat_map(|i| (0..SEEDS_PER_CANDIDATE).map(move |seed| (i, seed))).collect();
    let figures = Figures::for_stats([s.x, s.y]);
    let rows: Vec<Option<Result<SweepRow, GenError>>> = work
        .par_iter()
        .map(|&(i, seed)| {
            (!cancel.load(Ordering::Relaxed)).then(|| SweepRow::of(&made[i].1, seed, s.kept.as_ref(), figures))
        })
        .collect();
    *maps += rows.len() as u64;
    let mut per: Vec<Vec<SweepRow>> = vec![Vec::new(); made.len()];
    for (&(i, _), row) in work.iter().zip(rows) {
        let Some(row) = row else { return Ok(None) };
        per[i].push(row?);
    }
    // Over the maps that have the figure (one from play has none where the exit is never
    // reached); NaN (no cell) when none has it.
    let median = |rows: &[SweepRow], stat: Stat| {
        let mut v: Vec<f64> = rows.iter().map(|r| r.get(stat)).filter(|v| !v.is_nan()).collect();
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let elites = made
        .into_iter()
        .zip(&per)
        .map(|((v, params, moved), rows)| {
            let sound =
                rows.iter().filter(|r| r.connected && r.problems == 0).count() as f64 / rows.len().max(1) as f64;
            (Elite { x: median(rows, s.x), y: median(rows, s.y), sound, moved, params }, v)
        })
        .collect();
    Ok(Some(elites))
}

/// Pixels a side of one cell of the contact sheet.
pub const SHEET_CELL: u32 = 128;

/// A picture of the grid: each filled cell's map (seed 0) in its cell, the lowest `y` at the
/// bottom, with the cells' lower bounds written along both axes.
pub fn contact_sheet(grid: &VarietyMap, kept: Option<&Arc<Kept>>) -> Result<image::RgbaImage, GenError> {
    let (c, side) = (SHEET_CELL, grid.side as u32);
    let (left, top, bottom) = (72u32, 24u32, 40u32);
    let (w, h) = (left + side * c + 8, top + side * c + bottom);
    let mut img = image::RgbaImage::from_pixel(w, h, image::Rgba([24, 24, 28, 255]));
    let k = 1;
    let title = format!("across: {}   up: {}", grid.x.label(), grid.y.label());
    crate::raster::draw_text(&mut img, i64::from(left), 6, k, &title);
    for row in 0..grid.side {
        for col in 0..grid.side {
            let (x0, y0) = (left + col as u32 * c, top + (side - 1 - row as u32) * c);
            let Some(e) = &grid.cells[row * grid.side + col] else {
                for y in y0 + 2..y0 + c - 2 {
                    for x in x0 + 2..x0 + c - 2 {
                        img.put_pixel(x, y, image::Rgba([36, 36, 42, 255]));
                    }
                }
                continue;
            };
            let t = super::thumbnail(&e.params, 0, kept, c - 8)?;
            let f = ((c - 8) / t.width.max(t.height).max(1)).max(1);
            let (ox, oy) = (x0 + (c - t.width * f) / 2, y0 + (c - t.height * f) / 2);
            for y in 0..t.height * f {
                for x in 0..t.width * f {
                    let i = (((y / f) * t.width + x / f) * 4) as usize;
                    if let Some(px) = t.rgba.get(i..i + 4) {
                        img.put_pixel(ox + x, oy + y, image::Rgba([px[0], px[1], px[2], 255]));
                    }
                }
            }
        }
    }
    let number =
        |v: f64| if v.fract().abs() < 1e-9 || v.abs() >= 100.0 { format!("{v:.0}") } else { format!("{v:.1}") };
    for i in 0..=grid.side {
        let ((x, _), (y, _)) = grid.bounds(i.min(grid.side - 1), i.min(grid.side - 1));
        let (x, y) = if i == grid.side { (grid.x_range.1, grid.y_range.1) } else { (x, y) };
        let (tx, ty) = (number(x), number(y));
        let px = i64::from(left + i as u32 * c) - crate::raster::text_width(&tx, k) / 2;
        crate::raster::draw_text(&mut img, px, i64::from(top + side * c + 8), k, &tx);
        let py = i64::from(top + (side - i as u32) * c) - 4;
        crate::raster::draw_text(&mut img, i64::from(left) - 8 - crate::raster::text_width(&ty, k), py, k, &ty);
    }
    Ok(img)
}
