//! The flood: the one breadth-first loop ([`flood`]; every other mechanism of [`super`] but the
//! shortest path runs on it), its form within an area ([`flood_in`]) and its hand-tuned forms for
//! byte grids walled round ([`flood_walled`], and the search [`search_walled`]), with the
//! caller-owned [`Queue`] they share.

use super::index_in;
use crate::geom::{Pos, Rect};
use std::ops::ControlFlow;

/// How a [`flood`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every item the flood could take was taken.
    Done,
    /// The queue held `cap` items with some not yet visited.
    Capped,
    /// The caller said stop (a goal was found, or its own limit was hit).
    Stopped,
}

/// A flood's queue, kept by the caller from flood to flood so that a flood in a hot loop
/// allocates nothing, and writes nothing but the items it queues, once the queue has grown.
/// After a flood, [`Queue::taken`] holds every item it took, in the order it took them.
#[derive(Clone, Debug)]
pub struct Queue<T> {
    /// Room for the items, as long as the longest flood has needed (every slot is written by
    /// a flood before it reads it, so what earlier floods left stays); `slots[..taken]` are the
    /// last flood's items.
    slots: Vec<T>,
    taken: usize,
    /// Items kept past the end of `slots`, until the flood grows them.
    spill: Vec<T>,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue { slots: Vec::new(), taken: 0, spill: Vec::new() }
    }
}

impl<T> Queue<T> {
    /// The items the last flood took, in the order it took them: its start first, nearer ones
    /// before farther ones, so the last is one of the farthest.
    pub(crate) fn taken(&self) -> &[T] {
        self.slots.get(..self.taken).unwrap_or_default()
    }

    /// How many items the last flood took.
    pub(crate) fn len(&self) -> usize {
        self.taken
    }

    pub fn is_empty(&self) -> bool {
        self.taken == 0
    }

    /// Forgets the last flood's items (keeping the room they took).
    pub(crate) fn clear(&mut self) {
        self.taken = 0;
    }
}

/// Where a [`flood_visit`]'s `visit` puts the neighbours of the item it visits.
struct Offers<'q, T> {
    /// The queue's slots; `q[..tail]` hold the items taken, as far as they reach.
    q: &'q mut [T],
    tail: usize,
    /// Items kept past the end of `q`.
    spill: &'q mut Vec<T>,
}

impl<T: Copy> Offers<'_, T> {
    /// Offers neighbour `n`, queued when `keep` says so. It is written to the queue either way
    /// and kept only when `keep` holds: no branch on `keep`, whose pattern over a map is hard
    /// to predict.
    #[inline]
    fn offer(&mut self, n: T, keep: bool) {
        match self.q.get_mut(self.tail) {
            Some(slot) => *slot = n,
            None => spill(self.spill, n, keep),
        }
        self.tail += usize::from(keep);
    }
}

/// An item kept past the end of a flood's slots, out of the loop, which needs it only until
/// the queue has grown.
#[cold]
#[inline(never)]
fn spill<T>(spill: &mut Vec<T>, n: T, keep: bool) {
    if keep {
        spill.push(n);
    }
}

