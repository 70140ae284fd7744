//! The map check, kept up to date edit by edit: [`Checker`] finds every [`Problem`] of a map and
//! its key [`Figures`], and after an edit redoes only what the edit's [`Damage`] can have changed.
//! [`Map::validate`] is a checker built from scratch, so the editor and `delve check` share one
//! check.
//!
//! The tiles are cut into square blocks. Each block keeps its tile counts, its stray room floor
//! and dead ends, and the connected pieces ("parts") of walkable floor inside it, with the part
//! of each tile on its four edges. An edit redoes the blocks it touched; reachability from spawn
//! then joins the parts of neighbouring blocks along their edges (a union–find over parts, a few
//! per block), so a stroke on a 4096×4096 map costs a few blocks and one pass over the edges,
//! never a walk over every tile. Rooms, doors and corridors keep their problems per item: a
//! change of tiles redoes the items it touches; a change of structure redoes them all, with one
//! grid of which room holds each tile, so that the work follows the rooms' tiles however many
//! rooms overlap.

use super::metrics::{Figures, is_dead_end};
use super::validate::Problem;
use super::{DoorId, Map, RoomId, Shape, Tile};
use crate::geom::{Buckets, Grid, Pos, Rect};
use crate::pathfind;
use std::collections::{BTreeMap, BTreeSet};

/// Side of a block, in tiles.
const SIDE: i32 = 64;
/// No part: the tile is wall (or off the map).
const NONE: u32 = pathfind::NO_PIECE;
/// More damage rectangles than this are merged into their bounding box.
const MAX_RECTS: usize = 64;

/// What changed in a map since a checker last saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Damage {
    /// Rectangles holding every tile whose kind or room cover may have changed.
    pub rects: Vec<Rect>,
    /// Rooms, doors or corridors changed.
    pub structure: bool,
    /// The map was replaced (or is unknown): check everything.
    pub everything: bool,
}

impl Damage {
    /// Everything must be checked.
    pub fn everything() -> Damage {
        Damage { rects: Vec::new(), structure: true, everything: true }
    }

    /// Adds one edit's damage.
    pub fn add(&mut self, tiles: Option<Rect>, structure: bool, replaced: bool) {
        self.structure |= structure;
        self.everything |= replaced;
        if let Some(r) = tiles.filter(|r| !r.is_empty()) {
            self.rects.push(r);
        }
        if self.rects.len() > MAX_RECTS {
            self.rects = self.rects.iter().copied().reduce(|a, b| a.union(&b)).into_iter().collect();
        }
    }

    pub fn is_empty(&self) -> bool {
        self.rects.is_empty() && !self.structure && !self.everything
    }
}

/// What one block of tiles holds.
#[derive(Clone, Debug, Default)]
struct Block {
    /// Tiles of each kind (wall, room floor, corridor floor).
    counts: [u32; 3],
    /// Room floor covered by no room: how much, and the first (row by row).
    stray: u32,
    first_stray: Option<Pos>,
    dead_end_cells: u32,
    /// The connected pieces of walkable floor inside the block: size and first tile (row by row).
    parts: Vec<(u32, Pos)>,
    /// The part of each tile on the top row, bottom row, left column and right column.
    top: Vec<u32>,
    bottom: Vec<u32>,
    left: Vec<u32>,
    right: Vec<u32>,
}

/// The problems and figures of one map, kept up to date by [`Checker::update`].
#[derive(Clone, Debug, Default)]
pub struct Checker {
    width: u32,
    height: u32,
    /// Blocks per row and per column.
    across: usize,
    down: usize,
    blocks: Vec<Block>,
    /// The rooms (indices into `map.rooms`) filed by the blocks their bounds reach into, with
    /// buckets the size of a block.
    rooms: Buckets,
    /// Index of the first door with each id.
    doors_by_id: BTreeMap<DoorId, usize>,
    /// Bounding box of each corridor's path.
    corridor_bounds: Vec<Option<Rect>>,
    duplicate_ids: Vec<Problem>,
    room_checks: Vec<RoomCheck>,
    /// Index of the room on each tile (the later room where rooms overlap), or `NO_ROOM`.
    owner: Grid<u32>,
    door_problems: Vec<Option<Problem>>,
    corridor_problems: Vec<Vec<Problem>>,
    spawn: Pos,
    room_ids: Vec<RoomId>,
    /// Walkable tiles spawn does not reach (how many, the first); `None` when spawn is not on floor.
    unreached: Option<(usize, Option<Pos>)>,
    /// Markers that do not stand on walkable floor (few: redone at every update).
    marker_problems: Vec<Problem>,
    figures: Figures,
}

