//! Hand edits of a [`Map`], each undoable exactly.
//!
//! Two layers:
//! - [`Edit`]: small primitive changes (set tiles, insert/remove a room, door or corridor, move a
//!   room's shape, set properties, replace the whole map, a batch). [`Edit::apply`] checks the edit
//!   first, changes the map, and returns the edit's exact inverse; a refused edit leaves the map
//!   untouched. Edits store differences, never whole-map copies (except [`Edit::ReplaceMap`]).
//! - [`Op`]: what a designer asks for (paint, draw a room, move a room, connect two doors ...).
//!   [`perform`] plans it against the current map, applies it as primitives, and returns one
//!   inverse [`Edit`] for the whole operation, so one operation is one undo step.
//!
//! Every applied edit marks `map.provenance.edited`; its inverse restores the flag exactly.
//! [`Changes`] says which tiles changed, so views can update textures incrementally.
//! [`History`] is the bounded undo/redo stack (by steps and by bytes).

use crate::geom::{Dir, Pos, Rect};
use crate::map::{Corridor, CorridorId, Door, DoorId, Map, Rgb, Room, RoomId, Shape, Tile};
use crate::pathfind;
use std::collections::{BTreeSet, VecDeque};
use thiserror::Error;

/// Why an edit was refused. The map is unchanged when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EditError {
    #[error("tile {0} is outside the map")]
    OutOfBounds(Pos),
    #[error("there is no room {0}")]
    UnknownRoom(RoomId),
    #[error("there is no door {0}")]
    UnknownDoor(DoorId),
    #[error("there is no corridor {0}")]
    UnknownCorridor(CorridorId),
    #[error("a {0} with id {1} already exists")]
    DuplicateId(&'static str, u32),
    #[error("position {index} is past the end of the {what} list")]
    BadIndex { what: &'static str, index: usize },
    #[error("the room would overlap room {other} at {cell}")]
    Overlap { other: RoomId, cell: Pos },
    #[error("a room needs at least one tile")]
    EmptyRoom,
    #[error("{cell} is not on the wall of room {room} facing {side}")]
    NotOnWall { room: RoomId, cell: Pos, side: &'static str },
    #[error("there already is a door there")]
    DoorExists,
    #[error("no corridor route between the doors ({0})")]
    NoRoute(&'static str),
    #[error("a door cannot be joined to itself")]
    SameDoor,
    #[error("nothing to change")]
    Nothing,
}

/// A primitive change. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Sets each listed tile, in order.
    SetTiles(Vec<(Pos, Tile)>),
    /// Inserts `room` at `index` in `map.rooms` (tiles untouched).
    InsertRoom {
        index: usize,
        room: Room,
    },
    RemoveRoom(RoomId),
    /// Moves a room's shape and the cells of its doors (tiles untouched).
    TranslateRoom {
        id: RoomId,
        dx: i32,
        dy: i32,
    },
    SetRoomProps {
        id: RoomId,
        label: Option<String>,
        colour: Rgb,
    },
    InsertDoor {
        index: usize,
        door: Door,
    },
    RemoveDoor(DoorId),
    SetDoorKind {
        id: DoorId,
        kind: u8,
    },
    InsertCorridor {
        index: usize,
        corridor: Corridor,
    },
    RemoveCorridor(CorridorId),
    SetCorridorPath {
        id: CorridorId,
        path: Vec<Pos>,
    },
    SetSpawn(Pos),
    /// Replaces the whole map (regenerate or open over an edited map). Keeps the new map's
    /// provenance as it is.
    ReplaceMap(Box<Map>),
    /// Applies each edit in order; all or nothing.
    Batch(Vec<Edit>),
    /// Applies the inner edit and clears the `edited` flag (the inverse of the first edit of an
    /// unedited map).
    Unedit(Box<Edit>),
}

/// What an applied edit touched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Bounding box of every tile whose tile or colour may have changed.
    pub tiles: Option<Rect>,
    /// Rooms, doors or corridors changed (lookups need rebuilding).
    pub structure: bool,
    /// The whole map was replaced.
    pub replaced: bool,
}

impl Changes {
    pub fn touch(&mut self, p: Pos) {
        self.touch_rect(Rect::new(p.x, p.y, 1, 1));
    }

    pub fn touch_rect(&mut self, r: Rect) {
        if r.is_empty() {
            return;
        }
        self.tiles = Some(match self.tiles {
            None => r,
            Some(o) => {
                let (x0, y0) = (o.x.min(r.x), o.y.min(r.y));
                let (x1, y1) = (o.right().max(r.right()), o.bottom().max(r.bottom()));
                Rect::new(x0, y0, x1 - x0, y1 - y0)
            }
        });
    }

    pub fn merge(&mut self, o: Changes) {
        if let Some(r) = o.tiles {
            self.touch_rect(r);
        }
        self.structure |= o.structure;
        self.replaced |= o.replaced;
    }

    fn touch_shape(&mut self, s: &Shape) {
        if let Some(b) = s.bounds() {
            self.touch_rect(b);
        }
    }
}

fn room_pos(map: &Map, id: RoomId) -> Result<usize, EditError> {
    map.rooms.iter().position(|r| r.id == id).ok_or(EditError::UnknownRoom(id))
}

fn door_pos(map: &Map, id: DoorId) -> Result<usize, EditError> {
    map.doors.iter().position(|d| d.id == id).ok_or(EditError::UnknownDoor(id))
}

fn corridor_pos(map: &Map, id: CorridorId) -> Result<usize, EditError> {
    map.corridors.iter().position(|c| c.id == id).ok_or(EditError::UnknownCorridor(id))
}

fn check_index(what: &'static str, index: usize, len: usize) -> Result<(), EditError> {
    if index > len { Err(EditError::BadIndex { what, index }) } else { Ok(()) }
}

fn shape_fits(s: &Shape, dx: i32, dy: i32) -> bool {
    let Some(b) = s.bounds() else { return true };
    b.x.checked_add(dx).is_some()
        && b.right().checked_add(dx).is_some()
        && b.y.checked_add(dy).is_some()
        && b.bottom().checked_add(dy).is_some()
}

impl Edit {
    /// Applies the edit; returns its exact inverse. Marks the map edited (the inverse restores
    /// the flag). On error the map is unchanged.
    pub fn apply(self, map: &mut Map) -> Result<Edit, EditError> {
        self.apply_tracked(map, &mut Changes::default())
    }

    /// [`Edit::apply`], also recording what changed in `changes`.
    pub fn apply_tracked(self, map: &mut Map, changes: &mut Changes) -> Result<Edit, EditError> {
        match self {
            Edit::ReplaceMap(_) => self.apply_inner(map, changes),
            Edit::Unedit(inner) => {
                let inv = inner.apply_inner(map, changes)?;
                map.provenance.edited = false;
                Ok(inv)
            }
            e => {
                let was = map.provenance.edited;
                let inv = e.apply_inner(map, changes)?;
                map.provenance.edited = true;
                Ok(if was { inv } else { Edit::Unedit(Box::new(inv)) })
            }
        }
    }

    fn apply_inner(self, map: &mut Map, ch: &mut Changes) -> Result<Edit, EditError> {
        Ok(match self {
            Edit::SetTiles(cells) => {
                if let Some((p, _)) = cells.iter().find(|(p, _)| !map.in_bounds(*p)) {
                    return Err(EditError::OutOfBounds(*p));
                }
                let mut inv = Vec::with_capacity(cells.len());
                for (p, t) in cells {
                    let old = map.tile(p).unwrap_or_default();
                    map.set_tile(p, t);
                    ch.touch(p);
                    inv.push((p, old));
                }
                inv.reverse();
                Edit::SetTiles(inv)
            }
            Edit::InsertRoom { index, room } => {
                check_index("room", index, map.rooms.len())?;
                if map.room(room.id).is_some() {
                    return Err(EditError::DuplicateId("room", room.id));
                }
                let id = room.id;
                ch.touch_shape(&room.shape);
                ch.structure = true;
                map.rooms.insert(index, room);
                Edit::RemoveRoom(id)
            }
            Edit::RemoveRoom(id) => {
                let index = room_pos(map, id)?;
                let room = map.rooms.remove(index);
                ch.touch_shape(&room.shape);
                ch.structure = true;
                Edit::InsertRoom { index, room }
            }
            Edit::TranslateRoom { id, dx, dy } => {
                let i = room_pos(map, id)?;
                let shape = &map.rooms[i].shape;
                let doors_fit = map
                    .doors
                    .iter()
                    .filter(|d| d.room == id)
                    .all(|d| d.cell.x.checked_add(dx).is_some() && d.cell.y.checked_add(dy).is_some());
                if !shape_fits(shape, dx, dy) || !doors_fit || dx.checked_neg().is_none() || dy.checked_neg().is_none()
                {
                    return Err(EditError::OutOfBounds(Pos::new(dx, dy)));
                }
                ch.touch_shape(shape);
                let room = &mut map.rooms[i];
                room.shape.translate(dx, dy);
                ch.touch_shape(&room.shape);
                for d in map.doors.iter_mut().filter(|d| d.room == id) {
                    ch.touch(d.outside());
                    d.cell = d.cell.offset(dx, dy);
                    ch.touch(d.outside());
                }
                ch.structure = true;
                Edit::TranslateRoom { id, dx: -dx, dy: -dy }
            }
            Edit::SetRoomProps { id, label, colour } => {
                let i = room_pos(map, id)?;
                let room = &mut map.rooms[i];
                ch.touch_shape(&room.shape);
                ch.structure = true;
                let old_label = std::mem::replace(&mut room.label, label);
                let old_colour = std::mem::replace(&mut room.colour, colour);
                Edit::SetRoomProps { id, label: old_label, colour: old_colour }
            }
            Edit::InsertDoor { index, door } => {
                check_index("door", index, map.doors.len())?;
                if map.door(door.id).is_some() {
                    return Err(EditError::DuplicateId("door", door.id));
                }
                let id = door.id;
                ch.touch(door.cell);
                ch.touch(door.outside());
                ch.structure = true;
                map.doors.insert(index, door);
                Edit::RemoveDoor(id)
            }
            Edit::RemoveDoor(id) => {
                let index = door_pos(map, id)?;
                let door = map.doors.remove(index);
                ch.touch(door.cell);
                ch.touch(door.outside());
                ch.structure = true;
                Edit::InsertDoor { index, door }
            }
            Edit::SetDoorKind { id, kind } => {
                let i = door_pos(map, id)?;
                ch.structure = true;
                ch.touch(map.doors[i].cell);
                let old = std::mem::replace(&mut map.doors[i].kind, kind);
                Edit::SetDoorKind { id, kind: old }
            }
            Edit::InsertCorridor { index, corridor } => {
                check_index("corridor", index, map.corridors.len())?;
                if map.corridor(corridor.id).is_some() {
                    return Err(EditError::DuplicateId("corridor", corridor.id));
                }
                let id = corridor.id;
                corridor.for_each_cell(|p| ch.touch(p));
                ch.structure = true;
                map.corridors.insert(index, corridor);
                Edit::RemoveCorridor(id)
            }
            Edit::RemoveCorridor(id) => {
                let index = corridor_pos(map, id)?;
                let corridor = map.corridors.remove(index);
                corridor.for_each_cell(|p| ch.touch(p));
                ch.structure = true;
                Edit::InsertCorridor { index, corridor }
            }
            Edit::SetCorridorPath { id, path } => {
                let i = corridor_pos(map, id)?;
                let c = &mut map.corridors[i];
                c.for_each_cell(|p| ch.touch(p));
                let old = std::mem::replace(&mut c.path, path);
                c.for_each_cell(|p| ch.touch(p));
                ch.structure = true;
                Edit::SetCorridorPath { id, path: old }
            }
            Edit::SetSpawn(p) => {
                ch.touch(p);
                ch.touch(map.spawn);
                Edit::SetSpawn(std::mem::replace(&mut map.spawn, p))
            }
            Edit::ReplaceMap(new) => {
                ch.replaced = true;
                ch.structure = true;
                ch.touch_rect(Rect::new(0, 0, map.width() as i32, map.height() as i32));
                let old = std::mem::replace(map, *new);
                ch.touch_rect(Rect::new(0, 0, map.width() as i32, map.height() as i32));
                Edit::ReplaceMap(Box::new(old))
            }
            Edit::Batch(edits) => {
                let mut done: Vec<Edit> = Vec::with_capacity(edits.len());
                for e in edits {
                    match e.apply_inner(map, ch) {
                        Ok(inv) => done.push(inv),
                        Err(err) => {
                            rollback(map, done);
                            return Err(err);
                        }
                    }
                }
                done.reverse();
                Edit::Batch(done)
            }
            Edit::Unedit(inner) => {
                let inv = inner.apply_inner(map, ch)?;
                map.provenance.edited = false;
                inv
            }
        })
    }

    /// Approximate heap and inline size in bytes, for bounding the history.
    pub fn size_bytes(&self) -> usize {
        let base = std::mem::size_of::<Edit>();
        base + match self {
            Edit::SetTiles(v) => v.len() * std::mem::size_of::<(Pos, Tile)>(),
            Edit::InsertRoom { room, .. } => shape_bytes(&room.shape) + room.label.as_ref().map_or(0, String::len),
            Edit::SetRoomProps { label, .. } => label.as_ref().map_or(0, String::len),
            Edit::InsertCorridor { corridor, .. } => corridor.path.len() * std::mem::size_of::<Pos>(),
            Edit::SetCorridorPath { path, .. } => path.len() * std::mem::size_of::<Pos>(),
            Edit::ReplaceMap(m) => {
                m.width() as usize * m.height() as usize
                    + m.rooms.iter().map(|r| shape_bytes(&r.shape) + 64).sum::<usize>()
                    + m.doors.len() * std::mem::size_of::<Door>()
                    + m.corridors.iter().map(|c| c.path.len() * 8 + 48).sum::<usize>()
            }
            Edit::Batch(v) => v.iter().map(Edit::size_bytes).sum(),
            Edit::Unedit(e) => e.size_bytes(),
            _ => 0,
        }
    }
}

fn shape_bytes(s: &Shape) -> usize {
    match s {
        Shape::Cells(c) => c.len() * std::mem::size_of::<Pos>(),
        _ => 0,
    }
}

/// Undoes already-applied inner edits (newest first). Their inverses cannot fail: each undoes a
/// change that was just made.
fn rollback(map: &mut Map, done: Vec<Edit>) {
    let mut scratch = Changes::default();
    for inv in done.into_iter().rev() {
        let _ = inv.apply_inner(map, &mut scratch);
    }
}

/// What a designer asks for; [`perform`] turns it into primitive edits.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Paints cells: `Tile::Wall` makes rock; any walkable tile makes floor (room floor inside a
    /// room, corridor floor elsewhere). Cells off the map are skipped.
    Paint {
        cells: Vec<Pos>,
        tile: Tile,
    },
    /// A new rectangular room; refused when it leaves the map or overlaps a room.
    AddRoom(Rect),
    /// Moves a room (its tiles, doors and corridor ends follow; corridors are re-routed, and
    /// removed when no route is found). Refused when the room would leave the map or overlap.
    MoveRoom {
        id: RoomId,
        dx: i32,
        dy: i32,
    },
    /// Deletes a room with its doors and their corridors.
    RemoveRoom(RoomId),
    SetRoomProps {
        id: RoomId,
        label: Option<String>,
        colour: Rgb,
    },
    /// A door on a room's wall: `cell` is room floor, the tile on `side` is not.
    AddDoor {
        room: RoomId,
        cell: Pos,
        side: Dir,
    },
    /// Deletes a door and its corridors.
    RemoveDoor(DoorId),
    SetDoorKind {
        id: DoorId,
        kind: u8,
    },
    /// A shortest corridor between two doors, around rooms.
    Connect {
        a: DoorId,
        b: DoorId,
    },
    /// Finds a new shortest path for a corridor.
    Reroute(CorridorId),
    RemoveCorridor(CorridorId),
    SetSpawn(Pos),
    /// Replaces the whole map (regenerate or open over an edited map).
    Replace(Box<Map>),
}

