//! A plain JSON of a map for any engine or script: tiles as rows of characters, rooms with
//! their shape and bounds, doors, corridors with their paths, the room graph, spawn and
//! provenance, markers, and tile kinds (a palette and rows of glyphs). Its JSON Schema is generated from these types ([`schema`]) and checked in at
//! `docs/delve-map.schema.json`; a test fails when the two disagree. [`from_json`] reads a file
//! back into the map it was made from.

use crate::geom::{Dir, Grid, Pos, Rect};
use crate::map::terrain::TerrainError;
use crate::map::{Corridor, Door, Map, Marker, Opening, Provenance, Rgb, Role, Room, Shape, Tile, TileKind};
use crate::params::GeneratorParams;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `format` of every Delve map JSON.
pub(crate) const FORMAT: &str = "delve-map";
/// The version of the JSON layout (bumped when a field changes meaning).
pub(crate) const VERSION: u32 = 1;

/// A map as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonMap {
    /// Always `"delve-map"`.
    pub format: String,
    /// The layout version, 1.
    pub version: u32,
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
    /// One string per row, top to bottom, one character per tile, left to right: `#` wall,
    /// `.` room floor, `,` corridor floor. Tile (x, y) is `rows[y][x]`.
    pub rows: Vec<String>,
    pub rooms: Vec<JsonRoom>,
    pub doors: Vec<JsonDoor>,
    pub corridors: Vec<JsonCorridor>,
    /// The room graph: one edge per corridor, between the rooms of its two doors.
    pub graph: Vec<JsonEdge>,
    /// Where the player starts.
    pub spawn: JsonPoint,
    pub provenance: JsonProvenance,
    /// What stands in the rooms, in the order placed (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<JsonMarker>,
    /// The map's palette of tile kinds (water, a chasm, a trap; absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tile_kinds: Vec<JsonTileKind>,
    /// Each tile's kind, one string per row like `rows`: `.` for a tile without one, else the
    /// `glyph` of a kind of `tile_kinds` (only on floor). Absent when no tile has a kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<String>,
}

/// A kind of tile: its name, its glyph in `terrain`, how Delve draws it (`#rrggbb`), whether a
/// creature can stand on it, and its id in the CSV export and Delve's Tiled tileset (4 + its
/// place in `tile_kinds`; 0 to 3 are wall, room floor, corridor floor and door).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonTileKind {
    pub name: String,
    pub glyph: String,
    pub colour: String,
    pub walkable: bool,
    pub id: u32,
}

/// A marker: a thing of kind `kind` (a name the preset declares: `monster`, `chest`, `key`) on
/// tile `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonMarker {
    pub kind: String,
    pub at: JsonPoint,
    /// The room it stands in (absent when in none).
    #[serde(default)]
    pub room: Option<u32>,
    /// Its difficulty level, 1 the easiest (absent for a kind without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    /// For a key: the number of the doors it opens (`opening: "locked"`, the same `key`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<u32>,
    /// How Delve draws its kind: one character, and `#rrggbb`.
    pub glyph: String,
    pub colour: String,
}

/// How a door opens: `door` (a plain door), `locked` (by the key with its `key` number),
/// `secret` (looks like wall until found), `arch` (an open way with no door).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum JsonOpening {
    Door,
    Locked,
    Secret,
    Arch,
}

/// A tile position `[x, y]`: x to the right, y down, from the top-left tile `[0, 0]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct JsonPoint(pub i32, pub i32);

/// A rectangle of tiles: `x..x + w` by `y..y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonRect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

/// A room's floor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum JsonShape {
    /// Every tile of the rectangle.
    Rect { x: i32, y: i32, w: i32, h: i32 },
    /// Every tile within `radius` of the centre (`dx² + dy² <= radius²`).
    Circle { centre: JsonPoint, radius: i32 },
    /// Exactly these tiles.
    Cells { cells: Vec<JsonPoint> },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonRoom {
    pub id: u32,
    pub shape: JsonShape,
    /// The smallest rectangle holding the room's floor (absent for a room without floor).
    pub bounds: Option<JsonRect>,
    /// Floor tiles.
    pub area: usize,
    /// `#rrggbb`.
    pub colour: String,
    pub label: Option<String>,
    /// What the room is for in play (null: no role). Files written before roles read as null.
    #[serde(default)]
    pub role: Option<JsonRole>,
    /// A hand-made room: one placed from a vault library, or (in a library) one marked as a
    /// vault. Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vault: bool,
}

