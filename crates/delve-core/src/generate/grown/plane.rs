//! The dense, growable plane of cell flags the builder works on (room cell, within one cell of a
//! room, corridor): one lookup per cell for the gap test, growing in any direction as the
//! dungeon does.

use crate::geom::Pos;

/// Flags of a plane cell.
pub(super) const ROOM: u8 = 1;
/// Within the 3×3 neighbourhood of a room cell (room cells included).
pub(super) const NEAR: u8 = 2;
pub(super) const CORRIDOR: u8 = 4;

pub(super) struct Plane<T> {
    pub(super) x0: i32,
    pub(super) y0: i32,
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) cells: Vec<T>,
    pub(super) fill: T,
}

impl<T: Copy> Plane<T> {
    pub(super) fn new(fill: T) -> Self {
        Self { x0: 0, y0: 0, w: 0, h: 0, cells: Vec::new(), fill }
    }

    #[inline]
    pub(super) fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x.wrapping_sub(self.x0), p.y.wrapping_sub(self.y0));
        ((x as u32) < (self.w as u32) && (y as u32) < (self.h as u32))
            .then(|| y as usize * self.w as usize + x as usize)
    }

    #[inline]
    pub(super) fn get(&self, p: Pos) -> T {
        self.index(p).map_or(self.fill, |i| self.cells[i])
    }

    /// The cell at `p`, growing the plane when `p` is outside it.
    pub(super) fn slot(&mut self, p: Pos) -> &mut T {
        if self.index(p).is_none() {
            self.grow_to(p);
        }
        let i = self.index(p).unwrap_or(0);
        &mut self.cells[i]
    }

    pub(super) fn grow_to(&mut self, p: Pos) {
        let slack = |n: i32| n / 2 + 16;
        let (mut x0, mut y0, mut x1, mut y1) = if self.w == 0 {
            (p.x, p.y, p.x + 1, p.y + 1)
        } else {
            (self.x0.min(p.x), self.y0.min(p.y), (self.x0 + self.w).max(p.x + 1), (self.y0 + self.h).max(p.y + 1))
        };
        if x0 < self.x0 || self.w == 0 {
            x0 -= slack(x1 - x0);
        }
        if x1 > self.x0 + self.w || self.w == 0 {
            x1 += slack(x1 - x0);
        }
        if y0 < self.y0 || self.h == 0 {
            y0 -= slack(y1 - y0);
        }
        if y1 > self.y0 + self.h || self.h == 0 {
            y1 += slack(y1 - y0);
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let mut cells = vec![self.fill; w as usize * h as usize];
        for row in 0..self.h {
            let from = row as usize * self.w as usize;
            let to = (row + self.y0 - y0) as usize * w as usize + (self.x0 - x0) as usize;
            cells[to..to + self.w as usize].copy_from_slice(&self.cells[from..from + self.w as usize]);
        }
        *self = Self { x0, y0, w, h, cells, fill: self.fill };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plane_grows_in_every_direction() {
        let mut p = Plane::new(0u8);
        *p.slot(Pos::new(5, 5)) = 1;
        *p.slot(Pos::new(-40, 3)) = 2;
        *p.slot(Pos::new(7, -90)) = 3;
        *p.slot(Pos::new(300, 200)) = 4;
        assert_eq!(p.get(Pos::new(5, 5)), 1);
        assert_eq!(p.get(Pos::new(-40, 3)), 2);
        assert_eq!(p.get(Pos::new(7, -90)), 3);
        assert_eq!(p.get(Pos::new(300, 200)), 4);
        assert_eq!(p.get(Pos::new(1000, 1000)), 0);
    }
}
