//! Grown rooms: the generator of Tiendil's "Dungeon generation — from simple to complex" (step 6),
//! with its "what's next" items as parameters.
//!
//! The tutorial's algorithm, as this generator's stages ([`super::stages`]):
//!
//! | Stage | File | Does | Stream |
//! |---|---|---|---|
//! | 1. Grow | `grow.rs` (`shapes.rs`, `growth.rs`) | the room's shape: picked by weight, grown, regrown while it has a hole, mirrored by chance | [`Stream::Shapes`] |
//! | 2. Doors | `doors.rs` | its candidate doors, on its outer walls, each with a kind | [`Stream::Doors`] |
//! | (Colour) | `template.rs` | its palette colour | [`Stream::Colours`] |
//! | 3. Place | `place.rs` (`search.rs`, `door_cache.rs`) | at a free door of a placed room, by the shortest corridor, the first pose that fits in a fixed order | [`Stream::Layout`] |
//! | 4. Loops | `loops.rs` | extra corridors between free doors of rooms far apart in the tree | [`Stream::Loops`] |
//! | (Role rules' plan) | `plan.rs` | only with a role rule on: where each room attaches, which rooms are sealed, which loops keep the exit far | — |
//! | (Keep locks) | `keep.rs` | only around locks: the kept rooms first, then every kept door joined and the locked tiles set | — |
//!
//! Stages 1 to 3 run room by room, as the tutorial does: a room is grown, given doors and
//! placed before the next is grown (`run_around`, below, reads so); each draws from its own stream,
//! so tuning one does not reshuffle the others. Loops come after the tree; then the stages
//! every generator ends with: roles (which name the treasure the plan grew) and colours apart.
//! With every role rule off and nothing locked, the maps are exactly the tutorial's. Each
//! stage's file describes it in full.
//!
//! The dungeon under construction is the `Builder` (`build.rs`), on a plane of cell flags
//! (`plane.rs`). Every candidate door not used by a corridor stays internal: the map stores only
//! doors that carry a corridor. Corridors are stored in the order they were made: the tree's
//! first (one per room after the first, from the placed room's door to the new room's), then
//! the loops.
//!
//! On the tile grid, room cells are room floor and corridor cells corridor floor; as in the
//! tutorial, walls are the edges between cells, so a corridor cell may touch a room's floor
//! away from a door (the view draws room outlines and doors on those edges).
//!
//! Speed: the gap test is one lookup per new cell, and each free door caches where a room could
//! open onto it and how large it could be there (`door_cache.rs`), so the work per room barely
//! grows with the dungeon; the first-pose-wins order is unchanged by it.

pub mod params;
pub mod stages;

pub use params::GrownRooms;

use super::record::{Off, Recorder, Step};
use super::{GenError, Generated, Report};
use crate::geom::Pos;
use crate::map::Map;
use crate::map::locks::LockConflict;
use crate::params::Params;
#[cfg(doc)]
use crate::rng::Stream;
use build::Builder;
use doors::Doors;
use grow::{Grow, Grown};
use keep::finish_map;
use place::Place;
use plan::{Part, Plan};
use template::{Ask, Rotation, Template};

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
    let (mut g, stats) = run(p, seed, &mut Off);
    g.map.provenance = super::Provenance {
        params: Some(super::GeneratorParams::GrownRooms(p.clone())),
        seed,
        edited: false,
        kept: None,
    };
    Ok((g, stats))
}

/// The map and the room grown as the treasure (for the roles stage; see `grown/plan.rs`),
/// with every step recorded in `rec`.
fn generate_with(p: &GrownRooms, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
    let (g, stats) = run(p, seed, rec);
    (g, stats.treasure.map(|t| t as usize))
}

/// The map around `locks` (see [`run_around`]), telling `rec` each step.
fn generate_keeping(
    p: &GrownRooms,
    seed: u64,
    locks: &super::keep::Locks,
    rec: &mut impl Recorder,
) -> Result<(Generated, Option<usize>), LockConflict> {
    run_around(p, seed, Some(locks), rec).map(|(g, s)| (g, s.treasure.map(|t| t as usize)))
}

