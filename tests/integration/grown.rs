//! The grown-rooms generator (Tiendil's tutorial): invariants over many seeds and random
//! parameter sets, parameter checks, golden maps, figures against the tutorial, CLI sweep.

use crate::common::{corridor_neighbours, generate_valid, room_distances, shipped_grown, tile_ways};
use crate::grown_shapes::shapes_preset;
use delve::generate::ShortfallCause;
use delve::generate::grown::generate_with_stats;
use delve::generate::{GenError, Generated};
use delve::geom::{Pos, Rect};
use delve::map::{Map, Tile};
use delve::params::{GeneratorParams, GrownRooms, ParamValue, Params, SizeRange};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

pub(crate) fn preset() -> GrownRooms {
    shipped_grown("tiendil-step6")
}

pub(crate) fn gen_valid(p: &GrownRooms, seed: u64) -> Generated {
    generate_valid(&GeneratorParams::GrownRooms(p.clone()), seed)
}

/// Whether `cells` (one room) is 4-connected.
pub(crate) fn connected(cells: &[Pos]) -> bool {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let Some(&start) = cells.first() else { return false };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for n in p.neighbours4() {
            if set.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == set.len()
}

/// Whether the empty cells of the room's bounding box grown by one are one 4-connected region
/// (the tutorial's hole test).
fn has_hole(cells: &[Pos]) -> bool {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let b = Rect::bounding(cells.iter().copied()).expect("room has cells").grow(1);
    let empty: Vec<Pos> = b.cells().filter(|p| !set.contains(p)).collect();
    let mut seen = BTreeSet::from([empty[0]]);
    let mut queue = VecDeque::from([empty[0]]);
    while let Some(p) = queue.pop_front() {
        for n in p.neighbours4() {
            if b.contains(n) && !set.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() != empty.len()
}

/// Room graph edges (room a, room b) of every corridor, in corridor order.
pub(crate) fn edges(map: &Map) -> Vec<(u32, u32)> {
    map.corridors
        .iter()
        .map(|c| {
            let [a, b] = c.doors.map(|d| map.door(d).expect("corridor door exists").room);
            (a, b)
        })
        .collect()
}

/// Corridors from room 0 to each room in the room graph; `None` when it is not connected.
pub(crate) fn depths(map: &Map) -> Option<Vec<u32>> {
    room_distances(&corridor_neighbours(map), 0, None).into_iter().collect()
}

/// Every promise the generator makes, for one map.
pub(crate) fn check_invariants(p: &GrownRooms, seed: u64, g: &Generated) {
    crate::common::assert_each_passage_once(&g.map, &format!("grown seed {seed}"));
    let map = &g.map;
    let ctx = || format!("seed {seed}, {p:?}\n{}", map.to_ascii());
    assert!(map.validate().is_empty(), "validate: {:?}\n{}", map.validate(), ctx());
    assert_eq!(map.rooms.len(), g.report.rooms_placed, "{}", ctx());
    assert!(!map.rooms.is_empty(), "{}", ctx());
    assert_eq!(g.report.shortfall.is_some(), g.report.rooms_placed < g.report.rooms_asked, "{}", ctx());

    // Rooms: hole-free, 4-connected, sizes as asked, colours that read on the wall, one cell apart.
    let owner = map.room_index_grid();
    // Without knowing each room's shape: within the sizes of the shapes in the mix.
    let (min_cells, max_cells) = (p.fewest_cells() as usize, p.most_cells() as usize);
    for (i, room) in map.rooms.iter().enumerate() {
        let cells = room.shape.cells();
        assert!(connected(&cells), "room {i} is not 4-connected\n{}", ctx());
        assert!(!has_hole(&cells), "room {i} has a hole\n{}", ctx());
        // The first room is kept with its holes filled when every regrowth had one: generation
        // stops there with a shortfall, or quietly when it was the only room asked.
        let hole_stop = g.report.shortfall.as_ref().is_some_and(|s| s.cause == ShortfallCause::Hole);
        let first_filled = i == 0 && (hole_stop || p.rooms == 1);
        assert!(
            first_filled || (min_cells..=max_cells).contains(&cells.len()),
            "room {i} has {} cells\n{}",
            cells.len(),
            ctx()
        );
        let c = room.colour;
        assert!(delve::map::colour::is_legible_room_colour(c), "room {i} colour {c:?}");
        for &cell in &cells {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let o = owner.get(cell.offset(dx, dy)).copied().unwrap_or(u32::MAX);
                    assert!(o == u32::MAX || o == i as u32, "rooms {i} and {o} touch at {cell}\n{}", ctx());
                }
            }
        }
    }
    // Room cells are the only floor, and there is a wall margin all round.
    let m = p.margin as i32;
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let pos = Pos::new(x, y);
            let t = map.tile(pos).unwrap();
            let in_room = owner.get(pos) != Some(&u32::MAX);
            assert_eq!(t == Tile::Floor, in_room, "{pos}\n{}", ctx());
            if x < m || y < m || x >= map.width() as i32 - m || y >= map.height() as i32 - m {
                assert_eq!(t, Tile::Wall, "margin at {pos}\n{}", ctx());
            }
        }
    }
    assert_eq!(owner.get(map.spawn), Some(&0), "spawn in the first room\n{}", ctx());

    // Corridors: door to door, different rooms, same kind, never through a room, short.
    let tree = map.rooms.len() - 1;
    assert!(map.corridors.len() >= tree, "{}", ctx());
    let mut door_uses: BTreeMap<u32, u32> = BTreeMap::new();
    let mut room_corridors = vec![0u32; map.rooms.len()];
    let mut corridor_cells: BTreeMap<Pos, usize> = BTreeMap::new();
    for (k, c) in map.corridors.iter().enumerate() {
        let [a, b] = c.doors.map(|d| map.door(d).expect("door exists"));
        assert_ne!(a.room, b.room, "corridor {k} joins room {} to itself\n{}", a.room, ctx());
        assert_eq!(a.kind, b.kind, "corridor {k} joins doors of different kinds\n{}", ctx());
        assert!(u32::from(a.kind) < p.door_kinds);
        assert_eq!(c.path.first(), Some(&a.outside()));
        assert_eq!(c.path.last(), Some(&b.outside()));
        let limit = if k < tree { p.search_radius - 1 } else { p.loop_max_length };
        assert!(c.path.len() as u32 <= limit, "corridor {k} has {} cells > {limit}\n{}", c.path.len(), ctx());
        for &cell in &c.path {
            assert_eq!(owner.get(cell), Some(&u32::MAX), "corridor {k} enters a room at {cell}\n{}", ctx());
            assert_eq!(map.tile(cell), Some(Tile::Corridor));
            if let Some(other) = corridor_cells.insert(cell, k) {
                assert!(p.corridors_may_cross && other != k, "corridors {other} and {k} share {cell}\n{}", ctx());
            }
        }
        for d in [a, b] {
            *door_uses.entry(d.id).or_default() += 1;
            room_corridors[d.room as usize] += 1;
        }
    }
    if !p.share_doors {
        assert!(door_uses.values().all(|n| *n == 1), "a door carries two corridors\n{}", ctx());
    }
    assert!(room_corridors.iter().all(|n| *n <= p.max_corridors_per_room), "{}", ctx());
    assert_eq!(door_uses.len(), map.doors.len(), "every stored door carries a corridor");

    // The room graph: connected; a tree when there are no loops.
    assert!(depths(map).is_some(), "room graph not connected\n{}", ctx());
    if p.loops == 0 {
        assert_eq!(map.corridors.len(), tree, "{}", ctx());
    }
    assert!(map.corridors.len() - tree <= p.loops as usize);
    // Loop corridors only join rooms far apart in the tree.
    if map.corridors.len() > tree {
        let mut tree_map = map.clone();
        tree_map.corridors.truncate(tree);
        assert!(depths(&tree_map).is_some(), "the tree alone is connected");
        for (a, b) in edges(map).into_iter().skip(tree) {
            let dist = tree_distance(&tree_map, a, b);
            assert!(dist >= p.loop_min_separation, "loop joins rooms {a} and {b}, {dist} apart\n{}", ctx());
        }
    }
}

