//! Stage 2 of [`super`], **dig tunnels**: each placed room after the first is joined to the one
//! before it by a tunnel between their centres, drawn as the [`Router`] says — the tutorial's L
//! (or straight line) by [`Tutorial`], a way round the locks by `AroundLocks`. A tunnel is
//! carved where it runs through wall and split where it crosses rooms: each stretch outside
//! rooms becomes a corridor between a door of the room it leaves and a door of the room it
//! enters, once per passage.

use super::RoomsAndTunnels;
use super::carve::RoomLookup;
use super::place::{Placed, tunnel_ends};
use super::tunnels::{PathGeometry, Splitter, TunnelKind};
use crate::generate::record::{Recorder, RoomsTunnelsStep};
use crate::geom::{Dir, Pos};
use crate::map::locks::LockConflict;
use crate::map::{Corridor, Door, Map, SharedCells, Tile, TilePath};

/// How tunnels run: the second of the three seams through which locks enter generation.
pub(in crate::generate) trait Router {
    /// The centre line of the tunnel of `kind` from placed room `ends[0]` to `ends[1]` on `map`
    /// as dug so far: its geometry and length (a listed line's cells in `cells`), or `None` when
    /// the two need no tunnel. Fails naming the lock that walls one end in.
    fn line(
        &mut self,
        placed: &[Placed],
        ends: [usize; 2],
        kind: TunnelKind,
        map: &Map,
        cells: &mut Vec<Pos>,
    ) -> Result<Option<(PathGeometry, usize)>, LockConflict>;

    /// Carves a wide tunnel's brush (`width` tiles) along its centre line `line`.
    fn brush(&self, map: &mut Map, line: &[Pos], width: u32);
}

/// The tutorials' tunnels: the L of the drawn kind (or the straight line) between the two
/// rooms' centres, and the square brush of a wide tunnel over wall.
pub(in crate::generate) struct Tutorial;

impl Router for Tutorial {
    #[inline]
    fn line(
        &mut self,
        placed: &[Placed],
        ends: [usize; 2],
        kind: TunnelKind,
        _map: &Map,
        cells: &mut Vec<Pos>,
    ) -> Result<Option<(PathGeometry, usize)>, LockConflict> {
        Ok(Some(PathGeometry::new(placed[ends[0]].centre, placed[ends[1]].centre, kind, cells)))
    }

    fn brush(&self, map: &mut Map, line: &[Pos], width: u32) {
        Corridor::cells_of(line, width, |c| {
            if let Some(t) = map.tiles_mut().get_mut(c)
                && *t == Tile::Wall
            {
                *t = Tile::Corridor;
            }
        });
    }
}

/// Digs the tunnel of every placed room after the first, in the order of rooms, as `router`
/// draws them; `rec` is told each tunnel.
pub(super) fn dig_tunnels(
    p: &RoomsAndTunnels,
    placed: &[Placed],
    map: &mut Map,
    dig: &mut Dig<'_>,
    router: &mut impl Router,
    rec: &mut impl Recorder,
) -> Result<(), LockConflict> {
    let tunnels = placed.len().saturating_sub(1);
    // Tunnels often cross other rooms, each crossing making one more corridor and two doors.
    map.corridors.reserve(2 * tunnels);
    map.doors.reserve(4 * tunnels);
    dig.door_last.reserve(4 * tunnels);
    dig.before.reserve(2 * tunnels);
    let mut scratch = Vec::with_capacity(2 * LINE_CAPACITY);
    for (i, room) in placed.iter().enumerate().skip(1) {
        let Some(kind) = room.tunnel else { continue };
        let ends = tunnel_ends(p, i);
        rec.record(|| {
            RoomsTunnelsStep::TunnelDug {
                from: ends[0] as u32,
                to: ends[1] as u32,
                start: placed[ends[0]].centre,
                end: placed[ends[1]].centre,
                leg: kind.leg(),
            }
            .into()
        });
        let Some((geometry, len)) = router.line(placed, ends, kind, map, &mut scratch)? else { continue };
        dig.tunnel(map, &geometry, len, &scratch, router);
    }
    Ok(())
}