/// The loop of [`flood`], from `start`, with a caller-owned [`Queue`]: it takes the items in
/// the order they were queued and hands each to `visit`, which offers its neighbours (see
/// [`Offers::offer`]) and says whether to go on ([`ControlFlow::Break`] stops the flood at
/// once: [`Ended::Stopped`]).
///
/// Hard cap: items are visited only while the queue holds fewer than `cap`, so a flood ends
/// with at most `cap` plus one item's neighbours less one ([`Ended::Capped`] when items were
/// left unvisited, whether or not they had neighbours left to take).
#[inline]
fn flood_visit<T: Copy>(
    queue: &mut Queue<T>,
    start: T,
    cap: usize,
    mut visit: impl FnMut(T, &mut Offers<'_, T>) -> ControlFlow<()>,
) -> Ended {
    let Queue { slots, taken, spill } = queue;
    spill.clear();
    match slots.first_mut() {
        Some(first) => *first = start,
        None => slots.resize(16, start),
    }
    let (mut head, mut tail) = (0, 1);
    loop {
        // The slots as a slice, in registers while the loop runs: writes through it cannot
        // touch its length, as writes through the vector could as far as the compiler knows.
        let mut out = Offers { q: slots.as_mut_slice(), tail, spill };
        let ended = loop {
            if head == out.tail {
                break Some(Ended::Done);
            }
            if out.tail >= cap {
                break Some(Ended::Capped);
            }
            let Some(&item) = out.q.get(head) else { break Some(Ended::Done) };
            head += 1;
            if visit(item, &mut out).is_break() {
                break Some(Ended::Stopped);
            }
            if out.tail > out.q.len() {
                break None;
            }
        };
        tail = out.tail;
        // Items kept past the slots' end: more slots (doubled), and the items moved into them.
        let end = slots.len();
        if let Some(&fill) = spill.first() {
            slots.resize((2 * end).max(tail), fill);
            for (slot, n) in slots.iter_mut().skip(end).zip(spill.iter()) {
                *slot = *n;
            }
            spill.clear();
        }
        if let Some(ended) = ended {
            *taken = tail.min(slots.len());
            break ended;
        }
    }
}

/// The flood over a row-major grid of bytes `width` wide whose border is `wall` (so no tile the
/// flood takes has a neighbour off the grid), from the place `start` (whatever it holds), over
/// every tile that is not `wall`, with the distances: each item is a place in its low half and
/// its steps from `start` in its high half, so the last of [`Queue::taken`] holds the farthest
/// distance. Each tile taken is walled up (set to `wall`), the start first; neighbours are
/// offered west, east, north, south. Its cap is the grid: each tile is taken at most once.
///
/// The survey's flood ([`crate::map::survey`]), where measuring must cost no more than
/// generating: [`flood`] in a form its hot loop runs as fast as it ran by hand. The three rows
/// around a tile are checked once for its four neighbours; each neighbour is written to the
/// queue and kept only when it was open (no branch on the tiles, whose pattern differs from
/// map to map and would be mispredicted often); a queued tile carries its distance, so one loop
/// runs the whole flood (a loop per layer would end in a mispredicted branch at every layer,
/// and a map has a hundred of them). Written generically (a claim per neighbour, or a visit
/// per tile over a queue that grows as it must), the same flood measured 5 to 15% slower: the
/// closure's state and the queue's no longer fitted the registers (it is inlined for the same
/// reason). A grid whose border is not all `wall` is no error (nothing panics), but the flood
/// then runs from the end of one row into the start of the next, and does not look past the
/// first and last rows: its answer means nothing.
#[inline(always)]
pub(crate) fn flood_walled(grid: &mut [u8], width: usize, start: usize, wall: u8, queue: &mut Queue<u64>) {
    queue.taken = 0;
    if width == 0 {
        return;
    }
    let slots = &mut queue.slots;
    if slots.len() < 16 {
        slots.resize(16, 0);
    }
    let mut q = slots.as_mut_slice();
    let (mut head, mut tail) = (0, 0);
    if let Some(s) = grid.get_mut(start) {
        *s = wall;
        q[0] = start as u64;
        tail = 1;
    }
    while head < tail {
        let entry = q[head];
        head += 1;
        let i = entry as u32 as usize;
        // The neighbours' distance, one more, in the top half.
        let next = (entry & !u64::from(u32::MAX)) + (1 << 32);
        // The three rows around the tile (`..=` here would cost a call per tile).
        let Some(near) = grid.get_mut(i.wrapping_sub(width)..).and_then(|g| g.get_mut(..2 * width + 1)) else {
            continue;
        };
        if tail + 4 > q.len() {
            q = grow(slots, tail + 4);
        }
        for k in [width - 1, width + 1, 0, 2 * width] {
            let open = near[k] != wall;
            near[k] = wall;
            q[tail] = next + (i - width + k) as u64;
            tail += usize::from(open);
        }
    }
    queue.taken = tail;
}

/// A grid of `width` × `height` tiles as bytes walled round, for [`flood_walled`] and
/// [`search_walled`]: `width + 2` places a row, a border of `wall` one tile wide, and tile
/// `(x, y)` (index `y * width + x`) at place `(y + 1) * (width + 2) + x + 1` holding `byte(index)`.
pub(crate) fn walled_round(width: usize, height: usize, wall: u8, byte: impl Fn(usize) -> u8) -> Vec<u8> {
    let mut grid = Vec::new();
    walled_round_into(&mut grid, width, height, wall, |y, row| {
        for (x, t) in row.iter_mut().enumerate() {
            *t = byte(y * width + x);
        }
    });
    grid
}

/// [`walled_round`] into a buffer kept from grid to grid (the survey's, on the sweeps' hot
/// path), each row of tiles written by `row(y, tiles)`. Every byte is written (the border
/// rows, then each row between two border walls), so the buffer is not cleared first.
#[inline(always)]
pub(crate) fn walled_round_into(
    grid: &mut Vec<u8>,
    width: usize,
    height: usize,
    wall: u8,
    mut row: impl FnMut(usize, &mut [u8]),
) {
    let pw = width + 2;
    let len = pw * (height + 2);
    grid.resize(len, wall);
    grid.truncate(len);
    grid[..pw].fill(wall);
    grid[(height + 1) * pw..].fill(wall);
    for y in 0..height {
        let line = &mut grid[(y + 1) * pw..][..pw];
        (line[0], line[pw - 1]) = (wall, wall);
        row(y, &mut line[1..=width]);
    }
}

/// Sets back to `open` every tile the last [`flood_walled`] or [`search_walled`] on `grid`
/// walled up (those [`Queue::taken`] lists), so the grid can be searched again.
pub(crate) fn unwall(grid: &mut [u8], queue: &Queue<u64>, open: u8) {
    for &entry in queue.taken() {
        if let Some(t) = grid.get_mut(entry as u32 as usize) {
            *t = open;
        }
    }
}

/// [`flood_walled`]'s search form: [`crate::pathfind::Searcher::run`] over a row-major grid of
/// bytes `width` wide whose border is `wall`, from the place `start`, over tiles that are not
/// `wall`, each tile taken offered to `goal` first (the search stops at the first it accepts,
/// whose place it returns). Neighbours are offered north, east, south, west, as `run` offers
/// them, so it finds the goal `run` finds and the same way there: `came` gets, for each tile
/// reached, the way it was entered (0 to 3, an index into [`crate::geom::Dir::ALL`]; the start
/// gets `u8::MAX`), and [`path_walled`] reads the path back from it.
///
/// Each tile reached is walled up (set to `wall`); [`unwall`] (or the caller, tile by tile)
/// puts back the places [`Queue::taken`] lists (every tile reached, the start first) before the
/// next search. For the passages' searches, which run once per room along a maze: on them, the
/// rooms-and-mazes preset took a fifth less time a map than with `run`.
pub(crate) fn search_walled(
    grid: &mut [u8],
    width: usize,
    start: usize,
    wall: u8,
    came: &mut Vec<u8>,
    queue: &mut Queue<u64>,
    mut goal: impl FnMut(usize) -> bool,
) -> Option<usize> {
    queue.taken = 0;
    if came.len() != grid.len() {
        came.clear();
        came.resize(grid.len(), u8::MAX);
    }
    let (Some(s), Some(c)) = (grid.get_mut(start), came.get_mut(start)) else { return None };
    *s = wall;
    *c = u8::MAX;
    let slots = &mut queue.slots;
    if slots.len() < 16 {
        slots.resize(16, 0);
    }
    let mut q = slots.as_mut_slice();
    q[0] = start as u64;
    let (mut head, mut tail, mut found) = (0, 1, None);
    while head < tail {
        let i = q[head] as usize;
        head += 1;
        if goal(i) {
            found = Some(i);
            break;
        }
        if tail + 4 > q.len() {
            q = grow(slots, tail + 4);
        }
        let Some(near) = grid.get_mut(i.wrapping_sub(width)..).and_then(|g| g.get_mut(..2 * width + 1)) else {
            continue;
        };
        // North, east, south, west.
        for (way, k) in [0, width + 1, 2 * width, width - 1].into_iter().enumerate() {
            let open = near[k] != wall;
            if open {
                near[k] = wall;
                let n = i - width + k;
                if let Some(c) = came.get_mut(n) {
                    *c = way as u8;
                }
                q[tail] = n as u64;
                tail += 1;
            }
        }
    }
    queue.taken = tail;
    found
}

/// The path from the start of the last [`search_walled`] to the place `to` (both included), as
/// tiles of the map the grid walls round (one up and left of the grid's places: see
/// [`walled_round`]), read back over `came` and put at the end of `path` (so the paths of many
/// searches can share one buffer).
pub(crate) fn path_walled(came: &[u8], width: usize, to: usize, path: &mut Vec<Pos>) {
    let width = width.max(1);
    // For each way in (north, east, south, west), the place before and the step back as a tile
    // offset, by table (which way a maze turns is not to be foretold).
    let before = [width, usize::MAX, width.wrapping_neg(), 1];
    let step = [(0, 1), (-1, 0), (0, -1), (1, 0)];
    // Walked from its end, then turned round.
    let first = path.len();
    let mut at = Pos::new((to % width) as i32 - 1, (to / width) as i32 - 1);
    path.push(at);
    let mut place = to;
    while let Some(&way) = came.get(place).filter(|w| **w < 4) {
        let way = usize::from(way);
        place = place.wrapping_add(before[way]);
        at = at.offset(step[way].0, step[way].1);
        path.push(at);
    }
    path[first..].reverse();
}

/// The slots of a queue, doubled and at least `least` long; out of the loop, which needs it
/// only until the queue has grown.
#[cold]
#[inline(never)]
fn grow(slots: &mut Vec<u64>, least: usize) -> &mut [u64] {
    let long = (2 * slots.len()).max(least);
    slots.resize(long, 0);
    slots.as_mut_slice()
}

/// The one breadth-first loop, over items of any kind (tiles as [`Pos`], tiles as places in a
/// grid, links between rooms), from `start`, with a caller-owned [`Queue`]. `start` is taken
/// first; the caller claims it. The flood takes the items in the order it queued them, and for
/// each:
///
/// - `expand(item)` gives the item's neighbours, in the order they are offered (`None` stops
///   the flood at once: [`Ended::Stopped`]; a search for a goal checks it there);
/// - `claim(item, neighbour)` says whether the flood takes the neighbour, and marks it taken
///   when it does: a neighbour must be claimed at most once (the caller's marks are the
///   flood's memory of what it has reached). Distances: `claim` may write the neighbour's as
///   one more than the item's.
///
/// Each neighbour is written to the queue whether claimed or not and kept only when claimed:
/// no branch on the answer, whose pattern over a map is hard to predict.
///
/// Hard cap: items are expanded only while the queue holds fewer than `cap`, so a flood ends
/// with at most `cap` plus one item's neighbours less one ([`Ended::Capped`] when items were
/// left unexpanded, whether or not they had neighbours left to take).
#[inline(always)]
pub(crate) fn flood<T: Copy, N: IntoIterator<Item = T>>(
    queue: &mut Queue<T>,
    start: T,
    cap: usize,
    mut expand: impl FnMut(T) -> Option<N>,
    mut claim: impl FnMut(T, T) -> bool,
) -> Ended {
    flood_visit(queue, start, cap, |item, out| {
        let Some(next) = expand(item) else { return ControlFlow::Break(()) };
        for n in next {
            out.offer(n, claim(item, n));
        }
        ControlFlow::Continue(())
    })
}

/// [`flood`] over tiles of `area` (4-connected, neighbours in [`crate::geom::Dir::ALL`] order)
/// that `claim` accepts, from `start` (claimed by the caller): `claim` is offered only tiles
/// inside `area`.
#[inline]
pub(crate) fn flood_in(
    area: Rect,
    queue: &mut Queue<Pos>,
    start: Pos,
    cap: usize,
    mut claim: impl FnMut(Pos) -> bool,
) -> Ended {
    flood(queue, start, cap, |p: Pos| Some(p.neighbours4()), |_, n| index_in(area, n).is_some() && claim(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfind::tests::Ascii;

    /// Floods `grid` from the `@` over `.` (and `@`) tiles inside `area`; returns the tiles
    /// taken.
    fn flood_ascii(grid: &Ascii, area: Rect, cap: usize) -> (Vec<Pos>, Ended) {
        let mut seen = vec![false; grid.cells.len()];
        let start = grid.find('@');
        seen[grid.index(start)] = true;
        let mut queue = Queue::default();
        let ended = flood_in(area, &mut queue, start, cap, |p| {
            let open = grid.at(p) != '#' && !seen[grid.index(p)];
            seen[grid.index(p)] = true;
            open
        });
        (queue.taken().to_vec(), ended)
    }

    /// The walled search finds what the general search finds, the same way there, on grids
    /// open at random with goals at random (ties between goals at the same distance are
    /// common), searched again and again on the same grid as the passages search it.
    #[test]
    fn the_walled_search_finds_what_the_search_finds() {
        use crate::pathfind::{Query, Searcher};
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut draw = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut came, mut queue, mut searcher) = (Vec::new(), Queue::default(), Searcher::default());
        for _ in 0..200 {
            let (w, h) = (3 + draw(12) as usize, 3 + draw(9) as usize);
            let open: Vec<bool> = (0..w * h).map(|_| draw(10) < 6).collect();
            let goals: Vec<bool> = (0..w * h).map(|_| draw(10) < 1).collect();
            // Walled round: `w + 2` places a row.
            let pw = w + 2;
            let place = |c: Pos| (c.y as usize + 1) * pw + c.x as usize + 1;
            let mut grid = walled_round(w, h, 1, |k| u8::from(!open[k]));
            let at = |c: Pos| c.y as usize * w + c.x as usize;
            for _ in 0..5 {
                let start = Pos::new(draw(w as u64) as i32, draw(h as u64) as i32);
                let area = Rect::new(0, 0, w as i32, h as i32);
                let q = Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: true };
                let found = searcher.run(q, |c| goals[at(c)], |c| open[at(c)]);
                let want = found.goal.map(|g| (g, searcher.path_to(g)));
                let goal_at = |p: usize| {
                    let c = Pos::new((p % pw) as i32 - 1, (p / pw) as i32 - 1);
                    area.contains(c) && goals[at(c)]
                };
                let got = search_walled(&mut grid, pw, place(start), 1, &mut came, &mut queue, goal_at).map(|g| {
                    let mut path = vec![Pos::new(-9, -9)];
                    path_walled(&came, pw, g, &mut path);
                    assert_eq!(path.remove(0), Pos::new(-9, -9), "what was in the buffer stays");
                    (Pos::new((g % pw) as i32 - 1, (g / pw) as i32 - 1), Some(path))
                });
                assert_eq!(got, want, "{w}x{h} from {start}");
                // Open again what the search walled up (the start may have been wall).
                for &p in queue.taken() {
                    let c = Pos::new((p as usize % pw) as i32 - 1, (p as usize / pw) as i32 - 1);
                    grid[p as usize] = u8::from(!open[at(c)]);
                }
            }
        }
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
        let mut queue = Queue::default();
        let goal = grid.index(grid.find('x')) as u64;
        let mut found = None;
        let ended = flood(
            &mut queue,
            0u64,
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

    #[test]
    fn a_queue_kept_between_floods_holds_only_the_last_ones_items() {
        let grid = Ascii::new(
            "\
            ..#...\n\
            ..#.@.\n",
        );
        let mut queue = Queue::default();
        for (start, want) in [(Pos::new(0, 0), 4), (Pos::new(4, 1), 6), (Pos::new(1, 1), 4)] {
            let mut seen = vec![false; grid.cells.len()];
            seen[grid.index(start)] = true;
            let _ = flood_in(grid.area(), &mut queue, start, usize::MAX, |p| {
                let open = grid.at(p) != '#' && !seen[grid.index(p)];
                seen[grid.index(p)] = true;
                open
            });
            assert_eq!((queue.len(), queue.taken().first()), (want, Some(&start)));
            assert!(queue.taken().iter().all(|p| (p.x < 2) == (start.x < 2)), "{:?}", queue.taken());
        }
    }

    /// Floods `text` (rows of `#` for wall and anything else open) from its `@` with
    /// [`flood_walled`]; returns the count taken, the farthest distance, and the grid after.
    fn walled(text: &str) -> (usize, u32, String) {
        let grid = Ascii::new(text);
        let mut bytes: Vec<u8> = grid.cells.iter().map(|c| *c as u8).collect();
        let mut queue = Queue::default();
        flood_walled(&mut bytes, grid.width, grid.index(grid.find('@')), b'#', &mut queue);
        let farthest = queue.taken().last().map_or(0, |e| (e >> 32) as u32);
        let after = bytes.chunks(grid.width).map(|row| String::from_utf8_lossy(row).into_owned() + "\n").collect();
        (queue.len(), farthest, after)
    }

    #[test]
    fn a_walled_flood_takes_the_open_tiles_it_reaches_with_their_distances() {
        let (count, farthest, after) = walled(
            "\
            ########\n\
            #@..#..#\n\
            #.#.#..#\n\
            #...####\n\
            #.#..x.#\n\
            ########\n",
        );
        // The 13 open tiles on the left, the last 8 steps away round the bottom, walled up;
        // the room on the right is apart.
        assert_eq!((count, farthest), (13, 8));
        assert_eq!(after, "########\n#####..#\n#####..#\n########\n########\n########\n");
    }

    #[test]
    fn a_walled_flood_on_a_grid_without_a_wall_round_it_does_not_panic() {
        // Top-left: taken, its neighbours above and to the left are off the grid.
        assert_eq!(walled("@..\n...\n").0, 1);
        let (count, _, _) = walled("....\n.@..\n....\n");
        assert!((1..=12).contains(&count), "{count}");
        let mut queue = Queue::default();
        flood_walled(&mut [], 0, 0, b'#', &mut queue);
        assert!(queue.is_empty());
    }
}
