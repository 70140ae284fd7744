//! Recording what a generator does, step by step, each step with a sentence in a designer's
//! words. Generators take a [`Recorder`]: [`Off`] compiles every recording call away (a plain
//! [`super::generate`] costs what it did), [`Recording`] keeps the steps. The steps are events,
//! not map copies; the map after any step is rebuilt from them ([`super::replay`]).

use crate::geom::{Pos, Rect};
use crate::map::Shape;

/// Where a generator reports its steps.
pub trait Recorder {
    /// Records the step `step` makes; never called when recording is off.
    fn record(&mut self, step: impl FnOnce() -> Step);

    /// Whether steps are kept (work done only to describe a step can be skipped when not).
    fn on(&self) -> bool;
}

/// Recording off: every call is empty and inlined away.
pub struct Off;

impl Recorder for Off {
    #[inline(always)]
    fn record(&mut self, _step: impl FnOnce() -> Step) {}

    #[inline(always)]
    fn on(&self) -> bool {
        false
    }
}

/// The steps of one generation, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    pub steps: Vec<Step>,
}

impl Recorder for Recording {
    fn record(&mut self, step: impl FnOnce() -> Step) {
        self.steps.push(step());
    }

    fn on(&self) -> bool {
        true
    }
}

/// One thing a generator did.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Rooms and tunnels: room try `attempt` (from 1) drew `footprint` (the room with its walls).
    RoomTried { attempt: u32, footprint: Rect, outcome: TryOutcome },
    /// Rooms and tunnels: a tunnel dug from the centre of room `from` to the centre of room `to`.
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

/// How a tunnel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    HorizontalFirst,
    VerticalFirst,
    /// A straight line, made 4-connected.
    Direct,
}

impl Step {
    /// What happened, in a designer's words.
    pub fn sentence(&self) -> String {
        match self {
            Step::RoomTried { attempt, footprint: f, outcome } => {
                let what = format!("Room try {attempt}: {}×{} at ({}, {})", f.w, f.h, f.x, f.y);
                match outcome {
                    TryOutcome::Placed { room, shape: Shape::Circle { radius, .. } } => {
                        format!("{what}, placed as room {room}, a round room of radius {radius}.")
                    }
                    TryOutcome::Placed { room, .. } => format!("{what}, placed as room {room}."),
                    TryOutcome::Overlaps { room } => format!("{what}, rejected: it overlaps room {room}."),
                }
            }
            Step::TunnelDug { from, to, start, end, leg } => {
                let how = match leg {
                    Leg::HorizontalFirst => "horizontal leg first",
                    Leg::VerticalFirst => "vertical leg first",
                    Leg::Direct => "a direct line",
                };
                format!(
                    "Tunnel from room {from} to room {to}, ({}, {}) to ({}, {}), {how}.",
                    start.x, start.y, end.x, end.y
                )
            }
        }
    }

    /// The room this step placed, if it placed one.
    pub fn placed_room(&self) -> Option<u32> {
        match self {
            Step::RoomTried { outcome: TryOutcome::Placed { room, .. }, .. } => Some(*room),
            _ => None,
        }
    }
}
