//! Room shapes besides the tutorial's blob (which [`Grower::grow`] makes): halls, narrow rooms,
//! caves and closets, each drawn from the room-shape stream ([`crate::rng::Stream::Shapes`]) in
//! a fixed order, so one seed gives one map everywhere.
//!
//! Every shape starts on the origin, lists its cells in the order they were made (what the
//! timeline's `RoomGrown` step replays) and leaves them marked in the grower's scratch square,
//! so [`Grower::holes`] checks it like a blob. Every shape is 4-connected and has exactly the
//! number of cells drawn from its size range:
//! - **Hall**: `n` cells; a width `w` between √(n/2) and √(2n) (rounded up), `h = ⌈n / w⌉`
//!   rows; the `w·h − n` extra cells are nibbled off: three times in four from one of the eight
//!   corner walks (a corner, along one of its edges, to the first cell still there), else a
//!   random cell of the rim; a cell is only nibbled when that keeps the room in one piece
//!   (otherwise the first such cell in row order goes). Nibbling never makes a hole.
//! - **Narrow**: width 2 with one chance in two (1 below 4 cells), then a bend with one chance
//!   in two (when at least 4 slices long) after 2 to `len − 2` slices; slices of `w` cells laid
//!   east, then south after the bend; the last slice may be short.
//! - **Cave**: a walker starting in a random direction walks straight stretches of 2 to 4
//!   steps, turning left or right (one chance in two each) after each; every step keeps the
//!   cell if new and, with one chance in four each, widens the cave to the left or to the right.
//!   At most `16·n + 64` steps; should the walk fall short, the room is completed by the first
//!   empty neighbours in cell order (no draws).
//! - **Closet**: the four directions shuffled; arms grown round-robin one cell at a time (a
//!   cross of 5 cells, arms of 2 up to 9 cells, of 3 up to 13).

use super::growth::Grower;
use crate::geom::{Dir, Pos};
use crate::params::RoomShape;
use crate::params::grown::GrownRooms;
use crate::rng::DelveRng;
use rand::RngExt;

/// Draws the shape of the next room: one draw over the weights, none when only one shape has
/// weight (so a run of blobs draws exactly what the tutorial draws).
pub(super) fn pick(p: &GrownRooms, rng: &mut DelveRng) -> RoomShape {
    let weights = p.shape_weights();
    let total: u64 = weights.iter().map(|(_, w)| u64::from(*w)).sum();
    if weights.iter().filter(|(_, w)| *w > 0).count() <= 1 {
        return weights.iter().find(|(_, w)| *w > 0).map_or(RoomShape::Blob, |(s, _)| *s);
    }
    let mut r = rng.random_range(0..total);
    for (s, w) in weights {
        if r < u64::from(w) {
            return s;
        }
        r -= u64::from(w);
    }
    RoomShape::Blob
}

/// Grows one room of `shape` into `cells` (cleared first), marking them in `g`: a blob of
/// `1 +` growth steps cells, or another shape with a cell count drawn from its size range
/// (`smallest`: the fewest the range allows; the count is drawn all the same).
pub(super) fn grow(
    p: &GrownRooms,
    shape: RoomShape,
    smallest: bool,
    g: &mut Grower,
    rng: &mut DelveRng,
    cells: &mut Vec<Pos>,
) {
    if shape == RoomShape::Blob {
        let steps = rng.random_range(p.growth_steps.min..=p.growth_steps.max);
        g.grow(rng, if smallest { p.growth_steps.min } else { steps }, cells);
        return;
    }
    cells.clear();
    let size = p.shape_cells(shape);
    let n = rng.random_range(size.min..=size.max.max(size.min)).max(1) as usize;
    let n = if smallest { size.min.max(1) as usize } else { n };
    let make = match shape {
        RoomShape::Blob | RoomShape::Hall => hall,
        RoomShape::Narrow => narrow,
        RoomShape::Cave => cave,
        RoomShape::Closet => closet,
    };
    make(n, g, rng, cells);
}

/// Adds `p` to the room when it is not in it yet.
fn put(g: &mut Grower, cells: &mut Vec<Pos>, p: Pos) -> bool {
    let i = g.at(p);
    if g.marks[i] == 1 {
        return false;
    }
    g.marks[i] = 1;
    cells.push(p);
    true
}

fn inside(g: &Grower, p: Pos) -> bool {
    g.marks[g.at(p)] == 1
}

/// Smallest `r` with `r * r >= v`.
fn ceil_sqrt(v: usize) -> usize {
    let mut r = (v as f64).sqrt() as usize;
    while r * r < v {
        r += 1;
    }
    while r > 0 && (r - 1) * (r - 1) >= v {
        r -= 1;
    }
    r
}

