//! Tile geometry: points, directions and rectangles on the integer grid.
//!
//! Coordinates are tile coordinates: `x` grows to the right, `y` grows downwards, `(0, 0)` is
//! the top-left tile of a map. No randomness and no GUI types live here.

use serde::{Deserialize, Serialize};

/// A tile position. Serialised as a plain `(x, y)` tuple so map files stay compact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The neighbouring tile in direction `dir`.
    /// The neighbouring tile in direction `dir` (wrapping at the ends of `i32`, which no map
    /// reaches, so that nonsense coordinates from a file cannot panic).
    pub const fn step(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        self.offset(dx, dy)
    }

    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Self::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy))
    }

    /// Turned `quarter_turns` × 90° clockwise about the origin (on screen, `y` pointing down).
    pub(crate) fn turned(self, quarter_turns: u32) -> Self {
        let mut q = self;
        for _ in 0..quarter_turns % 4 {
            q = Pos::new(-q.y, q.x);
        }
        q
    }

    /// Manhattan distance.
    pub fn manhattan(self, other: Pos) -> i32 {
        self.x.abs_diff(other.x).saturating_add(self.y.abs_diff(other.y)).min(i32::MAX as u32) as i32
    }

    /// The four orthogonal neighbours, in `Dir::ALL` order.
    pub fn neighbours4(self) -> [Pos; 4] {
        Dir::ALL.map(|d| self.step(d))
    }

    /// The direction from `self` to an orthogonally adjacent `other`, if it is adjacent.
    pub(crate) fn dir_to(self, other: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == other)
    }
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Self {
        Self { x, y }
    }
}

impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> Self {
        (p.x, p.y)
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the four sides of a tile. `North` is up (towards smaller `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    pub(crate) const fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// Rotated 90° clockwise (on screen, with `y` pointing down).
    pub(crate) const fn rotate_cw(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    /// Turned `quarter_turns` × 90° clockwise.
    pub(crate) fn turned(self, quarter_turns: u32) -> Dir {
        let mut d = self;
        for _ in 0..quarter_turns % 4 {
            d = d.rotate_cw();
        }
        d
    }

    pub const fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// An axis-aligned rectangle of tiles: `x..x + w` by `y..y + h` (half-open).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Self { x, y, w, h }
    }

    /// One past the right-most column.
    pub const fn right(&self) -> i32 {
        self.x.saturating_add(self.w)
    }

    /// One past the bottom row.
    pub const fn bottom(&self) -> i32 {
        self.y.saturating_add(self.h)
    }

    pub const fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }

    pub const fn area(&self) -> i64 {
        if self.is_empty() { 0 } else { self.w as i64 * self.h as i64 }
    }

    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Strict overlap of the half-open rectangles (sharing an edge line is not overlap).
    pub const fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// The same tiles as a closed box (for a non-empty rectangle).
    pub(crate) const fn tile_box(&self) -> TileBox {
        TileBox::new(self.x, self.y, self.right() - 1, self.bottom() - 1)
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    pub fn union(&self, o: &Rect) -> Rect {
        match (self.is_empty(), o.is_empty()) {
            (true, _) => *o,
            (_, true) => *self,
            _ => {
                let (x0, y0) = (self.x.min(o.x), self.y.min(o.y));
                Rect::new(x0, y0, self.right().max(o.right()) - x0, self.bottom().max(o.bottom()) - y0)
            }
        }
    }

    /// The tiles in both rectangles (`None` when they share none).
    pub fn intersection(&self, o: &Rect) -> Option<Rect> {
        let (x0, y0) = (self.x.max(o.x), self.y.max(o.y));
        let (x1, y1) = (self.right().min(o.right()), self.bottom().min(o.bottom()));
        (x0 < x1 && y0 < y1).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// Grown by `n` tiles on every side (`n < 0` shrinks).
    pub const fn grow(&self, n: i32) -> Rect {
        Rect::new(self.x - n, self.y - n, self.w + 2 * n, self.h + 2 * n)
    }

    /// All tiles, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let r = *self;
        (r.y..r.bottom()).flat_map(move |y| (r.x..r.right()).map(move |x| Pos::new(x, y)))
    }

    /// The tiles on its edge (each once, row by row for the top and bottom rows, then down the
    /// sides): every tile beside one outside it. A walk from outside reaches one of them first.
    pub(crate) fn for_each_edge_cell(&self, mut f: impl FnMut(Pos)) {
        if self.is_empty() {
            return;
        }
        let (x1, y1) = (self.right() - 1, self.bottom() - 1);
        for y in [self.y, y1].into_iter().take(if y1 > self.y { 2 } else { 1 }) {
            (self.x..=x1).for_each(|x| f(Pos::new(x, y)));
        }
        for y in self.y + 1..y1 {
            f(Pos::new(self.x, y));
            if x1 > self.x {
                f(Pos::new(x1, y));
            }
        }
    }

    /// The smallest rectangle holding every point of `points` (`None` when empty).
    pub fn bounding(points: impl IntoIterator<Item = Pos>) -> Option<Rect> {
        TileBox::around(points).map(|b| b.to_rect())
    }
}

/// A closed box of tiles, `x0..=x1` by `y0..=y1` (both corners are inside): bounding boxes of
/// points, and the overlap boxes of the generators. It holds no tile when `x0 > x1` or `y0 > y1`.
/// (A [`Rect`] is the half-open form, for maps and the model.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TileBox {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl TileBox {
    pub(crate) const fn new(x0: i32, y0: i32, x1: i32, y1: i32) -> Self {
        Self { x0, y0, x1, y1 }
    }

    /// The box of the one tile `p`.
    pub(crate) const fn at(p: Pos) -> Self {
        Self::new(p.x, p.y, p.x, p.y)
    }

    /// The smallest box holding every point of `points` (`None` when there are none).
    pub(crate) fn around(points: impl IntoIterator<Item = Pos>) -> Option<TileBox> {
        let mut it = points.into_iter();
        let first = TileBox::at(it.next()?);
        Some(it.fold(first, |b, p| b.union(&TileBox::at(p))))
    }

    pub(crate) const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x0 && p.x <= self.x1 && p.y >= self.y0 && p.y <= self.y1
    }

    /// Whether the boxes share a tile. Without short-circuits, so that a pass over many boxes
    /// has no branches to mispredict.
    pub(crate) const fn meets(&self, o: &TileBox) -> bool {
        (self.x0 <= o.x1) & (o.x0 <= self.x1) & (self.y0 <= o.y1) & (o.y0 <= self.y1)
    }

    /// The smallest box holding both.
    pub fn union(&self, o: &TileBox) -> TileBox {
        TileBox::new(self.x0.min(o.x0), self.y0.min(o.y0), self.x1.max(o.x1), self.y1.max(o.y1))
    }

    /// Moved by `d`.
    pub(crate) const fn shifted(&self, d: Pos) -> TileBox {
        TileBox::new(self.x0 + d.x, self.y0 + d.y, self.x1 + d.x, self.y1 + d.y)
    }

    /// Grown by `n` tiles on every side.
    pub(crate) const fn grow(&self, n: i32) -> TileBox {
        TileBox::new(self.x0 - n, self.y0 - n, self.x1 + n, self.y1 + n)
    }

    /// The same tiles as a half-open [`Rect`] (sides saturate at `i32::MAX`).
    pub(crate) fn to_rect(self) -> Rect {
        let side = |lo: i32, hi: i32| (i64::from(hi) - i64::from(lo) + 1).clamp(0, i64::from(i32::MAX)) as i32;
        Rect::new(self.x0, self.y0, side(self.x0, self.x1), side(self.y0, self.y1))
    }
}

/// Ids of boxes, filed by the square buckets of a grid that each box reaches into, so that the
/// boxes near a place are found without a pass over all of them. A box (partly) off the grid is
/// filed in the buckets at its edge.
#[derive(Clone, Debug, Default)]
pub(crate) struct Buckets {
    size: i32,
    cols: i32,
    rows: i32,
    cells: Vec<Vec<u32>>,
}

impl Buckets {
    /// Buckets of `size`×`size` tiles over a `width`×`height` grid.
    pub fn new(width: u32, height: u32, size: i32) -> Self {
        let side = |n: u32| (n as i32 + size - 1) / size;
        let (cols, rows) = (side(width), side(height));
        Buckets { size, cols, rows, cells: vec![Vec::new(); (cols * rows) as usize] }
    }

    /// The buckets (columns and rows) that `b` reaches into, clamped to the grid; `None` when
    /// the grid has none.
    pub(crate) fn span(&self, b: &TileBox) -> Option<TileBox> {
        if self.cells.is_empty() {
            return None;
        }
        let col = |x: i32| x.div_euclid(self.size).clamp(0, self.cols - 1);
        let row = |y: i32| y.div_euclid(self.size).clamp(0, self.rows - 1);
        Some(TileBox::new(col(b.x0.min(b.x1)), row(b.y0.min(b.y1)), col(b.x0.max(b.x1)), row(b.y0.max(b.y1))))
    }

    /// Files `id` in every bucket that `b` reaches into.
    pub(crate) fn insert(&mut self, id: u32, b: &TileBox) {
        let Some(span) = self.span(b) else { return };
        for row in span.y0..=span.y1 {
            for col in span.x0..=span.x1 {
                self.cells[(row * self.cols + col) as usize].push(id);
            }
        }
    }

    /// The ids filed in the bucket at `col`, `row` (in the order they were filed).
    pub(crate) fn bucket(&self, col: i32, row: i32) -> &[u32] {
        &self.cells[(row * self.cols + col) as usize]
    }
}

/// A dense W×H grid of `T`, indexed by `Pos`. Out-of-bounds reads return `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

impl<T: Copy> Grid<T> {
    pub fn new(width: u32, height: u32, fill: T) -> Self {
        let n = width as usize * height as usize;
        // `repeat` fills by doubling memcpys: much faster than an element loop for big grids.
        Self { width, height, cells: [fill].repeat(n) }
    }
}

impl<T> Grid<T> {
    /// Wraps an existing row-major vector; `None` when its length is not `width * height`.
    pub(crate) fn from_vec(width: u32, height: u32, cells: Vec<T>) -> Option<Self> {
        (cells.len() == width as usize * height as usize).then_some(Self { width, height, cells })
    }

    pub const fn width(&self) -> u32 {
        self.width
    }

    pub const fn height(&self) -> u32 {
        self.height
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    /// Row-major index of `p`, when it is inside the grid.
    pub fn index(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p).then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    pub fn pos_of(&self, index: usize) -> Pos {
        let w = self.width.max(1) as usize;
        Pos::new((index % w) as i32, (index / w) as i32)
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        self.index(p).map(|i| &self.cells[i])
    }

    pub(crate) fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.index(p).map(move |i| &mut self.cells[i])
    }

    /// Sets `p` when it is in bounds; returns whether it was.
    pub fn set(&mut self, p: Pos, value: T) -> bool {
        match self.get_mut(p) {
            Some(c) => {
                *c = value;
                true
            }
            None => false,
        }
    }

    /// Sets every cell of `r` that is inside the grid to `value`.
    pub fn fill_rect(&mut self, r: Rect, value: T)
    where
        T: Copy,
    {
        let Some(r) = r.intersection(&self.bounds()) else { return };
        let w = self.width as usize;
        for y in r.y..r.bottom() {
            let start = y as usize * w + r.x as usize;
            self.cells[start..start + r.w as usize].fill(value);
        }
    }

    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// One row as a slice (`None` when `y` is outside the grid).
    pub fn row(&self, y: u32) -> Option<&[T]> {
        if y >= self.height {
            return None;
        }
        let w = self.width as usize;
        let start = y as usize * w;
        Some(&self.cells[start..start + w])
    }

    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.width as i32, self.height as i32)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn edge_cells_are_the_cells_beside_the_outside() {
        for r in [
            Rect::new(2, 3, 1, 1),
            Rect::new(0, 0, 1, 5),
            Rect::new(0, 0, 6, 1),
            Rect::new(-3, 4, 2, 2),
            Rect::new(1, 1, 7, 4),
        ] {
            let mut edge = Vec::new();
            r.for_each_edge_cell(|p| edge.push(p));
            let mut want: Vec<Pos> = r.cells().filter(|p| p.neighbours4().iter().any(|q| !r.contains(*q))).collect();
            edge.sort_by_key(|p| (p.y, p.x));
            want.sort_by_key(|p| (p.y, p.x));
            assert_eq!(edge, want, "{r:?}");
        }
    }

    use super::*;

    #[test]
    fn tile_boxes_and_rects_agree() {
        let b = TileBox::around([Pos::new(3, 4), Pos::new(-1, 6), Pos::new(2, 2)]).unwrap();
        assert_eq!(b, TileBox::new(-1, 2, 3, 6));
        assert_eq!(b.to_rect(), Rect::new(-1, 2, 5, 5));
        assert!(b.contains(Pos::new(3, 6)) && !b.contains(Pos::new(4, 6)));
        assert!(b.meets(&TileBox::at(Pos::new(3, 2))) && !b.meets(&TileBox::at(Pos::new(4, 2))));
        assert_eq!(b.shifted(Pos::new(1, -2)).union(&TileBox::at(Pos::new(9, 0))), TileBox::new(0, 0, 9, 4));
        assert_eq!(TileBox::around(std::iter::empty()), None);
        let (r, o) = (Rect::new(0, 0, 2, 2), Rect::new(5, 1, 1, 3));
        assert_eq!(r.union(&o), Rect::new(0, 0, 6, 4));
        assert_eq!(r.union(&Rect::new(9, 9, 0, 4)), r, "an empty rectangle adds nothing");
        assert_eq!(r.intersection(&o), None);
        assert_eq!(r.intersection(&Rect::new(1, 1, 5, 5)), Some(Rect::new(1, 1, 1, 1)));
    }

    #[test]
    fn rect_intersection_is_strict() {
        let a = Rect::new(0, 0, 4, 4);
        assert!(a.intersects(&Rect::new(3, 3, 2, 2)));
        assert!(!a.intersects(&Rect::new(4, 0, 2, 2)));
        assert!(!a.intersects(&Rect::new(0, 4, 2, 2)));
    }

    #[test]
    fn directions_are_consistent() {
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.rotate_cw().rotate_cw(), d.opposite());
            let p = Pos::new(3, 3);
            assert_eq!(p.dir_to(p.step(d)), Some(d));
        }
    }

    #[test]
    fn grid_bounds() {
        let mut g = Grid::new(3, 2, 0u8);
        assert!(g.set(Pos::new(2, 1), 7));
        assert!(!g.set(Pos::new(3, 0), 1));
        assert!(!g.set(Pos::new(-1, 0), 1));
        assert_eq!(g.get(Pos::new(2, 1)), Some(&7));
        assert_eq!(g.row(1), Some(&[0, 0, 7][..]));
        assert_eq!(g.pos_of(5), Pos::new(2, 1));
    }
}
