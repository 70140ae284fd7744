//! Rough costs of measuring a map (for finding where a sweep row's time goes; the figures to
//! quote come from `cargo bench --bench certify`).
//!
//! `cargo run --release -p delve-core --example costs -- [PRESET]`

use delve_core::generate::generate;
use delve_core::io::preset_from;
use delve_core::map::certify::certify;
use delve_core::map::graph::{RoomGraph, tile_ways};
use delve_core::map::survey::survey_generated;
use std::hint::black_box;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).unwrap_or_else(|| "godot-part3".into());
    let p = preset_from(&name)?.generator;
    let maps: Vec<_> = (0..256).map(|s| generate(&p, s).map(|g| g.map)).collect::<Result<_, _>>()?;
    let quick = maps.iter().filter(|m| survey_generated(m).quick).count();
    println!("{name}: the quick survey answers {quick} of {}", maps.len());
    let time = |what: &str, f: &dyn Fn(&delve_core::map::Map)| {
        let start = Instant::now();
        let rounds = 40;
        for _ in 0..rounds {
            for m in &maps {
                f(m);
            }
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / (rounds * maps.len()) as f64;
        println!("  {what}: {us:.2} µs");
    };
    time("survey as generated", &|m| {
        black_box(survey_generated(m));
    });
    time("walk", &|m| {
        black_box(certify(m));
    });
    time("tile ways", &|m| {
        black_box(tile_ways(m));
    });
    time("room graph", &|m| {
        black_box(RoomGraph::of(m));
    });
    Ok(())
}
