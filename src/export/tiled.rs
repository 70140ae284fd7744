//! Tiled maps: TMX (XML) and TMJ (JSON), orthogonal and finite, following the Tiled map format
//! reference (version 1.10; objects' `type` as Tiled 1.8 and 1.10 both read it).
//!
//! One description of the map ([`Model`]) is built once and written twice, so the two formats
//! cannot drift apart:
//! - layer 1 `tiles`: one tile per map tile, `firstgid +` the tile's id: with Delve's tileset
//!   ([`own_tiles`]) the wall edge, rock, each room's floor in its colour's tile, corridor floor
//!   and door, so that Tiled draws the dungeon as Delve does; with the user's, [`super::TileId`] (wall,
//!   room floor, corridor floor, door);
//! - layer 2 `rooms`: a rectangle, an ellipse (circle rooms) or a polygon outline (cell-set
//!   rooms) per room, with its `id`, `label`, `role` (both only when set), `colour`, `shape` and
//!   `area`;
//! - layer 3 `corridors`: a polyline through the centres of the path's tiles, with `id`,
//!   `door_a`/`door_b` (door ids), `door_a_object`/`door_b_object` (the doors' objects),
//!   `width` and `length`;
//! - layer 4 `doors`: a point at the centre of the tile outside each door, with `id`, `room`,
//!   `room_object`, `side` and `kind` (hidden when Tiled opens the map unless
//!   [`TiledOptions::door_pins`]: the door tiles show the doors);
//! - layer 5 `spawn`: a point at the centre of the spawn tile;
//! - on a map with markers, an object layer `markers`; on a map whose tiles have kinds (water, a
//!   chasm), a tile layer `tile_kinds` drawn over `tiles`: each tile of a kind as a tile of a
//!   second tileset, `delve-kinds`, embedded in the map, a tile per kind of the map's palette
//!   whose type is the kind's name, with properties `name`, `glyph` and `walkable`, in an image
//!   beside the map ([`kinds_image_name`]); with a tileset of the user's own, its tiles 4 + k
//!   (the CSV's ids).
//!
//! Map properties say how to make the map again: `generator`, `seed` (a string: seeds exceed
//! Tiled's 32-bit integers), `preset` (the text of a Delve preset file with that seed) and
//! `edited`.
//!
//! Rooms and corridors also carry `godot_node_type` (`area`, `path`), which Godot's YATI importer
//! reads; without it YATI would make them static collision bodies.
//!
//! The tileset is Delve's own, [`OWN_TILES`] 16×16 tiles in the colours of Delve's pictures in
//! a PNG written beside the map ([`TILESET_IMAGE`]; a TMX refers to it through
//! [`TILESET_FILE`], also beside it, a TMJ embeds it): 0 wall (the edge of the dug-out space),
//! 1 room floor outside every room, 2 corridor floor, 3 door, 4 rock (type `wall`, `rock =
//! true`), then a room floor per palette colour (type `room_floor`, with its `colour`). Or a
//! `.tsx` of the user's own whose tiles 0 to 3 are wall, room floor, corridor floor and door,
//! in which case the map takes its tile size.

mod tileset;
mod tmj;

pub use tileset::{
    OWN_TILES, ROCK, ROOM_FLOORS, UserTileset, kinds_image, kinds_image_name, own_tiles, tileset_image, tileset_tsx,
};

use super::{ExportError, tile_ids};
use crate::geom::Pos;
use crate::map::{Map, Opening, Rgb, Shape, TileKind};
use quick_xml::events::{BytesDecl, BytesText, Event};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The side of the tiles of Delve's tileset, in pixels.
pub const TILE: u32 = 16;
/// The file name of Delve's tileset image, written beside the map.
pub const TILESET_IMAGE: &str = "delve-tiles.png";
/// The file name of Delve's tileset, written beside a TMX map (a TMJ embeds it).
pub const TILESET_FILE: &str = "delve-tiles.tsx";
/// The version of the Tiled format written.
pub const TILED_VERSION: &str = "1.10";
/// The first global tile id of the one tileset.
const FIRSTGID: u32 = 1;
/// Largest pixel coordinate written: every position is exact in a 32-bit float, as engines
/// read them.
const MAX_PIXELS: u64 = 1 << 24;

