//! Carving the placed rooms (the end of stage 1 in [`super`]): their floor on a map of wall,
//! their records with their colours, and the lookup of which room holds each floor tile that
//! the tunnels stage reads where a tunnel leaves or enters a room.

use super::RoomsAndTunnels;
use super::place::Placed;
use crate::generate::keep::Locks;
use crate::geom::Grid;
use crate::map::palette::PALETTE;
use crate::map::{Map, Rgb, Room, Shape, Tile};
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

/// The map of `placed` rooms: their floor on wall, and their records, each with a colour drawn
/// from the [`Stream::Colours`] stream in the order of rooms (a kept room draws too, and keeps
/// its own: the new rooms' colours do not depend on what is locked). Returns the room lookup
/// too.
pub(super) fn carve_rooms(
    p: &RoomsAndTunnels,
    seed: u64,
    placed: &[Placed],
    locks: Option<&Locks>,
) -> (Map, RoomLookup) {
    // The rooms are drawn once, into the room lookup; the tiles are read off it.
    let lookup = RoomLookup::new(p, placed);
    let mut map = match Grid::from_vec(p.width, p.height, lookup.floor_tiles()) {
        Some(tiles) => Map::from_tiles(tiles),
        None => Map::new(p.width, p.height),
    };
    let mut colours = stream(seed, Stream::Colours);
    map.rooms.reserve_exact(placed.len());
    for (i, room) in placed.iter().enumerate() {
        debug_assert!(room.footprint.w >= super::MIN_ROOM as i32 || room.kept.is_some());
        let colour = room_colour(&mut colours);
        match (room.kept, locks) {
            (Some(k), Some(l)) => map.rooms.push(Room { id: i as u32, ..l.rooms[k].clone() }),
            _ => map.rooms.push(Room::new(i as u32, room.shape.clone(), colour)),
        }
    }
    // What the sweeps' survey trusts of a generated map (see `map/survey.rs`): each room's
    // cells are room floor (a later room may take over an earlier one's cells only where they
    // overlap, which the overlap rules forbid).
    debug_assert!(map.rooms.iter().all(|r| {
        let mut floor = true;
        r.shape.for_each_cell(|c| floor &= map.tile(c) == Some(Tile::Floor));
        floor
    }));
    (map, lookup)
}

/// A room's colour: one draw from `rng` (always exactly one, so the stream stays aligned) of a
/// [`PALETTE`] colour; the neighbour pass ([`crate::map::palette::separate_neighbours`]) then
/// changes it where a neighbour's is too close.
fn room_colour(rng: &mut DelveRng) -> Rgb {
    PALETTE[rng.random_range(0..PALETTE.len())]
}

/// Which placed room holds each floor tile, as room index + 1 (0: none), so that finding the
/// rooms a tunnel passes through costs one read. Bytes while there are fewer than 255 rooms.
pub(in crate::generate) enum RoomLookup {
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

impl RoomLookup {
    pub(super) fn new(p: &RoomsAndTunnels, placed: &[Placed]) -> Self {
        let n = p.width as usize * p.height as usize;
        if placed.len() < usize::from(u8::MAX) {
            let mut ids = vec![0u8; n];
            for (i, r) in placed.iter().enumerate() {
                fill_shape(&mut ids, p.width, &r.shape, i as u8 + 1);
            }
            RoomLookup::Bytes(ids)
        } else {
            let mut ids = vec![0u32; n];
            for (i, r) in placed.iter().enumerate() {
                fill_shape(&mut ids, p.width, &r.shape, i as u32 + 1);
            }
            RoomLookup::Words(ids)
        }
    }

    /// The lookup of rooms numbered by `ids` (room index + 1 per tile, 0 for none).
    pub(in crate::generate) fn of_ids(ids: Vec<u32>) -> Self {
        RoomLookup::Words(ids)
    }

    /// The tiles: room floor where a room is, wall elsewhere.
    pub(super) fn floor_tiles(&self) -> Vec<Tile> {
        let tile = |room: bool| if room { Tile::Floor } else { Tile::Wall };
        match self {
            RoomLookup::Bytes(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
            RoomLookup::Words(ids) => ids.iter().map(|&v| tile(v != 0)).collect(),
        }
    }

    /// The room holding tile index `i`.
    pub(in crate::generate) fn room_at(&self, i: usize) -> Option<u32> {
        let id = match self {
            RoomLookup::Bytes(ids) => ids.get(i).map(|&v| u32::from(v)),
            RoomLookup::Words(ids) => ids.get(i).copied(),
        };
        id?.checked_sub(1)
    }
}

/// Sets every cell of `shape` in the row-major grid `cells` (`width` wide) to `v`, rectangles a
/// row at a time; cells off the grid are skipped.
pub(in crate::generate) fn fill_shape<T: Copy>(cells: &mut [T], width: u32, shape: &Shape, v: T) {
    let w = width as usize;
    let h = (cells.len() / w.max(1)) as i32;
    if let Shape::Rect(r) = shape {
        let (x0, y0) = (r.x.max(0), r.y.max(0));
        let (x1, y1) = (r.right().min(width as i32), r.bottom().min(h));
        if x1 <= x0 {
            return;
        }
        for y in y0..y1 {
            let row = y as usize * w;
            if let Some(run) = cells.get_mut(row + x0 as usize..row + x1 as usize) {
                run.fill(v);
            }
        }
    } else {
        shape.for_each_cell(|c| {
            if c.x >= 0 && c.y >= 0 && (c.x as u32) < width && c.y < h {
                cells[c.y as usize * w + c.x as usize] = v;
            }
        });
    }
}
