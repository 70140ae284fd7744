//! Grown rooms: the generator of Tiendil's "Dungeon generation — from simple to complex" (step 6),
//! with its "what's next" items as parameters.
//!
//! Algorithm, one room at a time:
//! 1. **Grow** ([`Stage::Shapes`]): start with one cell; `growth_steps` times add a random empty
//!    4-neighbour (uniform over the distinct empty neighbours). A room whose surrounding empty
//!    space is not one 4-connected region (flood fill over its bounding box grown by one) has a
//!    hole and is regrown, at most `hole_retries` times. Then, with `mirror_chance`, the shape is
//!    mirrored left to right.
//! 2. **Doors** ([`Stage::Doors`]): the outer walls are the (cell, side) pairs whose neighbour is
//!    not in the room, listed cell by cell in growth order, sides in [`Dir::ALL`] order. A count is
//!    drawn from `doors_per_room` (capped by the wall count) and that many walls are sampled
//!    without replacement; each gets a kind in `0..door_kinds`.
//! 3. **Colour** ([`Stage::Colours`]): each channel in `0..=0x99` (dark, as in the tutorial).
//! 4. **Place**. The first room stays at the origin. For every other room, one draw from
//!    [`Stage::Layout`] decides (with probability `branching`) whether it may attach anywhere or
//!    only to the newest room that still has a free door. Then, in this fixed order:
//!    for distance `d` in `1..search_radius`; for each free door of an eligible placed room
//!    (oldest room first, its doors in their chosen order); for each door of the new room (same
//!    kind only); for each cell `X` at Manhattan distance `d` from the placed door's own cell
//!    (straight out first, then alternately left and right of that line, nearest first); for each
//!    of the 4 rotations (0°, 90°, 180°, 270° clockwise): move the new room so that its door's
//!    outside cell is `X`. The pose passes when no new cell lies in the 3×3 neighbourhood of a
//!    placed room cell or on a corridor, the map stays within 4096 tiles on each side, and a
//!    shortest 4-connected path from the placed door's outside cell to `X` that avoids room
//!    cells (and corridors, unless `corridors_may_cross`) has fewer than `d` steps. Such a path
//!    is necessarily monotone with exactly `d` cells; it becomes the corridor. The first pose
//!    that passes wins. When only the newest room was eligible and nothing passed, the whole
//!    tree is searched before giving up; a room that finds no pose ends generation.
//! 5. **Loops** ([`Stage::Loops`]): after the tree, every pair of free doors of the same kind on
//!    rooms at least `loop_min_separation` corridors apart in the tree, whose outside cells a
//!    shortest path of at most `loop_max_length` cells joins, is a candidate. Candidates are
//!    shuffled and added, re-checked against what was added before, until `loops` were added.
//!
//! Every candidate door not used by a corridor stays internal: the map stores only doors that
//! carry a corridor. Corridors are stored in the order they were made: the tree's first (one
//! per room after the first, from the placed room's door to the new room's), then the loops.
//!
//! On the tile grid, room cells are room floor and corridor cells corridor floor; as in the
//! tutorial, walls are the edges between cells, so a corridor cell may touch a room's floor
//! away from a door (the view draws room outlines and doors on those edges).
//!
//! Speed: cells live in a dense, growable plane of flags (room cell, within one cell of a room,
//! corridor), so the gap test is one lookup per new cell. Each free door caches the cells `X`
//! where a one-cell room could open its door, and upper bounds on how many cells a room placed
//! there could have (the free region around it, flooded up to the largest room of the run).
//! These bounds only shrink as the dungeon grows, so an old bound still rules a door out; a
//! door's cache is recomputed only after something was built within reach of it (doors are
//! registered per 16×16 chunk), one distance at a time, and a door where even the smallest
//! room cannot fit is dropped for good. Per distance, a max-tree over the doors (oldest first)
//! finds the next door whose bound admits the new room in logarithmic time, so the work per
//! room barely grows with the dungeon. The first-pose-wins order is unchanged by all this:
//! only poses that cannot pass are skipped.

use super::{GenError, Generated, Report};
use crate::geom::{Dir, Pos};
use crate::map::{Corridor, Door, Map, Rgb, Room, Shape, Tile};
use crate::params::Params;
pub use crate::params::grown::*;
use crate::rng::{DelveRng, Stage, stream};
use rand::{Rng, RngExt};
use std::collections::{HashMap, VecDeque};

/// Largest map side; rooms are never placed so that the map would grow past it.
const MAX_EXTENT: i32 = 4096;

/// Figures of one run that the map itself does not keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrownStats {
    /// Candidate doors chosen on the placed rooms (used or not).
    pub candidate_doors: usize,
    /// Rooms regrown because they had a hole.
    pub regrown: u64,
    /// Poses tested over all rooms.
    pub poses_tested: u64,
    /// Times a placed door was looked at past the quick checks (closed, too little space).
    pub doors_examined: u64,
    /// Door caches (re)computed, one distance at a time.
    pub door_levels_computed: u64,
    /// Loop corridors added.
    pub loops_added: usize,
    /// Loop candidates found (pairs of doors a loop could join).
    pub loop_candidates: usize,
}

/// Generates like [`super::generate`] and also returns the run's [`GrownStats`] (for sweeps,
/// benchmarks and the closing figures of the tutorial comparison).
pub fn generate_with_stats(p: &GrownRooms, seed: u64) -> Result<(Generated, GrownStats), GenError> {
    let issues = p.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    let (mut g, stats) = run(p, seed);
    g.map.provenance =
        super::Provenance { params: Some(super::GeneratorParams::GrownRooms(p.clone())), seed, edited: false };
    Ok((g, stats))
}

pub(super) fn generate(p: &GrownRooms, seed: u64) -> Generated {
    run(p, seed).0
}

// ---------------------------------------------------------------------------------------------
// A dense plane of cells that grows to hold whatever is written to it.

/// Flags of a plane cell.
const ROOM: u8 = 1;
/// Within the 3×3 neighbourhood of a room cell (room cells included).
const NEAR: u8 = 2;
const CORRIDOR: u8 = 4;

struct Plane<T> {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    cells: Vec<T>,
    fill: T,
}

impl<T: Copy> Plane<T> {
    fn new(fill: T) -> Self {
        Self { x0: 0, y0: 0, w: 0, h: 0, cells: Vec::new(), fill }
    }

