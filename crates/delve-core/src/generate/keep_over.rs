//! Locks kept over a finished map: how caves, BSP rooms, the drunkard's walk and rooms and mazes
//! keep locked rooms, corridors and tiles (they have no seams of their own inside their stages,
//! as rooms and tunnels and grown rooms do). The generator makes its map as usual; then:
//!
//! 1. the **locked area** is found: the kept rooms' floor and the ring of tiles around it, the
//!    kept corridors' tiles and the ring around them, the locked tiles;
//! 2. generated corridors that cross it go, and so do generated doors whose tile is in it; what
//!    is left in it becomes rock (so the kept things are walled round as they were drawn);
//! 3. generated rooms lose their floor in it; what is left of a room is cut into its
//!    4-connected pieces, each a room of its own (pieces under [`MIN_PIECE`] tiles become rock);
//! 4. the kept rooms, doors, corridors and tiles are laid exactly as they were;
//! 5. every room the spawn cannot reach any more is joined to those it can, each free kept door
//!    by a corridor of its own ([`super::join::room_to`]), and passage floor left unreachable
//!    becomes rock.
//!
//! A map that cannot be joined says which room is walled in. Room ids follow the generator's
//! rooms, then the kept ones in their order.

use super::join::{self, Owners};
use crate::geom::{Dir, Pos, Rect};
use crate::map::locks::{Kept, LockConflict};
use crate::map::{Corridor, Door, Map, Room, Shape, Tile};
use crate::pathfind::{Query, Queue, Searcher, pieces};

/// The smallest piece of a cut room that stays a room, in tiles.
pub(super) const MIN_PIECE: usize = 4;

/// Keeps `kept` over `map` (see the module).
pub(super) fn keep(map: &mut Map, kept: &Kept) -> Result<(), LockConflict> {
    lay(map, kept, true)
}

/// The step that tells the keep locks stage: how many locked rooms and tiles it kept, and
/// whether over the finished map (as [`keep`] does).
pub(super) fn kept_step(kept: &Kept, over: bool) -> super::record::Step {
    let tiles: usize = kept.tiles.iter().map(|(_, _, run)| run.chars().count()).sum();
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    super::shared_steps::SharedStep::LocksKept { rooms: count(kept.rooms.len()), tiles: count(tiles), over }.into()
}

/// Draws `kept`'s rooms, corridors and locked tiles on `map` as they were, joining nothing: a
/// map in the making around them (a replay's step before its locks step).
pub(super) fn draw(map: &mut Map, kept: &Kept) -> Result<(), LockConflict> {
    let tiles = kept.tiles_on(map.width(), map.height())?;
    lay_kept(map, kept, &tiles, true);
    Ok(())
}

/// Lays `kept` over `map` as [`keep`] does; with `doors_only` off, a laid room that has no free
/// door is joined like a generated room (a corridor may reach it anywhere) rather than refused.
/// The vaults stage lays a vault so where no free rock is left.
pub(super) fn lay(map: &mut Map, kept: &Kept, doors_only: bool) -> Result<(), LockConflict> {
    let (w, h) = (map.width(), map.height());
    let tiles = kept.tiles_on(w, h)?;
    for room in &kept.rooms {
        let mut off = None;
        room.shape.for_each_cell(|c| {
            if !map.in_bounds(c) {
                off.get_or_insert(c);
            }
        });
        if let Some(cell) = off {
            return Err(LockConflict::RoomOffMap { room: room.id, cell, width: w, height: h });
        }
    }
    let area = Area::locked(w, h, kept, &tiles);
    cut_generated(map, &area);
    let (first_kept, first_door) = lay_kept(map, kept, &tiles, doors_only);
    // 5. Everything joined to the spawn's part.
    join_all(map, first_kept, first_door)
}

/// Step 1: the locked area, the kept rooms' floor and corridors' tiles with the ring around them,
/// and the locked tiles.
struct Area {
    w: u32,
    h: u32,
    cells: Vec<bool>,
}

impl Area {
    fn locked(w: u32, h: u32, kept: &Kept, tiles: &[(Pos, Tile)]) -> Area {
        let mut area = Area { w, h, cells: vec![false; (w * h) as usize] };
        let mut mark = |p: Pos, ring: bool| {
            let r = i32::from(ring);
            for dy in -r..=r {
                for dx in -r..=r {
                    let q = p.offset(dx, dy);
                    if area.inside(q) {
                        let i = area.at(q);
                        area.cells[i] = true;
                    }
                }
            }
        };
        for room in &kept.rooms {
            room.shape.for_each_cell(|c| mark(c, true));
        }
        for c in &kept.corridors {
            c.path.iter().for_each(|&p| mark(p, true));
        }
        for &(p, _) in tiles {
            mark(p, false);
        }
        area
    }

