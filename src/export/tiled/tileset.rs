//! The tileset of a Tiled map: Delve's own ([`OWN_TILES`] tiles in the map view's colours, a
//! room floor per palette colour, so a Tiled picture reads as Delve's), or a `.tsx` of the
//! user's own, of which Delve uses tiles 0 to 3 ([`TileId`]).

use super::{Props, TILE, TILED_VERSION, TILESET_IMAGE, Value, write_props};
use crate::export::{ExportError, TileId};
use crate::map::palette::{PALETTE, index_of};
use crate::map::{Map, Rgb, TileKind};
use crate::raster::{Look, Palette};
use quick_xml::events::{BytesDecl, Event};
use std::collections::HashMap;
use std::path::Path;

/// Delve's tile for solid rock (wall that touches no floor; tile 0, the wall, edges the
/// dug-out space as in the map view).
pub const ROCK: u32 = 4;
/// Delve's tile for the floor of a room coloured `PALETTE[k]` is `ROOM_FLOORS + k`.
pub const ROOM_FLOORS: u32 = 5;
/// How many tiles Delve's own tileset has: [`TileId`]'s four, rock, a floor per palette colour.
pub const OWN_TILES: u32 = ROOM_FLOORS + PALETTE.len() as u32;

/// Delve's own tile ids for `map`, row by row: doors and corridors as [`TileId`] numbers them,
/// walls as edge (0) or rock ([`ROCK`]), each room's floor in its colour's tile (the nearest
/// palette colour for a colour picked by hand), floor outside every room as 1.
pub fn own_tiles(map: &Map) -> Vec<u32> {
    let room_tile: Vec<u32> = map.rooms.iter().map(|r| ROOM_FLOORS + index_of(r.colour) as u32).collect();
    let looks = crate::raster::tile_looks(map);
    crate::export::tile_ids(map)
        .into_iter()
        .zip(looks)
        .map(|(id, look)| match (id, look) {
            (TileId::Door, _) => TileId::Door as u32,
            (_, Look::Edge) => TileId::Wall as u32,
            (_, Look::Rock) => ROCK,
            (_, Look::Corridor) => TileId::CorridorFloor as u32,
            (_, Look::Floor) => TileId::RoomFloor as u32,
            (_, Look::Room(r)) => room_tile.get(r as usize).copied().unwrap_or(TileId::RoomFloor as u32),
        })
        .collect()
}

/// Each of Delve's own tiles: its id, its type (the first four as [`TileId::key`]; rock is a
/// `wall`, each room floor a `room_floor`) and its properties (`rock = true`; a floor's `colour`).
pub(super) fn own_tile_kinds() -> Vec<(u32, &'static str, Props)> {
    let first = TileId::ALL.into_iter().map(|t| (t as u32, t.key(), Vec::new()));
    let rock = std::iter::once((ROCK, TileId::Wall.key(), vec![("rock", Value::Bool(true))]));
    let floors = (0..PALETTE.len() as u32)
        .map(|k| (ROOM_FLOORS + k, TileId::RoomFloor.key(), vec![("colour", Value::Color(PALETTE[k as usize]))]));
    first.chain(rock).chain(floors).collect()
}

/// The colour of Delve's own tile `id` (doors are drawn apart, in [`tileset_image`]).
fn own_colour(id: u32, p: &Palette) -> Rgb {
    match id {
        0 => p.wall,
        1 => p.floor,
        2 | 3 => p.corridor,
        ROCK => p.rock,
        k => PALETTE.get((k - ROOM_FLOORS) as usize).copied().unwrap_or(p.floor),
    }
}

/// A tileset of the user's own, as read from its `.tsx`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserTileset {
    /// The path as written in the map: relative to the map's folder where possible.
    pub source: String,
    pub tile_width: u32,
    pub tile_height: u32,
}

impl UserTileset {
    /// Reads the tile size of the tileset at `tsx` and checks that it has the four tiles Delve
    /// uses; `map_dir` is the folder the map will be written to (the path in the map is
    /// relative to it).
    pub fn read(tsx: &Path, map_dir: &Path) -> Result<UserTileset, ExportError> {
        let bad = |message: String| ExportError::Tileset { path: tsx.to_path_buf(), message };
        let bytes = delve_core::io::read_bounded(tsx, 64 << 20).map_err(|e| bad(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|_| bad("not UTF-8 text".into()))?;
        let mut reader = quick_xml::Reader::from_str(&text);
        let root = loop {
            match reader.read_event().map_err(|e| bad(format!("not XML: {e}")))? {
                Event::Start(e) | Event::Empty(e) => break e,
                Event::Eof => return Err(bad("empty file".into())),
                _ => {}
            }
        };
        if root.name().as_ref() != "tileset" {
            return Err(bad("not a Tiled tileset (its first element is not <tileset>)".into()));
        }
        let mut attr = HashMap::new();
        for a in root.attributes() {
            let a = a.map_err(|e| bad(format!("bad attribute: {e}")))?;
            let value = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|e| bad(format!("bad attribute: {e}")))?;
            attr.insert(a.key.as_ref().to_owned(), value.into_owned());
        }
        let number = |name: &str| -> Result<u32, ExportError> {
            let v = attr.get(name).ok_or_else(|| bad(format!("<tileset> has no `{name}`")))?;
            v.parse::<u32>()
                .ok()
                .filter(|n| (1..=4096).contains(n))
                .ok_or_else(|| bad(format!("`{name}` is {v:?}; expected a whole number from 1 to 4096")))
        };
        let (tile_width, tile_height) = (number("tilewidth")?, number("tileheight")?);
        let count = attr.get("tilecount").and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        if count < TileId::ALL.len() as u32 {
            return Err(bad(format!(
                "it has {count} tiles; Delve needs at least 4 (wall, room floor, corridor floor, door)"
            )));
        }
        let absolute = std::path::absolute(tsx).unwrap_or_else(|_| tsx.to_path_buf());
        let dir = std::path::absolute(map_dir).unwrap_or_else(|_| map_dir.to_path_buf());
        let source = pathdiff::diff_paths(&absolute, &dir).unwrap_or(absolute);
        Ok(UserTileset { source: source.to_string_lossy().replace('\\', "/"), tile_width, tile_height })
    }
}

