//! Parameters of the grown-rooms generator ([`crate::generate::grown`]): the struct a preset
//! stores, its bounds, the tutorial's settings, and the one table that describes each parameter.

use crate::params::field::{self, Field, RangeWords, Words, chance, count, flag, range};
use crate::params::stages::Stage;
use crate::params::{ParamIssue, ParamKind, ParamSpec, ParamValue, Params, SizeRange};

crate::params::common::family_params! {
    /// Parameters of the grown-rooms generator.
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
        /// Share of rooms grown cell by cell from `growth_steps` (the tutorial's blobs). With every
        /// other shape at weight 0 (the default) no draw picks a shape, so older files give the
        /// same maps.
        #[serde(default = "default_blob_weight")]
        pub blob_weight: u32,
        /// Share of halls: near-rectangles with a few cells nibbled off their corners and edges.
        #[serde(default)]
        pub hall_weight: u32,
        /// Cells of a hall.
        #[serde(default = "default_hall_cells")]
        pub hall_cells: SizeRange,
        /// Share of narrow rooms: 1 or 2 cells wide, straight or with one bend.
        #[serde(default)]
        pub narrow_weight: u32,
        /// Cells of a narrow room.
        #[serde(default = "default_narrow_cells")]
        pub narrow_cells: SizeRange,
        /// Share of caves: a walk that turns often, sometimes widened to the side.
        #[serde(default)]
        pub cave_weight: u32,
        /// Cells of a cave.
        #[serde(default = "default_cave_cells")]
        pub cave_cells: SizeRange,
        /// Share of closets: a cell with short arms (a cross of 5 cells, longer arms past that).
        #[serde(default)]
        pub closet_weight: u32,
        /// Cells of a closet.
        #[serde(default = "default_closet_cells")]
        pub closet_cells: SizeRange,
    }
}

pub use crate::params::room_shape::RoomShape;

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
const fn default_blob_weight() -> u32 {
    1
}
const fn default_hall_cells() -> SizeRange {
    SizeRange::new(16, 40)
}
const fn default_narrow_cells() -> SizeRange {
    SizeRange::new(6, 16)
}
const fn default_cave_cells() -> SizeRange {
    SizeRange::new(12, 30)
}
const fn default_closet_cells() -> SizeRange {
    SizeRange::new(1, 5)
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
            blob_weight: default_blob_weight(),
            hall_weight: 0,
            hall_cells: default_hall_cells(),
            narrow_weight: 0,
            narrow_cells: default_narrow_cells(),
            cave_weight: 0,
            cave_cells: default_cave_cells(),
            closet_weight: 0,
            closet_cells: default_closet_cells(),
            common: Default::default(),
        }
    }

    /// Each shape's weight, in [`RoomShape::ALL`] order.
    pub(crate) fn shape_weights(&self) -> [(RoomShape, u32); 5] {
        [
            (RoomShape::Blob, self.blob_weight),
            (RoomShape::Hall, self.hall_weight),
            (RoomShape::Narrow, self.narrow_weight),
            (RoomShape::Cave, self.cave_weight),
            (RoomShape::Closet, self.closet_weight),
        ]
    }

    /// Fewest and most cells of a room of `shape` (the blob's growth steps plus its first cell),
    /// each clamped to the shape's cap.
    pub fn shape_cells(&self, shape: RoomShape) -> SizeRange {
        let r = self.size_of(shape);
        let cap = shape.max_cells();
        SizeRange::new(r.min.clamp(1, cap), r.max.clamp(1, cap))
    }

    /// The size parameter of `shape` as stored (growth steps for blobs, cells otherwise).
    fn size_of(&self, shape: RoomShape) -> SizeRange {
        match shape {
            RoomShape::Blob => {
                SizeRange::new(self.growth_steps.min.saturating_add(1), self.growth_steps.max.saturating_add(1))
            }
            RoomShape::Hall => self.hall_cells,
            RoomShape::Narrow => self.narrow_cells,
            RoomShape::Cave => self.cave_cells,
            RoomShape::Closet => self.closet_cells,
        }
    }

    /// The shapes with a weight above 0.
    pub(crate) fn active_shapes(&self) -> impl Iterator<Item = RoomShape> + '_ {
        self.shape_weights().into_iter().filter(|(_, w)| *w > 0).map(|(s, _)| s)
    }

    /// Fewest cells of any room of this run (1 when no shape has weight).
    pub fn fewest_cells(&self) -> u32 {
        self.active_shapes().map(|s| self.shape_cells(s).min).min().unwrap_or(1)
    }

    /// Most cells of any room of this run (1 when no shape has weight).
    pub fn most_cells(&self) -> u32 {
        self.active_shapes().map(|s| self.shape_cells(s).max).max().unwrap_or(1)
    }
}

