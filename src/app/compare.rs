//! The compare window: 2 to 4 maps side by side (different seeds, or one seed under different
//! parameters), zoom and pan linked across panes, a stats table with differences highlighted,
//! the cells that differ from the first pane, and any pane promoted to the main map. Pane maps
//! are generated on the worker pool; the window asks for pane changes with commands
//! ([`super::PaneCommand`]).

use super::command::{Command, PaneCommand};
use super::dock::{Dockable, Host, Place, host as host_window};
use super::jobs::{Event, Job};
use super::map_view::ViewTransform;
use crate::analysis::{diff_cells, differing_params, format_value};
use crate::app::command::{ParamsCommand, WindowCommand};
use crate::generate::GenError;
use crate::map::Map;
use crate::map::colour::{DIFF_MARK, DIFF_MARK_ALPHA};
use crate::map::metrics::Metrics as PaneMetrics;
use crate::map::metrics::Metrics;
use crate::params::GeneratorParams;
use crate::raster::Palette;
use egui::{Color32, Rect, Sense, TextureHandle, Vec2, pos2, vec2};
use std::sync::Arc;

/// Most panes side by side.
pub const MAX_PANES: usize = 4;

/// Zoom and pan of one pane: the map view's own transform ([`ViewTransform`]: the same fit,
/// zoom limits and pan clamping as the main view), and whether to fit it when next drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaneView {
    pub transform: ViewTransform,
    /// Refit when the pane is next drawn.
    pub fit: bool,
}

impl Default for PaneView {
    fn default() -> Self {
        Self { transform: ViewTransform::default(), fit: true }
    }
}

impl PaneView {
    fn fit_to(&mut self, rect: Rect, w: u32, h: u32) {
        self.transform = ViewTransform::fit(rect, w, h);
        self.fit = false;
    }
}

/// One map in the compare window.
pub struct Pane {
    pub params: GeneratorParams,
    pub seed: u64,
    pub map: Option<Arc<Map>>,
    pub metrics: Option<Metrics>,
    /// The figures from play of its map (`None` inside: its exit is never reached).
    pub play: Option<Option<crate::play::ExitFigures>>,
    pub error: Option<String>,
    pub view: PaneView,
    /// Where the pane was drawn in the last frame.
    pub rect: Rect,
    id: u64,
    /// The job generating this pane's map.
    job: Option<Job<PaneResult>>,
    texture: Option<TextureHandle>,
    /// The difference overlay and the (first pane, this pane) map pointers it was made for.
    overlay: Option<(usize, usize, Option<TextureHandle>)>,
}

/// A compare pane's map.
pub struct PaneOutcome {
    pub map: Arc<Map>,
    pub metrics: PaneMetrics,
    /// Its figures from play ([`crate::measure::PLAY_SETTINGS`]; `None`: no exit reached).
    pub play: Option<crate::play::ExitFigures>,
}

/// What a compare pane's job hands back.
pub type PaneResult = Result<Box<PaneOutcome>, GenError>;

/// State of the compare window.
pub struct Compare {
    pub open: bool,
    pub panes: Vec<Pane>,
    /// Zoom and pan move every pane together.
    pub linked: bool,
    /// Mark the cells that differ from the first pane (off until asked for).
    pub overlay: bool,
    next_id: u64,
}

impl Default for Compare {
    fn default() -> Self {
        Self { open: false, panes: Vec::new(), linked: true, overlay: false, next_id: 0 }
    }
}

/// A pane's map to generate (the app runs it on the worker pool).
pub struct PaneJob {
    /// The pane's id.
    pub pane: u64,
    pub params: GeneratorParams,
    pub seed: u64,
}

fn pane_name(i: usize) -> char {
    (b'A' + (i as u8).min(25)) as char
}

impl Compare {
    pub fn is_busy(&self) -> bool {
        self.panes.iter().any(|p| p.job.is_some())
    }

    /// Adds a pane (replacing the last one when there are already [`MAX_PANES`]); returns the
    /// job that makes its map.
    pub fn add(&mut self, params: GeneratorParams, seed: u64) -> PaneJob {
        if self.panes.len() >= MAX_PANES {
            self.panes.pop();
        }
        // Panes get narrower: fit them again.
        for p in &mut self.panes {
            p.view.fit = true;
        }
        self.next_id += 1;
        let view = self.panes.first().filter(|_| self.linked).map(|p| p.view).unwrap_or_default();
        let pane = Pane {
            params: params.clone(),
            seed,
            map: None,
            metrics: None,
            play: None,
            error: None,
            view,
            rect: Rect::NOTHING,
            id: self.next_id,
            job: None,
            texture: None,
            overlay: None,
        };
        self.panes.push(pane);
        self.open = true;
        PaneJob { pane: self.next_id, params, seed }
    }

