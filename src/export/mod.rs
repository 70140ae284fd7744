//! Maps out to engines: Tiled (TMX and TMJ), a plain JSON with a published schema, and CSV;
//! and a generation as an animated GIF ([`gif`]).
//! Each writer turns a [`crate::map::Map`] into the text of one file; the callers (command line,
//! editor) write it atomically with [`crate::io::save_atomic`].
//!
//! The formats that carry a tile grid share one numbering of tiles, [`TileId`], with doors as
//! their own tile: the tile just outside a door, where its corridor meets the room (as `+` in
//! the ASCII form).

pub mod csv;
mod formats;
pub mod gif;
pub mod tiled;

pub use formats::{ExportError, ExportOptions, Format, PngOptions, files, write};

pub use delve_core::export::{TileId, json, tile_ids};