/// Corridors between rooms `a` and `b` (ids) over the map's corridors; `u32::MAX` when no way
/// joins them.
fn tree_distance(map: &Map, a: u32, b: u32) -> u32 {
    let index = |id: u32| map.rooms.iter().position(|r| r.id == id).expect("a room of the map");
    room_distances(&corridor_neighbours(map), index(a), None)[index(b)].unwrap_or(u32::MAX)
}

#[test]
fn preset_is_the_tutorials_step6() {
    let p = preset();
    assert_eq!(p, GrownRooms::tiendil_step6());
    assert_eq!(p, GrownRooms::default());
    assert_eq!(
        (p.rooms, p.growth_steps, p.doors_per_room, p.search_radius),
        (25, SizeRange::new(3, 15), SizeRange::new(2, 4), 10)
    );
    assert!(p.check().is_empty());
}

#[test]
fn preset_invariants_over_500_seeds() {
    let p = preset();
    for seed in 0..500 {
        let g = gen_valid(&p, seed);
        assert_eq!(g.report.rooms_placed, 25, "seed {seed}: {}", g.report);
        check_invariants(&p, seed, &g);
    }
}

#[test]
fn same_seed_same_map_and_seeds_differ() {
    let p = GeneratorParams::GrownRooms(preset());
    let a = generate_valid(&p, 7);
    let b = generate_valid(&p, 7);
    assert_eq!(a, b);
    assert_ne!(a.map.to_ascii(), generate_valid(&p, 8).map.to_ascii());
}