    /// The first seed from `from` on (wrapping) that no pane shows: what *Add pane* compares.
    pub fn next_unused(&self, from: u64) -> u64 {
        let mut seed = from;
        while self.panes.iter().any(|p| p.seed == seed) {
            seed = seed.wrapping_add(1);
        }
        seed
    }

    /// Changes pane `i`'s parameters or seed; returns the job that makes its new map.
    pub fn set_pane(&mut self, i: usize, params: Option<GeneratorParams>, seed: Option<u64>) -> Option<PaneJob> {
        let p = self.panes.get_mut(i)?;
        if let Some(params) = params {
            p.params = params;
        }
        if let Some(seed) = seed {
            p.seed = seed;
        }
        Some(PaneJob { pane: p.id, params: p.params.clone(), seed: p.seed })
    }

    pub fn remove(&mut self, i: usize) {
        if i < self.panes.len() {
            self.panes.remove(i);
        }
    }

    /// The map of pane `pane` is being made by `job` (a newer job supersedes an older one).
    pub fn started(&mut self, pane: u64, job: Job<PaneResult>) {
        if let Some(p) = self.panes.iter_mut().find(|p| p.id == pane) {
            p.job = Some(job);
        }
    }

    /// The panes' maps that arrived since the last frame.
    pub fn poll(&mut self) {
        for p in &mut self.panes {
            let Some(events) = p.job.as_ref().map(Job::poll) else { continue };
            for e in events {
                let r = match e {
                    Event::Done(r) => r.map_err(|e| e.to_string()),
                    Event::Failed(message) => Err(message),
                    Event::Report(_) => continue,
                };
                p.job = None;
                p.texture = None;
                p.overlay = None;
                p.receive(r);
            }
        }
    }
}

impl Pane {
    /// Figure `stat` of its map (NaN: none, the exit never reached); `None` until it is made.
    pub fn value(&self, stat: crate::analysis::Stat) -> Option<f64> {
        use crate::analysis::Stat;
        let play = |f: fn(&crate::play::ExitFigures) -> f64| self.play.map(|p| p.as_ref().map_or(f64::NAN, f));
        match stat {
            Stat::StepsToSeeExit => play(|f| f64::from(f.steps_to_see_exit)),
            Stat::SeenOnTheWay => play(|f| f64::from((f.seen_on_the_way * 100.0) as f32)),
            _ => self.metrics.as_ref().map(|m| stat.value(self.seed, m)),
        }
    }

    fn receive(&mut self, r: Result<Box<PaneOutcome>, String>) {
        let p = self;
        match r {
            Ok(o) => {
                p.metrics = Some(o.metrics);
                p.play = Some(o.play);
                p.map = Some(o.map);
                p.error = None;
            }
            Err(e) => {
                p.map = None;
                p.metrics = None;
                p.play = None;
                p.error = Some(e);
            }
        }
    }
}

/// The compare window. `current` is the main view's parameters (for "use current parameters").
pub fn compare_ui(
    host: Host<'_>,
    place: Place,
    c: &mut Compare,
    current: &GeneratorParams,
    current_seed: u64,
    out: &mut Vec<Command>,
) -> Option<Place> {
    let mut open = c.open;
    let picked = host_window(host, Dockable::Compare, place, &mut open, |ui| {
        ui.horizontal(|ui| {
            ui.checkbox(&mut c.linked, "Link zoom and pan").on_hover_text("Zoom and pan move every pane together");
            ui.checkbox(&mut c.overlay, "Difference overlay")
                .on_hover_text("Mark the cells that differ from pane A (maps of the same size)");
            if ui
                .add_enabled(c.panes.len() < MAX_PANES, egui::Button::new("Add pane"))
                .on_hover_text("A pane with the main view's parameters and the next seed no pane shows")
                .clicked()
            {
                out.push(Command::Window(WindowCommand::CompareSeed(c.next_unused(current_seed))));
            }
            if ui.button("Fit all").clicked() {
                for p in &mut c.panes {
                    p.view.fit = true;
                }
            }
            if c.is_busy() {
                ui.spinner();
            }
        });
        if c.panes.is_empty() {
            ui.label("No panes yet: \"Add pane\", or \"Compare\" on a seed in the seed browser.");
            return;
        }
        panes_ui(ui, c, current, out);
        ui.separator();
        // Its own scroll: the figures (from play too) outnumber a laptop screen's rows.
        egui::ScrollArea::vertical()
            .id_salt("delve-compare-stats-scroll")
            .min_scrolled_height(300.0)
            .show(ui, |ui| stats_ui(ui, c));
    });
    c.open = open;
    picked
}

