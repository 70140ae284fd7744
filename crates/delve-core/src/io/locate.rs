//! Which field of a RON text a position falls in, so that an error about a value can name the
//! field (`room_size.min`, `rooms[3].id`) and, for a generator parameter, its allowed range.
//!
//! The scan is a light tokenizer (strings, raw strings, characters, comments, identifiers,
//! brackets): linear in the text up to the position, and it never fails; on text it does not
//! understand it gives a shorter path or none.

use crate::params::{GeneratorKind, ParamSpec};

/// Where a position of a RON text is, in terms of fields.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Place {
    /// Field names and list indices from the outermost value in: `generator.room_size.min`.
    pub path: String,
    /// When the position is inside a generator's parameters: the parameter's spec and the path
    /// from that parameter in (`room_size.min`).
    pub param: Option<(&'static ParamSpec, String)>,
    /// The number or word at the position (`-3`), empty when there is none.
    pub value: String,
}

/// One open `(`, `[` or `{`.
#[derive(Default)]
struct Frame<'t> {
    /// The identifier just before the bracket (a struct or enum variant name).
    name: Option<&'t str>,
    /// The last field name seen directly inside this bracket.
    key: Option<&'t str>,
    /// For a list: the index of the element being read.
    index: Option<usize>,
}

/// Byte offset of 1-based `line` and `col` (in characters), clamped to the text.
pub(super) fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(n) => start += n + 1,
            None => return text.len(),
        }
    }
    let rest = text[start..].split('\n').next().unwrap_or_default();
    let within = rest.char_indices().nth(col.saturating_sub(1)).map_or(rest.len(), |(i, _)| i);
    start + within
}

/// The fields open at byte `offset` of `text`.
pub(super) fn place(text: &str, offset: usize) -> Place {
    let frames = scan(text, offset.min(text.len()));
    let mut path = String::new();
    let mut param_start = None;
    let mut generator = None;
    for f in frames.iter().skip(1) {
        if generator.is_none()
            && let Some(kind) = f.name.and_then(|n| GeneratorKind::ALL.iter().find(|k| k.file_name() == n))
        {
            generator = Some(*kind);
        }
        if let Some(i) = f.index {
            path.push_str(&format!("[{i}]"));
        }
        if let Some(k) = f.key {
            if generator.is_some() && param_start.is_none() {
                param_start = Some((path.len(), k));
            }
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
        }
    }
    let param = generator.zip(param_start).and_then(|(kind, (at, key))| {
        let spec = kind.specs().iter().find(|s| s.key == key)?;
        let sub = path.get(at..).unwrap_or_default().trim_start_matches('.').to_string();
        Some((spec, sub))
    });
    Place { path, param, value: token_at(text, offset) }
}

/// The number-like token around byte `offset` (`-3`, `0x10`, `1_000`), empty when none.
fn token_at(text: &str, offset: usize) -> String {
    let is_tok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '+');
    let offset = offset.min(text.len());
    let Some((before, after)) = text.split_at_checked(offset) else { return String::new() };
    let head = before.len() - before.trim_end_matches(is_tok).len();
    let tail = after.find(|c: char| !is_tok(c)).unwrap_or(after.len());
    format!("{}{}", &before[before.len() - head..], &after[..tail])
}

/// The frames open at byte `end` (the first one stands for the text outside any bracket).
fn scan(text: &str, end: usize) -> Vec<Frame<'_>> {
    scan_until(text, |i, _| i >= end).1
}

/// Where element `index` of the top-level list field `field` starts (`rooms`, 3: the fourth
/// room), as 1-based line and column.
pub(super) fn element_start(text: &str, field: &str, index: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let (at, frames) = scan_until(text, |i, frames| {
        frames.len() == 3
            && frames[1].key == Some(field)
            && frames[2].index == Some(index)
            && !b[i].is_ascii_whitespace()
            && !matches!(b[i], b',' | b'/')
    });
    (at < b.len() && frames.len() == 3).then(|| line_col(text, at))
}

/// Where the value of the top-level field `field` starts (`version`, `spawn`), as 1-based line
/// and column.
pub(super) fn field_start(text: &str, field: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let (at, frames) = scan_until(text, |i, frames| {
        frames.len() == 2 && frames[1].key == Some(field) && !b[i].is_ascii_whitespace() && b[i] != b'/'
    });
    (at < b.len() && frames.len() == 2).then(|| line_col(text, at))
}

/// 1-based line and column (in characters) of byte `offset`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

