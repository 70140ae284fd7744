//! The one breadth-first search over tiles ([`search`]): over an area of tiles, with a limit on
//! the steps from the start and a hard cap on the tiles it visits. It serves the grown-rooms
//! generator's loops (nearby doors, and the path to one) and metrics (steps from spawn). Its
//! friend [`shortest_path`] finds the path between two given tiles (corridor routing in the
//! editor, tunnels round locks) looking towards the goal, at a fraction of the tiles. Beside it, [`pieces`] labels connected pieces of tiles
//! (the map check's reachability, rooms read from ASCII). It depends only on [`crate::geom`], so the map layer
//! may use it: in the layering of DESIGN.md it sits between `geom` and `map`.

use crate::geom::{Dir, Grid, Pos, Rect};
use std::collections::VecDeque;

/// Why a search found no path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// Every reachable tile was tried.
    Unreachable,
    /// The step cap was hit first.
    CapReached,
}

/// `dist` of a tile the search did not reach.
pub const UNREACHED: u32 = u32::MAX;

/// What one search found.
#[derive(Clone, Debug)]
pub struct Search {
    /// Steps from the start to each tile of the searched area (indexed from the area's corner);
    /// [`UNREACHED`] where the search did not get.
    pub dist: Grid<u32>,
    /// The searched area's corner.
    corner: Pos,
    /// The direction each reached tile was entered by (index into [`Dir::ALL`]), when paths were
    /// asked for.
    came: Option<Grid<u8>>,
    /// The first tile that was a goal, when the search got to one.
    pub found: Option<Pos>,
    /// The cap stopped the search before it was done.
    pub capped: bool,
}

impl Search {
    /// The path from the start to `to` (both included), when paths were kept and `to` was reached.
    pub fn path_to(&self, to: Pos) -> Option<Vec<Pos>> {
        let came = self.came.as_ref()?;
        let local = |p: Pos| Pos::new(p.x - self.corner.x, p.y - self.corner.y);
        if self.dist.get(local(to)).is_none_or(|d| *d == UNREACHED) {
            return None;
        }
        let steps = self.dist.get(local(to)).map_or(0, |d| *d as usize);
        let mut path = Vec::with_capacity(steps + 1);
        path.push(to);
        let mut cur = to;
        while let Some(d) = came.get(local(cur)).and_then(|i| Dir::ALL.get(*i as usize)) {
            cur = cur.step(d.opposite());
            path.push(cur);
        }
        path.reverse();
        Some(path)
    }
}

/// Where and how far to search.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    /// The tiles the search may enter.
    pub area: Rect,
    pub start: Pos,
    /// No tile farther than this many steps from the start is entered.
    pub max_steps: u32,
    /// At most this many tiles are expanded.
    pub cap: usize,
    /// Keep the directions for [`Search::path_to`].
    pub paths: bool,
}

impl Query {
    /// Everything reachable in a `width`×`height` grid from `start`, no paths kept.
    pub fn flood(width: u32, height: u32, start: Pos) -> Query {
        let area = Rect::new(0, 0, width as i32, height as i32);
        Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: false }
    }
}

/// The place of tile `p` in a row-major grid over `area` (`None` outside it): one unsigned
/// comparison an axis, as the searches ask it of every tile they look at.
#[inline]
fn index_in(area: Rect, p: Pos) -> Option<usize> {
    let (w, h) = (area.w.max(0) as u32, area.h.max(0) as u32);
    let (x, y) = (p.x.wrapping_sub(area.x) as u32, p.y.wrapping_sub(area.y) as u32);
    (x < w && y < h).then(|| y as usize * w as usize + x as usize)
}

/// The one breadth-first search: from `start` (which need not be enterable) over 4-connected
/// tiles of the area that `enter` accepts, neighbours in [`Dir::ALL`] order. Each tile taken
/// from the queue is offered to `goal` first; the search stops at the first one it accepts.
pub fn search(q: Query, mut goal: impl FnMut(Pos) -> bool, enter: impl Fn(Pos) -> bool) -> Search {
    let (w, h) = (q.area.w.max(0) as u32, q.area.h.max(0) as u32);
    let index = |p: Pos| index_in(q.area, p);
    let mut dist = Grid::new(w, h, UNREACHED);
    let mut came = q.paths.then(|| Grid::new(w, h, u8::MAX));
    let mut found = None;
    let mut capped = false;
    if let Some(s) = index(q.start) {
        let steps_to = dist.as_mut_slice();
        let mut came_by = came.as_mut().map(|c| c.as_mut_slice());
        steps_to[s] = 0;
        // Room for a small search's frontier from the start (no growing step by step).
        let mut queue = VecDeque::with_capacity(64);
        queue.push_back((q.start, s));
        let mut expanded = 0usize;
        while let Some((p, i)) = queue.pop_front() {
            if goal(p) {
                found = Some(p);
                break;
            }
            expanded += 1;
            if expanded > q.cap {
                capped = true;
                break;
            }
            let steps = steps_to[i];
            if steps >= q.max_steps {
                continue;
            }
            for (k, d) in Dir::ALL.iter().enumerate() {
                let n = p.step(*d);
                let Some(j) = index(n) else { continue };
                if steps_to[j] == UNREACHED && enter(n) {
                    steps_to[j] = steps + 1;
                    if let Some(c) = &mut came_by {
                        c[j] = k as u8;
                    }
                    queue.push_back((n, j));
                }
            }
        }
    }
    Search { dist, corner: Pos::new(q.area.x, q.area.y), came, found, capped }
}

