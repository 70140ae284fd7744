//! Designer operations: [`Op`] is what a designer asks for (paint, draw a room, move a room,
//! connect two doors ...); [`perform`] plans it against the current map, applies it as primitive
//! [`Edit`]s, and returns one inverse for the whole operation, so one operation is one undo step.

use super::primitive::{Changes, Edit, EditError, corridor_pos, door_pos, rollback, shape_fits};
use super::route::{corridor_tiles, own_corridor_cells, reroute, route, wall_cells};
use crate::geom::{Dir, Pos, Rect};
use crate::map::{
    Corridor, CorridorId, Door, DoorId, Map, Marker, Opening, Rgb, Role, Room, RoomId, Shape, Tile, TileKind,
};
use std::collections::BTreeSet;

mod paint;

/// What a designer asks for; [`perform`] turns it into primitive edits.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Paints cells: `Tile::Wall` makes rock, and inside a room takes the tile out of the room
    /// (a pillar; a door's cell, the spawn and markers keep their floor, and a room painted out
    /// whole is deleted with its doors and corridors); any walkable tile makes floor: room floor inside a room or in a
    /// room's hole (a tile whose four neighbours are that room's floor, which it joins again),
    /// corridor floor elsewhere. Cells off the map are skipped.
    Paint {
        cells: Vec<Pos>,
        tile: Tile,
    },
    /// Gives floor cells tile kind `kind` (added to the map's palette when it is not there), or
    /// none (`None`). Rock and cells off the map are skipped.
    PaintKind {
        cells: Vec<Pos>,
        kind: Option<TileKind>,
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
    /// How a door opens: a plain door, locked (by key k), secret, an open arch.
    SetDoorOpening {
        id: DoorId,
        opening: Opening,
    },
    /// A marker on a floor tile without one.
    AddMarker(Marker),
    /// Deletes the marker at `index` of the map's markers.
    RemoveMarker(usize),
    /// Moves the marker at `index` to floor tile `to` (without a marker).
    MoveMarker {
        index: usize,
        to: Pos,
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
    /// Locks or unlocks a room: a locked room is kept exactly when the map is generated again.
    LockRoom {
        id: RoomId,
        locked: bool,
    },
    /// Marks a room as a vault (placed by generators when this map is a vault library) or not.
    MarkVault {
        id: RoomId,
        vault: bool,
    },
    /// Gives a room a role, or takes its role away (`None`).
    SetRoomRole {
        id: RoomId,
        role: Option<Role>,
    },
    /// Locks or unlocks tiles (cells off the map are skipped): locked tiles are kept exactly
    /// when the map is generated again.
    LockTiles {
        cells: Vec<Pos>,
        locked: bool,
    },
    /// Unlocks every locked room and tile.
    UnlockAll,
    /// Replaces the whole map (regenerate or open over an edited map).
    Replace(Box<Map>),
    /// The map on a `width`×`height` canvas, placed by `anchor` ([`super::resize`]).
    Resize {
        width: u32,
        height: u32,
        anchor: super::resize::Anchor,
    },
}

impl Op {
    /// A short description for the history panel.
    pub fn label(&self) -> String {
        match self {
            Op::Paint { tile, .. } => format!("Paint {}", if *tile == Tile::Wall { "wall" } else { "floor" }),
            Op::PaintKind { kind: Some(k), .. } => format!("Paint {}", k.name),
            Op::PaintKind { kind: None, .. } => "Clear tile kinds".into(),
            Op::AddRoom(r) => format!("Add room {}×{}", r.w, r.h),
            Op::MoveRoom { id, dx, dy } => format!("Move room {id} by ({dx}, {dy})"),
            Op::RemoveRoom(id) => format!("Delete room {id}"),
            Op::SetRoomProps { id, .. } => format!("Room {id} properties"),
            Op::AddDoor { room, .. } => format!("Add door to room {room}"),
            Op::RemoveDoor(id) => format!("Delete door {id}"),
            Op::SetDoorKind { id, kind } => format!("Door {id} kind {kind}"),
            Op::SetDoorOpening { id, opening: Opening::Locked(k) } => format!("Door {id} locked by key {k}"),
            Op::SetDoorOpening { id, opening } => format!("Door {id} {}", opening.name()),
            Op::AddMarker(m) => format!("Add {} at {}", m.kind, m.at),
            Op::RemoveMarker(i) => format!("Delete marker {i}"),
            Op::MoveMarker { index, to } => format!("Move marker {index} to {to}"),
            Op::Connect { a, b } => format!("Connect doors {a} and {b}"),
            Op::Reroute(id) => format!("Re-route corridor {id}"),
            Op::RemoveCorridor(id) => format!("Delete corridor {id}"),
            Op::SetSpawn(p) => format!("Spawn at {p}"),
            Op::LockRoom { id, locked: true } => format!("Lock room {id}"),
            Op::LockRoom { id, locked: false } => format!("Unlock room {id}"),
            Op::MarkVault { id, vault: true } => format!("Mark room {id} as a vault"),
            Op::MarkVault { id, vault: false } => format!("Room {id} not a vault"),
            Op::SetRoomRole { id, role: Some(role) } => format!("Room {id} role {role}"),
            Op::SetRoomRole { id, role: None } => format!("Room {id} no role"),
            Op::LockTiles { locked: true, .. } => "Lock tiles".into(),
            Op::LockTiles { locked: false, .. } => "Unlock tiles".into(),
            Op::UnlockAll => "Unlock all".into(),
            Op::Replace(_) => "Replace map".into(),
            Op::Resize { width, height, .. } => format!("Resize map to {width}×{height}"),
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
pub(super) struct Tx<'a> {
    pub(super) map: &'a mut Map,
    done: Vec<Edit>,
    changes: Changes,
    was_edited: bool,
}

impl<'a> Tx<'a> {
    fn new(map: &'a mut Map) -> Self {
        let was_edited = map.provenance.edited;
        Tx { map, done: Vec::new(), changes: Changes::default(), was_edited }
    }

    pub(super) fn push(&mut self, e: Edit) -> Result<(), EditError> {
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
    if let Op::Resize { width, height, anchor } = op {
        let resized = super::resize::resize(map, width, height, anchor).map_err(|e| EditError::Size(e.to_string()))?;
        let notes = resized.report().into_iter().collect();
        let mut changes = Changes::default();
        let inverse = Edit::ReplaceMap(Box::new(resized.map)).apply_tracked(map, &mut changes)?;
        return Ok(Done { inverse, changes, notes });
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
        Op::Paint { cells, tile } => paint::plan(tx, cells, tile, notes),
        Op::AddRoom(r) => {
            if r.is_empty() {
                return Err(EditError::EmptyRoom);
            }
            let shape = Shape::Rect(r);
            check_room_place(tx.map, &shape, None)?;
            let id = tx.map.rooms.iter().map(|r| r.id).max().map_or(0, |m| m.saturating_add(1));
            // A colour unlike the rooms it would neighbour.
            let colour = crate::map::palette::colour_for_new_room(tx.map, &shape, id as usize);
            let room = Room { id, shape, colour, label: None, locked: false, role: None, vault: false };
            let tiles = r.cells().map(|p| (p, Tile::Floor)).collect();
            let index = tx.map.rooms.len();
            tx.push(Edit::InsertRoom { index, room })?;
            tx.push(Edit::SetTiles(tiles))
        }
        Op::MoveRoom { id, dx, dy } => move_room(tx, id, dx, dy, notes),
        Op::RemoveRoom(id) => remove_room(tx, id),
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
            tx.push(Edit::InsertDoor { index, door: Door::new(id, room, cell, side) })
        }
        Op::RemoveDoor(id) => remove_door(tx, id),
        Op::SetDoorKind { id, kind } => tx.push(Edit::SetDoorKind { id, kind }),
        Op::SetDoorOpening { id, opening } => {
            let door = tx.map.door(id).ok_or(EditError::UnknownDoor(id))?;
            if door.opening == opening {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetDoorOpening { id, opening })
        }
        Op::AddMarker(marker) => {
            marker_place(tx.map, marker.at)?;
            let index = tx.map.markers.len();
            tx.push(Edit::InsertMarker { index, marker })
        }
        Op::RemoveMarker(index) => tx.push(Edit::RemoveMarker(index)),
        Op::MoveMarker { index, to } => {
            let mut marker = tx.map.markers.get(index).cloned().ok_or(EditError::BadIndex { what: "marker", index })?;
            if marker.at == to {
                return Err(EditError::Nothing);
            }
            marker_place(tx.map, to)?;
            marker.at = to;
            tx.push(Edit::RemoveMarker(index))?;
            tx.push(Edit::InsertMarker { index, marker })
        }
        Op::Connect { a, b } => {
            if a == b {
                return Err(EditError::SameDoor);
            }
            let path = route(tx.map, a, b)?;
            let id = tx.map.corridors.iter().map(|c| c.id).max().map_or(0, |m| m.saturating_add(1));
            let tiles = corridor_tiles(tx.map, &path);
            let index = tx.map.corridors.len();
            tx.push(Edit::InsertCorridor {
                index,
                corridor: Corridor { id, path: path.into(), doors: [a, b], width: 1 },
            })?;
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
        Op::LockRoom { id, locked } => {
            let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?;
            if room.locked == locked {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetRoomLock { id, locked })
        }
        Op::MarkVault { id, vault } => {
            let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?;
            if room.vault == vault {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetRoomVault { id, vault })
        }
        Op::SetRoomRole { id, role } => {
            let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?;
            if room.role == role {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetRoomRole { id, role })
        }
        Op::PaintKind { cells, kind } => {
            let n = match kind {
                None => 0,
                Some(k) => match tx.map.terrain().number_of(&k.name) {
                    Some(n) => n,
                    None => {
                        let mut kinds = tx.map.terrain().kinds().to_vec();
                        kinds.push(k);
                        tx.push(Edit::SetTilePalette(kinds))?;
                        tx.map.terrain().kinds().len() as u8
                    }
                },
            };
            let map = &*tx.map;
            let mut seen = BTreeSet::new();
            let set: Vec<(Pos, u8)> = cells
                .into_iter()
                .filter(|&p| {
                    map.tile(p).is_some_and(Tile::is_walkable) && map.tile_kind_number(p) != n && seen.insert(p)
                })
                .map(|p| (p, n))
                .collect();
            if set.is_empty() {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetTileKinds(set))
        }
        Op::LockTiles { cells, locked } => {
            let mut seen = BTreeSet::new();
            let cells: Vec<Pos> = cells
                .into_iter()
                .filter(|p| tx.map.in_bounds(*p) && tx.map.tile_locked(*p) != locked && seen.insert(*p))
                .collect();
            if cells.is_empty() {
                return Err(EditError::Nothing);
            }
            tx.push(Edit::SetTileLocks { cells, locked })
        }
        Op::UnlockAll => {
            let rooms: Vec<RoomId> = tx.map.rooms.iter().filter(|r| r.locked).map(|r| r.id).collect();
            for id in rooms {
                tx.push(Edit::SetRoomLock { id, locked: false })?;
            }
            let cells: Vec<Pos> = tx.map.locked_tiles().collect();
            if !cells.is_empty() {
                tx.push(Edit::SetTileLocks { cells, locked: false })?;
            }
            Ok(())
        }
        Op::Replace(_) | Op::Resize { .. } => Err(EditError::Nothing),
    }
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

/// Deletes a room with its doors and their corridors; its floor becomes rock.
fn remove_room(tx: &mut Tx, id: RoomId) -> Result<(), EditError> {
    let room = tx.map.room(id).ok_or(EditError::UnknownRoom(id))?.clone();
    let doors: Vec<DoorId> = tx.map.doors.iter().filter(|d| d.room == id).map(|d| d.id).collect();
    for d in doors {
        remove_door(tx, d)?;
    }
    let tiles = wall_cells(tx.map, room.shape.cells().into_iter().filter(|p| tx.map.tile(*p) == Some(Tile::Floor)));
    tx.push(Edit::RemoveRoom(id))?;
    tx.push(Edit::SetTiles(tiles))
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

/// Whether a marker may stand on `at`: floor on the map, without a marker.
fn marker_place(map: &Map, at: Pos) -> Result<(), EditError> {
    match map.tile(at) {
        None => Err(EditError::OutOfBounds(at)),
        Some(Tile::Wall) => Err(EditError::NotFloor(at)),
        Some(_) if map.markers.iter().any(|m| m.at == at) => Err(EditError::MarkerExists(at)),
        Some(_) => Ok(()),
    }
}

fn remove_door(tx: &mut Tx, id: DoorId) -> Result<(), EditError> {
    door_pos(tx.map, id)?;
    let corridors: Vec<CorridorId> = tx.map.corridors.iter().filter(|c| c.doors.contains(&id)).map(|c| c.id).collect();
    for c in corridors {
        remove_corridor(tx, c)?;
    }
    tx.push(Edit::RemoveDoor(id))
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

    #[test]
    fn a_role_is_set_and_undone_exactly() {
        let mut m = Map::new(30, 20);
        perform(&mut m, Op::AddRoom(Rect::new(2, 2, 5, 5))).unwrap();
        let before = m.clone();
        assert!(perform(&mut m, Op::SetRoomRole { id: 0, role: None }).is_err(), "already without a role");
        assert!(perform(&mut m, Op::SetRoomRole { id: 9, role: Some(Role::Exit) }).is_err(), "no such room");
        let done = perform(&mut m, Op::SetRoomRole { id: 0, role: Some(Role::Treasure) }).unwrap();
        assert_eq!(m.rooms[0].role, Some(Role::Treasure));
        assert!(m.provenance.edited);
        let redo = done.inverse.apply(&mut m).unwrap();
        assert_eq!(m, before);
        redo.apply(&mut m).unwrap();
        assert_eq!(m.rooms[0].role, Some(Role::Treasure));
        assert_eq!(Op::SetRoomRole { id: 0, role: Some(Role::Guard) }.label(), "Room 0 role guard");
    }

    #[test]
    fn unlock_all_is_one_inverse() {
        let mut m = Map::new(30, 20);
        perform(&mut m, Op::AddRoom(Rect::new(2, 2, 5, 5))).unwrap();
        perform(&mut m, Op::AddRoom(Rect::new(20, 10, 5, 5))).unwrap();
        assert!(perform(&mut m, Op::UnlockAll).is_err(), "nothing locked: nothing done");
        perform(&mut m, Op::LockRoom { id: 1, locked: true }).unwrap();
        perform(&mut m, Op::LockTiles { cells: vec![Pos::new(10, 3), Pos::new(11, 3)], locked: true }).unwrap();
        let locked = m.clone();
        let done = perform(&mut m, Op::UnlockAll).unwrap();
        assert!(!m.has_locks());
        done.inverse.apply(&mut m).unwrap();
        assert_eq!(m, locked);
    }
}
