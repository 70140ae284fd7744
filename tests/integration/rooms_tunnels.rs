//! The rooms-and-tunnels generator: fidelity to the tutorials, invariants, golden maps.

use crate::common::{Goldens, assert_each_setter_writes, generate_valid, golden_dir, shipped, shipped_rooms_tunnels};
use delve::generate::stages::Stage;
use delve::generate::{GenError, generate};
use delve::geom::{Pos, Rect};
use delve::map::metrics::Metrics;
use delve::map::{Shape, Tile};
use delve::params::rooms_tunnels::{OverlapRule, TunnelFrom};
use delve::params::{GeneratorParams, Params, RoomsAndTunnels, SizeRange};
use delve::rng::{Stream, stream};
use proptest::prelude::*;
use rand::RngExt;

/// The McRogueFace tutorial's `generate_dungeon`, transcribed line by line (corner rectangles,
/// `randint(1, W - w - 2)`, touching counts as overlap, tunnel from the new room to the previous
/// one), drawing from the same stream as Delve. Returns the walkable grid and the spawn.
fn mcrogueface_tutorial(seed: u64) -> (Vec<bool>, Pos) {
    const W: i32 = 50;
    const H: i32 = 35;
    let mut rng = stream(seed, Stream::Layout);
    let mut floor = vec![false; (W * H) as usize];
    let mut carve = |x: i32, y: i32| {
        if (0..W).contains(&x) && (0..H).contains(&y) {
            floor[(y * W + x) as usize] = true;
        }
    };
    let mut rooms: Vec<(i32, i32, i32, i32)> = Vec::new(); // x1, y1, x2, y2
    for _ in 0..8 {
        let w = rng.random_range(6..=12);
        let h = rng.random_range(6..=12);
        let x = rng.random_range(1..=W - w - 2);
        let y = rng.random_range(1..=H - h - 2);
        let new = (x, y, x + w, y + h);
        if rooms.iter().any(|o| new.0 <= o.2 && new.2 >= o.0 && new.1 <= o.3 && new.3 >= o.1) {
            continue;
        }
        for yy in new.1 + 1..new.3 {
            for xx in new.0 + 1..new.2 {
                carve(xx, yy);
            }
        }
        if let Some(o) = rooms.last() {
            let (x1, y1) = ((new.0 + new.2) / 2, (new.1 + new.3) / 2);
            let (x2, y2) = ((o.0 + o.2) / 2, (o.1 + o.3) / 2);
            if rng.random::<f64>() < 0.5 {
                (x1.min(x2)..=x1.max(x2)).for_each(|xx| carve(xx, y1));
                (y1.min(y2)..=y1.max(y2)).for_each(|yy| carve(x2, yy));
            } else {
                (y1.min(y2)..=y1.max(y2)).for_each(|yy| carve(x1, yy));
                (x1.min(x2)..=x1.max(x2)).for_each(|xx| carve(xx, y2));
            }
        }
        rooms.push(new);
    }
    let spawn = rooms.first().map_or(Pos::new(W / 2, H / 2), |r| Pos::new((r.0 + r.2) / 2, (r.1 + r.3) / 2));
    (floor, spawn)
}

/// The Godot tutorial's `generate_dungeon`, transcribed: `Rect2i(x, y, w, h)` with
/// `randi_range(0, W - w - 1)`, `room.intersects(new_room.grow(-1))` (strict), carving
/// `inner.position..=inner.end`, tunnel from the previous room's `get_center()` to the new one's.
fn godot_tutorial(seed: u64) -> (Vec<bool>, Pos) {
    const W: i32 = 80;
    const H: i32 = 45;
    let mut rng = stream(seed, Stream::Layout);
    let mut floor = vec![false; (W * H) as usize];
    let mut carve = |x: i32, y: i32| floor[(y * W + x) as usize] = true;
    let mut rooms: Vec<Rect> = Vec::new();
    let mut spawn = Pos::new(W / 2, H / 2);
    for _ in 0..30 {
        let w = rng.random_range(6..=10);
        let h = rng.random_range(6..=10);
        let x = rng.random_range(0..=W - w - 1);
        let y = rng.random_range(0..=H - h - 1);
        let new = Rect::new(x, y, w, h);
        if rooms.iter().any(|r| r.intersects(&new.grow(-1))) {
            continue;
        }
        let inner = new.grow(-1);
        for yy in inner.y..=inner.bottom() {
            for xx in inner.x..=inner.right() {
                carve(xx, yy);
            }
        }
        let centre = |r: &Rect| Pos::new(r.x + r.w / 2, r.y + r.h / 2);
        match rooms.last() {
            None => spawn = centre(&new),
            Some(prev) => {
                let (s, e) = (centre(prev), centre(&new));
                if rng.random::<f64>() < 0.5 {
                    (s.x.min(e.x)..=s.x.max(e.x)).for_each(|xx| carve(xx, s.y));
                    (s.y.min(e.y)..=s.y.max(e.y)).for_each(|yy| carve(e.x, yy));
                } else {
                    (s.y.min(e.y)..=s.y.max(e.y)).for_each(|yy| carve(s.x, yy));
                    (s.x.min(e.x)..=s.x.max(e.x)).for_each(|xx| carve(xx, e.y));
                }
            }
        }
        rooms.push(new);
    }
    (floor, spawn)
}