impl Op {
    /// A short description for the history panel.
    pub fn label(&self) -> String {
        match self {
            Op::Paint { tile, .. } => format!("Paint {}", if *tile == Tile::Wall { "wall" } else { "floor" }),
            Op::AddRoom(r) => format!("Add room {}×{}", r.w, r.h),
            Op::MoveRoom { id, dx, dy } => format!("Move room {id} by ({dx}, {dy})"),
            Op::RemoveRoom(id) => format!("Delete room {id}"),
            Op::SetRoomProps { id, .. } => format!("Room {id} properties"),
            Op::AddDoor { room, .. } => format!("Add door to room {room}"),
            Op::RemoveDoor(id) => format!("Delete door {id}"),
            Op::SetDoorKind { id, kind } => format!("Door {id} kind {kind}"),
            Op::Connect { a, b } => format!("Connect doors {a} and {b}"),
            Op::Reroute(id) => format!("Re-route corridor {id}"),
            Op::RemoveCorridor(id) => format!("Delete corridor {id}"),
            Op::SetSpawn(p) => format!("Spawn at {p}"),
            Op::Replace(_) => "Replace map".into(),
        }
    }
}

/// The result of [`perform`].
#[derive(Debug)]
pub struct Done {
    /// Undoes the whole operation.
    pub inverse: Edit,
    pub changes: Changes,
    /// Things the user should know (a corridor that could not be re-routed was removed ...).
    pub notes: Vec<String>,
}

