//! Stage **Place** of [`super`], from the layout stream ([`Stream::Layout`]): one room, grown and
//! given doors, placed at a free door of a placed room by the shortest corridor.
//!
//! The first room stays at the origin. For every other room, one draw decides (with
//! probability `branching`) whether it may attach anywhere or only to the newest room that
//! still has a free door (with a role rule on, the plan, `plan.rs`, names the rooms to try
//! first instead; the draw is made all the same). Then the pose search (`search.rs`), in this
//! fixed order: for distance `d` in `1..search_radius`; for each free door of an eligible
//! placed room (oldest room first, its doors in their chosen order); for each door of the new
//! room (same kind only); for each cell `X` at Manhattan distance `d` from the placed door's own
//! cell (straight out first, then alternately left and right of that line, nearest first); for
//! each of the 4 rotations (0°, 90°, 180°, 270° clockwise): move the new room so that its door's
//! outside cell is `X`. The pose passes when no new cell lies in the 3×3 neighbourhood of a
//! placed room cell or on a corridor, the map stays within 4096 tiles on each side, and a
//! shortest 4-connected path from the placed door's outside cell to `X` that avoids room cells
//! (and corridors, unless `corridors_may_cross`) has fewer than `d` steps. Such a path is
//! necessarily monotone with exactly `d` cells; it becomes the corridor. The first pose that
//! passes wins. When only preferred rooms were eligible and nothing passed, the whole tree is
//! searched before giving up; a room that finds no pose ends generation. The door caches
//! (`door_cache.rs`) only skip poses that cannot pass, so the order is unchanged by them.

use super::GrownRooms;
use super::build::Builder;
use super::search::{Pose, Search};
use super::template::{Rotation, Template};
use crate::generate::record::{self, Attach, GrownStep, Recorder, Tally};
use crate::generate::{Shortfall, ShortfallCause};
use crate::geom::Pos;
use crate::params::Params;
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

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

/// The Place stage of one run: its stream.
pub(super) struct Place {
    layout: DelveRng,
    branching: f64,
}

impl Place {
    pub(super) fn new(p: &GrownRooms, seed: u64) -> Self {
        Self { layout: stream(seed, Stream::Layout), branching: p.branching }
    }

    /// Where the next room may attach: to the rooms of `groups` first when the role rules'
    /// plan gives them, else the tutorial's tree. One draw per room either way (the stage's
    /// only one), so tuning `branching` does not reshuffle anything else.
    pub(super) fn anchor<'a>(&mut self, groups: Option<&'a [Vec<u32>]>) -> Anchor<'a> {
        let anywhere = self.layout.random::<f64>() < self.branching;
        groups.map_or(Anchor::Tree { anywhere }, Anchor::Prefer)
    }
}

