//! The [`Grower`]: the scratch square one room is grown in, the tutorial's blob grown cell by
//! cell, and the hole check every shape goes through (used by the Grow stage, `grow.rs`; the
//! other shapes are in `shapes.rs`).

use crate::geom::{Pos, TileBox};
use crate::pathfind;
use crate::rng::DelveRng;
use rand::RngExt;

/// Reusable scratch space for growing rooms.
pub(super) struct Grower {
    /// Square of side `2 * reach + 1` centred on the first cell: 1 = room, 2 = frontier.
    pub(super) marks: Vec<u8>,
    pub(super) reach: i32,
    pub(super) frontier: Vec<Pos>,
    pub(super) queue: pathfind::Queue<Pos>,
}

impl Grower {
    pub(super) fn new(max_steps: u32) -> Self {
        let reach = max_steps as i32 + 2;
        let side = (2 * reach + 1) as usize;
        Self { marks: vec![0; side * side], reach, frontier: Vec::new(), queue: pathfind::Queue::default() }
    }

    #[inline]
    pub(super) fn at(&self, p: Pos) -> usize {
        Self::place(self.reach, p)
    }

    /// The place of `p` in the marks of a grower of reach `reach`.
    #[inline]
    fn place(reach: i32, p: Pos) -> usize {
        let side = 2 * reach + 1;
        ((p.y + reach) * side + (p.x + reach)) as usize
    }

    /// Grows one room of `1 + steps` cells from the origin, in growth order.
    pub(super) fn grow(&mut self, rng: &mut DelveRng, steps: u32, cells: &mut Vec<Pos>) {
        cells.clear();
        self.frontier.clear();
        let start = Pos::new(0, 0);
        cells.push(start);
        let i = self.at(start);
        self.marks[i] = 1;
        self.add_frontier(start);
        for _ in 0..steps {
            let k = rng.random_range(0..self.frontier.len());
            let p = self.frontier.swap_remove(k);
            let i = self.at(p);
            self.marks[i] = 1;
            cells.push(p);
            self.add_frontier(p);
        }
    }

    pub(super) fn add_frontier(&mut self, p: Pos) {
        for n in p.neighbours4() {
            let i = self.at(n);
            if self.marks[i] == 0 {
                self.marks[i] = 2;
                self.frontier.push(n);
            }
        }
    }

    /// The holes of the room just grown (still marked): the empty cells of its bounding box
    /// grown by one that a flood from the box's corner does not reach. Clears the marks.
    pub(super) fn holes(&mut self, cells: &[Pos], holes: &mut Vec<Pos>) {
        holes.clear();
        // The room grows from the origin, which the box always holds.
        let b = TileBox::around(cells.iter().copied().chain([Pos::new(0, 0)])).unwrap_or(TileBox::at(Pos::new(0, 0)));
        let TileBox { x0, y0, x1, y1 } = b.grow(1);
        // Flood the empty cells from the top-left corner (always empty); mark reached cells 3.
        // The cells reached do not depend on the order they are reached in.
        let corner = Pos::new(x0, y0);
        let ci = self.at(corner);
        self.marks[ci] = 3;
        let (marks, reach) = (&mut self.marks, self.reach);
        let area = TileBox { x0, y0, x1, y1 }.to_rect();
        let _ = pathfind::flood_in(area, &mut self.queue, corner, usize::MAX, |n| {
            let m = &mut marks[Self::place(reach, n)];
            let empty = *m != 1 && *m != 3;
            if empty {
                *m = 3;
            }
            empty
        });
        // Collect the unreached empty cells, then clear every mark (frontier marks may lie one
        // cell outside the box).
        for y in y0 - 1..=y1 + 1 {
            for x in x0 - 1..=x1 + 1 {
                let p = Pos::new(x, y);
                let i = self.at(p);
                let inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
                if inside && self.marks[i] != 1 && self.marks[i] != 3 {
                    holes.push(p);
                }
                self.marks[i] = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_found() {
        let mut g = Grower::new(10);
        // A ring of 8 cells around (1, 1).
        let ring: Vec<Pos> =
            [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)].into_iter().map(Pos::from).collect();
        for &c in &ring {
            let i = g.at(c);
            g.marks[i] = 1;
        }
        let mut holes = Vec::new();
        g.holes(&ring, &mut holes);
        assert_eq!(holes, vec![Pos::new(1, 1)]);
        let l: Vec<Pos> = [(0, 0), (1, 0), (2, 0), (2, 1)].into_iter().map(Pos::from).collect();
        for &c in &l {
            let i = g.at(c);
            g.marks[i] = 1;
        }
        g.holes(&l, &mut holes);
        assert!(holes.is_empty());
        assert!(g.marks.iter().all(|m| *m == 0), "marks are cleared");
    }
}