/// Applies a list of primitives as they are planned, so later steps see earlier ones; rolls
/// everything back on error.
struct Tx<'a> {
    map: &'a mut Map,
    done: Vec<Edit>,
    changes: Changes,
    was_edited: bool,
}

impl<'a> Tx<'a> {
    fn new(map: &'a mut Map) -> Self {
        let was_edited = map.provenance.edited;
        Tx { map, done: Vec::new(), changes: Changes::default(), was_edited }
    }

    fn push(&mut self, e: Edit) -> Result<(), EditError> {
        let inv = e.apply_inner(self.map, &mut self.changes)?;
        self.done.push(inv);
        Ok(())
    }

    fn finish(self, notes: Vec<String>) -> Result<Done, EditError> {
        if self.done.is_empty() {
            return Err(EditError::Nothing);
        }
        let mut done = self.done;
        done.reverse();
        let inner = if done.len() == 1 { done.pop().unwrap_or(Edit::Batch(Vec::new())) } else { Edit::Batch(done) };
        self.map.provenance.edited = true;
        let inverse = if self.was_edited { inner } else { Edit::Unedit(Box::new(inner)) };
        Ok(Done { inverse, changes: self.changes, notes })
    }

    fn abort(self, e: EditError) -> EditError {
        rollback(self.map, self.done);
        e
    }
}

