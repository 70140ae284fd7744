//! Parameters of the cellular-automata caves generator ([`crate::generate::caves`]): the
//! struct a preset stores, its bounds and defaults, and the one table that describes each
//! parameter.

use crate::params::field::{self, Field, Words, chance, count, map_side};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params};

crate::params::common::family_params! {
    /// Parameters of the caves generator: rock filled at random, smoothed by the cellular rule,
    /// each open region big enough a room (a cave), the caves joined by tunnels.
    #[serde(default)]
    pub struct Caves {
        /// Map width in tiles.
        pub width: u32,
        /// Map height in tiles.
        pub height: u32,
        /// Chance (0..=1) that a tile starts as rock.
        pub fill: f64,
        /// Smoothing passes.
        pub iterations: u32,
        /// An open tile turns to rock with at least this many rock neighbours (of 8).
        pub birth: u32,
        /// A rock tile stays rock with at least this many rock neighbours (of 8).
        pub survival: u32,
        /// Open regions smaller than this many tiles are filled in.
        pub min_region: u32,
        /// Width of the tunnels that join the caves, in tiles.
        pub tunnel_width: u32,
    }
}

impl Default for Caves {
    /// The classic "4-5 rule" caves (RogueBasin's cellular automata method): 45% rock, four
    /// passes.
    fn default() -> Self {
        Caves {
            width: 80,
            height: 50,
            fill: 0.45,
            iterations: 4,
            birth: 5,
            survival: 4,
            min_region: 16,
            tunnel_width: 1,
            common: Default::default(),
        }
    }
}

/// Smallest map side.
pub(crate) const MIN_SIDE: u32 = 8;
/// Largest map side.
pub use crate::params::MAX_SIDE;
/// Most smoothing passes.
pub(crate) const MAX_ITERATIONS: u32 = 32;
/// Largest region that may be asked to be filled in.
pub(crate) const MAX_MIN_REGION: u32 = 100_000;
/// Widest tunnel.
pub(crate) const MAX_TUNNEL_WIDTH: u32 = crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH;

impl Caves {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        map_side!(width, "Map width", "Width", MIN_SIDE, MAX_SIDE),
        map_side!(height, "Map height", "Height", MIN_SIDE, MAX_SIDE),
        Field {
            spec: ParamSpec {
                key: "fill",
                label: "Rock fill",
                unit: "%",
                help: "Chance that a tile starts as rock. More rock: smaller, fewer caves.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(fill),
        },
        Field {
            spec: ParamSpec {
                key: "iterations",
                label: "Smoothing passes",
                unit: "passes",
                help: "How many times the rule below smooths the rock. More passes: rounder caves.",
                kind: ParamKind::Int { min: 0, max: MAX_ITERATIONS as i64 },
            },
            access: count!(iterations, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "birth",
                label: "Rock from",
                unit: "neighbours",
                help: "An open tile turns to rock when at least this many of its 8 neighbours are rock \
                       (tiles off the map count as rock). Classic: 5.",
                kind: ParamKind::Int { min: 0, max: 9 },
            },
            access: count!(birth, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "survival",
                label: "Rock stays from",
                unit: "neighbours",
                help: "A rock tile stays rock when at least this many of its 8 neighbours are rock. \
                       Classic: 4.",
                kind: ParamKind::Int { min: 0, max: 9 },
            },
            access: count!(survival, Words::AtMost),
        },
        Field {
            spec: ParamSpec {
                key: "min_region",
                label: "Smallest cave",
                unit: "tiles",
                help: "Open regions smaller than this are filled in; every other region is a cave (a room).",
                kind: ParamKind::Int { min: 1, max: MAX_MIN_REGION as i64 },
            },
            access: count!(min_region, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "tunnel_width",
                label: "Tunnel width",
                unit: "tiles",
                help: "Width of the tunnels that join the caves.",
                kind: ParamKind::Int { min: 1, max: MAX_TUNNEL_WIDTH as i64 },
            },
            access: count!(tunnel_width, Words::Between),
        },
    ];

    /// The hand-written checks, after field `key`'s own: none (every field stands alone).
    fn cross_checks(&self, _key: &str, _out: &mut [ParamIssue]) {}
}

field::table_params!(Caves, crate::params::GeneratorKind::Caves, "caves");

impl crate::params::Family for Caves {
    const LABEL: &'static str = "Caves";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::Fill, Stage::Smooth, Stage::Regions, Stage::JoinCaves);

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn rooms_placed(placed: usize, _asked: usize) -> (String, &'static str) {
        (
            crate::words::count(placed as u64, "cave"),
            "The caves (rooms) the rock left, after small regions were filled in.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_clamps_and_checks_the_rules() {
        let mut p = Caves::default();
        assert!(p.check().is_empty(), "{:?}", p.check());
        assert!(p.set("birth", ParamValue::Int(12)) && p.birth == 9);
        assert!(p.set("fill", ParamValue::Float(0.6)) && p.fill == 0.6);
        p.iterations = 99;
        p.width = 4;
        let fields: Vec<&str> = p.check().iter().map(|i| i.field).collect();
        assert_eq!(fields, ["width", "iterations"]);
        assert_eq!(p.check()[1].message, "must be at most 32 passes, not 99");
    }
}
