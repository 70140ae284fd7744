//! Tile kinds a preset declares (water, a chasm, a trap) with the rules that paint them: patches
//! grown in rooms by role, and single tiles along corridors. The markers stage paints them
//! (`generate/tiles.rs`) before it places anything, so markers avoid tiles that cannot be
//! walked; the map carries the palette and each tile's kind ([`crate::map::terrain`]).

use super::markers::{MAX_WEIGHT, RoomClass};
use super::{ParamIssue, SizeRange};
use crate::kinds::{Role, TileKind};
use serde::{Deserialize, Serialize};

/// At most this many patches of a kind in one room.
pub(crate) const MAX_PATCHES: u32 = 16;
/// The largest patch, in tiles.
pub(crate) const MAX_PATCH: u32 = 400;
/// At most this many tiles of a kind per 100 corridor tiles.
pub(crate) const MAX_CORRIDOR_DENSITY: f64 = 50.0;

/// One tile kind and where the generator paints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct TileRule {
    /// Its name, as maps and exports carry it (`water`, `chasm`, `trap`).
    pub name: String,
    /// Its character in map files and ASCII (not `#`, `.`, `,` or a space).
    pub glyph: char,
    pub colour: [u8; 3],
    /// Whether a creature can stand on it. A kind that cannot is painted only where every tile
    /// of the room and its doors stay reachable, and never in corridors.
    pub walkable: bool,
    /// Which rooms it goes in, by role, each with a weight that scales its count of patches
    /// there (`Plain`: rooms without a role). Empty: every room, weight 1.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<(RoomClass, f64)>,
    /// Patches in each room it goes in, drawn evenly (before the weight).
    pub patches: SizeRange,
    /// Tiles in each patch, drawn evenly: grown from a tile to its neighbours at random.
    pub size: SizeRange,
    /// Single tiles along the corridors, per 100 corridor tiles (walkable kinds only).
    pub corridors: f64,
}

impl Default for TileRule {
    fn default() -> Self {
        TileRule {
            name: String::new(),
            glyph: '~',
            colour: [60, 100, 160],
            walkable: true,
            weights: Vec::new(),
            patches: SizeRange::new(1, 1),
            size: SizeRange::new(4, 12),
            corridors: 0.0,
        }
    }
}

impl TileRule {
    /// The kind it paints, as the map's palette holds it.
    pub fn kind(&self) -> TileKind {
        TileKind { name: self.name.clone(), glyph: self.glyph, colour: self.colour, walkable: self.walkable }
    }

    /// Its weight in a room of role `role` (`None`: no role).
    pub fn weight(&self, role: Option<Role>) -> f64 {
        super::markers::weight_in(&self.weights, role)
    }
}

/// Everything wrong with `rules`, added to `out`.
pub(crate) fn issues(rules: &[TileRule], out: &mut Vec<ParamIssue>) {
    let mut bad = |message: String| out.push(ParamIssue { field: "markers", message });
    let kinds: Vec<TileKind> = rules.iter().map(TileRule::kind).collect();
    for (i, r) in rules.iter().enumerate() {
        if let Some(p) = kinds[i].problem(&kinds[..i]) {
            bad(p);
        }
        let name = &r.name;
        if r.patches.min > r.patches.max || r.patches.max > MAX_PATCHES {
            bad(format!(
                "tile kind “{name}”: patches {} to {} must run from a smaller to a larger count of at most {MAX_PATCHES}",
                r.patches.min, r.patches.max
            ));
        }
        if r.size.min == 0 || r.size.min > r.size.max || r.size.max > MAX_PATCH {
            bad(format!(
                "tile kind “{name}”: patch size {} to {} must run from 1 to at most {MAX_PATCH} tiles, smaller first",
                r.size.min, r.size.max
            ));
        }
        if !(0.0..=MAX_CORRIDOR_DENSITY).contains(&r.corridors) {
            bad(format!(
                "tile kind “{name}”: corridors {} per 100 tiles must be 0 to {MAX_CORRIDOR_DENSITY}",
                r.corridors
            ));
        } else if r.corridors > 0.0 && !r.walkable {
            bad(format!(
                "tile kind “{name}” is not walkable, so it cannot go in corridors (it would cut them): set corridors to 0"
            ));
        }
        if r.weights.iter().any(|w| !(0.0..=MAX_WEIGHT).contains(&w.1)) {
            bad(format!("tile kind “{name}”: each room weight must be 0 to {MAX_WEIGHT}"));
        }
    }
}
