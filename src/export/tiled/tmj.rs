//! The TMJ layout (Tiled's JSON map format), borrowed from the model: the same [`Model`] the
//! TMX is written from.

use super::{
    FIRSTGID, Geometry, KINDS_FIRSTGID, Model, OWN_TILES, Object, Props, TILE, TILE_LAYER_ID, TILED_VERSION,
    TILESET_IMAGE, Value, colour, kinds_image_name, tileset,
};
use crate::export::ExportError;
use serde::Serialize;

impl Model<'_> {
    pub(super) fn tmj(&self) -> Result<String, ExportError> {
        let n = OWN_TILES;
        let tileset = match self.tileset {
            Some(user) => TmjTileset::Source { firstgid: FIRSTGID, source: &user.source },
            None => TmjTileset::Embedded {
                firstgid: FIRSTGID,
                name: "delve",
                tilewidth: TILE,
                tileheight: TILE,
                tilecount: n,
                columns: n,
                margin: 0,
                spacing: 0,
                image: TILESET_IMAGE.into(),
                imagewidth: TILE * n,
                imageheight: TILE,
                tiles: tileset::own_tile_kinds()
                    .into_iter()
                    .map(|(id, r#type, props)| TmjTile { id, r#type: r#type.into(), properties: tmj_props(&props) })
                    .collect(),
            },
        };
        let mut tilesets = vec![tileset];
        let k = self.kinds.len() as u32;
        if self.tileset.is_none() && !self.kind_gids.is_empty() {
            tilesets.push(TmjTileset::Embedded {
                firstgid: KINDS_FIRSTGID,
                name: "delve-kinds",
                tilewidth: TILE,
                tileheight: TILE,
                tilecount: k,
                columns: k,
                margin: 0,
                spacing: 0,
                image: kinds_image_name(&self.kinds),
                imagewidth: TILE * k,
                imageheight: TILE,
                tiles: tileset::kind_tiles(&self.kinds)
                    .into_iter()
                    .map(|(id, r#type, props)| TmjTile { id, r#type, properties: tmj_props(&props) })
                    .collect(),
            });
        }
        let tile_layer = |id: u32, name: &'static str, data| TmjLayer::Tiles {
            r#type: "tilelayer",
            id,
            name,
            width: self.width,
            height: self.height,
            x: 0,
            y: 0,
            opacity: 1.0,
            visible: true,
            data,
        };
        let mut layers = vec![tile_layer(TILE_LAYER_ID, "tiles", &self.gids)];
        if !self.kind_gids.is_empty() {
            layers.push(tile_layer(self.kinds_layer_id(), "tile_kinds", &self.kind_gids));
        }
        layers.extend(self.layers.iter().map(|l| TmjLayer::Objects {
            r#type: "objectgroup",
            id: l.id,
            name: l.name,
            draworder: "topdown",
            x: 0,
            y: 0,
            opacity: 1.0,
            visible: l.visible,
            objects: l.objects.iter().map(TmjObject::of).collect(),
        }));
        let map = TmjMap {
            r#type: "map",
            version: TILED_VERSION,
            orientation: "orthogonal",
            renderorder: "right-down",
            infinite: false,
            compressionlevel: -1,
            width: self.width,
            height: self.height,
            tilewidth: self.tile_width,
            tileheight: self.tile_height,
            nextlayerid: self.next_layer_id(),
            nextobjectid: self.next_object_id,
            properties: tmj_props(&self.props),
            tilesets,
            layers,
        };
        Ok(serde_json::to_string(&map)? + "\n")
    }
}

#[derive(Serialize)]
struct TmjMap<'a> {
    r#type: &'static str,
    version: &'static str,
    orientation: &'static str,
    renderorder: &'static str,
    infinite: bool,
    compressionlevel: i32,
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    nextlayerid: u32,
    nextobjectid: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<TmjProperty>,
    tilesets: Vec<TmjTileset<'a>>,
    layers: Vec<TmjLayer<'a>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum TmjTileset<'a> {
    Source {
        firstgid: u32,
        source: &'a str,
    },
    Embedded {
        firstgid: u32,
        name: &'static str,
        tilewidth: u32,
        tileheight: u32,
        tilecount: u32,
        columns: u32,
        margin: u32,
        spacing: u32,
        image: String,
        imagewidth: u32,
        imageheight: u32,
        tiles: Vec<TmjTile>,
    },
}

#[derive(Serialize)]
struct TmjTile {
    id: u32,
    r#type: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<TmjProperty>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum TmjLayer<'a> {
    Tiles {
        r#type: &'static str,
        id: u32,
        name: &'static str,
        width: u32,
        height: u32,
        x: i32,
        y: i32,
        opacity: f32,
        visible: bool,
        data: &'a [u32],
    },
    Objects {
        r#type: &'static str,
        id: u32,
        name: &'static str,
        draworder: &'static str,
        x: i32,
        y: i32,
        opacity: f32,
        visible: bool,
        objects: Vec<TmjObject<'a>>,
    },
}

#[derive(Serialize)]
struct TmjPoint {
    x: f64,
    y: f64,
}

#[derive(Serialize)]
struct TmjObject<'a> {
    id: u32,
    name: &'a str,
    r#type: &'a str,
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    rotation: f64,
    visible: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    ellipse: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    point: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    polygon: Option<Vec<TmjPoint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    polyline: Option<Vec<TmjPoint>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<TmjProperty>,
}

impl<'a> TmjObject<'a> {
    fn of(o: &'a Object) -> Self {
        let points = |pts: &[(f64, f64)]| Some(pts.iter().map(|&(x, y)| TmjPoint { x, y }).collect());
        let (width, height) = match o.geometry {
            Geometry::Rect { width, height } | Geometry::Ellipse { width, height } => (width, height),
            _ => (0.0, 0.0),
        };
        TmjObject {
            id: o.id,
            name: &o.name,
            r#type: &o.class,
            x: o.x,
            y: o.y,
            width,
            height,
            rotation: 0.0,
            visible: true,
            ellipse: matches!(o.geometry, Geometry::Ellipse { .. }),
            point: o.geometry == Geometry::Point,
            polygon: if let Geometry::Polygon(p) = &o.geometry { points(p) } else { None },
            polyline: if let Geometry::Polyline(p) = &o.geometry { points(p) } else { None },
            properties: tmj_props(&o.props),
        }
    }
}

#[derive(Serialize)]
struct TmjProperty {
    name: &'static str,
    r#type: &'static str,
    value: serde_json::Value,
}

fn tmj_props(props: &Props) -> Vec<TmjProperty> {
    props
        .iter()
        .map(|(name, v)| TmjProperty {
            name,
            r#type: v.type_name(),
            value: match v {
                Value::Str(s) => s.clone().into(),
                Value::Int(n) => (*n).into(),
                Value::Bool(b) => (*b).into(),
                Value::Color(c) => colour(*c).into(),
                Value::Object(id) => (*id).into(),
            },
        })
        .collect()
}
