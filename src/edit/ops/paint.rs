//! The paint brush ([`Op::Paint`](super::Op::Paint)): rock and floor, tile by tile, with the
//! rooms kept true to their floor. Rock painted into a room takes the tile out of the room (a
//! pillar, as Brogue and DCSS furnish their rooms), so the map stays valid; floor painted back
//! into such a hole gives the tile back to its room.

use super::{EditError, Tx, remove_room};
use crate::edit::primitive::Edit;
use crate::geom::{Pos, Rect};
use crate::map::{Map, RoomId, Shape, Tile};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn plan(tx: &mut Tx, cells: Vec<Pos>, tile: Tile, notes: &mut Vec<String>) -> Result<(), EditError> {
    let map = &*tx.map;
    // Only rooms near the stroke can hold its cells: look them up once, not per cell (a map may
    // have tens of thousands of rooms).
    let near: Vec<usize> = match Rect::bounding(cells.iter().copied()) {
        Some(b) => {
            let b = b.grow(1);
            (0..map.rooms.len()).filter(|&i| map.rooms[i].shape.bounds().is_some_and(|rb| rb.intersects(&b))).collect()
        }
        None => Vec::new(),
    };
    let room_at = |p: Pos| near.iter().copied().find(|&i| map.rooms[i].shape.contains(p));
    // Tiles that hold something a player needs stay floor: doors' cells, the spawn, markers.
    let door_cells: BTreeSet<Pos> = map.doors.iter().map(|d| d.cell).collect();
    let held: BTreeSet<Pos> = map.markers.iter().map(|m| m.at).chain([map.spawn]).collect();
    let mut seen = BTreeSet::new();
    let mut set = Vec::new();
    // Per room (index in `map.rooms`): the cells it loses, or gains.
    let mut lost: BTreeMap<usize, Vec<Pos>> = BTreeMap::new();
    let mut gained: BTreeMap<usize, Vec<Pos>> = BTreeMap::new();
    let (mut doors_kept, mut held_kept) = (0, 0);
    for p in cells {
        let Some(old) = map.tile(p) else { continue };
        if !seen.insert(p) {
            continue;
        }
        if tile == Tile::Wall && held.contains(&p) {
            held_kept += 1;
            continue;
        }
        let room = room_at(p);
        let new = match (tile, room) {
            (Tile::Wall, Some(r)) => {
                if door_cells.contains(&p) {
                    doors_kept += 1;
                    continue;
                }
                lost.entry(r).or_default().push(p);
                Tile::Wall
            }
            (Tile::Wall, None) => Tile::Wall,
            (_, Some(_)) => Tile::Floor,
            (_, None) => match hole_of(map, &near, p) {
                Some(r) => {
                    gained.entry(r).or_default().push(p);
                    Tile::Floor
                }
                None => Tile::Corridor,
            },
        };
        if old != new {
            set.push((p, new));
        }
    }
    if doors_kept > 0 {
        notes.push(format!(
            "{doors_kept} door {} left as floor: delete the door first to wall it up",
            if doors_kept == 1 { "cell" } else { "cells" }
        ));
    }
    if held_kept > 0 {
        notes.push(format!(
            "{held_kept} {} under the spawn or a marker left as floor: move them first to wall it up",
            if held_kept == 1 { "tile" } else { "tiles" }
        ));
    }
    // Rooms painted out whole are deleted (their doors and corridors with them).
    let mut emptied: Vec<RoomId> = Vec::new();
    let mut shapes: Vec<Edit> = Vec::new();
    for (&r, gone) in &lost {
        let room = &map.rooms[r];
        let gone: BTreeSet<Pos> = gone.iter().copied().collect();
        let left: Vec<Pos> = room.shape.cells().into_iter().filter(|c| !gone.contains(c)).collect();
        if left.is_empty() {
            emptied.push(room.id);
        } else {
            shapes.push(Edit::SetRoomShape { id: room.id, shape: Shape::cells_from(left) });
        }
    }
    for (&r, back) in &gained {
        let room = &map.rooms[r];
        let mut cells = room.shape.cells();
        cells.extend(back);
        shapes.push(Edit::SetRoomShape { id: room.id, shape: Shape::cells_from(cells) });
    }
    if set.is_empty() && emptied.is_empty() {
        return Err(EditError::Nothing);
    }
    if !emptied.is_empty() {
        let ids: Vec<String> = emptied.iter().map(|id| id.to_string()).collect();
        notes.push(format!("painted out whole, deleted with its doors and corridors: room {}", ids.join(", ")));
    }
    if !set.is_empty() {
        tx.push(Edit::SetTiles(set))?;
    }
    for edit in shapes {
        tx.push(edit)?;
    }
    for id in emptied {
        remove_room(tx, id)?;
    }
    Ok(())
}

/// The room (index in `map.rooms`, among `near`) whose hole `p` is: a tile of no room whose four
/// neighbours are all that room's floor.
fn hole_of(map: &Map, near: &[usize], p: Pos) -> Option<usize> {
    let around = p.neighbours4();
    near.iter().copied().find(|&i| {
        let shape = &map.rooms[i].shape;
        around.iter().all(|q| shape.contains(*q) && map.tile(*q) == Some(Tile::Floor))
    })
}
