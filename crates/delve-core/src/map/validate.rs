//! The problems a map can have: every way tiles, rooms, doors, corridors and spawn can disagree.
//! [`super::check::Checker`] finds them.

use super::{CorridorId, DoorId, RoomId, Tile};
use crate::geom::Pos;
use std::fmt;

/// One inconsistency in a map. Each names the things involved and where, so the editor can
/// show it on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    RoomOutOfBounds {
        room: RoomId,
        cell: Pos,
    },
    RoomEmpty {
        room: RoomId,
    },
    RoomNotFloor {
        room: RoomId,
        cell: Pos,
        tile: Tile,
    },
    RoomsOverlap {
        a: RoomId,
        b: RoomId,
        cell: Pos,
    },
    StrayRoomFloor {
        cell: Pos,
        count: usize,
    },
    DuplicateId {
        what: &'static str,
        id: u32,
    },
    DoorUnknownRoom {
        door: DoorId,
        room: RoomId,
    },
    DoorNotOnWall {
        door: DoorId,
        cell: Pos,
    },
    DoorOutOfBounds {
        door: DoorId,
        cell: Pos,
    },
    DoorWithoutCorridor {
        door: DoorId,
        cell: Pos,
    },
    CorridorUnknownDoor {
        corridor: CorridorId,
        door: DoorId,
    },
    CorridorEmpty {
        corridor: CorridorId,
    },
    CorridorNotAtDoor {
        corridor: CorridorId,
        door: DoorId,
        cell: Pos,
    },
    CorridorGap {
        corridor: CorridorId,
        cell: Pos,
    },
    CorridorBroken {
        corridor: CorridorId,
        cell: Pos,
    },
    CorridorEntersRoom {
        corridor: CorridorId,
        room: RoomId,
        cell: Pos,
    },
    SpawnNotOnFloor {
        cell: Pos,
    },
    UnreachableFloor {
        cell: Pos,
        count: usize,
    },
    /// Marker `index` (of `map.markers`) stands on rock, on a tile kind that is not walkable,
    /// or off the map.
    MarkerNotOnFloor {
        index: usize,
        kind: String,
        cell: Pos,
    },
    /// Key `key` (at `cell`) is never reached by a player walking from the spawn: behind its
    /// own lock (`door`, one of the doors it opens), or cut off.
    KeyOutOfReach {
        key: u32,
        door: Option<DoorId>,
        cell: Pos,
    },
    /// Vault `room` is open at `cell`: a walkable tile beside its floor (diagonals too) that is
    /// not the tile outside one of its doors.
    VaultOpen {
        room: RoomId,
        cell: Pos,
    },
}

impl Problem {
    /// The tile this problem is about, for showing it on the map.
    pub fn cell(&self) -> Option<Pos> {
        use Problem::*;
        match self {
            RoomOutOfBounds { cell, .. }
            | RoomNotFloor { cell, .. }
            | RoomsOverlap { cell, .. }
            | StrayRoomFloor { cell, .. }
            | DoorNotOnWall { cell, .. }
            | DoorOutOfBounds { cell, .. }
            | DoorWithoutCorridor { cell, .. }
            | CorridorNotAtDoor { cell, .. }
            | CorridorGap { cell, .. }
            | CorridorBroken { cell, .. }
            | CorridorEntersRoom { cell, .. }
            | SpawnNotOnFloor { cell }
            | UnreachableFloor { cell, .. }
            | MarkerNotOnFloor { cell, .. }
            | KeyOutOfReach { cell, .. }
            | VaultOpen { cell, .. } => Some(*cell),
            RoomEmpty { .. }
            | DuplicateId { .. }
            | DoorUnknownRoom { .. }
            | CorridorUnknownDoor { .. }
            | CorridorEmpty { .. } => None,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        match self {
            RoomOutOfBounds { room, cell } => write!(f, "room {room} has a tile outside the map at {cell}"),
            RoomEmpty { room } => write!(f, "room {room} has no floor tiles"),
            RoomNotFloor { room, cell, tile } => {
                write!(f, "room {room} covers {cell}, but that tile is {}", tile.name())
            }
            RoomsOverlap { a, b, cell } => write!(f, "rooms {a} and {b} overlap at {cell}"),
            StrayRoomFloor { cell, count } => {
                write!(f, "{count} room-floor tile(s) belong to no room, first at {cell}")
            }
            DuplicateId { what, id } => write!(f, "two {what}s share the id {id}"),
            DoorUnknownRoom { door, room } => write!(f, "door {door} belongs to room {room}, which does not exist"),
            DoorNotOnWall { door, cell } => {
                write!(f, "door {door} at {cell} is not on the wall of its room")
            }
            DoorOutOfBounds { door, cell } => write!(f, "door {door} leads outside the map at {cell}"),
            DoorWithoutCorridor { door, cell } => write!(f, "door {door} at {cell} has no corridor"),
            CorridorUnknownDoor { corridor, door } => {
                write!(f, "corridor {corridor} joins door {door}, which does not exist")
            }
            CorridorEmpty { corridor } => write!(f, "corridor {corridor} has no tiles"),
            CorridorNotAtDoor { corridor, door, cell } => write!(
                f,
                "corridor {corridor} does not start at its door {door}: it ends at {cell}, not outside the door"
            ),
            CorridorGap { corridor, cell } => {
                write!(f, "corridor {corridor} jumps at {cell}: its path tiles are not neighbours")
            }
            CorridorBroken { corridor, cell } => {
                write!(f, "corridor {corridor} is broken at {cell}: that tile is wall, not walkable or off the map")
            }
            CorridorEntersRoom { corridor, room, cell } => {
                write!(f, "corridor {corridor} runs through room {room} at {cell}")
            }
            SpawnNotOnFloor { cell } => write!(f, "spawn at {cell} is not on walkable floor"),
            UnreachableFloor { cell, count } => {
                write!(f, "{count} floor tile(s) cannot be reached from spawn, first at {cell}")
            }
            MarkerNotOnFloor { index, kind, cell } => {
                write!(f, "marker {index} ({kind}) at {cell} is not on walkable floor")
            }
            KeyOutOfReach { key, door: Some(door), cell } => write!(
                f,
                "key {key} at {cell} is never reached from the spawn: it lies behind a lock it opens (door \
                 {door}) or is cut off; move the key or the lock"
            ),
            KeyOutOfReach { key, door: None, cell } => {
                write!(f, "key {key} at {cell} is never reached from the spawn; move it where a player can walk")
            }
            VaultOpen { room, cell } => write!(
                f,
                "vault {room} is open at {cell}: a walkable tile beside its floor that is not at one of its doors"
            ),
        }
    }
}

/// The plain whole-map check the [`super::check::Checker`] must agree with: one grid of room
/// owners, one search from spawn, no caching.
#[cfg(test)]
pub(super) mod reference {
    use super::Problem;
    use crate::geom::Grid;
    use crate::map::{DoorId, Map, RoomId, Tile};
    use std::collections::{BTreeMap, BTreeSet};

