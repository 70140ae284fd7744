//! The zoomable map view: tiles come from a cached texture ([`MapTextures`]), everything else
//! (doors, spawn, grid, room numbers, locks, the hovered room or corridor) is drawn as shapes each frame,
//! culled to what is on screen.
//!
//! Coordinate spaces: *tile* space has one unit per tile, `(0, 0)` the top-left corner of the
//! map; *screen* space is egui points. [`ViewTransform`] converts between them.

use super::document::Document;
use super::textures::{ColourLayers, MapTextures, Prebuilt};
use crate::geom::{Dir, Pos};
use crate::map::colour::RoomColouring;
use crate::map::graph::RoomGraph;
use crate::map::{Shape, Tile};
use crate::raster::Palette;
use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod graph;
mod locks;
pub mod markers;
pub use graph::graph_colours;
use graph::{beside_node, draw_room_graph};
use locks::draw_locks;
pub use locks::lock_colours;

/// Where the map sits on screen: `screen = view.min + origin + tile * scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewTransform {
    /// Points per tile.
    pub scale: f32,
    /// Screen offset of the map's top-left corner from the view's top-left corner.
    pub origin: Vec2,
}

impl Default for ViewTransform {
    fn default() -> Self {
        Self { scale: 8.0, origin: Vec2::ZERO }
    }
}

impl ViewTransform {
    pub fn screen_from_tile(&self, view: Rect, tile: Pos2) -> Pos2 {
        view.min + self.origin + tile.to_vec2() * self.scale
    }

    pub fn tile_from_screen(&self, view: Rect, screen: Pos2) -> Pos2 {
        ((screen - view.min - self.origin) / self.scale).to_pos2()
    }

    /// The screen rectangle of tile `p`.
    pub fn screen_rect_of_tile(&self, view: Rect, p: Pos) -> Rect {
        let min = self.screen_from_tile(view, pos2(p.x as f32, p.y as f32));
        Rect::from_min_size(min, Vec2::splat(self.scale))
    }

    /// The whole `w`×`h` map fitted in `view`, centred, with a small margin.
    pub fn fit(view: Rect, w: u32, h: u32) -> ViewTransform {
        let (mw, mh) = (w.max(1) as f32, h.max(1) as f32);
        let scale = ((view.width() / mw).min(view.height() / mh) * 0.97).max(1e-3);
        let origin = (view.size() - vec2(mw, mh) * scale) / 2.0;
        ViewTransform { scale, origin: vec2(origin.x.round(), origin.y.round()) }
    }

    /// The least and most points per tile for a `w`×`h` map in `view`: half the fitted scale,
    /// and a quarter of the view's shorter side per tile.
    pub fn scale_limits(view: Rect, w: u32, h: u32) -> (f32, f32) {
        let fit = Self::fit(view, w, h).scale;
        let min = (fit * 0.5).max(1e-3);
        let max = (view.width().min(view.height()) / 4.0).max(fit).max(min);
        (min, max)
    }

    /// Zooms by `factor`, within [`ViewTransform::scale_limits`], keeping the tile under
    /// `anchor` (screen) in place.
    pub fn zoom_at(&mut self, view: Rect, w: u32, h: u32, anchor: Pos2, factor: f32) {
        let (lo, hi) = Self::scale_limits(view, w, h);
        let new = (self.scale * factor).clamp(lo, hi);
        let a = anchor - view.min;
        self.origin = a - (a - self.origin) * (new / self.scale);
        self.scale = new;
    }

    /// Keeps part of the map on screen.
    pub fn clamp_pan(&mut self, view: Rect, w: u32, h: u32) {
        let size = vec2(w as f32, h as f32) * self.scale;
        let keep = 48.0f32;
        for (o, (s, v)) in [(&mut self.origin.x, (size.x, view.width())), (&mut self.origin.y, (size.y, view.height()))]
        {
            let lo = keep.min(s) - s;
            let hi = v - keep.min(s);
            *o = if lo <= hi { o.clamp(lo, hi) } else { *o };
        }
    }
}

