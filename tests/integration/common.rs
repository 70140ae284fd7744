//! Helpers shared by the integration tests.
#![allow(dead_code)]

use delve::generate::{Generated, GeneratorParams, generate};
use delve::io;

/// The generator parameters of a shipped preset.
pub fn shipped(name: &str) -> GeneratorParams {
    io::shipped_preset(name).expect("shipped preset exists").expect("shipped preset parses").generator
}

/// Generates and asserts that `validate()` finds nothing.
pub fn generate_valid(params: &GeneratorParams, seed: u64) -> Generated {
    let g = generate(params, seed).expect("valid parameters generate");
    let problems = g.map.validate();
    assert!(problems.is_empty(), "seed {seed}: {problems:#?}\n{}", g.map.to_ascii());
    g
}

/// Path of the test fixtures folder.
pub fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}
