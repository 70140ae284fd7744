//! Seed browser speed: a page of thumbnails generated and rasterised on one thread.
//!
//! `cargo bench --bench browse`
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::analysis::thumbnail;
use presets::shipped;
use std::hint::black_box;

fn page(c: &mut Criterion) {
    let mut g = c.benchmark_group("browse");
    g.sample_size(20);
    let godot = shipped("godot-part3");
    g.bench_function("48 godot-part3 thumbnails, 1 thread", |b| {
        b.iter(|| {
            for seed in 0..48u64 {
                black_box(thumbnail(black_box(&godot), seed, None, 160).ok());
            }
        })
    });
    let tiendil = shipped("tiendil-step6");
    g.bench_function("100 tiendil-step6 thumbnails, 1 thread", |b| {
        b.iter(|| {
            for seed in 0..100u64 {
                black_box(thumbnail(black_box(&tiendil), seed, None, 160).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, page);
criterion_main!(benches);
