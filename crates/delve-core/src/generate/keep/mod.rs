//! Generating around locks: the kept rooms, doors, corridors and tiles of a [`Kept`], checked
//! against the map to be made and laid out as a grid of flags that says where new rooms and
//! tunnels may not go ([`Locks`]). The generators read it; [`super::generate_keeping`] is the
//! way in.
//!
//! Locks enter generation through three seams only, so that the algorithms read as their
//! tutorials and the plain path pays one branch:
//! 1. **Obstacles**: the flags that placement consults ([`Locks::blocks`]; rooms and tunnels'
//!    *place rooms*, grown rooms' placement), with the kept rooms taking their places.
//! 2. **The router** for tunnels (`route.rs`: [`Locks::detour`] and the shortest way round;
//!    rooms and tunnels' `AroundLocks` router beside the tutorial's L).
//! 3. **The keep-locks stage** after generation: kept corridors dug, free kept doors joined,
//!    locked tiles set and joined to the map (`route.rs`: [`join_locked_tiles`]).
//!
//! A preparation is made once per locks and map size and kept with the locks the caller holds
//! ([`crate::map::locks::Derived::prepared`], opaque to the map model): nothing is kept
//! anywhere else, and it goes when the caller lets the locks go.

use crate::geom::{Pos, Rect, TileBox};
use crate::map::locks::{Kept, LockConflict};
use crate::map::{Door, MAX_SIDE, MAX_TILES, Room, Tile};
use crate::pathfind;
use std::sync::Arc;

mod route;
mod sheet;
pub(super) use route::join_locked_tiles;
use sheet::Sheet;

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
    /// prepared once per size and kept with `kept` ([`crate::map::locks::Derived::prepared`]).
    pub(super) fn prepared(kept: &Kept, width: u32, height: u32) -> Result<Arc<Locks>, LockConflict> {
        kept.derived.prepared((width, height), || Locks::new(kept, width, height))
    }

    /// The locks of `kept` on a `width`×`height` map, or the lock that cannot be kept there:
    /// the kept rooms' floors, the rings round them, their doors, the kept corridors and the
    /// locked tiles marked on one sheet of flags, in that order.
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
        let mut sheet = Sheet { width, height, flags: vec![0u8; width as usize * height as usize] };
        let mut rooms: Vec<Room> = kept.rooms.clone();
        // Taken from a map, they come in order.
        if !rooms.is_sorted_by_key(|r| r.id) {
            rooms.sort_unstable_by_key(|r| r.id);
        }
        if rooms.windows(2).any(|w| w[0].id == w[1].id) {
            return Err(LockConflict::Damaged("two kept rooms have the same id".into()));
        }
        let boxes = sheet.floors(&rooms)?;
        sheet.rings(&rooms, &boxes);
        let (all_doors, door_start) = sheet.doors(kept, &rooms)?;
        let (corridors, paths) = sheet.corridors(kept, &rooms, &all_doors, &door_start)?;
        let tiles = kept.tiles_on(width, height)?;
        let open_tiles = sheet.tiles(&tiles)?;
        let mut groups = pathfind::UnionFind::new(rooms.len());
        for c in &corridors {
            groups.union(c.ends[0].0, c.ends[1].0);
        }
        let group = (0..rooms.len()).map(|k| groups.find(k)).collect();
        let Sheet { flags, .. } = sheet;
        let on = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
        let at = |p: Pos| p.y as usize * width as usize + p.x as usize;
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

    /// Whether every tile of `cells` may carry a tunnel (along kept walls too when `walls`).
    pub(super) fn clear(&self, cells: &[Pos], walls: bool) -> bool {
        cells.iter().all(|p| self.open(*p, walls))
    }
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

#[cfg(test)]
mod tests;
