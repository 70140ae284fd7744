//! Room accretion's stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::params::{SizeRange};
use crate::rng::Stream;
use super::params::RoomAccretion;

stage! {
    /// Room accretion's *accrete*: the first room, then rooms attached one at a time through a door on the dungeon's wall.
    Accrete of RoomAccretion {
        width: u32, height: u32, attempts: u32, fill: f64, rect_weight: u32, rect_width: SizeRange,
        rect_height: SizeRange, cross_weight: u32, cross_size: SizeRange, cross_bar: SizeRange, blob_weight: u32,
        blob_size: SizeRange, circle_weight: u32, circle_radius: SizeRange, hallway_chance: f64,
        hallway_length: SizeRange,
    } {
        const NAME: &'static str = "Accrete";
        const JOB: &'static str = "Places a first room in the middle, then attaches rooms of several shapes one at a time, each through a door on the dungeon's wall, until the map is full.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const REQUIRED: Option<&'static str> = Some("the rooms are the ones it attaches, and it puts the spawn");
    }
}

stage! {
    /// Room accretion's *add loops*: doors opened where two floors lie close but far apart on foot.
    AddLoops of RoomAccretion {
        loops: u32, loop_min_distance: u32
    } {
        const NAME: &'static str = "Add loops";
        const JOB: &'static str = "Opens doors through walls between floors that are close but far apart on foot.";
        const STREAM: Option<Stream> = Some(Stream::Loops);
        const AFTER: &'static [Stage] = &[Stage::Accrete];
        const AFTER_WHY: &'static str = "it opens doors between the rooms Accrete attaches";
    }
}
