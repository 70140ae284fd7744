//! Speed of the grown-rooms generator (Tiendil's tutorial, step 6) as the room count grows, and
//! of the shipped mix of room shapes (`grown-shapes`).
//!
//! `cargo bench --bench grown`; medians are in `target/criterion/grown/*/new/estimates.json`.
//! The tutorial's Python needs 12.8 s for 25 rooms, 44 s for 40 and about 7 minutes for 80.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use delve::generate::generate;
use delve::params::{GeneratorParams, GrownRooms};
use std::hint::black_box;
use std::time::Duration;

fn grown(c: &mut Criterion) {
    let mut g = c.benchmark_group("grown");
    for rooms in [25u32, 80, 100, 400, 1000] {
        let p = GeneratorParams::GrownRooms(GrownRooms { rooms, ..GrownRooms::tiendil_step6() });
        if rooms >= 400 {
            g.sample_size(20);
            g.measurement_time(Duration::from_secs(10));
        }
        // A different seed each iteration, so the figure is over many maps, not one.
        let mut seed = 0u64;
        g.bench_function(format!("{rooms} rooms"), |b| {
            b.iter(|| {
                seed = (seed + 1) % 1000;
                black_box(generate(&p, seed).ok())
            })
        });
    }
    // The shipped mix of room shapes (36 rooms: halls, narrow rooms, caves, closets, blobs; loops).
    let shapes = delve::io::shipped_preset("grown-shapes").and_then(Result::ok).map(|p| p.generator);
    if let Some(p) = shapes {
        g.sample_size(100);
        g.measurement_time(Duration::from_secs(5));
        let mut seed = 0u64;
        g.bench_function("grown-shapes preset", |b| {
            b.iter(|| {
                seed = (seed + 1) % 1000;
                black_box(generate(&p, seed).ok())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, grown);
criterion_main!(benches);
