//! The window's chrome: menu bar (with *Help ▸ Keys*), tool bar, status bar and the error
//! banner. Each reads the app's state and pushes commands; shortcut texts come from the one
//! table in [`super::shortcuts`].

use super::commands::files::file_name;
use super::dialogs::DialogPurpose;
use super::jobs::JobKind;
use super::shortcuts::{Action, help_rows, shortcut_text, with_key};
use super::{Camera, Command, DelveApp, DialogMode, Layers, tools};
use crate::app::command::{DungeonCommand, EditCommand, FileCommand, ParamsCommand};
use crate::app::command::{ViewCommand, WindowCommand};

/// A message shown above the map until dismissed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub title: String,
    pub detail: String,
    /// What the message is about, so that it goes when its cause does.
    pub about: About,
}

/// What a [`Message`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    /// The locks cannot be kept: it goes once they can (or are gone), or a map is made.
    Locks,
    /// A generation failed: it goes when a map is made.
    Generation,
    /// Anything else (files, recovery, exports): it goes when dismissed or another document
    /// is started.
    Other,
}

impl DelveApp {
    pub(super) fn menu_bar_ui(&mut self, ui: &mut egui::Ui) {
        let out = &mut self.commands;
        let last_export = self.prefs.export_format;
        let revertible = self.session.params_differ();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("New map…").on_hover_text("A blank map of a size you choose").clicked() {
                    out.push(Command::File(FileCommand::ShowNewMap));
                }
                if ui
                    .button("New dungeon…")
                    .on_hover_text("Floors joined by stairs, made and certified together")
                    .clicked()
                {
                    out.push(DungeonCommand::ShowNew.into());
                }
                if ui.add(egui::Button::new("Open map…").shortcut_text(shortcut_text(Action::Open))).clicked() {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::OpenMap)));
                }
                if ui
                    .button("Open dungeon…")
                    .on_hover_text("A dungeon preset, or a dungeon saved with its floors")
                    .clicked()
                {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::OpenDungeon)));
                }
                ui.menu_button("Open recent", |ui| {
                    if self.prefs.recent_maps.is_empty() {
                        ui.label(egui::RichText::new("No recent maps").weak());
                    }
                    for p in &self.prefs.recent_maps {
                        if ui.button(file_name(p)).on_hover_text(p.display().to_string()).clicked() {
                            out.push(Command::File(FileCommand::OpenMap(p.clone())));
                        }
                    }
                });
                let has_doc = self.doc.is_some();
                if let Some(d) = &self.dungeon {
                    ui.separator();
                    if ui.add(egui::Button::new("Save dungeon").shortcut_text(shortcut_text(Action::Save))).clicked() {
                        out.push(DungeonCommand::Save.into());
                    }
                    if ui
                        .add(egui::Button::new("Save dungeon as…").shortcut_text(shortcut_text(Action::SaveAs)))
                        .clicked()
                    {
                        out.push(Command::File(FileCommand::Dialog(DialogPurpose::SaveDungeon)));
                    }
                    let has_preset = d.made.dungeon.is_some();
                    if ui.add_enabled(has_preset, egui::Button::new("Save dungeon preset as…")).clicked() {
                        out.push(Command::File(FileCommand::Dialog(DialogPurpose::SaveDungeonPreset)));
                    }
                    if ui.button("Close dungeon").clicked() {
                        out.push(DungeonCommand::Close.into());
                    }
                    ui.separator();
                }
                if ui
                    .add_enabled(has_doc, egui::Button::new("Save map").shortcut_text(shortcut_text(Action::Save)))
                    .clicked()
                {
                    out.push(Command::File(FileCommand::SaveMap));
                }
                if ui
                    .add_enabled(
                        has_doc,
                        egui::Button::new("Save map as…").shortcut_text(shortcut_text(Action::SaveAs)),
                    )
                    .clicked()
                {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::SaveMap)));
                }
                ui.add_enabled_ui(has_doc, |ui| {
                    ui.menu_button("Export", |ui| {
                        for f in crate::export::Format::ALL {
                            let mut b = egui::Button::new(format!("{}…", f.label()));
                            if f == last_export {
                                b = b.shortcut_text(shortcut_text(Action::Export));
                            }
                            if ui.add(b).on_hover_text(f.description()).clicked() {
                                out.push(if f.has_options() {
                                    Command::File(FileCommand::ExportOptions(f))
                                } else {
                                    Command::File(FileCommand::Dialog(DialogPurpose::Export(f)))
                                });
                            }
                        }
                        ui.separator();
                        if ui
                            .button("Generation as GIF…")
                            .on_hover_text(
                                "An animation of how the map was generated, a frame per step (rooms and tunnels)",
                            )
                            .clicked()
                        {
                            out.push(Command::File(FileCommand::Dialog(DialogPurpose::ExportGif)));
                        }
                    });
                });
                ui.separator();
                if ui.button("Load preset…").clicked() {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::LoadPreset)));
                }
                if ui.button("Save preset as…").clicked() {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::SavePreset)));
                }
                if ui.add_enabled(revertible, egui::Button::new("Revert to preset")).clicked() {
                    out.push(Command::Params(ParamsCommand::RevertParams));
                }
                ui.separator();
                ui.menu_button("Type a path", |ui| {
                    for p in [
                        DialogPurpose::OpenMap,
                        DialogPurpose::SaveMap,
                        DialogPurpose::Export(last_export),
                        DialogPurpose::LoadPreset,
                        DialogPurpose::SavePreset,
                    ] {
                        if ui
                            .add_enabled(
                                has_doc || !p.saves() || p == DialogPurpose::SavePreset,
                                egui::Button::new(format!("{}…", p.title())),
                            )
                            .clicked()
                        {
                            out.push(Command::File(FileCommand::TypePath(p)));
                        }
                    }
                });
                let mut builtin = self.prefs.dialogs == DialogMode::BuiltIn;
                if ui
                    .checkbox(&mut builtin, "Always use the built-in file dialog")
                    .on_hover_text("Instead of the desktop's file dialog (used anyway when the desktop has none)")
                    .changed()
                {
                    out.push(Command::File(FileCommand::SetDialogMode(if builtin {
                        DialogMode::BuiltIn
                    } else {
                        DialogMode::System
                    })));
                }
                ui.separator();
                if ui.add(egui::Button::new("Quit").shortcut_text(shortcut_text(Action::Quit))).clicked() {
                    out.push(Command::Window(WindowCommand::Quit));
                }
            });
            ui.menu_button("Edit", |ui| {
                let history = self.doc.as_ref().map(|d| d.history());
                let (can_undo, can_redo) = history.map_or((false, false), |h| (h.can_undo(), h.can_redo()));
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo").shortcut_text(shortcut_text(Action::Undo)))
                    .clicked()
                {
                    out.push(Command::Edit(EditCommand::Undo));
                }
                if ui
                    .add_enabled(can_redo, egui::Button::new("Redo").shortcut_text(shortcut_text(Action::Redo)))
                    .clicked()
                {
                    out.push(Command::Edit(EditCommand::Redo));
                }
            });
            ui.menu_button("Map", |ui| {
                if ui
                    .add_enabled(self.doc.is_some(), egui::Button::new("Resize…"))
                    .on_hover_text(
                        "A new size: pad with rock or crop, keeping the map at a corner, an edge or the centre",
                    )
                    .clicked()
                {
                    out.push(Command::Window(WindowCommand::ShowResize));
                }
            });
            ui.menu_button("View", |ui| {
                if ui.add(egui::Button::new("Fit map").shortcut_text(shortcut_text(Action::Fit))).clicked() {
                    out.push(Command::View(ViewCommand::Camera(Camera::Fit)));
                }
                if ui
                    .add(egui::Button::new("1:1 (a tile per pixel)").shortcut_text(shortcut_text(Action::OneToOne)))
                    .clicked()
                {
                    out.push(Command::View(ViewCommand::Camera(Camera::OneToOne)));
                }
                if ui.add(egui::Button::new("Zoom in").shortcut_text(shortcut_text(Action::ZoomIn))).clicked() {
                    out.push(Command::View(ViewCommand::Camera(Camera::Zoom(1.25))));
                }
                if ui.add(egui::Button::new("Zoom out").shortcut_text(shortcut_text(Action::ZoomOut))).clicked() {
                    out.push(Command::View(ViewCommand::Camera(Camera::Zoom(0.8))));
                }
                ui.separator();
                let playing = self.play.is_some();
                let mut play = playing;
                if ui
                    .add(egui::Checkbox::new(&mut play, "Play"))
                    .on_hover_text(with_key(
                        "Walk the map as the player: field of view, fog, keys and doors",
                        Action::Play,
                    ))
                    .changed()
                {
                    out.push(Command::View(ViewCommand::Play(play)));
                }
                ui.separator();
                let windows: [MenuToggle<'_>; 7] = [
                    (
                        self.browser.open,
                        "Seed browser",
                        &with_key("A page of thumbnails of seeds", Action::ToggleSeedBrowser),
                        |on| WindowCommand::ShowSeedBrowser(on).into(),
                    ),
                    (self.compare.open, "Compare", "Maps side by side", |on| WindowCommand::ShowCompare(on).into()),
                    (
                        self.explore.open,
                        "Explore",
                        &with_key(
                            "The parameters over thousands of seeds: histograms, percentiles, picking seeds",
                            Action::ToggleExplore,
                        ),
                        |on| WindowCommand::ShowExplore(on).into(),
                    ),
                    (
                        self.tune.open,
                        "Tune",
                        "Say what the maps should be and find the parameters; or map what the generator can make",
                        |on| WindowCommand::ShowTune(on).into(),
                    ),
                    (
                        self.timeline.open,
                        "Timeline",
                        &with_key("Replay the generation of the map step by step", Action::ToggleTimeline),
                        |on| WindowCommand::ShowTimeline(on).into(),
                    ),
                    (
                        self.prefs.focus_map,
                        "Focus map",
                        &with_key("The map alone: both side panels hidden", Action::FocusMap),
                        |on| WindowCommand::FocusMap(on).into(),
                    ),
                    (
                        self.prefs.side_panel,
                        "Inspector panel",
                        &with_key(
                            "Inspector, history and problems on the right; hide it for a wider map",
                            Action::ToggleSidePanel,
                        ),
                        |on| WindowCommand::ShowSidePanel(on).into(),
                    ),
                ];
                for (mut on, label, help, command) in windows {
                    if ui.checkbox(&mut on, label).on_hover_text(help).changed() {
                        out.push(command(on));
                    }
                }
                ui.separator();
                let mut l = self.prefs.layers;
                layer_toggles_ui(ui, &mut l);
                if l != self.prefs.layers {
                    out.push(Command::View(ViewCommand::SetLayers(l)));
                }
            });
            ui.menu_button("Help", |ui| {
                if ui
                    .button("User guide")
                    .on_hover_text("The user guide (Delve's README) in your web browser")
                    .clicked()
                {
                    out.push(Command::Window(WindowCommand::OpenGuide));
                }
                ui.separator();
                ui.label(egui::RichText::new("Keys").strong());
                // Scrolls when the window is too short for every row.
                let room = (ui.ctx().content_rect().height() - 80.0).max(120.0);
                egui::ScrollArea::vertical().id_salt("keys").max_height(room).min_scrolled_height(room).show(
                    ui,
                    |ui| {
                        egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                            for (k, what) in help_rows() {
                                ui.label(egui::RichText::new(k).monospace());
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                    },
                );
            });
        });
    }

    pub(super) fn status_bar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let scale = self.view.transform.scale * ui.pixels_per_point();
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(format!(
                    "{} px/tile",
                    if scale >= 10.0 { format!("{scale:.0}") } else { format!("{scale:.2}") }
                ))
                .on_hover_text("Zoom: screen pixels per tile");
                if let Some((n, at)) = &self.notice
                    && at.elapsed().as_secs_f32() < 6.0
                {
                    ui.separator();
                    ui.label(n);
                }
                // With the panel hidden, problems still show here.
                let problems = self.doc.as_ref().map_or(0, |d| d.problems().len());
                if !self.prefs.side_panel && problems > 0 {
                    ui.separator();
                    let text = crate::words::count(problems as u64, "problem");
                    if ui
                        .add(
                            egui::Button::new(egui::RichText::new(text).color(ui.visuals().warn_fg_color)).frame(false),
                        )
                        .on_hover_text("Show the problems panel")
                        .clicked()
                    {
                        self.commands.push(Command::Window(WindowCommand::ShowSidePanel(true)));
                    }
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    if let Some(what) = self.busy_text() {
                        ui.spinner();
                        ui.label(what);
                        ui.separator();
                    }
                    let text = self.hover.clone().unwrap_or_else(|| {
                        "Hover the map to inspect a tile · wheel: zoom · drag: pan · F: fit".to_string()
                    });
                    ui.add(egui::Label::new(text).truncate());
                });
            });
        });
    }

    /// What the background is doing, if anything.
    fn busy_text(&self) -> Option<&'static str> {
        let j = &self.jobs;
        if j.is_running(JobKind::Generate) {
            Some("Generating…")
        } else if j.is_running(JobKind::Open) {
            Some("Opening…")
        } else if j.is_running(JobKind::Save) {
            Some("Saving…")
        } else if j.is_running(JobKind::Export) {
            Some("Exporting…")
        } else if j.is_running(JobKind::Dialog) {
            Some("Waiting for the file dialog…")
        } else {
            None
        }
    }

    /// The tool bar over the map: one row (zoom, tools, undo, layers) and under it a strip of
    /// the picked tool's options, each of a fixed height, so the map never moves.
    pub(super) fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        if let Some(p) = &self.play {
            let mut out = Vec::new();
            fixed_row(ui, |ui| super::play_mode::play_bar_ui(ui, p, &self.prefs.play, &mut out));
            let said = p.warning.as_ref().map(|w| format!("This map cannot be solved: {w}"));
            fixed_row(ui, |ui| {
                match said {
                    Some(w) => ui.colored_label(ui.visuals().warn_fg_color, w),
                    None => ui.label(p.status()),
                };
            });
            self.commands.extend(out);
            return;
        }
        fixed_row(ui, |ui| {
            if ui.button("Fit").on_hover_text(with_key("The whole map on screen", Action::Fit)).clicked() {
                self.commands.push(Command::View(ViewCommand::Camera(Camera::Fit)));
            }
            if ui.button("−").on_hover_text(with_key("Zoom out", Action::ZoomOut)).clicked() {
                self.commands.push(Command::View(ViewCommand::Camera(Camera::Zoom(0.8))));
            }
            if ui.button("+").on_hover_text(with_key("Zoom in", Action::ZoomIn)).clicked() {
                self.commands.push(Command::View(ViewCommand::Camera(Camera::Zoom(1.25))));
            }
            // The layers before the tools: a narrow map view scrolls the row, and the tools at
            // its end are reached by their keys as well.
            let mut l = self.prefs.layers;
            ui.menu_button("Layers", |ui| layer_toggles_ui(ui, &mut l)).response.on_hover_text(
                "What the map shows: rooms, corridors, doors, labels, grid, spawn, graph; how rooms are coloured",
            );
            if l != self.prefs.layers {
                self.commands.push(Command::View(ViewCommand::SetLayers(l)));
            }
            ui.separator();
            tools::tool_bar_ui(ui, &mut self.tools);
        });
        let map = self.doc.as_ref().map(|d| d.map());
        fixed_row(ui, |ui| tools::tool_options_ui(ui, &mut self.tools, map));
    }

    pub(super) fn message_ui(&mut self, ui: &mut egui::Ui) {
        let Some(m) = &self.message else { return };
        let mut dismiss = false;
        egui::Frame::new()
            .fill(ui.visuals().error_fg_color.gamma_multiply(0.18))
            .stroke(egui::Stroke::new(1.0, ui.visuals().error_fg_color))
            .corner_radius(4.0)
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(&m.title).strong().color(ui.visuals().error_fg_color));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        dismiss = ui.button("Dismiss").clicked();
                    });
                });
                ui.label(&m.detail);
            });
        if dismiss {
            self.commands.push(Command::Window(WindowCommand::DismissMessage));
        }
        ui.add_space(4.0);
    }
}

