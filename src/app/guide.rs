//! *Help ▸ User guide*: the README, compiled into the editor, rendered to HTML and opened in the
//! browser. It is written to a folder of its own under the system's temporary folder, with the
//! files it links to (its screenshots and the map schema), which are compiled in too: the guide
//! is whole wherever Delve is installed. Its headings carry the anchors GitHub gives them, so
//! the README's in-page links work in the guide as they do on GitHub.

use pulldown_cmark::{Event, Tag, TagEnd};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The README the editor was built with.
const README: &str = include_str!("../../README.md");

/// The files the README links to, by the path it links them with: every file in `docs/`
/// (listed by `build.rs`).
const FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/guide_files.rs"));

/// The guide as one HTML page, its links relative to the folder it is written to.
pub fn guide_html() -> String {
    let events: Vec<Event> = pulldown_cmark::Parser::new_ext(README, pulldown_cmark::Options::ENABLE_TABLES).collect();
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, with_anchors(events).into_iter());
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Delve user guide</title>\
         <style>body{{max-width:52em;margin:2em auto;padding:0 1em;font-family:sans-serif;line-height:1.5}}\
         img{{max-width:100%}}pre{{background:#f4f4f4;padding:.6em;overflow:auto}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2em .5em}}</style>\
         </head><body>\n{body}</body></html>\n"
    )
}

/// `events` with an id on every heading: the anchor GitHub makes of its text (lower case,
/// spaces to hyphens, other punctuation dropped; `-1`, `-2` … after a repeat).
fn with_anchors(mut events: Vec<Event>) -> Vec<Event> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { id: None, .. }) = &events[i] {
            let mut text = String::new();
            for e in &events[i + 1..] {
                match e {
                    Event::End(TagEnd::Heading(_)) => break,
                    Event::Text(t) | Event::Code(t) => text.push_str(t),
                    _ => {}
                }
            }
            let slug = github_anchor(&text);
            let n = seen.entry(slug.clone()).or_insert(0);
            let anchor = if *n == 0 { slug } else { format!("{slug}-{n}") };
            *n += 1;
            if let Event::Start(Tag::Heading { id, .. }) = &mut events[i] {
                *id = Some(anchor.into());
            }
        }
        i += 1;
    }
    events
}

/// The anchor GitHub gives a heading of `text`.
fn github_anchor(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Writes the guide and the files it links to under `dir` (made if missing) and gives the
/// page's path.
pub fn write_guide(dir: &Path) -> Result<PathBuf, crate::io::FileError> {
    let write = |path: &Path, bytes: &[u8]| -> Result<(), crate::io::FileError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|error| crate::io::FileError::Write { path: parent.to_path_buf(), error })?;
        }
        crate::io::save_atomic(path, bytes)
    };
    for (name, bytes) in FILES {
        write(&dir.join(name), bytes)?;
    }
    let path = dir.join("index.html");
    write(&path, guide_html().as_bytes())?;
    Ok(path)
}

/// The folder the editor writes the guide to.
pub fn guide_dir() -> PathBuf {
    std::env::temp_dir().join("delve-user-guide")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_has_the_readme_sections_as_html() {
        let html = guide_html();
        assert!(html.starts_with("<!DOCTYPE html>"));
        for heading in ["<h2 id=\"generators\">Generators</h2>", "<h2 id=\"command-line\">Command line</h2>"] {
            assert!(html.contains(heading), "missing {heading}");
        }
        assert!(!html.contains("<base"), "links are relative to the guide's own folder");
    }

    /// Every in-page link of the README lands on a heading of the guide.
    #[test]
    fn every_in_page_link_has_its_heading() {
        let html = guide_html();
        let links: Vec<&str> = html.split("href=\"#").skip(1).filter_map(|s| s.split('"').next()).collect();
        assert!(links.len() >= 5, "the README links within itself: {links:?}");
        for link in links {
            assert!(html.contains(&format!("id=\"{link}\"")), "#{link} goes nowhere");
        }
    }

    /// Every file the README links to is compiled in and written beside the page, so its
    /// images show without the source folder.
    #[test]
    fn the_guide_carries_every_file_it_links_to() {
        let dir = tempfile::tempdir().unwrap();
        let page = write_guide(dir.path()).unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        let mut linked = 0;
        for attr in ["src=\"", "href=\""] {
            for link in html.split(attr).skip(1).filter_map(|s| s.split('"').next()) {
                if link.starts_with('#') || link.contains("://") || link.starts_with("mailto:") {
                    continue;
                }
                linked += 1;
                assert!(dir.path().join(link).is_file(), "{link} is linked but not written with the guide");
            }
        }
        assert!(linked >= 10, "{linked} files linked");
    }

    #[test]
    fn anchors_are_the_ones_github_makes() {
        assert_eq!(github_anchor("Markers, keys and locks"), "markers-keys-and-locks");
        assert_eq!(github_anchor("Locks over any map"), "locks-over-any-map");
        assert_eq!(github_anchor("Python: `import delve`"), "python-import-delve");
    }
}
