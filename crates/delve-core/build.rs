//! Builds the shipped files into the library, each folder's `*.ron` named by file stem, in name
//! order: `presets/` as `$OUT_DIR/shipped_presets.rs` (read by `io::SHIPPED_PRESETS`) and
//! `dungeons/` as `$OUT_DIR/shipped_dungeons.rs` (`io::SHIPPED_DUNGEONS`), each
//! `&[(name, RON text)]`. A file added to either folder ships, with no list to keep by hand.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

fn main() -> Result<(), Box<dyn Error>> {
    for folder in ["presets", "dungeons"] {
        println!("cargo:rerun-if-changed={folder}");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
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
        std::fs::write(Path::new(&std::env::var("OUT_DIR")?).join(format!("shipped_{folder}.rs")), out)?;
    }
    Ok(())
}
