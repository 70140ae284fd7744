//! BSP rooms' stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::params::{SizeRange};
use crate::rng::Stream;
use super::params::BspRooms;

stage! {
    /// BSP rooms' *split*: the map split in two, part after part, down to leaves.
    Split of BspRooms {
        width: u32, height: u32, depth: u32, min_leaf: u32, split: SizeRange
    } {
        const NAME: &'static str = "Split";
        const JOB: &'static str = "Splits the map in two, then each part, down to leaves of the smallest size.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const REQUIRED: Option<&'static str> = Some("every other stage works on the leaves it makes");
    }
}

stage! {
    /// BSP rooms' *leaf rooms*: a room in each leaf; the spawn in the first.
    LeafRooms of BspRooms {
        room_fill: SizeRange
    } {
        const NAME: &'static str = "Leaf rooms";
        const JOB: &'static str = "Puts a room in each leaf, inside a one-tile margin; the spawn goes in the first.";
        const STREAM: Option<Stream> = Some(Stream::Shapes);
        const AFTER: &'static [Stage] = &[Stage::Split];
        const AFTER_WHY: &'static str = "it puts a room in each leaf Split makes";
        const REQUIRED: Option<&'static str> = Some("the rooms are the ones it makes, and it puts the spawn");
    }
}

stage! {
    /// BSP rooms' *join siblings*: the rooms of the two halves of each split joined, from the leaves up.
    JoinSiblings of BspRooms {
        tunnel_width: u32
    } {
        const NAME: &'static str = "Join siblings";
        const JOB: &'static str = "Joins the two halves of each split, from the leaves up, by a tunnel between their nearest rooms.";
        const STREAM: Option<Stream> = Some(Stream::Tunnels);
        const AFTER: &'static [Stage] = &[Stage::LeafRooms];
        const AFTER_WHY: &'static str = "it joins the rooms Leaf rooms makes";
    }
}
