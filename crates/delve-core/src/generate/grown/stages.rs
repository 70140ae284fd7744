//! Grown rooms' stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::params::{SizeRange};
use crate::rng::Stream;
use super::params::GrownRooms;

stage! {
    /// Grown rooms' *grow*: a room's shape grown cell by cell (regrown while it has a hole).
    Grow of GrownRooms {
        rooms: u32, growth_steps: SizeRange, blob_weight: u32, hall_weight: u32, hall_cells: SizeRange,
        narrow_weight: u32, narrow_cells: SizeRange, cave_weight: u32, cave_cells: SizeRange,
        closet_weight: u32, closet_cells: SizeRange, mirror_chance: f64, hole_retries: u32,
    } {
        const NAME: &'static str = "Grow";
        const JOB: &'static str = "Grows each room's shape cell by cell (or as a hall, narrow room, cave or closet).";
        const STREAM: Option<Stream> = Some(Stream::Shapes);
        const REQUIRED: Option<&'static str> = Some("grown rooms are grown, given doors and placed room by room");
    }
}

stage! {
    /// Grown rooms' *doors*: the doors a room may use, chosen on its outer walls.
    Doors of GrownRooms {
        doors_per_room: SizeRange, door_kinds: u32
    } {
        const NAME: &'static str = "Doors";
        const JOB: &'static str = "Chooses the doors each room may use on its outer walls.";
        const STREAM: Option<Stream> = Some(Stream::Doors);
        const AFTER: &'static [Stage] = &[Stage::Grow];
        const AFTER_WHY: &'static str = "it chooses doors on the room Grow makes";
        const REQUIRED: Option<&'static str> = Some("grown rooms are grown, given doors and placed room by room");
    }
}

stage! {
    /// Grown rooms' *place*: the room placed at a free door with a corridor to it.
    Place of GrownRooms {
        search_radius: u32, branching: f64, max_corridors_per_room: u32, share_doors: bool,
        corridors_may_cross: bool, margin: u32, placement_budget: u32,
    } {
        const NAME: &'static str = "Place";
        const JOB: &'static str = "Places each room at a free door of a placed room, by the shortest corridor.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const AFTER: &'static [Stage] = &[Stage::Doors];
        const AFTER_WHY: &'static str = "it places each room by the doors Doors chooses";
        const REQUIRED: Option<&'static str> = Some("grown rooms are grown, given doors and placed room by room");
    }
}

stage! {
    /// Grown rooms' *loops*: extra corridors between free doors, for loops.
    Loops of GrownRooms {
        loops: u32, loop_min_separation: u32, loop_max_length: u32
    } {
        const NAME: &'static str = "Loops";
        const JOB: &'static str = "Adds corridors between free doors far apart in the tree, for loops.";
        const STREAM: Option<Stream> = Some(Stream::Loops);
        const AFTER: &'static [Stage] = &[Stage::Place];
        const AFTER_WHY: &'static str = "it joins free doors of the placed rooms";
    }
}
