//! Stage **Grow** of [`super`], from the room-shape stream ([`Stream::Shapes`]): one room's shape
//! from the parameters, around the origin, before it has doors or a place.
//!
//! Pick the room's shape by weight (one draw over the weights of blob, hall, narrow, cave,
//! closet, in that order; no draw when only one shape has weight, so a blob-only run draws
//! exactly as the tutorial). A blob starts with one cell; `growth_steps` times add a random
//! empty 4-neighbour (uniform over the distinct empty neighbours: `growth.rs`). The other shapes
//! draw a cell count from their size range and are made as `shapes.rs` describes. A room whose
//! surrounding empty space is not one 4-connected region (flood fill over its bounding box grown
//! by one) has a hole and is regrown in the same shape, at most `hole_retries` times; the last
//! try's holes are filled in when every regrowth had one. Then, with `mirror_chance` (always
//! drawn), the shape is mirrored left to right.

use super::GrownRooms;
use super::growth::Grower;
use super::shapes;
use super::template::Ask;
use crate::generate::record::{GrownStep, Growth, Recorder};
use crate::generate::{Shortfall, ShortfallCause};
use crate::geom::Pos;
use crate::params::{Params, RoomShape};
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

/// A room's shape as the Grow stage left it.
pub(super) struct Grown {
    /// Its cells around the origin, in the order they were made (mirrored when `mirrored`).
    pub(super) cells: Vec<Pos>,
    /// Whether the cells were mirrored left to right after growing.
    pub(super) mirrored: bool,
    /// Times it was regrown because it had a hole.
    pub(super) regrown: u32,
    /// The shape, when every regrowth had a hole (the cells have the last try's holes filled).
    pub(super) exhausted: Option<RoomShape>,
}

impl Grown {
    /// Why generation stops at room `room` grown `exhausted` in `shape`.
    pub(super) fn hole_shortfall(p: &GrownRooms, room: usize, shape: RoomShape) -> Shortfall {
        let detail = format!(
            "room {room} still had a hole after {} regrowths (lower {} or raise {})",
            p.hole_retries,
            p.label_of(shape.size_key()),
            p.label_of("hole_retries")
        );
        Shortfall::new(ShortfallCause::Hole, detail)
    }
}

/// The Grow stage of one run: its stream and the scratch square rooms are grown in.
pub(super) struct Grow {
    rng: DelveRng,
    grower: Grower,
}

impl Grow {
    pub(super) fn new(p: &GrownRooms, seed: u64) -> Self {
        Self { rng: stream(seed, Stream::Shapes), grower: Grower::new(p.most_cells() - 1) }
    }

