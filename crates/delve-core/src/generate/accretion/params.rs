//! Parameters of the room accretion generator ([`crate::generate::accretion`]): the struct a
//! preset stores, its bounds and defaults, and the one table that describes each parameter.

use crate::params::field::{self, Field, RangeWords, Words, chance, count, map_side, range};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange};

crate::params::common::family_params! {
    /// Parameters of room accretion (Brogue's architect; RogueBasin's "Dungeon-Building
    /// Algorithm"): a first room in the middle of the map, then rooms of several shapes designed
    /// one at a time and attached to the dungeon so far through a door on its wall, until the map
    /// is full; then doors opened where two parts of the dungeon lie close but far apart on foot.
    #[serde(default)]
    pub struct RoomAccretion {
        /// Map width in tiles.
        pub width: u32,
        /// Map height in tiles.
        pub height: u32,
        /// How many rooms to try to attach after the first; a try whose room fits at no door of the
        /// dungeon is refused.
        pub attempts: u32,
        /// Share (0..=1) of the map that rooms and hallways cover when attaching stops early.
        pub fill: f64,
        /// Parts of the rooms drawn as rectangles.
        pub rect_weight: u32,
        /// A rectangle's width, in tiles.
        pub rect_width: SizeRange,
        /// A rectangle's height, in tiles.
        pub rect_height: SizeRange,
        /// Parts of the rooms drawn as crosses (two overlapping rectangles, a bar across and one
        /// down).
        pub cross_weight: u32,
        /// The length of each bar of a cross, in tiles.
        pub cross_size: SizeRange,
        /// The thickness of each bar of a cross, in tiles (at most its length less 2).
        pub cross_bar: SizeRange,
        /// Parts of the rooms drawn as small cellular blobs (cave-like rooms).
        pub blob_weight: u32,
        /// The sides of the box a blob grows in, in tiles.
        pub blob_size: SizeRange,
        /// Parts of the rooms drawn as circles.
        pub circle_weight: u32,
        /// A circle's radius, in tiles.
        pub circle_radius: SizeRange,
        /// Chance (0..=1) that an attached room comes with a straight hallway between its door and
        /// the dungeon.
        pub hallway_chance: f64,
        /// A hallway's length, in tiles.
        pub hallway_length: SizeRange,
        /// Most doors opened for loops.
        pub loops: u32,
        /// A loop's door opens only where the two floors it joins are more than this many steps
        /// apart on foot.
        pub loop_min_distance: u32,
    }
}

impl Default for RoomAccretion {
    /// An 80×50 map of Brogue-like rooms filled to 38%: mostly rectangles and crosses, a few
    /// caves and circles, a hallway before a third of them, up to 8 loops.
    fn default() -> Self {
        RoomAccretion {
            width: 80,
            height: 50,
            attempts: 200,
            fill: 0.38,
            rect_weight: 4,
            rect_width: SizeRange::new(4, 12),
            rect_height: SizeRange::new(3, 8),
            cross_weight: 3,
            cross_size: SizeRange::new(6, 16),
            cross_bar: SizeRange::new(2, 5),
            blob_weight: 1,
            blob_size: SizeRange::new(6, 12),
            circle_weight: 1,
            circle_radius: SizeRange::new(2, 5),
            hallway_chance: 0.3,
            hallway_length: SizeRange::new(3, 8),
            loops: 8,
            loop_min_distance: 20,
            common: Default::default(),
        }
    }
}

/// The shapes of room accretion's rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoomForm {
    Rect,
    Cross,
    Blob,
    Circle,
}

impl RoomForm {
    pub const ALL: [RoomForm; 4] = [RoomForm::Rect, RoomForm::Cross, RoomForm::Blob, RoomForm::Circle];

    /// A designer's word for it: "a rectangle".
    pub(crate) const fn words(self) -> &'static str {
        match self {
            RoomForm::Rect => "a rectangle",
            RoomForm::Cross => "a cross",
            RoomForm::Blob => "a blob",
            RoomForm::Circle => "a circle",
        }
    }
}

/// Smallest map side.
pub(crate) const MIN_SIDE: u32 = 8;
/// Largest map side.
pub use crate::params::MAX_SIDE;
/// Largest weight of one shape.
pub(crate) const MAX_WEIGHT: u32 = 100;
/// Largest side of a rectangle, of a cross's bar or a hallway.
pub const MAX_ROOM_SIDE: u32 = 256;
/// Largest side of a blob's box (a blob is grown on one machine word per row).
pub const MAX_BLOB: u32 = 60;
/// Largest circle radius.
pub const MAX_RADIUS: u32 = 64;
/// Most attempts.
pub(crate) const MAX_ATTEMPTS: u32 = 100_000;
/// Longest loop distance (a walk counts its steps in 16 bits).
pub const MAX_LOOP_DISTANCE: u32 = 10_000;