    #[inline]
    fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x.wrapping_sub(self.x0), p.y.wrapping_sub(self.y0));
        ((x as u32) < (self.w as u32) && (y as u32) < (self.h as u32))
            .then(|| y as usize * self.w as usize + x as usize)
    }

    #[inline]
    fn get(&self, p: Pos) -> T {
        self.index(p).map_or(self.fill, |i| self.cells[i])
    }

    /// The cell at `p`, growing the plane when `p` is outside it.
    fn slot(&mut self, p: Pos) -> &mut T {
        if self.index(p).is_none() {
            self.grow_to(p);
        }
        let i = self.index(p).unwrap_or(0);
        &mut self.cells[i]
    }

    fn grow_to(&mut self, p: Pos) {
        let slack = |n: i32| n / 2 + 16;
        let (mut x0, mut y0, mut x1, mut y1) = if self.w == 0 {
            (p.x, p.y, p.x + 1, p.y + 1)
        } else {
            (self.x0.min(p.x), self.y0.min(p.y), (self.x0 + self.w).max(p.x + 1), (self.y0 + self.h).max(p.y + 1))
        };
        if x0 < self.x0 || self.w == 0 {
            x0 -= slack(x1 - x0);
        }
        if x1 > self.x0 + self.w || self.w == 0 {
            x1 += slack(x1 - x0);
        }
        if y0 < self.y0 || self.h == 0 {
            y0 -= slack(y1 - y0);
        }
        if y1 > self.y0 + self.h || self.h == 0 {
            y1 += slack(y1 - y0);
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let mut cells = vec![self.fill; w as usize * h as usize];
        for row in 0..self.h {
            let from = row as usize * self.w as usize;
            let to = (row + self.y0 - y0) as usize * w as usize + (self.x0 - x0) as usize;
            cells[to..to + self.w as usize].copy_from_slice(&self.cells[from..from + self.w as usize]);
        }
        *self = Self { x0, y0, w, h, cells, fill: self.fill };
    }
}

// ---------------------------------------------------------------------------------------------
// Room shapes.

/// Reusable scratch space for growing rooms.
struct Grower {
    /// Square of side `2 * reach + 1` centred on the first cell: 1 = room, 2 = frontier.
    marks: Vec<u8>,
    reach: i32,
    frontier: Vec<Pos>,
    queue: Vec<Pos>,
}

impl Grower {
    fn new(max_steps: u32) -> Self {
        let reach = max_steps as i32 + 2;
        let side = (2 * reach + 1) as usize;
        Self { marks: vec![0; side * side], reach, frontier: Vec::new(), queue: Vec::new() }
    }

    #[inline]
    fn at(&self, p: Pos) -> usize {
        let side = 2 * self.reach + 1;
        ((p.y + self.reach) * side + (p.x + self.reach)) as usize
    }

    /// Grows one room of `1 + steps` cells from the origin, in growth order.
    fn grow(&mut self, rng: &mut DelveRng, steps: u32, cells: &mut Vec<Pos>) {
        cells.clear();
        self.frontier.clear();
        let start = Pos::new(0, 0);
        cells.push(start);
        let i = self.at(start);
        self.marks[i] = 1;
        self.add_frontier(start);
        for _ in 0..steps {
            let k = rng.random_range(0..self.frontier.len());
            let p = self.frontier.swap_remove(k);
            let i = self.at(p);
            self.marks[i] = 1;
            cells.push(p);
            self.add_frontier(p);
        }
    }

    fn add_frontier(&mut self, p: Pos) {
        for n in p.neighbours4() {
            let i = self.at(n);
            if self.marks[i] == 0 {
                self.marks[i] = 2;
                self.frontier.push(n);
            }
        }
    }

    /// The holes of the room just grown (still marked): the empty cells of its bounding box
    /// grown by one that a flood from the box's corner does not reach. Clears the marks.
    fn holes(&mut self, cells: &[Pos], holes: &mut Vec<Pos>) {
        holes.clear();
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for c in cells {
            x0 = x0.min(c.x);
            y0 = y0.min(c.y);
            x1 = x1.max(c.x);
            y1 = y1.max(c.y);
        }
        let (x0, y0, x1, y1) = (x0 - 1, y0 - 1, x1 + 1, y1 + 1);
        // Flood the empty cells from the top-left corner (always empty); mark reached cells 3.
        self.queue.clear();
        let corner = Pos::new(x0, y0);
        let ci = self.at(corner);
        self.marks[ci] = 3;
        self.queue.push(corner);
        while let Some(p) = self.queue.pop() {
            for n in p.neighbours4() {
                if n.x < x0 || n.x > x1 || n.y < y0 || n.y > y1 {
                    continue;
                }
                let i = self.at(n);
                if self.marks[i] != 1 && self.marks[i] != 3 {
                    self.marks[i] = 3;
                    self.queue.push(n);
                }
            }
        }
        // Collect the unreached empty cells, then clear every mark (frontier marks may lie one
        // cell outside the box).
        for y in y0 - 1..=y1 + 1 {
            for x in x0 - 1..=x1 + 1 {
                let p = Pos::new(x, y);
                let i = self.at(p);
                let inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
                if inside && self.marks[i] != 1 && self.marks[i] != 3 {
                    holes.push(p);
                }
                self.marks[i] = 0;
            }
        }
    }
}

/// A room before it is placed: cells around the origin, candidate doors.
struct Template {
    cells: Vec<Pos>,
    /// `(cell, side, kind)`.
    doors: Vec<(Pos, Dir, u8)>,
    colour: Rgb,
}

/// One rotation of a template, ready for pose tests.
struct Rotation {
    /// Per door: its outside cell, and every room cell relative to that outside cell, the
    /// door's own cell first (so collisions show early).
    outs: Vec<Pos>,
    sides: Vec<Dir>,
    /// `offsets[j * n..(j + 1) * n]` for door `j`, `n` the number of cells.
    offsets: Vec<Pos>,
    cells: Vec<Pos>,
    /// Bounding box of `cells`: `(x0, y0, x1, y1)` inclusive.
    bbox: (i32, i32, i32, i32),
    /// Membership bitmap over `bbox`.
    member: Vec<bool>,
}

impl Rotation {
    fn new(t: &Template, quarter_turns: u32) -> Self {
        let rot = |p: Pos| {
            let mut q = p;
            for _ in 0..quarter_turns {
                q = Pos::new(-q.y, q.x);
            }
            q
        };
        let turn = |d: Dir| {
            let mut e = d;
            for _ in 0..quarter_turns {
                e = e.rotate_cw();
            }
            e
        };
        let cells: Vec<Pos> = t.cells.iter().map(|&c| rot(c)).collect();
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for c in &cells {
            x0 = x0.min(c.x);
            y0 = y0.min(c.y);
            x1 = x1.max(c.x);
            y1 = y1.max(c.y);
        }
        let bw = (x1 - x0 + 1) as usize;
        let mut member = vec![false; bw * (y1 - y0 + 1) as usize];
        for c in &cells {
            member[(c.y - y0) as usize * bw + (c.x - x0) as usize] = true;
        }
        let mut outs = Vec::with_capacity(t.doors.len());
        let mut sides = Vec::with_capacity(t.doors.len());
        let mut offsets = Vec::with_capacity(t.doors.len() * cells.len());
        for &(cell, side, _) in &t.doors {
            let (cell, side) = (rot(cell), turn(side));
            let out = cell.step(side);
            // The door's cell first (it collides most often), then the rest in growth order.
            offsets.push(Pos::new(cell.x - out.x, cell.y - out.y));
            offsets.extend(cells.iter().filter(|&&c| c != cell).map(|c| Pos::new(c.x - out.x, c.y - out.y)));
            outs.push(out);
            sides.push(side);
        }
        Self { outs, sides, offsets, cells, bbox: (x0, y0, x1, y1), member }
    }

