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
/// `target` accepts: a search from its first tile through its own floor, out by a tile of
/// `exits` (any tile beside it when there are none), over rock and corridor floor (never
/// beside a room it may not join, never on the map's edge) to a tile beside a target room's
/// floor. Returns the room joined (`None`: none could be reached; the map is unchanged).
pub(super) fn room_to(
    map: &mut Map,
    owner: &Owners,
    searcher: &mut Searcher,
    room: RoomId,
    exits: &[Pos],
    target: impl Fn(RoomId) -> bool,
) -> Option<RoomId> {
    let mut start = None;
    map.rooms.get(room as usize)?.shape.for_each_cell(|c| {
        start.get_or_insert(c);
    });
    let start = start?;
    let area = Rect::new(1, 1, map.width() as i32 - 2, map.height() as i32 - 2);
    let q = Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: true };
    let own = |p: Pos| owner.get(p) == room;
    // The room beside `p` (other than `room`) and the way to it.
    let beside = |p: Pos| {
        Dir::ALL.iter().find_map(|&d| {
            let o = owner.get(p.step(d));
            (o != NONE && o != room && map.tile(p.step(d)) == Some(Tile::Floor)).then_some((p.step(d), d, o))
        })
    };
    let tiles = map.tiles();
    let found = searcher.run(
        q,
        |p| !own(p) && beside(p).is_some_and(|(_, _, o)| target(o)),
        |p| match tiles.get(p) {
            Some(Tile::Floor) => own(p),
            Some(_) => {
                let out = !Dir::ALL.iter().any(|&d| own(p.step(d))) || exits.is_empty() || exits.contains(&p);
                // Beside a room it may not join, a corridor would open into it without a door.
                out && beside(p).is_none_or(|(_, _, o)| target(o))
            }
            None => false,
        },
    );
    let goal = found.goal?;
    let (other_cell, d, other) = beside(goal)?;
    let path = searcher.path_to(goal)?;
    // The corridor: the tiles after the room's last floor tile on the way.
    let out = path.iter().rposition(|&p| own(p))?;
    let (inside, corridor) = (path[out], path[out + 1..].to_vec());
    let first = *corridor.first()?;
    for &c in &corridor {
        if map.tile(c) == Some(Tile::Wall) {
            map.set_tile(c, Tile::Corridor);
        }
    }
    let a = door(map, room, inside, side_to(inside, first));
    let b = door(map, other, other_cell, d.opposite());
    let id = map.corridors.len() as u32;
    map.corridors.push(Corridor { id, path: corridor.into(), doors: [a, b], width: 1 });
    Some(other)
}

/// The side of `cell` that faces its neighbour `to`.
fn side_to(cell: Pos, to: Pos) -> Dir {
    Dir::ALL.into_iter().find(|&d| cell.step(d) == to).unwrap_or(Dir::North)
}

/// The door of `room` at `cell` on `side`: the one there, or a new one.
fn door(map: &mut Map, room: RoomId, cell: Pos, side: Dir) -> u32 {
    if let Some(d) = map.doors.iter().find(|d| d.room == room && d.cell == cell && d.side == side) {
        return d.id;
    }
    let id = map.doors.len() as u32;
    map.doors.push(Door { id, room, cell, side, kind: 0 });
    id
}
