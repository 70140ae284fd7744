//! A part beside: a second generator's map laid beside this generator's and joined to it, so
//! that any two generators make one hybrid map — tutorial rooms beside caves, BSP rooms beside
//! a maze (see `generate/beside.rs`). Each generator has the setting (`beside`, written to files
//! only when set); the part's own generator runs exactly as it would alone, on its own stages
//! and parameters, its map size its own.

use super::MAX_SIDE;
use super::{GeneratorParams, ParamIssue};
use serde::{Deserialize, Serialize};

/// The part beside: where it goes, how many corridors join it, and its generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Beside {
    /// The side of this map the part goes on.
    #[serde(default)]
    pub side: Side,
    /// Corridors joining the part's rooms nearest this map to this map's rooms, at most.
    #[serde(default = "default_joins")]
    pub joins: u32,
    /// The part's generator and all its parameters (its map size included).
    pub generator: GeneratorParams,
}

/// Where a part beside goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    /// To the right: the map grows wider.
    #[default]
    East,
    /// Below: the map grows taller.
    South,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::East, Side::South];

    pub const fn label(self) -> &'static str {
        match self {
            Side::East => "east",
            Side::South => "south",
        }
    }
}

fn default_joins() -> u32 {
    2
}

/// Most corridors joining a part.
pub const MAX_JOINS: u32 = 16;
/// The key under which problems with the part are told.
pub const BESIDE: &str = "beside";

impl Beside {
    /// A part of `generator` on `side`, joined by two corridors.
    pub fn new(side: Side, generator: GeneratorParams) -> Beside {
        Beside { side, joins: default_joins(), generator }
    }

    /// What is wrong with the part beside a map of `width`×`height`: its own parameters' issues
    /// (prefixed), a part of its own, too many joins, a map too large in all.
    pub(crate) fn issues(&self, width: u32, height: u32, out: &mut Vec<ParamIssue>) {
        let mut bad = |message: String| out.push(ParamIssue { field: BESIDE, message });
        let kind = self.generator.kind().label();
        for issue in self.generator.check() {
            let label = self.generator.params().label_of(issue.field);
            bad(format!("the part beside ({kind}), {label}: {}", issue.message));
        }
        if self.generator.beside().is_some() {
            bad("the part beside has a part beside itself: a map has at most two parts".into());
        }
        if !(1..=MAX_JOINS).contains(&self.joins) {
            bad(format!("the part beside is joined by 1 to {MAX_JOINS} corridors, not {}", self.joins));
        }
        let (w, h) = self.generator.map_size().unwrap_or((0, 0));
        let (tw, th) = match self.side {
            Side::East => (width.saturating_add(w), height.max(h)),
            Side::South => (width.max(w), height.saturating_add(h)),
        };
        if tw > MAX_SIDE || th > MAX_SIDE {
            bad(format!("with the part beside the map is {tw}×{th}; each side may be at most {MAX_SIDE} tiles"));
        }
    }
}