/// Steps from `start` to every tile over tiles for which `passable` holds, `start` included only
/// when it is passable itself ([`UNREACHED`] elsewhere).
pub fn distances(width: u32, height: u32, start: Pos, passable: impl Fn(Pos) -> bool) -> Grid<u32> {
    if !passable(start) {
        return Grid::new(width, height, UNREACHED);
    }
    search(Query::flood(width, height, start), |_| false, passable).dist
}

/// No piece: a tile [`pieces`] leaves out.
pub const NO_PIECE: u32 = u32::MAX;

/// The connected pieces (4-connected) of the tiles of `area` that `inside` accepts. `labels` is
/// made the area's size (row by row) and gets each tile's piece, [`NO_PIECE`] where `inside`
/// says no; pieces are numbered in reading order of their first tile. Returns each piece's size
/// and first tile. `stack` is scratch space, reused across calls.
pub fn pieces(
    area: Rect,
    inside: impl Fn(Pos) -> bool,
    labels: &mut Vec<u32>,
    stack: &mut Vec<usize>,
) -> Vec<(u32, Pos)> {
    let (w, h) = (area.w.max(0) as usize, area.h.max(0) as usize);
    let at = |k: usize| Pos::new(area.x + (k % w) as i32, area.y + (k / w) as i32);
    labels.clear();
    labels.resize(w * h, NO_PIECE);
    let mut out = Vec::new();
    for start in 0..w * h {
        if labels[start] != NO_PIECE || !inside(at(start)) {
            continue;
        }
        let piece = out.len() as u32;
        labels[start] = piece;
        stack.push(start);
        let mut size = 0u32;
        while let Some(k) = stack.pop() {
            size += 1;
            let (x, y) = (k % w, k / w);
            let next = [
                (x > 0).then(|| k - 1),
                (x + 1 < w).then(|| k + 1),
                (y > 0).then(|| k - w),
                (y + 1 < h).then(|| k + w),
            ];
            for n in next.into_iter().flatten() {
                if labels[n] == NO_PIECE && inside(at(n)) {
                    labels[n] = piece;
                    stack.push(n);
                }
            }
        }
        out.push((size, at(start)));
    }
    out
}

/// The shortest 4-connected path from `from` to `to` (both included) over tiles for which
/// `passable` holds (`from` and `to` need not be passable). `width`×`height` bounds the search;
/// at most `cap` tiles are expanded. See [`shortest_path`].
pub fn bfs(
    width: u32,
    height: u32,
    from: Pos,
    to: Pos,
    cap: usize,
    passable: impl Fn(Pos) -> bool,
) -> Result<Vec<Pos>, NoPath> {
    shortest_path(Rect::new(0, 0, width as i32, height as i32), from, to, cap, passable)
}