/// How a Tiled map is written besides its format.
#[derive(Clone, Copy, Debug, Default)]
pub struct TiledOptions<'a> {
    /// A tileset of the user's own (tiles 0 to 3 used), or Delve's own.
    pub tileset: Option<&'a UserTileset>,
    /// Show the doors layer's pins when Tiled opens the map (hidden by default: the door tiles
    /// show the doors, and the objects are there for engines).
    pub door_pins: bool,
}

/// Which Tiled file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TiledFormat {
    Tmx,
    Tmj,
}

/// The text of `map` as a Tiled map, using `tileset` (or Delve's own, whose image
/// [`tileset_image`] makes).
pub fn to_tiled(map: &Map, format: TiledFormat, options: TiledOptions<'_>) -> Result<String, ExportError> {
    let model = Model::of(map, options)?;
    match format {
        TiledFormat::Tmx => model.tmx(),
        TiledFormat::Tmj => model.tmj(),
    }
}

/// A typed property value.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    Color(Rgb),
    /// Another object, by its object id (0: none).
    Object(u32),
}

impl Value {
    const fn type_name(&self) -> &'static str {
        match self {
            Value::Str(_) => "string",
            Value::Int(_) => "int",
            Value::Bool(_) => "bool",
            Value::Color(_) => "color",
            Value::Object(_) => "object",
        }
    }

    fn text(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Color(c) => colour(*c),
            Value::Object(id) => id.to_string(),
        }
    }
}