    /// Grows room `room` as `ask` asks (its shape, its size): picks the shape, grows it, regrows
    /// it while it has a hole, mirrors it by chance. Each growth is told to `rec`.
    pub(super) fn room(&mut self, p: &GrownRooms, (room, ask): (u32, Ask), rec: &mut impl Recorder) -> Grown {
        let Self { rng, grower } = self;
        let drawn = shapes::pick(p, rng);
        let shape = ask.shape.unwrap_or(drawn);
        let mut cells = Vec::new();
        let mut holes = Vec::new();
        let mut regrown = 0u32;
        let mut exhausted = None;
        loop {
            shapes::grow(p, shape, ask.smallest, grower, rng, &mut cells);
            grower.holes(&cells, &mut holes);
            let outcome = if holes.is_empty() {
                Growth::Kept
            } else if regrown >= p.hole_retries {
                Growth::HolesFilled
            } else {
                Growth::Regrown
            };
            rec.record(|| {
                GrownStep::RoomGrown { room, attempt: regrown + 1, cells: cells.clone(), holes: holes.clone(), outcome }
                    .into()
            });
            match outcome {
                Growth::Kept => break,
                Growth::HolesFilled => {
                    exhausted = Some(shape);
                    cells.append(&mut holes);
                    break;
                }
                Growth::Regrown => regrown += 1,
            }
        }
        // Always drawn, so tuning the chance does not reshuffle later rooms.
        let mirrored = rng.random::<f64>() < p.mirror_chance;
        if mirrored {
            for c in &mut cells {
                c.x = -c.x;
            }
        }
        Grown { cells, mirrored, regrown, exhausted }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::{Off, Recording, Step};
    use crate::params::SizeRange;

    /// The cells `cells` reach from the first by 4-steps, and whether the empty cells of their
    /// bounding box grown by one are all reached from its corner (no hole).
    fn connected_and_whole(cells: &[Pos]) -> (bool, bool) {
        let inside = |q: Pos| cells.contains(&q);
        let reach = |from: Pos, ok: &dyn Fn(Pos) -> bool, within: &dyn Fn(Pos) -> bool| {
            let mut seen = vec![from];
            let mut i = 0;
            while i < seen.len() {
                for n in seen[i].neighbours4() {
                    if within(n) && ok(n) && !seen.contains(&n) {
                        seen.push(n);
                    }
                }
                i += 1;
            }
            seen.len()
        };
        let connected = reach(cells[0], &inside, &|_| true) == cells.len();
        let (x0, x1) =
            (cells.iter().map(|c| c.x).min().unwrap_or(0) - 1, cells.iter().map(|c| c.x).max().unwrap_or(0) + 1);
        let (y0, y1) =
            (cells.iter().map(|c| c.y).min().unwrap_or(0) - 1, cells.iter().map(|c| c.y).max().unwrap_or(0) + 1);
        let within = |q: Pos| q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1;
        let empty = ((x1 - x0 + 1) * (y1 - y0 + 1)) as usize - cells.len();
        let whole = reach(Pos::new(x0, y0), &|q| !inside(q), &within) == empty;
        (connected, whole)
    }

    #[test]
    fn a_grown_blob_is_connected_whole_and_of_the_drawn_size() {
        let p = GrownRooms { growth_steps: SizeRange::new(3, 15), ..GrownRooms::tiendil_step6() };
        let mut grow = Grow::new(&p, 11);
        for room in 0..300 {
            let g = grow.room(&p, (room, Ask::default()), &mut Off);
            assert!((4..=16).contains(&g.cells.len()), "{} cells", g.cells.len());
            assert_eq!(g.cells[0], Pos::new(0, 0), "grown from the origin");
            let mut sorted = g.cells.clone();
            sorted.sort_by_key(|c| (c.y, c.x));
            sorted.dedup();
            assert_eq!(sorted.len(), g.cells.len(), "distinct cells");
            assert_eq!(connected_and_whole(&g.cells), (true, true), "{:?}", g.cells);
            assert!(g.exhausted.is_none() && !g.mirrored);
        }
    }

    #[test]
    fn growth_is_the_same_for_the_same_seed_and_differs_for_another() {
        let p = GrownRooms::tiendil_step6();
        let rooms = |seed| {
            let mut grow = Grow::new(&p, seed);
            (0..20).map(|room| grow.room(&p, (room, Ask::default()), &mut Off).cells).collect::<Vec<_>>()
        };
        assert_eq!(rooms(5), rooms(5));
        assert_ne!(rooms(5), rooms(6));
    }

    #[test]
    fn the_ask_sets_the_shape_and_the_smallest_size() {
        let p = GrownRooms::tiendil_step6();
        let mut grow = Grow::new(&p, 3);
        for room in 0..50 {
            let smallest = grow.room(&p, (room, Ask { smallest: true, ..Ask::default() }), &mut Off);
            assert_eq!(smallest.cells.len(), p.growth_steps.min as usize + 1, "a blob of the fewest steps");
            let hall = grow.room(&p, (room, Ask { shape: Some(RoomShape::Hall), ..Ask::default() }), &mut Off);
            let size = p.shape_cells(RoomShape::Hall);
            assert!((size.min as usize..=size.max as usize).contains(&hall.cells.len()), "a hall's size");
        }
    }

    /// A room with a hole is regrown, each try told; when the retries run out its holes are
    /// filled, so no room the stage gives has one.
    #[test]
    fn rooms_with_holes_are_regrown_or_filled() {
        let big = SizeRange::new(60, 80);
        for retries in [0, 3] {
            let p = GrownRooms { growth_steps: big, hole_retries: retries, ..GrownRooms::tiendil_step6() };
            let mut grow = Grow::new(&p, 1);
            let (mut regrown, mut exhausted) = (0, 0);
            for room in 0..200 {
                let mut rec = Recording::default();
                let g = grow.room(&p, (room, Ask::default()), &mut rec);
                assert_eq!(connected_and_whole(&g.cells), (true, true), "{:?}", g.cells);
                assert!(g.regrown <= retries);
                assert_eq!(rec.steps.len() as u32, g.regrown + 1, "one step per growth");
                let last = rec.steps.last().map(|s| match s {
                    Step::Grown(GrownStep::RoomGrown { outcome, .. }) => *outcome,
                    _ => panic!("only growth is told"),
                });
                assert_eq!(last, Some(if g.exhausted.is_some() { Growth::HolesFilled } else { Growth::Kept }));
                regrown += g.regrown;
                exhausted += u32::from(g.exhausted.is_some());
            }
            // Rooms this large often grow holes.
            assert!(exhausted > 0, "{retries} retries: some rooms ran out");
            assert_eq!(regrown > 0, retries > 0);
        }
    }

    #[test]
    fn mirroring_flips_the_same_growth() {
        let plain = GrownRooms::tiendil_step6();
        let mirror = GrownRooms { mirror_chance: 1.0, ..plain.clone() };
        let (mut a, mut b) = (Grow::new(&plain, 9), Grow::new(&mirror, 9));
        for room in 0..30 {
            let (ga, gb) =
                (a.room(&plain, (room, Ask::default()), &mut Off), b.room(&mirror, (room, Ask::default()), &mut Off));
            assert!(!ga.mirrored && gb.mirrored);
            let flipped: Vec<Pos> = ga.cells.iter().map(|c| Pos::new(-c.x, c.y)).collect();
            assert_eq!(gb.cells, flipped);
        }
    }
}