fn walkable(map: &delve::map::Map) -> Vec<bool> {
    map.tiles().as_slice().iter().map(|t| t.is_walkable()).collect()
}

#[test]
fn mcrogueface_preset_is_the_tutorial_exactly() {
    let p = shipped("mcrogueface-part3");
    for seed in 0..2000 {
        let g = generate(&p, seed).unwrap();
        let (floor, spawn) = mcrogueface_tutorial(seed);
        assert_eq!(walkable(&g.map), floor, "seed {seed}\n{}", g.map.to_ascii());
        assert_eq!(g.map.spawn, spawn, "seed {seed}");
    }
}

#[test]
fn godot_preset_is_the_tutorial_exactly() {
    let p = shipped("godot-part3");
    for seed in 0..2000 {
        let g = generate(&p, seed).unwrap();
        let (floor, spawn) = godot_tutorial(seed);
        assert_eq!(walkable(&g.map), floor, "seed {seed}\n{}", g.map.to_ascii());
        assert_eq!(g.map.spawn, spawn, "seed {seed}");
    }
}

/// Means over seeds 0..2000 against the tutorials' own code run with Python's `random`
/// (`python3 scripts/tutorial_reference.py 2000`; over 20 000 seeds the two agree to 0.1%).
#[test]
fn fidelity_means_within_two_percent() {
    for (name, ref_rooms, ref_floor) in [("mcrogueface-part3", 4.037, 0.16621), ("godot-part3", 16.707, 0.30835)] {
        let p = shipped(name);
        let (mut rooms, mut floor) = (0.0, 0.0);
        for seed in 0..2000 {
            let m = Metrics::of(&generate(&p, seed).unwrap().map);
            rooms += m.figures.rooms as f64;
            floor += m.figures.floor_fraction;
        }
        let (rooms, floor) = (rooms / 2000.0, floor / 2000.0);
        assert!((rooms / ref_rooms - 1.0).abs() < 0.02, "{name}: mean rooms {rooms} vs {ref_rooms}");
        assert!((floor / ref_floor - 1.0).abs() < 0.02, "{name}: mean floor {floor} vs {ref_floor}");
    }
}

#[test]
fn presets_hold_their_invariants_over_1000_seeds() {
    for name in ["godot-part3", "mcrogueface-part3"] {
        let params = shipped(name);
        let p = shipped_rooms_tunnels(name);
        for seed in 0..1000 {
            let g = generate_valid(&params, seed);
            let m = &g.map;
            assert_eq!((m.width(), m.height()), (p.width, p.height));
            assert_eq!(g.report.rooms_placed, m.rooms.len());
            assert_eq!(g.report.rooms_asked, p.max_rooms as usize);
            assert!(!m.rooms.is_empty() && m.rooms.len() <= p.max_rooms as usize);
            assert_eq!(g.report.shortfall.is_some(), m.rooms.len() < p.max_rooms as usize);
            // Floors stay inside the margin: x from margin + 1 to W - 2 - margin.
            let lo = p.edge_margin as i32 + 1;
            for room in &m.rooms {
                let b = room.shape.bounds().unwrap();
                assert!(b.x >= lo && b.y >= lo, "{name} seed {seed}: {b:?}");
                assert!(b.right() <= p.width as i32 - 1 - p.edge_margin as i32, "{name} seed {seed}: {b:?}");
                assert!(b.bottom() <= p.height as i32 - 1 - p.edge_margin as i32, "{name} seed {seed}: {b:?}");
                let side = (b.w + 1) as u32;
                assert!((p.room_size.min..=p.room_size.max).contains(&side));
            }
            assert_eq!(Some(m.spawn), m.rooms[0].shape.centre(), "spawn at the first room's centre");
            // Every tunnel piece joins two doors; every door is on its room's wall.
            for c in &m.corridors {
                let [a, b] = c.doors.map(|d| m.door(d).unwrap());
                assert_eq!(a.outside(), c.path[0]);
                assert_eq!(b.outside(), *c.path.last().unwrap());
            }
            crate::common::assert_each_passage_once(m, &format!("{name} seed {seed}"));
        }
    }
}

