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

    /// The character of this tile in the ASCII form and in JSON rows.
    pub const fn char(self) -> char {
        match self {
            TileId::Wall => '#',
            TileId::RoomFloor => '.',
            TileId::CorridorFloor => ',',
            TileId::Door => '+',
        }
    }
}

/// The tile id of every tile of `map`, row by row.
pub fn tile_ids(map: &Map) -> Vec<TileId> {
    let mut ids: Vec<TileId> = map
        .tiles()
        .as_slice()
        .iter()
        .map(|t| match t {
            Tile::Wall => TileId::Wall,
            Tile::Floor => TileId::RoomFloor,
            Tile::Corridor => TileId::CorridorFloor,
        })
        .collect();
    for d in &map.doors {
        if let Some(i) = map.tiles().index(d.outside()) {
            ids[i] = TileId::Door;
        }
    }
    ids
}