const SIDE_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("the smallest side must be at least {lo} tiles, not {min}"),
    crossed: |min, max| format!("the smallest side ({min}) is larger than the largest ({max})"),
    above: |hi, max| format!("the largest side must be at most {hi} tiles, not {max}"),
};

const RADIUS_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("the smallest radius must be at least {lo} tiles, not {min}"),
    crossed: |min, max| format!("the smallest radius ({min}) is larger than the largest ({max})"),
    above: |hi, max| format!("the largest radius must be at most {hi} tiles, not {max}"),
};

const LENGTH_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("the shortest hallway must be at least {lo} tiles, not {min}"),
    crossed: |min, max| format!("the shortest hallway ({min}) is longer than the longest ({max})"),
    above: |hi, max| format!("the longest hallway must be at most {hi} tiles, not {max}"),
};

/// A shape's weight, as the table has it.
macro_rules! weight {
    ($f:ident, $label:literal, $help:literal) => {
        Field {
            spec: ParamSpec {
                key: stringify!($f),
                label: $label,
                unit: "parts",
                help: $help,
                kind: ParamKind::Int { min: 0, max: MAX_WEIGHT as i64 },
            },
            access: count!($f, Words::Between),
        }
    };
}

/// A range of sides in tiles, as the table has it.
macro_rules! sides {
    ($f:ident, $label:literal, $help:literal, $min:expr, $max:expr, $words:expr) => {
        Field {
            spec: ParamSpec {
                key: stringify!($f),
                label: $label,
                unit: "tiles",
                help: $help,
                kind: ParamKind::Range { min: $min, max: $max as i64 },
            },
            access: range!($f, $words),
        }
    };
}

