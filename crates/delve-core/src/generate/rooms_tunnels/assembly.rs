//! Map assembly: the tiles, rooms (with their colours), tunnels, corridors and doors of the map
//! made from the placed rooms, with the lookups that keep it fast on big maps.

use super::tunnels::{NONE, PathGeometry, Splitter, TunnelKind};
use super::{MIN_ROOM, RoomsAndTunnels, TunnelFrom};
use crate::generate::keep::Locks;
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::locks::LockConflict;
use crate::map::palette::PALETTE;
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
    /// The kept room this is (index into the locks' rooms), if it is one.
    pub(super) kept: Option<usize>,
}

/// A room's colour: one draw from `rng` (always exactly one, so the stream stays aligned) of a
/// [`PALETTE`] colour; the neighbour pass ([`crate::map::palette::separate_neighbours`]) then
/// changes it where a neighbour's is too close.
pub(super) fn room_colour(rng: &mut DelveRng) -> Rgb {
    PALETTE[rng.random_range(0..PALETTE.len())]
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
///
/// Around `locks`: kept rooms keep their floor, colour, label and doors (listed first, with
/// their kinds); a tunnel meets a kept room only at one of its doors (one without a corridor
/// yet if a plain L serves, else the nearest), runs as the tutorial's L where that crosses no
/// kept room, kept wall or locked wall, and otherwise goes round what it meets (along the ring
/// round the kept rooms' box, or by the shortest way); two kept rooms joined by a kept corridor
/// get no new tunnel. Then the kept corridors are dug, every kept door left without a corridor
/// is joined to a new room nearby (the nearest one a plain L reaches, or the nearest by a way
/// round; with no new room, to another kept room's free door), the locked tiles are set, and
/// locked corridor tiles the map does not reach are joined to it.
pub(super) fn build_map(
    p: &RoomsAndTunnels,
    seed: u64,
    placed: &[Placed],
    locks: Option<&Locks>,
) -> Result<Map, LockConflict> {
    // The rooms are drawn once, into the room lookup; the tiles are read off it.
    let lookup = RoomLookup::new(p, placed);
    let mut map = match Grid::from_vec(p.width, p.height, lookup.floor_tiles()) {
        Some(tiles) => Map::from_tiles(tiles),
        None => Map::new(p.width, p.height),
    };
    let mut colours = stream(seed, Stage::Colours);
    map.rooms.reserve_exact(placed.len());
    for (i, room) in placed.iter().enumerate() {
        debug_assert!(room.footprint.w >= MIN_ROOM as i32 || room.kept.is_some());
        let colour = room_colour(&mut colours);
        match (room.kept, locks) {
            (Some(k), Some(l)) => map.rooms.push(Room { id: i as u32, ..l.rooms[k].clone() }),
            _ => map.rooms.push(Room::new(i as u32, room.shape.clone(), colour)),
        }
    }
    let tunnels = placed.len().saturating_sub(1);
    let mut dig = Dig {
        lookup: &lookup,
        doors: DoorIndex::new(p.width, 4 * tunnels),
        split: Splitter { last_floor: NONE, run_start: NONE, k: 0, pieces: Vec::with_capacity(16) },
        // The pairs of doors (smaller id first) that corridors join.
        passages: rustc_hash::FxHashSet::<(u32, u32)>::default(),
        width: p.tunnel_width,
        w: p.width as usize,
        locks,
    };
    let mut scratch = Vec::with_capacity(2 * LINE_CAPACITY);
    // Tunnels often cross other rooms, each crossing making one more corridor and two doors.
    map.corridors.reserve(2 * tunnels);
    dig.passages.reserve(2 * tunnels);
    map.doors.reserve(4 * tunnels);
    // Kept doors first.
    let mut kept = KeptDoors { ids: Vec::new(), used: Vec::new(), noted: 0 };
    if let Some(l) = locks {
        kept.ids = vec![0; l.door_count()];
        for (i, room) in placed.iter().enumerate() {
            let Some(k) = room.kept else { continue };
            for (j, d) in l.doors(k).iter().enumerate() {
                let id = dig.doors.door(&mut map, i as u32, d.cell, d.outside());
                map.doors[id as usize].kind = d.kind;
                kept.ids[l.slot(k, j)] = id;
            }
        }
        kept.used = vec![false; map.doors.len()];
        // A kept corridor's doors are taken (it is dug after the tunnels).
        for c in &l.corridors {
            for (k, j) in c.ends {
                kept.used[kept.ids[l.slot(k, j)] as usize] = true;
            }
        }
    }
    for (i, room) in placed.iter().enumerate().skip(1) {
        let Some(kind) = room.tunnel else { continue };
        let ends = match p.tunnel_from {
            TunnelFrom::NewRoom => [i, i - 1],
            TunnelFrom::PreviousRoom => [i - 1, i],
        };
        let (geometry, len) = match locks {
            None => PathGeometry::new(placed[ends[0]].centre, placed[ends[1]].centre, kind, &mut scratch),
            Some(l) => match tunnel_line(l, placed, ends, kind, &kept, &mut scratch)? {
                Some(line) => line,
                None => continue,
            },
        };
        dig.tunnel(&mut map, &geometry, len, &scratch);
        kept.note(&map);
    }
    if let Some(l) = locks {
        keep_corridors(l, &mut map, &mut dig, &kept);
        join_free_doors(l, placed, &mut map, &mut dig, &mut kept, &mut scratch)?;
        for &(p, t) in &l.tiles {
            map.set_tile(p, t);
            map.set_tile_lock(p, true);
        }
    }
    map.spawn = placed.first().map_or(Pos::new(w_half(p.width), w_half(p.height)), |r| r.centre);
    // A spawn in a kept room stays where it was.
    if let Some(s) = locks.and_then(|l| l.spawn) {
        map.spawn = s;
    }
    if let Some(l) = locks.filter(|l| l.open_tiles) {
        crate::generate::keep::join_locked_tiles(l, &mut map)?;
    }
    Ok(map)
}

/// The kept doors on the map being made, by slot ([`Locks::slot`]): each one's id on the map,
/// and whether a corridor ends at it yet (by id).
struct KeptDoors {
    ids: Vec<u32>,
    used: Vec<bool>,
    /// The corridors looked at so far.
    noted: usize,
}

impl KeptDoors {
    /// Whether no corridor ends at the kept door in `slot` yet.
    fn free(&self, slot: usize) -> bool {
        !self.used[self.ids[slot] as usize]
    }

    /// Takes the kept doors of the corridors added since the last look.
    fn note(&mut self, map: &Map) {
        for c in map.corridors.get(self.noted..).unwrap_or_default() {
            for d in c.doors {
                if let Some(u) = self.used.get_mut(d as usize) {
                    *u = true;
                }
            }
        }
        self.noted = map.corridors.len();
    }
}

/// What digging a tunnel needs besides the map.
struct Dig<'a> {
    lookup: &'a RoomLookup,
    doors: DoorIndex,
    split: Splitter,
    passages: rustc_hash::FxHashSet<(u32, u32)>,
    width: u32,
    w: usize,
    locks: Option<&'a Locks>,
}

