//! The Explore window's costs: how soon a cancelled sweep stops, and what the window does on the
//! UI thread with a run of a million maps (counting matches, listing them for the seed browser).
//!
//! `cargo bench --bench explore`
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::analysis::Stat;
use delve::analysis::explore::{Charts, Run, parse};
use delve::analysis::sweep::{METRICS, SweepRow, sweep};
use delve::rng::splitmix64;
use presets::shipped;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// From the moment cancel is set, during a long sweep, to the sweep's return.
fn cancel(c: &mut Criterion) {
    let mut g = c.benchmark_group("explore");
    // Each iteration also waits 50 ms (not timed) for the sweep to be well under way: ask for
    // the fewest iterations criterion allows.
    g.sample_size(10).warm_up_time(Duration::from_millis(1)).measurement_time(Duration::from_millis(1));
    for name in ["godot-part3", "tiendil-step6"] {
        let p = shipped(name);
        g.bench_function(format!("{name}: cancel to return, mid-sweep"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let flag = AtomicBool::new(false);
                    let stopped = std::thread::scope(|s| {
                        let h = s.spawn(|| {
                            let r = sweep(
                                &p,
                                0..100_000_000,
                                None,
                                delve::analysis::sweep::Figures::OfTheMap,
                                &flag,
                                |_| {},
                            );
                            (Instant::now(), r.map(|r| r.is_none()))
                        });
                        std::thread::sleep(Duration::from_millis(50));
                        let at = Instant::now();
                        flag.store(true, Ordering::Relaxed);
                        let (end, cancelled) = h.join().expect("the sweep ends");
                        assert_eq!(cancelled.ok(), Some(true));
                        end - at
                    });
                    total += stopped;
                }
                total
            })
        });
    }
    g.finish();
}

/// A million rows with figures spread like a real run's.
fn million() -> Run {
    let rows = (0..1_000_000u64)
        .map(|seed| {
            let mut values = [0f32; METRICS];
            for (i, v) in values.iter_mut().enumerate() {
                *v = (splitmix64(seed ^ splitmix64(i as u64)) % 200) as f32;
            }
            SweepRow { seed, values, rooms_asked: 30, shortfall: None, connected: true, problems: 0, micros: 5.0 }
        })
        .collect();
    Run::new(shipped("godot-part3"), None, 0..1_000_000, delve::analysis::sweep::Figures::OfTheMap, rows)
}

fn on_the_ui_thread(c: &mut Criterion) {
    let run = million();
    let conditions = parse("rooms >= 20 and longest path >= 100").expect("conditions read");
    let mut g = c.benchmark_group("explore, 1,000,000 maps");
    g.sample_size(10);
    g.bench_function("count matching (conditions typed)", |b| b.iter(|| black_box(run.count_matching(&conditions))));
    g.bench_function("list matching, seed order (seed browser)", |b| {
        b.iter(|| black_box(run.select(&conditions, Stat::Seed, false)))
    });
    g.bench_function("list matching, sorted by a figure (seed browser)", |b| {
        b.iter(|| black_box(run.select(&conditions, Stat::Rooms, true)))
    });
    g.bench_function("list all, sorted by a figure (seed browser)", |b| {
        b.iter(|| black_box(run.select(&[], Stat::LongestPath, true)))
    });
    g.bench_function("charts (on the worker)", |b| b.iter(|| black_box(Charts::of(&[&run]))));
    g.finish();
}

criterion_group!(benches, cancel, on_the_ui_thread);
criterion_main!(benches);