/// A row of the available width and one widget's height, left to right: what does not fit
/// scrolls sideways under the wheel (no bar) rather than widening the panel or wrapping, which
/// would change the row's height — a window docked beside the map can leave the row narrow.
fn fixed_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let height = ui.spacing().interact_size.y + 2.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    // How far the row is scrolled, and how wide its contents were last frame.
    let id = ui.scope_id().with(("fixed row", rect.min.y.round() as i32));
    let (mut offset, width): (f32, f32) = ui.data(|d| d.get_temp(id)).unwrap_or((0.0, 0.0));
    if ui.rect_contains_pointer(rect) {
        // The wheel's usual up and down moves the row sideways.
        offset -= ui.input(|i| i.smooth_scroll_delta.y + i.smooth_scroll_delta.x);
    }
    offset = offset.clamp(0.0, (width - rect.width()).max(0.0));
    let shifted = egui::Rect::from_min_size(rect.min - egui::vec2(offset, 0.0), egui::vec2(f32::MAX / 4.0, height));
    let mut row =
        ui.new_child(egui::UiBuilder::new().max_rect(shifted).layout(egui::Layout::left_to_right(egui::Align::Center)));
    row.set_clip_rect(rect.intersect(ui.clip_rect()));
    add(&mut row);
    let width = row.min_rect().width();
    ui.data_mut(|d| d.insert_temp(id, (offset, width)));
}

