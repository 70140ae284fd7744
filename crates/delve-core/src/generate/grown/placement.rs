//! Placement (step 4 of the algorithm in [`super`]): the pose search in first-pose-wins order,
//! the monotone corridor paths, and placing one room.

use super::build::Builder;
use super::growth::{CORRIDOR, NEAR, Plane};
use super::template::{Rotation, Template};
use crate::generate::record::{self, Attach, Recorder, Refusal, Refused, Step, Tally};
use crate::generate::{Shortfall, ShortfallCause};
use crate::geom::{Dir, Pos};
use crate::params::Params;

pub(super) struct Pose {
    pub(super) door: u32,
    pub(super) distance: u32,
    pub(super) new_door: usize,
    pub(super) rotation: usize,
    pub(super) at: Pos,
    pub(super) path: Vec<Pos>,
}

/// Where a new room may attach.
#[derive(Clone, Copy)]
pub(super) enum Anchor<'a> {
    /// Any room (oldest first), or (`anywhere` false) first the newest room with a free door
    /// and then any room: the tutorial's way.
    Tree { anywhere: bool },
    /// The rooms of each group in turn (one search per group, rooms and their doors in order),
    /// then any room: the role rules' way (see `grown/plan.rs`).
    Prefer(&'a [Vec<u32>]),
}

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

    /// The door `door` as a step names it.
    pub(super) fn door_ref(&self, door: u32) -> record::DoorRef {
        let d = &self.doors[door as usize];
        record::DoorRef { id: door, room: d.room, cell: d.cell, side: d.side, kind: d.kind }
    }

    /// Places room `t` (the first at the origin) where `anchor` says; `Err` says why it could
    /// not be placed.
    pub(super) fn place(&mut self, t: &Template, anchor: Anchor, rec: &mut impl Recorder) -> Result<(), Shortfall> {
        let mut tally = Tally::default();
        let poses_before = self.poses;
        let placed = self.place_tallied(t, anchor, rec, &mut tally);
        if rec.on() {
            tally.poses = self.poses - poses_before;
            let room = self.rooms.len() as u32 - u32::from(placed.is_ok());
            match &placed {
                Ok(pose) => {
                    let r = &self.rooms[room as usize];
                    let attach = pose.as_ref().map(|(p, _)| Attach {
                        parent: r.parent,
                        door: self.doors[p.door as usize].cell,
                        distance: p.distance,
                        quarter_turns: p.rotation as u32,
                    });
                    let origin = pose.as_ref().map_or(Pos::new(0, 0), |(_, shift)| *shift);
                    let quarter_turns = pose.as_ref().map_or(0, |(p, _)| p.rotation as u32);
                    rec.record(|| Step::RoomPlaced {
                        room,
                        cells: r.cells.clone(),
                        colour: r.colour,
                        pose: record::Pose { mirrored: t.mirrored, quarter_turns, origin },
                        attach,
                        search: tally,
                    });
                    if let Some((path, ends)) = self.corridors.last().filter(|_| pose.is_some()) {
                        let (from, to) = (self.door_ref(ends[0]), self.door_ref(ends[1]));
                        rec.record(|| Step::CorridorDug { from, to, path: path.clone(), looped: false });
                    }
                }
                Err(why) => rec.record(|| Step::RoomNotPlaced {
                    room,
                    cells: t.cells.len() as u32,
                    cause: why.cause,
                    search: tally,
                }),
            }
        }
        placed.map(|_| ())
    }

    /// [`Builder::place`]: the pose found and its shift (none for the first room).
    fn place_tallied(
        &mut self,
        t: &Template,
        anchor: Anchor,
        rec: &impl Recorder,
        tally: &mut Tally,
    ) -> Result<Option<(Pose, Pos)>, Shortfall> {
        let rots = [Rotation::new(t, 0), Rotation::new(t, 1), Rotation::new(t, 2), Rotation::new(t, 3)];
        if self.rooms.is_empty() {
            self.add_room(t, &rots[0], Pos::new(0, 0), 0);
            self.invalidate();
            return Ok(None);
        }
        if self.open == 0 {
            return Err(Shortfall::new(
                ShortfallCause::DoorsUsed,
                format!(
                    "every door of the placed rooms is used or blocked (raise {} or {}, or turn on {})",
                    self.p.label_of("doors_per_room"),
                    self.p.label_of("max_corridors_per_room"),
                    self.p.label_of("share_doors")
                ),
            ));
        }
        let mut budget = u64::from(self.p.placement_budget);
        let mut found = Search::NotFound;
        match anchor {
            Anchor::Tree { anywhere: true } => {}
            Anchor::Tree { anywhere: false } => {
                // The newest room with a door still open.
                let newest = self
                    .rooms
                    .iter()
                    .rev()
                    .map(|r| r.doors.clone())
                    .find(|ds| ds.clone().any(|i| !self.closed[i as usize]));
                let preferred: Vec<u32> = newest.into_iter().flatten().filter(|&i| !self.closed[i as usize]).collect();
                found = self.search(Some(&preferred), t, &rots, &mut budget, rec, tally);
            }
            Anchor::Prefer(groups) => {
                for rooms in groups {
                    let doors = rooms.iter().filter_map(|&r| self.rooms.get(r as usize)).flat_map(|r| r.doors.clone());
                    let preferred: Vec<u32> = doors.filter(|&i| !self.closed[i as usize]).collect();
                    if preferred.is_empty() {
                        continue;
                    }
                    found = self.search(Some(&preferred), t, &rots, &mut budget, rec, tally);
                    if !matches!(found, Search::NotFound) {
                        break;
                    }
                }
            }
        }
        if matches!(found, Search::NotFound) {
            found = self.search(None, t, &rots, &mut budget, rec, tally);
        }
        match found {
            Search::Found(mut pose) => {
                let rot = &rots[pose.rotation];
                let shift = Pos::new(pose.at.x - rot.outs[pose.new_door].x, pose.at.y - rot.outs[pose.new_door].y);
                let parent = self.doors[pose.door as usize].room;
                let id = self.add_room(t, rot, shift, parent);
                let first_door = self.doors.len() - t.doors.len();
                let new_door = (first_door + pose.new_door) as u32;
                debug_assert_eq!(self.doors[new_door as usize].room, id);
                let path = std::mem::take(&mut pose.path);
                self.add_corridor(path, pose.door, new_door);
                self.invalidate();
                Ok(Some((pose, shift)))
            }
            Search::OverBudget => Err(Shortfall::new(
                ShortfallCause::Budget,
                format!(
                    "room {} ({} cells) tried {} placements (door, position, rotation) without finding one that fits ({})",
                    self.rooms.len(),
                    t.cells.len(),
                    self.p.placement_budget,
                    self.p.label_of("placement_budget")
                ),
            )),
            Search::NotFound => Err(Shortfall::new(
                ShortfallCause::NoFit,
                format!(
                    "room {} ({} cells, {} doors) fits at no free door within the search radius of {} tiles \
                 (raise {} or {})",
                    self.rooms.len(),
                    t.cells.len(),
                    t.doors.len(),
                    self.p.search_radius,
                    self.p.label_of("search_radius"),
                    self.p.label_of("doors_per_room")
                ),
            )),
        }
    }
}
