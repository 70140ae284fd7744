//! Room accretion's steps, as the timeline shows them: a room attached (the first one placed in
//! the middle), a try refused, a loop opened.

use crate::generate::record::{Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::{Pos, Rect};
use crate::params::accretion::RoomForm;
use crate::words::count;

/// One thing room accretion did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum AccretionStep {
    /// Room `room`, `form` of `cells` tiles within `bounds`, placed by try `attempt` through a
    /// door opened at `door` in the dungeon's wall, at the end of a hallway of `hallway` tiles
    /// (try 0: the first room, in the middle, no door).
    RoomAttached { room: u32, attempt: u32, form: RoomForm, cells: u32, bounds: Rect, door: Option<Pos>, hallway: u32 },
    /// Try `attempt`'s room, `form` of `width`×`height` tiles (with a hallway of `hallway`
    /// tiles), fitted at none of the door sites it was slid to: refused.
    AttachRefused { attempt: u32, form: RoomForm, width: u32, height: u32, hallway: u32 },
    /// A loop's door opened at `at` between room `from` and room `to`, whose floors on either
    /// side were more than `apart` steps apart on foot.
    LoopOpened { at: Pos, from: u32, to: u32, apart: u32 },
}

impl StepKind for AccretionStep {
    fn sentence(&self) -> String {
        match self {
            AccretionStep::RoomAttached { room, attempt: 0, form, cells, .. } => format!(
                "Room {room}, {} of {}, placed in the middle; the dungeon grows from it.",
                form.words(),
                count(u64::from(*cells), "tile")
            ),
            AccretionStep::RoomAttached { room, attempt, form, cells, door, hallway, .. } => {
                let at = door.map_or(String::new(), |d| format!(" at ({}, {})", d.x, d.y));
                let hall = match hallway {
                    0 => String::new(),
                    n => format!(", at the end of a hallway of {}", count(u64::from(*n), "tile")),
                };
                let (what, cells) = (form.words(), count(u64::from(*cells), "tile"));
                format!("Try {attempt}: room {room}, {what} of {cells}, attached through a door{at}{hall}.")
            }
            AccretionStep::AttachRefused { attempt, form, width, height, hallway } => {
                let hall = match hallway {
                    0 => String::new(),
                    n => format!(" with a hallway of {}", count(u64::from(*n), "tile")),
                };
                let what = form.words();
                format!(
                    "Try {attempt}: {what} of {width}×{height}{hall} fits at no door site it was tried at: refused."
                )
            }
            AccretionStep::LoopOpened { at, from, to, apart } => format!(
                "Loop: a door opened at ({}, {}) between room {from} and room {to}, more than {apart} steps apart on \
                 foot.",
                at.x, at.y
            ),
        }
    }

    fn stage(&self) -> Stage {
        match self {
            AccretionStep::RoomAttached { .. } | AccretionStep::AttachRefused { .. } => Stage::Accrete,
            AccretionStep::LoopOpened { .. } => Stage::AddLoops,
        }
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            AccretionStep::RoomAttached { room, .. } => Some(*room),
            _ => None,
        }
    }

    /// A refused try changes nothing.
    fn changes_map(&self) -> bool {
        !matches!(self, AccretionStep::AttachRefused { .. })
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        match self {
            AccretionStep::RoomAttached { bounds, door, .. } => {
                bounds.x += dx;
                bounds.y += dy;
                if let Some(d) = door {
                    *d = d.offset(dx, dy);
                }
            }
            AccretionStep::AttachRefused { .. } => {}
            AccretionStep::LoopOpened { at, .. } => *at = at.offset(dx, dy),
        }
    }

    /// The room attached and the door it came through; a loop's door (a refused try is
    /// nowhere).
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            AccretionStep::RoomAttached { bounds, door, .. } => {
                let mut marks = vec![Mark::Frame { area: *bounds, role: Role::Made, shaded: false }];
                marks.extend(door.map(|d| Mark::Ring { at: d, role: Role::Touched }));
                marks
            }
            AccretionStep::LoopOpened { at, .. } => vec![Mark::Ring { at: *at, role: Role::Made }],
            AccretionStep::AttachRefused { .. } => Vec::new(),
        }
    }
}
