//! Helpers shared by the integration tests.
#![allow(dead_code)]

use delve::generate::{Generated, generate};
use delve::io;
use delve::params::GeneratorParams;

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

/// Where golden snapshots live.
pub fn golden_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `actual` with the golden file at `path`. With `DELVE_BLESS=1` in the environment
/// the file is (re)written instead; a missing file fails, so a snapshot is never made silently.
pub fn assert_golden(path: &std::path::Path, actual: &str) {
    if std::env::var_os("DELVE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with DELVE_BLESS=1 to create it)", path.display()));
    if expected != actual {
        let first = expected.lines().zip(actual.lines()).position(|(a, b)| a != b);
        panic!(
            "{} differs from the generated map (first differing line: {:?}).\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display(),
            first.map(|i| i + 1)
        );
    }
}

/// Steps the editor's frames until no background job is left, then two more (results shown,
/// layout settled).
#[cfg(feature = "gui")]
pub fn settle(harness: &mut egui_kittest::Harness<'static, delve::app::DelveApp>) {
    for _ in 0..2000 {
        harness.step();
        if !harness.state().is_busy() {
            harness.step();
            harness.step();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the editor never became idle");
}

/// eframe storage in memory, for restarting the editor in a test.
#[cfg(feature = "gui")]
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

#[cfg(feature = "gui")]
impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// No two corridors are the same passage: the same two doors along the same path, either way.
pub fn assert_each_passage_once(m: &delve::map::Map, what: &str) {
    let mut seen = std::collections::HashSet::new();
    for c in &m.corridors {
        let mut path = c.path.clone();
        let mut doors = c.doors;
        if (doors[1], path.last()) < (doors[0], path.first()) {
            doors.reverse();
            path.reverse();
        }
        assert!(seen.insert((doors, path)), "{what}: corridor {} repeats a passage", c.id);
    }
}
