//! The map model: plain data a designer cares about, with no GUI and no randomness.
//!
//! A [`Map`] is a W×H grid of [`Tile`]s plus the structure on top of it: [`Room`]s (with their
//! own colour and an optional label), [`Door`]s where a corridor meets a room wall,
//! [`Corridor`]s (the ordered cells of their path and the two doors they join), the spawn point
//! and the [`Provenance`] that says which generator, parameters and seed produced it.
//!
//! The tiles are the ground truth for walking; rooms, doors and corridors describe it.
//! [`Map::validate`] reports every place where the two disagree.

mod ascii;
pub mod certify;
pub mod check;
pub mod colour;
pub mod graph;
pub mod locks;
pub mod markers;
pub mod metrics;
pub mod palette;
pub(crate) mod path_text;
mod promises;
pub mod roles;
pub mod survey;
pub mod terrain;
mod tile_path;
mod validate;

pub use crate::kinds::Role;
pub use ascii::AsciiError;
pub use markers::{Marker, Opening};
pub use terrain::{Terrain, TileKind};
pub use tile_path::{SharedCells, TilePath};
pub use validate::Problem;

use crate::geom::{Dir, Grid, Pos, Rect};
use crate::params::GeneratorParams;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Largest number of tiles a map may have (4096 × 4096). Files asking for more are refused
/// before anything is allocated.
pub const MAX_TILES: u64 = 4096 * 4096;
/// Largest width or height of a map.
pub const MAX_SIDE: u32 = 8192;

pub type RoomId = u32;
pub type DoorId = u32;
pub type CorridorId = u32;

/// What a tile is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Tile {
    /// Solid rock or wall.
    #[default]
    Wall = 0,
    /// Floor of a room.
    Floor = 1,
    /// Floor of a corridor.
    Corridor = 2,
}

impl Tile {
    /// The character used for this tile in map files and ASCII output.
    pub(crate) const fn to_char(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Corridor => ',',
        }
    }

    /// The tile for a map-file character.
    pub(crate) const fn from_char(c: char) -> Option<Tile> {
        match c {
            '#' => Some(Tile::Wall),
            '.' => Some(Tile::Floor),
            ',' => Some(Tile::Corridor),
            _ => None,
        }
    }

    /// Whether a creature can stand here.
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Floor => "room floor",
            Tile::Corridor => "corridor floor",
        }
    }
}

/// Where a map came from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The generator and parameters, when the map was generated.
    #[serde(default)]
    pub params: Option<GeneratorParams>,
    /// The seed the generator ran with.
    #[serde(default)]
    pub seed: u64,
    /// Whether the map was edited by hand since it was generated.
    #[serde(default)]
    pub edited: bool,
    /// What the generator kept when it made the map around locks (absent otherwise): shared
    /// by every map made around the same locks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<std::sync::Arc<locks::Kept>>,
}

// `GeneratorParams` holds `f64` probabilities, which are never NaN after `check`; maps compare
// provenance by value.
impl Eq for Provenance {}

/// An sRGB colour, saved with the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// The floor area of a room.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Every tile of the rectangle is floor.
    Rect(Rect),
    /// Every tile within `radius` (Euclidean, `dx² + dy² <= r²`) of `centre`.
    Circle { centre: Pos, radius: i32 },
    /// An arbitrary set of tiles (kept sorted, no duplicates).
    Cells(Vec<Pos>),
}

impl Shape {
    /// A cell-set shape from any cells (sorted and deduplicated here).
    pub fn cells_from(mut cells: Vec<Pos>) -> Shape {
        cells.sort_unstable_by_key(|p| (p.y, p.x));
        cells.dedup();
        Shape::Cells(cells)
    }

