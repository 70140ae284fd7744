//! Hand edits of a [`crate::map::Map`], each undoable exactly, and the document the editor edits.
//!
//! - [`primitive`]: [`Edit`], small primitive changes with exact inverses, and [`Changes`] (what an
//!   applied edit touched, so views update textures incrementally).
//! - [`ops`]: [`Op`], what a designer asks for, and [`perform`], which plans it as primitives and
//!   returns one inverse for the whole operation.
//! - [`mod@route`]: corridor routing between doors; [`resize`]: the map on a new canvas (*Map ▸ Resize*).
//! - [`history`]: the bounded undo/redo stack; steps are opened and closed by an [`Interaction`].
//! - [`document`]: [`Document`], the map being edited with its history and saved position.

pub mod document;
pub mod history;
pub mod ops;
pub mod primitive;
pub mod resize;
pub mod route;

pub use document::{Document, MapIndex, Origin};
pub use history::{History, Interaction, Step};
pub use ops::{Done, Op, perform};
pub use primitive::{Changes, Edit, EditError};
pub use route::{ROUTE_CAP, route};
