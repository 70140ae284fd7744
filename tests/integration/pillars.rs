//! Pillars: the wall brush inside a room takes the tile out of the room, so the map stays valid
//! (`delve check` on the saved file says so), and undo gives the room back exactly.

use crate::common::{delve, shipped};
use delve::edit::{Op, perform};
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::{Map, Shape, Tile};

/// A generated map and an inner tile of one of its rooms (all four neighbours its floor, no
/// door's cell, not the spawn nor a marker's tile).
fn map_and_pillar(preset: &str, seed: u64) -> (Map, usize, Pos) {
    let map = generate(&shipped(preset), seed).unwrap().map;
    for (i, room) in map.rooms.iter().enumerate() {
        for p in room.shape.cells() {
            let inner = p.neighbours4().iter().all(|q| room.shape.contains(*q));
            let held = p == map.spawn || map.markers.iter().any(|m| m.at == p);
            if inner && !held && map.doors.iter().all(|d| d.cell != p) {
                return (map, i, p);
            }
        }
    }
    panic!("{preset} seed {seed} has no room with an inner tile");
}

#[test]
fn a_pillar_leaves_a_valid_map_that_delve_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    for (preset, seed) in [("godot-part3", 1), ("bsp-rooms", 2), ("grown-quest", 3)] {
        let (mut m, r, p) = map_and_pillar(preset, seed);
        let before = m.clone();
        let area = m.rooms[r].shape.area();
        let done = perform(&mut m, Op::Paint { cells: vec![p], tile: Tile::Wall }).unwrap();
        assert_eq!(m.tile(p), Some(Tile::Wall));
        assert!(!m.rooms[r].shape.contains(p), "{preset}: the pillar left the room");
        assert_eq!(m.rooms[r].shape.area(), area - 1);
        assert_eq!(m.validate(), Vec::new(), "{preset} seed {seed}: a pillar at {p}");
        // The saved map, as the CLI reads it.
        let path = dir.path().join(format!("{preset}.ron"));
        delve::io::save_map(&path, &m).unwrap();
        let out = delve(&["check", path.to_str().unwrap()]);
        assert!(out.status.success(), "{preset}: {}", String::from_utf8_lossy(&out.stdout));
        // Undo: the room and its floor exactly as they were.
        done.inverse.apply(&mut m).unwrap();
        assert_eq!(m, before);
    }
}

#[test]
fn floor_painted_into_a_pillar_gives_the_tile_back_to_its_room() {
    let (mut m, r, p) = map_and_pillar("godot-part3", 4);
    let area = m.rooms[r].shape.area();
    perform(&mut m, Op::Paint { cells: vec![p], tile: Tile::Wall }).unwrap();
    perform(&mut m, Op::Paint { cells: vec![p], tile: Tile::Floor }).unwrap();
    assert_eq!(m.tile(p), Some(Tile::Floor));
    assert!(m.rooms[r].shape.contains(p));
    assert_eq!(m.rooms[r].shape.area(), area);
    assert_eq!(m.validate(), Vec::new());
}

#[test]
fn a_door_cell_stays_floor() {
    let mut m = generate(&shipped("godot-part3"), 5).unwrap().map;
    let door = m.doors[0].clone();
    let done = perform(&mut m, Op::Paint { cells: vec![door.cell], tile: Tile::Wall });
    assert!(done.is_err(), "only a door cell painted: nothing to change");
    assert_eq!(m.tile(door.cell), Some(Tile::Floor));

    // A whole room painted: all but its door cells (and the spawn) turn to rock, and the room
    // keeps those.
    let room = m.rooms.iter().find(|r| r.id == door.room).unwrap().clone();
    let done = perform(&mut m, Op::Paint { cells: room.shape.cells(), tile: Tile::Wall }).unwrap();
    assert!(done.notes.iter().any(|n| n.contains("door")), "{:?}", done.notes);
    let kept = m.rooms.iter().find(|r| r.id == room.id).expect("the room keeps its door cells");
    assert!(matches!(kept.shape, Shape::Cells(_)));
    let needed = |c: &Pos| *c == m.spawn || m.doors.iter().any(|d| d.cell == *c);
    assert!(kept.shape.cells().iter().all(needed));
    for c in room.shape.cells() {
        assert_eq!(m.tile(c) == Some(Tile::Floor), needed(&c), "{c}");
    }
}

#[test]
fn the_spawn_and_markers_keep_their_floor() {
    let mut m = generate(&shipped("grown-quest"), 3).unwrap().map;
    let marker = m.markers[0].at;
    let spawn = m.spawn;
    let done = perform(&mut m, Op::Paint { cells: vec![spawn, marker], tile: Tile::Wall });
    assert!(done.is_err(), "nothing to change");
    assert!(m.walkable(spawn) && m.walkable(marker));
    assert_eq!(m.validate(), Vec::new());
}

#[test]
fn a_room_painted_out_whole_is_deleted_with_its_doors() {
    let mut m = generate(&shipped("godot-part3"), 5).unwrap().map;
    let room = m.rooms.iter().find(|r| !r.shape.contains(m.spawn)).unwrap().clone();
    let doors: Vec<_> = m.doors.iter().filter(|d| d.room == room.id).map(|d| d.id).collect();
    let done = perform(&mut m, Op::Paint { cells: room.shape.cells(), tile: Tile::Wall }).unwrap();
    assert!(done.notes.iter().any(|n| n.contains("door")), "door cells are kept first: {:?}", done.notes);
    // The door cells kept the room alive: paint them once the doors are gone.
    assert!(m.rooms.iter().any(|r| r.id == room.id));
    for d in doors {
        perform(&mut m, Op::RemoveDoor(d)).unwrap();
    }
    let done = perform(&mut m, Op::Paint { cells: room.shape.cells(), tile: Tile::Wall }).unwrap();
    assert!(done.notes.iter().any(|n| n.contains("deleted")), "{:?}", done.notes);
    assert!(m.rooms.iter().all(|r| r.id != room.id));
    assert!(room.shape.cells().iter().all(|c| m.tile(*c) == Some(Tile::Wall)));
}
