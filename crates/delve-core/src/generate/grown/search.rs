//! The Place stage's pose search (`place.rs`): every pose of a new room at the free doors, in
//! first-pose-wins order, skipping what the door caches (`door_cache.rs`) rule out, and the
//! monotone corridor path that joins a pose to its door.

use super::build::Builder;
use super::plane::{CORRIDOR, NEAR, Plane};
use super::template::{Rotation, Template};
use crate::generate::record::{Recorder, Refusal, Refused, Tally};
use crate::geom::{Dir, Pos};

/// A pose that passed: the placed door, the distance, the new room's door and rotation, the
/// cell its door opens onto, and the corridor.
pub(super) struct Pose {
    pub(super) door: u32,
    pub(super) distance: u32,
    pub(super) new_door: usize,
    pub(super) rotation: usize,
    pub(super) at: Pos,
    pub(super) path: Vec<Pos>,
}

/// What a search found.
pub(super) enum Search {
    Found(Pose),
    NotFound,
    OverBudget,
}

impl Builder<'_> {
    /// The monotone path of `|x - o|` steps from `o` to `x` avoiding blocked cells and the new
    /// room (rotation `rot` moved by `shift`), if there is one.
    pub(super) fn monotone_path(
        &mut self,
        o: Pos,
        x: Pos,
        rot: &Rotation,
        shift: Pos,
        prefer_x_last: bool,
    ) -> Option<Vec<Pos>> {
        let (sx, sy) = ((x.x - o.x).signum(), (x.y - o.y).signum());
        let (w, h) = ((x.x - o.x).abs() + 1, (x.y - o.y).abs() + 1);
        let n = (w * h) as usize;
        if self.reach.len() < n {
            self.reach.resize(n, false);
        }
        let free = |p: Pos, plane: &Plane<u8>, block: u8| {
            plane.get(p) & block == 0 && !rot.contains(Pos::new(p.x - shift.x, p.y - shift.y))
        };
        for j in 0..h {
            for i in 0..w {
                let p = o.offset(i * sx, j * sy);
                let from = (i == 0 && j == 0)
                    || (i > 0 && self.reach[(j * w + i - 1) as usize])
                    || (j > 0 && self.reach[((j - 1) * w + i) as usize]);
                self.reach[(j * w + i) as usize] = from && free(p, &self.plane, self.path_block);
            }
        }
        if !self.reach[n - 1] {
            return None;
        }
        // Walk back from `x`, keeping to one axis as long as possible.
        let mut path = Vec::with_capacity((w + h - 1) as usize);
        let (mut i, mut j) = (w - 1, h - 1);
        let mut along_x = prefer_x_last;
        loop {
            path.push(o.offset(i * sx, j * sy));
            if i == 0 && j == 0 {
                break;
            }
            let can_x = i > 0 && self.reach[(j * w + i - 1) as usize];
            let can_y = j > 0 && self.reach[((j - 1) * w + i) as usize];
            along_x = if along_x { can_x || !can_y } else { can_x && !can_y };
            if along_x {
                i -= 1;
            } else {
                j -= 1;
            }
        }
        path.reverse();
        Some(path)
    }

    /// Tests every pose of the new room at the doors of `only` (in order), or at every door;
    /// counts the refused ones in `tally` when `rec` records.
    pub(super) fn search(
        &mut self,
        only: Option<&[u32]>,
        t: &Template,
        rots: &[Rotation; 4],
        budget: &mut u64,
        rec: &impl Recorder,
        tally: &mut Tally,
    ) -> Search {
        let cells = t.cells.len().min(usize::from(u16::MAX)) as u16;
        for d in 1..self.radius {
            let mut pos = 0;
            loop {
                let i = match only {
                    Some(list) => match list.get(pos) {
                        Some(&i) => {
                            pos += 1;
                            i as usize
                        }
                        None => break,
                    },
                    None => match self.index.next(d as usize, pos, cells) {
                        Some(i) => {
                            pos = i + 1;
                            i
                        }
                        None => break,
                    },
                };
                let di = i as u32;
                // Caps are upper bounds that only shrink, so an old one still rules a door out.
                let cap = self.caps[i * self.radius as usize + d as usize];
                if self.closed[i] || cap < cells {
                    continue;
                }
                self.examined += 1;
                self.ensure_level(i, d);
                if self.doors[i].starts[d as usize - 1] == self.doors[i].starts[d as usize] {
                    self.settle(i);
                    continue;
                }
                self.ensure_caps(i, d as usize);
                if self.closed[i] || self.caps[i * self.radius as usize + d as usize] < cells {
                    continue;
                }
                let door = &self.doors[i];
                let (lo, hi) = (door.starts[d as usize - 1] as usize, door.starts[d as usize] as usize);
                if lo == hi {
                    continue;
                }
                let (kind, o) = (door.kind, door.outside());
                for (j, &(_, _, new_kind)) in t.doors.iter().enumerate() {
                    if new_kind != kind {
                        continue;
                    }
                    for v in lo..hi {
                        let (x, cap) = self.doors[i].viable[v];
                        if cap < cells {
                            continue;
                        }
                        for (r, rot) in rots.iter().enumerate() {
                            if *budget == 0 {
                                return Search::OverBudget;
                            }
                            *budget -= 1;
                            self.poses += 1;
                            let door_cell = self.doors[i].cell;
                            let refusal =
                                |why| Refusal { at: x, door: door_cell, distance: d, quarter_turns: r as u32, why };
                            let n = rot.cells.len();
                            if rot.offsets[j * n..(j + 1) * n]
                                .iter()
                                .any(|off| self.plane.get(x.offset(off.x, off.y)) & (NEAR | CORRIDOR) != 0)
                            {
                                if rec.on() {
                                    tally.refused(refusal(Refused::Crowded));
                                }
                                continue;
                            }
                            let shift = Pos::new(x.x - rot.outs[j].x, x.y - rot.outs[j].y);
                            let e = self.ext.union(&rot.bbox.shifted(shift));
                            if e.x1 - e.x0 >= self.limit || e.y1 - e.y0 >= self.limit {
                                if rec.on() {
                                    tally.refused(refusal(Refused::TooLarge));
                                }
                                continue;
                            }
                            let path = if d <= 2 {
                                if x == o { vec![o] } else { vec![o, x] }
                            } else {
                                let into_x = matches!(rot.sides[j], Dir::East | Dir::West);
                                match self.monotone_path(o, x, rot, shift, into_x) {
                                    Some(p) => p,
                                    None => {
                                        if rec.on() {
                                            tally.refused(refusal(Refused::NoCorridor));
                                        }
                                        continue;
                                    }
                                }
                            };
                            return Search::Found(Pose {
                                door: di,
                                distance: d,
                                new_door: j,
                                rotation: r,
                                at: x,
                                path,
                            });
                        }
                    }
                }
            }
        }
        Search::NotFound
    }
}
