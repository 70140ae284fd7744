//! Loops (step 5 of the algorithm in [`super`]): extra corridors between free doors of rooms far
//! apart in the tree, joined by the one bounded breadth-first search
//! ([`crate::pathfind::Searcher`]).

use super::build::Builder;
use super::doors::DoorState;
use crate::generate::record::{Recorder, Step};
use crate::geom::{Pos, Rect};
use crate::pathfind::Query;
use crate::rng::DelveRng;
use rand::RngExt;
use std::collections::HashMap;

impl Builder<'_> {
    /// Whether rooms `u` and `v` are at least `s` corridors apart in the tree.
    pub(super) fn far_apart(&self, mut u: u32, mut v: u32, s: u32) -> bool {
        let mut steps = 0;
        while u != v {
            if steps >= s {
                return true;
            }
            let (du, dv) = (self.rooms[u as usize].depth, self.rooms[v as usize].depth);
            if du >= dv {
                u = self.rooms[u as usize].parent;
            } else {
                v = self.rooms[v as usize].parent;
            }
            steps += 1;
        }
        steps >= s
    }

    /// Shortest path of at most `max_cells` cells from `from` to the first cell `goal` accepts,
    /// avoiding blocked cells: [`pathfind::Searcher::run`] over the window `max_cells` around
    /// `from`, in the builder's searcher (its buffers kept from search to search).
    /// `goal` sees every cell the search takes up, in order.
    pub(super) fn bfs(
        &self,
        from: Pos,
        max_cells: u32,
        goal: impl FnMut(Pos) -> bool,
        paths: bool,
    ) -> Option<Vec<Pos>> {
        if self.plane.get(from) & self.path_block != 0 {
            return None;
        }
        let r = max_cells as i32;
        let area = Rect::new(from.x - r, from.y - r, 2 * r + 1, 2 * r + 1);
        let q = Query { area, start: from, max_steps: max_cells.saturating_sub(1), cap: usize::MAX, paths };
        let mut searcher = self.searcher.borrow_mut();
        let found = searcher.run(q, goal, |n| self.plane.get(n) & self.path_block == 0);
        searcher.path_to(found.goal?)
    }

    /// Adds up to `loops` extra corridors; returns `(added, candidates)`.
    pub(super) fn add_loops(&mut self, rng: &mut DelveRng, rec: &mut impl Recorder) -> (usize, usize) {
        let p = self.p;
        let free: Vec<u32> =
            (0..self.doors.len() as u32).filter(|&i| self.usable_for_loop(&self.doors[i as usize])).collect();
        let mut at_cell: HashMap<Pos, Vec<u32>> = HashMap::new();
        for &i in &free {
            at_cell.entry(self.doors[i as usize].outside()).or_default().push(i);
        }
        let mut candidates: Vec<(u32, u32)> = Vec::new();
        for &a in &free {
            let da = &self.doors[a as usize];
            let mut found: Vec<u32> = Vec::new();
            let doors_near = |c: Pos| {
                if let Some(list) = at_cell.get(&c) {
                    found.extend(list.iter().copied().filter(|&b| b > a));
                }
                false
            };
            self.bfs(da.outside(), p.loop_max_length, doors_near, false);
            for b in found {
                let db = &self.doors[b as usize];
                if db.kind == da.kind && db.room != da.room && self.far_apart(da.room, db.room, p.loop_min_separation) {
                    candidates.push((a, b));
                }
            }
        }
        let total = candidates.len();
        rec.record(|| Step::LoopsConsidered { candidates: total as u32, wanted: p.loops });
        for i in 0..candidates.len() {
            let j = rng.random_range(i..candidates.len());
            candidates.swap(i, j);
        }
        let mut added = 0;
        for (a, b) in candidates {
            if added >= p.loops as usize {
                break;
            }
            let (da, db) = (&self.doors[a as usize], &self.doors[b as usize]);
            if !self.usable_for_loop(da) || !self.usable_for_loop(db) {
                continue;
            }
            let (ra, rb) = (da.room, db.room);
            let target = db.outside();
            if let Some(path) = self.bfs(da.outside(), p.loop_max_length, |c| c == target, true) {
                if !self.loop_keeps_exit(ra, rb) {
                    continue;
                }
                let (from, to) = (self.door_ref(a), self.door_ref(b));
                rec.record(|| Step::CorridorDug { from, to, path: path.clone(), looped: true });
                self.add_corridor(path, a, b);
                self.invalidate();
                added += 1;
            }
        }
        (added, total)
    }

    pub(super) fn usable_for_loop(&self, d: &DoorState) -> bool {
        (self.p.share_doors || d.uses == 0)
            && self.rooms[d.room as usize].corridors < self.p.max_corridors_per_room
            && !self.is_sealed(d.room)
    }
}