/// How pane `p`'s parameters differ from pane A's, in words: "Room attempts 5 (A: 30)".
fn params_diff(first: &GeneratorParams, p: &GeneratorParams) -> String {
    let d = differing_params(first, p);
    if d.is_empty() {
        return "the parameters of A".into();
    }
    d.iter()
        .map(|x| format!("{} {} (A: {})", x.label, format_value(x.b), format_value(x.a)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn panes_ui(ui: &mut egui::Ui, c: &mut Compare, current: &GeneratorParams, out: &mut Vec<Command>) {
    let n = c.panes.len();
    // Room under the panes for the stats table; panes keep roughly the maps' aspect.
    let width = ui.available_width() / n.max(1) as f32;
    let aspect = c
        .panes
        .iter()
        .filter_map(|p| p.map.as_ref())
        .map(|m| m.height() as f32 / m.width().max(1) as f32)
        .fold(0.0f32, f32::max);
    let height = (width * if aspect > 0.0 { aspect } else { 0.6 }).clamp(160.0, 420.0);
    let mut changed_view: Option<(usize, PaneView)> = None;
    let first_map = c.panes.first().and_then(|p| p.map.clone());
    let first_params = c.panes.first().map(|p| p.params.clone());
    let ctx = ui.ctx().clone();
    let (linked, overlay) = (c.linked, c.overlay);
    ui.columns(n, |cols| {
        for (i, (ui, p)) in cols.iter_mut().zip(c.panes.iter_mut()).enumerate() {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(format!("{}: seed {}", pane_name(i), p.seed)).strong());
                if let Some(kept) = p.map.as_ref().and_then(|m| m.provenance.kept.as_ref()) {
                    ui.label(format!("around {kept}"))
                        .on_hover_text("Made around the map's locks, as Regenerate makes this seed");
                }
                let mut seed = p.seed;
                if ui
                    .add(egui::DragValue::new(&mut seed).update_while_editing(false))
                    .on_hover_text("Seed of this pane")
                    .changed()
                {
                    out.push(Command::Window(WindowCommand::Pane(i, PaneCommand::SetSeed(seed))));
                }
                if ui
                    .button("Use current parameters")
                    .on_hover_text("This pane's parameters become the main view's (for A/B comparison)")
                    .clicked()
                {
                    out.push(Command::Window(WindowCommand::Pane(
                        i,
                        PaneCommand::SetParams(Box::new(current.clone())),
                    )));
                }
                if ui.button("Open in main").on_hover_text("Show this pane's map in the main view").clicked() {
                    out.push(Command::Params(ParamsCommand::PromotePane(Box::new(p.params.clone()), p.seed)));
                }
                if ui.small_button("×").on_hover_text("Close this pane").clicked() {
                    out.push(Command::Window(WindowCommand::Pane(i, PaneCommand::Remove)));
                }
            });
            // A line per pane, so the maps stay level: what its parameters are against A's.
            match first_params.as_ref().filter(|_| i > 0) {
                Some(first) => ui.label(format!("{} has {}", pane_name(i), params_diff(first, &p.params))),
                None => ui.weak("The other panes are compared with A"),
            };
            let (rect, resp) = ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::click_and_drag());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, format!("Pane {}", pane_name(i))));
            p.rect = rect;
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
            let Some(map) = p.map.clone() else {
                let t = p.error.clone().unwrap_or_else(|| "Generating…".into());
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    t,
                    egui::FontId::proportional(13.0),
                    ui.visuals().text_color(),
                );
                continue;
            };
            let (w, h) = (map.width(), map.height());
            if p.view.fit {
                p.view.fit_to(rect, w, h);
                if linked {
                    changed_view = Some((i, p.view));
                }
            }
            let before = p.view;
            if resp.dragged() {
                p.view.transform.origin += resp.drag_delta();
            }
            if let Some(pointer) = resp.hover_pos() {
                let (scroll, zoom) = ui.input_mut(|inp| {
                    let s = inp.smooth_scroll_delta;
                    inp.smooth_scroll_delta = Vec2::ZERO;
                    (s, inp.zoom_delta())
                });
                let factor = zoom * (scroll.y / 200.0).exp();
                if (factor - 1.0).abs() > 1e-4 {
                    p.view.transform.zoom_at(rect, w, h, pointer, factor);
                }
            }
            p.view.transform.clamp_pan(rect, w, h);
            if resp.double_clicked() {
                p.view.fit_to(rect, w, h);
            }
            if p.view != before && linked {
                changed_view = Some((i, p.view));
            }
            let tex = p.texture.get_or_insert_with(|| {
                // One pixel per tile always fits (a map has at most `MAX_TILES` tiles).
                // Locked rooms outlined, as in the main view.
                let marks = crate::raster::Marks { locks: true, ..crate::raster::Marks::default() };
                let ci = match crate::raster::render_marked(&map, 1, &Palette::default(), marks) {
                    Ok(img) => egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], img.as_raw()),
                    Err(_) => egui::ColorImage::from_rgba_unmultiplied([1, 1], &[0, 0, 0, 255]),
                };
                ctx.load_texture(format!("delve-compare-{}", p.id), ci, egui::TextureOptions::NEAREST)
            });
            let t = p.view.transform;
            let map_rect = Rect::from_min_max(
                t.screen_from_tile(rect, pos2(0.0, 0.0)),
                t.screen_from_tile(rect, pos2(w as f32, h as f32)),
            );
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(tex.id(), map_rect, uv, Color32::WHITE);
            if overlay
                && i > 0
                && let Some(a) = &first_map
            {
                let key = (Arc::as_ptr(a) as usize, Arc::as_ptr(&map) as usize);
                if p.overlay.as_ref().is_none_or(|(x, y, _)| (*x, *y) != key) {
                    let m = DIFF_MARK;
                    let diff_mark = Color32::from_rgba_unmultiplied(m.0, m.1, m.2, DIFF_MARK_ALPHA);
                    let t = diff_cells(a, &map).map(|cells| {
                        let mut ci = egui::ColorImage::filled([w as usize, h as usize], Color32::TRANSPARENT);
                        for c in &cells {
                            let idx = c.y as usize * w as usize + c.x as usize;
                            if let Some(px) = ci.pixels.get_mut(idx) {
                                *px = diff_mark;
                            }
                        }
                        ctx.load_texture(format!("delve-diff-{}", p.id), ci, egui::TextureOptions::NEAREST)
                    });
                    p.overlay = Some((key.0, key.1, t));
                }
                match &p.overlay {
                    Some((_, _, Some(t))) => {
                        painter.image(t.id(), map_rect, uv, Color32::WHITE);
                    }
                    _ => {
                        painter.text(
                            rect.left_top() + vec2(4.0, 4.0),
                            egui::Align2::LEFT_TOP,
                            "different size from A: no overlay",
                            egui::FontId::proportional(11.0),
                            ui.visuals().weak_text_color(),
                        );
                    }
                }
            }
        }
    });
    if let Some((from, v)) = changed_view {
        for (i, p) in c.panes.iter_mut().enumerate() {
            if i != from {
                p.view = PaneView { fit: false, ..v };
            }
        }
    }
}

