use super::*;
use crate::geom::Pos;
use crate::map::{Marker, TileKind};

/// A map from ASCII (see [`Map::from_ascii`]), with door `locked` (by id) locked by key 1 and
/// that key at `key`, and room `exit` (by index) the exit.
fn quest(text: &str, locked: &[DoorId], key: Option<Pos>, exit: usize) -> Map {
    let mut m = Map::from_ascii(text).unwrap();
    for &d in locked {
        m.doors[d as usize].opening = Opening::Locked(1);
    }
    if let Some(at) = key {
        m.markers.push(Marker { key: Some(1), ..Marker::new("key", at) });
    }
    m.rooms[exit].role = Some(Role::Exit);
    m
}

/// Two rooms joined by one corridor, the door into the second locked; a third room off the
/// first holds the key. Door ids: 0 (A east), 1 (B west), 2 (A south), 3 (C north).
const CHAIN: &str = "\
##############
#....+,,,,+..#
#.@..######..#
#....######..#
##+###########
##,###########
#.+..#########
#....#########
##############
";

#[test]
fn a_key_before_its_lock_is_solvable_and_the_lock_holds() {
    let m = quest(CHAIN, &[1], Some(Pos::new(3, 7)), 1);
    let c = certify(&m);
    assert!(c.solvable, "{c:?}");
    assert!(c.holds(), "{}", c.summary());
    assert_eq!(c.keys_found, vec![1]);
    assert_eq!(c.exit, Some(1));
    assert_eq!(c.locks, 1);
    assert!(c.free_locks.is_empty());
    assert!(!c.exit_without_keys);
    // Spawn (2,2) to the key (3,7): down through the door at (2,4), 6 steps; then back up to
    // (2,3), 5, across room A to (4,1), 4, and along the corridor to B's first tile (11,1), 7.
    assert_eq!(c.solution_length, Some(6 + 5 + 4 + 7));
    assert_eq!(c.summary(), "solvable in 22 steps");
}

#[test]
fn a_key_behind_its_own_lock_is_not_solvable() {
    let m = quest(CHAIN, &[1], Some(Pos::new(12, 3)), 1);
    let c = certify(&m);
    assert!(!c.solvable);
    assert_eq!(c.keys_missed, vec![1]);
    assert_eq!(c.solution_length, None);
    // Room B (6 tiles, the key's among them) and the locked door's own tile, never reached.
    assert_eq!(c.unreached, 7);
    assert!(c.summary().starts_with("not solvable: keys never reached: 1"), "{}", c.summary());
}

/// A corridor that runs against the second room's floor: the lock is walked round.
#[test]
fn a_lock_walked_round_locks_nothing() {
    let text = "\
##############
#....+,,,,+..#
#.@..#####,..#
#....#####,..#
#....+,,,,,###
##############
";
    let m = Map::from_ascii(text).unwrap();
    // Door 1 is B's west door at (10,1); the corridor from A's lower door touches B at (10,2).
    let mut m = m;
    let b_door = m.doors.iter().position(|d| d.outside() == Pos::new(10, 1)).unwrap() as DoorId;
    m.doors[b_door as usize].opening = Opening::Locked(1);
    m.markers.push(Marker { key: Some(1), ..Marker::new("key", Pos::new(1, 3)) });
    m.rooms[1].role = Some(Role::Exit);
    let c = certify(&m);
    assert_eq!(c.free_locks, vec![b_door]);
    assert!(c.exit_without_keys);
    assert!(c.solvable, "the map can be walked, but the lock keeps nothing out");
    assert!(!c.holds());
}

/// The far side touches the near side only at a corner: four ways the lock holds, eight ways a
/// player slips past it diagonally.
#[test]
fn a_diagonal_gap_past_a_lock_is_a_lock_that_locks_nothing() {
    let text = "\
##########
#...+,,+.#
#.@.####.#
#...#,,#.#
#...+,#..#
##########
";
    let mut m = Map::from_ascii(text).unwrap();
    let locked = m.doors.iter().position(|d| d.outside() == Pos::new(7, 1)).unwrap() as DoorId;
    m.doors[locked as usize].opening = Opening::Locked(1);
    m.markers.push(Marker { key: Some(1), ..Marker::new("key", Pos::new(1, 1)) });
    m.rooms[1].role = Some(Role::Exit);
    let c = certify(&m);
    // The corridor's end (6,3) touches the far room's floor (7,4) at a corner only.
    let exit_cells = m.rooms[1].shape.cells();
    let reaches = |eight: bool| {
        let mut s = Scratch::default();
        let mut w = Walker::new(&m, &mut s);
        let start = w.spawn.unwrap();
        if eight {
            w.flood8(start, &[], None)
        } else {
            w.flood4(start, &[])
        }
        w.s.queue.taken().iter().any(|&e| exit_cells.iter().any(|&p| w.place(p) == Some(place_of(e))))
    };
    let (four, eight) = (reaches(false), reaches(true));
    assert!(!four && eight, "the gap is diagonal only: four {four}, eight {eight}");
    assert_eq!(c.free_locks, vec![locked]);
    assert!(c.exit_without_keys, "eight ways, the exit is reached without the key");
    assert!(c.solvable, "four ways, the key is needed and reached");
}

#[test]
fn a_chasm_is_not_walked_and_the_masks_say_so() {
    let mut m = quest(CHAIN, &[1], Some(Pos::new(3, 7)), 1);
    let chasm = m.add_tile_kind(TileKind::new("chasm", ':', [0, 0, 0], false)).unwrap();
    // A chasm across the corridor to the third room: its key is cut off.
    m.set_tile_kind(Pos::new(2, 5), chasm);
    let c = certify(&m);
    assert!(!c.solvable);
    assert_eq!(c.keys_missed, vec![1]);
    let walk = walkable_mask(&m, false);
    assert_eq!(walk.get(Pos::new(2, 5)), Some(&false), "chasm");
    assert_eq!(walk.get(Pos::new(10, 1)), Some(&false), "locked door");
    assert_eq!(walkable_mask(&m, true).get(Pos::new(10, 1)), Some(&true), "locked door, every key held");
    assert_eq!(walk.get(Pos::new(5, 1)), Some(&true), "plain door");
    assert_eq!(walk.get(Pos::new(0, 0)), Some(&false), "rock");
    let see = transparent_mask(&m);
    assert_eq!(see.get(Pos::new(2, 5)), Some(&true), "a chasm is seen across");
    assert_eq!(see.get(Pos::new(5, 1)), Some(&false), "a shut door");
    assert_eq!(see.get(Pos::new(3, 2)), Some(&true));
    m.doors[0].opening = Opening::Arch;
    assert_eq!(transparent_mask(&m).get(Pos::new(5, 1)), Some(&true), "an arch");
}

#[test]
fn without_an_exit_role_the_exit_is_the_farthest_room() {
    let mut m = Map::from_ascii(CHAIN).unwrap();
    let c = certify(&m);
    // Room B's nearest tile is 10 steps from the spawn, room C's 5.
    assert_eq!(c.exit, Some(1));
    assert_eq!(c.solution_length, Some(10));
    assert!(c.holds() && c.keys_found.is_empty() && c.locks == 0);
    m.spawn = Pos::new(0, 0);
    let c = certify(&m);
    assert!(!c.spawn_walkable && !c.solvable);
    assert_eq!(c.summary(), "not solvable: the spawn is not on a walkable tile");
}
