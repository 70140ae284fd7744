//! Stage 1 of [`super`], **place rooms**: the tutorials' loop of room tries, from the
//! [`Stream::Layout`] stream, and the kind of tunnel that will join each placed room to the one
//! before it (drawn in the same loop, as the tutorials draw it when they dig).
//!
//! Locks enter here through one seam, the obstacles: a try is refused where it meets a kept
//! room (by the same overlap rule as between new rooms) or a locked tile, and each kept room
//! takes its place in the order of rooms. Without locks that is one branch per try.

use super::footprints::{Footprints, keep_out, probe};
use super::tunnels::TunnelKind;
use super::{RoomsAndTunnels, TunnelFrom};
use crate::generate::keep::Locks;
use crate::generate::record::{Recorder, RoomsTunnelsStep, TryOutcome};
use crate::geom::{Pos, Rect};
use crate::map::Shape;
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

/// A placed room, with the kind of tunnel that joins it to the room placed before it (`None`
/// for the first room).
#[derive(Clone)]
pub(in crate::generate) struct Placed {
    /// The room with its walls: the tutorial's corner rectangle.
    pub(super) footprint: Rect,
    pub(super) shape: Shape,
    /// Where tunnels and the spawn take the room.
    pub(super) centre: Pos,
    pub(super) tunnel: Option<TunnelKind>,
    /// The kept room this is (index into the locks' rooms), if it is one.
    pub(super) kept: Option<usize>,
}

/// The rooms of `p` and `seed` in the order they were placed: `max_rooms` tries, each drawing a
/// size and a place, refused when it overlaps a placed room (or, around `locks`, a kept room or
/// a locked tile). `rec` is told each try.
pub(super) fn place_rooms(
    p: &RoomsAndTunnels,
    seed: u64,
    locks: Option<&Locks>,
    rec: &mut impl Recorder,
) -> Vec<Placed> {
    let mut rng = stream(seed, Stream::Layout);
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
    let mut flush = |placed: &mut Vec<Placed>, rng: &mut DelveRng, all: bool| {
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
            rec.record(|| {
                RoomsTunnelsStep::RoomTried {
                    attempt,
                    footprint,
                    outcome: TryOutcome::Overlaps { room: index.first_hit(&probe).unwrap_or(0) as u32 },
                }
                .into()
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
        rec.record(|| {
            RoomsTunnelsStep::RoomTried {
                attempt,
                footprint,
                outcome: TryOutcome::Placed { room, shape: shape.clone() },
            }
            .into()
        });
        placed.push(Placed { footprint, shape, centre, tunnel, kept: None });
    }
    flush(&mut placed, &mut rng, true);
    placed
}

/// The two rooms the tunnel of placed room `i` (not the first) joins, from and to.
pub(super) const fn tunnel_ends(p: &RoomsAndTunnels, i: usize) -> [usize; 2] {
    match p.tunnel_from {
        TunnelFrom::NewRoom => [i, i - 1],
        TunnelFrom::PreviousRoom => [i - 1, i],
    }
}

/// How the next room is joined to the one before it: one or two draws.
fn draw_tunnel(p: &RoomsAndTunnels, rng: &mut DelveRng) -> TunnelKind {
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

#[cfg(test)]
mod tests {
    use super::super::footprints::overlaps;
    use super::*;
    use crate::generate::record::{Recording, Step};

    #[test]
    fn placed_rooms_keep_the_overlap_rule_and_every_try_is_told() {
        for (p, seed) in [(RoomsAndTunnels::godot(), 3), (RoomsAndTunnels::mcrogueface(), 4)] {
            let mut rec = Recording::default();
            let placed = place_rooms(&p, seed, None, &mut rec);
            assert_eq!(rec.steps.len(), p.max_rooms as usize, "one step per try");
            assert!(rec.steps.iter().all(|s| matches!(s, Step::RoomsTunnels(RoomsTunnelsStep::RoomTried { .. }))));
            assert!(!placed.is_empty() && placed.len() <= p.max_rooms as usize);
            for (i, a) in placed.iter().enumerate() {
                assert_eq!(a.tunnel.is_some(), i > 0, "every room but the first is joined");
                for b in &placed[..i] {
                    let spacing = p.room_spacing as i32;
                    assert!(
                        !overlaps(p.overlap, spacing, &a.footprint, &b.footprint),
                        "{:?} {:?}",
                        a.footprint,
                        b.footprint
                    );
                }
                assert!(a.shape.contains(a.centre));
            }
            // The same seed, the same rooms; another seed, others.
            let again = place_rooms(&p, seed, None, &mut crate::generate::record::Off);
            assert!(again.iter().map(|r| r.footprint).eq(placed.iter().map(|r| r.footprint)));
            let other = place_rooms(&p, seed + 1, None, &mut crate::generate::record::Off);
            assert!(!other.iter().map(|r| r.footprint).eq(placed.iter().map(|r| r.footprint)));
        }
    }
}
