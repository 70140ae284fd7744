//! A player's walk over the tiles: what a player can do on a map, found by walking it, never by
//! asking the room graph or the generator that made it. The one judge of every promise a map
//! makes to a game (its keys, its locks, its exit), run on every map a sweep generates.
//!
//! The rules of the walk:
//!
//! | tile | the walk |
//! |---|---|
//! | rock | never entered |
//! | room or corridor floor | entered, unless its tile kind is not walkable (a chasm) |
//! | a door's tile (the tile outside the door, `+` in ASCII, where the exports put it) | a plain door, an arch or a secret door: entered (a secret door is found by trying it); a locked door: entered once its key is held |
//! | a key marker's tile | entering it picks the key up |
//!
//! A step goes to one of the four tiles beside (north, south, east, west) or, walking eight
//! ways, to any of the eight around, diagonals included even between two corners of rock (as
//! python-tcod's pathfinding steps). [`certify`] asks each question under the rule that is the
//! harder one for the map: what a player must *reach* (keys, the exit, every tile) four ways,
//! what a lock must *keep out* eight ways. A map certified that way keeps its promises in a game
//! of either rule.
//!
//! It lives with the map (not above the generators) because the map's own check needs it: a
//! hand-edited key behind its lock is a problem of the map. The generators do not use it: the
//! keys stage finds its locks with searches of its own, and this walk judges what they made.
//!
//! The exit is the room with the exit role; on a map without one, the room farthest from the
//! spawn (by the steps to its nearest tile, every key held).

use super::{DoorId, Map, Opening, Role, Shape};
use crate::geom::{Grid, Pos};
use crate::pathfind::{self, Queue};

/// What the walk found on one map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Certificate {
    /// The spawn is a tile a player can stand on.
    pub spawn_walkable: bool,
    /// Every key is picked up before its door is needed, every walkable tile is reached once the
    /// keys are held, and the exit is reached.
    pub solvable: bool,
    /// Keys by number, in the order the walk picks them up (the solution's first, then the
    /// ones it did not need).
    pub keys_found: Vec<u32>,
    /// Keys no walk reaches (behind their own lock, or cut off), by number.
    pub keys_missed: Vec<u32>,
    /// Walkable tiles not reached holding every key found.
    pub unreached: usize,
    /// Index (in `map.rooms`) of the exit room; `None` on a map with no room reached.
    pub exit: Option<usize>,
    /// Steps of the walk from the spawn that picks up, nearest first, the keys it needs until
    /// the exit is open to it, then reaches the exit's nearest tile. `None` when it cannot.
    pub solution_length: Option<u32>,
    /// On a map with locked doors: the exit is reached holding no key, stepping eight ways.
    pub exit_without_keys: bool,
    /// Locked doors that lock nothing: every tile beside the door's tile is reached, stepping
    /// eight ways with every key held, with that door alone closed.
    pub free_locks: Vec<DoorId>,
    /// Locked doors.
    pub locks: u32,
}

impl Certificate {
    /// The walk's story in a line, for `delve check` and the CLI summary.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if !self.spawn_walkable {
            parts.push("the spawn is not on a walkable tile".to_string());
        }
        if !self.keys_missed.is_empty() {
            parts.push(format!("keys never reached: {}", numbers(&self.keys_missed)));
        }
        if self.unreached > 0 {
            parts.push(format!("{} walkable tiles never reached", self.unreached));
        }
        if self.spawn_walkable && self.solution_length.is_none() {
            parts.push("the exit is never reached".into());
        }
        if self.exit_without_keys {
            parts.push("the exit is reached without any key".into());
        }
        if !self.free_locks.is_empty() {
            parts.push(format!("locks that lock nothing: doors {}", numbers(&self.free_locks)));
        }
        match (self.solvable, self.solution_length) {
            (true, Some(n)) if parts.is_empty() => format!("solvable in {n} steps"),
            (true, Some(n)) => format!("solvable in {n} steps, but {}", parts.join("; ")),
            _ => format!("not solvable: {}", parts.join("; ")),
        }
    }

    /// Nothing to say against the map: solvable, and every lock keeps out what it guards.
    pub fn holds(&self) -> bool {
        self.solvable && self.free_locks.is_empty() && !self.exit_without_keys
    }
}

fn numbers(v: &[u32]) -> String {
    v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
}

/// Walks `map` as a player does (see the [module documentation](self)).
pub fn certify(map: &Map) -> Certificate {
    SCRATCH.with(|s| Walker::new(map, &mut s.borrow_mut()).certify())
}

