//! Rooms and tunnels: the classic fill-then-carve generator of the McRogueFace and Godot
//! roguelike tutorials (part 3), with their "Try this" / "Challenge" variants as parameters.
//!
//! Algorithm (one random stream, [`Stage::Layout`], drawn in exactly the tutorials' order):
//! 1. Fill the map with wall.
//! 2. `max_rooms` times: draw a width and a height in `room_size`, then `x` in
//!    `edge_margin..=W - w - 1 - edge_margin` (and `y` likewise). The room's footprint is the
//!    rectangle `(x, y, w, h)`; its floor is `x+1..=x+w-1` by `y+1..=y+h-1`; its centre is
//!    `(x + w/2, y + h/2)`. Skip it when it overlaps a placed room under the `overlap` rule.
//! 3. Carve the floor (optionally a disc instead of the rectangle) and join the room to the
//!    previously placed one by a tunnel between their centres: an L (coin flip: horizontal or
//!    vertical leg first) or, optionally, a straight Bresenham line made 4-connected.
//! 4. Spawn at the first room's centre.
//!
//! Extra draws (circle rooms, direct tunnels) are made only when their chance is above zero,
//! so the tutorials' presets reproduce their stream exactly.

use super::Report;
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::{Corridor, Door, Map, Rgb, Room, Shape, Tile};
pub use crate::params::rooms_tunnels::*;
use crate::rng::{DelveRng, Stage, stream};
use rand::RngExt;

/// A placed room during generation, with the kind of tunnel that joins it to the room placed
/// before it (`None` for the first room).
struct Placed {
    footprint: Rect,
    shape: Shape,
    centre: Pos,
    tunnel: Option<TunnelKind>,
}

/// A closed box of tiles, `x0..=x1` by `y0..=y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Closed {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Closed {
    /// Whether the boxes share a tile. Without short-circuits, so that a pass over many boxes
    /// has no branches to mispredict.
    const fn meets(&self, o: &Closed) -> bool {
        (self.x0 <= o.x1) & (o.x0 <= self.x1) & (self.y0 <= o.y1) & (o.y0 <= self.y1)
    }
}

// Both overlap rules are one test between closed boxes, computed once per room: a new room is
// refused when its probe box meets the keep-out box of a placed room.
// - Separate, the McRogueFace tutorial's `intersects` on corner rectangles `x..=x+w`: the probe
//   is `x..=x+w`, the keep-out box `x-s..=x+w+s`.
// - ShareWalls, the Godot tutorial's `placed.grow(s).intersects(new.grow(-1))` on half-open
//   rectangles: the probe is `x+1..=x+w-2`, the keep-out box `x-s..=x+w+s-1`.

/// The box of a new room's footprint that must meet no keep-out box.
const fn probe(rule: OverlapRule, new: &Rect) -> Closed {
    match rule {
        OverlapRule::Separate => Closed { x0: new.x, y0: new.y, x1: new.x + new.w, y1: new.y + new.h },
        OverlapRule::ShareWalls => {
            Closed { x0: new.x + 1, y0: new.y + 1, x1: new.x + new.w - 2, y1: new.y + new.h - 2 }
        }
    }
}

/// The box around a placed room's footprint that no new room's probe may meet.
const fn keep_out(rule: OverlapRule, spacing: i32, old: &Rect) -> Closed {
    let (x0, y0) = (old.x - spacing, old.y - spacing);
    let (x1, y1) = (old.x + old.w + spacing, old.y + old.h + spacing);
    match rule {
        OverlapRule::Separate => Closed { x0, y0, x1, y1 },
        OverlapRule::ShareWalls => Closed { x0, y0, x1: x1 - 1, y1: y1 - 1 },
    }
}

/// Whether `new` may not be placed next to `old`.
#[cfg(test)]
fn overlaps(rule: OverlapRule, spacing: i32, new: &Rect, old: &Rect) -> bool {
    probe(rule, new).meets(&keep_out(rule, spacing, old))
}

/// Keep-out boxes of the placed rooms, with a bucket index once there are many so that overlap
/// tests stay close to constant time on big maps.
struct Footprints {
    boxes: Vec<Closed>,
    buckets: Option<Buckets>,
}