    /// Whether `p` (in this rotation's own frame) is a room cell.
    #[inline]
    fn contains(&self, p: Pos) -> bool {
        let (x0, y0, x1, y1) = self.bbox;
        p.x >= x0
            && p.x <= x1
            && p.y >= y0
            && p.y <= y1
            && self.member[(p.y - y0) as usize * (x1 - x0 + 1) as usize + (p.x - x0) as usize]
    }
}

/// Grows, mirrors, doors and colours the next room. The flag is set when every regrowth had a
/// hole; the room returned then has its last try's holes filled in.
fn make_template(
    p: &GrownRooms,
    grower: &mut Grower,
    shapes: &mut DelveRng,
    doors: &mut DelveRng,
    colours: &mut DelveRng,
    regrown: &mut u64,
) -> (Template, bool) {
    let mut cells = Vec::new();
    let mut holes = Vec::new();
    let mut tries = 0u32;
    let mut exhausted = false;
    loop {
        let steps = shapes.random_range(p.growth_steps.min..=p.growth_steps.max);
        grower.grow(shapes, steps, &mut cells);
        grower.holes(&cells, &mut holes);
        if holes.is_empty() {
            break;
        }
        if tries >= p.hole_retries {
            exhausted = true;
            cells.append(&mut holes);
            break;
        }
        tries += 1;
        *regrown += 1;
    }
    // Always drawn, so tuning the chance does not reshuffle later rooms.
    if shapes.random::<f64>() < p.mirror_chance {
        for c in &mut cells {
            c.x = -c.x;
        }
    }
    let mut walls = Vec::new();
    {
        let mut sorted = cells.clone();
        sorted.sort_unstable_by_key(|c| (c.y, c.x));
        let inside = |q: Pos| sorted.binary_search_by_key(&(q.y, q.x), |c| (c.y, c.x)).is_ok();
        for &c in &cells {
            for d in Dir::ALL {
                if !inside(c.step(d)) {
                    walls.push((c, d));
                }
            }
        }
    }
    let want = doors.random_range(p.doors_per_room.min..=p.doors_per_room.max) as usize;
    let n = want.min(walls.len());
    for i in 0..n {
        let j = doors.random_range(i..walls.len());
        walls.swap(i, j);
    }
    let kinds = u64::from(p.door_kinds.max(1));
    let chosen = walls[..n]
        .iter()
        .map(|&(c, d)| {
            // One draw per door whatever the number of kinds, so the stream stays aligned.
            let kind = ((u64::from(doors.next_u32()) * kinds) >> 32) as u8;
            (c, d, kind)
        })
        .collect();
    let mut channel = || colours.random_range(0..=0x99u8);
    let colour = Rgb(channel(), channel(), channel());
    (Template { cells, doors: chosen, colour }, exhausted)
}

// ---------------------------------------------------------------------------------------------
// Placement.

struct PlacedRoom {
    cells: Vec<Pos>,
    colour: Rgb,
    parent: u32,
    depth: u32,
    corridors: u32,
    /// Its candidate doors (indices into the builder's doors).
    doors: std::ops::Range<u32>,
}

struct DoorState {
    room: u32,
    cell: Pos,
    side: Dir,
    kind: u8,
    uses: u32,
    /// Cells `X` where a one-cell room's door could open, with the most cells a room could
    /// have there (see [`Builder::room_space`]; [`UNKNOWN`] until needed), by distance:
    /// `viable[starts[d-1]..starts[d]]` for the distances computed so far.
    viable: Vec<(Pos, u16)>,
    starts: Vec<u32>,
    /// Which cells of the last distance computed a monotone path reaches.
    row: Vec<bool>,
    /// Bit `d`: the builder's `caps` for distance `d` were computed from this cache.
    fresh_caps: u64,
}

impl DoorState {
    const EMPTY: DoorState = DoorState {
        room: 0,
        cell: Pos::new(0, 0),
        side: Dir::North,
        kind: 0,
        uses: 0,
        viable: Vec::new(),
        starts: Vec::new(),
        row: Vec::new(),
        fresh_caps: 0,
    };

    fn outside(&self) -> Pos {
        self.cell.step(self.side)
    }
}

struct Pose {
    door: u32,
    new_door: usize,
    rotation: usize,
    at: Pos,
    path: Vec<Pos>,
}

enum Search {
    Found(Pose),
    NotFound,
    OverBudget,
}

const CHUNK: i32 = 16;
/// A capacity not computed yet.
const UNKNOWN: u16 = u16::MAX;

/// Per distance `d`, a max-tree over door indices of the most cells a room placed at that door
/// and distance could have (0 for closed doors), so that the next door that might take a room
/// is found in logarithmic time instead of by scanning every door.
struct LevelIndex {
    /// Leaves per level (a power of two).
    size: usize,
    levels: usize,
    /// Level `d` occupies `tree[d * 2 * size..(d + 1) * 2 * size]`, root at 1, leaves at `size..`.
    tree: Vec<u16>,
}

impl LevelIndex {
    fn new(levels: usize) -> Self {
        Self { size: 0, levels, tree: Vec::new() }
    }

    /// Makes room for door `i`, whose leaves start at [`UNKNOWN`].
    fn push(&mut self, i: usize) {
        if i >= self.size {
            let size = (2 * self.size).max(64);
            let mut tree = vec![0u16; self.levels * 2 * size];
            for d in 0..self.levels {
                let (old, new) = (d * 2 * self.size, d * 2 * size);
                tree[new + size..new + size + self.size]
                    .copy_from_slice(&self.tree[old + self.size..old + 2 * self.size]);
                for n in (1..size).rev() {
                    tree[new + n] = tree[new + 2 * n].max(tree[new + 2 * n + 1]);
                }
            }
            *self = Self { size, levels: self.levels, tree };
        }
        for d in 0..self.levels {
            self.set(d, i, UNKNOWN);
        }
    }

