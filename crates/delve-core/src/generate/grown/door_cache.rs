//! The Place stage's door caches (`place.rs`, `search.rs`): per free door, the cells where a
//! room could open onto it and upper bounds on the room that could stand there, by distance;
//! and the [`LevelIndex`] that finds the next door that might take a room.
//!
//! Each free door caches the cells `X` where a one-cell room could open its door, and upper
//! bounds on how many cells a room placed there could have (the free region around it, flooded
//! up to the largest room of the run). These bounds only shrink as the dungeon grows, so an old
//! bound still rules a door out; a door's cache is recomputed only after something was built
//! within reach of it (doors are registered per 16×16 chunk), one distance at a time, and a
//! door where even the smallest room cannot fit is dropped for good. Per distance, a max-tree
//! over the doors (oldest first) finds the next door whose bound admits the new room in
//! logarithmic time, so the work per room barely grows with the dungeon. The first-pose-wins
//! order is unchanged by all this: only poses that cannot pass are skipped.

use super::build::Builder;
use super::plane::{CORRIDOR, NEAR};
use crate::geom::{Dir, Pos};
use crate::pathfind;

pub(super) struct DoorState {
    pub(super) room: u32,
    pub(super) cell: Pos,
    pub(super) side: Dir,
    pub(super) kind: u8,
    pub(super) uses: u32,
    /// Cells `X` where a one-cell room's door could open, with the most cells a room could
    /// have there (see [`Builder::room_space`]; [`UNKNOWN`] until needed), by distance:
    /// `viable[starts[d-1]..starts[d]]` for the distances computed so far.
    pub(super) viable: Vec<(Pos, u16)>,
    pub(super) starts: Vec<u32>,
    /// Which cells of the last distance computed a monotone path reaches.
    pub(super) row: Vec<bool>,
    /// Bit `d`: the builder's `caps` for distance `d` were computed from this cache.
    pub(super) fresh_caps: u64,
}

impl DoorState {
    pub(super) const EMPTY: DoorState = DoorState {
        room: 0,
        cell: Pos::new(0, 0),
        side: Dir::North,
        kind: 0,
        uses: 0,
        viable: Vec::new(),
        starts: Vec::new(),
        row: Vec::new(),
        fresh_caps: 0,
    };

    pub(super) fn outside(&self) -> Pos {
        self.cell.step(self.side)
    }
}

pub(super) const CHUNK: i32 = 16;
/// A capacity not computed yet.
pub(super) const UNKNOWN: u16 = u16::MAX;

/// Per distance `d`, a max-tree over door indices of the most cells a room placed at that door
/// and distance could have (0 for closed doors), so that the next door that might take a room
/// is found in logarithmic time instead of by scanning every door.
pub(super) struct LevelIndex {
    /// Leaves per level (a power of two).
    pub(super) size: usize,
    pub(super) levels: usize,
    /// Level `d` occupies `tree[d * 2 * size..(d + 1) * 2 * size]`, root at 1, leaves at `size..`.
    pub(super) tree: Vec<u16>,
}

impl LevelIndex {
    pub(super) fn new(levels: usize) -> Self {
        Self { size: 0, levels, tree: Vec::new() }
    }

    /// Makes room for door `i`, whose leaves start at [`UNKNOWN`].
    pub(super) fn push(&mut self, i: usize) {
        if i >= self.size {
            let size = (2 * self.size).max(64);
            let mut tree = vec![0u16; self.levels * 2 * size];
            for d in 0..self.levels {
                let (old, new) = (d * 2 * self.size, d * 2 * size);
                tree[new + size..new + size + self.size]
                    .copy_from_slice(&self.tree[old + self.size..old + 2 * self.size]);
                for n in (1..size).rev() {
                    tree[new + n] = tree[new + 2 * n].max(tree[new + 2 * n + 1]);
                }
            }
            *self = Self { size, levels: self.levels, tree };
        }
        for d in 0..self.levels {
            self.set(d, i, UNKNOWN);
        }
    }

    pub(super) fn set(&mut self, d: usize, i: usize, v: u16) {
        let base = d * 2 * self.size;
        let mut n = self.size + i;
        self.tree[base + n] = v;
        while n > 1 {
            n /= 2;
            let m = self.tree[base + 2 * n].max(self.tree[base + 2 * n + 1]);
            if self.tree[base + n] == m {
                break;
            }
            self.tree[base + n] = m;
        }
    }

