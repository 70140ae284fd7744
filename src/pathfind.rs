//! The one breadth-first search over tiles ([`search`]), with a hard cap on the tiles it visits.
//! It serves corridor routing ([`bfs`]: a shortest path), validation (which floor spawn reaches)
//! and metrics (steps from spawn). It depends only on [`crate::geom`], so the map layer may use
//! it: in the layering of DESIGN.md it sits between `geom` and `map`. (The grown-rooms generator
//! keeps its own search over its growable plane, tuned for its placement loop.)

use crate::geom::{Dir, Grid, Pos};
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
    /// Steps from the start to each tile; [`UNREACHED`] where the search did not get.
    pub dist: Grid<u32>,
    /// The direction each reached tile was entered by (index into [`Dir::ALL`]), when paths were
    /// asked for.
    came: Option<Grid<u8>>,
    /// The goal, when the search got there.
    pub found: Option<Pos>,
    /// The cap stopped the search before it was done.
    pub capped: bool,
}

impl Search {
    /// The path from the start to `to` (both included), when paths were kept and `to` was reached.
    pub fn path_to(&self, to: Pos) -> Option<Vec<Pos>> {
        let came = self.came.as_ref()?;
        if self.dist.get(to).is_none_or(|d| *d == UNREACHED) {
            return None;
        }
        let mut path = vec![to];
        let mut cur = to;
        while let Some(d) = came.get(cur).and_then(|i| Dir::ALL.get(*i as usize)) {
            cur = cur.step(d.opposite());
            path.push(cur);
        }
        path.reverse();
        Some(path)
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub width: u32,
    pub height: u32,
    pub start: Pos,
    /// Stop when this tile is reached (it need not be passable); `None`: flood everything.
    pub goal: Option<Pos>,
    /// At most this many tiles are expanded.
    pub cap: usize,
    /// Keep the directions for [`Search::path_to`].
    pub paths: bool,
}

/// The one breadth-first search: from `start` (which need not be passable) over 4-connected
/// tiles inside the grid for which `passable` holds, neighbours in [`Dir::ALL`] order.
pub fn search(q: Query, passable: impl Fn(Pos) -> bool) -> Search {
    let mut dist = Grid::new(q.width, q.height, UNREACHED);
    let mut came = q.paths.then(|| Grid::new(q.width, q.height, u8::MAX));
    let mut out = Search { dist: Grid::new(0, 0, UNREACHED), came: None, found: None, capped: false };
    if dist.set(q.start, 0) {
        let mut queue = VecDeque::from([q.start]);
        let mut expanded = 0usize;
        while let Some(p) = queue.pop_front() {
            if q.goal == Some(p) {
                out.found = Some(p);
                break;
            }
            expanded += 1;
            if expanded > q.cap {
                out.capped = true;
                break;
            }
            let next = dist.get(p).map_or(UNREACHED, |d| d.saturating_add(1));
            for (i, d) in Dir::ALL.iter().enumerate() {
                let n = p.step(*d);
                if dist.get(n) == Some(&UNREACHED) && (q.goal == Some(n) || passable(n)) {
                    dist.set(n, next);
                    if let Some(c) = &mut came {
                        c.set(n, i as u8);
                    }
                    queue.push_back(n);
                }
            }
        }
    }
    out.dist = dist;
    out.came = came;
    out
}

/// Steps from `start` to every tile over tiles for which `passable` holds, `start` included only
/// when it is passable itself ([`UNREACHED`] elsewhere).
pub fn distances(width: u32, height: u32, start: Pos, passable: impl Fn(Pos) -> bool) -> Grid<u32> {
    if !passable(start) {
        return Grid::new(width, height, UNREACHED);
    }
    let q = Query { width, height, start, goal: None, cap: usize::MAX, paths: false };
    search(q, passable).dist
}

/// The shortest 4-connected path from `from` to `to` (both included) over tiles for which
/// `passable` holds (`from` and `to` need not be passable). `width`×`height` bounds the search;
/// at most `cap` tiles are expanded.
pub fn bfs(
    width: u32,
    height: u32,
    from: Pos,
    to: Pos,
    cap: usize,
    passable: impl Fn(Pos) -> bool,
) -> Result<Vec<Pos>, NoPath> {
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
    if !inside(from) || !inside(to) {
        return Err(NoPath::Unreachable);
    }
    let s = search(Query { width, height, start: from, goal: Some(to), cap, paths: true }, passable);
    match s.found {
        Some(p) => s.path_to(p).ok_or(NoPath::Unreachable),
        None if s.capped => Err(NoPath::CapReached),
        None => Err(NoPath::Unreachable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
