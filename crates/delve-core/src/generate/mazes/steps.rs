//! Rooms and mazes' steps, as the timeline shows them: each room, each maze grown through the
//! rock, the regions connected, the dead ends filled (the passages joining the rooms are
//! [`crate::generate::record::PassagesStep`]).

use crate::generate::record::{Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::{Pos, Rect};
use crate::words::count;

/// One thing rooms and mazes did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum MazesStep {
    /// Room `room` placed, its floor `floor`.
    MazeRoom { room: u32, floor: Rect },
    /// Maze `region` grown from `start`, `cells` tiles.
    MazeGrown { region: u32, start: Pos, cells: u32 },
    /// `openings` openings joined every region into one; `extra` more made loops.
    Connected { openings: u32, extra: u32 },
    /// `tiles` tiles of dead ends filled back in.
    DeadEndsFilled { tiles: u64 },
}

impl StepKind for MazesStep {
    fn sentence(&self) -> String {
        match self {
            MazesStep::MazeRoom { room, floor: f } => format!("Room {room}: {}×{} at ({}, {}).", f.w, f.h, f.x, f.y),
            MazesStep::MazeGrown { region, start, cells } => format!(
                "Maze {region} grown from ({}, {}) through the rock: {}.",
                start.x,
                start.y,
                count(u64::from(*cells), "tile")
            ),
            MazesStep::Connected { openings, extra } => format!(
                "{} joined every room and maze into one; {} more for loops.",
                count(u64::from(*openings), "opening"),
                extra
            ),
            MazesStep::DeadEndsFilled { tiles } => format!("Dead ends filled back in: {}.", count(*tiles, "tile")),
        }
    }

    fn stage(&self) -> Stage {
        match self {
            MazesStep::MazeRoom { .. } => Stage::MazeRooms,
            MazesStep::MazeGrown { .. } => Stage::GrowMaze,
            MazesStep::Connected { .. } => Stage::Connect,
            MazesStep::DeadEndsFilled { .. } => Stage::RemoveDeadEnds,
        }
    }

    fn changes_map(&self) -> bool {
        true
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            MazesStep::MazeRoom { room, .. } => Some(*room),
            _ => None,
        }
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        match self {
            MazesStep::MazeRoom { floor, .. } => {
                floor.x += dx;
                floor.y += dy;
            }
            MazesStep::MazeGrown { start, .. } => *start = start.offset(dx, dy),
            MazesStep::Connected { .. } | MazesStep::DeadEndsFilled { .. } => {}
        }
    }

    /// A room's floor; where a maze started.
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            MazesStep::MazeRoom { floor, .. } => vec![Mark::Frame { area: *floor, role: Role::Made, shaded: false }],
            MazesStep::MazeGrown { start, .. } => vec![Mark::Ring { at: *start, role: Role::Made }],
            MazesStep::Connected { .. } | MazesStep::DeadEndsFilled { .. } => Vec::new(),
        }
    }
}