    /// Calls `f` on every floor tile of the shape, row by row.
    pub fn for_each_cell(&self, mut f: impl FnMut(Pos)) {
        match self {
            Shape::Rect(r) => r.cells().for_each(f),
            Shape::Circle { centre, radius } => {
                let r = (*radius).max(0);
                for dy in -r..=r {
                    for dx in -r..=r {
                        if dx * dx + dy * dy <= r * r {
                            f(centre.offset(dx, dy));
                        }
                    }
                }
            }
            Shape::Cells(cells) => cells.iter().copied().for_each(f),
        }
    }

    /// Calls `f` on every floor tile of the shape inside `r`, row by row, at a cost that follows
    /// the size of that part (not of the whole shape).
    pub fn for_each_cell_in(&self, r: Rect, mut f: impl FnMut(Pos)) {
        let Some(part) = self.bounds().and_then(|b| b.intersection(&r)) else { return };
        let (x0, x1, y0, y1) = (part.x, part.right(), part.y, part.bottom());
        match self {
            Shape::Rect(_) => part.cells().for_each(f),
            Shape::Circle { centre, radius } => {
                let r2 = i64::from((*radius).max(0)).pow(2);
                for y in y0..y1 {
                    let dy = i64::from(y) - i64::from(centre.y);
                    for x in x0..x1 {
                        let dx = i64::from(x) - i64::from(centre.x);
                        if dx * dx + dy * dy <= r2 {
                            f(Pos::new(x, y));
                        }
                    }
                }
            }
            Shape::Cells(cells) => {
                for y in y0..y1 {
                    let start = cells.partition_point(|c| (c.y, c.x) < (y, x0));
                    cells[start..].iter().take_while(|c| c.y == y && c.x < x1).for_each(|c| f(*c));
                }
            }
        }
    }

    /// All floor tiles, row by row.
    pub fn cells(&self) -> Vec<Pos> {
        let mut v = Vec::new();
        self.for_each_cell(|p| v.push(p));
        v
    }

    pub fn contains(&self, p: Pos) -> bool {
        match self {
            Shape::Rect(r) => r.contains(p),
            Shape::Circle { centre, radius } => {
                let (dx, dy) = (i64::from(p.x - centre.x), i64::from(p.y - centre.y));
                let r = i64::from((*radius).max(0));
                dx * dx + dy * dy <= r * r
            }
            Shape::Cells(cells) => cells.binary_search_by_key(&(p.y, p.x), |c| (c.y, c.x)).is_ok(),
        }
    }

    /// The bounding rectangle of the floor (`None` for an empty cell set).
    pub fn bounds(&self) -> Option<Rect> {
        match self {
            Shape::Rect(r) => (!r.is_empty()).then_some(*r),
            Shape::Circle { centre, radius } => {
                let r = (*radius).max(0);
                let side = r.saturating_mul(2).saturating_add(1);
                Some(Rect::new(centre.x.saturating_sub(r), centre.y.saturating_sub(r), side, side))
            }
            Shape::Cells(cells) => Rect::bounding(cells.iter().copied()),
        }
    }

    /// Number of floor tiles.
    pub fn area(&self) -> usize {
        match self {
            Shape::Rect(r) => r.area() as usize,
            Shape::Cells(c) => c.len(),
            Shape::Circle { .. } => {
                let mut n = 0;
                self.for_each_cell(|_| n += 1);
                n
            }
        }
    }

    /// A tile of the room near its middle: the rectangle's or circle's centre, or for a cell
    /// set the cell closest to the centroid.
    pub fn centre(&self) -> Option<Pos> {
        match self {
            Shape::Rect(r) => (!r.is_empty()).then(|| Pos::new(r.x + (r.w - 1) / 2, r.y + (r.h - 1) / 2)),
            Shape::Circle { centre, .. } => Some(*centre),
            Shape::Cells(cells) => {
                let n = cells.len() as i64;
                if n == 0 {
                    return None;
                }
                let sx: i64 = cells.iter().map(|p| i64::from(p.x)).sum();
                let sy: i64 = cells.iter().map(|p| i64::from(p.y)).sum();
                cells.iter().copied().min_by_key(|p| (i64::from(p.x) * n - sx).abs() + (i64::from(p.y) * n - sy).abs())
            }
        }
    }