    fn inside(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.w && (p.y as u32) < self.h
    }

    fn at(&self, p: Pos) -> usize {
        (p.y as u32 * self.w + p.x as u32) as usize
    }

    fn holds(&self, p: Pos) -> bool {
        self.inside(p) && self.cells[self.at(p)]
    }
}

/// Steps 2 and 3: generated rooms cut to what lies outside the area; their doors and corridors
/// follow them or go; what is left in the area is rock.
fn cut_generated(map: &mut Map, area: &Area) {
    let old_rooms = std::mem::take(&mut map.rooms);
    let mut piece_of = vec![u32::MAX; area.cells.len()];
    for room in &old_rooms {
        let mut cells = Vec::new();
        room.shape.for_each_cell(|c| cells.push(c));
        let cut = cells.iter().any(|&c| area.holds(c));
        for &c in cells.iter().filter(|&&c| area.holds(c)) {
            map.set_tile(c, Tile::Wall);
        }
        cells.retain(|&c| !area.holds(c));
        for piece in pieces_of(&cells) {
            if piece.len() < MIN_PIECE {
                piece.iter().for_each(|&c| {
                    map.set_tile(c, Tile::Wall);
                });
                continue;
            }
            let id = map.rooms.len() as u32;
            piece.iter().for_each(|&c| piece_of[area.at(c)] = id);
            let shape = if cut { Shape::cells_from(piece) } else { room.shape.clone() };
            map.rooms.push(Room { id, shape, ..room.clone() });
        }
    }
    let old_doors = std::mem::take(&mut map.doors);
    let mut door_to = vec![u32::MAX; old_doors.len()];
    for (i, d) in old_doors.iter().enumerate() {
        let room = if area.inside(d.cell) { piece_of[area.at(d.cell)] } else { u32::MAX };
        if room != u32::MAX && !area.holds(d.outside()) {
            door_to[i] = map.doors.len() as u32;
            map.doors.push(Door { id: map.doors.len() as u32, room, ..d.clone() });
        }
    }
    let old_corridors = std::mem::take(&mut map.corridors);
    for c in old_corridors {
        let doors = c.doors.map(|d| door_to.get(d as usize).copied().unwrap_or(u32::MAX));
        if doors.contains(&u32::MAX) || c.path.iter().any(|&p| area.holds(p)) {
            continue;
        }
        map.corridors.push(Corridor { id: map.corridors.len() as u32, doors, ..c });
    }
    // Doors left without a corridor go too.
    prune_doors(map, &[]);
    // What is left in the area is rock: the kept rooms and corridors are walled round as they
    // were drawn (no passage of the generator's opens into them but at their doors), and the
    // rock a kept room draws inside its bounds (a vault's pillars) stays rock.
    for (i, _) in area.cells.iter().enumerate().filter(|(_, a)| **a) {
        map.set_tile(map.tiles().pos_of(i), Tile::Wall);
    }
}

/// Step 4: the kept rooms, doors, corridors and tiles, as they were. Returns the first kept room's
/// id and the first kept door's.
fn lay_kept(map: &mut Map, kept: &Kept, tiles: &[(Pos, Tile)], doors_only: bool) -> (u32, u32) {
    for &(p, t) in tiles {
        map.set_tile(p, t);
        map.set_tile_lock(p, true);
    }
    let first_kept = map.rooms.len() as u32;
    let first_door = map.doors.len() as u32;
    let mut kept_door = std::collections::HashMap::new();
    for (k, room) in kept.rooms.iter().enumerate() {
        let id = first_kept + k as u32;
        room.shape.for_each_cell(|c| {
            map.set_tile(c, Tile::Floor);
        });
        map.rooms.push(Room { id, locked: doors_only, ..room.clone() });
        for d in kept.doors.iter().filter(|d| d.room == room.id) {
            kept_door.insert(d.id, map.doors.len() as u32);
            map.doors.push(Door { id: map.doors.len() as u32, room: id, ..d.clone() });
        }
    }
    for c in &kept.corridors {
        let (Some(&a), Some(&b)) = (kept_door.get(&c.doors[0]), kept_door.get(&c.doors[1])) else { continue };
        for &p in &c.path {
            if map.tile(p) == Some(Tile::Wall) {
                map.set_tile(p, Tile::Corridor);
            }
        }
        let id = map.corridors.len() as u32;
        map.corridors.push(Corridor { id, path: c.path.clone().into(), doors: [a, b], width: c.width });
    }
    if let Some(s) = kept.spawn {
        map.spawn = s;
    }
    (first_kept, first_door)
}

