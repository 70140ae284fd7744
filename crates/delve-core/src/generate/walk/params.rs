//! Parameters of the drunkard's walk generator ([`crate::generate::walk`]): the struct a preset
//! stores, its bounds and defaults, and the one table that describes each parameter.

use crate::params::field::{self, Field, Words, chance, count, map_side};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params};

crate::params::common::family_params! {
    /// Parameters of the drunkard's walk: walkers carve the rock at random until a share of the map
    /// is open; the wide parts of the open space are rooms, the narrow parts passages between them.
    #[serde(default)]
    pub struct DrunkardsWalk {
        /// Map width in tiles.
        pub width: u32,
        /// Map height in tiles.
        pub height: u32,
        /// Share (0..=1) of the map inside its border to open.
        pub floor_share: f64,
        /// Steps each walker takes.
        pub lifetime: u32,
        /// Side of the square each step opens, in tiles.
        pub brush: u32,
        /// Wide open parts smaller than this many tiles stay passage.
        pub min_room: u32,
    }
}

impl Default for DrunkardsWalk {
    /// The roguelike tutorial's "open halls": walkers of 400 steps from open places until 45% of
    /// an 80×50 map is open.
    fn default() -> Self {
        DrunkardsWalk {
            width: 80,
            height: 50,
            floor_share: 0.45,
            lifetime: 400,
            brush: 1,
            min_room: 12,
            common: Default::default(),
        }
    }
}

/// Smallest map side.
pub(crate) const MIN_SIDE: u32 = 8;
/// Largest map side.
pub use crate::params::MAX_SIDE;
/// Most steps a walker takes.
pub(crate) const MAX_LIFETIME: u32 = 100_000;
/// Widest brush.
pub(crate) const MAX_BRUSH: u32 = 5;

impl DrunkardsWalk {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "floor_share",
                label: "Open share",
                unit: "%",
                help: "Walkers carve until this share of the map (inside its border) is open.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(floor_share),
        },
        Field {
            spec: ParamSpec {
                key: "lifetime",
                label: "Walker steps",
                unit: "steps",
                help: "Steps each walker takes before the next starts from a random open tile. \
                       Short: many small blobs; long: winding halls.",
                kind: ParamKind::Int { min: 1, max: MAX_LIFETIME as i64 },
            },
            access: count!(lifetime, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "brush",
                label: "Brush",
                unit: "tiles",
                help: "Side of the square each step opens: 1 for narrow passages, more for fat ones.",
                kind: ParamKind::Int { min: 1, max: MAX_BRUSH as i64 },
            },
            access: count!(brush, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "min_room",
                label: "Smallest room",
                unit: "tiles",
                help: "An open part at least three tiles wide throughout becomes a room when it has this \
                       many tiles; narrower parts are passages between rooms.",
                kind: ParamKind::Int { min: 1, max: 100_000 },
            },
            access: count!(min_room, Words::Between),
        },
    ];

    /// The hand-written checks, after field `key`'s own: none (every field stands alone).
    fn cross_checks(&self, _key: &str, _out: &mut [ParamIssue]) {}
}

field::table_params!(DrunkardsWalk, crate::params::GeneratorKind::DrunkardsWalk, "drunkard's walk");

impl crate::params::Family for DrunkardsWalk {
    const LABEL: &'static str = "Drunkard's walk";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::Walk, Stage::FindRooms, Stage::Passages);

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn rooms_placed(placed: usize, _asked: usize) -> (String, &'static str) {
        (crate::words::count(placed as u64, "room"), "The wide parts of the open space the walkers carved.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_clamps_and_checks() {
        let mut p = DrunkardsWalk::default();
        assert!(p.check().is_empty(), "{:?}", p.check());
        assert!(p.set("brush", ParamValue::Int(9)) && p.brush == MAX_BRUSH);
        p.lifetime = 0;
        assert_eq!(p.check()[0].message, "must be between 1 and 100000 steps, not 0");
    }
}