/// Room for a typical tunnel's cells, so that building one seldom grows its vector.
pub(super) const LINE_CAPACITY: usize = 64;

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
        map.doors.push(Door::new(id, room, cell, side));
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

/// What digging a tunnel needs besides the map.
pub(in crate::generate) struct Dig<'a> {
    lookup: &'a RoomLookup,
    pub(super) doors: DoorIndex,
    split: Splitter,
    /// The corridors at each door, newest first, as lists through the corridors: per door the
    /// last corridor made at it, per corridor the one made before it at each of its doors.
    door_last: Vec<u32>,
    before: Vec<[u32; 2]>,
    /// Every corridor's cells one after another, and the range of them each corridor has (by
    /// id): the map's corridors get them as one shared buffer when digging is done.
    cells: Vec<Pos>,
    spans: Vec<(u32, u32)>,
    pub(super) width: u32,
    w: usize,
}

impl<'a> Dig<'a> {
    pub(super) fn new(p: &RoomsAndTunnels, lookup: &'a RoomLookup, tunnels: usize) -> Dig<'a> {
        Dig::on(p.width, p.tunnel_width, lookup, tunnels)
    }

    /// Digging on a map `map_width` tiles wide, tunnels `tunnel_width` wide, between the rooms
    /// of `lookup`; about `tunnels` of them.
    pub(in crate::generate) fn on(
        map_width: u32,
        tunnel_width: u32,
        lookup: &'a RoomLookup,
        tunnels: usize,
    ) -> Dig<'a> {
        Dig {
            lookup,
            doors: DoorIndex::new(map_width, 4 * tunnels),
            split: Splitter::new(),
            door_last: Vec::new(),
            before: Vec::new(),
            // About 24 cells a tunnel; growing is cheap.
            cells: Vec::with_capacity(32 * tunnels),
            spans: Vec::with_capacity(2 * tunnels),
            width: tunnel_width,
            w: map_width as usize,
        }
    }

    /// Carves the centre line `geometry` (`len` tiles; a listed line's cells in `cells`) and
    /// splits it into runs outside rooms; a run joins the rooms at its ends by a corridor, once
    /// per passage.
    pub(in crate::generate) fn tunnel(
        &mut self,
        map: &mut Map,
        geometry: &PathGeometry,
        len: usize,
        cells: &[Pos],
        router: &impl Router,
    ) {
        if self.width > 1 {
            let mut line = Vec::with_capacity(len);
            geometry.extend(0..len, cells, &mut line);
            router.brush(map, &line, self.width);
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
            let start = self.cells.len();
            geometry.extend(start_k..end_k, cells, &mut self.cells);
            let (Some(&first), Some(&last)) = (self.cells.get(start), self.cells.last()) else { continue };
            let a = self.doors.door(map, from_room, from_cell, first);
            let b = self.doors.door(map, to_room, to_cell, last);
            self.add(map, start, [a, b]);
        }
        pieces.clear();
        self.split.pieces = pieces;
    }

    /// Adds the corridor along `path` between doors `ends`, unless the same passage is there.
    pub(super) fn corridor(&mut self, map: &mut Map, path: &[Pos], ends: [u32; 2]) {
        let start = self.cells.len();
        self.cells.extend_from_slice(path);
        self.add(map, start, ends);
    }

