//! Parameters of the rooms and mazes generator ([`crate::generate::mazes`]): the struct a preset
//! stores, its bounds and defaults, and the one table that describes each parameter.

use crate::params::field::{self, Field, RangeWords, Words, chance, count, map_side, range};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange};

crate::params::common::family_params! {
    /// Parameters of rooms and mazes (Bob Nystrom's "Rooms and Mazes", 2014): rooms on odd tiles, a
    /// maze grown through the rock between them, one opening from each region into the rest, dead
    /// ends filled back in.
    #[serde(default)]
    pub struct RoomsAndMazes {
        /// Map width in tiles.
        pub width: u32,
        /// Map height in tiles.
        pub height: u32,
        /// How many rooms to try; a try that overlaps a room is skipped.
        pub room_tries: u32,
        /// A room's side, drawn for width and height (odd: an even draw is one less).
        pub room_size: SizeRange,
        /// Chance (0..=1) that the maze turns at each step where it could go straight on.
        pub winding: f64,
        /// Chance (0..=1) that a second opening between two regions already joined is kept (loops).
        pub extra_openings: f64,
        /// Share (0..=1) of the dead ends filled back in.
        pub dead_ends: f64,
    }
}

impl Default for RoomsAndMazes {
    /// Nystrom's settings on an 81×51 map.
    fn default() -> Self {
        RoomsAndMazes {
            width: 81,
            height: 51,
            room_tries: 100,
            room_size: SizeRange::new(5, 11),
            winding: 0.3,
            extra_openings: 0.05,
            dead_ends: 1.0,
            common: Default::default(),
        }
    }
}

/// Smallest map side.
pub(crate) const MIN_SIDE: u32 = 9;
/// Largest map side.
pub use crate::params::MAX_SIDE;

const ROOM_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("the smallest room side must be at least {lo} tiles, not {min}"),
    crossed: |min, max| format!("the smallest room side ({min}) is larger than the largest ({max})"),
    above: |hi, max| format!("the largest room side must be at most {hi} tiles, not {max}"),
};

impl RoomsAndMazes {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "room_tries",
                label: "Room attempts",
                unit: "tries",
                help: "How many rooms to try; a try that overlaps a room is skipped.",
                kind: ParamKind::Int { min: 0, max: 100_000 },
            },
            access: count!(room_tries, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "room_size",
                label: "Room size",
                unit: "tiles",
                help: "A room's side, drawn for width and height; sides are odd (an even draw is one less).",
                kind: ParamKind::Range { min: 3, max: 1023 },
            },
            access: range!(room_size, ROOM_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "winding",
                label: "Winding",
                unit: "%",
                help: "Chance that the maze turns where it could go straight on: 0 long straight halls, 100 a twisty maze.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(winding),
        },
        Field {
            spec: ParamSpec {
                key: "extra_openings",
                label: "Extra openings",
                unit: "%",
                help: "Chance that a second opening between two regions already joined is kept: loops.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(extra_openings),
        },
        Field {
            spec: ParamSpec {
                key: "dead_ends",
                label: "Dead ends removed",
                unit: "%",
                help: "Share of the maze's dead ends filled back in (100: none is left).",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(dead_ends),
        },
    ];

    /// The hand-written checks, after field `key`'s own.
    fn cross_checks(&self, key: &str, out: &mut Vec<ParamIssue>) {
        if key == "room_size" && self.room_size.max <= 1023 {
            for (axis, side) in [("width", self.width), ("height", self.height)] {
                if self.room_size.min + 2 > side {
                    out.push(ParamIssue {
                        field: "room_size",
                        message: format!(
                            "the smallest room ({} tiles) and its walls do not fit the map {axis} ({side} tiles)",
                            self.room_size.min
                        ),
                    });
                }
            }
        }
    }
}

field::table_params!(RoomsAndMazes, crate::params::GeneratorKind::RoomsAndMazes, "rooms and mazes");

impl crate::params::Family for RoomsAndMazes {
    const LABEL: &'static str = "Rooms and mazes";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::MazeRooms, Stage::GrowMaze, Stage::Connect, Stage::RemoveDeadEnds, Stage::Passages);
    const ASKS_TRIES: bool = true;

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn rooms_placed(placed: usize, asked: usize) -> (String, &'static str) {
        (
            format!("{} placed in {asked} tries", crate::words::count(placed as u64, "room")),
            "Rooms placed, of the room attempts asked for; the maze fills the rock between them.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_checks_the_rooms_fit() {
        let mut p = RoomsAndMazes::default();
        assert!(p.check().is_empty(), "{:?}", p.check());
        p.width = 9;
        p.room_size = SizeRange::new(9, 11);
        assert_eq!(
            p.check()[0].message,
            "the smallest room (9 tiles) and its walls do not fit the map width (9 tiles)"
        );
    }
}