impl Dig<'_> {
    /// Carves the centre line `geometry` (`len` tiles; a listed line's cells in `cells`) and
    /// splits it into runs outside rooms; a run joins the rooms at its ends by a corridor, once
    /// per passage.
    fn tunnel(&mut self, map: &mut Map, geometry: &PathGeometry, len: usize, cells: &[Pos]) {
        if self.width > 1 {
            let mut line = Vec::with_capacity(len);
            geometry.extend(0..len, cells, &mut line);
            match self.locks {
                None => {
                    let brush = Corridor { id: 0, path: line, doors: [0, 0], width: self.width };
                    brush.for_each_cell(|c| {
                        if let Some(t) = map.tiles_mut().get_mut(c)
                            && *t == Tile::Wall
                        {
                            *t = Tile::Corridor;
                        }
                    });
                }
                Some(l) => {
                    for p in line {
                        stamp_round_locks(map, l, p, self.width);
                    }
                }
            }
        }
        // Carve the centre line and split it into runs outside rooms; a run joins the rooms at
        // its ends. Rooms are looked up, and a run's cells listed, only where a run ends.
        let split = &mut self.split;
        split.start();
        let w = self.w;
        let tiles = map.tiles_mut().as_mut_slice();
        let at = |c: Pos| c.y as isize * w as isize + c.x as isize;
        let step = |d: (i32, i32)| d.1 as isize * w as isize + d.0 as isize;
        match geometry.legs(len) {
            Some(legs) => {
                for (a, d, n) in legs {
                    split.leg(tiles, at(a), step(d), n);
                }
            }
            None => {
                // A straight stretch of listed cells is one leg.
                let mut k = 0;
                while let Some(&c) = cells.get(k) {
                    let d = cells.get(k + 1).map_or((0, 0), |n| (n.x - c.x, n.y - c.y));
                    let mut n = 1;
                    while cells.get(k + n).is_some_and(|q| (q.x - cells[k + n - 1].x, q.y - cells[k + n - 1].y) == d) {
                        n += 1;
                    }
                    split.leg(tiles, at(c), step(d), n);
                    k += n;
                }
            }
        }
        // The pieces' buffer is lent out while they become corridors, and kept for the next.
        let mut pieces = std::mem::take(&mut split.pieces);
        for &(from_k, start_k, end_k) in &pieces {
            let (from_cell, to_cell) = (geometry.cell(from_k, cells), geometry.cell(end_k, cells));
            // Room floor is only ever carved by a room, so both lookups succeed.
            let (Some(from_room), Some(to_room)) =
                (self.lookup.room_at(at(from_cell) as usize), self.lookup.room_at(at(to_cell) as usize))
            else {
                continue;
            };
            let mut path = Vec::with_capacity(end_k - start_k);
            geometry.extend(start_k..end_k, cells, &mut path);
            let (Some(&first), Some(&last)) = (path.first(), path.last()) else { continue };
            let a = self.doors.door(map, from_room, from_cell, first);
            let b = self.doors.door(map, to_room, to_cell, last);
            self.corridor(map, path, [a, b]);
        }
        pieces.clear();
        self.split.pieces = pieces;
    }

    /// Adds the corridor along `path` between doors `ends`, unless the same passage is there.
    fn corridor(&mut self, map: &mut Map, path: Vec<Pos>, ends: [u32; 2]) {
        let [a, b] = ends;
        // A later tunnel often runs along an earlier one between the same two doors, either
        // way: the passage is recorded once.
        let pair = (a.min(b), a.max(b));
        // Pairs met before are rare: then every corridor of the pair is compared.
        let seen = !self.passages.insert(pair);
        let same = |c: &Corridor| {
            (c.doors[0].min(c.doors[1]), c.doors[0].max(c.doors[1])) == pair
                && (c.path == path || c.path.iter().rev().eq(path.iter()))
        };
        if seen && map.corridors.iter().any(same) {
            return;
        }
        let id = map.corridors.len() as u32;
        map.corridors.push(Corridor { id, path, doors: [a, b], width: self.width });
    }
}

