//! Where bots go: many auto-explore runs from the spawn, each breaking ties its own way (the
//! order it tries the steps shuffled from its own seed), counted per tile — how many runs
//! walked it — and per room, the mean step at which the runs first saw it. What a designer
//! reads as "how far the treasury feels" and "which corridor everyone takes".

use super::{Play, PlaySettings};
use crate::map::Map;
use crate::rng::{DelveRng, splitmix64};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The steps one run may take at most (a bot on a huge map stops there).
const MAX_STEPS: u32 = 1_000_000;

/// What many runs did (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Heat {
    pub runs: u32,
    pub width: u32,
    /// Per tile, row-major: how many runs stepped on it (the spawn counts).
    pub walked: Vec<u32>,
    /// Per room (as `map.rooms`): the mean step at which the runs that saw it first saw it, and
    /// how many saw it.
    pub first_seen: Vec<Option<(f64, u32)>>,
}

impl Heat {
    /// The most runs that walked any one tile.
    pub fn hottest(&self) -> u32 {
        self.walked.iter().copied().max().unwrap_or(0)
    }
}

/// `runs` auto-explore runs over `map` from its spawn, run `k` breaking ties by the seed
/// `seed` and `k`; `None` when cancelled, or when play cannot start on the map.
pub fn heat_map(map: &Arc<Map>, settings: PlaySettings, runs: u32, seed: u64, cancel: &AtomicBool) -> Option<Heat> {
    let n = map.tiles().as_slice().len();
    let mut walked = vec![0u32; n];
    let mut seen_sum = vec![(0u64, 0u32); map.rooms.len()];
    let rooms: Vec<Vec<crate::geom::Pos>> = map.rooms.iter().map(|r| r.shape.cells()).collect();
    let mut stamp = vec![u32::MAX; n];
    for k in 0..runs {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let mut play = Play::new(map.clone(), settings).ok()?;
        let mut rng = DelveRng::seed_from_u64(splitmix64(seed ^ splitmix64(u64::from(k))));
        let four = if settings.eight_ways { 8 } else { 4 };
        play.ways[..four].shuffle(&mut rng);
        let mut mark = |p: crate::geom::Pos, walked: &mut Vec<u32>| {
            let i = p.y as usize * map.width() as usize + p.x as usize;
            if stamp[i] != k {
                stamp[i] = k;
                walked[i] += 1;
            }
        };
        mark(play.at(), &mut walked);
        while play.steps() < MAX_STEPS && play.explore_step().is_some() {
            mark(play.at(), &mut walked);
        }
        for (r, cells) in rooms.iter().enumerate() {
            if let Some(s) = cells.iter().filter_map(|c| play.seen_at(*c)).min() {
                seen_sum[r].0 += u64::from(s);
                seen_sum[r].1 += 1;
            }
        }
    }
    let first_seen = seen_sum.iter().map(|&(sum, m)| (m > 0).then(|| (sum as f64 / f64::from(m), m))).collect();
    Some(Heat { runs, width: map.width(), walked, first_seen })
}
