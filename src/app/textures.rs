//! The map's tiles as GPU textures, one texel per tile, rebuilt only when the document's revision
//! or the colour layers change. Large maps are cut into chunks no larger than the GPU allows.

use super::document::Document;
use crate::geom::Rect;
use crate::map::colour::{RoomColouring, room_colours};
use crate::map::graph::RoomGraph;
use crate::map::{Map, Rgb, Tile};
use crate::raster::{self, Palette};
use std::sync::Arc;

/// Side of one texture chunk in tiles (also capped by the backend's largest texture).
pub const CHUNK: u32 = 1024;

/// Which colour layers the texture shows; part of its cache key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourLayers {
    /// Rooms in their own colours (otherwise plain floor).
    pub rooms: bool,
    /// Corridors in their own colour (otherwise plain floor).
    pub corridors: bool,
    /// How rooms are coloured (when `rooms` is on).
    pub rooms_by: RoomColouring,
}

impl ColourLayers {
    /// Whether a room's texels depend on more than the room itself (so an edit anywhere can
    /// recolour every room, and only a rebuild is right).
    fn whole_map(self) -> bool {
        self.rooms && self.rooms_by != RoomColouring::ByRoom
    }
}

/// A new map's texels, cut into chunks on the worker thread that made or read the map, so the
/// UI thread only uploads them.
#[derive(Debug)]
pub struct Prebuilt {
    pub layers: ColourLayers,
    /// Chunk side the images were cut to.
    pub chunk: u32,
    pub images: Vec<(Rect, egui::ColorImage)>,
    /// The map's room graph, made on the same thread (the view keeps it for the revision).
    pub graph: Arc<RoomGraph>,
}

impl Prebuilt {
    pub fn new(map: &Map, layers: ColourLayers, chunk: u32) -> Self {
        let graph = Arc::new(RoomGraph::of(map));
        Self { layers, chunk, images: chunk_images(map, layers, chunk, &graph), graph }
    }
}

/// Side of the texture chunks for a backend whose textures are at most `max_texture_side` wide.
pub fn chunk_side(max_texture_side: usize) -> u32 {
    CHUNK.min(max_texture_side.max(64) as u32)
}

/// The texels of the whole map, in chunks of at most `chunk`×`chunk` tiles, row by row; `graph`
/// is the map's room graph (for the colour modes that need it).
pub fn chunk_images(map: &Map, layers: ColourLayers, chunk: u32, graph: &RoomGraph) -> Vec<(Rect, egui::ColorImage)> {
    let pal = Palette::default();
    let colours = match layers.rooms_by {
        RoomColouring::ByRoom => raster::tile_colours(map, &pal),
        mode => raster::tile_colours_with(map, &pal, &room_colours(map, graph, mode)),
    };
    let c32 = |c: Rgb| egui::Color32::from_rgb(c.0, c.1, c.2);
    let plain = c32(pal.floor);
    let tiles = map.tiles().as_slice();
    let texel = |(t, c): (&Tile, &Rgb)| match t {
        Tile::Wall => c32(*c),
        Tile::Floor if layers.rooms => c32(*c),
        Tile::Corridor if layers.corridors => c32(*c),
        _ => plain,
    };
    let (w, h) = (map.width(), map.height());
    let chunk = chunk.max(1);
    let mut out = Vec::new();
    for cy in (0..h).step_by(chunk as usize) {
        for cx in (0..w).step_by(chunk as usize) {
            let (cw, ch) = (chunk.min(w - cx), chunk.min(h - cy));
            let mut pixels = Vec::with_capacity((cw * ch) as usize);
            for y in cy..cy + ch {
                let run = (y * w + cx) as usize..(y * w + cx + cw) as usize;
                if let (Some(t), Some(c)) = (tiles.get(run.clone()), colours.get(run)) {
                    pixels.extend(t.iter().zip(c).map(texel));
                }
            }
            // Always a full image, even if the grid were shorter than its size says.
            pixels.resize((cw * ch) as usize, plain);
            let img = egui::ColorImage::new([cw as usize, ch as usize], pixels);
            out.push((Rect::new(cx as i32, cy as i32, cw as i32, ch as i32), img));
        }
    }
    out
}

/// One chunk: its texture and the tiles it covers.
pub struct Chunk {
    pub texture: egui::TextureHandle,
    pub tiles: Rect,
}

/// The texture cache of the map view.
#[derive(Default)]
pub struct MapTextures {
    key: Option<(u64, ColourLayers)>,
    chunks: Vec<Chunk>,
    /// How many times textures were (re)built, for tests and the benchmark.
    pub builds: u64,
    /// How many incremental (changed tiles only) updates were made.
    pub partial_updates: u64,
    /// How many rebuilds used texels made on a worker thread.
    pub prebuilt_uses: u64,
    /// Texels made on a worker for the document revision given.
    offered: Option<(u64, Prebuilt)>,
}

