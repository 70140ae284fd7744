//! Play (issue 52): a step of the player on a 1024×1024 map with a sight of 20 tiles, with the
//! fog picture of what changed around it (what a frame of play mode does besides drawing the
//! map: under 16 ms), and a heat map of 100 auto-explore runs on grown-quest (within a second).
//!
//! `cargo bench --bench play`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use delve::app::play_mode::fog_image;
use delve::generate::generate;
use delve::params::ParamValue;
use delve::play::{Play, PlaySettings, heat_map};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn play(c: &mut Criterion) {
    let mut g = c.benchmark_group("play");
    let mut p = delve::io::shipped_preset("caves").unwrap().unwrap().generator;
    assert!(p.params_mut().set("width", ParamValue::Int(1024)));
    assert!(p.params_mut().set("height", ParamValue::Int(1024)));
    let map = Arc::new(generate(&p, 1).unwrap().map);
    assert_eq!((map.width(), map.height()), (1024, 1024));
    let mut play = Play::new(map.clone(), PlaySettings { radius: 20, eight_ways: true }).unwrap();
    let (mut dx, mut dy) = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        .into_iter()
        .find(|&(dx, dy)| map.walkable(map.spawn.offset(dx, dy)))
        .unwrap();
    g.bench_function("a step and its fog, 1024x1024 caves, sight 20", |b| {
        b.iter(|| {
            let before: Vec<_> = play.view().to_vec();
            black_box(play.step(dx, dy));
            (dx, dy) = (-dx, -dy);
            let all = before.iter().chain(play.view());
            let (x0, y0, x1, y1) = all.fold((i32::MAX, i32::MAX, i32::MIN, i32::MIN), |(a, b, c, d), p| {
                (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
            });
            black_box(fog_image(&play, x0, y0, x1, y1))
        })
    });
    // What the figures from play would add to a sweep row: against generating the map (the
    // anchor), in the same run.
    for name in ["godot-part3", "grown-quest", "caves"] {
        let params = delve::io::shipped_preset(name).unwrap().unwrap().generator;
        let maps: Vec<_> = (0..32).map(|s| Arc::new(generate(&params, s).unwrap().map)).collect();
        let exits: Vec<Vec<_>> = maps
            .iter()
            .map(|m| {
                let walk = delve::map::certify::certify(m);
                walk.exit.map(|i| m.rooms[i].shape.cells()).unwrap_or_default()
            })
            .collect();
        let mut k = 0;
        g.bench_function(format!("{name}: generate (anchor)"), |b| {
            b.iter(|| {
                k = (k + 1) % 32;
                black_box(generate(&params, k as u64).unwrap())
            })
        });
        g.bench_function(format!("{name}: exit figures"), |b| {
            b.iter(|| {
                k = (k + 1) % 32;
                black_box(delve::play::exit_figures(maps[k].clone(), PlaySettings::default(), &exits[k]))
            })
        });
    }
    let quest =
        Arc::new(generate(&delve::io::shipped_preset("grown-quest").unwrap().unwrap().generator, 2).unwrap().map);
    let never = AtomicBool::new(false);
    g.sample_size(20);
    g.bench_function("heat map of 100 auto-explore runs, grown-quest", |b| {
        b.iter(|| black_box(heat_map(&quest, PlaySettings::default(), 100, 7, &never).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, play);
criterion_main!(benches);