/// Gap (in wall tiles) between the floors of two rooms along the axis that separates them.
fn wall_gap(a: &Rect, b: &Rect) -> i32 {
    let gx = (b.x - a.right()).max(a.x - b.right());
    let gy = (b.y - a.bottom()).max(a.y - b.bottom());
    gx.max(gy)
}

#[test]
fn generation_is_deterministic_and_seeds_differ() {
    let p = shipped("godot-part3");
    assert_eq!(generate(&p, 99).unwrap(), generate(&p, 99).unwrap());
    assert_ne!(generate(&p, 99).unwrap().map, generate(&p, 100).unwrap().map);
}

#[test]
fn golden_maps() {
    let mut goldens = Goldens::new();
    for seed in [0, 1, 42] {
        for name in ["godot-part3", "mcrogueface-part3"] {
            let ascii = generate(&shipped(name), seed).unwrap().map.to_ascii();
            goldens.check(&golden_dir().join(format!("{name}-seed-{seed}.txt")), &ascii);
        }
    }
}

/// Every part of the maps (rooms with their colours, doors, corridor paths, spawn, provenance),
/// not only the tiles: the whole map file of one seed per setting, and a digest of the map files
/// of 300 seeds each (the big map: digest only), including the "Try this" variants (round rooms,
/// direct and wide tunnels, spacing) and a map big enough for the indexed overlap test. Each
/// setting's digest is kept in a file of its own next to the map of its first seed as text, so
/// that a changed digest comes with a diff a reviewer can read.
#[test]
fn golden_map_files_and_digests() {
    let variant = |p: RoomsAndTunnels| GeneratorParams::RoomsAndTunnels(p);
    let settings = [
        ("godot-part3", shipped("godot-part3")),
        ("mcrogueface-part3", shipped("mcrogueface-part3")),
        (
            "variants",
            variant(RoomsAndTunnels {
                circle_room_chance: 0.4,
                direct_tunnel_chance: 0.3,
                tunnel_width: 3,
                ..RoomsAndTunnels::godot()
            }),
        ),
        (
            "spaced",
            variant(RoomsAndTunnels {
                room_spacing: 2,
                direct_tunnel_chance: 0.5,
                tunnel_width: 2,
                ..RoomsAndTunnels::mcrogueface()
            }),
        ),
        ("big", variant(RoomsAndTunnels { width: 300, height: 200, max_rooms: 400, ..RoomsAndTunnels::godot() })),
    ];
    let mut goldens = Goldens::new();
    for (name, p) in &settings {
        if *name != "big" {
            let file = delve::io::map_to_string(&generate(p, 42).unwrap().map).unwrap();
            goldens.check(&golden_dir().join(format!("{name}-seed-42.ron")), &file);
        }
        // FNV-1a 64 over the map files of seeds 0..300, one after the other.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut first = None;
        for seed in 0..300 {
            let map = generate(p, seed).unwrap().map;
            for b in delve::io::map_to_string(&map).unwrap().bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
            first.get_or_insert_with(|| map.to_ascii());
        }
        let sample = first.unwrap();
        let text = format!("{name} seeds 0..300: {h:016x}\n\nseed 0:\n{sample}");
        goldens.check(&golden_dir().join(format!("rooms-tunnels-digest-{name}.txt")), &text);
    }
}

