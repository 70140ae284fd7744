//! The dungeon so far, as accretion builds it: what each tile is, which tiles a new room may not
//! touch, the door sites on its walls, and its rooms, doors and corridors in the map's terms.
//!
//! In the map's terms a door between two parts is a corridor: where a room is attached straight
//! to a room, the wall tile between them becomes a corridor of one tile, with a door on each room;
//! a hallway is a corridor from the new room's door to the wall tile it was attached at. A room
//! attached to the side of a hallway (or a loop opened into one) gets a corridor that runs on
//! along the hallway to the nearer of its two doors, so every corridor joins two doors.
//!
//! A tile is kept at its *place*, `y × stride + x`, the stride a power of two of at least 64, so
//! that a row is whole words of the bit grids and a place is a bit of them.

use super::shapes::Design;
use crate::geom::{Dir, Pos, Rect};
use crate::map::palette::PALETTE;
use crate::map::{Corridor, Door, Map, Room, SharedCells, Tile};
use crate::params::accretion::RoomForm;
use crate::rng::DelveRng;
use rand::RngExt;
use std::ops::Range;

/// What a tile of the dungeon is: rock, a door (the wall tile a room was attached at, or a loop
/// opened), a room's floor (the room), or a hallway's (its place in [`Dungeon::halls`]), in one
/// word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell(u32);

impl Cell {
    pub(crate) const DOOR: Cell = Cell(1);
    const ROOM: u32 = 1 << 30;
    const HALL: u32 = 2 << 30;
    const TAG: u32 = 3 << 30;

    fn room(id: u32) -> Cell {
        Cell(Cell::ROOM | id)
    }

    fn hall(index: u32) -> Cell {
        Cell(Cell::HALL | index)
    }

    /// The room whose floor this is.
    pub(crate) fn of_room(self) -> Option<u32> {
        (self.0 & Cell::TAG == Cell::ROOM).then_some(self.0 & !Cell::TAG)
    }

    /// The hallway tile this is, as its place in [`Dungeon::halls`].
    fn of_hall(self) -> Option<usize> {
        (self.0 & Cell::TAG == Cell::HALL).then_some((self.0 & !Cell::TAG) as usize)
    }

    /// Walkable: not rock.
    pub(crate) fn open(self) -> bool {
        self.0 != 0
    }
}

/// One bit per place.
#[derive(Clone, Debug)]
pub(super) struct Bits {
    pub words: Vec<u64>,
    /// Words per row.
    pub per_row: usize,
}

impl Bits {
    fn new(shift: u32, h: i32) -> Bits {
        let per_row = (1usize << shift) / 64;
        Bits { words: vec![0; per_row * h.max(0) as usize], per_row }
    }

    /// Whether any of tiles `x0..x1` of row `y` is set (all inside the map).
    #[inline]
    pub(super) fn any(&self, y: i32, x0: i32, x1: i32) -> bool {
        let row = y as usize * self.per_row;
        let (a, b) = (x0 as usize, x1 as usize - 1);
        let (first, last) = (!0u64 << (a & 63), !0u64 >> (63 - (b & 63)));
        let (wa, wb) = (row + (a >> 6), row + (b >> 6));
        if wa == wb {
            return self.words[wa] & first & last != 0;
        }
        self.words[wa] & first != 0 || self.words[wa + 1..wb].iter().any(|&w| w != 0) || self.words[wb] & last != 0
    }

