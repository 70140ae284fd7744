//! The sheet of flags [`super::Locks::new`] lays out, one step per kind of lock: the kept
//! rooms' floors, the rings round them, their doors, the kept corridors, the locked tiles. Each
//! step checks what it marks against the map to be made and names the lock that cannot be kept.

use super::{DOOR_OUT, IdTable, KEPT_FLOOR, KeptPath, LOCKED_OPEN, LOCKED_WALL, RING};
use crate::geom::{Pos, TileBox};
use crate::map::locks::{Kept, LockConflict};
use crate::map::{Corridor, Door, Room, Shape, Tile};

/// A `width`×`height` grid of lock flags, row by row.
pub(super) struct Sheet {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) flags: Vec<u8>,
}

/// Where a tile lies on a sheet of a size: whether it is on it, and its index.
#[derive(Clone, Copy)]
struct Grid(u32, u32);

impl Grid {
    fn on(self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.0 && (p.y as u32) < self.1
    }

    fn at(self, p: Pos) -> usize {
        p.y as usize * self.0 as usize + p.x as usize
    }
}

impl Sheet {
    fn grid(&self) -> Grid {
        Grid(self.width, self.height)
    }

    /// Marks the kept rooms' floors (`rooms` in the order of their ids); returns each room's
    /// box (its bounds grown by one).
    pub(super) fn floors(&mut self, rooms: &[Room]) -> Result<Vec<TileBox>, LockConflict> {
        let (width, height) = (self.width, self.height);
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
            if !self.rect_floor(rooms, k) {
                self.cell_floor(rooms, k)?;
            }
        }
        Ok(boxes)
    }

    /// Room `k`'s floor a row at a time when it is a rectangle that meets no other kept room
    /// (known from the rooms before it when they are rectangles too); false when the
    /// cell-by-cell way ([`Sheet::cell_floor`]) must mark it, and name the room it meets.
    fn rect_floor(&mut self, rooms: &[Room], k: usize) -> bool {
        let Shape::Rect(r) = &rooms[k].shape else { return false };
        let apart = |o: &Room| match &o.shape {
            Shape::Rect(q) => !q.intersects(r),
            _ => false,
        };
        let (x0, x1) = (r.x as usize, r.right() as usize);
        let width = self.width as usize;
        let flags = &mut self.flags;
        let rows = (r.y as usize..r.bottom() as usize).map(|y| y * width);
        if !rooms[..k].iter().all(apart)
            && !rows.clone().all(|row| flags[row + x0..row + x1].iter().all(|f| f & KEPT_FLOOR == 0))
        {
            return false;
        }
        rows.for_each(|row| flags[row + x0..row + x1].iter_mut().for_each(|f| *f |= KEPT_FLOOR));
        true
    }

    /// Room `k`'s floor cell by cell, or the kept room it meets, or the cell off the map.
    fn cell_floor(&mut self, rooms: &[Room], k: usize) -> Result<(), LockConflict> {
        let room = &rooms[k];
        let (width, height, g) = (self.width, self.height, self.grid());
        let flags = &mut self.flags;
        let mut err = None;
        let mut cells = 0usize;
        room.shape.for_each_cell(|p| {
            if err.is_some() {
                return;
            }
            if !g.on(p) {
                err = Some(LockConflict::RoomOffMap { room: room.id, cell: p, width, height });
                return;
            }
            let i = g.at(p);
            if flags[i] & KEPT_FLOOR != 0 {
                let a = rooms[..k].iter().find(|r| r.shape.contains(p)).map_or(room.id, |r| r.id);
                err = Some(LockConflict::RoomsTouch { a, b: room.id });
                return;
            }
            flags[i] |= KEPT_FLOOR;
            cells += 1;
        });
        match err {
            Some(e) => Err(e),
            None if cells == 0 => Err(LockConflict::Damaged(format!("kept room {} has no floor", room.id))),
            None => Ok(()),
        }
    }

    /// Marks the rings: every tile next to a kept room's floor. A rectangle's is the box around
    /// it, set whole a row at a time (on its own floor the flag changes nothing).
    pub(super) fn rings(&mut self, rooms: &[Room], boxes: &[TileBox]) {
        let (width, height, g) = (self.width, self.height, self.grid());
        let flags = &mut self.flags;
        for (room, around) in rooms.iter().zip(boxes) {
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
                            if g.on(q) && flags[g.at(q)] & KEPT_FLOOR == 0 {
                                flags[g.at(q)] |= RING;
                            }
                        }
                    }
                }),
            }
        }
    }

    /// Marks the tile outside each kept door. Returns the doors room by room, each room's in
    /// the order of their ids (taken from a map, they come so), and where each room's doors
    /// start (one more entry than rooms).
    pub(super) fn doors(&mut self, kept: &Kept, rooms: &[Room]) -> Result<(Vec<Door>, Vec<usize>), LockConflict> {
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
                let (out, g) = (d.outside(), self.grid());
                if !room.shape.contains(d.cell) || !g.on(out) || self.flags[g.at(out)] & KEPT_FLOOR != 0 {
                    return Err(LockConflict::Damaged(format!("kept door {} is not on room {}'s edge", d.id, d.room)));
                }
                self.flags[g.at(out)] |= DOOR_OUT;
            }
        }
        Ok((all_doors, door_start))
    }

    /// Marks the kept corridors' tiles. Returns each corridor (its doors as `(kept room, index
    /// among that room's doors)`) and all their paths, one after the other.
    pub(super) fn corridors(
        &mut self,
        kept: &Kept,
        rooms: &[Room],
        all_doors: &[Door],
        door_start: &[usize],
    ) -> Result<(Vec<KeptPath>, Vec<Pos>), LockConflict> {
        let room_ids = IdTable::new(rooms.iter().map(|r| r.id));
        let place = |d: &Door| room_ids.get(d.room, || rooms.binary_search_by_key(&d.room, |r| r.id).ok());
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
            let (g, flags) = (self.grid(), &mut self.flags);
            let mut off = None;
            let mut mark = |p: Pos| {
                if !g.on(p) {
                    off = Some(p);
                } else if flags[g.at(p)] & KEPT_FLOOR == 0 {
                    flags[g.at(p)] |= LOCKED_OPEN;
                }
            };
            match c.width {
                // One tile wide (most corridors): the path itself.
                0 | 1 => c.path.iter().for_each(|p| mark(*p)),
                w => Corridor::cells_of(&c.path, w, mark),
            }
            if let Some(cell) = off {
                return Err(LockConflict::TileOffMap { cell, width: self.width, height: self.height });
            }
            let first = paths.len();
            paths.extend_from_slice(&c.path);
            corridors.push(KeptPath { cells: first..paths.len(), width: c.width, ends: [a, b] });
        }
        Ok((corridors, paths))
    }

    /// Marks the locked tiles outside the kept rooms; returns whether any of them is walkable.
    pub(super) fn tiles(&mut self, tiles: &[(Pos, Tile)]) -> Result<bool, LockConflict> {
        let mut open_tiles = false;
        for &(p, t) in tiles {
            let i = self.grid().at(p);
            if self.flags[i] & KEPT_FLOOR != 0 {
                if t != Tile::Floor {
                    return Err(LockConflict::Damaged(format!(
                        "the locked tile at {p} is inside a kept room but not floor"
                    )));
                }
                continue;
            }
            match t {
                Tile::Wall => self.flags[i] |= LOCKED_WALL,
                Tile::Floor => return Err(LockConflict::StrayFloor { cell: p }),
                Tile::Corridor => {
                    self.flags[i] |= LOCKED_OPEN;
                    open_tiles = true;
                }
            }
        }
        Ok(open_tiles)
    }
}
