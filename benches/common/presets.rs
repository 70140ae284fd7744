//! The shipped presets' parameters, for the benches that time them.

use delve::io;
use delve::params::GeneratorParams;

/// The parameters of shipped preset `name` (a bench cannot go on without them).
pub fn shipped(name: &str) -> GeneratorParams {
    match io::shipped_preset(name) {
        Some(Ok(p)) => p.generator,
        _ => panic!("shipped preset {name} missing"),
    }
}
