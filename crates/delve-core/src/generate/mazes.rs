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

use super::record::{Off, Recorder, Step, Steps};
use super::rooms_tunnels::carve::fill_shape;
use super::{Generated, Report};
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::palette::PALETTE;
use crate::map::{Map, Room, Shape, Tile};
use crate::params::RoomsAndMazes;
use crate::params::stages::Stage;
use crate::pathfind::{UnionFind, walled_round};
use crate::rng::{Stream, stream};
use rand::RngExt;

/// The map, telling `rec` each step.
pub(super) fn generate_with(p: &RoomsAndMazes, seed: u64, rec: &mut impl Recorder) -> Generated {
    run(p, seed, rec, usize::MAX)
}

/// The map after the first `steps` steps of a recording (the same run, stopped there).
pub(super) fn replay(p: &RoomsAndMazes, seed: u64, steps: usize) -> Map {
    run(p, seed, &mut Off, steps).map
}

/// Rock, in the regions grid.
const ROCK: u32 = u32::MAX;

/// The carving so far: each tile's region (rooms first, then mazes; [`ROCK`] for rock, and
/// openings keep [`ROCK`] but are marked open).
struct Carved {
    w: i32,
    h: i32,
    region: Vec<u32>,
    open: Vec<bool>,
    rooms: Vec<Rect>,
}

impl Carved {
    fn at(&self, c: Pos) -> Option<usize> {
        (c.x >= 0 && c.y >= 0 && c.x < self.w && c.y < self.h).then(|| (c.y * self.w + c.x) as usize)
    }

    fn carve(&mut self, c: Pos, region: u32) {
        if let Some(k) = self.at(c) {
            self.region[k] = region;
            self.open[k] = true;
        }
    }

    /// The map so far: rooms' floor, and every other open tile corridor floor.
    fn map(&self, width: u32, height: u32) -> Map {
        let rooms = self.rooms.len() as u32;
        let tiles = self
            .open
            .iter()
            .zip(&self.region)
            // By table, not by branches: the maze's pattern would be mispredicted at every turn.
            .map(|(&o, &r)| {
                [Tile::Wall, Tile::Wall, Tile::Floor, Tile::Corridor][usize::from(o) * 2 + usize::from(r >= rooms)]
            })
            .collect();
        Grid::from_vec(width, height, tiles).map_or_else(|| Map::new(width, height), Map::from_tiles)
    }
}

fn run(p: &RoomsAndMazes, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    let mut steps = Steps::new(rec, stop);
    let (w, h) = (p.width as i32, p.height as i32);
    let n = (w * h) as usize;
    let mut c = Carved { w, h, region: vec![ROCK; n], open: vec![false; n], rooms: Vec::new() };
    let done = |c: &Carved, report: Report| Generated { map: c.map(p.width, p.height), report };
    // 1. Maze rooms.
    let mut rng = stream(seed, Stream::Layout);
    let odd = |v: u32| i32::try_from(v - (1 - v % 2)).unwrap_or(3).max(3);
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
        if c.rooms.iter().any(|r| r.intersects(&floor)) {
            continue;
        }
        let room = c.rooms.len() as u32;
        floor.cells().for_each(|t| c.carve(t, room));
        c.rooms.push(floor);
        if steps.tell(|| Step::MazeRoom { room, floor }) {
            return done(&c, Report::default());
        }
    }
    // 2. Grow maze.
    let mut shapes = stream(seed, Stream::Shapes);
    let mut next = c.rooms.len() as u32;
    for y in (1..h - 1).step_by(2) {
        for x in (1..w - 1).step_by(2) {
            let start = Pos::new(x, y);
            if c.at(start).is_none_or(|k| c.open[k]) {
                continue;
            }
            let grown = grow(&mut c, start, next, p.winding, &mut shapes);
            let region = next;
            next += 1;
            if steps.tell(|| Step::MazeGrown { region, start, cells: grown }) {
                return done(&c, Report::default());
            }
        }
    }
    // 3. Connect.
    let openings = connect(&mut c, next as usize, p.extra_openings, &mut stream(seed, Stream::Tunnels));
    if steps.tell(|| Step::Connected { openings: openings.0, extra: openings.1 }) {
        return done(&c, Report::default());
    }
    // 4. Remove dead ends.
    // Without a room the whole maze is dead ends: it is kept, so the map has somewhere to stand.
    if p.stages.runs(Stage::RemoveDeadEnds) && !c.rooms.is_empty() {
        let filled = remove_dead_ends(&mut c, p.dead_ends);
        if steps.tell(|| Step::DeadEndsFilled { tiles: filled }) {
            return done(&c, Report::default());
        }
    }
    // 5. Passages: the rooms with their colours, joined along the maze.
    let mut map = c.map(p.width, p.height);
    let mut colours = stream(seed, Stream::Colours);
    let mut ids = vec![0u32; n];
    for (i, floor) in c.rooms.iter().enumerate() {
        let shape = Shape::Rect(*floor);
        fill_shape(&mut ids, p.width, &shape, i as u32 + 1);
        map.rooms.push(Room::new(i as u32, shape, PALETTE[colours.random_range(0..PALETTE.len())]));
    }
    map.spawn = c.rooms.first().map_or_else(
        || c.open.iter().position(|&o| o).map_or(map.spawn, |k| Pos::new(k as i32 % w, k as i32 / w)),
        |r| Pos::new(r.x + r.w / 2, r.y + r.h / 2),
    );
    let report = Report::new(c.rooms.len(), p.room_tries as usize, None);
    if p.stages.runs(Stage::Passages) {
        super::passages::join(p.width, &mut map, &ids, &mut steps);
    }
    Generated { map, report }
}

