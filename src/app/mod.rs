//! The editor window (feature `gui`): the only part of Delve that knows about egui, eframe and
//! file dialogs. This module is the wiring: the [`DelveApp`] struct, the order of a frame, and
//! the eframe glue.
//!
//! | module | owns |
//! |---|---|
//! | [`document`] | the one document on screen, the panel of each of its states, the one place it is replaced (and the rule that holds them together) |
//! | [`dungeon`] | the dungeon open: its floors (the one on screen is the document), stairs, file; [`dungeon_panel`] draws it, [`depth_window`] its figures by depth over many seeds |
//! | [`session`] | parameters, seed, their source (preset or map) and its snapshot, stars, stash |
//! | [`prefs`] | saved preferences, the layers shown among them (no runtime state) and the storage keys |
//! | [`command`] | the [`Command`]s, one group per owner |
//! | [`commands`] | applying each group: `params`, `files`, `edit`, `windows`, `view` |
//! | [`pending`] | a workflow waiting for the user or a save, and its prompt |
//! | [`shortcuts`] | the one table of keyboard shortcuts |
//! | [`chrome`] | menu bar, tool bar, status bar, the banner and its [`Message`] |
//! | `modals` | the prompts and dialogs in front of the editor ([`resize_dialog`] *Map ▸ Resize*) |
//! | [`recovery`] | crash-recovery copies: writing, removing, the panic hook, the start prompt |
//! | [`probe`] | `delve recovery-probe`: the editor headless, to test crash recovery across processes |
//! | [`jobs`] | the one worker pool: every background job, by id |
//! | [`params_panel`] | left panel (`param_field`: one parameter's field, its range and default); [`map_view`] centre (the one view transform) |
//! | [`play_mode`] | play: the designer walks the map as the player (field of view, fog), or a bot does |
//! | [`tools`] | the editing tools (state, tool bar, what they do on the map) |
//! | [`side_panel`] | inspector, undo history, problems; [`colour_picker`] the room colour picker |
//! | [`seed_browser`], [`compare`], [`explore`] | the three windows (kept in step and drawn by `windows`) |
//! | [`dock`] | where those three show: floating, or docked right of or under the map |
//! | [`layout`] | the frame's panels: parameters, inspector, docked windows, the map and its tool bar |
//! | [`legend`] | the legend of the room colours (by role, by distance) on the map |
//! | [`guide`] | *Help ▸ User guide*: the README as HTML in the browser |
//! | [`textures`], [`dialogs`], `access` | tile textures, file dialogs, what panels and tests read |
//!
//! Panels and windows read state and return commands; nothing but the command handlers (and the
//! per-frame sync of caches and windows before drawing) changes the session or the document.

mod access;
mod beside_panel;
pub mod chrome;
pub mod colour_picker;
pub mod command;
pub mod commands;
pub mod compare;
pub mod depth_window;
pub mod dialogs;
pub mod dock;
pub mod document;
pub mod dungeon;
pub mod dungeon_panel;
pub mod explore;
pub mod export_window;
pub mod guide;
pub mod jobs;
pub mod layout;
pub mod legend;
pub mod map_view;
mod modals;
mod param_field;
pub mod params_panel;
pub mod pending;
pub mod play_mode;
pub mod prefs;
pub mod probe;
pub mod recovery;
mod recovery_dungeon;
pub mod resize_dialog;
pub mod seed_browser;
pub mod session;
pub mod shortcuts;
pub mod side_panel;
mod stage_list;
pub mod textures;
pub mod timeline;
pub mod tools;
pub mod tune_window;
mod vaults_panel;
mod windows;

pub use chrome::{About, Message};
pub use command::{
    Answer, Command, DungeonCommand, EditCommand, FileCommand, PaneCommand, ParamsCommand, RecoveryAnswer, ViewCommand,
    WindowCommand,
};
pub use dialogs::{DialogOutcome, DialogPurpose, DialogRequest, FileDialogs, ScriptedDialogs, SystemDialogs};
pub use document::{Document, MapIndex, Origin};
pub use map_view::{Camera, Hover, Layers, MapView, ViewTransform, map_view_ui};
pub use prefs::Prefs;
pub use session::{Session, Source};

