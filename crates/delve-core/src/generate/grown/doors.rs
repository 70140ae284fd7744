//! Stage **Doors** of [`super`], from the doors stream ([`Stream::Doors`]): the candidate doors
//! of one grown room, chosen on its outer walls before it is placed.
//!
//! The outer walls are the (cell, side) pairs whose neighbour is not in the room, listed cell
//! by cell in growth order, sides in [`Dir::ALL`] order. A count is drawn from
//! `doors_per_room` (raised to what the role rules' plan asks, then capped by the wall count)
//! and that many walls are sampled without replacement; each gets a kind in `0..door_kinds`
//! (one draw per door whatever the number of kinds). Placement opens a room only at one of
//! these doors, and every candidate door a corridor does not use stays internal.

use super::GrownRooms;
use super::grow::Grown;
use crate::generate::record::{GrownStep, Recorder};
use crate::geom::{Dir, Pos};
use crate::rng::{DelveRng, Stream, stream};
use rand::{Rng, RngExt};

/// A candidate door: the room cell it opens from, the side of that cell it is on, its kind.
pub(super) type DoorSpec = (Pos, Dir, u8);

/// The outer walls of a room of `cells`: `(cell, side)` wherever the neighbour on that side is
/// not in the room, cell by cell in the order given, sides in [`Dir::ALL`] order.
pub(super) fn outer_walls(cells: &[Pos]) -> Vec<(Pos, Dir)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable_by_key(|c| (c.y, c.x));
    let inside = |q: Pos| sorted.binary_search_by_key(&(q.y, q.x), |c| (c.y, c.x)).is_ok();
    let mut walls = Vec::new();
    for &c in cells {
        for d in Dir::ALL {
            if !inside(c.step(d)) {
                walls.push((c, d));
            }
        }
    }
    walls
}

/// The Doors stage of one run: its stream.
pub(super) struct Doors {
    rng: DelveRng,
}

impl Doors {
    pub(super) fn new(seed: u64) -> Self {
        Self { rng: stream(seed, Stream::Doors) }
    }

    /// The candidate doors of room `room` grown as `grown`, at least `at_least` (as the walls
    /// allow), told to `rec`.
    pub(super) fn choose(
        &mut self,
        p: &GrownRooms,
        grown: &Grown,
        at_least: u32,
        room: u32,
        rec: &mut impl Recorder,
    ) -> Vec<DoorSpec> {
        let rng = &mut self.rng;
        let mut walls = outer_walls(&grown.cells);
        let want = rng.random_range(p.doors_per_room.min..=p.doors_per_room.max).max(at_least) as usize;
        let n = want.min(walls.len());
        for i in 0..n {
            let j = rng.random_range(i..walls.len());
            walls.swap(i, j);
        }
        let kinds = u64::from(p.door_kinds.max(1));
        let chosen = walls[..n]
            .iter()
            .map(|&(c, d)| {
                // One draw per door whatever the number of kinds, so the stream stays aligned.
                let kind = ((u64::from(rng.next_u32()) * kinds) >> 32) as u8;
                (c, d, kind)
            })
            .collect::<Vec<_>>();
        let mirrored = grown.mirrored;
        rec.record(|| {
            GrownStep::DoorsChosen { room, mirrored, walls: walls.len() as u32, doors: chosen.clone() }.into()
        });
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::{Off, Recording, Step};
    use crate::params::SizeRange;

    fn grown(cells: &[(i32, i32)]) -> Grown {
        Grown { cells: cells.iter().copied().map(Pos::from).collect(), mirrored: false, regrown: 0, exhausted: None }
    }

    #[test]
    fn outer_walls_are_the_sides_facing_out_in_cell_order() {
        let one = outer_walls(&[Pos::new(0, 0)]);
        assert_eq!(one, Dir::ALL.map(|d| (Pos::new(0, 0), d)).to_vec(), "a lone cell: all four sides");
        // An L of three cells: 8 walls, none between two cells of the room.
        let l = grown(&[(0, 0), (1, 0), (1, 1)]);
        let walls = outer_walls(&l.cells);
        assert_eq!(walls.len(), 8);
        assert!(walls.iter().all(|(c, d)| l.cells.contains(c) && !l.cells.contains(&c.step(*d))));
        assert!(walls.windows(2).all(|w| {
            let at = |c: &Pos| l.cells.iter().position(|x| x == c);
            at(&w[0].0) <= at(&w[1].0)
        }));
    }

    /// Over many draws on hand-made rooms: a count within `doors_per_room` capped by the walls,
    /// distinct outer walls, kinds below `door_kinds`.
    #[test]
    fn chosen_doors_are_distinct_outer_walls_of_a_count_in_range() {
        let p = GrownRooms { doors_per_room: SizeRange::new(2, 6), door_kinds: 3, ..GrownRooms::tiendil_step6() };
        let mut doors = Doors::new(4);
        let rooms = [grown(&[(0, 0)]), grown(&[(0, 0), (1, 0)]), grown(&[(0, 0), (1, 0), (2, 0), (1, 1), (1, -1)])];
        let mut counts = std::collections::BTreeSet::new();
        let mut kinds = std::collections::BTreeSet::new();
        for round in 0..200 {
            for (k, room) in rooms.iter().enumerate() {
                let walls = outer_walls(&room.cells);
                let chosen = doors.choose(&p, room, 0, round, &mut Off);
                assert!((2..=6.min(walls.len())).contains(&chosen.len()), "{} of {} walls", chosen.len(), walls.len());
                for (i, &(c, d, kind)) in chosen.iter().enumerate() {
                    assert!(walls.contains(&(c, d)), "on an outer wall");
                    assert!(chosen[..i].iter().all(|&(c2, d2, _)| (c2, d2) != (c, d)), "distinct walls");
                    assert!(u32::from(kind) < p.door_kinds);
                    kinds.insert(kind);
                }
                counts.insert((k, chosen.len()));
            }
        }
        assert!(counts.contains(&(0, 4)) && !counts.iter().any(|&(k, n)| k == 0 && n > 4), "capped by 4 walls");
        assert!(counts.contains(&(2, 2)) && counts.contains(&(2, 6)), "the whole range is drawn");
        assert_eq!(kinds.len(), 3, "every kind is drawn");
    }

    #[test]
    fn the_plan_may_ask_for_more_doors_and_each_choice_is_told() {
        let p = GrownRooms::tiendil_step6();
        let hall = grown(&[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]);
        let mut doors = Doors::new(8);
        let mut rec = Recording::default();
        for room in 0..20 {
            let chosen = doors.choose(&p, &hall, 9, room, &mut rec);
            assert_eq!(chosen.len(), 9, "nine of its ten walls");
            assert!(chosen.iter().all(|&(_, _, kind)| kind == 0), "one kind");
        }
        assert_eq!(rec.steps.len(), 20);
        assert!(
            rec.steps
                .iter()
                .all(|s| matches!(s, Step::Grown(GrownStep::DoorsChosen { walls: 10, doors, .. }) if doors.len() == 9))
        );
    }

    #[test]
    fn doors_are_the_same_for_the_same_seed() {
        let p = GrownRooms::tiendil_step6();
        let room = grown(&[(0, 0), (1, 0), (1, 1), (2, 1)]);
        let draw = |seed| {
            let mut doors = Doors::new(seed);
            (0..10).map(|r| doors.choose(&p, &room, 0, r, &mut Off)).collect::<Vec<_>>()
        };
        assert_eq!(draw(1), draw(1));
        assert_ne!(draw(1), draw(2));
    }
}
