//! Grown rooms: the generator of Tiendil's "Dungeon generation — from simple to complex" (step 6),
//! with its "what's next" items as parameters.
//!
//! Algorithm, one room at a time:
//! 1. **Grow** ([`Stage::Shapes`]): start with one cell; `growth_steps` times add a random empty
//!    4-neighbour (uniform over the distinct empty neighbours). A room whose surrounding empty
//!    space is not one 4-connected region (flood fill over its bounding box grown by one) has a
//!    hole and is regrown, at most `hole_retries` times. Then, with `mirror_chance`, the shape is
//!    mirrored left to right.
//! 2. **Doors** ([`Stage::Doors`]): the outer walls are the (cell, side) pairs whose neighbour is
//!    not in the room, listed cell by cell in growth order, sides in [`Dir::ALL`] order. A count is
//!    drawn from `doors_per_room` (capped by the wall count) and that many walls are sampled
//!    without replacement; each gets a kind in `0..door_kinds`.
//! 3. **Colour** ([`Stage::Colours`]): each channel in `0..=0x99` (dark, as in the tutorial).
//! 4. **Place**. The first room stays at the origin. For every other room, one draw from
//!    [`Stage::Layout`] decides (with probability `branching`) whether it may attach anywhere or
//!    only to the newest room that still has a free door. Then, in this fixed order:
//!    for distance `d` in `1..search_radius`; for each free door of an eligible placed room
//!    (oldest room first, its doors in their chosen order); for each door of the new room (same
//!    kind only); for each cell `X` at Manhattan distance `d` from the placed door's own cell
//!    (straight out first, then alternately left and right of that line, nearest first); for each
//!    of the 4 rotations (0°, 90°, 180°, 270° clockwise): move the new room so that its door's
//!    outside cell is `X`. The pose passes when no new cell lies in the 3×3 neighbourhood of a
//!    placed room cell or on a corridor, the map stays within 4096 tiles on each side, and a
//!    shortest 4-connected path from the placed door's outside cell to `X` that avoids room
//!    cells (and corridors, unless `corridors_may_cross`) has fewer than `d` steps. Such a path
//!    is necessarily monotone with exactly `d` cells; it becomes the corridor. The first pose
//!    that passes wins. When only the newest room was eligible and nothing passed, the whole
//!    tree is searched before giving up; a room that finds no pose ends generation.
//! 5. **Loops** ([`Stage::Loops`]): after the tree, every pair of free doors of the same kind on
//!    rooms at least `loop_min_separation` corridors apart in the tree, whose outside cells a
//!    shortest path of at most `loop_max_length` cells joins, is a candidate. Candidates are
//!    shuffled and added, re-checked against what was added before, until `loops` were added.
//!
//! Every candidate door not used by a corridor stays internal: the map stores only doors that
//! carry a corridor. Corridors are stored in the order they were made: the tree's first (one
//! per room after the first, from the placed room's door to the new room's), then the loops.
//!
//! On the tile grid, room cells are room floor and corridor cells corridor floor; as in the
//! tutorial, walls are the edges between cells, so a corridor cell may touch a room's floor
//! away from a door (the view draws room outlines and doors on those edges).
//!
//! Speed: cells live in a dense, growable plane of flags (room cell, within one cell of a room,
//! corridor), so the gap test is one lookup per new cell. Each free door caches the cells `X`
//! where a one-cell room could open its door, and upper bounds on how many cells a room placed
//! there could have (the free region around it, flooded up to the largest room of the run).
//! These bounds only shrink as the dungeon grows, so an old bound still rules a door out; a
//! door's cache is recomputed only after something was built within reach of it (doors are
//! registered per 16×16 chunk), one distance at a time, and a door where even the smallest
//! room cannot fit is dropped for good. Per distance, a max-tree over the doors (oldest first)
//! finds the next door whose bound admits the new room in logarithmic time, so the work per
//! room barely grows with the dungeon. The first-pose-wins order is unchanged by all this:
//! only poses that cannot pass are skipped.

use super::{GenError, Generated, ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange, field};
use serde::{Deserialize, Serialize};

