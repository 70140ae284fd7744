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

    /// What it does, in a sentence (the panel's tooltip on its header).
    pub const fn job(self) -> &'static str {
        match self {
            Stage::PlaceRooms => {
                "Tries rooms of random size at random places; a try that overlaps a placed room is skipped."
            }
            Stage::DigTunnels => "Joins each room to the one placed before it by a tunnel between their centres.",
            Stage::Spawn => "Puts the spawn at the first room's centre.",
            Stage::KeepLocks => {
                "Around locks: digs the kept corridors, joins the kept doors and sets the locked tiles."
            }
            Stage::Grow => "Grows each room's shape cell by cell (or as a hall, narrow room, cave or closet).",
            Stage::Doors => "Chooses the doors each room may use on its outer walls.",
            Stage::Place => "Places each room at a free door of a placed room, by the shortest corridor.",
            Stage::Loops => "Adds corridors between free doors far apart in the tree, for loops.",
            Stage::Roles => "Names rooms by the role rules: entrance, exit, treasure, guard, side rooms.",
            Stage::ColoursApart => "Gives neighbouring rooms colours told apart at a glance.",
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

    /// The parameters this stage reads (their keys in preset files), among its generator's own
    /// (the role rules, which every generator has, are the roles stage's: [`Stage::of_param`]).
    pub const fn param_keys(self) -> &'static [&'static str] {
        match self {
            Stage::PlaceRooms => &[
                "width",
                "height",
                "room_size",
                "max_rooms",
                "edge_margin",
                "overlap",
                "room_spacing",
                "circle_room_chance",
            ],
            Stage::DigTunnels => &["tunnel_from", "tunnel_width", "direct_tunnel_chance"],
            Stage::Grow => &[
                "rooms",
                "growth_steps",
                "blob_weight",
                "hall_weight",
                "hall_cells",
                "narrow_weight",
                "narrow_cells",
                "cave_weight",
                "cave_cells",
                "closet_weight",
                "closet_cells",
                "mirror_chance",
                "hole_retries",
            ],
            Stage::Doors => &["doors_per_room", "door_kinds"],
            Stage::Place => &[
                "search_radius",
                "branching",
                "max_corridors_per_room",
                "share_doors",
                "corridors_may_cross",
                "margin",
                "placement_budget",
            ],
            Stage::Loops => &["loops", "loop_min_separation", "loop_max_length"],
            Stage::Spawn | Stage::KeepLocks | Stage::Roles | Stage::ColoursApart => &[],
        }
    }

    /// The stage of a generator of `kind` that reads parameter `key` (`None` for a key the
    /// generator does not have).
    pub fn of_param(kind: GeneratorKind, key: &str) -> Option<Stage> {
        if crate::params::roles::is_rule(key) {
            return Some(Stage::Roles);
        }
        Stage::of(kind).iter().copied().find(|s| s.param_keys().contains(&key))
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

    /// Every parameter of every generator belongs to exactly one of its stages, and every key a
    /// stage lists is a parameter of its generator.
    #[test]
    fn every_parameter_has_one_stage() {
        use crate::params::{GeneratorParams, GrownRooms, RoomsAndTunnels};
        for params in [
            GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::godot()),
            GeneratorParams::GrownRooms(GrownRooms::default()),
        ] {
            let kind = params.kind();
            let specs = params.params().specs();
            for spec in specs {
                let owners: Vec<Stage> = Stage::of(kind)
                    .iter()
                    .copied()
                    .filter(|s| {
                        s.param_keys().contains(&spec.key)
                            || (*s == Stage::Roles && crate::params::roles::is_rule(spec.key))
                    })
                    .collect();
                assert_eq!(owners.len(), 1, "{kind:?} {}: {owners:?}", spec.key);
                assert_eq!(Stage::of_param(kind, spec.key), Some(owners[0]));
            }
            for stage in Stage::of(kind) {
                for key in stage.param_keys() {
                    assert!(specs.iter().any(|s| s.key == *key), "{stage:?} lists {key}, not a parameter of {kind:?}");
                }
            }
        }
    }
}
