//! Designing a room "in hyperspace", as Brogue's architect calls it: its floor in a frame of its
//! own, a door site on each side it may be entered from, and, by chance, a hallway bolted onto one
//! of them. [`Design`] is reused from try to try, so a try allocates nothing once the buffers
//! have grown.
//!
//! A door site is a tile outside the floor with exactly one floor neighbour, the floor on the
//! other side from the way the door faces, and nothing of the room straight out from it (on a
//! side's outermost row or column): Brogue's `directionOfDoorSite` and its outward ray. One is
//! drawn at random for each side that has any.

use crate::geom::{Dir, Pos, Rect};
use crate::map::Shape;
use crate::params::SizeRange;
use crate::params::accretion::{RoomAccretion, RoomForm};
use crate::rng::DelveRng;
use rand::{Rng, RngExt};

/// Brogue's blob rooms: five passes of "open with 6 open neighbours or more, stays open with 4
/// or more" over a box opened at random, at 5/8 (Brogue 55%, on boxes that erode less).
const BLOB_PASSES: usize = 5;
/// Most rows of a blob's box.
const MAX_ROWS: usize = crate::params::accretion::MAX_BLOB as usize;
/// Tries to grow a blob that spans half its box each way, before the largest so far is kept.
const BLOB_TRIES: usize = 4;
/// Chance (in 100) that a hallway may also be left by its sides at its far end (Brogue: 15).
const OBLIQUE_EXIT: u32 = 15;

/// A room designed in a frame of its own, with its door sites and perhaps a hallway.
#[derive(Clone, Debug)]
pub(super) struct Design {
    pub form: RoomForm,
    /// The floor as runs along rows: `(y, x0, x1)`, `x1` past the end, by row then `x0` (every
    /// row of `bounds` has one or more).
    pub spans: Vec<(i32, i32, i32)>,
    /// A circle's radius.
    radius: i32,
    /// The floor's bounding box.
    pub bounds: Rect,
    /// Floor tiles.
    pub cells: u32,
    /// The hallway's tiles, from the room's door outward (empty: no hallway).
    pub hall: Vec<Pos>,
    /// The way the hallway leaves the room.
    pub hall_dir: Dir,
    /// A door site for each way a door may face ([`Dir::ALL`] order), where the design meets
    /// the dungeon: on the room's walls, or at the hallway's far end.
    pub sites: [Option<Pos>; 4],
    /// The box of the floor and the hallway.
    pub extent: Rect,
    /// Where each row's spans start in `spans` (and where the last ends).
    row_start: Vec<usize>,
    /// Scratch: each column's top and bottom floor tile.
    top: Vec<i32>,
    bottom: Vec<i32>,
    /// Scratch: door sites found on one side.
    found: Vec<Pos>,
    /// Scratch: a blob's rows as they grow, and their runs.
    rows: [Vec<u64>; 2],
    runs: Runs,
}

impl Default for Design {
    fn default() -> Self {
        Design {
            form: RoomForm::Rect,
            spans: Vec::new(),
            radius: 0,
            bounds: Rect::new(0, 0, 0, 0),
            cells: 0,
            hall: Vec::new(),
            hall_dir: Dir::North,
            sites: [None; 4],
            extent: Rect::new(0, 0, 0, 0),
            row_start: Vec::new(),
            top: Vec::new(),
            bottom: Vec::new(),
            found: Vec::new(),
            rows: Default::default(),
            runs: Runs::default(),
        }
    }
}

impl Design {
    /// Whether `t` is floor or hallway of the design.
    fn covers(&self, t: Pos) -> bool {
        self.floor_at(t.x, t.y) || self.hall.contains(&t)
    }

    /// Whether `(x, y)` is floor of the design.
    fn floor_at(&self, x: i32, y: i32) -> bool {
        let r = y - self.bounds.y;
        if r < 0 || r >= self.bounds.h {
            return false;
        }
        let (from, to) = (self.row_start[r as usize], self.row_start[r as usize + 1]);
        self.spans[from..to].iter().any(|&(_, x0, x1)| x0 <= x && x < x1)
    }