/// What a creature may stand on: floor of a walkable kind, and door tiles but locked ones
/// (locked ones too when `all_keys`, for a player holding every key). `[x, y]` by
/// [`Grid::get`]: the same grid as the map's tiles.
pub fn walkable_mask(map: &Map, all_keys: bool) -> Grid<bool> {
    let mut g = Grid::new(map.width(), map.height(), false);
    for (i, v) in g.as_mut_slice().iter_mut().enumerate() {
        *v = map.walkable(map.tiles().pos_of(i));
    }
    if !all_keys {
        for d in map.doors.iter().filter(|d| matches!(d.opening, Opening::Locked(_))) {
            g.set(d.outside(), false);
        }
    }
    g
}

/// What a creature sees through: floor (whatever its kind: water and chasms are seen across)
/// and open arches; rock, and doors that are shut (plain, locked and secret ones), block the
/// view.
pub fn transparent_mask(map: &Map) -> Grid<bool> {
    let mut g = Grid::new(map.width(), map.height(), false);
    for (v, t) in g.as_mut_slice().iter_mut().zip(map.tiles().as_slice()) {
        *v = t.is_walkable();
    }
    // A tile that is an arch for one door and a shut door for another stays shut.
    for d in map.doors.iter().filter(|d| d.opening != Opening::Arch) {
        g.set(d.outside(), false);
    }
    g
}

/// What a tile is to the walk.
const ROCK: u8 = 0;
const OPEN: u8 = 1;
const LOCKED: u8 = 2;

/// The walk's buffers, kept per thread between maps (a sweep walks a million).
#[derive(Default)]
struct Scratch {
    /// The map as the walk sees it: [`ROCK`], [`OPEN`], [`LOCKED`], walled round by rock (so a
    /// step needs no bounds check).
    cells: Vec<u8>,
    /// The grid a four-way flood walls up as it goes (a copy of `cells` with the locks set).
    work: Vec<u8>,
    /// A flood's tiles, nearest first: the place in the low half, the steps in the high.
    queue: Queue<u64>,
    /// An eight-way flood's tiles taken.
    seen: Vec<bool>,
    /// Per place, the steps of the last explore (read only where it reached).
    dist: Vec<u32>,
    /// Per place, whether it is the exit room's floor (filled only on maps with locks).
    exit: Vec<bool>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

fn place_of(e: u64) -> usize {
    e as u32 as usize
}

fn steps_of(e: u64) -> u32 {
    (e >> 32) as u32
}

/// One map's walk, over the thread's [`Scratch`].
struct Walker<'m, 's> {
    map: &'m Map,
    s: &'s mut Scratch,
    /// Places a row (the map's width and two).
    pw: usize,
    /// Walkable tiles.
    walkable: usize,
    /// Locked tiles (place, key), by place.
    locks: Vec<(usize, u32)>,
    /// The locked doors' ids and places.
    lock_doors: Vec<(DoorId, usize)>,
    /// Keys lying on walkable tiles (place, key), by place.
    keys: Vec<(usize, u32)>,
    spawn: Option<usize>,
}

impl<'m, 's> Walker<'m, 's> {
    fn new(map: &'m Map, s: &'s mut Scratch) -> Walker<'m, 's> {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let pw = w + 2;
        let place = |p: Pos| map.in_bounds(p).then(|| (p.y as usize + 1) * pw + p.x as usize + 1);
        let tiles = map.tiles().as_slice();
        let terrain = map.terrain();
        let blocked = terrain.has_blocked();
        pathfind::walled_round_into(&mut s.cells, w, h, ROCK, |y, row| {
            for (x, (c, t)) in row.iter_mut().zip(&tiles[y * w..][..w]).enumerate() {
                *c = u8::from(t.is_walkable() && (!blocked || terrain.walkable_at(y * w + x)));
            }
        });
        let walkable = s.cells.iter().map(|&c| usize::from(c)).sum();
        let mut locks = Vec::new();
        let mut lock_doors = Vec::new();
        for d in &map.doors {
            let Opening::Locked(k) = d.opening else { continue };
            let Some(i) = place(d.outside()).filter(|&i| s.cells[i] != ROCK) else { continue };
            s.cells[i] = LOCKED;
            locks.push((i, k));
            lock_doors.push((d.id, i));
        }
        locks.sort_unstable();
        let cells = &s.cells;
        let mut keys: Vec<(usize, u32)> =
            map.markers.iter().filter_map(|m| Some((place(m.at).filter(|&i| cells[i] != ROCK)?, m.key?))).collect();
        keys.sort_unstable();
        let spawn = place(map.spawn).filter(|&i| cells[i] == OPEN);
        Walker { map, s, pw, walkable, locks, lock_doors, keys, spawn }
    }

    /// The place of floor tile `p` of the map.
    fn place(&self, p: Pos) -> Option<usize> {
        self.map.in_bounds(p).then(|| (p.y as usize + 1) * self.pw + p.x as usize + 1)
    }