pub(crate) fn arb_params() -> impl Strategy<Value = GrownRooms> {
    (
        (1u32..60, 0u32..20, 0u32..20, 1u32..6, 0u32..6, 2u32..14),
        (0.0f64..=1.0, 2u32..7, any::<bool>(), any::<bool>(), 0u32..12, 2u32..7),
        (1u32..20, 0.0f64..=1.0, 1u32..4, 0u32..30, 1u32..4),
        arb_shapes(),
    )
        .prop_map(|(a, b, c, shapes)| {
            let (rooms, g1, g2, d1, d2, search_radius) = a;
            let (branching, max_corridors_per_room, share_doors, corridors_may_cross, loops, loop_min_separation) = b;
            let (loop_max_length, mirror_chance, door_kinds, hole_retries, margin) = c;
            let mut p = GrownRooms {
                rooms,
                growth_steps: SizeRange::new(g1.min(g2), g1.max(g2)),
                doors_per_room: SizeRange::new(d1, d1 + d2),
                search_radius,
                branching,
                max_corridors_per_room,
                share_doors,
                corridors_may_cross,
                loops,
                loop_min_separation,
                loop_max_length,
                mirror_chance,
                door_kinds,
                hole_retries,
                margin,
                placement_budget: 1_000_000,
                ..GrownRooms::default()
            };
            apply_shapes(&mut p, shapes);
            p
        })
}

/// What [`apply_shapes`] makes of a random draw.
type ShapeDraw = (bool, [u32; 5], [u32; 6], u32, u32);

fn arb_shapes() -> impl Strategy<Value = ShapeDraw> {
    (any::<bool>(), proptest::array::uniform5(0u32..4), proptest::array::uniform6(0u32..60), 1u32..14, 1u32..14)
}

