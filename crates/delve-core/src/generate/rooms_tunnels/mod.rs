//! Rooms and tunnels: the classic fill-then-carve generator of the McRogueFace and Godot
//! roguelike tutorials (part 3), with their "Try this" / "Challenge" variants as parameters.
//!
//! The tutorials' algorithm, as this generator's stages:
//!
//! | Stage | File | Does | Stream |
//! |---|---|---|---|
//! | 1. Place rooms | `place.rs`, `carve.rs` | the room tries, each room's floor and colour | [`Stream::Layout`], [`Stream::Colours`] |
//! | 2. Dig tunnels | `dig.rs`, `tunnels.rs` | an L (or a straight line) from each room to the one before | (drawn in stage 1) |
//! | 3. Spawn | here | the first room's centre | — |
//! | (Keep locks) | `around_locks.rs` | only around locks: kept corridors, free kept doors, locked tiles | — |
//!
//! then the stages every generator ends with ([`super::stages`]): roles, colours apart. The
//! stages after *place rooms* run in the order of the parameters' stage list, those turned off
//! or left out not at all (see [`crate::params::stages`]).
//!
//! 1. Fill the map with wall. `max_rooms` times: draw a width and a height in `room_size`, then
//!    `x` in `edge_margin..=W - w - 1 - edge_margin` (and `y` likewise). The room's footprint is
//!    the rectangle `(x, y, w, h)`; its floor is `x+1..=x+w-1` by `y+1..=y+h-1`; its centre is
//!    `(x + w/2, y + h/2)`. Skip it when it overlaps a placed room under the `overlap` rule.
//!    Carve its floor (optionally a disc instead of the rectangle), and draw the tunnel that
//!    will join it to the previously placed room: an L (coin flip: horizontal or vertical leg
//!    first) or, optionally, a straight Bresenham line made 4-connected. All of it comes from
//!    one stream, [`Stream::Layout`], in exactly the tutorials' order; the colours from their
//!    own.
//! 2. Dig each tunnel between the two rooms' centres (`dig::Tutorial`'s `line`). The
//!    tutorials dig it in the same loop; digging after every room is placed makes the same
//!    tiles, since a room's floor stays floor either way.
//! 3. Spawn at the first room's centre.
//!
//! Extra draws (circle rooms, direct tunnels) are made only when their chance is above zero,
//! so the tutorials' presets reproduce their stream exactly.
//!
//! Locks enter through the three seams of `generate/keep.rs`: the obstacles stage 1 avoids, the
//! router stage 2 asks (`around_locks::AroundLocks` instead of `dig::Tutorial`), and the
//! keep-locks stage. Without locks none of it runs.

pub mod params;
pub mod stages;

pub use params::RoomsAndTunnels;

use super::Report;
use crate::geom::Pos;
use crate::params::Params;
use crate::params::rooms_tunnels::*;
#[cfg(doc)]
use crate::rng::Stream;

mod around_locks;
pub(super) mod carve;
pub(super) mod dig;
mod footprints;
mod place;
mod steps;
pub(super) mod tunnels;

use super::keep::Locks;
use super::record::{Off, Recorder, Step};
use crate::map::Map;
use crate::map::locks::LockConflict;
use crate::params::GeneratorKind;
use crate::params::stages::Stage;
use dig::{Dig, Tutorial};
use place::Placed;
pub use steps::{RoomsTunnelsStep, TryOutcome};
use tunnels::TunnelKind;

/// The map, telling `rec` each room try and each tunnel.
fn generate_with(p: &RoomsAndTunnels, seed: u64, rec: &mut impl Recorder) -> super::Generated {
    // Place rooms comes first in every list that can be generated: every other stage works on
    // its rooms. Then the rest, as the list orders them.
    let placed = place::place_rooms(p, seed, None, rec);
    let (mut map, lookup) = carve::carve_rooms(p, seed, &placed, None);
    for stage in p.common.stages.running(KIND) {
        match stage {
            Stage::DigTunnels => {
                let mut dig = Dig::new(p, &lookup, placed.len().saturating_sub(1));
                // The tutorial's tunnels cannot fail.
                let _ = dig::dig_tunnels(p, &placed, &mut map, &mut dig, &mut Tutorial, rec);
                dig.finish(&mut map);
            }
            Stage::Spawn => spawn(p, &placed, &mut map),
            _ => {}
        }
    }
    super::Generated { map, report: report(p, placed.len()) }
}