    /// The floor moved by `(dx, dy)`, as a room's shape.
    pub(super) fn shape(&self, dx: i32, dy: i32) -> Shape {
        let b = self.bounds;
        match self.form {
            RoomForm::Rect => Shape::Rect(Rect::new(b.x + dx, b.y + dy, b.w, b.h)),
            RoomForm::Circle => {
                Shape::Circle { centre: Pos::new(b.x + self.radius + dx, b.y + self.radius + dy), radius: self.radius }
            }
            RoomForm::Cross | RoomForm::Blob => {
                let mut cells = Vec::with_capacity(self.cells as usize);
                for &(y, x0, x1) in &self.spans {
                    cells.extend((x0..x1).map(|x| Pos::new(x + dx, y + dy)));
                }
                Shape::Cells(cells)
            }
        }
    }

    /// Indexes the rows of `spans`.
    fn index_rows(&mut self) {
        self.row_start.clear();
        let mut last = None;
        for (i, &(y, ..)) in self.spans.iter().enumerate() {
            if last != Some(y) {
                self.row_start.push(i);
                last = Some(y);
            }
        }
        self.row_start.push(self.spans.len());
    }
}

fn draw(rng: &mut DelveRng, r: SizeRange, most: i32) -> i32 {
    let n = rng.random_range(r.min..=r.max.max(r.min)) as i32;
    n.min(most).max(1)
}

/// Brogue's `designRandomRoom`: a shape drawn by the weights, no larger than `limit` (across,
/// down), its door sites, and a hallway when `hallway`.
pub(super) fn design(p: &RoomAccretion, rng: &mut DelveRng, limit: (i32, i32), hallway: bool, out: &mut Design) {
    let weights = p.weights();
    let total: u32 = weights.iter().map(|(_, w)| w).sum();
    let mut pick = rng.random_range(0..total.max(1));
    let form = weights
        .iter()
        .find(|(_, w)| {
            let here = pick < *w;
            pick = pick.saturating_sub(*w);
            here
        })
        .map_or(RoomForm::Rect, |(f, _)| *f);
    out.form = form;
    out.spans.clear();
    out.hall.clear();
    match form {
        RoomForm::Rect => rectangle(p, rng, limit, out),
        RoomForm::Cross => cross(p, rng, limit, out),
        RoomForm::Blob => blob(p, rng, limit, out),
        RoomForm::Circle => circle(p, rng, limit, out),
    }
    out.cells = out.spans.iter().map(|(_, a, b)| (b - a) as u32).sum();
    out.index_rows();
    if form == RoomForm::Blob {
        door_sites(rng, out);
    }
    out.extent = out.bounds;
    if hallway {
        attach_hallway(p, rng, out);
    }
}

/// A rectangle: its door sites anywhere along each side.
fn rectangle(p: &RoomAccretion, rng: &mut DelveRng, limit: (i32, i32), out: &mut Design) {
    let (w, h) = (draw(rng, p.rect_width, limit.0), draw(rng, p.rect_height, limit.1));
    out.spans.extend((0..h).map(|y| (y, 0, w)));
    out.bounds = Rect::new(0, 0, w, h);
    let (x, y) = (rng.random_range(0..w), rng.random_range(0..h));
    let (x2, y2) = (rng.random_range(0..w), rng.random_range(0..h));
    // North, east, south, west.
    out.sites = [Some(Pos::new(x, -1)), Some(Pos::new(w, y)), Some(Pos::new(x2, h)), Some(Pos::new(-1, y2))];
}

/// A circle: its door sites at the ends of its two diameters (the only tiles outside it with
/// one neighbour in it).
fn circle(p: &RoomAccretion, rng: &mut DelveRng, limit: (i32, i32), out: &mut Design) {
    let r = draw(rng, p.circle_radius, (limit.0.min(limit.1) - 1) / 2);
    for dy in -r..=r {
        let mut half = 0;
        while (half + 1) * (half + 1) + dy * dy <= r * r {
            half += 1;
        }
        out.spans.push((r + dy, r - half, r + half + 1));
    }
    out.bounds = Rect::new(0, 0, 2 * r + 1, 2 * r + 1);
    out.radius = r;
    out.sites =
        [Some(Pos::new(r, -1)), Some(Pos::new(2 * r + 1, r)), Some(Pos::new(r, 2 * r + 1)), Some(Pos::new(-1, r))];
}

