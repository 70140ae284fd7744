//! The lists the bindings carry by hand agree with the library's own: the Python stub's
//! generators (`Preset.generator`) are every generator, and the C header names every shipped
//! preset where it says what `delve_generate` takes. A family or preset added to the library
//! and not to a binding fails here.

use delve::io::SHIPPED_PRESETS;
use delve::params::GeneratorKind;

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn the_python_stub_names_every_generator() {
    let stub = read("crates/delve-py/delve.pyi");
    let at = stub.find("def generator(").expect("Preset.generator in the stub");
    let listed = stub[at..].split("Literal[").nth(1).and_then(|s| s.split(']').next()).expect("a Literal of names");
    let mut listed: Vec<&str> = listed.split(',').map(|s| s.trim().trim_matches('"')).collect();
    let mut all: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.file_name()).collect();
    listed.sort_unstable();
    all.sort_unstable();
    assert_eq!(listed, all, "delve.pyi: Preset.generator");
}

#[test]
fn the_c_header_names_every_shipped_preset() {
    let header = read("crates/delve-c/include/delve.h");
    // The comment over delve_generate, as one line.
    let at = header.find("struct DelveMap *delve_generate(").expect("delve_generate in the header");
    let comment: String = header[..at]
        .lines()
        .rev()
        .take_while(|l| l.starts_with("//"))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(|l| l.trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ");
    let names = comment.split("shipped preset (").nth(1).and_then(|s| s.split(')').next()).expect("a list of presets");
    let mut listed: Vec<&str> = names.split(',').map(|s| s.trim().trim_matches('`')).collect();
    let mut shipped: Vec<&str> = SHIPPED_PRESETS.iter().map(|(n, _)| *n).collect();
    listed.sort_unstable();
    shipped.sort_unstable();
    assert_eq!(listed, shipped, "delve.h: delve_generate's presets");
}