    /// The edges between the floor and the rest, as closed loops of tile corners (corner
    /// `(x, y)` is the top-left of tile `(x, y)`), each with only the corners where it turns.
    /// A loop keeps the floor on its right: outer edges run clockwise on screen (`y` down), the
    /// edges of holes anticlockwise. Floor tiles that touch only at a corner are outlined apart,
    /// so every loop is a simple polygon.
    pub fn outlines(&self) -> Vec<Vec<Pos>> {
        // The two tiles ahead of a corner when moving in `d` along a loop: (on the left, on the right).
        fn ahead(v: Pos, d: Dir) -> (Pos, Pos) {
            let (nw, ne, sw, se) = (v.offset(-1, -1), v.offset(0, -1), v.offset(-1, 0), v);
            match d {
                Dir::East => (ne, se),
                Dir::South => (se, sw),
                Dir::West => (sw, nw),
                Dir::North => (nw, ne),
            }
        }
        // Every loop has an eastward edge: the top edge of a floor tile under a non-floor one.
        // A loop is traced from the first such edge not yet walked, keyed by its tile.
        let mut walked = std::collections::HashSet::new();
        let mut loops = Vec::new();
        let steps_max = 4 * self.area() + 4;
        self.for_each_cell(|c| {
            if self.contains(c.step(Dir::North)) || walked.contains(&c) {
                return;
            }
            let (mut v, mut d) = (c, Dir::East);
            let mut corners = Vec::new();
            for _ in 0..steps_max {
                if d == Dir::East {
                    walked.insert(v);
                }
                v = v.step(d);
                let (left, right) = ahead(v, d);
                let turn = if !self.contains(right) {
                    d.rotate_cw()
                } else if self.contains(left) {
                    d.rotate_cw().opposite()
                } else {
                    d
                };
                if turn != d {
                    corners.push(v);
                }
                d = turn;
                if v == c && d == Dir::East {
                    break;
                }
            }
            loops.push(corners);
        });
        loops
    }

    /// Moves the shape by `(dx, dy)`.
    pub fn translate(&mut self, dx: i32, dy: i32) {
        match self {
            Shape::Rect(r) => {
                r.x += dx;
                r.y += dy;
            }
            Shape::Circle { centre, .. } => *centre = centre.offset(dx, dy),
            Shape::Cells(cells) => cells.iter_mut().for_each(|c| *c = c.offset(dx, dy)),
        }
    }
}

/// A room: a named, coloured floor area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub id: RoomId,
    pub shape: Shape,
    pub colour: Rgb,
    #[serde(default)]
    pub label: Option<String>,
    /// Kept exactly as it is (cells, doors, colour, label) when the map is generated again.
    /// Written to a file only when set: `locked: true` on the room's line.
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
    /// What the room is for in play (see [`roles`]). Written to a file only when set:
    /// `role: Some(Treasure)` on the room's line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
    /// A vault: a hand-made room that generators may place when this map is a preset's vault
    /// library (see [`crate::params::vaults`]); on generated maps, a room placed from a library.
    /// Written to a file only when set: `vault: true` on the room's line.
    #[serde(default, skip_serializing_if = "is_false")]
    pub vault: bool,
}

