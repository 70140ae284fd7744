//! Rooms and mazes, as Bob Nystrom builds them ("Rooms and Mazes: A Procedural Dungeon
//! Generator", 2014), with the maze's passages joining the rooms by corridors.
//!
//! | Stage | Does | Stream |
//! |---|---|---|
//! | 1. Maze rooms | `room_tries` rooms of odd sides in `room_size` at odd places; a try that overlaps a room is skipped | [`Stream::Layout`] |
//! | 2. Grow maze | from each odd tile still rock, in reading order, a growing-tree maze over the odd tiles (two tiles a step), going straight on unless a draw under `winding` turns it | [`Stream::Shapes`] |
//! | 3. Connect | a rock tile between two regions (rooms and mazes) is an opening; in a random order, each opening that joins regions not yet one is opened and they are merged, and one between regions already merged is opened with chance `extra_openings` (loops) | [`Stream::Tunnels`] |
//! | 4. Remove dead ends | the maze's dead ends (a passage tile with one open neighbour) filled back in, tip after tip, until `dead_ends` of what would go is gone (a map without rooms keeps its maze whole) | — |
//! | 5. Passages | the rooms each passage touches joined along it by corridors (`passages.rs`) | — |
//!
//! then roles and colours apart. Room colours are drawn from [`Stream::Colours`]; the spawn is at
//! the first room's centre.

pub mod params;
pub mod stages;

pub use params::RoomsAndMazes;

use super::record::{Flow, Off, Recorder, Step, Steps};
use super::{Generated, Report};
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::palette::PALETTE;
use crate::map::{Map, Room, Shape, Tile};
use crate::params::stages::Stage;
use crate::pathfind::UnionFind;
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

mod steps;

pub use steps::MazesStep;

/// The map, telling `rec` each step.
fn generate_with(p: &RoomsAndMazes, seed: u64, rec: &mut impl Recorder) -> Generated {
    run(p, seed, rec, usize::MAX)
}

/// The map after the first `steps` steps of a recording (the same run, stopped there).
fn replay(p: &RoomsAndMazes, seed: u64, steps: usize) -> Map {
    run(p, seed, &mut Off, steps).map
}

/// Rock, in the regions grid.
const ROCK: u32 = u32::MAX;

/// Whether region value `r` is a maze's or an opening (a passage), with `rooms` rooms.
const fn is_passage(r: u32, rooms: u32) -> bool {
    (r >= rooms) & (r != ROCK)
}
/// An opening, in the regions grid: open, and of no region.
const OPENING: u32 = u32::MAX - 1;
/// The border, fenced off while mazes grow: neither rock nor a region.
const FENCE: u32 = u32::MAX - 2;

/// The carving so far, one grid that every stage works on: each tile's region (rooms first,
/// then mazes), [`ROCK`] or [`OPENING`], walled round by rock one tile wide (`pw` places a
/// row), so a tile's neighbours are always on the grid.
struct Carved {
    w: i32,
    h: i32,
    pw: usize,
    region: Vec<u32>,
    rooms: Vec<Rect>,
}

impl Carved {
    /// All rock, before the first room.
    fn new(p: &RoomsAndMazes) -> Carved {
        let pw = p.width as usize + 2;
        let region = vec![ROCK; pw * (p.height as usize + 2)];
        Carved { w: p.width as i32, h: p.height as i32, pw, region, rooms: Vec::new() }
    }

    /// The place of map tile `c`, if on the map.
    fn at(&self, c: Pos) -> Option<usize> {
        (c.x >= 0 && c.y >= 0 && c.x < self.w && c.y < self.h).then(|| (c.y as usize + 1) * self.pw + c.x as usize + 1)
    }

    /// The map tile at place `k`.
    fn pos(&self, k: usize) -> Pos {
        Pos::new((k % self.pw) as i32 - 1, (k / self.pw) as i32 - 1)
    }

    /// Sets the two outermost rings of places (the wall round the map and the map's border) to
    /// `value`. No maze may grow there: two steps on from a maze's tile (odd places inside the
    /// border) lands on one of them exactly when it would leave the tiles inside.
    fn fence(&mut self, value: u32) {
        let pw = self.pw;
        let rows = self.region.len() / pw;
        for y in 0..rows {
            let line = &mut self.region[y * pw..][..pw];
            if y < 2 || y + 2 >= rows {
                line.fill(value);
            } else {
                (line[0], line[1], line[pw - 2], line[pw - 1]) = (value, value, value, value);
            }
        }
    }

