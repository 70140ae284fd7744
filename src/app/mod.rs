//! The editor window (feature `gui`): the only part of Delve that knows about egui, eframe and
//! file dialogs.
//!
//! [`DelveApp`] owns the [`Document`] (the map, its file, unsaved-changes flag and revision), the
//! generator parameters and seed, and the [`MapView`]. Panels read that state and push
//! [`Command`]s; the commands are applied in one place ([`DelveApp::handle`]) once per frame.
//! Slow work (generation, opening maps, PNG export, system file dialogs) runs in [`jobs`] on
//! worker threads, so the window never freezes.
//!
//! Modules: [`params_panel`] (left panel), [`map_view`] (centre), [`textures`] (tile textures
//! keyed by document revision), [`files`] (file dialogs: system, built-in, scripted for tests),
//! [`document`], [`jobs`].

pub mod compare;
pub mod document;
pub mod files;
pub mod jobs;
pub mod map_view;
pub mod params_panel;
pub mod seed_browser;
pub mod textures;
pub mod tools;

pub use document::{Document, MapIndex, Origin};
pub use files::{DialogOutcome, DialogPurpose, DialogRequest, FileDialogs, ScriptedDialogs, SystemDialogs};
pub use map_view::{Hover, Layers, MapView, ViewCommand, ViewTransform, map_view_ui};

use crate::generate::{self, GeneratorKind, GeneratorParams, ParamIssue, ParamValue};
use crate::io::{self, FileError, FileKind, Preset, StarredSeed};
use crate::map::Map;
use crate::rng::seed_from_text;
use files::{PathDialog, PathDialogAction, remember, with_extension};
use jobs::{GenOutcome, JobKind, JobOutput, Jobs, OpenOutcome};
use params_panel::{PanelModel, PresetEntry};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use textures::Prebuilt;

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

/// Everything the editor can be asked to do. Panels, menus and keys push these; [`DelveApp`]
/// applies them once per frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    SetGenerator(GeneratorKind),
    SetParam(&'static str, ParamValue),
    SelectPreset(PresetRef),
    /// The seed as typed: a number, or any text (hashed).
    SetSeedText(String),
    RandomSeed,
    PrevSeed,
    NextSeed,
    CopySeed,
    Regenerate,
    SetAutoRegenerate(bool),
    /// Set the parameters and seed the open map was generated with, and generate it again.
    RegenerateFromProvenance,
    /// Ask for a file (system dialog, or the built-in one).
    Dialog(DialogPurpose),
    /// Ask for a file with the built-in dialog.
    TypePath(DialogPurpose),
    /// A file was chosen for `purpose`.
    PathChosen(DialogPurpose, PathBuf),
    /// Open a preset or a map, whichever the file is.
    OpenFile(PathBuf),
    OpenMap(PathBuf),
    /// Save the map to its file (asks for one when it has none).
    SaveMap,
    SaveMapTo(PathBuf),
    ExportPng(PathBuf),
    LoadPreset(PathBuf),
    SavePresetTo(PathBuf),
    SetDialogMode(DialogMode),
    SetLayers(Layers),
    View(ViewCommand),
    /// A complete hand edit (a click): one undo step of its own.
    Edit(crate::edit::Op),
    /// Part of a gesture still in progress (a brush stroke, a colour-picker session): joins the
    /// undo step of the same interaction, never another's.
    Stroke(crate::edit::Interaction, crate::edit::Op),
    /// The gesture is over: its undo step is closed.
    EndStep(crate::edit::Interaction),
    Undo,
    Redo,
    /// Undo or redo until this many steps are left to undo.
    JumpHistory(usize),
    Quit,
    /// Run the command even though it discards unsaved changes (the user said so).
    Discarding(Box<Command>),
    DismissMessage,
    /// Show this seed of the current parameters in the main view (seed browser).
    OpenSeed(u64),
    ShowSeedBrowser(bool),
    /// Add a compare pane with this seed of the current parameters.
    CompareSeed(u64),
    /// Show these parameters and seed in the main view (a compare pane promoted).
    PromotePane(Box<GeneratorParams>, u64),
    ShowCompare(bool),
    /// Show or hide the inspector / history / problems panel on the right.
    ShowSidePanel(bool),
}

impl Command {
    /// Whether this command replaces the document (and so would lose unsaved changes).
    fn replaces_document(&self) -> bool {
        matches!(self, Command::OpenMap(_) | Command::Regenerate | Command::RegenerateFromProvenance | Command::Quit)
    }

    fn describe(&self) -> &'static str {
        match self {
            Command::OpenMap(_) => "Open another map",
            Command::Quit => "Quit",
            _ => "Regenerate the map",
        }
    }
}

/// Preferences kept between runs (eframe storage). Every field has a default, so older or
/// partial saved state still loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The preset last picked.
    pub preset: Option<PresetRef>,
    pub seed_text: String,
    pub auto_regenerate: bool,
    pub layers: Layers,
    /// Maps opened or saved, most recent first.
    pub recent_maps: Vec<PathBuf>,
    /// Preset files loaded or saved, most recent first.
    pub user_presets: Vec<PathBuf>,
    pub dialogs: DialogMode,
    /// The folder of the last file picked.
    pub last_dir: Option<PathBuf>,
    /// Whether the inspector / history / problems panel is shown.
    pub side_panel: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            preset: Some(PresetRef::Shipped(io::DEFAULT_PRESET.into())),
            seed_text: "0".into(),
            auto_regenerate: true,
            layers: Layers::default(),
            recent_maps: Vec::new(),
            user_presets: Vec::new(),
            dialogs: DialogMode::System,
            last_dir: None,
            side_panel: true,
        }
    }
}

const PREFS_KEY: &str = "delve.prefs";
/// Stored apart from the other preferences: if a later version cannot read these parameters,
/// the rest still loads.
const PARAMS_KEY: &str = "delve.params";
/// The starred seeds as they are in the editor, saved or not.
const STARS_KEY: &str = "delve.starred";
const MAX_RECENT: usize = 10;

/// How the editor is set up; tests build one without eframe's creation context.
pub struct AppConfig {
    pub dialogs: Arc<dyn FileDialogs>,
    /// A preset or map to open at start.
    pub open: Option<PathBuf>,
    /// Where "Save preset as…" starts and whose `*.ron` files the preset picker lists.
    pub user_presets_dir: Option<PathBuf>,
}

impl AppConfig {
    /// The real thing: system dialogs, presets in the user's data folder.
    pub fn system(open: Option<PathBuf>) -> Self {
        Self {
            dialogs: Arc::new(SystemDialogs),
            open,
            user_presets_dir: eframe::storage_dir("delve").map(|d| d.join("presets")),
        }
    }
}

