//! Builds the list of files the user guide links to (`docs/`, beside the README) into the
//! editor: `$OUT_DIR/guide_files.rs`, `&[(path, bytes)]`, by name. A picture added to the README
//! and to `docs/` is in the guide with no list to keep by hand.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=docs");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join("docs"))? {
        let entry = entry?;
        if entry.path().is_file() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    let mut out = String::from("&[\n");
    for name in names {
        let path = root.join("docs").join(&name);
        writeln!(out, "    ({:?}, include_bytes!({:?})),", format!("docs/{name}"), path.display().to_string())?;
    }
    out.push(']');
    std::fs::write(Path::new(&std::env::var("OUT_DIR")?).join("guide_files.rs"), out)?;
    Ok(())
}