/// A cross: a bar across and a bar down, each laid near the other's middle (Brogue's cross
/// rooms, turned either way).
fn cross(p: &RoomAccretion, rng: &mut DelveRng, limit: (i32, i32), out: &mut Design) {
    let (across, down) = (draw(rng, p.cross_size, limit.0), draw(rng, p.cross_size, limit.1));
    let thick_across = draw(rng, p.cross_bar, (down - 2).max(1));
    let thick_down = draw(rng, p.cross_bar, (across - 2).max(1));
    let mut near_middle = |room: i32, bar: i32| ((room - bar) / 2 + rng.random_range(-1..=1)).clamp(0, room - bar);
    let bar_y = near_middle(down, thick_across);
    let bar_x = near_middle(across, thick_down);
    for y in 0..down {
        let (x0, x1) =
            if (bar_y..bar_y + thick_across).contains(&y) { (0, across) } else { (bar_x, bar_x + thick_down) };
        out.spans.push((y, x0, x1));
    }
    out.bounds = Rect::new(0, 0, across, down);
    // Door sites: on each side, along the bar that reaches it, and along the other bar's arms
    // where they stop short of it (not at the corner beside the bar).
    let bar_down = (bar_x, thick_down);
    let bar_across = (bar_y, thick_across);
    let (x, y) = cross_side(rng, across, bar_down, -1, (bar_y > 0).then(|| bar_y - 1));
    out.sites[0] = Some(Pos::new(x, y));
    let (y, x) = cross_side(rng, down, bar_across, across, (bar_x + thick_down < across).then_some(bar_x + thick_down));
    out.sites[1] = Some(Pos::new(x, y));
    let (x, y) = cross_side(rng, across, bar_down, down, (bar_y + thick_across < down).then_some(bar_y + thick_across));
    out.sites[2] = Some(Pos::new(x, y));
    let (y, x) = cross_side(rng, down, bar_across, -1, (bar_x > 0).then(|| bar_x - 1));
    out.sites[3] = Some(Pos::new(x, y));
}

/// A door site drawn on one side of a cross, `len` tiles long: along the bar that reaches the
/// side (its first tile and thickness), at `edge`; or along the arms of the other bar, at `arm`
/// when they stop short of the side (`None`: they reach it, and the whole side is at `edge`).
/// The site as (along the side, across it).
fn cross_side(rng: &mut DelveRng, len: i32, (c0, cl): (i32, i32), edge: i32, arm: Option<i32>) -> (i32, i32) {
    let Some(arm) = arm else { return (rng.random_range(0..len), edge) };
    let before = (c0 - 1).max(0);
    let after = (len - (c0 + cl + 1)).max(0);
    let k = rng.random_range(0..cl + before + after);
    if k < cl {
        (c0 + k, edge)
    } else if k < cl + before {
        (k - cl, arm)
    } else {
        (c0 + cl + 1 + (k - cl - before), arm)
    }
}

/// A small cave: Brogue's cave rooms (`designCavern`), a blob grown by the cellular rule in a
/// box, its largest open part kept; grown again (a few times at most, then the largest so far
/// is kept) until that part spans half the box each way, as Brogue's `createBlobOnGrid` asks of
/// its blobs.
fn blob(p: &RoomAccretion, rng: &mut DelveRng, limit: (i32, i32), out: &mut Design) {
    let (w, h) = (draw(rng, p.blob_size, limit.0), draw(rng, p.blob_size, limit.1));
    let mut best_size = 0;
    for _ in 0..BLOB_TRIES {
        let [rows, next] = &mut out.rows;
        grow_blob(rng, w, h, rows, next);
        let size = out.runs.largest(rows);
        if size > best_size {
            best_size = size;
            out.spans.clear();
            out.spans.extend(out.runs.kept());
        }
        let (Some(first), Some(last)) = (out.spans.first(), out.spans.last()) else { continue };
        let (lo, hi) = span_of(&out.spans);
        if 2 * (hi - lo) >= w && 2 * (last.0 - first.0 + 1) >= h {
            break;
        }
    }
    if best_size == 0 {
        // Nothing stayed open: the box itself.
        out.spans.extend((0..h).map(|y| (y, 0, w)));
    }
    let (lo, hi) = span_of(&out.spans);
    let (top, bottom) = (out.spans.first().map_or(0, |s| s.0), out.spans.last().map_or(0, |s| s.0));
    out.bounds = Rect::new(lo, top, hi - lo, bottom - top + 1);
}

/// The first tile and the tile past the last of `spans`, across.
fn span_of(spans: &[(i32, i32, i32)]) -> (i32, i32) {
    spans.iter().fold((i32::MAX, i32::MIN), |(lo, hi), s| (lo.min(s.1), hi.max(s.2)))
}