/// Scans until `stop(i, frames)` holds at byte `i` (or the text ends); returns where it stopped
/// and the frames open there.
fn scan_until<'t>(text: &'t str, mut stop: impl FnMut(usize, &[Frame<'t>]) -> bool) -> (usize, Vec<Frame<'t>>) {
    let b = text.as_bytes();
    let mut frames = vec![Frame::default()];
    let mut pending: Option<&str> = None;
    let mut i = 0;
    while i < b.len() {
        if stop(i, &frames) {
            return (i, frames);
        }
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(b, i);
                continue;
            }
            b'"' => {
                i = skip_string(b, i + 1);
                pending = None;
                continue;
            }
            b'\'' => {
                i = skip_char(b, i + 1);
                pending = None;
                continue;
            }
            b'(' | b'[' | b'{' => {
                frames.push(Frame { name: pending.take(), key: None, index: (c == b'[').then_some(0) });
            }
            b')' | b']' | b'}' => {
                if frames.len() > 1 {
                    frames.pop();
                }
                pending = None;
            }
            b',' => {
                if let Some(f) = frames.last_mut()
                    && let Some(n) = &mut f.index
                {
                    *n += 1;
                }
                pending = None;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                // A raw string (`r"…"`, `r#"…"#`), a byte string, or an identifier.
                if c == b'r' || c == b'b' {
                    let mut j = i + 1;
                    if c == b'b' && b.get(j) == Some(&b'r') {
                        j += 1;
                    }
                    let hashes = b[j.min(b.len())..].iter().take_while(|&&h| h == b'#').count();
                    if b.get(j + hashes) == Some(&b'"') && (hashes > 0 || c == b'b' || j == i + 1) {
                        i = skip_raw_string(b, j + hashes + 1, hashes);
                        pending = None;
                        continue;
                    }
                }
                let start = if c == b'r' && b.get(i + 1) == Some(&b'#') { i + 2 } else { i };
                let len = b[start.min(b.len())..]
                    .iter()
                    .take_while(|&&x| x.is_ascii_alphanumeric() || x == b'_' || x >= 0x80)
                    .count();
                let ident = text.get(start..start + len).unwrap_or_default();
                i = start + len.max(1);
                let next = skip_space(b, i);
                if b.get(next) == Some(&b':') && b.get(next + 1) != Some(&b':') {
                    if let Some(f) = frames.last_mut() {
                        f.key = Some(ident);
                    }
                    pending = None;
                    i = next + 1;
                } else {
                    pending = Some(ident);
                }
                continue;
            }
            _ if c.is_ascii_whitespace() => {}
            _ => pending = None,
        }
        i += 1;
    }
    (b.len(), frames)
}

/// The index after the white space and comments from `i`.
fn skip_space(b: &[u8], mut i: usize) -> usize {
    loop {
        match (b.get(i), b.get(i + 1)) {
            (Some(c), _) if c.is_ascii_whitespace() => i += 1,
            (Some(b'/'), Some(b'/')) => {
                i += b[i..].iter().position(|&c| c == b'\n').unwrap_or(b.len() - i);
            }
            (Some(b'/'), Some(b'*')) => i = skip_block_comment(b, i),
            _ => return i,
        }
    }
}

/// The index after a (nested) block comment starting at `i`.
fn skip_block_comment(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'*')) => {
                depth += 1;
                i += 2;
            }
            (b'*', Some(b'/')) => {
                depth = depth.saturating_sub(1);
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after the closing quote of a string whose text starts at `i`.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after the closing quote of a character whose text starts at `i`.
fn skip_char(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => return i + 1,
            b'\n' => return i,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after `"` followed by `hashes` `#`, for a raw string whose text starts at `i`.
fn skip_raw_string(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"' && b.len() - (i + 1) >= hashes && b[i + 1..i + 1 + hashes].iter().all(|&h| h == b'#') {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, marker: &str) -> Place {
        place(text, text.find(marker).unwrap())
    }

    #[test]
    fn paths_and_parameters() {
        let t = "// c: (x: 1)\n(version: 1, name: Some(\"a: (\\\"b\"), notes: Some(r#\"x: \"(\"#),\n\
                 generator: RoomsAndTunnels((width: 80, room_size: (min: -3, max: 10))))";
        let p = at(t, "3, max");
        assert_eq!(p.path, "generator.room_size.min");
        assert_eq!(p.value, "-3");
        let (spec, sub) = p.param.unwrap();
        assert_eq!((spec.key, sub.as_str()), ("room_size", "room_size.min"));
        assert_eq!(at(t, "1, name").path, "version");
        assert!(at(t, "1, name").param.is_none());
        let t = "(rooms: [(id: 0), (id: 1), (id: -5)], provenance: (params: Some(GrownRooms((rooms: 1e99)))))";
        assert_eq!(at(t, "-5").path, "rooms[2].id");
        let p = at(t, "1e99");
        assert_eq!(p.path, "provenance.params.rooms");
        assert_eq!(p.param.unwrap().0.key, "rooms");
        assert_eq!(p.value, "1e99");
    }

    #[test]
    fn offsets_count_characters() {
        let t = "ü\nab ü x";
        assert_eq!(&t[offset_of(t, 2, 6)..], "x");
        assert_eq!(offset_of(t, 9, 9), t.len());
        assert_eq!(offset_of(t, 1, 99), t.find('\n').unwrap());
    }

    #[test]
    fn broken_text_never_panics() {
        for t in ["r#\"", "b'", "/* /*", "(a: \"", "r", "((((", "))))a:", "x: ü", "r#ab: 1"] {
            for i in 0..=t.len() {
                let _ = place(t, i);
            }
        }
    }
}
