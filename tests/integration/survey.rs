//! The quick survey of generated maps says exactly what the full check and the metrics say,
//! and takes the quick way for every sound generated map.

use crate::common::shipped;
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::metrics::Metrics;
use delve::map::survey::{survey, survey_generated};
use delve::map::{Map, Tile};
use delve::params::GeneratorParams;

fn agrees(map: &Map, what: &str) -> bool {
    let s = survey(map);
    assert_eq!(s.metrics, Metrics::of(map), "{what}: metrics");
    assert_eq!(s.problems, map.validate(), "{what}: problems");
    s.quick
}

fn variants() -> Vec<(String, GeneratorParams)> {
    let mut v: Vec<(String, GeneratorParams)> =
        ["godot-part3", "mcrogueface-part3", "tiendil-step6"].iter().map(|n| (n.to_string(), shipped(n))).collect();
    let rt = crate::common::shipped_rooms_tunnels("godot-part3");
    let mut wide = rt.clone();
    (wide.tunnel_width, wide.circle_room_chance, wide.direct_tunnel_chance) = (3, 0.5, 0.3);
    v.push(("wide tunnels, round rooms, direct tunnels".into(), GeneratorParams::RoomsAndTunnels(wide)));
    let mut shared = rt;
    shared.overlap = delve::params::OverlapRule::ShareWalls;
    shared.tunnel_from = delve::params::TunnelFrom::NewRoom;
    v.push(("shared walls".into(), GeneratorParams::RoomsAndTunnels(shared)));
    let GeneratorParams::GrownRooms(mut g) = shipped("tiendil-step6") else { panic!() };
    (g.loops, g.door_kinds, g.mirror_chance) = (6, 3, 0.5);
    v.push(("grown with loops and door kinds".into(), GeneratorParams::GrownRooms(g)));
    v
}

/// The survey of a map as the generator made it, which takes rooms and corridor paths on trust,
/// says exactly what the full check and the metrics say.
fn generated_agrees(map: &Map, what: &str) -> bool {
    let s = survey_generated(map);
    assert_eq!(s.metrics, Metrics::of(map), "{what}: metrics of the generated map's survey");
    assert_eq!(s.problems, map.validate(), "{what}: problems of the generated map's survey");
    s.quick
}

#[test]
fn survey_agrees_with_the_full_check_on_generated_maps() {
    for (name, params) in variants() {
        let seeds = if matches!(params, GeneratorParams::GrownRooms(_)) { 300 } else { 2000 };
        for seed in 0..seeds {
            let map = generate(&params, seed).unwrap().map;
            let what = format!("{name} seed {seed}");
            assert!(agrees(&map, &what), "{what}: a sound generated map takes the quick way");
            assert!(generated_agrees(&map, &what), "{what}: and the generated map's quick way");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 256, ..Default::default() })]

    /// Random parameters of both generators: the survey of the generated map agrees with the
    /// full check (the parameters the tests above do not reach: small and large maps, every
    /// rule of overlap, tunnel and room shape).
    #[test]
    fn generated_maps_survey_agrees_on_random_parameters(
        rt in crate::rooms_tunnels::any_params(),
        grown in crate::grown::arb_params(),
        seed in 0u64..1_000_000,
    ) {
        for params in [GeneratorParams::RoomsAndTunnels(rt.clone()), GeneratorParams::GrownRooms(grown.clone())] {
            if let Ok(g) = generate(&params, seed) {
                let what = format!("{params:?} seed {seed}");
                proptest::prop_assert!(generated_agrees(&g.map, &what), "{}: quick", what);
            }
        }
    }
}

/// Maps with something wrong: the survey falls back and still says exactly the same.
#[test]
fn survey_agrees_on_broken_maps() {
    let params = shipped("godot-part3");
    let grown = shipped("tiendil-step6");
    for seed in 0..150u64 {
        let base = generate(if seed % 3 == 0 { &grown } else { &params }, seed).unwrap().map;
        let first_floor = base.tiles().as_slice().iter().position(|t| *t == Tile::Floor).unwrap();
        let floor_at = base.tiles().pos_of(first_floor);
        let wall_at = base.tiles().pos_of(base.tiles().as_slice().iter().position(|t| *t == Tile::Wall).unwrap());
        let mut breaks: Vec<(&str, Map)> = Vec::new();
        let mut m = base.clone();
        m.doors.pop();
        breaks.push(("a door missing", m));
        let mut m = base.clone();
        m.corridors.pop();
        breaks.push(("a corridor missing", m));
        let mut m = base.clone();
        m.spawn = wall_at;
        breaks.push(("spawn in the rock", m));
        let mut m = base.clone();
        m.set_tile(floor_at, Tile::Wall);
        breaks.push(("room floor walled up", m));
        let mut m = base.clone();
        m.set_tile(wall_at, Tile::Floor);
        breaks.push(("stray floor", m));
        let mut m = base.clone();
        m.rooms.swap(0, 1);
        breaks.push(("ids out of order", m));
        let mut m = base.clone();
        if let Some(c) = m.corridors.first_mut() {
            c.path.to_mut().insert(1, Pos::new(0, 0));
        }
        breaks.push(("a corridor with a gap", m));
        let mut m = base.clone();
        let cells = m.rooms[1].shape.cells();
        m.rooms[0].shape = delve::map::Shape::cells_from([m.rooms[0].shape.cells(), cells].concat());
        breaks.push(("rooms overlapping", m));
        // Not wrong, but a cell set out of order, which the quick way cannot search.
        let mut m = base.clone();
        let mut cells = m.rooms[0].shape.cells();
        cells.reverse();
        m.rooms[0].shape = delve::map::Shape::Cells(cells);
        breaks.push(("a room's cells out of order", m));
        for (what, m) in breaks {
            let quick = agrees(&m, &format!("seed {seed}: {what}"));
            assert!(!quick || m.validate().is_empty(), "seed {seed}: {what}");
        }
    }
}