/// The wide tunnel's brush at centre-line tile `p` around locks: the `width`×`width` square
/// (placed as [`Corridor::for_each_cell`] places it) carved where a tunnel may run, but only
/// the tiles joined to `p` inside the square. A tile cut off from the centre by kept walls
/// would be floor that nothing reaches.
fn stamp_round_locks(map: &mut Map, l: &Locks, p: Pos, width: u32) {
    let w = width.clamp(1, crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH) as i32;
    let lo = -(w - 1) / 2;
    let slot = |q: Pos| {
        let (dx, dy) = (q.x - p.x - lo, q.y - p.y - lo);
        (dx >= 0 && dy >= 0 && dx < w && dy < w).then(|| (dy * w + dx) as usize)
    };
    let mut seen = [false; (crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH as usize).pow(2)];
    let mut queue = Vec::with_capacity((w * w) as usize);
    if let Some(s) = slot(p) {
        seen[s] = true;
        queue.push(p);
    }
    while let Some(q) = queue.pop() {
        for d in crate::geom::Dir::ALL {
            let n = q.step(d);
            let Some(s) = slot(n).filter(|&s| !seen[s]) else { continue };
            let open = match map.tile(n) {
                Some(Tile::Wall) if l.passable(n) => {
                    map.set_tile(n, Tile::Corridor);
                    true
                }
                Some(t) => t != Tile::Wall,
                None => false,
            };
            if open {
                seen[s] = true;
                queue.push(n);
            }
        }
    }
}

