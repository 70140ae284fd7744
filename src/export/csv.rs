//! CSV: one line per map row, top to bottom; one tile id per cell, left to right, separated by
//! commas. The ids are [`super::TileId`]'s: 0 wall, 1 room floor, 2 corridor floor, 3 door (the
//! tile outside a door, where its corridor meets the room); then a floor tile of a tile kind
//! (water, a chasm) is 4 + the kind's place in the map's palette (the JSON export's
//! `tile_kinds` lists them with their ids).

use crate::map::Map;
use delve_core::export::tile_ids_with_kinds;
use std::fmt::Write;

/// The CSV text of `map`'s tiles.
pub fn to_csv(map: &Map) -> String {
    let ids = tile_ids_with_kinds(map);
    let w = map.width().max(1) as usize;
    let mut out = String::with_capacity(ids.len() * 2 + map.height() as usize);
    for row in ids.chunks(w) {
        for (i, id) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{id}");
        }
        out.push('\n');
    }
    out
}
