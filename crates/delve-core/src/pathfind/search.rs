//! The search: a [`flood`] over an area of tiles towards a goal, with a limit on the steps from
//! the start, a hard cap on the tiles it expands, and the steps and ways back it keeps.

use super::flood::{Queue, flood};
use super::{UNREACHED, index_in};
use crate::geom::{Dir, Grid, Pos, Rect};

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
    pub(crate) fn path_to(&self, to: Pos) -> Option<Vec<Pos>> {
        let area = Rect::new(self.corner.x, self.corner.y, self.dist.width() as i32, self.dist.height() as i32);
        path_back(area, self.dist.as_slice(), self.came.as_ref()?.as_slice(), to)
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
    /// Keep the directions for `Search::path_to`.
    pub paths: bool,
}

impl Query {
    /// Everything reachable in a `width`×`height` grid from `start`, no paths kept.
    pub(crate) fn flood(width: u32, height: u32, start: Pos) -> Query {
        let area = Rect::new(0, 0, width as i32, height as i32);
        Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: false }
    }
}

/// What [`Searcher::run`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The first tile that was a goal, when the search got to one.
    pub goal: Option<Pos>,
    /// The cap stopped the search before it was done.
    pub capped: bool,
}

/// The search's buffers, kept by the caller between searches so a search in a hot loop
/// allocates nothing: the queue, and the steps to and way into each tile of the last search's
/// area (read with `Searcher::steps` and `Searcher::path_to`). A search over an area of
/// the last one's size resets only the tiles the last one reached.
#[derive(Clone, Debug, Default)]
pub struct Searcher {
    /// The tiles the last search reached, in the order it reached them, with their place in
    /// the area and their steps from the start.
    queue: Queue<(Pos, u32, u32)>,
    dist: Vec<u32>,
    came: Vec<u8>,
    area: Rect,
    /// The last search kept the ways into tiles.
    paths: bool,
}

impl Searcher {
    /// The one breadth-first search: from `q.start` (which need not be enterable) over
    /// 4-connected tiles of the area that `enter` accepts, neighbours in [`Dir::ALL`] order.
    /// Each tile taken from the queue is offered to `goal` first; the search stops at the first
    /// one it accepts.
    pub fn run(&mut self, q: Query, mut goal: impl FnMut(Pos) -> bool, enter: impl Fn(Pos) -> bool) -> Found {
        let (w, h) = (q.area.w.max(0) as usize, q.area.h.max(0) as usize);
        if self.dist.len() == w * h {
            for &(_, i, _) in self.queue.taken() {
                if let Some(d) = self.dist.get_mut(i as usize) {
                    *d = UNREACHED;
                }
            }
        } else {
            self.dist.clear();
            self.dist.resize(w * h, UNREACHED);
        }
        if q.paths {
            // Only the start's entry is read without being written first.
            self.came.resize(w * h, u8::MAX);
        }
        (self.area, self.paths) = (q.area, q.paths);
        let Some(s) = index_in(q.area, q.start) else {
            self.queue.clear();
            return Found { goal: None, capped: false };
        };
        self.dist[s] = 0;
        if let Some(c) = self.came.get_mut(s) {
            *c = u8::MAX;
        }
        let (mut found, mut capped, mut expanded) = (None, false, 0usize);
        // Moved in as slices (their lengths in registers), with the query's figures.
        let (dist, came, area) = (&mut self.dist[..], &mut self.came[..], q.area);
        let (max_steps, paths) = (q.max_steps, q.paths);
        // A tile, its place in the area (`OFF`: outside it, or past the step limit) and its
        // steps from the start: the four neighbours of a tile are offered every time, so the
        // neighbours' list is fixed and needs no filtering.
        const OFF: u32 = u32::MAX;
        let _ = flood(
            &mut self.queue,
            (q.start, s as u32, 0u32),
            usize::MAX,
            |(p, _, steps)| {
                if goal(p) {
                    found = Some(p);
                    return None;
                }
                expanded += 1;
                if expanded > q.cap {
                    capped = true;
                    return None;
                }
                let far = steps >= max_steps;
                Some(Dir::ALL.map(|d| {
                    let n = p.step(d);
                    let j = index_in(area, n).filter(|_| !far).map_or(OFF, |j| j as u32);
                    (n, j, steps.saturating_add(1))
                }))
            },
            move |(p, _, _), (n, j, steps)| {
                let Some(d) = dist.get_mut(j as usize) else { return false };
                let take = *d == UNREACHED && enter(n);
                if take {
                    *d = steps;
                    if paths && let Some(c) = came.get_mut(j as usize) {
                        *c = way_in(p, n);
                    }
                }
                take
            },
        );
        Found { goal: found, capped }
    }

    /// Steps from the last search's start to `p` (`None`: not reached, or outside its area).
    pub(crate) fn steps(&self, p: Pos) -> Option<u32> {
        index_in(self.area, p).and_then(|i| self.dist.get(i)).copied().filter(|d| *d != UNREACHED)
    }

    /// The path from the last search's start to `to` (both included), when it kept paths and
    /// reached `to`.
    pub(crate) fn path_to(&self, to: Pos) -> Option<Vec<Pos>> {
        self.paths.then(|| path_back(self.area, &self.dist, &self.came, to)).flatten()
    }
}