/// What the view draws. Saved with the preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Layers {
    /// Rooms in their own colours.
    pub rooms: bool,
    /// Corridors in their own colour.
    pub corridors: bool,
    /// Door marks on room walls.
    pub doors: bool,
    /// Room numbers (when zoomed in).
    pub labels: bool,
    /// Tile grid lines (when zoomed in).
    pub grid: bool,
    /// The spawn marker.
    pub spawn: bool,
    /// Markers (monsters, loot, keys...) with their glyphs; locked doors in their colour.
    pub markers: bool,
    /// The room graph ([`crate::map::graph`]): a node per room, a line per corridor, the
    /// critical path and loops marked.
    pub graph: bool,
    /// How rooms are coloured.
    pub room_colours: RoomColouring,
}

impl Layers {
    /// The colour layers the tile texture shows (part of its key).
    pub fn colours(&self) -> ColourLayers {
        ColourLayers { rooms: self.rooms, corridors: self.corridors, rooms_by: self.room_colours }
    }
}

impl Default for Layers {
    fn default() -> Self {
        Self {
            rooms: true,
            corridors: true,
            doors: true,
            labels: true,
            grid: false,
            spawn: true,
            markers: true,
            graph: false,
            room_colours: RoomColouring::ByRoom,
        }
    }
}

/// Requests that change the view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Camera {
    /// The whole map on screen.
    Fit,
    /// One tile per screen pixel.
    OneToOne,
    /// Zoom by a factor around the view's centre.
    Zoom(f32),
    /// Put this tile in the middle of the view (zooming in to at least 8 points per tile).
    CentreOn(Pos),
}

/// What is under the mouse pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub pos: Pos,
    pub tile: Tile,
    /// Index into `map.rooms`.
    pub room: Option<usize>,
    /// Index into `map.corridors`.
    pub corridor: Option<usize>,
    /// Indices into `map.doors` of doors on this tile's edges (room side or corridor side).
    pub doors: Vec<usize>,
}

impl Hover {
    /// One line describing the hovered tile.
    pub fn describe(&self, doc: &Document) -> String {
        let map = doc.map();
        let mut s = format!("({}, {}) {}", self.pos.x, self.pos.y, self.tile.name());
        if let Some(k) = map.tile_kind(self.pos) {
            s += &format!(" of {} ({})", k.name, if k.walkable { "walkable" } else { "not walkable" });
        }
        if let Some(r) = self.room.and_then(|i| map.rooms.get(i)) {
            s += &format!(" · room {}", r.id);
            if let Some(l) = &r.label {
                s += &format!(" “{l}”");
            }
            if let Some(b) = r.shape.bounds() {
                let kind = match r.shape {
                    Shape::Rect(_) => "rectangle",
                    Shape::Circle { .. } => "disc",
                    Shape::Cells(_) => "cells",
                };
                s += &format!(" ({kind} {}×{}, {} tiles)", b.w, b.h, r.shape.area());
            }
        }
        if let Some(c) = self.corridor.and_then(|i| map.corridors.get(i)) {
            s += &format!(" · corridor {} (doors {} and {}, {} steps)", c.id, c.doors[0], c.doors[1], c.path.len());
        }
        for d in self.doors.iter().filter_map(|i| map.doors.get(*i)) {
            s += &format!(" · door {} (room {}, {} wall", d.id, d.room, d.side.name());
            s += &if d.kind == 0 { ")".to_string() } else { format!(", kind {})", d.kind) };
            if let crate::map::Opening::Locked(k) = d.opening {
                s += &format!(" locked by key {k}");
            } else if !d.opening.is_plain() {
                s += &format!(" {}", d.opening.name());
            }
        }
        if map.spawn == self.pos {
            s += " · spawn";
        }
        for m in map.markers.iter().filter(|m| m.at == self.pos) {
            s += &match (m.key, m.level) {
                (Some(k), _) => format!(" · {} {k}", m.kind),
                (None, 0) => format!(" · {}", m.kind),
                (None, l) => format!(" · {} (level {l})", m.kind),
            };
        }
        s
    }
}

