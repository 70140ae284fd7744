//! Generating around locks: the kept rooms, doors, corridors and tiles of a [`Kept`], checked
//! against the map to be made and laid out as a grid of flags that says where new rooms and
//! tunnels may not go ([`Locks`]). The generators read it; [`super::generate_keeping`] is the
//! way in.

use crate::geom::{Pos, Rect, TileBox};
use crate::map::locks::{Kept, LockConflict};
use crate::map::{Corridor, Door, MAX_SIDE, MAX_TILES, Room, Shape, Tile};
use crate::pathfind;
use std::sync::Arc;

/// Floor of a kept room.
const KEPT_FLOOR: u8 = 1;
/// A tile next to a kept room's floor (its walls, corners included): kept as it is. (Also set
/// on a rectangle room's own floor, where [`KEPT_FLOOR`] already says more.)
const RING: u8 = 2;
/// A locked tile of wall: never dug.
const LOCKED_WALL: u8 = 4;
/// A locked tile of floor or corridor outside the kept rooms, or a kept corridor's tile.
const LOCKED_OPEN: u8 = 8;
/// The tile outside a kept door, where a corridor may meet it.
const DOOR_OUT: u8 = 16;

/// For each set of flags: bit 0 whether a tunnel may run there, bit 1 whether it may when it
/// may run along kept walls too. Never over kept floor or a locked wall; over a kept room's
/// walls only just outside a door, unless along walls.
const PASS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut f = 0;
    while f < 32 {
        let f8 = f as u8;
        if f8 & (KEPT_FLOOR | LOCKED_WALL) == 0 {
            t[f] = 2 | (f8 & RING == 0 || f8 & DOOR_OUT != 0) as u8;
        }
        f += 1;
    }
    t
};

/// Most tiles one tunnel search visits.
const ROUTE_CAP: usize = 4_000_000;

/// The locks of a [`Kept`] checked against a map's size, with the flags of every tile: made
/// once for the locks and the size ([`Locks::prepared`]), read by every generation around them.
pub(super) struct Locks {
    pub(super) width: u32,
    pub(super) height: u32,
    flags: Vec<u8>,
    /// The kept rooms in the order of their ids (their place in the order of rooms).
    pub(super) rooms: Vec<Room>,
    /// The kept doors, room by room (in the order of `rooms`), each room's in the order of
    /// their ids; kept room `k`'s are `doors[door_start[k]..door_start[k + 1]]`.
    all_doors: Vec<Door>,
    door_start: Vec<usize>,
    /// The kept corridors, their paths one after another in `paths`.
    pub(super) corridors: Vec<KeptPath>,
    paths: Vec<Pos>,
    /// For each kept room, the first kept room of the group that kept corridors join it to.
    pub(super) group: Vec<usize>,
    /// Each kept room's floor and walls (its bounds grown by one): what a tunnel goes round.
    boxes: Vec<TileBox>,
    /// Every locked tile and what it is.
    pub(super) tiles: Vec<(Pos, Tile)>,
    /// Whether a locked tile (outside kept corridors and rooms) is walkable.
    pub(super) open_tiles: bool,
    /// The spawn, when it is in a kept room.
    pub(super) spawn: Option<Pos>,
    /// Whether any locked tile or kept corridor lies outside the kept rooms.
    loose: bool,
}

/// A kept corridor: where its path lies in [`Locks`]' paths, its width, and its two doors as
/// `(kept room, door index in that room's doors)`.
pub(super) struct KeptPath {
    cells: std::ops::Range<usize>,
    pub(super) width: u32,
    pub(super) ends: [(usize, usize); 2],
}

impl Locks {
    /// The locks of `kept` on a `width`×`height` map, or the lock that cannot be kept there:
    /// made the first time, kept with `kept` ([`Kept::derived`]) for the size asked first, and
    /// read from there after.
    pub(super) fn prepared(kept: &Kept, width: u32, height: u32) -> Result<Arc<Locks>, LockConflict> {
        let same = |l: &Arc<Locks>| l.width == width && l.height == height;
        if let Some(l) = kept.derived.prepared().and_then(|made| made.downcast::<Locks>().ok()).filter(same) {
            return Ok(l);
        }
        let l = Arc::new(Locks::new(kept, width, height)?);
        kept.derived.set_prepared(l.clone());
        Ok(l)
    }