/// The 8 cells around a cell, clockwise from the north-west: consecutive ones are 4-neighbours
/// of each other, and the odd ones are the cell's own 4-neighbours.
const RING: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];

/// Whether room cell `c` can be taken away without cutting the room in two or making a hole:
/// it touches the outside by a side, has a neighbour in the room, and its room neighbours all
/// lie on one run of the ring around it.
fn nibbleable(g: &Grower, c: Pos) -> bool {
    let on: [bool; 8] = RING.map(|(dx, dy)| inside(g, c.offset(dx, dy)));
    let sides = [on[1], on[3], on[5], on[7]];
    if sides.iter().all(|s| *s) || !sides.iter().any(|s| *s) {
        return false;
    }
    // Runs of room cells around the ring that hold one of `c`'s 4-neighbours.
    let mut runs = 0;
    for i in 0..8 {
        let starts = on[i] && !on[(i + 7) % 8];
        if starts {
            let mut j = i;
            let mut side = false;
            while on[j % 8] && j < i + 8 {
                side |= j % 2 == 1;
                j += 1;
            }
            runs += usize::from(side);
        }
    }
    runs == 1
}

fn hall(n: usize, g: &mut Grower, rng: &mut DelveRng, cells: &mut Vec<Pos>) {
    let lo = ceil_sqrt(n.div_ceil(2)).max(1);
    let hi = ceil_sqrt(2 * n).max(lo);
    let w = rng.random_range(lo..=hi);
    let h = n.div_ceil(w);
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            put(g, cells, Pos::new(x, y));
        }
    }
    let (x1, y1) = (w as i32 - 1, h as i32 - 1);
    // The rim, clockwise from the top-left corner.
    let mut rim: Vec<Pos> = (0..=x1).map(|x| Pos::new(x, 0)).collect();
    rim.extend((1..=y1).map(|y| Pos::new(x1, y)));
    rim.extend((0..x1).rev().map(|x| Pos::new(x, y1)).filter(|_| y1 > 0));
    rim.extend((1..y1).rev().map(|y| Pos::new(0, y)).filter(|_| x1 > 0));
    // (corner, the edge to walk along), clockwise from the top-left corner.
    let corners = [
        (0, 0, 1, 0),
        (0, 0, 0, 1),
        (x1, 0, -1, 0),
        (x1, 0, 0, 1),
        (x1, y1, -1, 0),
        (x1, y1, 0, -1),
        (0, y1, 1, 0),
        (0, y1, 0, -1),
    ];
    let mut removed = 0;
    while cells.len() - removed > n {
        let pick = rng.random_range(0..4u32);
        let target = if pick < 3 {
            // A corner walk: from the corner along its edge to the first cell still there.
            let (cx, cy, dx, dy) = corners[rng.random_range(0..corners.len())];
            let mut p = Pos::new(cx, cy);
            while !inside(g, p) && p.x >= 0 && p.x <= x1 && p.y >= 0 && p.y <= y1 {
                p = p.offset(dx, dy);
            }
            p
        } else {
            rim[rng.random_range(0..rim.len())]
        };
        let ok = target.x >= 0 && target.x <= x1 && target.y >= 0 && target.y <= y1 && inside(g, target);
        let target = if ok && nibbleable(g, target) {
            Some(target)
        } else {
            cells.iter().copied().find(|&c| inside(g, c) && nibbleable(g, c))
        };
        let Some(t) = target else { break };
        let i = g.at(t);
        g.marks[i] = 0;
        removed += 1;
    }
    cells.retain(|&c| inside(g, c));
    // The first cell is the room's origin.
    if let Some(&first) = cells.first()
        && first != Pos::new(0, 0)
    {
        for c in cells.iter_mut() {
            let i = g.at(*c);
            g.marks[i] = 0;
            *c = c.offset(-first.x, -first.y);
        }
        for &c in cells.iter() {
            let i = g.at(c);
            g.marks[i] = 1;
        }
    }
}

fn narrow(n: usize, g: &mut Grower, rng: &mut DelveRng, cells: &mut Vec<Pos>) {
    let wide = rng.random_range(0..2u32) == 1 && n >= 4;
    let w: i32 = if wide { 2 } else { 1 };
    let len = n.div_ceil(w as usize) as i32;
    let bend = rng.random_range(0..2u32) == 1 && len >= 4;
    let at = if bend { rng.random_range(2..=len - 2) } else { len };
    'slices: for s in 0..len {
        for t in 0..w {
            if cells.len() >= n {
                break 'slices;
            }
            let p = if s < at { Pos::new(s, t) } else { Pos::new(at - w + t, w + (s - at)) };
            put(g, cells, p);
        }
    }
}