struct Buckets {
    size: i32,
    cols: i32,
    rows: i32,
    cells: Vec<Vec<u32>>,
}

const INDEX_FROM: usize = 64;

impl Buckets {
    fn span(&self, b: &Closed) -> (i32, i32, i32, i32) {
        let col = |x: i32| x.div_euclid(self.size).clamp(0, self.cols - 1);
        let row = |y: i32| y.div_euclid(self.size).clamp(0, self.rows - 1);
        (col(b.x0.min(b.x1)), col(b.x0.max(b.x1)), row(b.y0.min(b.y1)), row(b.y0.max(b.y1)))
    }

    fn insert(&mut self, i: u32, b: &Closed) {
        let (c0, c1, r0, r1) = self.span(b);
        for row in r0..=r1 {
            for col in c0..=c1 {
                self.cells[(row * self.cols + col) as usize].push(i);
            }
        }
    }
}

impl Footprints {
    fn with_capacity(n: usize) -> Self {
        Self { boxes: Vec::with_capacity(n), buckets: None }
    }

    /// Whether `probe` meets any keep-out box.
    fn any(&mut self, probe: &Closed, map_w: u32, map_h: u32) -> bool {
        debug_assert!(probe.x0 <= probe.x1 && probe.y0 <= probe.y1);
        if self.boxes.len() < INDEX_FROM {
            // No early exit: a branch-free pass over a few boxes is faster than a branchy one.
            return self.boxes.iter().fold(false, |hit, b| hit | probe.meets(b));
        }
        let b = self.buckets.get_or_insert_with(|| {
            let size = 32;
            let cols = (map_w as i32 + size - 1) / size;
            let rows = (map_h as i32 + size - 1) / size;
            let mut b = Buckets { size, cols, rows, cells: vec![Vec::new(); (cols * rows) as usize] };
            for (i, k) in self.boxes.iter().enumerate() {
                b.insert(i as u32, k);
            }
            b
        });
        let (c0, c1, r0, r1) = b.span(probe);
        for row in r0..=r1 {
            for col in c0..=c1 {
                if b.cells[(row * b.cols + col) as usize].iter().any(|&i| probe.meets(&self.boxes[i as usize])) {
                    return true;
                }
            }
        }
        false
    }

    fn push(&mut self, k: Closed) {
        let i = self.boxes.len() as u32;
        self.boxes.push(k);
        if let Some(b) = &mut self.buckets {
            b.insert(i, &k);
        }
    }
}

/// Bresenham's line from `a` to `b` (the McRogueFace challenge's algorithm, in integers), with a
/// cell added at each diagonal step so the tunnel stays 4-connected.
fn direct_path(a: Pos, b: Pos, out: &mut Vec<Pos>) {
    let (dx, dy) = ((b.x - a.x).abs(), (b.y - a.y).abs());
    let (sx, sy) = (if a.x < b.x { 1 } else { -1 }, if a.y < b.y { 1 } else { -1 });
    let (mut x, mut y) = (a.x, a.y);
    let first = out.len();
    let push = |p: Pos, out: &mut Vec<Pos>| {
        if out.len() > first
            && let Some(&last) = out.last()
            && last.x != p.x
            && last.y != p.y
        {
            out.push(Pos::new(p.x, last.y));
        }
        out.push(p);
    };
    // Twice the tutorial's floating-point error term, so `dx / 2` stays exact.
    if dx > dy {
        let mut err = dx;
        while x != b.x {
            push(Pos::new(x, y), out);
            err -= 2 * dy;
            if err < 0 {
                y += sy;
                err += 2 * dx;
            }
            x += sx;
        }
    } else {
        let mut err = dy;
        while y != b.y {
            push(Pos::new(x, y), out);
            err -= 2 * dx;
            if err < 0 {
                x += sx;
                err += 2 * dy;
            }
            y += sy;
        }
    }
    push(b, out);
}

