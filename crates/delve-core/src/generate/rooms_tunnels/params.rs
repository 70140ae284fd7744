//! Parameters of the rooms-and-tunnels generator ([`crate::generate::rooms_tunnels`]): the
//! struct a preset stores, its options, bounds and the tutorials' settings, and the one table
//! that describes each parameter.

use crate::params::field::{self, Field, RangeWords, Words, chance, choice, count, map_side, range};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange};
use serde::{Deserialize, Serialize};

/// When a new room counts as overlapping a placed one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum OverlapRule {
    /// McRogueFace: footprints are closed rectangles `x..=x+w`; touching counts as overlap, so
    /// rooms always keep at least two wall tiles between their floors.
    #[default]
    Separate,
    /// Godot: the new footprint shrunk by one must not strictly overlap a placed footprint, so
    /// neighbouring rooms may share their walls (their floors can even touch).
    ShareWalls,
}

impl OverlapRule {
    /// Every rule, in the order of the panel's options.
    pub const ALL: [OverlapRule; 2] = [OverlapRule::Separate, OverlapRule::ShareWalls];
}

/// Which end a tunnel is dug from; the coin flip picks which leg of the L comes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum TunnelFrom {
    /// From the new room's centre to the previous room's (McRogueFace).
    #[default]
    NewRoom,
    /// From the previous room's centre to the new room's (Godot).
    PreviousRoom,
}

impl TunnelFrom {
    /// Every end, in the order of the panel's options.
    pub const ALL: [TunnelFrom; 2] = [TunnelFrom::NewRoom, TunnelFrom::PreviousRoom];
}

crate::params::common::family_params! {
    /// Parameters of the rooms-and-tunnels generator.
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
            common: Default::default(),
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
            common: Default::default(),
        }
    }
}

pub(crate) const MIN_SIDE: u32 = 8;
pub use crate::params::MAX_SIDE;
pub(crate) const MIN_ROOM: u32 = 3;
pub(crate) const MAX_ROOM: u32 = 1024;
pub(crate) const MAX_ROOMS: u32 = 100_000;
/// Narrowest tunnel (and corridor in a map file), in tiles.
pub(crate) const MIN_TUNNEL_WIDTH: u32 = 1;
/// Widest tunnel (and corridor in a map file), in tiles.
pub(crate) const MAX_TUNNEL_WIDTH: u32 = 9;

/// What the room size's check says about its bounds.
const ROOM_SIZE_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("the smallest room side must be at least {lo} tiles, not {min}"),
    crossed: |min, max| format!("the smallest room side ({min}) is larger than the largest ({max})"),
    above: |hi, max| format!("the largest room side must be at most {hi} tiles, not {max}"),
};

