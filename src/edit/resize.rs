//! *Map ▸ Resize*: the map on a new canvas, cropped or padded with rock, its content placed by
//! an anchor (a corner, an edge's middle or the centre). What the new edge cuts is reported,
//! never dropped silently: rooms cut keep the part still on the map, rooms wholly off it go
//! with their doors, and corridors that would leave the map go (with the doors only they used).
//! The editor applies the result as one undoable step ([`super::Op::Replace`]).

use crate::geom::{Grid, Pos};
use crate::map::{MAX_SIDE, MAX_TILES, Map, RoomId, Shape, Tile};

/// Where the old map sits on the new canvas: 0, 1 or 2 for left, centre, right (`x`) and top,
/// middle, bottom (`y`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    pub x: u8,
    pub y: u8,
}

impl Anchor {
    pub const CENTRE: Anchor = Anchor { x: 1, y: 1 };
}

/// The resized map and what the new edge cut.
#[derive(Clone, Debug, PartialEq)]
pub struct Resized {
    pub map: Map,
    /// Rooms that lost cells to the edge (and kept the rest).
    pub cut: Vec<RoomId>,
    /// Rooms wholly off the new map, removed with their doors and corridors.
    pub removed: Vec<RoomId>,
    /// Corridors removed because their path left the map or a door of theirs went.
    pub corridors_removed: usize,
    /// Whether the spawn was off the new map and moved (to the first room, or the centre).
    pub spawn_moved: bool,
}

impl Resized {
    /// What the edge cut, in a sentence; `None` when it cut nothing.
    pub fn report(&self) -> Option<String> {
        let list = |ids: &[RoomId]| ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        let mut parts = Vec::new();
        match self.cut.len() {
            0 => {}
            1 => parts.push(format!("room {} was cut by the new edge", self.cut[0])),
            _ => parts.push(format!("rooms {} were cut by the new edge", list(&self.cut))),
        }
        match self.removed.len() {
            0 => {}
            1 => parts.push(format!("room {} was off the map and was removed", self.removed[0])),
            _ => parts.push(format!("rooms {} were off the map and were removed", list(&self.removed))),
        }
        match self.corridors_removed {
            0 => {}
            1 => parts.push("1 corridor left the map and was removed".to_string()),
            n => parts.push(format!("{n} corridors left the map and were removed")),
        }
        if self.spawn_moved {
            parts.push("the spawn was off the map and moved".to_string());
        }
        (!parts.is_empty()).then(|| {
            let s = parts.join("; ");
            format!("{}{}.", s[..1].to_uppercase(), &s[1..])
        })
    }
}

/// Why a size cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a map is 1 to {MAX_SIDE} tiles on a side and at most {MAX_TILES} tiles in all; {width}×{height} is not")]
pub struct BadSize {
    pub width: u32,
    pub height: u32,
}

