//! The **vaults** stage, any generator's last building stage: the hand-made rooms of the
//! parameters' vault libraries ([`crate::params::vaults`]) placed in the rock the generator
//! left, and joined like any room.
//!
//! | Step | Does | Stream |
//! |---|---|---|
//! | each vault, in library order, `count` times | a placement drawn with its chance; an orientation among those allowed (turns, mirrors) | [`Stream::Vaults`] |
//! | place | a place where the vault and a ring of one tile around it are all rock, not locked, three tiles in from the map's edge: drawn evenly among all such places (the drawn orientation first, then the others in order); none: the report names the vault | [`Stream::Vaults`] |
//! | join | the vault's floor, then a corridor from one of its entrances (its doors in the library; any side when it has none) through rock or corridor floor to the nearest other room, by the one breadth-first search; a door on each end | — |
//!
//! Without libraries the stage draws nothing and changes nothing, so maps made without vaults
//! are the same as before vaults existed.

use super::Report;
use super::join::{self, NONE, Owners};
use super::record::{Recorder, Step, Steps};
use crate::geom::{Dir, Pos, Rect};
use crate::map::palette::{PALETTE, index_of};
use crate::map::{Map, Rgb, Room, RoomId, Shape, Tile};
use crate::params::vaults::{Orientation, Vault, Vaults};
use crate::pathfind::Searcher;
use crate::rng::{Stream, stream};
use rand::RngExt;

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
            let free = FreeRock::of(map);
            let found = (0..allowed.len()).find_map(|k| {
                let o = allowed[(first + k) % allowed.len()];
                let shaped = vault.oriented(o);
                let n = free.count(shaped.width, shaped.height);
                (n > 0).then_some((o, shaped, n))
            });
            let step = match found {
                Some((o, shaped, n)) => {
                    let corner = free.nth(shaped.width, shaped.height, rng.random_range(0..n));
                    let (room, cells) = work.stamp(map, &shaped, corner);
                    let Some(to) = work.join(map, room, &shaped, corner) else {
                        // No way out reaches a room: the vault is taken back.
                        work.unstamp(map);
                        missed += 1;
                        let step =
                            Step::VaultNotPlaced { name: vault.name.clone(), width: vault.width, height: vault.height };
                        if steps.tell(|| step) {
                            return;
                        }
                        continue;
                    };
                    report.vaults_placed += 1;
                    Step::VaultPlaced {
                        room,
                        name: vault.name.clone(),
                        footprint: Rect::new(corner.x, corner.y, shaped.width, shaped.height),
                        mirrored: o.mirrored,
                        turns: o.turns,
                        to: Some(to),
                        cells,
                    }
                }
                None => {
                    missed += 1;
                    Step::VaultNotPlaced { name: vault.name.clone(), width: vault.width, height: vault.height }
                }
            };
            if steps.tell(|| step) {
                return;
            }
        }
        if missed > 0 {
            report.notes.push(format!(
                "vault not placed: “{}” ({}×{}) found no free rock {missed} of {count} times; make the map larger or \
                 its rooms fewer or smaller, or lower the vault count",
                vault.name, vault.width, vault.height
            ));
        }
    }
}

/// Where a vault of a size may go on a map: a summed-area table of the tiles that are not free
/// rock (floor, corridor, locked), so that a box is tested in four reads.
struct FreeRock {
    w: i32,
    h: i32,
    /// `(w + 1) × (h + 1)`: the blocked tiles above and left of each corner.
    sums: Vec<u32>,
}

impl FreeRock {
    fn of(map: &Map) -> FreeRock {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut blocked = vec![0u8; (w * h) as usize];
        for (b, t) in blocked.iter_mut().zip(map.tiles().as_slice()) {
            *b = u8::from(*t != Tile::Wall);
        }
        for p in map.locked_tiles() {
            if let Some(b) = blocked.get_mut((p.y * w + p.x) as usize) {
                *b = 1;
            }
        }
        let stride = (w + 1) as usize;
        let mut sums = vec![0u32; stride * (h + 1) as usize];
        for y in 0..h as usize {
            let mut row = 0u32;
            for x in 0..w as usize {
                row += u32::from(blocked[y * w as usize + x]);
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
            }
        }
        FreeRock { w, h, sums }
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
}

impl Work {
    fn new(map: &Map) -> Work {
        Work { owner: Owners::of(map), searcher: Searcher::default() }
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
        // The palette colour nearest the library's, as every generated room has one (every
        // export draws palette colours exactly).
        let [r, g, b] = shaped.colour;
        let colour = PALETTE[index_of(Rgb(r, g, b))];
        let n = cells.len() as u32;
        let mut room = Room::new(id, Shape::Cells(cells), colour);
        room.label = Some(shaped.name.clone());
        room.vault = true;
        map.rooms.push(room);
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
        join::room_to(map, &self.owner, &mut self.searcher, room, &exits, |_, _, _| true)
    }
}