/// Plans and applies `op`; returns one inverse for the whole of it. On error the map is unchanged.
pub fn perform(map: &mut Map, op: Op) -> Result<Done, EditError> {
    if let Op::Replace(new) = op {
        let mut changes = Changes::default();
        let inverse = Edit::ReplaceMap(new).apply_tracked(map, &mut changes)?;
        return Ok(Done { inverse, changes, notes: Vec::new() });
    }
    let mut tx = Tx::new(map);
    let mut notes = Vec::new();
    match plan(&mut tx, op, &mut notes) {
        Ok(()) => tx.finish(notes),
        Err(e) => Err(tx.abort(e)),
    }
}

fn plan(tx: &mut Tx, op: Op, notes: &mut Vec<String>) -> Result<(), EditError> {
    match op {
        Op::Paint { cells, tile } => {
            let map = &*tx.map;
            let mut seen = BTreeSet::new();
            let mut set = Vec::new();
            for p in cells {
                let Some(old) = map.tile(p) else { continue };
                let new = match tile {
                    Tile::Wall => Tile::Wall,
                    _ if map.room_at(p).is_some() => Tile::Floor,
                    _ => Tile::Corridor,
                };
                if old != new && seen.insert(p) {
                    set.push((p, new));
                }
            }
            if set.is_empty() {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetTiles(set))
        }
        Op::AddRoom(r) => {
            if r.is_empty() {
                return Err(EditError::EmptyRoom);
            }
            let shape = Shape::Rect(r);
            check_room_place(tx.map, &shape, None)?;
            let id = tx.map.rooms.iter().map(|r| r.id).max().map_or(0, |m| m.saturating_add(1));
            let room = Room { id, shape, colour: room_colour(id), label: None };
            let tiles = r.cells().map(|p| (p, Tile::Floor)).collect();
            let index = tx.map.rooms.len();
            tx.push(Edit::InsertRoom { index, room })?;
            tx.push(Edit::SetTiles(tiles))
        }
        Op::MoveRoom { id, dx, dy } => move_room(tx, id, dx, dy, notes),
        Op::RemoveRoom(id) => {
            let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?.clone();
            let doors: Vec<DoorId> = tx.map.doors.iter().filter(|d| d.room == id).map(|d| d.id).collect();
            for d in doors {
                remove_door(tx, d)?;
            }
            let tiles =
                wall_cells(tx.map, room.shape.cells().into_iter().filter(|p| tx.map.tile(*p) == Some(Tile::Floor)));
            tx.push(Edit::RemoveRoom(id))?;
            tx.push(Edit::SetTiles(tiles))
        }
        Op::SetRoomProps { id, label, colour } => tx.push(Edit::SetRoomProps { id, label, colour }),
        Op::AddDoor { room, cell, side } => {
            let r = tx.map.room(room).ok_or(EditError::UnknownRoom(room))?;
            let outside = cell.step(side);
            if !r.shape.contains(cell) || r.shape.contains(outside) {
                return Err(EditError::NotOnWall { room, cell, side: side.name() });
            }
            if !tx.map.in_bounds(outside) {
                return Err(EditError::OutOfBounds(outside));
            }
            if tx.map.doors.iter().any(|d| d.cell == cell && d.side == side) {
                return Err(EditError::DoorExists);
            }
            let id = tx.map.doors.iter().map(|d| d.id).max().map_or(0, |m| m.saturating_add(1));
            let index = tx.map.doors.len();
            tx.push(Edit::InsertDoor { index, door: Door { id, room, cell, side, kind: 0 } })
        }
        Op::RemoveDoor(id) => remove_door(tx, id),
        Op::SetDoorKind { id, kind } => tx.push(Edit::SetDoorKind { id, kind }),
        Op::Connect { a, b } => {
            if a == b {
                return Err(EditError::SameDoor);
            }
            let path = route(tx.map, a, b)?;
            let id = tx.map.corridors.iter().map(|c| c.id).max().map_or(0, |m| m.saturating_add(1));
            let tiles = corridor_tiles(tx.map, &path);
            let index = tx.map.corridors.len();
            tx.push(Edit::InsertCorridor { index, corridor: Corridor { id, path, doors: [a, b], width: 1 } })?;
            tx.push(Edit::SetTiles(tiles))
        }
        Op::Reroute(id) => reroute(tx, id, notes),
        Op::RemoveCorridor(id) => remove_corridor(tx, id),
        Op::SetSpawn(p) => {
            if !tx.map.in_bounds(p) {
                return Err(EditError::OutOfBounds(p));
            }
            if p == tx.map.spawn {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetSpawn(p))
        }
        Op::Replace(_) => Err(EditError::Nothing),
    }
}

