//! What the timeline draws over the map for a step, in words any family's steps use: frames,
//! tiles, lines, paths, rings, doors, crosses and cuts, each in a colour saying what the step
//! did to it. Every family's steps say their marks ([`super::StepKind::marks`]); the editor
//! draws marks without knowing which family made them.

use crate::geom::{Dir, Pos, Rect};

/// What a mark says of what it marks: the colour it is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Made by the step (green).
    Made,
    /// Met, chosen or worked on by the step (yellow).
    Touched,
    /// Refused by the step, or what refused it (red); a refused placement too close to a room
    /// or on a corridor.
    Refused,
    /// A refused placement that no corridor reached (orange).
    Unreached,
    /// A refused placement that would grow the map too large (violet).
    TooLarge,
}

/// One thing drawn over the map for a step, in map tiles.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// The outline of `area`, outside it; `shaded`: its inside shaded in the same colour.
    Frame { area: Rect, role: Role, shaded: bool },
    /// The outline of room `room`'s bounds on the map shown.
    RoomFrame { room: u32, role: Role },
    /// Tiles shaded, or `outlined` inside their edges.
    Tiles { tiles: Vec<Pos>, role: Role, outlined: bool },
    /// Tiles in the order they grew: the earlier darker, the later lighter (green).
    Growth { tiles: Vec<Pos> },
    /// Where a growth started: a small white ring on the tile.
    Start { at: Pos },
    /// A line from the centre of tile `from` to the centre of tile `to`.
    Line { from: Pos, to: Pos, role: Role },
    /// A thick line through the centres of `tiles`, in order.
    Path { tiles: Vec<Pos>, role: Role },
    /// A ring round tile `at`.
    Ring { at: Pos, role: Role },
    /// A door: a thick bar on side `side` of tile `at`.
    Door { at: Pos, side: Dir, role: Role },
    /// A cross on tile `at`.
    Cross { at: Pos, role: Role },
    /// The cut splitting `area` down (`vertical`) or across, `at` tiles from its left or top,
    /// in the made colour; `earlier`: a cut made before the step, thin and faint.
    Cut { area: Rect, vertical: bool, at: u32, earlier: bool },
}
