//! The shapes a grown room can take (Tiendil's "What's next": several algorithms, rotated), as
//! the grown-rooms parameters weight and size them ([`super::grown`]).

use super::grown::{MAX_CLOSET_CELLS, MAX_GROWTH, MAX_SHAPE_CELLS};

/// The shapes a grown room can take, in the order of their weights in the panel (and of the
/// one draw that picks a room's shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoomShape {
    /// Grown cell by cell by a random empty neighbour (the tutorial).
    Blob,
    /// A rectangle with a few cells nibbled off.
    Hall,
    /// 1 or 2 cells wide, straight or with one bend.
    Narrow,
    /// A walk with many turns.
    Cave,
    /// A cell with short arms.
    Closet,
}

impl RoomShape {
    pub const ALL: [RoomShape; 5] =
        [RoomShape::Blob, RoomShape::Hall, RoomShape::Narrow, RoomShape::Cave, RoomShape::Closet];

    /// The key of the parameter that sizes this shape.
    pub(crate) const fn size_key(self) -> &'static str {
        match self {
            RoomShape::Blob => "growth_steps",
            RoomShape::Hall => "hall_cells",
            RoomShape::Narrow => "narrow_cells",
            RoomShape::Cave => "cave_cells",
            RoomShape::Closet => "closet_cells",
        }
    }

    /// Most cells a room of this shape may be asked to have.
    pub(crate) const fn max_cells(self) -> u32 {
        match self {
            RoomShape::Blob => MAX_GROWTH + 1,
            RoomShape::Closet => MAX_CLOSET_CELLS,
            _ => MAX_SHAPE_CELLS,
        }
    }
}
