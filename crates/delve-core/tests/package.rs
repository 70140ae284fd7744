//! The published crate holds everything it builds in: every `include_str!`, `include_bytes!` and
//! `include!` in the core's sources (`src/`, `examples/`) names a file inside this crate's folder
//! — the shipped presets are `crates/delve-core/presets`, and the repository's top-level
//! `presets` is a link to them, never the other way round — and a file the `include` list of
//! `Cargo.toml` packages. `cargo publish --dry-run -p delve-core` finds the same, in minutes;
//! this finds it in milliseconds.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Component, Path, PathBuf};

const MACROS: [&str; 3] = ["include_str!", "include_bytes!", "include!"];

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's text with its `//` comments left out (a path named in a comment builds nothing in).
fn code(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The paths the file's include macros name, each as written; `Err` with the call's start for
/// a call whose argument is not one plain string literal (this test could not follow it).
fn included(code: &str) -> Vec<Result<String, String>> {
    let mut found = Vec::new();
    for name in MACROS {
        for (at, _) in code.match_indices(name) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `my_include!`: another macro
            }
            let rest = &code[at + name.len()..];
            let literal = rest
                .trim_start()
                .strip_prefix('(')
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('"'))
                .and_then(|r| r.find(['"', '\\']).filter(|&end| r.as_bytes()[end] == b'"').map(|end| &r[..end]));
            let call: String = code[at..].chars().take(80).collect();
            found.push(literal.map(str::to_owned).ok_or(call));
        }
    }
    found
}

/// `path` with its `.` and `..` resolved as written (no file system: a link is not followed).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The `include` list of the crate's `Cargo.toml`, as globs relative to the crate's folder (in
/// the published crate, from `Cargo.toml.orig`: cargo leaves the list out of the one it writes).
fn include_globs() -> Vec<String> {
    let orig = crate_dir().join("Cargo.toml.orig");
    let manifest = std::fs::read_to_string(if orig.is_file() { orig } else { crate_dir().join("Cargo.toml") }).unwrap();
    let line = manifest.lines().find(|l| l.starts_with("include = [")).expect("Cargo.toml has an include list");
    let list = line.split_once('[').unwrap().1.split(']').next().unwrap();
    list.split('"').skip(1).step_by(2).map(|g| g.trim_start_matches('/').to_owned()).collect()
}

/// Cargo's globs as the `include` list uses them: `**` any number of folders, `*` within a name.
fn glob(pattern: &[&str], path: &[&str]) -> bool {
    match (pattern.first(), path.first()) {
        (None, None) => true,
        (Some(&"**"), _) => glob(&pattern[1..], path) || (!path.is_empty() && glob(pattern, &path[1..])),
        (Some(p), Some(s)) => {
            let name = match p.split_once('*') {
                Some((a, b)) => s.len() >= a.len() + b.len() && s.starts_with(a) && s.ends_with(b),
                None => p == s,
            };
            name && glob(&pattern[1..], &path[1..])
        }
        _ => false,
    }
}

#[test]
fn every_included_file_is_inside_the_crate_and_packaged() {
    let root = crate_dir();
    let real_root = root.canonicalize().unwrap();
    let globs = include_globs();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("examples"), &mut files);
    let mut seen = 0;
    let mut wrong = Vec::new();
    for file in &files {
        let shown = file.strip_prefix(root).unwrap().display().to_string();
        for found in included(&code(&std::fs::read_to_string(file).unwrap())) {
            let named = match found {
                Ok(named) => named,
                // What the build script makes (the shipped presets): checked below.
                Err(call) if call.starts_with(BUILT) => continue,
                Err(call) => {
                    wrong.push(format!("{shown}: not one string literal, which this test cannot follow: {call}"));
                    continue;
                }
            };
            seen += 1;
            let target = lexical(&file.parent().unwrap().join(&named));
            let Ok(inside) = target.strip_prefix(root) else {
                wrong.push(format!("{shown}: \"{named}\" leaves the crate's folder"));
                continue;
            };
            // Inside as written, and inside once links are followed (a link out of the crate is
            // packaged by today's cargo, but the crate's sources would then live elsewhere).
            match target.canonicalize() {
                Ok(real) if real.starts_with(&real_root) => {}
                Ok(real) => wrong.push(format!("{shown}: \"{named}\" is a link to {}", real.display())),
                Err(e) => wrong.push(format!("{shown}: \"{named}\": {e}")),
            }
            let parts: Vec<String> =
                inside.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
            if !globs.iter().any(|g| glob(&g.split('/').collect::<Vec<_>>(), &parts)) {
                wrong.push(format!("{shown}: \"{named}\" is not in Cargo.toml's include list {globs:?}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "include macros naming a file outside the crate's folder or its package:\n{}",
        wrong.join("\n")
    );
    let shipped = delve_core::io::vaults::SHIPPED_LIBRARIES.len();
    assert!(seen >= shipped, "{seen} include macros seen, fewer than the {shipped} shipped libraries");
}

/// An `include!` of a file the build script writes.
const BUILT: &str = "include!(concat!(env!(\"OUT_DIR\")";

/// The shipped presets `build.rs` builds in are the files `presets/<name>.ron` of this crate,
/// each whole, every one of them, and each packaged.
#[test]
fn the_shipped_presets_are_the_presets_folder() {
    let dir = crate_dir().join("presets");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "ron"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let names: Vec<&str> = delve_core::io::SHIPPED_PRESETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, files, "the shipped presets and presets/*.ron");
    let globs = include_globs();
    for (name, text) in delve_core::io::SHIPPED_PRESETS {
        assert_eq!(*text, std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap(), "{name}");
        let file = format!("{name}.ron");
        assert!(globs.iter().any(|g| glob(&g.split('/').collect::<Vec<_>>(), &["presets", &file])), "{name}");
    }
    assert!(globs.iter().any(|g| g == "build.rs"), "the build script is packaged: {globs:?}");
}

#[test]
fn the_checks_tell_inside_from_outside() {
    assert!(glob(&["presets", "**", "*.ron"], &["presets", "vaults", "library.ron"]));
    assert!(glob(&["presets", "**", "*.ron"], &["presets", "caves.ron"]));
    assert!(!glob(&["presets", "**", "*.ron"], &["presets", "caves.txt"]));
    assert!(!glob(&["examples", "*.rs"], &["examples", "a", "b.rs"]));
    assert_eq!(lexical(Path::new("/c/src/io/../../presets/a.ron")), Path::new("/c/presets/a.ron"));
    let calls = included("x!(include_str!(\n  \"../a.ron\")); include_bytes!(concat!(\"b\")); my_include!(\"c\")");
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0], Ok("../a.ron".to_owned()));
    assert!(calls[1].is_err(), "{calls:?}");
}
