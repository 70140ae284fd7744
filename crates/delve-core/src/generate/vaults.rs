//! The **vaults** stage, any generator's last building stage: the hand-made rooms of the
//! parameters' vault libraries ([`crate::params::vaults`]) placed in the rock the generator
//! left (or carved into its map where it left none), and joined like any room.
//!
//! | Step | Does | Stream |
//! |---|---|---|
//! | each vault, in library order, `count` times | a placement drawn with its chance; an orientation among those allowed (turns, mirrors) | [`Stream::Vaults`] |
//! | place | a place where the vault and a ring of one tile around it are all rock, not locked, three tiles in from the map's edge: drawn evenly among all such places (the drawn orientation first, then the others in order) | [`Stream::Vaults`] |
//! | or carve | no free rock (a generator that fills its map): a place clear of locks and of the vaults placed before, drawn the same way; the vault is laid there as a lock over a finished map is (`keep_over::lay`): what it covers gives way, rooms it cuts become their pieces, and every room is reached again; none: the report names the vault | [`Stream::Vaults`] |
//! | join | the vault's floor, then a corridor from one of its entrances (its doors in the library; any side when it has none) through rock or corridor floor to the nearest other room, by the one breadth-first search; a door on each end. Later corridors reach a vault only at its entrances | — |
//!
//! Without libraries the stage draws nothing and changes nothing, so maps made without vaults
//! are the same as before vaults existed.

use super::Report;
use super::join::{self, NONE, Owners};
use super::keep_over;
use super::record::{Recorder, SharedStep, Step, Steps};
use crate::geom::{Dir, Pos, Rect};
use crate::map::locks::Kept;
use crate::map::palette::{PALETTE, index_of};
use crate::map::{Door, Map, Rgb, Room, RoomId, Shape, Tile};
use crate::params::vaults::{Orientation, Vault, Vaults};
use crate::pathfind::Searcher;
use crate::rng::{Stream, stream};
use rand::RngExt;
use std::collections::BTreeSet;

/// The vaults of library `map`, read from file `file`: its rooms marked as vaults, or every
/// room when none is marked; each named by its label, or "`file` room N".
pub fn from_library(map: &Map, file: &str) -> Vec<Vault> {
    let marked = map.rooms.iter().any(|r| r.vault);
    let mut out = Vec::new();
    for room in map.rooms.iter().filter(|r| r.vault || !marked) {
        let mut cells = Vec::new();
        room.shape.for_each_cell(|c| cells.push(c));
        let (Some(x0), Some(y0)) = (cells.iter().map(|c| c.x).min(), cells.iter().map(|c| c.y).min()) else {
            continue;
        };
        let x1 = cells.iter().map(|c| c.x).max().unwrap_or(x0);
        let y1 = cells.iter().map(|c| c.y).max().unwrap_or(y0);
        let at = |c: Pos| Pos::new(c.x - x0, c.y - y0);
        let mut entrances: Vec<(Pos, Dir)> =
            map.doors.iter().filter(|d| d.room == room.id).map(|d| (at(d.cell), d.side)).collect();
        entrances.sort_unstable_by_key(|&(c, d)| (c.y, c.x, d as u8));
        entrances.dedup();
        let mut cells: Vec<Pos> = cells.into_iter().map(at).collect();
        cells.sort_unstable_by_key(|p| (p.y, p.x));
        cells.dedup();
        let name = room.label.clone().unwrap_or_else(|| format!("{file} room {}", room.id));
        let Rgb(r, g, b) = room.colour;
        let colour = [r, g, b];
        out.push(Vault { name, cells, width: x1 - x0 + 1, height: y1 - y0 + 1, entrances, colour });
    }
    out
}