fn options() -> egui::TextureOptions {
    egui::TextureOptions {
        // Crisp tile edges when zoomed in; smooth (mipmapped) when a tile is smaller than a pixel.
        magnification: egui::TextureFilter::Nearest,
        minification: egui::TextureFilter::Linear,
        wrap_mode: egui::TextureWrapMode::ClampToEdge,
        mipmap_mode: Some(egui::TextureFilter::Linear),
    }
}

impl MapTextures {
    /// Texels made off the UI thread for the document at `revision`; used by the next rebuild
    /// if it is for that revision, with the same layers and chunk size.
    pub fn offer(&mut self, revision: u64, prebuilt: Prebuilt) {
        self.offered = Some((revision, prebuilt));
    }

    /// The chunks as last synced.
    pub fn chunks(&self) -> &[Chunk] {
        &self.chunks
    }

    /// The chunks for `doc`, rebuilt first when the revision or layers changed.
    /// `graph` is the document's room graph.
    pub fn sync(&mut self, ctx: &egui::Context, doc: &Document, layers: ColourLayers, graph: &RoomGraph) -> &[Chunk] {
        let key = (doc.revision(), layers);
        if self.key != Some(key) {
            // Hand edits: update only the changed tiles when the document still knows them (and
            // the colours of rooms do not depend on the whole map).
            let damage = match self.key {
                Some((rev, l)) if l == layers && !layers.whole_map() && !self.chunks.is_empty() => {
                    doc.damage_since(rev)
                }
                _ => None,
            };
            match damage {
                Some(rects) => self.update(doc, layers, &rects),
                None => self.rebuild(ctx, doc, layers, graph),
            }
            self.key = Some(key);
        }
        &self.chunks
    }

    /// Rewrites the texels of `rects` in place (`TextureHandle::set_partial`).
    fn update(&mut self, doc: &Document, layers: ColourLayers, rects: &[Rect]) {
        self.partial_updates += 1;
        let map = doc.map();
        let index = doc.index();
        let pal = Palette::default();
        let c32 = |c: Rgb| egui::Color32::from_rgb(c.0, c.1, c.2);
        let texel = |p: crate::geom::Pos| match map.tile(p) {
            Some(_) if map.tile_kind(p).is_some() => c32(map.tile_kind(p).map_or(pal.floor, raster::kind_colour)),
            Some(Tile::Wall) => c32(raster::wall_colour(map.tiles(), p, &pal)),
            None => c32(pal.rock),
            Some(Tile::Floor) if layers.rooms => {
                index.room_index(p).and_then(|i| map.rooms.get(i)).map_or(c32(pal.floor), |r| c32(r.colour))
            }
            Some(Tile::Corridor) if layers.corridors => c32(pal.corridor),
            _ => c32(pal.floor),
        };
        // A changed tile can turn the walls around it from rock to edge or back: one tile more
        // on every side.
        for r in rects.iter().map(|r| r.grow(1)) {
            for c in &mut self.chunks {
                let (x0, y0) = (r.x.max(c.tiles.x), r.y.max(c.tiles.y));
                let (x1, y1) = (r.right().min(c.tiles.right()), r.bottom().min(c.tiles.bottom()));
                if x0 >= x1 || y0 >= y1 {
                    continue;
                }
                let mut pixels = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
                for y in y0..y1 {
                    pixels.extend((x0..x1).map(|x| texel(crate::geom::Pos::new(x, y))));
                }
                let img = egui::ColorImage::new([(x1 - x0) as usize, (y1 - y0) as usize], pixels);
                let at = [(x0 - c.tiles.x) as usize, (y0 - c.tiles.y) as usize];
                c.texture.set_partial(at, img, options());
            }
        }
    }

    fn rebuild(&mut self, ctx: &egui::Context, doc: &Document, layers: ColourLayers, graph: &RoomGraph) {
        self.builds += 1;
        let chunk = chunk_side(ctx.input(|i| i.max_texture_side));
        let images = match self.offered.take() {
            Some((rev, p)) if rev == doc.revision() && p.layers == layers && p.chunk == chunk => {
                self.prebuilt_uses += 1;
                p.images
            }
            _ => chunk_images(doc.map(), layers, chunk, graph),
        };
        let old = std::mem::take(&mut self.chunks);
        let mut reuse = old.into_iter();
        for (tiles, img) in images {
            // Reuse a texture of the same size in place (no new allocation on the GPU side).
            match reuse.next() {
                Some(mut c) if c.tiles.w == tiles.w && c.tiles.h == tiles.h => {
                    c.texture.set(img, options());
                    c.tiles = tiles;
                    self.chunks.push(c);
                }
                _ => {
                    let name = format!("delve-map-{}-{}", tiles.x, tiles.y);
                    self.chunks.push(Chunk { texture: ctx.load_texture(name, img, options()), tiles });
                }
            }
        }
    }
}
