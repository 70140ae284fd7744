//! Room accretion (Brogue's architect): over many seeds and random parameters every map is
//! valid and connected by construction (checked by a walk written here), its rooms of the shapes
//! asked, inside the map and apart; loops only where asked; the same seed the same map; every
//! prefix of the recording replays to the map so far; the shipped preset's maps are pinned.

use crate::common::{assert_each_passage_once, generate_valid, pin_preset_maps, shipped, with_stage_off};
use delve::generate::record::{AccretionStep, Step};
use delve::generate::{Generated, Request, generate};
use delve::geom::{Pos, Rect};
use delve::map::{Map, Shape, Tile};
use delve::params::accretion::RoomForm;
use delve::params::stages::Stage;
use delve::params::{GeneratorParams, Params, RoomAccretion, SizeRange};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

fn preset() -> RoomAccretion {
    match shipped("room-accretion") {
        GeneratorParams::RoomAccretion(p) => p,
        other => panic!("room-accretion is a room accretion preset: {other:?}"),
    }
}

/// The walkable tiles the spawn reaches, by a walk of our own (4 neighbours, any floor).
fn reached(m: &Map) -> BTreeSet<Pos> {
    let walkable = |p: Pos| m.tile(p).is_some_and(|t| t != Tile::Wall);
    let mut seen = BTreeSet::from([m.spawn]);
    let mut queue = VecDeque::from([m.spawn]);
    while let Some(p) = queue.pop_front() {
        for n in p.neighbours4() {
            if walkable(n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Whether `cells` (row by row) are a cross: two bars, one across the whole box and one down
/// it, each row either the whole width or the same run, each column the whole height or the same
/// run.
fn is_cross(cells: &[Pos], b: Rect) -> bool {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let runs = |line: Vec<bool>| {
        let full = line.iter().all(|c| *c);
        let first = line.iter().position(|c| *c);
        let last = line.iter().rposition(|c| *c);
        (full, first.zip(last))
    };
    let rows: Vec<_> =
        (b.y..b.bottom()).map(|y| runs((b.x..b.right()).map(|x| set.contains(&Pos::new(x, y))).collect())).collect();
    let cols: Vec<_> =
        (b.x..b.right()).map(|x| runs((b.y..b.bottom()).map(|y| set.contains(&Pos::new(x, y))).collect())).collect();
    let one_bar = |lines: &[(bool, Option<(usize, usize)>)]| {
        let parts: BTreeSet<_> = lines.iter().filter(|(full, _)| !full).map(|(_, r)| *r).collect();
        parts.len() <= 1 && lines.iter().all(|(_, r)| r.is_some()) && lines.iter().any(|(full, _)| *full)
    };
    one_bar(&rows) && one_bar(&cols)
}

/// Whether `cells` are 4-connected.
fn connected(cells: &[Pos]) -> bool {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let mut seen = BTreeSet::from([cells[0]]);
    let mut queue = VecDeque::from([cells[0]]);
    while let Some(p) = queue.pop_front() {
        for n in p.neighbours4() {
            if set.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == set.len()
}

/// The room's shape, as one of the four, checked against what `p` asks of it.
fn form_of(p: &RoomAccretion, m: &Map, shape: &Shape) -> RoomForm {
    let (w, h) = (m.width() - 2, m.height() - 2);
    let within = |n: i32, r: SizeRange, most: u32| n as u32 >= r.min.min(most) && n as u32 <= r.max.min(most);
    match shape {
        Shape::Rect(r) => {
            assert!(within(r.w, p.rect_width, w) && within(r.h, p.rect_height, h), "{r:?} of {p:?}");
            RoomForm::Rect
        }
        Shape::Circle { radius, .. } => {
            assert!(within(*radius, p.circle_radius, (w.min(h) - 1) / 2), "radius {radius} of {p:?}");
            RoomForm::Circle
        }
        Shape::Cells(cells) => {
            let b = shape.bounds().expect("a room has floor");
            assert!(connected(cells), "a room is one piece: {cells:?}");
            let cross_sized = within(b.w, p.cross_size, w) && within(b.h, p.cross_size, h);
            if p.cross_weight > 0 && is_cross(cells, b) && cross_sized {
                RoomForm::Cross
            } else {
                assert!(p.blob_weight > 0, "a shape of no form asked: {cells:?} of {p:?}");
                assert!(b.w as u32 <= p.blob_size.max && b.h as u32 <= p.blob_size.max, "{b:?} of {p:?}");
                RoomForm::Blob
            }
        }
    }
}

/// Every promise of one map of `p`.
fn check_map(p: &RoomAccretion, seed: u64, g: &Generated) {
    let m = &g.map;
    let ctx = || format!("seed {seed}, {p:?}\n{}", m.to_ascii());
    assert!(m.validate().is_empty(), "{:?}\n{}", m.validate(), ctx());
    assert_each_passage_once(m, &format!("seed {seed}"));
    // Connected: the spawn reaches every walkable tile.
    let walkable = m.tiles().as_slice().iter().filter(|t| **t != Tile::Wall).count();
    assert_eq!(reached(m).len(), walkable, "{}", ctx());
    // Rooms inside the map, apart (no two rooms' floors touch, not even at a corner), of the
    // shapes asked.
    let mut owner: BTreeMap<Pos, usize> = BTreeMap::new();
    let weights: BTreeMap<RoomForm, u32> = p.weights().into_iter().collect();
    for (i, room) in m.rooms.iter().enumerate() {
        let form = form_of(p, m, &room.shape);
        assert!(weights[&form] > 0, "room {i} is {form:?}, which has no parts\n{}", ctx());
        for c in room.shape.cells() {
            assert!(c.x >= 1 && c.y >= 1 && c.x < m.width() as i32 - 1 && c.y < m.height() as i32 - 1, "{}", ctx());
            assert!(owner.insert(c, i).is_none(), "rooms overlap at {c:?}\n{}", ctx());
        }
    }
    for (c, &i) in &owner {
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let other = owner.get(&c.offset(dx, dy)).copied().unwrap_or(i);
            assert_eq!(other, i, "rooms {i} and {other} touch at {c:?}\n{}", ctx());
        }
    }
    // A tree of rooms, and a door more for each loop: no more loops than asked.
    let loops = m.corridors.len() + 1 - m.rooms.len();
    let asked = if p.common.stages.runs(Stage::AddLoops) { p.loops as usize } else { 0 };
    assert!(loops <= asked, "{loops} loops of {asked} asked\n{}", ctx());
    assert_eq!(g.report.rooms_placed, m.rooms.len());
    assert!(m.rooms[0].shape.contains(m.spawn), "the spawn in the first room");
}

/// Random valid parameters: any size, shape weights and sizes, hallways, fill and loops.
fn arb_params() -> impl Strategy<Value = RoomAccretion> {
    let sizes = proptest::array::uniform8(1u32..20);
    let weights = proptest::array::uniform4(0u32..4);
    (12u32..100, 12u32..70, weights, sizes, 0u32..120, 0.0f64..1.0, 0.0f64..1.0, 0u32..12, 2u32..40).prop_map(
        |(width, height, w, s, attempts, fill, hallway_chance, loops, loop_min_distance)| {
            let r = |a: u32, b: u32, lo: u32| SizeRange::new(a.min(b).max(lo), a.max(b).max(lo));
            let mut p = RoomAccretion {
                width,
                height,
                attempts,
                fill,
                rect_weight: w[0],
                cross_weight: w[1],
                blob_weight: w[2],
                circle_weight: w[3],
                rect_width: r(s[0], s[1], 2),
                rect_height: r(s[1], s[2], 2),
                cross_size: r(s[2], s[3], 3),
                cross_bar: r(s[4] / 3, s[5] / 3, 1),
                blob_size: r(s[5], s[6], 4),
                circle_radius: r(s[6] / 3, s[7] / 3, 1),
                hallway_chance,
                hallway_length: r(s[7] / 2, s[0] / 2, 1),
                loops,
                loop_min_distance,
                ..preset()
            };
            if w.iter().all(|x| *x == 0) {
                p.rect_weight = 1;
            }
            p
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any valid parameter set gives a map that keeps every promise, the same for the same seed.
    #[test]
    fn random_valid_parameters_keep_every_promise(p in arb_params(), seed in any::<u64>()) {
        prop_assume!(p.check().is_empty());
        let params = GeneratorParams::RoomAccretion(p.clone());
        let g = generate_valid(&params, seed);
        check_map(&p, seed, &g);
        prop_assert_eq!(&generate(&params, seed).unwrap(), &g, "the same seed, the same map");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Every prefix of a recording replays to the rooms and corridors made so far, and all of it
    /// to the map.
    #[test]
    fn every_prefix_of_the_steps_replays(p in arb_params(), seed in 0u64..1000) {
        let p = RoomAccretion { width: p.width.min(48), height: p.height.min(40), attempts: p.attempts.min(40), ..p };
        prop_assume!(p.check().is_empty());
        let params = GeneratorParams::RoomAccretion(p);
        let (g, rec) = delve::generate::generate_recorded(&params, seed).unwrap();
        let steps = rec.expect("room accretion records").steps;
        prop_assert_eq!(&delve::generate::replay(&params, seed, &steps).unwrap(), &g.map);
        for k in 0..steps.len() {
            let part = delve::generate::replay(&params, seed, &steps[..k]).unwrap();
            let placed = steps[..k].iter().filter(|s| s.placed_room().is_some()).count();
            let joined = steps[..k]
                .iter()
                .filter(|s| matches!(s, Step::Accretion(AccretionStep::RoomAttached { attempt: 1.., .. } | AccretionStep::LoopOpened { .. })))
                .count();
            prop_assert_eq!(&part.rooms[..], &g.map.rooms[..placed], "step {}", k);
            prop_assert_eq!(&part.corridors[..], &g.map.corridors[..joined], "step {}", k);
        }
    }
}

#[test]
fn the_preset_fills_its_map_with_rooms_of_every_shape_and_a_few_loops() {
    let p = preset();
    let params = GeneratorParams::RoomAccretion(p.clone());
    let (mut forms, mut looped) = (BTreeMap::new(), 0);
    for seed in 0..60 {
        let g = generate_valid(&params, seed);
        check_map(&p, seed, &g);
        let m = &g.map;
        let floor = m.tiles().as_slice().iter().filter(|t| **t != Tile::Wall).count();
        assert!(floor as f64 >= 0.35 * 4000.0, "seed {seed}: {floor} floor tiles\n{}", m.to_ascii());
        assert!(m.rooms.len() >= 20, "seed {seed}: {} rooms", m.rooms.len());
        for room in &m.rooms {
            *forms.entry(form_of(&p, m, &room.shape)).or_insert(0) += 1;
        }
        looped += usize::from(m.corridors.len() >= m.rooms.len());
    }
    assert_eq!(forms.len(), 4, "{forms:?}");
    assert!(looped >= 55, "{looped} of 60 maps with loops");
}

#[test]
fn the_timeline_shows_rooms_then_loops_and_replays_to_the_map() {
    let params = shipped("room-accretion");
    let made = Request::new(&params, 3).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let m = &made.generated.map;
    let stages: Vec<Stage> = steps.iter().map(|s| s.stage()).collect();
    assert!(stages.windows(2).all(|w| w[0] <= w[1]), "{stages:?}");
    let loops = stages.iter().filter(|s| **s == Stage::AddLoops).count();
    assert_eq!(loops, m.corridors.len() + 1 - m.rooms.len(), "a corridor more for each loop");
    let Step::Accretion(AccretionStep::RoomAttached { room: 0, attempt: 0, door: None, .. }) = &steps[0] else {
        panic!("the first room first: {:?}", steps[0])
    };
    assert!(
        steps[0].sentence().ends_with("placed in the middle; the dungeon grows from it."),
        "{}",
        steps[0].sentence()
    );
    let attached = steps.iter().filter(|s| s.placed_room().is_some()).count();
    assert_eq!(attached, m.rooms.len());
    assert!(steps.iter().any(|s| s.sentence().starts_with("Loop: a door opened at (")));
    assert!(steps.iter().any(|s| s.sentence().contains(", attached through a door at (")));
    let replayed = delve::generate::replay(&params, 3, &steps).expect("replays");
    assert_eq!((replayed.tiles(), &replayed.corridors), (m.tiles(), &m.corridors));
}

#[test]
fn add_loops_may_be_turned_off_accrete_may_not_and_the_maps_are_pinned() {
    let off = with_stage_off(shipped("room-accretion"), Stage::AddLoops);
    for seed in 0..30 {
        let with = generate(&shipped("room-accretion"), seed).unwrap().map;
        let without = generate(&off, seed).unwrap().map;
        assert_eq!(without.corridors.len() + 1, without.rooms.len(), "seed {seed}: a tree");
        let shapes = |m: &Map| m.rooms.iter().map(|r| r.shape.clone()).collect::<Vec<_>>();
        assert_eq!(shapes(&without), shapes(&with), "seed {seed}: the same rooms");
        assert!(with.corridors.len() > without.corridors.len(), "seed {seed}: loops when on");
    }
    let text = "Stages([Off(Accrete(())), AddLoops((loops: 2))])";
    let params: GeneratorParams = ron::from_str(text).expect("reads");
    let issues = params.check();
    assert_eq!(
        issues[0].message,
        "Accrete cannot be turned off: the rooms are the ones it attaches, and it puts the spawn"
    );
    let text = "Stages([Accrete((width: 40, height: 30, fill: 0.3)), Off(AddLoops((loops: 2))), Roles((entrance_exit: true))])";
    let params: GeneratorParams = ron::from_str(text).expect("reads");
    assert_eq!(params.check(), []);
    let GeneratorParams::RoomAccretion(p) = &params else { panic!("{params:?}") };
    assert_eq!((p.width, p.height, p.loops), (40, 30, 2));
    let m = generate_valid(&params, 4).map;
    assert_eq!(m.corridors.len() + 1, m.rooms.len());
    assert!(m.rooms.iter().any(|r| r.role.is_some()), "roles given");
    pin_preset_maps("room-accretion", &[1, 7]);
}

#[test]
fn every_parameter_is_set_and_checked() {
    crate::common::assert_each_setter_writes(GeneratorParams::RoomAccretion(preset()));
    let p = RoomAccretion { rect_weight: 0, cross_weight: 0, blob_weight: 0, circle_weight: 0, ..preset() };
    assert_eq!(p.check()[0].field, "rect_weight");
    let p = RoomAccretion { width: 10, rect_width: SizeRange::new(9, 12), ..preset() };
    assert_eq!(
        p.check()[0].message,
        "the smallest rectangle (9 tiles) and its walls do not fit the map width (10 tiles)"
    );
}

/// The largest of everything, on a long thin map and a large one: valid maps, no panic.
#[test]
fn the_largest_parameters_make_valid_maps() {
    use delve::params::accretion::{MAX_BLOB, MAX_LOOP_DISTANCE, MAX_RADIUS, MAX_ROOM_SIDE};
    let most = |lo: u32, hi: u32| SizeRange::new(lo, hi);
    let big = RoomAccretion {
        attempts: 3000,
        fill: 1.0,
        rect_weight: 100,
        cross_weight: 100,
        blob_weight: 100,
        circle_weight: 100,
        rect_width: most(2, MAX_ROOM_SIDE),
        rect_height: most(2, MAX_ROOM_SIDE),
        cross_size: most(3, MAX_ROOM_SIDE),
        cross_bar: most(1, MAX_ROOM_SIDE),
        blob_size: most(4, MAX_BLOB),
        circle_radius: most(1, MAX_RADIUS),
        hallway_chance: 1.0,
        hallway_length: most(1, MAX_ROOM_SIDE),
        loops: 100,
        loop_min_distance: MAX_LOOP_DISTANCE,
        ..preset()
    };
    for (width, height) in [(4096, 8), (8, 600), (300, 300)] {
        let p = RoomAccretion { width, height, ..big.clone() };
        assert_eq!(p.check(), [], "{width}×{height}");
        let g = generate_valid(&GeneratorParams::RoomAccretion(p.clone()), 5);
        check_map(&p, 5, &g);
        assert!(g.map.rooms.len() > 1, "{width}×{height}");
    }
}
