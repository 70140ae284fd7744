//! Rooms and tunnels: the classic fill-then-carve generator of the McRogueFace and Godot
//! roguelike tutorials (part 3), with their "Try this" / "Challenge" variants as parameters.
//!
//! Algorithm (one random stream, [`Stage::Layout`], drawn in exactly the tutorials' order):
//! 1. Fill the map with wall.
//! 2. `max_rooms` times: draw a width and a height in `room_size`, then `x` in
//!    `edge_margin..=W - w - 1 - edge_margin` (and `y` likewise). The room's footprint is the
//!    rectangle `(x, y, w, h)`; its floor is `x+1..=x+w-1` by `y+1..=y+h-1`; its centre is
//!    `(x + w/2, y + h/2)`. Skip it when it overlaps a placed room under the `overlap` rule.
//! 3. Carve the floor (optionally a disc instead of the rectangle) and join the room to the
//!    previously placed one by a tunnel between their centres: an L (coin flip: horizontal or
//!    vertical leg first) or, optionally, a straight Bresenham line made 4-connected.
//! 4. Spawn at the first room's centre.
//!
//! Extra draws (circle rooms, direct tunnels) are made only when their chance is above zero,
//! so the tutorials' presets reproduce their stream exactly.

use super::Report;
use crate::geom::{Pos, Rect};
use crate::map::Shape;
use crate::params::Params;
use crate::params::rooms_tunnels::*;
use crate::rng::{Stage, stream};
use rand::RngExt;

mod assembly;
mod footprints;
mod tunnels;

use super::keep::Locks;
use super::record::{Off, Recorder, Step, TryOutcome};
use crate::map::locks::LockConflict;
use assembly::{Placed, build_map};
use footprints::{Footprints, keep_out, probe};
use tunnels::TunnelKind;

pub(super) fn generate(p: &RoomsAndTunnels, seed: u64) -> super::Generated {
    generate_with(p, seed, &mut Off)
}

/// [`generate`], telling `rec` each room try and each tunnel.
pub(super) fn generate_with(p: &RoomsAndTunnels, seed: u64, rec: &mut impl Recorder) -> super::Generated {
    match generate_around(p, seed, None, rec) {
        Ok(g) => g,
        // Without locks nothing can conflict.
        Err(_) => super::Generated { map: crate::map::Map::new(p.width, p.height), report: Report::default() },
    }
}

/// [`generate`] around `locks`: the kept rooms take their place in the order of rooms (a kept
/// room whose id is `k` is the `k`-th room, or follows the last new room when fewer were
/// placed), every try avoids them by the same overlap rule and avoids locked tiles, and the
/// tunnels join kept rooms through their own doors (see [`assembly::build_map`]).
pub(super) fn generate_keeping(
    p: &RoomsAndTunnels,
    seed: u64,
    locks: &Locks,
) -> Result<super::Generated, LockConflict> {
    generate_around(p, seed, Some(locks), &mut Off)
}

