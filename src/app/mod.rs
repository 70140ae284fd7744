//! The editor window (feature `gui`): the only part of Delve that knows about egui, eframe and
//! file dialogs. This module is the wiring: the [`DelveApp`] struct, the order of a frame, and
//! the eframe glue.
//!
//! | module | owns |
//! |---|---|
//! | [`session`] | parameters, seed, their source (preset or map) and its snapshot, stars, stash |
//! | [`prefs`] | saved preferences (no runtime state) and the storage keys |
//! | [`command`] | the [`Command`]s, grouped by concern |
//! | [`commands`] | applying them: `params`, `files`, `edit`, `windows`, `view` |
//! | [`pending`] | a workflow waiting for the user or a save, and its prompt |
//! | [`shortcuts`] | the one table of keyboard shortcuts |
//! | [`chrome`] | menu bar, tool bar, status bar, error banner |
//! | [`recovery`] | crash-recovery copies: writing, removing, the panic hook, the start prompt |
//! | [`jobs`] | the one worker pool: every background job, by id |
//! | [`params_panel`] | left panel; [`map_view`] centre (the one view transform) |
//! | [`tools`] | the editing tools (state, tool bar, what they do on the map) |
//! | [`side_panel`] | inspector, undo history, problems |
//! | [`seed_browser`], [`compare`], [`explore`] | the three windows |
//! | [`document`], [`textures`], [`dialogs`] | the core document re-exported, tile textures, file dialogs |
//!
//! Panels read state and return commands; nothing but the command handlers changes the session
//! or the document.

pub mod chrome;
pub mod command;
pub mod commands;
pub mod compare;
pub mod dialogs;
pub mod document;
pub mod explore;
pub mod export_window;
pub mod jobs;
pub mod map_view;
pub mod params_panel;
pub mod pending;
pub mod prefs;
pub mod recovery;
pub mod seed_browser;
pub mod session;
pub mod shortcuts;
pub mod side_panel;
pub mod textures;
pub mod timeline;
pub mod tools;

pub use command::{
    Answer, Command, EditCommand, FileCommand, PaneCommand, ParamsCommand, RecoveryAnswer, ViewCommand, WindowCommand,
};
pub use dialogs::{DialogOutcome, DialogPurpose, DialogRequest, FileDialogs, ScriptedDialogs, SystemDialogs};
pub use document::{Document, MapIndex, Origin};
pub use map_view::{Camera, Hover, Layers, MapView, ViewTransform, map_view_ui};
pub use prefs::Prefs;
pub use session::{Session, Source};

use crate::io::{self, Preset, StarredSeed};
use crate::params::{GeneratorParams, ParamIssue};
use dialogs::PathDialog;
use jobs::{Jobs, PresetUse};
use params_panel::PresetEntry;
use pending::Pending;
use serde::{Deserialize, Serialize};
use session::SavedSession;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Where a preset comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PresetRef {
    /// Shipped with Delve, by name (see [`io::SHIPPED_PRESETS`]).
    Shipped(String),
    /// A preset file of the user's.
    File(PathBuf),
}

/// How file dialogs are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DialogMode {
    /// The desktop's file dialog, falling back to the built-in one when there is none.
    #[default]
    System,
    /// Always the built-in path dialog.
    BuiltIn,
}

/// How the editor is set up; tests build one without eframe's creation context.
pub struct AppConfig {
    pub dialogs: Arc<dyn FileDialogs>,
    /// A preset or map to open at start.
    pub open: Option<PathBuf>,
    /// Where "Save preset as…" starts and whose `*.ron` files the preset picker lists.
    pub user_presets_dir: Option<PathBuf>,
    /// Where crash-recovery copies are kept (none: no recovery).
    pub recovery_dir: Option<PathBuf>,
    /// The shortest time between two writes of the recovery copy ([`recovery::INTERVAL`]).
    pub recovery_interval: std::time::Duration,
}

impl AppConfig {
    /// The real thing: system dialogs, presets in the user's data folder.
    pub fn system(open: Option<PathBuf>) -> Self {
        Self {
            dialogs: Arc::new(SystemDialogs),
            open,
            user_presets_dir: eframe::storage_dir("delve").map(|d| d.join("presets")),
            recovery_dir: eframe::storage_dir("delve").map(|d| d.join("recovery")),
            recovery_interval: recovery::INTERVAL,
        }
    }
}

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