fn colour(c: Rgb) -> String {
    format!("#ff{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

type Props = Vec<(&'static str, Value)>;

/// An object's geometry, in pixels relative to its position where it has points.
#[derive(Clone, Debug, PartialEq)]
enum Geometry {
    Rect { width: f64, height: f64 },
    Ellipse { width: f64, height: f64 },
    Point,
    Polygon(Vec<(f64, f64)>),
    Polyline(Vec<(f64, f64)>),
}

#[derive(Clone, Debug, PartialEq)]
struct Object {
    id: u32,
    name: String,
    /// The object's class (`type` in the files).
    class: String,
    x: f64,
    y: f64,
    geometry: Geometry,
    props: Props,
}

struct ObjectLayer {
    id: u32,
    name: &'static str,
    objects: Vec<Object>,
    /// Shown when Tiled opens the map (the doors' pins are hidden unless asked for).
    visible: bool,
}

/// A Tiled map, as both writers see it.
struct Model<'a> {
    width: u32,
    height: u32,
    tile_width: u32,
    tile_height: u32,
    props: Props,
    tileset: Option<&'a UserTileset>,
    gids: Vec<u32>,
    layers: Vec<ObjectLayer>,
    next_object_id: u32,
    /// The map's tile kinds (none when no tile has one) and the `tile_kinds` layer's tiles.
    kinds: Vec<TileKind>,
    kind_gids: Vec<u32>,
}

/// The first global tile id of the tile kinds' tileset, after Delve's own.
const KINDS_FIRSTGID: u32 = FIRSTGID + OWN_TILES;

/// The layer id of the tile layer; object layers follow.
const TILE_LAYER_ID: u32 = 1;

impl<'a> Model<'a> {
    fn of(map: &Map, options: TiledOptions<'a>) -> Result<Self, ExportError> {
        let tileset = options.tileset;
        let (tw, th) = tileset.map_or((TILE, TILE), |t| (t.tile_width, t.tile_height));
        let (pw, ph) = (u64::from(map.width()) * u64::from(tw), u64::from(map.height()) * u64::from(th));
        if pw > MAX_PIXELS || ph > MAX_PIXELS {
            return Err(ExportError::TooLargeFor {
                format: "Tiled",
                message: format!(
                    "a {}×{} map of {tw}×{th}-pixel tiles is {pw}×{ph} pixels; at most {MAX_PIXELS} a side",
                    map.width(),
                    map.height()
                ),
            });
        }
        let (sx, sy) = (f64::from(tw), f64::from(th));
        let corner = |p: Pos| (f64::from(p.x) * sx, f64::from(p.y) * sy);
        let centre = |p: Pos| ((f64::from(p.x) + 0.5) * sx, (f64::from(p.y) + 0.5) * sy);

        // Object ids: rooms, then doors, then corridors, then the spawn.
        let door_base = 1 + map.rooms.len() as u32;
        let corridor_base = door_base + map.doors.len() as u32;
        let spawn_id = corridor_base + map.corridors.len() as u32;
        let room_object: HashMap<u32, u32> =
            map.rooms.iter().enumerate().rev().map(|(i, r)| (r.id, 1 + i as u32)).collect();
        let door_object: HashMap<u32, u32> =
            map.doors.iter().enumerate().rev().map(|(i, d)| (d.id, door_base + i as u32)).collect();

        let rooms = map
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut extra: Props = Vec::new();
                let (kind, (x, y), geometry) = match &r.shape {
                    Shape::Rect(b) => (
                        "rect",
                        corner(Pos::new(b.x, b.y)),
                        Geometry::Rect { width: f64::from(b.w) * sx, height: f64::from(b.h) * sy },
                    ),
                    Shape::Circle { centre: c, radius } => {
                        let r = (*radius).max(0);
                        let side = f64::from(2 * r + 1);
                        ("circle", corner(c.offset(-r, -r)), Geometry::Ellipse { width: side * sx, height: side * sy })
                    }
                    Shape::Cells(_) => {
                        // The outer edge of the largest piece (a room in one piece without
                        // holes, as generated, has exactly one loop).
                        let loops = r.shape.outlines();
                        let outer = loops.iter().filter(|l| signed_area2(l) > 0).count();
                        if outer > 1 {
                            extra.push(("pieces", Value::Int(outer as i64)));
                        }
                        if loops.len() > outer {
                            extra.push(("holes", Value::Int((loops.len() - outer) as i64)));
                        }
                        let largest = loops.into_iter().max_by_key(|l| signed_area2(l)).unwrap_or_default();
                        let origin = largest.first().map_or((0.0, 0.0), |p| corner(*p));
                        let points = largest
                            .iter()
                            .map(|p| {
                                let (x, y) = corner(*p);
                                (x - origin.0, y - origin.1)
                            })
                            .collect();
                        ("cells", origin, Geometry::Polygon(points))
                    }
                };
                let mut props: Props = vec![("id", Value::Int(r.id.into()))];
                if let Some(label) = &r.label {
                    props.push(("label", Value::Str(label.clone())));
                }
                if let Some(role) = r.role {
                    props.push(("role", Value::Str(role.name().into())));
                }
                props.extend([
                    ("shape", Value::Str(kind.into())),
                    ("colour", Value::Color(r.colour)),
                    ("area", Value::Int(r.shape.area() as i64)),
                ]);
                props.extend(extra);
                // Godot's YATI importer makes an object of an unknown type a static collision
                // body; a room is an area the player walks into.
                props.push(("godot_node_type", Value::Str("area".into())));
                Object {
                    id: 1 + i as u32,
                    name: r.label.clone().unwrap_or_else(|| format!("room {}", r.id)),
                    class: "room".into(),
                    x,
                    y,
                    geometry,
                    props,
                }
            })
            .collect();

        let corridors = map
            .corridors
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let turns = corners(&c.path);
                let origin = turns.first().map_or((0.0, 0.0), |p| centre(*p));
                let points = turns
                    .iter()
                    .map(|p| {
                        let (x, y) = centre(*p);
                        (x - origin.0, y - origin.1)
                    })
                    .collect();
                let object = |d: u32| Value::Object(door_object.get(&d).copied().unwrap_or(0));
                Object {
                    id: corridor_base + i as u32,
                    name: format!("corridor {}", c.id),
                    class: "corridor".into(),
                    x: origin.0,
                    y: origin.1,
                    geometry: Geometry::Polyline(points),
                    props: vec![
                        ("id", Value::Int(c.id.into())),
                        ("door_a", Value::Int(c.doors[0].into())),
                        ("door_b", Value::Int(c.doors[1].into())),
                        ("door_a_object", object(c.doors[0])),
                        ("door_b_object", object(c.doors[1])),
                        ("width", Value::Int(c.width.into())),
                        ("length", Value::Int(c.path.len() as i64)),
                        // For YATI: a path to follow, not a wall.
                        ("godot_node_type", Value::Str("path".into())),
                    ],
                }
            })
            .collect();

        let doors = map
            .doors
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let (x, y) = centre(d.outside());
                Object {
                    id: door_base + i as u32,
                    name: format!("door {}", d.id),
                    class: "door".into(),
                    x,
                    y,
                    geometry: Geometry::Point,
                    props: vec![
                        ("id", Value::Int(d.id.into())),
                        ("room", Value::Int(d.room.into())),
                        ("room_object", Value::Object(room_object.get(&d.room).copied().unwrap_or(0))),
                        ("side", Value::Str(d.side.name().into())),
                        ("kind", Value::Int(d.kind.into())),
                    ]
                    .into_iter()
                    .chain(opening_props(d.opening))
                    .collect(),
                }
            })
            .collect();

        let (x, y) = centre(map.spawn);
        let spawn = Object {
            id: spawn_id,
            name: "spawn".into(),
            class: "spawn".into(),
            x,
            y,
            geometry: Geometry::Point,
            props: Vec::new(),
        };

        let mut props: Props = Vec::new();
        let prov = &map.provenance;
        if let Some(params) = &prov.params {
            props.push(("generator", Value::Str(params.kind().file_name().into())));
            let mut preset = crate::io::Preset::new(params.clone());
            preset.seed = prov.seed;
            props.push(("preset", Value::Str(crate::io::preset_to_string(&preset)?)));
        }
        props.push(("seed", Value::Str(prov.seed.to_string())));
        props.push(("edited", Value::Bool(prov.edited)));

        // Markers: a point object each, its class the kind's name (what an engine keys on).
        let markers: Vec<Object> = map
            .markers
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let (x, y) = centre(m.at);
                let (glyph, [r, g, b]) = crate::map::markers::look(map, &m.kind);
                let mut props: Props = vec![("kind", Value::Str(m.kind.clone()))];
                if let Some(room) = map.room_at(m.at) {
                    props.push(("room", Value::Int(room.id.into())));
                    props.push(("room_object", Value::Object(room_object.get(&room.id).copied().unwrap_or(0))));
                }
                if m.level > 0 {
                    props.push(("level", Value::Int(m.level.into())));
                }
                if let Some(k) = m.key {
                    props.push(("key", Value::Int(k.into())));
                }
                props.push(("glyph", Value::Str(glyph.to_string())));
                props.push(("colour", Value::Color(Rgb(r, g, b))));
                Object {
                    id: spawn_id + 1 + i as u32,
                    name: m.key.map_or_else(|| m.kind.clone(), |k| format!("{} {k}", m.kind)),
                    class: m.kind.clone(),
                    x,
                    y,
                    geometry: Geometry::Point,
                    props,
                }
            })
            .collect();
        let next_object_id = spawn_id + 1 + markers.len() as u32;
        let mut layers = vec![
            ObjectLayer { id: TILE_LAYER_ID + 1, name: "rooms", objects: rooms, visible: true },
            ObjectLayer { id: TILE_LAYER_ID + 2, name: "corridors", objects: corridors, visible: true },
            ObjectLayer { id: TILE_LAYER_ID + 3, name: "doors", objects: doors, visible: options.door_pins },
            ObjectLayer { id: TILE_LAYER_ID + 4, name: "spawn", objects: vec![spawn], visible: true },
        ];
        // Only maps with markers have the layer, so that every other export is as before.
        if !markers.is_empty() {
            layers.push(ObjectLayer { id: TILE_LAYER_ID + 5, name: "markers", objects: markers, visible: true });
        }
        let kinds: Vec<TileKind> = if map.terrain().is_bare() { Vec::new() } else { map.terrain().kinds().to_vec() };
        let first_kind = if tileset.is_some() { FIRSTGID + delve_core::export::kind_id(0) } else { KINDS_FIRSTGID };
        let kind_gids = if kinds.is_empty() {
            Vec::new()
        } else {
            let tiles = map.tiles();
            (0..tiles.as_slice().len())
                .map(|i| match map.tile_kind_number(tiles.pos_of(i)) {
                    0 => 0,
                    n => first_kind + u32::from(n) - 1,
                })
                .collect()
        };
        Ok(Model {
            kinds,
            kind_gids,
            width: map.width(),
            height: map.height(),
            tile_width: tw,
            tile_height: th,
            props,
            tileset,
            gids: match tileset {
                Some(_) => tile_ids(map).into_iter().map(|t| FIRSTGID + t as u32).collect(),
                None => own_tiles(map).into_iter().map(|t| FIRSTGID + t).collect(),
            },
            layers,
            next_object_id,
        })
    }

    fn next_layer_id(&self) -> u32 {
        self.kinds_layer_id() + u32::from(!self.kind_gids.is_empty())
    }

    /// The id of the `tile_kinds` layer (when there is one): after every other layer.
    fn kinds_layer_id(&self) -> u32 {
        TILE_LAYER_ID + self.layers.len() as u32 + 1
    }

    /// A tile layer's data (`gids`) as CSV, one line per row.
    fn csv(&self, gids: &[u32]) -> String {
        use std::fmt::Write as _;
        let mut s = String::with_capacity(gids.len() * 3 + 2);
        s.push('\n');
        for (i, g) in gids.iter().enumerate() {
            let _ = write!(s, "{g}");
            if i + 1 < gids.len() {
                s.push(',');
            }
            if (i + 1) % self.width as usize == 0 {
                s.push('\n');
            }
        }
        s
    }

    fn tmx(&self) -> Result<String, ExportError> {
        let mut w = quick_xml::Writer::new_with_indent(Vec::new(), b' ', 1);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        let num = |n: u32| n.to_string();
        w.create_element("map")
            .with_attributes([
                ("version", TILED_VERSION),
                ("orientation", "orthogonal"),
                ("renderorder", "right-down"),
                ("width", &num(self.width)),
                ("height", &num(self.height)),
                ("tilewidth", &num(self.tile_width)),
                ("tileheight", &num(self.tile_height)),
                ("infinite", "0"),
                ("nextlayerid", &num(self.next_layer_id())),
                ("nextobjectid", &num(self.next_object_id)),
            ])
            .write_inner_content(|w| {
                write_props(w, &self.props)?;
                // Delve's own tileset is a `.tsx` beside the map, shared by every map of a batch.
                let source = self.tileset.map_or(TILESET_FILE, |user| user.source.as_str());
                w.create_element("tileset")
                    .with_attributes([("firstgid", num(FIRSTGID).as_str()), ("source", source)])
                    .write_empty()?;
                if self.tileset.is_none() && !self.kind_gids.is_empty() {
                    let (n, image) = (self.kinds.len() as u32, kinds_image_name(&self.kinds));
                    let first = ("firstgid", KINDS_FIRSTGID.to_string());
                    let tiles = tileset::kind_tiles(&self.kinds);
                    tileset::write_tileset(w, first, "delve-kinds", &image, n, tiles)?;
                }
                let mut tile_layers = vec![(TILE_LAYER_ID, "tiles", &self.gids)];
                if !self.kind_gids.is_empty() {
                    tile_layers.push((self.kinds_layer_id(), "tile_kinds", &self.kind_gids));
                }
                for (id, name, gids) in tile_layers {
                    w.create_element("layer")
                        .with_attributes([
                            ("id", num(id).as_str()),
                            ("name", name),
                            ("width", &num(self.width)),
                            ("height", &num(self.height)),
                            ("opacity", "1"),
                            ("visible", "1"),
                        ])
                        .write_inner_content(|w| {
                            w.create_element("data")
                                .with_attribute(("encoding", "csv"))
                                .write_text_content(BytesText::from_escaped(self.csv(gids)))?;
                            Ok(())
                        })?;
                }
                for layer in &self.layers {
                    w.create_element("objectgroup")
                        .with_attributes([
                            ("id", num(layer.id).as_str()),
                            ("name", layer.name),
                            ("opacity", "1"),
                            ("visible", if layer.visible { "1" } else { "0" }),
                        ])
                        .write_inner_content(|w| {
                            for o in &layer.objects {
                                write_object(w, o)?;
                            }
                            Ok(())
                        })?;
                }
                Ok(())
            })?;
        let mut bytes = w.into_inner();
        bytes.push(b'\n');
        String::from_utf8(bytes).map_err(|e| ExportError::Xml(std::io::Error::other(e)))
    }
}