    fn set(&mut self, d: usize, i: usize, v: u16) {
        let base = d * 2 * self.size;
        let mut n = self.size + i;
        self.tree[base + n] = v;
        while n > 1 {
            n /= 2;
            let m = self.tree[base + 2 * n].max(self.tree[base + 2 * n + 1]);
            if self.tree[base + n] == m {
                break;
            }
            self.tree[base + n] = m;
        }
    }

    /// The first door `>= from` whose value at level `d` is at least `min`.
    fn next(&self, d: usize, from: usize, min: u16) -> Option<usize> {
        if from >= self.size {
            return None;
        }
        let t = &self.tree[d * 2 * self.size..(d + 1) * 2 * self.size];
        let mut n = self.size + from;
        if t[n] < min {
            loop {
                while n & 1 == 1 {
                    n /= 2;
                }
                if n <= 1 {
                    return None;
                }
                n += 1;
                if t[n] >= min {
                    break;
                }
            }
            while n < self.size {
                n *= 2;
                if t[n] < min {
                    n += 1;
                }
            }
        }
        Some(n - self.size)
    }
}

struct Builder<'a> {
    p: &'a GrownRooms,
    plane: Plane<u8>,
    /// Per 16×16 chunk: `1 +` the index in `chunk_doors` of the doors whose caches depend on it.
    chunks: Plane<u32>,
    chunk_doors: Vec<Vec<u32>>,
    /// Chunks changed since the caches were last invalidated.
    touched: Vec<Pos>,
    rooms: Vec<PlacedRoom>,
    doors: Vec<DoorState>,
    /// Doors not closed yet.
    open: usize,
    /// Per distance, the doors that might take a room (see [`LevelIndex`]).
    index: LevelIndex,
    /// Per door: it will never take a new room (used, its room is full, or no room fits).
    closed: Vec<bool>,
    /// Per door: most cells of any room that could be placed there (an upper bound that only
    /// shrinks; [`UNKNOWN`] before the door was first looked at).
    space: Vec<u16>,
    /// Per door and distance `d`: most cells of a room placed at that distance
    /// (`caps[door * radius + d]`; [`UNKNOWN`] until needed, 0 when nothing fits). Upper bounds
    /// that only shrink as the dungeon grows.
    caps: Vec<u16>,
    /// Per door: something was built near it since its cache was computed.
    dirty: Vec<bool>,
    corridors: Vec<(Vec<Pos>, [u32; 2])>,
    /// Bounding box of room cells: `(x0, y0, x1, y1)` inclusive.
    ext: (i32, i32, i32, i32),
    limit: i32,
    path_block: u8,
    radius: u32,
    /// Monotone-path scratch: `reach[a][b + k]`.
    reach: Vec<bool>,
    /// Region floods of [`Builder::room_space`]: the id of the last flood that reached a cell.
    flood: Plane<u32>,
    flood_id: u32,
    flood_sizes: Vec<u16>,
    queue: Vec<Pos>,
    /// Fewest and most cells of a room in this run.
    min_cells: u16,
    max_cells: u16,
    poses: u64,
    examined: u64,
    levels: u64,
}

impl<'a> Builder<'a> {
    fn new(p: &'a GrownRooms) -> Self {
        let loop_room = if p.loops > 0 { 2 * (p.loop_max_length as i32 + 1) } else { 0 };
        let radius = p.search_radius.max(2);
        let k = radius as usize;
        Self {
            p,
            plane: Plane::new(0),
            chunks: Plane::new(0),
            chunk_doors: Vec::new(),
            touched: Vec::new(),
            rooms: Vec::new(),
            doors: Vec::new(),
            open: 0,
            index: LevelIndex::new(radius as usize),
            closed: Vec::new(),
            space: Vec::new(),
            caps: Vec::new(),
            dirty: Vec::new(),
            corridors: Vec::new(),
            ext: (0, 0, 0, 0),
            limit: MAX_EXTENT - 2 * p.margin as i32 - 2 - loop_room,
            path_block: if p.corridors_may_cross { ROOM } else { ROOM | CORRIDOR },
            radius,
            reach: vec![false; (k + 1) * (2 * k + 1)],
            flood: Plane::new(0),
            flood_id: 0,
            flood_sizes: Vec::new(),
            queue: Vec::new(),
            min_cells: (p.growth_steps.min.min(MAX_GROWTH) + 1) as u16,
            max_cells: (p.growth_steps.max.min(MAX_GROWTH) + 1) as u16,
            poses: 0,
            examined: 0,
            levels: 0,
        }
    }

    /// Marks door `i` as never usable for a new room again.
    fn close(&mut self, i: usize) {
        if self.closed[i] {
            return;
        }
        self.closed[i] = true;
        self.open -= 1;
        for d in 1..self.radius as usize {
            self.index.set(d, i, 0);
        }
    }

    fn mark(&mut self, p: Pos, flag: u8) {
        *self.plane.slot(p) |= flag;
        let c = Pos::new(p.x.div_euclid(CHUNK), p.y.div_euclid(CHUNK));
        if !self.touched.contains(&c) {
            self.touched.push(c);
        }
    }

    /// Marks the caches of every door near a changed chunk as out of date.
    fn invalidate(&mut self) {
        for c in std::mem::take(&mut self.touched) {
            let k = self.chunks.get(c);
            if k == 0 {
                continue;
            }
            let list = &mut self.chunk_doors[k as usize - 1];
            let closed = &self.closed;
            list.retain(|&i| !closed[i as usize]);
            for &i in list.iter() {
                self.dirty[i as usize] = true;
            }
        }
    }

