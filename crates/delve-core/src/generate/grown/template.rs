//! Room templates: a grown room with its doors and colour before it is placed ([`make_template`],
//! steps 1-3 of the algorithm in [`super`]), and its four [`Rotation`]s ready for pose tests.

use super::GrownRooms;
use super::growth::Grower;
use crate::generate::record::{Growth, Recorder, Step};
use crate::geom::{Dir, Pos, TileBox};
use crate::map::Rgb;
use crate::map::palette::PALETTE;
use crate::params::RoomShape;
use crate::rng::DelveRng;
use rand::{Rng, RngExt};

/// A room before it is placed: cells around the origin, candidate doors.
pub(super) struct Template {
    pub(super) cells: Vec<Pos>,
    /// Whether the cells were mirrored left to right after growing.
    pub(super) mirrored: bool,
    /// `(cell, side, kind)`.
    pub(super) doors: Vec<(Pos, Dir, u8)>,
    pub(super) colour: Rgb,
}

/// One rotation of a template, ready for pose tests.
pub(super) struct Rotation {
    /// Per door: its outside cell, and every room cell relative to that outside cell, the
    /// door's own cell first (so collisions show early).
    pub(super) outs: Vec<Pos>,
    pub(super) sides: Vec<Dir>,
    /// `offsets[j * n..(j + 1) * n]` for door `j`, `n` the number of cells.
    pub(super) offsets: Vec<Pos>,
    pub(super) cells: Vec<Pos>,
    /// Bounding box of `cells`.
    pub(super) bbox: TileBox,
    /// Membership bitmap over `bbox`.
    pub(super) member: Vec<bool>,
}

impl Rotation {
    pub(super) fn new(t: &Template, quarter_turns: u32) -> Self {
        let rot = |p: Pos| p.turned(quarter_turns);
        let turn = |d: Dir| d.turned(quarter_turns);
        let cells: Vec<Pos> = t.cells.iter().map(|&c| rot(c)).collect();
        // A template always has its seed cell.
        let bbox = TileBox::around(cells.iter().copied()).unwrap_or(TileBox::at(Pos::new(0, 0)));
        let bw = (bbox.x1 - bbox.x0 + 1) as usize;
        let mut member = vec![false; bw * (bbox.y1 - bbox.y0 + 1) as usize];
        for c in &cells {
            member[(c.y - bbox.y0) as usize * bw + (c.x - bbox.x0) as usize] = true;
        }
        let mut outs = Vec::with_capacity(t.doors.len());
        let mut sides = Vec::with_capacity(t.doors.len());
        let mut offsets = Vec::with_capacity(t.doors.len() * cells.len());
        for &(cell, side, _) in &t.doors {
            let (cell, side) = (rot(cell), turn(side));
            let out = cell.step(side);
            // The door's cell first (it collides most often), then the rest in growth order.
            offsets.push(Pos::new(cell.x - out.x, cell.y - out.y));
            offsets.extend(cells.iter().filter(|&&c| c != cell).map(|c| Pos::new(c.x - out.x, c.y - out.y)));
            outs.push(out);
            sides.push(side);
        }
        Self { outs, sides, offsets, cells, bbox, member }
    }

    /// Whether `p` (in this rotation's own frame) is a room cell.
    #[inline]
    pub(super) fn contains(&self, p: Pos) -> bool {
        let b = &self.bbox;
        b.contains(p) && self.member[(p.y - b.y0) as usize * (b.x1 - b.x0 + 1) as usize + (p.x - b.x0) as usize]
    }
}

/// The random streams a room template is drawn from.
pub(super) struct Streams {
    pub(super) shapes: DelveRng,
    pub(super) doors: DelveRng,
    pub(super) colours: DelveRng,
}

/// What a room is asked to be beyond the parameters (the role rules' plan asks the treasure
/// for a hall and doors for its side rooms): the default asks nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Ask {
    /// This shape instead of the one drawn (the draw is still made, so the stream stays aligned).
    pub(super) shape: Option<RoomShape>,
    /// At least this many candidate doors (still capped by the walls).
    pub(super) doors: u32,
    /// The fewest cells the shape's size range allows (the cell count is still drawn).
    pub(super) smallest: bool,
}

