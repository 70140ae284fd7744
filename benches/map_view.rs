//! One frame of the editor's map view in a headless egui context, tessellation included: a
//! 1024×1024 map with at least 2000 rooms, fully zoomed out (fit) and zoomed in (24 points per
//! tile, every overlay on: doors, room numbers, grid, hovered room). Budget: 4 ms each. Also,
//! for information, the frame after the map changed (texture rebuilt and uploaded). And the whole
//! editor frame after a brush stroke on a 4096×4096 map (budget: 16 ms). And the frame after the
//! generation timeline moved to another step of a 1,000-room grown map: the map after that step
//! replayed, made a document, its texture rebuilt and the step drawn (budget: 16 ms).
//!
//! The same two frames with locks drawn (a tenth of the rooms, a quarter of the top half's
//! tiles locked).
//!
//! `cargo bench --bench map_view`
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use delve::app::{Camera, Document, Layers, MapView, map_view_ui};
use delve::edit::{Interaction, Op, perform};
use delve::generate::generate;
use delve::map::Tile;
use delve::params::{GeneratorParams, RoomsAndTunnels, SizeRange};
use egui::{Pos2, Rect, pos2, vec2};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A 1024×1024 map with 2000 or more rooms.
fn big_map() -> Document {
    let params = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
        width: 1024,
        height: 1024,
        room_size: SizeRange::new(6, 12),
        max_rooms: 4000,
        ..RoomsAndTunnels::godot()
    });
    let g = generate(&params, 1).expect("valid parameters");
    assert!(g.map.rooms.len() >= 2000, "only {} rooms", g.map.rooms.len());
    eprintln!(
        "map: {}×{}, {} rooms, {} doors, {} corridors",
        g.map.width(),
        g.map.height(),
        g.map.rooms.len(),
        g.map.doors.len(),
        g.map.corridors.len()
    );
    Document::from_map(g.map)
}

const SCREEN: Rect = Rect { min: Pos2::ZERO, max: pos2(1600.0, 1000.0) };

/// Runs one egui pass showing the map view and tessellates its shapes; returns the number of
/// primitives (so nothing is optimised away).
fn frame(ctx: &egui::Context, view: &mut MapView, doc: &Document, pointer: Pos2, layers: &Layers) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(SCREEN),
        events: vec![egui::Event::PointerMoved(pointer)],
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, |ui| {
            map_view_ui(ui, view, doc, layers);
        });
    });
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

fn bench(c: &mut Criterion) {
    let doc = big_map();
    let all = Layers {
        rooms: true,
        corridors: true,
        doors: true,
        labels: true,
        grid: true,
        spawn: true,
        graph: true,
        ..Layers::default()
    };
    let centre = SCREEN.center() + vec2(3.0, 2.0);

    let mut g = c.benchmark_group("map_view_frame_1024x1024");
    {
        let ctx = egui::Context::default();
        let mut view = MapView::new();
        frame(&ctx, &mut view, &doc, centre, &all); // builds the texture once
        let builds = view.texture_builds();
        g.bench_function("zoomed_out_fit", |b| b.iter(|| black_box(frame(&ctx, &mut view, &doc, centre, &all))));
        assert_eq!(view.texture_builds(), builds, "the texture is not rebuilt per frame");
    }
    {
        let ctx = egui::Context::default();
        let mut view = MapView::new();
        frame(&ctx, &mut view, &doc, centre, &all);
        let fit = view.transform.scale;
        view.command(Camera::Zoom(24.0 / fit));
        frame(&ctx, &mut view, &doc, centre, &all);
        assert!((view.transform.scale - 24.0).abs() < 0.5, "zoomed to {}", view.transform.scale);
        g.bench_function("zoomed_in_24pt_per_tile", |b| {
            b.iter(|| black_box(frame(&ctx, &mut view, &doc, centre, &all)))
        });
    }
    {
        // Locks drawn: a tenth of the rooms locked, and a quarter of the tiles in short runs
        // (every other three-tile block of the top half), zoomed out and zoomed in.
        let mut map = doc.map().clone();
        let ids: Vec<_> = map.rooms.iter().map(|r| r.id).step_by(10).collect();
        for id in ids {
            perform(&mut map, Op::LockRoom { id, locked: true }).expect("a room to lock");
        }
        let cells = (0..512).flat_map(|y| (0..1024).map(move |x| delve::geom::Pos::new(x, y)));
        let cells = cells.filter(|p| (p.x / 3 + p.y / 2) % 2 == 0).collect();
        perform(&mut map, Op::LockTiles { cells, locked: true }).expect("tiles to lock");
        eprintln!("locks: {} rooms, {} tiles", map.rooms.iter().filter(|r| r.locked).count(), map.locked_tile_count());
        let locked = Document::from_map(map);
        let ctx = egui::Context::default();
        let mut view = MapView::new();
        frame(&ctx, &mut view, &locked, centre, &all);
        g.bench_function("zoomed_out_fit_with_locks", |b| {
            b.iter(|| black_box(frame(&ctx, &mut view, &locked, centre, &all)))
        });
        let fit = view.transform.scale;
        view.command(Camera::Zoom(24.0 / fit));
        frame(&ctx, &mut view, &locked, centre, &all);
        g.bench_function("zoomed_in_24pt_per_tile_with_locks", |b| {
            b.iter(|| black_box(frame(&ctx, &mut view, &locked, centre, &all)))
        });
    }
    {
        // Not a per-frame cost: the frame right after the map changed (new revision), which
        // builds and uploads the tile texture. Two documents alternate so every frame is one.
        let ctx = egui::Context::default();
        let mut view = MapView::new();
        let other = Document::from_map(doc.map().clone());
        let mut flip = false;
        g.bench_function("new_map_texture_rebuild", |b| {
            b.iter(|| {
                flip = !flip;
                black_box(frame(&ctx, &mut view, if flip { &doc } else { &other }, centre, &all))
            })
        });
        // The same, with the texels made beforehand (as the generation or open job does on its
        // worker): what is left on the UI thread is the upload.
        let chunk = delve::app::textures::chunk_side(ctx.input(|i| i.max_texture_side));
        let layers = all.colours();
        let mut ran = false;
        g.bench_function("new_map_texture_from_worker_texels", |b| {
            b.iter_batched(
                || {
                    flip = !flip;
                    let d = if flip { &doc } else { &other };
                    (flip, delve::app::textures::Prebuilt::new(d.map(), layers, chunk))
                },
                |(flip, p)| {
                    ran = true;
                    let d = if flip { &doc } else { &other };
                    view.offer_textures(d.revision(), p);
                    black_box(frame(&ctx, &mut view, d, centre, &all))
                },
                criterion::BatchSize::LargeInput,
            )
        });
        // (Unless a filter skipped it.)
        assert!(!ran || view.texture_prebuilt_uses() > 0, "the bench used the worker's texels");
    }
    g.finish();
    huge_stroke(c, all, centre);
}