/// The map view's state.
pub struct MapView {
    pub transform: ViewTransform,
    textures: MapTextures,
    /// Keep the whole map fitted (until the user zooms or pans).
    auto_fit: bool,
    /// Size of the map last shown; a map of another size is fitted.
    shown_size: Option<(u32, u32)>,
    pending: Vec<Camera>,
    /// The view's screen rectangle in the last frame.
    pub rect: Rect,
    /// Whether a primary-button drag pans (false while an editing tool uses the drag).
    pub primary_pans: bool,
    /// The room graph of the document at a revision: made once per revision, when the graph
    /// layer or a colour mode needs it (or handed over with texels made on a worker).
    graph: Option<(u64, Arc<RoomGraph>)>,
    /// The document's locks at a revision, made once per revision.
    locks: Option<(u64, Arc<Locks>)>,
}

/// What the view draws of a map's locks, made once per document revision.
#[derive(Debug, Default)]
struct Locks {
    /// Locked tiles as row runs `(x, y, length)`, sorted by row then column.
    runs: Vec<(i32, i32, u32)>,
    /// Indices (into `map.rooms`) of the locked rooms.
    rooms: Vec<usize>,
}

impl Default for MapView {
    fn default() -> Self {
        Self::new()
    }
}

impl MapView {
    pub fn new() -> Self {
        Self {
            transform: ViewTransform::default(),
            textures: MapTextures::default(),
            auto_fit: true,
            shown_size: None,
            pending: Vec::new(),
            rect: Rect::NOTHING,
            primary_pans: true,
            graph: None,
            locks: None,
        }
    }

    /// Queues a view change for the next frame (when the view's size is known).
    pub fn command(&mut self, c: Camera) {
        self.pending.push(c);
    }

    /// How many times the tile texture was built.
    pub fn texture_builds(&self) -> u64 {
        self.textures.builds
    }

    /// How many texture builds used texels made on a worker thread.
    pub fn texture_prebuilt_uses(&self) -> u64 {
        self.textures.prebuilt_uses
    }

    /// Hands over texels made off the UI thread for the document at `revision`.
    pub fn offer_textures(&mut self, revision: u64, prebuilt: Prebuilt) {
        self.graph = Some((revision, prebuilt.graph.clone()));
        self.textures.offer(revision, prebuilt);
    }

    /// The room graph of `doc`, made when its revision was not seen yet.
    pub fn room_graph(&mut self, doc: &Document) -> Arc<RoomGraph> {
        match &self.graph {
            Some((rev, g)) if *rev == doc.revision() => g.clone(),
            _ => {
                let g = Arc::new(RoomGraph::of(doc.map()));
                self.graph = Some((doc.revision(), g.clone()));
                g
            }
        }
    }

    /// The locks of `doc`, made when its revision was not seen yet.
    fn locks(&mut self, doc: &Document) -> Arc<Locks> {
        match &self.locks {
            Some((rev, l)) if *rev == doc.revision() => l.clone(),
            _ => {
                let map = doc.map();
                let l = Arc::new(Locks {
                    runs: map.locked_runs(),
                    rooms: map.rooms.iter().enumerate().filter(|(_, r)| r.locked).map(|(i, _)| i).collect(),
                });
                self.locks = Some((doc.revision(), l.clone()));
                l
            }
        }
    }

