//! The frame's panels, in the order egui lays them out: the parameters on the left, the
//! inspector on the right, the docked windows, then the map with its tool bar in what is left.
//! The map comes first: the side panels start narrow (the map view gets over 60% of the window
//! at 1200 or 1280 px), their widths are the user's (resizable and remembered; what they show
//! is cut to fit, never widens them), and *Focus map* hides both.

use super::{DelveApp, dungeon_panel, legend, map_view_ui, side_panel, timeline, tools};

/// The side panels' first widths (parameters, inspector) in a window `width` points wide: the
/// map keeps over 60% of it. Both are resizable, and remembered.
fn first_widths(width: f32) -> (f32, f32) {
    ((0.225 * width).clamp(270.0, 360.0), (0.13 * width).clamp(150.0, 260.0))
}

/// The editor window's first size: it fits a 1280×800 screen with a title bar and a desktop
/// panel (the status bar in sight), and [`fit_to_monitor`] makes it smaller on a smaller one.
pub const FIRST_WINDOW: egui::Vec2 = egui::vec2(1240.0, 720.0);

/// The inner size that makes a window fit its monitor, when it does not (`None`: it fits).
/// `outer` includes the window manager's decorations; a margin is left for a desktop panel.
pub fn fit_to_monitor(inner: egui::Vec2, outer: egui::Vec2, monitor: egui::Vec2) -> Option<egui::Vec2> {
    const PANEL: f32 = 48.0;
    let decorations = (outer - inner).max(egui::Vec2::ZERO);
    let room = (monitor - decorations - egui::vec2(0.0, PANEL)).max(egui::vec2(720.0, 480.0));
    (outer.x > monitor.x || outer.y > monitor.y - PANEL / 2.0).then(|| inner.min(room))
}

/// The inner size that gives a window still at its first size ([`FIRST_WINDOW`]) four fifths of a
/// much larger monitor (a 1920×1080 screen: 1536×864), rounded to whole points (`None`: leave
/// it). A window at any other size (the user's, restored) is left as it is.
pub fn grow_on_monitor(inner: egui::Vec2, monitor: egui::Vec2) -> Option<egui::Vec2> {
    let first = (inner - FIRST_WINDOW).abs().max_elem() < 1.0;
    let roomy = monitor.x >= 1.25 * FIRST_WINDOW.x && monitor.y >= 1.25 * FIRST_WINDOW.y;
    (first && roomy).then(|| (monitor * 0.8).round())
}