    /// Whether the tile at place `k` is a maze's or an opening: a passage.
    fn passage(&self, k: usize) -> bool {
        is_passage(self.region[k], self.rooms.len() as u32)
    }

    /// North, east, south, west, as steps between places.
    fn steps(&self) -> [usize; 4] {
        [self.pw.wrapping_neg(), 1, self.pw, usize::MAX]
    }

    /// The regions of the four tiles around place `k` (north, east, south, west), which lies
    /// inside the wall round the map.
    fn around(&self, k: usize) -> [u32; 4] {
        self.steps().map(|s| self.region[k.wrapping_add(s)])
    }

    /// The map so far: rooms' floor, and every other open tile corridor floor.
    fn map(&self, width: u32, height: u32) -> Map {
        let rooms = self.rooms.len() as u32;
        let mut tiles = Vec::with_capacity(width as usize * height as usize);
        for row in self.region.chunks_exact(self.pw).skip(1).take(height as usize) {
            // Without branches (the maze's pattern would be mispredicted at every turn): the
            // kind's number worked out, which the compiler turns into vector code.
            tiles.extend(row[1..=width as usize].iter().map(|&r| {
                match u8::from(r != ROCK) * (1 + u8::from(r >= rooms)) {
                    0 => Tile::Wall,
                    1 => Tile::Floor,
                    _ => Tile::Corridor,
                }
            }));
        }
        Grid::from_vec(width, height, tiles).map_or_else(|| Map::new(width, height), Map::from_tiles)
    }
}

/// Nystrom's steps, one call each: the rooms, the mazes between them, the openings that make
/// it one, the dead ends filled back, then the rooms joined along the passages. A replay stops
/// after its last step (`Flow::Break` from any stage).
fn run(p: &RoomsAndMazes, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    let mut steps = Steps::new(rec, stop);
    let mut c = Carved::new(p);
    if carve(p, seed, &mut c, &mut steps).is_break() {
        return Generated { map: c.map(p.width, p.height), report: Report::default() };
    }
    join_along_passages(p, seed, &c, &mut steps)
}

/// Stages 1 to 4 on the carving `c`.
fn carve(p: &RoomsAndMazes, seed: u64, c: &mut Carved, steps: &mut Steps<'_, impl Recorder>) -> Flow {
    place_rooms(p, &mut stream(seed, Stream::Layout), c, steps)?;
    let regions = grow_mazes(p, &mut stream(seed, Stream::Shapes), c, steps)?;
    let (joined, extra) = connect(c, regions, p.extra_openings, &mut stream(seed, Stream::Tunnels));
    steps.step(|| MazesStep::Connected { openings: joined, extra }.into())?;
    // Without a room the whole maze is dead ends: it is kept, so the map has somewhere to stand.
    if p.common.stages.runs(Stage::RemoveDeadEnds) && !c.rooms.is_empty() {
        let tiles = remove_dead_ends(c, p.dead_ends);
        steps.step(|| MazesStep::DeadEndsFilled { tiles }.into())?;
    }
    Flow::Continue(())
}

/// Stage 1: `room_tries` rooms of odd sides at odd places, a try that overlaps a room skipped.
fn place_rooms(p: &RoomsAndMazes, rng: &mut DelveRng, c: &mut Carved, steps: &mut Steps<'_, impl Recorder>) -> Flow {
    let (w, h) = (c.w, c.h);
    let odd = |v: u32| i32::try_from(v - (1 - v % 2)).unwrap_or(3).max(3);
    // The rooms' edges (left, top, right, bottom), for the overlap test.
    let mut boxes: Vec<[i32; 4]> = Vec::new();
    for _ in 0..p.room_tries {
        let sizes = p.room_size.min..=p.room_size.max.max(p.room_size.min);
        let rw = odd(rng.random_range(sizes.clone()));
        let rh = odd(rng.random_range(sizes));
        if w - 2 - rw < 0 || h - 2 - rh < 0 {
            continue;
        }
        let x = 1 + 2 * rng.random_range(0..=(w - 2 - rw) / 2);
        let y = 1 + 2 * rng.random_range(0..=(h - 2 - rh) / 2);
        let floor = Rect::new(x, y, rw, rh);
        // Every room looked at, without branches (which overlap is not to be foretold).
        let [left, top, right, bottom] = [x, y, x + rw, y + rh];
        let overlaps = boxes
            .iter()
            .fold(false, |o, b: &[i32; 4]| o | ((b[0] < right) & (left < b[2]) & (b[1] < bottom) & (top < b[3])));
        debug_assert_eq!(overlaps, c.rooms.iter().any(|r| r.intersects(&floor)));
        if overlaps {
            continue;
        }
        let room = c.rooms.len() as u32;
        for y in floor.y..floor.bottom() {
            if let Some(k) = c.at(Pos::new(floor.x, y)) {
                c.region[k..k + floor.w as usize].fill(room);
            }
        }
        c.rooms.push(floor);
        boxes.push([left, top, right, bottom]);
        steps.step(|| MazesStep::MazeRoom { room, floor }.into())?;
    }
    Flow::Continue(())
}