#[test]
fn variants_do_what_they_say() {
    let base = RoomsAndTunnels { width: 100, height: 70, max_rooms: 40, ..RoomsAndTunnels::godot() };
    // Round rooms.
    let p = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels { circle_room_chance: 1.0, ..base.clone() });
    let g = generate_valid(&p, 3);
    assert!(g.map.rooms.iter().all(|r| matches!(r.shape, Shape::Circle { .. })));
    // Direct tunnels: some corridor step changes direction more than once.
    let p = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels { direct_tunnel_chance: 1.0, ..base.clone() });
    let g = generate_valid(&p, 3);
    let turns = |path: &[Pos]| {
        path.windows(3).filter(|w| (w[1].x - w[0].x, w[1].y - w[0].y) != (w[2].x - w[1].x, w[2].y - w[1].y)).count()
    };
    assert!(g.map.corridors.iter().any(|c| turns(&c.path) > 1), "direct tunnels zig-zag");
    let l = generate_valid(&GeneratorParams::RoomsAndTunnels(base.clone()), 3);
    assert!(l.map.corridors.iter().all(|c| turns(&c.path) <= 1), "L tunnels turn at most once");
    // Wide tunnels carve more corridor.
    let p = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels { tunnel_width: 3, ..base.clone() });
    let wide = generate_valid(&p, 3);
    assert!(Metrics::of(&wide.map).figures.corridor_tiles > 2 * Metrics::of(&l.map).figures.corridor_tiles);
    assert!(wide.map.corridors.iter().all(|c| c.width == 3));
    // Spacing keeps rooms apart.
    for (rule, base_gap) in [(OverlapRule::Separate, 2), (OverlapRule::ShareWalls, 0)] {
        for spacing in [0, 2, 5] {
            let p = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
                overlap: rule,
                room_spacing: spacing,
                ..base.clone()
            });
            for seed in 0..50 {
                let g = generate_valid(&p, seed);
                let b: Vec<Rect> = g.map.rooms.iter().map(|r| r.shape.bounds().unwrap()).collect();
                for i in 0..b.len() {
                    for j in i + 1..b.len() {
                        let gap = wall_gap(&b[i], &b[j]);
                        assert!(gap >= base_gap + spacing as i32, "{rule:?} spacing {spacing}: gap {gap}");
                    }
                }
            }
        }
    }
}

#[test]
fn bad_parameters_name_the_field() {
    let cases: Vec<(RoomsAndTunnels, &str)> = vec![
        (RoomsAndTunnels { room_size: SizeRange::new(10, 6), ..RoomsAndTunnels::godot() }, "room_size"),
        (RoomsAndTunnels { room_size: SizeRange::new(6, 90), ..RoomsAndTunnels::godot() }, "room_size"),
        (RoomsAndTunnels { room_size: SizeRange::new(0, 0), ..RoomsAndTunnels::godot() }, "room_size"),
        (RoomsAndTunnels { width: 0, ..RoomsAndTunnels::godot() }, "width"),
        (RoomsAndTunnels { height: 1_000_000, ..RoomsAndTunnels::godot() }, "height"),
        (RoomsAndTunnels { max_rooms: 0, ..RoomsAndTunnels::godot() }, "max_rooms"),
        (RoomsAndTunnels { max_rooms: u32::MAX, ..RoomsAndTunnels::godot() }, "max_rooms"),
        (RoomsAndTunnels { tunnel_width: 0, ..RoomsAndTunnels::godot() }, "tunnel_width"),
        (RoomsAndTunnels { direct_tunnel_chance: 1.5, ..RoomsAndTunnels::godot() }, "direct_tunnel_chance"),
        (RoomsAndTunnels { circle_room_chance: f64::NAN, ..RoomsAndTunnels::godot() }, "circle_room_chance"),
        (RoomsAndTunnels { edge_margin: 30, ..RoomsAndTunnels::godot() }, "room_size"),
    ];
    for (p, field) in cases {
        let err = generate(&GeneratorParams::RoomsAndTunnels(p.clone()), 1).unwrap_err();
        let GenError::InvalidParams(issues) = &err else { panic!("{err}") };
        assert!(issues.iter().any(|i| i.field == field), "{p:?}: expected an issue on {field}, got {issues:?}");
        assert!(err.to_string().contains(field));
    }
}

#[test]
fn parameters_describe_themselves() {
    let mut p = RoomsAndTunnels::godot();
    for spec in p.specs() {
        assert!(p.get(spec.key).is_some(), "{} readable", spec.key);
        assert!(!spec.help.is_empty() && !spec.label.is_empty());
    }
    assert_each_setter_writes(GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::godot()));
    assert_each_setter_writes(GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::mcrogueface()));
    // Ranges cannot cross; out-of-range values are clamped.
    assert!(p.set("room_size", delve::params::ParamValue::Range(9, 4)));
    assert_eq!(p.room_size, SizeRange::new(9, 9));
    assert!(p.set("width", delve::params::ParamValue::Int(-5)));
    assert_eq!(p.width, 8);
    assert!(!p.set("width", delve::params::ParamValue::Float(3.0)));
    assert!(!p.set("no_such_field", delve::params::ParamValue::Int(3)));
}