/// The one search for a path between two given tiles: the shortest 4-connected path from `from`
/// to `to` (both included) over tiles of `area` for which `passable` holds (`from` and `to` need
/// not be passable), at most `cap` tiles expanded. A* with the Manhattan distance, which never
/// overestimates on a 4-connected grid, so the path is as short as a breadth-first search's,
/// found by looking mostly towards `to`. Ties go to the tile found last (deeper first), then
/// neighbours in [`Dir::ALL`] order: the same inputs give the same path.
pub fn shortest_path(
    area: Rect,
    from: Pos,
    to: Pos,
    cap: usize,
    passable: impl Fn(Pos) -> bool,
) -> Result<Vec<Pos>, NoPath> {
    let (w, h) = (area.w.max(0) as usize, area.h.max(0) as usize);
    let index = |p: Pos| index_in(area, p);
    let (Some(start), Some(_)) = (index(from), index(to)) else { return Err(NoPath::Unreachable) };
    let mut g = vec![UNREACHED; w * h];
    let mut came = vec![u8::MAX; w * h];
    // Open tiles by f = g + h. A step adds one to g and one or minus one to h, so a tile found
    // from one of bound `f` has bound `f` or `f + 2`: two stacks hold every open tile, `now`
    // (bound `f`) and `next` (bound `f + 2`), the one found last popped first.
    let (mut now, mut next) = (Vec::with_capacity(64), Vec::with_capacity(64));
    now.push(start as u32);
    let estimate = |p: Pos| p.manhattan(to).unsigned_abs();
    let mut f = estimate(from);
    g[start] = 0;
    let mut expanded = 0usize;
    // The neighbours in `Dir::ALL` order, as steps of the index.
    let steps = Dir::ALL.map(|d| {
        let (dx, dy) = d.delta();
        dy as isize * w as isize + dx as isize
    });
    loop {
        let Some(i) = now.pop() else {
            if next.is_empty() {
                return Err(NoPath::Unreachable);
            }
            std::mem::swap(&mut now, &mut next);
            f += 2;
            continue;
        };
        let i = i as usize;
        let (x, y) = (i % w, i / w);
        let p = Pos::new(area.x + x as i32, area.y + y as i32);
        if g[i] + estimate(p) != f {
            continue; // Reached again more cheaply since.
        }
        if p == to {
            let mut path = Vec::with_capacity(g[i] as usize + 1);
            path.push(to);
            let mut cur = to;
            while let Some(d) = index(cur).and_then(|k| Dir::ALL.get(came[k] as usize)) {
                cur = cur.step(d.opposite());
                path.push(cur);
            }
            path.reverse();
            return Ok(path);
        }
        expanded += 1;
        if expanded > cap {
            return Err(NoPath::CapReached);
        }
        let inside = [y > 0, x + 1 < w, y + 1 < h, x > 0];
        let gn = g[i] + 1;
        for k in 0..4 {
            if !inside[k] {
                continue;
            }
            let j = i.wrapping_add_signed(steps[k]);
            let n = p.step(Dir::ALL[k]);
            if gn < g[j] && (n == to || passable(n)) {
                g[j] = gn;
                came[j] = k as u8;
                if gn + estimate(n) == f { now.push(j as u32) } else { next.push(j as u32) }
            }
        }
    }
}

/// Disjoint sets of `0..n` (union by smaller index, path halving): the pieces of a map's floor
/// across blocks, the pieces of a room graph.
pub struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    pub fn new(n: usize) -> Self {
        UnionFind { parent: (0..n as u32).collect() }
    }

    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    pub fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// On random grids, the path between two tiles is as short as the breadth-first search
        /// says, walks over open tiles only, step by step, and is found only when the search
        /// reaches the goal.
        #[test]
        fn shortest_paths_are_as_short_as_the_breadth_first_search(
            w in 1u32..24, h in 1u32..24, bits in proptest::collection::vec(any::<bool>(), 576),
            a in (0i32..24, 0i32..24), b in (0i32..24, 0i32..24),
        ) {
            let open = |p: Pos| bits[(p.y * 24 + p.x) as usize % bits.len()] || (p.x + p.y) % 3 == 0;
            let (from, to) = (Pos::new(a.0 % w as i32, a.1 % h as i32), Pos::new(b.0 % w as i32, b.1 % h as i32));
            let q = Query { paths: true, ..Query::flood(w, h, from) };
            let s = search(q, |p| p == to, |p| p == to || open(p));
            match (s.found, bfs(w, h, from, to, usize::MAX, open)) {
                (Some(_), Ok(path)) => {
                    prop_assert_eq!(path.len() as u32, s.dist.get(to).copied().unwrap() + 1);
                    prop_assert_eq!((path[0], *path.last().unwrap()), (from, to));
                    prop_assert!(path.windows(2).all(|p| p[0].manhattan(p[1]) == 1));
                    prop_assert!(path.iter().skip(1).take(path.len().saturating_sub(2)).all(|p| open(*p)));
                    prop_assert_eq!(bfs(w, h, from, to, usize::MAX, open), Ok(path));
                }
                (None, Err(NoPath::Unreachable)) => {}
                (found, path) => prop_assert!(false, "search {found:?}, path {path:?}"),
            }
        }
    }

    #[test]
    fn goes_around_a_wall() {
        let wall = |p: Pos| !(p.x == 2 && p.y < 4);
        let path = bfs(5, 5, Pos::new(0, 0), Pos::new(4, 0), 100, wall).unwrap();
        assert_eq!(path.first(), Some(&Pos::new(0, 0)));
        assert_eq!(path.last(), Some(&Pos::new(4, 0)));
        assert_eq!(path.len(), 13);
        assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
        assert_eq!(bfs(5, 5, Pos::new(0, 0), Pos::new(4, 0), 3, wall), Err(NoPath::CapReached));
    }

    #[test]
    fn distances_flood_from_a_passable_start_only() {
        let open = |p: Pos| !(p.x == 2 && p.y < 4);
        let d = distances(5, 5, Pos::new(0, 0), open);
        assert_eq!(d.get(Pos::new(4, 0)), Some(&12), "around the wall");
        assert_eq!(d.get(Pos::new(2, 0)), Some(&UNREACHED), "the wall itself");
        let none = distances(5, 5, Pos::new(2, 0), open);
        assert!(none.as_slice().iter().all(|d| *d == UNREACHED), "a start in the wall reaches nothing");
    }
}