/// Stage 2: a maze grown from each odd tile still rock, in reading order. Returns how many
/// regions there are (rooms and mazes).
fn grow_mazes(
    p: &RoomsAndMazes,
    rng: &mut DelveRng,
    c: &mut Carved,
    steps: &mut Steps<'_, impl Recorder>,
) -> std::ops::ControlFlow<(), usize> {
    let mut next = c.rooms.len() as u32;
    c.fence(FENCE);
    for y in (1..c.h - 1).step_by(2) {
        for x in (1..c.w - 1).step_by(2) {
            let start = Pos::new(x, y);
            if c.at(start).is_none_or(|k| c.region[k] != ROCK) {
                continue;
            }
            let cells = grow(c, start, next, p.winding, rng);
            let region = next;
            next += 1;
            if steps.tell(|| MazesStep::MazeGrown { region, start, cells }.into()) {
                c.fence(ROCK);
                return std::ops::ControlFlow::Break(());
            }
        }
    }
    c.fence(ROCK);
    std::ops::ControlFlow::Continue(next as usize)
}

/// Stage 5: the map of the carving, its rooms with their colours and the spawn at the first
/// room's centre, the rooms joined along the passages by corridors (`passages.rs`).
fn join_along_passages(p: &RoomsAndMazes, seed: u64, c: &Carved, steps: &mut Steps<'_, impl Recorder>) -> Generated {
    let mut map = c.map(p.width, p.height);
    let mut colours = stream(seed, Stream::Colours);
    for (i, floor) in c.rooms.iter().enumerate() {
        map.rooms.push(Room::new(i as u32, Shape::Rect(*floor), PALETTE[colours.random_range(0..PALETTE.len())]));
    }
    map.spawn = c.rooms.first().map_or_else(
        || c.region.iter().position(|&r| r != ROCK).map_or(map.spawn, |k| c.pos(k)),
        |r| Pos::new(r.x + r.w / 2, r.y + r.h / 2),
    );
    let report = Report::new(c.rooms.len(), p.room_tries as usize, None);
    if p.common.stages.runs(Stage::Passages) {
        let rooms = c.rooms.len() as u32;
        let pass = c.region.iter().map(|&r| u8::from(!is_passage(r, rooms)) * super::passages::WALL).collect();
        let room = |k: usize| c.region.get(k).copied().filter(|&r| r < rooms);
        super::passages::join_walled(c.pw, pass, room, &mut map, steps);
    }
    Generated { map, report }
}

/// Stage 2: a growing-tree maze of region `region` from `start` over the odd tiles still rock;
/// returns how many tiles it carved.
fn grow(c: &mut Carved, start: Pos, region: u32, winding: f64, rng: &mut DelveRng) -> u32 {
    let Some(first) = c.at(start) else { return 0 };
    let mut carved = 1;
    c.region[first] = region;
    let mut stack = vec![first];
    let mut last: Option<Dir> = None;
    let pw = c.pw;
    let steps = c.steps();
    while let Some(&k) = stack.last() {
        // The directions it may go, a bit each in `Dir::ALL` order, without branches (the
        // maze's turns would be mispredicted): two tiles on is still rock. The border is
        // fenced off while mazes grow, so that is inside it.
        let rock = |k: usize| c.region[k] == ROCK;
        let free = usize::from(rock(k.wrapping_sub(2 * pw)))
            | usize::from(rock(k + 2)) << 1
            | usize::from(rock(k + 2 * pw)) << 2
            | usize::from(rock(k - 2)) << 3;
        if free == 0 {
            stack.pop();
            last = None;
            continue;
        }
        let unmade = WAYS[free];
        let dir = match last {
            Some(d) if free & (1 << d as usize) != 0 && rng.random::<f64>() >= winding => d,
            _ => unmade[rng.random_range(0..free.count_ones() as usize)],
        };
        let step = steps[dir as usize];
        c.region[k.wrapping_add(step)] = region;
        let to = k.wrapping_add(step.wrapping_mul(2));
        c.region[to] = region;
        carved += 2;
        stack.push(to);
        last = Some(dir);
    }
    carved
}

