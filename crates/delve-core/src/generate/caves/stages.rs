//! Caves' stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::rng::Stream;
use super::params::Caves;

stage! {
    /// Caves' *fill*: every tile rock or open at random.
    Fill of Caves {
        width: u32, height: u32, fill: f64
    } {
        const NAME: &'static str = "Fill";
        const JOB: &'static str = "Makes each tile rock or open at random.";
        const STREAM: Option<Stream> = Some(Stream::Rock);
        const REQUIRED: Option<&'static str> = Some("every other stage works on the rock it makes");
    }
}

stage! {
    /// Caves' *smooth*: the rock smoothed by the cellular rule, pass after pass.
    Smooth of Caves {
        iterations: u32, birth: u32, survival: u32
    } {
        const NAME: &'static str = "Smooth";
        const JOB: &'static str = "Smooths the rock: a tile is rock or open by how many of its neighbours are rock.";
        const AFTER: &'static [Stage] = &[Stage::Fill];
        const AFTER_WHY: &'static str = "it smooths the rock Fill makes";
    }
}

stage! {
    /// Caves' *regions*: each open region big enough a cave (a room), the others filled in; the spawn in the largest.
    Regions of Caves {
        min_region: u32
    } {
        const NAME: &'static str = "Regions";
        const JOB: &'static str = "Makes each open region a cave (a room) and fills in the small ones; the spawn goes in the largest.";
        const AFTER: &'static [Stage] = &[Stage::Fill, Stage::Smooth];
        const AFTER_WHY: &'static str = "it finds the caves in the finished rock";
        const REQUIRED: Option<&'static str> = Some("the caves are the rooms it makes, and it puts the spawn");
    }
}

stage! {
    /// Caves' *join caves*: the caves joined by tunnels.
    JoinCaves of Caves {
        tunnel_width: u32
    } {
        const NAME: &'static str = "Join caves";
        const JOB: &'static str = "Joins the caves by tunnels, each to the nearest cave already joined.";
        const STREAM: Option<Stream> = Some(Stream::Tunnels);
        const AFTER: &'static [Stage] = &[Stage::Regions];
        const AFTER_WHY: &'static str = "it joins the caves Regions finds";
    }
}