/// A pleasant, distinct colour per room id.
pub fn room_colour(id: RoomId) -> Rgb {
    const COLOURS: [Rgb; 8] = [
        Rgb(0x5b, 0x8d, 0xc9),
        Rgb(0x6f, 0xb5, 0x6f),
        Rgb(0xc9, 0x8d, 0x5b),
        Rgb(0xa0, 0x72, 0xc4),
        Rgb(0x4f, 0xb0, 0xaa),
        Rgb(0xc4, 0x6a, 0x82),
        Rgb(0xb5, 0xa8, 0x4a),
        Rgb(0x7a, 0x86, 0xd6),
    ];
    COLOURS[id as usize % COLOURS.len()]
}

/// Refuses a room shape that leaves the map or overlaps another room (`except`, when moving).
fn check_room_place(map: &Map, shape: &Shape, except: Option<RoomId>) -> Result<(), EditError> {
    let mut err = None;
    let bounds = shape.bounds();
    let others: Vec<&Room> = map
        .rooms
        .iter()
        .filter(|r| Some(r.id) != except)
        .filter(|r| match (r.shape.bounds(), bounds) {
            (Some(a), Some(b)) => a.intersects(&b),
            _ => false,
        })
        .collect();
    shape.for_each_cell(|p| {
        if err.is_some() {
            return;
        }
        if !map.in_bounds(p) {
            err = Some(EditError::OutOfBounds(p));
        } else if let Some(o) = others.iter().find(|r| r.shape.contains(p)) {
            err = Some(EditError::Overlap { other: o.id, cell: p });
        }
    });
    err.map_or(Ok(()), Err)
}

