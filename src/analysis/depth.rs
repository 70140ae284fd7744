//! A dungeon over many seeds, floor by floor: every seed's dungeon made (and so certified top to
//! bottom) and each floor's map measured, so that each floor's figures can be drawn by depth —
//! their median and spread over the seeds. The editor's *Figures by depth* and `delve sweep`
//! of a dungeon both run this, on all cores, in seed order, with progress and cancel.

use super::Stat;
use super::sweep::{Figures, Spread, SweepRow, in_slices};
use crate::dungeon::{DungeonPreset, FloorId, generate_dungeon};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A figure drawn by depth: one of the map figures, or the monsters placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthFigure {
    Map(Stat),
    /// Markers of kind `monster`.
    Monsters,
}

/// The figures drawn by depth, in order.
pub const DEPTH_FIGURES: [DepthFigure; 4] = [
    DepthFigure::Map(Stat::Rooms),
    DepthFigure::Map(Stat::LongestPath),
    DepthFigure::Monsters,
    DepthFigure::Map(Stat::SolutionLength),
];

impl DepthFigure {
    pub fn label(self) -> &'static str {
        match self {
            DepthFigure::Map(s) => s.label(),
            DepthFigure::Monsters => "monsters",
        }
    }
}

/// One seed of a dungeon run: how long its dungeon took to make, and why it could not be made
/// (a floor that could not be certified), if it could not.
#[derive(Clone, Debug, PartialEq)]
pub struct DungeonRow {
    pub seed: u64,
    pub micros: f64,
    pub problem: Option<String>,
}

/// One floor over the run: its figures on each seed whose dungeon was made, in seed order.
#[derive(Clone, Debug, PartialEq)]
pub struct FloorRun {
    pub id: FloorId,
    /// As designers write it: `D:3`, `Lair:1`.
    pub label: String,
    pub rows: Vec<SweepRow>,
    pub monsters: Vec<u32>,
}

impl FloorRun {
    /// How `figure` spreads over the seeds.
    pub fn spread(&self, figure: DepthFigure) -> Spread {
        match figure {
            DepthFigure::Map(s) => Spread::of(self.rows.iter().map(|r| r.get(s)).collect()),
            DepthFigure::Monsters => Spread::of(self.monsters.iter().map(|&m| f64::from(m)).collect()),
        }
    }
}

/// A dungeon run over seeds (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct DungeonRun {
    pub seeds: Range<u64>,
    pub dungeons: Vec<DungeonRow>,
    /// Each floor, in the dungeon's order (the trunk's from the first, then each branch's).
    pub floors: Vec<FloorRun>,
}

impl DungeonRun {
    /// How many of the seeds' dungeons were made, certified top to bottom.
    pub fn certified(&self) -> usize {
        self.dungeons.iter().filter(|d| d.problem.is_none()).count()
    }
}

/// One seed's dungeon: its row, and each floor's figures when it was made.
type Made = (DungeonRow, Vec<(SweepRow, u32)>);

/// Makes `preset`'s dungeon (its floors' preset files named from `base`) for every seed of
/// `seeds` on the current rayon pool (see [`in_slices`] for `cancel` and `progress`); a dungeon
/// that cannot be made is a row with its problem, not a failure of the run. `Err` when the
/// dungeon's shape is wrong (then no seed can be made).
pub fn run_dungeon(
    preset: &DungeonPreset,
    base: &Path,
    seeds: Range<u64>,
    cancel: &AtomicBool,
    progress: impl FnMut(u64),
) -> Result<Option<DungeonRun>, String> {
    let issues = preset.check();
    if !issues.is_empty() {
        return Err(issues.join("\n"));
    }
    let made = in_slices(seeds.clone(), cancel, progress, |seed| -> Result<Made, String> {
        let start = Instant::now();
        let made = generate_dungeon(preset, base, seed);
        let micros = start.elapsed().as_secs_f64() * 1e6;
        Ok(match made {
            Ok(d) => {
                let floors = d
                    .floors
                    .iter()
                    .map(|f| {
                        let monsters = f.generated.map.markers.iter().filter(|m| m.kind == "monster").count();
                        (SweepRow::measure(f.seed, &f.generated, 0.0, Figures::OfTheMap), monsters as u32)
                    })
                    .collect();
                (DungeonRow { seed, micros, problem: None }, floors)
            }
            Err(e) => (DungeonRow { seed, micros, problem: Some(e.to_string()) }, Vec::new()),
        })
    })?;
    let Some(made) = made else { return Ok(None) };
    let branches = preset.branch_floors();
    let mut floors: Vec<FloorRun> = Vec::new();
    for (b, (name, count)) in branches.iter().enumerate() {
        for depth in 1..=*count {
            let label = format!("{name}:{depth}");
            floors.push(FloorRun { id: FloorId { branch: b, depth }, label, rows: Vec::new(), monsters: Vec::new() });
        }
    }
    let mut dungeons = Vec::with_capacity(made.len());
    for (row, figures) in made {
        for (floor, (r, m)) in floors.iter_mut().zip(figures) {
            floor.rows.push(r);
            floor.monsters.push(m);
        }
        dungeons.push(row);
    }
    Ok(Some(DungeonRun { seeds, dungeons, floors }))
}