    /// Floods from `start` four ways, holding `held`; the tiles taken, nearest first, with
    /// their steps, in the scratch queue. By the walled flood ([`pathfind::flood_walled`]) on a
    /// copy of the cells with each lock open or shut.
    fn flood4(&mut self, start: usize, held: &[u32]) {
        let s = &mut *self.s;
        s.work.clear();
        s.work.extend_from_slice(&s.cells);
        for &(i, k) in &self.locks {
            s.work[i] = if held.contains(&k) { OPEN } else { ROCK };
        }
        pathfind::flood_walled(&mut s.work, self.pw, start, ROCK, &mut s.queue);
    }

    /// Floods from `start` eight ways, holding `held` and never passing locked tile `closed`;
    /// the tiles taken in the scratch queue and marked in its `seen`.
    fn flood8(&mut self, start: usize, held: &[u32], closed: Option<usize>) {
        let pw = self.pw as isize;
        let steps = [-1, 1, -pw, pw, -pw - 1, -pw + 1, pw - 1, pw + 1];
        let s = &mut *self.s;
        s.seen.clear();
        s.seen.resize(s.cells.len(), false);
        s.seen[start] = true;
        let (cells, locks, seen) = (&s.cells, &self.locks, &mut s.seen);
        let passable = |i: usize| match cells[i] {
            OPEN => true,
            LOCKED => Some(i) != closed && locks.iter().any(|&(at, k)| at == i && held.contains(&k)),
            _ => false,
        };
        let _ = pathfind::flood(
            &mut s.queue,
            start as u64,
            usize::MAX,
            |e| {
                let (i, next) = (place_of(e), u64::from(steps_of(e) + 1) << 32);
                Some(steps.iter().map(move |&d| next | i.wrapping_add_signed(d) as u64))
            },
            |_, n| {
                // The border is rock: every neighbour of a walkable tile is on the grid.
                let n = place_of(n);
                if seen[n] || !passable(n) {
                    return false;
                }
                seen[n] = true;
                true
            },
        );
    }

    fn key_at(&self, i: usize) -> Option<u32> {
        self.keys.binary_search_by_key(&i, |&(at, _)| at).ok().map(|k| self.keys[k].1)
    }

    /// The steps of the last explore to floor tile `p` (`None`: not reached).
    fn steps(&self, p: Pos) -> Option<u32> {
        // Only walkable places were written: the others hold another map's steps.
        let i = self.place(p).filter(|&i| self.s.cells.get(i).is_some_and(|&c| c != ROCK))?;
        self.s.dist.get(i).copied().filter(|&d| d != u32::MAX)
    }

