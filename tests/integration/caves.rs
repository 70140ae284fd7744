//! Cellular-automata caves: every seed makes one connected, valid map of caves (rooms) joined
//! by tunnels; the parameters and stages do what their help says; the maps are pinned.

use crate::common::{generate_valid, pin_preset_maps, shipped};
use delve::generate::{Request, generate};
use delve::map::{Map, Tile};
use delve::params::stages::{Stage, StageEntry, StageList};
use delve::params::{Caves, GeneratorParams};

fn caves() -> Caves {
    match shipped("caves") {
        GeneratorParams::Caves(p) => p,
        other => panic!("caves is a caves preset: {other:?}"),
    }
}

fn map(p: Caves, seed: u64) -> Map {
    generate(&GeneratorParams::Caves(p), seed).expect("generates").map
}

/// Every open tile, and only those, in exactly one cave or on a corridor.
fn floor_is_caves_and_corridors(m: &Map) -> bool {
    let mut owner = vec![0u32; (m.width() * m.height()) as usize];
    for r in &m.rooms {
        r.shape.for_each_cell(|c| owner[(c.y as u32 * m.width() + c.x as u32) as usize] += 1);
    }
    m.tiles().as_slice().iter().zip(&owner).all(|(t, &n)| match t {
        Tile::Floor => n == 1,
        Tile::Corridor | Tile::Wall => n == 0,
    })
}