/// Tiles to clear when `cells` stop being room floor or corridor: wall, unless another corridor
/// still runs there.
fn wall_cells(map: &Map, cells: impl Iterator<Item = Pos>) -> Vec<(Pos, Tile)> {
    let mut seen = BTreeSet::new();
    cells
        .filter(|p| map.tile(*p).is_some_and(|t| t != Tile::Wall) && seen.insert(*p))
        .map(|p| (p, Tile::Wall))
        .collect()
}

/// Corridor tiles to dig along `path` (wall becomes corridor floor; floor is left alone).
fn corridor_tiles(map: &Map, path: &[Pos]) -> Vec<(Pos, Tile)> {
    let mut seen = BTreeSet::new();
    path.iter()
        .filter(|p| map.tile(**p) == Some(Tile::Wall) && seen.insert(**p))
        .map(|p| (*p, Tile::Corridor))
        .collect()
}

/// Tiles only corridor `id` uses (no other corridor, no room, no door outside).
fn own_corridor_cells(map: &Map, id: CorridorId) -> Vec<Pos> {
    let Some(c) = map.corridor(id) else { return Vec::new() };
    let mut mine = BTreeSet::new();
    c.for_each_cell(|p| {
        mine.insert(p);
    });
    for o in map.corridors.iter().filter(|o| o.id != id) {
        o.for_each_cell(|p| {
            mine.remove(&p);
        });
    }
    for d in &map.doors {
        if !c.doors.contains(&d.id) {
            mine.remove(&d.outside());
        }
    }
    mine.into_iter().filter(|p| map.tile(*p) == Some(Tile::Corridor) && map.room_at(*p).is_none()).collect()
}

fn remove_corridor(tx: &mut Tx, id: CorridorId) -> Result<(), EditError> {
    corridor_pos(tx.map, id)?;
    let tiles = wall_cells(tx.map, own_corridor_cells(tx.map, id).into_iter());
    tx.push(Edit::RemoveCorridor(id))?;
    if !tiles.is_empty() {
        tx.push(Edit::SetTiles(tiles))?;
    }
    Ok(())
}

fn remove_door(tx: &mut Tx, id: DoorId) -> Result<(), EditError> {
    door_pos(tx.map, id)?;
    let corridors: Vec<CorridorId> = tx.map.corridors.iter().filter(|c| c.doors.contains(&id)).map(|c| c.id).collect();
    for c in corridors {
        remove_corridor(tx, c)?;
    }
    tx.push(Edit::RemoveDoor(id))
}

/// Most tiles a corridor search visits.
pub const ROUTE_CAP: usize = 4_000_000;

/// The shortest path between two doors' outside tiles, never through a room.
pub fn route(map: &Map, a: DoorId, b: DoorId) -> Result<Vec<Pos>, EditError> {
    let da = map.door(a).ok_or(EditError::UnknownDoor(a))?;
    let db = map.door(b).ok_or(EditError::UnknownDoor(b))?;
    let (from, to) = (da.outside(), db.outside());
    for p in [from, to] {
        if !map.in_bounds(p) {
            return Err(EditError::OutOfBounds(p));
        }
        if map.room_at(p).is_some() {
            return Err(EditError::NoRoute("a door opens into a room"));
        }
    }
    // Only rooms whose bounds are near matter; a per-tile room grid would cost a full-map pass.
    let rooms = map.room_index_grid();
    pathfind::bfs(map.width(), map.height(), from, to, ROUTE_CAP, |p| rooms.get(p) == Some(&u32::MAX)).map_err(|e| {
        EditError::NoRoute(match e {
            pathfind::NoPath::Unreachable => "rooms wall it off",
            pathfind::NoPath::CapReached => "search limit reached",
        })
    })
}

