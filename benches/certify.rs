//! The player's walk (`map::certify`) against the sweep row it is part of and the generation it
//! follows: the walk adds at most 20% to a sweep row, and a sweep row stays at most twice the
//! generation (issue 48), on `godot-part3` (no keys) and `grown-quest` (two keys, tile kinds).
//!
//! `cargo bench --bench certify`
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::analysis::sweep::SweepRow;
use delve::generate::generate;
use delve::map::certify::certify;
use presets::shipped;
use std::hint::black_box;

fn walk(c: &mut Criterion) {
    let mut g = c.benchmark_group("certify");
    for name in ["godot-part3", "grown-quest"] {
        let p = shipped(name);
        let mut seed = 0u64;
        g.bench_function(format!("{name}: generate"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&p, seed).ok())
            })
        });
        g.bench_function(format!("{name}: a sweep row (generate, measure, walk)"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(SweepRow::of(&p, seed, None, delve::analysis::sweep::Figures::OfTheMap).ok())
            })
        });
        // A different map each time, as in a sweep.
        let maps: Vec<_> = (0..256).map(|s| generate(&p, s).expect("generates").map).collect();
        let mut k = 0;
        g.bench_function(format!("{name}: the walk, a different map each time"), |b| {
            b.iter(|| {
                k = (k + 1) % maps.len();
                black_box(certify(black_box(&maps[k])))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, walk);
criterion_main!(benches);