    /// Adds the corridor along the cells from `start` on between doors `ends`, unless the same
    /// passage is there (then the cells are taken back).
    fn add(&mut self, map: &mut Map, start: usize, ends: [u32; 2]) {
        let [a, b] = ends.map(|d| d as usize);
        if self.door_last.len() < map.doors.len() {
            self.door_last.resize(map.doors.len(), NO_CORRIDOR);
        }
        let (Some(&last_a), Some(&last_b)) = (self.door_last.get(a), self.door_last.get(b)) else {
            self.cells.truncate(start);
            return;
        };
        let path = &self.cells[start..];
        // A later tunnel often runs along an earlier one between the same two doors, either
        // way: the passage is recorded once. Only doors that have corridors already can have
        // this one: then door `a`'s corridors are compared.
        if last_a != NO_CORRIDOR && last_b != NO_CORRIDOR {
            let pair = (a.min(b) as u32, a.max(b) as u32);
            let mut at = last_a;
            while let (Some(c), Some(&(from, to))) = (map.corridors.get(at as usize), self.spans.get(at as usize)) {
                let there = &self.cells[from as usize..to as usize];
                if (c.doors[0].min(c.doors[1]), c.doors[0].max(c.doors[1])) == pair
                    && (there == path || there.iter().rev().eq(path.iter()))
                {
                    self.cells.truncate(start);
                    return;
                }
                let end = usize::from(c.doors[0] as usize != a);
                at = self.before.get(at as usize).map_or(NO_CORRIDOR, |p| p[end]);
            }
        }
        // What the sweeps' survey trusts of a generated map without walking it again (see
        // `map/survey.rs`): a corridor's path runs tile by tile over corridor floor.
        debug_assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1), "a corridor's path is 4-connected");
        debug_assert!(path.iter().all(|&c| map.tile(c) == Some(Tile::Corridor)), "a corridor runs over corridor floor");
        let id = map.corridors.len() as u32;
        self.before.resize(id as usize, [NO_CORRIDOR; 2]);
        self.before.push([last_a, if b == a { last_a } else { last_b }]);
        self.door_last[a] = id;
        self.door_last[b] = id;
        // The path is handed over with every other when digging is done ([`Dig::finish`]).
        map.corridors.push(Corridor { id, path: TilePath::default(), doors: ends, width: self.width });
        self.spans.resize(id as usize, (0, 0));
        self.spans.push((start as u32, self.cells.len() as u32));
    }

    /// Gives the corridors made their paths, all in one buffer that they share. Called once,
    /// after the last corridor: until then the corridors made here have empty paths.
    pub(in crate::generate) fn finish(&mut self, map: &mut Map) {
        let shared = SharedCells::new(&self.cells);
        for (c, &(from, to)) in map.corridors.iter_mut().zip(&self.spans) {
            c.path = shared.path(from as usize..to as usize);
        }
    }
}

/// No corridor (in [`Dig`]'s lists of corridors by door).
const NO_CORRIDOR: u32 = u32::MAX;

#[cfg(test)]
mod tests {
    use super::super::carve::carve_rooms;
    use super::super::place::Placed;
    use super::*;
    use crate::generate::record::Off;
    use crate::geom::Rect;
    use crate::map::Shape;

    /// A placed rectangle room: its floor `x..x+w` by `y..y+h` (the footprint one more up and
    /// left), joined to the room before it by `tunnel`.
    fn room(x: i32, y: i32, w: i32, h: i32, tunnel: Option<TunnelKind>) -> Placed {
        let footprint = Rect::new(x - 1, y - 1, w + 1, h + 1);
        let centre = Pos::new(footprint.x + footprint.w / 2, footprint.y + footprint.h / 2);
        Placed { footprint, shape: Shape::Rect(Rect::new(x, y, w, h)), centre, tunnel, kept: None }
    }

    fn dug(placed: &[Placed], width: u32) -> Map {
        let p = RoomsAndTunnels { width: 24, height: 12, tunnel_width: width, ..RoomsAndTunnels::godot() };
        let (mut map, lookup) = carve_rooms(&p, 1, placed, None);
        let mut dig = Dig::new(&p, &lookup, placed.len().saturating_sub(1));
        let dug = dig_tunnels(&p, placed, &mut map, &mut dig, &mut Tutorial, &mut Off);
        assert!(dug.is_ok());
        dig.finish(&mut map);
        super::super::spawn(&p, placed, &mut map);
        map
    }

    fn rows(map: &Map) -> Vec<String> {
        map.to_ascii().lines().take(map.height() as usize).map(str::to_owned).collect()
    }

