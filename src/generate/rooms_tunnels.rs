//! Rooms and tunnels: the classic fill-then-carve generator of the McRogueFace and Godot
//! roguelike tutorials (part 3), with their "Try this" / "Challenge" variants as parameters.
//!
//! Algorithm (one random stream, [`Stage::Layout`], drawn in exactly the tutorials' order):
//! 1. Fill the map with wall.
//! 2. `max_rooms` times: draw a width and a height in `room_size`, then `x` in
//!    `edge_margin..=W - w - 1 - edge_margin` (and `y` likewise). The room's footprint is the
//!    rectangle `(x, y, w, h)`; its floor is `x+1..=x+w-1` by `y+1..=y+h-1`; its centre is
//!    `(x + w/2, y + h/2)`. Skip it when it overlaps a placed room under the `overlap` rule.
//! 3. Carve the floor (optionally a disc instead of the rectangle) and join the room to the
//!    previously placed one by a tunnel between their centres: an L (coin flip: horizontal or
//!    vertical leg first) or, optionally, a straight Bresenham line made 4-connected.
//! 4. Spawn at the first room's centre.
//!
//! Extra draws (circle rooms, direct tunnels) are made only when their chance is above zero,
//! so the tutorials' presets reproduce their stream exactly.

use super::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, Report, SizeRange, field};
use crate::geom::{Pos, Rect};
use crate::map::Shape;
use crate::rng::{Stage, stream};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// When a new room counts as overlapping a placed one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OverlapRule {
    /// McRogueFace: footprints are closed rectangles `x..=x+w`; touching counts as overlap, so
    /// rooms always keep at least two wall tiles between their floors.
    #[default]
    Separate,
    /// Godot: the new footprint shrunk by one must not strictly overlap a placed footprint, so
    /// neighbouring rooms may share their walls (their floors can even touch).
    ShareWalls,
}

/// Which end a tunnel is dug from; the coin flip picks which leg of the L comes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TunnelFrom {
    /// From the new room's centre to the previous room's (McRogueFace).
    #[default]
    NewRoom,
    /// From the previous room's centre to the new room's (Godot).
    PreviousRoom,
}

/// Parameters of the rooms-and-tunnels generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomsAndTunnels {
    /// Map width in tiles.
    pub width: u32,
    /// Map height in tiles.
    pub height: u32,
    /// Side of a room's footprint, drawn separately for width and height. The floor is one
    /// tile smaller on each axis.
    pub room_size: SizeRange,
    /// How many rooms to try; overlapping tries are skipped, so fewer are usually placed.
    pub max_rooms: u32,
    /// Tiles kept free between footprints and the map edge (McRogueFace 1, Godot 0).
    pub edge_margin: u32,
    pub overlap: OverlapRule,
    /// Extra tiles of rock required between rooms, on top of the overlap rule.
    #[serde(default)]
    pub room_spacing: u32,
    pub tunnel_from: TunnelFrom,
    /// Corridor width in tiles.
    #[serde(default = "one")]
    pub tunnel_width: u32,
    /// Chance (0..=1) that a tunnel is a straight line instead of an L.
    #[serde(default)]
    pub direct_tunnel_chance: f64,
    /// Chance (0..=1) that a room is a disc instead of a rectangle.
    #[serde(default)]
    pub circle_room_chance: f64,
}

const fn one() -> u32 {
    1
}

impl Default for RoomsAndTunnels {
    /// The Godot tutorial's settings.
    fn default() -> Self {
        Self::godot()
    }
}

impl RoomsAndTunnels {
    /// McRogueFace tutorial, part 3.
    pub fn mcrogueface() -> Self {
        Self {
            width: 50,
            height: 35,
            room_size: SizeRange::new(6, 12),
            max_rooms: 8,
            edge_margin: 1,
            overlap: OverlapRule::Separate,
            room_spacing: 0,
            tunnel_from: TunnelFrom::NewRoom,
            tunnel_width: 1,
            direct_tunnel_chance: 0.0,
            circle_room_chance: 0.0,
        }
    }

