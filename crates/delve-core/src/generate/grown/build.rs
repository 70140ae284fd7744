//! The dungeon under construction: the [`Builder`] that holds the placed rooms, their doors and
//! the corridors, adds rooms and corridors to it (what the Place and Loops stages build with)
//! and turns it into a [`Map`]; and the one assembly of a grown map, for generation and the
//! timeline's replay alike.

use super::door_cache::{DoorState, LevelIndex, UNKNOWN};
use super::plane::{CORRIDOR, NEAR, Plane, ROOM};
use super::template::{Rotation, Template};
use super::{GrownRooms, MAX_EXTENT};
use crate::generate::record::{DoorRef, GrownStep, Step};
use crate::geom::{Dir, Pos, TileBox};
use crate::map::{Corridor, Door, Map, Rgb, Room, Shape, Tile};
use crate::pathfind::{self, Searcher};
use std::cell::RefCell;

pub(super) struct PlacedRoom {
    pub(super) cells: Vec<Pos>,
    pub(super) colour: Rgb,
    pub(super) parent: u32,
    pub(super) depth: u32,
    pub(super) corridors: u32,
    /// Its candidate doors (indices into the builder's doors).
    pub(super) doors: std::ops::Range<u32>,
}

pub(super) struct Builder<'a> {
    pub(super) p: &'a GrownRooms,
    pub(super) plane: Plane<u8>,
    /// Per 16×16 chunk: `1 +` the index in `chunk_doors` of the doors whose caches depend on it.
    pub(super) chunks: Plane<u32>,
    pub(super) chunk_doors: Vec<Vec<u32>>,
    /// Chunks changed since the caches were last invalidated.
    pub(super) touched: Vec<Pos>,
    pub(super) rooms: Vec<PlacedRoom>,
    pub(super) doors: Vec<DoorState>,
    /// Doors not closed yet.
    pub(super) open: usize,
    /// Per distance, the doors that might take a room (see [`LevelIndex`]).
    pub(super) index: LevelIndex,
    /// Per door: it will never take a new room (used, its room is full, or no room fits).
    pub(super) closed: Vec<bool>,
    /// Per door: most cells of any room that could be placed there (an upper bound that only
    /// shrinks; [`UNKNOWN`] before the door was first looked at).
    pub(super) space: Vec<u16>,
    /// Per door and distance `d`: most cells of a room placed at that distance
    /// (`caps[door * radius + d]`; [`UNKNOWN`] until needed, 0 when nothing fits). Upper bounds
    /// that only shrink as the dungeon grows.
    pub(super) caps: Vec<u16>,
    /// Per door: something was built near it since its cache was computed.
    pub(super) dirty: Vec<bool>,
    pub(super) corridors: Vec<(Vec<Pos>, [u32; 2])>,
    /// Bounding box of room cells.
    pub(super) ext: TileBox,
    pub(super) limit: i32,
    pub(super) path_block: u8,
    pub(super) radius: u32,
    /// Monotone-path scratch: `reach[a][b + k]`.
    pub(super) reach: Vec<bool>,
    /// Region floods of [`Builder::room_space`]: the id of the last flood that reached a cell.
    pub(super) flood: Plane<u32>,
    pub(super) flood_id: u32,
    pub(super) flood_sizes: Vec<u16>,
    /// The queue of [`Builder::room_space`]'s floods.
    pub(super) queue: pathfind::Queue<Pos>,
    /// The buffers of the searches for loops and for ways round locks (see [`Builder::bfs`]),
    /// kept from search to search.
    pub(super) searcher: RefCell<Searcher>,
    /// Fewest and most cells of a room in this run.
    pub(super) min_cells: u16,
    pub(super) max_cells: u16,
    pub(super) poses: u64,
    pub(super) examined: u64,
    pub(super) levels: u64,
    /// Around locks: the part of the map rooms may take, and the map's fixed size.
    pub(super) bounds: Option<(TileBox, u32, u32)>,
    /// Rooms nothing may join any more (see [`Builder::seal`]).
    pub(super) sealed: Vec<u32>,
    /// What loops must leave of the way to the exit, when the role rules' plan asks it (see
    /// [`Builder::loop_keeps_exit`]).
    pub(super) keep_exit: Option<super::plan::KeepExit>,
}

