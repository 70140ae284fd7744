//! Field of view by symmetric shadowcasting (Albert Ford, "Symmetric Shadowcasting", 2020): what
//! a creature standing on a tile sees, over a grid of what can be seen through. Symmetric: a
//! floor tile is seen from another exactly when that one is seen from it.
//!
//! It gives the same tiles as python-tcod's `FOV_SYMMETRIC_SHADOWCAST` with `light_walls` (the
//! walls that bound the view are seen), tile for tile (a Python test holds this on 1,000
//! positions over the shipped presets): the same quadrants, the same single-precision slopes
//! and rounding, and a radius `r > 0` that keeps the tiles with `dx² + dy² < r²`. Unlike a
//! whole-map scan, rows stop at the radius, so a step on a huge map costs the tiles within it.

use crate::geom::Pos;

/// Each quadrant's transform `(xx, xy, yx, yy)`: a row `depth` away and a column along it map to
/// `(depth * xx + column * xy, depth * yx + column * yy)` from the viewer.
const QUADRANTS: [(i32, i32, i32, i32); 4] = [(1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0), (-1, 0, 0, -1)];

/// Calls `seen` for every tile seen from `from` (itself included; a tile may be named twice)
/// on a `width`×`height` map where `transparent` tells what can be seen through; `radius` 0
/// sees as far as the map goes. Nothing when `from` is off the map.
pub fn field_of_view(
    width: u32,
    height: u32,
    from: Pos,
    radius: u32,
    transparent: impl Fn(Pos) -> bool,
    mut seen: impl FnMut(Pos),
) {
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
    if !inside(from) {
        return;
    }
    let r2 = i64::from(radius) * i64::from(radius);
    let mut keep = |p: Pos| {
        let (dx, dy) = (i64::from(p.x - from.x), i64::from(p.y - from.y));
        if radius == 0 || dx * dx + dy * dy < r2 {
            seen(p);
        }
    };
    keep(from);
    // A row `radius` or more away holds no tile within the radius.
    let last = if radius == 0 { i32::MAX } else { radius as i32 - 1 };
    let scan = Scan { from, inside: &inside, transparent: &transparent, last };
    for q in QUADRANTS {
        scan.row(q, 1, -1.0, 1.0, &mut keep);
    }
}

/// What the scan of one viewer reads.
struct Scan<'a, I, T> {
    from: Pos,
    inside: &'a I,
    transparent: &'a T,
    /// The farthest row that can hold a tile within the radius.
    last: i32,
}

impl<I: Fn(Pos) -> bool, T: Fn(Pos) -> bool> Scan<'_, I, T> {
    /// Scans the rows of quadrant `q` from `depth` on between the slopes, depth first into the
    /// gaps a wall leaves.
    fn row(&self, q: (i32, i32, i32, i32), mut depth: i32, mut low: f32, high: f32, seen: &mut impl FnMut(Pos)) {
        let (xx, xy, yx, yy) = q;
        loop {
            if depth > self.last || !(self.inside)(self.from.offset(depth * xx, depth * yx)) {
                return;
            }
            let d = depth as f32;
            let first = round_half_up(d * low);
            let end = round_half_down(d * high);
            let mut prev_wall = false;
            for column in first..=end {
                let p = self.from.offset(depth * xx + column * xy, depth * yx + column * yy);
                if !(self.inside)(p) {
                    continue;
                }
                let wall = !(self.transparent)(p);
                let c = column as f32;
                if wall || (c >= d * low && c <= d * high) {
                    seen(p);
                }
                if prev_wall && !wall {
                    low = slope(depth, column);
                }
                if column != first && !prev_wall && wall {
                    self.row(q, depth + 1, low, slope(depth, column), seen);
                }
                prev_wall = wall;
            }
            if prev_wall {
                return;
            }
            depth += 1;
        }
    }
}

/// The slope of the line through a row's viewer and the left edge of tile `column`.
fn slope(depth: i32, column: i32) -> f32 {
    (2.0 * column as f32 - 1.0) / (2.0 * depth as f32)
}

/// Rounds half numbers up (as the C `roundf(n * (1 + FLT_EPSILON))`).
fn round_half_up(n: f32) -> i32 {
    (n * (1.0 + f32::EPSILON)).round() as i32
}

/// Rounds half numbers down (as the C `roundf(n * (1 - FLT_EPSILON))`).
fn round_half_down(n: f32) -> i32 {
    (n * (1.0 - f32::EPSILON)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The tiles seen on an ASCII map (`#` blocks the view) from `@`.
    fn seen(ascii: &str, radius: u32) -> (BTreeSet<(i32, i32)>, Vec<Vec<u8>>) {
        let rows: Vec<Vec<u8>> = ascii.lines().map(|l| l.trim().as_bytes().to_vec()).collect();
        let (w, h) = (rows[0].len() as u32, rows.len() as u32);
        let at = |p: Pos| rows[p.y as usize][p.x as usize];
        let from =
            (0..h as i32).flat_map(|y| (0..w as i32).map(move |x| Pos::new(x, y))).find(|p| at(*p) == b'@').unwrap();
        let mut out = BTreeSet::new();
        field_of_view(
            w,
            h,
            from,
            radius,
            |p| at(p) != b'#',
            |p| {
                out.insert((p.x, p.y));
            },
        );
        (out, rows)
    }

    #[test]
    fn an_open_room_is_seen_whole_and_its_walls_too() {
        let (s, rows) = seen(
            "#######
             #.....#
             #..@..#
             #.....#
             #######",
            0,
        );
        assert_eq!(s.len(), rows.len() * rows[0].len(), "every tile, walls included");
    }

    #[test]
    fn a_pillar_casts_a_shadow_and_sight_is_symmetric() {
        let map = "###########
                   #.........#
                   #.@..#....#
                   #.........#
                   ###########";
        let (s, rows) = seen(map, 0);
        assert!(!s.contains(&(7, 2)), "straight behind the pillar is hidden");
        assert!(s.contains(&(5, 2)), "the pillar itself is seen");
        // Symmetry: every floor tile seen from @ sees @.
        for &(x, y) in &s {
            if rows[y as usize][x as usize] != b'.' {
                continue;
            }
            let mut moved: Vec<Vec<u8>> = rows.clone();
            moved[2][2] = b'.';
            moved[y as usize][x as usize] = b'@';
            let text: Vec<String> = moved.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect();
            let (back, _) = seen(&text.join("\n"), 0);
            assert!(back.contains(&(2, 2)), "({x}, {y}) sees @ back");
        }
    }

    #[test]
    fn the_radius_keeps_tiles_nearer_than_it() {
        let row = format!("#{}#", ".".repeat(30));
        let mut lines = vec!["#".repeat(32)];
        for y in 0..30 {
            lines.push(if y == 15 { format!("#{}@{}#", ".".repeat(15), ".".repeat(14)) } else { row.clone() });
        }
        lines.push("#".repeat(32));
        let (s, _) = seen(&lines.join("\n"), 5);
        let from = (16, 16);
        assert!(s.iter().all(|&(x, y)| (x - from.0).pow(2) + (y - from.1).pow(2) < 25));
        assert!(s.contains(&(20, 16)) && !s.contains(&(21, 16)) && s.contains(&(19, 19)));
    }
}