/// A window or panel in the View menu: shown or not, label, tooltip, and the command to toggle it.
type MenuToggle<'a> = (bool, &'static str, &'a str, fn(bool) -> Command);

fn layer_toggles_ui(ui: &mut egui::Ui, l: &mut Layers) {
    let items: [(&mut bool, &str, &str); 8] = [
        (&mut l.rooms, "Rooms", "Each room in its own colour"),
        (&mut l.corridors, "Corridors", "Corridors in their own colour"),
        (&mut l.doors, "Doors", "Door marks on the wall edge (when a tile is 3 px or more)"),
        (&mut l.labels, "Labels", "Room numbers (when zoomed in)"),
        (&mut l.grid, "Grid", "Tile grid lines (when zoomed in)"),
        (&mut l.spawn, "Spawn", "The spawn point"),
        (&mut l.markers, "Markers", "Markers (monsters, loot, keys...) with their glyphs, and locked doors in gold"),
        (
            &mut l.graph,
            "Graph",
            "The room graph: a dot per room, a line per corridor; the critical path from the entrance \
             (In, the spawn's room) to the farthest room (Out) thick in magenta, loops dashed in cyan",
        ),
    ];
    for (v, name, help) in items {
        ui.checkbox(v, name).on_hover_text(help);
    }
    ui.separator();
    ui.label("Colour rooms").on_hover_text(l.room_colours.help());
    for mode in crate::map::colour::RoomColouring::ALL {
        ui.radio_value(&mut l.room_colours, mode, mode.label()).on_hover_text(mode.help());
    }
}

impl DelveApp {
    /// The window title: the dungeon and its floor on screen, or the map's name; a dot while
    /// something is unsaved.
    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let dot = if self.unsaved() { "● " } else { "" };
        let title = match (&self.dungeon, &self.doc) {
            (Some(dungeon), _) => {
                let floor = dungeon.current.map(|i| format!(" — {}", dungeon.label(i))).unwrap_or_default();
                format!("{dot}{}{floor} — Delve", dungeon.name())
            }
            (None, Some(d)) => format!("{dot}{} — Delve", d.display_name()),
            (None, None) => "Delve".to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}