#[test]
fn every_seed_makes_one_connected_valid_map_of_caves() {
    let p = caves();
    let params = GeneratorParams::Caves(p.clone());
    let mut several = 0;
    for seed in 0..300 {
        let g = generate_valid(&params, seed);
        let m = &g.map;
        // Valid includes: every floor tile reachable from the spawn, no stray floor.
        assert!(floor_is_caves_and_corridors(m), "seed {seed}");
        assert!(m.rooms.iter().all(|r| r.shape.area() >= p.min_region as usize), "seed {seed}");
        let largest = m.rooms.iter().map(|r| r.shape.area()).max().unwrap_or(0);
        let spawn_cave = m.rooms.iter().find(|r| r.shape.contains(m.spawn)).expect("the spawn is in a cave");
        assert_eq!(spawn_cave.shape.area(), largest, "seed {seed}: the spawn is in the largest cave");
        assert_eq!(m.corridors.is_empty(), m.rooms.len() == 1, "seed {seed}: caves are joined");
        assert_eq!(g.report.rooms_placed, m.rooms.len());
        several += usize::from(m.rooms.len() > 1);
        // The border is rock.
        let (w, h) = (m.width() as i32, m.height() as i32);
        let border = (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
        assert!(border.into_iter().all(|(x, y)| m.tile(delve::geom::Pos::new(x, y)) == Some(Tile::Wall)));
    }
    assert!(several > 100, "most maps have several caves to join ({several} of 300)");
}

#[test]
fn the_rule_and_the_fill_shape_the_caves() {
    let open = |m: &Map| m.tiles().as_slice().iter().filter(|t| **t != Tile::Wall).count();
    let base = caves();
    let (mut less_rock, mut more_rock, mut smoother) = (0, 0, 0);
    for seed in 0..20 {
        let m = map(base.clone(), seed);
        less_rock += usize::from(open(&map(Caves { fill: 0.35, ..base.clone() }, seed)) > open(&m));
        more_rock += usize::from(open(&map(Caves { fill: 0.55, ..base.clone() }, seed)) < open(&m));
        // No smoothing leaves the noise: many more, smaller regions to fill in or join.
        let raw = map(Caves { iterations: 0, min_region: 1, ..base.clone() }, seed);
        smoother += usize::from(raw.rooms.len() > 3 * m.rooms.len());
    }
    assert_eq!((less_rock, more_rock, smoother), (20, 20, 20));
    // No rock at all: one cave, the whole inside of the map but its four corners (each has 5
    // rock neighbours on the border, so the first pass turns it to rock).
    let all_open = map(Caves { fill: 0.0, ..base.clone() }, 1);
    assert_eq!(all_open.rooms.len(), 1);
    assert_eq!(all_open.rooms[0].shape.area(), 78 * 48 - 4);
    // All rock: a small cave at the centre, with a note; nothing asked for is too small.
    let all_rock = GeneratorParams::Caves(Caves { fill: 1.0, ..base.clone() });
    let g = generate_valid(&all_rock, 1);
    assert_eq!(g.map.rooms.len(), 1);
    assert!(g.map.rooms[0].shape.contains(g.map.spawn));
    assert!(g.report.notes.iter().any(|n| n.contains("the largest was kept")), "{}", g.report);
    // A smallest cave larger than any region: the largest is kept, the rest filled.
    let seed = (0..).find(|&s| map(base.clone(), s).rooms.len() > 1).expect("a map of several caves");
    let largest = map(base.clone(), seed).rooms.iter().map(|r| r.shape.area()).max();
    let g = generate_valid(&GeneratorParams::Caves(Caves { min_region: 100_000, ..base }), seed);
    assert_eq!(g.map.rooms.len(), 1);
    assert_eq!(Some(g.map.rooms[0].shape.area()), largest);
    let notes = g.report.notes.join("; ");
    assert_eq!(notes, "no open region reached the smallest cave (100000 tiles): the largest was kept");
    // Small regions filled in under the usual size are the rule working, not a shortfall.
    assert!(generate_valid(&shipped("caves"), seed).report.notes.is_empty());
}

#[test]
fn smooth_and_join_may_be_turned_off() {
    use Stage::*;
    let listed = |entries: &[(Stage, bool)]| {
        let mut p = caves();
        p.common.stages = StageList::of(
            delve::params::GeneratorKind::Caves,
            entries.iter().map(|&(stage, on)| StageEntry { stage, on }).collect(),
        );
        GeneratorParams::Caves(p)
    };
    let no_smooth = listed(&[(Fill, true), (Smooth, false), (Regions, true), (JoinCaves, true), (ColoursApart, true)]);
    let no_join = listed(&[(Fill, true), (Smooth, true), (Regions, true), (JoinCaves, false), (ColoursApart, true)]);
    assert_eq!(no_smooth.check(), []);
    for seed in 0..20 {
        let mut a = generate(&no_smooth, seed).expect("generates").map;
        let mut b = map(Caves { iterations: 0, ..caves() }, seed);
        (a.provenance, b.provenance) = (Default::default(), Default::default());
        assert_eq!(a, b, "seed {seed}: Smooth off is no smoothing pass");
        let made = generate(&no_join, seed).expect("generates");
        let joined = map(caves(), seed);
        assert!(made.map.corridors.is_empty() && made.map.doors.is_empty());
        assert_eq!(made.map.rooms.len(), joined.rooms.len(), "seed {seed}: the same caves");
        assert!(made.report.notes.iter().any(|n| n.contains("Join caves is off")), "{}", made.report);
    }
    // Fill and Regions cannot be left out or off; Join before Regions is explained.
    let bad = listed(&[(Fill, true), (JoinCaves, true), (Regions, true)]);
    let messages: Vec<String> = bad.check().into_iter().map(|i| i.message).collect();
    assert_eq!(
        messages,
        ["Join caves must come after Regions: it joins the caves Regions finds; move it below"],
        "{messages:?}"
    );
    assert!(listed(&[(Fill, false), (Regions, true)]).check()[0].message.starts_with("Fill cannot be turned off"));
}

#[test]
fn caves_are_pinned_and_the_cli_prints_the_librarys_map() {
    let _params = shipped("caves");
    pin_preset_maps("caves", &[1, 7]);
}

#[test]
fn a_recording_replays_step_by_step_to_the_map() {
    let params = shipped("caves");
    let made = Request::new(&params, 4).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let stages: Vec<Stage> = steps.iter().map(|s| s.stage()).collect();
    assert_eq!(stages[..6], [Stage::Fill, Stage::Smooth, Stage::Smooth, Stage::Smooth, Stage::Smooth, Stage::Regions]);
    assert!(stages[6..].iter().all(|s| *s == Stage::JoinCaves));
    assert_eq!(stages.len() - 6, made.generated.map.rooms.len() - 1, "one join per cave after the first");
    let replayed = delve::generate::replay(&params, 4, &steps).expect("replays");
    assert_eq!(replayed.tiles(), made.generated.map.tiles());
    assert_eq!(replayed.corridors, made.generated.map.corridors);
    let sentences: Vec<String> = steps.iter().take(6).map(|s| s.sentence()).collect();
    assert!(sentences[0].starts_with("Rock filled at random: "), "{sentences:?}");
    assert!(sentences[1].starts_with("Smoothing pass 1: "), "{sentences:?}");
    assert!(sentences[5].starts_with("The open regions are "), "{sentences:?}");
}

/// The tunnels that join caves never leave a stub in one cave's floor: no corridor joins a cave
/// to itself (leaving it over a rock island and coming back into it), on the shipped preset and
/// on the hybrid that carries caves, over 300 seeds each.
#[test]
fn tunnels_leave_no_stub_inside_a_cave() {
    for name in ["caves", "rooms-and-caves"] {
        let p = shipped(name);
        let mut joined = 0;
        for seed in 0..300 {
            let m = generate(&p, seed).expect("generates").map;
            let room_of = |door: u32| m.doors.iter().find(|d| d.id == door).map(|d| d.room);
            for c in &m.corridors {
                let (a, b) = (room_of(c.doors[0]), room_of(c.doors[1]));
                assert_ne!(a, b, "{name} seed {seed}: corridor {} leaves room {a:?} and comes back into it", c.id);
                joined += 1;
            }
        }
        assert!(joined > 300, "{name}: the caves are joined ({joined} corridors)");
    }
}