/// The centre line of the tunnel between placed rooms `ends` around `locks`, or `None` when the
/// two are kept rooms that kept corridors join already. A kept end is met at a door of it or of
/// the kept rooms kept corridors join to it (see [`reach`]). The line starts (ends) on the
/// door's own tile, inside the kept room.
fn tunnel_line(
    l: &Locks,
    placed: &[Placed],
    ends: [usize; 2],
    kind: TunnelKind,
    kept: &KeptDoors,
    scratch: &mut Vec<Pos>,
) -> Result<Option<(PathGeometry, usize)>, LockConflict> {
    let (a, b) = (&placed[ends[0]], &placed[ends[1]]);
    match (a.kept, b.kept) {
        (None, None) => {
            // Either L as it is (its cells need no list), else a way round.
            for kind in [kind, other_way(kind)] {
                let (geometry, len) = PathGeometry::new(a.centre, b.centre, kind, scratch);
                if clear(l, &geometry, len, scratch, false) {
                    return Ok(Some((geometry, len)));
                }
            }
            scratch.clear();
            if !connect(l, a.centre, b.centre, kind, true, scratch) {
                return Err(LockConflict::WalledIn { what: "the tunnel between two new rooms".into(), cell: a.centre });
            }
        }
        (Some(k), None) => reach(l, k, b.centre, kind, kept, scratch)?,
        (None, Some(k)) => {
            reach(l, k, a.centre, kind, kept, scratch)?;
            scratch.reverse();
        }
        (Some(x), Some(y)) => {
            if l.group[x] == l.group[y] {
                return Ok(None);
            }
            // From the nearest door of `y`'s kept rooms that `x`'s can reach.
            let mut targets: Vec<(usize, &crate::map::Door)> = l.group_doors(y).collect();
            let (x, y) = if targets.is_empty() {
                // `y`'s rooms have no door: from theirs to one of `x`'s.
                targets = l.group_doors(x).collect();
                (y, x)
            } else {
                (x, y)
            };
            // Free doors first, then nearest first.
            targets.sort_by_key(|(s, d)| (!kept.free(*s), d.outside().manhattan(a.centre), d.id));
            let found = targets.into_iter().find(|(_, d)| {
                !l.pocket(d.outside(), a.centre, true) && reach(l, x, d.outside(), kind, kept, scratch).is_ok()
            });
            let (_, d) = found.ok_or_else(|| walled_in(l, y))?;
            scratch.push(d.cell);
        }
    }
    Ok(Some((PathGeometry::Cells, scratch.len())))
}

/// A tunnel from a door of kept room `k` (or of a kept room kept corridors join to it) to
/// `to`, written into `out`: the door's own tile first. Doors without a corridor are tried
/// first, nearest first, then the others.
fn reach(
    l: &Locks,
    k: usize,
    to: Pos,
    kind: TunnelKind,
    kept: &KeptDoors,
    out: &mut Vec<Pos>,
) -> Result<(), LockConflict> {
    // Each door's place in that order as one number: taken (top bit), distance, id (ids differ).
    let mut doors: Vec<(u64, &crate::map::Door)> = l
        .group_doors(k)
        .map(|(s, d)| {
            let far = u64::from(d.outside().manhattan(to).unsigned_abs());
            (u64::from(!kept.free(s)) << 63 | far << 32 | u64::from(d.id), d)
        })
        .collect();
    if doors.is_empty() {
        // A room without doors (reached through an open wall): open its wall again.
        let room = &l.rooms[k];
        let beside = |p: Pos| crate::geom::Dir::ALL.iter().any(|d| room.shape.contains(p.step(*d)));
        let line = l.route_to(to, beside, true).ok_or(LockConflict::NoDoor { room: room.id })?;
        out.clear();
        out.extend(line.into_iter().rev());
        return Ok(());
    }
    // A plain L from any door first (cheap), in that order: the first door or two mostly
    // serve, so each is picked as the least left rather than after a sort.
    for left in (1..=doors.len()).rev() {
        let Some(m) = (0..left).min_by_key(|&i| doors[i].0) else { break };
        let d = doors[m].1;
        out.clear();
        out.push(d.cell);
        if plain_l(l, d.outside(), to, kind, false, out) {
            return Ok(());
        }
        doors.swap(m, left - 1);
    }
    // Then the ways round, door by door.
    doors.sort_unstable_by_key(|(key, _)| *key);
    for (_, d) in doors {
        if l.pocket(d.outside(), to, true) {
            continue;
        }
        out.clear();
        out.push(d.cell);
        if connect(l, d.outside(), to, kind, true, out) {
            return Ok(());
        }
    }
    Err(walled_in(l, k))
}

