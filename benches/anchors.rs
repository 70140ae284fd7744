//! Delve's generators side by side with the best-known Rust library's version of the same
//! algorithm (mapgen.rs 0.6), in one run so that the ratio is measured, not remembered.
//!
//! `cargo bench --bench anchors`
//!
//! - Rooms and tunnels: `godot-part3` on an 80×50 map (its 30 tries of rooms 6..=10 a side,
//!   L tunnels) against mapgen's `SimpleRooms` (30 tries of rooms 6..10) + `NearestCorridors`
//!   on an 80×50 map. Delve's map also holds rooms, doors and corridors as data and its rooms'
//!   colours, which mapgen's does not; both are seeded afresh for every map.
//! - Caves: the `caves` preset on an 80×50 map (45% rock, four passes of the 4-5 rule, regions
//!   under 16 tiles filled in, each cave a room, the caves joined by tunnels) against mapgen's
//!   cave pipeline as its docs build it: `NoiseGenerator::uniform` + `CellularAutomata` (15
//!   passes) + `AreaStartingPosition` (centre) + `CullUnreachable`. mapgen keeps the one cave
//!   reachable from its start; Delve keeps every cave, as a room, and joins them.
//! - BSP rooms: the `bsp-rooms` preset on an 80×50 map (five levels of splits, a room in each
//!   leaf, the halves of each split joined) against mapgen's `BspRooms` (the Rust roguelike
//!   tutorial's: 240 tries at sub-rectangles) + `NearestCorridors`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::generate::generate;
use delve::params::GeneratorParams;
use mapgen::filter::{
    AreaStartingPosition, BspRooms, CellularAutomata, CullUnreachable, NearestCorridors, NoiseGenerator, SimpleRooms,
    XStart, YStart,
};
use mapgen::{MapBuffer, MapFilter};
use rand08::SeedableRng;
use std::hint::black_box;

fn rooms_and_tunnels(c: &mut Criterion) {
    let mut g = c.benchmark_group("anchors, rooms and tunnels 80x50");
    let p = match presets::shipped("godot-part3") {
        GeneratorParams::RoomsAndTunnels(p) => {
            GeneratorParams::RoomsAndTunnels(delve::params::RoomsAndTunnels { width: 80, height: 50, ..p })
        }
        other => other,
    };
    let mut seed = 0u64;
    g.bench_function("delve godot-part3", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(generate(&p, seed % 1000).ok())
        })
    });
    let (rooms, corridors) = (SimpleRooms::new(), NearestCorridors::new());
    let blank = MapBuffer::new(80, 50);
    let mut seed = 0u64;
    g.bench_function("mapgen 0.6 SimpleRooms + NearestCorridors", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed % 1000);
            let map = rooms.modify_map(&mut rng, &blank);
            black_box(corridors.modify_map(&mut rng, &map))
        })
    });
    g.finish();
}

fn caves(c: &mut Criterion) {
    let mut g = c.benchmark_group("anchors, caves 80x50");
    let p = presets::shipped("caves");
    let mut seed = 0u64;
    g.bench_function("delve caves", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(generate(&p, seed % 1000).ok())
        })
    });
    let (noise, automata) = (NoiseGenerator::uniform(), CellularAutomata::new());
    let (start, cull) = (AreaStartingPosition::new(XStart::CENTER, YStart::CENTER), CullUnreachable::new());
    let blank = MapBuffer::new(80, 50);
    let mut seed = 0u64;
    g.bench_function("mapgen 0.6 NoiseGenerator + CellularAutomata + CullUnreachable", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed % 1000);
            let map = noise.modify_map(&mut rng, &blank);
            let map = automata.modify_map(&mut rng, &map);
            let map = start.modify_map(&mut rng, &map);
            black_box(cull.modify_map(&mut rng, &map))
        })
    });
    g.finish();
}

fn bsp_rooms(c: &mut Criterion) {
    let mut g = c.benchmark_group("anchors, BSP rooms 80x50");
    let p = presets::shipped("bsp-rooms");
    let mut seed = 0u64;
    g.bench_function("delve bsp-rooms", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(generate(&p, seed % 1000).ok())
        })
    });
    let (rooms, corridors) = (BspRooms::new(), NearestCorridors::new());
    let blank = MapBuffer::new(80, 50);
    let mut seed = 0u64;
    g.bench_function("mapgen 0.6 BspRooms + NearestCorridors", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed % 1000);
            let map = rooms.modify_map(&mut rng, &blank);
            black_box(corridors.modify_map(&mut rng, &map))
        })
    });
    g.finish();
}

criterion_group!(benches, rooms_and_tunnels, caves, bsp_rooms);
criterion_main!(benches);
