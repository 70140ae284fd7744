//! Builds the shipped presets into the library: every `presets/*.ron`, named by its file's stem,
//! in name order, as `$OUT_DIR/shipped_presets.rs` (`&[(name, RON text)]`, read by
//! `io::SHIPPED_PRESETS`). A preset file added to `presets/` ships, with no list to keep by hand.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=presets");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let stem = path.file_stem().and_then(|s| s.to_str());
        if let (true, Some(stem)) = (path.is_file() && path.extension().is_some_and(|e| e == "ron"), stem) {
            names.push(stem.to_owned());
        }
    }
    names.sort();
    let mut out = String::from("&[\n");
    for name in names {
        let path = dir.join(format!("{name}.ron"));
        writeln!(out, "    ({name:?}, include_str!({:?})),", path.display().to_string())?;
    }
    out.push(']');
    std::fs::write(Path::new(&std::env::var("OUT_DIR")?).join("shipped_presets.rs"), out)?;
    Ok(())
}