/// The runs of open tiles of a blob's rows, joined where they touch from row to row.
#[derive(Clone, Debug, Default)]
struct Runs {
    /// Each run: `(y, x0, x1)` in the box (`x1` past the end), row by row.
    runs: Vec<(i32, i32, i32)>,
    /// Union-find over the runs, and each root's tiles.
    parent: Vec<u32>,
    size: Vec<i32>,
    /// The root of the largest part.
    best: u32,
}

impl Runs {
    fn root(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let up = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = up;
            i = up;
        }
        i
    }

    /// Finds the largest 4-connected part of `rows` (bit `x + 1` the tile `x`); its size.
    fn largest(&mut self, rows: &[u64]) -> i32 {
        self.runs.clear();
        self.parent.clear();
        self.size.clear();
        let mut above = 0..0;
        for (y, &row) in rows.iter().enumerate() {
            let first = self.runs.len();
            let mut bits = row;
            while bits != 0 {
                let x0 = bits.trailing_zeros() as i32;
                let run = (bits >> x0).trailing_ones() as i32;
                bits &= !(((1u64 << run) - 1) << x0);
                let i = self.runs.len() as u32;
                self.runs.push((y as i32, x0 - 1, x0 - 1 + run));
                self.parent.push(i);
                self.size.push(run);
                // Join the runs of the row above it overlaps.
                for j in above.clone() {
                    let (_, a0, a1) = self.runs[j as usize];
                    if a0 < x0 - 1 + run && x0 - 1 < a1 {
                        let (ri, rj) = (self.root(i), self.root(j));
                        if ri != rj {
                            self.parent[ri as usize] = rj;
                            self.size[rj as usize] += self.size[ri as usize];
                        }
                    }
                }
            }
            above = first as u32..self.runs.len() as u32;
        }
        let mut best = (0, 0);
        for i in 0..self.runs.len() as u32 {
            if self.parent[i as usize] == i && self.size[i as usize] > best.1 {
                best = (i, self.size[i as usize]);
            }
        }
        self.best = best.0;
        best.1
    }

    /// The runs of the largest part, row by row.
    fn kept(&mut self) -> impl Iterator<Item = (i32, i32, i32)> + '_ {
        for i in 0..self.runs.len() as u32 {
            let r = self.root(i);
            self.parent[i as usize] = r;
        }
        let best = self.best;
        self.runs.iter().zip(&self.parent).filter(move |(_, p)| **p == best).map(|(r, _)| *r)
    }
}

/// Bits 1..=w of a row: the box's tiles (bits 0 and w + 1 stay rock).
fn mask(w: i32) -> u64 {
    ((1u64 << w) - 1) << 1
}

/// Fills `rows` (`h` rows of a `w`-wide box, bit x + 1 the tile x) at random and smooths them.
fn grow_blob(rng: &mut DelveRng, w: i32, h: i32, rows: &mut Vec<u64>, next: &mut Vec<u64>) {
    let m = mask(w);
    rows.clear();
    // Open with chance 5/8: one bit of three words.
    rows.extend((0..h).map(|_| (rng.next_u64() | (rng.next_u64() & rng.next_u64())) & m));
    next.clear();
    next.resize(h as usize, 0);
    // Each row's three tiles around each tile, summed (ones, twos), for the rows above and
    // below; the row itself adds its two neighbours.
    let mut thirds = [(0u64, 0u64); MAX_ROWS + 2];
    for _ in 0..BLOB_PASSES {
        for (y, &r) in rows.iter().enumerate() {
            thirds[y + 1] = add(r << 1, r, r >> 1);
        }
        for (y, &row) in rows.iter().enumerate() {
            let [_, twos, fours, eights] = neighbours(thirds[y], thirds[y + 2], row);
            let at_least_4 = fours | eights;
            let at_least_6 = eights | (fours & twos);
            next[y] = ((row & at_least_4) | (!row & at_least_6)) & m;
        }
        std::mem::swap(rows, next);
    }
}

/// A full adder over bit planes: the sum and carry of `a + b + c`, bit by bit.
fn add(a: u64, b: u64, c: u64) -> (u64, u64) {
    (a ^ b ^ c, (a & b) | (c & (a ^ b)))
}