impl Builder<'_> {
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
                    rec.record(|| {
                        GrownStep::RoomPlaced {
                            room,
                            cells: r.cells.clone(),
                            colour: r.colour,
                            pose: record::Pose { mirrored: t.mirrored, quarter_turns, origin },
                            attach,
                            search: tally,
                        }
                        .into()
                    });
                    if let Some((path, ends)) = self.corridors.last().filter(|_| pose.is_some()) {
                        let (from, to) = (self.door_ref(ends[0]), self.door_ref(ends[1]));
                        rec.record(|| GrownStep::CorridorDug { from, to, path: path.clone(), looped: false }.into());
                    }
                }
                Err(why) => rec.record(|| {
                    GrownStep::RoomNotPlaced { room, cells: t.cells.len() as u32, cause: why.cause, search: tally }
                        .into()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::{Off, Recording, Step};
    use crate::geom::Dir;
    use crate::map::Rgb;
    use std::collections::HashMap;

    fn template(cells: &[(i32, i32)], doors: &[((i32, i32), Dir, u8)]) -> Template {
        Template {
            cells: cells.iter().copied().map(Pos::from).collect(),
            mirrored: false,
            doors: doors.iter().map(|&(c, d, k)| (Pos::from(c), d, k)).collect(),
            colour: Rgb(0, 0, 0),
        }
    }

    const ANYWHERE: Anchor<'static> = Anchor::Tree { anywhere: true };

    /// No cell of one room within one cell (the 3×3 around it) of another room's.
    fn rooms_apart(b: &Builder) -> bool {
        let owner: HashMap<Pos, usize> =
            b.rooms.iter().enumerate().flat_map(|(r, room)| room.cells.iter().map(move |&c| (c, r))).collect();
        owner
            .iter()
            .all(|(c, r)| (-1..=1).all(|dy| (-1..=1).all(|dx| owner.get(&c.offset(dx, dy)).is_none_or(|o| o == r))))
    }

    #[test]
    fn a_room_is_placed_at_a_free_door_of_its_kind_by_a_short_corridor() {
        let p = GrownRooms::tiendil_step6();
        let mut b = Builder::new(&p);
        // The first room stays at the origin.
        let square = template(&[(0, 0), (1, 0), (0, 1), (1, 1)], &[((1, 0), Dir::East, 1)]);
        assert!(b.place(&square, ANYWHERE, &mut Off).is_ok());
        assert_eq!(b.rooms[0].cells, square.cells);
        // A one-cell room whose only door is of the same kind.
        let cell = template(&[(0, 0)], &[((0, 0), Dir::North, 1)]);
        let mut rec = Recording::default();
        assert!(b.place(&cell, ANYWHERE, &mut rec).is_ok());
        assert_eq!((b.rooms.len(), b.corridors.len()), (2, 1));
        assert_eq!(b.rooms[1].parent, 0);
        let (path, [from, to]) = &b.corridors[0];
        assert_eq!((*from, *to), (0, 1), "from the placed room's door to the new room's");
        assert_eq!(path.first(), Some(&b.doors[0].outside()));
        assert_eq!(path.last(), Some(&b.doors[1].outside()));
        assert!(path.len() < p.search_radius as usize, "shorter than the search distance");
        assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1), "4-connected");
        assert_eq!(b.doors[1].kind, 1);
        assert!(rooms_apart(&b));
        // Both doors carry the corridor now, so nothing else can attach.
        assert!(b.doors.iter().all(|d| d.uses == 1) && b.open == 0);
        assert!(matches!(
            rec.steps[..],
            [
                Step::Grown(GrownStep::RoomPlaced { room: 1, .. }),
                Step::Grown(GrownStep::CorridorDug { looped: false, .. })
            ]
        ));
        let more = b.place(&cell, ANYWHERE, &mut Off);
        assert_eq!(more.map_err(|s| s.cause), Err(ShortfallCause::DoorsUsed));
    }

    #[test]
    fn a_room_with_no_door_of_a_free_kind_fits_nowhere() {
        let p = GrownRooms::tiendil_step6();
        let mut b = Builder::new(&p);
        assert!(b.place(&template(&[(0, 0)], &[((0, 0), Dir::East, 0)]), ANYWHERE, &mut Off).is_ok());
        let mut rec = Recording::default();
        let other_kind = template(&[(0, 0)], &[((0, 0), Dir::West, 1)]);
        assert_eq!(b.place(&other_kind, ANYWHERE, &mut rec).map_err(|s| s.cause), Err(ShortfallCause::NoFit));
        assert_eq!(b.rooms.len(), 1);
        assert!(matches!(
            rec.steps[..],
            [Step::Grown(GrownStep::RoomNotPlaced { room: 1, cause: ShortfallCause::NoFit, .. })]
        ));
    }

    /// A whole tree placed stage by stage: every room but the first hangs from a door of an
    /// older room by a corridor shorter than the search distance, rooms keep a cell apart, and
    /// corridors run clear of rooms.
    #[test]
    fn every_room_of_a_tree_hangs_from_an_older_one_apart_from_the_rest() {
        for (seed, door_kinds) in [(1, 1), (2, 1), (3, 2)] {
            let p = GrownRooms { door_kinds, ..GrownRooms::tiendil_step6() };
            let b = super::super::tree_alone(&p, seed);
            assert_eq!(b.rooms.len(), p.rooms as usize, "seed {seed}: every room placed");
            assert_eq!(b.corridors.len(), b.rooms.len() - 1, "one corridor per room after the first");
            assert!(rooms_apart(&b), "seed {seed}");
            for (k, (path, [a, n])) in b.corridors.iter().enumerate() {
                let (da, dn) = (&b.doors[*a as usize], &b.doors[*n as usize]);
                assert_eq!(dn.room as usize, k + 1, "the corridor of room {}", k + 1);
                assert!(da.room < dn.room && b.rooms[dn.room as usize].parent == da.room);
                assert_eq!(da.kind, dn.kind, "same kind");
                assert!(path.len() < p.search_radius as usize);
                assert_eq!((path.first(), path.last()), (Some(&da.outside()), Some(&dn.outside())));
                assert!(path.iter().all(|c| b.plane.get(*c) & super::super::plane::ROOM == 0), "clear of rooms");
            }
        }
    }

    #[test]
    fn one_draw_a_room_decides_whether_it_may_attach_anywhere() {
        for (branching, want) in [(1.0, true), (0.0, false)] {
            let p = GrownRooms { branching, ..GrownRooms::tiendil_step6() };
            let mut place = Place::new(&p, 5);
            for _ in 0..20 {
                assert!(matches!(place.anchor(None), Anchor::Tree { anywhere } if anywhere == want));
            }
        }
        let p = GrownRooms { branching: 0.5, ..GrownRooms::tiendil_step6() };
        let groups = vec![vec![3u32]];
        let (mut a, mut b) = (Place::new(&p, 5), Place::new(&p, 5));
        let mut seen = [false; 2];
        for _ in 0..40 {
            let Anchor::Tree { anywhere } = a.anchor(None) else { panic!("no groups, the tree") };
            seen[usize::from(anywhere)] = true;
            // The plan's groups take the draw's place, but the draw is made all the same.
            assert!(matches!(b.anchor(Some(&groups)), Anchor::Prefer(g) if g == &groups[..]));
        }
        assert_eq!(seen, [true, true]);
        assert!(
            matches!((a.anchor(None), b.anchor(None)), (Anchor::Tree { anywhere: x }, Anchor::Tree { anywhere: y }) if x == y)
        );
    }
}