/// The text of Delve's tileset file ([`super::TILESET_FILE`]), whose image is [`TILESET_IMAGE`]:
/// [`OWN_TILES`] [`TILE`]-pixel tiles, each with its type and properties (`own_tile_kinds`).
pub fn tileset_tsx() -> Result<String, ExportError> {
    let mut w = quick_xml::Writer::new_with_indent(Vec::new(), b' ', 1);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let tiles = own_tile_kinds().into_iter().map(|(id, kind, props)| (id, kind.to_string(), props)).collect();
    write_tileset(&mut w, ("version", TILED_VERSION.into()), "delve", TILESET_IMAGE, OWN_TILES, tiles)?;
    let mut bytes = w.into_inner();
    bytes.push(b'\n');
    String::from_utf8(bytes).map_err(|e| ExportError::Xml(std::io::Error::other(e)))
}

/// A `<tileset>` of `count` [`TILE`]-pixel tiles in a row in `image`, each with its type and
/// properties: Delve's own (`first` its `version`) or the tile kinds' (`first` its `firstgid`).
pub(super) fn write_tileset(
    w: &mut quick_xml::Writer<Vec<u8>>,
    first: (&str, String),
    name: &str,
    image: &str,
    count: u32,
    tiles: Vec<(u32, String, Props)>,
) -> std::io::Result<()> {
    let num = |n: u32| n.to_string();
    w.create_element("tileset")
        .with_attributes([
            (first.0, first.1.as_str()),
            ("name", name),
            ("tilewidth", &num(TILE)),
            ("tileheight", &num(TILE)),
            ("tilecount", &num(count)),
            ("columns", &num(count)),
        ])
        .write_inner_content(|w| {
            w.create_element("image")
                .with_attributes([("source", image), ("width", &num(TILE * count)), ("height", &num(TILE))])
                .write_empty()?;
            for (id, kind, props) in tiles {
                let tile =
                    w.create_element("tile").with_attributes([("id", num(id).as_str()), ("type", kind.as_str())]);
                if props.is_empty() {
                    tile.write_empty()?;
                } else {
                    tile.write_inner_content(|w| write_props(w, &props))?;
                }
            }
            Ok(())
        })?;
    Ok(())
}

/// The PNG of Delve's tileset: [`OWN_TILES`] [`TILE`]-pixel tiles in a row, in the colours
/// Delve's pictures give the same tiles (a door: the door colour framed by corridor floor).
pub fn tileset_image() -> Result<Vec<u8>, ExportError> {
    let p = Palette::default();
    let mut img = image::RgbaImage::new(TILE * OWN_TILES, TILE);
    for (x, y, px) in img.enumerate_pixels_mut() {
        let (tile, u, v) = (x / TILE, x % TILE, y);
        let framed = u < 3 || v < 3 || u >= TILE - 3 || v >= TILE - 3;
        let c = if tile == TileId::Door as u32 && !framed { p.door } else { own_colour(tile, &p) };
        *px = image::Rgba([c.0, c.1, c.2, 255]);
    }
    let mut bytes = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)?;
    Ok(bytes)
}

/// The file name of the image of the tile kinds' tileset of a map with kinds `kinds`, written
/// beside the map: named after the palette, so maps of one preset share it and maps with other
/// kinds do not overwrite it.
pub fn kinds_image_name(kinds: &[TileKind]) -> String {
    let key: String = kinds.iter().map(|k| format!("{}|{}|{:?}|{};", k.name, k.glyph, k.colour, k.walkable)).collect();
    format!("delve-kinds-{:016x}.png", delve_core::rng::seed_from_text(&format!("kinds:{key}")))
}

/// The image of the tile kinds' tileset: a [`TILE`]-pixel tile per kind in a row, in its colour.
pub fn kinds_image(kinds: &[TileKind]) -> Result<Vec<u8>, ExportError> {
    let mut img = image::RgbaImage::new(TILE * kinds.len().max(1) as u32, TILE);
    for (x, _, px) in img.enumerate_pixels_mut() {
        let [r, g, b] = kinds.get((x / TILE) as usize).map_or([0, 0, 0], |k| k.colour);
        *px = image::Rgba([r, g, b, 255]);
    }
    let mut bytes = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)?;
    Ok(bytes)
}

/// Each tile of the tile kinds' tileset: its id, its type (the kind's name, what an engine keys
/// on) and its properties (`name`, `glyph`, `walkable`).
pub(super) fn kind_tiles(kinds: &[TileKind]) -> Vec<(u32, String, Props)> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let props = vec![
                ("name", Value::Str(k.name.clone())),
                ("glyph", Value::Str(k.glyph.to_string())),
                ("walkable", Value::Bool(k.walkable)),
            ];
            (i as u32, k.name.clone(), props)
        })
        .collect()
}