fn reroute(tx: &mut Tx, id: CorridorId, notes: &mut Vec<String>) -> Result<(), EditError> {
    let c = tx.map.corridor(id).ok_or(EditError::UnknownCorridor(id))?.clone();
    let clear = wall_cells(tx.map, own_corridor_cells(tx.map, id).into_iter());
    if !clear.is_empty() {
        tx.push(Edit::SetTiles(clear))?;
    }
    match route(tx.map, c.doors[0], c.doors[1]) {
        Ok(path) => {
            let tiles = corridor_tiles(tx.map, &path);
            tx.push(Edit::SetCorridorPath { id, path })?;
            if !tiles.is_empty() {
                tx.push(Edit::SetTiles(tiles))?;
            }
        }
        Err(e) => {
            notes.push(format!("corridor {id} was removed: {e}"));
            tx.push(Edit::RemoveCorridor(id))?;
        }
    }
    Ok(())
}

fn move_room(tx: &mut Tx, id: RoomId, dx: i32, dy: i32, notes: &mut Vec<String>) -> Result<(), EditError> {
    if dx == 0 && dy == 0 {
        return Err(EditError::Nothing);
    }
    let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?.clone();
    if !shape_fits(&room.shape, dx, dy) {
        return Err(EditError::OutOfBounds(Pos::new(dx, dy)));
    }
    let mut moved = room.shape.clone();
    moved.translate(dx, dy);
    check_room_place(tx.map, &moved, Some(id))?;
    for d in tx.map.doors.iter().filter(|d| d.room == id) {
        let out = d.outside().offset(dx, dy);
        if !tx.map.in_bounds(out) {
            return Err(EditError::OutOfBounds(out));
        }
    }
    let door_ids: BTreeSet<DoorId> = tx.map.doors.iter().filter(|d| d.room == id).map(|d| d.id).collect();
    let corridors: Vec<CorridorId> =
        tx.map.corridors.iter().filter(|c| c.doors.iter().any(|d| door_ids.contains(d))).map(|c| c.id).collect();
    // Lift the corridors' own tiles first, so the re-routed paths may reuse the space.
    for c in &corridors {
        let clear = wall_cells(tx.map, own_corridor_cells(tx.map, *c).into_iter());
        if !clear.is_empty() {
            tx.push(Edit::SetTiles(clear))?;
        }
    }
    let old_cells = room.shape.cells();
    let mut tiles: Vec<(Pos, Tile)> =
        old_cells.iter().filter(|p| !moved.contains(**p)).map(|p| (*p, Tile::Wall)).collect();
    tiles.extend(moved.cells().into_iter().filter(|p| tx.map.tile(*p) != Some(Tile::Floor)).map(|p| (p, Tile::Floor)));
    tx.push(Edit::TranslateRoom { id, dx, dy })?;
    if !tiles.is_empty() {
        tx.push(Edit::SetTiles(tiles))?;
    }
    for c in corridors {
        reroute(tx, c, notes)?;
    }
    Ok(())
}

/// One undo step: what undoes it, and how it is listed.
#[derive(Clone, Debug)]
pub struct Step {
    pub label: String,
    pub edit: Edit,
    bytes: usize,
}

/// The undo/redo stacks, bounded by step count and by bytes (oldest steps are dropped first).
#[derive(Clone, Debug)]
pub struct History {
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    bytes: usize,
    pub max_steps: usize,
    pub max_bytes: usize,
}

impl Default for History {
    fn default() -> Self {
        Self::new(500, 256 << 20)
    }
}

impl History {
    pub fn new(max_steps: usize, max_bytes: usize) -> Self {
        Self { undo: VecDeque::new(), redo: Vec::new(), bytes: 0, max_steps, max_bytes }
    }

    /// Records a new step (its inverse); clears the redo stack.
    pub fn push(&mut self, label: String, inverse: Edit) {
        for s in self.redo.drain(..) {
            self.bytes = self.bytes.saturating_sub(s.bytes);
        }
        let bytes = inverse.size_bytes() + label.len();
        self.bytes += bytes;
        self.undo.push_back(Step { label, edit: inverse, bytes });
        self.trim();
    }

    /// Folds `inverse` (of a change made after the newest step) into the newest step, so a whole
    /// brush stroke undoes at once. Starts a step when there is none.
    pub fn merge_into_last(&mut self, inverse: Edit) {
        let Some(last) = self.undo.back_mut() else {
            self.push(String::from("Edit"), inverse);
            return;
        };
        for s in self.redo.drain(..) {
            self.bytes = self.bytes.saturating_sub(s.bytes);
        }
        let old = std::mem::replace(&mut last.edit, Edit::Batch(Vec::new()));
        // Undo the newer change first. An `Unedit` wrapper (the step that first edited the map)
        // must stay outermost.
        let (inv, unedit) = match inverse {
            Edit::Unedit(e) => (*e, true),
            e => (e, false),
        };
        fn prepend(o: Edit, inv: Edit) -> Edit {
            match o {
                Edit::Batch(mut v) => {
                    v.insert(0, inv);
                    Edit::Batch(v)
                }
                o => Edit::Batch(vec![inv, o]),
            }
        }
        last.edit = match old {
            Edit::Unedit(o) => Edit::Unedit(Box::new(prepend(*o, inv))),
            o if unedit => Edit::Unedit(Box::new(prepend(o, inv))),
            o => prepend(o, inv),
        };
        self.bytes = self.bytes.saturating_sub(last.bytes);
        last.bytes = last.edit.size_bytes() + last.label.len();
        self.bytes += last.bytes;
        self.trim();
    }