impl Room {
    /// A room with no label, lock or role.
    pub fn new(id: RoomId, shape: Shape, colour: Rgb) -> Room {
        Room { id, shape, colour, label: None, locked: false, role: None, vault: false }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A door: the edge between a room floor tile (`cell`) and the tile beyond it on `side`.
/// A corridor starts on the tile just outside ([`Door::outside`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Door {
    pub id: DoorId,
    pub room: RoomId,
    pub cell: Pos,
    pub side: Dir,
    /// Door kind ("colour"); corridors join doors of the same kind. 0 is the plain door.
    #[serde(default)]
    pub kind: u8,
    /// How it opens (see [`markers`]); written only when not a plain door.
    #[serde(default, skip_serializing_if = "Opening::is_plain")]
    pub opening: Opening,
}

impl Door {
    /// A plain door of `room` at floor tile `cell`, facing `side`.
    pub fn new(id: DoorId, room: RoomId, cell: Pos, side: Dir) -> Door {
        Door { id, room, cell, side, kind: 0, opening: Opening::Door }
    }

    /// The tile just outside the room, where a corridor meets the door.
    pub fn outside(&self) -> Pos {
        self.cell.step(self.side)
    }
}

/// A corridor: the centre line of its path in walking order, from the tile outside its first
/// door to the tile outside its second.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corridor {
    pub id: CorridorId,
    /// Stored in files as text (see `path_text`).
    #[serde(with = "path_text")]
    pub path: TilePath,
    /// Doors at the start and end of the path.
    pub doors: [DoorId; 2],
    /// Width in tiles; wider corridors are a `width`×`width` brush swept along the path.
    #[serde(default = "one")]
    pub width: u32,
}

const fn one() -> u32 {
    1
}

impl Corridor {
    /// Every tile of the corridor, path order, brush expanded (may repeat tiles when wide).
    pub fn for_each_cell(&self, f: impl FnMut(Pos)) {
        Self::cells_of(&self.path, self.width, f);
    }

    /// Every tile of a corridor along `path`, `width` wide: see [`Self::for_each_cell`].
    pub fn cells_of(path: &[Pos], width: u32, mut f: impl FnMut(Pos)) {
        let w = width.max(1) as i32;
        let lo = -(w - 1) / 2;
        for p in path {
            for dy in lo..lo + w {
                for dx in lo..lo + w {
                    f(p.offset(dx, dy));
                }
            }
        }
    }
}

/// A generated or hand-made dungeon map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    tiles: Grid<Tile>,
    pub rooms: Vec<Room>,
    pub doors: Vec<Door>,
    pub corridors: Vec<Corridor>,
    /// What stands in the rooms (see [`markers`]), in the order placed.
    pub markers: Vec<Marker>,
    /// What each floor tile is made of beyond plain floor (see [`terrain`]).
    terrain: Terrain,
    pub spawn: Pos,
    pub provenance: Provenance,
    /// Tiles kept exactly as they are when the map is generated again, as `(y, x)`.
    locked_tiles: BTreeSet<(i32, i32)>,
}

impl Map {
    /// A map of solid wall.
    pub fn new(width: u32, height: u32) -> Self {
        Self::from_tiles(Grid::new(width, height, Tile::Wall))
    }

    /// A map with the given tiles and nothing else.
    pub fn from_tiles(tiles: Grid<Tile>) -> Self {
        let spawn = Pos::new((tiles.width() / 2) as i32, (tiles.height() / 2) as i32);
        Self {
            tiles,
            rooms: Vec::new(),
            doors: Vec::new(),
            corridors: Vec::new(),
            markers: Vec::new(),
            terrain: Terrain::default(),
            spawn,
            provenance: Provenance::default(),
            locked_tiles: BTreeSet::new(),
        }
    }

    /// Whether tile `p` is locked (kept as it is when the map is generated again).
    pub fn tile_locked(&self, p: Pos) -> bool {
        self.locked_tiles.contains(&(p.y, p.x))
    }