/// The stage: every vault of `v` placed and joined on `map` (whose rooms the generator made),
/// drawing from `seed`'s vaults stream; `report` counts the vaults placed, and a vault that
/// finds no place is told in its notes. Each placement tried is told to `steps` (stopping when
/// it says so).
pub(super) fn place(v: &Vaults, seed: u64, map: &mut Map, report: &mut Report, steps: &mut Steps<'_, impl Recorder>) {
    if v.libraries.is_empty() || v.loaded.vaults.is_empty() {
        return;
    }
    if map.rooms.is_empty() {
        report.notes.push("vaults not placed: the map has no room to join them to".into());
        return;
    }
    let mut rng = stream(seed, Stream::Vaults);
    let allowed = Orientation::allowed(v.rotate, v.mirror);
    let mut work = Work::new(map);
    for vault in v.loaded.vaults.iter() {
        let (count, chance) = v.rule_of(&vault.name);
        let mut missed = 0;
        for _ in 0..count {
            if chance < 1.0 && !rng.random_bool(chance.clamp(0.0, 1.0)) {
                continue;
            }
            let first = if allowed.len() > 1 { rng.random_range(0..allowed.len()) } else { 0 };
            let free = Places::free_rock(map);
            let found = free.first_fitting(vault, &allowed, first);
            let step = match found {
                Some((o, shaped, n)) => {
                    let corner = free.nth(shaped.width, shaped.height, rng.random_range(0..n));
                    let (room, cells) = work.stamp(map, &shaped, corner);
                    match work.join(map, room, &shaped, corner) {
                        Some(to) => {
                            work.walls.add(&shaped, corner);
                            Some(placed(vault, o, &shaped, corner, room, Some(to), cells, false))
                        }
                        None => {
                            // No way out reaches a room: the vault is taken back.
                            work.unstamp(map);
                            None
                        }
                    }
                }
                // No free rock: the vault is carved into the map.
                None => carve(map, vault, &allowed, first, &mut rng, &mut work),
            };
            let step = step.unwrap_or_else(|| {
                missed += 1;
                Step::Shared(SharedStep::VaultNotPlaced {
                    name: vault.name.clone(),
                    width: vault.width,
                    height: vault.height,
                })
            });
            if matches!(step, Step::Shared(SharedStep::VaultPlaced { .. })) {
                report.vaults_placed += 1;
            }
            if steps.tell(|| step) {
                return;
            }
        }
        if missed > 0 {
            report.notes.push(format!(
                "vault not placed: “{}” ({}×{}) found no place {missed} of {count} times (neither free rock nor \
                 a part of the map clear of locks and other vaults that it could be carved into); make the map \
                 larger or lower the vault count",
                vault.name, vault.width, vault.height
            ));
        }
    }
}

/// The step telling that `vault` was placed `o`-wise (as `shaped`) with its corner at `corner`,
/// as room `room` of `cells` tiles, joined to room `to`; `carved` when it was carved into the map.
#[allow(clippy::too_many_arguments)]
fn placed(
    vault: &Vault,
    o: Orientation,
    shaped: &Vault,
    corner: Pos,
    room: RoomId,
    to: Option<RoomId>,
    cells: u32,
    carved: bool,
) -> Step {
    Step::Shared(SharedStep::VaultPlaced {
        room,
        name: vault.name.clone(),
        footprint: Rect::new(corner.x, corner.y, shaped.width, shaped.height),
        mirrored: o.mirrored,
        turns: o.turns,
        to,
        cells,
        carved,
    })
}

/// Where no free rock is left (the generators that fill their map: rooms and mazes, BSP rooms,
/// dense caves), `vault` is carved into the map: a place is drawn evenly among those clear of
/// locked rooms, tiles and corridors and of the vaults already placed (with a ring of one tile),
/// and the vault is laid there as a lock is laid over a finished map ([`keep_over::lay`]): what
/// it covers gives way, rooms it cuts become their pieces, its entrances are joined and every
/// room is reached again; vaults placed before keep their walls (corridors reach them only at
/// the entrances they were joined by). `None` (the map as it was) when no place is clear or the
/// vault cannot be joined.
fn carve(
    map: &mut Map,
    vault: &Vault,
    allowed: &[Orientation],
    first: usize,
    rng: &mut impl RngExt,
    work: &mut Work,
) -> Option<Step> {
    let clear = Places::carvable(map);
    let (o, shaped, n) = clear.first_fitting(vault, allowed, first)?;
    let corner = clear.nth(shaped.width, shaped.height, rng.random_range(0..n));
    let cells: Vec<Pos> = shaped.cells.iter().map(|c| c.offset(corner.x, corner.y)).collect();
    let size = cells.len() as u32;
    let id = map.rooms.len() as RoomId;
    let doors: Vec<Door> = shaped
        .entrances
        .iter()
        .enumerate()
        .map(|(k, &(c, side))| Door::new(k as u32, id, c.offset(corner.x, corner.y), side))
        .collect();
    let entrances = !doors.is_empty();
    let kept = Kept {
        width: map.width(),
        height: map.height(),
        rooms: vec![vault_room(id, &shaped, cells)],
        doors,
        ..Kept::default()
    };
    let before = map.clone();
    // A vault with entrances is reached only there, as a locked room is; one without, anywhere.
    // So are the vaults placed before, locked while this one is laid.
    let lock = |map: &mut Map, on: bool| {
        for r in map.rooms.iter_mut().filter(|r| r.vault && work.walls.hold(r)) {
            r.locked = on;
        }
    };
    lock(map, true);
    // What the lay cuts may leave a room or door it cannot join again (a piece of a room too
    // small to stay a room, with a vault's corridor at its door): then the vault is not placed.
    if keep_over::lay(map, &kept, entrances).is_err() || !map.validate().is_empty() {
        *map = before;
        return None;
    }
    // Laid after every room of the map, and rooms are only ever taken out after it: the last vault.
    let room = map.rooms.iter().rposition(|r| r.vault)?;
    map.rooms[room].locked = false;
    lock(map, false);
    work.walls.add(&shaped, corner);
    work.owner = Owners::of(map);
    let room = room as RoomId;
    let to = map.corridors.iter().find_map(|c| {
        let rooms = c.doors.map(|d| map.doors.get(d as usize).map(|d| d.room));
        match rooms {
            [Some(a), Some(b)] if a == room => Some(b),
            [Some(a), Some(b)] if b == room => Some(a),
            _ => None,
        }
    });
    Some(placed(vault, o, &shaped, corner, room, to, size, true))
}

