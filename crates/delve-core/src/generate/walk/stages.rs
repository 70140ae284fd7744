//! Drunkard's walk's stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::rng::Stream;
use super::params::DrunkardsWalk;

stage! {
    /// Drunkard's walk's *walk*: walkers carve the rock until the open share is reached.
    Walk of DrunkardsWalk {
        width: u32, height: u32, floor_share: f64, lifetime: u32, brush: u32
    } {
        const NAME: &'static str = "Walk";
        const JOB: &'static str = "Walkers carve the rock at random until the open share is reached.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const REQUIRED: Option<&'static str> = Some("every other stage works on the open space it carves");
    }
}

stage! {
    /// Drunkard's walk's *find rooms*: the wide parts of the open space made rooms, the rest passages.
    FindRooms of DrunkardsWalk {
        min_room: u32
    } {
        const NAME: &'static str = "Find rooms";
        const JOB: &'static str = "Makes the wide parts of the open space rooms; the narrow parts are passages. The spawn goes in the largest room.";
        const AFTER: &'static [Stage] = &[Stage::Walk];
        const AFTER_WHY: &'static str = "it finds rooms in the open space Walk makes";
        const REQUIRED: Option<&'static str> = Some("the rooms are the ones it finds, and it puts the spawn");
    }
}