/// Parameters of the grown-rooms generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GrownRooms {
    /// How many rooms to place.
    pub rooms: u32,
    /// Cells added to a room's first cell; a room has `1 + steps` cells.
    pub growth_steps: SizeRange,
    /// Candidate doors per room (capped by the number of its outer walls).
    pub doors_per_room: SizeRange,
    /// Doors are tried at distances `1..search_radius`; corridors have at most `search_radius - 1`
    /// cells.
    pub search_radius: u32,
    /// Chance (0..=1) that a new room may attach to any room (oldest first) rather than only to
    /// the newest room with a free door. 1: a bushy tree (the tutorial); 0: one long chain.
    #[serde(default = "default_branching")]
    pub branching: f64,
    /// Most corridors that may meet one room (tree and loop corridors together).
    #[serde(default = "default_max_corridors")]
    pub max_corridors_per_room: u32,
    /// Whether one door may carry several corridors (the tutorial never marks doors used).
    #[serde(default)]
    pub share_doors: bool,
    /// Whether a corridor may run over another corridor's cells.
    #[serde(default)]
    pub corridors_may_cross: bool,
    /// Extra corridors added after the tree, at most.
    #[serde(default)]
    pub loops: u32,
    /// A loop joins only rooms at least this many corridors apart in the tree.
    #[serde(default = "default_loop_separation")]
    pub loop_min_separation: u32,
    /// Longest loop corridor, in cells.
    #[serde(default = "default_loop_length")]
    pub loop_max_length: u32,
    /// Chance (0..=1) that a room's shape is mirrored left to right.
    #[serde(default)]
    pub mirror_chance: f64,
    /// Number of door kinds ("colours"); corridors only join doors of the same kind.
    #[serde(default = "default_door_kinds")]
    pub door_kinds: u32,
    /// How many times a room with a hole is regrown before generation stops.
    #[serde(default = "default_hole_retries")]
    pub hole_retries: u32,
    /// Wall tiles around the dungeon's bounding box.
    #[serde(default = "default_margin")]
    pub margin: u32,
    /// Most poses tried for one room before generation stops.
    #[serde(default = "default_placement_budget")]
    pub placement_budget: u32,
}

const fn default_branching() -> f64 {
    1.0
}
const fn default_max_corridors() -> u32 {
    4
}
const fn default_loop_separation() -> u32 {
    4
}
const fn default_loop_length() -> u32 {
    12
}
const fn default_door_kinds() -> u32 {
    1
}
const fn default_hole_retries() -> u32 {
    1000
}
const fn default_margin() -> u32 {
    1
}
const fn default_placement_budget() -> u32 {
    1_000_000
}

impl Default for GrownRooms {
    /// The tutorial's step 6 (`presets/tiendil-step6.ron`).
    fn default() -> Self {
        Self::tiendil_step6()
    }
}

impl GrownRooms {
    /// Tiendil's tutorial, step 6: 25 rooms of 4..=16 cells with 2..=4 doors, search radius 10.
    pub fn tiendil_step6() -> Self {
        Self {
            rooms: 25,
            growth_steps: SizeRange::new(3, 15),
            doors_per_room: SizeRange::new(2, 4),
            search_radius: 10,
            branching: default_branching(),
            max_corridors_per_room: default_max_corridors(),
            share_doors: false,
            corridors_may_cross: false,
            loops: 0,
            loop_min_separation: default_loop_separation(),
            loop_max_length: default_loop_length(),
            mirror_chance: 0.0,
            door_kinds: default_door_kinds(),
            hole_retries: default_hole_retries(),
            margin: default_margin(),
            placement_budget: default_placement_budget(),
        }
    }
}

pub const MAX_ROOMS: u32 = 20_000;
/// Rooms of up to 101 cells: bigger ones almost always grow holes (about 1 in 70 rooms of 100
/// steps is hole-free, 1 in 500 of 150).
pub const MAX_GROWTH: u32 = 100;
pub const MAX_DOORS: u32 = 64;
pub const MAX_RADIUS: u32 = 64;
pub const MAX_CORRIDORS: u32 = 64;
pub const MAX_LOOPS: u32 = 100_000;
pub const MAX_SEPARATION: u32 = 1000;
pub const MAX_LOOP_LENGTH: u32 = 64;
pub const MAX_KINDS: u32 = 16;
pub const MAX_HOLE_RETRIES: u32 = 1_000_000;
pub const MAX_MARGIN: u32 = 64;
pub const MIN_BUDGET: u32 = 100;
pub const MAX_BUDGET: u32 = 100_000_000;
/// Most room cells asked for in total (rooms × largest room).
pub const MAX_TOTAL_CELLS: u64 = 1_000_000;
/// Most rooms × doors per room × search radius: the placement index keeps a few bytes for each
/// (about 100 MB at this limit).
pub const MAX_DOOR_LEVELS: u64 = 16_000_000;
/// Largest map side; rooms are never placed so that the map would grow past it.
const MAX_EXTENT: i32 = 4096;

