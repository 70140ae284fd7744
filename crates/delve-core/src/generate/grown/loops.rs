//! Stage **Loops** of [`super`], from the loops stream ([`Stream::Loops`]): after the tree,
//! extra corridors between free doors of rooms far apart in it, found by the one bounded
//! breadth-first search ([`crate::pathfind::Searcher`]).
//!
//! Every pair of free doors of the same kind on rooms at least `loop_min_separation`
//! corridors apart in the tree, whose outside cells a shortest path of at most
//! `loop_max_length` cells joins, is a candidate. The candidates are shuffled and added in that
//! order, each re-checked against what was added before it (its doors still free, the path
//! still open), until `loops` were added. With the role rules' exit rule, a loop that would
//! bring the exit too near is skipped (`plan.rs`); sealed rooms take none. No draw is made, and
//! nothing is told, when `loops` is 0.

use super::build::Builder;
use super::door_cache::DoorState;
use crate::generate::record::{GrownStep, Recorder};
use crate::geom::{Pos, Rect};
use crate::pathfind::Query;
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;
use std::collections::HashMap;

/// The Loops stage: adds up to `loops` loop corridors to `b`, drawing from the loops stream of
/// `seed`; returns `(added, candidates)`.
pub(super) fn add_loops(b: &mut Builder, seed: u64, rec: &mut impl Recorder) -> (usize, usize) {
    if b.p.loops == 0 {
        return (0, 0);
    }
    b.join_free_doors(&mut stream(seed, Stream::Loops), rec)
}

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
    pub(super) fn join_free_doors(&mut self, rng: &mut DelveRng, rec: &mut impl Recorder) -> (usize, usize) {
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
        rec.record(|| GrownStep::LoopsConsidered { candidates: total as u32, wanted: p.loops }.into());
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
                rec.record(|| GrownStep::CorridorDug { from, to, path: path.clone(), looped: true }.into());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::{Off, Recording, Step};
    use crate::geom::{Dir, TileBox};
    use crate::map::Rgb;
    use crate::params::grown::GrownRooms;

    /// One-cell rooms in a row along y = 0, ten cells apart, each the child of the one before,
    /// each with a door west and a door east of the kinds given.
    fn row(p: &GrownRooms, rooms: i32, (west, east): (u8, u8)) -> Builder<'_> {
        let mut b = Builder::new(p);
        for r in 0..rooms {
            let c = Pos::new(10 * r, 0);
            let doors = [(c, Dir::West, west), (c, Dir::East, east)];
            b.push_room(vec![c], TileBox::at(c), Rgb(0, 0, 0), (r - 1).max(0) as u32, &doors);
        }
        b
    }

    fn params(loops: u32, loop_min_separation: u32) -> GrownRooms {
        GrownRooms { loops, loop_min_separation, loop_max_length: 12, ..GrownRooms::tiendil_step6() }
    }

    #[test]
    fn a_loop_joins_free_doors_of_one_kind_far_enough_apart() {
        // Rooms 0 and 1: the east door of 0 and the west door of 1 face each other, 9 cells
        // apart outside to outside.
        let p = params(4, 1);
        let mut b = row(&p, 2, (0, 0));
        let mut rec = Recording::default();
        assert_eq!(add_loops(&mut b, 7, &mut rec), (1, 1));
        let (path, [a, c]) = &b.corridors[0];
        assert_eq!((*a, *c), (1, 2), "room 0's east door to room 1's west door");
        assert_eq!(path.first(), Some(&Pos::new(1, 0)));
        assert_eq!(path.last(), Some(&Pos::new(9, 0)));
        assert_eq!(path.len(), 9);
        assert!(b.doors[1].uses == 1 && b.doors[2].uses == 1);
        assert!(matches!(
            rec.steps[..],
            [
                Step::Grown(GrownStep::LoopsConsidered { candidates: 1, wanted: 4 }),
                Step::Grown(GrownStep::CorridorDug { looped: true, .. })
            ]
        ));
        // The same rooms, but one corridor apart is too near; or doors of other kinds; or a
        // longest loop shorter than the way.
        assert_eq!(add_loops(&mut row(&params(4, 2), 2, (0, 0)), 7, &mut Off), (0, 0), "too near in the tree");
        assert_eq!(add_loops(&mut row(&p, 2, (0, 1)), 7, &mut Off), (0, 0), "east and west of other kinds");
        let short = GrownRooms { loop_max_length: 8, ..p.clone() };
        assert_eq!(add_loops(&mut row(&short, 2, (0, 0)), 7, &mut Off), (0, 0), "longer than the longest loop");
    }

    #[test]
    fn no_more_loops_than_asked_and_none_at_all_when_none_are() {
        // Six rooms in a row: five pairs of facing doors, each a candidate.
        for (loops, added) in [(0, 0), (1, 1), (3, 3), (9, 5)] {
            let p = params(loops, 1);
            let mut b = row(&p, 6, (0, 0));
            let mut rec = Recording::default();
            let want_candidates = if loops == 0 { 0 } else { 5 };
            assert_eq!(add_loops(&mut b, 3, &mut rec), (added, want_candidates), "{loops} loops asked");
            assert_eq!(b.corridors.len(), added);
            assert_eq!(rec.steps.is_empty(), loops == 0, "nothing drawn or told without loops");
        }
    }

    /// Over whole trees: every loop joins free doors of one kind on rooms at least
    /// `loop_min_separation` corridors apart in the tree, by at most `loop_max_length` cells.
    #[test]
    fn loops_over_grown_trees_keep_their_rules() {
        let mut total = 0;
        for seed in 0..6 {
            let p = GrownRooms {
                loops: 6,
                door_kinds: 2,
                doors_per_room: crate::params::SizeRange::new(3, 5),
                ..params(6, 3)
            };
            let mut b = super::super::tree_alone(&p, seed);
            let tree = b.corridors.len();
            let uses: Vec<u32> = b.doors.iter().map(|d| d.uses).collect();
            let (added, candidates) = add_loops(&mut b, seed, &mut Off);
            assert!(added <= p.loops as usize && added <= candidates);
            assert_eq!(b.corridors.len(), tree + added);
            for (path, [a, c]) in &b.corridors[tree..] {
                let (da, dc) = (&b.doors[*a as usize], &b.doors[*c as usize]);
                assert_eq!(da.kind, dc.kind);
                assert!(uses[*a as usize] == 0 && uses[*c as usize] == 0, "free doors");
                // Their distance in the tree, by walking up from the deeper room.
                let (mut u, mut v, mut steps) = (da.room, dc.room, 0);
                while u != v {
                    let (du, dv) = (b.rooms[u as usize].depth, b.rooms[v as usize].depth);
                    if du >= dv {
                        u = b.rooms[u as usize].parent
                    } else {
                        v = b.rooms[v as usize].parent
                    }
                    steps += 1;
                }
                assert!(steps >= p.loop_min_separation, "{steps} corridors apart");
                assert!(path.len() <= p.loop_max_length as usize);
                assert_eq!((path.first(), path.last()), (Some(&da.outside()), Some(&dc.outside())));
            }
            total += added;
        }
        assert!(total > 0, "some loops were added");
    }
}