/// A room's role: `entrance` (the spawn's room), `exit` (farthest from the entrance), `treasure`,
/// `guard` (every path into the treasure room passes it) or `side` (a dead end off the treasure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum JsonRole {
    Entrance,
    Exit,
    Treasure,
    Guard,
    Side,
}

impl From<Role> for JsonRole {
    fn from(r: Role) -> Self {
        match r {
            Role::Entrance => JsonRole::Entrance,
            Role::Exit => JsonRole::Exit,
            Role::Treasure => JsonRole::Treasure,
            Role::Guard => JsonRole::Guard,
            Role::Side => JsonRole::Side,
        }
    }
}

impl From<JsonRole> for Role {
    fn from(r: JsonRole) -> Self {
        match r {
            JsonRole::Entrance => Role::Entrance,
            JsonRole::Exit => Role::Exit,
            JsonRole::Treasure => Role::Treasure,
            JsonRole::Guard => Role::Guard,
            JsonRole::Side => Role::Side,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum JsonSide {
    North,
    East,
    South,
    West,
}

/// A door: the edge between the room's floor tile `cell` and the tile beyond it on `side`
/// (`outside`, where the corridor starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonDoor {
    pub id: u32,
    pub room: u32,
    pub cell: JsonPoint,
    pub side: JsonSide,
    pub outside: JsonPoint,
    /// Door kind ("colour"): corridors join doors of the same kind; 0 is the plain door.
    pub kind: u8,
    /// How it opens (absent: a plain door).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<JsonOpening>,
    /// For a locked door: the number of the key that opens it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonCorridor {
    pub id: u32,
    /// The doors at the start and the end of the path.
    pub doors: [u32; 2],
    /// Width in tiles: a `width`×`width` brush swept along the path.
    pub width: u32,
    /// The centre line, tile by tile, from the first door's outside tile to the second's.
    pub path: Vec<JsonPoint>,
}

/// One corridor of the room graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonEdge {
    pub corridor: u32,
    /// The rooms of the corridor's two doors (absent where a door or its room is unknown).
    pub rooms: [Option<u32>; 2],
}

/// How the map was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct JsonProvenance {
    /// The generator and all its parameters, when the map was generated (as in Delve's presets).
    pub params: Option<GeneratorParams>,
    /// The seed the generator ran with.
    pub seed: u64,
    /// Edited by hand since it was generated.
    pub edited: bool,
}

/// Why a JSON file could not be read back into a map.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    #[error("line {line}, column {column}: {message}")]
    Syntax { line: usize, column: usize, message: String },
    #[error("{0}")]
    Invalid(String),
}

fn point(p: Pos) -> JsonPoint {
    JsonPoint(p.x, p.y)
}

fn pos(p: JsonPoint) -> Pos {
    Pos::new(p.0, p.1)
}

fn rect(r: Rect) -> JsonRect {
    JsonRect { x: r.x, y: r.y, w: r.w, h: r.h }
}

fn side(d: Dir) -> JsonSide {
    match d {
        Dir::North => JsonSide::North,
        Dir::East => JsonSide::East,
        Dir::South => JsonSide::South,
        Dir::West => JsonSide::West,
    }
}

fn dir(s: JsonSide) -> Dir {
    match s {
        JsonSide::North => Dir::North,
        JsonSide::East => Dir::East,
        JsonSide::South => Dir::South,
        JsonSide::West => Dir::West,
    }
}