/// The directions a set of them holds (bit `i` for `Dir::ALL[i]`), in `Dir::ALL` order.
const WAYS: [[Dir; 4]; 16] = {
    let mut ways = [[Dir::North; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let (mut i, mut n) = (0, 0);
        while i < 4 {
            if set & (1 << i) != 0 {
                ways[set][n] = Dir::ALL[i];
                n += 1;
            }
            i += 1;
        }
        set += 1;
    }
    ways
};

/// Stage 3: opens one opening at random after another until the `regions` are one; an opening
/// left between regions already one is opened with chance `extra`. Returns the openings made
/// to join, and the extra ones.
fn connect(c: &mut Carved, regions: usize, extra: f64, rng: &mut DelveRng) -> (u32, u32) {
    let found = openings(c);
    debug_assert_eq!(found, openings_by_scan(c), "an opening away from every room");
    // Kruskal's way: the openings in a random order; each joins its regions when they are not
    // one yet, and is otherwise kept by chance for a loop. (Nystrom picks a random opening among
    // those still joining two regions each time: the same choice, without going over the list
    // again after every merge.)
    let mut openings = found;
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.random_range(0..=i));
    }
    let mut merged = UnionFind::new(regions);
    // How many sets of regions are left: once one, no opening joins any more.
    let mut sets = regions;
    let (mut joined, mut extras) = (0, 0);
    for k in openings {
        let k = k as usize;
        // The regions around (read now: opening a tile changes no region), rock and openings
        // left out; the least is a region.
        let around = c.around(k);
        let least = around.iter().fold(ROCK, |a, &r| a.min(r)) as usize;
        let joins = sets > 1 && {
            let first = merged.find(least);
            around.iter().any(|&r| r < OPENING && merged.find(r as usize) != first)
        };
        if joins {
            c.region[k] = OPENING;
            joined += 1;
            for r in around.into_iter().filter(|&r| r < OPENING) {
                sets -= usize::from(merged.union(least, r as usize));
            }
        } else if rng.random::<f64>() < extra && !near_opening(c, k) {
            c.region[k] = OPENING;
            extras += 1;
        }
    }
    (joined, extras)
}

/// Whether rock tile `k` has two distinct regions or more around it: the least region, and
/// the greatest + 1 with rock (`u32::MAX`) as 0, are more than one apart. Without branches
/// (most rock has one region around or none, in the maze's pattern). Before any opening.
fn joins_regions(c: &Carved, k: usize) -> bool {
    let around = c.around(k);
    let least = around.iter().fold(ROCK, |a, &r| a.min(r));
    let most = around.iter().fold(0, |a, &r| a.max(r.wrapping_add(1)));
    (c.region[k] == ROCK) & (u64::from(least) + 1 < u64::from(most))
}

