//! Joining a room that stands alone (a vault, a part of a hybrid map) to the rooms already
//! joined: the one breadth-first search ([`Searcher`]) from the room's floor, out through its
//! entrances, over rock and corridor floor to the nearest room it may join; the rock on the way
//! becomes corridor floor, with a door at each end.

use crate::geom::{Dir, Pos, Rect};
use crate::map::{Corridor, Door, Map, RoomId, Tile};
use crate::pathfind::{Query, Searcher};

/// No room on a tile.
pub(super) const NONE: u32 = u32::MAX;

/// Which room holds each tile (by index in the map's rooms, [`NONE`] for none).
pub(super) struct Owners {
    of: Vec<u32>,
    w: i32,
}

impl Owners {
    /// The rooms of `map`, tile by tile.
    pub(super) fn of(map: &Map) -> Owners {
        let mut owner = Owners { of: vec![NONE; map.tiles().as_slice().len()], w: map.width() as i32 };
        for (i, room) in map.rooms.iter().enumerate() {
            room.shape.for_each_cell(|c| owner.set(c, i as u32));
        }
        owner
    }

    pub(super) fn get(&self, p: Pos) -> u32 {
        if p.x < 0 || p.y < 0 || p.x >= self.w {
            return NONE;
        }
        self.of.get((p.y * self.w + p.x) as usize).copied().unwrap_or(NONE)
    }

    pub(super) fn set(&mut self, p: Pos, room: u32) {
        if p.x < 0 || p.y < 0 || p.x >= self.w {
            return;
        }
        if let Some(o) = self.of.get_mut((p.y * self.w + p.x) as usize) {
            *o = room;
        }
    }
}

/// Joins room `room` (its index in `map.rooms`, as `owner` has them) to the nearest room that
/// `accept` takes a door on (`accept(room, floor tile, side)`): a search from its first tile
/// through its own floor, out by a tile of `exits` (any tile beside it when there are none),
/// over rock and corridor floor (never locked rock, never beside another room where no door is
/// accepted, never on the map's edge) to a tile beside such a door. Returns the room joined (`None`: none could be
/// reached; the map is unchanged).
pub(super) fn room_to(
    map: &mut Map,
    owner: &Owners,
    searcher: &mut Searcher,
    room: RoomId,
    exits: &[Pos],
    accept: impl Fn(RoomId, Pos, Dir) -> bool,
) -> Option<RoomId> {
    let mut start = None;
    map.rooms.get(room as usize)?.shape.for_each_cell(|c| {
        start.get_or_insert(c);
    });
    join(map, owner, searcher, room, start?, exits, accept, None)
}

/// Joins `door` (of a room already on the map) to the nearest room that `accept` takes a door
/// on, as [`room_to`] does, the search starting on the tile outside the door: the corridor
/// starts at that door.
pub(super) fn door_to(
    map: &mut Map,
    owner: &Owners,
    searcher: &mut Searcher,
    door: &Door,
    accept: impl Fn(RoomId, Pos, Dir) -> bool,
) -> Option<RoomId> {
    let (room, start) = (door.room, door.outside());
    join(map, owner, searcher, room, start, &[start], |o, c, s| o != room && accept(o, c, s), Some(door.id))
}

/// The search and the corridor of [`room_to`] and [`door_to`] (`from_door`: the corridor starts
/// at this door, on the search's start).
#[allow(clippy::too_many_arguments)]
fn join(
    map: &mut Map,
    owner: &Owners,
    searcher: &mut Searcher,
    room: RoomId,
    start: Pos,
    exits: &[Pos],
    accept: impl Fn(RoomId, Pos, Dir) -> bool,
    from_door: Option<u32>,
) -> Option<RoomId> {
    let area = Rect::new(1, 1, map.width() as i32 - 2, map.height() as i32 - 2);
    let q = Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: true };
    let own = |p: Pos| owner.get(p) == room;
    // The other rooms' floor beside `p`: the tile, the way to it, the room, and whether a door
    // there is accepted.
    let beside = |p: Pos| {
        Dir::ALL.map(|d| {
            let (q, o) = (p.step(d), owner.get(p.step(d)));
            (o != NONE && o != room && map.tile(q) == Some(Tile::Floor)).then(|| (q, d, o, accept(o, q, d.opposite())))
        })
    };
    // The floor at `p`'s corners, of vaults and locked rooms that take no door on either side
    // facing `p`.
    let corners_ok = |p: Pos| {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().all(|&(dx, dy)| {
            let q = p.offset(dx, dy);
            let o = owner.get(q);
            let sealed = map.rooms.get(o as usize).is_some_and(|r| r.vault || r.locked);
            if o == NONE || o == room || !sealed || map.tile(q) != Some(Tile::Floor) {
                return true;
            }
            let (h, v) = (if dx > 0 { Dir::West } else { Dir::East }, if dy > 0 { Dir::North } else { Dir::South });
            accept(o, q, h) || accept(o, q, v)
        })
    };
    let tiles = map.tiles();
    let found = searcher.run(
        q,
        |p| !own(p) && beside(p).iter().flatten().any(|b| b.3),
        |p| match tiles.get(p) {
            Some(Tile::Floor) => own(p),
            // A locked tile of rock stays rock.
            Some(Tile::Wall) if map.tile_locked(p) => false,
            Some(_) => {
                // Leaving by an entrance: no other tile beside the room's floor (a room joined
                // from its floor, as a vault is: its corners too).
                let near = Dir::ALL.iter().any(|&d| own(p.step(d)))
                    || (from_door.is_none()
                        && [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().any(|&(dx, dy)| own(p.offset(dx, dy))));
                let out = !near || exits.is_empty() || exits.contains(&p);
                // Beside a room where no door may be, a corridor would open into it; at the
                // corner of such a room's floor, it would open into it for a player who steps
                // diagonally.
                out && beside(p).iter().flatten().all(|b| b.3) && corners_ok(p)
            }
            None => false,
        },
    );
    let goal = found.goal?;
    let (other_cell, d, other, _) = beside(goal).into_iter().flatten().find(|b| b.3)?;
    let path = searcher.path_to(goal)?;
    // The corridor: the tiles after the room's last floor tile on the way (all of them, from a
    // door).
    let (a, corridor) = match from_door {
        Some(d) => (d, path),
        None => {
            let out = path.iter().rposition(|&p| own(p))?;
            let (inside, corridor) = (path[out], path[out + 1..].to_vec());
            let first = *corridor.first()?;
            (door(map, room, inside, inside.dir_to(first)?), corridor)
        }
    };
    for &c in &corridor {
        if map.tile(c) == Some(Tile::Wall) {
            map.set_tile(c, Tile::Corridor);
        }
    }
    let b = door(map, other, other_cell, d.opposite());
    let id = map.corridors.len() as u32;
    map.corridors.push(Corridor { id, path: corridor.into(), doors: [a, b], width: 1 });
    Some(other)
}

/// The door of `room` at `cell` on `side`: the one there, or a new one.
fn door(map: &mut Map, room: RoomId, cell: Pos, side: Dir) -> u32 {
    if let Some(d) = map.doors.iter().find(|d| d.room == room && d.cell == cell && d.side == side) {
        return d.id;
    }
    let id = map.doors.len() as u32;
    map.doors.push(Door::new(id, room, cell, side));
    id
}