/// The JSON description of `map`.
pub fn describe(map: &Map) -> JsonMap {
    let tiles = map.tiles();
    let rows =
        (0..map.height()).filter_map(|y| tiles.row(y)).map(|r| r.iter().map(|t| t.to_char()).collect()).collect();
    let room_of_door: BTreeMap<u32, u32> = map.doors.iter().rev().map(|d| (d.id, d.room)).collect();
    JsonMap {
        format: FORMAT.into(),
        version: VERSION,
        width: map.width(),
        height: map.height(),
        rows,
        rooms: map
            .rooms
            .iter()
            .map(|r| JsonRoom {
                id: r.id,
                shape: match &r.shape {
                    Shape::Rect(b) => JsonShape::Rect { x: b.x, y: b.y, w: b.w, h: b.h },
                    Shape::Circle { centre, radius } => JsonShape::Circle { centre: point(*centre), radius: *radius },
                    Shape::Cells(cells) => JsonShape::Cells { cells: cells.iter().map(|p| point(*p)).collect() },
                },
                bounds: r.shape.bounds().map(rect),
                area: r.shape.area(),
                colour: r.colour.hex(),
                label: r.label.clone(),
                role: r.role.map(JsonRole::from),
                vault: r.vault,
            })
            .collect(),
        doors: map
            .doors
            .iter()
            .map(|d| JsonDoor {
                id: d.id,
                room: d.room,
                cell: point(d.cell),
                side: side(d.side),
                outside: point(d.outside()),
                kind: d.kind,
                opening: match d.opening {
                    Opening::Door => None,
                    Opening::Locked(_) => Some(JsonOpening::Locked),
                    Opening::Secret => Some(JsonOpening::Secret),
                    Opening::Arch => Some(JsonOpening::Arch),
                },
                key: match d.opening {
                    Opening::Locked(k) => Some(k),
                    _ => None,
                },
            })
            .collect(),
        corridors: map
            .corridors
            .iter()
            .map(|c| JsonCorridor {
                id: c.id,
                doors: c.doors,
                width: c.width,
                path: c.path.iter().map(|p| point(*p)).collect(),
            })
            .collect(),
        graph: map
            .corridors
            .iter()
            .map(|c| JsonEdge { corridor: c.id, rooms: c.doors.map(|d| room_of_door.get(&d).copied()) })
            .collect(),
        spawn: point(map.spawn),
        provenance: JsonProvenance {
            params: map.provenance.params.clone(),
            seed: map.provenance.seed,
            edited: map.provenance.edited,
        },
        markers: markers_of(map),
        tile_kinds: map
            .terrain()
            .kinds()
            .iter()
            .enumerate()
            .map(|(i, k)| JsonTileKind {
                name: k.name.clone(),
                glyph: k.glyph.to_string(),
                colour: hex(k.colour),
                walkable: k.walkable,
                id: super::kind_id(i),
            })
            .collect(),
        terrain: map.terrain_rows(),
    }
}

/// `#rrggbb` of a colour as kinds hold it.
fn hex([r, g, b]: [u8; 3]) -> String {
    Rgb(r, g, b).hex()
}

/// The markers of `map`, as the JSON export (and the Python package) give them.
pub fn markers_of(map: &Map) -> Vec<JsonMarker> {
    map.markers
        .iter()
        .map(|m| {
            let (glyph, colour) = crate::map::markers::look(map, &m.kind);
            JsonMarker {
                kind: m.kind.clone(),
                at: point(m.at),
                room: map.room_at(m.at).map(|r| r.id),
                level: (m.level > 0).then_some(m.level),
                key: m.key,
                glyph: glyph.to_string(),
                colour: hex(colour),
            }
        })
        .collect()
}

/// The JSON text of `map`, compact (one line; `python -m json.tool` shows it laid out).
pub fn to_json(map: &Map) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string(&describe(map))? + "\n")
}

/// The JSON Schema of [`JsonMap`], as checked in at `docs/delve-map.schema.json`.
#[cfg(feature = "schema")]
pub fn schema() -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string_pretty(&schemars::schema_for!(JsonMap))? + "\n")
}