pub(crate) fn any_params() -> impl Strategy<Value = RoomsAndTunnels> {
    (
        (8u32..160, 8u32..120),
        (3u32..14, 0u32..10),
        1u32..80,
        (0u32..3, any::<bool>(), 0u32..4, any::<bool>()),
        (1u32..4, 0.0f64..=1.0, 0.0f64..=1.0),
    )
        .prop_map(|((w, h), (min, extra), max_rooms, (margin, share, spacing, from_new), (tw, direct, circle))| {
            RoomsAndTunnels {
                width: w,
                height: h,
                room_size: SizeRange::new(min, min + extra),
                max_rooms,
                edge_margin: margin,
                overlap: if share { OverlapRule::ShareWalls } else { OverlapRule::Separate },
                room_spacing: spacing,
                tunnel_from: if from_new { TunnelFrom::NewRoom } else { TunnelFrom::PreviousRoom },
                tunnel_width: tw,
                direct_tunnel_chance: direct,
                circle_room_chance: circle,
                common: Default::default(),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any parameter set either generates a valid map or is refused with named fields; never a
    /// panic.
    #[test]
    fn any_parameters_give_a_valid_map_or_a_named_error(p in any_params(), seed in any::<u64>()) {
        let params = GeneratorParams::RoomsAndTunnels(p.clone());
        match generate(&params, seed) {
            Ok(g) => {
                prop_assert!(p.check().is_empty());
                let problems = g.map.validate();
                prop_assert!(problems.is_empty(), "{:?}\n{}", problems, g.map.to_ascii());
                prop_assert!(g.report.rooms_placed >= 1 && g.report.rooms_placed <= p.max_rooms as usize);
                let [_, room, _] = g.map.tile_counts();
                prop_assert!(room > 0);
                crate::common::assert_each_passage_once(&g.map, "any parameters");
                if p.overlap == OverlapRule::Separate {
                    // Separate rooms never touch, so every tunnel leaves rock at least once.
                    prop_assert!(g.map.corridors.len() + 1 >= g.map.rooms.len());
                }
                prop_assert_eq!(g.map.tile(g.map.spawn), Some(Tile::Floor));
            }
            Err(GenError::InvalidParams(issues)) => {
                prop_assert!(!issues.is_empty());
                prop_assert_eq!(issues, p.check());
            }
            Err(e @ GenError::Locks(_)) => prop_assert!(false, "nothing was locked: {e}"),
        }
    }
}

/// Defect 11: the rooms-and-tunnels shortfall names parameters by the labels the panel shows.
#[test]
fn shortfall_names_parameters_by_panel_labels() {
    let p = RoomsAndTunnels { max_rooms: 500, ..RoomsAndTunnels::godot() };
    let g = generate(&GeneratorParams::RoomsAndTunnels(p.clone()), 3).unwrap();
    let why = g.report.shortfall.map(|s| s.to_string()).unwrap_or_default();
    let others = 500 - g.map.rooms.len();
    assert!(why.starts_with(&format!("the other {others} tries overlapped rooms already placed")), "{why}");
    for key in ["width", "height", "room_size"] {
        let label = p.specs().iter().find(|s| s.key == key).map(|s| s.label).expect("known key");
        assert!(why.contains(label), "{why} lacks {label}");
    }
}

// ---- Recording the steps ----

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Replaying a recording to the end gives exactly the generated map, and a recording
    /// generation makes the same map as a plain one; every prefix replays to a map whose rooms
    /// are the rooms placed so far.
    #[test]
    fn replaying_the_steps_gives_the_generated_map(p in any_params(), seed in any::<u64>()) {
        let params = GeneratorParams::RoomsAndTunnels(p);
        if let Ok(plain) = generate(&params, seed) {
            let (g, rec) = delve::generate::generate_recorded(&params, seed).unwrap();
            let rec = rec.expect("rooms and tunnels records");
            prop_assert_eq!(&g.map, &plain.map);
            prop_assert_eq!(delve::generate::replay(&params, seed, &rec.steps).unwrap(), plain.map.clone());
            let half = rec.steps.len() / 2;
            let part = delve::generate::replay(&params, seed, &rec.steps[..half]).unwrap();
            let placed = rec.steps[..half].iter().filter(|s| s.placed_room().is_some()).count();
            prop_assert_eq!(part.rooms.len(), placed);
            prop_assert_eq!(&part.rooms[..], &plain.map.rooms[..placed]);
        }
    }
}

#[test]
fn recorded_steps_are_what_the_generator_did() {
    use delve::generate::record::{RoomsTunnelsStep, Step, TryOutcome};
    for name in ["godot-part3", "mcrogueface-part3"] {
        let params = shipped(name);
        for seed in 0..200 {
            let (g, rec) = delve::generate::generate_recorded(&params, seed).unwrap();
            let steps = rec.unwrap().steps;
            let tries =
                steps.iter().filter(|s| matches!(s, Step::RoomsTunnels(RoomsTunnelsStep::RoomTried { .. }))).count();
            assert_eq!(tries, shipped_rooms_tunnels(name).max_rooms as usize, "{name} {seed}: a step per room try");
            // The stages in order: every room try (place rooms), then every tunnel (dig
            // tunnels), the tunnel of room k joining it to room k - 1.
            let first_tunnel = steps.iter().position(|s| s.stage() == Stage::DigTunnels).unwrap_or(steps.len());
            assert!(steps[..first_tunnel].iter().all(|s| s.stage() == Stage::PlaceRooms), "{name} {seed}");
            assert!(steps[first_tunnel..].iter().all(|s| s.stage() == Stage::DigTunnels), "{name} {seed}");
            let mut room = 0;
            let mut tunnel = 0;
            for s in &steps {
                match s {
                    Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
                        footprint,
                        outcome: TryOutcome::Placed { room: r, shape },
                        ..
                    }) => {
                        assert_eq!(*r, room);
                        assert_eq!(g.map.rooms[room as usize].shape, *shape);
                        assert_eq!(
                            *shape,
                            Shape::Rect(Rect::new(footprint.x + 1, footprint.y + 1, footprint.w - 1, footprint.h - 1))
                        );
                        room += 1;
                    }
                    Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
                        footprint: f,
                        outcome: TryOutcome::Overlaps { room: hit },
                        ..
                    }) => {
                        // The room named was placed before, and the new floor would touch or
                        // cross its floor or walls.
                        assert!(*hit < room, "{name} {seed}: {}", s.sentence());
                        let floor = g.map.rooms[*hit as usize].shape.bounds().unwrap();
                        let near = Rect::new(floor.x - 2, floor.y - 2, floor.w + 4, floor.h + 4);
                        assert!(near.intersection(f).is_some(), "{name} {seed}: {}", s.sentence());
                    }
                    Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug { from, to, start, end, .. }) => {
                        tunnel += 1;
                        assert_eq!(
                            (from.max(to), from.min(to)),
                            (&tunnel, &(tunnel - 1)),
                            "joins a room to the one before"
                        );
                        assert_eq!(Some(*start), g.map.rooms[*from as usize].shape.centre());
                        assert_eq!(Some(*end), g.map.rooms[*to as usize].shape.centre());
                    }
                    other => panic!("{name} {seed}: not a rooms-and-tunnels step: {}", other.sentence()),
                }
            }
            assert_eq!(room as usize, g.map.rooms.len());
            assert_eq!(
                tunnel as usize,
                g.map.rooms.len().saturating_sub(1),
                "{name} {seed}: a tunnel per room after the first"
            );
        }
    }
}