impl DelveApp {
    /// Once, when the monitor's size is known: a window larger than its screen (the status bar
    /// out of sight) is made to fit; the first window on a much larger screen grows to use it.
    pub(super) fn fit_window(&mut self, ctx: &egui::Context) {
        if self.window_fitted {
            return;
        }
        let (inner, outer, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.outer_rect.map(|r| r.size()), v.monitor_size)
        });
        let (Some(inner), Some(outer), Some(monitor)) = (inner, outer, monitor) else { return };
        self.window_fitted = true;
        if let Some(size) = fit_to_monitor(inner, outer, monitor) {
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
        } else if let Some(size) = grow_on_monitor(inner, monitor) {
            // Grown about its middle: centred on the screen.
            let outer_size = size + (outer - inner).max(egui::Vec2::ZERO);
            let at = ((monitor - outer_size) / 2.0).max(egui::Vec2::ZERO);
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
            ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(at.to_pos2()));
        }
    }

    /// The panels of one frame (after the menu, status bar and timeline).
    pub(super) fn panels_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let (params_width, inspector_width) = first_widths(ui.available_width());
        if let Some(d) = self.dungeon.as_mut().filter(|_| !self.prefs.focus_map) {
            dungeon_panel::refresh_thumbnails(&ctx, d, self.doc.as_ref());
            let mut out = Vec::new();
            egui::Panel::left("dungeon")
                .resizable(true)
                .default_size(200.0)
                .size_range(160.0..=420.0)
                .show(ui, |ui| dungeon_panel::dungeon_panel_ui(ui, d, self.doc.as_ref(), &mut out));
            self.commands.extend(out);
        }
        if !self.prefs.focus_map {
            egui::Panel::left("params")
                .resizable(true)
                .default_size(params_width)
                .size_range(260.0..=720.0)
                .show(ui, |ui| self.params_panel_ui(ui));
        }
        if let Some(doc) = self.doc.as_ref().filter(|_| self.prefs.side_panel && !self.prefs.focus_map) {
            let mut out = Vec::new();
            egui::Panel::right("edit")
                .resizable(true)
                .default_size(inspector_width)
                .size_range(150.0..=520.0)
                .show(ui, |ui| side_panel::side_panel_ui(ui, doc, &mut self.tools, &mut out));
            self.commands.extend(out);
        }
        self.docked_windows_ui(ui);
        self.view.primary_pans = self.doc.as_ref().is_none_or(|doc| {
            // The tile where the primary button went down, in last frame's view.
            let press = ctx.input(|i| i.pointer.press_origin().filter(|_| i.pointer.primary_down()));
            let tile = press.map(|s| self.view.transform.tile_from_screen(self.view.rect, s));
            self.tools.pans(doc, tile.map(|f| crate::geom::Pos::new(f.x.floor() as i32, f.y.floor() as i32)))
        });
        // A thin margin: the map takes the width the panels leave.
        let frame = egui::Frame::central_panel(ui.style()).inner_margin(egui::Margin::symmetric(3, 2));
        egui::CentralPanel::default().frame(frame).show(ui, |ui| {
            self.toolbar_ui(ui);
            self.message_ui(ui);
            match (&self.doc, self.timeline.shown()) {
                (Some(_), Some(shown)) => {
                    // A step of the timeline: the map after it, with the step on top; no editing.
                    let out = map_view_ui(ui, &mut self.view, shown, &self.prefs.layers);
                    self.hover = out.hover.map(|h| h.describe(shown));
                    timeline::step_overlay_ui(ui, &self.view, shown, &self.timeline.marks());
                }
                (Some(doc), None) if self.play.is_some() => {
                    // Playing: the map under the fog and the player; no editing.
                    let out = map_view_ui(ui, &mut self.view, doc, &self.prefs.layers);
                    self.hover = out.hover.map(|h| h.describe(doc));
                    if let Some(p) = &mut self.play {
                        p.draw_ui(ui, &self.view);
                    }
                }
                (Some(doc), None) => {
                    let out = map_view_ui(ui, &mut self.view, doc, &self.prefs.layers);
                    if self.prefs.layers.markers {
                        let kinds = super::map_view::markers::kinds_on(doc.map());
                        let terrain = doc.map().terrain();
                        let tiles = if terrain.is_bare() { &[][..] } else { terrain.kinds() };
                        let doors = legend::door_rows(doc.map());
                        legend::markers_legend_ui(ui, self.view.rect, &kinds, tiles, &doors);
                    }
                    let mode = self.prefs.layers.room_colours;
                    if self.prefs.layers.rooms && mode != crate::map::colour::RoomColouring::ByRoom {
                        let depth = self.view.room_graph(doc).depth();
                        legend::legend_ui(ui, self.view.rect, mode, depth);
                    }
                    self.hover = out.hover.map(|h| h.describe(doc));
                    let mut cmds = Vec::new();
                    tools::map_input_ui(
                        ui,
                        &out.response,
                        &self.view.transform,
                        self.view.rect,
                        doc,
                        &mut self.tools,
                        &mut cmds,
                    );
                    self.commands.extend(cmds);
                }
                (None, _) => {
                    self.hover = None;
                    ui.centered_and_justified(|ui| {
                        if self.jobs.busy() {
                            ui.spinner();
                        } else {
                            ui.label("No map yet: fix the parameters on the left, or open a map (Ctrl+O).");
                        }
                    });
                }
            }
        });
    }
}