    /// The locked tiles, row by row.
    pub fn locked_tiles(&self) -> impl Iterator<Item = Pos> + '_ {
        self.locked_tiles.iter().map(|&(y, x)| Pos::new(x, y))
    }

    /// How many tiles are locked.
    pub fn locked_tile_count(&self) -> usize {
        self.locked_tiles.len()
    }

    /// Locks or unlocks tile `p` (on the map); whether that changed anything.
    pub fn set_tile_lock(&mut self, p: Pos, locked: bool) -> bool {
        if !self.in_bounds(p) {
            return false;
        }
        if locked { self.locked_tiles.insert((p.y, p.x)) } else { self.locked_tiles.remove(&(p.y, p.x)) }
    }

    /// The locked tiles as runs along rows: `(x, y, length)`, row by row (the file form).
    pub fn locked_runs(&self) -> Vec<(i32, i32, u32)> {
        let mut runs: Vec<(i32, i32, u32)> = Vec::new();
        for &(y, x) in &self.locked_tiles {
            match runs.last_mut() {
                Some((rx, ry, n)) if *ry == y && *rx + *n as i32 == x => *n += 1,
                _ => runs.push((x, y, 1)),
            }
        }
        runs
    }

    /// Whether anything is locked: a room or a tile.
    pub fn has_locks(&self) -> bool {
        !self.locked_tiles.is_empty() || self.rooms.iter().any(|r| r.locked)
    }

    pub fn width(&self) -> u32 {
        self.tiles.width()
    }

    pub fn height(&self) -> u32 {
        self.tiles.height()
    }

    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    pub(crate) fn tiles_mut(&mut self) -> &mut Grid<Tile> {
        &mut self.tiles
    }

    /// The tile at `p` (`None` outside the map).
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.tiles.get(p).copied()
    }

    /// Sets the tile at `p`; returns false (and changes nothing) outside the map.
    pub fn set_tile(&mut self, p: Pos, t: Tile) -> bool {
        self.tiles.set(p, t)
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        self.tiles.in_bounds(p)
    }

    pub fn room(&self, id: RoomId) -> Option<&Room> {
        self.rooms.iter().find(|r| r.id == id)
    }

    pub fn door(&self, id: DoorId) -> Option<&Door> {
        self.doors.iter().find(|d| d.id == id)
    }

    pub fn corridor(&self, id: CorridorId) -> Option<&Corridor> {
        self.corridors.iter().find(|c| c.id == id)
    }

    /// The room whose floor holds `p`, if any (first in list order).
    pub fn room_at(&self, p: Pos) -> Option<&Room> {
        self.rooms.iter().find(|r| r.shape.contains(p))
    }

    /// Counts of each tile kind: `[wall, room floor, corridor floor]`.
    pub fn tile_counts(&self) -> [usize; 3] {
        let mut n = [0usize; 3];
        for t in self.tiles.as_slice() {
            n[*t as usize] += 1;
        }
        n
    }

    /// The map as text: `#` wall, `.` room floor, `,` corridor floor, `+` the tile outside a
    /// door, `@` spawn. One line per row, each ending in `\n`.
    pub fn to_ascii(&self) -> String {
        ascii::to_ascii(self)
    }

    /// Reads a map from the text [`Map::to_ascii`] writes. Rooms are recovered as the
    /// 4-connected regions of `.`; `+` becomes corridor floor with a door on the room beside it;
    /// `@` is room floor with the spawn. Corridors are not recovered. Meant for test fixtures.
    pub fn from_ascii(text: &str) -> Result<Map, AsciiError> {
        ascii::from_ascii(text)
    }

    /// Every inconsistency between tiles, rooms, doors, corridors and spawn.
    pub fn validate(&self) -> Vec<Problem> {
        check::Checker::new(self).problems()
    }

    /// For each tile, the index (in `rooms`) of the room whose floor covers it, or `u32::MAX`.
    /// When rooms overlap, the later room wins.
    pub fn room_index_grid(&self) -> Grid<u32> {
        let mut g = Grid::new(self.width(), self.height(), u32::MAX);
        for (i, room) in self.rooms.iter().enumerate() {
            room.shape.for_each_cell(|p| {
                g.set(p, i as u32);
            });
        }
        g
    }
}

#[cfg(test)]
#[path = "shape_tests.rs"]
mod tests;
