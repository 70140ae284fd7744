//! Room templates: a room as the Grow and Doors stages made it, with its colour, before it is
//! placed ([`Template`]); what the role rules' plan asks of a room ([`Ask`]); and the four
//! [`Rotation`]s of a template, ready for the Place stage's pose tests.

use super::doors::DoorSpec;
use super::grow::Grown;
use crate::geom::{Dir, Pos, TileBox};
use crate::map::Rgb;
use crate::map::palette::PALETTE;
use crate::params::RoomShape;
use crate::rng::DelveRng;
use rand::RngExt;

/// A room before it is placed: cells around the origin, candidate doors.
pub(super) struct Template {
    pub(super) cells: Vec<Pos>,
    /// Whether the cells were mirrored left to right after growing.
    pub(super) mirrored: bool,
    /// Its candidate doors, `(cell, side, kind)`.
    pub(super) doors: Vec<DoorSpec>,
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

impl Template {
    /// The room `grown` with its candidate doors `doors` and a palette colour: one draw from
    /// `colours` (the colours stream); the neighbour pass changes it where a neighbour's is too
    /// close (`crate::map::palette`).
    pub(super) fn new(grown: Grown, doors: Vec<DoorSpec>, colours: &mut DelveRng) -> Self {
        let colour = PALETTE[colours.random_range(0..PALETTE.len())];
        Self { cells: grown.cells, mirrored: grown.mirrored, doors, colour }
    }
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
