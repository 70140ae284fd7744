//! Dungeons of many floors (issue 51): the 40-floor shipped dungeon made whole (at most 50 ms on
//! one core), and one floor of it made again after an edit (at most 5 ms), a different seed each
//! time.
//!
//! `cargo bench --bench dungeon`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use delve::dungeon::{FloorId, floor_params, generate_dungeon, make_floor, params_of, plan};
use delve::io::dungeon_from;
use std::hint::black_box;
use std::path::Path;

fn dungeons(c: &mut Criterion) {
    let mut g = c.benchmark_group("dungeon");
    g.sample_size(20);
    for name in ["brogue-length", "dcss-shaped"] {
        let d = dungeon_from(name).unwrap();
        let mut seed = 0u64;
        g.bench_function(format!("{name}: the whole dungeon"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate_dungeon(&d, Path::new("."), seed).unwrap())
            })
        });
    }
    // One floor made again, as after an edit of its parameters: its stairs from the plan.
    let d = dungeon_from("brogue-length").unwrap();
    let read = floor_params(&d, Path::new(".")).unwrap();
    let size = |id: FloorId| delve::dungeon::size_of(&params_of(&d, &read, id).unwrap());
    let plans: Vec<_> = (0..64).map(|seed| plan::plan(&d, seed, size).unwrap()).collect();
    for depth in [3, 14, 20, 32] {
        let id = FloorId { branch: 0, depth };
        let p = params_of(&d, &read, id).unwrap();
        let mut seed = 0u64;
        g.bench_function(format!("brogue-length: floor {depth} again"), |b| {
            b.iter(|| {
                seed = (seed + 1) % 64;
                black_box(make_floor(&d, seed, id, &p, &plans[seed as usize].links).unwrap())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, dungeons);
criterion_main!(benches);
