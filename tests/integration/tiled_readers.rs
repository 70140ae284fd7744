//! Independent readers of Delve's Tiled exports, written from the format's reference: TMX
//! through the `tiled` crate, TMJ by serde structs of its own, both into one [`Read`] of tiles,
//! objects and properties for the export tests to compare with the map.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// A property as read back.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum P {
    Str(String),
    Int(i64),
    Bool(bool),
    /// `#aarrggbb`, as the file has it.
    Color(String),
    Object(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Geo {
    Rect(f64, f64),
    Ellipse(f64, f64),
    Point,
    Polygon(Vec<(f64, f64)>),
    Polyline(Vec<(f64, f64)>),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Obj {
    pub(crate) id: u32,
    pub(crate) name: String,
    pub(crate) class: String,
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) geo: Geo,
    pub(crate) props: BTreeMap<String, P>,
}

/// A Tiled map as read back, whatever the reader.
#[derive(Debug, PartialEq)]
pub(crate) struct Read {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) tile_w: u32,
    pub(crate) tile_h: u32,
    /// Local tile ids (gid − firstgid), row by row.
    pub(crate) tiles: Vec<u32>,
    pub(crate) props: BTreeMap<String, P>,
    /// The tileset's image, or the path of the external tileset.
    pub(crate) tileset: String,
    /// Object layers by name, in order.
    pub(crate) layers: Vec<(String, Vec<Obj>)>,
    /// The layers that open hidden.
    pub(crate) hidden: Vec<String>,
}

pub(crate) fn read_tmx(path: &Path) -> Read {
    let m = tiled::Loader::new().load_tmx_map(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let props = |p: &tiled::Properties| -> BTreeMap<String, P> {
        p.iter()
            .map(|(k, v)| {
                let v = match v {
                    tiled::PropertyValue::StringValue(s) => P::Str(s.clone()),
                    tiled::PropertyValue::IntValue(n) => P::Int((*n).into()),
                    tiled::PropertyValue::BoolValue(b) => P::Bool(*b),
                    tiled::PropertyValue::ColorValue(c) => {
                        P::Color(format!("#{:02x}{:02x}{:02x}{:02x}", c.alpha, c.red, c.green, c.blue))
                    }
                    tiled::PropertyValue::ObjectValue(id) => P::Object(*id),
                    other => panic!("unexpected property {k}: {other:?}"),
                };
                (k.clone(), v)
            })
            .collect()
    };
    assert!(!m.infinite());
    // A map whose tiles have kinds has a second tileset and tile layer for them (tiles.rs checks
    // those).
    let kinds = m.layers().any(|l| l.name == "tile_kinds");
    assert_eq!(m.tilesets().len(), 1 + usize::from(kinds));
    let ts = &m.tilesets()[0];
    let tileset = match &ts.image {
        Some(img) => img.source.to_string_lossy().into_owned(),
        None => ts.source.to_string_lossy().into_owned(),
    };
    let mut tiles = Vec::new();
    let mut layers = Vec::new();
    let mut hidden = Vec::new();
    for layer in m.layers() {
        assert!(layer.opacity == 1.0, "layer {}", layer.name);
        if !layer.visible {
            hidden.push(layer.name.clone());
        }
        match layer.layer_type() {
            tiled::LayerType::Tiles(_) if layer.name == "tile_kinds" => {}
            tiled::LayerType::Tiles(t) => {
                assert_eq!(layer.name, "tiles");
                assert_eq!((t.width(), t.height()), (Some(m.width), Some(m.height)));
                for y in 0..m.height as i32 {
                    for x in 0..m.width as i32 {
                        tiles.push(t.get_tile(x, y).expect("every tile is set").id());
                    }
                }
            }
            tiled::LayerType::Objects(o) => {
                let objects = o
                    .objects()
                    .map(|o| Obj {
                        id: o.id(),
                        name: o.name.clone(),
                        class: o.user_type.clone(),
                        x: o.x.into(),
                        y: o.y.into(),
                        geo: match &o.shape {
                            tiled::ObjectShape::Rect { width, height } => Geo::Rect((*width).into(), (*height).into()),
                            tiled::ObjectShape::Ellipse { width, height } => {
                                Geo::Ellipse((*width).into(), (*height).into())
                            }
                            tiled::ObjectShape::Point(..) => Geo::Point,
                            tiled::ObjectShape::Polygon { points } => {
                                Geo::Polygon(points.iter().map(|(x, y)| ((*x).into(), (*y).into())).collect())
                            }
                            tiled::ObjectShape::Polyline { points } => {
                                Geo::Polyline(points.iter().map(|(x, y)| ((*x).into(), (*y).into())).collect())
                            }
                            other => panic!("unexpected shape {other:?}"),
                        },
                        props: props(&o.properties),
                    })
                    .collect();
                layers.push((layer.name.clone(), objects));
            }
            _ => panic!("unexpected layer {}", layer.name),
        }
    }
    Read {
        width: m.width,
        height: m.height,
        tile_w: m.tile_width,
        tile_h: m.tile_height,
        tiles,
        props: props(&m.properties),
        tileset,
        layers,
        hidden,
    }
}

// A TMJ reader, from the Tiled JSON map format reference.

#[derive(Deserialize)]
pub(crate) struct JMap {
    r#type: String,
    pub(crate) orientation: String,
    pub(crate) infinite: bool,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) tilewidth: u32,
    pub(crate) tileheight: u32,
    pub(crate) nextobjectid: u32,
    pub(crate) nextlayerid: u32,
    #[serde(default)]
    pub(crate) properties: Vec<JProp>,
    pub(crate) tilesets: Vec<JTileset>,
    pub(crate) layers: Vec<JLayer>,
}

