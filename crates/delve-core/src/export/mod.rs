//! What every export of a map shares: one numbering of tiles, [`TileId`], with doors as their
//! own tile (the tile just outside a door, where its corridor meets the room, as `+` in the
//! ASCII form); and the JSON export with its schema (`json`, feature `json`).

#[cfg(feature = "json")]
pub mod json;

use crate::map::{Map, Tile};

/// The tile ids of the exported grids (CSV cells, Tiled tiles counted from the tileset's first
/// id, JSON keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum TileId {
    Wall = 0,
    RoomFloor = 1,
    CorridorFloor = 2,
    /// The tile outside a door, where a corridor meets a room.
    Door = 3,
}

impl TileId {
    /// The id of a map tile (a door's tile is [`TileId::Door`] only by [`tile_ids`]).
    pub(crate) const fn of(t: Tile) -> TileId {
        match t {
            Tile::Wall => TileId::Wall,
            Tile::Floor => TileId::RoomFloor,
            Tile::Corridor => TileId::CorridorFloor,
        }
    }

    pub const ALL: [TileId; 4] = [TileId::Wall, TileId::RoomFloor, TileId::CorridorFloor, TileId::Door];

    /// The name the formats use for this tile (`wall`, `room_floor`, `corridor_floor`, `door`).
    pub const fn key(self) -> &'static str {
        match self {
            TileId::Wall => "wall",
            TileId::RoomFloor => "room_floor",
            TileId::CorridorFloor => "corridor_floor",
            TileId::Door => "door",
        }
    }
}

/// The tile id of every tile of `map`, row by row.
pub fn tile_ids(map: &Map) -> Vec<TileId> {
    let mut ids: Vec<TileId> = map.tiles().as_slice().iter().map(|&t| TileId::of(t)).collect();
    for i in door_tiles(map) {
        ids[i] = TileId::Door;
    }
    ids
}

/// The id of tile kind `k` (its place in the map's palette, [`crate::map::Terrain::kinds`]) in
/// the CSV export, the JSON export's `tile_kinds` and Delve's Tiled tileset's numbering: after
/// the four [`TileId`]s.
pub const fn kind_id(k: usize) -> u32 {
    TileId::ALL.len() as u32 + k as u32
}

/// [`tile_ids`] with each floor tile of a kind (not a door's) as its [`kind_id`], row by row.
pub fn tile_ids_with_kinds(map: &Map) -> Vec<u32> {
    let mut ids: Vec<u32> = tile_ids(map).into_iter().map(|t| t as u32).collect();
    if map.terrain().is_bare() {
        return ids;
    }
    for (i, id) in ids.iter_mut().enumerate() {
        let n = map.tile_kind_number(map.tiles().pos_of(i));
        if n > 0 && *id != TileId::Door as u32 {
            *id = kind_id(n as usize - 1);
        }
    }
    ids
}

/// [`tile_ids`] as bytes, written into `out` (row by row; `out` holds one byte per tile, and a
/// shorter `out` gets the first tiles): for the language bindings, which hand the bytes over
/// without another copy.
pub fn write_tile_ids(map: &Map, out: &mut [u8]) {
    for (o, &t) in out.iter_mut().zip(map.tiles().as_slice()) {
        *o = TileId::of(t) as u8;
    }
    for i in door_tiles(map) {
        if let Some(o) = out.get_mut(i) {
            *o = TileId::Door as u8;
        }
    }
}

/// The index of each door's outside tile (where its corridor meets the room).
fn door_tiles(map: &Map) -> impl Iterator<Item = usize> + '_ {
    map.doors.iter().filter_map(|d| map.tiles().index(d.outside()))
}
