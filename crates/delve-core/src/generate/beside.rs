//! The **part beside** stage, any generator's (before vaults): a second generator's map, made
//! by that generator exactly as it would be alone (its own stages and parameters, its seed drawn
//! from [`Stream::Parts`]), laid on the east or south side of this generator's map and joined to
//! it: the part's rooms nearest the seam, one after another, each by a corridor to the nearest
//! room of this map ([`join::room_to`]), `joins` of them at most. So any two generators make one
//! hybrid map — tutorial rooms beside caves, BSP rooms beside a maze — with no code for either
//! pair.

use super::join::{self, Owners};
use super::record::{Off, Recorder, SharedStep, Steps};
use super::{Generated, request};
use crate::geom::Pos;
use crate::map::{Map, RoomId, Tile};
use crate::params::beside::{Beside, Side};
use crate::pathfind::Searcher;
use crate::rng::{Stream, stream};
use rand::Rng;

/// The stage: the part `b` laid beside `out`'s map and joined to it; the report gains the
/// part's rooms and notes. Told to `steps` as one step.
pub(super) fn add(b: &Beside, seed: u64, out: &mut Generated, steps: &mut Steps<'_, impl Recorder>) {
    let part_seed = stream(seed, Stream::Parts).next_u64();
    let part = request::own_stages(&request::running(&b.generator), part_seed, &mut Off).0;
    let here = out.map.rooms.len();
    let (mut map, corner) = laid(&out.map, &part.map, b.side);
    // The part's rooms nearest the seam first, each joined to the nearest room of this map.
    let seam = |p: Pos| match b.side {
        Side::East => p.x - corner.x,
        Side::South => p.y - corner.y,
    };
    let mut order: Vec<(i32, RoomId)> = map.rooms[here..]
        .iter()
        .map(|r| {
            let mut d = i32::MAX;
            r.shape.for_each_cell(|c| d = d.min(seam(c)));
            (d, r.id)
        })
        .collect();
    order.sort_unstable();
    let owner = Owners::of(&map);
    let mut searcher = Searcher::default();
    let mut joined = 0;
    for &(_, room) in &order {
        if joined >= b.joins {
            break;
        }
        if join::room_to(&mut map, &owner, &mut searcher, room, &[], |o, _, _| (o as usize) < here).is_some() {
            joined += 1;
        }
    }
    let report = &mut out.report;
    report.rooms_placed += part.report.rooms_placed;
    report.rooms_asked += part.report.rooms_asked;
    let kind = b.generator.kind().label();
    report.notes.extend(part.report.notes.iter().map(|n| format!("part beside ({kind}): {n}")));
    if joined == 0 && here > 0 && map.rooms.len() > here {
        report.notes.push(format!("part beside ({kind}): no corridor could join it to the map"));
    }
    let (rooms, side) = ((map.rooms.len() - here) as u32, b.side);
    let (width, height) = (part.map.width(), part.map.height());
    out.map = map;
    let _ = steps.tell(|| SharedStep::PartLaid { side, width, height, corner, rooms, joins: joined }.into());
}

/// `part` laid beside `map` on `side`: one map holding both (the rest rock), the part's rooms,
/// doors and corridors numbered after `map`'s, and where the part's corner is.
fn laid(map: &Map, part: &Map, side: Side) -> (Map, Pos) {
    let (w, h, pw, ph) = (map.width(), map.height(), part.width(), part.height());
    let (width, height, corner) = match side {
        Side::East => (w + pw, h.max(ph), Pos::new(w as i32, 0)),
        Side::South => (w.max(pw), h + ph, Pos::new(0, h as i32)),
    };
    let mut out = Map::new(width, height);
    for (m, at) in [(map, Pos::new(0, 0)), (part, corner)] {
        for y in 0..m.height() as i32 {
            for x in 0..m.width() as i32 {
                let p = Pos::new(x, y);
                match m.tile(p) {
                    Some(Tile::Wall) | None => {}
                    Some(t) => {
                        out.set_tile(p.offset(at.x, at.y), t);
                    }
                }
            }
        }
        for p in m.locked_tiles() {
            out.set_tile_lock(p.offset(at.x, at.y), true);
        }
    }
    out.rooms = map.rooms.clone();
    out.doors = map.doors.clone();
    out.corridors = map.corridors.clone();
    out.spawn = map.spawn;
    let (rooms, doors, corridors) = (map.rooms.len() as u32, map.doors.len() as u32, map.corridors.len() as u32);
    out.rooms.extend(part.rooms.iter().map(|r| {
        let mut r = r.clone();
        r.id += rooms;
        r.shape.translate(corner.x, corner.y);
        r
    }));
    out.doors.extend(part.doors.iter().map(|d| {
        let mut d = d.clone();
        (d.id, d.room, d.cell) = (d.id + doors, d.room + rooms, d.cell.offset(corner.x, corner.y));
        d
    }));
    out.corridors.extend(part.corridors.iter().map(|c| {
        let mut c = c.clone();
        c.id += corridors;
        c.doors = c.doors.map(|d| d + doors);
        c.path.to_mut().iter_mut().for_each(|p| *p = p.offset(corner.x, corner.y));
        c
    }));
    (out, corner)
}