/// Stage 2: a growing-tree maze of region `region` from `start` over the odd tiles still rock;
/// returns how many tiles it carved.
fn grow(c: &mut Carved, start: Pos, region: u32, winding: f64, rng: &mut crate::rng::DelveRng) -> u32 {
    let mut carved = 1;
    c.carve(start, region);
    let mut stack = vec![start];
    let mut last: Option<Dir> = None;
    let (w, h) = (c.w, c.h);
    let row = w as usize;
    while let Some(&cell) = stack.last() {
        // The directions it may go, in `Dir::ALL` order (no allocation per step): two tiles on
        // is still rock inside the border. Every cell of the maze lies inside it, so only the
        // side it moves towards needs checking.
        let k = (cell.y * w + cell.x) as usize;
        let free = [
            cell.y - 2 >= 1 && !c.open[k - 2 * row],
            cell.x + 2 < w - 1 && !c.open[k + 2],
            cell.y + 2 < h - 1 && !c.open[k + 2 * row],
            cell.x - 2 >= 1 && !c.open[k - 2],
        ];
        let (mut ways, mut n) = ([Dir::North; 4], 0);
        for (d, free) in Dir::ALL.into_iter().zip(free) {
            if free {
                ways[n] = d;
                n += 1;
            }
        }
        let unmade = &ways[..n];
        if unmade.is_empty() {
            stack.pop();
            last = None;
            continue;
        }
        let dir = match last {
            Some(d) if unmade.contains(&d) && rng.random::<f64>() >= winding => d,
            _ => unmade[rng.random_range(0..unmade.len())],
        };
        c.carve(cell.step(dir), region);
        c.carve(cell.step(dir).step(dir), region);
        carved += 2;
        stack.push(cell.step(dir).step(dir));
        last = Some(dir);
    }
    carved
}