    fn certify(mut self) -> Certificate {
        let mut out = Certificate { locks: self.lock_doors.len() as u32, ..Certificate::default() };
        let Some(spawn) = self.spawn else {
            out.keys_missed = self.keys.iter().map(|&(_, k)| k).collect();
            return out;
        };
        out.spawn_walkable = true;

        // Explore: flood, pick up every key reached, flood again while a key was new.
        let mut held: Vec<u32> = Vec::new();
        loop {
            self.flood4(spawn, &held);
            let before = held.len();
            if !self.keys.is_empty() {
                for &e in self.s.queue.taken() {
                    if let Some(k) = self.key_at(place_of(e))
                        && !held.contains(&k)
                    {
                        held.push(k);
                    }
                }
            }
            if held.len() == before || self.locks.is_empty() {
                break;
            }
        }
        let reached = self.s.queue.len();
        out.unreached = self.walkable - reached;
        out.keys_missed = self.keys.iter().map(|&(_, k)| k).filter(|k| !held.contains(k)).collect();
        out.keys_missed.sort_unstable();
        out.keys_missed.dedup();
        // Steps to each place reached (where the explore did not reach all, the rest unreached).
        let s = &mut *self.s;
        if out.unreached > 0 || s.dist.len() != s.cells.len() {
            s.dist.clear();
            s.dist.resize(s.cells.len(), u32::MAX);
        }
        for &e in s.queue.taken() {
            s.dist[place_of(e)] = steps_of(e);
        }
        out.exit = exit_of(self.map, |p| self.steps(p));
        let exit_room = out.exit.and_then(|e| self.map.rooms.get(e));

        if self.locks.is_empty() {
            // Without locks the keys change nothing: the explore's steps are the solution's.
            out.solution_length = exit_room.and_then(|r| nearest(r, self.map.spawn, |p| self.steps(p)));
            out.keys_found = held;
        } else {
            let s = &mut *self.s;
            s.exit.clear();
            s.exit.resize(s.cells.len(), false);
            if let Some(room) = exit_room {
                let pw = self.pw;
                room.shape.for_each_cell(|p| {
                    if self.map.in_bounds(p) {
                        s.exit[(p.y as usize + 1) * pw + p.x as usize + 1] = true;
                    }
                });
            }
            // The solution: from the spawn, the nearest key not yet held until the exit is open.
            let mut found = Vec::new();
            let (mut at, mut steps) = (spawn, 0u32);
            out.solution_length = loop {
                self.flood4(at, &found);
                let taken = self.s.queue.taken();
                if let Some(&e) = taken.iter().find(|&&e| self.s.exit[place_of(e)]) {
                    break Some(steps + steps_of(e));
                }
                let next = taken.iter().find_map(|&e| {
                    let k = self.key_at(place_of(e)).filter(|k| !found.contains(k))?;
                    Some((place_of(e), steps_of(e), k))
                });
                let Some((i, d, k)) = next else { break None };
                found.push(k);
                (at, steps) = (i, steps + d);
            };
            out.keys_found = found;
            for &k in &held {
                if !out.keys_found.contains(&k) {
                    out.keys_found.push(k);
                }
            }
            // The exit without any key, stepping eight ways.
            self.flood8(spawn, &[], None);
            out.exit_without_keys = self.s.queue.taken().iter().any(|&e| self.s.exit[place_of(e)]);
            // Locks that lock nothing: with every key held and the door alone closed, stepping
            // eight ways, every tile beside the door's tile is reached.
            let all: Vec<u32> = self.locks.iter().map(|&(_, k)| k).collect();
            let pw = self.pw as isize;
            for (door, i) in self.lock_doors.clone() {
                self.flood8(spawn, &all, Some(i));
                let beside = [-1, 1, -pw, pw, -pw - 1, -pw + 1, pw - 1, pw + 1].map(|d| i.wrapping_add_signed(d));
                if beside.iter().all(|&n| self.s.cells[n] == ROCK || self.s.seen[n]) {
                    out.free_locks.push(door);
                }
            }
        }
        out.solvable =
            out.keys_missed.is_empty() && out.unreached == 0 && (out.exit.is_none() || out.solution_length.is_some());
        out
    }
}

/// The exit of `map`: the exit role's room, else the room whose nearest tile is farthest by
/// `steps` (a walk's steps to a floor tile; `None`: not reached).
fn exit_of(map: &Map, steps: impl Fn(Pos) -> Option<u32>) -> Option<usize> {
    if let Some(r) = map.rooms.iter().position(|r| r.role == Some(Role::Exit)) {
        return Some(r);
    }
    let mut best: Option<(u32, usize)> = None;
    for (r, room) in map.rooms.iter().enumerate() {
        if let Some(d) = nearest(room, map.spawn, &steps)
            && best.is_none_or(|(b, _)| d > b)
        {
            best = Some((d, r));
        }
    }
    best.map(|(_, r)| r)
}

/// The steps to the nearest tile of `room`, by `steps` (a walk's from `spawn`). A walk from
/// outside a rectangle enters it by its edge, so only the edge is read then.
fn nearest(room: &super::Room, spawn: Pos, steps: impl Fn(Pos) -> Option<u32>) -> Option<u32> {
    let mut nearest: Option<u32> = None;
    let near = |p: Pos| {
        if let Some(d) = steps(p) {
            nearest = Some(nearest.map_or(d, |n| n.min(d)));
        }
    };
    match &room.shape {
        Shape::Rect(r) if !r.contains(spawn) => r.for_each_edge_cell(near),
        shape => shape.for_each_cell(near),
    }
    nearest
}

/// The walk of a map without locked doors on which a walk from the spawn, four ways, reached
/// every walkable tile in `steps` (to a floor tile; `None`: not walkable): what [`certify`]
/// answers, from a walk already made (the survey's, in a sweep).
pub(super) fn of_reached(map: &Map, steps: impl Fn(Pos) -> Option<u32>) -> Certificate {
    let mut keys: Vec<u32> = Vec::new();
    for k in map.markers.iter().filter_map(|m| m.key.filter(|_| map.walkable(m.at))) {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let mut missed: Vec<u32> = map.markers.iter().filter_map(|m| m.key.filter(|_| !map.walkable(m.at))).collect();
    missed.sort_unstable();
    missed.dedup();
    let exit = exit_of(map, &steps);
    let solution_length = exit.and_then(|e| map.rooms.get(e)).and_then(|r| nearest(r, map.spawn, &steps));
    Certificate {
        spawn_walkable: true,
        solvable: missed.is_empty() && (exit.is_none() || solution_length.is_some()),
        keys_found: keys,
        keys_missed: missed,
        unreached: 0,
        exit,
        solution_length,
        exit_without_keys: false,
        free_locks: Vec::new(),
        locks: 0,
    }
}

#[cfg(test)]
mod tests;