/// `map` on a `width`×`height` canvas, placed by `anchor`.
pub fn resize(map: &Map, width: u32, height: u32, anchor: Anchor) -> Result<Resized, BadSize> {
    let size_ok = (1..=MAX_SIDE).contains(&width)
        && (1..=MAX_SIDE).contains(&height)
        && u64::from(width) * u64::from(height) <= MAX_TILES;
    if !size_ok {
        return Err(BadSize { width, height });
    }
    let offset = |new: u32, old: u32, a: u8| match a {
        0 => 0,
        1 => (i64::from(new) - i64::from(old)).div_euclid(2) as i32,
        _ => (i64::from(new) - i64::from(old)) as i32,
    };
    let (dx, dy) = (offset(width, map.width(), anchor.x), offset(height, map.height(), anchor.y));
    let on = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
    let mut grid = Grid::new(width, height, Tile::Wall);
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let to = Pos::new(x + dx, y + dy);
            if let (true, Some(t)) = (on(to), map.tile(Pos::new(x, y))) {
                grid.set(to, t);
            }
        }
    }
    let mut out = Map::from_tiles(grid);
    out.provenance = map.provenance.clone();
    out.provenance.edited = true;
    let (mut cut, mut removed) = (Vec::new(), Vec::new());
    for room in &map.rooms {
        let mut r = room.clone();
        r.shape.translate(dx, dy);
        let cells = r.shape.cells();
        let kept: Vec<Pos> = cells.iter().copied().filter(|p| on(*p)).collect();
        if kept.is_empty() {
            removed.push(room.id);
            continue;
        }
        if kept.len() < cells.len() {
            cut.push(room.id);
            r.shape = match r.shape {
                Shape::Rect(b) => {
                    let x0 = b.x.max(0);
                    let y0 = b.y.max(0);
                    let x1 = b.right().min(width as i32);
                    let y1 = b.bottom().min(height as i32);
                    Shape::Rect(crate::geom::Rect::new(x0, y0, x1 - x0, y1 - y0))
                }
                _ => Shape::cells_from(kept),
            };
        }
        out.rooms.push(r);
    }
    let kept_room = |id: RoomId, p: Pos| out.rooms.iter().any(|r| r.id == id && r.shape.contains(p));
    let mut doors = Vec::new();
    for d in &map.doors {
        let mut d = d.clone();
        d.cell = d.cell.offset(dx, dy);
        if on(d.cell) && kept_room(d.room, d.cell) {
            doors.push(d);
        }
    }
    let mut corridors_removed = 0;
    let mut orphaned = Vec::new();
    for c in &map.corridors {
        let mut c = c.clone();
        c.path.to_mut().iter_mut().for_each(|p| *p = p.offset(dx, dy));
        let doors_kept = c.doors.iter().all(|id| doors.iter().any(|d| d.id == *id));
        let mut inside = true;
        crate::map::Corridor::cells_of(&c.path, c.width, |p| inside &= on(p));
        if doors_kept && inside {
            out.corridors.push(c);
        } else {
            corridors_removed += 1;
            orphaned.extend(c.doors);
        }
    }
    // The doors only removed corridors used go with them.
    doors.retain(|d| !orphaned.contains(&d.id) || out.corridors.iter().any(|c| c.doors.contains(&d.id)));
    out.doors = doors;
    for p in map.locked_tiles() {
        let to = p.offset(dx, dy);
        if on(to) {
            out.set_tile_lock(to, true);
        }
    }
    // Markers and tile kinds move with their tiles; those cut off go.
    for m in &map.markers {
        let to = m.at.offset(dx, dy);
        if on(to) {
            out.markers.push(crate::map::Marker { at: to, ..m.clone() });
        }
    }
    out.set_tile_kinds(map.terrain().kinds().to_vec());
    if !map.terrain().is_bare() {
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let (p, to) = (Pos::new(x, y), Pos::new(x + dx, y + dy));
                let n = map.tile_kind_number(p);
                if n > 0 && on(to) {
                    out.set_tile_kind(to, n);
                }
            }
        }
    }
    let spawn = map.spawn.offset(dx, dy);
    let spawn_moved = !on(spawn);
    out.spawn = if spawn_moved {
        out.rooms.first().and_then(|r| r.shape.centre()).unwrap_or(Pos::new((width / 2) as i32, (height / 2) as i32))
    } else {
        spawn
    };
    Ok(Resized { map: out, cut, removed, corridors_removed, spawn_moved })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "\
##########
#....#...#
#.@..#...#
#....+,,+#
######...#
##########
";

    #[test]
    fn padding_keeps_everything_where_the_anchor_puts_it() {
        let m = Map::from_ascii(TWO).unwrap();
        let r = resize(&m, 14, 8, Anchor::CENTRE).unwrap();
        assert_eq!((r.map.width(), r.map.height()), (14, 8));
        assert_eq!(r.report(), None);
        assert_eq!(r.map.rooms.len(), m.rooms.len());
        assert_eq!(r.map.spawn, m.spawn.offset(2, 1));
        assert!(r.map.validate().is_empty(), "{:?}", r.map.validate());
        // The same map, moved: every tile of the old map is at its new place, rock around.
        for y in 0..6 {
            for x in 0..10 {
                assert_eq!(r.map.tile(Pos::new(x + 2, y + 1)), m.tile(Pos::new(x, y)));
            }
        }
        assert_eq!(r.map.tile(Pos::new(0, 0)), Some(Tile::Wall));
    }

    /// Markers and tile kinds move with their tiles (they were once dropped by a resize).
    #[test]
    fn markers_and_tile_kinds_move_with_their_tiles() {
        let mut m = Map::from_ascii(TWO).unwrap();
        let water = m.add_tile_kind(crate::map::TileKind::defaults().remove(0)).unwrap();
        let floor = (0..10).flat_map(|x| (0..6).map(move |y| Pos::new(x, y))).find(|p| m.walkable(*p)).unwrap();
        m.set_tile_kind(floor, water);
        m.markers.push(crate::map::Marker::new("chest", floor));
        let r = resize(&m, 14, 8, Anchor::CENTRE).unwrap();
        let to = floor.offset(2, 1);
        assert_eq!(r.map.tile_kind(to).map(|k| k.name.as_str()), Some("water"));
        assert_eq!(r.map.markers, vec![crate::map::Marker::new("chest", to)]);
        assert_eq!(r.map.terrain().kinds(), m.terrain().kinds());
    }

    #[test]
    fn cropping_cuts_rooms_and_says_so() {
        let m = Map::from_ascii(TWO).unwrap();
        // Keep the left six columns: the two rooms on the right (columns 6 to 8) go, and the
        // corridor to them.
        let r = resize(&m, 6, 6, Anchor { x: 0, y: 0 }).unwrap();
        assert_eq!(r.removed, [1, 2]);
        assert_eq!(r.corridors_removed, 1);
        assert!(r.map.validate().is_empty(), "{:?}", r.map.validate());
        let said = r.report().unwrap();
        assert_eq!(said, "Rooms 1, 2 were off the map and were removed; 1 corridor left the map and was removed.");
        // Cut through the left room: it keeps its part on the map.
        let r = resize(&m, 3, 6, Anchor { x: 0, y: 0 }).unwrap();
        assert_eq!(r.cut, [0]);
        assert_eq!(r.map.rooms[0].shape.cells().len(), 6);
        assert!(r.report().unwrap().starts_with("Room 0 was cut by the new edge; rooms 1, 2 were off the map"));
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        let m = Map::from_ascii(TWO).unwrap();
        assert!(resize(&m, 0, 5, Anchor::CENTRE).is_err());
        assert!(resize(&m, MAX_SIDE + 1, 5, Anchor::CENTRE).is_err());
        assert!(resize(&m, 4096, 4097, Anchor::CENTRE).is_err());
    }
}
