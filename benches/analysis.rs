//! Analysis against generation: measuring a generated map (metrics and problems) must cost at
//! most what making it costs, and a sweep of many seeds runs on every core.
//!
//! `cargo bench --bench analysis`
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::analysis::sweep::{SweepRow, sweep};
use delve::generate::generate;
use delve::map::metrics::{GraphMetrics, Metrics, distances_from};
use delve::map::survey::{survey, survey_generated};
use presets::shipped;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn analysis(c: &mut Criterion) {
    let mut g = c.benchmark_group("analysis");
    for name in [
        "godot-part3",
        "mcrogueface-part3",
        "tiendil-step6",
        "caves",
        "bsp-rooms",
        "drunkards-walk",
        "rooms-and-mazes",
        "vaults",
        "rooms-and-caves",
    ] {
        let p = shipped(name);
        let mut seed = 0u64;
        g.bench_function(format!("{name}: generate"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&p, seed).ok())
            })
        });
        g.bench_function(format!("{name}: generate + metrics + validate (a sweep row)"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(SweepRow::of(&p, seed, None, delve::analysis::sweep::Figures::OfTheMap).ok())
            })
        });
        let map = generate(&p, 3).expect("generates").map;
        g.bench_function(format!("{name}: survey (metrics + problems, quick)"), |b| {
            b.iter(|| black_box(survey(black_box(&map))))
        });
        // A different map each time, as in a sweep: one map over and over lets the branch
        // predictor learn it, and flatters anything that branches on the tiles.
        let maps: Vec<_> = (0..256).map(|s| generate(&p, s).expect("generates").map).collect();
        let mut k = 0;
        g.bench_function(format!("{name}: survey, a different map each time"), |b| {
            b.iter(|| {
                k = (k + 1) % maps.len();
                black_box(survey(black_box(&maps[k])))
            })
        });
        g.bench_function(format!("{name}: survey as generated (a sweep), a different map each time"), |b| {
            b.iter(|| {
                k = (k + 1) % maps.len();
                black_box(survey_generated(black_box(&maps[k])))
            })
        });
        g.bench_function(format!("{name}: metrics"), |b| b.iter(|| black_box(Metrics::of(black_box(&map)))));
        g.bench_function(format!("{name}: validate"), |b| b.iter(|| black_box(black_box(&map).validate())));
        g.bench_function(format!("{name}: search from spawn"), |b| {
            b.iter(|| black_box(distances_from(black_box(&map), map.spawn)))
        });
        g.bench_function(format!("{name}: room graph"), |b| b.iter(|| black_box(GraphMetrics::of(black_box(&map)))));
    }
    g.finish();
}

fn sweeps(c: &mut Criterion) {
    let mut g = c.benchmark_group("sweep");
    g.sample_size(10);
    let p = shipped("godot-part3");
    let never = AtomicBool::new(false);
    g.bench_function("godot-part3, 10,000 seeds, all cores", |b| {
        b.iter(|| black_box(sweep(&p, 0..10_000, None, delve::analysis::sweep::Figures::OfTheMap, &never, |_| {}).ok()))
    });
    g.finish();
}

criterion_group!(benches, analysis, sweeps);
criterion_main!(benches);