fn generate_around(
    p: &RoomsAndTunnels,
    seed: u64,
    locks: Option<&Locks>,
    rec: &mut impl Recorder,
) -> Result<super::Generated, LockConflict> {
    let mut rng = stream(seed, Stage::Layout);
    let (w_map, h_map) = (p.width as i32, p.height as i32);
    let margin = p.edge_margin as i32;
    let spacing = p.room_spacing as i32;
    let (lo, hi) = (p.room_size.min as i32, p.room_size.max as i32);

    let mut placed: Vec<Placed> = Vec::with_capacity(p.max_rooms.min(4096) as usize);
    let mut index = Footprints::with_capacity(placed.capacity());
    // Kept rooms: in the index from the start, in the order of rooms at their place.
    let kept = locks.map_or(&[][..], |l| &l.rooms[..]);
    let mut next_kept = 0;
    for room in kept {
        index.push(keep_out(p.overlap, spacing, &footprint_of(&room.shape)));
    }
    let mut flush = |placed: &mut Vec<Placed>, rng: &mut crate::rng::DelveRng, all: bool| {
        while let Some(room) = kept.get(next_kept).filter(|r| all || r.id as usize <= placed.len()) {
            let tunnel = (!placed.is_empty()).then(|| draw_tunnel(p, rng));
            let footprint = footprint_of(&room.shape);
            let centre = kept_centre(&room.shape, &footprint);
            placed.push(Placed { footprint, shape: room.shape.clone(), centre, tunnel, kept: Some(next_kept) });
            next_kept += 1;
        }
    };
    for attempt in 1..=p.max_rooms {
        flush(&mut placed, &mut rng, false);
        let w = rng.random_range(lo..=hi);
        let h = rng.random_range(lo..=hi);
        let x = rng.random_range(margin..=w_map - w - 1 - margin);
        let y = rng.random_range(margin..=h_map - h - 1 - margin);
        let footprint = Rect::new(x, y, w, h);
        let probe = probe(p.overlap, &footprint);
        if index.any(&probe, p.width, p.height) || locks.is_some_and(|l| l.blocks(Rect::new(x, y, w + 1, h + 1))) {
            rec.record(|| Step::RoomTried {
                attempt,
                footprint,
                outcome: TryOutcome::Overlaps { room: index.first_hit(&probe).unwrap_or(0) as u32 },
            });
            continue;
        }
        let centre = Pos::new(x + w / 2, y + h / 2);
        let shape = if p.circle_room_chance > 0.0 && rng.random::<f64>() < p.circle_room_chance {
            Shape::Circle { centre, radius: (w.min(h) / 2 - 1).max(0) }
        } else {
            Shape::Rect(Rect::new(x + 1, y + 1, w - 1, h - 1))
        };
        let tunnel = (!placed.is_empty()).then(|| draw_tunnel(p, &mut rng));
        index.push(keep_out(p.overlap, spacing, &footprint));
        let room = placed.len() as u32;
        rec.record(|| Step::RoomTried {
            attempt,
            footprint,
            outcome: TryOutcome::Placed { room, shape: shape.clone() },
        });
        if let Some(kind) = tunnel {
            let (from, to) = match p.tunnel_from {
                TunnelFrom::PreviousRoom => (room - 1, room),
                TunnelFrom::NewRoom => (room, room - 1),
            };
            let centre_of = |r: u32| placed.get(r as usize).map_or(centre, |q: &Placed| q.centre);
            rec.record(|| Step::TunnelDug { from, to, start: centre_of(from), end: centre_of(to), leg: kind.leg() });
        }
        placed.push(Placed { footprint, shape, centre, tunnel, kept: None });
    }
    flush(&mut placed, &mut rng, true);

    let map = build_map(p, seed, &placed, locks)?;
    let rooms_placed = placed.len() - kept.len();
    let rooms_asked = p.max_rooms as usize;
    let shortfall = (rooms_placed < rooms_asked).then(|| {
        let labels = [p.label_of("width"), p.label_of("height"), p.label_of("room_size")];
        super::Shortfall::overlapped(rooms_asked - rooms_placed, labels)
    });
    Ok(super::Generated { map, report: Report::new(rooms_placed, rooms_asked, shortfall) })
}

/// How the next room is joined to the one before it: one or two draws.
fn draw_tunnel(p: &RoomsAndTunnels, rng: &mut crate::rng::DelveRng) -> TunnelKind {
    if p.direct_tunnel_chance > 0.0 && rng.random::<f64>() < p.direct_tunnel_chance {
        TunnelKind::Direct
    } else {
        TunnelKind::L { horizontal_first: rng.random::<f64>() < 0.5 }
    }
}

/// The footprint of a kept room (its floor and the wall around it, as the tries' footprints
/// are): a rectangle room's is its floor grown by one tile up and left and by none down and
/// right, the tutorial's corner rectangle; any other shape's its bounds grown by one all round.
fn footprint_of(shape: &Shape) -> Rect {
    match (shape, shape.bounds()) {
        (Shape::Rect(r), _) => Rect::new(r.x - 1, r.y - 1, r.w + 1, r.h + 1),
        (_, Some(b)) => Rect::new(b.x - 1, b.y - 1, b.w + 1, b.h + 1),
        (_, None) => Rect::new(0, 0, 0, 0),
    }
}

/// Where tunnels and the spawn take a kept room: the tutorial's centre of its footprint when
/// that is its floor, else the shape's own centre.
fn kept_centre(shape: &Shape, footprint: &Rect) -> Pos {
    let c = Pos::new(footprint.x + footprint.w / 2, footprint.y + footprint.h / 2);
    if shape.contains(c) { c } else { shape.centre().unwrap_or(c) }
}

/// The map after `steps`, the first steps of a recording of [`generate_with`] for `p` and
/// `seed`: every room placed so far with its floor and colour, and every tunnel dug so far.
/// After all the steps, exactly the generated map.
pub(super) fn replay(p: &RoomsAndTunnels, seed: u64, steps: &[Step]) -> crate::map::Map {
    let mut placed: Vec<Placed> = Vec::new();
    for step in steps {
        match step {
            Step::RoomTried { footprint: f, outcome: TryOutcome::Placed { shape, .. }, .. } => placed.push(Placed {
                footprint: *f,
                shape: shape.clone(),
                centre: Pos::new(f.x + f.w / 2, f.y + f.h / 2),
                tunnel: None,
                kept: None,
            }),
            Step::TunnelDug { from, to, leg, .. } => {
                // A tunnel joins the newest room to the one before it.
                if let Some(room) = placed.get_mut((*from).max(*to) as usize) {
                    room.tunnel = Some(TunnelKind::of(*leg));
                }
            }
            _ => {}
        }
    }
    build_map(p, seed, &placed, None).unwrap_or_else(|_| crate::map::Map::new(p.width, p.height))
}
