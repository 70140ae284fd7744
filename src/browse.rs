//! Seed browsing and comparison, without any GUI: thumbnails of many seeds with their metrics,
//! pages of seeds, sorting and filtering by a stat, a bounded thumbnail cache, the cells in which
//! two maps differ and the parameters in which two parameter sets differ.

use crate::generate::{GenError, generate};
use crate::geom::Pos;
use crate::map::Map;
use crate::map::metrics::Metrics;
use crate::params::{GeneratorParams, ParamValue};
use crate::raster::{Palette, tile_colours};
use crate::rng::splitmix64;
use std::collections::{HashMap, VecDeque};

/// A small picture of one seed's map and its key figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Thumbnail {
    pub seed: u64,
    pub metrics: Metrics,
    /// Size of the generated map in tiles.
    pub map_size: [u32; 2],
    /// Picture size in pixels.
    pub width: u32,
    pub height: u32,
    /// Row-major RGBA, `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

/// Generates `seed` under `params` and draws it in at most `max_px`×`max_px` pixels (one pixel
/// per tile when the map fits, else box-averaged).
pub fn thumbnail(params: &GeneratorParams, seed: u64, max_px: u32) -> Result<Thumbnail, GenError> {
    let g = generate(params, seed)?;
    Ok(thumbnail_of(&g.map, seed, max_px))
}

/// [`thumbnail`] of an already generated map.
pub fn thumbnail_of(map: &Map, seed: u64, max_px: u32) -> Thumbnail {
    let metrics = Metrics::of(map);
    let (w, h) = (map.width(), map.height());
    let colours = tile_colours(map, &Palette::default());
    let spawn = Palette::default().spawn;
    let spawn_index = map.tiles().index(map.spawn);
    let max_px = max_px.max(1);
    // Tiles per pixel, rounded up so the picture fits.
    let step = w.max(h).div_ceil(max_px).max(1);
    let (tw, th) = (w.div_ceil(step).max(1), h.div_ceil(step).max(1));
    let mut rgba = Vec::with_capacity((tw * th * 4) as usize);
    for py in 0..th {
        for px in 0..tw {
            let (mut r, mut g, mut b, mut n) = (0u32, 0u32, 0u32, 0u32);
            let mut has_spawn = false;
            for y in py * step..((py + 1) * step).min(h) {
                for x in px * step..((px + 1) * step).min(w) {
                    let i = (y * w + x) as usize;
                    if let Some(c) = colours.get(i) {
                        r += c.0 as u32;
                        g += c.1 as u32;
                        b += c.2 as u32;
                        n += 1;
                    }
                    has_spawn |= spawn_index == Some(i);
                }
            }
            if has_spawn {
                rgba.extend_from_slice(&[spawn.0, spawn.1, spawn.2, 255]);
            } else {
                let n = n.max(1);
                rgba.extend_from_slice(&[(r / n) as u8, (g / n) as u8, (b / n) as u8, 255]);
            }
        }
    }
    Thumbnail { seed, metrics, map_size: [w, h], width: tw, height: th, rgba }
}

/// Which seeds make up a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// `start, start + 1, ...`
    Consecutive { start: u64 },
    /// Well-spread seeds drawn from `page_seed`; the same page seed gives the same page.
    Random { page_seed: u64 },
}

/// A page of seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageSpec {
    pub kind: PageKind,
    pub size: usize,
}

/// Smallest and largest page a designer can ask for.
pub const PAGE_SIZES: std::ops::RangeInclusive<usize> = 4..=100;

impl PageSpec {
    pub fn seeds(&self) -> Vec<u64> {
        let n = self.size.clamp(*PAGE_SIZES.start(), *PAGE_SIZES.end());
        (0..n as u64)
            .map(|i| match self.kind {
                PageKind::Consecutive { start } => start.wrapping_add(i),
                PageKind::Random { page_seed } => splitmix64(page_seed ^ splitmix64(i)),
            })
            .collect()
    }

    /// The next page (`forward`) or the previous one.
    pub fn step(&self, forward: bool) -> PageSpec {
        let n = self.size as u64;
        let kind = match self.kind {
            PageKind::Consecutive { start } => {
                PageKind::Consecutive { start: if forward { start.wrapping_add(n) } else { start.wrapping_sub(n) } }
            }
            PageKind::Random { page_seed } => PageKind::Random {
                page_seed: if forward { page_seed.wrapping_add(1) } else { page_seed.wrapping_sub(1) },
            },
        };
        PageSpec { kind, size: self.size }
    }
}

/// A figure a page can be sorted or filtered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stat {
    Seed,
    Rooms,
    CorridorTiles,
    FloorPercent,
    LongestPath,
    DeadEnds,
}

impl Stat {
    pub const ALL: &'static [Stat] =
        &[Stat::Seed, Stat::Rooms, Stat::CorridorTiles, Stat::FloorPercent, Stat::LongestPath, Stat::DeadEnds];

    pub const fn label(self) -> &'static str {
        match self {
            Stat::Seed => "seed",
            Stat::Rooms => "rooms",
            Stat::CorridorTiles => "corridor cells",
            Stat::FloorPercent => "floor %",
            Stat::LongestPath => "longest path",
            Stat::DeadEnds => "dead ends",
        }
    }

    /// The figure of one map (for `Seed`, the seed).
    pub fn value(self, seed: u64, m: &Metrics) -> f64 {
        match self {
            Stat::Seed => seed as f64,
            Stat::Rooms => m.rooms as f64,
            Stat::CorridorTiles => m.corridor_tiles as f64,
            Stat::FloorPercent => m.floor_fraction * 100.0,
            Stat::LongestPath => m.longest_path as f64,
            Stat::DeadEnds => m.dead_ends as f64,
        }
    }
}

