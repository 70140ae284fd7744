//! BSP rooms' steps, as the timeline shows them: each split of a part, each leaf's room, each
//! tunnel joining a split's two halves.

use crate::generate::record::{Leg, Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::{Pos, Rect};

/// One thing BSP rooms did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum BspStep {
    /// The part `area` split (the split at `depth`, from 1), down (`vertical`) or
    /// across, `at` tiles from its left or top.
    PartSplit { depth: u32, area: Rect, vertical: bool, at: u32 },
    /// Room `room` put in leaf `leaf`, its floor `floor`.
    LeafRoom { room: u32, leaf: Rect, floor: Rect },
    /// Room `from` joined to room `to`, the nearest rooms of a split's two halves, by
    /// a tunnel between their centres.
    SiblingsJoined { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
}

impl StepKind for BspStep {
    fn sentence(&self) -> String {
        match self {
            BspStep::PartSplit { depth, area: a, vertical, at } => format!(
                "Split {depth}: the {}×{} part at ({}, {}) cut {} {at} tiles from its {}.",
                a.w,
                a.h,
                a.x,
                a.y,
                if *vertical { "down" } else { "across" },
                if *vertical { "left" } else { "top" }
            ),
            BspStep::LeafRoom { room, leaf, floor: f } => format!(
                "Room {room}: {}×{} at ({}, {}) in the {}×{} leaf at ({}, {}).",
                f.w, f.h, f.x, f.y, leaf.w, leaf.h, leaf.x, leaf.y
            ),
            BspStep::SiblingsJoined { from, to, start, end, leg } => format!(
                "Room {from} joined to room {to}, the nearest rooms of a split's two halves, {}.",
                leg.run_from(*start, *end)
            ),
        }
    }

    fn stage(&self) -> Stage {
        match self {
            BspStep::PartSplit { .. } => Stage::Split,
            BspStep::LeafRoom { .. } => Stage::LeafRooms,
            BspStep::SiblingsJoined { .. } => Stage::JoinSiblings,
        }
    }

    fn changes_map(&self) -> bool {
        !matches!(self, BspStep::PartSplit { .. })
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            BspStep::LeafRoom { room, .. } => Some(*room),
            _ => None,
        }
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        let mv = |r: &mut Rect| {
            r.x += dx;
            r.y += dy;
        };
        match self {
            BspStep::PartSplit { area, .. } => mv(area),
            BspStep::LeafRoom { leaf, floor, .. } => {
                mv(leaf);
                mv(floor);
            }
            BspStep::SiblingsJoined { start, end, .. } => {
                *start = start.offset(dx, dy);
                *end = end.offset(dx, dy);
            }
        }
    }

    /// A split: the cuts before it, faint (the map has no rooms yet while it is split, so the
    /// partition is seen growing), the part and its cut; a leaf; a tunnel between centres.
    fn marks(&self, before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            BspStep::PartSplit { area, vertical, at, .. } => {
                let earlier = before.iter().filter_map(|s| match s {
                    Step::Bsp(BspStep::PartSplit { area, vertical, at, .. }) => {
                        Some(Mark::Cut { area: *area, vertical: *vertical, at: *at, earlier: true })
                    }
                    _ => None,
                });
                let mut marks: Vec<Mark> = earlier.collect();
                marks.push(Mark::Frame { area: *area, role: Role::Touched, shaded: false });
                marks.push(Mark::Cut { area: *area, vertical: *vertical, at: *at, earlier: false });
                marks
            }
            BspStep::LeafRoom { leaf, .. } => vec![Mark::Frame { area: *leaf, role: Role::Touched, shaded: false }],
            BspStep::SiblingsJoined { start, end, .. } => {
                vec![Mark::Line { from: *start, to: *end, role: Role::Made }]
            }
        }
    }
}