/// The map after `steps`, the first of a recording around `kept`: the rooms and corridors the
/// steps grew, among the kept rooms drawn where they are (the tree grows from their doors);
/// from the locks step on, the map the run made (its kept doors joined, every piece joined).
fn replay_around(p: &GrownRooms, seed: u64, kept: &crate::map::locks::Kept, steps: &[Step]) -> Option<Map> {
    if steps.iter().any(|s| s.stage() == crate::params::stages::Stage::KeepLocks) {
        let locks = super::keep::Locks::prepared(kept, kept.width, kept.height).ok()?;
        return generate_keeping(p, seed, &locks, &mut Off).ok().map(|(g, _)| g.map);
    }
    let mut map = replay(steps);
    if (map.width(), map.height()) != (kept.width, kept.height) {
        // Before the first step, which lays out the locks' map.
        map = Map::new(kept.width, kept.height);
    }
    super::keep_over::draw(&mut map, kept).ok()?;
    Some(map)
}

/// The map after `steps` of a recording (see [`super::replay`]).
fn replay(steps: &[Step]) -> Map {
    build::replay(steps)
}

mod build;
mod door_cache;
mod doors;
mod grow;
mod growth;
mod keep;
mod loops;
mod place;
mod plan;
mod plane;
mod search;
mod shapes;
mod steps;
mod template;

pub use steps::{Attach, DoorRef, GrownStep, Growth, Pose, Refusal, Refused, Tally};

/// [`run_around`] with nothing locked.
fn run(p: &GrownRooms, seed: u64, rec: &mut impl Recorder) -> (Generated, GrownStats) {
    match run_around(p, seed, None, rec) {
        Ok(out) => out,
        // Without locks nothing can conflict.
        Err(_) => (Generated { map: Map::new(1, 1), report: Report::default() }, GrownStats::default()),
    }
}

/// The generator's stages (see the table above), telling `rec` each step; around `locks`, the
/// kept rooms are placed first where they are (the map keeps their size and places), the tree
/// grows from their doors, then every kept door is given a corridor and every piece joined to
/// the first (`keep.rs`).
fn run_around(
    p: &GrownRooms,
    seed: u64,
    locks: Option<&super::keep::Locks>,
    rec: &mut impl Recorder,
) -> Result<(Generated, GrownStats), LockConflict> {
    let mut b = Builder::new(p);
    if let Some(l) = locks {
        b.keep(l)?;
    }
    let kept = b.rooms.len();
    let mut plan = Plan::new(p, &b);
    let mut stats = GrownStats::default();
    // 1–3, room after room: grow its shape, choose its doors, place it at a free door.
    let shortfall = grow_tree(p, seed, &mut b, &mut plan, &mut stats, rec)?;
    if let Some(plan) = &mut plan {
        // The entrance: the spawn's room (as the map will have it, below).
        let spawn = locks.and_then(|l| l.spawn);
        let entrance = spawn.and_then(|s| b.rooms.iter().position(|r| r.cells.contains(&s)));
        let entrance = entrance.unwrap_or(kept.min(b.rooms.len().saturating_sub(1)));
        plan.finish(&mut b, entrance);
        stats.treasure = plan.treasure;
    }
    // 4. Loops: extra corridors between free doors far apart in the tree.
    (stats.loops_added, stats.loop_candidates) = loops::add_loops(&mut b, seed, rec);
    if let Some(l) = locks {
        b.join_kept(l, kept)?;
    }
    (stats.poses_tested, stats.doors_examined, stats.door_levels_computed) = (b.poses, b.examined, b.levels);
    let rooms_placed = b.rooms.len();
    let ((dx, dy), (width, height)) = b.frame();
    let mut map = b.into_map();
    if let Some(l) = locks {
        finish_map(l, &mut map)?;
    }
    rec.reframe(|| GrownStep::Canvas { width, height, spawn: map.spawn }.into(), dx, dy);
    Ok((Generated { map, report: Report::new(rooms_placed, p.rooms as usize, shortfall) }, stats))
}

