//! Loops, Brogue's `addLoops`: in a random order, every wall tile with floor on two opposite
//! sides whose two floors are more than `loop_min_distance` steps apart on foot becomes a door,
//! until `loops` are opened. Each door opened shortens the walks the next ones are measured by.

use super::AccretionStep;
use super::dungeon::{Cell, Dungeon};
use crate::generate::record::{Recorder, Step, Steps};
use crate::geom::{Dir, Pos};
use crate::params::accretion::RoomAccretion;
use crate::rng::DelveRng;
use rand::RngExt;

/// Opens the loops, each told to `steps`; true when the run stops at one.
pub(super) fn add(
    d: &mut Dungeon,
    p: &RoomAccretion,
    rng: &mut DelveRng,
    steps: &mut Steps<'_, impl Recorder>,
) -> bool {
    if p.loops == 0 {
        return false;
    }
    // Wall tiles with floor on two opposite sides, in a random order (shuffled as they are
    // taken: the rest are not drawn once the loops are opened).
    let mut candidates = flanked_walls(d);
    let mut walk = Walk::new(d);
    let mut ways = Ways::new(d);
    let mut opened = 0;
    for k in 0..candidates.len() {
        let pick = rng.random_range(k..candidates.len());
        candidates.swap(k, pick);
        let t = d.pos(candidates[k] as usize);
        // A door across first, then one down (Brogue's order).
        for axis in [Dir::East, Dir::South] {
            let (a, b) = (t.step(axis.opposite()), t.step(axis));
            if !d.floor(a) || !d.floor(b) || d.room_toward(a) == d.room_toward(b) {
                continue;
            }
            if ways.near(d, a, b, p.loop_min_distance) || walk.within(d, a, b, p.loop_min_distance) {
                continue;
            }
            let (from, to) = open(d, t, axis);
            walk.open(d, t);
            ways.add(d, d.corridors.len() - 1);
            let opened_here = AccretionStep::LoopOpened { at: t, from, to, apart: p.loop_min_distance };
            if steps.tell(|| Step::Accretion(opened_here)) {
                return true;
            }
            opened += 1;
            break;
        }
        if opened >= p.loops {
            break;
        }
    }
    false
}

/// The wall tiles (not doors) with floor on both sides across or down, row by row, as places:
/// a row's words at a time.
fn flanked_walls(d: &Dungeon) -> Vec<u32> {
    let mut out = Vec::new();
    for y in 1..d.h - 1 {
        let (up, row, down) = (d.floor.row(y - 1), d.floor.row(y), d.floor.row(y + 1));
        for k in 0..row.len() {
            let before = if k > 0 { row[k - 1] >> 63 } else { 0 };
            let after = row.get(k + 1).map_or(0, |w| w << 63);
            let across = ((row[k] << 1) | before) & ((row[k] >> 1) | after);
            let mut bits = !row[k] & (across | (up[k] & down[k]));
            while bits != 0 {
                let x = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Not a door already.
                let at = (y as usize) << d.shift | x;
                if d.cells[at] == 0 {
                    out.push(at as u32);
                }
            }
        }
    }
    out
}

/// Opens a door at `t` between the floors on its two sides along `axis`: a corridor through it
/// from a door on the one side to a door on the other. The rooms of the two doors.
fn open(d: &mut Dungeon, t: Pos, axis: Dir) -> (u32, u32) {
    let start = d.path.len();
    let from = d.way_out(t.step(axis.opposite()), axis);
    // From the first door on to `t`.
    d.path[start..].reverse();
    d.path.push(t);
    let to = d.way_out(t.step(axis), axis.opposite());
    d.corridors.push((start..d.path.len(), [from, to]));
    d.open_tile(t, Cell::DOOR);
    (d.room_of(from), d.room_of(to))
}

/// The corridors from each room, to tell without a walk that two floors are near: for each, the
/// room at its other end, its door cells on this room and that one, and its tiles; by room
/// (those of the loops opened, in a list of their own).
struct Ways {
    ways: Vec<(u32, u32, Pos, Pos, u32)>,
    /// Where each room's ways start in `ways`.
    start: Vec<u32>,
    loops: Vec<(u32, u32, Pos, Pos, u32)>,
}

impl Ways {
    fn new(d: &Dungeon) -> Ways {
        // Counted by room, then each put in its room's place.
        let mut start = vec![0u32; d.rooms.len() + 1];
        for (_, doors) in &d.corridors {
            for door in doors {
                start[d.doors[*door as usize].room as usize + 1] += 1;
            }
        }
        for r in 0..d.rooms.len() {
            start[r + 1] += start[r];
        }
        let mut next = start.clone();
        let mut ways = vec![(0, 0, Pos::new(0, 0), Pos::new(0, 0), 0); 2 * d.corridors.len()];
        for c in 0..d.corridors.len() {
            for way in Ways::of(d, c) {
                ways[next[way.0 as usize] as usize] = way;
                next[way.0 as usize] += 1;
            }
        }
        Ways { ways, start, loops: Vec::new() }
    }

