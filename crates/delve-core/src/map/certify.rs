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
//! A step goes to one of the four tiles beside (north, south, east, west) or, with
//! [`Moves::Eight`], to any of the eight around, diagonals included even between two corners of
//! rock (as python-tcod's pathfinding steps). [`certify`] asks each question under the rule that
//! is the harder one for the map: what a player must *reach* (keys, the exit, every tile) on four
//! ways, what a lock must *keep out* on eight. A map certified that way keeps its promises in a
//! game of either rule.
//!
//! It lives with the map (not above the generators) because the map's own check needs it: a
//! hand-edited key behind its lock is a problem of the map. The generators do not use it: the
//! keys stage finds its locks with searches of its own, and this walk judges what they made.
//!
//! The exit is the room with the exit role; on a map without one, the room farthest from the
//! spawn (by the steps to its nearest tile, every key held).

use super::{DoorId, Map, Opening, Role};
use crate::geom::{Grid, Pos};
use crate::pathfind::{self, Queue};

/// Which steps a player takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Moves {
    /// North, south, east and west.
    #[default]
    Four,
    /// The four and the diagonals, a diagonal allowed even where both tiles beside it are rock.
    Eight,
}

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
    Walker::new(map).certify()
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

/// The map as the walk sees it: a grid walled round by rock (so a step needs no bounds check).
struct Walker<'m> {
    map: &'m Map,
    /// Places a row (the map's width and two).
    pw: usize,
    cells: Vec<u8>,
    /// Locked tiles (place, key), by place.
    locks: Vec<(usize, u32)>,
    /// The locked doors' ids and places.
    lock_doors: Vec<(DoorId, usize)>,
    /// Keys lying on walkable tiles (place, key), by place.
    keys: Vec<(usize, u32)>,
    /// Per place, the index of the room whose floor it is (`u32::MAX`: none).
    room: Vec<u32>,
    spawn: Option<usize>,
    queue: Queue<(usize, u32)>,
    seen: Vec<bool>,
}

