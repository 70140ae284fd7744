//! Tiles in map files: one string per row. Checked while parsing, so a bad row is reported at
//! its own line and a file cannot make Delve allocate more than [`MAX_TILES`] tiles.

use crate::geom::Grid;
use crate::map::{MAX_TILES, Tile};
use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

pub(super) struct TileRows {
    tiles: Vec<Tile>,
    row_len: usize,
    rows: usize,
    /// Rows to write (serialising only).
    text: Vec<String>,
}

impl TileRows {
    pub(crate) fn from_grid(grid: &Grid<Tile>) -> Self {
        let text = (0..grid.height())
            .filter_map(|y| grid.row(y))
            .map(|row| row.iter().map(|t| t.to_char()).collect())
            .collect();
        Self { tiles: Vec::new(), row_len: grid.width() as usize, rows: grid.height() as usize, text }
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn row_len(&self) -> usize {
        self.row_len
    }

    pub(crate) fn into_tiles(self) -> Vec<Tile> {
        self.tiles
    }
}

impl Serialize for TileRows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.text.serialize(s)
    }
}

impl<'de> Deserialize<'de> for TileRows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(RowsVisitor)
    }
}

struct RowsVisitor;

impl<'de> Visitor<'de> for RowsVisitor {
    type Value = TileRows;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of tile rows, each a string of '#' (wall), '.' (room floor) and ',' (corridor)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileRows, A::Error> {
        let mut out = TileRows { tiles: Vec::new(), row_len: 0, rows: 0, text: Vec::new() };
        while let Some(row) = seq.next_element::<std::borrow::Cow<'de, str>>()? {
            let before = out.tiles.len();
            for (col, ch) in row.chars().enumerate() {
                let t = Tile::from_char(ch).ok_or_else(|| {
                    A::Error::custom(format!(
                        "tile row {} column {}: unknown tile {ch:?}; expected '#', '.' or ','",
                        out.rows,
                        col + 1
                    ))
                })?;
                out.tiles.push(t);
                if out.tiles.len() as u64 > MAX_TILES {
                    return Err(A::Error::custom(format!("more than {MAX_TILES} tiles; the map is too large")));
                }
            }
            let len = out.tiles.len() - before;
            if out.rows == 0 {
                out.row_len = len;
            } else if len != out.row_len {
                return Err(A::Error::custom(format!(
                    "tile row {} has {len} tiles; expected {} like the rows above",
                    out.rows, out.row_len
                )));
            }
            out.rows += 1;
        }
        Ok(out)
    }
}
