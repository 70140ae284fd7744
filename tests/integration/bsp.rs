//! BSP rooms: every seed makes one connected, valid dungeon of rectangle rooms, one per leaf,
//! kept apart; the splits, rooms and joins are the timeline's steps; the maps are pinned.

use crate::common::{generate_valid, pin_preset_maps, shipped};
use delve::generate::record::{BspStep, Step};
use delve::generate::{Request, generate};
use delve::map::Shape;
use delve::params::stages::{Stage, StageEntry, StageList};
use delve::params::{BspRooms, GeneratorKind, GeneratorParams, SizeRange};

fn bsp() -> BspRooms {
    match shipped("bsp-rooms") {
        GeneratorParams::BspRooms(p) => p,
        other => panic!("bsp-rooms is a BSP preset: {other:?}"),
    }
}

#[test]
fn every_seed_makes_one_connected_dungeon_of_rooms_kept_apart() {
    for (p, seeds) in [
        (bsp(), 300),
        (BspRooms { depth: 8, min_leaf: 5, split: SizeRange::new(20, 80), ..bsp() }, 100),
        (
            BspRooms { width: 200, height: 120, depth: 9, room_fill: SizeRange::new(30, 50), tunnel_width: 2, ..bsp() },
            30,
        ),
    ] {
        let params = GeneratorParams::BspRooms(p.clone());
        for seed in 0..seeds {
            let g = generate_valid(&params, seed);
            let m = &g.map;
            let rects: Vec<_> = m
                .rooms
                .iter()
                .map(|r| match &r.shape {
                    Shape::Rect(r) => *r,
                    other => panic!("a BSP room is a rectangle: {other:?}"),
                })
                .collect();
            assert!(rects.len() <= 1 << p.depth, "seed {seed}: at most 2^depth leaves");
            for (i, a) in rects.iter().enumerate() {
                assert!(a.w >= 3 && a.h >= 3, "seed {seed}: {a:?}");
                assert!(a.x >= 1 && a.y >= 1 && a.right() < m.width() as i32 && a.bottom() < m.height() as i32);
                for b in &rects[..i] {
                    assert!(!a.grow(1).intersects(b), "seed {seed}: rooms {a:?} and {b:?} keep two walls apart");
                }
            }
            assert!(m.rooms[0].shape.contains(m.spawn), "seed {seed}: the spawn in the first room");
            assert_eq!(g.report.rooms_placed, m.rooms.len());
        }
    }
}

#[test]
fn the_timeline_shows_splits_then_rooms_then_joins_and_replays_to_the_map() {
    let params = shipped("bsp-rooms");
    let made = Request::new(&params, 5).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let stages: Vec<Stage> = steps.iter().map(|s| s.stage()).collect();
    let (splits, rooms) = (
        stages.iter().filter(|s| **s == Stage::Split).count(),
        stages.iter().filter(|s| **s == Stage::LeafRooms).count(),
    );
    let m = &made.generated.map;
    assert_eq!(rooms, m.rooms.len());
    assert_eq!(splits + 1, rooms, "a binary tree: one leaf more than splits");
    assert_eq!(stages.len() - splits - rooms, rooms - 1, "one join per split");
    assert!(stages.windows(2).all(|w| w[0] <= w[1] || (w[0], w[1]) == (Stage::Split, Stage::Split)));
    assert!(steps[0].sentence().starts_with("Split 1: the 80×50 part at (0, 0) cut "), "{}", steps[0].sentence());
    assert!(matches!(steps[splits], Step::Bsp(BspStep::LeafRoom { room: 0, .. })));
    let replayed = delve::generate::replay(&params, 5, &steps).expect("replays");
    assert_eq!((replayed.tiles(), &replayed.corridors), (m.tiles(), &m.corridors));
}

#[test]
fn join_siblings_may_be_turned_off_and_the_maps_are_pinned() {
    use Stage::*;
    let mut off = bsp();
    off.common.stages = StageList::of(
        GeneratorKind::BspRooms,
        [(Split, true), (LeafRooms, true), (JoinSiblings, false), (Roles, true), (ColoursApart, true)]
            .map(|(stage, on)| StageEntry { stage, on })
            .to_vec(),
    );
    let off = GeneratorParams::BspRooms(off);
    for seed in 0..20 {
        let made = generate(&off, seed).expect("generates");
        let joined = generate(&shipped("bsp-rooms"), seed).expect("generates");
        assert!(made.map.corridors.is_empty());
        let shapes = |m: &delve::map::Map| m.rooms.iter().map(|r| r.shape.clone()).collect::<Vec<_>>();
        assert_eq!(shapes(&made.map), shapes(&joined.map), "seed {seed}: the same rooms");
        assert!(made.report.notes.iter().any(|n| n.contains("Join siblings is off")), "{}", made.report);
    }
    pin_preset_maps("bsp-rooms", &[2, 9]);
}

/// BSP's defining property: the leaves of the split are disjoint, and each holds one room at
/// most, inside it; the map's rooms are exactly the rooms the leaves were given.
#[test]
fn each_leaf_of_the_split_holds_one_room_inside_it() {
    let p = shipped("bsp-rooms");
    for seed in 0..60 {
        let made = Request::new(&p, seed).recorded(true).run().unwrap();
        let m = &made.generated.map;
        let leaves: Vec<(u32, delve::geom::Rect, delve::geom::Rect)> = made
            .recording
            .unwrap()
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Bsp(BspStep::LeafRoom { room, leaf, floor }) => Some((*room, *leaf, *floor)),
                _ => None,
            })
            .collect();
        assert!(!leaves.is_empty(), "seed {seed}");
        for (i, &(room, leaf, floor)) in leaves.iter().enumerate() {
            assert_eq!(leaf.intersection(&floor), Some(floor), "seed {seed}: room {room} inside its leaf");
            for &(other, leaf2, _) in &leaves[..i] {
                assert!(leaf.intersection(&leaf2).is_none(), "seed {seed}: leaves of rooms {room} and {other} overlap");
                assert_ne!(room, other, "seed {seed}: a room in two leaves");
            }
            let r = m.room(room).unwrap_or_else(|| panic!("seed {seed}: room {room} is on the map"));
            assert_eq!(r.shape, Shape::Rect(floor), "seed {seed}: room {room} is its leaf's floor");
        }
        assert_eq!(leaves.len(), m.rooms.len(), "seed {seed}: every room from a leaf");
    }
}