#[derive(Deserialize)]
pub(crate) struct JTileset {
    pub(crate) firstgid: u32,
    pub(crate) image: Option<String>,
    pub(crate) source: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct JLayer {
    r#type: String,
    pub(crate) id: u32,
    pub(crate) name: String,
    pub(crate) opacity: f64,
    pub(crate) visible: bool,
    #[serde(default)]
    pub(crate) data: Vec<u32>,
    #[serde(default)]
    pub(crate) objects: Vec<JObject>,
}

#[derive(Deserialize)]
pub(crate) struct JPoint {
    pub(crate) x: f64,
    pub(crate) y: f64,
}

#[derive(Deserialize)]
pub(crate) struct JObject {
    pub(crate) id: u32,
    pub(crate) name: String,
    r#type: String,
    pub(crate) x: f64,
    pub(crate) y: f64,
    #[serde(default)]
    pub(crate) width: f64,
    #[serde(default)]
    pub(crate) height: f64,
    #[serde(default)]
    pub(crate) ellipse: bool,
    #[serde(default)]
    pub(crate) point: bool,
    pub(crate) polygon: Option<Vec<JPoint>>,
    pub(crate) polyline: Option<Vec<JPoint>>,
    #[serde(default)]
    pub(crate) properties: Vec<JProp>,
}

#[derive(Deserialize)]
pub(crate) struct JProp {
    pub(crate) name: String,
    r#type: String,
    pub(crate) value: serde_json::Value,
}

pub(crate) fn jprops(props: &[JProp]) -> BTreeMap<String, P> {
    props
        .iter()
        .map(|p| {
            let v = match p.r#type.as_str() {
                "string" => P::Str(p.value.as_str().unwrap().into()),
                "int" => P::Int(p.value.as_i64().unwrap()),
                "bool" => P::Bool(p.value.as_bool().unwrap()),
                "color" => P::Color(p.value.as_str().unwrap().into()),
                "object" => P::Object(p.value.as_u64().unwrap() as u32),
                t => panic!("unexpected property type {t}"),
            };
            (p.name.clone(), v)
        })
        .collect()
}

pub(crate) fn read_tmj(path: &Path) -> Read {
    let m: JMap = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!((m.r#type.as_str(), m.orientation.as_str(), m.infinite), ("map", "orthogonal", false));
    let kinds = m.layers.iter().any(|l| l.name == "tile_kinds");
    assert_eq!(m.tilesets.len(), 1 + usize::from(kinds));
    let ts = &m.tilesets[0];
    let mut ids = std::collections::HashSet::new();
    let mut tiles = Vec::new();
    let mut layers = Vec::new();
    let mut hidden = Vec::new();
    for l in &m.layers {
        assert!(l.opacity == 1.0 && l.id < m.nextlayerid, "layer {}", l.name);
        if !l.visible {
            hidden.push(l.name.clone());
        }
        match l.r#type.as_str() {
            "tilelayer" if l.name == "tile_kinds" => {}
            "tilelayer" => tiles = l.data.iter().map(|g| g - ts.firstgid).collect(),
            "objectgroup" => layers.push((
                l.name.clone(),
                l.objects
                    .iter()
                    .map(|o| {
                        assert!(ids.insert(o.id) && o.id < m.nextobjectid, "object id {}", o.id);
                        let pts = |p: &Vec<JPoint>| p.iter().map(|p| (p.x, p.y)).collect();
                        Obj {
                            id: o.id,
                            name: o.name.clone(),
                            class: o.r#type.clone(),
                            x: o.x,
                            y: o.y,
                            geo: match (&o.polygon, &o.polyline) {
                                (Some(p), _) => Geo::Polygon(pts(p)),
                                (_, Some(p)) => Geo::Polyline(pts(p)),
                                _ if o.point => Geo::Point,
                                _ if o.ellipse => Geo::Ellipse(o.width, o.height),
                                _ => Geo::Rect(o.width, o.height),
                            },
                            props: jprops(&o.properties),
                        }
                    })
                    .collect(),
            )),
            t => panic!("unexpected layer type {t}"),
        }
    }
    Read {
        width: m.width,
        height: m.height,
        tile_w: m.tilewidth,
        tile_h: m.tileheight,
        tiles,
        props: jprops(&m.properties),
        tileset: ts.image.clone().or_else(|| ts.source.clone()).unwrap(),
        layers,
        hidden,
    }
}

/// Object ids in a TMX: unique, and below the map's `nextobjectid` (the `tiled` crate does
/// not report it).
pub(crate) fn check_tmx_ids(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let attr = |s: &str, name: &str| -> Option<u32> {
        let i = s.find(&format!(" {name}=\""))? + name.len() + 3;
        s[i..].split('"').next()?.parse().ok()
    };
    let next = attr(&text, "nextobjectid").unwrap();
    let mut ids = std::collections::HashSet::new();
    for chunk in text.split("<object ").skip(1) {
        let id = attr(&format!(" {chunk}"), "id").unwrap();
        assert!(ids.insert(id) && id < next, "object id {id}, next {next}");
    }
}
