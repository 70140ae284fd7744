//! Maps out to engines: Tiled (TMX and TMJ), a plain JSON with a published schema, and CSV.
//! Each writer turns a [`crate::map::Map`] into the text of one file; the callers (command line,
//! editor) write it atomically with [`crate::io::save_atomic`].

pub mod csv;
pub mod json;