    /// The first door `>= from` whose value at level `d` is at least `min`.
    pub(super) fn next(&self, d: usize, from: usize, min: u16) -> Option<usize> {
        if from >= self.size {
            return None;
        }
        let t = &self.tree[d * 2 * self.size..(d + 1) * 2 * self.size];
        let mut n = self.size + from;
        if t[n] < min {
            loop {
                while n & 1 == 1 {
                    n /= 2;
                }
                if n <= 1 {
                    return None;
                }
                n += 1;
                if t[n] >= min {
                    break;
                }
            }
            while n < self.size {
                n *= 2;
                if t[n] < min {
                    n += 1;
                }
            }
        }
        Some(n - self.size)
    }
}

impl Builder<'_> {
    /// Marks door `i` as never usable for a new room again.
    pub(super) fn close(&mut self, i: usize) {
        if self.closed[i] {
            return;
        }
        self.closed[i] = true;
        self.open -= 1;
        for d in 1..self.radius as usize {
            self.index.set(d, i, 0);
        }
    }

    pub(super) fn mark(&mut self, p: Pos, flag: u8) {
        *self.plane.slot(p) |= flag;
        let c = Pos::new(p.x.div_euclid(CHUNK), p.y.div_euclid(CHUNK));
        if !self.touched.contains(&c) {
            self.touched.push(c);
        }
    }

    /// Marks the caches of every door near a changed chunk as out of date.
    pub(super) fn invalidate(&mut self) {
        for c in std::mem::take(&mut self.touched) {
            let k = self.chunks.get(c);
            if k == 0 {
                continue;
            }
            let list = &mut self.chunk_doors[k as usize - 1];
            let closed = &self.closed;
            list.retain(|&i| !closed[i as usize]);
            for &i in list.iter() {
                self.dirty[i as usize] = true;
            }
        }
    }

    /// Registers door `i` with the chunks its cache depends on: cells within the search radius
    /// plus two (a room cell next to a viable cell, and that cell's 3×3 neighbourhood).
    pub(super) fn register(&mut self, i: u32) {
        let cell = self.doors[i as usize].cell;
        let reach = self.radius as i32 + 2;
        let (cx0, cy0) = ((cell.x - reach).div_euclid(CHUNK), (cell.y - reach).div_euclid(CHUNK));
        let (cx1, cy1) = ((cell.x + reach).div_euclid(CHUNK), (cell.y + reach).div_euclid(CHUNK));
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                let slot = self.chunks.slot(Pos::new(cx, cy));
                if *slot == 0 {
                    self.chunk_doors.push(Vec::new());
                    *slot = self.chunk_doors.len() as u32;
                }
                let k = *slot as usize - 1;
                self.chunk_doors[k].push(i);
            }
        }
    }

    /// Makes door `i`'s cache hold distances `1..=d`: for each, the cells `X` at that distance
    /// from the door cell that a monotone path of `d` cells from the outside cell reaches, with
    /// a neighbour where a one-cell room could stand. Levels are added one at a time (most
    /// rooms are placed at distance 1 or 2); a changed neighbourhood starts the cache over.
    pub(super) fn ensure_level(&mut self, i: usize, d: u32) {
        if !self.dirty[i] && self.doors[i].starts.len() as u32 > d {
            return;
        }
        if self.dirty[i] {
            self.dirty[i] = false;
            let door = &mut self.doors[i];
            door.viable.clear();
            door.starts.clear();
            door.starts.push(0);
            door.row.clear();
            door.fresh_caps = 0;
        }
        let (o, side) = (self.doors[i].outside(), self.doors[i].side);
        let (f, l) = (side.delta(), side.rotate_cw().delta());
        let at = |a: i32, b: i32| o.offset(a * f.0 + b * l.0, a * f.1 + b * l.1);
        let mut door = std::mem::replace(&mut self.doors[i], DoorState::EMPTY);
        while (door.starts.len() as u32) <= d {
            // Level k = d - 1 steps from the outside cell: cells (a, b) with a + |b| = k, in
            // the order straight out first, then left and right alternately. `row[b + k]` says
            // whether (k - |b|, b) is reached by a monotone path.
            let k = door.starts.len() as i32 - 1;
            self.levels += 1;
            let prev = std::mem::take(&mut door.row);
            let reached = |b: i32| b.abs() < k && prev[(b + k - 1) as usize];
            door.row = vec![false; (2 * k + 1) as usize];
            for r in 0..=k {
                let both = [-r, r];
                for &b in if r == 0 { &both[..1] } else { &both[..] } {
                    let a = k - r;
                    let x = at(a, b);
                    // From (a - 1, b), or sideways from (a, b -+ 1), both one level lower.
                    let from =
                        k == 0 || (a > 0 && reached(b)) || (b > 0 && reached(b - 1)) || (b < 0 && reached(b + 1));
                    let ok = from && self.plane.get(x) & self.path_block == 0;
                    door.row[(b + k) as usize] = ok;
                    if ok && x.neighbours4().iter().any(|&y| self.plane.get(y) & (NEAR | CORRIDOR) == 0) {
                        door.viable.push((x, UNKNOWN));
                    }
                }
            }
            let level = door.starts.len();
            if door.starts.last() == Some(&(door.viable.len() as u32)) {
                self.set_cap(i, level, 0);
                door.fresh_caps |= 1 << level;
            }
            door.starts.push(door.viable.len() as u32);
        }
        self.doors[i] = door;
    }

    /// Computes door `i`'s room capacities at distance `d` (once per cache). A door where the
    /// smallest room fits at no distance is closed for good.
    pub(super) fn ensure_caps(&mut self, i: usize, d: usize) {
        if self.doors[i].fresh_caps & (1 << d) != 0 {
            return;
        }
        let first = self.flood_id;
        let (lo, hi) = (self.doors[i].starts[d - 1] as usize, self.doors[i].starts[d] as usize);
        let mut best = 0;
        for v in lo..hi {
            let x = self.doors[i].viable[v].0;
            let cap = x.neighbours4().into_iter().map(|y| self.room_space(y, first)).max().unwrap_or(0);
            self.doors[i].viable[v].1 = cap;
            best = best.max(cap);
        }
        self.doors[i].fresh_caps |= 1 << d;
        self.set_cap(i, d, best);
        self.settle(i);
    }

    pub(super) fn set_cap(&mut self, i: usize, d: usize, v: u16) {
        self.caps[i * self.radius as usize + d] = v;
        if !self.closed[i] {
            self.index.set(d, i, v);
        }
    }

    /// Updates door `i`'s overall room space from its capacities, and closes the door when the
    /// smallest room fits at no distance.
    pub(super) fn settle(&mut self, i: usize) {
        let r = self.radius as usize;
        self.space[i] = self.caps[i * r + 1..(i + 1) * r].iter().copied().max().unwrap_or(0);
        if self.space[i] < self.min_cells {
            self.close(i);
        }
    }

    /// How many cells a new room holding `y` could have at most: the size of the 4-connected
    /// region of cells free for rooms around `y`, counted up to the largest room of the run.
    /// Regions flooded since flood `first` are remembered.
    pub(super) fn room_space(&mut self, y: Pos, first: u32) -> u16 {
        if self.plane.get(y) & (NEAR | CORRIDOR) != 0 {
            return 0;
        }
        let id = self.flood.get(y);
        if id > first {
            return self.flood_sizes[(id - first - 1) as usize];
        }
        if self.flood_id == first {
            self.flood_sizes.clear();
        }
        self.flood_id += 1;
        let id = self.flood_id;
        *self.flood.slot(y) = id;
        // The one flood ([`pathfind::flood`]), breadth first, so the cells stamped cover the
        // neighbourhood of `y` and later calls for nearby cells hit the stamp; until the region
        // could hold the largest room (the size is the region's, capped, whatever the order).
        let (plane, flood) = (&self.plane, &mut self.flood);
        let _ = pathfind::flood(
            &mut self.queue,
            y,
            usize::from(self.max_cells),
            |p: Pos| Some(p.neighbours4()),
            |_, n| {
                let free = flood.get(n) != id && plane.get(n) & (NEAR | CORRIDOR) == 0;
                if free {
                    *flood.slot(n) = id;
                }
                free
            },
        );
        let size = self.queue.len().min(usize::from(self.max_cells)) as u16;
        self.flood_sizes.push(size);
        size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_index_finds_the_next_door_with_room() {
        let mut ix = LevelIndex::new(2);
        let mut vals = Vec::new();
        let mut x = 12345u32;
        for i in 0..300 {
            ix.push(i);
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let v = ((x >> 16) % 20) as u16;
            ix.set(1, i, v);
            vals.push(v);
        }
        for from in 0..310 {
            for min in [1, 5, 12, 19, 20] {
                let want = (from..vals.len()).find(|&i| vals[i] >= min);
                assert_eq!(ix.next(1, from, min), want, "from {from} min {min}");
            }
        }
        assert_eq!(ix.next(0, 0, 100), Some(0), "new doors start unknown (the largest value)");
    }
}