/// No room on a tile.
const NO_ROOM: u32 = u32::MAX;

/// What the check found about one room.
#[derive(Clone, Debug, Default)]
struct RoomCheck {
    /// The room has a tile.
    any: bool,
    /// Its first tile off the map.
    first_out: Option<Pos>,
    /// Its first tile that is not room floor (redone when tiles change).
    first_bad: Option<(Pos, Tile)>,
    /// Its first tile an earlier room holds, with that room (the latest before it).
    first_overlap: Option<(usize, Pos)>,
}

/// Buffers reused from block to block.
#[derive(Default)]
struct Scratch {
    labels: Vec<u32>,
    queue: pathfind::Queue<Pos>,
}

impl Checker {
    /// Checks `map` from scratch.
    pub fn new(map: &Map) -> Checker {
        let mut c = Checker::default();
        c.update(map, &Damage::everything());
        c
    }

    /// Brings the checker up to date with `map`, which differs from the map it last saw only as
    /// `damage` says.
    pub fn update(&mut self, map: &Map, damage: &Damage) {
        let all = damage.everything || (map.width(), map.height()) != (self.width, self.height);
        if all {
            self.width = map.width();
            self.height = map.height();
            self.across = (map.width() as usize).div_ceil(SIDE as usize);
            self.down = (map.height() as usize).div_ceil(SIDE as usize);
            self.blocks = vec![Block::default(); self.across * self.down];
        }
        if all || damage.structure {
            self.check_structure(map);
        } else {
            self.recheck_items(map, &damage.rects);
        }
        let mut dirty = vec![all; self.blocks.len()];
        for r in &damage.rects {
            // A tile's change also changes whether its neighbours are dead ends.
            self.for_blocks_in(r.grow(1), |b| dirty[b] = true);
        }
        let mut scratch = Scratch::default();
        for b in (0..self.blocks.len()).filter(|b| dirty[*b]) {
            self.blocks[b] = self.measure_block(map, b, &mut scratch);
        }
        self.spawn = map.spawn;
        self.unreached = self.reach(map, &mut scratch);
        self.marker_problems = marker_problems(map);
        self.marker_problems.extend(super::promises::problems(map));
        self.figures = self.sum_figures(map);
    }

