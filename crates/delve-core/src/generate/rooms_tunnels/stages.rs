//! Rooms and tunnels' stages: each one's name and job, the parameters it reads (its block in a preset's
//! stage list), the random stream it draws from, what must come before it and whether it may be
//! left out.

use crate::params::stages::{Stage, stage};
use crate::params::{SizeRange, OverlapRule, TunnelFrom};
use crate::rng::Stream;
use super::params::RoomsAndTunnels;

stage! {
    /// Rooms and tunnels' *place rooms*: the room tries, each placed room's floor and colour.
    PlaceRooms of RoomsAndTunnels {
        width: u32, height: u32, room_size: SizeRange, max_rooms: u32, edge_margin: u32,
        overlap: OverlapRule, room_spacing: u32, circle_room_chance: f64,
    } {
        const NAME: &'static str = "Place rooms";
        const JOB: &'static str = "Tries rooms of random size at random places; a try that overlaps a placed room is skipped.";
        const STREAM: Option<Stream> = Some(Stream::Layout);
        const REQUIRED: Option<&'static str> = Some("every other stage works on the rooms it places");
    }
}

stage! {
    /// Rooms and tunnels' *dig tunnels*: a tunnel from each room to the one placed before it.
    DigTunnels of RoomsAndTunnels {
        tunnel_from: TunnelFrom, tunnel_width: u32, direct_tunnel_chance: f64
    } {
        const NAME: &'static str = "Dig tunnels";
        const JOB: &'static str = "Joins each room to the one placed before it by a tunnel between their centres.";
        const AFTER: &'static [Stage] = &[Stage::PlaceRooms];
        const AFTER_WHY: &'static str = "it joins the rooms Place rooms makes";
    }
}

stage! {
    /// Rooms and tunnels' *spawn*: the spawn at the first room's centre.
    Spawn {
        const NAME: &'static str = "Spawn";
        const JOB: &'static str = "Puts the spawn at the first room's centre.";
        const AFTER: &'static [Stage] = &[Stage::PlaceRooms];
        const AFTER_WHY: &'static str = "it stands in the first room Place rooms makes";
        const REQUIRED: Option<&'static str> = Some("every map needs a spawn");
    }
}