impl<'m> Walker<'m> {
    fn new(map: &'m Map) -> Walker<'m> {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let pw = w + 2;
        let place = |p: Pos| map.in_bounds(p).then(|| (p.y as usize + 1) * pw + p.x as usize + 1);
        let mut cells = pathfind::walled_round(w, h, ROCK, |i| u8::from(map.walkable(map.tiles().pos_of(i))));
        let mut locks = Vec::new();
        let mut lock_doors = Vec::new();
        for d in &map.doors {
            let Opening::Locked(k) = d.opening else { continue };
            let Some(i) = place(d.outside()).filter(|&i| cells[i] != ROCK) else { continue };
            cells[i] = LOCKED;
            locks.push((i, k));
            lock_doors.push((d.id, i));
        }
        locks.sort_unstable();
        let mut keys: Vec<(usize, u32)> =
            map.markers.iter().filter_map(|m| Some((place(m.at).filter(|&i| cells[i] != ROCK)?, m.key?))).collect();
        keys.sort_unstable();
        let mut room = vec![u32::MAX; cells.len()];
        for (r, rm) in map.rooms.iter().enumerate() {
            rm.shape.for_each_cell(|p| {
                if let Some(i) = place(p) {
                    room[i] = r as u32;
                }
            });
        }
        let spawn = place(map.spawn).filter(|&i| cells[i] == OPEN);
        Walker { map, pw, cells, locks, lock_doors, keys, room, spawn, queue: Queue::default(), seen: Vec::new() }
    }

    /// Floods from `start`, holding `held` (and passing locked tile `closed` never), stepping
    /// `moves`; the tiles taken, nearest first, with their steps, in `self.queue`.
    fn flood(&mut self, start: usize, held: &[u32], closed: Option<usize>, moves: Moves) {
        let pw = self.pw as isize;
        let four = [-1, 1, -pw, pw];
        let eight = [-1, 1, -pw, pw, -pw - 1, -pw + 1, pw - 1, pw + 1];
        let steps: &[isize] = if moves == Moves::Four { &four } else { &eight };
        self.seen.clear();
        self.seen.resize(self.cells.len(), false);
        self.seen[start] = true;
        let (cells, locks, seen) = (&self.cells, &self.locks, &mut self.seen);
        let passable = |i: usize| match cells[i] {
            OPEN => true,
            LOCKED => Some(i) != closed && locks.iter().any(|&(at, k)| at == i && held.contains(&k)),
            _ => false,
        };
        let _ = pathfind::flood(
            &mut self.queue,
            (start, 0u32),
            usize::MAX,
            |(i, d)| Some(steps.iter().map(move |&s| (i.wrapping_add_signed(s), d + 1))),
            |_, (n, _)| {
                // The border is rock: every neighbour of a walkable tile is on the grid.
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
            self.flood(spawn, &held, None, Moves::Four);
            let before = held.len();
            for &(i, _) in self.queue.taken() {
                if let Some(k) = self.key_at(i)
                    && !held.contains(&k)
                {
                    held.push(k);
                }
            }
            if held.len() == before {
                break;
            }
        }
        let reached = self.queue.len();
        let walkable = self.cells.iter().filter(|&&c| c != ROCK).count();
        out.unreached = walkable - reached;
        out.keys_missed = self.keys.iter().map(|&(_, k)| k).filter(|k| !held.contains(k)).collect();
        out.keys_missed.sort_unstable();
        out.keys_missed.dedup();
        // The exit: the exit role's room, else the room whose nearest tile is farthest.
        let by_role = self.map.rooms.iter().position(|r| r.role == Some(Role::Exit));
        out.exit = by_role.or_else(|| {
            {
                let mut nearest: Vec<Option<u32>> = vec![None; self.map.rooms.len()];
                for &(i, d) in self.queue.taken() {
                    if let Some(n) = nearest.get_mut(self.room[i] as usize) {
                        n.get_or_insert(d);
                    }
                }
                (0..nearest.len())
                    .filter_map(|r| Some((nearest[r]?, r)))
                    .max_by_key(|&(d, r)| (d, std::cmp::Reverse(r)))
            }
            .map(|(_, r)| r)
        });

        // The solution: from the spawn, the nearest key not yet held until the exit is open.
        let exit = out.exit.map(|e| e as u32);
        let mut found = Vec::new();
        let (mut at, mut steps) = (spawn, 0u32);
        let mut first = true;
        out.solution_length = loop {
            // Without locks the keys change nothing: the exploring flood is the first leg's.
            if !(first && self.locks.is_empty()) {
                self.flood(at, &found, None, Moves::Four);
            }
            first = false;
            let taken = self.queue.taken();
            if let Some(&(_, d)) = taken.iter().find(|&&(i, _)| Some(self.room[i]) == exit) {
                break Some(steps + d);
            }
            let next = taken.iter().find_map(|&(i, d)| Some((i, d, self.key_at(i).filter(|k| !found.contains(k))?)));
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
        if !self.locks.is_empty() {
            self.flood(spawn, &[], None, Moves::Eight);
            out.exit_without_keys = self.queue.taken().iter().any(|&(i, _)| Some(self.room[i]) == exit);
        }

        // Locks that lock nothing: with every key held and the door alone closed, stepping
        // eight ways, every tile beside the door's tile is reached.
        let all: Vec<u32> = self.locks.iter().map(|&(_, k)| k).collect();
        let pw = self.pw as isize;
        for (door, i) in self.lock_doors.clone() {
            self.flood(spawn, &all, Some(i), Moves::Eight);
            let beside = [-1, 1, -pw, pw, -pw - 1, -pw + 1, pw - 1, pw + 1].map(|s| i.wrapping_add_signed(s));
            if beside.iter().all(|&n| self.cells[n] == ROCK || self.seen[n]) {
                out.free_locks.push(door);
            }
        }
        out.solvable =
            out.keys_missed.is_empty() && out.unreached == 0 && (out.exit.is_none() || out.solution_length.is_some());
        out
    }
}

#[cfg(test)]
mod tests;