    /// Every problem of the map, as [`Map::validate`] lists them: duplicate ids, rooms, stray
    /// room floor, doors, corridors, then spawn and reachability.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = self.duplicate_ids.clone();
        for (c, room) in self.room_checks.iter().zip(&self.room_ids) {
            let room = *room;
            if !c.any {
                out.push(Problem::RoomEmpty { room });
            }
            if let Some(cell) = c.first_out {
                out.push(Problem::RoomOutOfBounds { room, cell });
            }
            if let Some((cell, tile)) = c.first_bad {
                out.push(Problem::RoomNotFloor { room, cell, tile });
            }
            if let Some((other, cell)) = c.first_overlap {
                out.push(Problem::RoomsOverlap { a: self.room_ids[other], b: room, cell });
            }
        }
        let count: usize = self.blocks.iter().map(|b| b.stray as usize).sum();
        if let Some(cell) = self.blocks.iter().filter_map(|b| b.first_stray).min_by_key(|p| (p.y, p.x)) {
            out.push(Problem::StrayRoomFloor { cell, count });
        }
        out.extend(self.door_problems.iter().flatten().cloned());
        out.extend(self.corridor_problems.iter().flatten().cloned());
        match self.unreached {
            None => out.push(Problem::SpawnNotOnFloor { cell: self.spawn }),
            Some((count, Some(cell))) => out.push(Problem::UnreachableFloor { cell, count }),
            Some((_, None)) => {}
        }
        out.extend(self.marker_problems.iter().cloned());
        out
    }

    pub fn figures(&self) -> Figures {
        self.figures
    }

    /// The tiles of block `b` (clipped to the map).
    fn block_rect(&self, b: usize) -> Rect {
        let (x, y) = ((b % self.across) as i32 * SIDE, (b / self.across) as i32 * SIDE);
        Rect::new(x, y, SIDE.min(self.width as i32 - x), SIDE.min(self.height as i32 - y))
    }

    /// Calls `f` with each block that `r` reaches into.
    fn for_blocks_in(&self, r: Rect, mut f: impl FnMut(usize)) {
        let Some(r) = r.intersection(&Rect::new(0, 0, self.width as i32, self.height as i32)) else { return };
        for by in (r.y / SIDE)..=((r.bottom() - 1) / SIDE) {
            for bx in (r.x / SIDE)..=((r.right() - 1) / SIDE) {
                f(by as usize * self.across + bx as usize);
            }
        }
    }

    /// Rooms whose bounds meet `r`, ascending.
    fn rooms_near(&self, map: &Map, r: Rect) -> Vec<usize> {
        let mut v = Vec::new();
        self.for_blocks_in(r, |b| v.extend(self.rooms_in(b).iter().map(|i| *i as usize)));
        v.sort_unstable();
        v.dedup();
        v.retain(|i| map.rooms[*i].shape.bounds().is_some_and(|b| b.intersects(&r)));
        v
    }

    /// The last room (in list order) whose floor holds `p`, for a tile on the map.
    fn owner(&self, p: Pos) -> Option<usize> {
        self.owner.get(p).filter(|o| **o != NO_ROOM).map(|o| *o as usize)
    }

    /// The rooms filed by block `b`, ascending.
    fn rooms_in(&self, b: usize) -> &[u32] {
        self.rooms.bucket((b % self.across) as i32, (b / self.across) as i32)
    }

    /// Everything about rooms, doors and corridors, after they changed.
    fn check_structure(&mut self, map: &Map) {
        self.rooms = Buckets::new(map.width(), map.height(), SIDE);
        for (i, room) in map.rooms.iter().enumerate() {
            if let Some(b) = room.shape.bounds() {
                self.rooms.insert(i as u32, &b.tile_box());
            }
        }
        self.duplicate_ids = duplicate_ids(map);
        self.room_ids = map.rooms.iter().map(|r| r.id).collect();
        // Rooms in list order mark the tiles they hold, so each meets the rooms before it as
        // they stand when its turn comes.
        // The grid of the last check is reused (filling memory already mapped is far cheaper
        // than mapping 64 MB anew on the largest maps).
        let mut owner = std::mem::take(&mut self.owner);
        if (owner.width(), owner.height()) == (map.width(), map.height()) {
            owner.as_mut_slice().fill(NO_ROOM);
        } else {
            owner = Grid::new(map.width(), map.height(), NO_ROOM);
        }
        self.room_checks = map
            .rooms
            .iter()
            .enumerate()
            .map(|(i, room)| {
                let mut c = RoomCheck::default();
                room.shape.for_each_cell(|p| {
                    c.any = true;
                    match owner.get_mut(p) {
                        None => {
                            c.first_out.get_or_insert(p);
                        }
                        Some(o) => {
                            if *o != NO_ROOM {
                                c.first_overlap.get_or_insert((*o as usize, p));
                            }
                            *o = i as u32;
                        }
                    }
                });
                c.first_bad = first_not_floor(map, &room.shape);
                c
            })
            .collect();
        self.owner = owner;
        self.door_problems = door_problems(map);
        self.doors_by_id = map.doors.iter().enumerate().map(|(i, d)| (d.id, i)).rev().collect();
        self.corridor_bounds = map.corridors.iter().map(|c| Rect::bounding(c.path.iter().copied())).collect();
        self.corridor_problems = (0..map.corridors.len()).map(|i| self.corridor_problems_of(map, i)).collect();
    }

    /// The rooms and corridors on changed tiles (the structure itself is unchanged).
    fn recheck_items(&mut self, map: &Map, rects: &[Rect]) {
        for r in rects {
            for i in self.rooms_near(map, *r) {
                self.room_checks[i].first_bad = first_not_floor(map, &map.rooms[i].shape);
            }
            for i in 0..map.corridors.len() {
                if self.corridor_bounds[i].is_some_and(|b| b.intersects(r)) {
                    self.corridor_problems[i] = self.corridor_problems_of(map, i);
                }
            }
        }
    }

    /// Corridor `i`: from door to door, continuous, on walkable tiles, never through a room.
    fn corridor_problems_of(&self, map: &Map, i: usize) -> Vec<Problem> {
        let c = &map.corridors[i];
        let (Some(first), Some(last)) = (c.path.first(), c.path.last()) else {
            return vec![Problem::CorridorEmpty { corridor: c.id }];
        };
        let mut out = Vec::new();
        for (door_id, end) in c.doors.into_iter().zip([*first, *last]) {
            match self.doors_by_id.get(&door_id).map(|&i| &map.doors[i]) {
                None => out.push(Problem::CorridorUnknownDoor { corridor: c.id, door: door_id }),
                Some(d) if d.outside() != end => {
                    out.push(Problem::CorridorNotAtDoor { corridor: c.id, door: door_id, cell: end })
                }
                Some(_) => {}
            }
        }
        if let Some(w) = c.path.windows(2).find(|w| w[0].manhattan(w[1]) != 1) {
            out.push(Problem::CorridorGap { corridor: c.id, cell: w[1] });
        }
        if let Some(p) = c.path.iter().find(|p| !map.walkable(**p)) {
            out.push(Problem::CorridorBroken { corridor: c.id, cell: *p });
        }
        if let Some((p, o)) = c.path.iter().find_map(|p| self.owner(*p).map(|o| (*p, o))) {
            out.push(Problem::CorridorEntersRoom { corridor: c.id, room: map.rooms[o].id, cell: p });
        }
        out
    }

    /// Counts, stray room floor, dead ends and the parts of block `b`.
    fn measure_block(&self, map: &Map, b: usize, s: &mut Scratch) -> Block {
        let r = self.block_rect(b);
        let w = r.w as usize;
        let mut block = Block::default();
        for y in r.y..r.bottom() {
            let row = &map.tiles().row(y as u32).unwrap_or_default()[r.x as usize..r.right() as usize];
            for (dx, &tile) in row.iter().enumerate() {
                block.counts[tile as usize] += 1;
                let x = r.x + dx as i32;
                match tile {
                    Tile::Floor if self.owner(Pos::new(x, y)).is_none() => {
                        block.stray += 1;
                        block.first_stray.get_or_insert(Pos::new(x, y));
                    }
                    Tile::Corridor if is_dead_end(map, Pos::new(x, y)) => block.dead_end_cells += 1,
                    _ => {}
                }
            }
        }
        block.parts = label_parts(map, r, s);
        let h = r.h as usize;
        block.top = s.labels[..w].to_vec();
        block.bottom = s.labels[(h - 1) * w..].to_vec();
        block.left = (0..h).map(|y| s.labels[y * w]).collect();
        block.right = (0..h).map(|y| s.labels[y * w + w - 1]).collect();
        block
    }

    /// Joins the parts of all blocks along their edges and finds those spawn reaches.
    fn reach(&self, map: &Map, s: &mut Scratch) -> Option<(usize, Option<Pos>)> {
        let spawn = map.spawn;
        if !map.walkable(spawn) {
            return None;
        }
        let mut first_part = Vec::with_capacity(self.blocks.len());
        let mut total = 0usize;
        for b in &self.blocks {
            first_part.push(total);
            total += b.parts.len();
        }
        let mut sets = pathfind::UnionFind::new(total);
        let mut join = |a: &[u32], b: &[u32], a0: usize, b0: usize| {
            for (x, y) in a.iter().zip(b) {
                if *x != NONE && *y != NONE {
                    sets.union(a0 + *x as usize, b0 + *y as usize);
                }
            }
        };
        for (i, b) in self.blocks.iter().enumerate() {
            if (i + 1) % self.across != 0 {
                join(&b.right, &self.blocks[i + 1].left, first_part[i], first_part[i + 1]);
            }
            if i + self.across < self.blocks.len() {
                join(&b.bottom, &self.blocks[i + self.across].top, first_part[i], first_part[i + self.across]);
            }
        }
        let sb = (spawn.y / SIDE) as usize * self.across + (spawn.x / SIDE) as usize;
        let r = self.block_rect(sb);
        label_parts(map, r, s);
        let part = s.labels[(spawn.y - r.y) as usize * r.w as usize + (spawn.x - r.x) as usize];
        let root = sets.find(first_part[sb] + part as usize);
        let mut count = 0usize;
        let mut first: Option<Pos> = None;
        for (i, b) in self.blocks.iter().enumerate() {
            for (k, (size, p)) in b.parts.iter().enumerate() {
                if sets.find(first_part[i] + k) != root {
                    count += *size as usize;
                    if first.is_none_or(|f| (p.y, p.x) < (f.y, f.x)) {
                        first = Some(*p);
                    }
                }
            }
        }
        Some((count, first))
    }

    fn sum_figures(&self, map: &Map) -> Figures {
        let mut counts = [0usize; 3];
        let mut dead_end_cells = 0;
        for b in &self.blocks {
            for (c, n) in counts.iter_mut().zip(b.counts) {
                *c += n as usize;
            }
            dead_end_cells += b.dead_end_cells as usize;
        }
        let [wall, room_tiles, corridor_tiles] = counts;
        let floor_tiles = room_tiles + corridor_tiles;
        let total = wall + floor_tiles;
        Figures {
            rooms: map.rooms.len(),
            doors: map.doors.len(),
            corridors: map.corridors.len(),
            floor_tiles,
            room_tiles,
            corridor_tiles,
            floor_fraction: if total == 0 { 0.0 } else { floor_tiles as f64 / total as f64 },
            connected: match self.unreached {
                Some((n, _)) => n == 0,
                None => floor_tiles == 0,
            },
            dead_end_cells,
        }
    }
}