pub(crate) const MAX_ROOMS: u32 = 20_000;
/// Rooms of up to 101 cells: bigger ones almost always grow holes (about 1 in 70 rooms of 100
/// steps is hole-free, 1 in 500 of 150).
pub(crate) const MAX_GROWTH: u32 = 100;
pub(crate) const MAX_DOORS: u32 = 64;
pub const MAX_RADIUS: u32 = 64;
pub(crate) const MAX_CORRIDORS: u32 = 64;
pub(crate) const MAX_LOOPS: u32 = 100_000;
pub(crate) const MAX_SEPARATION: u32 = 1000;
pub(crate) const MAX_LOOP_LENGTH: u32 = 64;
pub const MAX_KINDS: u32 = 16;
pub(crate) const MAX_HOLE_RETRIES: u32 = 1_000_000;
pub(crate) const MAX_MARGIN: u32 = 64;
pub(crate) const MIN_BUDGET: u32 = 100;
pub(crate) const MAX_BUDGET: u32 = 100_000_000;
/// Most room cells asked for in total (rooms × largest room).
/// Most cells of a hall, narrow room or cave (they cannot grow holes the way blobs do, or are
/// regrown cheaply, so they may be larger than blobs).
pub(crate) const MAX_SHAPE_CELLS: u32 = 400;
/// Most cells of a closet (a cross with arms of 3).
pub(crate) const MAX_CLOSET_CELLS: u32 = 13;
/// Largest weight of one room shape.
pub(crate) const MAX_SHAPE_WEIGHT: u32 = 100;
pub(crate) const MAX_TOTAL_CELLS: u64 = 1_000_000;
/// Most rooms × doors per room × search radius: the placement index keeps a few bytes for each
/// (about 100 MB at this limit).
pub(crate) const MAX_DOOR_LEVELS: u64 = 16_000_000;

/// What the growth steps' check says about their bounds.
const GROWTH_WORDS: RangeWords = RangeWords {
    below: |lo, min| format!("at least {lo} growth steps, not {min}"),
    crossed: |min, max| format!("the fewest growth steps ({min}) is more than the most ({max})"),
    above: |hi, max| format!("at most {hi} growth steps (rooms of {} cells), not {max}", hi + 1),
};

/// What the doors per room's check says about their bounds.
const DOORS_WORDS: RangeWords = RangeWords {
    below: |lo, _| format!("every room needs at least {lo} door, or it cannot be joined"),
    crossed: |min, max| format!("the fewest doors ({min}) is more than the most ({max})"),
    above: |hi, max| format!("at most {hi} doors per room, not {max}"),
};

/// What a shape's size check says about its bounds (the shape named in the plural).
macro_rules! cells_words {
    ($what:literal) => {
        RangeWords {
            below: |lo, min| format!(concat!($what, " need at least {} cells, not {}"), lo, min),
            crossed: |min, max| {
                format!(concat!("the smallest ", $what, " ({} cells) are larger than the largest ({})"), min, max)
            },
            above: |hi, max| format!(concat!($what, " have at most {} cells, not {}"), hi, max),
        }
    };
}