/// The editor.
pub struct DelveApp {
    dialogs: Arc<dyn FileDialogs>,
    user_presets_dir: Option<PathBuf>,
    prefs: Prefs,
    session: Session,
    presets: Vec<PresetEntry>,
    doc: Option<Document>,
    /// The panel of each state of the document (see [`document`]).
    panels: document::Panels,
    view: MapView,
    jobs: Jobs,
    gen_state: commands::params::GenState,
    commands: Vec<Command>,
    /// The built-in file dialog, when open.
    path_dialog: Option<PathDialog>,
    /// The *New map* dialog, when open.
    new_map: Option<document::NewMapDialog>,
    /// The export options window, when open, for this format.
    export_window: Option<crate::export::Format>,
    pending: Option<Pending>,
    message: Option<Message>,
    notice: Option<(String, Instant)>,
    provenance_check: Option<(bool, String)>,
    hover: Option<String>,
    title: String,
    allow_close: bool,
    system_dialogs_failed: bool,
    /// Chunk side of the map textures (from the GPU's largest texture), for texels made on
    /// workers.
    texture_chunk: u32,
    /// Hand-editing tools.
    tools: tools::ToolState,
    browser: seed_browser::SeedBrowser,
    compare: compare::Compare,
    explore: explore::Explore,
    timeline: timeline::Timeline,
    recovery: recovery::Recovery,
}

impl DelveApp {
    /// Builds the editor; `storage` is eframe's saved state (`None` in tests or on first run).
    pub fn new(config: AppConfig, storage: Option<&dyn eframe::Storage>) -> Self {
        let prefs: Prefs = storage.and_then(|s| eframe::get_value(s, prefs::PREFS_KEY)).unwrap_or_default();
        let saved: SavedSession = match storage.and_then(|s| s.get_string(prefs::SESSION_KEY)) {
            Some(_) => storage.and_then(|s| eframe::get_value(s, prefs::SESSION_KEY)).unwrap_or_default(),
            None => {
                // Saved by a version that kept these in the preferences, or the first run.
                let old: prefs::LegacyPrefs =
                    storage.and_then(|s| eframe::get_value(s, prefs::PREFS_KEY)).unwrap_or_default();
                SavedSession { preset: old.preset, seed_text: old.seed_text }
            }
        };
        let saved_params: Option<GeneratorParams> = storage.and_then(|s| eframe::get_value(s, prefs::PARAMS_KEY));
        let saved_stars: Option<Vec<StarredSeed>> = storage.and_then(|s| eframe::get_value(s, prefs::STARS_KEY));
        let mut app = Self {
            dialogs: config.dialogs,
            user_presets_dir: config.user_presets_dir,
            view: MapView::new(prefs.layers),
            prefs,
            session: Session::default(),
            presets: Vec::new(),
            doc: None,
            panels: document::Panels::default(),
            jobs: Jobs::default(),
            gen_state: Default::default(),
            commands: Vec::new(),
            path_dialog: None,
            new_map: None,
            export_window: None,
            pending: None,
            message: None,
            notice: None,
            provenance_check: None,
            hover: None,
            title: String::new(),
            allow_close: false,
            system_dialogs_failed: false,
            texture_chunk: textures::CHUNK,
            tools: tools::ToolState::default(),
            browser: seed_browser::SeedBrowser::default(),
            compare: compare::Compare::default(),
            explore: explore::Explore::default(),
            timeline: timeline::Timeline::default(),
            recovery: recovery::Recovery::new(config.recovery_dir, config.recovery_interval),
        };
        app.start_recovery_scan();
        app.refresh_presets();
        // A shipped preset is compiled in; a preset file is read on a worker.
        let restored = match &saved.preset {
            Some(PresetRef::Shipped(name)) => io::shipped_preset(name).and_then(Result::ok),
            _ => None,
        };
        let file = match &saved.preset {
            Some(PresetRef::File(p)) => Some(p.clone()),
            _ => None,
        };
        let (has_params, take_stars) = (saved_params.is_some(), saved_stars.is_none());
        app.session = Session::restore(saved, saved_params, saved_stars, restored);
        if let Some(path) = file {
            let purpose = if has_params { PresetUse::Restore { take_stars } } else { PresetUse::Apply };
            app.read_preset_file(path, purpose);
        }
        match config.open {
            Some(path) => app.commands.push(Command::File(FileCommand::OpenFile(path))),
            None => app.commands.push(Command::Params(ParamsCommand::Regenerate)),
        }
        app
    }

    // ---- Read access (panels, tests) ----

