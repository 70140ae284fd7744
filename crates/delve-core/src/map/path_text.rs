//! Corridor paths in files: a start tile and runs of steps, e.g. `"12,7 E5 S3 W1"` (five steps
//! east, three south, one west). A path that jumps (never made by Delve, but possible after a
//! bad edit) restarts with `@x,y`. Ten times smaller and faster to read than a list of tuples.

use crate::geom::{Dir, Pos};
use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Write;

const fn letter(d: Dir) -> char {
    match d {
        Dir::North => 'N',
        Dir::East => 'E',
        Dir::South => 'S',
        Dir::West => 'W',
    }
}

/// The text form of a path.
pub(crate) fn to_text(path: &[Pos]) -> String {
    let mut out = String::with_capacity(16 + path.len() / 2);
    let Some(first) = path.first() else { return out };
    let _ = write!(out, "{},{}", first.x, first.y);
    let mut run: Option<(Dir, u32)> = None;
    let flush = |out: &mut String, run: &mut Option<(Dir, u32)>| {
        if let Some((d, n)) = run.take() {
            let _ = write!(out, " {}{n}", letter(d));
        }
    };
    for w in path.windows(2) {
        match w[0].dir_to(w[1]) {
            Some(d) => match &mut run {
                Some((rd, n)) if *rd == d => *n += 1,
                _ => {
                    flush(&mut out, &mut run);
                    run = Some((d, 1));
                }
            },
            None => {
                flush(&mut out, &mut run);
                let _ = write!(out, " @{},{}", w[1].x, w[1].y);
            }
        }
    }
    flush(&mut out, &mut run);
    out
}

/// Reads the text form; the error says what was expected. `max_cells` bounds the length.
pub(crate) fn from_text(text: &str, max_cells: usize) -> Result<Vec<Pos>, String> {
    let mut path = Vec::new();
    read(text, max_cells, Some(&mut path))?;
    Ok(path)
}

/// How many tiles the text form lists, checking it as [`from_text`] does but without making
/// the path: a file can say "a million steps east" in a few bytes.
pub fn count(text: &str, max_cells: usize) -> Result<usize, String> {
    read(text, max_cells, None)
}

/// Reads the text form, appending the tiles to `out` when given; returns how many there are.
fn read(text: &str, max_cells: usize, mut out: Option<&mut Vec<Pos>>) -> Result<usize, String> {
    let pos = |t: &str| -> Result<Pos, String> {
        let (x, y) = t.split_once(',').ok_or_else(|| format!("expected a tile `x,y`, found `{t}`"))?;
        let n = |s: &str| s.parse::<i32>().map_err(|_| format!("expected a whole number in `{t}`"));
        Ok(Pos::new(n(x)?, n(y)?))
    };
    let too_long = || format!("the path is longer than {max_cells} tiles");
    let mut tokens = text.split_ascii_whitespace();
    let Some(first) = tokens.next() else { return Ok(0) };
    let mut p = pos(first)?;
    let mut n = 1;
    if let Some(out) = out.as_deref_mut() {
        out.push(p);
    }
    for t in tokens {
        if let Some(rest) = t.strip_prefix('@') {
            p = pos(rest)?;
            n += 1;
            if n > max_cells {
                return Err(too_long());
            }
            if let Some(out) = out.as_deref_mut() {
                out.push(p);
            }
            continue;
        }
        let mut chars = t.chars();
        let dir = match chars.next() {
            Some('N') => Dir::North,
            Some('E') => Dir::East,
            Some('S') => Dir::South,
            Some('W') => Dir::West,
            _ => return Err(format!("expected a step like `E4` (N, E, S or W and a count) or `@x,y`, found `{t}`")),
        };
        let steps: usize =
            chars.as_str().parse().map_err(|_| format!("expected a step count after the letter in `{t}`"))?;
        n = n.checked_add(steps).filter(|&n| n <= max_cells).ok_or_else(too_long)?;
        let (dx, dy) = dir.delta();
        if let Some(out) = out.as_deref_mut() {
            // `steps` is at most `max_cells`, checked above.
            let from = p;
            out.extend((1..=steps).map(|k| from.offset(dx.wrapping_mul(k as i32), dy.wrapping_mul(k as i32))));
        }
        // Where the run ends (a count past `i32` wraps, as stepping one at a time would).
        p = p.offset(dx.wrapping_mul(steps as i32), dy.wrapping_mul(steps as i32));
    }
    Ok(n)
}

pub(crate) fn serialize<S: Serializer>(path: &[Pos], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&to_text(path))
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>, P: From<Vec<Pos>>>(d: D) -> Result<P, D::Error> {
    let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
    from_text(&text, super::MAX_TILES as usize).map(P::from).map_err(D::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let paths: Vec<Vec<Pos>> = vec![
            vec![],
            vec![Pos::new(3, -4)],
            [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 0), (1, -1)].map(Pos::from).to_vec(),
            [(5, 5), (9, 9), (9, 10), (3, 3)].map(Pos::from).to_vec(),
        ];
        for p in paths {
            let t = to_text(&p);
            assert_eq!(from_text(&t, 1000).unwrap(), p, "{t}");
        }
        assert_eq!(to_text(&[(0, 0), (1, 0), (2, 0), (2, 1)].map(Pos::from)), "0,0 E2 S1");
    }

    #[test]
    fn bad_text_says_what_was_expected() {
        assert!(from_text("1,2 X4", 100).unwrap_err().contains("expected a step"));
        assert!(from_text("1;2", 100).unwrap_err().contains("x,y"));
        assert!(from_text("1,2 E99999", 100).unwrap_err().contains("longer"));
        assert!(from_text("1,2 E", 100).unwrap_err().contains("count"));
        assert!(count("1,2 E99999999999999999999", 100).unwrap_err().contains("count"));
        assert!(count("1,2 E60 W40", 100).unwrap_err().contains("longer"));
        assert_eq!(count("1,2 E60 @5,5 W38", 100), Ok(100));
        assert_eq!(from_text("1,2 E60 @5,5 W38", 100).map(|p| p.len()), Ok(100));
    }
}
