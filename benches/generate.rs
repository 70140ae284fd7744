//! Speed of the core: generating maps, and saving + loading them.
//!
//! `cargo bench --bench generate` (the role rules' cost: `cargo bench --bench generate -- roles`;
//! room accretion against rooms and mazes: `cargo bench --bench generate -- 80x50`)
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/presets.rs"]
mod presets;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use delve::generate::{generate, generate_keeping};
use delve::io;
use delve::map::locks::Kept;
use delve::params::{GeneratorParams, RoleRules, RoomsAndTunnels, SizeRange};
use presets::shipped;
use std::hint::black_box;

/// 2048×2048 with 2000 room attempts of the tutorials' sizes.
fn huge() -> GeneratorParams {
    GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
        width: 2048,
        height: 2048,
        room_size: SizeRange::new(6, 10),
        max_rooms: 2000,
        ..RoomsAndTunnels::godot()
    })
}

/// 1024×1024 with 2000 room attempts: the map saved and loaded.
fn big() -> GeneratorParams {
    GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
        width: 1024,
        height: 1024,
        room_size: SizeRange::new(6, 16),
        max_rooms: 2000,
        ..RoomsAndTunnels::godot()
    })
}

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    for name in ["godot-part3", "mcrogueface-part3"] {
        let p = shipped(name);
        let mut seed = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(generate(&p, seed % 1000).ok())
            })
        });
    }
    let p = huge();
    g.sample_size(20);
    g.bench_function("2048x2048, 2000 rooms", |b| b.iter(|| black_box(generate(&p, 7).ok())));
    let caves = match shipped("caves") {
        GeneratorParams::Caves(c) => GeneratorParams::Caves(delve::params::Caves { width: 1024, height: 1024, ..c }),
        other => other,
    };
    g.bench_function("caves 1024x1024", |b| b.iter(|| black_box(generate(&caves, 7).ok())));
    g.finish();
}

fn files(c: &mut Criterion) {
    let map = match generate(&big(), 1) {
        Ok(g) => g.map,
        Err(e) => panic!("{e}"),
    };
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("big.ron");
    let mut g = c.benchmark_group("files");
    g.sample_size(10);
    g.bench_function("save + load 1024x1024 map", |b| {
        b.iter_batched(
            || map.clone(),
            |m| {
                io::save_map(&path, &m).unwrap_or_else(|e| panic!("{e}"));
                black_box(io::load_map(&path).unwrap_or_else(|e| panic!("{e}")))
            },
            BatchSize::LargeInput,
        )
    });
    // Exports for engines (the file's bytes, as `delve export` writes them): ≤ 150 ms each.
    for format in delve::export::Format::ALL {
        g.bench_function(format!("export 1024x1024 map as {}", format.extension()), |b| {
            let options = delve::export::ExportOptions {
                png: delve::export::PngOptions { scale: 1, ..Default::default() },
                ..Default::default()
            };
            let target = std::path::Path::new("map").with_extension(format.extension());
            b.iter(|| {
                black_box(delve::export::files(&map, format, &target, &options).unwrap_or_else(|e| panic!("{e}")))
            })
        });
    }
    g.finish();
}

/// The timeline's cost per scrub: the map after the middle step rebuilt from the recording,
/// made a light document the map view can draw (what the editor does when the step changes).
/// The whole frame, texture and drawing included, is in `map_view`.
fn timeline(c: &mut Criterion) {
    let mut g = c.benchmark_group("timeline");
    let GeneratorParams::GrownRooms(mut grown) = shipped("tiendil-step6") else { panic!("grown rooms") };
    grown.rooms = 1000;
    for (name, p) in [
        ("godot-part3", shipped("godot-part3")),
        ("tiendil-step6", shipped("tiendil-step6")),
        ("grown, 1000 rooms", GeneratorParams::GrownRooms(grown)),
        ("2048x2048, 2000 rooms", huge()),
    ] {
        let steps = match delve::generate::generate_recorded(&p, 7) {
            Ok((_, Some(r))) => r.steps,
            _ => panic!("{name} records its steps"),
        };
        let half = steps.len() / 2;
        g.sample_size(if steps.len() > 1000 { 10 } else { 100 });
        g.bench_function(format!("{name}: the map at the middle step"), |b| {
            b.iter(|| {
                let map = delve::generate::replay(&p, 7, &steps[..half]).unwrap_or_else(|| panic!("replays"));
                black_box(delve::edit::Document::preview(map))
            })
        });
    }
    g.finish();
}