/// A message shown above the map until dismissed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub title: String,
    pub detail: String,
}

enum Modal {
    /// Unsaved changes: ask before running `then`.
    Confirm {
        then: Command,
    },
    Path(PathDialog),
    /// Parameters or starred seeds not saved in the preset: ask before switching presets with
    /// `then`.
    ConfirmPreset {
        then: Command,
    },
}

struct GenJob {
    ticket: u64,
    params: GeneratorParams,
    seed: u64,
}

#[derive(Default)]
struct GenState {
    /// Ticket of the latest request.
    ticket: u64,
    /// Results of requests up to this ticket are stale (the document was replaced since).
    floor: u64,
    /// The latest request, waiting for the running one to finish.
    queued: Option<GenJob>,
    /// "Regenerate from provenance": compare the result of this ticket with this map.
    compare: Option<(u64, Arc<Map>, String)>,
    /// The user agreed to lose unsaved edits to results from this ticket on.
    discard_from: Option<u64>,
}

/// The editor.
pub struct DelveApp {
    dialogs: Arc<dyn FileDialogs>,
    user_presets_dir: Option<PathBuf>,
    prefs: Prefs,
    params: GeneratorParams,
    /// Parameters of the other generators, so switching back restores them.
    stash: Vec<GeneratorParams>,
    seed_text: String,
    preset: Option<PresetRef>,
    /// The current preset's parameters and seed, to tell when they were modified.
    preset_snapshot: Option<(GeneratorParams, u64)>,
    /// The current preset's starred seeds as saved, to tell when stars were added or changed.
    stars_snapshot: Vec<StarredSeed>,
    presets: Vec<PresetEntry>,
    doc: Option<Document>,
    view: MapView,
    jobs: Jobs,
    gen_state: GenState,
    commands: Vec<Command>,
    modal: Option<Modal>,
    message: Option<Message>,
    notice: Option<(String, Instant)>,
    provenance_check: Option<(bool, String)>,
    hover: Option<String>,
    title: String,
    allow_close: bool,
    system_dialogs_failed: bool,
    after_save: Option<Command>,
    /// The map being opened may replace unsaved edits (the user agreed).
    open_discards: bool,
    /// Chunk side of the map textures (from the GPU's largest texture), for texels made on
    /// workers.
    texture_chunk: u32,
    /// Hand-editing tools.
    tools: tools::ToolState,
    browser: seed_browser::SeedBrowser,
    compare: compare::Compare,
}

impl DelveApp {
    /// Builds the editor; `storage` is eframe's saved state (`None` in tests or on first run).
    pub fn new(config: AppConfig, storage: Option<&dyn eframe::Storage>) -> Self {
        let prefs: Prefs = storage.and_then(|s| eframe::get_value(s, PREFS_KEY)).unwrap_or_default();
        let saved_params: Option<GeneratorParams> = storage.and_then(|s| eframe::get_value(s, PARAMS_KEY));
        let saved_stars: Option<Vec<StarredSeed>> = storage.and_then(|s| eframe::get_value(s, STARS_KEY));
        let mut app = Self {
            dialogs: config.dialogs,
            user_presets_dir: config.user_presets_dir,
            view: MapView::new(prefs.layers),
            seed_text: prefs.seed_text.clone(),
            preset: prefs.preset.clone(),
            prefs,
            params: GeneratorParams::default(),
            stash: Vec::new(),
            preset_snapshot: None,
            stars_snapshot: Vec::new(),
            presets: Vec::new(),
            doc: None,
            jobs: Jobs::default(),
            gen_state: GenState::default(),
            commands: Vec::new(),
            modal: None,
            message: None,
            notice: None,
            provenance_check: None,
            hover: None,
            title: String::new(),
            allow_close: false,
            system_dialogs_failed: false,
            after_save: None,
            open_discards: false,
            texture_chunk: textures::CHUNK,
            tools: tools::ToolState::default(),
            browser: seed_browser::SeedBrowser::default(),
            compare: compare::Compare::default(),
        };
        app.refresh_presets();
        let restored = app.preset.clone().and_then(|r| app.read_preset(&r).ok().map(|p| (r, p)));
        match (saved_params, restored) {
            (Some(params), restored) => {
                app.params = params;
                if let Some((_, p)) = restored {
                    app.stars_snapshot = p.starred;
                    app.preset_snapshot = Some((p.generator, p.seed));
                }
            }
            (None, Some((_, p))) => {
                app.seed_text = p.seed.to_string();
                app.stars_snapshot = p.starred;
                app.preset_snapshot = Some((p.generator.clone(), p.seed));
                app.params = p.generator;
            }
            (None, None) => {
                app.preset = None;
            }
        }
        // Stars from the last session, saved in a preset or not; else the preset's own.
        app.browser.starred = saved_stars.unwrap_or_else(|| app.stars_snapshot.clone());
        match config.open {
            Some(path) => app.commands.push(Command::OpenFile(path)),
            None => app.commands.push(Command::Regenerate),
        }
        app
    }

    // ---- Read access (panels, tests) ----

