//! Hybrids: a second generator's map laid beside a generator's own and joined to it. Each part
//! is exactly what its generator makes alone (but for the joining corridors); every pair of
//! generators makes valid, connected maps; the timeline shows the part laid; the maps are pinned.

use crate::common::{generate_valid, pin_preset_maps, shipped, with_stage_off};
use delve::generate::record::{SharedStep, Step};
use delve::generate::{Request, generate};
use delve::geom::Pos;
use delve::map::{Map, Tile};
use delve::params::beside::{Beside, Side};
use delve::params::stages::Stage;
use delve::params::{BspRooms, Caves, DrunkardsWalk, GeneratorParams, GrownRooms, RoomsAndMazes, RoomsAndTunnels};
use delve::rng::{Stream, stream};
use rand::Rng;

/// The tiles of `big` in the `small`-sized box at `corner` agree with `small`'s, except rock
/// that became corridor floor (the joins); returns how many such tiles.
fn same_but_joins(big: &Map, small: &Map, corner: Pos, what: &str) -> usize {
    let mut joins = 0;
    for y in 0..small.height() as i32 {
        for x in 0..small.width() as i32 {
            let (a, b) = (big.tile(Pos::new(x + corner.x, y + corner.y)), small.tile(Pos::new(x, y)));
            if a != b {
                assert_eq!((a, b), (Some(Tile::Corridor), Some(Tile::Wall)), "{what}: ({x}, {y})");
                joins += 1;
            }
        }
    }
    joins
}

#[test]
fn rooms_and_caves_is_each_generator_alone_joined_and_every_seed_is_valid() {
    let params = shipped("rooms-and-caves");
    let GeneratorParams::RoomsAndTunnels(rooms) = &params else { panic!("{params:?}") };
    let part = rooms.common.beside.as_deref().expect("a part beside").clone();
    assert_eq!(part.side, Side::East);
    let mut alone = rooms.clone();
    alone.common.beside = None;
    let alone = GeneratorParams::RoomsAndTunnels(alone);
    for seed in 0..150 {
        let g = generate_valid(&params, seed);
        assert_eq!((g.map.width(), g.map.height()), (80, 50));
        let west = generate(&alone, seed).unwrap().map;
        let part_seed = stream(seed, Stream::Parts).next_u64();
        let east = generate(&part.generator, part_seed).unwrap().map;
        let joins = same_but_joins(&g.map, &west, Pos::new(0, 0), &format!("seed {seed} west"))
            + same_but_joins(&g.map, &east, Pos::new(40, 0), &format!("seed {seed} east"));
        assert!(joins > 0, "seed {seed}: the parts are joined");
        // Rooms: the west's own, then the caves', moved east; the spawn stays in the west.
        assert_eq!(g.map.rooms.len(), west.rooms.len() + east.rooms.len());
        assert_eq!(g.map.spawn, west.spawn);
        for (r, e) in g.map.rooms[west.rooms.len()..].iter().zip(&east.rooms) {
            let mut moved = e.shape.clone();
            moved.translate(40, 0);
            assert_eq!(r.shape, moved, "seed {seed}");
        }
        assert_eq!(g.report.rooms_placed, west.rooms.len() + east.rooms.len());
    }
}

