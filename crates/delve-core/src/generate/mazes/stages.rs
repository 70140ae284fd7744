//! Rooms and mazes' stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::params::{SizeRange};
use crate::rng::Stream;
use super::params::RoomsAndMazes;

stage! {
    /// Rooms and mazes' *maze rooms*: rooms tried on odd tiles.
    MazeRooms of RoomsAndMazes {
        width: u32, height: u32, room_tries: u32, room_size: SizeRange
    } {
        const NAME: &'static str = "Maze rooms";
        const JOB: &'static str = "Tries rooms of odd sides on odd tiles; a try that overlaps a room is skipped.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const REQUIRED: Option<&'static str> = Some("the rooms are the ones it places, and it puts the spawn");
    }
}

stage! {
    /// Rooms and mazes' *grow maze*: a maze grown through the rock between the rooms.
    GrowMaze of RoomsAndMazes {
        winding: f64
    } {
        const NAME: &'static str = "Grow maze";
        const JOB: &'static str = "Grows a maze through the rock left between the rooms.";
        const STREAM: Option<Stream> = Some(Stream::Shapes);
        const AFTER: &'static [Stage] = &[Stage::MazeRooms];
        const AFTER_WHY: &'static str = "it grows the maze around the rooms Maze rooms makes";
        const REQUIRED: Option<&'static str> = Some("the rooms are joined only through the maze and its openings");
    }
}

stage! {
    /// Rooms and mazes' *connect*: one opening from each region into the rest, and a few more for loops.
    Connect of RoomsAndMazes {
        extra_openings: f64
    } {
        const NAME: &'static str = "Connect";
        const JOB: &'static str = "Opens one way from each room and maze into the rest, and a few more for loops.";
        const STREAM: Option<Stream> = Some(Stream::Tunnels);
        const AFTER: &'static [Stage] = &[Stage::GrowMaze];
        const AFTER_WHY: &'static str = "it opens ways between the rooms and the maze";
        const REQUIRED: Option<&'static str> = Some("the rooms are joined only through the maze and its openings");
    }
}

stage! {
    /// Rooms and mazes' *remove dead ends*: dead ends filled back in.
    RemoveDeadEnds of RoomsAndMazes {
        dead_ends: f64
    } {
        const NAME: &'static str = "Remove dead ends";
        const JOB: &'static str = "Fills the maze's dead ends back in.";
        const AFTER: &'static [Stage] = &[Stage::Connect];
        const AFTER_WHY: &'static str = "it fills in what Connect leaves as dead ends";
    }
}
