//! The document moved to the core: see [`crate::edit::document`].

pub use crate::edit::document::{Document, MapIndex, Origin};