fn cave(n: usize, g: &mut Grower, rng: &mut DelveRng, cells: &mut Vec<Pos>) {
    let mut at = Pos::new(0, 0);
    put(g, cells, at);
    let mut dir = Dir::ALL[rng.random_range(0..4usize)];
    let mut steps = 0;
    while cells.len() < n && steps < 16 * n + 64 {
        // A straight stretch of 2 to 4 steps, then a turn to the left or the right.
        let stretch = rng.random_range(2..=4u32);
        for _ in 0..stretch {
            if cells.len() >= n {
                break;
            }
            steps += 1;
            at = at.step(dir);
            put(g, cells, at);
            // Now and then the cave widens to one side.
            match rng.random_range(0..4u32) {
                0 if cells.len() < n => _ = put(g, cells, at.step(dir.turned(3))),
                1 if cells.len() < n => _ = put(g, cells, at.step(dir.turned(1))),
                _ => {}
            }
        }
        dir = dir.turned(if rng.random_range(0..2u32) == 0 { 3 } else { 1 });
    }
    // Practically never: complete the room by the first empty neighbours, in cell order.
    let mut i = 0;
    while cells.len() < n && i < cells.len() {
        let c = cells[i];
        for d in Dir::ALL {
            if cells.len() < n {
                put(g, cells, c.step(d));
            }
        }
        i += 1;
    }
}

fn closet(n: usize, g: &mut Grower, rng: &mut DelveRng, cells: &mut Vec<Pos>) {
    let mut dirs = Dir::ALL;
    for i in 0..3 {
        let j = rng.random_range(i..4);
        dirs.swap(i, j);
    }
    put(g, cells, Pos::new(0, 0));
    let mut arm = 1;
    while cells.len() < n {
        for d in dirs {
            if cells.len() < n {
                let (dx, dy) = d.delta();
                put(g, cells, Pos::new(dx * arm, dy * arm));
            }
        }
        arm += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::SizeRange;

    #[test]
    fn nibbling_keeps_rooms_whole() {
        let mut g = Grower::new(20);
        let mut cells = Vec::new();
        // A line of three: the middle cell would cut it, the ends may go.
        for x in 0..3 {
            put(&mut g, &mut cells, Pos::new(x, 0));
        }
        assert!(!nibbleable(&g, Pos::new(1, 0)));
        assert!(nibbleable(&g, Pos::new(0, 0)) && nibbleable(&g, Pos::new(2, 0)));
        // A 3×3 square: corners and edge middles may go, the centre may not.
        for y in 1..3 {
            for x in 0..3 {
                put(&mut g, &mut cells, Pos::new(x, y));
            }
        }
        assert!(!nibbleable(&g, Pos::new(1, 1)));
        assert!(nibbleable(&g, Pos::new(0, 0)) && nibbleable(&g, Pos::new(1, 0)));
    }

    /// Every shape: as many cells as drawn, distinct, 4-connected from the origin, no holes
    /// except in caves, and the scratch square left clean for the next room.
    #[test]
    fn shapes_have_their_size_and_leave_no_marks() {
        let p = GrownRooms {
            hall_cells: SizeRange::new(4, 60),
            closet_cells: SizeRange::new(1, 13),
            ..GrownRooms::default()
        };
        let mut g = Grower::new(p.shape_cells(RoomShape::Hall).max.max(p.most_cells()));
        let mut rng = crate::rng::stream(7, crate::rng::Stream::Shapes);
        let (mut cells, mut holes) = (Vec::new(), Vec::new());
        for shape in [RoomShape::Hall, RoomShape::Narrow, RoomShape::Cave, RoomShape::Closet] {
            let size = p.shape_cells(shape);
            for _ in 0..500 {
                grow(&p, shape, false, &mut g, &mut rng, &mut cells);
                assert!((size.min as usize..=size.max as usize).contains(&cells.len()), "{shape:?} {cells:?}");
                assert_eq!(cells[0], Pos::new(0, 0));
                let mut sorted = cells.clone();
                sorted.sort_by_key(|c| (c.y, c.x));
                sorted.dedup();
                assert_eq!(sorted.len(), cells.len(), "{shape:?}: distinct cells");
                g.holes(&cells, &mut holes);
                assert!(shape == RoomShape::Cave || holes.is_empty(), "{shape:?} {cells:?}");
                assert!(g.marks.iter().all(|m| *m == 0), "{shape:?}: marks cleared");
            }
        }
    }

    #[test]
    fn square_roots_round_up() {
        assert_eq!((ceil_sqrt(1), ceil_sqrt(2), ceil_sqrt(4), ceil_sqrt(5), ceil_sqrt(80)), (1, 2, 2, 3, 9));
    }
}