    /// The textures the map is drawn from and the tiles each covers (one texel per tile).
    pub fn texture_chunks(&self) -> impl Iterator<Item = (egui::TextureId, crate::geom::Rect)> + '_ {
        self.textures.chunks().iter().map(|c| (c.texture.id(), c.tiles))
    }

    /// How many times changed tiles were written into the textures without a rebuild.
    pub fn texture_partial_updates(&self) -> u64 {
        self.textures.partial_updates
    }

    fn apply(&mut self, c: Camera, view: Rect, w: u32, h: u32, pixels_per_point: f32) {
        match c {
            Camera::Fit => {
                self.auto_fit = true;
                self.transform = ViewTransform::fit(view, w, h);
            }
            Camera::OneToOne => {
                self.auto_fit = false;
                let factor = (1.0 / pixels_per_point) / self.transform.scale;
                // Unclamped: 1:1 may be smaller than the zoom-out limit on a huge map.
                let a = view.center() - view.min;
                let t = &mut self.transform;
                t.origin = a - (a - t.origin) * factor;
                t.scale *= factor;
            }
            Camera::Zoom(f) => {
                self.auto_fit = false;
                self.transform.zoom_at(view, w, h, view.center(), f);
            }
            Camera::CentreOn(p) => {
                self.auto_fit = false;
                self.transform.scale = self.transform.scale.max(8.0);
                let tile = vec2(p.x as f32 + 0.5, p.y as f32 + 0.5);
                self.transform.origin = view.size() / 2.0 - tile * self.transform.scale;
                self.transform.clamp_pan(view, w, h);
            }
        }
    }
}

/// Outlines a room's floor: the tile edges between its cells and the rest (its bounding box when
/// it is a rectangle or too large to trace every frame).
fn outline_room(painter: &egui::Painter, view: Rect, t: &ViewTransform, shape: &Shape, stroke: Stroke) {
    const MAX_TRACED: usize = 20_000;
    let Some(b) = shape.bounds() else { return };
    if matches!(shape, Shape::Rect(_)) || b.area() > MAX_TRACED as i64 {
        let r = Rect::from_min_max(
            t.screen_from_tile(view, pos2(b.x as f32, b.y as f32)),
            t.screen_from_tile(view, pos2(b.right() as f32, b.bottom() as f32)),
        );
        painter.rect_stroke(r, 0.0, stroke, egui::StrokeKind::Outside);
        return;
    }
    painter.extend(shape.outlines().into_iter().map(|corners| {
        let points = corners.iter().map(|c| t.screen_from_tile(view, pos2(c.x as f32, c.y as f32))).collect();
        egui::Shape::closed_line(points, stroke)
    }));
}

/// What the view reports after a frame.
pub struct MapViewOutput {
    pub hover: Option<Hover>,
    pub response: egui::Response,
}

/// The mark of a door of `kind`: plain doors (0) in the palette's door colour, other kinds
/// (corridors only join doors of the same kind) each in their own.
pub fn door_colour(kind: u8) -> Color32 {
    const KINDS: [Color32; 6] = [
        Color32::from_rgb(0x40, 0xc8, 0xff),
        Color32::from_rgb(0xff, 0x60, 0x80),
        Color32::from_rgb(0x80, 0xe0, 0x60),
        Color32::from_rgb(0xc0, 0x80, 0xff),
        Color32::from_rgb(0xff, 0x98, 0x30),
        Color32::from_rgb(0xf0, 0xf0, 0xf0),
    ];
    match kind {
        0 => {
            let d = Palette::default().door;
            Color32::from_rgb(d.0, d.1, d.2)
        }
        k => KINDS[(k as usize - 1) % KINDS.len()],
    }
}

/// Zoom (points per tile) at and below which door marks are hidden: they would ring every room.
pub const DOOR_HIDDEN_SCALE: f32 = 4.0;
/// Zoom at and above which door marks are fully opaque; between the two they fade in.
pub const DOOR_SHOWN_SCALE: f32 = 10.0;
const GRID_MIN_SCALE: f32 = 6.0;
const LABEL_MIN_SCALE: f32 = 10.0;

/// Opacity of door marks at `scale` points per tile: 0 up to [`DOOR_HIDDEN_SCALE`], 1 from
/// [`DOOR_SHOWN_SCALE`], smoothly (smoothstep) in between. Not a number gives 0.
pub fn door_alpha(scale: f32) -> f32 {
    let t = ((scale - DOOR_HIDDEN_SCALE) / (DOOR_SHOWN_SCALE - DOOR_HIDDEN_SCALE)).clamp(0.0, 1.0);
    if t.is_nan() { 0.0 } else { t * t * (3.0 - 2.0 * t) }
}