impl GrownRooms {
    /// Every parameter, described once, in panel order.
    const FIELDS: &'static [Field<Self>] = &[
        Field {
            spec: ParamSpec {
                key: "rooms",
                label: "Rooms",
                unit: "rooms",
                help: "How many rooms to place. A room that finds no place ends generation early, \
                       and the report says why.",
                kind: ParamKind::Int { min: 1, max: MAX_ROOMS as i64 },
            },
            access: count!(rooms, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "growth_steps",
                label: "Growth steps",
                unit: "cells",
                help: "A room starts as one cell and grows this many times by a random empty \
                       neighbouring cell, so it has one cell more than the number drawn. \
                       Rooms with holes are regrown; big rooms often have holes (about 1 in 7 rooms \
                       of 15 steps, half of those of 30 steps, 98% of those of 100 steps).",
                kind: ParamKind::Range { min: 0, max: MAX_GROWTH as i64 },
            },
            access: range!(growth_steps, GROWTH_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "blob_weight",
                label: "Blob rooms",
                unit: "parts",
                help: "How often a room is a blob, grown cell by cell as set by Growth steps (the tutorial's \
                       rooms). Each room's shape is drawn by these parts against the other shapes' parts: \
                       blobs 1 and halls 3 make a quarter of the rooms blobs. With only blobs, maps are \
                       exactly the tutorial's.",
                kind: ParamKind::Int { min: 0, max: MAX_SHAPE_WEIGHT as i64 },
            },
            access: count!(blob_weight, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "hall_weight",
                label: "Halls",
                unit: "parts",
                help: "How often a room is a hall: a large, nearly rectangular room (a treasure trove, a \
                       throne room) with a few cells nibbled off its corners and edges. 0: no halls.",
                kind: ParamKind::Int { min: 0, max: MAX_SHAPE_WEIGHT as i64 },
            },
            access: count!(hall_weight, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "hall_cells",
                label: "Hall size",
                unit: "cells",
                help: "Floor cells of a hall. Halls are at most twice as long as they are wide.",
                kind: ParamKind::Range { min: 4, max: MAX_SHAPE_CELLS as i64 },
            },
            access: range!(hall_cells, cells_words!("halls")),
        },
        Field {
            spec: ParamSpec {
                key: "narrow_weight",
                label: "Narrow rooms",
                unit: "parts",
                help: "How often a room is narrow: a gallery or trap corridor 1 or 2 cells wide, straight \
                       or with one bend. 0: no narrow rooms.",
                kind: ParamKind::Int { min: 0, max: MAX_SHAPE_WEIGHT as i64 },
            },
            access: count!(narrow_weight, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "narrow_cells",
                label: "Narrow room size",
                unit: "cells",
                help: "Floor cells of a narrow room; a 2-wide room of 16 cells is 8 cells long.",
                kind: ParamKind::Range { min: 2, max: MAX_SHAPE_CELLS as i64 },
            },
            access: range!(narrow_cells, cells_words!("narrow rooms")),
        },
        Field {
            spec: ParamSpec {
                key: "cave_weight",
                label: "Caves",
                unit: "parts",
                help: "How often a room is a cave: a long, winding room with many turns, here and there \
                       two cells wide. Caves that close on themselves are regrown like blobs with holes. \
                       0: no caves.",
                kind: ParamKind::Int { min: 0, max: MAX_SHAPE_WEIGHT as i64 },
            },
            access: count!(cave_weight, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "cave_cells",
                label: "Cave size",
                unit: "cells",
                help: "Floor cells of a cave. Long caves close on themselves more often and are regrown \
                       (see Hole retries).",
                kind: ParamKind::Range { min: 1, max: MAX_SHAPE_CELLS as i64 },
            },
            access: range!(cave_cells, cells_words!("caves")),
        },
        Field {
            spec: ParamSpec {
                key: "closet_weight",
                label: "Closets",
                unit: "parts",
                help: "How often a room is a closet: a tiny hiding place, one cell with short arms \
                       (a cross of 5 cells, longer arms past that). 0: no closets.",
                kind: ParamKind::Int { min: 0, max: MAX_SHAPE_WEIGHT as i64 },
            },
            access: count!(closet_weight, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "closet_cells",
                label: "Closet size",
                unit: "cells",
                help: "Floor cells of a closet: 1 is a single cell, 2 a pair, 5 a cross, 13 a cross \
                       with arms of 3.",
                kind: ParamKind::Range { min: 1, max: MAX_CLOSET_CELLS as i64 },
            },
            access: range!(closet_cells, cells_words!("closets")),
        },
        Field {
            spec: ParamSpec {
                key: "doors_per_room",
                label: "Doors per room",
                unit: "doors",
                help: "Candidate doors chosen on each room's outer walls (fewer when the room has fewer \
                       walls). Only doors that end up with a corridor appear on the map.",
                kind: ParamKind::Range { min: 1, max: MAX_DOORS as i64 },
            },
            access: range!(doors_per_room, DOORS_WORDS),
        },
        Field {
            spec: ParamSpec {
                key: "search_radius",
                label: "Search radius",
                unit: "tiles",
                help: "A new room is placed as close as possible to a free door: distances 1 to radius − 1 \
                       are tried, so corridors are at most radius − 1 tiles long. A room that fits \
                       nowhere within the radius ends generation (the tutorial uses 10).",
                kind: ParamKind::Int { min: 2, max: MAX_RADIUS as i64 },
            },
            access: count!(search_radius, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "branching",
                label: "Branching",
                unit: "%",
                help: "Chance that a new room may attach to any room with a free door, oldest first \
                       (a bushy tree, as in the tutorial). Otherwise it attaches to the newest room \
                       with a free door, falling back to the whole tree when it does not fit there; \
                       0% gives one long chain.",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(branching),
        },
        Field {
            spec: ParamSpec {
                key: "max_corridors_per_room",
                label: "Corridors per room",
                unit: "corridors",
                help: "Most corridors that may meet one room, tree and loop corridors together.",
                kind: ParamKind::Int { min: 2, max: MAX_CORRIDORS as i64 },
            },
            access: count!(max_corridors_per_room, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "share_doors",
                label: "Share doors",
                unit: "",
                help: "Whether one door may carry several corridors. Off: each door carries one \
                       corridor (what the tutorial intends).",
                kind: ParamKind::Bool,
            },
            access: flag!(share_doors),
        },
        Field {
            spec: ParamSpec {
                key: "corridors_may_cross",
                label: "Corridors may cross",
                unit: "",
                help: "Whether a corridor may run over another corridor's tiles. Off: corridors never \
                       touch each other's tiles, so without loops the walkways form a tree. Corridors \
                       never run through rooms.",
                kind: ParamKind::Bool,
            },
            access: flag!(corridors_may_cross),
        },
        Field {
            spec: ParamSpec {
                key: "loops",
                label: "Loop corridors",
                unit: "at most",
                help: "Extra corridors added after the tree between free doors of rooms that are far \
                       apart in the tree but close on the map, at most this many.",
                kind: ParamKind::Int { min: 0, max: MAX_LOOPS as i64 },
            },
            access: count!(loops, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "loop_min_separation",
                label: "Loop span",
                unit: "corridors",
                help: "A loop joins only rooms at least this many corridors apart in the tree, so \
                       every loop is a real detour.",
                kind: ParamKind::Int { min: 2, max: MAX_SEPARATION as i64 },
            },
            access: count!(loop_min_separation, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "loop_max_length",
                label: "Longest loop corridor",
                unit: "tiles",
                help: "Longest extra corridor, in tiles (shortest path between the two doors).",
                kind: ParamKind::Int { min: 1, max: MAX_LOOP_LENGTH as i64 },
            },
            access: count!(loop_max_length, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "mirror_chance",
                label: "Mirrored rooms",
                unit: "%",
                help: "Chance that a room's shape is mirrored left to right before it is placed \
                       (rooms are also tried in all four rotations).",
                kind: ParamKind::Float { min: 0.0, max: 1.0 },
            },
            access: chance!(mirror_chance),
        },
        Field {
            spec: ParamSpec {
                key: "door_kinds",
                label: "Door kinds",
                unit: "kinds",
                help: "Number of door kinds (colours). Each door gets a random kind and corridors only \
                       join doors of the same kind. 1: all doors alike.",
                kind: ParamKind::Int { min: 1, max: MAX_KINDS as i64 },
            },
            access: count!(door_kinds, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "hole_retries",
                label: "Hole retries",
                unit: "tries",
                help: "How many times a room grown with a hole in it is regrown before generation \
                       stops. Big rooms have holes more often.",
                kind: ParamKind::Int { min: 0, max: MAX_HOLE_RETRIES as i64 },
            },
            access: count!(hole_retries, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "margin",
                label: "Margin",
                unit: "tiles",
                help: "Wall tiles around the dungeon.",
                kind: ParamKind::Int { min: 1, max: MAX_MARGIN as i64 },
            },
            access: count!(margin, Words::Between),
        },
        Field {
            spec: ParamSpec {
                key: "placement_budget",
                label: "Placement budget",
                unit: "tries",
                help: "Most placements (door, position, rotation) tried for one room before generation \
                       stops; bounds the time on extreme settings.",
                kind: ParamKind::Int { min: MIN_BUDGET as i64, max: MAX_BUDGET as i64 },
            },
            access: count!(placement_budget, Words::Between),
        },
    ];

