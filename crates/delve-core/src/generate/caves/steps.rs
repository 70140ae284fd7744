//! Caves' steps, as the timeline shows them: the rock filled at random, each smoothing pass, the
//! caves found, each tunnel joining two.

use crate::generate::record::{Leg, Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::Pos;
use crate::words::count;

/// One thing caves did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum CavesStep {
    /// The rock filled at random: `rock` tiles rock, `open` open.
    CaveFilled { rock: u64, open: u64 },
    /// Smoothing pass `pass` (from 1) done.
    CaveSmoothed { pass: u32, rock: u64, open: u64 },
    /// The open regions became `caves` caves (rooms); `filled` smaller ones
    /// (`filled_tiles` tiles) were filled in.
    CavesFound { caves: u32, filled: u32, filled_tiles: u64 },
    /// Cave `from` joined to cave `to`, joined before it, by a tunnel between their
    /// middles `start` and `end`.
    CavesJoined { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
}

impl StepKind for CavesStep {
    fn sentence(&self) -> String {
        match self {
            CavesStep::CaveFilled { rock, open } => {
                format!("Rock filled at random: {} rock, {} open.", count(*rock, "tile"), count(*open, "tile"))
            }
            CavesStep::CaveSmoothed { pass, rock, open } => {
                format!("Smoothing pass {pass}: {} rock, {} open.", count(*rock, "tile"), count(*open, "tile"))
            }
            CavesStep::CavesFound { caves, filled, filled_tiles } => {
                let caves = count(u64::from(*caves), "cave");
                match filled {
                    0 => format!("The open regions are {caves}, each a room."),
                    _ => format!(
                        "The open regions are {caves}, each a room; {} too small filled in ({}).",
                        count(u64::from(*filled), "region"),
                        count(*filled_tiles, "tile")
                    ),
                }
            }
            CavesStep::CavesJoined { from, to, start, end, leg } => {
                format!("Cave {from} joined to cave {to} by a tunnel from {}.", leg.run_from(*start, *end))
            }
        }
    }

    fn stage(&self) -> Stage {
        match self {
            CavesStep::CaveFilled { .. } => Stage::Fill,
            CavesStep::CaveSmoothed { .. } => Stage::Smooth,
            CavesStep::CavesFound { .. } => Stage::Regions,
            CavesStep::CavesJoined { .. } => Stage::JoinCaves,
        }
    }

    fn changes_map(&self) -> bool {
        true
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        if let CavesStep::CavesJoined { start, end, .. } = self {
            *start = start.offset(dx, dy);
            *end = end.offset(dx, dy);
        }
    }

    /// A tunnel as a line between the caves' middles (the rock and the caves are the map itself).
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            CavesStep::CavesJoined { start, end, .. } => vec![Mark::Line { from: *start, to: *end, role: Role::Made }],
            _ => Vec::new(),
        }
    }
}