/// Picks the shape of room `room`, grows, mirrors, doors and colours it, as `ask` asks. The
/// shape comes back when every regrowth had a hole; the room returned then has its last try's
/// holes filled in.
pub(super) fn make_template(
    p: &GrownRooms,
    grower: &mut Grower,
    rng: &mut Streams,
    regrown: &mut u64,
    (room, ask): (u32, Ask),
    rec: &mut impl Recorder,
) -> (Template, Option<RoomShape>) {
    let Streams { shapes, doors, colours } = rng;
    let drawn = super::shapes::pick(p, shapes);
    let shape = ask.shape.unwrap_or(drawn);
    let mut cells = Vec::new();
    let mut holes = Vec::new();
    let mut tries = 0u32;
    let mut exhausted = None;
    loop {
        super::shapes::grow(p, shape, ask.smallest, grower, shapes, &mut cells);
        grower.holes(&cells, &mut holes);
        let outcome = if holes.is_empty() {
            Growth::Kept
        } else if tries >= p.hole_retries {
            Growth::HolesFilled
        } else {
            Growth::Regrown
        };
        rec.record(|| Step::RoomGrown {
            room,
            attempt: tries + 1,
            cells: cells.clone(),
            holes: holes.clone(),
            outcome,
        });
        match outcome {
            Growth::Kept => break,
            Growth::HolesFilled => {
                exhausted = Some(shape);
                cells.append(&mut holes);
                break;
            }
            Growth::Regrown => {
                tries += 1;
                *regrown += 1;
            }
        }
    }
    // Always drawn, so tuning the chance does not reshuffle later rooms.
    let mirrored = shapes.random::<f64>() < p.mirror_chance;
    if mirrored {
        for c in &mut cells {
            c.x = -c.x;
        }
    }
    let mut walls = Vec::new();
    {
        let mut sorted = cells.clone();
        sorted.sort_unstable_by_key(|c| (c.y, c.x));
        let inside = |q: Pos| sorted.binary_search_by_key(&(q.y, q.x), |c| (c.y, c.x)).is_ok();
        for &c in &cells {
            for d in Dir::ALL {
                if !inside(c.step(d)) {
                    walls.push((c, d));
                }
            }
        }
    }
    let want = doors.random_range(p.doors_per_room.min..=p.doors_per_room.max).max(ask.doors) as usize;
    let n = want.min(walls.len());
    for i in 0..n {
        let j = doors.random_range(i..walls.len());
        walls.swap(i, j);
    }
    let kinds = u64::from(p.door_kinds.max(1));
    let chosen = walls[..n]
        .iter()
        .map(|&(c, d)| {
            // One draw per door whatever the number of kinds, so the stream stays aligned.
            let kind = ((u64::from(doors.next_u32()) * kinds) >> 32) as u8;
            (c, d, kind)
        })
        .collect::<Vec<_>>();
    rec.record(|| Step::DoorsChosen { room, mirrored, walls: walls.len() as u32, doors: chosen.clone() });
    // A palette colour (one draw); the neighbour pass changes it where a neighbour's is too
    // close (`crate::map::palette`).
    let colour = PALETTE[colours.random_range(0..PALETTE.len())];
    (Template { cells, mirrored, doors: chosen, colour }, exhausted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_turn_doors_with_cells() {
        let t = Template {
            cells: vec![Pos::new(0, 0), Pos::new(1, 0)],
            mirrored: false,
            doors: vec![(Pos::new(1, 0), Dir::East, 0)],
            colour: Rgb(0, 0, 0),
        };
        let r = Rotation::new(&t, 1);
        assert_eq!(r.cells, vec![Pos::new(0, 0), Pos::new(0, 1)]);
        assert_eq!(r.sides[0], Dir::South);
        assert_eq!(r.outs[0], Pos::new(0, 2));
        assert_eq!(r.offsets[0], Pos::new(0, -1), "door cell first");
        assert!(r.contains(Pos::new(0, 1)) && !r.contains(Pos::new(1, 1)));
    }
}
