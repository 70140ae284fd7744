//! The C call's overhead per map: `delve_generate` + `delve_map_tiles` + `delve_map_free`
//! through libdelve.so (loaded as a C program would, calls through C function pointers) against
//! the same work in Rust (`preset_from` + `Request::run` + `tile_ids`), same preset
//! (godot-part3) and seeds, in one run. The C side parses the preset on every call, so the Rust
//! side does too; `rust, preset parsed once` shows what parsing costs.
//!
//! `cargo bench -p delve-c --bench ffi` (builds the release libdelve.so first). Besides
//! criterion's figures it prints the overhead per map from interleaved rounds (required:
//! at most 2 µs).
#![allow(clippy::unwrap_used, clippy::expect_used, unsafe_code)]

use criterion::{Criterion, criterion_group, criterion_main};
use delve_core::export::tile_ids;
use delve_core::generate::Request;
use delve_core::io::preset_from;
use delve_core::rng::seed_from_text;
use std::ffi::{CString, c_char, c_void};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const PRESET: &str = "godot-part3";
const SEEDS: u32 = 16;

type Generate = unsafe extern "C" fn(*const c_char, *const c_char, *mut *mut c_char) -> *mut c_void;
type Tiles = unsafe extern "C" fn(*const c_void) -> *const u8;
type Free = unsafe extern "C" fn(*mut c_void);

/// The C functions, from the library file.
struct Lib {
    generate: Generate,
    tiles: Tiles,
    free: Free,
    _lib: libloading::Library,
}

/// Builds the release libdelve.so and copies it out of the target folder (the Python module's
/// cdylib is also called libdelve.so), then loads it.
fn load() -> Lib {
    let exe = std::env::current_exe().unwrap();
    let target = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let o = std::process::Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--release", "-p", "delve-c"])
        .current_dir(&repo)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let copy: PathBuf = target.join("bench-libdelve.so");
    std::fs::copy(target.join("libdelve.so"), &copy).unwrap();
    // SAFETY: libdelve runs no code on load; the symbols have the types of include/delve.h.
    unsafe {
        let lib = libloading::Library::new(&copy).unwrap();
        Lib {
            generate: *lib.get::<Generate>(b"delve_generate").unwrap(),
            tiles: *lib.get::<Tiles>(b"delve_map_tiles").unwrap(),
            free: *lib.get::<Free>(b"delve_map_free").unwrap(),
            _lib: lib,
        }
    }
}

fn seeds() -> Vec<CString> {
    (0..SEEDS).map(|s| CString::new((s * 7919).to_string()).unwrap()).collect()
}

/// Every seed through C.
fn c_maps(lib: &Lib, preset: &CString, seeds: &[CString]) {
    for seed in seeds {
        // SAFETY: live C strings; the map is freed once, after its last use.
        unsafe {
            let m = (lib.generate)(preset.as_ptr(), seed.as_ptr(), std::ptr::null_mut());
            assert!(!m.is_null());
            black_box(*(lib.tiles)(m));
            (lib.free)(m);
        }
    }
}

/// Every seed in Rust, the preset read from its name each time (as the C call does).
fn rust_maps(seeds: &[CString]) {
    for seed in seeds {
        let p = preset_from(black_box(PRESET)).unwrap();
        let made = Request::new(&p.generator, seed_from_text(seed.to_str().unwrap())).run().unwrap();
        black_box(tile_ids(&made.generated.map));
    }
}

fn bench(c: &mut Criterion) {
    let lib = load();
    let (preset, seeds) = (CString::new(PRESET).unwrap(), seeds());
    let mut g = c.benchmark_group(format!("{SEEDS} maps of {PRESET}"));
    g.bench_function("C: delve_generate + delve_map_tiles + delve_map_free", |b| {
        b.iter(|| c_maps(&lib, &preset, &seeds))
    });
    g.bench_function("rust: preset_from + Request::run + tile_ids", |b| b.iter(|| rust_maps(&seeds)));
    let p = preset_from(PRESET).unwrap();
    g.bench_function("rust, preset parsed once: Request::run + tile_ids", |b| {
        b.iter(|| {
            for seed in &seeds {
                let made = Request::new(&p.generator, seed_from_text(seed.to_str().unwrap())).run().unwrap();
                black_box(tile_ids(&made.generated.map));
            }
        })
    });
    g.finish();
    overhead(&lib, &preset, &seeds);
}

/// Interleaved rounds of C and Rust; prints the median overhead per map.
fn overhead(lib: &Lib, preset: &CString, seeds: &[CString]) {
    let time = |f: &dyn Fn()| {
        let start = Instant::now();
        for _ in 0..20 {
            f();
        }
        start.elapsed()
    };
    let (mut c, mut rust) = (Vec::new(), Vec::new());
    for _ in 0..31 {
        c.push(time(&|| c_maps(lib, preset, seeds)));
        rust.push(time(&|| rust_maps(seeds)));
    }
    let per_map = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1e6 / f64::from(20 * SEEDS)
    };
    let (c, rust) = (per_map(&mut c), per_map(&mut rust));
    println!(
        "per map (median of 31 interleaved rounds): C {c:.2} µs, Rust {rust:.2} µs, C overhead {:.3} µs (required ≤ 2 µs)",
        c - rust
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
