//! Drunkard's walk: every seed opens its share of the map in one piece, with rooms (the wide
//! parts) joined by corridors along the passages; the steps replay; the maps are pinned.

use crate::common::{generate_valid, pin_preset_maps, shipped};
use delve::generate::{Request, generate};
use delve::map::Tile;
use delve::map::graph::RoomGraph;
use delve::params::stages::{Stage, StageEntry, StageList};
use delve::params::{DrunkardsWalk, GeneratorKind, GeneratorParams};

fn walk() -> DrunkardsWalk {
    match shipped("drunkards-walk") {
        GeneratorParams::DrunkardsWalk(p) => p,
        other => panic!("drunkards-walk is a drunkard's walk preset: {other:?}"),
    }
}

#[test]
fn every_seed_opens_its_share_with_rooms_joined_along_passages() {
    for (p, seeds) in [
        (walk(), 300),
        (DrunkardsWalk { brush: 2, floor_share: 0.3, lifetime: 100, ..walk() }, 100),
        (DrunkardsWalk { width: 160, height: 100, lifetime: 50, min_room: 30, ..walk() }, 20),
    ] {
        let params = GeneratorParams::DrunkardsWalk(p.clone());
        let inside = f64::from((p.width - 2) * (p.height - 2));
        for seed in 0..seeds {
            let g = generate_valid(&params, seed);
            let m = &g.map;
            let open = m.tiles().as_slice().iter().filter(|t| **t != Tile::Wall).count() as f64;
            assert!(open >= p.floor_share * inside, "seed {seed}: {open} open");
            assert!(g.report.notes.is_empty(), "seed {seed}: {}", g.report);
            assert!(m.rooms.iter().all(|r| r.shape.area() >= p.min_room as usize) || m.rooms.len() == 1);
            // Every room reaches every other through the corridors: one piece in the room graph.
            let graph = RoomGraph::of(m);
            assert_eq!(graph.pieces, 1, "seed {seed}: the rooms are joined");
        }
    }
}

#[test]
fn the_steps_replay_and_passages_may_be_turned_off() {
    use Stage::*;
    let params = shipped("drunkards-walk");
    let made = Request::new(&params, 3).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let stages: Vec<Stage> = steps.iter().map(|s| s.stage()).collect();
    assert!(stages.windows(2).all(|w| w[0] <= w[1]), "{stages:?}");
    assert_eq!(stages.iter().filter(|s| **s == FindRooms).count(), 1);
    assert_eq!(stages.iter().filter(|s| **s == Passages).count(), made.generated.map.corridors.len());
    assert!(steps[0].sentence().starts_with("Walker 1 from (40, 25): "), "{}", steps[0].sentence());
    let replayed = delve::generate::replay(&params, 3, &steps).expect("replays");
    assert_eq!((replayed.tiles(), &replayed.corridors), (made.generated.map.tiles(), &made.generated.map.corridors));
    let mut off = walk();
    off.common.stages = StageList::of(
        GeneratorKind::DrunkardsWalk,
        [(Walk, true), (FindRooms, true), (Passages, false), (ColoursApart, true)]
            .map(|(stage, on)| StageEntry { stage, on })
            .to_vec(),
    );
    let made = generate(&GeneratorParams::DrunkardsWalk(off), 3).expect("generates");
    assert!(made.map.corridors.is_empty() && made.map.doors.is_empty());
    assert!(made.report.notes.iter().any(|n| n.contains("Passages is off")), "{}", made.report);
}

#[test]
fn walks_are_pinned_and_the_cli_prints_the_librarys_map() {
    pin_preset_maps("drunkards-walk", &[4, 11]);
}