    fn trim(&mut self) {
        while self.undo.len() > self.max_steps || (self.bytes > self.max_bytes && self.undo.len() > 1) {
            match self.undo.pop_front() {
                Some(s) => self.bytes = self.bytes.saturating_sub(s.bytes),
                None => break,
            }
        }
    }

    /// Undoes the newest step; `None` when there is nothing to undo.
    pub fn undo(&mut self, map: &mut Map) -> Option<Result<Changes, EditError>> {
        let step = self.undo.pop_back()?;
        let mut ch = Changes::default();
        Some(match step.edit.clone().apply_tracked(map, &mut ch) {
            Ok(redo) => {
                self.bytes = self.bytes.saturating_sub(step.bytes);
                let bytes = redo.size_bytes() + step.label.len();
                self.bytes += bytes;
                self.redo.push(Step { label: step.label, edit: redo, bytes });
                Ok(ch)
            }
            Err(e) => {
                self.undo.push_back(step);
                Err(e)
            }
        })
    }

    /// Redoes the newest undone step.
    pub fn redo(&mut self, map: &mut Map) -> Option<Result<Changes, EditError>> {
        let step = self.redo.pop()?;
        let mut ch = Changes::default();
        Some(match step.edit.clone().apply_tracked(map, &mut ch) {
            Ok(undo) => {
                self.bytes = self.bytes.saturating_sub(step.bytes);
                let bytes = undo.size_bytes() + step.label.len();
                self.bytes += bytes;
                self.undo.push_back(Step { label: step.label, edit: undo, bytes });
                self.trim();
                Ok(ch)
            }
            Err(e) => {
                self.redo.push(step);
                Err(e)
            }
        })
    }

    /// Labels of the steps that can be undone, oldest first.
    pub fn undo_labels(&self) -> impl Iterator<Item = &str> {
        self.undo.iter().map(|s| s.label.as_str())
    }

    /// Labels of the steps that can be redone, next first.
    pub fn redo_labels(&self) -> impl Iterator<Item = &str> {
        self.redo.iter().rev().map(|s| s.label.as_str())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// Bytes held by all steps (approximate).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_edits_leave_the_map_alone() {
        let mut m = Map::new(10, 10);
        let before = m.clone();
        assert!(
            Edit::SetTiles(vec![(Pos::new(1, 1), Tile::Floor), (Pos::new(20, 1), Tile::Floor)]).apply(&mut m).is_err()
        );
        assert!(Edit::RemoveRoom(3).apply(&mut m).is_err());
        assert!(perform(&mut m, Op::AddRoom(Rect::new(8, 8, 5, 5))).is_err());
        assert_eq!(m, before);
    }

    #[test]
    fn room_door_corridor_round_trip() {
        let mut m = Map::new(30, 20);
        let original = m.clone();
        let ops = [
            Op::AddRoom(Rect::new(2, 2, 5, 5)),
            Op::AddRoom(Rect::new(20, 10, 5, 5)),
            Op::AddDoor { room: 0, cell: Pos::new(6, 4), side: Dir::East },
            Op::AddDoor { room: 1, cell: Pos::new(20, 12), side: Dir::West },
            Op::Connect { a: 0, b: 1 },
            Op::SetSpawn(Pos::new(3, 3)),
        ];
        let mut inv: Vec<Edit> = ops.into_iter().map(|op| perform(&mut m, op).unwrap().inverse).collect();
        assert!(m.validate().is_empty(), "{:?}\n{}", m.validate(), m.to_ascii());
        let edited = m.clone();
        inv.push(perform(&mut m, Op::MoveRoom { id: 1, dx: -3, dy: 2 }).unwrap().inverse);
        assert!(m.validate().is_empty(), "{:?}\n{}", m.validate(), m.to_ascii());
        assert!(perform(&mut m, Op::MoveRoom { id: 1, dx: -15, dy: -9 }).is_err(), "overlap refused");
        let moved = m.clone();
        let redo = inv.pop().unwrap().apply(&mut m).unwrap();
        assert_eq!(m, edited);
        inv.push(redo.apply(&mut m).unwrap());
        assert_eq!(m, moved);
        for e in inv.into_iter().rev() {
            e.apply(&mut m).unwrap();
        }
        assert_eq!(m, original);
        assert!(!m.provenance.edited);
    }
}