    /// The locks of `kept` on a `width`×`height` map, or the lock that cannot be kept there.
    fn new(kept: &Kept, width: u32, height: u32) -> Result<Locks, LockConflict> {
        // The size may come from a file: checked before anything is allocated.
        if width == 0
            || height == 0
            || width > MAX_SIDE
            || height > MAX_SIDE
            || u64::from(width) * u64::from(height) > MAX_TILES
        {
            return Err(LockConflict::Damaged(format!(
                "the locks are for a {width}×{height} map; a map has 1 to {MAX_SIDE} tiles a side and at most {MAX_TILES} tiles"
            )));
        }
        let n = width as usize * height as usize;
        let mut flags = vec![0u8; n];
        let on = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
        let at = |p: Pos| p.y as usize * width as usize + p.x as usize;
        let mut rooms: Vec<Room> = kept.rooms.clone();
        // Taken from a map, they come in order.
        if !rooms.is_sorted_by_key(|r| r.id) {
            rooms.sort_unstable_by_key(|r| r.id);
        }
        if rooms.windows(2).any(|w| w[0].id == w[1].id) {
            return Err(LockConflict::Damaged("two kept rooms have the same id".into()));
        }
        let mut boxes = Vec::with_capacity(rooms.len());
        for (k, room) in rooms.iter().enumerate() {
            // Bounds first: a shape from a file may be far larger than the map.
            let Some(b) = room.shape.bounds() else {
                return Err(LockConflict::Damaged(format!("kept room {} has no floor", room.id)));
            };
            if b.x < 0 || b.y < 0 || b.right() > width as i32 || b.bottom() > height as i32 {
                let cell =
                    Pos::new(if b.x < 0 { b.x } else { b.right() - 1 }, if b.y < 0 { b.y } else { b.bottom() - 1 });
                return Err(LockConflict::RoomOffMap { room: room.id, cell, width, height });
            }
            boxes.push(TileBox::new(b.x - 1, b.y - 1, b.right(), b.bottom()));
            // A rectangle (most rooms) a row at a time, unless it meets another kept room (known
            // from the rooms before it when they are rectangles too), which the cell-by-cell way
            // below names.
            if let Shape::Rect(r) = &room.shape {
                let apart = |o: &Room| match &o.shape {
                    Shape::Rect(q) => !q.intersects(r),
                    _ => false,
                };
                let (x0, x1) = (r.x as usize, r.right() as usize);
                let rows = (r.y as usize..r.bottom() as usize).map(|y| y * width as usize);
                if rooms[..k].iter().all(apart)
                    || rows.clone().all(|row| flags[row + x0..row + x1].iter().all(|f| f & KEPT_FLOOR == 0))
                {
                    rows.for_each(|row| flags[row + x0..row + x1].iter_mut().for_each(|f| *f |= KEPT_FLOOR));
                    continue;
                }
            }
            let mut err = None;
            let mut cells = 0usize;
            room.shape.for_each_cell(|p| {
                if err.is_some() {
                    return;
                }
                if !on(p) {
                    err = Some(LockConflict::RoomOffMap { room: room.id, cell: p, width, height });
                    return;
                }
                let i = at(p);
                if flags[i] & KEPT_FLOOR != 0 {
                    let a = rooms[..k].iter().find(|r| r.shape.contains(p)).map_or(room.id, |r| r.id);
                    err = Some(LockConflict::RoomsTouch { a, b: room.id });
                    return;
                }
                flags[i] |= KEPT_FLOOR;
                cells += 1;
            });
            if let Some(e) = err {
                return Err(e);
            }
            if cells == 0 {
                return Err(LockConflict::Damaged(format!("kept room {} has no floor", room.id)));
            }
        }
        // Rings: every tile next to a kept room's floor. A rectangle's is the box around it, set
        // whole a row at a time (on its own floor the flag changes nothing).
        for (room, around) in rooms.iter().zip(&boxes) {
            match &room.shape {
                Shape::Rect(_) => {
                    let (x0, x1) = (around.x0.max(0) as usize, (around.x1 + 1).min(width as i32) as usize);
                    for y in around.y0.max(0)..(around.y1 + 1).min(height as i32) {
                        let row = y as usize * width as usize;
                        flags[row + x0..row + x1].iter_mut().for_each(|f| *f |= RING);
                    }
                }
                shape => shape.for_each_cell(|p| {
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let q = p.offset(dx, dy);
                            if on(q) && flags[at(q)] & KEPT_FLOOR == 0 {
                                flags[at(q)] |= RING;
                            }
                        }
                    }
                }),
            }
        }
        // Doors room by room, each room's in the order of their ids (taken from a map, they come
        // so): each door's room found by its id (the rooms are in order), then the doors put in
        // their rooms' places.
        let room_ids = IdTable::new(rooms.iter().map(|r| r.id));
        let place = |d: &Door| room_ids.get(d.room, || rooms.binary_search_by_key(&d.room, |r| r.id).ok());
        let mut door_start = vec![0usize; rooms.len() + 1];
        for d in &kept.doors {
            let Some(k) = place(d) else {
                return Err(LockConflict::Damaged(format!(
                    "kept door {} is on room {}, which is not kept",
                    d.id, d.room
                )));
            };
            door_start[k + 1] += 1;
        }
        for k in 0..rooms.len() {
            door_start[k + 1] += door_start[k];
        }
        let mut all_doors = kept.doors.clone();
        let mut next = door_start.clone();
        for d in &kept.doors {
            if let Some(k) = place(d) {
                all_doors[next[k]] = d.clone();
                next[k] += 1;
            }
        }
        for (k, room) in rooms.iter().enumerate() {
            let own = &mut all_doors[door_start[k]..door_start[k + 1]];
            if !own.is_sorted_by_key(|d| d.id) {
                own.sort_by_key(|d| d.id);
            }
            for d in own.iter() {
                let out = d.outside();
                if !room.shape.contains(d.cell) || !on(out) || flags[at(out)] & KEPT_FLOOR != 0 {
                    return Err(LockConflict::Damaged(format!("kept door {} is not on room {}'s edge", d.id, d.room)));
                }
                flags[at(out)] |= DOOR_OUT;
            }
        }
        // A door's place, by its id: its kept room, and its index among that room's doors.
        let door_ids = IdTable::new(all_doors.iter().map(|d| d.id));
        let find_door = |id: u32| {
            let s = door_ids.get(id, || all_doors.iter().position(|d| d.id == id))?;
            let k = place(&all_doors[s])?;
            Some((k, s - door_start[k]))
        };
        let mut corridors = Vec::with_capacity(kept.corridors.len());
        let mut paths = Vec::with_capacity(kept.corridors.iter().map(|c| c.path.len()).sum());
        for (i, c) in kept.corridors.iter().enumerate() {
            let (Some(a), Some(b)) = (find_door(c.doors[0]), find_door(c.doors[1])) else {
                return Err(LockConflict::Damaged(format!("kept corridor {i} does not join two kept doors")));
            };
            let mut off = None;
            let mut mark = |p: Pos| {
                if !on(p) {
                    off = Some(p);
                } else if flags[at(p)] & KEPT_FLOOR == 0 {
                    flags[at(p)] |= LOCKED_OPEN;
                }
            };
            match c.width {
                // One tile wide (most corridors): the path itself.
                0 | 1 => c.path.iter().for_each(|p| mark(*p)),
                w => Corridor::cells_of(&c.path, w, mark),
            }
            if let Some(cell) = off {
                return Err(LockConflict::TileOffMap { cell, width, height });
            }
            let first = paths.len();
            paths.extend_from_slice(&c.path);
            corridors.push(KeptPath { cells: first..paths.len(), width: c.width, ends: [a, b] });
        }
        let tiles = kept.tiles_on(width, height)?;
        let mut open_tiles = false;
        for &(p, t) in &tiles {
            let i = at(p);
            if flags[i] & KEPT_FLOOR != 0 {
                if t != Tile::Floor {
                    return Err(LockConflict::Damaged(format!(
                        "the locked tile at {p} is inside a kept room but not floor"
                    )));
                }
                continue;
            }
            match t {
                Tile::Wall => flags[i] |= LOCKED_WALL,
                Tile::Floor => return Err(LockConflict::StrayFloor { cell: p }),
                Tile::Corridor => {
                    flags[i] |= LOCKED_OPEN;
                    open_tiles = true;
                }
            }
        }
        let mut groups = pathfind::UnionFind::new(rooms.len());
        for c in &corridors {
            groups.union(c.ends[0].0, c.ends[1].0);
        }
        let group = (0..rooms.len()).map(|k| groups.find(k)).collect();
        let loose = !corridors.is_empty() || tiles.iter().any(|(p, _)| flags[at(*p)] & KEPT_FLOOR == 0);
        let spawn = kept.spawn.filter(|p| on(*p) && flags[at(*p)] & KEPT_FLOOR != 0);
        Ok(Locks {
            width,
            height,
            flags,
            rooms,
            all_doors,
            door_start,
            corridors,
            paths,
            group,
            boxes,
            tiles,
            open_tiles,
            loose,
            spawn,
        })
    }

    /// Kept room `k`'s doors, in the order of their ids.
    pub(super) fn doors(&self, k: usize) -> &[Door] {
        &self.all_doors[self.door_start[k]..self.door_start[k + 1]]
    }

    /// The path of kept corridor `c`.
    pub(super) fn path(&self, c: &KeptPath) -> &[Pos] {
        &self.paths[c.cells.clone()]
    }

    /// The doors of kept room `k` and of the kept rooms kept corridors join to it.
    /// Each with its slot (see [`Self::slot`]).
    pub(super) fn group_doors(&self, k: usize) -> impl Iterator<Item = (usize, &Door)> + '_ {
        let g = self.group[k];
        (0..self.rooms.len())
            .filter(move |&j| self.group[j] == g)
            .flat_map(move |j| (self.door_start[j]..self.door_start[j + 1]).map(|s| (s, &self.all_doors[s])))
    }

    /// The place of kept room `k`'s door `j` among all kept doors (`0..` [`Self::door_count`]).
    pub(super) fn slot(&self, k: usize, j: usize) -> usize {
        self.door_start[k] + j
    }

    /// How many kept doors there are.
    pub(super) fn door_count(&self) -> usize {
        self.all_doors.len()
    }

    /// Whether a tunnel may run over tile `p`: on the map but not on its border, not a kept
    /// room's floor or wall (except just outside its doors) and not a locked wall.
    pub(super) fn passable(&self, p: Pos) -> bool {
        self.open(p, false)
    }

    /// [`Self::passable`], or, when `walls` (nothing better is left), along a kept room's walls
    /// too (opening them, as the tutorial's tunnels open the rooms they run along): one look at
    /// the tile's flags (the searches round locks ask this of every tile they look at).
    #[inline]
    pub(super) fn open(&self, p: Pos, walls: bool) -> bool {
        // Inside the border: one unsigned comparison an axis.
        self.inner(p)
            && PASS[usize::from(self.flags[p.y as usize * self.width as usize + p.x as usize])] >> u8::from(walls) & 1
                != 0
    }

    /// Whether the `n` tiles from `a` on in steps of `d` (along one axis) may all carry a
    /// tunnel, as [`Self::open`] says: the ends checked against the border once, then the flags
    /// a stride at a time.
    pub(super) fn clear_run(&self, a: Pos, d: (i32, i32), n: usize, walls: bool) -> bool {
        let Some(last) = n.checked_sub(1).and_then(|k| i32::try_from(k).ok()) else { return n == 0 };
        let b = a.offset(d.0 * last, d.1 * last);
        if !self.inner(a) || !self.inner(b) {
            return false;
        }
        let w = self.width as isize;
        let step = d.1 as isize * w + d.0 as isize;
        let start = a.y as isize * w + a.x as isize;
        let bit = u8::from(walls);
        (0..n as isize).all(|k| PASS[usize::from(self.flags[(start + k * step) as usize])] >> bit & 1 != 0)
    }

    /// Whether `p` lies inside the map's border.
    #[inline]
    fn inner(&self, p: Pos) -> bool {
        (p.x.wrapping_sub(1) as u32) < self.width.saturating_sub(2)
            && (p.y.wrapping_sub(1) as u32) < self.height.saturating_sub(2)
    }

    /// Whether a new room may not go where its `footprint` (floor and walls) holds a locked tile
    /// or a kept corridor, or its floor (the footprint less its outer tiles) a kept room's floor
    /// or wall. (Kept rooms are also kept apart by the generator's own overlap rule, which lets
    /// neighbours share a wall.) One pass over the footprint's rows.
    pub(super) fn blocks(&self, footprint: Rect) -> bool {
        // Locked tiles and kept corridors, when there are any outside the kept rooms.
        let locked = if self.loose { LOCKED_WALL | LOCKED_OPEN } else { 0 };
        let all = locked | KEPT_FLOOR | RING;
        let (x0, y0) = (footprint.x.max(0), footprint.y.max(0));
        let (x1, y1) = (footprint.right().min(self.width as i32), footprint.bottom().min(self.height as i32));
        if x1 <= x0 {
            return false;
        }
        // The floor's columns, within the row.
        let (f0, f1) = ((footprint.x + 1).clamp(x0, x1), (footprint.right() - 1).clamp(x0, x1));
        let any = |cells: &[u8], mask: u8| mask != 0 && cells.iter().any(|f| f & mask != 0);
        (y0..y1).any(|y| {
            let row = y as usize * self.width as usize;
            let at = |x: i32| row + x as usize;
            if y == footprint.y || y == footprint.bottom() - 1 {
                any(&self.flags[at(x0)..at(x1)], locked)
            } else {
                any(&self.flags[at(x0)..at(f0)], locked)
                    || any(&self.flags[at(f0)..at(f1.max(f0))], all)
                    || any(&self.flags[at(f1.max(f0))..at(x1)], locked)
            }
        })
    }

    /// `line` (its two ends open) with every stretch that crosses a lock replaced by a way round
    /// it: along the ring round the kept rooms it meets when that is open ([`Self::round_box`]),
    /// else the shortest way, searched near the stretch first (a tunnel across a big map that
    /// meets one kept room goes round that room, not across the map again).
    /// Appended to `out`, or `false` (and `out` as it was).
    pub(super) fn detour(&self, line: &[Pos], walls: bool, out: &mut Vec<Pos>) -> bool {
        let start = out.len();
        let found = self.detour_onto(line, walls, out).is_some();
        if !found {
            out.truncate(start);
        }
        found
    }

    fn detour_onto(&self, line: &[Pos], walls: bool, out: &mut Vec<Pos>) -> Option<()> {
        let ok = |p: Pos| self.open(p, walls);
        let (first, last) = (*line.first()?, *line.last()?);
        if !ok(first) || !ok(last) {
            return None;
        }
        out.reserve(line.len() + 16);
        let mut k = 0;
        while k < line.len() {
            if ok(line[k]) {
                out.push(line[k]);
                k += 1;
                continue;
            }
            let mut j = k;
            while !ok(line[j]) {
                j += 1;
            }
            let (from, to) = (line[k - 1], line[j]);
            if self.round_box(&line[k - 1..=j], walls, out) {
                k = j + 1;
                continue;
            }
            let around = TileBox::around(line[k - 1..=j].iter().copied())?;
            let whole = Rect::new(0, 0, self.width as i32, self.height as i32);
            let mut path = None;
            // Near the stretch, farther, then the whole map; an area the one before already
            // covered is not searched again (the same search finds the same nothing).
            let mut searched: Option<Rect> = None;
            for margin in [Some(8), Some(32), None] {
                let area = match margin {
                    Some(m) => Rect::new(
                        around.x0 - m,
                        around.y0 - m,
                        around.x1 - around.x0 + 1 + 2 * m,
                        around.y1 - around.y0 + 1 + 2 * m,
                    )
                    .intersection(&whole)?,
                    None => whole,
                };
                if searched == Some(area) {
                    continue;
                }
                // After a failed search near the stretch: when `to` lies in a small pocket
                // without `from`, no wider search can find a way (and a failing search of the
                // whole map looks at every tile it can reach).
                if searched.is_some() && self.pocket(to, from, walls) {
                    break;
                }
                searched = Some(area);
                match pathfind::shortest_path(area, from, to, ROUTE_CAP, ok) {
                    Ok(p) => {
                        path = Some(p);
                        break;
                    }
                    // Nothing in the whole map: no wider search can do better.
                    Err(pathfind::NoPath::Unreachable) if area == whole => break,
                    Err(_) => {}
                }
            }
            let path = path?;
            out.extend_from_slice(path.get(1..)?);
            k = j + 1;
        }
        Some(())
    }

    /// The shortest walk from `from` to the nearest tile `goal` accepts, over tiles a tunnel
    /// may take (along kept walls too when `walls`).
    pub(super) fn route_to(&self, from: Pos, goal: impl FnMut(Pos) -> bool, walls: bool) -> Option<Vec<Pos>> {
        let q =
            pathfind::Query { paths: true, cap: ROUTE_CAP, ..pathfind::Query::flood(self.width, self.height, from) };
        let s = pathfind::search(q, goal, |p| self.open(p, walls));
        s.found.and_then(|p| s.path_to(p))
    }

    /// A way round the kept rooms a stretch of tunnel runs into: `stretch` goes from an open
    /// tile through blocked ones to an open one. The way follows the ring of tiles round the box
    /// of the kept room met first, from one end to the other, the shorter way round that is open
    /// (see [`Self::round_ring`]); failing that, round the box of that room and the kept rooms
    /// touching it (and those touching them), whose ring no other kept room meets. Appended to
    /// `out` after the stretch's first tile; `false` (and `out` as it was) when no ring serves.
    fn round_box(&self, stretch: &[Pos], walls: bool, out: &mut Vec<Pos>) -> bool {
        let (Some(&from), Some(&to), Some(first)) = (stretch.first(), stretch.last(), stretch.get(1)) else {
            return false;
        };
        // The box of the kept room met first, then with the kept rooms touching it (and those
        // touching them), until the ring round it is open.
        let Some(mut around) = self.boxes.iter().find(|b| b.contains(*first)).copied() else { return false };
        loop {
            if self.round_ring(around, from, to, walls, out) {
                return true;
            }
            let grown = TileBox::new(around.x0 - 1, around.y0 - 1, around.x1 + 1, around.y1 + 1);
            let more = self.boxes.iter().filter(|b| b.meets(&grown)).fold(around, |a, b| a.union(b));
            if more == around {
                return false;
            }
            around = more;
        }
    }

    /// The shorter open way from `from` to `to` along the ring just outside `around`, appended
    /// to `out` after `from`. An end on the box's own edge (the tile outside a kept door, in the
    /// kept room's wall) steps out onto the ring first; with an end deeper inside, or no open
    /// way, `false` (and `out` as it was).
    fn round_ring(&self, around: TileBox, from: Pos, to: Pos, walls: bool, out: &mut Vec<Pos>) -> bool {
        // The end itself when outside the box, else the ring tile just outside its edge.
        let onto = |p: Pos| -> Option<Pos> {
            if !around.contains(p) {
                return Some(p);
            }
            let out = if p.x == around.x0 {
                p.offset(-1, 0)
            } else if p.x == around.x1 {
                p.offset(1, 0)
            } else if p.y == around.y0 {
                p.offset(0, -1)
            } else if p.y == around.y1 {
                p.offset(0, 1)
            } else {
                return None;
            };
            self.open(out, walls).then_some(out)
        };
        let (Some(start), Some(end)) = (onto(from), onto(to)) else { return false };
        let ring = Ring(TileBox::new(around.x0 - 1, around.y0 - 1, around.x1 + 1, around.y1 + 1));
        let (Some(a), Some(b)) = (ring.place(start), ring.place(end)) else { return false };
        let length = ring.length();
        let forward = (b - a).rem_euclid(length);
        // The shorter way first.
        let ways = if forward <= length - forward {
            [(1, forward), (-1, length - forward)]
        } else {
            [(-1, length - forward), (1, forward)]
        };
        let base = out.len();
        for (dir, steps) in ways {
            out.truncate(base);
            // Place by place round the ring, each tile checked as it is added (the first is
            // `from` itself when it lies on the ring).
            let (mut t, mut open) = (a, true);
            for s in 0..=steps {
                let p = ring.tile(t);
                open = self.open(p, walls);
                if !open {
                    break;
                }
                if s > 0 || start != from {
                    out.push(p);
                }
                t = match t + dir {
                    n if n == length => 0,
                    -1 => length - 1,
                    n => n,
                };
            }
            if open {
                if end != to {
                    out.push(to);
                }
                return true;
            }
        }
        out.truncate(base);
        false
    }

    /// Whether `p` lies in a small pocket that tunnels cannot leave (between kept rooms and
    /// locked walls), without `other` in it: a few hundred tiles looked at, at most. `walls`:
    /// tunnels may run along kept walls too.
    pub(super) fn pocket(&self, p: Pos, other: Pos, walls: bool) -> bool {
        const LOOK: usize = 256;
        let q = pathfind::Query { cap: LOOK, ..pathfind::Query::flood(self.width, self.height, p) };
        let s = pathfind::search(q, |c| c == other, |c| c == other || self.open(c, walls));
        s.found.is_none() && !s.capped
    }

    /// Whether every tile of `cells` may carry a tunnel (along kept walls too when `walls`).
    pub(super) fn clear(&self, cells: &[Pos], walls: bool) -> bool {
        cells.iter().all(|p| self.open(*p, walls))
    }
}