/// The generator whose stages these are.
const KIND: GeneratorKind = GeneratorKind::RoomsAndTunnels;

/// The map around `locks`: the kept rooms take their place in the order of rooms (a kept
/// room whose id is `k` is the `k`-th room, or follows the last new room when fewer were
/// placed), every try avoids them by the same overlap rule and avoids locked tiles, and the
/// tunnels join kept rooms through their own doors (see [`around_locks`]).
fn generate_keeping(
    p: &RoomsAndTunnels,
    seed: u64,
    locks: &Locks,
    rec: &mut impl Recorder,
) -> Result<super::Generated, LockConflict> {
    let placed = place::place_rooms(p, seed, Some(locks), rec);
    let map = dig_around(p, seed, locks, &placed, true, rec)?;
    Ok(super::Generated { map, report: report(p, placed.len() - locks.rooms.len()) })
}

/// The map of `placed` (kept rooms among them) around `locks`: the rooms carved, the tunnels
/// of the rooms that have one dug round what is kept, the spawn, and, when `stitch`, the keep
/// locks stage.
fn dig_around(
    p: &RoomsAndTunnels,
    seed: u64,
    locks: &Locks,
    placed: &[Placed],
    stitch: bool,
    rec: &mut impl Recorder,
) -> Result<Map, LockConflict> {
    let (mut map, lookup) = carve::carve_rooms(p, seed, placed, Some(locks));
    let mut dig = Dig::new(p, &lookup, placed.len().saturating_sub(1));
    let mut router = around_locks::AroundLocks::new(locks, placed, &mut map, &mut dig);
    for stage in p.common.stages.running(KIND) {
        match stage {
            Stage::DigTunnels => dig::dig_tunnels(p, placed, &mut map, &mut dig, &mut router, rec)?,
            Stage::Spawn => spawn(p, placed, &mut map),
            _ => {}
        }
    }
    // Keep locks, last.
    if stitch {
        router.stitch(placed, &mut map, &mut dig)?;
    }
    dig.finish(&mut map);
    Ok(map)
}

/// The map after `steps`, the first of a recording around `kept`: every kept room from the
/// start, the rooms the steps placed, the tunnels they dug, and the kept corridors and tiles
/// once the locks step is among them.
fn replay_around(p: &RoomsAndTunnels, seed: u64, kept: &crate::map::locks::Kept, steps: &[Step]) -> Option<Map> {
    let locks = Locks::prepared(kept, p.width, p.height).ok()?;
    let mut placed = place::place_rooms(p, seed, Some(&locks), &mut Off);
    let tried = steps.iter().filter(|s| matches!(s, Step::RoomsTunnels(RoomsTunnelsStep::RoomTried { .. }))).count();
    let mut rooms = 0;
    let mut dug = Vec::new();
    for step in steps {
        match step {
            Step::RoomsTunnels(RoomsTunnelsStep::RoomTried { outcome: TryOutcome::Placed { .. }, .. }) => rooms += 1,
            Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug { from, to, .. }) => dug.push((*from).max(*to) as usize),
            _ => {}
        }
    }
    if tried < p.max_rooms as usize {
        // Still placing: the kept rooms and the first rooms placed.
        let mut own = 0;
        placed.retain(|r| {
            own += usize::from(r.kept.is_none());
            r.kept.is_some() || own <= rooms
        });
    }
    for (i, room) in placed.iter_mut().enumerate() {
        if !dug.contains(&i) {
            room.tunnel = None;
        }
    }
    let stitch = steps.iter().any(|s| s.stage() == Stage::KeepLocks);
    dig_around(p, seed, &locks, &placed, stitch, &mut Off).ok()
}