    #[test]
    fn an_l_between_two_rooms_is_one_corridor_between_two_doors() {
        let hf = Some(TunnelKind::L { horizontal_first: true });
        let map = dug(&[room(1, 1, 4, 3, None), room(14, 7, 5, 3, hf)], 1);
        assert_eq!(
            rows(&map),
            [
                "########################",
                "#....###################",
                "#.@..+,,,,,,,,,,,#######",
                "#....###########,#######",
                "################,#######",
                "################,#######",
                "################+#######",
                "##############.....#####",
                "##############.....#####",
                "##############.....#####",
                "########################",
                "########################",
            ]
        );
        assert_eq!(map.corridors.len(), 1);
        let c = &map.corridors[0];
        // From the first room's centre (2, 2) along row 2, then down column 16 to the second's
        // centre (16, 8): the stretch outside both rooms.
        assert_eq!((c.path.first(), c.path.last(), c.path.len()), (Some(&Pos::new(5, 2)), Some(&Pos::new(16, 6)), 16));
        let doors: Vec<(u32, Pos)> =
            c.doors.iter().map(|&d| (map.doors[d as usize].room, map.doors[d as usize].cell)).collect();
        assert_eq!(doors, [(0, Pos::new(4, 2)), (1, Pos::new(16, 7))]);
        assert!(map.validate().is_empty(), "{:?}", map.validate());
    }

    #[test]
    fn a_tunnel_through_a_room_is_two_corridors_and_a_repeated_passage_is_kept_once() {
        let hf = Some(TunnelKind::L { horizontal_first: true });
        // Three rooms on a row, the third joined to the second: the second tunnel starts in
        // the second room, so each tunnel is one corridor.
        let placed = [room(1, 4, 3, 3, None), room(9, 4, 3, 3, hf), room(17, 4, 3, 3, hf)];
        let map = dug(&placed, 1);
        assert_eq!(map.corridors.len(), 2, "{:?}", map.corridors);
        // A straight tunnel from the third room back to the first (a fourth room on the first
        // one's floor) crosses the second: two stretches, the very passages already there (the
        // other way), so none is added.
        let mut placed = placed.to_vec();
        placed.push(room(1, 4, 3, 3, Some(TunnelKind::Direct)));
        let again = dug(&placed, 1);
        assert_eq!(again.corridors.len(), 2, "{:?}", again.corridors);
        // The same passage by hand, either way, is kept once; another path between the same
        // doors is a corridor of its own.
        let p = RoomsAndTunnels { width: 24, height: 12, ..RoomsAndTunnels::godot() };
        let (mut map2, lookup) = carve_rooms(&p, 1, &placed[..3], None);
        let mut dig = Dig::new(&p, &lookup, 2);
        let path: Vec<Pos> = (4..9).map(|x| Pos::new(x, 5)).collect();
        for &c in path.iter().chain([Pos::new(5, 6), Pos::new(6, 6)].iter()) {
            map2.set_tile(c, Tile::Corridor);
        }
        let a = dig.doors.door(&mut map2, 0, Pos::new(3, 5), Pos::new(4, 5));
        let b = dig.doors.door(&mut map2, 1, Pos::new(9, 5), Pos::new(8, 5));
        dig.corridor(&mut map2, &path, [a, b]);
        dig.corridor(&mut map2, &path.iter().rev().copied().collect::<Vec<_>>(), [b, a]);
        dig.corridor(&mut map2, &path, [a, b]);
        assert_eq!(map2.corridors.len(), 1);
        // Down and back along row 6 for a stretch: another way between the same doors.
        let mut other = path.clone();
        other.splice(1..3, [Pos::new(5, 5), Pos::new(5, 6), Pos::new(6, 6), Pos::new(6, 5)]);
        dig.corridor(&mut map2, &other, [a, b]);
        assert_eq!(map2.corridors.len(), 2);
        // Digging done, each corridor has its own path, out of the buffer they share.
        dig.finish(&mut map2);
        assert_eq!(map2.corridors[0].path, path);
        assert_eq!(map2.corridors[1].path, other);
    }

    #[test]
    fn a_wide_tunnel_carves_its_brush_over_wall_only() {
        let hf = Some(TunnelKind::L { horizontal_first: true });
        let map = dug(&[room(1, 1, 4, 3, None), room(14, 7, 5, 3, hf)], 2);
        assert_eq!(map.corridors[0].width, 2);
        assert_eq!(map.tile(Pos::new(7, 3)), Some(Tile::Corridor), "the brush's second row");
        assert_eq!(map.tile(Pos::new(2, 2)), Some(Tile::Floor), "room floor stays floor");
    }
}