/// A door's properties for how it opens: none for a plain door (as before openings existed).
fn opening_props(opening: Opening) -> Vec<(&'static str, Value)> {
    match opening {
        Opening::Door => Vec::new(),
        Opening::Locked(k) => vec![("opening", Value::Str("locked".into())), ("key", Value::Int(k.into()))],
        o => vec![("opening", Value::Str(o.name().into()))],
    }
}

/// Twice the signed area of a loop of corners (positive when clockwise on screen).
fn signed_area2(l: &[Pos]) -> i64 {
    (0..l.len())
        .map(|i| {
            let (a, b) = (l[i], l[(i + 1) % l.len()]);
            i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)
        })
        .sum()
}

/// The points of a path where it turns, with its two ends.
fn corners(path: &[Pos]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::with_capacity(path.len().min(16));
    for (i, p) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        let straight =
            i > 0 && !last && (path[i - 1].x - p.x, path[i - 1].y - p.y) == (p.x - path[i + 1].x, p.y - path[i + 1].y);
        if !straight {
            out.push(*p);
        }
    }
    out
}

type XmlWriter = quick_xml::Writer<Vec<u8>>;

fn write_props(w: &mut XmlWriter, props: &Props) -> std::io::Result<()> {
    if props.is_empty() {
        return Ok(());
    }
    w.create_element("properties").write_inner_content(|w| {
        for (name, value) in props {
            let e = w.create_element("property").with_attribute(("name", *name));
            let e = if matches!(value, Value::Str(_)) { e } else { e.with_attribute(("type", value.type_name())) };
            let text = value.text();
            if text.contains('\n') {
                // Multi-line text is the element's content (attribute values lose their lines).
                e.write_text_content(BytesText::new(&text))?;
            } else {
                e.with_attribute(("value", text.as_str())).write_empty()?;
            }
        }
        Ok(())
    })?;
    Ok(())
}