/// A random shape mix: half the time blobs only (the tutorial), else random weights (blobs
/// included or not) and random size ranges for every shape.
fn apply_shapes(p: &mut GrownRooms, (blobs_only, w, s, c1, c2): ShapeDraw) {
    if blobs_only {
        return;
    }
    (p.blob_weight, p.hall_weight, p.narrow_weight, p.cave_weight, p.closet_weight) = (w[0], w[1], w[2], w[3], w[4]);
    if w.iter().all(|x| *x == 0) {
        p.hall_weight = 1;
    }
    let r = |a: u32, b: u32, lo: u32| SizeRange::new(a.min(b).max(lo), a.max(b).max(lo));
    p.hall_cells = r(s[0], s[1], 4);
    p.narrow_cells = r(s[2], s[3], 2);
    p.cave_cells = r(s[4] / 2, s[5] / 2, 1);
    p.closet_cells = r(c1, c2, 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any valid parameter set gives a valid map that keeps every promise, or a clean report
    /// of why it stopped early.
    #[test]
    fn random_valid_parameters_keep_every_promise(p in arb_params(), seed in 0u64..1_000_000) {
        prop_assume!(p.check().is_empty());
        let g = gen_valid(&p, seed);
        check_invariants(&p, seed, &g);
    }

    /// Any parameter set is either refused with named fields or generated; never a panic.
    #[test]
    fn any_parameters_are_refused_or_generated(
        rooms in 0u32..30, g1 in 0u32..300, g2 in 0u32..300, d1 in 0u32..70, d2 in 0u32..70,
        radius in 0u32..70, branching in -0.5f64..1.5, corridors in 0u32..70, loop_len in 0u32..70,
        kinds in 0u32..20, margin in 0u32..70, budget in 0u32..200,
        w in proptest::array::uniform5(0u32..3), s in proptest::array::uniform8(0u32..450),
    ) {
        let mut p = GrownRooms {
            rooms, growth_steps: SizeRange::new(g1, g2), doors_per_room: SizeRange::new(d1, d2),
            search_radius: radius, branching, max_corridors_per_room: corridors, loop_max_length: loop_len,
            door_kinds: kinds, margin, placement_budget: budget, hole_retries: 3, loops: 2,
            ..GrownRooms::default()
        };
        (p.blob_weight, p.hall_weight, p.narrow_weight, p.cave_weight, p.closet_weight) = (w[0], w[1], w[2], w[3], w[4]);
        (p.hall_cells, p.narrow_cells) = (SizeRange::new(s[0], s[1]), SizeRange::new(s[2], s[3]));
        (p.cave_cells, p.closet_cells) = (SizeRange::new(s[4] / 8, s[5] / 8), SizeRange::new(s[6] / 30, s[7] / 30));
        let keys: Vec<&str> = p.specs().iter().map(|s| s.key).collect();
        match delve::generate::generate(&GeneratorParams::GrownRooms(p.clone()), 1) {
            Err(GenError::InvalidParams(issues)) => {
                prop_assert!(!issues.is_empty());
                for i in issues {
                    prop_assert!(keys.contains(&i.field), "unknown field {}", i.field);
                }
            }
            Ok(g) => {
                prop_assert!(p.check().is_empty());
                prop_assert!(g.map.validate().is_empty());
            }
            Err(e @ GenError::Locks(_)) => prop_assert!(false, "nothing was locked: {e}"),
        }
    }
}

#[test]
fn bad_combinations_name_the_field() {
    let issue_fields = |p: GrownRooms| p.check().into_iter().map(|i| i.field).collect::<Vec<_>>();
    let d = GrownRooms::default;
    assert_eq!(issue_fields(GrownRooms { growth_steps: SizeRange::new(9, 3), ..d() }), ["growth_steps"]);
    assert_eq!(issue_fields(GrownRooms { growth_steps: SizeRange::new(3, 5000), ..d() }), ["growth_steps"]);
    assert_eq!(issue_fields(GrownRooms { doors_per_room: SizeRange::new(4, 2), ..d() }), ["doors_per_room"]);
    assert_eq!(issue_fields(GrownRooms { doors_per_room: SizeRange::new(0, 2), ..d() }), ["doors_per_room"]);
    assert_eq!(issue_fields(GrownRooms { doors_per_room: SizeRange::new(1, 1), ..d() }), ["doors_per_room"]);
    assert!(GrownRooms { doors_per_room: SizeRange::new(1, 1), share_doors: true, ..d() }.check().is_empty());
    assert_eq!(issue_fields(GrownRooms { rooms: 0, ..d() }), ["rooms"]);
    assert_eq!(issue_fields(GrownRooms { rooms: 20_000, growth_steps: SizeRange::new(3, 99), ..d() }), ["rooms"]);
    assert_eq!(issue_fields(GrownRooms { search_radius: 1, ..d() }), ["search_radius"]);
    assert_eq!(
        issue_fields(GrownRooms { rooms: 10_000, doors_per_room: SizeRange::new(2, 64), search_radius: 64, ..d() }),
        ["rooms"]
    );
    assert_eq!(issue_fields(GrownRooms { branching: f64::NAN, ..d() }), ["branching"]);
    assert_eq!(issue_fields(GrownRooms { mirror_chance: 1.5, ..d() }), ["mirror_chance"]);
    assert_eq!(issue_fields(GrownRooms { max_corridors_per_room: 1, ..d() }), ["max_corridors_per_room"]);
    assert_eq!(issue_fields(GrownRooms { door_kinds: 0, ..d() }), ["door_kinds"]);
    assert_eq!(issue_fields(GrownRooms { loop_max_length: 0, ..d() }), ["loop_max_length"]);
    assert_eq!(issue_fields(GrownRooms { loop_min_separation: 1, ..d() }), ["loop_min_separation"]);
    assert_eq!(issue_fields(GrownRooms { margin: 0, ..d() }), ["margin"]);
    assert_eq!(issue_fields(GrownRooms { placement_budget: 0, ..d() }), ["placement_budget"]);
    let g = delve::generate::generate(&GeneratorParams::GrownRooms(GrownRooms { rooms: 0, margin: 0, ..d() }), 0);
    assert!(matches!(g, Err(GenError::InvalidParams(ref v)) if v.len() == 2), "{g:?}");
}

#[test]
fn every_spec_reads_and_writes_its_field() {
    let mut p = GrownRooms::default();
    for spec in p.specs() {
        assert!(!spec.help.is_empty() && !spec.label.is_empty());
    }
    crate::common::assert_each_setter_writes(GeneratorParams::GrownRooms(p.clone()));
    crate::common::assert_each_setter_writes(GeneratorParams::GrownRooms(shapes_preset()));
    assert!(!p.set("no_such_key", ParamValue::Int(1)));
    assert!(!p.set("rooms", ParamValue::Bool(true)));
    assert!(p.set("rooms", ParamValue::Int(-5)));
    assert_eq!(p.get("rooms"), Some(ParamValue::Int(1)), "clamped into the spec's range");
}

#[test]
fn extension_fields_are_optional_in_files() {
    let text =
        "GrownRooms((rooms: 25, growth_steps: (min: 3, max: 15), doors_per_room: (min: 2, max: 4), search_radius: 10))";
    let p: GeneratorParams = ron::from_str(text).expect("core fields alone parse");
    assert_eq!(p, GeneratorParams::GrownRooms(GrownRooms::default()));
}

#[test]
fn a_room_that_fits_nowhere_ends_generation_with_a_valid_map() {
    // Radius 2: only corridors of one tile, facing doors; big rooms soon fit nowhere.
    let p = GrownRooms { rooms: 200, search_radius: 2, growth_steps: SizeRange::new(10, 30), ..GrownRooms::default() };
    let mut short = 0;
    for seed in 0..20 {
        let g = gen_valid(&p, seed);
        check_invariants(&p, seed, &g);
        if let Some(why) = &g.report.shortfall {
            short += 1;
            assert!(matches!(why.cause, ShortfallCause::NoFit | ShortfallCause::DoorsUsed), "{why}");
            let text = g.report.to_string();
            assert!(text.starts_with(&format!("placed {} of 200 rooms: ", g.report.rooms_placed)), "{text}");
        }
    }
    assert!(short > 0);
    // Out of budget.
    let p = GrownRooms { rooms: 300, placement_budget: 100, ..GrownRooms::default() };
    let g = gen_valid(&p, 1);
    assert!(
        g.report
            .shortfall
            .as_ref()
            .is_some_and(|s| s.cause == ShortfallCause::Budget && s.to_string().contains("Placement budget")),
        "{}",
        g.report
    );
    // Holes: big rooms with no retries.
    let p = GrownRooms { rooms: 5, growth_steps: SizeRange::new(80, 100), hole_retries: 0, ..GrownRooms::default() };
    let holed = (0..20).map(|s| gen_valid(&p, s)).find(|g| g.report.rooms_placed <= 1).expect("some room has a hole");
    assert!(holed.report.shortfall.as_ref().is_some_and(|s| s.cause == ShortfallCause::Hole), "{}", holed.report);
    check_invariants(&p, 0, &holed);
}

fn mean_depth(p: &GrownRooms, seeds: std::ops::Range<u64>) -> f64 {
    let n = seeds.end - seeds.start;
    seeds.map(|s| *depths(&gen_valid(p, s).map).unwrap().iter().max().unwrap() as f64).sum::<f64>() / n as f64
}

#[test]
fn branching_moves_from_chain_to_bush() {
    let rooms = 40;
    let chain = mean_depth(&GrownRooms { rooms, branching: 0.0, ..GrownRooms::default() }, 0..30);
    let half = mean_depth(&GrownRooms { rooms, branching: 0.5, ..GrownRooms::default() }, 0..30);
    let bush = mean_depth(&GrownRooms { rooms, branching: 1.0, ..GrownRooms::default() }, 0..30);
    assert!(chain > half && half > bush, "depths: chain {chain}, half {half}, bush {bush}");
    assert!(chain > 0.6 * (rooms - 1) as f64, "a chain is mostly one line: depth {chain}");
}

#[test]
fn loops_add_detours_within_their_limits() {
    let p = GrownRooms { rooms: 40, loops: 6, loop_min_separation: 4, loop_max_length: 10, ..GrownRooms::default() };
    let mut total = 0;
    for seed in 0..40 {
        let (g, stats) = generate_with_stats(&p, seed).unwrap();
        check_invariants(&p, seed, &g);
        let extra = g.map.corridors.len() - (g.map.rooms.len() - 1);
        assert_eq!(extra, stats.loops_added);
        assert!(stats.loops_added <= stats.loop_candidates);
        total += extra;
    }
    assert!(total > 40, "loops are found on most maps: {total} in 40");
}

#[test]
fn door_kinds_and_mirrors() {
    let p = GrownRooms {
        rooms: 30,
        door_kinds: 3,
        mirror_chance: 0.5,
        doors_per_room: SizeRange::new(3, 6),
        ..GrownRooms::default()
    };
    let mut kinds = BTreeSet::new();
    for seed in 0..40 {
        let g = gen_valid(&p, seed);
        check_invariants(&p, seed, &g);
        kinds.extend(g.map.doors.iter().map(|d| d.kind));
    }
    assert_eq!(kinds, BTreeSet::from([0, 1, 2]));
    // Mirroring changes shapes but not how many cells rooms have.
    let plain = gen_valid(&GrownRooms { mirror_chance: 0.0, ..GrownRooms::default() }, 5);
    let mirrored = gen_valid(&GrownRooms { mirror_chance: 1.0, ..GrownRooms::default() }, 5);
    let sizes = |g: &Generated| g.map.rooms.iter().map(|r| r.shape.area()).collect::<Vec<_>>();
    assert_eq!(sizes(&plain)[0], sizes(&mirrored)[0]);
    assert_ne!(plain.map.to_ascii(), mirrored.map.to_ascii());
}

#[test]
fn tuning_one_stage_keeps_the_others() {
    // Colours come from their own stream: rooms keep their colours whatever else changes.
    let a = gen_valid(&GrownRooms::default(), 11);
    let b = gen_valid(&GrownRooms { search_radius: 20, corridors_may_cross: true, ..GrownRooms::default() }, 11);
    let colours = |g: &Generated| g.map.rooms.iter().map(|r| r.colour).collect::<Vec<_>>();
    assert_eq!(colours(&a), colours(&b));
}

#[test]
fn golden_maps() {
    let mut goldens = crate::common::Goldens::new();
    for (name, p) in [("tiendil-step6", preset()), ("grown-shapes", shapes_preset())] {
        for seed in [1, 2, 3] {
            let g = gen_valid(&p, seed);
            let path = crate::common::golden_dir().join(format!("{name}-seed-{seed}.txt"));
            goldens.check(&path, &format!("{}\n{}", g.report, g.map.to_ascii()));
        }
    }
}

#[test]
fn cli_sweep_runs_on_the_preset() {
    let out = crate::common::delve(&["sweep", "tiendil-step6", "--seeds", "0..40"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 41, "{csv}");
    assert!(rows[1].starts_with("0,25,25,"), "seed, rooms asked, rooms: {}", rows[1]);
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("40 maps") && summary.contains("valid 100.0%"), "{summary}");
    // The player's walk, counted: every map solvable.
    assert!(summary.contains("walked: solvable 100.0% (40 of 40 maps), 0 locks that lock nothing"), "{summary}");
    let header = rows[0];
    for column in ["solvable", "solution_length", "free_locks", "exit_without_keys"] {
        assert!(header.split(',').any(|c| c == column), "{header}");
    }
}

/// A case the random-parameters proptest found: one room asked, whose blob keeps a hole and may
/// not be regrown (`hole_retries: 0`). The room is placed with its hole filled; that is every
/// room asked, so there is no shortfall (the report said "fewer rooms" with 1 of 1 placed).
#[test]
fn a_lone_first_room_with_a_hole_is_no_shortfall() {
    let p = GrownRooms {
        rooms: 1,
        growth_steps: SizeRange::new(1, 12),
        doors_per_room: SizeRange::new(1, 1),
        search_radius: 2,
        branching: 0.0,
        max_corridors_per_room: 2,
        loop_max_length: 1,
        loop_min_separation: 2,
        hole_retries: 0,
        blob_weight: 1,
        hall_weight: 0,
        narrow_weight: 0,
        cave_weight: 0,
        closet_weight: 0,
        ..GrownRooms::default()
    };
    let g = gen_valid(&p, 659476);
    check_invariants(&p, 659476, &g);
    assert_eq!((g.report.rooms_placed, g.report.shortfall), (1, None));
    // With more rooms asked, the same hole stops the map after its first room, and says why.
    let more = GrownRooms { rooms: 2, ..p };
    let g = gen_valid(&more, 659476);
    let why = g.report.shortfall.as_ref().map(|s| (s.cause, s.to_string()));
    assert!(matches!(&why, Some((ShortfallCause::Hole, d)) if d.contains("still had a hole")), "{why:?}");
    assert_eq!(g.report.rooms_placed, 1);
}

/// The room number in a "why fewer rooms" text: the number after "room ".
fn room_number(why: &str) -> usize {
    let rest = why.split("room ").nth(1).unwrap_or_else(|| panic!("no room number in {why:?}"));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or_else(|_| panic!("no room number in {why:?}"))
}

/// The label the parameter panel shows for `key`.
pub(crate) fn panel_label(key: &str) -> &'static str {
    GrownRooms::default().specs().iter().find(|s| s.key == key).map(|s| s.label).expect("known key")
}