fn room_colour(rng: &mut DelveRng) -> Rgb {
    // A random hue at fixed saturation and value: distinct, readable fills. Written without
    // branches or libm calls (`as u32` truncates, which is floor for these non-negative values)
    // but computing exactly what the textbook HSV formula with `%`, `match` and `round` gives.
    let h = rng.random::<f64>() * 6.0;
    let (s, v) = (0.45, 0.80);
    let c = v * s;
    // `h - 2⌊h/2⌋` is exactly `h % 2.0` for 0 <= h < 6 (Sterbenz).
    let x = c * (1.0 - ((h - 2.0 * f64::from((h * 0.5) as u32)) - 1.0).abs());
    // Per hue sector, which of (c, x, 0) each channel takes.
    const PICK: [[usize; 3]; 6] = [[0, 1, 2], [1, 0, 2], [2, 0, 1], [2, 1, 0], [1, 2, 0], [0, 2, 1]];
    let [r, g, b] = PICK[(h as usize).min(5)];
    let vals = [c, x, 0.0];
    let m = v - c;
    let to = |f: f64| {
        // Round half away from zero, exact for 0 <= y < 2^32; the value stays within 0..=255.
        let y = (f + m) * 255.0;
        let t = y as u32;
        let r = t + u32::from(y - f64::from(t) >= 0.5);
        r.min(255) as u8
    };
    Rgb(to(vals[r]), to(vals[g]), to(vals[b]))
}

pub(super) fn generate(p: &RoomsAndTunnels, seed: u64) -> super::Generated {
    let mut rng = stream(seed, Stage::Layout);
    let (w_map, h_map) = (p.width as i32, p.height as i32);
    let margin = p.edge_margin as i32;
    let spacing = p.room_spacing as i32;
    let (lo, hi) = (p.room_size.min as i32, p.room_size.max as i32);

    let mut placed: Vec<Placed> = Vec::with_capacity(p.max_rooms.min(4096) as usize);
    let mut index = Footprints::with_capacity(placed.capacity());
    for _ in 0..p.max_rooms {
        let w = rng.random_range(lo..=hi);
        let h = rng.random_range(lo..=hi);
        let x = rng.random_range(margin..=w_map - w - 1 - margin);
        let y = rng.random_range(margin..=h_map - h - 1 - margin);
        let footprint = Rect::new(x, y, w, h);
        if index.any(&probe(p.overlap, &footprint), p.width, p.height) {
            continue;
        }
        let centre = Pos::new(x + w / 2, y + h / 2);
        let shape = if p.circle_room_chance > 0.0 && rng.random::<f64>() < p.circle_room_chance {
            Shape::Circle { centre, radius: (w.min(h) / 2 - 1).max(0) }
        } else {
            Shape::Rect(Rect::new(x + 1, y + 1, w - 1, h - 1))
        };
        let tunnel = (!placed.is_empty()).then(|| {
            if p.direct_tunnel_chance > 0.0 && rng.random::<f64>() < p.direct_tunnel_chance {
                TunnelKind::Direct
            } else {
                TunnelKind::L { horizontal_first: rng.random::<f64>() < 0.5 }
            }
        });
        index.push(keep_out(p.overlap, spacing, &footprint));
        placed.push(Placed { footprint, shape, centre, tunnel });
    }

    let map = build_map(p, seed, &placed);
    let rooms_placed = placed.len();
    let rooms_asked = p.max_rooms as usize;
    let shortfall = (rooms_placed < rooms_asked).then(|| {
        format!(
            "the other {} tries overlapped rooms already placed (raise the map size or lower the room size to fit more)",
            rooms_asked - rooms_placed
        )
    });
    super::Generated { map, report: Report { rooms_placed, rooms_asked, shortfall } }
}

/// Which placed room holds each floor tile, as room index + 1 (0: none), so that finding the
/// rooms a tunnel passes through costs one read. Bytes while there are fewer than 255 rooms.
enum RoomLookup {
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

impl RoomLookup {
    fn new(p: &RoomsAndTunnels, placed: &[Placed]) -> Self {
        let n = p.width as usize * p.height as usize;
        if placed.len() < usize::from(u8::MAX) {
            let mut ids = vec![0u8; n];
            for (i, r) in placed.iter().enumerate() {
                fill_shape(&mut ids, p.width, &r.shape, i as u8 + 1);
            }
            RoomLookup::Bytes(ids)
        } else {
            let mut ids = vec![0u32; n];
            for (i, r) in placed.iter().enumerate() {
                fill_shape(&mut ids, p.width, &r.shape, i as u32 + 1);
            }
            RoomLookup::Words(ids)
        }
    }