    /// Godot "Yet Another Roguelike Tutorial", part 3.
    pub fn godot() -> Self {
        Self {
            width: 80,
            height: 45,
            room_size: SizeRange::new(6, 10),
            max_rooms: 30,
            edge_margin: 0,
            overlap: OverlapRule::ShareWalls,
            room_spacing: 0,
            tunnel_from: TunnelFrom::PreviousRoom,
            tunnel_width: 1,
            direct_tunnel_chance: 0.0,
            circle_room_chance: 0.0,
        }
    }
}

pub const MIN_SIDE: u32 = 8;
pub const MAX_SIDE: u32 = 4096;
pub const MIN_ROOM: u32 = 3;
pub const MAX_ROOM: u32 = 1024;
pub const MAX_ROOMS: u32 = 100_000;

const SPECS: &[ParamSpec] = &[
    ParamSpec {
        key: "width",
        label: "Map width",
        unit: "tiles",
        help: "Width of the map in tiles.",
        kind: ParamKind::Int { min: MIN_SIDE as i64, max: MAX_SIDE as i64 },
    },
    ParamSpec {
        key: "height",
        label: "Map height",
        unit: "tiles",
        help: "Height of the map in tiles.",
        kind: ParamKind::Int { min: MIN_SIDE as i64, max: MAX_SIDE as i64 },
    },
    ParamSpec {
        key: "room_size",
        label: "Room size",
        unit: "tiles",
        help: "Side of a room's footprint, drawn separately for width and height. \
               The floor is one tile smaller on each axis.",
        kind: ParamKind::Range { min: MIN_ROOM as i64, max: MAX_ROOM as i64 },
    },
    ParamSpec {
        key: "max_rooms",
        label: "Room attempts",
        unit: "rooms",
        help: "How many rooms to try. A try that overlaps a placed room is skipped, \
               so usually fewer rooms are placed.",
        kind: ParamKind::Int { min: 1, max: MAX_ROOMS as i64 },
    },
    ParamSpec {
        key: "edge_margin",
        label: "Edge margin",
        unit: "tiles",
        help: "Tiles kept free between a room's footprint and the map edge \
               (McRogueFace: 1, Godot: 0).",
        kind: ParamKind::Int { min: 0, max: 64 },
    },
    ParamSpec {
        key: "overlap",
        label: "Neighbouring rooms",
        unit: "",
        help: "Separate: rooms never touch, at least two wall tiles between floors (McRogueFace). \
               Share walls: neighbouring rooms may share their walls (Godot).",
        kind: ParamKind::Choice(&["Separate", "Share walls"]),
    },
    ParamSpec {
        key: "room_spacing",
        label: "Extra spacing",
        unit: "tiles",
        help: "Extra tiles of rock required between rooms, on top of the rule above.",
        kind: ParamKind::Int { min: 0, max: 64 },
    },
    ParamSpec {
        key: "tunnel_from",
        label: "Dig tunnels from",
        unit: "",
        help: "Which end a tunnel is dug from: the new room (McRogueFace) or the previous room \
               (Godot). With a fair coin for the first leg both give the same kinds of maps; \
               it matters for reproducing a tutorial's exact maps.",
        kind: ParamKind::Choice(&["New room", "Previous room"]),
    },
    ParamSpec {
        key: "tunnel_width",
        label: "Tunnel width",
        unit: "tiles",
        help: "Width of every tunnel.",
        kind: ParamKind::Int { min: 1, max: 9 },
    },
    ParamSpec {
        key: "direct_tunnel_chance",
        label: "Direct tunnels",
        unit: "%",
        help: "Chance that a tunnel runs straight (Bresenham line, stepped so it stays \
               walkable) instead of an L.",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
    },
    ParamSpec {
        key: "circle_room_chance",
        label: "Round rooms",
        unit: "%",
        help: "Chance that a room is a disc (the largest that fits its footprint) \
               instead of a rectangle.",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
    },
];