/// The L of `kind` from `from` to `to`, or the other L, when one crosses no lock (nor a kept
/// wall, unless `walls`): appended to `out`, or `false`.
fn plain_l(l: &Locks, from: Pos, to: Pos, kind: TunnelKind, walls: bool, out: &mut Vec<Pos>) -> bool {
    let mut listed = Vec::new();
    for kind in [kind, other_way(kind)] {
        // An L's cells need no list; a straight line's are listed.
        let (geometry, len) = PathGeometry::new(from, to, kind, &mut listed);
        if clear(l, &geometry, len, &listed, walls) {
            geometry.extend(0..len, &listed, out);
            return true;
        }
    }
    false
}

/// The other way of a tunnel of `kind`: the other L (a straight tunnel's is the
/// horizontal-first L).
fn other_way(kind: TunnelKind) -> TunnelKind {
    match kind {
        TunnelKind::L { horizontal_first } => TunnelKind::L { horizontal_first: !horizontal_first },
        TunnelKind::Direct => TunnelKind::L { horizontal_first: true },
    }
}

/// Whether every cell of the centre line `geometry` (`len` cells; a listed line's in `cells`)
/// may carry a tunnel (along kept walls too when `walls`): an L a leg at a time.
fn clear(l: &Locks, geometry: &PathGeometry, len: usize, cells: &[Pos], walls: bool) -> bool {
    match geometry.legs(len) {
        Some(legs) => legs.into_iter().all(|(a, d, n)| l.clear_run(a, d, n, walls)),
        None => l.clear(cells.get(..len).unwrap_or_default(), walls),
    }
}

/// The refusal for kept room `k`, whose doors no tunnel can reach.
fn walled_in(l: &Locks, k: usize) -> LockConflict {
    let room = &l.rooms[k];
    LockConflict::WalledIn {
        what: format!("locked room {}", room.id),
        cell: l.doors(k).first().map_or_else(|| room.shape.centre().unwrap_or_default(), |d| d.cell),
    }
}

fn door_name(l: &Locks, k: usize, d: &crate::map::Door) -> String {
    format!("the door of locked room {} at {}", l.rooms[k].id, d.cell)
}

/// The tiles of a tunnel from `from` to `to` around the locks, appended to `out`: the L of
/// `kind` (or a straight line), the other L, or the shortest way round; failing all, the same
/// along kept rooms' walls; failing that too, `false` (and `out` as it was). `plain_tried`: the
/// caller found already that neither plain L serves ([`plain_l`]).
fn connect(l: &Locks, from: Pos, to: Pos, kind: TunnelKind, plain_tried: bool, out: &mut Vec<Pos>) -> bool {
    let mut first = Vec::new();
    for walls in [false, true] {
        if (walls || !plain_tried) && plain_l(l, from, to, kind, walls, out) {
            return true;
        }
        if first.is_empty() {
            let mut listed = Vec::new();
            let (geometry, len) = PathGeometry::new(from, to, kind, &mut listed);
            geometry.extend(0..len, &listed, &mut first);
        }
        if l.detour(&first, walls, out) {
            return true;
        }
    }
    false
}

