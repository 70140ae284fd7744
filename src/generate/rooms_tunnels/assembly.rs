//! Map assembly: the tiles, rooms (with their colours), tunnels, corridors and doors of the map
//! made from the placed rooms, with the lookups that keep it fast on big maps.

use super::tunnels::{NONE, PathGeometry, Splitter, TunnelKind};
use super::{MIN_ROOM, RoomsAndTunnels, TunnelFrom};
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::colour::legible_room_colour;
use crate::map::{Corridor, Door, Map, Rgb, Room, Shape, Tile};
use crate::rng::{DelveRng, Stage, stream};
use rand::RngExt;

/// A placed room during generation, with the kind of tunnel that joins it to the room placed
/// before it (`None` for the first room).
pub(super) struct Placed {
    pub(super) footprint: Rect,
    pub(super) shape: Shape,
    pub(super) centre: Pos,
    pub(super) tunnel: Option<TunnelKind>,
}

/// A room's colour: one draw from `rng` (always exactly one, so the stream stays aligned), then
/// the room colour rule ([`legible_room_colour`]), which these colours already meet (their
/// least contrast against the wall is 3.14:1) and so leaves them as drawn.
pub(super) fn room_colour(rng: &mut DelveRng) -> Rgb {
    // A random hue at fixed saturation and value: distinct, readable fills. Written without
    // branches or libm calls (`as u32` truncates, which is floor for these non-negative values)
    // but computing exactly what the textbook HSV formula with `%`, `match` and `round` gives.
    let h = rng.random::<f64>() * 6.0;
    let (s, v) = (0.45, 0.80);
    let c = v * s;
    // `h - 2⌊h/2⌋` is exactly `h % 2.0` for 0 <= h < 6 (Sterbenz).
    let x = c * (1.0 - ((h - 2.0 * f64::from((h * 0.5) as u32)) - 1.0).abs());
    // Per hue sector, which of (c, x, 0) each channel takes.
    pub(super) const PICK: [[usize; 3]; 6] = [[0, 1, 2], [1, 0, 2], [2, 0, 1], [2, 1, 0], [1, 2, 0], [0, 2, 1]];
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
    legible_room_colour(Rgb(to(vals[r]), to(vals[g]), to(vals[b])))
}

/// Which placed room holds each floor tile, as room index + 1 (0: none), so that finding the
/// rooms a tunnel passes through costs one read. Bytes while there are fewer than 255 rooms.
pub(super) enum RoomLookup {
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

impl RoomLookup {
    pub(super) fn new(p: &RoomsAndTunnels, placed: &[Placed]) -> Self {
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
    pub(super) fn floor_tiles(&self) -> Vec<Tile> {
        let tile = |room: bool| if room { Tile::Floor } else { Tile::Wall };
        match self {
            RoomLookup::Bytes(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
            RoomLookup::Words(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
        }
    }

    /// The room holding tile index `i`.
    pub(super) fn room_at(&self, i: usize) -> Option<u32> {
        let id = match self {
            RoomLookup::Bytes(ids) => ids.get(i).map(|&v| u32::from(v)),
            RoomLookup::Words(ids) => ids.get(i).copied(),
        };
        id?.checked_sub(1)
    }
}

/// Doors made so far, by (tile, side): a small open-addressing hash table, so that finding the
/// door a tunnel already made costs a probe or two instead of a walk along a room's doors.
pub(super) struct DoorIndex {
    /// `(key, door id)`; key 0 is an empty slot.
    pub(super) slots: Vec<(u32, u32)>,
    pub(super) width: u32,
}

impl DoorIndex {
    pub(super) fn new(width: u32, expected: usize) -> Self {
        Self { slots: vec![(0, 0); (2 * expected).next_power_of_two().max(16)], width }
    }

    pub(super) fn key(&self, cell: Pos, side: Dir) -> u32 {
        // Maps have at most 4096 × 4096 tiles, so the tile index takes 24 bits.
        ((cell.y as u32 * self.width + cell.x as u32) << 2 | side as u32) + 1
    }

    /// The slot holding `key`, or the empty slot where it goes.
    pub(super) fn slot(&self, key: u32) -> usize {
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
    pub(super) fn door(&mut self, map: &mut Map, room: u32, cell: Pos, toward: Pos) -> u32 {
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
pub(super) fn side_towards(cell: Pos, toward: Pos) -> Dir {
    pub(super) const SIDES: [Dir; 9] =
        [Dir::North, Dir::North, Dir::North, Dir::West, Dir::North, Dir::East, Dir::North, Dir::South, Dir::North];
    let (dx, dy) = (toward.x.wrapping_sub(cell.x), toward.y.wrapping_sub(cell.y));
    if dx.unsigned_abs() > 1 || dy.unsigned_abs() > 1 {
        return Dir::North;
    }
    SIDES[((dy + 1) * 3 + dx + 1) as usize]
}

/// Carves rooms then tunnels, and splits each tunnel into corridors between the rooms it meets.
pub(super) fn build_map(p: &RoomsAndTunnels, seed: u64, placed: &[Placed]) -> Map {
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
            locked: false,
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
    // The pairs of doors (smaller id first) that corridors join.
    let mut passages = rustc_hash::FxHashSet::<(u32, u32)>::default();
    passages.reserve(2 * tunnels);
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
            // A later tunnel often runs along an earlier one between the same two doors, either
            // way: the passage is recorded once.
            let pair = (a.min(b), a.max(b));
            // Pairs met before are rare: then every corridor of the pair is compared.
            let seen = !passages.insert(pair);
            let same = |c: &Corridor| {
                (c.doors[0].min(c.doors[1]), c.doors[0].max(c.doors[1])) == pair
                    && (c.path == path || c.path.iter().rev().eq(path.iter()))
            };
            if seen && map.corridors.iter().any(same) {
                continue;
            }
            let id = map.corridors.len() as u32;
            map.corridors.push(Corridor { id, path, doors: [a, b], width });
        }
    }
    map.spawn = placed.first().map_or(Pos::new(w_half(p.width), w_half(p.height)), |r| r.centre);
    map
}

/// Sets every cell of `shape` in the row-major grid `cells` (`width` wide) to `v`, rectangles a
/// row at a time; cells off the grid are skipped.
pub(super) fn fill_shape<T: Copy>(cells: &mut [T], width: u32, shape: &Shape, v: T) {
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

pub(super) const fn w_half(v: u32) -> i32 {
    (v / 2) as i32
}