/// The whole frame after a brush stroke on a 4096×4096 map with 18,496 rooms: the stroke, its
/// end and the check handed out (the editing thread's part of [`Document`]), then the map view
/// updating the stroke's part of the texture and drawing, fitted and zoomed in on the stroke.
/// Budget: 16 ms. The check itself runs outside the timing, as on a worker.
fn huge_stroke(c: &mut Criterion, layers: Layers, pointer: Pos2) {
    let mut doc = Document::from_map(common::huge_map());
    let cells = common::stroke();
    let mut g = c.benchmark_group("huge 4096x4096 18k rooms");
    g.sample_size(20);
    let mut wall = false;
    for zoom in [None, Some(24.0)] {
        let ctx = egui::Context::default();
        let mut view = MapView::new();
        frame(&ctx, &mut view, &doc, pointer, &layers);
        if let Some(z) = zoom {
            view.command(Camera::Zoom(z / view.transform.scale));
            frame(&ctx, &mut view, &doc, pointer, &layers);
        }
        let builds = view.texture_builds();
        let name =
            if zoom.is_some() { "frame after a brush stroke, zoomed in" } else { "frame after a brush stroke, fit" };
        g.bench_function(name, |b| {
            b.iter_custom(|n| {
                let mut spent = Duration::ZERO;
                for _ in 0..n {
                    wall = !wall;
                    let tile = if wall { Tile::Wall } else { Tile::Corridor };
                    let start = Instant::now();
                    let stroke = Interaction::fresh();
                    doc.perform(Op::Paint { cells: cells.clone(), tile }, stroke).expect("paints");
                    doc.end_step(stroke);
                    let check = doc.check_request().expect("a check is due");
                    black_box(frame(&ctx, &mut view, &doc, pointer, &layers));
                    spent += start.elapsed();
                    assert!(doc.checked(check.run()));
                }
                spent
            })
        });
        assert_eq!(view.texture_builds(), builds, "a stroke updates the texture, never rebuilds it");
    }
    g.finish();
}

/// The frame after the timeline moved to another step of a 1,000-room grown map, as when
/// scrubbing: the map after the step rebuilt from the recording, made a light document, its
/// texture built and uploaded, the map and the step drawn, fitted. Steps all over the
/// recording, a different one each time. Budget: 16 ms.
fn timeline_scrub(c: &mut Criterion) {
    let GeneratorParams::GrownRooms(mut p) = delve::io::preset_from("tiendil-step6").expect("shipped").generator else {
        panic!("tiendil-step6 is grown rooms")
    };
    p.rooms = 1000;
    let params = GeneratorParams::GrownRooms(p);
    let (g, rec) = delve::generate::generate_recorded(&params, 1).expect("valid parameters");
    let steps = rec.expect("grown rooms record").steps;
    assert_eq!(g.map.rooms.len(), 1000);
    eprintln!("grown: {}×{}, {} rooms, {} steps", g.map.width(), g.map.height(), g.map.rooms.len(), steps.len());
    // The layers a designer starts with.
    let layers = Layers::default();
    let ctx = egui::Context::default();
    let mut view = MapView::new();
    let whole = Document::preview(g.map);
    frame(&ctx, &mut view, &whole, SCREEN.center(), &layers);
    let mut k = 0usize;
    let mut g = c.benchmark_group("timeline 1000-room grown map");
    g.sample_size(30);
    g.bench_function("frame after scrubbing to another step", |b| {
        b.iter(|| {
            // A step about a fifth of the recording further on each time, wrapping round.
            k = (k + steps.len() / 5 + 7) % steps.len();
            let map = delve::generate::replay(&params, 1, &steps[..=k]).expect("replays");
            let doc = Document::preview(map);
            let marks = steps[k].marks(&steps[..k], &steps[k + 1..]);
            let input = egui::RawInput { screen_rect: Some(SCREEN), ..Default::default() };
            let out = ctx.run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    map_view_ui(ui, &mut view, &doc, &layers);
                    delve::app::timeline::step_overlay_ui(ui, &view, &doc, &marks);
                });
            });
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point).len())
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(60);
    targets = bench, timeline_scrub
}
criterion_main!(benches);