/// Vault `shaped` as room `id` over `cells`: labelled with its name, marked a vault, in the
/// palette colour nearest the library's (as every generated room has one, and every export draws
/// palette colours exactly).
fn vault_room(id: RoomId, shaped: &Vault, cells: Vec<Pos>) -> Room {
    let [r, g, b] = shaped.colour;
    let mut room = Room::new(id, Shape::Cells(cells), PALETTE[index_of(Rgb(r, g, b))]);
    room.label = Some(shaped.name.clone());
    room.vault = true;
    room
}

/// Where a vault of a size may go on a map: a summed-area table of the tiles it may not cover,
/// so that a box is tested in four reads.
struct Places {
    w: i32,
    h: i32,
    /// `(w + 1) × (h + 1)`: the blocked tiles above and left of each corner.
    sums: Vec<u32>,
}

impl Places {
    /// Free rock: all but floor, corridor and locked tiles are blocked.
    fn free_rock(map: &Map) -> Places {
        let mut blocked: Vec<u8> = map.tiles().as_slice().iter().map(|t| u8::from(*t != Tile::Wall)).collect();
        for p in map.locked_tiles() {
            if let Some(b) = blocked.get_mut((p.y * map.width() as i32 + p.x) as usize) {
                *b = 1;
            }
        }
        Places::of(map.width() as i32, map.height() as i32, &blocked)
    }

    /// What a vault may be carved into: all but locked tiles, locked rooms and vaults, and the
    /// corridors at their doors (with the door at each end).
    fn carvable(map: &Map) -> Places {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut blocked = vec![0u8; (w * h) as usize];
        let mut block = |p: Pos| {
            if map.in_bounds(p) {
                blocked[(p.y * w + p.x) as usize] = 1;
            }
        };
        map.locked_tiles().for_each(&mut block);
        let kept = |room: u32| map.rooms.get(room as usize).is_some_and(|r| r.locked || r.vault);
        for room in map.rooms.iter().filter(|r| r.locked || r.vault) {
            room.shape.for_each_cell(&mut block);
        }
        for c in &map.corridors {
            let doors = c.doors.map(|d| map.doors.get(d as usize));
            if doors.iter().flatten().any(|d| kept(d.room)) {
                c.path.iter().copied().for_each(&mut block);
                // The door at its other end too: the corridor goes when its door does.
                doors.iter().flatten().for_each(|d| block(d.cell));
            }
        }
        Places::of(w, h, &blocked)
    }

    /// The table of a `w`×`h` map's `blocked` tiles (one byte each, row by row).
    fn of(w: i32, h: i32, blocked: &[u8]) -> Places {
        let stride = (w + 1) as usize;
        let mut sums = vec![0u32; stride * (h + 1) as usize];
        for y in 0..h as usize {
            let mut row = 0u32;
            for x in 0..w as usize {
                row += u32::from(blocked[y * w as usize + x]);
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
            }
        }
        Places { w, h, sums }
    }

    /// The first orientation of `allowed`, from the `first`-th on and round, in which `vault`
    /// has places here: that orientation, the vault so, and how many places.
    fn first_fitting(
        &self,
        vault: &Vault,
        allowed: &[Orientation],
        first: usize,
    ) -> Option<(Orientation, Vault, usize)> {
        (0..allowed.len()).find_map(|k| {
            let o = allowed[(first + k) % allowed.len()];
            let shaped = vault.oriented(o);
            let n = self.count(shaped.width, shaped.height);
            (n > 0).then_some((o, shaped, n))
        })
    }