impl Params for RoomsAndTunnels {
    fn specs(&self) -> &'static [ParamSpec] {
        SPECS
    }

    fn get(&self, key: &str) -> Option<ParamValue> {
        let int = |v: u32| Some(ParamValue::Int(i64::from(v)));
        match key {
            "width" => int(self.width),
            "height" => int(self.height),
            "room_size" => Some(ParamValue::Range(self.room_size.min.into(), self.room_size.max.into())),
            "max_rooms" => int(self.max_rooms),
            "edge_margin" => int(self.edge_margin),
            "overlap" => Some(ParamValue::Choice(match self.overlap {
                OverlapRule::Separate => 0,
                OverlapRule::ShareWalls => 1,
            })),
            "room_spacing" => int(self.room_spacing),
            "tunnel_from" => Some(ParamValue::Choice(match self.tunnel_from {
                TunnelFrom::NewRoom => 0,
                TunnelFrom::PreviousRoom => 1,
            })),
            "tunnel_width" => int(self.tunnel_width),
            "direct_tunnel_chance" => Some(ParamValue::Float(self.direct_tunnel_chance)),
            "circle_room_chance" => Some(ParamValue::Float(self.circle_room_chance)),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, v: ParamValue) -> bool {
        let Some((lo, hi)) = field::spec_bounds(SPECS, key) else { return false };
        match key {
            "width" => field::set_u32(&mut self.width, v, lo, hi),
            "height" => field::set_u32(&mut self.height, v, lo, hi),
            "room_size" => field::set_range(&mut self.room_size, v, lo, hi),
            "max_rooms" => field::set_u32(&mut self.max_rooms, v, lo, hi),
            "edge_margin" => field::set_u32(&mut self.edge_margin, v, lo, hi),
            "room_spacing" => field::set_u32(&mut self.room_spacing, v, lo, hi),
            "tunnel_width" => field::set_u32(&mut self.tunnel_width, v, lo, hi),
            "direct_tunnel_chance" => field::set_f64(&mut self.direct_tunnel_chance, v, 0.0, 1.0),
            "circle_room_chance" => field::set_f64(&mut self.circle_room_chance, v, 0.0, 1.0),
            "overlap" => match v {
                ParamValue::Choice(0) => (self.overlap = OverlapRule::Separate, true).1,
                ParamValue::Choice(1) => (self.overlap = OverlapRule::ShareWalls, true).1,
                _ => false,
            },
            "tunnel_from" => match v {
                ParamValue::Choice(0) => (self.tunnel_from = TunnelFrom::NewRoom, true).1,
                ParamValue::Choice(1) => (self.tunnel_from = TunnelFrom::PreviousRoom, true).1,
                _ => false,
            },
            _ => false,
        }
    }

    fn check(&self) -> Vec<ParamIssue> {
        let mut out = Vec::new();
        let mut bad = |field: &'static str, message: String| out.push(ParamIssue { field, message });
        for (field, v) in [("width", self.width), ("height", self.height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&v) {
                bad(field, format!("must be between {MIN_SIDE} and {MAX_SIDE} tiles, not {v}"));
            }
        }
        let SizeRange { min, max } = self.room_size;
        if min < MIN_ROOM {
            bad("room_size", format!("the smallest room side must be at least {MIN_ROOM} tiles, not {min}"));
        }
        if min > max {
            bad("room_size", format!("the smallest room side ({min}) is larger than the largest ({max})"));
        }
        if max > MAX_ROOM {
            bad("room_size", format!("the largest room side must be at most {MAX_ROOM} tiles, not {max}"));
        }
        for (axis, side) in [("width", self.width), ("height", self.height)] {
            let need = u64::from(max) + 1 + 2 * u64::from(self.edge_margin);
            if min <= max && max <= MAX_ROOM && need > u64::from(side) {
                bad(
                    "room_size",
                    format!(
                        "the largest room ({max} tiles) plus the edge margin does not fit the map {axis} \
                         ({side} tiles); it needs {need}"
                    ),
                );
            }
        }
        if !(1..=MAX_ROOMS).contains(&self.max_rooms) {
            bad("max_rooms", format!("must be between 1 and {MAX_ROOMS}, not {}", self.max_rooms));
        }
        if self.edge_margin > 64 {
            bad("edge_margin", format!("must be at most 64 tiles, not {}", self.edge_margin));
        }
        if self.room_spacing > 64 {
            bad("room_spacing", format!("must be at most 64 tiles, not {}", self.room_spacing));
        }
        if !(1..=9).contains(&self.tunnel_width) {
            bad("tunnel_width", format!("must be between 1 and 9 tiles, not {}", self.tunnel_width));
        }
        for (field, p) in
            [("direct_tunnel_chance", self.direct_tunnel_chance), ("circle_room_chance", self.circle_room_chance)]
        {
            if !(0.0..=1.0).contains(&p) {
                bad(field, format!("is a chance and must be between 0 and 1 (0% to 100%), not {p}"));
            }
        }
        out
    }
}