/// The openings, in reading order, as places: rock tiles inside the border with two regions
/// or more around. Every one is beside a room, so only the rooms' rings are looked at: two
/// mazes never meet at a rock tile, as a maze grows into every odd tile two steps from it that
/// is still rock, and the tiles between mazes' tiles are such steps (checked against
/// [`openings_by_scan`] in debug builds).
fn openings(c: &Carved) -> Vec<u32> {
    let (w, h) = (c.w, c.h);
    // Marked in a bitset of the places, then read off in order (a tile between two rooms is on
    // both rings).
    let mut marks = vec![0u64; c.region.len().div_ceil(64)];
    let pw = c.pw;
    // Marks the openings among the tiles from (x, y), `n` of them `step` apart, if that line is
    // inside the border (a room lies inside it, so its ring's lines are inside it or on it).
    let mut line = |x: i32, y: i32, n: i32, step: usize| {
        if x >= 1 && y >= 1 && x < w - 1 && y < h - 1 {
            let first = (y as usize + 1) * pw + x as usize + 1;
            for k in (0..n.max(0) as usize).map(|i| first + i * step) {
                marks[k / 64] |= u64::from(joins_regions(c, k)) << (k % 64);
            }
        }
    };
    for r in &c.rooms {
        line(r.x, r.y - 1, r.w, 1);
        line(r.x, r.bottom(), r.w, 1);
        line(r.x - 1, r.y, r.h, pw);
        line(r.right(), r.y, r.h, pw);
    }
    let mut found = Vec::new();
    for (i, mut word) in marks.into_iter().enumerate() {
        while word != 0 {
            found.push((i * 64) as u32 + word.trailing_zeros());
            word &= word - 1;
        }
    }
    found
}

/// [`openings`] by looking at every tile inside the border.
fn openings_by_scan(c: &Carved) -> Vec<u32> {
    let (w, h, pw) = (c.w.max(0) as usize, c.h.max(0) as usize, c.pw);
    (2..h).flat_map(|y| (2..w).map(move |x| y * pw + x)).filter(|&k| joins_regions(c, k)).map(|k| k as u32).collect()
}

/// Whether a tile next to place `k` is an opening already (two openings side by side make a
/// wide gap).
fn near_opening(c: &Carved, k: usize) -> bool {
    c.around(k).contains(&OPENING)
}

/// Stage 4: fills dead ends tip after tip; with `share` below 1, stops when that share of the
/// tiles that would go is gone. Returns the tiles filled.
///
/// What removing them all would fill is found first, in order, wave after wave: the first wave
/// is every passage tile with at most one open neighbour, in reading order; each tip filled
/// offers its passage neighbours (north, east, south, west) to the next wave. All of them are
/// filled as they are found; what lies past the first `share` of that order is then put back.
fn remove_dead_ends(c: &mut Carved, share: f64) -> u64 {
    let (w, h, pw) = (c.w as usize, c.h as usize, c.pw);
    let near = c.steps();
    // Each tile's open neighbours, kept as tiles are filled.
    let mut open_around = vec![0u8; c.region.len()];
    let mut tips: Vec<usize> = Vec::new();
    let rooms = c.rooms.len() as u32;
    let mut is_tip = vec![0u8; w];
    for y in 1..=h {
        // Row by row, without branches (the maze's pattern would be mispredicted at every turn):
        // every tile's count, and the tips, passage tiles with one at most.
        let row = y * pw;
        let (up, mid, down) =
            (&c.region[row - pw + 1..][..w], &c.region[row..][..w + 2], &c.region[row + pw + 1..][..w]);
        let counts = &mut open_around[row + 1..][..w];
        for (x, n) in counts.iter_mut().enumerate() {
            *n = [up[x], mid[x], mid[x + 2], down[x]].iter().map(|&r| u8::from(r != ROCK)).sum::<u8>();
        }
        for (flag, (&r, &n)) in is_tip.iter_mut().zip(mid[1..=w].iter().zip(counts.iter())) {
            *flag = u8::from(is_passage(r, rooms) & (n <= 1));
        }
        // Tips are few: read off eight flags at a time.
        for (i, flags) in is_tip.chunks(8).enumerate() {
            let mut word = [0; 8];
            word[..flags.len()].copy_from_slice(flags);
            let mut word = u64::from_le_bytes(word);
            while word != 0 {
                let at = word.trailing_zeros() as usize / 8;
                tips.push(row + 1 + i * 8 + at);
                word &= !(0xff << (at * 8));
            }
        }
    }
    if share >= 1.0 {
        return fill_every_dead_end(c, &tips, &mut open_around);
    }
    let mut next = Vec::new();
    // Each tile filled, with the region it had.
    let mut all: Vec<(usize, u32)> = Vec::new();
    while !tips.is_empty() {
        for &p in &tips {
            if c.region[p] == ROCK || open_around[p] > 1 {
                continue;
            }
            all.push((p, c.region[p]));
            c.region[p] = ROCK;
            for q in near.map(|s| p.wrapping_add(s)) {
                open_around[q] = open_around[q].wrapping_sub(1);
                if c.passage(q) {
                    next.push(q);
                }
            }
        }
        std::mem::swap(&mut tips, &mut next);
        next.clear();
    }
    let take = ((share.clamp(0.0, 1.0) * all.len() as f64).round() as usize).min(all.len());
    for &(p, region) in &all[take..] {
        c.region[p] = region;
    }
    take as u64
}

