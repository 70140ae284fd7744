//! Map files: the on-disk shape of a map, read with every size checked before anything is
//! allocated from it, and written back.

use super::tiles::TileRows;
use super::{
    FileError, FileKind, MAP_VERSION, element_error, field_error, parse, read_text, save_atomic, to_ron, vaults,
};
use crate::geom::{Grid, Pos};
use crate::map::terrain::TerrainError;
use crate::map::{
    Corridor, CorridorId, Door, DoorId, MAX_SIDE, MAX_TILES, Map, Marker, Provenance, Room, Shape, TileKind, path_text,
};
use crate::params::rooms_tunnels::{MAX_TUNNEL_WIDTH, MIN_TUNNEL_WIDTH};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The on-disk shape of a map file, as read.
#[derive(Deserialize)]
struct MapRepr {
    version: u32,
    width: u32,
    height: u32,
    tiles: TileRows,
    #[serde(default)]
    rooms: Vec<Room>,
    #[serde(default)]
    doors: Vec<Door>,
    #[serde(default)]
    corridors: Vec<CorridorRepr>,
    #[serde(default)]
    markers: Vec<Marker>,
    #[serde(default)]
    tile_kinds: Vec<TileKind>,
    /// Each tile's kind, one string a row: `.` none, else a kind's glyph.
    #[serde(default)]
    terrain: Vec<String>,
    spawn: Pos,
    #[serde(default)]
    provenance: Provenance,
    /// Locked tiles as runs along rows: `(x, y, length)`.
    #[serde(default)]
    locked_tiles: Vec<(i32, i32, u32)>,
}

/// A corridor as read: its path stays text (checked, and its length known) until the map's size
/// says how long a path may be, so that a few bytes saying "a million steps east" cannot make
/// Delve allocate gigabytes.
#[derive(Deserialize)]
struct CorridorRepr {
    id: CorridorId,
    #[serde(deserialize_with = "checked_path")]
    path: (String, usize),
    doors: [DoorId; 2],
    #[serde(default = "one")]
    width: u32,
}

const fn one() -> u32 {
    1
}

/// A corridor path's text and how many tiles it lists, checked while parsing so that a bad path
/// is reported at its line and column.
fn checked_path<'de, D: serde::Deserializer<'de>>(d: D) -> Result<(String, usize), D::Error> {
    let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
    let n = path_text::count(&text, MAX_TILES as usize).map_err(serde::de::Error::custom)?;
    Ok((text.into_owned(), n))
}

/// [`MapRepr`] borrowing the map, for saving without copying it.
#[derive(Serialize)]
struct MapReprRef<'a> {
    version: u32,
    width: u32,
    height: u32,
    tiles: TileRows,
    rooms: &'a [Room],
    doors: &'a [Door],
    corridors: &'a [Corridor],
    #[serde(skip_serializing_if = "<[Marker]>::is_empty")]
    markers: &'a [Marker],
    #[serde(skip_serializing_if = "<[TileKind]>::is_empty")]
    tile_kinds: &'a [TileKind],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    terrain: Vec<String>,
    spawn: Pos,
    provenance: &'a Provenance,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locked_tiles: Vec<(i32, i32, u32)>,
}

/// Reads a map file.
pub fn load_map(path: &Path) -> Result<Map, FileError> {
    parse_map(&read_text(path)?, path)
}

/// Parses map text read from `path` (the vault libraries of its parameters are read from
/// `path`'s folder).
pub fn parse_map(text: &str, path: &Path) -> Result<Map, FileError> {
    let mut map = parse_map_only(text, path)?;
    if let Some(params) = &mut map.provenance.params {
        vaults::read_libraries(params, &vaults::Base::of_file(path));
    }
    Ok(map)
}