/// Joins locked corridor tiles that the map does not reach from its spawn to the nearest tile
/// it does reach, by the shortest way around the locks.
pub(super) fn join_locked_tiles(l: &Locks, map: &mut crate::map::Map) -> Result<(), LockConflict> {
    let walk = |map: &crate::map::Map| crate::map::metrics::distances_from(map, map.spawn);
    let mut dist = walk(map);
    for &(p, t) in &l.tiles {
        if t != Tile::Corridor || dist.get(p).is_some_and(|d| *d != crate::pathfind::UNREACHED) {
            continue;
        }
        let reached = |q: Pos| dist.get(q).is_some_and(|d| *d != crate::pathfind::UNREACHED);
        let path = l
            .route_to(p, reached, false)
            .or_else(|| l.route_to(p, reached, true))
            .ok_or_else(|| LockConflict::WalledIn { what: "the locked corridor tile".into(), cell: p })?;
        for q in path {
            if map.tile(q) == Some(Tile::Wall) {
                map.set_tile(q, Tile::Corridor);
            }
        }
        dist = walk(map);
    }
    Ok(())
}

/// Places in a list by id, for ids as a map gives them (a room's or door's id is its place
/// among the map's rooms or doors, so they are small): a table, or, for ids far larger than the
/// list (from a file), nothing, and the caller searches.
struct IdTable(Vec<u32>);