/// [`remove_dead_ends`] with nothing left: what goes is the same whatever the order (a tile
/// that may go stays so as others go), so each of the `tips` is followed along its dead end
/// in turn, tile after tile, with nothing queued (a filled tip had one open neighbour at most:
/// the only one that may go next). Returns the tiles filled.
fn fill_every_dead_end(c: &mut Carved, tips: &[usize], open_around: &mut [u8]) -> u64 {
    let near = c.steps();
    let mut filled = 0;
    for &tip in tips {
        let mut p = tip;
        while c.region[p] != ROCK && open_around[p] <= 1 {
            c.region[p] = ROCK;
            filled += 1;
            let mut on = p;
            for q in near.map(|s| p.wrapping_add(s)) {
                open_around[q] = open_around[q].wrapping_sub(1);
                if c.passage(q) {
                    on = q;
                }
            }
            if on == p {
                break;
            }
            p = on;
        }
    }
    filled
}

impl super::family::Generate for RoomsAndMazes {
    const JOINS: Option<(Stage, &'static str)> =
        Some((Stage::Passages, "Passages is off: no corridor joins the rooms"));

    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
        (generate_with(self, seed, rec), None)
    }

    fn replay(&self, seed: u64, steps: &[Step]) -> Map {
        replay(self, seed, steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::Recording;

    /// A run stopped while the mazes grow shows the mazes so far, and rock all round (the
    /// fence kept off the border then is not carving).
    #[test]
    fn a_run_stopped_while_mazes_grow_shows_the_mazes_so_far() {
        let p = RoomsAndMazes { width: 40, height: 30, ..RoomsAndMazes::default() };
        for seed in 0..5 {
            let mut rec = Recording::default();
            generate_with(&p, seed, &mut rec);
            let mut grown = 0;
            for (i, step) in rec.steps.iter().enumerate() {
                let Step::Mazes(MazesStep::MazeGrown { cells, .. }) = step else { continue };
                grown += cells;
                let m = replay(&p, seed, i + 1);
                let corridor = m.tiles().as_slice().iter().filter(|t| **t == Tile::Corridor).count();
                assert_eq!(corridor as u32, grown, "seed {seed}, step {i}");
                for x in 0..40 {
                    for y in [0, 29] {
                        assert_eq!(m.tile(Pos::new(x, y)), Some(Tile::Wall), "seed {seed}, step {i}");
                    }
                }
                for y in 0..30 {
                    for x in [0, 39] {
                        assert_eq!(m.tile(Pos::new(x, y)), Some(Tile::Wall), "seed {seed}, step {i}");
                    }
                }
            }
            assert!(grown > 0, "seed {seed}: a maze grew");
        }
    }

    #[test]
    fn every_map_is_one_valid_dungeon_and_replays() {
        let p = RoomsAndMazes::default();
        for seed in 0..30 {
            let mut rec = Recording::default();
            let g = generate_with(&p, seed, &mut rec);
            let m = &g.map;
            assert!(m.validate().is_empty(), "seed {seed}: {:?}\n{}", m.validate(), m.to_ascii());
            assert!(m.rooms.len() >= 5, "seed {seed}");
            assert!(m.rooms.iter().all(|r| matches!(r.shape, Shape::Rect(f) if f.x % 2 == 1 && f.w % 2 == 1)));
            assert_eq!(replay(&p, seed, rec.steps.len()), g.map);
            // No dead end is left: every passage tile has two open neighbours or more.
            let open = |t: Pos| m.tile(t).is_some_and(|t| t != Tile::Wall);
            for (k, t) in m.tiles().as_slice().iter().enumerate() {
                let at = Pos::new(k as i32 % 81, k as i32 / 81);
                if *t == Tile::Corridor {
                    assert!(Dir::ALL.iter().filter(|d| open(at.step(**d))).count() >= 2, "seed {seed}: {at:?}");
                }
            }
        }
    }
}