mod assembly;
mod footprints;
mod tunnels;

use assembly::{Placed, build_map};
use footprints::{Footprints, keep_out, probe};
use tunnels::TunnelKind;

pub(super) fn generate(p: &RoomsAndTunnels, seed: u64) -> super::Generated {
    let mut rng = stream(seed, Stage::Layout);
    let (w_map, h_map) = (p.width as i32, p.height as i32);
    let margin = p.edge_margin as i32;
    let spacing = p.room_spacing as i32;
    let (lo, hi) = (p.room_size.min as i32, p.room_size.max as i32);

    let mut placed: Vec<Placed> = Vec::with_capacity(p.max_rooms.min(4096) as usize);
    let mut index = Footprints::with_capacity(placed.capacity());
    for _ in 0..p.max_rooms {
        let w = rng.random_range(lo..=hi);
        let h = rng.random_range(lo..=hi);
        let x = rng.random_range(margin..=w_map - w - 1 - margin);
        let y = rng.random_range(margin..=h_map - h - 1 - margin);
        let footprint = Rect::new(x, y, w, h);
        if index.any(&probe(p.overlap, &footprint), p.width, p.height) {
            continue;
        }
        let centre = Pos::new(x + w / 2, y + h / 2);
        let shape = if p.circle_room_chance > 0.0 && rng.random::<f64>() < p.circle_room_chance {
            Shape::Circle { centre, radius: (w.min(h) / 2 - 1).max(0) }
        } else {
            Shape::Rect(Rect::new(x + 1, y + 1, w - 1, h - 1))
        };
        let tunnel = (!placed.is_empty()).then(|| {
            if p.direct_tunnel_chance > 0.0 && rng.random::<f64>() < p.direct_tunnel_chance {
                TunnelKind::Direct
            } else {
                TunnelKind::L { horizontal_first: rng.random::<f64>() < 0.5 }
            }
        });
        index.push(keep_out(p.overlap, spacing, &footprint));
        placed.push(Placed { footprint, shape, centre, tunnel });
    }

    let map = build_map(p, seed, &placed);
    let rooms_placed = placed.len();
    let rooms_asked = p.max_rooms as usize;
    let shortfall = (rooms_placed < rooms_asked).then(|| {
        format!(
            "the other {} tries overlapped rooms already placed (raise {} and {} or lower {} to fit more)",
            rooms_asked - rooms_placed,
            super::label(p, "width"),
            super::label(p, "height"),
            super::label(p, "room_size")
        )
    });
    super::Generated { map, report: Report { rooms_placed, rooms_asked, shortfall } }
}