fn stats_ui(ui: &mut egui::Ui, c: &Compare) {
    let highlight = ui.visuals().warn_fg_color;
    egui::Grid::new("delve-compare-stats").striped(true).num_columns(c.panes.len() + 1).show(ui, |ui| {
        ui.label("");
        for (i, p) in c.panes.iter().enumerate() {
            ui.label(egui::RichText::new(format!("{} (seed {})", pane_name(i), p.seed)).strong());
        }
        ui.end_row();
        // Every figure, those from play too (a few panes cost little to walk).
        for stat in crate::analysis::sweep::Figures::WithPlay.stats() {
            ui.label(stat.label()).on_hover_text(stat.help());
            let base = c.panes.first().and_then(|p| p.value(stat));
            for p in &c.panes {
                match p.value(stat) {
                    Some(v) if v.is_nan() => {
                        ui.label("—").on_hover_text("The exit is never reached");
                    }
                    Some(v) => {
                        let text = format!("{v:.*}", stat.decimals());
                        let differs = base.is_some_and(|b| (b - v).abs() > 1e-9);
                        let rt = egui::RichText::new(text);
                        ui.label(if differs { rt.color(highlight).strong() } else { rt });
                    }
                    None => {
                        ui.label("…");
                    }
                }
            }
            ui.end_row();
        }
    });
}
