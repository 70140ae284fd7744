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

use super::metrics::{Figures, GraphMetrics, Metrics};
use super::{Map, Problem, Shape, Tile};
use crate::geom::Pos;
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
    /// Per tile: `stamp << 32 | room index` of the room owning it, in this survey's stamp.
    owner: Vec<u64>,
    stamp: u64,
    /// The tiles as bytes with a border of wall, so neighbours need no bounds; the search
    /// from spawn walls up what it has reached.
    grid: Vec<u8>,
    queue: Vec<u32>,
    door_used: Vec<bool>,
    degree: Vec<u32>,
    /// The room graph as lists: `first[r]..first[r + 1]` index `next`.
    first: Vec<u32>,
    next: Vec<u32>,
    hops: Vec<u32>,
    fill: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The metrics and problems of `map`: quickly when the map is sound, by the full check
/// otherwise. Both give the same answer.
pub fn survey(map: &Map) -> Survey {
    let quick = SCRATCH.with(|s| quick(map, &mut s.borrow_mut()));
    match quick {
        Some(metrics) => Survey { metrics, problems: Vec::new(), quick: true },
        None => Survey { metrics: Metrics::of(map), problems: map.validate(), quick: false },
    }
}

/// The metrics of a sound map, or `None` when any condition of soundness fails.
fn quick(map: &Map, s: &mut Scratch) -> Option<Metrics> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    let tiles = map.tiles().as_slice();
    let n = tiles.len();
    let in_order = map.rooms.iter().enumerate().all(|(i, r)| r.id as usize == i)
        && map.doors.iter().enumerate().all(|(i, d)| d.id as usize == i)
        && map.corridors.iter().enumerate().all(|(i, c)| c.id as usize == i);
    if !in_order || n == 0 || w > 0xffff || h > 0xffff || map.rooms.len() >= u32::MAX as usize {
        return None;
    }
    let index = |p: Pos| -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h).then(|| p.y as usize * w + p.x as usize)
    };
    let walkable = |i: usize| tiles[i] != Tile::Wall;

    // Tiles: a bordered copy, counts and dead-end cells, without branches on the tiles.
    let pw = w + 2;
    s.grid.clear();
    s.grid.resize(pw * (h + 2), 0);
    for (y, row) in tiles.chunks_exact(w).enumerate() {
        for (g, t) in s.grid[(y + 1) * pw + 1..][..w].iter_mut().zip(row) {
            *g = *t as u8;
        }
    }
    let grid = &s.grid;
    // Counted a row at a time in narrow sums, which the compiler turns into vector code.
    let (mut room_tiles, mut corridor_tiles, mut dead_end_cells) = (0usize, 0usize, 0usize);
    for y in 1..=h {
        let up = &grid[(y - 1) * pw + 1..][..w];
        let mid = &grid[y * pw..][..w + 2];
        let down = &grid[(y + 1) * pw + 1..][..w];
        let (left, centre, right) = (&mid[..w], &mid[1..=w], &mid[2..]);
        let (mut rooms, mut corridors, mut dead) = (0u32, 0u32, 0u32);
        for x in 0..w {
            let c = centre[x];
            let open = u8::from(left[x] != 0) + u8::from(right[x] != 0) + u8::from(up[x] != 0) + u8::from(down[x] != 0);
            rooms += u32::from(c == Tile::Floor as u8);
            corridors += u32::from(c == Tile::Corridor as u8);
            dead += u32::from((c == Tile::Corridor as u8) & (open == 1));
        }
        room_tiles += rooms as usize;
        corridor_tiles += corridors as usize;
        dead_end_cells += dead as usize;
    }
    let floor_tiles = room_tiles + corridor_tiles;

    // Rooms: each cell on the map, room floor, owned once; together they own all room floor.
    if s.owner.len() < n || s.stamp >= u64::from(u32::MAX) {
        s.owner = vec![0; n.max(s.owner.len())];
        s.stamp = 0;
    }
    s.stamp += 1;
    let current = s.stamp;
    let stamp = current << 32;
    let owner = &mut s.owner;
    let mut owned = 0usize;
    for (r, room) in map.rooms.iter().enumerate() {
        let mark = stamp | r as u64;
        let mut cells = 0usize;
        let mut sound = true;
        let mut claim = |i: usize| {
            if tiles[i] != Tile::Floor || owner[i] >> 32 == current {
                sound = false;
            }
            owner[i] = mark;
            cells += 1;
        };
        match &room.shape {
            Shape::Rect(b) => {
                let (x1, y1) = (b.x.checked_add(b.w)?, b.y.checked_add(b.h)?);
                if b.x < 0 || b.y < 0 || x1 as usize > w || y1 as usize > h {
                    return None;
                }
                for y in b.y..y1 {
                    let row = y as usize * w;
                    (row + b.x as usize..row + x1 as usize).for_each(&mut claim);
                }
            }
            shape => {
                let mut off = false;
                shape.for_each_cell(|p| match index(p) {
                    Some(i) => claim(i),
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
    if owned != room_tiles {
        return None;
    }
    let owner_of = |i: usize| (owner[i] >> 32 == current).then_some((owner[i] & 0xffff_ffff) as usize);

    // Doors: on their room's edge, opening onto the map outside the room.
    for d in &map.doors {
        let room = d.room as usize;
        let (Some(cell), Some(out)) = (index(d.cell), index(d.outside())) else { return None };
        if room >= map.rooms.len() || owner_of(cell) != Some(room) || owner_of(out) == Some(room) {
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
        if c.path.windows(2).any(|p| p[0].manhattan(p[1]) != 1) {
            return None;
        }
        for p in &c.path {
            let i = index(*p)?;
            if !walkable(i) || owner_of(i).is_some() {
                return None;
            }
        }
    }
    if s.door_used.iter().any(|u| !u) {
        return None;
    }

    // Reach: every walkable tile from spawn, layer by layer (the longest of the shortest walks
    // is the last layer). A reached tile is walled up in the bordered copy; each neighbour is
    // written to the queue, which moves on only past open ones: no branch on the tiles, whose
    // pattern differs from map to map and would be mispredicted often.
    let start = index(map.spawn).filter(|&i| walkable(i))?;
    let grid: &mut [u8] = &mut s.grid;
    let first = (map.spawn.y as usize + 1) * pw + map.spawn.x as usize + 1;
    s.queue.clear();
    // A slot past the last tile the search can reach, for the neighbour written but not kept.
    s.queue.resize(floor_tiles + 1, 0);
    let queue: &mut [u32] = &mut s.queue;
    grid[first] = 0;
    queue[0] = first as u32;
    let (mut head, mut tail) = (0usize, 1usize);
    let mut longest_path = 0u32;
    loop {
        let end = tail;
        while head < end {
            let i = queue[head] as usize;
            head += 1;
            for j in [i - 1, i + 1, i - pw, i + pw] {
                let open = grid[j] != 0;
                grid[j] = 0;
                queue[tail] = j as u32;
                tail += usize::from(open);
            }
        }
        if tail == end {
            break;
        }
        longest_path += 1;
    }
    if tail != floor_tiles {
        return None;
    }

    // The room graph, with ids as indices.
    let rooms = map.rooms.len();
    let room_of = |door: u32| map.doors[door as usize].room as usize;
    s.degree.clear();
    s.degree.resize(rooms, 0);
    for c in &map.corridors {
        s.degree[room_of(c.doors[0])] += 1;
        s.degree[room_of(c.doors[1])] += 1;
    }
    s.first.clear();
    s.first.push(0);
    for r in 0..rooms {
        let f = s.first[r] + s.degree[r];
        s.first.push(f);
    }
    s.next.clear();
    s.next.resize(s.first[rooms] as usize, 0);
    s.fill.clear();
    s.fill.extend_from_slice(&s.first[..rooms]);
    let fill = &mut s.fill;
    let mut pieces = crate::pathfind::UnionFind::new(rooms);
    for c in &map.corridors {
        let (a, b) = (room_of(c.doors[0]), room_of(c.doors[1]));
        s.next[fill[a] as usize] = b as u32;
        fill[a] += 1;
        s.next[fill[b] as usize] = a as u32;
        fill[b] += 1;
        pieces.union(a, b);
    }
    let components = (0..rooms).filter(|&r| pieces.find(r) == r).count();
    let mut depth = 0;
    if let Some(r0) = owner_of(start) {
        s.hops.clear();
        s.hops.resize(rooms, u32::MAX);
        s.hops[r0] = 0;
        s.queue.clear();
        s.queue.push(r0 as u32);
        let mut head = 0;
        while let Some(&r) = s.queue.get(head) {
            head += 1;
            let r = r as usize;
            depth = s.hops[r];
            for k in s.first[r]..s.first[r + 1] {
                let next = s.next[k as usize] as usize;
                if s.hops[next] == u32::MAX {
                    s.hops[next] = depth + 1;
                    s.queue.push(next as u32);
                }
            }
        }
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
            loops: (corridors + components).saturating_sub(rooms),
            depth,
            mean_corridor_length: if corridors == 0 { 0.0 } else { path_tiles as f64 / corridors as f64 },
        },
    })
}
