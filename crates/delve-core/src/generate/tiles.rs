//! The **tiles** step of the markers stage, before any marker: the preset's tile kinds
//! ([`crate::params::tiles`]) painted on the floor, on their own stream ([`Stream::Tiles`]).
//!
//! | Step | Does |
//! |---|---|
//! | each kind, in order | its kind added to the map's palette; in each room (not a locked one, and with a free floor tile) with a weight above 0 for its role, a count of patches drawn evenly from *patches* times the weight (the fraction drawn as a chance); each patch grown from a free floor tile of the room to free neighbours at random, up to a size drawn from *size*; a patch of a kind that cannot be walked is kept only when every other floor tile of the room and every door stays reachable within the room; then *corridors* single tiles per 100 corridor tiles, drawn among free corridor floor |
//!
//! Free floor holds no kind yet and is not a door's tile, the tile beside a door on either side,
//! the spawn, a marker's tile or a locked tile. Without tile kinds the step draws nothing and
//! changes nothing.

use super::Report;
use super::record::{Recorder, SharedStep, Steps};
use crate::geom::{Pos, Rect};
use crate::map::{Map, Shape, Tile};
use crate::params::tiles::TileRule;
use crate::pathfind::{self, Queue};
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

/// Paints `rules` on `map` from `seed`'s tiles stream; what fell short is told in `report`.
/// Returns true when `steps` says to stop.
pub(super) fn paint(
    rules: &[TileRule],
    seed: u64,
    map: &mut Map,
    report: &mut Report,
    steps: &mut Steps<'_, impl Recorder>,
) -> bool {
    let mut rng = stream(seed, Stream::Tiles);
    let mut free = free_tiles(map);
    let mut scratch = Scratch::default();
    for rule in rules {
        let Ok(n) = map.add_tile_kind(rule.kind()) else {
            report.notes.push(format!("tile kind “{}” not painted: the map's palette is full", rule.name));
            continue;
        };
        let (mut wanted, mut painted, mut tiles) = (0u32, 0u32, 0u32);
        for r in 0..map.rooms.len() {
            let room = &map.rooms[r];
            let weight = rule.weight(room.role);
            if room.locked || weight <= 0.0 {
                continue;
            }
            let count = patches(rule, weight, &mut rng);
            let shape = room.shape.clone();
            let cells = shape.cells();
            let Some(area) = shape.bounds() else { continue };
            // A room with no tile a patch may start on (a closet whose tiles are its doors' or
            // beside them; for a kind that cannot be walked, all where the room meets floor
            // outside it, or whose loss alone would cut the room apart) takes no patch and asks
            // for none.
            let room_fits = count > 0
                && cells.iter().any(|&p| {
                    may_start(&shape, p, rule.walkable, &free, map)
                        && (rule.walkable || !cuts(map, r, area, &[p], &mut scratch))
                });
            if !room_fits {
                continue;
            }
            wanted += count;
            for _ in 0..count {
                let size = rng.random_range(rule.size.min..=rule.size.max.max(rule.size.min));
                // A patch that would cut the room is grown again from elsewhere, half as large,
                // a few times.
                let mut kept = None;
                for t in 0..PATCH_TRIES {
                    let size = (size >> t).max(1);
                    let patch = grow(&shape, &cells, size, rule.walkable, &free, map, &mut rng);
                    if patch.is_empty() {
                        break;
                    }
                    if rule.walkable || !cuts(map, r, area, &patch, &mut scratch) {
                        kept = Some(patch);
                        break;
                    }
                }
                let Some(patch) = kept else { continue };
                for &p in &patch {
                    map.set_tile_kind(p, n);
                    free.take(p);
                }
                painted += 1;
                tiles += patch.len() as u32;
            }
        }
        if wanted > painted {
            report.notes.push(format!(
                "tile kind “{}”: {painted} of {wanted} patches painted (the others found no free floor{})",
                rule.name,
                if rule.walkable { "" } else { " or would have cut a room apart" }
            ));
        }
        if rule.corridors > 0.0 && rule.walkable {
            tiles += along_corridors(rule, n, map, &mut free, &mut rng);
        }
        let kind = rule.name.clone();
        if steps.tell(|| SharedStep::TilesPainted { kind, patches: painted, tiles }.into()) {
            return true;
        }
    }
    false
}

/// Which tiles may still be painted.
struct Free {
    open: Vec<bool>,
    w: i32,
    h: i32,
}

impl Free {
    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && p.x < self.w && p.y < self.h).then(|| (p.y * self.w + p.x) as usize)
    }

    fn is_open(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.open[i])
    }

    fn take(&mut self, p: Pos) {
        if let Some(i) = self.index(p) {
            self.open[i] = false;
        }
    }

    fn give(&mut self, p: Pos) {
        if let Some(i) = self.index(p) {
            self.open[i] = true;
        }
    }
}

/// Floor without a kind that is not a door's tile or beside one, the spawn, a marker's or a
/// locked tile.
fn free_tiles(map: &Map) -> Free {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let terrain = map.terrain();
    let open = map.tiles().as_slice().iter().enumerate().map(|(i, t)| t.is_walkable() && terrain.at(i) == 0);
    let mut free = Free { open: open.collect(), w, h };
    for p in map.locked_tiles() {
        free.take(p);
    }
    for d in &map.doors {
        for p in [d.cell, d.outside(), d.cell.step(d.side.opposite())] {
            free.take(p);
        }
    }
    free.take(map.spawn);
    for m in &map.markers {
        free.take(m.at);
    }
    free
}

