//! The code stays readable in pieces (issue 50): no Rust file of the project over 700 lines, and
//! no function over 120 lines in the generators (`generate/`) and their parameters (`params/`).

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 700;
const MAX_FN_LINES: usize = 120;

/// The `.rs` files under `dir`, build output left out.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && !name.to_string_lossy().starts_with('.') {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each function with a body in `text`: its name and its length in lines, from the line of
/// `fn` to the closing brace at the same indentation (rustfmt's layout).
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let after_fn = ["pub fn ", "pub(crate) fn ", "pub(super) fn ", "fn ", "const fn ", "pub const fn "]
            .iter()
            .find_map(|p| body.strip_prefix(p));
        let Some(rest) = after_fn else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if body.contains('{') && body.trim_end().ends_with('}') {
            out.push((name, 1));
            continue;
        }
        // A declaration without a body (in a trait) ends at its semicolon.
        let end = lines[i..].iter().position(|l| l.starts_with(indent) && l[indent.len()..].starts_with('}'));
        let declared = lines[i..].iter().position(|l| l.trim_end().ends_with(';'));
        if let Some(end) = end
            && declared.is_none_or(|d| d > end || lines[i..=i + d].iter().any(|l| l.contains('{')))
        {
            out.push((name, end + 1));
        }
    }
    out
}

#[test]
fn no_file_is_over_seven_hundred_lines() {
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches", "crates", "examples"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 100, "found only {} files", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(f).ok()?.lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{} ({n} lines)", f.strip_prefix(root()).unwrap_or(f).display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_FILE_LINES} lines: {long:?}");
}

#[test]
fn no_function_in_the_generators_or_their_parameters_is_over_one_hundred_and_twenty_lines() {
    let mut files = Vec::new();
    for dir in ["crates/delve-core/src/generate", "crates/delve-core/src/params"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 30, "found only {} files", files.len());
    let mut counted = 0;
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (name, n) in functions(&text) {
            counted += 1;
            if n > MAX_FN_LINES {
                long.push(format!("{}: {name} ({n} lines)", f.strip_prefix(root()).unwrap_or(f).display()));
            }
        }
    }
    assert!(counted > 300, "counted only {counted} functions");
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines: {long:?}");
}

/// The counter itself, on functions whose length is known.
#[test]
fn functions_are_counted_from_fn_to_their_closing_brace() {
    let text = "fn a() {\n    1;\n}\n\nimpl X {\n    pub fn b(\n        x: u32,\n    ) -> u32 {\n        x\n    }\n}\n\
                trait T {\n    fn c(&self);\n    fn d(&self) {}\n}\n";
    let mut found = functions(text);
    found.sort();
    assert_eq!(found, [("a".to_string(), 3), ("b".to_string(), 5), ("d".to_string(), 1)]);
}
