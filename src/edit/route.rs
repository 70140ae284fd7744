//! Corridor routing: the shortest path between two doors around rooms ([`route`]), re-routing a
//! corridor in an operation, and which tiles a corridor owns.

use super::ops::Tx;
use super::primitive::{Edit, EditError};
use crate::geom::Pos;
use crate::map::{CorridorId, DoorId, Map, Tile};
use crate::pathfind;
use std::collections::BTreeSet;

/// Tiles to clear when `cells` stop being room floor or corridor: wall, unless another corridor
/// still runs there.
pub(super) fn wall_cells(map: &Map, cells: impl Iterator<Item = Pos>) -> Vec<(Pos, Tile)> {
    let mut seen = BTreeSet::new();
    cells
        .filter(|p| map.tile(*p).is_some_and(|t| t != Tile::Wall) && seen.insert(*p))
        .map(|p| (p, Tile::Wall))
        .collect()
}

/// Corridor tiles to dig along `path` (wall becomes corridor floor; floor is left alone).
pub(super) fn corridor_tiles(map: &Map, path: &[Pos]) -> Vec<(Pos, Tile)> {
    let mut seen = BTreeSet::new();
    path.iter()
        .filter(|p| map.tile(**p) == Some(Tile::Wall) && seen.insert(**p))
        .map(|p| (*p, Tile::Corridor))
        .collect()
}

/// Tiles only corridor `id` uses (no other corridor, no room, no door outside).
pub(super) fn own_corridor_cells(map: &Map, id: CorridorId) -> Vec<Pos> {
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
    pathfind::shortest_path_on_map(map.width(), map.height(), from, to, ROUTE_CAP, |p| rooms.get(p) == Some(&u32::MAX))
        .map_err(|e| {
            EditError::NoRoute(match e {
                pathfind::NoPath::Unreachable => "rooms wall it off",
                pathfind::NoPath::CapReached => "search limit reached",
            })
        })
}

pub(super) fn reroute(tx: &mut Tx, id: CorridorId, notes: &mut Vec<String>) -> Result<(), EditError> {
    let c = tx.map.corridor(id).ok_or(EditError::UnknownCorridor(id))?.clone();
    let clear = wall_cells(tx.map, own_corridor_cells(tx.map, id).into_iter());
    if !clear.is_empty() {
        tx.push(Edit::SetTiles(clear))?;
    }
    match route(tx.map, c.doors[0], c.doors[1]) {
        Ok(path) => {
            let tiles = corridor_tiles(tx.map, &path);
            tx.push(Edit::SetCorridorPath { id, path: path.into() })?;
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
