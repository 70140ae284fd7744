//! The flood: the one breadth-first loop. Every other mechanism of [`super`] runs on it.

use super::index_in;
use crate::geom::{Pos, Rect};

/// How a [`flood`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every tile the flood could take was taken.
    Done,
    /// The queue held `cap` tiles with some not yet expanded.
    Capped,
    /// `expand` said stop (a goal was found, or the caller's own limit was hit).
    Stopped,
}

/// The one breadth-first loop, over items of any kind (tiles as [`Pos`], tiles as places in a
/// grid, places with their distance packed beside them, rooms of a graph), with a caller-owned
/// queue, so a flood in a hot loop allocates nothing once the queue has grown.
///
/// `queue` holds the starts, already claimed by the caller (see `claim`). The flood takes items
/// from its front in order, without removing them: when it ends, `queue` holds every item it
/// took, in the order it took them — nearer ones first, so the last is one of the farthest.
/// For each item taken:
///
/// - `expand(item)` gives the item's neighbours, in the order they are offered (`None` stops
///   the flood at once: [`Ended::Stopped`]; a search for a goal checks it here);
/// - `claim(item, neighbour)` says whether the flood takes the neighbour, and marks it taken
///   when it does: a neighbour must be claimed at most once (the caller's marks are the
///   flood's memory of what it has reached). Distances: `claim` may write the neighbour's as
///   one more than the item's, or the items may carry them (see `survey`).
///
/// A claimed neighbour is appended to `queue` (written there whether claimed or not and kept
/// only when claimed: no branch on the answer, whose pattern on a map is hard to predict).
///
/// Hard cap: items are expanded only while `queue` holds fewer than `cap`, so a flood ends with
/// at most `cap` plus one item's neighbours less one ([`Ended::Capped`] when items were left
/// unexpanded, whether or not they had neighbours left to take).
#[inline]
pub fn flood<T: Copy, N: IntoIterator<Item = T>>(
    queue: &mut Vec<T>,
    cap: usize,
    mut expand: impl FnMut(T) -> Option<N>,
    mut claim: impl FnMut(T, T) -> bool,
) -> Ended {
    let mut head = 0;
    while let Some(&item) = queue.get(head) {
        if queue.len() >= cap {
            return Ended::Capped;
        }
        head += 1;
        let Some(next) = expand(item) else { return Ended::Stopped };
        for n in next {
            let kept = claim(item, n);
            queue.push(n);
            let len = queue.len() - usize::from(!kept);
            queue.truncate(len);
        }
    }
    Ended::Done
}

/// [`flood`] over tiles of `area` (4-connected, neighbours in [`crate::geom::Dir::ALL`] order)
/// that `claim` accepts: `claim` is offered only tiles inside `area`. `queue` holds the starts,
/// already claimed.
#[inline]
pub fn flood_in(area: Rect, queue: &mut Vec<Pos>, cap: usize, mut claim: impl FnMut(Pos) -> bool) -> Ended {
    flood(queue, cap, |p: Pos| Some(p.neighbours4()), |_, n| index_in(area, n).is_some() && claim(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfind::tests::Ascii;

    /// Floods `grid` from the `@` over `.` (and `@`) tiles inside `area`; returns the queue.
    fn flood_ascii(grid: &Ascii, area: Rect, cap: usize) -> (Vec<Pos>, Ended) {
        let mut seen = vec![false; grid.cells.len()];
        let start = grid.find('@');
        seen[grid.index(start)] = true;
        let mut queue = vec![start];
        let ended = flood_in(area, &mut queue, cap, |p| {
            let open = grid.at(p) != '#' && !seen[grid.index(p)];
            seen[grid.index(p)] = true;
            open
        });
        (queue, ended)
    }

    #[test]
    fn reaches_everything_open_and_connected_nearest_first() {
        let grid = Ascii::new(
            "\
            .....\n\
            .###.\n\
            .#@#.\n\
            .#.#.\n\
            ...#x\n",
        );
        let (queue, ended) = flood_ascii(&grid, grid.area(), usize::MAX);
        assert_eq!(ended, Ended::Done);
        // Everything but the walls: 25 tiles, 8 of them wall.
        assert_eq!(queue.len(), 17);
        assert_eq!(queue[..3], [Pos::new(2, 2), Pos::new(2, 3), Pos::new(2, 4)]);
        // The last tile taken is the farthest: round the left, over the top, down the right.
        assert_eq!(queue.last(), Some(&Pos::new(4, 4)));
        // Each tile once.
        let mut sorted = queue.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), queue.len());
    }

    #[test]
    fn the_area_bounds_it() {
        let grid = Ascii::new(
            "\
            .....\n\
            .....\n\
            ..@..\n\
            .....\n",
        );
        let (queue, _) = flood_ascii(&grid, Rect::new(1, 1, 3, 2), usize::MAX);
        assert_eq!(queue.len(), 6, "the 3×2 area only: {queue:?}");
        assert!(queue.iter().all(|p| (1..4).contains(&p.x) && (1..3).contains(&p.y)));
    }

    #[test]
    fn the_cap_stops_it_after_the_tile_that_reaches_it() {
        let grid = Ascii::new(
            "\
            .....\n\
            ..@..\n\
            .....\n",
        );
        // The start takes its four neighbours; then the queue holds 5 >= 3: stop.
        let (queue, ended) = flood_ascii(&grid, grid.area(), 3);
        assert_eq!((queue.len(), ended), (5, Ended::Capped));
        assert_eq!(queue, [Pos::new(2, 1), Pos::new(2, 0), Pos::new(3, 1), Pos::new(2, 2), Pos::new(1, 1)]);
        // A cap above the 15 tiles there are does not stop it; a cap of 15 does, once the
        // queue is full, though the tiles left unexpanded would have added nothing.
        let (all, ended) = flood_ascii(&grid, grid.area(), 16);
        assert_eq!((all.len(), ended), (15, Ended::Done));
        let (full, ended) = flood_ascii(&grid, grid.area(), 15);
        assert_eq!((full, ended), (all, Ended::Capped));
    }

    #[test]
    fn expand_may_stop_it_and_items_may_carry_distances() {
        let grid = Ascii::new(
            "\
            @....\n\
            ####.\n\
            ....x\n",
        );
        let w = grid.width as u64;
        // Places in the grid, the distance in the top half (walls never claimed, so no
        // neighbour off the grid is ever expanded: the claim checks the place is on it).
        let mut seen = vec![false; grid.cells.len()];
        seen[0] = true;
        let mut queue = vec![0u64];
        let goal = grid.index(grid.find('x')) as u64;
        let mut found = None;
        let ended = flood(
            &mut queue,
            usize::MAX,
            |e| {
                if e as u32 as u64 == goal {
                    found = Some(e >> 32);
                    return None;
                }
                let (i, d) = (e as u32 as u64, (e >> 32) + 1);
                let x = i % w;
                let near = [i.checked_sub(w), (x + 1 < w).then_some(i + 1), Some(i + w), (x > 0).then(|| i - 1)];
                Some(near.into_iter().flatten().map(move |j| j | d << 32))
            },
            |_, e| {
                let i = e as u32 as usize;
                let open = grid.cells.get(i).is_some_and(|c| *c != '#') && !seen[i];
                if let Some(s) = seen.get_mut(i) {
                    *s = true;
                }
                open
            },
        );
        assert_eq!((ended, found), (Ended::Stopped, Some(6)), "four right, two down");
    }
}