#[test]
fn every_generator_takes_every_other_as_a_part_on_either_side() {
    let small: Vec<GeneratorParams> = vec![
        GeneratorParams::RoomsAndTunnels(RoomsAndTunnels { width: 36, height: 30, ..RoomsAndTunnels::godot() }),
        GeneratorParams::GrownRooms(GrownRooms { rooms: 10, ..GrownRooms::default() }),
        GeneratorParams::Caves(Caves { width: 36, height: 30, ..Caves::default() }),
        GeneratorParams::BspRooms(BspRooms { width: 36, height: 30, depth: 3, ..BspRooms::default() }),
        GeneratorParams::DrunkardsWalk(DrunkardsWalk { width: 36, height: 30, ..DrunkardsWalk::default() }),
        GeneratorParams::RoomsAndMazes(RoomsAndMazes { width: 37, height: 31, ..RoomsAndMazes::default() }),
    ];
    for base in &small {
        for part in &small {
            for side in Side::ALL {
                let mut p = base.clone();
                *p.beside_mut() = Some(Box::new(Beside::new(side, part.clone())));
                assert_eq!(p.check(), [], "{:?} + {:?}", base.kind(), part.kind());
                for seed in 0..6 {
                    let g = generate_valid(&p, seed);
                    let (w, h) = (g.map.width(), g.map.height());
                    let own = generate(base, seed).unwrap().map;
                    match side {
                        Side::East => assert!(w > own.width() && h >= own.height()),
                        Side::South => assert!(h > own.height() && w >= own.width()),
                    }
                }
            }
        }
    }
}

#[test]
fn the_timeline_shows_the_part_laid_and_replays_to_the_map_and_the_maps_are_pinned() {
    let params = shipped("rooms-and-caves");
    let made = Request::new(&params, 5).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let at = steps.iter().position(|s| s.stage() == Stage::Beside).expect("a step for the part");
    assert_eq!(at, steps.len() - 1, "after the rooms' own steps");
    let Step::Shared(SharedStep::PartLaid { corner, width, height, .. }) = &steps[at] else {
        panic!("{:?}", steps[at])
    };
    assert_eq!((*corner, *width, *height), (Pos::new(40, 0), 40, 50));
    assert!(steps[at].sentence().starts_with("The part beside (40×50, "), "{}", steps[at].sentence());
    let m = &made.generated.map;
    let replayed = delve::generate::replay(&params, 5, &steps).expect("replays");
    assert_eq!((replayed.tiles(), &replayed.corridors), (m.tiles(), &m.corridors));
    let before = delve::generate::replay(&params, 5, &steps[..at]).expect("replays");
    assert_eq!(before.width(), 40, "before the part, the rooms' own map");
    pin_preset_maps("rooms-and-caves", &[2, 9]);
}

#[test]
fn a_part_is_checked_may_be_turned_off_and_refuses_locks_with_a_reason() {
    let mut params = shipped("rooms-and-caves");
    // Its own parameters' issues, named as the part's.
    if let Some(b) = params.beside_mut()
        && let GeneratorParams::Caves(c) = &mut b.generator
    {
        c.fill = 2.0;
    }
    let issues = params.check();
    assert!(
        issues.iter().any(|i| i.field == "beside" && i.message.starts_with("the part beside (Caves), ")),
        "{issues:?}"
    );
    // Too large in all; a part of a part.
    let mut params = shipped("rooms-and-caves");
    if let Some(b) = params.beside_mut()
        && let GeneratorParams::Caves(c) = &mut b.generator
    {
        c.width = 4090;
    }
    assert!(params.check().iter().any(|i| i.message.contains("each side may be at most 4096")), "{:?}", params.check());
    let mut params = shipped("rooms-and-caves");
    let nested = params.clone();
    if let Some(b) = params.beside_mut() {
        b.generator = nested;
    }
    assert!(params.check().iter().any(|i| i.message.contains("a part beside itself")), "{:?}", params.check());
    // The stage off: the rooms alone.
    let off = with_stage_off(shipped("rooms-and-caves"), Stage::Beside);
    assert_eq!(generate_valid(&off, 3).map.width(), 40);
    // Around locks: not yet, and said so.
    let mut m = generate_valid(&shipped("rooms-and-caves"), 3).map;
    m.rooms[0].locked = true;
    let kept = std::sync::Arc::new(delve::map::locks::Kept::of(&m).unwrap());
    let err = delve::generate::generate_keeping(&shipped("rooms-and-caves"), 4, &kept).unwrap_err();
    assert!(err.to_string().contains("a map with a part beside cannot keep locked rooms"), "{err}");
}
