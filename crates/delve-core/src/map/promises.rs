//! What a map promises a player, as problems of the map ([`super::Map::validate`], the editor's
//! *Problems*, `delve check`, sweeps): every key reached before its lock, judged by the player's
//! walk over the tiles ([`super::certify`]); every vault entered only by its doors.

use super::{Map, Opening, Problem, Tile};
use crate::geom::Pos;

/// The broken promises of `map`: keys the walk never reaches, vaults open other than at a door.
pub(super) fn problems(map: &Map) -> Vec<Problem> {
    let mut out = Vec::new();
    let locks = map.doors.iter().any(|d| matches!(d.opening, Opening::Locked(_)));
    if locks || map.markers.iter().any(|m| m.key.is_some()) {
        out.extend(keys_out_of_reach(map, &super::certify::certify(map)));
    }
    out.extend(open_vaults(map));
    out
}

/// The keys `walk` never reaches, each with a door it opens.
pub(super) fn keys_out_of_reach(map: &Map, walk: &super::certify::Certificate) -> Vec<Problem> {
    walk.keys_missed
        .iter()
        .filter_map(|&key| {
            let cell = map.markers.iter().find(|m| m.key == Some(key))?.at;
            let door = map.doors.iter().find(|d| d.opening == Opening::Locked(key)).map(|d| d.id);
            Some(Problem::KeyOutOfReach { key, door, cell })
        })
        .collect()
}

/// Vaults with a walkable tile beside their floor (diagonals too) that is neither their floor
/// nor the tile outside one of their doors: the first such tile of each.
pub(super) fn open_vaults(map: &Map) -> Vec<Problem> {
    let mut out = Vec::new();
    for room in map.rooms.iter().filter(|r| r.vault) {
        let doors: Vec<Pos> = map.doors.iter().filter(|d| d.room == room.id).map(|d| d.outside()).collect();
        let mut open = None;
        room.shape.for_each_cell(|c| {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let q = c.offset(dx, dy);
                let rock = map.tile(q).is_none_or(|t| t == Tile::Wall);
                if open.is_none() && !rock && !room.shape.contains(q) && !doors.contains(&q) {
                    open = Some(q);
                }
            }
        });
        if let Some(cell) = open {
            out.push(Problem::VaultOpen { room: room.id, cell });
        }
    }
    out
}