/// Defect 11: "why fewer rooms" numbers rooms as the map does (from 0: the room that did not fit
/// would have had id `map.rooms.len()`) and names parameters by the labels the panel shows.
#[test]
fn shortfalls_use_map_room_numbers_and_panel_labels() {
    // Search radius too small for big rooms.
    let p = GrownRooms { rooms: 200, search_radius: 2, growth_steps: SizeRange::new(10, 30), ..GrownRooms::default() };
    let g = (0..20).map(|s| gen_valid(&p, s)).find(|g| g.report.shortfall.is_some()).expect("a shortfall");
    let why = g.report.shortfall.clone().map(|s| s.to_string()).unwrap_or_default();
    assert_eq!(room_number(&why), g.map.rooms.len(), "{why}");
    assert!(why.contains(panel_label("search_radius")) && !why.contains("search_radius"), "{why}");
    // Placement budget.
    let p = GrownRooms { rooms: 300, placement_budget: 100, ..GrownRooms::default() };
    let g = gen_valid(&p, 1);
    let why = g.report.shortfall.clone().map(|s| s.to_string()).unwrap_or_default();
    assert_eq!(room_number(&why), g.map.rooms.len(), "{why}");
    assert!(why.contains(panel_label("placement_budget")) && !why.contains("placement_budget"), "{why}");
    // A hole with no retries, in a room after the first (the first is kept, holes filled).
    let p = GrownRooms { rooms: 50, growth_steps: SizeRange::new(20, 40), hole_retries: 0, ..GrownRooms::default() };
    let g = (0..50)
        .map(|s| gen_valid(&p, s))
        .find(|g| {
            g.map.rooms.len() >= 2 && g.report.shortfall.as_ref().is_some_and(|s| s.cause == ShortfallCause::Hole)
        })
        .expect("a later room with a hole");
    let why = g.report.shortfall.clone().map(|s| s.to_string()).unwrap_or_default();
    assert_eq!(room_number(&why), g.map.rooms.len(), "{why}");
    for key in ["hole_retries", "growth_steps"] {
        assert!(why.contains(panel_label(key)) && !why.contains(key), "{why}");
    }
}