    /// The tiles: room floor where a room is, wall elsewhere.
    fn floor_tiles(&self) -> Vec<Tile> {
        let tile = |room: bool| if room { Tile::Floor } else { Tile::Wall };
        match self {
            RoomLookup::Bytes(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
            RoomLookup::Words(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
        }
    }

    /// The room holding tile index `i`.
    fn room_at(&self, i: usize) -> Option<u32> {
        let id = match self {
            RoomLookup::Bytes(ids) => ids.get(i).map(|&v| u32::from(v)),
            RoomLookup::Words(ids) => ids.get(i).copied(),
        };
        id?.checked_sub(1)
    }
}

/// Doors made so far, by (tile, side): a small open-addressing hash table, so that finding the
/// door a tunnel already made costs a probe or two instead of a walk along a room's doors.
struct DoorIndex {
    /// `(key, door id)`; key 0 is an empty slot.
    slots: Vec<(u32, u32)>,
    width: u32,
}

impl DoorIndex {
    fn new(width: u32, expected: usize) -> Self {
        Self { slots: vec![(0, 0); (2 * expected).next_power_of_two().max(16)], width }
    }

    fn key(&self, cell: Pos, side: Dir) -> u32 {
        // Maps have at most 4096 × 4096 tiles, so the tile index takes 24 bits.
        ((cell.y as u32 * self.width + cell.x as u32) << 2 | side as u32) + 1
    }

    /// The slot holding `key`, or the empty slot where it goes.
    fn slot(&self, key: u32) -> usize {
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the top bits of the product, as many as the table needs.
        let bits = self.slots.len().trailing_zeros().clamp(1, 31);
        let mut i = (key.wrapping_mul(0x9E37_79B9) >> (32 - bits)) as usize & mask;
        while self.slots[i].0 != 0 && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The door of `room` at `cell` facing `toward`, made if it does not exist yet.
    fn door(&mut self, map: &mut Map, room: u32, cell: Pos, toward: Pos) -> u32 {
        let side = side_towards(cell, toward);
        let key = self.key(cell, side);
        let i = self.slot(key);
        if self.slots[i].0 == key {
            return self.slots[i].1;
        }
        let id = map.doors.len() as u32;
        map.doors.push(Door { id, room, cell, side, kind: 0 });
        self.slots[i] = (key, id);
        if 2 * map.doors.len() > self.slots.len() {
            // Keep the table at most half full.
            self.slots = vec![(0, 0); 2 * self.slots.len()];
            for d in &map.doors {
                let key = self.key(d.cell, d.side);
                let i = self.slot(key);
                self.slots[i] = (key, d.id);
            }
        }
        id
    }
}

/// The side of `cell` that faces the neighbouring tile `toward` (north when they are not
/// neighbours, which a corridor's first and last tiles always are), by table rather than by
/// branches that the processor would mispredict.
fn side_towards(cell: Pos, toward: Pos) -> Dir {
    const SIDES: [Dir; 9] =
        [Dir::North, Dir::North, Dir::North, Dir::West, Dir::North, Dir::East, Dir::North, Dir::South, Dir::North];
    let (dx, dy) = (toward.x.wrapping_sub(cell.x), toward.y.wrapping_sub(cell.y));
    if dx.unsigned_abs() > 1 || dy.unsigned_abs() > 1 {
        return Dir::North;
    }
    SIDES[((dy + 1) * 3 + dx + 1) as usize]
}

/// Carves rooms then tunnels, and splits each tunnel into corridors between the rooms it meets.
fn build_map(p: &RoomsAndTunnels, seed: u64, placed: &[Placed]) -> Map {
    // The rooms are drawn once, into the room lookup; the tiles are read off it.
    let lookup = RoomLookup::new(p, placed);
    let mut map = match Grid::from_vec(p.width, p.height, lookup.floor_tiles()) {
        Some(tiles) => Map::from_tiles(tiles),
        None => Map::new(p.width, p.height),
    };
    let mut colours = stream(seed, Stage::Colours);
    map.rooms.reserve_exact(placed.len());
    for (i, room) in placed.iter().enumerate() {
        debug_assert!(room.footprint.w >= MIN_ROOM as i32);
        map.rooms.push(Room {
            id: i as u32,
            shape: room.shape.clone(),
            colour: room_colour(&mut colours),
            label: None,
        });
    }
    let width = p.tunnel_width;
    let tunnels = placed.len().saturating_sub(1);
    let mut doors = DoorIndex::new(p.width, 4 * tunnels);
    let mut scratch = Vec::new();
    let w = p.width as usize;
    let mut split = Splitter { last_floor: NONE, run_start: NONE, k: 0, pieces: Vec::with_capacity(16) };
    // Tunnels often cross other rooms, each crossing making one more corridor and two doors.
    map.corridors.reserve(2 * tunnels);
    map.doors.reserve(4 * tunnels);
    for (i, room) in placed.iter().enumerate().skip(1) {
        let Some(kind) = room.tunnel else { continue };
        let ends = match p.tunnel_from {
            TunnelFrom::NewRoom => [i, i - 1],
            TunnelFrom::PreviousRoom => [i - 1, i],
        };
        let (geometry, len) = PathGeometry::new(placed[ends[0]].centre, placed[ends[1]].centre, kind, &mut scratch);
        if width > 1 {
            let mut line = Vec::with_capacity(len);
            geometry.extend(0..len, &scratch, &mut line);
            let brush = Corridor { id: 0, path: line, doors: [0, 0], width };
            brush.for_each_cell(|c| {
                if let Some(t) = map.tiles_mut().get_mut(c)
                    && *t == Tile::Wall
                {
                    *t = Tile::Corridor;
                }
            });
        }
        // Carve the centre line and split it into runs outside rooms; a run joins the rooms at
        // its ends. Rooms are looked up, and a run's cells listed, only where a run ends.
        split.start();
        let tiles = map.tiles_mut().as_mut_slice();
        let at = |c: Pos| c.y as isize * w as isize + c.x as isize;
        let step = |d: (i32, i32)| d.1 as isize * w as isize + d.0 as isize;
        match geometry {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                split.leg(tiles, at(a), step(d1), n1);
                split.leg(tiles, at(corner.offset(d2.0, d2.1)), step(d2), len - n1);
            }
            PathGeometry::Cells => {
                for &c in &scratch {
                    split.leg(tiles, at(c), 0, 1);
                }
            }
        }
        for (from_k, start_k, end_k) in split.pieces.drain(..) {
            let (from_cell, to_cell) = (geometry.cell(from_k, &scratch), geometry.cell(end_k, &scratch));
            // Room floor is only ever carved by a room, so both lookups succeed.
            let (Some(from_room), Some(to_room)) =
                (lookup.room_at(at(from_cell) as usize), lookup.room_at(at(to_cell) as usize))
            else {
                continue;
            };
            let mut path = Vec::with_capacity(end_k - start_k);
            geometry.extend(start_k..end_k, &scratch, &mut path);
            let (Some(&first), Some(&last)) = (path.first(), path.last()) else { continue };
            let a = doors.door(&mut map, from_room, from_cell, first);
            let b = doors.door(&mut map, to_room, to_cell, last);
            let id = map.corridors.len() as u32;
            map.corridors.push(Corridor { id, path, doors: [a, b], width });
        }
    }
    map.spawn = placed.first().map_or(Pos::new(w_half(p.width), w_half(p.height)), |r| r.centre);
    map
}

/// Sets every cell of `shape` in the row-major grid `cells` (`width` wide) to `v`, rectangles a
/// row at a time; cells off the grid are skipped.
fn fill_shape<T: Copy>(cells: &mut [T], width: u32, shape: &Shape, v: T) {
    let w = width as usize;
    let h = (cells.len() / w.max(1)) as i32;
    if let Shape::Rect(r) = shape {
        let (x0, y0) = (r.x.max(0), r.y.max(0));
        let (x1, y1) = (r.right().min(width as i32), r.bottom().min(h));
        if x1 <= x0 {
            return;
        }
        for y in y0..y1 {
            let row = y as usize * w;
            if let Some(run) = cells.get_mut(row + x0 as usize..row + x1 as usize) {
                run.fill(v);
            }
        }
    } else {
        shape.for_each_cell(|c| {
            if c.x >= 0 && c.y >= 0 && (c.x as u32) < width && c.y < h {
                cells[c.y as usize * w + c.x as usize] = v;
            }
        });
    }
}

/// The unit step from `a` towards `b` along one axis (`(0, 0)` when they are equal).
fn unit(a: Pos, b: Pos) -> (i32, i32) {
    ((b.x - a.x).signum(), (b.y - a.y).signum())
}

/// Where the `k`-th cell of a tunnel's centre line is.
enum PathGeometry {
    /// `n1` cells from `a` to `corner` (included) along `d1`, then on along `d2`.
    L { a: Pos, corner: Pos, d1: (i32, i32), d2: (i32, i32), n1: usize },
    /// The cells are listed in the scratch buffer.
    Cells,
}

impl PathGeometry {
    /// The centre line of a tunnel from `a` to `b`, and its length in tiles. A direct tunnel's
    /// cells are listed in `cells`.
    fn new(a: Pos, b: Pos, kind: TunnelKind, cells: &mut Vec<Pos>) -> (PathGeometry, usize) {
        match kind {
            TunnelKind::L { horizontal_first } => {
                let corner = if horizontal_first { Pos::new(b.x, a.y) } else { Pos::new(a.x, b.y) };
                let n1 = a.manhattan(corner) as usize + 1;
                let geometry = PathGeometry::L { a, corner, d1: unit(a, corner), d2: unit(corner, b), n1 };
                (geometry, n1 + corner.manhattan(b) as usize)
            }
            TunnelKind::Direct => {
                cells.clear();
                direct_path(a, b, cells);
                (PathGeometry::Cells, cells.len())
            }
        }
    }

    fn cell(&self, k: usize, cells: &[Pos]) -> Pos {
        match *self {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                if k < n1 {
                    a.offset(d1.0 * k as i32, d1.1 * k as i32)
                } else {
                    let j = (k + 1 - n1) as i32;
                    corner.offset(d2.0 * j, d2.1 * j)
                }
            }
            PathGeometry::Cells => cells.get(k).copied().unwrap_or_default(),
        }
    }

    /// Appends the cells `ks` of the line to `out`, a leg at a time.
    fn extend(&self, ks: std::ops::Range<usize>, cells: &[Pos], out: &mut Vec<Pos>) {
        match *self {
            PathGeometry::L { a, corner, d1, d2, n1 } => {
                let (k0, k1) = (ks.start as i32, ks.end as i32);
                let n1 = n1 as i32;
                let mut p = a.offset(d1.0 * k0, d1.1 * k0);
                for _ in k0..k1.min(n1) {
                    out.push(p);
                    p = p.offset(d1.0, d1.1);
                }
                let j0 = k0.max(n1) - n1 + 1;
                let mut p = corner.offset(d2.0 * j0, d2.1 * j0);
                for _ in j0..k1 - n1 + 1 {
                    out.push(p);
                    p = p.offset(d2.0, d2.1);
                }
            }
            PathGeometry::Cells => out.extend_from_slice(cells.get(ks).unwrap_or_default()),
        }
    }
}

/// No index yet.
const NONE: usize = usize::MAX;

/// Walks a tunnel's centre line over the tiles: carves wall into corridor and notes where the
/// line leaves and re-enters room floor, as `(last floor, first outside, next floor)` indices
/// along the line.
struct Splitter {
    last_floor: usize,
    run_start: usize,
    k: usize,
    pieces: Vec<(usize, usize, usize)>,
}

impl Splitter {
    fn start(&mut self) {
        self.last_floor = NONE;
        self.run_start = NONE;
        self.k = 0;
    }