    /// Corridor `c` of the dungeon, from each of its rooms.
    fn of(d: &Dungeon, c: usize) -> [(u32, u32, Pos, Pos, u32); 2] {
        let (range, [da, db]) = &d.corridors[c];
        let (da, db) = (&d.doors[*da as usize], &d.doors[*db as usize]);
        let len = range.len() as u32;
        [(da.room, db.room, da.cell, db.cell, len), (db.room, da.room, db.cell, da.cell, len)]
    }

    /// Adds the loop opened as corridor `c`.
    fn add(&mut self, d: &Dungeon, c: usize) {
        self.loops.extend(Ways::of(d, c));
    }

    /// The ways from room `r`: its corridors, then the loops opened (all rooms').
    fn from(&self, r: u32) -> impl Iterator<Item = &(u32, u32, Pos, Pos, u32)> {
        let (from, to) = (self.start[r as usize] as usize, self.start[r as usize + 1] as usize);
        self.ways[from..to].iter().chain(&self.loops).filter(move |w| w.0 == r)
    }

    /// Whether room floors `a` and `b` are at most `limit` steps apart through a corridor
    /// between their rooms, or two with a room between, when the rooms are walked straight
    /// (rectangles, crosses and circles: any two of their tiles are as many steps apart as across
    /// plus down). Blobs and hallways are left to a walk.
    fn near(&self, d: &Dungeon, a: Pos, b: Pos, limit: u32) -> bool {
        let (Some(ra), Some(rb)) = (d.cell(a).of_room(), d.cell(b).of_room()) else { return false };
        if !d.straight[ra as usize] || !d.straight[rb as usize] {
            return false;
        }
        let steps = |p: Pos, q: Pos| p.x.abs_diff(q.x) + p.y.abs_diff(q.y);
        self.from(ra).any(|&(_, to, ca, cc, len)| {
            let here = steps(a, ca) + len + 1;
            if to == rb {
                return here + steps(cc, b) <= limit;
            }
            // On through room `to`, to a corridor from it to `b`'s room.
            here < limit
                && d.straight[to as usize]
                && self.from(to).any(|&(_, next, cd, cb, len2)| {
                    next == rb && here + steps(cc, cd) + len2 + 1 + steps(cb, b) <= limit
                })
        })
    }
}

/// A walk over the dungeon's floor, nearest to its goal first (A*: steps so far plus
/// straight-line steps left, whose total only grows by two when a step turns away).
#[derive(Default)]
struct Walk {
    /// Each walkable place's fewest steps from the start found by the walk under way
    /// ([`FAR`]: none yet); 0 for rock, which no walk improves on.
    steps: Vec<u16>,
    /// The places taken by the walk under way, to reset.
    seen: Vec<u32>,
    /// Places to go on from whose total is the current one, and the one after (two more).
    now: Vec<(u32, u16)>,
    next: Vec<(u32, u16)>,
}

/// Not reached (or rock).
const FAR: u16 = u16::MAX;

impl Walk {
    fn new(d: &Dungeon) -> Walk {
        let steps = d.cells.iter().map(|&c| if c != 0 { FAR } else { 0 }).collect();
        Walk { steps, ..Walk::default() }
    }

    /// Whether `b` is at most `limit` steps from `a` on foot. Only tiles that could lie on so
    /// short a walk are taken: their steps from `a` and straight-line steps to `b` at most
    /// `limit`.
    fn within(&mut self, d: &Dungeon, a: Pos, b: Pos, limit: u32) -> bool {
        let limit = limit.min(u32::from(FAR) - 1);
        let (shift, mask) = (d.shift, (1usize << d.shift) - 1);
        let near = [d.step(0), 1, d.step(2), usize::MAX];
        let (from, goal) = (d.place(a), d.place(b));
        let (bx, by) = (b.x as usize, b.y as usize);
        let straight = |n: usize| ((n & mask).abs_diff(bx) + (n >> shift).abs_diff(by)) as u32;
        self.now.clear();
        self.next.clear();
        self.seen.clear();
        self.now.push((from as u32, 0));
        self.steps[from] = 0;
        self.seen.push(from as u32);
        let mut total = straight(from);
        let mut found = false;
        'walk: while total <= limit {
            while let Some((c, g)) = self.now.pop() {
                if self.steps[c as usize] < g {
                    continue;
                }
                let (c, g) = (c as usize, g + 1);
                for n in near.map(|s| c.wrapping_add(s)) {
                    if n == goal {
                        found = true;
                        break 'walk;
                    }
                    if g >= self.steps[n] {
                        continue;
                    }
                    let f = u32::from(g) + straight(n);
                    if f > limit {
                        continue;
                    }
                    if self.steps[n] == FAR {
                        self.seen.push(n as u32);
                    }
                    self.steps[n] = g;
                    if f == total { self.now.push((n as u32, g)) } else { self.next.push((n as u32, g)) }
                }
            }
            if self.next.is_empty() {
                break;
            }
            std::mem::swap(&mut self.now, &mut self.next);
            total += 2;
        }
        for &c in &self.seen {
            self.steps[c as usize] = FAR;
        }
        found
    }

    /// Place `t` is walkable now.
    fn open(&mut self, d: &Dungeon, t: Pos) {
        self.steps[d.place(t)] = FAR;
    }
}
