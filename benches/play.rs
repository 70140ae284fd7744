//! Play (issue 52): a step of the player on a 1024×1024 map with a sight of 20 tiles, with the
//! fog picture of what changed around it (what a frame of play mode does besides drawing the
//! map: under 16 ms), a heat map of 100 auto-explore runs on grown-quest (within a second), and
//! what the figures from play add to a sweep row.
//!
//! `cargo bench --bench play`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use delve::analysis::sweep::{Figures, SweepRow};
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
    // What the figures from play add to a sweep row (`delve sweep --play`, Explore's *Figures
    // from play*): a row with them against a row without (the anchor), in the same run.
    for name in ["godot-part3", "grown-quest", "caves"] {
        let params = delve::io::shipped_preset(name).unwrap().unwrap().generator;
        let mut k = 0u64;
        for (what, figures) in [("sweep row (anchor)", Figures::OfTheMap), ("sweep row with play", Figures::WithPlay)] {
            g.bench_function(format!("{name}: {what}"), |b| {
                b.iter(|| {
                    k = (k + 1) % 32;
                    black_box(SweepRow::of(&params, k, None, figures).unwrap())
                })
            });
        }
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

/// The whole editor frame while walking, as the user has it: the editor (kittest, 1280×800, no
/// GPU: the egui pass, the fog texture's update, the accessibility tree and tessellation) in play mode on the same
/// 1024×1024 cave with a sight of 20, a step each frame, back and forth. Budget: 16 ms.
fn walking_frame(c: &mut Criterion) {
    use delve::app::{AppConfig, Command, DelveApp, ScriptedDialogs, ViewCommand};
    let mut p = delve::io::shipped_preset("caves").unwrap().unwrap().generator;
    assert!(p.params_mut().set("width", ParamValue::Int(1024)));
    assert!(p.params_mut().set("height", ParamValue::Int(1024)));
    let map = generate(&p, 1).unwrap().map;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cave.ron");
    delve::io::save_map(&path, &map).unwrap();
    let cfg = AppConfig {
        dialogs: Arc::new(ScriptedDialogs::new()),
        open: Some(path),
        user_presets_dir: Some(dir.path().join("presets")),
        recovery_dir: None,
        recovery_interval: std::time::Duration::from_secs(3600),
        guide_dir: dir.path().join("guide"),
    };
    let app = DelveApp::new(cfg, None);
    let mut h = egui_kittest::Harness::builder().with_size(egui::vec2(1280.0, 800.0)).build_eframe(move |_cc| app);
    let settle = |h: &mut egui_kittest::Harness<'_, DelveApp>| {
        for _ in 0..400 {
            h.step();
            if !h.state().is_busy() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        h.step();
        h.step();
    };
    settle(&mut h);
    assert_eq!(h.state().document().map(|d| d.map().width()), Some(1024), "the cave is open");
    h.state_mut().push(Command::View(ViewCommand::Play(true)));
    let mut prefs = h.state().prefs().play;
    prefs.radius = 20;
    h.state_mut().push(Command::View(ViewCommand::SetPlay(prefs)));
    settle(&mut h);
    assert!(h.state().playing().is_some(), "playing");
    let (mut dx, mut dy) = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        .into_iter()
        .find(|&(dx, dy)| map.walkable(map.spawn.offset(dx, dy)))
        .unwrap();
    let first = (dx, dy);
    let mut g = c.benchmark_group("play");
    g.sample_size(30);
    g.bench_function("editor frame walking, 1024x1024 caves, sight 20", |b| {
        b.iter(|| {
            h.state_mut().push(Command::View(ViewCommand::PlayStep(dx, dy)));
            (dx, dy) = (-dx, -dy);
            h.step();
            let shapes = h.output().shapes.clone();
            black_box(h.ctx.tessellate(shapes, h.ctx.pixels_per_point()).len())
        })
    });
    g.finish();
    let at = h.state().playing().map(|p| p.play.at());
    let there = map.spawn.offset(first.0, first.1);
    assert!(at.is_some_and(|a| a == map.spawn || a == there), "walked back and forth: {at:?}");
}

criterion_group!(benches, play, walking_frame);
criterion_main!(benches);
