//! The drunkard's walk's steps, as the timeline shows them: each walker's walk, the rooms found
//! in the open space (the passages joining them are [`crate::generate::record::PassagesStep`]).

use crate::generate::record::{Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::Pos;
use crate::words::count;

/// One thing the drunkard's walk did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum WalkStep {
    /// Walker `walker` (from 1) walked from `start`; `open` tiles are open.
    Walked { walker: u32, start: Pos, open: u64 },
    /// The open space's wide parts became `rooms` rooms; `passage` tiles are
    /// passage.
    WalkRooms { rooms: u32, passage: u64 },
}

impl StepKind for WalkStep {
    fn sentence(&self) -> String {
        match self {
            WalkStep::Walked { walker, start, open } => {
                format!("Walker {walker} from ({}, {}): {} open.", start.x, start.y, count(*open, "tile"))
            }
            WalkStep::WalkRooms { rooms, passage } => format!(
                "The wide open parts are {}; {} of narrower passage.",
                count(u64::from(*rooms), "room"),
                count(*passage, "tile")
            ),
        }
    }

    fn stage(&self) -> Stage {
        match self {
            WalkStep::Walked { .. } => Stage::Walk,
            WalkStep::WalkRooms { .. } => Stage::FindRooms,
        }
    }

    fn changes_map(&self) -> bool {
        true
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        if let WalkStep::Walked { start, .. } = self {
            *start = start.offset(dx, dy);
        }
    }

    /// Where a walker started.
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            WalkStep::Walked { start, .. } => vec![Mark::Ring { at: *start, role: Role::Made }],
            WalkStep::WalkRooms { .. } => Vec::new(),
        }
    }
}