impl<'a> Builder<'a> {
    pub(super) fn new(p: &'a GrownRooms) -> Self {
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
            ext: TileBox::at(Pos::new(0, 0)),
            limit: MAX_EXTENT - 2 * p.margin as i32 - 2 - loop_room,
            path_block: if p.corridors_may_cross { ROOM } else { ROOM | CORRIDOR },
            radius,
            reach: vec![false; (k + 1) * (2 * k + 1)],
            flood: Plane::new(0),
            flood_id: 0,
            flood_sizes: Vec::new(),
            queue: pathfind::Queue::default(),
            searcher: RefCell::default(),
            min_cells: p.fewest_cells() as u16,
            max_cells: p.most_cells() as u16,
            poses: 0,
            examined: 0,
            levels: 0,
            bounds: None,
            sealed: Vec::new(),
            keep_exit: None,
        }
    }

    /// Adds a placed room (cells in world coordinates) and its candidate doors.
    pub(super) fn add_room(&mut self, t: &Template, rot: &Rotation, shift: Pos, parent: u32) -> u32 {
        let cells: Vec<Pos> = rot.cells.iter().map(|c| c.offset(shift.x, shift.y)).collect();
        let doors = t.doors.iter().enumerate().map(|(j, &(_, _, kind))| {
            let out = rot.outs[j].offset(shift.x, shift.y);
            let side = rot.sides[j];
            (out.step(side.opposite()), side, kind)
        });
        let doors: Vec<(Pos, Dir, u8)> = doors.collect();
        self.push_room(cells, rot.bbox.shifted(shift), t.colour, parent, &doors)
    }

    /// Adds a room with its cells (`bbox` around them), colour, parent and candidate doors
    /// `(cell, side, kind)`.
    pub(super) fn push_room(
        &mut self,
        cells: Vec<Pos>,
        bbox: TileBox,
        colour: Rgb,
        parent: u32,
        doors: &[(Pos, Dir, u8)],
    ) -> u32 {
        let id = self.rooms.len() as u32;
        for &c in &cells {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    self.mark(c.offset(dx, dy), NEAR);
                }
            }
            self.mark(c, ROOM);
        }
        self.ext = if id == 0 { bbox } else { self.ext.union(&bbox) };
        let depth = if id == 0 || parent == id { 0 } else { self.rooms[parent as usize].depth + 1 };
        let first_door = self.doors.len() as u32;
        let door_ids = first_door..first_door + doors.len() as u32;
        self.rooms.push(PlacedRoom { cells, colour, parent, depth, corridors: 0, doors: door_ids });
        for &(cell, side, kind) in doors {
            self.doors.push(DoorState {
                room: id,
                cell,
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

    pub(super) fn add_corridor(&mut self, path: Vec<Pos>, a: u32, b: u32) {
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

    /// The door `door` as a step names it.
    pub(super) fn door_ref(&self, door: u32) -> DoorRef {
        let d = &self.doors[door as usize];
        DoorRef { id: door, room: d.room, cell: d.cell, side: d.side, kind: d.kind }
    }

    /// Where the map goes: the move from the builder's places to the map's, and the map's size
    /// (the bounding box of rooms and corridors plus the margin).
    pub(super) fn frame(&self) -> ((i32, i32), (u32, u32)) {
        if let Some((_, w, h)) = self.bounds {
            return ((0, 0), (w, h));
        }
        let margin = self.p.margin as i32;
        let all = self.rooms.iter().flat_map(|r| r.cells.iter()).chain(self.corridors.iter().flat_map(|c| c.0.iter()));
        let Some(b) = TileBox::around(all.copied()) else {
            return ((0, 0), (1 + 2 * margin as u32, 1 + 2 * margin as u32));
        };
        let (dx, dy) = (margin - b.x0, margin - b.y0);
        ((dx, dy), ((b.x1 - b.x0 + 1 + 2 * margin) as u32, (b.y1 - b.y0 + 1 + 2 * margin) as u32))
    }

    /// The map of what was built.
    pub(super) fn into_map(self) -> Map {
        let (shift, (w, h)) = self.frame();
        let rooms = self.rooms.iter().map(|r| (&r.cells[..], r.colour));
        let corridors = self.corridors.iter().map(|(path, [a, b])| (&path[..], [self.door_ref(*a), self.door_ref(*b)]));
        assemble(w, h, shift, rooms, corridors, self.doors.len())
    }
}

/// The one assembly of a grown map, for generation and replay alike: on a `w`×`h` map, rooms
/// (cells, colour) in order and corridors (path, doors) in order, every place moved by `shift`.
/// The map keeps only doors that carry a corridor, numbered in the order corridors use them
/// (`doors`: one more than the highest generator door number); the spawn is the first room's
/// centre.
pub(super) fn assemble<'a>(
    w: u32,
    h: u32,
    (dx, dy): (i32, i32),
    rooms: impl Iterator<Item = (&'a [Pos], Rgb)>,
    corridors: impl Iterator<Item = (&'a [Pos], [DoorRef; 2])>,
    doors: usize,
) -> Map {
    let mut map = Map::new(w, h);
    for (i, (cells, colour)) in rooms.enumerate() {
        let cells: Vec<Pos> = cells.iter().map(|c| c.offset(dx, dy)).collect();
        for &c in &cells {
            map.set_tile(c, Tile::Floor);
        }
        map.rooms.push(Room::new(i as u32, Shape::cells_from(cells), colour));
    }
    let mut door_ids: Vec<Option<u32>> = vec![None; doors];
    for (path, ends) in corridors {
        let mut ids = [0u32; 2];
        for (k, s) in ends.iter().enumerate() {
            let Some(slot) = door_ids.get_mut(s.id as usize) else { continue };
            ids[k] = *slot.get_or_insert_with(|| {
                let id = map.doors.len() as u32;
                map.doors.push(Door { kind: s.kind, ..Door::new(id, s.room, s.cell.offset(dx, dy), s.side) });
                id
            });
        }
        let path: Vec<Pos> = path.iter().map(|c| c.offset(dx, dy)).collect();
        for &c in &path {
            if map.tile(c) == Some(Tile::Wall) {
                map.set_tile(c, Tile::Corridor);
            }
        }
        let id = map.corridors.len() as u32;
        map.corridors.push(Corridor { id, path: path.into(), doors: ids, width: 1 });
    }
    if let Some(s) = map.rooms.first().and_then(|r| r.shape.centre()) {
        map.spawn = s;
    }
    map
}

/// The map after `steps` of a grown-rooms recording (places already on the map's frame).
pub(super) fn replay(steps: &[Step]) -> Map {
    let (mut w, mut h) = (1, 1);
    let mut spawn = None;
    let mut rooms = Vec::new();
    let mut corridors = Vec::new();
    let mut doors = 0usize;
    for step in steps {
        match step {
            Step::Grown(GrownStep::Canvas { width, height, spawn: s }) => {
                ((w, h), spawn) = ((*width, *height), Some(*s))
            }
            Step::Grown(GrownStep::RoomPlaced { cells, colour, .. }) => rooms.push((&cells[..], *colour)),
            Step::Grown(GrownStep::CorridorDug { from, to, path, .. }) => {
                doors = doors.max(from.id as usize + 1).max(to.id as usize + 1);
                corridors.push((&path[..], [*from, *to]));
            }
            _ => {}
        }
    }
    let empty = rooms.is_empty();
    let mut map = assemble(w, h, (0, 0), rooms.into_iter(), corridors.into_iter(), doors);
    // Before the first room, the spawn is where it will be.
    if let Some(s) = spawn.filter(|s| empty && map.in_bounds(*s)) {
        map.spawn = s;
    }
    map
}