    /// Registers door `i` with the chunks its cache depends on: cells within the search radius
    /// plus two (a room cell next to a viable cell, and that cell's 3×3 neighbourhood).
    fn register(&mut self, i: u32) {
        let cell = self.doors[i as usize].cell;
        let reach = self.radius as i32 + 2;
        let (cx0, cy0) = ((cell.x - reach).div_euclid(CHUNK), (cell.y - reach).div_euclid(CHUNK));
        let (cx1, cy1) = ((cell.x + reach).div_euclid(CHUNK), (cell.y + reach).div_euclid(CHUNK));
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                let slot = self.chunks.slot(Pos::new(cx, cy));
                if *slot == 0 {
                    self.chunk_doors.push(Vec::new());
                    *slot = self.chunk_doors.len() as u32;
                }
                let k = *slot as usize - 1;
                self.chunk_doors[k].push(i);
            }
        }
    }

    /// Adds a placed room (cells in world coordinates) and its candidate doors.
    fn add_room(&mut self, t: &Template, rot: &Rotation, shift: Pos, parent: u32) -> u32 {
        let id = self.rooms.len() as u32;
        let cells: Vec<Pos> = rot.cells.iter().map(|c| c.offset(shift.x, shift.y)).collect();
        for &c in &cells {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    self.mark(c.offset(dx, dy), NEAR);
                }
            }
            self.mark(c, ROOM);
        }
        let (x0, y0, x1, y1) = rot.bbox;
        self.ext = if id == 0 {
            (x0 + shift.x, y0 + shift.y, x1 + shift.x, y1 + shift.y)
        } else {
            let e = self.ext;
            (e.0.min(x0 + shift.x), e.1.min(y0 + shift.y), e.2.max(x1 + shift.x), e.3.max(y1 + shift.y))
        };
        let depth = if id == 0 { 0 } else { self.rooms[parent as usize].depth + 1 };
        let first_door = self.doors.len() as u32;
        let doors = first_door..first_door + t.doors.len() as u32;
        self.rooms.push(PlacedRoom { cells, colour: t.colour, parent, depth, corridors: 0, doors });
        for (j, &(_, _, kind)) in t.doors.iter().enumerate() {
            let out = rot.outs[j].offset(shift.x, shift.y);
            let side = rot.sides[j];
            self.doors.push(DoorState {
                room: id,
                cell: out.step(side.opposite()),
                side,
                kind,
                uses: 0,
                viable: Vec::new(),
                starts: Vec::new(),
                row: Vec::new(),
                fresh_caps: 0,
            });
            let i = self.doors.len() as u32 - 1;
            self.open += 1;
            self.index.push(i as usize);
            self.closed.push(false);
            self.dirty.push(true);
            self.space.push(UNKNOWN);
            self.caps.extend(std::iter::repeat_n(UNKNOWN, self.radius as usize));
            self.register(i);
        }
        id
    }

    fn add_corridor(&mut self, path: Vec<Pos>, a: u32, b: u32) {
        for &c in &path {
            self.mark(c, CORRIDOR);
        }
        for d in [a, b] {
            self.doors[d as usize].uses += 1;
            if !self.p.share_doors {
                self.close(d as usize);
            }
            let room = self.doors[d as usize].room as usize;
            self.rooms[room].corridors += 1;
            if self.rooms[room].corridors >= self.p.max_corridors_per_room {
                for i in self.rooms[room].doors.clone() {
                    self.close(i as usize);
                }
            }
        }
        self.corridors.push((path, [a, b]));
    }

    /// Makes door `i`'s cache hold distances `1..=d`: for each, the cells `X` at that distance
    /// from the door cell that a monotone path of `d` cells from the outside cell reaches, with
    /// a neighbour where a one-cell room could stand. Levels are added one at a time (most
    /// rooms are placed at distance 1 or 2); a changed neighbourhood starts the cache over.
    fn ensure_level(&mut self, i: usize, d: u32) {
        if !self.dirty[i] && self.doors[i].starts.len() as u32 > d {
            return;
        }
        if self.dirty[i] {
            self.dirty[i] = false;
            let door = &mut self.doors[i];
            door.viable.clear();
            door.starts.clear();
            door.starts.push(0);
            door.row.clear();
            door.fresh_caps = 0;
        }
        let (o, side) = (self.doors[i].outside(), self.doors[i].side);
        let (f, l) = (side.delta(), side.rotate_cw().delta());
        let at = |a: i32, b: i32| o.offset(a * f.0 + b * l.0, a * f.1 + b * l.1);
        let mut door = std::mem::replace(&mut self.doors[i], DoorState::EMPTY);
        while (door.starts.len() as u32) <= d {
            // Level k = d - 1 steps from the outside cell: cells (a, b) with a + |b| = k, in
            // the order straight out first, then left and right alternately. `row[b + k]` says
            // whether (k - |b|, b) is reached by a monotone path.
            let k = door.starts.len() as i32 - 1;
            self.levels += 1;
            let prev = std::mem::take(&mut door.row);
            let reached = |b: i32| b.abs() < k && prev[(b + k - 1) as usize];
            door.row = vec![false; (2 * k + 1) as usize];
            for r in 0..=k {
                let both = [-r, r];
                for &b in if r == 0 { &both[..1] } else { &both[..] } {
                    let a = k - r;
                    let x = at(a, b);
                    // From (a - 1, b), or sideways from (a, b -+ 1), both one level lower.
                    let from =
                        k == 0 || (a > 0 && reached(b)) || (b > 0 && reached(b - 1)) || (b < 0 && reached(b + 1));
                    let ok = from && self.plane.get(x) & self.path_block == 0;
                    door.row[(b + k) as usize] = ok;
                    if ok && x.neighbours4().iter().any(|&y| self.plane.get(y) & (NEAR | CORRIDOR) == 0) {
                        door.viable.push((x, UNKNOWN));
                    }
                }
            }
            let level = door.starts.len();
            if door.starts.last() == Some(&(door.viable.len() as u32)) {
                self.set_cap(i, level, 0);
                door.fresh_caps |= 1 << level;
            }
            door.starts.push(door.viable.len() as u32);
        }
        self.doors[i] = door;
    }

    /// Computes door `i`'s room capacities at distance `d` (once per cache). A door where the
    /// smallest room fits at no distance is closed for good.
    fn ensure_caps(&mut self, i: usize, d: usize) {
        if self.doors[i].fresh_caps & (1 << d) != 0 {
            return;
        }
        let first = self.flood_id;
        let (lo, hi) = (self.doors[i].starts[d - 1] as usize, self.doors[i].starts[d] as usize);
        let mut best = 0;
        for v in lo..hi {
            let x = self.doors[i].viable[v].0;
            let cap = x.neighbours4().into_iter().map(|y| self.room_space(y, first)).max().unwrap_or(0);
            self.doors[i].viable[v].1 = cap;
            best = best.max(cap);
        }
        self.doors[i].fresh_caps |= 1 << d;
        self.set_cap(i, d, best);
        self.settle(i);
    }

    fn set_cap(&mut self, i: usize, d: usize, v: u16) {
        self.caps[i * self.radius as usize + d] = v;
        if !self.closed[i] {
            self.index.set(d, i, v);
        }
    }

    /// Updates door `i`'s overall room space from its capacities, and closes the door when the
    /// smallest room fits at no distance.
    fn settle(&mut self, i: usize) {
        let r = self.radius as usize;
        self.space[i] = self.caps[i * r + 1..(i + 1) * r].iter().copied().max().unwrap_or(0);
        if self.space[i] < self.min_cells {
            self.close(i);
        }
    }

    /// Floods the cells free for rooms from the cells in `queue` (already stamped `id`),
    /// breadth first, until the region could hold the largest room; returns its size (at most
    /// that largest room).
    fn flood_fill(&mut self, id: u32) -> u16 {
        let mut head = 0;
        while head < self.queue.len() && self.queue.len() < usize::from(self.max_cells) {
            let p = self.queue[head];
            head += 1;
            for n in p.neighbours4() {
                if self.flood.get(n) != id && self.plane.get(n) & (NEAR | CORRIDOR) == 0 {
                    *self.flood.slot(n) = id;
                    self.queue.push(n);
                }
            }
        }
        self.queue.len().min(usize::from(self.max_cells)) as u16
    }

    /// How many cells a new room holding `y` could have at most: the size of the 4-connected
    /// region of cells free for rooms around `y`, counted up to the largest room of the run.
    /// Regions flooded since flood `first` are remembered.
    fn room_space(&mut self, y: Pos, first: u32) -> u16 {
        if self.plane.get(y) & (NEAR | CORRIDOR) != 0 {
            return 0;
        }
        let id = self.flood.get(y);
        if id > first {
            return self.flood_sizes[(id - first - 1) as usize];
        }
        if self.flood_id == first {
            self.flood_sizes.clear();
        }
        self.flood_id += 1;
        let id = self.flood_id;
        *self.flood.slot(y) = id;
        self.queue.clear();
        self.queue.push(y);
        // Breadth first, so the cells stamped cover the neighbourhood of `y` and later calls
        // for nearby cells hit the stamp.
        let size = self.flood_fill(id);
        self.flood_sizes.push(size);
        size
    }

    /// The monotone path of `|x - o|` steps from `o` to `x` avoiding blocked cells and the new
    /// room (rotation `rot` moved by `shift`), if there is one.
    fn monotone_path(&mut self, o: Pos, x: Pos, rot: &Rotation, shift: Pos, prefer_x_last: bool) -> Option<Vec<Pos>> {
        let (sx, sy) = ((x.x - o.x).signum(), (x.y - o.y).signum());
        let (w, h) = ((x.x - o.x).abs() + 1, (x.y - o.y).abs() + 1);
        let n = (w * h) as usize;
        if self.reach.len() < n {
            self.reach.resize(n, false);
        }
        let free = |p: Pos, plane: &Plane<u8>, block: u8| {
            plane.get(p) & block == 0 && !rot.contains(Pos::new(p.x - shift.x, p.y - shift.y))
        };
        for j in 0..h {
            for i in 0..w {
                let p = o.offset(i * sx, j * sy);
                let from = (i == 0 && j == 0)
                    || (i > 0 && self.reach[(j * w + i - 1) as usize])
                    || (j > 0 && self.reach[((j - 1) * w + i) as usize]);
                self.reach[(j * w + i) as usize] = from && free(p, &self.plane, self.path_block);
            }
        }
        if !self.reach[n - 1] {
            return None;
        }
        // Walk back from `x`, keeping to one axis as long as possible.
        let mut path = Vec::with_capacity((w + h - 1) as usize);
        let (mut i, mut j) = (w - 1, h - 1);
        let mut along_x = prefer_x_last;
        loop {
            path.push(o.offset(i * sx, j * sy));
            if i == 0 && j == 0 {
                break;
            }
            let can_x = i > 0 && self.reach[(j * w + i - 1) as usize];
            let can_y = j > 0 && self.reach[((j - 1) * w + i) as usize];
            along_x = if along_x { can_x || !can_y } else { can_x && !can_y };
            if along_x {
                i -= 1;
            } else {
                j -= 1;
            }
        }
        path.reverse();
        Some(path)
    }

    /// Tests every pose of the new room at the doors of `only` (in order), or at every door.
    fn search(&mut self, only: Option<&[u32]>, t: &Template, rots: &[Rotation; 4], budget: &mut u64) -> Search {
        let cells = t.cells.len().min(usize::from(u16::MAX)) as u16;
        for d in 1..self.radius {
            let mut pos = 0;
            loop {
                let i = match only {
                    Some(list) => match list.get(pos) {
                        Some(&i) => {
                            pos += 1;
                            i as usize
                        }
                        None => break,
                    },
                    None => match self.index.next(d as usize, pos, cells) {
                        Some(i) => {
                            pos = i + 1;
                            i
                        }
                        None => break,
                    },
                };
                let di = i as u32;
                // Caps are upper bounds that only shrink, so an old one still rules a door out.
                let cap = self.caps[i * self.radius as usize + d as usize];
                if self.closed[i] || cap < cells {
                    continue;
                }
                self.examined += 1;
                self.ensure_level(i, d);
                if self.doors[i].starts[d as usize - 1] == self.doors[i].starts[d as usize] {
                    self.settle(i);
                    continue;
                }
                self.ensure_caps(i, d as usize);
                if self.closed[i] || self.caps[i * self.radius as usize + d as usize] < cells {
                    continue;
                }
                let door = &self.doors[i];
                let (lo, hi) = (door.starts[d as usize - 1] as usize, door.starts[d as usize] as usize);
                if lo == hi {
                    continue;
                }
                let (kind, o) = (door.kind, door.outside());
                for (j, &(_, _, new_kind)) in t.doors.iter().enumerate() {
                    if new_kind != kind {
                        continue;
                    }
                    for v in lo..hi {
                        let (x, cap) = self.doors[i].viable[v];
                        if cap < cells {
                            continue;
                        }
                        for (r, rot) in rots.iter().enumerate() {
                            if *budget == 0 {
                                return Search::OverBudget;
                            }
                            *budget -= 1;
                            self.poses += 1;
                            let n = rot.cells.len();
                            if rot.offsets[j * n..(j + 1) * n]
                                .iter()
                                .any(|off| self.plane.get(x.offset(off.x, off.y)) & (NEAR | CORRIDOR) != 0)
                            {
                                continue;
                            }
                            let shift = Pos::new(x.x - rot.outs[j].x, x.y - rot.outs[j].y);
                            let (bx0, by0, bx1, by1) = rot.bbox;
                            let e = self.ext;
                            if e.2.max(bx1 + shift.x) - e.0.min(bx0 + shift.x) >= self.limit
                                || e.3.max(by1 + shift.y) - e.1.min(by0 + shift.y) >= self.limit
                            {
                                continue;
                            }
                            let path = if d <= 2 {
                                if x == o { vec![o] } else { vec![o, x] }
                            } else {
                                let into_x = matches!(rot.sides[j], Dir::East | Dir::West);
                                match self.monotone_path(o, x, rot, shift, into_x) {
                                    Some(p) => p,
                                    None => continue,
                                }
                            };
                            return Search::Found(Pose { door: di, new_door: j, rotation: r, at: x, path });
                        }
                    }
                }
            }
        }
        Search::NotFound
    }

    /// Places room `t` (the first at the origin); `Err` says why it could not be placed.
    fn place(&mut self, t: &Template, attach_anywhere: bool) -> Result<(), String> {
        let rots = [Rotation::new(t, 0), Rotation::new(t, 1), Rotation::new(t, 2), Rotation::new(t, 3)];
        if self.rooms.is_empty() {
            self.add_room(t, &rots[0], Pos::new(0, 0), 0);
            self.invalidate();
            return Ok(());
        }
        if self.open == 0 {
            return Err("every door of the placed rooms is used or blocked (raise doors_per_room or \
                        max_corridors_per_room, or share doors)"
                .into());
        }
        let mut budget = u64::from(self.p.placement_budget);
        let mut found = Search::NotFound;
        if !attach_anywhere {
            // The newest room with a door still open.
            let newest = self
                .rooms
                .iter()
                .rev()
                .map(|r| r.doors.clone())
                .find(|ds| ds.clone().any(|i| !self.closed[i as usize]));
            let preferred: Vec<u32> = newest.into_iter().flatten().filter(|&i| !self.closed[i as usize]).collect();
            found = self.search(Some(&preferred), t, &rots, &mut budget);
        }
        if matches!(found, Search::NotFound) {
            found = self.search(None, t, &rots, &mut budget);
        }
        match found {
            Search::Found(pose) => {
                let rot = &rots[pose.rotation];
                let shift = Pos::new(pose.at.x - rot.outs[pose.new_door].x, pose.at.y - rot.outs[pose.new_door].y);
                let parent = self.doors[pose.door as usize].room;
                let id = self.add_room(t, rot, shift, parent);
                let first_door = self.doors.len() - t.doors.len();
                let new_door = (first_door + pose.new_door) as u32;
                debug_assert_eq!(self.doors[new_door as usize].room, id);
                self.add_corridor(pose.path, pose.door, new_door);
                self.invalidate();
                Ok(())
            }
            Search::OverBudget => Err(format!(
                "room {} ({} cells) tried {} poses without finding a place (placement_budget)",
                self.rooms.len() + 1,
                t.cells.len(),
                self.p.placement_budget
            )),
            Search::NotFound => Err(format!(
                "room {} ({} cells, {} doors) fits at no free door within the search radius of {} tiles \
                 (raise search_radius or doors_per_room)",
                self.rooms.len() + 1,
                t.cells.len(),
                t.doors.len(),
                self.p.search_radius
            )),
        }
    }

    /// Whether rooms `u` and `v` are at least `s` corridors apart in the tree.
    fn far_apart(&self, mut u: u32, mut v: u32, s: u32) -> bool {
        let mut steps = 0;
        while u != v {
            if steps >= s {
                return true;
            }
            let (du, dv) = (self.rooms[u as usize].depth, self.rooms[v as usize].depth);
            if du >= dv {
                u = self.rooms[u as usize].parent;
            } else {
                v = self.rooms[v as usize].parent;
            }
            steps += 1;
        }
        steps >= s
    }

    /// Shortest path of at most `max_cells` cells from `from` to any cell `to` accepts, avoiding
    /// blocked cells, as `(path, end)`. Breadth-first over a local window, neighbours in
    /// [`Dir::ALL`] order.
    fn bfs(
        &self,
        from: Pos,
        max_cells: u32,
        mut goal: impl FnMut(Pos) -> bool,
        mut visit: impl FnMut(Pos),
    ) -> Option<Vec<Pos>> {
        if self.plane.get(from) & self.path_block != 0 {
            return None;
        }
        let r = max_cells as i32;
        let side = (2 * r + 1) as usize;
        let mut prev: Vec<u32> = vec![u32::MAX; side * side];
        let idx = |p: Pos| ((p.y - from.y + r) as usize) * side + (p.x - from.x + r) as usize;
        let mut queue = VecDeque::from([(from, 1u32)]);
        prev[idx(from)] = idx(from) as u32;
        while let Some((p, cells)) = queue.pop_front() {
            visit(p);
            if goal(p) {
                let mut path = vec![p];
                let mut i = idx(p);
                while prev[i] as usize != i {
                    i = prev[i] as usize;
                    path.push(Pos::new(from.x - r + (i % side) as i32, from.y - r + (i / side) as i32));
                }
                path.reverse();
                return Some(path);
            }
            if cells >= max_cells {
                continue;
            }
            for n in p.neighbours4() {
                let ni = idx(n);
                if prev[ni] == u32::MAX && self.plane.get(n) & self.path_block == 0 {
                    prev[ni] = idx(p) as u32;
                    queue.push_back((n, cells + 1));
                }
            }
        }
        None
    }

    /// Adds up to `loops` extra corridors; returns `(added, candidates)`.
    fn add_loops(&mut self, rng: &mut DelveRng) -> (usize, usize) {
        let p = self.p;
        let free: Vec<u32> =
            (0..self.doors.len() as u32).filter(|&i| self.usable_for_loop(&self.doors[i as usize])).collect();
        let mut at_cell: HashMap<Pos, Vec<u32>> = HashMap::new();
        for &i in &free {
            at_cell.entry(self.doors[i as usize].outside()).or_default().push(i);
        }
        let mut candidates: Vec<(u32, u32)> = Vec::new();
        for &a in &free {
            let da = &self.doors[a as usize];
            let mut found: Vec<u32> = Vec::new();
            self.bfs(
                da.outside(),
                p.loop_max_length,
                |_| false,
                |c| {
                    if let Some(list) = at_cell.get(&c) {
                        found.extend(list.iter().copied().filter(|&b| b > a));
                    }
                },
            );
            for b in found {
                let db = &self.doors[b as usize];
                if db.kind == da.kind && db.room != da.room && self.far_apart(da.room, db.room, p.loop_min_separation) {
                    candidates.push((a, b));
                }
            }
        }
        let total = candidates.len();
        for i in 0..candidates.len() {
            let j = rng.random_range(i..candidates.len());
            candidates.swap(i, j);
        }
        let mut added = 0;
        for (a, b) in candidates {
            if added >= p.loops as usize {
                break;
            }
            let (da, db) = (&self.doors[a as usize], &self.doors[b as usize]);
            if !self.usable_for_loop(da) || !self.usable_for_loop(db) {
                continue;
            }
            let target = db.outside();
            if let Some(path) = self.bfs(da.outside(), p.loop_max_length, |c| c == target, |_| {}) {
                self.add_corridor(path, a, b);
                self.invalidate();
                added += 1;
            }
        }
        (added, total)
    }

    fn usable_for_loop(&self, d: &DoorState) -> bool {
        (self.p.share_doors || d.uses == 0) && self.rooms[d.room as usize].corridors < self.p.max_corridors_per_room
    }

    /// The map: the bounding box of rooms and corridors plus the margin.
    fn into_map(self) -> Map {
        let margin = self.p.margin as i32;
        let all = self.rooms.iter().flat_map(|r| r.cells.iter()).chain(self.corridors.iter().flat_map(|c| c.0.iter()));
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for c in all {
            x0 = x0.min(c.x);
            y0 = y0.min(c.y);
            x1 = x1.max(c.x);
            y1 = y1.max(c.y);
        }
        if x0 > x1 {
            return Map::new(1 + 2 * margin as u32, 1 + 2 * margin as u32);
        }
        let (dx, dy) = (margin - x0, margin - y0);
        let (w, h) = ((x1 - x0 + 1 + 2 * margin) as u32, (y1 - y0 + 1 + 2 * margin) as u32);
        let mut map = Map::new(w, h);
        for (i, room) in self.rooms.iter().enumerate() {
            let cells: Vec<Pos> = room.cells.iter().map(|c| c.offset(dx, dy)).collect();
            for &c in &cells {
                map.set_tile(c, Tile::Floor);
            }
            map.rooms.push(Room { id: i as u32, shape: Shape::cells_from(cells), colour: room.colour, label: None });
        }
        let mut door_ids: Vec<Option<u32>> = vec![None; self.doors.len()];
        for (path, ends) in self.corridors {
            let mut ids = [0u32; 2];
            for (k, &d) in ends.iter().enumerate() {
                ids[k] = *door_ids[d as usize].get_or_insert_with(|| {
                    let s = &self.doors[d as usize];
                    let id = map.doors.len() as u32;
                    map.doors.push(Door { id, room: s.room, cell: s.cell.offset(dx, dy), side: s.side, kind: s.kind });
                    id
                });
            }
            let path: Vec<Pos> = path.into_iter().map(|c| c.offset(dx, dy)).collect();
            for &c in &path {
                if map.tile(c) == Some(Tile::Wall) {
                    map.set_tile(c, Tile::Corridor);
                }
            }
            let id = map.corridors.len() as u32;
            map.corridors.push(Corridor { id, path, doors: ids, width: 1 });
        }
        if let Some(s) = map.rooms.first().and_then(|r| r.shape.centre()) {
            map.spawn = s;
        }
        map
    }
}

