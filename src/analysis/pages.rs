//! Pages of seeds (consecutive or well-spread), sorting and filtering a page by a stat, and the
//! back/forward history of seeds shown.

use crate::map::metrics::Metrics;
use crate::rng::splitmix64;
pub use delve_core::measure::Stat;

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
