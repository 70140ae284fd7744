//! A map's metrics and problems in one quick pass, for maps straight from a generator (sweeps,
//! thumbnails, the Explore view), where measuring must cost no more than generating.
//!
//! [`survey`] checks conditions that together imply the map has no problem at all — ids in
//! order, every room cell on the map, room floor and owned by one room, all room floor owned,
//! doors on their room's edge and used, corridors joined tile to tile from door to door over
//! floor outside rooms, every walkable tile reached from spawn — while it counts. If every
//! condition holds, the problems are none; if any fails, it hands the map to the full
//! [`super::check::Checker`] and [`Metrics::of`], so its answer is always exactly theirs (a
//! test holds both to that over thousands of seeds of every preset). Edited and loaded maps
//! keep the full check.
//!
//! [`survey_generated`], for a map exactly as the generator made it (a sweep's), does not walk
//! again what the generators lay tile by tile by construction — each room's cells on its own
//! floor, each corridor's path tile by tile over corridor floor — and checks the rest as
//! [`survey`] does: ids, doors on their room's edge, corridors ending at their doors, every door
//! used, every walkable tile reached from spawn. Tests hold its answer to the full check's over
//! thousands of seeds of every preset and variant and over random parameters of both
//! generators, which is where a generator that broke its construction would show.

use super::graph::{Claimed, claimed_ways, tile_ways_among};
use super::metrics::{Figures, GraphMetrics, Metrics};
use super::{Map, Problem, Shape, Tile};
use crate::geom::Pos;
use crate::pathfind;
use std::cell::RefCell;

/// What [`survey`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Survey {
    pub metrics: Metrics,
    /// Exactly what [`Map::validate`] says.
    pub problems: Vec<Problem>,
    /// Whether the quick pass answered (false: the full check did).
    pub quick: bool,
}

/// Buffers kept per thread between surveys, so a sweep allocates nothing per map.
#[derive(Default)]
struct Scratch {
    /// The tiles as bytes ([`WALL`], [`FLOOR`], [`CORRIDOR`], then [`OWNED`] for room floor a
    /// room has claimed) with a border of wall, so neighbours need no bounds; the search from
    /// spawn walls up what it has reached.
    grid: Vec<u8>,
    /// The search from spawn's queue: a tile's place in the bordered copy, its distance from
    /// spawn in the top half.
    queue: pathfind::Queue<u64>,
    /// The search over the room graph's queue.
    room_queue: pathfind::Queue<u32>,
    door_used: Vec<bool>,
    degree: Vec<u32>,
    /// The room graph as lists: `first[r]..first[r + 1]` index `next`.
    first: Vec<usize>,
    next: Vec<u32>,
    hops: Vec<u32>,
    fill: Vec<usize>,
    /// Steps from spawn to each place the flood reached (the others stale).
    dist: Vec<u32>,
}

/// The bytes of the bordered grid.
const WALL: u8 = Tile::Wall as u8;
const FLOOR: u8 = Tile::Floor as u8;
const CORRIDOR: u8 = Tile::Corridor as u8;
/// Room floor claimed by a room.
const OWNED: u8 = 3;
/// The bytes [`claimed_ways`] reads and writes.
const BYTES: Claimed = Claimed { owned: OWNED, corridor: CORRIDOR, listed: 4 };

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The metrics and problems of `map`: quickly when the map is sound, by the full check
/// otherwise. Both give the same answer.
pub fn survey(map: &Map) -> Survey {
    survey_as(map, Trust::Nothing)
}

/// [`survey`] for a map exactly as a generator made it (a sweep's, fresh from generation): rooms on
/// their floor, corridors tile by tile from door to door are sound by construction, so they are
/// not walked again; everything else is checked as [`survey`] checks it. Both give the same
/// answer on every generated map (a test holds them to that over thousands of seeds of every
/// generator and random parameters); on a map that was changed after it was made, use
/// [`survey`].
pub fn survey_generated(map: &Map) -> Survey {
    survey_as(map, Trust::Construction)
}