    /// The checks that involve several fields, run after those of `doors_per_room`.
    fn check_combinations(&self, out: &mut Vec<ParamIssue>) {
        let mut bad = |field: &'static str, message: String| out.push(ParamIssue { field, message });
        let dmax = self.doors_per_room.max;
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
        let sizes_valid = self.active_shapes().all(|s| {
            let r = self.size_of(s);
            r.min <= r.max && r.max <= s.max_cells()
        });
        if sizes_valid && (1..=MAX_ROOMS).contains(&self.rooms) {
            let most = self.most_cells();
            let total = u64::from(self.rooms) * u64::from(most);
            if total > MAX_TOTAL_CELLS {
                bad(
                    "rooms",
                    format!(
                        "{} rooms of up to {most} cells ask for up to {total} room cells; at most {MAX_TOTAL_CELLS} \
                         (fewer rooms, fewer growth steps or smaller shapes)",
                        self.rooms,
                    ),
                );
            }
        }
        let work = u64::from(self.rooms).saturating_mul(u64::from(dmax)).saturating_mul(u64::from(self.search_radius));
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
    }
}

field::table_params!(GrownRooms, crate::params::GeneratorKind::GrownRooms, "grown-rooms");

impl crate::params::Family for GrownRooms {
    const LABEL: &'static str = "Grown rooms";
    const STAGES: &'static [Stage] = crate::params::stages::then_shared!(Stage::Grow, Stage::Doors, Stage::Place, Stage::Loops);

    fn table() -> &'static [ParamSpec] {
        specs()
    }

    fn map_size(&self) -> Option<(u32, u32)> {
        None
    }
}

impl GrownRooms {
    /// The hand-written checks, after field `key`'s own.
    fn cross_checks(&self, key: &str, out: &mut Vec<ParamIssue>) {
        if key == "doors_per_room" {
            self.check_combinations(out);
        }
        if key == "closet_cells" && self.shape_weights().iter().all(|(_, w)| *w == 0) {
            out.push(ParamIssue {
                field: "blob_weight",
                message: "every room shape has 0 parts, so no room can be made; give blobs, halls, \
                          narrow rooms, caves or closets at least 1 part"
                    .to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Huge counts in a preset are reported, not multiplied past `u64` (a panic before).
    #[test]
    fn huge_counts_do_not_overflow_the_checks() {
        let p = GrownRooms {
            rooms: u32::MAX,
            doors_per_room: SizeRange::new(2, u32::MAX),
            search_radius: u32::MAX,
            ..GrownRooms::default()
        };
        let fields: Vec<_> = p.check().into_iter().map(|i| i.field).collect();
        assert!(fields.contains(&"rooms") && fields.contains(&"doors_per_room") && fields.contains(&"search_radius"));
    }
}