/// The direction from `p` to its neighbour `n` (index into [`Dir::ALL`]).
#[inline]
fn way_in(p: Pos, n: Pos) -> u8 {
    match (n.x.wrapping_sub(p.x), n.y.wrapping_sub(p.y)) {
        (0, -1) => 0,
        (1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// The path into `to` back to the start (the tile entered by no direction), over the steps
/// `dist` and ways in `came` of tiles of `area`.
fn path_back(area: Rect, dist: &[u32], came: &[u8], to: Pos) -> Option<Vec<Pos>> {
    let steps = *dist.get(index_in(area, to)?).filter(|d| **d != UNREACHED)?;
    if came.len() != dist.len() {
        return None;
    }
    let mut path = Vec::with_capacity(steps as usize + 1);
    path.push(to);
    let mut cur = to;
    while let Some(d) = index_in(area, cur).and_then(|i| came.get(i)).and_then(|k| Dir::ALL.get(*k as usize)) {
        cur = cur.step(d.opposite());
        path.push(cur);
    }
    path.reverse();
    Some(path)
}

/// [`Searcher::run`] with buffers of its own, handed back in the answer.
pub fn search(q: Query, goal: impl FnMut(Pos) -> bool, enter: impl Fn(Pos) -> bool) -> Search {
    let mut s = Searcher::default();
    let Found { goal: found, capped } = s.run(q, goal, enter);
    let (w, h) = (q.area.w.max(0) as u32, q.area.h.max(0) as u32);
    let dist = Grid::from_vec(w, h, s.dist).unwrap_or_else(|| Grid::new(w, h, UNREACHED));
    let came = q.paths.then(|| Grid::from_vec(w, h, s.came).unwrap_or_else(|| Grid::new(w, h, u8::MAX)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfind::tests::Ascii;

    /// Searches `grid` from its `@` over tiles that are not `#`, to the first `x`.
    fn run(s: &mut Searcher, grid: &Ascii, max_steps: u32, cap: usize) -> Found {
        let q = Query {
            max_steps,
            cap,
            paths: true,
            ..Query::flood(grid.width as u32, grid.height as u32, grid.find('@'))
        };
        s.run(q, |p| grid.at(p) == 'x', |p| grid.at(p) != '#')
    }

    const MAZE: &str = "\
        @.#...\n\
        .##.#.\n\
        ....#x\n";

    #[test]
    fn finds_the_nearest_goal_and_the_way_there() {
        let grid = Ascii::new(MAZE);
        let mut s = Searcher::default();
        let found = run(&mut s, &grid, u32::MAX, usize::MAX);
        assert_eq!(found, Found { goal: Some(Pos::new(5, 2)), capped: false });
        assert_eq!(s.steps(Pos::new(5, 2)), Some(11));
        assert_eq!(s.steps(Pos::new(2, 0)), None, "a wall");
        let path = s.path_to(Pos::new(5, 2)).unwrap();
        let want = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0), (4, 0), (5, 0), (5, 1), (5, 2)];
        assert_eq!(path, want.map(Pos::from));
        // The same search with the answer in a grid of its own.
        let q = Query { paths: true, ..Query::flood(6, 3, Pos::new(0, 0)) };
        let owned = search(q, |p| grid.at(p) == 'x', |p| grid.at(p) != '#');
        assert_eq!((owned.found, owned.path_to(Pos::new(5, 2))), (found.goal, Some(path)));
        assert_eq!(owned.dist.get(Pos::new(3, 0)), Some(&7));
    }

    #[test]
    fn the_step_limit_and_the_cap_stop_it() {
        let grid = Ascii::new(MAZE);
        let mut s = Searcher::default();
        // Ten steps reach everything but the goal.
        assert_eq!(run(&mut s, &grid, 10, usize::MAX), Found { goal: None, capped: false });
        assert_eq!((s.steps(Pos::new(5, 1)), s.steps(Pos::new(5, 2))), (Some(10), None));
        // Eleven reach it.
        assert_eq!(run(&mut s, &grid, 11, usize::MAX).goal, Some(Pos::new(5, 2)));
        // Twelve tiles lie before the goal; a cap of eleven expansions stops short of it.
        assert_eq!(run(&mut s, &grid, u32::MAX, 11), Found { goal: None, capped: true });
        assert_eq!(run(&mut s, &grid, u32::MAX, 12).goal, Some(Pos::new(5, 2)));
    }

    #[test]
    fn a_reused_searcher_forgets_the_last_search() {
        let grid = Ascii::new(MAZE);
        let mut s = Searcher::default();
        run(&mut s, &grid, u32::MAX, usize::MAX);
        // From the far corner, two steps only.
        let q = Query { max_steps: 2, paths: true, ..Query::flood(6, 3, Pos::new(5, 2)) };
        assert_eq!(s.run(q, |_| false, |p| grid.at(p) != '#'), Found { goal: None, capped: false });
        assert_eq!((s.steps(Pos::new(5, 0)), s.steps(Pos::new(0, 0)), s.steps(Pos::new(3, 0))), (Some(2), None, None));
        assert_eq!(s.path_to(Pos::new(5, 0)), Some(vec![Pos::new(5, 2), Pos::new(5, 1), Pos::new(5, 0)]));
        // Without paths kept, no path (not the last search's).
        s.run(Query { paths: false, ..q }, |_| false, |p| grid.at(p) != '#');
        assert_eq!((s.steps(Pos::new(5, 0)), s.path_to(Pos::new(5, 0))), (Some(2), None));
        // A start outside the area reaches nothing.
        let q = Query { start: Pos::new(9, 9), ..q };
        assert_eq!(s.run(q, |_| true, |_| true), Found { goal: None, capped: false });
        assert_eq!(s.steps(Pos::new(5, 2)), None);
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