/// The count of each tile's eight open neighbours, as four bit planes (1s, 2s, 4s, 8s), from
/// the three-tile sums of the rows above and below and the row itself.
fn neighbours((s1, c1): (u64, u64), (s2, c2): (u64, u64), row: u64) -> [u64; 4] {
    let (s3, c3) = (row << 1 ^ row >> 1, row << 1 & row >> 1);
    let (ones, c4) = add(s1, s2, s3);
    let (t, c5) = add(c1, c2, c3);
    let (twos, c6) = (t ^ c4, t & c4);
    [ones, twos, c5 ^ c6, c5 & c6]
}

/// Door sites of a shape of any form: on each side, the tiles just outside the outermost floor
/// of each column (or row) whose two neighbours along the side are not floor; one drawn at
/// random for each side.
fn door_sites(rng: &mut DelveRng, out: &mut Design) {
    let b = out.bounds;
    out.top.clear();
    out.top.resize(b.w as usize, i32::MAX);
    out.bottom.clear();
    out.bottom.resize(b.w as usize, 0);
    for &(y, x0, x1) in &out.spans {
        for c in (x0 - b.x) as usize..(x1 - b.x) as usize {
            out.top[c] = out.top[c].min(y);
            out.bottom[c] = y;
        }
    }
    for (k, d) in Dir::ALL.into_iter().enumerate() {
        let mut found = std::mem::take(&mut out.found);
        found.clear();
        let (dx, dy) = d.delta();
        let outermost = |a: i32| match d {
            Dir::North => Pos::new(b.x + a, out.top[a as usize]),
            Dir::South => Pos::new(b.x + a, out.bottom[a as usize]),
            Dir::West => Pos::new(out.spans[out.row_start[a as usize]].1, b.y + a),
            Dir::East => Pos::new(out.spans[out.row_start[a as usize + 1] - 1].2 - 1, b.y + a),
        };
        let along = if dx == 0 { b.w } else { b.h };
        for a in 0..along {
            let site = outermost(a).offset(dx, dy);
            // Its two neighbours along the side.
            let (sx, sy) = (dy.abs(), dx.abs());
            if !out.floor_at(site.x - sx, site.y - sy) && !out.floor_at(site.x + sx, site.y + sy) {
                found.push(site);
            }
        }
        out.sites[k] = (!found.is_empty()).then(|| found[rng.random_range(0..found.len())]);
        out.found = found;
    }
}

