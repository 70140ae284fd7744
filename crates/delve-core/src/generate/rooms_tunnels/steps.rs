//! Rooms and tunnels' steps, as the timeline shows them: a room tried (placed or refused), a
//! tunnel dug.

use crate::generate::record::{Leg, Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::{Pos, Rect};
use crate::map::Shape;

/// One thing rooms and tunnels did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum RoomsTunnelsStep {
    /// Room try `attempt` (from 1) drew `footprint` (the room with its walls).
    RoomTried { attempt: u32, footprint: Rect, outcome: TryOutcome },
    /// A tunnel dug from the centre of room `from` to the centre of room `to`.
    TunnelDug { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
}

/// What became of a room try.
#[derive(Clone, Debug, PartialEq)]
pub enum TryOutcome {
    /// Placed as room `room`, with this floor.
    Placed { room: u32, shape: Shape },
    /// Refused: it overlaps room `room` (or comes closer than the spacing allows).
    Overlaps { room: u32 },
}

impl StepKind for RoomsTunnelsStep {
    fn sentence(&self) -> String {
        match self {
            RoomsTunnelsStep::RoomTried { attempt, footprint: f, outcome } => {
                let what = format!("Room try {attempt}: {}×{} at ({}, {})", f.w, f.h, f.x, f.y);
                match outcome {
                    TryOutcome::Placed { room, shape: Shape::Circle { radius, .. } } => {
                        format!("{what}, placed as room {room}, a round room of radius {radius}.")
                    }
                    TryOutcome::Placed { room, .. } => format!("{what}, placed as room {room}."),
                    TryOutcome::Overlaps { room } => format!("{what}, rejected: it overlaps room {room}."),
                }
            }
            RoomsTunnelsStep::TunnelDug { from, to, start, end, leg } => {
                format!("Tunnel from room {from} to room {to}, {}.", leg.run_from(*start, *end))
            }
        }
    }

    fn stage(&self) -> Stage {
        match self {
            RoomsTunnelsStep::RoomTried { .. } => Stage::PlaceRooms,
            RoomsTunnelsStep::TunnelDug { .. } => Stage::DigTunnels,
        }
    }

    fn changes_map(&self) -> bool {
        !matches!(self, RoomsTunnelsStep::RoomTried { outcome: TryOutcome::Overlaps { .. }, .. })
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            RoomsTunnelsStep::RoomTried { outcome: TryOutcome::Placed { room, .. }, .. } => Some(*room),
            _ => None,
        }
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        match self {
            RoomsTunnelsStep::RoomTried { footprint, outcome, .. } => {
                footprint.x += dx;
                footprint.y += dy;
                if let TryOutcome::Placed { shape, .. } = outcome {
                    shape.translate(dx, dy);
                }
            }
            RoomsTunnelsStep::TunnelDug { start, end, .. } => {
                *start = start.offset(dx, dy);
                *end = end.offset(dx, dy);
            }
        }
    }

    /// A placed room's footprint; a refused try shaded red, the room it hit outlined; a tunnel
    /// as a line between the rooms' centres.
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            RoomsTunnelsStep::RoomTried { footprint, outcome: TryOutcome::Placed { .. }, .. } => {
                vec![Mark::Frame { area: *footprint, role: Role::Made, shaded: false }]
            }
            RoomsTunnelsStep::RoomTried { footprint, outcome: TryOutcome::Overlaps { room }, .. } => vec![
                Mark::RoomFrame { room: *room, role: Role::Touched },
                Mark::Frame { area: *footprint, role: Role::Refused, shaded: true },
            ],
            RoomsTunnelsStep::TunnelDug { start, end, .. } => {
                vec![Mark::Line { from: *start, to: *end, role: Role::Made }]
            }
        }
    }
}