impl RoomAccretion {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "attempts",
                label: "Room attempts",
                unit: "tries",
                help: "How many rooms to try to attach after the first. A try designs a room and slides it \
                       along the dungeon's walls until it fits at a door; one that fits nowhere is refused.",
                kind: ParamKind::Int { min: 0, max: MAX_ATTEMPTS as i64 },
            },
            access: count!(attempts, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "fill",
                label: "Fill share",
                unit: "%",
                help: "Attaching stops once rooms and hallways cover this share of the map (or the tries run \
                       out). 100: use every try.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(fill),
        },
        weight!(
            rect_weight,
            "Rectangles",
            "How often a room is a rectangle. Each room's shape is drawn by these parts against the \
             other shapes' parts: rectangles 1 and crosses 3 make a quarter of the rooms rectangles."
        ),
        sides!(rect_width, "Rectangle width", "A rectangle room's width.", 2, MAX_ROOM_SIDE, SIDE_WORDS),
        sides!(rect_height, "Rectangle height", "A rectangle room's height.", 2, MAX_ROOM_SIDE, SIDE_WORDS),
        weight!(
            cross_weight,
            "Crosses",
            "How often a room is a cross: a bar across and a bar down laid over each other near their \
             middles (Brogue's cross rooms). 0: no crosses."
        ),
        sides!(cross_size, "Cross bar length", "The length of each bar of a cross.", 3, MAX_ROOM_SIDE, SIDE_WORDS),
        sides!(
            cross_bar,
            "Cross bar thickness",
            "The thickness of each bar of a cross (at most its length less 2).",
            1,
            MAX_ROOM_SIDE,
            SIDE_WORDS
        ),
        weight!(
            blob_weight,
            "Blobs",
            "How often a room is a small cave: rock filled at random in a box, smoothed by the cellular \
             rule, its largest open part kept. 0: no blobs."
        ),
        sides!(blob_size, "Blob box", "The sides of the box a blob grows in.", 4, MAX_BLOB, SIDE_WORDS),
        weight!(circle_weight, "Circles", "How often a room is a circle. 0: no circles."),
        sides!(circle_radius, "Circle radius", "A circle room's radius.", 1, MAX_RADIUS, RADIUS_WORDS),
        Field {
            spec: ParamSpec {
                key: "hallway_chance",
                label: "Hallways",
                unit: "%",
                help: "Chance that an attached room comes with a straight hallway between its door and the \
                       dungeon (Brogue's corridors): longer reaches, rooms off passages.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(hallway_chance),
        },
        sides!(hallway_length, "Hallway length", "A hallway's length.", 1, MAX_ROOM_SIDE, LENGTH_WORDS),
        Field {
            spec: ParamSpec {
                key: "loops",
                label: "Loops",
                unit: "doors",
                help: "Most doors opened afterwards through a wall between two floors far apart on foot, \
                       so the dungeon is no longer a tree.",
                kind: ParamKind::Int { min: 0, max: 100_000 },
            },
            access: count!(loops, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "loop_min_distance",
                label: "Loop distance",
                unit: "steps",
                help: "A loop's door opens only where the floors on its two sides are more than this many \
                       steps apart on foot (Brogue: 20). Low: many short loops; high: a few long ones.",
                kind: ParamKind::Int { min: 2, max: MAX_LOOP_DISTANCE as i64 },
            },
            access: count!(loop_min_distance, Words::Between),
        },
    ];

    /// Each shape's weight, in [`RoomForm::ALL`] order.
    pub fn weights(&self) -> [(RoomForm, u32); 4] {
        [
            (RoomForm::Rect, self.rect_weight),
            (RoomForm::Cross, self.cross_weight),
            (RoomForm::Blob, self.blob_weight),
            (RoomForm::Circle, self.circle_weight),
        ]
    }

    /// The smallest room of shape `form` with its walls, across and down, and the key of the
    /// parameter that sizes it.
    fn smallest(&self, form: RoomForm) -> ((u32, u32), &'static str) {
        match form {
            RoomForm::Rect => ((self.rect_width.min, self.rect_height.min), "rect_width"),
            RoomForm::Cross => ((self.cross_size.min, self.cross_size.min), "cross_size"),
            RoomForm::Blob => ((self.blob_size.min, self.blob_size.min), "blob_size"),
            RoomForm::Circle => {
                let side = self.circle_radius.min.saturating_mul(2).saturating_add(1);
                ((side, side), "circle_radius")
            }
        }
    }

    /// The hand-written checks, after field `key`'s own.
    fn cross_checks(&self, key: &str, out: &mut Vec<ParamIssue>) {
        if key == "circle_radius" && self.weights().iter().all(|(_, w)| *w == 0) {
            out.push(ParamIssue {
                field: "rect_weight",
                message: "every room shape has 0 parts, so no room can be made; give rectangles, crosses, \
                          blobs or circles at least 1 part"
                    .to_string(),
            });
        }
        for (form, weight) in self.weights() {
            let ((across, down), field) = self.smallest(form);
            if weight == 0 || key != field {
                continue;
            }
            for (axis, side, room) in [("width", self.width, across), ("height", self.height, down)] {
                if room.saturating_add(2) > side && side >= MIN_SIDE {
                    let name = &form.words()[2..];
                    out.push(ParamIssue {
                        field,
                        message: format!(
                            "the smallest {name} ({room} tiles) and its walls do not fit the map {axis} ({side} tiles)"
                        ),
                    });
                }
            }
        }
    }
}

field::table_params!(RoomAccretion, crate::params::GeneratorKind::RoomAccretion, "room accretion");

impl crate::params::Family for RoomAccretion {
    const LABEL: &'static str = "Room accretion";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::Accrete, Stage::AddLoops);
    const ASKS_TRIES: bool = true;

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn rooms_placed(placed: usize, asked: usize) -> (String, &'static str) {
        (
            format!(
                "{} attached to the first in {} tries",
                crate::words::count(placed.saturating_sub(1) as u64, "room"),
                asked.saturating_sub(1)
            ),
            "Rooms attached to the dungeon, of the room attempts asked for, after the first room.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_checks_shapes_and_sizes() {
        let mut p = RoomAccretion::default();
        assert!(p.check().is_empty(), "{:?}", p.check());
        assert!(p.set("blob_size", ParamValue::Range(2, 99)) && p.blob_size == SizeRange::new(4, MAX_BLOB));
        p.height = 9;
        p.rect_height = SizeRange::new(8, 9);
        assert_eq!(
            p.check()[0].message,
            "the smallest rectangle (8 tiles) and its walls do not fit the map height (9 tiles)"
        );
        p.rect_weight = 0;
        assert!(p.check().is_empty(), "a shape with no parts is not checked: {:?}", p.check());
        p.cross_weight = 0;
        p.blob_weight = 0;
        p.circle_weight = 0;
        assert_eq!(p.check()[0].field, "rect_weight");
    }
}