/// Regenerating around 10 locked rooms against generating with nothing locked, a different seed
/// each time (issue 15: at most 2×).
fn locks(c: &mut Criterion) {
    let mut g = c.benchmark_group("locks");
    let cases = [
        ("godot-part3", shipped("godot-part3")),
        ("1024x1024", big()),
        ("tiendil-step6", shipped("tiendil-step6")),
        ("grown-shapes", shipped("grown-shapes")),
    ];
    for (name, p) in cases {
        let mut old = (0..)
            .map(|s| generate(&p, s).expect("generates").map)
            .find(|m| m.rooms.len() >= 14)
            .expect("a map with 14 rooms");
        // Ten rooms spread over the order of rooms.
        let step = old.rooms.len() / 10;
        for k in 0..10 {
            old.rooms[k * step].locked = true;
        }
        let kept = std::sync::Arc::new(Kept::of(&old).expect("rooms keep"));
        let mut seed = 0u64;
        g.bench_function(format!("{name}: generate"), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(generate(&p, seed % 1000).ok())
            })
        });
        // Regenerating around the same locks (another seed, a dragged slider, the seed browser):
        // the locks were prepared by the first generation around them.
        g.bench_function(format!("{name}: generate around 10 locked rooms"), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(generate_keeping(&p, seed % 1000, &kept).ok())
            })
        });
        // A copy of the same locks (say, after an undo): found among the prepared ones by its
        // fingerprint and value, so this now times the fingerprint and the lookup. Making the copy
        // of the locks for each run is not timed, nor is dropping it (the map made keeps it in
        // its provenance); dropping the map is, as above.
        g.bench_function(format!("{name}: around a copy of the same 10 locked rooms"), |b| {
            b.iter_batched(
                || std::sync::Arc::new((*kept).clone()),
                |fresh| {
                    seed = seed.wrapping_add(1);
                    black_box(generate_keeping(&p, seed % 1000, &fresh).ok());
                    fresh
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

/// Generation with every role rule on against every rule off, the same seeds in turn (issue 16:
/// at most 1.5×).
fn roles(c: &mut Criterion) {
    let mut g = c.benchmark_group("roles");
    for name in ["godot-part3", "tiendil-step6", "grown-shapes"] {
        let off = shipped(name);
        let mut on = off.clone();
        *on.roles_mut() = RoleRules::all(6, 2);
        for (what, p) in [("rules off", off), ("rules on", on)] {
            let mut seed = 0u64;
            g.bench_function(format!("{name}: {what}"), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(generate(&p, seed % 1000).ok())
                })
            });
        }
    }
    g.finish();
}

/// `grown-quest` with its markers and keys against the same preset without them, the same seeds
/// in turn (issue 34: placing markers costs at most 20% of generation).
fn markers(c: &mut Criterion) {
    let mut g = c.benchmark_group("markers");
    let with = shipped("grown-quest");
    let mut without = with.clone();
    *without.markers_mut() = Default::default();
    // The same 20 seeds in every iteration: grown maps take very different times from seed to
    // seed, so both sides must time the same maps.
    g.sample_size(20);
    for (what, p) in [("without markers", without), ("with markers", with)] {
        g.bench_function(format!("grown-quest: {what}, 20 seeds"), |b| {
            b.iter(|| {
                for seed in 0..20 {
                    black_box(generate(&p, seed).ok());
                }
            })
        });
    }
    g.finish();
}

/// Room accretion against rooms and mazes on the same 80×50 map, the same seeds in turn (issue
/// 50: room accretion no slower): `cargo bench --bench generate -- 80x50`.
fn accretion(c: &mut Criterion) {
    let mut g = c.benchmark_group("80x50");
    let mazes = match shipped("rooms-and-mazes") {
        GeneratorParams::RoomsAndMazes(p) => {
            GeneratorParams::RoomsAndMazes(delve::params::RoomsAndMazes { width: 80, height: 50, ..p })
        }
        other => other,
    };
    for (name, p) in [("rooms-and-mazes", mazes), ("room-accretion", shipped("room-accretion"))] {
        assert_eq!(p.map_size(), Some((80, 50)), "{name}");
        let mut seed = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(generate(&p, seed % 1000).ok())
            })
        });
    }
    g.finish();
}

/// Every shipped preset's own map, a different seed each time (issue 50: no family's generation
/// more than 5% slower across a refactor; compare with a saved baseline:
/// `cargo bench --bench generate -- shipped --save-baseline before`, then `--baseline before`).
fn shipped_presets(c: &mut Criterion) {
    let mut g = c.benchmark_group("shipped");
    for (name, _) in io::SHIPPED_PRESETS {
        let p = shipped(name);
        let mut seed = 0u64;
        g.bench_function(*name, |b| {
            b.iter(|| {
                seed = (seed + 1) % 1000;
                black_box(generate(&p, seed).ok())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, generation, files, timeline, locks, roles, markers, accretion, shipped_presets);
criterion_main!(benches);
