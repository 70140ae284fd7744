//! One frame of the editor's map view in a headless egui context, tessellation included: a
//! 1024×1024 map with at least 2000 rooms, fully zoomed out (fit) and zoomed in (24 points per
//! tile, every overlay on: doors, room numbers, grid, hovered room). Budget: 4 ms each. Also,
//! for information, the frame after the map changed (texture rebuilt and uploaded).
//!
//! `cargo bench --bench map_view`

use criterion::{Criterion, criterion_group, criterion_main};
use delve::app::{Document, Layers, MapView, ViewCommand, map_view_ui};
use delve::generate::generate;
use delve::params::{GeneratorParams, RoomsAndTunnels, SizeRange};
use egui::{Pos2, Rect, pos2, vec2};
use std::hint::black_box;

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
fn frame(ctx: &egui::Context, view: &mut MapView, doc: &Document, pointer: Pos2) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(SCREEN),
        events: vec![egui::Event::PointerMoved(pointer)],
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, |ui| {
            map_view_ui(ui, view, doc);
        });
    });
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

fn bench(c: &mut Criterion) {
    let doc = big_map();
    let all = Layers { rooms: true, corridors: true, doors: true, labels: true, grid: true, spawn: true };
    let centre = SCREEN.center() + vec2(3.0, 2.0);

    let mut g = c.benchmark_group("map_view_frame_1024x1024");
    {
        let ctx = egui::Context::default();
        let mut view = MapView::new(all);
        frame(&ctx, &mut view, &doc, centre); // builds the texture once
        let builds = view.texture_builds();
        g.bench_function("zoomed_out_fit", |b| b.iter(|| black_box(frame(&ctx, &mut view, &doc, centre))));
        assert_eq!(view.texture_builds(), builds, "the texture is not rebuilt per frame");
    }
    {
        let ctx = egui::Context::default();
        let mut view = MapView::new(all);
        frame(&ctx, &mut view, &doc, centre);
        let fit = view.transform.scale;
        view.command(ViewCommand::Zoom(24.0 / fit));
        frame(&ctx, &mut view, &doc, centre);
        assert!((view.transform.scale - 24.0).abs() < 0.5, "zoomed to {}", view.transform.scale);
        g.bench_function("zoomed_in_24pt_per_tile", |b| b.iter(|| black_box(frame(&ctx, &mut view, &doc, centre))));
    }
    {
        // Not a per-frame cost: the frame right after the map changed (new revision), which
        // builds and uploads the tile texture. Two documents alternate so every frame is one.
        let ctx = egui::Context::default();
        let mut view = MapView::new(all);
        let other = Document::from_map(doc.map().clone());
        let mut flip = false;
        g.bench_function("new_map_texture_rebuild", |b| {
            b.iter(|| {
                flip = !flip;
                black_box(frame(&ctx, &mut view, if flip { &doc } else { &other }, centre))
            })
        });
        // The same, with the texels made beforehand (as the generation or open job does on its
        // worker): what is left on the UI thread is the upload.
        let chunk = delve::app::textures::chunk_side(ctx.input(|i| i.max_texture_side));
        let layers = view.colour_layers();
        g.bench_function("new_map_texture_from_worker_texels", |b| {
            b.iter_batched(
                || {
                    flip = !flip;
                    let d = if flip { &doc } else { &other };
                    (flip, delve::app::textures::Prebuilt::new(d.map(), layers, chunk))
                },
                |(flip, p)| {
                    let d = if flip { &doc } else { &other };
                    view.offer_textures(d.revision(), p);
                    black_box(frame(&ctx, &mut view, d, centre))
                },
                criterion::BatchSize::LargeInput,
            )
        });
        assert!(view.texture_prebuilt_uses() > 0, "the bench used the worker's texels");
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(60);
    targets = bench
}
criterion_main!(benches);