/// Brogue's `attachHallwayTo`: a straight hallway from a door site of the room, drawn from a
/// random side on, of a length in `hallway_length`; the design's door sites are then at its far
/// end: straight on, and (by chance, for hallways of 2 tiles or more) to either side. A
/// hallway that would run alongside the room's floor (a blob's, a cross's) is not bolted on.
fn attach_hallway(p: &RoomAccretion, rng: &mut DelveRng, out: &mut Design) {
    let start = rng.random_range(0..4);
    let Some(k) = (0..4).map(|i| (start + i) % 4).find(|&k| out.sites[k].is_some()) else { return };
    let (Some(door), d) = (out.sites[k], Dir::ALL[k]) else { return };
    let len = rng.random_range(p.hallway_length.min..=p.hallway_length.max.max(p.hallway_length.min)) as i32;
    let (dx, dy) = d.delta();
    let (sx, sy) = (dy.abs(), dx.abs());
    let hall = (0..len.max(1)).map(|i| door.offset(dx * i, dy * i));
    if hall.clone().any(|t| out.floor_at(t.x + sx, t.y + sy) || out.floor_at(t.x - sx, t.y - sy)) {
        return;
    }
    out.hall.extend(hall);
    out.hall_dir = d;
    let end = *out.hall.last().unwrap_or(&door);
    let oblique = out.hall.len() >= 2 && rng.random_range(0..100) < OBLIQUE_EXIT;
    for (j, e) in Dir::ALL.into_iter().enumerate() {
        let site = end.step(e);
        // A site beside the room too would put its door against the room's floor.
        let lone = site.neighbours4().iter().all(|&n| n == end || !out.covers(n));
        out.sites[j] = ((e == d || (oblique && e != d.opposite())) && lone).then_some(site);
    }
    for t in &out.hall {
        out.extent = out.extent.union(&Rect::new(t.x, t.y, 1, 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Stream, stream};

    fn check_sites(d: &Design) {
        let floor = |t: Pos| d.spans.iter().any(|&(y, a, b)| y == t.y && (a..b).contains(&t.x));
        let hall = |t: Pos| d.hall.contains(&t);
        for (k, s) in d.sites.iter().enumerate() {
            let Some(s) = *s else { continue };
            let dir = Dir::ALL[k];
            assert!(!floor(s) && !hall(s), "{:?}: the site {s:?} is outside", d.form);
            let behind = s.step(dir.opposite());
            assert!(floor(behind) || hall(behind), "{:?}: {s:?} facing {dir:?} has the room behind it", d.form);
            for n in s.neighbours4().into_iter().filter(|n| *n != behind) {
                assert!(!floor(n) && !hall(n), "{:?}: {s:?} has one neighbour in the room: {:?}", d.form, d.hall);
            }
        }
        // A hallway meets its room only at its first tile, the room's door.
        for (i, t) in d.hall.iter().enumerate() {
            for n in t.neighbours4().into_iter().filter(|n| floor(*n)) {
                assert!(
                    i == 0 && n == t.step(d.hall_dir.opposite()),
                    "{:?}: hallway {:?} runs by the room",
                    d.form,
                    d.hall
                );
            }
        }
    }

    #[test]
    fn every_design_has_sites_with_one_neighbour_in_the_room() {
        let p =
            RoomAccretion { rect_weight: 1, cross_weight: 1, blob_weight: 1, circle_weight: 1, ..Default::default() };
        let mut rng = stream(3, Stream::Shapes);
        let mut d = Design::default();
        let mut seen = std::collections::HashSet::new();
        for i in 0..400 {
            design(&p, &mut rng, (78, 48), i % 3 == 0, &mut d);
            seen.insert(d.form);
            let shape = d.shape(0, 0);
            assert_eq!(shape.area() as u32, d.cells, "{:?}", d.form);
            let mut cells = Vec::new();
            for &(y, a, b) in &d.spans {
                cells.extend((a..b).map(|x| Pos::new(x, y)));
            }
            assert_eq!(cells, shape.cells(), "{:?}: the spans are the shape", d.form);
            assert_eq!(Rect::bounding(cells.iter().copied()), Some(d.bounds));
            assert!(d.sites.iter().filter(|s| s.is_some()).count() > usize::from(d.hall.is_empty()));
            check_sites(&d);
            if d.form == RoomForm::Blob {
                // One 4-connected part.
                let n =
                    crate::pathfind::distances(80, 80, cells[0].offset(1, 1), |q| cells.contains(&q.offset(-1, -1)));
                let reached = n.as_slice().iter().filter(|v| **v != crate::pathfind::UNREACHED).count();
                assert_eq!(reached, cells.len(), "a blob is one part");
            }
        }
        assert_eq!(seen.len(), 4);
    }

    /// Rectangles, crosses and circles are walked straight: any two tiles are as many steps
    /// apart, inside the room, as across plus down (the loops count on it).
    #[test]
    fn rooms_but_blobs_are_walked_straight() {
        let p = RoomAccretion {
            cross_weight: 1,
            circle_weight: 1,
            circle_radius: SizeRange::new(1, 12),
            ..Default::default()
        };
        let mut rng = stream(5, Stream::Shapes);
        let mut d = Design::default();
        for _ in 0..300 {
            design(&p, &mut rng, (40, 40), false, &mut d);
            if d.form == RoomForm::Blob {
                continue;
            }
            let cells = d.shape(1, 1).cells();
            for &a in cells.iter().step_by(3) {
                let n = crate::pathfind::distances(60, 60, a, |q| cells.contains(&q));
                for &b in &cells {
                    let steps = a.x.abs_diff(b.x) + a.y.abs_diff(b.y);
                    assert_eq!(n.get(b).copied(), Some(steps), "{:?} {a:?} {b:?}", d.form);
                }
            }
        }
    }

    #[test]
    fn the_neighbour_count_is_exact() {
        let (up, row, down) = (0b1011_0110u64, 0b0110_1101u64, 0b1110_0011u64);
        let planes = neighbours(add(up << 1, up, up >> 1), add(down << 1, down, down >> 1), row);
        for x in 1..7 {
            let bit = |r: u64, i: i32| ((r >> i) & 1) as u32;
            let n: u32 = [up, down].iter().map(|&r| bit(r, x - 1) + bit(r, x) + bit(r, x + 1)).sum::<u32>()
                + bit(row, x - 1)
                + bit(row, x + 1);
            let got: u32 = planes.iter().enumerate().map(|(i, p)| bit(*p, x) << i).sum();
            assert_eq!(got, n, "tile {x}");
        }
    }
}
