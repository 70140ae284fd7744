//! Primitive edits with exact inverses: [`Edit`] (set tiles, insert/remove a room, door or
//! corridor, move a room's shape, set properties, replace the whole map, a batch) and [`Changes`]
//! (which tiles and lookups an applied edit touched).
//!
//! [`Edit::apply`] checks the edit first, changes the map, and returns the edit's exact inverse; a
//! refused edit leaves the map untouched. Edits store differences, never whole-map copies (except
//! [`Edit::ReplaceMap`]). Every applied edit marks `map.provenance.edited`; its inverse restores the
//! flag exactly.

use crate::geom::{Pos, Rect};
use crate::map::{
    Corridor, CorridorId, Door, DoorId, Map, Marker, Opening, Rgb, Role, Room, RoomId, Shape, Tile, TileKind, TilePath,
};
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
    #[error("{0}")]
    Size(String),
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
    #[error("{0} is rock: a marker stands on floor")]
    NotFloor(Pos),
    #[error("there already is a marker at {0}")]
    MarkerExists(Pos),
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
    /// Sets how a door opens (plain, locked by a key, secret, an arch).
    SetDoorOpening {
        id: DoorId,
        opening: Opening,
    },
    /// Inserts `marker` at `index` in `map.markers`.
    InsertMarker {
        index: usize,
        marker: Marker,
    },
    /// Removes the marker at `index` of `map.markers`.
    RemoveMarker(usize),
    InsertCorridor {
        index: usize,
        corridor: Corridor,
    },
    RemoveCorridor(CorridorId),
    SetCorridorPath {
        id: CorridorId,
        path: TilePath,
    },
    SetSpawn(Pos),
    /// Locks or unlocks a room (kept as it is when the map is generated again).
    SetRoomLock {
        id: RoomId,
        locked: bool,
    },
    /// Sets a room's role (`None`: no role).
    SetRoomRole {
        id: RoomId,
        role: Option<Role>,
    },
    /// Gives a room another set of cells (tiles, doors untouched): a pillar painted into a
    /// room takes its tile out of the room.
    SetRoomShape {
        id: RoomId,
        shape: Shape,
    },
    /// Marks a room as a vault or not (see [`crate::map::Room::vault`]).
    SetRoomVault {
        id: RoomId,
        vault: bool,
    },
    /// Gives each listed tile a tile kind number (0: none; `k`: the map's `k`th kind), in order.
    SetTileKinds(Vec<(Pos, u8)>),
    /// Replaces the map's palette of tile kinds; refused when a tile holds a kind it drops.
    SetTilePalette(Vec<TileKind>),
    /// Locks or unlocks each listed tile (on the map).
    SetTileLocks {
        cells: Vec<Pos>,
        locked: bool,
    },
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
        self.tiles = Some(self.tiles.map_or(r, |o| o.union(&r)));
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

pub(super) fn room_pos(map: &Map, id: RoomId) -> Result<usize, EditError> {
    map.rooms.iter().position(|r| r.id == id).ok_or(EditError::UnknownRoom(id))
}

pub(super) fn door_pos(map: &Map, id: DoorId) -> Result<usize, EditError> {
    map.doors.iter().position(|d| d.id == id).ok_or(EditError::UnknownDoor(id))
}

pub(super) fn corridor_pos(map: &Map, id: CorridorId) -> Result<usize, EditError> {
    map.corridors.iter().position(|c| c.id == id).ok_or(EditError::UnknownCorridor(id))
}

fn check_index(what: &'static str, index: usize, len: usize) -> Result<(), EditError> {
    if index > len { Err(EditError::BadIndex { what, index }) } else { Ok(()) }
}