/// Stage 3: opens one opening at random after another until the `regions` are one; an opening
/// left between regions already one is opened with chance `extra`. Returns the openings made
/// to join, and the extra ones.
fn connect(c: &mut Carved, regions: usize, extra: f64, rng: &mut crate::rng::DelveRng) -> (u32, u32) {
    // Rock tiles inside the border with two or more regions around, in reading order.
    let mut openings: Vec<(Pos, [u32; 4], usize)> = Vec::new();
    let w = c.w as usize;
    for y in 1..c.h - 1 {
        for x in 1..c.w - 1 {
            let k = y as usize * w + x as usize;
            if c.open[k] {
                continue;
            }
            // The distinct regions around (north, east, south, west: inside the border, every
            // neighbour is on the map), in a fixed array (no allocation per tile; their order
            // does not matter to the merging).
            let (mut around, mut n) = ([ROCK; 4], 0);
            for j in [k - w, k + 1, k + w, k - 1] {
                let r = c.region[j];
                if r != ROCK && !around[..n].contains(&r) {
                    around[n] = r;
                    n += 1;
                }
            }
            if n >= 2 {
                openings.push((Pos::new(x, y), around, n));
            }
        }
    }
    // Kruskal's way: the openings in a random order; each joins its regions when they are not
    // one yet, and is otherwise kept by chance for a loop. (Nystrom picks a random opening among
    // those still joining two regions each time: the same choice, without going over the list
    // again after every merge.)
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.random_range(0..=i));
    }
    let mut merged = UnionFind::new(regions);
    let (mut joined, mut extras) = (0, 0);
    for (t, around, n) in openings {
        let around = &around[..n];
        let first = merged.find(around[0] as usize);
        if around.iter().any(|r| merged.find(*r as usize) != first) {
            c.carve(t, ROCK);
            joined += 1;
            for r in &around[1..] {
                merged.union(around[0] as usize, *r as usize);
            }
        } else if rng.random::<f64>() < extra && !near_opening(c, t) {
            c.carve(t, ROCK);
            extras += 1;
        }
    }
    (joined, extras)
}

/// Whether a tile next to `t` is an opening already (two openings side by side make a wide gap).
fn near_opening(c: &Carved, t: Pos) -> bool {
    Dir::ALL.iter().any(|d| c.at(t.step(*d)).is_some_and(|k| c.open[k] && c.region[k] == ROCK))
}

/// Stage 4: fills dead ends tip after tip; with `share` below 1, stops when that share of the
/// tiles that would go is gone. Returns the tiles filled.
///
/// What removing them all would fill is found first, in order, wave after wave: the first wave
/// is every passage tile with at most one open neighbour, in reading order; each tip filled
/// offers its passage neighbours (north, east, south, west) to the next wave. The first `share`
/// of that order is then filled. Only the open marks change, so the search works on a copy of
/// them alone.
fn remove_dead_ends(c: &mut Carved, share: f64) -> u64 {
    let rooms = c.rooms.len() as u32;
    let (w, h) = (c.w as usize, c.h as usize);
    // The passages as bytes walled round (a border one tile wide; `pw` places a row): 2 for a
    // maze tile or an opening, 1 for room floor, 0 for rock. Only these marks change while the
    // search runs. A tile goes by its place there and its index in the map, side by side.
    let pw = w + 2;
    // Without branches (the maze's pattern would be mispredicted at every turn).
    let mut open = walled_round(w, h, 0, |k| u8::from(c.open[k]) * (1 + u8::from(c.region[k] >= rooms)));
    // North, east, south, west: (place, index) of each neighbour.
    let near = |(p, k): (usize, usize)| {
        [(p - pw, k.wrapping_sub(w)), (p + 1, k + 1), (p + pw, k + w), (p - 1, k.wrapping_sub(1))]
    };
    // Each passage tile's open neighbours, kept as tiles are filled.
    let mut open_around = vec![0u8; open.len()];
    let mut tips: Vec<(usize, usize)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            // Every tile's count, without branches; a tip is a passage tile with one at most.
            let p = (y + 1) * pw + x + 1;
            let n = [p - pw, p + 1, p + pw, p - 1].iter().map(|&q| u8::from(open[q] != 0)).sum::<u8>();
            open_around[p] = n;
            if (open[p] == 2) & (n <= 1) {
                tips.push((p, y * w + x));
            }
        }
    }
    let mut next = Vec::new();
    let mut all = Vec::new();
    while !tips.is_empty() {
        for &(p, k) in &tips {
            if open[p] == 0 || open_around[p] > 1 {
                continue;
            }
            open[p] = 0;
            all.push(k);
            for (q, j) in near((p, k)) {
                open_around[q] = open_around[q].wrapping_sub(1);
                if open[q] == 2 {
                    next.push((q, j));
                }
            }
        }
        std::mem::swap(&mut tips, &mut next);
        next.clear();
    }
    let take = ((share.clamp(0.0, 1.0) * all.len() as f64).round() as usize).min(all.len());
    for &k in &all[..take] {
        c.open[k] = false;
        c.region[k] = ROCK;
    }
    take as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::Recording;

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