    /// Blocked tiles in `r` (inside the map).
    fn blocked(&self, r: Rect) -> u32 {
        let s = (self.w + 1) as usize;
        let (x0, y0, x1, y1) = (r.x as usize, r.y as usize, (r.x + r.w) as usize, (r.y + r.h) as usize);
        self.sums[y1 * s + x1] + self.sums[y0 * s + x0] - self.sums[y0 * s + x1] - self.sums[y1 * s + x0]
    }

    /// The corners where a `w`×`h` vault fits, row by row: the vault and its ring free, and a
    /// tile between the ring and the map's edge (so that a way out of every entrance leads
    /// somewhere).
    fn corners(&self, w: i32, h: i32) -> impl Iterator<Item = Pos> + '_ {
        let (xs, ys) = (3..=self.w - w - 3, 3..=self.h - h - 3);
        ys.flat_map(move |y| xs.clone().map(move |x| Pos::new(x, y)))
            .filter(move |c| self.blocked(Rect::new(c.x - 1, c.y - 1, w + 2, h + 2)) == 0)
    }

    fn count(&self, w: i32, h: i32) -> usize {
        self.corners(w, h).count()
    }

    /// The `k`-th corner of [`FreeRock::corners`] (`k` below their count).
    fn nth(&self, w: i32, h: i32, k: usize) -> Pos {
        self.corners(w, h).nth(k).unwrap_or(Pos::new(3, 3))
    }
}

/// The stage's scratch: which room holds each tile, and the search's buffers.
struct Work {
    owner: Owners,
    searcher: Searcher,
    walls: Walls,
}

/// The vaults placed that have entrances: their floor, and their entrances. Later corridors
/// reach such a vault only at an entrance, never through a wall its designer drew.
#[derive(Default)]
struct Walls {
    floor: BTreeSet<(i32, i32)>,
    entrances: BTreeSet<(i32, i32, u8)>,
}

impl Walls {
    /// Vault `shaped`, placed with its corner at `corner`.
    fn add(&mut self, shaped: &Vault, corner: Pos) {
        if shaped.entrances.is_empty() {
            return;
        }
        self.floor.extend(shaped.cells.iter().map(|c| (c.y + corner.y, c.x + corner.x)));
        let at = |&(c, d): &(Pos, Dir)| (c.y + corner.y, c.x + corner.x, d as u8);
        self.entrances.extend(shaped.entrances.iter().map(at));
    }

    /// Whether `room` is such a vault.
    fn hold(&self, room: &Room) -> bool {
        let mut first = None;
        room.shape.for_each_cell(|c| {
            first.get_or_insert(c);
        });
        first.is_some_and(|c| self.floor.contains(&(c.y, c.x)))
    }

    /// Whether a corridor may reach floor tile `cell` through its `side`.
    fn open(&self, cell: Pos, side: Dir) -> bool {
        !self.floor.contains(&(cell.y, cell.x)) || self.entrances.contains(&(cell.y, cell.x, side as u8))
    }
}

impl Work {
    fn new(map: &Map) -> Work {
        Work { owner: Owners::of(map), searcher: Searcher::default(), walls: Walls::default() }
    }

    /// The vault `shaped` laid with its corner at `corner`: its floor, and a room of it. Returns
    /// the room's id and its floor's size.
    fn stamp(&mut self, map: &mut Map, shaped: &Vault, corner: Pos) -> (RoomId, u32) {
        let id = map.rooms.len() as RoomId;
        let cells: Vec<Pos> = shaped.cells.iter().map(|c| c.offset(corner.x, corner.y)).collect();
        for &c in &cells {
            map.set_tile(c, Tile::Floor);
            self.owner.set(c, id);
        }
        let n = cells.len() as u32;
        map.rooms.push(vault_room(id, shaped, cells));
        (id, n)
    }

    /// Takes back the last vault stamped (before it was joined).
    fn unstamp(&mut self, map: &mut Map) {
        let Some(room) = map.rooms.pop() else { return };
        room.shape.for_each_cell(|c| {
            map.set_tile(c, Tile::Wall);
            self.owner.set(c, NONE);
        });
    }

    /// Joins vault room `room` (`shaped` at `corner`) to the nearest other room, leaving by
    /// one of its entrances ([`join::room_to`]). Returns the room it joined.
    fn join(&mut self, map: &mut Map, room: RoomId, shaped: &Vault, corner: Pos) -> Option<RoomId> {
        let exits: Vec<Pos> = shaped.entrances.iter().map(|&(c, d)| c.offset(corner.x, corner.y).step(d)).collect();
        let walls = &self.walls;
        join::room_to(map, &self.owner, &mut self.searcher, room, &exits, |_, c, s| walls.open(c, s))
    }
}
