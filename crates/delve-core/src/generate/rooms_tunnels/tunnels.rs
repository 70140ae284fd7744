//! Tunnels (step 3 of the algorithm in [`super`]): the kinds, Bresenham's line made 4-connected,
//! one description of a tunnel's centre line ([`PathGeometry`]) and the [`Splitter`] that carves it
//! and cuts it into corridors between the rooms it passes.

use super::super::record::Leg;
use crate::geom::Pos;
use crate::map::Tile;

/// Bresenham's line from `a` to `b` (the McRogueFace challenge's algorithm, in integers), with a
/// cell added at each diagonal step so the tunnel stays 4-connected.
pub(super) fn direct_path(a: Pos, b: Pos, out: &mut Vec<Pos>) {
    let (dx, dy) = ((b.x - a.x).abs(), (b.y - a.y).abs());
    let (sx, sy) = (if a.x < b.x { 1 } else { -1 }, if a.y < b.y { 1 } else { -1 });
    let (mut x, mut y) = (a.x, a.y);
    let first = out.len();
    let push = |p: Pos, out: &mut Vec<Pos>| {
        if out.len() > first
            && let Some(&last) = out.last()
            && last.x != p.x
            && last.y != p.y
        {
            out.push(Pos::new(p.x, last.y));
        }
        out.push(p);
    };
    // Twice the tutorial's floating-point error term, so `dx / 2` stays exact.
    if dx > dy {
        let mut err = dx;
        while x != b.x {
            push(Pos::new(x, y), out);
            err -= 2 * dy;
            if err < 0 {
                y += sy;
                err += 2 * dx;
            }
            x += sx;
        }
    } else {
        let mut err = dy;
        while y != b.y {
            push(Pos::new(x, y), out);
            err -= 2 * dx;
            if err < 0 {
                x += sx;
                err += 2 * dy;
            }
            y += sy;
        }
    }
    push(b, out);
}

/// The unit step from `a` towards `b` along one axis (`(0, 0)` when they are equal).
pub(super) fn unit(a: Pos, b: Pos) -> (i32, i32) {
    ((b.x - a.x).signum(), (b.y - a.y).signum())
}

/// A straight stretch of a centre line: its first cell, the step, and how many cells.
pub(super) type Stretch = (Pos, (i32, i32), usize);

/// Where the `k`-th cell of a tunnel's centre line is.
pub(in crate::generate) enum PathGeometry {
    /// `n1` cells from `a` to `corner` (included) along `d1`, then on along `d2`.
    L { a: Pos, corner: Pos, d1: (i32, i32), d2: (i32, i32), n1: usize },
    /// The cells are listed in the scratch buffer.
    Cells,
}

impl PathGeometry {
    /// The centre line of a tunnel from `a` to `b`, and its length in tiles. A direct tunnel's
    /// cells are listed in `cells`.
    pub(in crate::generate) fn new(a: Pos, b: Pos, kind: TunnelKind, cells: &mut Vec<Pos>) -> (PathGeometry, usize) {
        match kind {
            TunnelKind::L { horizontal_first } => {
                let corner = if horizontal_first { Pos::new(b.x, a.y) } else { Pos::new(a.x, b.y) };
                let n1 = a.manhattan(corner) as usize + 1;
                let geometry = PathGeometry::L { a, corner, d1: unit(a, corner), d2: unit(corner, b), n1 };
                (geometry, n1 + corner.manhattan(b) as usize)
            }
            TunnelKind::Direct => {
                cells.clear();
                direct_path(a, b, cells);
                (PathGeometry::Cells, cells.len())
            }
        }
    }

    /// An L's two straight legs, `(first cell, step, cells)`, for a line of `len` cells; `None`
    /// for listed cells.
    pub(super) fn legs(&self, len: usize) -> Option<[Stretch; 2]> {
        match *self {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                Some([(a, d1, n1.min(len)), (corner.offset(d2.0, d2.1), d2, len.saturating_sub(n1))])
            }
            PathGeometry::Cells => None,
        }
    }

    pub(super) fn cell(&self, k: usize, cells: &[Pos]) -> Pos {
        match *self {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                if k < n1 {
                    a.offset(d1.0 * k as i32, d1.1 * k as i32)
                } else {
                    let j = (k + 1 - n1) as i32;
                    corner.offset(d2.0 * j, d2.1 * j)
                }
            }
            PathGeometry::Cells => cells.get(k).copied().unwrap_or_default(),
        }
    }

    /// Appends the cells `ks` of the line to `out`, a leg at a time.
    pub(in crate::generate) fn extend(&self, ks: std::ops::Range<usize>, cells: &[Pos], out: &mut Vec<Pos>) {
        match *self {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                // A leg at a time, each a run of known length (so the vector is written without
                // a capacity check per cell).
                let (k0, k1) = (ks.start as i32, ks.end as i32);
                let n1 = n1 as i32;
                out.extend((k0..k1.min(n1)).map(|k| a.offset(d1.0 * k, d1.1 * k)));
                let j0 = k0.max(n1) - n1 + 1;
                out.extend((j0..k1 - n1 + 1).map(|j| corner.offset(d2.0 * j, d2.1 * j)));
            }
            PathGeometry::Cells => out.extend_from_slice(cells.get(ks).unwrap_or_default()),
        }
    }
}

/// No index yet.
pub(super) const NONE: usize = usize::MAX;

/// Walks a tunnel's centre line over the tiles: carves wall into corridor and notes where the
/// line leaves and re-enters room floor, as `(last floor, first outside, next floor)` indices
/// along the line.
pub(super) struct Splitter {
    pub(super) last_floor: usize,
    pub(super) run_start: usize,
    pub(super) k: usize,
    /// Whether the last cell was room floor (1) or not (0); 2 before the first cell.
    on_floor: u8,
    pub(super) pieces: Vec<(usize, usize, usize)>,
}