/// The first tile of `shape` (in its order) that is on the map and not room floor.
fn first_not_floor(map: &Map, shape: &Shape) -> Option<(Pos, Tile)> {
    let mut first = None;
    shape.for_each_cell(|p| {
        if first.is_none()
            && let Some(t) = map.tile(p).filter(|t| *t != Tile::Floor)
        {
            first = Some((p, t));
        }
    });
    first
}

/// Labels the parts of block `r` in `s.labels` (row by row, `NONE` on wall); returns each one's
/// size and first tile.
fn label_parts(map: &Map, r: Rect, s: &mut Scratch) -> Vec<(u32, Pos)> {
    if !map.terrain().has_blocked() {
        let tiles = map.tiles();
        let walkable = |p: Pos| tiles.get(p).is_some_and(|t| t.is_walkable());
        return pathfind::pieces(r, walkable, &mut s.labels, &mut s.queue);
    }
    pathfind::pieces(r, |p| map.walkable(p), &mut s.labels, &mut s.queue)
}

/// Each marker not on walkable floor (on rock, a chasm, or off the map).
fn marker_problems(map: &Map) -> Vec<Problem> {
    let bad = |(index, m): (usize, &super::Marker)| {
        (!map.walkable(m.at)).then(|| Problem::MarkerNotOnFloor { index, kind: m.kind.clone(), cell: m.at })
    };
    map.markers.iter().enumerate().filter_map(bad).collect()
}