fn write_object(w: &mut XmlWriter, o: &Object) -> std::io::Result<()> {
    let (id, x, y) = (o.id.to_string(), o.x.to_string(), o.y.to_string());
    let mut e = w.create_element("object").with_attributes([
        ("id", id.as_str()),
        ("name", o.name.as_str()),
        ("type", o.class.as_str()),
        ("x", &x),
        ("y", &y),
    ]);
    if let Geometry::Rect { width, height } | Geometry::Ellipse { width, height } = o.geometry {
        e = e.with_attributes([("width", width.to_string().as_str()), ("height", &height.to_string())]);
    }
    e.write_inner_content(|w| {
        write_props(w, &o.props)?;
        let points = |pts: &[(f64, f64)]| pts.iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(" ");
        match &o.geometry {
            Geometry::Rect { .. } => {}
            Geometry::Ellipse { .. } => {
                w.create_element("ellipse").write_empty()?;
            }
            Geometry::Point => {
                w.create_element("point").write_empty()?;
            }
            Geometry::Polygon(pts) => {
                w.create_element("polygon").with_attribute(("points", points(pts).as_str())).write_empty()?;
            }
            Geometry::Polyline(pts) => {
                w.create_element("polyline").with_attribute(("points", points(pts).as_str())).write_empty()?;
            }
        }
        Ok(())
    })?;
    Ok(())
}

/// Where a Tiled export writes Delve's tileset file `name`: beside the map at `target`.
pub fn beside(target: &Path, name: &str) -> PathBuf {
    target.with_file_name(name)
}