/// How to order and thin out a page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub sort: Stat,
    pub descending: bool,
    /// Keep only maps whose `stat` is at least `min`.
    pub filter: Option<(Stat, f64)>,
}

impl Default for View {
    fn default() -> Self {
        Self { sort: Stat::Seed, descending: false, filter: None }
    }
}

impl View {
    /// The indices of `items` (seed, metrics) to show, in order. Stable: ties keep page order.
    pub fn apply(&self, items: &[(u64, Metrics)]) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..items.len())
            .filter(|&i| match self.filter {
                Some((stat, min)) => items.get(i).is_some_and(|(s, m)| stat.value(*s, m) >= min),
                None => true,
            })
            .collect();
        if self.sort != Stat::Seed || self.descending {
            let key = |i: &usize| items.get(*i).map_or(0.0, |(s, m)| self.sort.value(*s, m));
            idx.sort_by(|a, b| {
                let o = key(a).total_cmp(&key(b));
                if self.descending { o.reverse() } else { o }
            });
        }
        idx
    }
}

/// The cache key of a parameter set: its RON text (exact, and cheap next to generating).
pub fn params_key(params: &GeneratorParams) -> String {
    ron::to_string(params).unwrap_or_else(|_| format!("{params:?}"))
}

/// Thumbnails by (parameters, seed), at most `capacity` of them; the oldest go first.
#[derive(Debug)]
pub struct ThumbCache {
    capacity: usize,
    map: HashMap<(String, u64), Thumbnail>,
    order: VecDeque<(String, u64)>,
}

impl ThumbCache {
    pub fn new(capacity: usize) -> Self {
        Self { capacity: capacity.max(1), map: HashMap::new(), order: VecDeque::new() }
    }

    pub fn get(&self, params_key: &str, seed: u64) -> Option<&Thumbnail> {
        self.map.get(&(params_key.to_owned(), seed))
    }

    pub fn insert(&mut self, params_key: &str, thumb: Thumbnail) {
        let key = (params_key.to_owned(), thumb.seed);
        if self.map.insert(key.clone(), thumb).is_none() {
            self.order.push_back(key);
        }
        while self.map.len() > self.capacity {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// The cells whose tile differs between two maps of the same size (`None` for different sizes).
pub fn diff_cells(a: &Map, b: &Map) -> Option<Vec<Pos>> {
    if a.width() != b.width() || a.height() != b.height() {
        return None;
    }
    let (ta, tb) = (a.tiles(), b.tiles());
    Some(
        ta.as_slice()
            .iter()
            .zip(tb.as_slice())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, _)| ta.pos_of(i))
            .collect(),
    )
}

/// One parameter that differs between two sets.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDiff {
    pub key: &'static str,
    pub label: &'static str,
    pub a: Option<ParamValue>,
    pub b: Option<ParamValue>,
}

/// The parameters whose value differs between `a` and `b`, in panel order (of `a`, then those
/// only `b` has). A different generator is listed as key `generator`.
pub fn differing_params(a: &GeneratorParams, b: &GeneratorParams) -> Vec<ParamDiff> {
    let mut out = Vec::new();
    if a.kind() != b.kind() {
        out.push(ParamDiff { key: "generator", label: "Generator", a: None, b: None });
    }
    let (pa, pb) = (a.params(), b.params());
    for s in pa.specs() {
        let (va, vb) = (pa.get(s.key), pb.get(s.key));
        if va != vb {
            out.push(ParamDiff { key: s.key, label: s.label, a: va, b: vb });
        }
    }
    for s in pb.specs() {
        if !pa.specs().iter().any(|x| x.key == s.key) {
            out.push(ParamDiff { key: s.key, label: s.label, a: None, b: pb.get(s.key) });
        }
    }
    out
}

/// A parameter value as text.
pub fn format_value(v: Option<ParamValue>) -> String {
    match v {
        None => "—".to_owned(),
        Some(ParamValue::Int(i)) => i.to_string(),
        Some(ParamValue::Float(f)) => format!("{f:.3}"),
        Some(ParamValue::Range(lo, hi)) => format!("{lo}..={hi}"),
        Some(ParamValue::Choice(c)) => format!("#{c}"),
        Some(ParamValue::Bool(b)) => b.to_string(),
    }
}

/// Seeds viewed, with back and forward like a web browser. Bounded; consecutive repeats kept once.
#[derive(Clone, Debug, Default)]
pub struct SeedHistory {
    seeds: Vec<u64>,
    cursor: usize,
}

impl SeedHistory {
    pub const CAPACITY: usize = 1000;

    /// Records a visit; drops any forward entries.
    pub fn visit(&mut self, seed: u64) {
        if self.current() == Some(seed) {
            return;
        }
        if !self.seeds.is_empty() {
            self.seeds.truncate(self.cursor + 1);
        }
        self.seeds.push(seed);
        if self.seeds.len() > Self::CAPACITY {
            self.seeds.remove(0);
        }
        self.cursor = self.seeds.len() - 1;
    }

    pub fn current(&self) -> Option<u64> {
        self.seeds.get(self.cursor).copied()
    }

    pub fn back(&mut self) -> Option<u64> {
        if self.cursor == 0 {
            return None;
        }
        self.cursor -= 1;
        self.current()
    }

    pub fn forward(&mut self) -> Option<u64> {
        if self.cursor + 1 >= self.seeds.len() {
            return None;
        }
        self.cursor += 1;
        self.current()
    }

    pub fn can_back(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_forward(&self) -> bool {
        self.cursor + 1 < self.seeds.len()
    }

    /// Every seed seen, oldest first.
    pub fn all(&self) -> &[u64] {
        &self.seeds
    }
}