/// Parses map text, leaving its parameters' vault libraries unread; `path` is only used in
/// messages.
pub(super) fn parse_map_only(text: &str, path: &Path) -> Result<Map, FileError> {
    let repr: MapRepr = parse(text, path, FileKind::Map, MAP_VERSION, |m: &MapRepr| m.version)?;
    let (w, h) = (repr.width, repr.height);
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE || u64::from(w) * u64::from(h) > MAX_TILES {
        let message = format!(
            "the map is {w}×{h}; expected a width and height of 1 to {MAX_SIDE} with at most {MAX_TILES} tiles in all"
        );
        let field = if w == 0 || w > MAX_SIDE { "width" } else { "height" };
        return Err(field_error(path, text, field, message));
    }
    let rows = repr.tiles.rows();
    if rows != h as usize {
        // At the first row past the map's height, or at the last row when rows are missing.
        let message = format!("`tiles` has {rows} rows; expected {h}, the map's height");
        return Err(element_error(path, text, "tiles", rows.saturating_sub(1).min(h as usize), message));
    }
    if rows > 0 && repr.tiles.row_len() != w as usize {
        let message = format!("`tiles` rows are {} tiles long; expected {w}, the map's width", repr.tiles.row_len());
        return Err(element_error(path, text, "tiles", 0, message));
    }
    let grid = Grid::from_vec(w, h, repr.tiles.into_tiles())
        .ok_or_else(|| FileError::invalid(path, "`tiles` does not match the map's size"))?;
    let bounds = grid.bounds();
    let mut map = Map::from_tiles(grid);
    let at = |field: &str, index: usize, message: String| element_error(path, text, field, index, message);
    // Everything a file holds lies on the map, and rooms, doors and corridors together stay
    // within a few times its tiles, so that no check, drawing or sum over them can take long or
    // overflow, whatever the file says.
    let tiles = w as usize * h as usize;
    let budget = 8 * tiles + (1 << 20);
    let mut total = 0usize;
    for (i, room) in repr.rooms.iter().enumerate() {
        let inside = room.shape.bounds().is_none_or(|b| b.intersection(&bounds) == Some(b));
        if !inside {
            let message =
                format!("room {} reaches outside the {w}×{h} map; expected every room inside the map", room.id);
            return Err(at("rooms", i, message));
        }
        // Tiles the room lists (a circle counts its square): at most the map's, inside it.
        total += match &room.shape {
            Shape::Cells(cells) => cells.len(),
            s => s.bounds().map_or(0, |b| b.area() as usize),
        };
        if total > budget {
            let message = format!(
                "the rooms up to room {} cover more than {budget} tiles; expected at most eight times the \
                 {tiles} tiles of the {w}×{h} map in all",
                room.id
            );
            return Err(at("rooms", i, message));
        }
    }
    if repr.doors.len() > 4 * tiles {
        let message = format!("{} doors; expected at most {} (four per tile of the map)", repr.doors.len(), 4 * tiles);
        return Err(at("doors", 4 * tiles, message));
    }
    if let Some((i, d)) = repr.doors.iter().enumerate().find(|(_, d)| !bounds.contains(d.cell)) {
        let message = format!("door {} is at {}, outside the {w}×{h} map; expected doors on the map", d.id, d.cell);
        return Err(at("doors", i, message));
    }
    if !bounds.contains(repr.spawn) {
        let message = format!("the spawn is at {}, outside the {w}×{h} map; expected it on the map", repr.spawn);
        return Err(field_error(path, text, "spawn", message));
    }
    if let Some((i, c)) =
        repr.corridors.iter().enumerate().find(|(_, c)| !(MIN_TUNNEL_WIDTH..=MAX_TUNNEL_WIDTH).contains(&c.width))
    {
        let message =
            format!("corridor {} has width {}; expected {MIN_TUNNEL_WIDTH} to {MAX_TUNNEL_WIDTH} tiles", c.id, c.width);
        return Err(at("corridors", i, message));
    }
    map.rooms = repr
        .rooms
        .into_iter()
        .map(|mut r| {
            if let Shape::Cells(cells) = r.shape {
                r.shape = Shape::cells_from(cells);
            }
            r
        })
        .collect();
    // A corridor's centre line visits a tile at most once, so it has at most as many tiles as
    // the map; corridors may share tiles where they cross, but all of them together (with the
    // rooms) stay within a few times the map's tiles.
    for (i, c) in repr.corridors.iter().enumerate() {
        let n = c.path.1;
        if n > tiles {
            let message = format!(
                "corridor {}'s path is {n} tiles long; expected at most {tiles}, the tiles of the {w}×{h} map",
                c.id
            );
            return Err(at("corridors", i, message));
        }
        total += n;
        if total > budget {
            let message = format!(
                "the rooms and corridors up to corridor {} cover more than {budget} tiles; expected at most \
                 eight times the {tiles} tiles of the {w}×{h} map in all",
                c.id
            );
            return Err(at("corridors", i, message));
        }
    }
    map.doors = repr.doors;
    let mut corridors = Vec::with_capacity(repr.corridors.len());
    for (i, c) in repr.corridors.into_iter().enumerate() {
        let path_tiles = path_text::from_text(&c.path.0, c.path.1)
            .map_err(|e| at("corridors", i, format!("corridor {}: {e}", c.id)))?;
        if let Some(p) = path_tiles.iter().find(|p| !bounds.contains(**p)) {
            let message = format!("corridor {}'s path leaves the {w}×{h} map at {p}; expected it on the map", c.id);
            return Err(at("corridors", i, message));
        }
        corridors.push(Corridor { id: c.id, path: path_tiles.into(), doors: c.doors, width: c.width });
    }
    map.corridors = corridors;
    map.spawn = repr.spawn;
    map.provenance = repr.provenance;
    if repr.markers.len() > tiles {
        let message = format!("{} markers; expected at most one per tile of the {w}×{h} map", repr.markers.len());
        return Err(at("markers", tiles, message));
    }
    // The kinds the map's own parameters declare, when it has them: a marker of another kind
    // is a mistake in the file (a misspelt name), not something to carry on silently.
    let declared = map.provenance.params.as_ref().map(|p| p.markers().kind_names());
    for (i, m) in repr.markers.iter().enumerate() {
        if !bounds.contains(m.at) {
            let message = format!("marker {i} ({}) stands at {}, off the {w}×{h} map", m.kind, m.at);
            return Err(at("markers", i, message));
        }
        if let Some(names) = declared.as_ref().filter(|n| !n.contains(&m.kind.as_str())) {
            let message = format!(
                "marker {i} is of kind “{}”, which the map's parameters do not declare; expected one of: {}",
                m.kind,
                names.join(", ")
            );
            return Err(at("markers", i, message));
        }
    }
    map.markers = repr.markers;
    read_terrain(&mut map, repr.tile_kinds, &repr.terrain, &at)?;
    let mut locked = 0u64;
    for (i, &(x, y, n)) in repr.locked_tiles.iter().enumerate() {
        let last = x.checked_add(n as i32 - 1).filter(|_| n >= 1 && n <= w);
        if n == 0 || last.is_none_or(|l| !bounds.contains(Pos::new(x, y)) || !bounds.contains(Pos::new(l, y))) {
            let message = format!(
                "locked tiles ({x}, {y}, {n}): a run of {n} tiles from ({x}, {y}) eastwards must lie on the {w}×{h} map \
                 and hold at least one tile"
            );
            return Err(at("locked_tiles", i, message));
        }
        locked += u64::from(n);
        if locked > tiles as u64 {
            let message = format!("the locked tiles up to run {i} are more than the {tiles} tiles of the {w}×{h} map");
            return Err(at("locked_tiles", i, message));
        }
        for k in 0..n as i32 {
            map.set_tile_lock(Pos::new(x + k, y), true);
        }
    }
    Ok(map)
}

