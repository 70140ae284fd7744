//! The locks' seams on hand-made maps: one locked room (its floor at x 6..=9, y 3..=6, a door on
//! its west wall) on a 20×10 map, and a pocket of locked wall in the lower right.

use super::*;
use crate::map::Map;

const MAP: &str = "\
####################
####################
####################
######....##########
#####+....##########
######....##########
######....##########
####################
####################
####################
";

/// The locks of [`MAP`] with its room locked, and (when `pocket`) a ring of locked wall round
/// tile (16, 7).
fn locks(pocket: bool) -> (Arc<Locks>, Map) {
    let mut map = Map::from_ascii(MAP).unwrap();
    assert_eq!((map.rooms.len(), map.doors.len()), (1, 1));
    map.rooms[0].locked = true;
    if pocket {
        for y in 6..=8 {
            for x in 15..=17 {
                if (x, y) != (16, 7) {
                    map.set_tile_lock(Pos::new(x, y), true);
                }
            }
        }
    }
    let kept = Kept::of(&map).unwrap();
    (Locks::prepared(&kept, 20, 10).unwrap(), map)
}

fn four_connected(path: &[Pos]) -> bool {
    path.windows(2).all(|w| w[0].manhattan(w[1]) == 1)
}

#[test]
fn obstacles_refuse_new_rooms_over_the_kept_room_only() {
    let (l, _) = locks(false);
    assert!(l.blocks(Rect::new(3, 1, 5, 5)), "over the kept floor");
    assert!(l.blocks(Rect::new(9, 2, 4, 4)), "over its east wall");
    assert!(!l.blocks(Rect::new(12, 1, 6, 6)), "clear of it");
    // Tunnels: never over kept floor or walls, except just outside the door.
    assert!(!l.passable(Pos::new(7, 4)) && !l.passable(Pos::new(10, 4)) && !l.passable(Pos::new(6, 2)));
    assert!(l.passable(Pos::new(5, 4)), "outside the door");
    assert!(l.passable(Pos::new(14, 4)));
    assert!(!l.passable(Pos::new(0, 4)), "not on the map's border");
    assert!(l.open(Pos::new(10, 4), true), "along kept walls when nothing better is left");
}

#[test]
fn the_router_takes_a_line_round_the_kept_room() {
    let (l, _) = locks(false);
    // A straight line along row 5 runs through the kept room: the detour keeps its ends and
    // goes round, tile by tile, over tiles a tunnel may take.
    let line: Vec<Pos> = (2..=15).map(|x| Pos::new(x, 5)).collect();
    assert!(!l.clear(&line, false));
    let mut out = Vec::new();
    assert!(l.detour(&line, false, &mut out));
    assert_eq!((out.first(), out.last()), (Some(&Pos::new(2, 5)), Some(&Pos::new(15, 5))));
    assert!(four_connected(&out), "{out:?}");
    assert!(out.iter().all(|&p| l.passable(p)), "{out:?}");
    assert!(out.len() > line.len(), "round, not through");
    // The shortest way to a goal round the room.
    let path = l.route_to(Pos::new(2, 5), |p| p == Pos::new(13, 4), false).unwrap();
    assert_eq!((path.first(), path.last()), (Some(&Pos::new(2, 5)), Some(&Pos::new(13, 4))));
    assert!(four_connected(&path) && path.iter().all(|&p| l.passable(p)));
    assert_eq!(path.len() as i32 - 1, 11 + 1 + 2 * 3, "over the room's top or bottom wall ring");
}

#[test]
fn a_pocket_of_locked_wall_is_known_as_one() {
    let (l, _) = locks(true);
    assert!(!l.passable(Pos::new(15, 7)), "a locked wall");
    assert!(l.pocket(Pos::new(16, 7), Pos::new(2, 2), false), "walled in");
    assert!(!l.pocket(Pos::new(13, 2), Pos::new(2, 2), false));
    assert!(l.route_to(Pos::new(2, 2), |p| p == Pos::new(16, 7), false).is_none());
}

/// Prepared locks live with the locks the caller holds: asked again through the same locks,
/// the same preparation; a copy of the locks prepares its own; and when the caller lets the
/// locks go, the preparation goes with them (it used to stay in a process-wide cache).
#[test]
fn prepared_locks_live_with_the_locks() {
    let mut map = Map::from_ascii(MAP).unwrap();
    map.rooms[0].locked = true;
    let kept = Arc::new(Kept::of(&map).unwrap());
    let first = Locks::prepared(&kept, 20, 10).unwrap();
    assert!(Arc::ptr_eq(&first, &Locks::prepared(&kept, 20, 10).unwrap()), "prepared once");
    let wider = Locks::prepared(&kept, 24, 10).unwrap();
    assert!(!Arc::ptr_eq(&first, &wider) && wider.width == 24, "per map size");
    let copy = Arc::new((*kept).clone());
    assert!(!Arc::ptr_eq(&first, &Locks::prepared(&copy, 20, 10).unwrap()), "a copy prepares its own");
    let weak = Arc::downgrade(&first);
    drop((first, kept));
    assert!(weak.upgrade().is_none(), "the preparation went with the locks");
}