fn run(p: &GrownRooms, seed: u64) -> (Generated, GrownStats) {
    let mut shapes = stream(seed, Stage::Shapes);
    let mut doors = stream(seed, Stage::Doors);
    let mut colours = stream(seed, Stage::Colours);
    let mut layout = stream(seed, Stage::Layout);
    let mut grower = Grower::new(p.growth_steps.max.min(MAX_GROWTH));
    let mut b = Builder::new(p);
    let mut stats = GrownStats::default();
    let mut shortfall = None;
    for i in 0..p.rooms {
        // One draw per room, so tuning `branching` does not reshuffle anything else.
        let anywhere = layout.random::<f64>() < p.branching;
        let (t, exhausted) = make_template(p, &mut grower, &mut shapes, &mut doors, &mut colours, &mut stats.regrown);
        if exhausted {
            shortfall = Some(format!(
                "room {} still had a hole after {} regrowths (lower growth_steps or raise hole_retries)",
                i + 1,
                p.hole_retries
            ));
            // The first room is kept, holes filled, so the map is never empty.
            if i == 0 && b.place(&t, anywhere).is_ok() {
                stats.candidate_doors += t.doors.len();
            }
            break;
        }
        if let Err(why) = b.place(&t, anywhere) {
            shortfall = Some(why);
            break;
        }
        stats.candidate_doors += t.doors.len();
    }
    if p.loops > 0 {
        let mut rng = stream(seed, Stage::Loops);
        (stats.loops_added, stats.loop_candidates) = b.add_loops(&mut rng);
    }
    stats.poses_tested = b.poses;
    stats.doors_examined = b.examined;
    stats.door_levels_computed = b.levels;
    let rooms_placed = b.rooms.len();
    let map = b.into_map();
    (Generated { map, report: Report { rooms_placed, rooms_asked: p.rooms as usize, shortfall } }, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plane_grows_in_every_direction() {
        let mut p = Plane::new(0u8);
        *p.slot(Pos::new(5, 5)) = 1;
        *p.slot(Pos::new(-40, 3)) = 2;
        *p.slot(Pos::new(7, -90)) = 3;
        *p.slot(Pos::new(300, 200)) = 4;
        assert_eq!(p.get(Pos::new(5, 5)), 1);
        assert_eq!(p.get(Pos::new(-40, 3)), 2);
        assert_eq!(p.get(Pos::new(7, -90)), 3);
        assert_eq!(p.get(Pos::new(300, 200)), 4);
        assert_eq!(p.get(Pos::new(1000, 1000)), 0);
    }

    #[test]
    fn level_index_finds_the_next_door_with_room() {
        let mut ix = LevelIndex::new(2);
        let mut vals = Vec::new();
        let mut x = 12345u32;
        for i in 0..300 {
            ix.push(i);
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let v = ((x >> 16) % 20) as u16;
            ix.set(1, i, v);
            vals.push(v);
        }
        for from in 0..310 {
            for min in [1, 5, 12, 19, 20] {
                let want = (from..vals.len()).find(|&i| vals[i] >= min);
                assert_eq!(ix.next(1, from, min), want, "from {from} min {min}");
            }
        }
        assert_eq!(ix.next(0, 0, 100), Some(0), "new doors start unknown (the largest value)");
    }

    #[test]
    fn holes_are_found() {
        let mut g = Grower::new(10);
        // A ring of 8 cells around (1, 1).
        let ring: Vec<Pos> =
            [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)].into_iter().map(Pos::from).collect();
        for &c in &ring {
            let i = g.at(c);
            g.marks[i] = 1;
        }
        let mut holes = Vec::new();
        g.holes(&ring, &mut holes);
        assert_eq!(holes, vec![Pos::new(1, 1)]);
        let l: Vec<Pos> = [(0, 0), (1, 0), (2, 0), (2, 1)].into_iter().map(Pos::from).collect();
        for &c in &l {
            let i = g.at(c);
            g.marks[i] = 1;
        }
        g.holes(&l, &mut holes);
        assert!(holes.is_empty());
        assert!(g.marks.iter().all(|m| *m == 0), "marks are cleared");
    }

    #[test]
    fn rotations_turn_doors_with_cells() {
        let t = Template {
            cells: vec![Pos::new(0, 0), Pos::new(1, 0)],
            doors: vec![(Pos::new(1, 0), Dir::East, 0)],
            colour: Rgb(0, 0, 0),
        };
        let r = Rotation::new(&t, 1);
        assert_eq!(r.cells, vec![Pos::new(0, 0), Pos::new(0, 1)]);
        assert_eq!(r.sides[0], Dir::South);
        assert_eq!(r.outs[0], Pos::new(0, 2));
        assert_eq!(r.offsets[0], Pos::new(0, -1), "door cell first");
        assert!(r.contains(Pos::new(0, 1)) && !r.contains(Pos::new(1, 1)));
    }
}