/// Stages 1 to 3, room after room as the tutorial grows them, until `p.rooms` are placed or one
/// cannot be: returns why not (the shortfall), if so.
fn grow_tree(
    p: &GrownRooms,
    seed: u64,
    b: &mut Builder<'_>,
    plan: &mut Option<Plan>,
    stats: &mut GrownStats,
    rec: &mut impl Recorder,
) -> Result<Option<super::Shortfall>, LockConflict> {
    let mut grow = Grow::new(p, seed);
    let mut doors = Doors::new(seed);
    let mut colours = crate::rng::stream(seed, crate::rng::Stream::Colours);
    let mut place = Place::new(p, seed);
    for i in b.rooms.len() as u32..p.rooms {
        let room = b.rooms.len() as u32;
        let part = plan.as_ref().map_or(Part::Main, |plan| plan.part(i));
        let ask = plan.as_ref().map_or(Ask::default(), |plan| plan.ask(part));
        // 1. Grow: the room's shape.
        let grown = grow.room(p, (room, ask), rec);
        stats.regrown += u64::from(grown.regrown);
        let exhausted = grown.exhausted;
        // 2. Doors: its candidate doors on its outer walls.
        let chosen = doors.choose(p, &grown, ask.doors, room, rec);
        let t = Template::new(grown, chosen, &mut colours);
        // 3. Place: at a free door of a placed room, by the shortest corridor.
        let groups = plan.as_ref().and_then(|plan| plan.anchor(b, part));
        let anchor = place.anchor(groups.as_deref());
        if let Some(shape) = exhausted {
            // The first room is kept, holes filled, so the map is never empty.
            let kept_first = i == 0 && b.place(&t, anchor, rec).is_ok();
            if kept_first {
                stats.candidate_doors += t.doors.len();
            }
            // A shortfall is rooms not placed: none when that first room was the only one asked.
            let only = kept_first && i + 1 == p.rooms;
            return Ok((!only).then(|| Grown::hole_shortfall(p, b.rooms.len(), shape)));
        }
        if b.rooms.is_empty() && b.bounds.is_some() {
            // Only tiles are locked: the first room goes where it fits, near the middle.
            if !b.place_first_in_bounds(&t, &Rotation::new(&t, 0)) {
                return Err(LockConflict::WalledIn { what: "the first room".into(), cell: Pos::new(0, 0) });
            }
            stats.candidate_doors += t.doors.len();
            continue;
        }
        if let Err(why) = b.place(&t, anchor, rec) {
            return Ok(Some(why));
        }
        if let Some(plan) = plan {
            plan.placed(b, part, room);
        }
        stats.candidate_doors += t.doors.len();
    }
    Ok(None)
}

/// [`grow_tree`] alone for `p` and `seed` (nothing planned, nothing locked), as `run` runs
/// them: the builder holding the tree.
#[cfg(test)]
fn tree_alone(p: &GrownRooms, seed: u64) -> Builder<'_> {
    let (mut grow, mut doors, mut place) = (Grow::new(p, seed), Doors::new(seed), Place::new(p, seed));
    let mut colours = crate::rng::stream(seed, crate::rng::Stream::Colours);
    let mut b = Builder::new(p);
    for room in 0..p.rooms {
        let grown = grow.room(p, (room, Ask::default()), &mut Off);
        let chosen = doors.choose(p, &grown, 0, room, &mut Off);
        let t = Template::new(grown, chosen, &mut colours);
        if b.place(&t, place.anchor(None), &mut Off).is_err() {
            break;
        }
    }
    b
}

impl super::family::Generate for GrownRooms {
    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
        generate_with(self, seed, rec)
    }

    fn replay(&self, _seed: u64, steps: &[Step]) -> Map {
        replay(steps)
    }

    fn prepare_locks(
        &self,
        kept: &crate::map::locks::Kept,
    ) -> Result<Option<std::sync::Arc<super::keep::Locks>>, super::GenError> {
        Ok(Some(super::keep::Locks::prepared(kept, kept.width, kept.height)?))
    }

    fn around_locks(
        &self,
        seed: u64,
        kept: &crate::map::locks::Kept,
        rec: &mut impl super::record::Recorder,
    ) -> Result<(Generated, Option<usize>), super::GenError> {
        let locks = super::keep::Locks::prepared(kept, kept.width, kept.height)?;
        let made = generate_keeping(self, seed, &locks, rec)?;
        rec.record(|| super::keep_over::kept_step(kept, false));
        Ok(made)
    }

    fn replay_around(&self, seed: u64, kept: &crate::map::locks::Kept, steps: &[Step]) -> Option<Map> {
        replay_around(self, seed, kept, steps)
    }

    fn running(&mut self, stages: &crate::params::stages::StageList) {
        if !stages.runs(crate::params::stages::Stage::Loops) {
            self.loops = 0;
        }
    }
}