/// The 4-connected pieces of `cells` (one room's floor), each in row order ([`pieces`]).
fn pieces_of(cells: &[Pos]) -> Vec<Vec<Pos>> {
    let Some(area) = Rect::bounding(cells.iter().copied()) else { return Vec::new() };
    let set: std::collections::BTreeSet<(i32, i32)> = cells.iter().map(|c| (c.y, c.x)).collect();
    let (mut labels, mut queue) = (Vec::new(), Queue::default());
    let found = pieces(area, |p| set.contains(&(p.y, p.x)), &mut labels, &mut queue);
    let mut out = vec![Vec::new(); found.len()];
    for &c in cells {
        let k = ((c.y - area.y) * area.w + (c.x - area.x)) as usize;
        if let Some(piece) = labels.get(k).and_then(|&l| out.get_mut(l as usize)) {
            piece.push(c);
        }
    }
    for piece in &mut out {
        piece.sort_unstable_by_key(|p| (p.y, p.x));
    }
    out
}

/// Keeps the doors `used` says, numbered again in order (corridors follow).
fn renumber_doors(map: &mut Map, used: &[bool]) {
    let mut to = vec![u32::MAX; map.doors.len()];
    let old = std::mem::take(&mut map.doors);
    for (i, d) in old.into_iter().enumerate() {
        if used.get(i).copied().unwrap_or(false) {
            to[i] = map.doors.len() as u32;
            map.doors.push(Door { id: map.doors.len() as u32, ..d });
        }
    }
    for c in &mut map.corridors {
        c.doors = c.doors.map(|d| to[d as usize]);
    }
}

/// Joins every room the spawn cannot reach to those it can: each kept door without a corridor
/// (doors from `first_door` on) by a corridor of its own, then each other room by its nearest
/// way; passage floor left out of reach becomes rock. A kept room (from `first_kept` on) gets no
/// door it did not have: corridors reach it only at its free kept doors.
fn join_all(map: &mut Map, first_kept: u32, first_door: u32) -> Result<(), LockConflict> {
    if map.tile(map.spawn).is_none_or(|t| t == Tile::Wall) {
        let mut first = None;
        if let Some(r) = map.rooms.first() {
            r.shape.for_each_cell(|c| {
                first.get_or_insert(c);
            });
        }
        map.spawn = first.unwrap_or(map.spawn);
    }
    let mut searcher = Searcher::default();
    // Free kept doors, each joined to the nearest other room (a kept one only at a free door).
    let free: Vec<Door> = map.doors[first_door as usize..]
        .iter()
        .filter(|d| !map.corridors.iter().any(|c| c.doors.contains(&d.id)))
        .cloned()
        .collect();
    let kept_doors: std::collections::BTreeSet<((i32, i32), u8)> =
        free.iter().map(|d| ((d.cell.y, d.cell.x), d.side as u8)).collect();
    let door_ok = |o: u32, cell: Pos, side: Dir| o < first_kept || kept_doors.contains(&((cell.y, cell.x), side as u8));
    for d in &free {
        let owner = Owners::of(map);
        if join::door_to(map, &owner, &mut searcher, d, door_ok).is_none() {
            return Err(LockConflict::WalledIn {
                what: format!("door {} of locked room {}", d.id, d.room),
                cell: d.cell,
            });
        }
    }
    // Then every part the spawn cannot reach.
    loop {
        let reached = reach(map, &mut searcher);
        let owner = Owners::of(map);
        let w = map.width();
        let seen = |p: Pos| reached[(p.y as u32 * w + p.x as u32) as usize];
        let lost = map.rooms.iter().find(|r| {
            let mut any = None;
            r.shape.for_each_cell(|c| {
                any.get_or_insert(c);
            });
            any.is_some_and(|c| !seen(c))
        });
        let Some(lost) = lost.map(|r| r.id) else { break };
        let target = |o: u32| {
            map.rooms.get(o as usize).is_some_and(|r| {
                let mut any = None;
                r.shape.for_each_cell(|c| {
                    any.get_or_insert(c);
                });
                any.is_some_and(seen)
            })
        };
        let targets: Vec<bool> = (0..map.rooms.len() as u32).map(target).collect();
        let locked: Vec<bool> = map.rooms.iter().map(|r| r.locked).collect();
        let lost_room = &map.rooms[lost as usize];
        if lost_room.locked {
            // A kept room out of reach has no free door left to be joined by.
            let (id, doors) = (lost_room.id, map.doors.iter().filter(|d| d.room == lost).count());
            let mut cell = map.spawn;
            lost_room.shape.for_each_cell(|c| cell = c);
            return Err(match doors {
                0 => LockConflict::NoDoor { room: id },
                _ => LockConflict::WalledIn { what: format!("locked room {id}"), cell },
            });
        }
        // A kept room takes corridors only at its kept doors.
        let ok = |o: u32, c: Pos, s: Dir| {
            targets[o as usize] && (!locked[o as usize] || kept_doors.contains(&((c.y, c.x), s as u8)))
        };
        if join::room_to(map, &owner, &mut searcher, lost, &[], ok).is_none() {
            // A generated room the locks wall in goes (it was never promised).
            drop_room(map, lost);
        }
    }
    // Passage floor no room leads to any more becomes rock; a locked tile out of reach cannot.
    let reached = reach(map, &mut searcher);
    let on_corridor: std::collections::BTreeSet<(i32, i32)> =
        map.corridors.iter().flat_map(|c| c.path.iter().map(|p| (p.y, p.x))).collect();
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let p = Pos::new(x, y);
            let i = (y as u32 * map.width() + x as u32) as usize;
            if reached[i] || map.tile(p) != Some(Tile::Corridor) || on_corridor.contains(&(y, x)) {
                continue;
            }
            if map.tile_locked(p) {
                return Err(LockConflict::WalledIn { what: "a locked tile".into(), cell: p });
            }
            map.set_tile(p, Tile::Wall);
        }
    }
    Ok(())
}

