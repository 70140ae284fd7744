//! Growing around locks: the kept rooms placed first, where they are, with their doors open for
//! the tree to grow from; locked tiles and a frame around the map that nothing may cross; and,
//! once the tree and its loops are done, every kept door given a corridor and every piece of the
//! dungeon joined to the first, door to door.

use super::build::Builder;
use super::plane::{CORRIDOR, NEAR, ROOM};
use super::template::{Rotation, Template};
use crate::generate::keep::Locks;
use crate::geom::{Dir, Pos, TileBox};
use crate::map::Tile;
use crate::map::locks::LockConflict;
use crate::pathfind::UnionFind;

/// Thickness of the frame of blocked cells around the part of the map rooms may take: more than
/// a short corridor and a door cell, so no room can be placed beyond it.
const FRAME: i32 = 4;

impl Builder<'_> {
    /// Blocks everything outside the map's inner part (inside the margin) and every locked tile
    /// outside the kept rooms, then places the kept rooms where they are and digs the kept
    /// corridors. The kept rooms are rooms `0..` in the order of their ids.
    pub(super) fn keep(&mut self, l: &Locks) -> Result<(), LockConflict> {
        let m = self.p.margin as i32;
        let (w, h) = (l.width as i32, l.height as i32);
        if w - 2 * m < 1 || h - 2 * m < 1 {
            return Err(LockConflict::Unsupported(format!(
                "the {w}×{h} map of the locks leaves no room inside a margin of {m} tiles; lower the margin"
            )));
        }
        let inner = TileBox::new(m, m, w - 1 - m, h - 1 - m);
        for y in inner.y0 - FRAME..=inner.y1 + FRAME {
            for x in inner.x0 - FRAME..=inner.x1 + FRAME {
                let p = Pos::new(x, y);
                if !inner.contains(p) {
                    self.mark(p, ROOM | NEAR);
                }
            }
        }
        // Locked wall stays rock; locked corridor floor takes no room but may carry corridors.
        for &(p, t) in &l.tiles {
            if !l.rooms.iter().any(|r| r.shape.contains(p)) {
                self.mark(p, if t == Tile::Wall { ROOM | NEAR } else { NEAR | CORRIDOR });
            }
        }
        self.bounds = Some((inner, l.width, l.height));
        for (k, room) in l.rooms.iter().enumerate() {
            let cells = room.shape.cells();
            let Some(bbox) = TileBox::around(cells.iter().copied()) else {
                return Err(LockConflict::Damaged(format!("kept room {} has no floor", room.id)));
            };
            if let Some(c) = cells.iter().find(|c| !inner.contains(**c)) {
                return Err(LockConflict::RoomOffMap { room: room.id, cell: *c, width: l.width, height: l.height });
            }
            let doors: Vec<(Pos, Dir, u8)> = l.doors(k).iter().map(|d| (d.cell, d.side, d.kind)).collect();
            self.push_room(cells, bbox, room.colour, k as u32, &doors);
        }
        let first_door = |k: usize| self.rooms[k].doors.start;
        let corridors: Vec<(Vec<crate::geom::Pos>, [u32; 2])> =
            l.corridors.iter().map(|c| (l.path(c).to_vec(), c.ends.map(|(k, j)| first_door(k) + j as u32))).collect();
        for (path, [a, b]) in corridors {
            self.add_corridor(path, a, b);
        }
        self.invalidate();
        Ok(())
    }

    /// The first room when only tiles are locked: as near the middle of the map as it fits.
    pub(super) fn place_first_in_bounds(&mut self, t: &Template, rot: &Rotation) -> bool {
        let Some((inner, _, _)) = self.bounds else { return false };
        let (cx, cy) = ((inner.x0 + inner.x1) / 2, (inner.y0 + inner.y1) / 2);
        let reach = (inner.x1 - inner.x0).max(inner.y1 - inner.y0);
        for r in 0..=reach {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dy.abs()) != r {
                        continue;
                    }
                    let shift = Pos::new(cx + dx - rot.bbox.x0, cy + dy - rot.bbox.y0);
                    let bbox = rot.bbox.shifted(shift);
                    let fits = inner.contains(Pos::new(bbox.x0, bbox.y0))
                        && inner.contains(Pos::new(bbox.x1, bbox.y1))
                        && rot.cells.iter().all(|c| self.plane.get(c.offset(shift.x, shift.y)) & (NEAR | ROOM) == 0);
                    if fits {
                        self.add_room(t, rot, shift, 0);
                        self.invalidate();
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Gives every kept door without a corridor one (to the nearest door of another room it can
    /// reach, free doors first), then joins every piece of the dungeon to the piece of room 0,
    /// door to door. `kept`: how many rooms are kept (rooms `0..kept`).
    pub(super) fn join_kept(&mut self, l: &Locks, kept: usize) -> Result<(), LockConflict> {
        let span = l.width + l.height;
        // Joining corridors may cross others: a crossing is better than a refusal.
        let block = std::mem::replace(&mut self.path_block, ROOM);
        let joined = self.join_all(l, kept, span);
        self.path_block = block;
        joined
    }

    fn join_all(&mut self, l: &Locks, kept: usize, span: u32) -> Result<(), LockConflict> {
        for k in 0..kept {
            for i in self.rooms[k].doors.clone() {
                if self.doors[i as usize].uses > 0 {
                    continue;
                }
                let joined = self.join_door(i, span, |_| true);
                if !joined {
                    let d = &self.doors[i as usize];
                    return Err(LockConflict::WalledIn {
                        what: format!("the door of locked room {}", l.rooms[k].id),
                        cell: d.cell,
                    });
                }
            }
        }
        loop {
            let mut pieces = UnionFind::new(self.rooms.len());
            for (_, [a, b]) in &self.corridors {
                pieces.union(self.doors[*a as usize].room as usize, self.doors[*b as usize].room as usize);
            }
            let main = pieces.find(0);
            let Some(apart) = (0..self.rooms.len()).find(|&r| pieces.find(r) != main) else { return Ok(()) };
            let piece = pieces.find(apart);
            let in_main: Vec<bool> = (0..self.rooms.len()).map(|r| pieces.find(r) == main).collect();
            let doors: Vec<u32> = (0..self.rooms.len())
                .filter(|&r| pieces.find(r) == piece)
                .flat_map(|r| self.rooms[r].doors.clone())
                .collect();
            let joined = doors.into_iter().any(|i| self.join_door(i, span, |room| in_main[room as usize]));
            if !joined {
                let room = (0..kept).find(|&r| pieces.find(r) == piece).unwrap_or(apart);
                let name = l.rooms.get(room).map_or(room as u32, |r| r.id);
                return Err(LockConflict::WalledIn {
                    what: format!("locked room {name} (no corridor joins it to the rest)"),
                    cell: self.rooms[room].cells.first().copied().unwrap_or_default(),
                });
            }
        }
    }

    /// Joins door `i` by the shortest corridor to the nearest door of the same kind on another
    /// room that `to_room` accepts (free doors before used ones); whether it found one.
    fn join_door(&mut self, i: u32, span: u32, to_room: impl Fn(u32) -> bool) -> bool {
        let d = &self.doors[i as usize];
        let (room, kind) = (d.room, d.kind);
        for free_only in [true, false] {
            let targets: std::collections::HashMap<Pos, u32> = self
                .doors
                .iter()
                .enumerate()
                .filter(|(_, o)| {
                    o.room != room
                        && o.kind == kind
                        && to_room(o.room)
                        && !self.is_sealed(o.room)
                        && (!free_only || o.uses == 0)
                })
                .map(|(j, o)| (o.outside(), j as u32))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let from = self.doors[i as usize].outside();
            if let Some(path) = self.bfs(from, span, |c| targets.contains_key(&c), true)
                && let Some(&j) = path.last().and_then(|c| targets.get(c))
            {
                self.add_corridor(path, i, j);
                self.invalidate();
                return true;
            }
        }
        false
    }
}

/// The map built around `l` finished: the kept rooms as they were, the spawn in its kept room
/// (otherwise at the first new room's centre, as at the first room's of a plain map), the
/// locked tiles set and, with `open_tiles`, joined.
pub(super) fn finish_map(l: &Locks, map: &mut crate::map::Map) -> Result<(), LockConflict> {
    for (k, room) in l.rooms.iter().enumerate() {
        map.rooms[k] = crate::map::Room { id: k as u32, ..room.clone() };
    }
    let first = map.rooms.get(l.rooms.len()).or(map.rooms.first());
    if let Some(c) = l.spawn.or_else(|| first.and_then(|r| r.shape.centre())) {
        map.spawn = c;
    }
    stamp_tiles(l, map);
    if l.open_tiles {
        crate::generate::keep::join_locked_tiles(l, map)?;
    }
    Ok(())
}

/// Sets the locked tiles of `l` on `map` (and keeps them locked).
fn stamp_tiles(l: &Locks, map: &mut crate::map::Map) {
    for &(p, t) in &l.tiles {
        if t != Tile::Floor || map.tile(p) == Some(Tile::Floor) {
            map.set_tile(p, t);
        }
        map.set_tile_lock(p, true);
    }
}