impl RoomsAndTunnels {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "room_size",
                label: "Room size",
                unit: "tiles",
                help: "Side of a room's footprint, drawn separately for width and height. \
                       The floor is one tile smaller on each axis.",
                kind: ParamKind::Range { min: MIN_ROOM as i64, max: MAX_ROOM as i64 },
            },
            access: range!(room_size, ROOM_SIZE_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "max_rooms",
                label: "Room attempts",
                unit: "tries",
                help: "How many rooms to try. A try that overlaps a placed room is skipped, \
                       so usually fewer rooms are placed.",
                kind: ParamKind::Int { min: 1, max: MAX_ROOMS as i64 },
            },
            access: count!(max_rooms, Words::BetweenNoUnit),
        },
        Field {
            spec: ParamSpec {
                key: "edge_margin",
                label: "Edge margin",
                unit: "tiles",
                help: "Tiles kept free between a room's footprint and the map edge \
                       (McRogueFace: 1, Godot: 0).",
                kind: ParamKind::Int { min: 0, max: 64 },
            },
            access: count!(edge_margin, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "overlap",
                label: "Neighbouring rooms",
                unit: "",
                help: "Separate: rooms never touch, at least two wall tiles between floors (McRogueFace). \
                       Share walls: neighbouring rooms may share their walls (Godot).",
                kind: ParamKind::Choice(&["Separate", "Share walls"]),
            },
            access: choice!(overlap, OverlapRule),
        },
        Field {
            spec: ParamSpec {
                key: "room_spacing",
                label: "Extra spacing",
                unit: "tiles",
                help: "Extra tiles of rock required between rooms, on top of the rule above.",
                kind: ParamKind::Int { min: 0, max: 64 },
            },
            access: count!(room_spacing, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "tunnel_from",
                label: "Dig tunnels from",
                unit: "",
                help: "Which end a tunnel is dug from: the new room (McRogueFace) or the previous room \
                       (Godot). With a fair coin for the first leg both give the same kinds of maps; \
                       it matters for reproducing a tutorial's exact maps.",
                kind: ParamKind::Choice(&["New room", "Previous room"]),
            },
            access: choice!(tunnel_from, TunnelFrom),
        },
        Field {
            spec: ParamSpec {
                key: "tunnel_width",
                label: "Tunnel width",
                unit: "tiles",
                help: "Width of every tunnel.",
                kind: ParamKind::Int { min: MIN_TUNNEL_WIDTH as i64, max: MAX_TUNNEL_WIDTH as i64 },
            },
            access: count!(tunnel_width, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "direct_tunnel_chance",
                label: "Direct tunnels",
                unit: "%",
                help: "Chance that a tunnel runs straight (Bresenham line, stepped so it stays \
                       walkable) instead of an L.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(direct_tunnel_chance),
        },
        Field {
            spec: ParamSpec {
                key: "circle_room_chance",
                label: "Round rooms",
                unit: "%",
                help: "Chance that a room is a disc (the largest that fits its footprint) \
                       instead of a rectangle.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(circle_room_chance),
        },
    ];
}

field::table_params!(RoomsAndTunnels, crate::params::GeneratorKind::RoomsAndTunnels, "rooms-and-tunnels");

impl crate::params::Family for RoomsAndTunnels {
    const LABEL: &'static str = "Rooms and tunnels";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::PlaceRooms, Stage::DigTunnels, Stage::Spawn, Stage::KeepLocks);
    const ASKS_TRIES: bool = true;

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }
}

impl RoomsAndTunnels {
    /// The hand-written checks, after field `key`'s own.
    fn cross_checks(&self, key: &str, out: &mut Vec<ParamIssue>) {
        if key != "room_size" {
            return;
        }
        let SizeRange { min, max } = self.room_size;
        for (axis, side) in [("width", self.width), ("height", self.height)] {
            let need = u64::from(max) + 1 + 2 * u64::from(self.edge_margin);
            if min <= max && max <= MAX_ROOM && need > u64::from(side) {
                out.push(ParamIssue {
                    field: "room_size",
                    message: format!(
                        "the largest room ({max} tiles) plus the edge margin does not fit the map {axis} \
                         ({side} tiles); it needs {need}"
                    ),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choices, clamping and the role rules through the table (every parameter set to another
    /// value and read back: `params::tests::every_parameter_of_both_generators_is_set_and_read_back`).
    #[test]
    fn the_table_reaches_choices_bounds_and_roles() {
        let mut p = RoomsAndTunnels::mcrogueface();
        assert!(p.set("overlap", ParamValue::Choice(1)) && p.overlap == OverlapRule::ShareWalls);
        assert!(!p.set("overlap", ParamValue::Choice(2)));
        assert!(p.set("tunnel_width", ParamValue::Int(99)) && p.tunnel_width == MAX_TUNNEL_WIDTH);
        // The role rules close the table, reaching `roles`.
        assert_eq!(p.specs()[p.specs().len() - 5..], crate::params::roles::SPECS);
        assert!(p.set("roles_treasure_side_rooms", ParamValue::Int(99)) && p.common.roles.treasure_side_rooms == 16);
        assert!(p.set("roles_guard", ParamValue::Bool(true)) && p.common.roles.guard);
        assert_eq!(p.check()[0].field, "roles_guard", "a guard needs the treasure room");
    }
}