/// What the quick pass may take on trust.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Trust {
    Nothing,
    /// The tiles of rooms and corridors, as a generator lays them.
    Construction,
}

fn survey_as(map: &Map, trust: Trust) -> Survey {
    let quick = SCRATCH.with(|s| quick(map, trust, &mut s.borrow_mut()));
    match quick {
        Some(metrics) => Survey { metrics, problems: Vec::new(), quick: true },
        None => Survey { metrics: Metrics::of(map), problems: map.validate(), quick: false },
    }
}

/// The metrics of a sound map, or `None` when any condition of soundness fails.
fn quick(map: &Map, trust: Trust, s: &mut Scratch) -> Option<Metrics> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    let tiles = map.tiles().as_slice();
    let n = tiles.len();
    let in_order = map.rooms.iter().enumerate().all(|(i, r)| r.id as usize == i)
        && map.doors.iter().enumerate().all(|(i, d)| d.id as usize == i)
        && map.corridors.iter().enumerate().all(|(i, c)| c.id as usize == i);
    if !in_order || n == 0 || w > 0xffff || h > 0xffff || map.rooms.len() >= u32::MAX as usize {
        return None;
    }
    // Tiles of a kind that is not walkable (a chasm) take the full check; markers stand on
    // walkable floor.
    if map.terrain().has_blocked() || map.markers.iter().any(|m| !map.walkable(m.at)) {
        return None;
    }
    // Tiles by their place in the bordered copy (`None` off the map).
    let pw = w + 2;
    let at = |p: Pos| -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h)
            .then(|| (p.y as usize + 1) * pw + p.x as usize + 1)
    };

    // Tiles: a bordered copy, counts and dead-end cells, without branches on the tiles.
    pathfind::walled_round_into(&mut s.grid, w, h, WALL, |y, line| {
        for (g, t) in line.iter_mut().zip(&tiles[y * w..][..w]) {
            *g = *t as u8;
        }
    });
    let grid: &mut [u8] = &mut s.grid;
    let (mut room_tiles, mut corridor_tiles, mut dead_end_cells) = (0usize, 0usize, 0usize);
    // The rows between the border rows as one run (the border columns are wall, which counts
    // as nothing), in pieces of at most 255 tiles counted in bytes, which the compiler turns
    // into vector code sixteen tiles at a time; a row at a time would end a vector loop and
    // add up its lanes every 80 tiles.
    let (first, end) = (pw, (h + 1) * pw);
    for x0 in (first..end).step_by(255) {
        let k = (end - x0).min(255);
        let up = &grid[x0 - pw..][..k];
        let left = &grid[x0 - 1..][..k];
        let centre = &grid[x0..][..k];
        let right = &grid[x0 + 1..][..k];
        let down = &grid[x0 + pw..][..k];
        let (mut rooms, mut corridors, mut dead) = (0u8, 0u8, 0u8);
        for x in 0..k {
            let c = centre[x];
            let open = u8::from(left[x] != WALL)
                + u8::from(right[x] != WALL)
                + u8::from(up[x] != WALL)
                + u8::from(down[x] != WALL);
            rooms += u8::from(c == FLOOR);
            corridors += u8::from(c == CORRIDOR);
            dead += u8::from((c == CORRIDOR) & (open == 1));
        }
        room_tiles += usize::from(rooms);
        corridor_tiles += usize::from(corridors);
        dead_end_cells += usize::from(dead);
    }
    let floor_tiles = room_tiles + corridor_tiles;

    // Rooms: each cell on the map and room floor, claimed by one room only (a claimed tile is
    // OWNED, no longer FLOOR); together they claim all room floor. Once every room has claimed
    // its cells, a tile is a room's if and only if its shape contains it.
    // Rectangles claim their floor in either case: a row is cheap to fill, and then the ways
    // on the tiles are read from the bytes (below).
    let rects = map.rooms.iter().all(|r| matches!(r.shape, Shape::Rect(_)));
    let claim = trust == Trust::Nothing || rects;
    let mut owned = 0usize;
    for room in map.rooms.iter().filter(|_| claim) {
        let mut cells = 0usize;
        let mut sound = true;
        match &room.shape {
            Shape::Rect(b) => {
                let (x1, y1) = (b.x.checked_add(b.w)?, b.y.checked_add(b.h)?);
                if b.x < 0 || b.y < 0 || x1 as usize > w || y1 as usize > h || b.w <= 0 || b.h <= 0 {
                    return None;
                }
                let (x, rw) = (b.x as usize, b.w as usize);
                for y in b.y as usize..y1 as usize {
                    let row = &mut grid[(y + 1) * pw + x + 1..][..rw];
                    sound &= row.iter().fold(true, |all, t| all & (*t == FLOOR));
                    row.fill(OWNED);
                }
                cells = rw * b.h as usize;
            }
            shape => {
                // `contains` searches the cells of a cell set: they must be in order.
                if let Shape::Cells(c) = shape
                    && c.windows(2).any(|p| (p[0].y, p[0].x) >= (p[1].y, p[1].x))
                {
                    return None;
                }
                let mut off = false;
                shape.for_each_cell(|p| match at(p) {
                    Some(i) => {
                        sound &= grid[i] == FLOOR;
                        grid[i] = OWNED;
                        cells += 1;
                    }
                    None => off = true,
                });
                if off {
                    return None;
                }
            }
        }
        if !sound || cells == 0 {
            return None;
        }
        owned += cells;
    }
    if owned != room_tiles && claim {
        return None;
    }
    let inside = |room: usize, p: Pos| match &map.rooms[room].shape {
        Shape::Rect(b) => b.contains(p),
        shape => shape.contains(p),
    };

    // Doors: on their room's edge, opening onto the map outside the room.
    for d in &map.doors {
        let room = d.room as usize;
        let (cell, out) = (d.cell, d.outside());
        at(cell)?;
        at(out)?;
        if room >= map.rooms.len() || !inside(room, cell) || inside(room, out) {
            return None;
        }
    }
    // Corridors: from door to door, tile by tile, over floor that no room owns.
    s.door_used.clear();
    s.door_used.resize(map.doors.len(), false);
    for c in &map.corridors {
        let (Some(first), Some(last)) = (c.path.first(), c.path.last()) else { return None };
        for (door, end) in c.doors.into_iter().zip([first, last]) {
            let d = map.doors.get(door as usize)?;
            if d.outside() != *end {
                return None;
            }
            s.door_used[door as usize] = true;
        }
        if trust == Trust::Construction {
            continue;
        }
        if c.path.windows(2).any(|p| p[0].manhattan(p[1]) != 1) {
            return None;
        }
        for p in &c.path {
            let t = grid[at(*p)?];
            if t == WALL || t == OWNED {
                return None;
            }
        }
    }
    if s.door_used.iter().any(|u| !u) {
        return None;
    }

    // The room graph, with ids as indices: the corridors, then the ways on the tiles, read
    // from the bytes when the rooms are rectangles that claimed all room floor (the corridor
    // floor the corridors list is marked), else from the map.
    let room_of = |door: u32| map.doors[door as usize].room as usize;
    let joins: Vec<(usize, [usize; 2])> =
        map.corridors.iter().enumerate().map(|(i, c)| (i, [room_of(c.doors[0]), room_of(c.doors[1])])).collect();
    let ways = rects
        .then(|| claimed_ways(map, &joins, grid, pw, &BYTES, corridor_tiles))
        .flatten()
        .unwrap_or_else(|| tile_ways_among(map, &joins));

    // Reach: every walkable tile from spawn, by the flood over the bordered copy
    // ([`pathfind::flood_walled`]: no branch on the tiles, one loop for all distances), in the
    // order of their distance from it, which each queued tile carries in its top half (the
    // last one reached is the farthest). It walls up what it reaches.
    let start = at(map.spawn).filter(|&i| grid[i] != WALL)?;
    let spawn_room =
        matches!(grid[start], FLOOR | OWNED).then(|| (0..map.rooms.len()).find(|&r| inside(r, map.spawn))).flatten();
    pathfind::flood_walled(grid, pw, start, WALL, &mut s.queue);
    let queue = &s.queue;
    let longest_path = (queue.taken().last().copied().unwrap_or(0) >> 32) as u32;
    if queue.len() != floor_tiles {
        return None;
    }

    let rooms = map.rooms.len();
    let edges = || joins.iter().map(|&(_, e)| e).chain(ways.iter().copied());
    s.degree.clear();
    s.degree.resize(rooms, 0);
    for [a, b] in edges() {
        s.degree[a] += 1;
        s.degree[b] += 1;
    }
    s.first.clear();
    s.first.push(0);
    for r in 0..rooms {
        let f = s.first[r] + s.degree[r] as usize;
        s.first.push(f);
    }
    s.next.clear();
    s.next.resize(s.first[rooms], 0);
    s.fill.clear();
    s.fill.extend_from_slice(&s.first[..rooms]);
    let fill = &mut s.fill;
    for [a, b] in edges() {
        s.next[fill[a]] = b as u32;
        fill[a] += 1;
        s.next[fill[b]] = a as u32;
        fill[b] += 1;
    }
    // Pieces of the graph, each found by a walk ([`pathfind::walk`]) from its first room; the
    // spawn's room's piece first, whose last room reached is one of the farthest: the depth.
    s.hops.clear();
    s.hops.resize(rooms, u32::MAX);
    let graph = pathfind::Adjacency { first: &s.first, links: &s.next };
    let (hops, queue) = (&mut s.hops, &mut s.room_queue);
    let mut components = 0;
    let mut depth = 0;
    for r0 in spawn_room.into_iter().chain(0..rooms) {
        if hops[r0] != u32::MAX {
            continue;
        }
        components += 1;
        hops[r0] = 0;
        // Moved in as a slice: its length stays in a register (see `map::graph`).
        let hops_of = &mut **hops;
        let _ = pathfind::walk(
            graph,
            |r| r as usize,
            queue,
            r0 as u32,
            usize::MAX,
            move |r, next| {
                let hops = &mut *hops_of;
                let h = hops[r as usize] + 1;
                match hops.get_mut(next as usize) {
                    Some(n) if *n == u32::MAX => {
                        *n = h;
                        true
                    }
                    _ => false,
                }
            },
        );
        if Some(r0) == spawn_room {
            depth = queue.taken().last().map_or(0, |&r| hops[r as usize]);
        }
    }
    // The player's walk: a key it never reaches, or a vault open but at its doors, is a
    // problem, which the full check tells.
    // Without locks, the walk is the flood from spawn just made (it reached every walkable
    // tile): its steps are the player's.
    let locked = map.doors.iter().any(|d| matches!(d.opening, super::Opening::Locked(_)));
    let walk = if locked {
        super::certify::certify(map)
    } else {
        s.dist.resize(grid.len(), u32::MAX);
        for &e in s.queue.taken() {
            s.dist[e as u32 as usize] = (e >> 32) as u32;
        }
        let dist = &s.dist;
        // Every walkable tile was reached (and written), room floor among them (no tile kind
        // here is unwalkable: the quick pass took only such maps).
        super::certify::of_reached(map, |p| at(p).map(|i| dist[i]))
    };
    if !walk.keys_missed.is_empty() || !super::promises::open_vaults(map).is_empty() {
        return None;
    }
    let path_tiles: usize = map.corridors.iter().map(|c| c.path.len()).sum();
    let corridors = map.corridors.len();
    Some(Metrics {
        figures: Figures {
            rooms,
            doors: map.doors.len(),
            corridors,
            floor_tiles,
            room_tiles,
            corridor_tiles,
            floor_fraction: floor_tiles as f64 / n as f64,
            connected: true,
            dead_end_cells,
        },
        longest_path,
        graph: GraphMetrics {
            leaf_rooms: s.degree.iter().filter(|d| **d == 1).count(),
            loops: (corridors + ways.len() + components).saturating_sub(rooms),
            depth,
            mean_corridor_length: if corridors == 0 { 0.0 } else { path_tiles as f64 / corridors as f64 },
        },
        content: super::markers::Content::from_walk(map, &walk),
    })
}