const SPECS: &[ParamSpec] = &[
    ParamSpec {
        key: "rooms",
        label: "Rooms",
        unit: "rooms",
        help: "How many rooms to place. A room that finds no place ends generation early, \
               and the report says why.",
        kind: ParamKind::Int { min: 1, max: MAX_ROOMS as i64 },
    },
    ParamSpec {
        key: "growth_steps",
        label: "Growth steps",
        unit: "cells",
        help: "A room starts as one cell and grows this many times by a random empty \
               neighbouring cell, so it has one cell more than the number drawn. \
               Rooms with holes are regrown; big rooms often have holes (about 1 in 7 rooms \
               of 15 steps, half of those of 30 steps, 98% of those of 100 steps).",
        kind: ParamKind::Range { min: 0, max: MAX_GROWTH as i64 },
    },
    ParamSpec {
        key: "doors_per_room",
        label: "Doors per room",
        unit: "doors",
        help: "Candidate doors chosen on each room's outer walls (fewer when the room has fewer \
               walls). Only doors that end up with a corridor appear on the map.",
        kind: ParamKind::Range { min: 1, max: MAX_DOORS as i64 },
    },
    ParamSpec {
        key: "search_radius",
        label: "Search radius",
        unit: "tiles",
        help: "A new room is placed as close as possible to a free door: distances 1 to radius − 1 \
               are tried, so corridors are at most radius − 1 tiles long. A room that fits \
               nowhere within the radius ends generation (the tutorial uses 10).",
        kind: ParamKind::Int { min: 2, max: MAX_RADIUS as i64 },
    },
    ParamSpec {
        key: "branching",
        label: "Branching",
        unit: "%",
        help: "Chance that a new room may attach to any room with a free door, oldest first \
               (a bushy tree, as in the tutorial). Otherwise it attaches to the newest room \
               with a free door, falling back to the whole tree when it does not fit there; \
               0% gives one long chain.",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
    },
    ParamSpec {
        key: "max_corridors_per_room",
        label: "Corridors per room",
        unit: "corridors",
        help: "Most corridors that may meet one room, tree and loop corridors together.",
        kind: ParamKind::Int { min: 2, max: MAX_CORRIDORS as i64 },
    },
    ParamSpec {
        key: "share_doors",
        label: "Share doors",
        unit: "",
        help: "Whether one door may carry several corridors. Off: each door carries one \
               corridor (what the tutorial intends).",
        kind: ParamKind::Bool,
    },
    ParamSpec {
        key: "corridors_may_cross",
        label: "Corridors may cross",
        unit: "",
        help: "Whether a corridor may run over another corridor's tiles. Off: corridors never \
               touch each other's tiles, so without loops the walkways form a tree. Corridors \
               never run through rooms.",
        kind: ParamKind::Bool,
    },
    ParamSpec {
        key: "loops",
        label: "Loops",
        unit: "corridors",
        help: "Extra corridors added after the tree between free doors of rooms that are far \
               apart in the tree but close on the map, at most this many.",
        kind: ParamKind::Int { min: 0, max: MAX_LOOPS as i64 },
    },
    ParamSpec {
        key: "loop_min_separation",
        label: "Loop span",
        unit: "corridors",
        help: "A loop joins only rooms at least this many corridors apart in the tree, so \
               every loop is a real detour.",
        kind: ParamKind::Int { min: 2, max: MAX_SEPARATION as i64 },
    },
    ParamSpec {
        key: "loop_max_length",
        label: "Longest loop corridor",
        unit: "tiles",
        help: "Longest extra corridor, in tiles (shortest path between the two doors).",
        kind: ParamKind::Int { min: 1, max: MAX_LOOP_LENGTH as i64 },
    },
    ParamSpec {
        key: "mirror_chance",
        label: "Mirrored rooms",
        unit: "%",
        help: "Chance that a room's shape is mirrored left to right before it is placed \
               (rooms are also tried in all four rotations).",
        kind: ParamKind::Float { min: 0.0, max: 1.0 },
    },
    ParamSpec {
        key: "door_kinds",
        label: "Door kinds",
        unit: "kinds",
        help: "Number of door kinds (colours). Each door gets a random kind and corridors only \
               join doors of the same kind. 1: all doors alike.",
        kind: ParamKind::Int { min: 1, max: MAX_KINDS as i64 },
    },
    ParamSpec {
        key: "hole_retries",
        label: "Hole retries",
        unit: "tries",
        help: "How many times a room grown with a hole in it is regrown before generation \
               stops. Big rooms have holes more often.",
        kind: ParamKind::Int { min: 0, max: MAX_HOLE_RETRIES as i64 },
    },
    ParamSpec {
        key: "margin",
        label: "Margin",
        unit: "tiles",
        help: "Wall tiles around the dungeon.",
        kind: ParamKind::Int { min: 1, max: MAX_MARGIN as i64 },
    },
    ParamSpec {
        key: "placement_budget",
        label: "Placement budget",
        unit: "tries",
        help: "Most poses (door, position, rotation) tried for one room before generation \
               stops; bounds the time on extreme settings.",
        kind: ParamKind::Int { min: MIN_BUDGET as i64, max: MAX_BUDGET as i64 },
    },
];