/// Digs the kept corridors between the kept doors.
fn keep_corridors(l: &Locks, map: &mut Map, dig: &mut Dig<'_>, kept: &KeptDoors) {
    for c in &l.corridors {
        let path = l.path(c);
        Corridor::cells_of(path, c.width, |p| {
            if map.tile(p) == Some(Tile::Wall) {
                map.set_tile(p, Tile::Corridor);
            }
        });
        let id = |(k, j): (usize, usize)| kept.ids[l.slot(k, j)];
        let width = std::mem::replace(&mut dig.width, c.width);
        dig.corridor(map, path.to_vec(), [id(c.ends[0]), id(c.ends[1])]);
        dig.width = width;
    }
}

/// Joins every kept door that carries no corridor yet: to a new room nearby (see
/// [`near_room`]), or, when there is none, to the nearest free door of another kept room.
fn join_free_doors(
    l: &Locks,
    placed: &[Placed],
    map: &mut Map,
    dig: &mut Dig<'_>,
    kept: &mut KeptDoors,
    scratch: &mut Vec<Pos>,
) -> Result<(), LockConflict> {
    kept.note(map);
    for k in 0..l.rooms.len() {
        for (j, d) in l.doors(k).iter().enumerate() {
            if !kept.free(l.slot(k, j)) {
                continue;
            }
            let walled_in = || LockConflict::WalledIn { what: door_name(l, k, d), cell: d.outside() };
            let hf = TunnelKind::L { horizontal_first: true };
            scratch.clear();
            scratch.push(d.cell);
            match near_room(l, placed, d.outside(), hf, scratch) {
                Some(Ok(())) => {}
                Some(Err(t)) => {
                    if !connect(l, d.outside(), t, hf, true, scratch) {
                        return Err(walled_in());
                    }
                }
                None => {
                    // Free doors first; a door may carry more than one corridor.
                    let other = (0..l.rooms.len())
                        .filter(|&k2| k2 != k)
                        .flat_map(|k2| l.doors(k2).iter().enumerate().map(move |(j2, d2)| (l.slot(k2, j2), d2)))
                        .min_by_key(|(s2, d2)| (!kept.free(*s2), d2.outside().manhattan(d.outside())));
                    let Some((_, d2)) = other else {
                        return Err(LockConflict::WalledIn {
                            what: format!("{}, which has no other room to lead to", door_name(l, k, d)),
                            cell: d.cell,
                        });
                    };
                    if !connect(l, d.outside(), d2.outside(), hf, false, scratch) {
                        return Err(walled_in());
                    }
                    scratch.push(d2.cell);
                }
            }
            let len = scratch.len();
            dig.tunnel(map, &PathGeometry::Cells, len, scratch);
            kept.note(map);
        }
    }
    Ok(())
}

/// The tunnel from `from` (outside a free kept door) to a new room nearby, appended to `out`:
/// the plain L (either way) to the nearest new room that one reaches, among those not much
/// farther than the nearest. `Some(Err(centre))` when none is reached so: the nearest new room's
/// centre, for a way round the locks. `None` without new rooms.
fn near_room(l: &Locks, placed: &[Placed], from: Pos, kind: TunnelKind, out: &mut Vec<Pos>) -> Option<Result<(), Pos>> {
    // New rooms nearest first (by distance, then place), a few at most: picked in turn.
    let key = |i: usize| (placed[i].centre.manhattan(from), i);
    let next = |after: Option<(i32, usize)>| {
        (0..placed.len()).filter(|&i| placed[i].kept.is_none()).map(key).filter(|k| after.is_none_or(|a| *k > a)).min()
    };
    let nearest = next(None)?;
    // A plain tunnel a little longer beats a way round; one across the map does not.
    let far = 2 * nearest.0 + NEAR_SLACK;
    let mut at = Some(nearest);
    while let Some((d, i)) = at.filter(|(d, _)| *d <= far) {
        if plain_l(l, from, placed[i].centre, kind, false, out) {
            return Some(Ok(()));
        }
        at = next(Some((d, i)));
    }
    Some(Err(placed[nearest.1].centre))
}

/// Room for a typical tunnel's cells, so that building one seldom grows its vector.
const LINE_CAPACITY: usize = 64;

/// How many tiles a free kept door's plain tunnel may run beyond twice the way to the nearest
/// new room.
const NEAR_SLACK: i32 = 8;

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