    fn duplicates(ids: impl Iterator<Item = u32>, what: &'static str, out: &mut Vec<Problem>) {
        let mut seen = BTreeSet::new();
        let mut reported = BTreeSet::new();
        for id in ids {
            if !seen.insert(id) && reported.insert(id) {
                out.push(Problem::DuplicateId { what, id });
            }
        }
    }

    pub(in crate::map) fn validate(map: &Map) -> Vec<Problem> {
        let mut out = Vec::new();
        duplicates(map.rooms.iter().map(|r| r.id), "room", &mut out);
        duplicates(map.doors.iter().map(|d| d.id), "door", &mut out);
        duplicates(map.corridors.iter().map(|c| c.id), "corridor", &mut out);

        // Rooms: in bounds, on floor, not overlapping. `owner` holds the index of the room on a tile.
        let mut owner: Grid<u32> = Grid::new(map.width(), map.height(), u32::MAX);
        for (i, room) in map.rooms.iter().enumerate() {
            let mut first_out = None;
            let mut first_bad = None;
            let mut first_overlap = None;
            let mut any = false;
            room.shape.for_each_cell(|p| {
                any = true;
                match owner.get_mut(p) {
                    None => {
                        first_out.get_or_insert(p);
                    }
                    Some(o) => {
                        if *o != u32::MAX {
                            first_overlap.get_or_insert((*o, p));
                        }
                        *o = i as u32;
                        if let Some(t) = map.tile(p).filter(|t| *t != Tile::Floor) {
                            first_bad.get_or_insert((p, t));
                        }
                    }
                }
            });
            if !any {
                out.push(Problem::RoomEmpty { room: room.id });
            }
            if let Some(cell) = first_out {
                out.push(Problem::RoomOutOfBounds { room: room.id, cell });
            }
            if let Some((cell, tile)) = first_bad {
                out.push(Problem::RoomNotFloor { room: room.id, cell, tile });
            }
            if let Some((other, cell)) = first_overlap {
                out.push(Problem::RoomsOverlap { a: map.rooms[other as usize].id, b: room.id, cell });
            }
        }
        let mut stray = (0usize, None);
        for (i, t) in map.tiles.as_slice().iter().enumerate() {
            if *t == Tile::Floor && owner.as_slice()[i] == u32::MAX {
                stray.0 += 1;
                stray.1.get_or_insert(map.tiles.pos_of(i));
            }
        }
        if let (count, Some(cell)) = stray {
            out.push(Problem::StrayRoomFloor { cell, count });
        }

        // Doors: on the wall of an existing room, leading onto the map, used by a corridor.
        let used: BTreeSet<DoorId> = map.corridors.iter().flat_map(|c| c.doors).collect();
        // Id lookups by map, not by scanning the lists: validation stays near-linear on big maps.
        let rooms_by_id: BTreeMap<RoomId, usize> = map.rooms.iter().enumerate().map(|(i, r)| (r.id, i)).rev().collect();
        let doors_by_id: BTreeMap<DoorId, usize> = map.doors.iter().enumerate().map(|(i, d)| (d.id, i)).rev().collect();
        for d in &map.doors {
            let Some(room) = rooms_by_id.get(&d.room).map(|&i| &map.rooms[i]) else {
                out.push(Problem::DoorUnknownRoom { door: d.id, room: d.room });
                continue;
            };
            if !room.shape.contains(d.cell) || room.shape.contains(d.outside()) {
                out.push(Problem::DoorNotOnWall { door: d.id, cell: d.cell });
            } else if !map.in_bounds(d.outside()) {
                out.push(Problem::DoorOutOfBounds { door: d.id, cell: d.outside() });
            } else if !used.contains(&d.id) {
                out.push(Problem::DoorWithoutCorridor { door: d.id, cell: d.cell });
            }
        }

        // Corridors: from door to door, continuous, on walkable tiles, never through a room.
        for c in &map.corridors {
            let (Some(first), Some(last)) = (c.path.first(), c.path.last()) else {
                out.push(Problem::CorridorEmpty { corridor: c.id });
                continue;
            };
            for (door_id, end) in c.doors.into_iter().zip([*first, *last]) {
                match doors_by_id.get(&door_id).map(|&i| &map.doors[i]) {
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
            if let Some((p, o)) =
                c.path.iter().find_map(|p| owner.get(*p).filter(|o| **o != u32::MAX).map(|o| (*p, *o)))
            {
                out.push(Problem::CorridorEntersRoom { corridor: c.id, room: map.rooms[o as usize].id, cell: p });
            }
        }

        // Spawn and reachability.
        if !map.walkable(map.spawn) {
            out.push(Problem::SpawnNotOnFloor { cell: map.spawn });
        } else {
            let reached = crate::map::metrics::distances_from(map, map.spawn);
            let mut unreached = (0usize, None);
            for i in 0..map.tiles.as_slice().len() {
                if map.walkable(map.tiles.pos_of(i)) && reached.as_slice()[i] == crate::pathfind::UNREACHED {
                    unreached.0 += 1;
                    unreached.1.get_or_insert(map.tiles.pos_of(i));
                }
            }
            if let (count, Some(cell)) = unreached {
                out.push(Problem::UnreachableFloor { cell, count });
            }
        }
        for (index, m) in map.markers.iter().enumerate() {
            if !map.walkable(m.at) {
                out.push(Problem::MarkerNotOnFloor { index, kind: m.kind.clone(), cell: m.at });
            }
        }
        out.extend(crate::map::promises::problems(map));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Dir;
    use crate::map::{Corridor, Door, Map};

    fn fixture() -> Map {
        let mut m = Map::from_ascii("########\n#..+,..#\n#.@#,..#\n########\n").unwrap();
        // '+' makes a door on the left room; add the right room's door and the corridor.
        let right = m.rooms[1].id;
        m.doors.push(Door::new(1, right, Pos::new(5, 2), Dir::West));
        m.corridors.push(Corridor {
            id: 0,
            path: vec![Pos::new(3, 1), Pos::new(4, 1), Pos::new(4, 2)].into(),
            doors: [0, 1],
            width: 1,
        });
        m
    }

    #[test]
    fn clean_fixture_is_valid() {
        assert_eq!(fixture().validate(), vec![]);
    }

    #[test]
    fn each_break_is_reported() {
        let mut m = fixture();
        m.set_tile(Pos::new(4, 1), Tile::Wall);
        let p = m.validate();
        assert!(p.iter().any(|p| matches!(p, Problem::CorridorBroken { corridor: 0, .. })), "{p:?}");
        assert!(p.iter().any(|p| matches!(p, Problem::UnreachableFloor { .. })), "{p:?}");

        let mut m = fixture();
        m.spawn = Pos::new(0, 0);
        assert_eq!(m.validate(), vec![Problem::SpawnNotOnFloor { cell: Pos::new(0, 0) }]);

        let mut m = fixture();
        m.doors[0].side = Dir::South;
        assert!(m.validate().iter().any(|p| matches!(p, Problem::DoorNotOnWall { door: 0, .. })));

        let mut m = fixture();
        m.corridors.clear();
        assert_eq!(m.validate().len(), 2, "both doors lose their corridor");

        let mut m = fixture();
        m.rooms[1].shape.translate(-3, 0);
        let p = m.validate();
        assert!(p.iter().any(|p| matches!(p, Problem::RoomsOverlap { .. })), "{p:?}");
        assert!(p.iter().any(|p| matches!(p, Problem::RoomNotFloor { .. })), "{p:?}");
    }
}