pub(super) fn shape_fits(s: &Shape, dx: i32, dy: i32) -> bool {
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

    pub(super) fn apply_inner(self, map: &mut Map, ch: &mut Changes) -> Result<Edit, EditError> {
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
            Edit::SetDoorOpening { id, opening } => {
                let i = door_pos(map, id)?;
                ch.structure = true;
                ch.touch(map.doors[i].cell);
                let old = std::mem::replace(&mut map.doors[i].opening, opening);
                Edit::SetDoorOpening { id, opening: old }
            }
            Edit::InsertMarker { index, marker } => {
                check_index("marker", index, map.markers.len())?;
                if !map.in_bounds(marker.at) {
                    return Err(EditError::OutOfBounds(marker.at));
                }
                ch.touch(marker.at);
                ch.structure = true;
                map.markers.insert(index, marker);
                Edit::RemoveMarker(index)
            }
            Edit::RemoveMarker(index) => {
                if index >= map.markers.len() {
                    return Err(EditError::BadIndex { what: "marker", index });
                }
                let marker = map.markers.remove(index);
                ch.touch(marker.at);
                ch.structure = true;
                Edit::InsertMarker { index, marker }
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
            Edit::SetRoomLock { id, locked } => {
                let i = room_pos(map, id)?;
                let room = &mut map.rooms[i];
                ch.touch_shape(&room.shape);
                ch.structure = true;
                Edit::SetRoomLock { id, locked: std::mem::replace(&mut room.locked, locked) }
            }
            Edit::SetRoomRole { id, role } => {
                let i = room_pos(map, id)?;
                let room = &mut map.rooms[i];
                // The role colours the room in the "by role" view.
                ch.touch_shape(&room.shape);
                ch.structure = true;
                Edit::SetRoomRole { id, role: std::mem::replace(&mut room.role, role) }
            }
            Edit::SetRoomShape { id, shape } => {
                let i = room_pos(map, id)?;
                if shape.area() == 0 {
                    return Err(EditError::EmptyRoom);
                }
                let room = &mut map.rooms[i];
                ch.touch_shape(&room.shape);
                ch.touch_shape(&shape);
                ch.structure = true;
                Edit::SetRoomShape { id, shape: std::mem::replace(&mut room.shape, shape) }
            }
            Edit::SetRoomVault { id, vault } => {
                let i = room_pos(map, id)?;
                let room = &mut map.rooms[i];
                ch.structure = true;
                Edit::SetRoomVault { id, vault: std::mem::replace(&mut room.vault, vault) }
            }
            Edit::SetTileKinds(cells) => {
                if let Some(p) = cells.iter().find(|p| !map.in_bounds(p.0)) {
                    return Err(EditError::OutOfBounds(p.0));
                }
                let kinds = map.terrain().kinds().len();
                if let Some((_, n)) = cells.iter().find(|(_, n)| *n as usize > kinds) {
                    return Err(EditError::Size(format!("tile kind {n} is past the map's {kinds} kinds")));
                }
                let mut inv = Vec::with_capacity(cells.len());
                for (p, n) in cells {
                    let old = map.set_tile_kind(p, n).unwrap_or(0);
                    ch.touch(p);
                    inv.push((p, old));
                }
                inv.reverse();
                Edit::SetTileKinds(inv)
            }
            Edit::SetTilePalette(kinds) => {
                if map.terrain().cells().iter().any(|&c| c as usize > kinds.len()) {
                    return Err(EditError::Size("a tile kind in use would leave the palette".into()));
                }
                if let Some(p) = crate::map::terrain::palette_problem(&kinds) {
                    return Err(EditError::Size(p));
                }
                let old = map.terrain().kinds().to_vec();
                map.set_tile_kinds(kinds);
                Edit::SetTilePalette(old)
            }
            Edit::SetTileLocks { cells, locked } => {
                if let Some(p) = cells.iter().find(|p| !map.in_bounds(**p)) {
                    return Err(EditError::OutOfBounds(*p));
                }
                // The inverse lists only the tiles this changed.
                let mut changed = Vec::new();
                for p in cells {
                    if map.set_tile_lock(p, locked) {
                        ch.touch(p);
                        changed.push(p);
                    }
                }
                Edit::SetTileLocks { cells: changed, locked: !locked }
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
            Edit::SetTileLocks { cells, .. } => cells.len() * std::mem::size_of::<Pos>(),
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
pub(super) fn rollback(map: &mut Map, done: Vec<Edit>) {
    let mut scratch = Changes::default();
    for inv in done.into_iter().rev() {
        let _ = inv.apply_inner(map, &mut scratch);
    }
}
