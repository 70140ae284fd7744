//! Parameters of the BSP rooms generator ([`crate::generate::bsp`]): the struct a preset
//! stores, its bounds and defaults, and the one table that describes each parameter.

use crate::params::field::{self, Field, RangeWords, Words, count, map_side, range};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange};

crate::params::common::family_params! {
    /// Parameters of the BSP rooms generator: the map split in two, and each part again, down to
    /// leaves; a room in each leaf; the rooms of the two halves of each split joined by a tunnel.
    #[serde(default)]
    pub struct BspRooms {
        /// Map width in tiles.
        pub width: u32,
        /// Map height in tiles.
        pub height: u32,
        /// How many times the map is split, at most (each leaf is split again until this depth or
        /// until it is too small to split).
        pub depth: u32,
        /// The smallest side of a leaf, in tiles.
        pub min_leaf: u32,
        /// Where a part is split, as a percentage of its side, drawn in this range.
        pub split: SizeRange,
        /// A leaf's room, as a percentage of the leaf (less its one-tile margin), drawn in this
        /// range for each side.
        pub room_fill: SizeRange,
        /// Width of the tunnels, in tiles.
        pub tunnel_width: u32,
    }
}

impl Default for BspRooms {
    /// Five splits of an 80×50 map into leaves of at least 8 tiles a side.
    fn default() -> Self {
        BspRooms {
            width: 80,
            height: 50,
            depth: 5,
            min_leaf: 8,
            split: SizeRange::new(35, 65),
            room_fill: SizeRange::new(60, 100),
            tunnel_width: 1,
            common: Default::default(),
        }
    }
}

/// Smallest map side.
pub(crate) const MIN_SIDE: u32 = 8;
/// Largest map side.
pub use crate::params::MAX_SIDE;
/// Most splits.
pub(crate) const MAX_DEPTH: u32 = 16;
/// The smallest leaf: a room of 3 tiles a side and a tile of wall on each side.
pub(crate) const MIN_LEAF: u32 = 5;

const SPLIT_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("a split must leave at least {lo}% of a side, not {min}%"),
    crossed: |min, max| format!("the nearest split ({min}%) is beyond the farthest ({max}%)"),
    above: |hi, max| format!("a split must leave at most {hi}% of a side, not {max}%"),
};

const FILL_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("a room must fill at least {lo}% of its leaf, not {min}%"),
    crossed: |min, max| format!("the smallest room ({min}%) is larger than the largest ({max}%)"),
    above: |hi, max| format!("a room fills at most {hi}% of its leaf, not {max}%"),
};

impl BspRooms {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "depth",
                label: "Splits",
                unit: "levels",
                help: "How many times the map is split in two, part after part: up to 2^levels leaves, \
                       each with a room.",
                kind: ParamKind::Int { min: 0, max: MAX_DEPTH as i64 },
            },
            access: count!(depth, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "min_leaf",
                label: "Smallest leaf",
                unit: "tiles",
                help: "A part is split only if both halves keep at least this many tiles a side.",
                kind: ParamKind::Int { min: MIN_LEAF as i64, max: 1024 },
            },
            access: count!(min_leaf, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "split",
                label: "Split at",
                unit: "%",
                help: "Where a part is split, as a share of its side, drawn in this range (50: the middle).",
                kind: ParamKind::Range { min: 10, max: 90 },
            },
            access: range!(split, SPLIT_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "room_fill",
                label: "Room size",
                unit: "%",
                help: "Each leaf's room, as a share of the leaf inside its one-tile margin, drawn for each side.",
                kind: ParamKind::Range { min: 10, max: 100 },
            },
            access: range!(room_fill, FILL_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "tunnel_width",
                label: "Tunnel width",
                unit: "tiles",
                help: "Width of the tunnels that join the rooms.",
                kind: ParamKind::Int { min: 1, max: crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH as i64 },
            },
            access: count!(tunnel_width, Words::Between),
        },
    ];

    /// The hand-written checks, after field `key`'s own.
    fn cross_checks(&self, key: &str, out: &mut Vec<ParamIssue>) {
        if key == "min_leaf" {
            for (axis, side) in [("width", self.width), ("height", self.height)] {
                if self.min_leaf > side && self.min_leaf <= 1024 {
                    out.push(ParamIssue {
                        field: "min_leaf",
                        message: format!(
                            "the smallest leaf ({} tiles) is larger than the map {axis} ({side} tiles)",
                            self.min_leaf
                        ),
                    });
                }
            }
        }
    }
}

field::table_params!(BspRooms, crate::params::GeneratorKind::BspRooms, "BSP rooms");

impl crate::params::Family for BspRooms {
    const LABEL: &'static str = "BSP rooms";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::Split, Stage::LeafRooms, Stage::JoinSiblings);

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn rooms_placed(placed: usize, asked: usize) -> (String, &'static str) {
        (
            format!("{} in {asked} leaves", crate::words::count(placed as u64, "room")),
            "A room in each leaf of the splits.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_checks_ranges_and_the_leaf() {
        let mut p = BspRooms::default();
        assert!(p.check().is_empty(), "{:?}", p.check());
        assert!(p.set("split", ParamValue::Range(5, 95)) && p.split == SizeRange::new(10, 90));
        p.min_leaf = 60;
        let issues = p.check();
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].message, "the smallest leaf (60 tiles) is larger than the map height (50 tiles)");
        p.min_leaf = 8;
        p.room_fill = SizeRange::new(80, 40);
        assert_eq!(p.check()[0].message, "the smallest room (80%) is larger than the largest (40%)");
    }
}