impl Params for GrownRooms {
    fn specs(&self) -> &'static [ParamSpec] {
        SPECS
    }

    fn get(&self, key: &str) -> Option<ParamValue> {
        let int = |v: u32| Some(ParamValue::Int(i64::from(v)));
        let range = |r: SizeRange| Some(ParamValue::Range(r.min.into(), r.max.into()));
        match key {
            "rooms" => int(self.rooms),
            "growth_steps" => range(self.growth_steps),
            "doors_per_room" => range(self.doors_per_room),
            "search_radius" => int(self.search_radius),
            "branching" => Some(ParamValue::Float(self.branching)),
            "max_corridors_per_room" => int(self.max_corridors_per_room),
            "share_doors" => Some(ParamValue::Bool(self.share_doors)),
            "corridors_may_cross" => Some(ParamValue::Bool(self.corridors_may_cross)),
            "loops" => int(self.loops),
            "loop_min_separation" => int(self.loop_min_separation),
            "loop_max_length" => int(self.loop_max_length),
            "mirror_chance" => Some(ParamValue::Float(self.mirror_chance)),
            "door_kinds" => int(self.door_kinds),
            "hole_retries" => int(self.hole_retries),
            "margin" => int(self.margin),
            "placement_budget" => int(self.placement_budget),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, v: ParamValue) -> bool {
        let Some((lo, hi)) = field::spec_bounds(SPECS, key) else { return false };
        let set_bool = |target: &mut bool| match v {
            ParamValue::Bool(b) => {
                *target = b;
                true
            }
            _ => false,
        };
        match key {
            "rooms" => field::set_u32(&mut self.rooms, v, lo, hi),
            "growth_steps" => field::set_range(&mut self.growth_steps, v, lo, hi),
            "doors_per_room" => field::set_range(&mut self.doors_per_room, v, lo, hi),
            "search_radius" => field::set_u32(&mut self.search_radius, v, lo, hi),
            "branching" => field::set_f64(&mut self.branching, v, 0.0, 1.0),
            "max_corridors_per_room" => field::set_u32(&mut self.max_corridors_per_room, v, lo, hi),
            "share_doors" => set_bool(&mut self.share_doors),
            "corridors_may_cross" => set_bool(&mut self.corridors_may_cross),
            "loops" => field::set_u32(&mut self.loops, v, lo, hi),
            "loop_min_separation" => field::set_u32(&mut self.loop_min_separation, v, lo, hi),
            "loop_max_length" => field::set_u32(&mut self.loop_max_length, v, lo, hi),
            "mirror_chance" => field::set_f64(&mut self.mirror_chance, v, 0.0, 1.0),
            "door_kinds" => field::set_u32(&mut self.door_kinds, v, lo, hi),
            "hole_retries" => field::set_u32(&mut self.hole_retries, v, lo, hi),
            "margin" => field::set_u32(&mut self.margin, v, lo, hi),
            "placement_budget" => field::set_u32(&mut self.placement_budget, v, lo, hi),
            _ => false,
        }
    }

    fn check(&self) -> Vec<ParamIssue> {
        let mut out = Vec::new();
        let mut bad = |field: &'static str, message: String| out.push(ParamIssue { field, message });
        let mut within = |field: &'static str, v: u32, lo: u32, hi: u32, unit: &str| {
            if !(lo..=hi).contains(&v) {
                bad(field, format!("must be between {lo} and {hi} {unit}, not {v}"));
            }
        };
        within("rooms", self.rooms, 1, MAX_ROOMS, "rooms");
        within("search_radius", self.search_radius, 2, MAX_RADIUS, "tiles");
        within("max_corridors_per_room", self.max_corridors_per_room, 2, MAX_CORRIDORS, "corridors");
        within("loops", self.loops, 0, MAX_LOOPS, "corridors");
        within("loop_min_separation", self.loop_min_separation, 2, MAX_SEPARATION, "corridors");
        within("loop_max_length", self.loop_max_length, 1, MAX_LOOP_LENGTH, "tiles");
        within("door_kinds", self.door_kinds, 1, MAX_KINDS, "kinds");
        within("hole_retries", self.hole_retries, 0, MAX_HOLE_RETRIES, "tries");
        within("margin", self.margin, 1, MAX_MARGIN, "tiles");
        within("placement_budget", self.placement_budget, MIN_BUDGET, MAX_BUDGET, "tries");

        let SizeRange { min, max } = self.growth_steps;
        if min > max {
            bad("growth_steps", format!("the fewest growth steps ({min}) is more than the most ({max})"));
        }
        if max > MAX_GROWTH {
            bad(
                "growth_steps",
                format!("at most {MAX_GROWTH} growth steps (rooms of {} cells), not {max}", MAX_GROWTH + 1),
            );
        }
        let SizeRange { min: dmin, max: dmax } = self.doors_per_room;
        if dmin == 0 {
            bad("doors_per_room", "every room needs at least 1 door, or it cannot be joined".into());
        }
        if dmin > dmax {
            bad("doors_per_room", format!("the fewest doors ({dmin}) is more than the most ({dmax})"));
        }
        if dmax > MAX_DOORS {
            bad("doors_per_room", format!("at most {MAX_DOORS} doors per room, not {dmax}"));
        }
        if dmax == 1 && !self.share_doors && self.rooms > 2 {
            bad(
                "doors_per_room",
                format!(
                    "with one door per room and no shared doors, each room's only door carries the corridor \
                     that joins it, so no more than 2 rooms can be joined, not {}; allow 2 doors or share doors",
                    self.rooms
                ),
            );
        }
        if min <= max && max <= MAX_GROWTH && (1..=MAX_ROOMS).contains(&self.rooms) {
            let total = u64::from(self.rooms) * u64::from(max + 1);
            if total > MAX_TOTAL_CELLS {
                bad(
                    "rooms",
                    format!(
                        "{} rooms of up to {} cells ask for up to {total} room cells; at most {MAX_TOTAL_CELLS} \
                         (fewer rooms or fewer growth steps)",
                        self.rooms,
                        max + 1
                    ),
                );
            }
        }
        let work = u64::from(self.rooms) * u64::from(dmax) * u64::from(self.search_radius);
        if self.rooms <= MAX_ROOMS && dmax <= MAX_DOORS && self.search_radius <= MAX_RADIUS && work > MAX_DOOR_LEVELS {
            bad(
                "rooms",
                format!(
                    "{} rooms × {dmax} doors × search radius {} is {work}; the placement index holds at most \
                     {MAX_DOOR_LEVELS} (fewer rooms or doors, or a smaller radius)",
                    self.rooms, self.search_radius
                ),
            );
        }
        for (field, p) in [("branching", self.branching), ("mirror_chance", self.mirror_chance)] {
            if !(0.0..=1.0).contains(&p) {
                bad(field, format!("is a chance and must be between 0 and 1 (0% to 100%), not {p}"));
            }
        }
        out
    }
}

