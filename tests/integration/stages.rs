//! Stage lists: a generator with a stage turned off, left out or moved makes what its list
//! says, over many seeds; an invalid list is refused with its reason; a preset written as its
//! stages generates as its first-form twin.

use crate::common::shipped;
use delve::generate::{GenError, Request, generate};
use delve::map::Map;
use delve::params::stages::{Stage, StageEntry, StageList};
use delve::params::{GeneratorParams, RoleRules};

const SEEDS: u64 = 60;

fn listed(mut params: GeneratorParams, entries: &[(Stage, bool)]) -> GeneratorParams {
    let kind = params.kind();
    *params.stages_mut() = StageList::of(kind, entries.iter().map(|&(stage, on)| StageEntry { stage, on }).collect());
    params
}

fn map(params: &GeneratorParams, seed: u64) -> Map {
    let mut map = generate(params, seed).expect("generates").map;
    map.provenance = Default::default();
    map
}

use Stage::*;

#[test]
fn with_tunnels_off_the_same_rooms_stand_unjoined() {
    let plain = shipped("godot-part3");
    let off = listed(
        plain.clone(),
        &[(PlaceRooms, true), (DigTunnels, false), (Spawn, true), (Roles, true), (ColoursApart, true)],
    );
    for seed in 0..SEEDS {
        let (a, made) = (map(&plain, seed), generate(&off, seed).expect("generates"));
        let b = &made.map;
        let shapes = |m: &Map| m.rooms.iter().map(|r| r.shape.clone()).collect::<Vec<_>>();
        assert_eq!(shapes(&a), shapes(b), "seed {seed}");
        assert_eq!(a.spawn, b.spawn, "seed {seed}");
        assert!(b.corridors.is_empty() && b.doors.is_empty(), "seed {seed}");
        assert!(made.report.notes.iter().any(|n| n.contains("Dig tunnels is off")), "seed {seed}: {}", made.report);
        if b.rooms.len() > 1 {
            assert!(!b.validate().is_empty(), "seed {seed}: unjoined rooms are reported");
        }
    }
}

#[test]
fn stages_that_do_not_depend_on_each_other_may_swap() {
    let plain = shipped("mcrogueface-part3");
    let swapped = listed(
        plain.clone(),
        &[(PlaceRooms, true), (Spawn, true), (DigTunnels, true), (ColoursApart, true), (Roles, true)],
    );
    assert_eq!(swapped.check(), []);
    for seed in 0..SEEDS {
        assert_eq!(map(&plain, seed), map(&swapped, seed), "seed {seed}");
    }
}

#[test]
fn with_loops_off_a_grown_map_has_no_loop() {
    let mut with_loops = shipped("grown-shapes");
    let GeneratorParams::GrownRooms(p) = &mut with_loops else { panic!("grown") };
    p.loops = 3;
    let mut none = with_loops.clone();
    let GeneratorParams::GrownRooms(p) = &mut none else { panic!("grown") };
    p.loops = 0;
    let off = listed(
        with_loops.clone(),
        &[(Grow, true), (Doors, true), (Place, true), (Loops, false), (Roles, true), (ColoursApart, true)],
    );
    let mut looped = 0;
    for seed in 0..SEEDS {
        let (a, b) = (map(&none, seed), map(&off, seed));
        assert_eq!(a, b, "seed {seed}");
        looped += usize::from(map(&with_loops, seed).corridors.len() > a.corridors.len());
    }
    assert!(looped > 0, "the loops stage adds corridors when on");
}

#[test]
fn with_roles_off_no_room_is_named() {
    let mut rules = shipped("tiendil-step6");
    *rules.roles_mut() = RoleRules::all(2, 1);
    let off = listed(
        rules.clone(),
        &[(Grow, true), (Doors, true), (Place, true), (Loops, true), (Roles, false), (ColoursApart, true)],
    );
    let mut rules_off = rules.clone();
    *rules_off.roles_mut() = RoleRules::default();
    let mut named = 0;
    for seed in 0..SEEDS {
        let b = map(&off, seed);
        assert!(b.rooms.iter().all(|r| r.role.is_none()), "seed {seed}");
        // Off, the rules no longer steer growth either: the map of no rules.
        assert_eq!(b, map(&rules_off, seed), "seed {seed}");
        named += map(&rules, seed).rooms.iter().filter(|r| r.role.is_some()).count();
    }
    assert!(named > 0);
}

#[test]
fn with_colours_apart_off_rooms_keep_their_drawn_colours() {
    for preset in ["godot-part3", "grown-shapes"] {
        let plain = shipped(preset);
        let entries: Vec<(Stage, bool)> =
            plain.stages().entries(plain.kind()).iter().map(|e| (e.stage, e.stage != ColoursApart)).collect();
        let off = listed(plain.clone(), &entries);
        let mut differ = 0;
        for seed in 0..SEEDS {
            let drawn = Request::new(&plain, seed).deferring_colours(true).run().expect("generates").generated.map;
            let colours = |m: &Map| m.rooms.iter().map(|r| r.colour).collect::<Vec<_>>();
            assert_eq!(colours(&map(&off, seed)), colours(&drawn), "{preset} seed {seed}");
            differ += usize::from(colours(&map(&plain, seed)) != colours(&drawn));
        }
        assert!(differ > 0, "{preset}: colours apart changes some colours when on");
    }
}

#[test]
fn an_invalid_list_is_refused_with_its_reason() {
    let bad = listed(shipped("godot-part3"), &[(DigTunnels, true), (PlaceRooms, true), (Spawn, true)]);
    let Err(GenError::InvalidParams(issues)) = generate(&bad, 1) else { panic!("refused") };
    assert_eq!(issues.len(), 1);
    assert_eq!(issues[0].field, "stages");
    assert!(issues[0].message.starts_with("Dig tunnels must come after Place rooms"), "{}", issues[0]);
}

#[test]
fn a_preset_written_as_its_stages_generates_as_its_twin() {
    let text = "(version: 1, seed: 5, generator: Stages([\n  PlaceRooms((width: 80, height: 45, room_size: (min: 6, max: 10), max_rooms: 30, overlap: ShareWalls)),\n  DigTunnels((tunnel_from: PreviousRoom)),\n  Spawn,\n]))";
    let preset = delve::io::preset_from(text).expect("reads");
    let twin = shipped("godot-part3");
    // Roles and colours apart left out: no rule is on, and the colours stay as drawn.
    for seed in 0..SEEDS {
        let drawn = Request::new(&twin, seed).deferring_colours(true).run().expect("generates").generated.map;
        let mut drawn = drawn;
        drawn.provenance = Default::default();
        assert_eq!(map(&preset.generator, seed), drawn, "seed {seed}");
    }
    // Saved and read again: the same list, in the stages form.
    let saved = delve::io::preset_to_string(&preset).expect("writes");
    assert!(saved.contains("Stages(["), "{saved}");
    assert_eq!(delve::io::preset_from(&saved).expect("reads").generator, preset.generator);
}