/// Shows `doc` filling the available space; handles zoom (wheel, around the cursor) and pan
/// (drag with the left or middle button).
/// The map view of `doc`, drawing `layers` (the preferences own them).
pub fn map_view_ui(ui: &mut egui::Ui, view: &mut MapView, doc: &Document, layers: &Layers) -> MapViewOutput {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    view.rect = rect;
    let map = doc.map();
    let (w, h) = (map.width(), map.height());
    let ppp = ui.pixels_per_point();

    if view.shown_size != Some((w, h)) {
        view.shown_size = Some((w, h));
        view.auto_fit = true;
    }
    if view.auto_fit {
        view.transform = ViewTransform::fit(rect, w, h);
    }
    for c in std::mem::take(&mut view.pending) {
        view.apply(c, rect, w, h, ppp);
    }

    // Pan by dragging.
    if (view.primary_pans && response.dragged_by(egui::PointerButton::Primary))
        || response.dragged_by(egui::PointerButton::Middle)
    {
        let d = response.drag_delta();
        if d != Vec2::ZERO {
            view.transform.origin += d;
            view.auto_fit = false;
        }
    }
    // Zoom with the wheel (or pinch / ctrl+wheel) around the cursor; sideways scrolling pans.
    if let Some(pointer) = response.hover_pos() {
        let (scroll, zoom) = ui.input_mut(|i| {
            let s = i.smooth_scroll_delta;
            i.smooth_scroll_delta = Vec2::ZERO;
            (s, i.zoom_delta())
        });
        let factor = zoom * (scroll.y / 200.0).exp();
        if (factor - 1.0).abs() > 1e-4 {
            view.transform.zoom_at(rect, w, h, pointer, factor);
            view.auto_fit = false;
        }
        if scroll.x != 0.0 {
            view.transform.origin.x += scroll.x;
            view.auto_fit = false;
        }
    }
    view.transform.clamp_pan(rect, w, h);
    let t = view.transform;

    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);

    // Tiles.
    let colours = layers.colours();
    // The graph only when something shows it (an unused default otherwise).
    let graph =
        if layers.graph || colours.rooms_by != RoomColouring::ByRoom { view.room_graph(doc) } else { Arc::default() };
    for chunk in view.textures.sync(ui.ctx(), doc, colours, &graph) {
        let c = chunk.tiles;
        let r = Rect::from_min_max(
            t.screen_from_tile(rect, pos2(c.x as f32, c.y as f32)),
            t.screen_from_tile(rect, pos2(c.right() as f32, c.bottom() as f32)),
        );
        if r.intersects(rect) {
            painter.image(chunk.texture.id(), r, Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)), Color32::WHITE);
        }
    }
    let map_rect =
        Rect::from_min_max(t.screen_from_tile(rect, Pos2::ZERO), t.screen_from_tile(rect, pos2(w as f32, h as f32)));
    painter.rect_stroke(map_rect.expand(0.5), 0.0, Stroke::new(1.0, Color32::from_gray(90)), egui::StrokeKind::Outside);

    // The tiles on screen, for culling.
    let tl = t.tile_from_screen(rect, rect.min);
    let br = t.tile_from_screen(rect, rect.max);
    let (x0, y0) = (tl.x.floor().max(0.0) as i32, tl.y.floor().max(0.0) as i32);
    let (x1, y1) = (br.x.ceil().min(w as f32) as i32, br.y.ceil().min(h as f32) as i32);
    let visible = crate::geom::Rect::new(x0, y0, (x1 - x0).max(0), (y1 - y0).max(0));
    let on_screen = |b: &crate::geom::Rect| {
        b.x < visible.right() && b.right() > visible.x && b.y < visible.bottom() && b.bottom() > visible.y
    };

    if layers.grid && t.scale >= GRID_MIN_SCALE {
        let stroke = Stroke::new(1.0, Color32::from_black_alpha(70));
        let top = t.screen_from_tile(rect, pos2(0.0, y0 as f32)).y;
        let bottom = t.screen_from_tile(rect, pos2(0.0, y1 as f32)).y;
        for x in x0..=x1 {
            let sx = ui.painter().round_to_pixel_center(t.screen_from_tile(rect, pos2(x as f32, 0.0)).x);
            painter.line_segment([pos2(sx, top), pos2(sx, bottom)], stroke);
        }
        let left = t.screen_from_tile(rect, pos2(x0 as f32, 0.0)).x;
        let right = t.screen_from_tile(rect, pos2(x1 as f32, 0.0)).x;
        for y in y0..=y1 {
            let sy = ui.painter().round_to_pixel_center(t.screen_from_tile(rect, pos2(0.0, y as f32)).y);
            painter.line_segment([pos2(left, sy), pos2(right, sy)], stroke);
        }
    }

    // What is under the pointer.
    let hover = response.hover_pos().and_then(|p| {
        let tp = t.tile_from_screen(rect, p);
        let pos = Pos::new(tp.x.floor() as i32, tp.y.floor() as i32);
        let tile = map.tile(pos)?;
        let doors =
            map.doors.iter().enumerate().filter(|(_, d)| d.cell == pos || d.outside() == pos).map(|(i, _)| i).collect();
        Some(Hover { pos, tile, room: doc.index().room_index(pos), corridor: doc.index().corridor_index(pos), doors })
    });

    // The hovered corridor's path and the hovered room's outline.
    let highlight = Stroke::new(2.0, Color32::WHITE);
    if let Some(hv) = &hover {
        if let Some(c) = hv.corridor.and_then(|i| map.corridors.get(i))
            && c.path.len() > 1
        {
            let pts: Vec<Pos2> =
                c.path.iter().map(|p| t.screen_from_tile(rect, pos2(p.x as f32 + 0.5, p.y as f32 + 0.5))).collect();
            painter.add(egui::Shape::line(pts, Stroke::new(2.0, Color32::from_rgb(0x30, 0x90, 0xff))));
        }
        if let Some(room) = hv.room.and_then(|i| map.rooms.get(i)) {
            outline_room(&painter, rect, &t, &room.shape, highlight);
        }
        if t.scale >= GRID_MIN_SCALE {
            painter.rect_stroke(
                t.screen_rect_of_tile(rect, hv.pos),
                0.0,
                Stroke::new(1.5, Color32::from_white_alpha(200)),
                egui::StrokeKind::Inside,
            );
        }
    }

    // Doors: a bar across the wall edge between the room tile and the corridor tile.
    let door_alpha = door_alpha(t.scale);
    if layers.doors && door_alpha > 0.0 {
        let outline = Stroke::new(1.0, Color32::from_gray(20).gamma_multiply(door_alpha));
        let thick = (t.scale * 0.25).clamp(2.0, 8.0);
        let long = t.scale * 0.8;
        for d in &map.doors {
            if !visible.grow(1).contains(d.cell) {
                continue;
            }
            let cell = t.screen_rect_of_tile(rect, d.cell);
            let (edge, along_x) = match d.side {
                Dir::North => (pos2(cell.center().x, cell.top()), true),
                Dir::South => (pos2(cell.center().x, cell.bottom()), true),
                Dir::West => (pos2(cell.left(), cell.center().y), false),
                Dir::East => (pos2(cell.right(), cell.center().y), false),
            };
            let size = if along_x { vec2(long, thick) } else { vec2(thick, long) };
            let bar = Rect::from_center_size(edge, size);
            let colour = markers::opening_colour(d.opening).filter(|_| layers.markers).unwrap_or(door_colour(d.kind));
            painter.rect(bar, 1.0, colour.gamma_multiply(door_alpha), outline, egui::StrokeKind::Outside);
            if layers.markers {
                markers::key_number(&painter, bar, d.opening, t.scale);
            }
        }
    }

    let locks = view.locks(doc);
    draw_locks(&painter, rect, &t, doc, &locks, visible);
    markers::draw_kind_glyphs(&painter, rect, &t, map, visible);
    if layers.markers {
        markers::draw_markers(&painter, rect, &t, map, visible);
    }

    // Room numbers.
    if layers.labels && t.scale >= LABEL_MIN_SCALE {
        let size = (t.scale * 0.6).clamp(11.0, 22.0);
        let font = egui::FontId::proportional(size);
        let dark_ink = Color32::from_rgb(0x10, 0x10, 0x16);
        let light_ink = Color32::from_rgb(0xf4, 0xf4, 0xf0);
        for (i, room) in map.rooms.iter().enumerate() {
            let Some(b) = doc.index().room_bounds.get(i).copied().flatten() else { continue };
            if !on_screen(&b) {
                continue;
            }
            let Some(c) = room.shape.centre() else { continue };
            let mut at = t.screen_from_tile(rect, pos2(c.x as f32 + 0.5, c.y as f32 + 0.5));
            if c == map.spawn && layers.spawn && !layers.graph {
                at.y += t.scale.max(size); // Under the spawn marker, not hidden by it.
            }
            let mut text = room.label.clone().unwrap_or_else(|| room.id.to_string());
            if let (RoomColouring::ByRole, Some(role)) = (colours.rooms_by, room.role) {
                text = format!("{text} {role}");
            }
            // Dark text on light rooms, light text on dark ones (and on plain floor when the
            // room colours are off it is light grey), against the colour the room is shown in.
            let c = match (layers.rooms, colours.rooms_by) {
                (false, _) => Palette::default().floor,
                (true, RoomColouring::ByRoom) => room.colour,
                (true, RoomColouring::ByRole) => crate::map::colour::role_colour(room.role),
                (true, RoomColouring::ByDistance) => {
                    crate::map::colour::distance_colour(graph.distance(i), graph.depth())
                }
            };
            let luma = 0.299 * f32::from(c.0) + 0.587 * f32::from(c.1) + 0.114 * f32::from(c.2);
            let ink = if luma < 110.0 { light_ink } else { dark_ink };
            let galley = painter.layout_no_wrap(text, font.clone(), ink);
            if layers.graph {
                at = beside_node(rect, &t, &graph, i, at, galley.size());
            }
            painter.galley(at - galley.size() / 2.0, galley, ink);
        }
    }

    if layers.graph {
        draw_room_graph(&painter, rect, &t, &graph);
    }

    // Spawn: always findable, whatever the zoom.
    if layers.spawn && map.in_bounds(map.spawn) {
        let c = t.screen_from_tile(rect, pos2(map.spawn.x as f32 + 0.5, map.spawn.y as f32 + 0.5));
        let r = (t.scale * 0.38).max(4.5);
        let pal = Palette::default();
        painter.circle(
            c,
            r,
            Color32::from_rgb(pal.spawn.0, pal.spawn.1, pal.spawn.2),
            Stroke::new(1.5, Color32::WHITE),
        );
    }

    MapViewOutput { hover, response }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_and_tile_spaces_round_trip() {
        let view = Rect::from_min_size(pos2(100.0, 50.0), vec2(400.0, 300.0));
        let t = ViewTransform { scale: 4.0, origin: vec2(10.0, 20.0) };
        let s = t.screen_from_tile(view, pos2(3.0, 5.0));
        assert_eq!(s, pos2(122.0, 90.0));
        assert_eq!(t.tile_from_screen(view, s), pos2(3.0, 5.0));
    }

    #[test]
    fn zoom_keeps_the_anchor_in_place() {
        let view = Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0));
        let mut v = MapView { transform: ViewTransform::fit(view, 80, 45), ..Default::default() };
        let anchor = pos2(300.0, 200.0);
        let before = v.transform.tile_from_screen(view, anchor);
        v.transform.zoom_at(view, 80, 45, anchor, 2.0);
        let after = v.transform.tile_from_screen(view, anchor);
        assert!((before - after).length() < 1e-3);
        let (lo, hi) = ViewTransform::scale_limits(view, 80, 45);
        v.transform.zoom_at(view, 80, 45, anchor, 1e6);
        assert_eq!(v.transform.scale, hi);
        v.transform.zoom_at(view, 80, 45, anchor, 1e-6);
        assert_eq!(v.transform.scale, lo);
    }
}
