//! The shortest path: A* between two given tiles, looking towards the goal.

use super::{UNREACHED, index_in};
use crate::geom::{Dir, Pos, Rect};

/// Why a search found no path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// Every reachable tile was tried.
    Unreachable,
    /// The step cap was hit first.
    CapReached,
}

/// [`shortest_path`] over a whole `width`×`height` map: the shortest 4-connected path from
/// `from` to `to` (both included) over tiles for which `passable` holds (`from` and `to` need
/// not be passable), at most `cap` tiles expanded.
pub fn shortest_path_on_map(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfind::search::{Query, search};
    use crate::pathfind::tests::Ascii;
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
            match (s.found, shortest_path_on_map(w, h, from, to, usize::MAX, open)) {
                (Some(_), Ok(path)) => {
                    prop_assert_eq!(path.len() as u32, s.dist.get(to).copied().unwrap() + 1);
                    prop_assert_eq!((path[0], *path.last().unwrap()), (from, to));
                    prop_assert!(path.windows(2).all(|p| p[0].manhattan(p[1]) == 1));
                    prop_assert!(path.iter().skip(1).take(path.len().saturating_sub(2)).all(|p| open(*p)));
                    prop_assert_eq!(shortest_path_on_map(w, h, from, to, usize::MAX, open), Ok(path));
                }
                (None, Err(NoPath::Unreachable)) => {}
                (found, path) => prop_assert!(false, "search {found:?}, path {path:?}"),
            }
        }
    }

    #[test]
    fn goes_around_a_wall() {
        let wall = |p: Pos| !(p.x == 2 && p.y < 4);
        let path = shortest_path_on_map(5, 5, Pos::new(0, 0), Pos::new(4, 0), 100, wall).unwrap();
        assert_eq!(path.first(), Some(&Pos::new(0, 0)));
        assert_eq!(path.last(), Some(&Pos::new(4, 0)));
        assert_eq!(path.len(), 13);
        assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
        assert_eq!(shortest_path_on_map(5, 5, Pos::new(0, 0), Pos::new(4, 0), 3, wall), Err(NoPath::CapReached));
    }

    #[test]
    fn the_one_way_round_an_ascii_wall() {
        let grid = Ascii::new(
            "\
            @.#x\n\
            .##.\n\
            ....\n",
        );
        let open = |p: Pos| grid.at(p) != '#';
        let (from, to) = (grid.find('@'), grid.find('x'));
        let path = shortest_path(grid.area(), from, to, usize::MAX, open);
        let want = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0)];
        assert_eq!(path, Ok(want.map(Pos::from).to_vec()));
        // Without the bottom row there is no way round.
        assert_eq!(shortest_path(Rect::new(0, 0, 4, 2), from, to, usize::MAX, open), Err(NoPath::Unreachable));
        // Three tiles expanded are not enough.
        assert_eq!(shortest_path(grid.area(), from, to, 3, open), Err(NoPath::CapReached));
        // The goal need not be passable: into the wall at (2, 0).
        let into = shortest_path(grid.area(), from, Pos::new(2, 0), usize::MAX, open);
        assert_eq!(into, Ok(vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)]));
    }
}