/// Stage 3: the spawn at the first room's centre (the map's centre when no room was placed).
fn spawn(p: &RoomsAndTunnels, placed: &[Placed], map: &mut Map) {
    map.spawn = placed.first().map_or(Pos::new((p.width / 2) as i32, (p.height / 2) as i32), |r| r.centre);
}

/// The report of a run that placed `rooms_placed` new rooms.
fn report(p: &RoomsAndTunnels, rooms_placed: usize) -> Report {
    let rooms_asked = p.max_rooms as usize;
    let shortfall = (rooms_placed < rooms_asked).then(|| {
        let labels = [p.label_of("width"), p.label_of("height"), p.label_of("room_size")];
        super::Shortfall::overlapped(rooms_asked - rooms_placed, labels)
    });
    Report::new(rooms_placed, rooms_asked, shortfall)
}

/// The map after `steps`, the first steps of a recording of [`generate_with`] for `p` and
/// `seed`: every room placed so far with its floor and colour, and every tunnel dug so far.
/// After all the steps, exactly the generated map.
fn replay(p: &RoomsAndTunnels, seed: u64, steps: &[Step]) -> Map {
    let mut placed: Vec<Placed> = Vec::new();
    for step in steps {
        match step {
            Step::RoomsTunnels(RoomsTunnelsStep::RoomTried {
                footprint: f,
                outcome: TryOutcome::Placed { shape, .. },
                ..
            }) => placed.push(Placed {
                footprint: *f,
                shape: shape.clone(),
                centre: Pos::new(f.x + f.w / 2, f.y + f.h / 2),
                tunnel: None,
                kept: None,
            }),
            Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug { from, to, leg, .. }) => {
                // A tunnel joins the newest room to the one before it.
                if let Some(room) = placed.get_mut((*from).max(*to) as usize) {
                    room.tunnel = Some(TunnelKind::of(*leg));
                }
            }
            _ => {}
        }
    }
    let (mut map, lookup) = carve::carve_rooms(p, seed, &placed, None);
    for stage in p.common.stages.running(KIND) {
        match stage {
            Stage::DigTunnels => {
                let mut dig = Dig::new(p, &lookup, placed.len().saturating_sub(1));
                let _ = dig::dig_tunnels(p, &placed, &mut map, &mut dig, &mut Tutorial, &mut Off);
                dig.finish(&mut map);
            }
            Stage::Spawn => spawn(p, &placed, &mut map),
            _ => {}
        }
    }
    map
}

impl super::family::Generate for RoomsAndTunnels {
    const JOINS: Option<(Stage, &'static str)> =
        Some((Stage::DigTunnels, "Dig tunnels is off: the rooms are not joined"));

    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (super::Generated, Option<usize>) {
        (generate_with(self, seed, rec), None)
    }

    fn replay(&self, seed: u64, steps: &[Step]) -> Map {
        replay(self, seed, steps)
    }

    fn prepare_locks(&self, kept: &crate::map::locks::Kept) -> Result<Option<std::sync::Arc<Locks>>, super::GenError> {
        Ok(Some(Locks::prepared(kept, self.width, self.height)?))
    }

    fn around_locks(
        &self,
        seed: u64,
        kept: &crate::map::locks::Kept,
        rec: &mut impl Recorder,
    ) -> Result<(super::Generated, Option<usize>), super::GenError> {
        let locks = Locks::prepared(kept, self.width, self.height)?;
        let made = generate_keeping(self, seed, &locks, rec)?;
        rec.record(|| super::keep_over::kept_step(kept, false));
        Ok((made, None))
    }

    fn replay_around(&self, seed: u64, kept: &crate::map::locks::Kept, steps: &[Step]) -> Option<Map> {
        replay_around(self, seed, kept, steps)
    }
}
