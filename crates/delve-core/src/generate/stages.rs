//! The stages generators are made of: each one job, in a fixed order per generator, each
//! drawing from its own random stream ([`crate::rng::Stream`]) so that changing one stage's
//! parameters does not reshuffle the others. The names here are the ones the docs, the
//! timeline and the parameter panel use.
//!
//! | Generator | Stages |
//! |---|---|
//! | Rooms and tunnels | place rooms → dig tunnels → spawn → (keep locks) → roles → colours apart |
//! | Grown rooms | grow → doors → place → loops → roles → colours apart |
//!
//! Grown rooms run their first three stages room by room (a room is grown, given doors and
//! placed before the next is grown), as Tiendil's algorithm does; each still has its own
//! stream. Locks enter rooms and tunnels through three seams (see `generate/keep.rs`): the
//! obstacles *place rooms* avoids, the router *dig tunnels* asks, and the *keep locks* stage.

use super::record::Step;
use crate::params::GeneratorKind;
use crate::rng::Stream;

/// One stage of a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// Rooms and tunnels: the room tries, each placed room's floor and colour.
    PlaceRooms,
    /// Rooms and tunnels: a tunnel from each room to the one placed before it.
    DigTunnels,
    /// Rooms and tunnels: the spawn at the first room's centre.
    Spawn,
    /// Rooms and tunnels around locks: kept corridors dug, free kept doors joined, locked tiles
    /// set and joined.
    KeepLocks,
    /// Grown rooms: a room's shape grown cell by cell (regrown while it has a hole).
    Grow,
    /// Grown rooms: the doors a room may use, chosen on its outer walls.
    Doors,
    /// Grown rooms: the room placed at a free door with a corridor to it.
    Place,
    /// Grown rooms: extra corridors between free doors, for loops.
    Loops,
    /// Any generator: room roles by the role rules.
    Roles,
    /// Any generator: neighbouring rooms given colours told apart at a glance.
    ColoursApart,
}

impl Stage {
    /// Its name, as the docs, the timeline and the panel show it.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::PlaceRooms => "Place rooms",
            Stage::DigTunnels => "Dig tunnels",
            Stage::Spawn => "Spawn",
            Stage::KeepLocks => "Keep locks",
            Stage::Grow => "Grow",
            Stage::Doors => "Doors",
            Stage::Place => "Place",
            Stage::Loops => "Loops",
            Stage::Roles => "Roles",
            Stage::ColoursApart => "Colours apart",
        }
    }

    /// The random stream it draws from, if any.
    pub const fn stream(self) -> Option<Stream> {
        match self {
            Stage::PlaceRooms | Stage::Place => Some(Stream::Layout),
            Stage::Grow => Some(Stream::Shapes),
            Stage::Doors => Some(Stream::Doors),
            Stage::Loops => Some(Stream::Loops),
            Stage::DigTunnels | Stage::Spawn | Stage::KeepLocks | Stage::Roles | Stage::ColoursApart => None,
        }
    }

    /// The stages of a generator of `kind`, in order (rooms and tunnels' *keep locks* runs only
    /// around locks).
    pub const fn of(kind: GeneratorKind) -> &'static [Stage] {
        match kind {
            GeneratorKind::RoomsAndTunnels => &[
                Stage::PlaceRooms,
                Stage::DigTunnels,
                Stage::Spawn,
                Stage::KeepLocks,
                Stage::Roles,
                Stage::ColoursApart,
            ],
            GeneratorKind::GrownRooms => {
                &[Stage::Grow, Stage::Doors, Stage::Place, Stage::Loops, Stage::Roles, Stage::ColoursApart]
            }
        }
    }
}

impl Step {
    /// The stage that made this step.
    pub const fn stage(&self) -> Stage {
        match self {
            Step::RoomTried { .. } => Stage::PlaceRooms,
            Step::TunnelDug { .. } => Stage::DigTunnels,
            // Grown rooms start on the canvas, then grow their first room.
            Step::Canvas { .. } | Step::RoomGrown { .. } => Stage::Grow,
            Step::RoomPlaced { .. } | Step::RoomNotPlaced { .. } => Stage::Place,
            Step::DoorsChosen { .. } => Stage::Doors,
            Step::CorridorDug { looped: false, .. } => Stage::Place,
            Step::CorridorDug { looped: true, .. } | Step::LoopsConsidered { .. } => Stage::Loops,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generator_ends_with_roles_then_colours_and_names_are_unique() {
        for &kind in GeneratorKind::ALL {
            let stages = Stage::of(kind);
            assert_eq!(stages[stages.len() - 2..], [Stage::Roles, Stage::ColoursApart], "{kind:?}");
            let mut names: Vec<&str> = stages.iter().map(|s| s.name()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), stages.len());
        }
    }
}
