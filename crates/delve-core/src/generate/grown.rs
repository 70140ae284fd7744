//! Grown rooms: the generator of Tiendil's "Dungeon generation — from simple to complex" (step 6),
//! with its "what's next" items as parameters.
//!
//! Algorithm, one room at a time:
//! 1. **Grow** ([`crate::rng::Stream::Shapes`]): pick the room's shape by weight (one draw over the weights
//!    of blob, hall, narrow, cave, closet, in that order; no draw when only one shape has
//!    weight, so a blob-only run draws exactly as the tutorial). A blob starts with one cell;
//!    `growth_steps` times add a random empty 4-neighbour (uniform over the distinct empty
//!    neighbours). The other shapes draw a cell count from their size range and are made as
//!    `grown/shapes.rs` describes. A room whose surrounding empty space is not one 4-connected
//!    region (flood fill over its bounding box grown by one) has a hole and is regrown in the
//!    same shape, at most `hole_retries` times. Then, with `mirror_chance`, the shape is
//!    mirrored left to right.
//! 2. **Doors** ([`crate::rng::Stream::Doors`]): the outer walls are the (cell, side) pairs whose neighbour is
//!    not in the room, listed cell by cell in growth order, sides in [`crate::geom::Dir::ALL`] order. A count is
//!    drawn from `doors_per_room` (capped by the wall count) and that many walls are sampled
//!    without replacement; each gets a kind in `0..door_kinds`.
//! 3. **Colour** ([`crate::rng::Stream::Colours`]): each channel in `0..=0x99` (dark, as in the tutorial).
//! 4. **Place**. The first room stays at the origin. For every other room, one draw from
//!    [`crate::rng::Stream::Layout`] decides (with probability `branching`) whether it may attach anywhere or
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
//! 5. **Loops** ([`crate::rng::Stream::Loops`]): after the tree, every pair of free doors of the same kind on
//!    rooms at least `loop_min_separation` corridors apart in the tree, whose outside cells a
//!    shortest path of at most `loop_max_length` cells joins, is a candidate. Candidates are
//!    shuffled and added, re-checked against what was added before, until `loops` were added.
//! 6. **Role rules** (only when one is on; `grown/plan.rs`): the rooms are grown in a plan of
//!    reserved steps so the rules hold by construction where the space allows: the tree grows
//!    deepest-first until it is as deep as the exit rule asks, then the last rooms of the run
//!    are the guard (off one of the deepest rooms that leaves the exit deepest), the treasure
//!    behind it (a hall when halls have weight) and its side rooms off it only (the smallest of
//!    their shape, closets when closets have weight); the treasure and its side rooms are
//!    sealed, so no loop or later corridor reaches them, and with the exit rule no loop is
//!    added that would bring the exit nearer than asked or than the treasure (measured on the
//!    one room graph when the loop joins rooms more than one apart in distance). The roles
//!    themselves are given by the roles stage (`generate/roles.rs`), which names the grown
//!    treasure. With every rule off none of this happens: the maps are exactly the tutorial's.
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

use super::{GenError, Generated};
use crate::params::Params;
use crate::params::grown::*;

/// Largest map side; rooms are never placed so that the map would grow past it.
const MAX_EXTENT: i32 = 4096;

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
    /// The room grown as the treasure room under the role rules (see `grown/plan.rs`): none
    /// with the rules off or when it could not be grown.
    pub treasure: Option<u32>,
}

/// Generates like [`super::generate`] and also returns the run's [`GrownStats`] (for sweeps,
/// benchmarks and the closing figures of the tutorial comparison).
pub fn generate_with_stats(p: &GrownRooms, seed: u64) -> Result<(Generated, GrownStats), GenError> {
    let issues = p.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    let (mut g, stats) = run(p, seed, &mut super::record::Off);
    g.map.provenance = super::Provenance {
        params: Some(super::GeneratorParams::GrownRooms(p.clone())),
        seed,
        edited: false,
        kept: None,
    };
    Ok((g, stats))
}

/// The map, and the room grown as the treasure (for the roles stage; see `grown/plan.rs`).
pub(super) fn generate(p: &GrownRooms, seed: u64) -> (Generated, Option<usize>) {
    generate_with(p, seed, &mut super::record::Off)
}

/// [`generate`], with every step recorded in `rec`.
pub(super) fn generate_with(
    p: &GrownRooms,
    seed: u64,
    rec: &mut impl super::record::Recorder,
) -> (Generated, Option<usize>) {
    let (g, stats) = run(p, seed, rec);
    (g, stats.treasure.map(|t| t as usize))
}

/// [`generate`] around `locks` (see [`build::run_around`]).
pub(super) fn generate_keeping(
    p: &GrownRooms,
    seed: u64,
    locks: &super::keep::Locks,
) -> Result<(Generated, Option<usize>), crate::map::locks::LockConflict> {
    build::run_around(p, seed, Some(locks), &mut super::record::Off).map(|(g, s)| (g, s.treasure.map(|t| t as usize)))
}

/// The map after `steps` of a recording (see [`super::replay`]).
pub(super) fn replay(steps: &[super::record::Step]) -> crate::map::Map {
    build::replay(steps)
}

mod build;
use build::run;
mod doors;
mod growth;
mod keep;
mod loops;
mod placement;
mod plan;
mod shapes;
mod template;