    /// Whether place `i` is set.
    #[inline]
    pub(super) fn at(&self, i: usize) -> bool {
        (self.words[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Row `y`'s words.
    pub(super) fn row(&self, y: i32) -> &[u64] {
        &self.words[y as usize * self.per_row..][..self.per_row]
    }

    /// Sets tiles `x0..x1` of row `y` (all inside the map).
    fn set(&mut self, y: i32, x0: i32, x1: i32) {
        let row = &mut self.words[y as usize * self.per_row..][..self.per_row];
        let (a, b) = (x0 as usize, x1 as usize - 1);
        let (wa, wb) = (a >> 6, b >> 6);
        let (first, last) = (!0u64 << (a & 63), !0u64 >> (63 - (b & 63)));
        if wa == wb {
            row[wa] |= first & last;
            return;
        }
        row[wa] |= first;
        row[wa + 1..wb].iter_mut().for_each(|w| *w = !0);
        row[wb] |= last;
    }
}

/// A door site of the dungeon, packed: its place × 4 + the way a door there would face, out of
/// the dungeon ([`Dir`] as a number). A wall tile with floor behind it (a room's or a
/// hallway's) and nothing but rock around the tile in front of it.
pub(super) type Site = u32;

/// The door sites in the order they are tried: a ring, taken from the front and given back at
/// the end.
#[derive(Clone, Debug, Default)]
pub(super) struct Ring {
    buf: Vec<Site>,
    head: usize,
    len: usize,
}

impl Ring {
    fn with_capacity(n: usize) -> Ring {
        Ring { buf: vec![0; n.max(16).next_power_of_two()], head: 0, len: 0 }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The first site, taken out.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Site {
        let site = self.buf[self.head & (self.buf.len() - 1)];
        self.head = self.head.wrapping_add(1);
        self.len -= 1;
        site
    }

    /// Puts `site` at the end.
    #[inline(always)]
    pub(crate) fn push(&mut self, site: Site) {
        if self.len == self.buf.len() {
            self.grow();
        }
        let mask = self.buf.len() - 1;
        self.buf[(self.head + self.len) & mask] = site;
        self.len += 1;
    }

    #[cold]
    fn grow(&mut self) {
        let mut buf = vec![0; 2 * self.buf.len()];
        for (i, slot) in buf.iter_mut().take(self.len).enumerate() {
            *slot = self.buf[(self.head + i) & (self.buf.len() - 1)];
        }
        (self.buf, self.head) = (buf, 0);
    }

    /// Swaps the sites `i` and `j` places from the front.
    fn swap(&mut self, i: usize, j: usize) {
        let mask = self.buf.len() - 1;
        self.buf.swap((self.head + i) & mask, (self.head + j) & mask);
    }
}

/// Places among the sites for the new ones of a room, or ways to take the next site from:
/// Knuth's MMIX linear congruential generator from one draw of the layout stream (a draw of the
/// stream for each would cost more than the rest of the work on a site), its high bits scaled
/// to the range.
pub(super) struct Places(pub u64);

impl Places {
    /// A place in `0..n`.
    #[inline]
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (((self.0 >> 32) * n as u64) >> 32) as usize
    }
}

/// The dungeon so far.
pub(super) struct Dungeon {
    pub w: i32,
    pub h: i32,
    /// Places per row: a power of two, at least 64 and the width.
    pub shift: u32,
    /// What each place is (a [`Cell`]).
    pub cells: Vec<u32>,
    /// Tiles a new room or hallway may not cover: the border, and every tile within one step
    /// (diagonals too) of the floor so far.
    pub blocked: Bits,
    /// The floor a door may lead from: rooms' and hallways' (not doors).
    pub floor: Bits,
    /// Each hallway tile's corridor and place along its path.
    halls: Vec<(u32, u32)>,
    /// The door sites facing each way ([`Dir::ALL`] order), in the order they are tried: each new
    /// one put at a random place among them, and one where a room did not fit moved to the back.
    /// A site stays valid while the tile in front of it is not blocked.
    pub sites: [Ring; 4],
    pub rooms: Vec<Room>,
    /// Whether each room is walked straight: any two of its tiles as many steps apart as
    /// across plus down (every shape but the blob).
    pub straight: Vec<bool>,
    pub doors: Vec<Door>,
    /// Each corridor's cells (a range of `path`) and doors.
    pub corridors: Vec<(Range<usize>, [u32; 2])>,
    pub path: Vec<Pos>,
    /// Walkable tiles.
    pub open: usize,
}

impl Dungeon {
    pub(super) fn new(w: u32, h: u32) -> Dungeon {
        let shift = w.max(64).next_power_of_two().trailing_zeros();
        // Room for an 80×50 map's worth; larger maps grow their lists as they go.
        let area = ((w * h) as usize).min(1 << 14);
        let (w, h) = (w as i32, h as i32);
        // The border, and the places past the end of each row.
        let mut blocked = Bits::new(shift, h);
        let stride = 1 << shift;
        for y in 0..h {
            if y == 0 || y == h - 1 {
                blocked.set(y, 0, stride);
            } else {
                blocked.set(y, 0, 1);
                blocked.set(y, w - 1, stride);
            }
        }
        Dungeon {
            w,
            h,
            shift,
            cells: vec![0; (h as usize) << shift],
            blocked,
            floor: Bits::new(shift, h),
            halls: Vec::with_capacity(area / 64),
            sites: std::array::from_fn(|_| Ring::with_capacity(area / 32)),
            rooms: Vec::with_capacity(area / 64),
            straight: Vec::with_capacity(area / 64),
            doors: Vec::with_capacity(area / 32),
            corridors: Vec::with_capacity(area / 64),
            path: Vec::with_capacity(area / 16),
            open: 0,
        }
    }

    /// The place of tile `p`.
    #[inline]
    pub(super) fn place(&self, p: Pos) -> usize {
        ((p.y as usize) << self.shift) | p.x as usize
    }

    /// The tile at place `i`.
    #[inline]
    pub(super) fn pos(&self, i: usize) -> Pos {
        Pos::new((i & ((1 << self.shift) - 1)) as i32, (i >> self.shift) as i32)
    }

    /// How far a step `dir` moves a place.
    #[inline]
    pub(super) fn step(&self, dir: u32) -> usize {
        [(1usize << self.shift).wrapping_neg(), 1, 1 << self.shift, usize::MAX][dir as usize & 3]
    }

    pub(super) fn cell(&self, p: Pos) -> Cell {
        Cell(self.cells[self.place(p)])
    }

    /// Whether `p` is floor a door may lead from: a room's or a hallway's (not a door).
    pub(super) fn floor(&self, p: Pos) -> bool {
        self.floor.at(self.place(p))
    }

    /// The share of the map that is walkable.
    pub(super) fn filled(&self) -> f64 {
        self.open as f64 / (self.w as f64 * self.h as f64)
    }

    /// Where `design` goes to stand in the middle of the map (it fits: no side is longer than
    /// the map's inside).
    pub(super) fn middle(&self, design: &Design) -> (i32, i32) {
        let b = design.bounds;
        ((self.w - b.w) / 2 - b.x, (self.h - b.h) / 2 - b.y)
    }

    /// The room the door nearer to floor `t` along its hallway is on (the room of a room's floor).
    pub(super) fn room_toward(&self, t: Pos) -> Option<u32> {
        let cell = self.cell(t);
        if let Some(hall) = cell.of_hall() {
            let (corridor, at) = self.halls[hall];
            let (range, doors) = &self.corridors[corridor as usize];
            let door = if (at as usize) < range.len() - at as usize { doors[0] } else { doors[1] };
            return Some(self.room_of(door));
        }
        cell.of_room()
    }

    /// Marks `p` as `cell` and blocks the tiles around it.
    pub(super) fn open_tile(&mut self, p: Pos, cell: Cell) {
        let i = self.place(p);
        self.cells[i] = cell.0;
        if cell != Cell::DOOR {
            self.floor.set(p.y, p.x, p.x + 1);
        }
        self.open += 1;
        for y in p.y - 1..=p.y + 1 {
            self.blocked.set(y, p.x - 1, p.x + 2);
        }
    }

    /// Lays room `design`, moved by `(dx, dy)`, and its hallway: their tiles and colour.
    /// Returns the room's id and its floor's bounds on the map.
    pub(super) fn lay(&mut self, design: &Design, (dx, dy): (i32, i32), colours: &mut DelveRng) -> (u32, Rect) {
        let room = self.rooms.len() as u32;
        for &(y, x0, x1) in &design.spans {
            let (y, x0, x1) = (y + dy, x0 + dx, x1 + dx);
            let row = (y as usize) << self.shift;
            self.cells[row + x0 as usize..row + x1 as usize].fill(Cell::room(room).0);
            self.floor.set(y, x0, x1);
            self.open += (x1 - x0) as usize;
            for by in y - 1..=y + 1 {
                self.blocked.set(by, x0 - 1, x1 + 1);
            }
        }
        self.rooms.push(Room::new(room, design.shape(dx, dy), PALETTE[colours.random_range(0..PALETTE.len())]));
        self.straight.push(design.form != RoomForm::Blob);
        let corridor = self.corridors.len() as u32;
        for (at, t) in design.hall.iter().enumerate() {
            let cell = Cell::hall(self.halls.len() as u32);
            self.halls.push((corridor, at as u32));
            self.open_tile(t.offset(dx, dy), cell);
        }
        let b = design.bounds;
        (room, Rect::new(b.x + dx, b.y + dy, b.w, b.h))
    }

    /// Adds the door sites the floor of the last room laid (and its hallway) makes, each at a
    /// random place among the sites. A site is a wall tile in front of a new floor tile with
    /// nothing but rock around the tile beyond it (which also makes that floor tile its only
    /// floor neighbour).
    pub(super) fn add_sites(&mut self, design: &Design, (dx, dy): (i32, i32), order: &mut DelveRng) {
        let mut order = Places(order.random());
        let hall = design.hall.iter().map(|t| (t.y, t.x, t.x + 1));
        for (y, x0, x1) in design.spans.iter().copied().chain(hall) {
            let (y, x0, x1) = (y + dy, (x0 + dx) as usize, (x1 + dx) as usize);
            let row = (y as usize) << self.shift;
            // Along the row: the two ends.
            self.site(row + x0 - 1, 3, &mut order);
            self.site(row + x1, 1, &mut order);
            // Up and down, a word at a time: tiles not floor with the tile beyond them
            // unblocked (none beyond the border rows).
            for (dir, side, beyond) in [(0, y - 1, y - 2), (2, y + 1, y + 2)] {
                if beyond < 0 || beyond >= self.h {
                    continue;
                }
                for k in x0 >> 6..=(x1 - 1) >> 6 {
                    let lo = if k == x0 >> 6 { !0u64 << (x0 & 63) } else { !0 };
                    let hi = if k == (x1 - 1) >> 6 { !0u64 >> (63 - ((x1 - 1) & 63)) } else { !0 };
                    let mut bits = lo & hi & !self.floor.row(side)[k] & !self.blocked.row(beyond)[k];
                    while bits != 0 {
                        let x = k * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        self.push_site(((side as usize) << self.shift | x) as u32, dir, &mut order);
                    }
                }
            }
        }
    }

    /// Puts site `at` facing `dir` at a random place among the sites (an inside-out shuffle:
    /// they stay in a uniformly random order).
    fn push_site(&mut self, at: u32, dir: u32, order: &mut Places) {
        let ring = &mut self.sites[dir as usize];
        let j = order.below(ring.len() + 1);
        ring.push(at << 2 | dir);
        let last = ring.len() - 1;
        ring.swap(j, last);
    }

    /// Adds place `at` facing `dir` as a site if it is one. A tile ahead off the map is past
    /// the last row or the first (a place out of range), or past a row's end (blocked).
    #[inline]
    fn site(&mut self, at: usize, dir: u32, order: &mut Places) {
        let ahead = at.wrapping_add(self.step(dir));
        if ahead < self.cells.len() && !self.blocked.at(ahead) && !Cell(self.cells[at]).open() {
            self.push_site(at as u32, dir, order);
        }
    }

    fn add_door(&mut self, room: u32, cell: Pos, side: Dir) -> u32 {
        let id = self.doors.len() as u32;
        self.doors.push(Door::new(id, room, cell, side));
        id
    }

    /// The way from floor `t` (beside a door at `t.step(side)`) to a door: a room's floor gets a
    /// new door there; a hallway's tile, the hallway's cells on to its nearer door. The cells are
    /// pushed onto `path` from `t` on; returns the door.
    pub(super) fn way_out(&mut self, t: Pos, side: Dir) -> u32 {
        let cell = self.cell(t);
        let Some(hall) = cell.of_hall() else {
            // Only floor is joined.
            return cell.of_room().map_or(u32::MAX, |room| self.add_door(room, t, side));
        };
        let (corridor, at) = self.halls[hall];
        let (range, doors) = self.corridors[corridor as usize].clone();
        let at = at as usize;
        if at < range.len() - at {
            let from = self.path.len();
            self.path.extend_from_within(range.start..range.start + at + 1);
            self.path[from..].reverse();
            doors[0]
        } else {
            self.path.extend_from_within(range.start + at..range.end);
            doors[1]
        }
    }

    /// The room a door is on.
    pub(super) fn room_of(&self, door: u32) -> u32 {
        self.doors[door as usize].room
    }

    /// Joins room `room` (laid by `design` moved by `(dx, dy)`) to the floor behind door site
    /// `site`: the site becomes a door; a corridor runs from the room's door along its hallway
    /// and through the door to a door beyond.
    pub(super) fn join(&mut self, room: u32, design: &Design, (dx, dy): (i32, i32), site: Site) {
        let (at, dir) = (self.pos(site as usize >> 2), Dir::ALL[site as usize & 3]);
        let start = self.path.len();
        let own = match design.hall.first() {
            None => self.add_door(room, at.step(dir), dir.opposite()),
            Some(first) => {
                let d = design.hall_dir;
                let first = first.offset(dx, dy);
                self.path.extend(design.hall.iter().map(|t| t.offset(dx, dy)));
                self.add_door(room, first.step(d.opposite()), d)
            }
        };
        self.open_tile(at, Cell::DOOR);
        self.path.push(at);
        let other = self.way_out(at.step(dir.opposite()), dir);
        self.corridors.push((start..self.path.len(), [own, other]));
    }

    /// The map: tiles, rooms, doors and corridors; the spawn in the first room.
    pub(super) fn into_map(self) -> Map {
        let mut tiles = Vec::with_capacity((self.w * self.h) as usize);
        for y in 0..self.h as usize {
            let row = &self.cells[y << self.shift..][..self.w as usize];
            tiles.extend(row.iter().map(|&c| match (Cell(c).open(), Cell(c).of_room()) {
                (false, _) => Tile::Wall,
                (true, Some(_)) => Tile::Floor,
                (true, None) => Tile::Corridor,
            }));
        }
        let (w, h) = (self.w as u32, self.h as u32);
        let mut map = crate::geom::Grid::from_vec(w, h, tiles).map_or_else(|| Map::new(w, h), Map::from_tiles);
        let shared = SharedCells::new(&self.path);
        map.corridors = self
            .corridors
            .into_iter()
            .enumerate()
            .map(|(id, (range, doors))| Corridor { id: id as u32, path: shared.path(range), doors, width: 1 })
            .collect();
        if let Some(first) = self.rooms.first().and_then(|r| r.shape.centre()) {
            map.spawn = first;
        }
        map.rooms = self.rooms;
        map.doors = self.doors;
        map
    }
}
