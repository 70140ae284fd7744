//! Breadth-first search over tiles, with a hard cap on the number of tiles visited.

use crate::geom::{Dir, Pos};
use std::collections::VecDeque;

/// Why a search found no path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// Every reachable tile was tried.
    Unreachable,
    /// The step cap was hit first.
    CapReached,
}

/// The shortest 4-connected path from `from` to `to` (both included) over tiles for which
/// `passable` holds (`from` and `to` need not be passable). `width`×`height` bounds the search;
/// at most `cap` tiles are visited.
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
    let idx = |p: Pos| p.y as usize * width as usize + p.x as usize;
    // u8::MAX: unvisited; otherwise the direction we came from (index into Dir::ALL).
    let mut came = vec![u8::MAX; width as usize * height as usize];
    const START: u8 = 4;
    came[idx(from)] = START;
    let mut queue = VecDeque::from([from]);
    let mut visited = 0usize;
    while let Some(p) = queue.pop_front() {
        if p == to {
            let mut path = vec![p];
            let mut cur = p;
            while let Some(d) = Dir::ALL.get(came[idx(cur)] as usize) {
                cur = cur.step(d.opposite());
                path.push(cur);
            }
            path.reverse();
            return Ok(path);
        }
        visited += 1;
        if visited > cap {
            return Err(NoPath::CapReached);
        }
        for (i, d) in Dir::ALL.iter().enumerate() {
            let n = p.step(*d);
            if inside(n) && came[idx(n)] == u8::MAX && (n == to || passable(n)) {
                came[idx(n)] = i as u8;
                queue.push_back(n);
            }
        }
    }
    Err(NoPath::Unreachable)
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
}