/// Takes generated room `room` off the map: its floor becomes rock, its doors and their
/// corridors go (their passage floor stays until it is found out of reach); the rest are
/// numbered again.
fn drop_room(map: &mut Map, room: u32) {
    let gone = map.rooms.remove(room as usize);
    gone.shape.for_each_cell(|c| {
        map.set_tile(c, Tile::Wall);
    });
    for (i, r) in map.rooms.iter_mut().enumerate() {
        r.id = i as u32;
    }
    let of_gone: Vec<bool> = map.doors.iter().map(|d| d.room == room).collect();
    map.corridors.retain(|c| !c.doors.iter().any(|&d| of_gone.get(d as usize).copied().unwrap_or(true)));
    for (i, c) in map.corridors.iter_mut().enumerate() {
        c.id = i as u32;
    }
    for d in map.doors.iter_mut().filter(|d| d.room > room) {
        d.room -= 1;
    }
    // The room's doors go, and so does a door whose only corridor led to it.
    prune_doors(map, &of_gone);
}

/// Takes out the doors `gone` marks and every other door without a corridor (a kept room
/// keeps all its doors), numbering the rest again.
fn prune_doors(map: &mut Map, gone: &[bool]) {
    let used: Vec<bool> = map
        .doors
        .iter()
        .enumerate()
        .map(|(i, d)| {
            !gone.get(i).copied().unwrap_or(false)
                && (map.rooms.get(d.room as usize).is_some_and(|r| r.locked)
                    || map.corridors.iter().any(|c| c.doors.contains(&d.id)))
        })
        .collect();
    renumber_doors(map, &used);
}

/// Which tiles the spawn reaches over floor (room or corridor), by the one search.
fn reach(map: &Map, searcher: &mut Searcher) -> Vec<bool> {
    let (w, h) = (map.width(), map.height());
    let _ = searcher.run(Query::flood(w, h, map.spawn), |_| false, |p| map.tile(p).is_some_and(|t| t != Tile::Wall));
    let mut seen = vec![false; (w * h) as usize];
    if map.tile(map.spawn).is_some_and(|t| t != Tile::Wall) {
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                seen[(y as u32 * w + x as u32) as usize] = searcher.steps(Pos::new(x, y)).is_some();
            }
        }
    }
    seen
}