/// Figures of one run that the map itself does not keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrownStats {
    /// Candidate doors chosen on the placed rooms (used or not).
    pub candidate_doors: usize,
    /// Rooms regrown because they had a hole.
    pub regrown: u64,
    /// Poses tested over all rooms.
    pub poses_tested: u64,
    /// Times a placed door was looked at past the quick checks (closed, too little space).
    pub doors_examined: u64,
    /// Door caches (re)computed, one distance at a time.
    pub door_levels_computed: u64,
    /// Loop corridors added.
    pub loops_added: usize,
    /// Loop candidates found (pairs of doors a loop could join).
    pub loop_candidates: usize,
}

/// Generates like [`super::generate`] and also returns the run's [`GrownStats`] (for sweeps,
/// benchmarks and the closing figures of the tutorial comparison).
pub fn generate_with_stats(p: &GrownRooms, seed: u64) -> Result<(Generated, GrownStats), GenError> {
    let issues = p.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    let (mut g, stats) = run(p, seed);
    g.map.provenance =
        super::Provenance { params: Some(super::GeneratorParams::GrownRooms(p.clone())), seed, edited: false };
    Ok((g, stats))
}

pub(super) fn generate(p: &GrownRooms, seed: u64) -> Generated {
    run(p, seed).0
}

mod build;
use build::run;
mod doors;
mod growth;
mod loops;
mod placement;
mod template;