impl Splitter {
    pub(super) fn new() -> Self {
        Splitter { last_floor: NONE, run_start: NONE, k: 0, on_floor: 2, pieces: Vec::with_capacity(16) }
    }

    pub(super) fn start(&mut self) {
        self.last_floor = NONE;
        self.run_start = NONE;
        self.k = 0;
        self.on_floor = 2;
    }

    /// `n` cells from tile index `i` on in steps of `di` (`±1` along a row, `±width` down or up
    /// a column; 0 for a single cell). Tunnels run between room centres, so every cell is on the
    /// map; a leg that would leave it is cut short there.
    pub(super) fn leg(&mut self, tiles: &mut [Tile], i: isize, di: isize, n: usize) {
        // The places along the line stay those of the whole leg, cut short or not.
        let k_next = self.k + n;
        if let Ok(i) = usize::try_from(i)
            && i < tiles.len()
            && n > 0
        {
            let step = di.unsigned_abs().max(1);
            // The cells of the leg that lie on the map, as a slice walked one way or the other:
            // along a row, a run of the slice; along a column, every `step`-th tile.
            let fits = |room: usize| (n - 1).checked_mul(step).is_some_and(|span| span < room);
            if di >= 0 {
                let n = if fits(tiles.len() - i) { n } else { (tiles.len() - 1 - i) / step + 1 };
                match step {
                    1 => self.walk(tiles[i..i + n].iter_mut()),
                    _ => self.walk(tiles[i..].iter_mut().step_by(step).take(n)),
                }
            } else {
                let n = if fits(i + 1) { n } else { i / step + 1 };
                match step {
                    1 => self.walk(tiles[i + 1 - n..=i].iter_mut().rev()),
                    _ => self.walk(tiles[..=i].iter_mut().rev().step_by(step).take(n)),
                }
            }
        }
        self.k = k_next;
    }

    /// Carves wall (and corridor) into corridor along `cells`, the next cells of the line, and
    /// notes each stretch outside rooms that runs from floor to floor. Only where the line
    /// passes between room floor and the rest is there work beyond a compare and a store.
    #[inline(always)]
    fn walk<'t>(&mut self, cells: impl Iterator<Item = &'t mut Tile>) {
        let (mut last_floor, mut run_start, mut k, mut on_floor) =
            (self.last_floor, self.run_start, self.k, self.on_floor);
        for t in cells {
            let floor = *t == Tile::Floor;
            *t = if floor { Tile::Floor } else { Tile::Corridor };
            if u8::from(floor) != on_floor {
                on_floor = u8::from(floor);
                if floor {
                    if run_start != NONE && last_floor != NONE {
                        self.pieces.push((last_floor, run_start, k));
                    }
                    run_start = NONE;
                } else {
                    run_start = k;
                }
            }
            last_floor = if floor { k } else { last_floor };
            k += 1;
        }
        (self.last_floor, self.run_start, self.k, self.on_floor) = (last_floor, run_start, k, on_floor);
    }
}

/// How a room is joined to the one placed before it.
#[derive(Clone, Copy)]
pub(in crate::generate) enum TunnelKind {
    L { horizontal_first: bool },
    Direct,
}

impl TunnelKind {
    /// The kind as a recording names it.
    pub(in crate::generate) const fn leg(self) -> Leg {
        match self {
            TunnelKind::L { horizontal_first: true } => Leg::HorizontalFirst,
            TunnelKind::L { horizontal_first: false } => Leg::VerticalFirst,
            TunnelKind::Direct => Leg::Direct,
        }
    }

    pub(super) const fn of(leg: Leg) -> Self {
        match leg {
            Leg::HorizontalFirst => TunnelKind::L { horizontal_first: true },
            Leg::VerticalFirst => TunnelKind::L { horizontal_first: false },
            Leg::Direct => TunnelKind::Direct,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bresenham_is_four_connected_and_ends_right() {
        // Appending after another path does not join the two.
        let mut v = vec![Pos::new(100, 100)];
        direct_path(Pos::new(0, 0), Pos::new(3, 2), &mut v);
        assert_eq!(v[1], Pos::new(0, 0));
        for (a, b) in [((0, 0), (7, 3)), ((5, 5), (1, 9)), ((2, 2), (2, 8)), ((3, 1), (-4, -2))] {
            let (a, b) = (Pos::from(a), Pos::from(b));
            let mut v = Vec::new();
            direct_path(a, b, &mut v);
            assert_eq!(v.first(), Some(&a));
            assert_eq!(v.last(), Some(&b));
            assert!(v.windows(2).all(|w| w[0].manhattan(w[1]) == 1), "{v:?}");
        }
    }

    #[test]
    fn l_paths_take_the_chosen_leg_first() {
        let cells = |horizontal_first| {
            let mut v = Vec::new();
            let kind = TunnelKind::L { horizontal_first };
            let (line, len) = PathGeometry::new(Pos::new(0, 0), Pos::new(2, 2), kind, &mut Vec::new());
            line.extend(0..len, &[], &mut v);
            v
        };
        assert_eq!(cells(true), [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)].map(Pos::from));
        assert_eq!(cells(false), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)].map(Pos::from));
        // Straight tunnels: the corner is an end.
        for horizontal_first in [true, false] {
            let kind = TunnelKind::L { horizontal_first };
            let (line, len) = PathGeometry::new(Pos::new(3, 1), Pos::new(0, 1), kind, &mut Vec::new());
            let mut v = Vec::new();
            line.extend(0..len, &[], &mut v);
            assert_eq!(v, [(3, 1), (2, 1), (1, 1), (0, 1)].map(Pos::from));
        }
    }
}