    pub fn document(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    pub fn params(&self) -> &GeneratorParams {
        &self.params
    }

    pub fn seed_text(&self) -> &str {
        &self.seed_text
    }

    /// The seed in use: [`seed_from_text`] of what was typed.
    pub fn seed(&self) -> u64 {
        seed_from_text(&self.seed_text)
    }

    pub fn preset(&self) -> Option<&PresetRef> {
        self.preset.as_ref()
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
        self.jobs.busy() || !self.commands.is_empty() || self.browser.is_busy() || self.compare.is_busy()
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

    /// Whether a dialog (confirmation or built-in file dialog) is open.
    pub fn has_modal(&self) -> bool {
        self.modal.is_some()
    }

    /// Everything wrong with the current parameters.
    pub fn issues(&self) -> Vec<ParamIssue> {
        self.params.check()
    }

    /// Queues a command for the next frame.
    pub fn push(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// Writes the preferences, parameters and seed.
    pub fn save_state(&mut self, storage: &mut dyn eframe::Storage) {
        self.prefs.layers = self.view.layers;
        self.prefs.seed_text = self.seed_text.clone();
        self.prefs.preset = self.preset.clone();
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
        eframe::set_value(storage, PARAMS_KEY, &self.params);
        eframe::set_value(storage, STARS_KEY, &self.browser.starred);
    }

    // ---- Presets ----

    fn read_preset(&self, r: &PresetRef) -> Result<Preset, FileError> {
        match r {
            PresetRef::Shipped(name) => io::shipped_preset(name).unwrap_or_else(|| {
                Err(FileError::Invalid { path: PathBuf::from(name), message: "no shipped preset of this name".into() })
            }),
            PresetRef::File(p) => io::load_preset(p),
        }
    }

    fn refresh_presets(&mut self) {
        let mut list: Vec<PresetEntry> = io::SHIPPED_PRESETS
            .iter()
            .map(|(name, _)| {
                let parsed = io::shipped_preset(name).and_then(Result::ok);
                PresetEntry {
                    source: PresetRef::Shipped((*name).to_string()),
                    label: parsed.as_ref().and_then(|p| p.name.clone()).unwrap_or_else(|| (*name).to_string()),
                    detail: parsed.and_then(|p| p.notes).unwrap_or_else(|| format!("Shipped preset {name}")),
                }
            })
            .collect();
        let mut files: Vec<PathBuf> = self.prefs.user_presets.iter().filter(|p| p.is_file()).cloned().collect();
        if let Some(dir) = &self.user_presets_dir
            && let Ok(rd) = std::fs::read_dir(dir)
        {
            let mut in_dir: Vec<PathBuf> = rd
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
                .collect();
            in_dir.sort();
            files.extend(in_dir);
        }
        let mut seen = Vec::new();
        for f in files {
            let key = f.canonicalize().unwrap_or_else(|_| f.clone());
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let label = f.file_stem().map_or_else(|| f.display().to_string(), |s| s.to_string_lossy().into_owned());
            list.push(PresetEntry { source: PresetRef::File(f.clone()), label, detail: f.display().to_string() });
        }
        self.presets = list;
    }

    fn apply_preset(&mut self, r: PresetRef, p: Preset) {
        self.stash_params();
        self.stars_snapshot = p.starred.clone();
        self.browser.starred = p.starred;
        self.params = p.generator.clone();
        self.seed_text = p.seed.to_string();
        self.preset_snapshot = Some((p.generator, p.seed));
        self.preset = Some(r);
        self.changed();
    }

    /// The parameters or the starred seeds differ from the preset's (browsing seeds does not
    /// count).
    fn preset_modified(&self) -> bool {
        self.preset_snapshot.is_none() || self.params_unsaved() || self.stars_unsaved()
    }

    /// Parameters tuned away from the current preset's (`false` when there is no preset: then
    /// the parameters came from a map or an earlier session, not from tuning a preset).
    pub fn params_unsaved(&self) -> bool {
        self.preset_snapshot.as_ref().is_some_and(|(params, _)| *params != self.params)
    }

    /// Starred seeds (or their notes) that the current preset file does not hold.
    pub fn stars_unsaved(&self) -> bool {
        self.browser.starred != self.stars_snapshot
    }

    /// The name of a known preset with exactly these parameters.
    fn preset_matching(&self, params: &GeneratorParams) -> Option<String> {
        if let (Some(r), Some((p, _))) = (&self.preset, &self.preset_snapshot)
            && p == params
        {
            return self.presets.iter().find(|e| &e.source == r).map(|e| e.label.clone());
        }
        io::SHIPPED_PRESETS.iter().find_map(|(name, _)| {
            let p = io::shipped_preset(name)?.ok()?;
            (p.generator == *params).then(|| p.name.unwrap_or_else(|| (*name).to_string()))
        })
    }

    fn stash_params(&mut self) {
        let kind = self.params.kind();
        self.stash.retain(|p| p.kind() != kind);
        self.stash.push(self.params.clone());
    }

    // ---- Generation ----

    /// Parameters or seed changed: regenerate when auto-regenerate is on.
    fn changed(&mut self) {
        if self.prefs.auto_regenerate {
            self.commands.push(Command::Regenerate);
        }
    }

    fn request_generation(&mut self) {
        if !self.params.check().is_empty() {
            return; // Waits until the parameters are fixed; the panel says why.
        }
        self.gen_state.ticket += 1;
        let job = GenJob { ticket: self.gen_state.ticket, params: self.params.clone(), seed: self.seed() };
        if self.jobs.is_running(JobKind::Generate) {
            self.gen_state.queued = Some(job);
        } else {
            self.spawn_generation(job);
        }
    }

    fn spawn_generation(&mut self, job: GenJob) {
        let (layers, chunk) = (self.view.colour_layers(), self.texture_chunk);
        self.jobs.spawn(JobKind::Generate, move || {
            let start = Instant::now();
            let result = generate::generate(&job.params, job.seed).map(|g| {
                let elapsed = start.elapsed();
                let index = MapIndex::build(&g.map);
                let textures = Prebuilt::new(&g.map, layers, chunk);
                Box::new(GenOutcome { map: g.map, index, report: g.report, elapsed, textures })
            });
            JobOutput::Generated { ticket: job.ticket, params: job.params, seed: job.seed, result }
        });
    }

    /// The document is being replaced by something other than a generation: drop generation
    /// results still in flight.
    fn supersede_generation(&mut self) {
        self.gen_state.floor = self.gen_state.ticket;
        self.gen_state.queued = None;
    }

    // ---- Jobs ----

    fn on_job(&mut self, out: JobOutput) {
        match out {
            JobOutput::Generated { ticket, result, .. } => {
                if let Some(next) = self.gen_state.queued.take() {
                    self.spawn_generation(next);
                }
                let discard_ok = self.gen_state.discard_from.is_some_and(|t| ticket >= t);
                if ticket <= self.gen_state.floor || (self.doc.as_ref().is_some_and(Document::is_dirty) && !discard_ok)
                {
                    return; // Stale, or edits were made while generating: keep them.
                }
                self.gen_state.discard_from = None;
                match result {
                    Ok(g) => {
                        let g = *g;
                        if let Some((t, target, name)) = self.gen_state.compare.take() {
                            if t == ticket {
                                self.provenance_check = Some(compare_maps(&g.map, &target, &name));
                            } else {
                                self.gen_state.compare = Some((t, target, name));
                            }
                        } else {
                            self.provenance_check = None;
                        }
                        let mut doc = Document::generated(g.map, g.index, g.report, g.elapsed);
                        if let Some(old) = self.doc.take().filter(Document::has_history) {
                            doc.inherit_history(old, "Regenerate");
                        }
                        self.view.offer_textures(doc.revision(), g.textures);
                        self.doc = Some(doc);
                    }
                    Err(e) => self.show_message("Cannot generate", e.to_string()),
                }
            }
            JobOutput::Opened { path, result } => match result {
                Ok(b) => {
                    if self.doc.as_ref().is_some_and(Document::is_dirty) && !std::mem::take(&mut self.open_discards) {
                        return; // Edited while loading: keep the edits.
                    }
                    let OpenOutcome { map, index, textures } = *b;
                    self.supersede_generation();
                    self.provenance_check = None;
                    let mut doc = Document::opened(map, index, path.clone());
                    if let Some(old) = self.doc.take().filter(Document::has_history) {
                        doc.inherit_history(old, &format!("Open {}", file_name(&path)));
                    }
                    self.view.offer_textures(doc.revision(), textures);
                    self.doc = Some(doc);
                    remember(&mut self.prefs.recent_maps, &path, MAX_RECENT);
                    self.message = None;
                    self.notify(format!("Opened {}", file_name(&path)));
                }
                Err(e) => {
                    self.file_error("Could not open the map", &e, self.doc.is_some());
                    if self.doc.is_none() {
                        self.commands.push(Command::Regenerate); // Something to look at.
                    }
                }
            },
            JobOutput::Exported { path, result } => match result {
                Ok(()) => self.notify(format!("Exported {}", file_name(&path))),
                Err(e) => self.show_message(&format!("Could not export {}", file_name(&path)), e),
            },
            JobOutput::Dialog { purpose, outcome } => match outcome {
                DialogOutcome::Picked(path) => self.commands.push(Command::PathChosen(purpose, path)),
                DialogOutcome::Cancelled => {
                    if matches!(purpose, DialogPurpose::SaveMap | DialogPurpose::SavePreset) {
                        self.after_save = None;
                    }
                }
                DialogOutcome::Unavailable => {
                    self.system_dialogs_failed = true;
                    self.open_path_dialog(
                        purpose,
                        Some(
                            "No system file dialog is available (no desktop portal and no zenity). \
                             Type a path or pick a file below."
                                .into(),
                        ),
                    );
                }
            },
            JobOutput::Checked(c) => {
                if let Some(doc) = &mut self.doc {
                    doc.checked(*c);
                }
            }
            JobOutput::Failed { what, message } => {
                self.show_message(&format!("{what:?} failed unexpectedly"), message);
            }
        }
    }

    /// Checks the document's map on a worker when its problems are stale (one check at a time;
    /// an answer for an older revision is dropped by the document).
    fn start_check(&mut self) {
        if self.jobs.is_running(JobKind::Check) {
            return;
        }
        if let Some(check) = self.doc.as_mut().and_then(Document::check_request) {
            self.jobs.spawn(JobKind::Check, move || JobOutput::Checked(Box::new(check.run())));
        }
    }

    // ---- Messages ----

    fn show_message(&mut self, title: &str, detail: String) {
        self.message = Some(Message { title: title.to_string(), detail });
    }

    fn notify(&mut self, text: String) {
        self.notice = Some((text, Instant::now()));
    }

    fn file_error(&mut self, title: &str, e: &FileError, map_kept: bool) {
        let mut detail = format!("File: {}\n{}", e.path().display(), describe_file_error(e));
        if map_kept {
            detail += "\nThe current map is unchanged.";
        }
        self.show_message(title, detail);
    }

    // ---- Dialogs ----

    fn start_dir(&self, purpose: DialogPurpose) -> Option<PathBuf> {
        match purpose {
            DialogPurpose::LoadPreset | DialogPurpose::SavePreset => self
                .user_presets_dir
                .clone()
                .filter(|d| d.is_dir() || std::fs::create_dir_all(d).is_ok())
                .or_else(|| self.prefs.last_dir.clone()),
            _ => self
                .doc
                .as_ref()
                .and_then(|d| d.path())
                .and_then(Path::parent)
                .map(Path::to_path_buf)
                .or_else(|| self.prefs.last_dir.clone()),
        }
    }

    fn suggested_name(&self, purpose: DialogPurpose) -> Option<String> {
        let stem = self
            .doc
            .as_ref()
            .and_then(|d| d.path())
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned());
        let stem = stem.unwrap_or_else(|| format!("dungeon-{}", self.seed()));
        match purpose {
            DialogPurpose::SaveMap => Some(format!("{stem}.ron")),
            DialogPurpose::ExportPng => Some(format!("{stem}.png")),
            DialogPurpose::SavePreset => Some("my-preset.ron".into()),
            _ => None,
        }
    }

    fn open_path_dialog(&mut self, purpose: DialogPurpose, notice: Option<String>) {
        let mut d =
            PathDialog::new(purpose, self.start_dir(purpose).as_deref(), self.suggested_name(purpose).as_deref());
        d.notice = notice;
        self.modal = Some(Modal::Path(d));
    }

    fn ask_for_file(&mut self, purpose: DialogPurpose) {
        if self.prefs.dialogs == DialogMode::BuiltIn || self.system_dialogs_failed {
            self.open_path_dialog(purpose, None);
            return;
        }
        if self.jobs.is_running(JobKind::Dialog) {
            self.notify("A file dialog is already open".into());
            return;
        }
        let request =
            DialogRequest { purpose, directory: self.start_dir(purpose), file_name: self.suggested_name(purpose) };
        let dialogs = self.dialogs.clone();
        self.jobs.spawn(JobKind::Dialog, move || JobOutput::Dialog { purpose, outcome: dialogs.pick(&request) });
    }

    // ---- Commands ----

    /// Applies one command.
    pub fn handle(&mut self, ctx: &egui::Context, c: Command) {
        self.handle_inner(ctx, c, false);
    }

    fn handle_inner(&mut self, ctx: &egui::Context, c: Command, discarding: bool) {
        if !discarding && c.replaces_document() && self.doc.as_ref().is_some_and(Document::is_dirty) {
            self.modal = Some(Modal::Confirm { then: c });
            return;
        }
        // Switching presets replaces the parameters and the starred seeds with the new preset's.
        if !discarding
            && matches!(c, Command::SelectPreset(_) | Command::LoadPreset(_))
            && (self.params_unsaved() || self.stars_unsaved())
        {
            self.modal = Some(Modal::ConfirmPreset { then: c });
            return;
        }
        let c_kind = match &c {
            Command::Undo => CKind::Undo,
            Command::Redo => CKind::Redo,
            Command::JumpHistory(n) => CKind::Jump(*n),
            _ => CKind::Other,
        };
        match c {
            Command::SetGenerator(kind) => {
                if kind != self.params.kind() {
                    self.stash_params();
                    self.params =
                        self.stash.iter().find(|p| p.kind() == kind).cloned().unwrap_or_else(|| kind.default_params());
                    self.changed();
                }
            }
            Command::SetParam(key, value) => {
                if self.params.params().get(key) != Some(value) && self.params.params_mut().set(key, value) {
                    self.changed();
                }
            }
            Command::SelectPreset(r) => match self.read_preset(&r) {
                Ok(p) => self.apply_preset(r, p),
                Err(e) => self.file_error("Could not load the preset", &e, false),
            },
            Command::SetSeedText(t) => {
                if t != self.seed_text {
                    self.seed_text = t;
                    self.changed();
                }
            }
            Command::RandomSeed => {
                self.seed_text = rand::random::<u32>().to_string();
                self.changed();
            }
            Command::PrevSeed | Command::NextSeed => {
                let s = self.seed();
                let s = if c == Command::PrevSeed { s.wrapping_sub(1) } else { s.wrapping_add(1) };
                self.seed_text = s.to_string();
                self.changed();
            }
            Command::CopySeed => {
                ctx.copy_text(self.seed().to_string());
                self.notify(format!("Copied seed {}", self.seed()));
            }
            Command::Regenerate => {
                self.request_generation();
                if discarding {
                    self.gen_state.discard_from = Some(self.gen_state.ticket);
                }
            }
            Command::SetAutoRegenerate(on) => {
                self.prefs.auto_regenerate = on;
                if on {
                    self.request_generation();
                }
            }
            Command::RegenerateFromProvenance => {
                let Some(doc) = &self.doc else { return };
                let prov = doc.map().provenance.clone();
                let Some(params) = prov.params else { return };
                let target = doc.saved_map().map_or_else(|| doc.map_arc(), |m| Arc::new(m.clone()));
                let name = doc.display_name();
                self.stash_params();
                self.params = params.clone();
                self.seed_text = prov.seed.to_string();
                if self.preset_matching(&params).is_none() {
                    self.preset = None;
                    self.preset_snapshot = None;
                }
                self.request_generation();
                self.gen_state.compare = Some((self.gen_state.ticket, target, name));
                if discarding {
                    self.gen_state.discard_from = Some(self.gen_state.ticket);
                }
            }
            Command::Dialog(purpose) => self.ask_for_file(purpose),
            Command::TypePath(purpose) => self.open_path_dialog(purpose, None),
            Command::PathChosen(purpose, path) => {
                let path = if purpose.saves() { with_extension(path, purpose.extension()) } else { path };
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    self.prefs.last_dir = Some(dir.to_path_buf());
                }
                self.commands.push(match purpose {
                    DialogPurpose::OpenMap => Command::OpenMap(path),
                    DialogPurpose::SaveMap => Command::SaveMapTo(path),
                    DialogPurpose::ExportPng => Command::ExportPng(path),
                    DialogPurpose::LoadPreset => Command::LoadPreset(path),
                    DialogPurpose::SavePreset => Command::SavePresetTo(path),
                });
            }
            Command::OpenFile(path) => match io::file_kind(&path) {
                Ok(FileKind::Preset) => self.commands.push(Command::LoadPreset(path)),
                // A map, or not readable as either: the map loader says what is wrong, and where.
                Ok(FileKind::Map) | Err(FileError::Syntax { .. } | FileError::Invalid { .. }) => {
                    self.commands.push(Command::OpenMap(path));
                }
                Err(e) => {
                    self.file_error("Could not open the file", &e, false);
                    self.commands.push(Command::Regenerate);
                }
            },
            Command::OpenMap(path) => {
                // The user agreed to drop the edits: the file may replace them (if it loads).
                self.open_discards = discarding;
                let (layers, chunk) = (self.view.colour_layers(), self.texture_chunk);
                self.jobs.spawn(JobKind::Open, move || {
                    let result = io::load_map(&path).map(|map| {
                        let index = MapIndex::build(&map);
                        let textures = Prebuilt::new(&map, layers, chunk);
                        Box::new(OpenOutcome { map, index, textures })
                    });
                    JobOutput::Opened { path, result }
                });
            }
            Command::SaveMap => match self.doc.as_ref().map(|d| d.path().map(Path::to_path_buf)) {
                Some(Some(path)) => self.commands.push(Command::SaveMapTo(path)),
                Some(None) => self.ask_for_file(DialogPurpose::SaveMap),
                None => self.after_save = None,
            },
            Command::SaveMapTo(path) => {
                let Some(doc) = &mut self.doc else { return };
                match io::save_map(&path, doc.map()) {
                    Ok(()) => {
                        doc.mark_saved(path.clone());
                        remember(&mut self.prefs.recent_maps, &path, MAX_RECENT);
                        self.notify(format!("Saved {}", file_name(&path)));
                        if let Some(next) = self.after_save.take() {
                            self.commands.push(next);
                        }
                    }
                    Err(e) => {
                        self.after_save = None;
                        self.file_error("Could not save the map", &e, false);
                    }
                }
            }
            Command::ExportPng(path) => {
                let Some(doc) = &self.doc else { return };
                let map = doc.map_arc();
                self.notify(format!("Exporting {}…", file_name(&path)));
                self.jobs.spawn(JobKind::Export, move || {
                    let side = map.width().max(map.height()).max(1);
                    let scale = (4096 / side).clamp(1, 16);
                    let img = crate::raster::render(&map, scale, &textures::palette());
                    let mut bytes = Vec::new();
                    let result = img
                        .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
                        .map_err(|e| format!("cannot encode the PNG: {e}"))
                        .and_then(|()| io::save_atomic(&path, &bytes).map_err(|e| e.to_string()));
                    JobOutput::Exported { path, result }
                });
            }
            Command::LoadPreset(path) => match io::load_preset(&path) {
                Ok(p) => {
                    remember(&mut self.prefs.user_presets, &path, 50);
                    self.refresh_presets();
                    self.notify(format!("Loaded preset {}", file_name(&path)));
                    self.apply_preset(PresetRef::File(path), p);
                }
                Err(e) => self.file_error("Could not load the preset", &e, false),
            },
            Command::SavePresetTo(path) => {
                let mut p = Preset::new(self.params.clone());
                p.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                p.seed = self.seed();
                p.starred = self.browser.starred.clone();
                match io::save_preset(&path, &p) {
                    Ok(()) => {
                        remember(&mut self.prefs.user_presets, &path, 50);
                        self.refresh_presets();
                        self.preset = Some(PresetRef::File(path.clone()));
                        self.stars_snapshot = p.starred;
                        self.preset_snapshot = Some((p.generator, p.seed));
                        self.notify(format!("Saved preset {}", file_name(&path)));
                        if let Some(next) = self.after_save.take() {
                            self.commands.push(next);
                        }
                    }
                    Err(e) => {
                        self.after_save = None;
                        self.file_error("Could not save the preset", &e, false);
                    }
                }
            }
            Command::SetDialogMode(m) => self.prefs.dialogs = m,
            Command::SetLayers(l) => self.view.layers = l,
            Command::View(v) => self.view.command(v),
            Command::Edit(_) | Command::Stroke(..) => {
                let Some(doc) = &mut self.doc else { return };
                let (result, merge) = match c {
                    Command::Stroke(interaction, op) => (doc.perform(op, interaction), true),
                    Command::Edit(op) => (doc.perform_once(op), false),
                    _ => return,
                };
                match result {
                    Ok(notes) => {
                        if !notes.is_empty() {
                            self.notify(notes.join("; "));
                        }
                    }
                    Err(crate::edit::EditError::Nothing) => {}
                    Err(e) if merge => self.hover = Some(e.to_string()),
                    Err(e) => self.notify(format!("Not done: {e}")),
                }
            }
            Command::EndStep(interaction) => {
                if let Some(doc) = &mut self.doc {
                    doc.end_step(interaction);
                }
            }
            Command::Undo | Command::Redo | Command::JumpHistory(_) => {
                let Some(doc) = &mut self.doc else { return };
                let r = match c_kind {
                    CKind::Undo => doc.undo(),
                    CKind::Redo => doc.redo(),
                    CKind::Jump(n) => Some(doc.jump_to(n)),
                    _ => None,
                };
                if let Some(Err(e)) = r {
                    self.notify(format!("Cannot undo/redo: {e}"));
                }
            }
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Discarding(inner) => self.handle_inner(ctx, *inner, true),
            Command::DismissMessage => self.message = None,
            Command::OpenSeed(s) => {
                self.seed_text = s.to_string();
                self.commands.push(Command::Regenerate);
            }
            Command::ShowSeedBrowser(on) => self.browser.open = on,
            Command::CompareSeed(s) => self.compare.add(ctx, self.params.clone(), s),
            Command::PromotePane(p, s) => {
                if *p != self.params {
                    self.stash_params();
                    self.params = *p;
                }
                self.seed_text = s.to_string();
                self.commands.push(Command::Regenerate);
            }
            Command::ShowCompare(on) => self.compare.open = on,
            Command::ShowSidePanel(on) => self.prefs.side_panel = on,
        }
    }

    fn apply_commands(&mut self, ctx: &egui::Context) {
        // Commands may queue follow-ups (a chosen path, a regeneration); run those this frame too,
        // with a cap so a loop can never hang the window.
        for _ in 0..16 {
            if self.commands.is_empty() {
                break;
            }
            for c in std::mem::take(&mut self.commands) {
                self.handle(ctx, c);
            }
        }
    }

    // ---- Frame ----

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut as Ks, Modifiers as M};
        if self.modal.is_some() {
            return;
        }
        let mut out = Vec::new();
        let (browser, side_panel) = (self.browser.open, self.prefs.side_panel);
        ctx.input_mut(|i| {
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::B)) {
                out.push(Command::ShowSeedBrowser(!browser));
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::I)) {
                out.push(Command::ShowSidePanel(!side_panel));
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND | M::SHIFT, Key::S)) {
                out.push(Command::Dialog(DialogPurpose::SaveMap));
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::S)) {
                out.push(Command::SaveMap);
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::O)) {
                out.push(Command::Dialog(DialogPurpose::OpenMap));
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::E)) {
                out.push(Command::Dialog(DialogPurpose::ExportPng));
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::Q)) {
                out.push(Command::Quit);
            }
            if i.consume_shortcut(&Ks::new(M::COMMAND, Key::R)) || i.consume_key(M::NONE, Key::F5) {
                out.push(Command::Regenerate);
            }
        });
        if !ctx.text_edit_focused() {
            ctx.input_mut(|i| {
                if i.consume_key(M::NONE, Key::R) {
                    out.push(Command::RandomSeed);
                }
                if i.consume_key(M::NONE, Key::F) {
                    out.push(Command::View(ViewCommand::Fit));
                }
                if i.consume_key(M::NONE, Key::Num1) {
                    out.push(Command::View(ViewCommand::OneToOne));
                }
                if i.consume_key(M::NONE, Key::Plus) || i.consume_key(M::NONE, Key::Equals) {
                    out.push(Command::View(ViewCommand::Zoom(1.25)));
                }
                if i.consume_key(M::NONE, Key::Minus) {
                    out.push(Command::View(ViewCommand::Zoom(0.8)));
                }
            });
        }
        if !ctx.egui_wants_keyboard_input() {
            ctx.input_mut(|i| {
                if i.consume_key(M::NONE, Key::ArrowLeft) {
                    out.push(Command::PrevSeed);
                }
                if i.consume_key(M::NONE, Key::ArrowRight) {
                    out.push(Command::NextSeed);
                }
            });
        }
        self.commands.extend(out);
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.doc.as_ref().is_some_and(Document::is_dirty)
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::Confirm { then: Command::Quit });
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

    fn menu_bar_ui(&mut self, ui: &mut egui::Ui) {
        let out = &mut self.commands;
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.add(egui::Button::new("Open map…").shortcut_text("Ctrl+O")).clicked() {
                    out.push(Command::Dialog(DialogPurpose::OpenMap));
                }
                ui.menu_button("Open recent", |ui| {
                    if self.prefs.recent_maps.is_empty() {
                        ui.label(egui::RichText::new("No recent maps").weak());
                    }
                    for p in &self.prefs.recent_maps {
                        if ui.button(file_name(p)).on_hover_text(p.display().to_string()).clicked() {
                            out.push(Command::OpenMap(p.clone()));
                        }
                    }
                });
                let has_doc = self.doc.is_some();
                if ui.add_enabled(has_doc, egui::Button::new("Save map").shortcut_text("Ctrl+S")).clicked() {
                    out.push(Command::SaveMap);
                }
                if ui.add_enabled(has_doc, egui::Button::new("Save map as…").shortcut_text("Ctrl+Shift+S")).clicked()
                {
                    out.push(Command::Dialog(DialogPurpose::SaveMap));
                }
                if ui.add_enabled(has_doc, egui::Button::new("Export PNG…").shortcut_text("Ctrl+E")).clicked() {
                    out.push(Command::Dialog(DialogPurpose::ExportPng));
                }
                ui.separator();
                if ui.button("Load preset…").clicked() {
                    out.push(Command::Dialog(DialogPurpose::LoadPreset));
                }
                if ui.button("Save preset as…").clicked() {
                    out.push(Command::Dialog(DialogPurpose::SavePreset));
                }
                ui.separator();
                ui.menu_button("Type a path", |ui| {
                    for p in [
                        DialogPurpose::OpenMap,
                        DialogPurpose::SaveMap,
                        DialogPurpose::ExportPng,
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
                            out.push(Command::TypePath(p));
                        }
                    }
                });
                let mut builtin = self.prefs.dialogs == DialogMode::BuiltIn;
                if ui
                    .checkbox(&mut builtin, "Always use the built-in file dialog")
                    .on_hover_text("Instead of the desktop's file dialog (used anyway when the desktop has none)")
                    .changed()
                {
                    out.push(Command::SetDialogMode(if builtin { DialogMode::BuiltIn } else { DialogMode::System }));
                }
                ui.separator();
                if ui.add(egui::Button::new("Quit").shortcut_text("Ctrl+Q")).clicked() {
                    out.push(Command::Quit);
                }
            });
            ui.menu_button("View", |ui| {
                if ui.add(egui::Button::new("Fit map").shortcut_text("F")).clicked() {
                    out.push(Command::View(ViewCommand::Fit));
                }
                if ui.add(egui::Button::new("1:1 (a tile per pixel)").shortcut_text("1")).clicked() {
                    out.push(Command::View(ViewCommand::OneToOne));
                }
                if ui.add(egui::Button::new("Zoom in").shortcut_text("+")).clicked() {
                    out.push(Command::View(ViewCommand::Zoom(1.25)));
                }
                if ui.add(egui::Button::new("Zoom out").shortcut_text("−")).clicked() {
                    out.push(Command::View(ViewCommand::Zoom(0.8)));
                }
                ui.separator();
                let windows: [MenuToggle; 3] = [
                    (
                        self.browser.open,
                        "Seed browser",
                        "A page of thumbnails of seeds (Ctrl+B)",
                        Command::ShowSeedBrowser,
                    ),
                    (self.compare.open, "Compare", "Maps side by side", Command::ShowCompare),
                    (
                        self.prefs.side_panel,
                        "Inspector panel",
                        "Inspector, history and problems on the right; hide it for a wider map (Ctrl+I)",
                        Command::ShowSidePanel,
                    ),
                ];
                for (mut on, label, help, command) in windows {
                    if ui.checkbox(&mut on, label).on_hover_text(help).changed() {
                        out.push(command(on));
                    }
                }
                ui.separator();
                let mut l = self.view.layers;
                layer_toggles_ui(ui, &mut l);
                if l != self.view.layers {
                    out.push(Command::SetLayers(l));
                }
            });
            ui.menu_button("Help", |ui| {
                ui.label(egui::RichText::new("Keys").strong());
                egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                    for (k, what) in KEYS.iter().chain(tools::TOOL_KEYS) {
                        ui.label(egui::RichText::new(*k).monospace());
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            });
        });
    }

    fn status_bar_ui(&mut self, ui: &mut egui::Ui) {
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
                    let text = if problems == 1 { "1 problem".to_string() } else { format!("{problems} problems") };
                    if ui
                        .add(
                            egui::Button::new(egui::RichText::new(text).color(ui.visuals().warn_fg_color)).frame(false),
                        )
                        .on_hover_text("Show the problems panel")
                        .clicked()
                    {
                        self.commands.push(Command::ShowSidePanel(true));
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
        } else if j.is_running(JobKind::Export) {
            Some("Exporting…")
        } else if j.is_running(JobKind::Dialog) {
            Some("Waiting for the file dialog…")
        } else {
            None
        }
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            if ui.button("Fit").on_hover_text("The whole map on screen (F)").clicked() {
                self.commands.push(Command::View(ViewCommand::Fit));
            }
            if ui.button("1:1").on_hover_text("One tile per screen pixel (1)").clicked() {
                self.commands.push(Command::View(ViewCommand::OneToOne));
            }
            if ui.button("−").on_hover_text("Zoom out (−)").clicked() {
                self.commands.push(Command::View(ViewCommand::Zoom(0.8)));
            }
            if ui.button("+").on_hover_text("Zoom in (+)").clicked() {
                self.commands.push(Command::View(ViewCommand::Zoom(1.25)));
            }
            ui.separator();
            let mut out = Vec::new();
            tools::tool_bar_ui(ui, &mut self.tools, self.doc.as_ref(), &mut out);
            self.commands.extend(out);
            ui.separator();
            ui.label("Show");
            let mut l = self.view.layers;
            layer_toggles_ui(ui, &mut l);
            if l != self.view.layers {
                self.commands.push(Command::SetLayers(l));
            }
        });
    }

    fn message_ui(&mut self, ui: &mut egui::Ui) {
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
            self.commands.push(Command::DismissMessage);
        }
        ui.add_space(4.0);
    }

    fn modal_ui(&mut self, ctx: &egui::Context) {
        if self.modal.is_none() {
            return;
        }
        let unsaved = (self.params_unsaved(), self.stars_unsaved(), self.browser.starred.len());
        let Some(modal) = &mut self.modal else { return };
        let mut close = false;
        let mut then: Option<Command> = None;
        match modal {
            Modal::Confirm { then: pending } => {
                let name = self.doc.as_ref().map_or_else(|| "The map".to_string(), Document::display_name);
                let has_path = self.doc.as_ref().is_some_and(|d| d.path().is_some());
                let r = egui::Modal::new(egui::Id::unique("delve-confirm")).show(ctx, |ui| {
                    ui.set_max_width(420.0);
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "{name} has changes that are not saved. {} anyway, and lose them?",
                        pending.describe()
                    ));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        let save = if has_path { "Save first" } else { "Save as… first" };
                        if ui.button(save).clicked() {
                            self.after_save = Some(Command::Discarding(Box::new(pending.clone())));
                            then = Some(Command::SaveMap);
                            close = true;
                        }
                        if ui.button("Discard changes").clicked() {
                            then = Some(Command::Discarding(Box::new(pending.clone())));
                            close = true;
                        }
                        if ui.button("Cancel").clicked() {
                            close = true;
                        }
                    });
                });
                close |= r.should_close();
            }
            Modal::ConfirmPreset { then: pending } => {
                let (params, stars, n) = unsaved;
                let mut what = Vec::new();
                if params {
                    what.push("the parameters you changed".to_string());
                }
                if stars {
                    what.push(if n == 1 { "1 starred seed".to_string() } else { format!("{n} starred seeds") });
                }
                let r = egui::Modal::new(egui::Id::unique("delve-confirm-preset")).show(ctx, |ui| {
                    ui.set_max_width(440.0);
                    ui.heading("Unsaved preset changes");
                    ui.label(format!(
                        "Not saved in the preset: {}. The other preset brings its own parameters and \
                         stars. Save yours first with Save preset as…, or discard them?",
                        what.join(" and ")
                    ));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button("Save preset as…").clicked() {
                            // Once saved, nothing is lost by switching: go on to the preset picked.
                            self.after_save = Some(pending.clone());
                            then = Some(Command::Dialog(DialogPurpose::SavePreset));
                            close = true;
                        }
                        if ui.button("Discard changes").clicked() {
                            self.browser.starred = self.stars_snapshot.clone();
                            then = Some(Command::Discarding(Box::new(pending.clone())));
                            close = true;
                        }
                        if ui.button("Cancel").clicked() {
                            close = true;
                        }
                    });
                });
                close |= r.should_close();
            }
            Modal::Path(dialog) => {
                let r = egui::Modal::new(egui::Id::unique("delve-path-dialog")).show(ctx, |ui| {
                    ui.set_width(540.0);
                    dialog.contents_ui(ui)
                });
                match r.inner {
                    PathDialogAction::Confirm(p) => {
                        then = Some(Command::PathChosen(dialog.purpose, p));
                        close = true;
                    }
                    PathDialogAction::Cancel => close = true,
                    PathDialogAction::None => close |= r.should_close(),
                }
                if close
                    && then.is_none()
                    && matches!(dialog.purpose, DialogPurpose::SaveMap | DialogPurpose::SavePreset)
                {
                    self.after_save = None;
                }
            }
        }
        if close {
            self.modal = None;
        }
        if let Some(c) = then {
            self.commands.push(c);
        }
    }

    fn params_panel_ui(&mut self, ui: &mut egui::Ui) {
        let issues = self.params.check();
        let provenance_preset =
            self.doc.as_ref().and_then(|d| d.map().provenance.params.as_ref()).and_then(|p| self.preset_matching(p));
        let model = PanelModel {
            params: &self.params,
            issues: &issues,
            seed_text: &self.seed_text,
            seed: self.seed(),
            auto_regenerate: self.prefs.auto_regenerate,
            presets: &self.presets,
            preset: self.preset.as_ref(),
            preset_modified: self.preset_modified(),
            doc: self.doc.as_ref(),
            generating: self.jobs.is_running(JobKind::Generate),
            provenance_preset,
            provenance_check: self.provenance_check.as_ref(),
        };
        let mut out = Vec::new();
        params_panel::params_panel_ui(ui, &model, &mut out);
        self.commands.extend(out);
    }

    fn browser_ui(&mut self, ctx: &egui::Context) {
        let shown = self.doc.as_ref().map(|d| &d.map().provenance).filter(|p| p.params.is_some()).map(|p| p.seed);
        self.browser.observe(shown);
        self.browser.sync(ctx, &self.params);
        if self.browser.open {
            let mut out = Vec::new();
            seed_browser::seed_browser_ui(ctx, &mut self.browser, shown, &mut out);
            self.commands.extend(out);
        }
        self.compare.poll();
        if self.compare.open {
            let mut out = Vec::new();
            let seed = self.seed();
            compare::compare_ui(ctx, &mut self.compare, &self.params, seed, &mut out);
            self.commands.extend(out);
        }
    }

    /// One frame of the whole editor.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.jobs.set_context(&ctx);
        self.texture_chunk = textures::chunk_side(ctx.input(|i| i.max_texture_side));
        for out in self.jobs.poll() {
            self.on_job(out);
        }
        self.handle_close_request(&ctx);
        if self.modal.is_none() {
            let mut out = Vec::new();
            self.browser.keys(&ctx, &mut out);
            self.commands.extend(out);
        }
        self.shortcuts(&ctx);
        if self.modal.is_none() {
            let mut out = Vec::new();
            tools::tool_keys(&ctx, &mut self.tools, &mut out);
            self.commands.extend(out);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar_ui(ui));
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
                .show(ui, |ui| tools::side_panel_ui(ui, doc, &mut self.tools, &mut out));
            self.commands.extend(out);
        }
        self.view.primary_pans = self.tools.pans();
        egui::CentralPanel::default().show(ui, |ui| {
            self.toolbar_ui(ui);
            self.message_ui(ui);
            match &self.doc {
                Some(doc) => {
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
                None => {
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
        self.browser_ui(&ctx);
        self.modal_ui(&ctx);

        self.apply_commands(&ctx);
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

/// The kind of an editing command, read before the command is moved into its handler.
#[derive(Clone, Copy)]
enum CKind {
    Undo,
    Redo,
    Jump(usize),
    Other,
}

/// A window or panel in the View menu: shown or not, label, tooltip, and the command to toggle it.
type MenuToggle = (bool, &'static str, &'static str, fn(bool) -> Command);

const KEYS: &[(&str, &str)] = &[
    ("R", "a random seed"),
    ("Left, Right", "previous / next seed"),
    ("F5, Ctrl+R", "regenerate"),
    ("F", "fit the map"),
    ("1", "1:1 (a tile per screen pixel)"),
    ("+ −, wheel", "zoom (the wheel zooms around the cursor)"),
    ("drag", "pan (left or middle button)"),
    ("Ctrl+O", "open a map"),
    ("Ctrl+S", "save the map"),
    ("Ctrl+Shift+S", "save the map as"),
    ("Ctrl+E", "export a PNG"),
    ("Ctrl+Q", "quit"),
    ("Ctrl+B", "seed browser: show / hide"),
    ("Ctrl+I", "inspector panel: show / hide"),
    ("arrows, PageUp/Down", "seed browser (when open): move through seeds and pages"),
];

fn layer_toggles_ui(ui: &mut egui::Ui, l: &mut Layers) {
    let items: [(&mut bool, &str, &str); 6] = [
        (&mut l.rooms, "Rooms", "Each room in its own colour"),
        (&mut l.corridors, "Corridors", "Corridors in their own colour"),
        (&mut l.doors, "Doors", "Door marks on the wall edge (when a tile is 3 px or more)"),
        (&mut l.labels, "Labels", "Room numbers (when zoomed in)"),
        (&mut l.grid, "Grid", "Tile grid lines (when zoomed in)"),
        (&mut l.spawn, "Spawn", "The spawn point"),
    ];
    for (v, name, help) in items {
        ui.checkbox(v, name).on_hover_text(help);
    }
}

fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// A file error without the path (shown separately), with the position in words.
fn describe_file_error(e: &FileError) -> String {
    match e {
        FileError::Read { error, .. } => format!("Cannot read the file: {error}."),
        FileError::Write { error, .. } => format!("Cannot write the file: {error}."),
        FileError::Syntax { line, col, message, .. } => format!("Line {line}, column {col}: {message}."),
        FileError::Invalid { message, .. } => format!("{message}."),
    }
}

/// Compares a regenerated map with the map it should reproduce.
fn compare_maps(new: &Map, target: &Map, name: &str) -> (bool, String) {
    let same_layout = new.tiles() == target.tiles()
        && new.rooms == target.rooms
        && new.doors == target.doors
        && new.corridors == target.corridors
        && new.spawn == target.spawn;
    if same_layout {
        return (true, format!("Regenerated from provenance: identical to {name}."));
    }
    if new.width() != target.width() || new.height() != target.height() {
        return (
            false,
            format!(
                "Regenerated from provenance: {}×{}, but {name} is {}×{} (it was edited or made by another version).",
                new.width(),
                new.height(),
                target.width(),
                target.height()
            ),
        );
    }
    let differ = new.tiles().as_slice().iter().zip(target.tiles().as_slice()).filter(|(a, b)| a != b).count();
    let why =
        if target.provenance.edited { "it was edited by hand" } else { "it was edited or made by another version" };
    (false, format!("Regenerated from provenance: {differ} tiles differ from {name} ({why})."))
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
