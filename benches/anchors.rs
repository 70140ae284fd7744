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
//! - Drunkard's walk: the `drunkards-walk` preset on an 80×50 map (walkers of 400 steps from
//!   open tiles until 45% is open, its wide parts rooms, passages joining them) against mapgen's
//!   `DrunkardsWalk::open_halls` (400 steps, 50%, walkers from random places) +
//!   `AreaStartingPosition` (centre) + `CullUnreachable`.
//! - Rooms and mazes: the `rooms-and-mazes` preset on an 81×51 map (100 room tries, the maze,
//!   openings, dead ends filled, passages joining the rooms) against mapgen's `MazeBuilder` (a
//!   maze alone, no rooms) on 80×50.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::generate::generate;
use delve::params::GeneratorParams;
use mapgen::filter::{
    AreaStartingPosition, BspRooms, CellularAutomata, CullUnreachable, DrunkardsWalk, MazeBuilder, NearestCorridors,
    NoiseGenerator, SimpleRooms, XStart, YStart,
};
use mapgen::{MapBuffer, MapFilter};
use rand08::SeedableRng;
use std::hint::black_box;

/// Delve's `params` and mapgen's `filters` (run in turn on an empty 80×50 map) side by side in
/// group `group`, both seeded afresh for every map.
fn side_by_side(
    c: &mut Criterion,
    group: &str,
    delve_name: &str,
    params: GeneratorParams,
    mapgen_name: &str,
    filters: &[&dyn MapFilter],
) {
    let mut g = c.benchmark_group(group);
    let mut seed = 0u64;
    g.bench_function(delve_name, |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(generate(&params, seed % 1000).ok())
        })
    });
    let blank = MapBuffer::new(80, 50);
    let mut seed = 0u64;
    g.bench_function(mapgen_name, |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed % 1000);
            // Each filter makes a new map from the last (the first from the empty one).
            let mut map = None;
            for f in filters {
                map = Some(f.modify_map(&mut rng, map.as_ref().unwrap_or(&blank)));
            }
            black_box(map)
        })
    });
    g.finish();
}

fn rooms_and_tunnels(c: &mut Criterion) {
    let p = match presets::shipped("godot-part3") {
        GeneratorParams::RoomsAndTunnels(p) => {
            GeneratorParams::RoomsAndTunnels(delve::params::RoomsAndTunnels { width: 80, height: 50, ..p })
        }
        other => other,
    };
    let (rooms, corridors) = (SimpleRooms::new(), NearestCorridors::new());
    let filters: [&dyn MapFilter; 2] = [&*rooms, &*corridors];
    let mapgen = "mapgen 0.6 SimpleRooms + NearestCorridors";
    side_by_side(c, "anchors, rooms and tunnels 80x50", "delve godot-part3", p, mapgen, &filters);
}

fn caves(c: &mut Criterion) {
    let (noise, automata) = (NoiseGenerator::uniform(), CellularAutomata::new());
    let (start, cull) = (AreaStartingPosition::new(XStart::CENTER, YStart::CENTER), CullUnreachable::new());
    let filters: [&dyn MapFilter; 4] = [&*noise, &*automata, &*start, &*cull];
    let mapgen = "mapgen 0.6 NoiseGenerator + CellularAutomata + CullUnreachable";
    side_by_side(c, "anchors, caves 80x50", "delve caves", presets::shipped("caves"), mapgen, &filters);
}

fn bsp_rooms(c: &mut Criterion) {
    let (rooms, corridors) = (BspRooms::new(), NearestCorridors::new());
    let filters: [&dyn MapFilter; 2] = [&*rooms, &*corridors];
    let mapgen = "mapgen 0.6 BspRooms + NearestCorridors";
    side_by_side(c, "anchors, BSP rooms 80x50", "delve bsp-rooms", presets::shipped("bsp-rooms"), mapgen, &filters);
}

fn drunkards_walk(c: &mut Criterion) {
    let walk = DrunkardsWalk::open_halls();
    let (start, cull) = (AreaStartingPosition::new(XStart::CENTER, YStart::CENTER), CullUnreachable::new());
    let filters: [&dyn MapFilter; 3] = [&*walk, &*start, &*cull];
    let mapgen = "mapgen 0.6 DrunkardsWalk::open_halls + CullUnreachable";
    let p = presets::shipped("drunkards-walk");
    side_by_side(c, "anchors, drunkard's walk 80x50", "delve drunkards-walk", p, mapgen, &filters);
}

fn rooms_and_mazes(c: &mut Criterion) {
    let maze = MazeBuilder::new();
    let filters: [&dyn MapFilter; 1] = [&*maze];
    let p = presets::shipped("rooms-and-mazes");
    side_by_side(c, "anchors, rooms and mazes", "delve rooms-and-mazes", p, "mapgen 0.6 MazeBuilder", &filters);
}

criterion_group!(benches, rooms_and_tunnels, caves, bsp_rooms, drunkards_walk, rooms_and_mazes);
criterion_main!(benches);