    /// `n` cells from tile index `i` on in steps of `di`, a run of floor or of other tiles at a
    /// time. Tunnels run between room centres, so every cell is on the map; a leg that would
    /// leave it is cut short there.
    fn leg(&mut self, tiles: &mut [Tile], i: isize, di: isize, n: usize) {
        let k0 = self.k;
        self.k += n;
        let (mut i, mut j) = (i, 0);
        let len = tiles.len();
        let at = |i: isize| usize::try_from(i).ok().filter(|&i| i < len);
        while j < n {
            let Some(mut t) = at(i) else { return };
            if tiles[t] == Tile::Floor {
                if self.run_start != NONE {
                    if self.last_floor != NONE {
                        self.pieces.push((self.last_floor, self.run_start, k0 + j));
                    }
                    self.run_start = NONE;
                }
                loop {
                    j += 1;
                    i += di;
                    if j == n || at(i).is_none_or(|next| tiles[next] != Tile::Floor) {
                        break;
                    }
                }
                self.last_floor = k0 + j - 1;
            } else {
                if self.run_start == NONE {
                    self.run_start = k0 + j;
                }
                loop {
                    tiles[t] = Tile::Corridor;
                    j += 1;
                    i += di;
                    match at(i) {
                        Some(next) if j < n && tiles[next] != Tile::Floor => t = next,
                        _ => break,
                    }
                }
            }
        }
    }
}

/// How a room is joined to the one placed before it.
#[derive(Clone, Copy)]
enum TunnelKind {
    L { horizontal_first: bool },
    Direct,
}

const fn w_half(v: u32) -> i32 {
    (v / 2) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bresenham_is_four_connected_and_ends_right() {
        // Appending after another path does not join the two.
        let mut v = vec![Pos::new(100, 100)];
        direct_path(Pos::new(0, 0), Pos::new(3, 2), &mut v);
        assert_eq!(v[1], Pos::new(0, 0));
        for (a, b) in [((0, 0), (7, 3)), ((5, 5), (1, 9)), ((2, 2), (2, 8)), ((3, 1), (-4, -2))] {
            let (a, b) = (Pos::from(a), Pos::from(b));
            let mut v = Vec::new();
            direct_path(a, b, &mut v);
            assert_eq!(v.first(), Some(&a));
            assert_eq!(v.last(), Some(&b));
            assert!(v.windows(2).all(|w| w[0].manhattan(w[1]) == 1), "{v:?}");
        }
    }

    #[test]
    fn l_paths_take_the_chosen_leg_first() {
        let cells = |horizontal_first| {
            let mut v = Vec::new();
            let kind = TunnelKind::L { horizontal_first };
            let (line, len) = PathGeometry::new(Pos::new(0, 0), Pos::new(2, 2), kind, &mut Vec::new());
            line.extend(0..len, &[], &mut v);
            v
        };
        assert_eq!(cells(true), [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)].map(Pos::from));
        assert_eq!(cells(false), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)].map(Pos::from));
        // Straight tunnels: the corner is an end.
        for horizontal_first in [true, false] {
            let kind = TunnelKind::L { horizontal_first };
            let (line, len) = PathGeometry::new(Pos::new(3, 1), Pos::new(0, 1), kind, &mut Vec::new());
            let mut v = Vec::new();
            line.extend(0..len, &[], &mut v);
            assert_eq!(v, [(3, 1), (2, 1), (1, 1), (0, 1)].map(Pos::from));
        }
    }

    #[test]
    fn overlap_rules_match_the_tutorials() {
        let a = Rect::new(0, 0, 10, 10);
        // McRogueFace: corner rectangles 0..=10; x = 11 is the first that does not touch.
        assert!(overlaps(OverlapRule::Separate, 0, &Rect::new(10, 0, 6, 6), &a));
        assert!(!overlaps(OverlapRule::Separate, 0, &Rect::new(11, 0, 6, 6), &a));
        // Godot: new.grow(-1) strictly inside a's 0..10; x = 9 is allowed.
        assert!(overlaps(OverlapRule::ShareWalls, 0, &Rect::new(8, 0, 6, 6), &a));
        assert!(!overlaps(OverlapRule::ShareWalls, 0, &Rect::new(9, 0, 6, 6), &a));
        assert!(overlaps(OverlapRule::ShareWalls, 1, &Rect::new(9, 0, 6, 6), &a));
    }
}