/// How many patches in a room of weight `weight`.
fn patches(rule: &TileRule, weight: f64, rng: &mut DelveRng) -> u32 {
    let base = rng.random_range(rule.patches.min..=rule.patches.max.max(rule.patches.min));
    let want = f64::from(base) * weight;
    let whole = want.floor();
    whole as u32 + u32::from(rng.random::<f64>() < want - whole)
}

/// A patch of up to `size` free room-floor tiles of `cells` (the room's), grown from one drawn
/// at random to free neighbours in the room drawn at random (the tiles [`may_start`] allows); empty when the room has no free tile.
fn grow(
    room: &Shape,
    cells: &[Pos],
    size: u32,
    walkable: bool,
    free: &Free,
    map: &Map,
    rng: &mut DelveRng,
) -> Vec<Pos> {
    // A free floor tile of the room (one of `cells`, or checked to be in the room by `ok`).
    let ok_own = |p: Pos| may_start(room, p, walkable, free, map);
    let ok = |p: Pos| room.contains(p) && ok_own(p);
    if cells.is_empty() {
        return Vec::new();
    }
    // The first tile: a few tiles of the room drawn at random, else one drawn among all its free
    // tiles (so that a room with few left is not given up on).
    let first = (0..START_TRIES).map(|_| cells[rng.random_range(0..cells.len())]).find(|&p| ok_own(p));
    let first = match first {
        Some(p) => p,
        None => {
            let open: Vec<Pos> = cells.iter().copied().filter(|&p| ok_own(p)).collect();
            if open.is_empty() {
                return Vec::new();
            }
            open[rng.random_range(0..open.len())]
        }
    };
    // The patch and the free tiles beside it, grown one tile at a time: the tile taken leaves
    // the edge, its own free neighbours join it.
    let mut patch: Vec<Pos> = Vec::with_capacity(size as usize);
    let mut edge: Vec<Pos> = vec![first];
    while patch.len() < size as usize && !edge.is_empty() {
        let p = edge.swap_remove(rng.random_range(0..edge.len()));
        patch.push(p);
        for n in p.neighbours4() {
            if !patch.contains(&n) && !edge.contains(&n) && ok(n) {
                edge.push(n);
            }
        }
    }
    patch
}

/// Whether a patch may take tile `p` of `room` (one of its cells): free floor, and for a kind
/// that cannot be walked, not where the room meets floor outside it.
fn may_start(room: &Shape, p: Pos, walkable: bool, free: &Free, map: &Map) -> bool {
    let at_edge = || p.neighbours4().iter().any(|n| !room.contains(*n) && map.tile(*n).is_some_and(Tile::is_walkable));
    free.is_open(p) && map.tile(p) == Some(Tile::Floor) && (walkable || !at_edge())
}

/// How many tiles of a room are drawn for a patch's first tile before drawing among its free
/// tiles only.
const START_TRIES: usize = 8;

/// How many times a patch of a kind that cannot be walked is grown before it is given up on
/// (each time from another tile and half as large, when the last would have cut the room
/// apart).
const PATCH_TRIES: usize = 8;

/// Buffers for the reach check.
#[derive(Default)]
struct Scratch {
    seen: Vec<bool>,
    queue: Queue<Pos>,
}

/// Whether painting `patch` (of a kind that cannot be walked) in room `r` (within `area`) would
/// leave some walkable floor of the room, or one of its doors, out of reach of the rest.
fn cuts(map: &Map, r: usize, area: Rect, patch: &[Pos], s: &mut Scratch) -> bool {
    let room = &map.rooms[r];
    let index = |p: Pos| ((p.y - area.y) * area.w + (p.x - area.x)) as usize;
    let open = |p: Pos| room.shape.contains(p) && map.walkable(p) && !patch.contains(&p);
    let mut total = 0usize;
    let mut start = None;
    room.shape.for_each_cell(|p| {
        if open(p) {
            total += 1;
            start.get_or_insert(p);
        }
    });
    let Some(start) = start else { return true };
    s.seen.clear();
    s.seen.resize(area.area() as usize, false);
    s.seen[index(start)] = true;
    s.queue.clear();
    pathfind::flood_in(area, &mut s.queue, start, usize::MAX, |p| {
        let take = !s.seen[index(p)] && open(p);
        s.seen[index(p)] = true;
        take
    });
    let doors_reached =
        map.doors.iter().filter(|d| d.room == room.id).all(|d| area.contains(d.cell) && s.seen[index(d.cell)]);
    s.queue.len() != total || !doors_reached
}

/// Single tiles of kind `n` along the corridors: `rule.corridors` per 100 free corridor tiles
/// (the fraction drawn as a chance). Returns how many.
fn along_corridors(rule: &TileRule, n: u8, map: &mut Map, free: &mut Free, rng: &mut DelveRng) -> u32 {
    // Free corridor floor, each tile once (taken from `free` while gathered, given back after).
    let mut pool: Vec<Pos> = Vec::new();
    for c in &map.corridors {
        c.for_each_cell(|p| {
            if free.is_open(p) && map.tile(p) == Some(Tile::Corridor) {
                free.take(p);
                pool.push(p);
            }
        });
    }
    for &p in &pool {
        free.give(p);
    }
    let want = pool.len() as f64 * rule.corridors / 100.0;
    let count = (want.floor() as usize + usize::from(rng.random::<f64>() < want.fract())).min(pool.len());
    for i in 0..count {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
        map.set_tile_kind(pool[i], n);
        free.take(pool[i]);
    }
    count as u32
}