    pub fn document(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn params(&self) -> &GeneratorParams {
        self.session.params()
    }

    pub fn seed_text(&self) -> &str {
        self.session.seed_text()
    }

    /// The seed in use: [`crate::rng::seed_from_text`] of what was typed.
    pub fn seed(&self) -> u64 {
        self.session.seed()
    }

    pub fn preset(&self) -> Option<&PresetRef> {
        self.session.preset()
    }

    /// Parameters tuned away from the current preset's.
    pub fn params_unsaved(&self) -> bool {
        self.session.params_unsaved()
    }

    /// Starred seeds (or their notes) that the current preset file does not hold.
    pub fn stars_unsaved(&self) -> bool {
        self.session.stars_unsaved()
    }

    /// The problem marked on the map (picked in the problems panel, while the map has it).
    pub fn marked_problem(&self) -> Option<&crate::map::Problem> {
        self.doc.as_ref().and_then(|d| self.tools.marked_problem(d))
    }

    pub fn view(&self) -> &MapView {
        &self.view
    }

    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The error (or other message) shown above the map.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The window title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Whether background work (generation, loading, a dialog) is in flight.
    pub fn is_busy(&self) -> bool {
        self.jobs.busy() || !self.commands.is_empty() || self.browser.is_busy() || self.explore.is_busy()
    }

    /// The generation timeline.
    pub fn timeline(&self) -> &timeline::Timeline {
        &self.timeline
    }

    /// The generation timeline, to set its speed or room (tests, scripts).
    pub fn timeline_mut(&mut self) -> &mut timeline::Timeline {
        &mut self.timeline
    }

    /// The Explore window.
    pub fn explore(&self) -> &explore::Explore {
        &self.explore
    }

    /// The Explore window, to set its seeds or conditions (tests, scripts).
    pub fn explore_mut(&mut self) -> &mut explore::Explore {
        &mut self.explore
    }

    /// The compare window.
    pub fn compare(&self) -> &compare::Compare {
        &self.compare
    }

    /// The seed browser.
    pub fn seed_browser(&self) -> &seed_browser::SeedBrowser {
        &self.browser
    }

    /// The seed browser, to set its page or view (tests, scripts).
    pub fn seed_browser_mut(&mut self) -> &mut seed_browser::SeedBrowser {
        &mut self.browser
    }

    /// Whether a dialog (a prompt or the built-in file dialog) is open.
    pub fn has_modal(&self) -> bool {
        self.path_dialog.is_some()
            || self.new_map.is_some()
            || self.export_window.is_some()
            || self.pending.as_ref().is_some_and(Pending::asks)
            || !self.recovery.offers.is_empty()
    }

    /// Everything wrong with the current parameters.
    pub fn issues(&self) -> Vec<ParamIssue> {
        self.session.params().check()
    }

    /// This editor's crash-recovery file, if it keeps one (written while the map has unsaved
    /// changes).
    pub fn recovery_file(&self) -> Option<PathBuf> {
        self.recovery.file()
    }

    /// The crash-recovery copies of earlier runs waiting for an answer, described as the prompt
    /// does.
    pub fn recovery_offers(&self) -> Vec<String> {
        self.recovery.offers.iter().map(recovery::Offer::describe).collect()
    }

    /// Starts a job of `kind` that panics: for tests of the worker pool.
    #[doc(hidden)]
    pub fn spawn_panicking_job(&mut self, kind: jobs::JobKind) {
        self.jobs.spawn(kind, |_| panic!("a test job panicked"));
    }

    /// Queues a command for the next frame.
    pub fn push(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// Writes the preferences and the session.
    pub fn save_state(&mut self, storage: &mut dyn eframe::Storage) {
        self.prefs.layers = self.view.layers;
        eframe::set_value(storage, prefs::PREFS_KEY, &self.prefs);
        eframe::set_value(storage, prefs::SESSION_KEY, &self.session.saved());
        eframe::set_value(storage, prefs::PARAMS_KEY, self.session.params());
        eframe::set_value(storage, prefs::STARS_KEY, &self.session.starred());
    }

    // ---- Frame ----

    /// One frame of the whole editor.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.jobs.set_context(&ctx);
        self.texture_chunk = textures::chunk_side(ctx.input(|i| i.max_texture_side));
        for d in self.jobs.poll() {
            self.on_job(&ctx, d);
        }
        self.handle_close_request(&ctx);
        if !self.has_modal() {
            let mut out = Vec::new();
            self.browser.keys(&ctx, &mut out);
            for a in shortcuts::pressed(&ctx) {
                out.push(self.shortcut_command(a));
            }
            self.commands.extend(out);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar_ui(ui));
        if self.timeline.open {
            if let Some((params, seed)) = self.timeline.sync(self.doc.as_ref()) {
                self.start_recording(params, seed);
            }
            self.timeline.tick(ctx.input(|i| i.time));
            egui::Panel::bottom("timeline").show(ui, |ui| timeline::timeline_ui(ui, &mut self.timeline));
            if self.timeline.is_playing() {
                ctx.request_repaint();
            }
        }
        egui::Panel::left("params")
            .resizable(true)
            .default_size(420.0)
            .size_range(300.0..=720.0)
            .show(ui, |ui| self.params_panel_ui(ui));
        if let Some(doc) = self.doc.as_ref().filter(|_| self.prefs.side_panel) {
            let mut out = Vec::new();
            egui::Panel::right("edit")
                .resizable(true)
                .default_size(300.0)
                .size_range(220.0..=520.0)
                .show(ui, |ui| side_panel::side_panel_ui(ui, doc, &mut self.tools, &mut out));
            self.commands.extend(out);
        }
        self.view.primary_pans = self.doc.as_ref().is_none_or(|doc| {
            // The tile where the primary button went down, in last frame's view.
            let press = ctx.input(|i| i.pointer.press_origin().filter(|_| i.pointer.primary_down()));
            let tile = press.map(|s| self.view.transform.tile_from_screen(self.view.rect, s));
            self.tools.pans(doc, tile.map(|f| crate::geom::Pos::new(f.x.floor() as i32, f.y.floor() as i32)))
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.toolbar_ui(ui);
            self.message_ui(ui);
            match (&self.doc, self.timeline.shown()) {
                (Some(_), Some(shown)) => {
                    // A step of the timeline: the map after it, with the step on top; no editing.
                    let out = map_view_ui(ui, &mut self.view, shown);
                    self.hover = out.hover.map(|h| h.describe(shown));
                    if let Some(step) = self.timeline.step() {
                        timeline::step_overlay_ui(ui, &self.view, shown, step, self.timeline.pose());
                    }
                }
                (Some(doc), None) => {
                    let out = map_view_ui(ui, &mut self.view, doc);
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
        self.windows_ui(&ctx);
        self.modal_ui(&ctx);

        self.apply_commands(&ctx);
        self.refresh_lock_message();
        self.sync_recovery(&ctx);
        self.start_check();
        self.update_title(&ctx);
        if self.jobs.busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some((_, at)) = &self.notice {
            let left = 6.0 - at.elapsed().as_secs_f32();
            if left > 0.0 {
                ctx.request_repaint_after(std::time::Duration::from_secs_f32(left + 0.05));
            }
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.doc.as_ref().is_some_and(Document::is_dirty)
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::AskMap(Command::Window(WindowCommand::Quit)));
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match &self.doc {
            Some(d) => format!("{}{} — Delve", if d.is_dirty() { "● " } else { "" }, d.display_name()),
            None => "Delve".to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The prompt of the pending workflow, or the built-in file dialog. Both return commands.
    fn modal_ui(&mut self, ctx: &egui::Context) {
        if let Some(p) = self.pending.as_ref().filter(|p| p.asks()) {
            let info = pending::PromptInfo {
                name: self.doc.as_ref().map_or_else(|| "The map".to_string(), Document::display_name),
                has_path: self.doc.as_ref().is_some_and(|d| d.path().is_some()),
                params_unsaved: self.session.params_unsaved(),
                stars_unsaved: self.session.stars_unsaved(),
                stars: self.session.starred().len(),
            };
            if let Some(c) = pending::prompt_ui(ctx, p, &info) {
                self.commands.push(c);
            }
        }
        if self.path_dialog.is_none()
            && !self.pending.as_ref().is_some_and(Pending::asks)
            && let Some(offer) = self.recovery.offers.front()
            && let Some(c) = recovery::offer_ui(ctx, offer)
        {
            self.commands.push(c);
        }
        if let Some(dialog) = &mut self.new_map {
            let (c, open) = document::new_map_ui(ctx, dialog);
            self.commands.extend(c);
            if !open {
                self.new_map = None;
            }
        }
        if let Some(format) = self.export_window {
            let open = match &self.doc {
                Some(doc) => export_window::export_window_ui(
                    ctx,
                    format,
                    &mut self.prefs.export_options,
                    doc.map(),
                    &mut self.commands,
                ),
                None => false,
            };
            if !open {
                self.export_window = None;
            }
        }
        if let Some(dialog) = &mut self.path_dialog
            && let Some(c) = dialogs::path_dialog_ui(ctx, dialog)
        {
            self.path_dialog = None;
            self.commands.push(c);
        }
    }

    fn params_panel_ui(&mut self, ui: &mut egui::Ui) {
        let issues = self.session.params().check();
        let provenance_preset =
            self.doc.as_ref().and_then(|d| d.map().provenance.params.as_ref()).and_then(|p| self.preset_matching(p));
        let model = params_panel::PanelModel {
            session: &self.session,
            issues: &issues,
            auto_regenerate: self.prefs.auto_regenerate,
            presets: &self.presets,
            preset_text: self.preset_text(),
            doc: self.doc.as_ref(),
            generating: self.jobs.is_running(jobs::JobKind::Generate),
            provenance_preset,
            provenance_check: self.provenance_check.as_ref(),
        };
        let mut out = Vec::new();
        params_panel::params_panel_ui(ui, &model, &mut out);
        self.commands.extend(out);
    }

    /// What the preset picker shows: the preset (or the map file) the parameters came from.
    fn preset_text(&self) -> String {
        let s = &self.session;
        let modified = if s.modified() { " (modified)" } else { "" };
        match s.source() {
            Source::Preset(r) => {
                let name =
                    self.presets.iter().find(|e| &e.source == r).map_or_else(|| "(none)".into(), |e| e.label.clone());
                format!("{name}{modified}")
            }
            Source::Map(name) => match self.preset_matching(s.params()) {
                Some(preset) => format!("{preset} (from map {name})"),
                None if s.params_differ() => format!("From map {name} (modified)"),
                None => format!("From map {name}"),
            },
            Source::Unknown => "(none)".into(),
        }
    }

    /// The name of a known preset with exactly these parameters.
    fn preset_matching(&self, params: &GeneratorParams) -> Option<String> {
        if let Some(r) = self.session.preset()
            && !self.session.params_differ()
            && self.session.params() == params
        {
            return self.presets.iter().find(|e| &e.source == r).map(|e| e.label.clone());
        }
        io::SHIPPED_PRESETS.iter().find_map(|(name, _)| {
            let p = io::shipped_preset(name)?.ok()?;
            (p.generator == *params).then(|| p.name.unwrap_or_else(|| (*name).to_string()))
        })
    }

    fn windows_ui(&mut self, ctx: &egui::Context) {
        let shown = self.doc.as_ref().map(|d| &d.map().provenance).filter(|p| p.params.is_some()).map(|p| p.seed);
        self.browser.observe(shown);
        if let Some(request) = self.browser.list_request() {
            self.start_listing(request);
        }
        // Around the locks a regeneration would keep (worked out only while a window that
        // makes maps shows).
        let locks = if self.browser.open || self.explore.open { self.generation_locks() } else { Ok(None) };
        let error = locks.as_ref().err().map(ToString::to_string);
        let kept = locks.ok().flatten();
        let around = || error.as_deref().map_or(Ok(kept.as_ref()), Err);
        if let Some(request) = self.browser.sync(self.session.params(), around()) {
            self.start_thumbnails(request);
        }
        if self.browser.open {
            let mut out = Vec::new();
            let run = self.explore.run_of(self.session.params(), kept.as_deref());
            seed_browser::seed_browser_ui(ctx, &mut self.browser, self.session.starred(), shown, run, &mut out);
            self.commands.extend(out);
        }
        if let Some(request) = self.explore.sync(&explore::ExploreModel::of(&self.session, around())) {
            self.start_explore(request);
        }
        if self.explore.open {
            let model = explore::ExploreModel::of(&self.session, around());
            let mut out = Vec::new();
            explore::explore_ui(ctx, &mut self.explore, &model, &mut out);
            self.commands.extend(out);
        }
        if self.compare.open {
            let mut out = Vec::new();
            compare::compare_ui(ctx, &mut self.compare, self.session.params(), self.session.seed(), &mut out);
            self.commands.extend(out);
        }
    }
}

/// The preset read from the compiled-in list, or an error naming it.
fn shipped(name: &str) -> Result<Preset, io::FileError> {
    io::shipped_preset(name).unwrap_or_else(|| {
        Err(io::FileError::Invalid { path: PathBuf::from(name), message: "no shipped preset of this name".into() })
    })
}

impl eframe::App for DelveApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_state(storage);
    }
}

/// Opens the editor on `file` (a preset or map), or on the last session's parameters (the
/// default preset on first run).
pub fn run(file: Option<PathBuf>) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Delve")
            .with_app_id("delve")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([720.0, 480.0]),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "delve",
        options,
        Box::new(move |cc| Ok(Box::new(DelveApp::new(AppConfig::system(file), cc.storage)))),
    )
    .map_err(|e| {
        anyhow::anyhow!(
            "cannot open the editor window: {e}\n\
             (Delve needs an X11 display, or XWayland, and OpenGL. On a bare Debian or Ubuntu install: \
             sudo apt-get install libxcursor1 libxi6 libxkbcommon-x11-0 libgl1 libegl1 libgl1-mesa-dri)"
        )
    })
}
