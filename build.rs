//! Builds the list of files the user guide links to (`docs/`, beside the README) into the
//! editor: `$OUT_DIR/guide_files.rs`, `&[(path, bytes)]`, by name. A picture added to the README
//! and to `docs/` is in the guide with no list to keep by hand.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=docs");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ beside the README")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut out = String::from("&[\n");
    for name in names {
        let path = root.join("docs").join(&name);
        writeln!(out, "    ({:?}, include_bytes!({:?})),", format!("docs/{name}"), path.display().to_string())
            .expect("writes to a string");
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("guide_files.rs");
    std::fs::write(dest, out).expect("writes the guide's file list");
}