use crate::io::{self, StarredSeed};
use crate::params::GeneratorParams;
use commands::files::PresetUse;
use dialogs::PathDialog;
use jobs::Jobs;
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
    /// Where *Help ▸ User guide* writes the guide it opens.
    pub guide_dir: PathBuf,
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
            guide_dir: guide::guide_dir(),
        }
    }
}

/// The editor.
pub struct DelveApp {
    dialogs: Arc<dyn FileDialogs>,
    guide_dir: PathBuf,
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
    /// The *New dungeon* dialog, when open.
    new_dungeon: Option<dungeon_panel::NewDungeonDialog>,
    /// The dungeon open, whose floor on screen is `doc` (see [`dungeon`]).
    dungeon: Option<dungeon::DungeonDoc>,
    /// Counts the dungeons installed (a floor made ready for an earlier one is dropped).
    dungeon_serial: u64,
    /// A dungeon being brought back from a crash-recovery copy.
    restoring: Option<recovery_dungeon::Restoring>,
    /// *Figures by depth*: the dungeon over many seeds.
    depth: depth_window::DepthWindow,
    /// Play in progress (View ▸ Play), if any.
    play: Option<play_mode::PlayMode>,
    /// Play goes on on another floor of the dungeon: that floor, and the stairs arrived by.
    play_arrival: Option<(usize, crate::geom::Pos)>,
    resize: Option<resize_dialog::ResizeDialog>,
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
    tune: tune_window::TuneWindow,
    timeline: timeline::Timeline,
    recovery: recovery::Recovery,
    /// File reads, writes, exports and dialogs in flight.
    file_jobs: commands::files::FileJobs,
    /// The check of the document in flight.
    check_job: Option<jobs::Job<Box<crate::edit::document::Checked>>>,
    /// The locks the windows make maps around, as worked out for this frame.
    window_locks: commands::params::GenerationLocks,
    /// The window was checked against its monitor's size (see [`layout::fit_to_monitor`]).
    window_fitted: bool,
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
            guide_dir: config.guide_dir,
            view: MapView::new(),
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
            new_dungeon: None,
            dungeon: None,
            dungeon_serial: 0,
            restoring: None,
            depth: depth_window::DepthWindow::default(),
            play: None,
            play_arrival: None,
            resize: None,
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
            tune: tune_window::TuneWindow::default(),
            timeline: timeline::Timeline::default(),
            recovery: recovery::Recovery::new(config.recovery_dir, config.recovery_interval),
            window_locks: Ok(None),
            file_jobs: Vec::new(),
            check_job: None,
            window_fitted: false,
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

    // ---- Frame ----

    /// One frame of the whole editor.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.jobs.set_context(&ctx);
        self.texture_chunk = textures::chunk_side(ctx.input(|i| i.max_texture_side));
        self.fit_window(&ctx);
        self.poll_jobs(&ctx);
        self.handle_close_request(&ctx);
        if !self.has_modal() {
            let mut out = Vec::new();
            if self.play.is_some() {
                // Playing: the keys walk; only what looks at the map or leaves still works.
                out.extend(play_mode::keys(&ctx));
                out.extend(
                    shortcuts::pressed(&ctx).into_iter().filter(|a| a.in_play()).map(|a| self.shortcut_command(a)),
                );
            } else {
                self.browser.keys(&ctx, &mut out);
                for a in shortcuts::pressed(&ctx) {
                    out.push(self.shortcut_command(a));
                }
            }
            self.commands.extend(out);
        }

        self.sync_windows();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar_ui(ui));
        if self.timeline.open {
            if let Some(source) = self.timeline.sync(self.doc.as_ref()) {
                self.start_recording(source);
            }
            self.timeline.tick(ctx.input(|i| i.time));
            egui::Panel::bottom("timeline").show(ui, |ui| timeline::timeline_ui(ui, &mut self.timeline));
            if self.timeline.is_playing() {
                ctx.request_repaint();
            }
        }
        self.panels_ui(ui);
        self.floating_windows_ui(&ctx);
        self.modal_ui(&ctx);

        self.apply_commands(&ctx);
        self.sync_play(&ctx);
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
            .with_inner_size(layout::FIRST_WINDOW)
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