/// The room graph's measures on grown maps: a tree (no loops, as deep as it is) until loops are
/// asked for, then exactly the loops the generator says it added.
#[test]
fn grown_maps_are_trees_until_loops_are_added() {
    use delve::map::metrics::Metrics;
    let mut p = preset();
    for seed in 0..60 {
        let g = gen_valid(&p, seed);
        let m = Metrics::of(&g.map);
        // A tree of corridors; the room graph's loops are the ways the tiles add (a door's tile
        // against a third room's floor), each closing one.
        assert_eq!(m.graph.loops, tile_ways(&g.map).len(), "seed {seed}: a tree");
        assert_eq!(m.figures.corridors + 1, m.figures.rooms, "seed {seed}: a tree has rooms − 1 corridors");
        assert!(m.graph.leaf_rooms >= 2 && m.graph.leaf_rooms < m.figures.rooms, "seed {seed}");
        assert!(m.graph.depth >= 1 && (m.graph.depth as usize) < m.figures.rooms, "seed {seed}");
    }
    p.loops = 6;
    let mut added = 0;
    for seed in 0..60 {
        let (g, stats) = generate_with_stats(&p, seed).unwrap();
        let m = Metrics::of(&g.map);
        assert_eq!(m.graph.loops, stats.loops_added + tile_ways(&g.map).len(), "seed {seed}");
        added += stats.loops_added;
    }
    assert!(added > 60, "loops were added: {added}");
}

// ---- Recording the steps ----

/// Found by the random property on CI: the only room asked, a cave that kept a hole through
/// every regrowth, is kept with the hole filled (31 cells for caves of 5 to 29), and that is
/// no shortfall.
#[test]
fn the_only_room_keeps_its_filled_hole() {
    let mut p = GrownRooms {
        rooms: 1,
        growth_steps: SizeRange::new(0, 0),
        doors_per_room: SizeRange::new(1, 1),
        hole_retries: 0,
        placement_budget: 1_000_000,
        ..GrownRooms::default()
    };
    (p.blob_weight, p.hall_weight, p.narrow_weight, p.cave_weight, p.closet_weight) = (3, 3, 0, 3, 0);
    (p.hall_cells, p.cave_cells) = (SizeRange::new(4, 4), SizeRange::new(5, 29));
    let g = gen_valid(&p, 560_457);
    assert!(g.map.rooms[0].shape.cells().len() > 29, "the case this test pins: {}", g.map.to_ascii());
    assert!(g.report.shortfall.is_none());
    check_invariants(&p, 560_457, &g);
}
