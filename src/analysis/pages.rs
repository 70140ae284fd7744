//! Pages of seeds (consecutive or well-spread), sorting and filtering a page by a stat, and the
//! back/forward history of seeds shown.

use crate::map::metrics::Metrics;
use crate::rng::splitmix64;

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

/// A figure of a map, by which pages are sorted and filtered, panes compared and runs
/// explored: each metric of [`Metrics`] (defined in [`crate::map::metrics`]) once, with its name
/// and how it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stat {
    Seed,
    Rooms,
    Doors,
    Corridors,
    CorridorTiles,
    FloorPercent,
    LongestPath,
    LeafRooms,
    DeadEndCells,
    Loops,
    Depth,
    MeanCorridorLength,
}

impl Stat {
    pub const ALL: &'static [Stat] = &[
        Stat::Seed,
        Stat::Rooms,
        Stat::Doors,
        Stat::Corridors,
        Stat::CorridorTiles,
        Stat::FloorPercent,
        Stat::LongestPath,
        Stat::LeafRooms,
        Stat::DeadEndCells,
        Stat::Loops,
        Stat::Depth,
        Stat::MeanCorridorLength,
    ];

    /// Every figure of a map (all but the seed).
    pub fn metrics() -> &'static [Stat] {
        &Stat::ALL[1..]
    }

    /// Where the figure stands in [`Stat::metrics`] (`None` for the seed).
    pub const fn metric_index(self) -> Option<usize> {
        (self as usize).checked_sub(1)
    }

    pub const fn label(self) -> &'static str {
        match self {
            Stat::Seed => "seed",
            Stat::Rooms => "rooms",
            Stat::Doors => "doors",
            Stat::Corridors => "corridors",
            Stat::CorridorTiles => "corridor cells",
            Stat::FloorPercent => "floor %",
            Stat::LongestPath => "longest path",
            Stat::LeafRooms => "leaf rooms",
            Stat::DeadEndCells => "dead-end cells",
            Stat::Loops => "loops",
            Stat::Depth => "depth",
            Stat::MeanCorridorLength => "mean corridor length",
        }
    }

    /// The figure's name in CSV headers and files.
    pub const fn key(self) -> &'static str {
        match self {
            Stat::Seed => "seed",
            Stat::Rooms => "rooms",
            Stat::Doors => "doors",
            Stat::Corridors => "corridors",
            Stat::CorridorTiles => "corridor_cells",
            Stat::FloorPercent => "floor_percent",
            Stat::LongestPath => "longest_path",
            Stat::LeafRooms => "leaf_rooms",
            Stat::DeadEndCells => "dead_end_cells",
            Stat::Loops => "loops",
            Stat::Depth => "depth",
            Stat::MeanCorridorLength => "mean_corridor_length",
        }
    }

    /// What the figure means, for tooltips.
    pub const fn help(self) -> &'static str {
        match self {
            Stat::Seed => "The seed the map was made from.",
            Stat::Rooms => "Rooms the map lists.",
            Stat::Doors => "Doors the map lists.",
            Stat::Corridors => "Corridors the map lists, each passage once.",
            Stat::CorridorTiles => "Corridor floor tiles.",
            Stat::FloorPercent => "Walkable tiles (room and corridor floor) of all tiles.",
            Stat::LongestPath => "The longest shortest walk from spawn to a reachable tile, in steps.",
            Stat::LeafRooms => "Rooms with exactly one corridor: the dead ends a player walks into.",
            Stat::DeadEndCells => "Corridor tiles with one walkable neighbour: corridors that stop in the rock.",
            Stat::Loops => "Independent cycles of the room graph: corridors − rooms + pieces of the graph.",
            Stat::Depth => "Rooms passed from the spawn's room to the farthest room, along the corridors.",
            Stat::MeanCorridorLength => "Tiles per corridor path.",
        }
    }

    /// Digits after the point when shown.
    pub const fn decimals(self) -> usize {
        match self {
            Stat::FloorPercent | Stat::MeanCorridorLength => 1,
            _ => 0,
        }
    }

    /// The figure with what it counts: "368 corridor cells", "27.4% floor".
    pub fn describe(self, v: f64) -> String {
        match self {
            Stat::Seed => format!("seed {v:.0}"),
            Stat::FloorPercent => format!("{v:.1}% floor"),
            Stat::LongestPath => format!("longest path {v:.0}"),
            Stat::Depth => format!("{v:.0} rooms deep"),
            Stat::MeanCorridorLength => format!("{v:.1} tiles per corridor"),
            _ => format!("{v:.0} {}", self.label()),
        }
    }

    /// The figure of one map (for `Seed`, the seed).
    pub fn value(self, seed: u64, m: &Metrics) -> f64 {
        match self {
            Stat::Seed => seed as f64,
            Stat::Rooms => m.figures.rooms as f64,
            Stat::Doors => m.figures.doors as f64,
            Stat::Corridors => m.figures.corridors as f64,
            Stat::CorridorTiles => m.figures.corridor_tiles as f64,
            Stat::FloorPercent => m.figures.floor_fraction * 100.0,
            Stat::LongestPath => m.longest_path as f64,
            Stat::LeafRooms => m.graph.leaf_rooms as f64,
            Stat::DeadEndCells => m.figures.dead_end_cells as f64,
            Stat::Loops => m.graph.loops as f64,
            Stat::Depth => f64::from(m.graph.depth),
            Stat::MeanCorridorLength => m.graph.mean_corridor_length,
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