/// Reads a map back from its JSON (as [`to_json`] writes it). It checks the layout, the tiles
/// and the map's size; it does not hold rooms, doors and corridors to the limits of Delve's own
/// map files ([`crate::io`]), so it is for checking exports, not for opening untrusted files.
pub fn from_json(text: &str) -> Result<Map, JsonError> {
    let j: JsonMap = serde_json::from_str(text).map_err(|e| JsonError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let bad = |m: String| JsonError::Invalid(m);
    if j.format != FORMAT || j.version != VERSION {
        return Err(bad(format!("expected format \"{FORMAT}\" version {VERSION}, not \"{}\" {}", j.format, j.version)));
    }
    let (w, h) = (j.width, j.height);
    if w == 0 || h == 0 || u64::from(w) * u64::from(h) > crate::map::MAX_TILES || j.rows.len() != h as usize {
        return Err(bad(format!(
            "a {w}×{h} map with {} rows; expected 1 to {} tiles and a row per line",
            j.rows.len(),
            crate::map::MAX_TILES
        )));
    }
    let mut cells = Vec::with_capacity(w as usize * h as usize);
    for (y, row) in j.rows.iter().enumerate() {
        let before = cells.len();
        for c in row.chars() {
            cells.push(
                Tile::from_char(c).ok_or_else(|| bad(format!("row {y}: `{c}` is not a tile (`#`, `.` or `,`)")))?,
            );
            if cells.len() - before > w as usize {
                break;
            }
        }
        if cells.len() - before != w as usize {
            return Err(bad(format!("row {y} is not {w} tiles long")));
        }
    }
    let grid = Grid::from_vec(w, h, cells).ok_or_else(|| bad("the rows do not match the map's size".into()))?;
    let mut map = Map::from_tiles(grid);
    for r in j.rooms {
        let rgb = Rgb::from_hex(&r.colour)
            .ok_or_else(|| bad(format!("room {}: colour `{}` is not #rrggbb", r.id, r.colour)))?;
        let shape = match r.shape {
            JsonShape::Rect { x, y, w, h } => Shape::Rect(Rect::new(x, y, w, h)),
            JsonShape::Circle { centre, radius } => Shape::Circle { centre: pos(centre), radius },
            JsonShape::Cells { cells } => Shape::cells_from(cells.into_iter().map(pos).collect()),
        };
        map.rooms.push(Room {
            id: r.id,
            shape,
            colour: rgb,
            label: r.label,
            locked: false,
            role: r.role.map(Role::from),
            vault: r.vault,
        });
    }
    map.doors = j
        .doors
        .iter()
        .map(|d| {
            let opening = match (d.opening, d.key) {
                (None | Some(JsonOpening::Door), _) => Opening::Door,
                (Some(JsonOpening::Locked), Some(k)) => Opening::Locked(k),
                (Some(JsonOpening::Locked), None) => {
                    return Err(bad(format!("door {}: a locked door needs the number of its `key`", d.id)));
                }
                (Some(JsonOpening::Secret), _) => Opening::Secret,
                (Some(JsonOpening::Arch), _) => Opening::Arch,
            };
            Ok(Door { kind: d.kind, opening, ..Door::new(d.id, d.room, pos(d.cell), dir(d.side)) })
        })
        .collect::<Result<_, _>>()?;
    map.markers = j
        .markers
        .into_iter()
        .map(|m| Marker { kind: m.kind, at: pos(m.at), level: m.level.unwrap_or(0), key: m.key })
        .collect();
    map.corridors = j
        .corridors
        .into_iter()
        .map(|c| Corridor { id: c.id, path: c.path.into_iter().map(pos).collect(), doors: c.doors, width: c.width })
        .collect();
    let mut kinds = Vec::with_capacity(j.tile_kinds.len().min(crate::map::terrain::MAX_KINDS + 1));
    for (i, k) in j.tile_kinds.into_iter().enumerate() {
        let mut glyph = k.glyph.chars();
        let (Some(glyph), None) = (glyph.next(), glyph.next()) else {
            return Err(bad(format!("tile kind {i}: glyph `{}` is not one character", k.glyph)));
        };
        let Rgb(r, g, b) = Rgb::from_hex(&k.colour)
            .ok_or_else(|| bad(format!("tile kind {i}: colour `{}` is not #rrggbb", k.colour)))?;
        let colour = [r, g, b];
        if k.id != super::kind_id(i) {
            return Err(bad(format!("tile kind {i}: id {} is not {}, 4 + its place", k.id, super::kind_id(i))));
        }
        kinds.push(TileKind { name: k.name, glyph, colour, walkable: k.walkable });
    }
    map.set_terrain_rows(kinds, &j.terrain).map_err(|e| match e {
        TerrainError::Kind(i, m) => bad(format!("tile kind {i}: {m}")),
        TerrainError::Row(_, m) => bad(m),
    })?;
    map.spawn = pos(j.spawn);
    map.provenance =
        Provenance { params: j.provenance.params, seed: j.provenance.seed, edited: j.provenance.edited, kept: None };
    Ok(map)
}