/// Ids used twice, per kind.
fn duplicate_ids(map: &Map) -> Vec<Problem> {
    let mut out = Vec::new();
    let kinds: [(&'static str, Vec<u32>); 3] = [
        ("room", map.rooms.iter().map(|r| r.id).collect()),
        ("door", map.doors.iter().map(|d| d.id).collect()),
        ("corridor", map.corridors.iter().map(|c| c.id).collect()),
    ];
    for (what, ids) in kinds {
        let mut seen = BTreeSet::new();
        let mut reported = BTreeSet::new();
        for id in ids {
            if !seen.insert(id) && reported.insert(id) {
                out.push(Problem::DuplicateId { what, id });
            }
        }
    }
    out
}

/// Each door: on the wall of an existing room, leading onto the map, used by a corridor.
fn door_problems(map: &Map) -> Vec<Option<Problem>> {
    let used: BTreeSet<DoorId> = map.corridors.iter().flat_map(|c| c.doors).collect();
    let rooms_by_id: BTreeMap<RoomId, usize> = map.rooms.iter().enumerate().map(|(i, r)| (r.id, i)).rev().collect();
    map.doors
        .iter()
        .map(|d| {
            let Some(room) = rooms_by_id.get(&d.room).map(|&i| &map.rooms[i]) else {
                return Some(Problem::DoorUnknownRoom { door: d.id, room: d.room });
            };
            if !room.shape.contains(d.cell) || room.shape.contains(d.outside()) {
                Some(Problem::DoorNotOnWall { door: d.id, cell: d.cell })
            } else if !map.in_bounds(d.outside()) {
                Some(Problem::DoorOutOfBounds { door: d.id, cell: d.outside() })
            } else if !used.contains(&d.id) {
                Some(Problem::DoorWithoutCorridor { door: d.id, cell: d.cell })
            } else {
                None
            }
        })
        .collect()
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