#[test]
fn step_sentences_say_what_happened() {
    use delve::generate::record::{Leg, RoomsTunnelsStep, Step, TryOutcome};
    let f = Rect::new(3, 4, 7, 6);
    let placed = Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
        attempt: 2,
        footprint: f,
        outcome: TryOutcome::Placed { room: 1, shape: Shape::Rect(f) },
    });
    assert_eq!(placed.sentence(), "Room try 2: 7×6 at (3, 4), placed as room 1.");
    let round = Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
        attempt: 5,
        footprint: f,
        outcome: TryOutcome::Placed { room: 3, shape: Shape::Circle { centre: Pos::new(6, 7), radius: 2 } },
    });
    assert_eq!(round.sentence(), "Room try 5: 7×6 at (3, 4), placed as room 3, a round room of radius 2.");
    let refused = Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
        attempt: 9,
        footprint: f,
        outcome: TryOutcome::Overlaps { room: 4 },
    });
    assert_eq!(refused.sentence(), "Room try 9: 7×6 at (3, 4), rejected: it overlaps room 4.");
    let tunnel = Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug {
        from: 0,
        to: 1,
        start: Pos::new(5, 5),
        end: Pos::new(20, 9),
        leg: Leg::VerticalFirst,
    });
    assert_eq!(tunnel.sentence(), "Tunnel from room 0 to room 1, (5, 5) to (20, 9), vertical leg first.");
}