/// The palette and the rows of tile kinds ([`Map::set_terrain_rows`]), a mistake reported at
/// the kind or row it is in.
fn read_terrain(
    map: &mut Map,
    kinds: Vec<TileKind>,
    rows: &[String],
    at: &impl Fn(&str, usize, String) -> FileError,
) -> Result<(), FileError> {
    map.set_terrain_rows(kinds, rows).map_err(|e| match e {
        TerrainError::Kind(i, message) => at("tile_kinds", i, message),
        TerrainError::Row(y, message) => at("terrain", y, message),
    })
}

/// The RON text of a map.
pub fn map_to_string(map: &Map) -> Result<String, ron::Error> {
    let repr = MapReprRef {
        version: MAP_VERSION,
        width: map.width(),
        height: map.height(),
        tiles: TileRows::from_grid(map.tiles()),
        rooms: &map.rooms,
        doors: &map.doors,
        corridors: &map.corridors,
        markers: &map.markers,
        tile_kinds: map.terrain().kinds(),
        terrain: map.terrain_rows(),
        spawn: map.spawn,
        provenance: &map.provenance,
        locked_tiles: map.locked_runs(),
    };
    to_ron(&repr, 2)
}

pub fn save_map(path: &Path, map: &Map) -> Result<(), FileError> {
    let text =
        map_to_string(map).map_err(|e| FileError::Encode { path: path.to_path_buf(), message: e.to_string() })?;
    save_atomic(path, text.as_bytes())
}
