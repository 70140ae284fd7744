//! *Help ▸ User guide*: the README, compiled into the editor, rendered to HTML and opened in the
//! browser. It is written to a folder of its own under the system's temporary folder; when the
//! editor runs from its source folder, the guide's screenshots are found there.

use std::path::{Path, PathBuf};

/// The README the editor was built with.
const README: &str = include_str!("../../README.md");

/// The guide as one HTML page; `base`: the folder its relative links (the screenshots) are in.
pub fn guide_html(base: Option<&Path>) -> String {
    let parser = pulldown_cmark::Parser::new_ext(README, pulldown_cmark::Options::ENABLE_TABLES);
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, parser);
    let base = base.map_or_else(String::new, |b| {
        let href = format!("file://{}/", b.display());
        format!("<base href=\"{}\">", html_attribute(&href))
    });
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Delve user guide</title>{base}\
         <style>body{{max-width:52em;margin:2em auto;padding:0 1em;font-family:sans-serif;line-height:1.5}}\
         img{{max-width:100%}}pre{{background:#f4f4f4;padding:.6em;overflow:auto}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2em .5em}}</style>\
         </head><body>\n{body}</body></html>\n"
    )
}

/// Writes the guide under `dir` (made if missing) and gives its path.
pub fn write_guide(dir: &Path) -> Result<PathBuf, crate::io::FileError> {
    std::fs::create_dir_all(dir).map_err(|error| crate::io::FileError::Write { path: dir.to_path_buf(), error })?;
    let source = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = source.join("docs").is_dir().then_some(source);
    let path = dir.join("index.html");
    crate::io::save_atomic(&path, guide_html(base).as_bytes())?;
    Ok(path)
}

/// The folder the editor writes the guide to.
pub fn guide_dir() -> PathBuf {
    std::env::temp_dir().join("delve-user-guide")
}

fn html_attribute(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_has_the_readme_sections_as_html() {
        let html = guide_html(None);
        assert!(html.starts_with("<!DOCTYPE html>"));
        for heading in ["<h2>Generators</h2>", "<h2>Command line</h2>", "<h3>Editing</h3>"] {
            assert!(html.contains(heading), "missing {heading}");
        }
        assert!(!html.contains("<base"), "no base without a source folder");
        let based = guide_html(Some(Path::new("/src/delve")));
        assert!(based.contains("<base href=\"file:///src/delve/\">"));
    }
}