impl IdTable {
    fn new(ids: impl Iterator<Item = u32> + Clone) -> Self {
        let (n, top) = ids.clone().fold((0, 0), |(n, top), id| (n + 1, top.max(id as usize)));
        if top >= 4 * n + 64 {
            return Self(Vec::new());
        }
        let mut table = vec![u32::MAX; top + 1];
        for (i, id) in ids.enumerate() {
            // The first of equal ids, as a search from the front finds.
            if table[id as usize] == u32::MAX {
                table[id as usize] = i as u32;
            }
        }
        Self(table)
    }

    /// The place of `id`; `search` when there is no table.
    fn get(&self, id: u32, search: impl FnOnce() -> Option<usize>) -> Option<usize> {
        if self.0.is_empty() {
            return search();
        }
        self.0.get(id as usize).filter(|&&i| i != u32::MAX).map(|&i| i as usize)
    }
}

/// The ring of tiles along the border of a box, walked clockwise from its top-left corner.
struct Ring(TileBox);

impl Ring {
    /// How many tiles the ring has (each side's steps, all round).
    fn length(&self) -> i32 {
        2 * ((self.0.x1 - self.0.x0) + (self.0.y1 - self.0.y0))
    }

    /// Where tile `p` lies along the ring, or `None` off it.
    fn place(&self, p: Pos) -> Option<i32> {
        let TileBox { x0, y0, x1, y1 } = self.0;
        let (w, h) = (x1 - x0, y1 - y0);
        let on_x = (x0..=x1).contains(&p.x);
        let on_y = (y0..=y1).contains(&p.y);
        if p.y == y0 && on_x {
            Some(p.x - x0)
        } else if p.x == x1 && on_y {
            Some(w + p.y - y0)
        } else if p.y == y1 && on_x {
            Some(w + h + x1 - p.x)
        } else if p.x == x0 && on_y {
            Some(2 * w + h + y1 - p.y)
        } else {
            None
        }
    }

    /// The tile at place `t` along the ring (`0..` [`Self::length`]).
    fn tile(&self, t: i32) -> Pos {
        let TileBox { x0, y0, x1, y1 } = self.0;
        let (w, h) = (x1 - x0, y1 - y0);
        if t < w {
            Pos::new(x0 + t, y0)
        } else if t < w + h {
            Pos::new(x1, y0 + t - w)
        } else if t < 2 * w + h {
            Pos::new(x1 - (t - w - h), y1)
        } else {
            Pos::new(x0, y1 - (t - 2 * w - h))
        }
    }
}
