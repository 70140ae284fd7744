//! File commands: dialogs, opening maps and presets, saving, PNG export. Every read and write runs
//! on the worker pool; the results come back in [`DelveApp::on_file_job`]. Saves are atomic
//! (`io::save_map`, `io::save_preset`), and a workflow waiting for a save goes on only once it
//! succeeded.

use super::super::command::{Command, FileCommand};
use super::super::dialogs::{PathDialog, remember, with_extension};
use super::super::document::Replacement;
use super::super::jobs::{Event, Job, JobId, JobKind};
use super::super::params_panel::PresetEntry;
use super::super::pending::Pending;
use super::super::prefs::{MAX_PRESETS, MAX_RECENT};
use super::super::textures::Prebuilt;
use super::super::{
    About, DelveApp, DialogMode, DialogOutcome, DialogPurpose, DialogRequest, Document, MapIndex, Message, PresetRef,
};
use crate::app::command::{DungeonCommand, ParamsCommand};
use crate::io::{self, FileError, FileKind, Preset};
use crate::map::check::Checker;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A map read from a file (or made blank), ready to show.
pub struct OpenOutcome {
    pub map: crate::map::Map,
    pub index: MapIndex,
    pub checker: Checker,
    pub textures: Prebuilt,
}

/// What a preset was read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetUse {
    /// Take its parameters, seed and stars.
    Apply,
    /// Only its snapshot (restoring the last session, whose parameters are kept), and its stars
    /// when the last session saved none.
    Restore { take_stars: bool },
}

/// What a file job hands back: a read, a write, an export or a dialog's answer.
pub enum FileDone {
    Opened {
        path: PathBuf,
        result: Result<Box<OpenOutcome>, FileError>,
    },
    /// A blank map made for *File ▸ New map*.
    Created(Box<OpenOutcome>),
    /// A preset file read (loaded, picked, or given at start).
    PresetRead {
        path: PathBuf,
        purpose: PresetUse,
        result: Result<Box<Preset>, FileError>,
    },
    /// A map written to `path`; `revision` is the document revision that was written.
    MapSaved {
        path: PathBuf,
        revision: u64,
        result: Result<(), FileError>,
    },
    PresetSaved {
        path: PathBuf,
        preset: Box<Preset>,
        result: Result<(), FileError>,
    },
    Exported {
        path: PathBuf,
        result: Result<(), String>,
    },
    /// A Tune proposal written as a preset: a file, and nothing else changes.
    TunedSaved {
        path: PathBuf,
        result: Result<(), FileError>,
    },
    Dialog {
        purpose: DialogPurpose,
        outcome: DialogOutcome,
    },
    /// A dungeon read or made, its first floor ready to show.
    DungeonRead {
        result: Result<Box<crate::app::dungeon::Loaded>, String>,
    },
    /// A floor of the dungeon `serial` never opened before, ready to show (its file, once the
    /// dungeon has one).
    FloorReady {
        serial: u64,
        floor: usize,
        path: Option<PathBuf>,
        outcome: Box<OpenOutcome>,
    },
    /// A dungeon written to `path` with these revisions of its floors.
    DungeonSaved {
        path: PathBuf,
        file: Box<io::made::MadeFile>,
        revisions: Vec<u64>,
        result: Result<(), FileError>,
    },
}

/// The file jobs in flight, each with its kind.
pub type FileJobs = Vec<(JobKind, Job<FileDone>)>;

impl DelveApp {
    /// Starts a file job; its handle is kept here until it ends.
    pub(in crate::app) fn spawn_file(
        &mut self,
        kind: JobKind,
        job: impl FnOnce() -> FileDone + Send + 'static,
    ) -> JobId {
        let job = self.jobs.spawn(kind, move |_| job());
        let id = job.id();
        self.file_jobs.push((kind, job));
        id
    }

    /// What the file jobs handed back since the last frame.
    pub(in crate::app) fn poll_files(&mut self, ctx: &egui::Context) {
        let mut ended = Vec::new();
        for (kind, job) in &self.file_jobs {
            ended.extend(job.poll().into_iter().map(|e| (*kind, job.id(), e)));
        }
        self.file_jobs.retain(|(_, j)| !j.is_finished());
        for (kind, id, event) in ended {
            match event {
                Event::Done(out) => self.on_file_job(ctx, id, out),
                Event::Report(_) => {}
                Event::Failed(message) => {
                    if kind == JobKind::Save {
                        self.abandon_save();
                    }
                    self.show_message(&format!("{kind:?} failed unexpectedly"), message);
                }
            }
        }
    }

    pub(super) fn handle_files(&mut self, c: FileCommand, discarding: bool) {
        match c {
            FileCommand::Dialog(purpose) => self.ask_for_file(purpose),
            FileCommand::TypePath(purpose) => self.open_path_dialog(purpose, None),
            FileCommand::PathChosen(purpose, path) => {
                let path = if purpose.saves() { with_extension(path, purpose.extension()) } else { path };
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    self.prefs.last_dir = Some(dir.to_path_buf());
                    if let DialogPurpose::Export(format) = purpose {
                        self.prefs.export_options.folders.insert(format, dir.to_path_buf());
                    }
                }
                self.commands.push(match purpose {
                    DialogPurpose::OpenMap | DialogPurpose::OpenDungeon => Command::File(FileCommand::OpenMap(path)),
                    DialogPurpose::SaveDungeon => Command::Dungeon(DungeonCommand::SaveTo(path)),
                    DialogPurpose::SaveDungeonPreset => Command::Dungeon(DungeonCommand::SavePresetTo(path)),
                    DialogPurpose::SaveMap => Command::File(FileCommand::SaveMapTo(path)),
                    DialogPurpose::Export(format) => Command::File(FileCommand::Export(path, format)),
                    DialogPurpose::ExportGif => Command::File(FileCommand::ExportGif(path)),
                    DialogPurpose::SaveRunCsv => Command::File(FileCommand::SaveRunCsv(path)),
                    DialogPurpose::LoadPreset => Command::File(FileCommand::LoadPreset(path)),
                    DialogPurpose::SavePreset => Command::File(FileCommand::SavePresetTo(path)),
                    DialogPurpose::SaveTunedPreset => Command::File(FileCommand::SaveTunedPresetTo(path)),
                    DialogPurpose::ChooseTileset => {
                        self.prefs.export_options.tileset = Some(path);
                        return;
                    }
                    DialogPurpose::AddVaultLibrary => Command::Params(ParamsCommand::AddVaultLibrary(path)),
                });
            }
            FileCommand::DialogCancelled(purpose) => {
                if matches!(purpose, DialogPurpose::SaveMap | DialogPurpose::SavePreset | DialogPurpose::SaveDungeon) {
                    self.abandon_save();
                }
            }
            FileCommand::ShowNewMap => {
                let (width, height) = self.doc.as_ref().map_or((80, 50), |d| (d.map().width(), d.map().height()));
                self.new_map = Some(super::super::document::NewMapDialog { width, height });
            }
            FileCommand::NewMap(width, height) => {
                let (width, height) = (width.clamp(1, crate::map::MAX_SIDE), height.clamp(1, crate::map::MAX_SIDE));
                if u64::from(width) * u64::from(height) > crate::map::MAX_TILES {
                    return;
                }
                let (layers, chunk) = (self.prefs.layers.colours(), self.texture_chunk);
                self.spawn_file(JobKind::Open, move || {
                    let map = crate::map::Map::new(width, height);
                    let index = MapIndex::build(&map);
                    let checker = Checker::new(&map);
                    let textures = Prebuilt::new(&map, layers, chunk);
                    FileDone::Created(Box::new(OpenOutcome { map, index, checker, textures }))
                });
            }
            FileCommand::OpenFile(path) => self.open(path, None, discarding),
            FileCommand::OpenMap(path) => self.open(path, Some(FileKind::Map), discarding),
            // With a dungeon open, its floors are saved together.
            FileCommand::SaveMap if self.dungeon.is_some() => self.commands.push(DungeonCommand::Save.into()),
            FileCommand::SaveMap => match self.doc.as_ref().map(|d| d.path().map(Path::to_path_buf)) {
                // A regenerated map over the hand edits the file holds: asked first.
                Some(Some(_)) if self.doc.as_ref().is_some_and(Document::replaces_hand_edits) => self.ask_save_over(),
                Some(Some(path)) => self.commands.push(Command::File(FileCommand::SaveMapTo(path))),
                Some(None) => self.ask_for_file(DialogPurpose::SaveMap),
                None => self.abandon_save(),
            },
            FileCommand::SaveMapTo(path) => {
                let Some(doc) = &self.doc else { return self.abandon_save() };
                let (map, revision) = (doc.map_arc(), doc.revision());
                self.spawn_file(JobKind::Save, move || {
                    let result = io::save_map(&path, &map);
                    FileDone::MapSaved { path, revision, result }
                });
            }
            FileCommand::ExportOptions(format) if self.doc.is_some() => self.export_window = Some(format),
            FileCommand::Export(path, format) => {
                let Some(doc) = &self.doc else { return };
                self.prefs.export_format = format;
                // The map as on screen, shared with the job (edits meanwhile copy it).
                let map = doc.map_arc();
                self.notify(format!("Exporting {}…", file_name(&path)));
                let options = self.prefs.export_options.options(format, &map);
                self.spawn_file(JobKind::Export, move || {
                    let result =
                        crate::export::write(&map, format, &path, &options).map(|_| ()).map_err(|e| e.to_string());
                    FileDone::Exported { path, result }
                });
            }
            FileCommand::ExportGif(path) => {
                let Some(doc) = &self.doc else { return };
                let prov = &doc.map().provenance;
                let Some(params) = prov.params.clone() else {
                    self.notify("This map was not generated here: there is no generation to animate".into());
                    return;
                };
                let seed = prov.seed;
                let scale = self.prefs.export_options.options(crate::export::Format::Png, doc.map()).png.scale;
                self.notify(format!("Exporting {}…", file_name(&path)));
                self.spawn_file(JobKind::Export, move || {
                    let result = crate::export::gif::generation_gif(&params, seed, scale)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| io::save_atomic(&path, &bytes).map_err(|e| e.to_string()));
                    FileDone::Exported { path, result }
                });
            }
            FileCommand::SaveRunCsv(path) => {
                let Some(run) = self.shown_run() else {
                    self.notify("No run of these parameters to save: press Run in the Explore window first".into());
                    return;
                };
                self.notify(format!("Saving {}…", file_name(&path)));
                self.spawn_file(JobKind::Export, move || {
                    let mut bytes = Vec::new();
                    let result = crate::analysis::sweep::write_csv(&run.rows, run.figures, &mut bytes)
                        .map_err(|e| e.to_string())
                        .and_then(|()| io::save_atomic(&path, &bytes).map_err(|e| e.to_string()));
                    FileDone::Exported { path, result }
                });
            }
            FileCommand::LoadPreset(path) => self.read_preset_file(path, PresetUse::Apply),
            FileCommand::SavePresetTo(path) => {
                // Vault libraries named relative to the old folder are named from the new one.
                let mut params = self.session.params().clone();
                let folder = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
                io::vaults::rebase(&mut params, &self.vault_base(), &folder);
                if params != *self.session.params() {
                    self.session.set_params(params);
                }
                let mut p = Preset::new(self.session.params().clone());
                p.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                p.seed = self.session.seed();
                p.starred = self.session.starred().to_vec();
                self.spawn_file(JobKind::Save, move || {
                    let result = io::save_preset(&path, &p);
                    FileDone::PresetSaved { path, preset: Box::new(p), result }
                });
            }
            FileCommand::SaveTunedPresetTo(path) => {
                let Some(p) = self.tune.chosen_preset(self.session.params()) else { return };
                self.spawn_file(JobKind::Save, move || {
                    let result = io::save_preset(&path, &p);
                    FileDone::TunedSaved { path, result }
                });
            }
            FileCommand::SetDialogMode(m) => self.prefs.dialogs = m,
            FileCommand::SetExportOptions(o) => self.prefs.export_options = *o,
            _ => {}
        }
    }

    /// Reads a map (or, with no `kind`, a map or a preset, whichever the file is) on a worker; a
    /// dungeon file (a dungeon preset, or a made dungeon) opens as a dungeon.
    fn open(&mut self, path: PathBuf, kind: Option<FileKind>, discarding: bool) {
        let (layers, chunk) = (self.prefs.layers.colours(), self.texture_chunk);
        let prepare = self.preparer();
        let id = self.spawn_file(JobKind::Open, move || {
            let found = io::file_kind(&path);
            if let Ok(FileKind::Dungeon | FileKind::Made) = found {
                let source = crate::app::dungeon::DungeonSource::File(path);
                return FileDone::DungeonRead { result: crate::app::dungeon::load(source, prepare).map(Box::new) };
            }
            let kind = match kind {
                Some(k) => Ok(k),
                // Not readable as either: the map loader says what is wrong, and where.
                None => match found {
                    Err(FileError::Syntax { .. } | FileError::Invalid { .. }) => Ok(FileKind::Map),
                    other => other,
                },
            };
            match kind {
                Ok(FileKind::Preset) => FileDone::PresetRead {
                    result: io::load_preset(&path).map(Box::new),
                    path,
                    purpose: PresetUse::Apply,
                },
                Ok(FileKind::Map) => {
                    let result = io::load_map(&path).map(|map| {
                        let index = MapIndex::build(&map);
                        let checker = Checker::new(&map);
                        let textures = Prebuilt::new(&map, layers, chunk);
                        Box::new(OpenOutcome { map, index, checker, textures })
                    });
                    FileDone::Opened { path, result }
                }
                Ok(FileKind::Dungeon | FileKind::Made) => FileDone::Opened {
                    result: Err(FileError::Invalid { path: path.clone(), message: "this is a dungeon file".into() }),
                    path,
                },
                Err(e) => FileDone::Opened { path, result: Err(e) },
            }
        });
        if discarding {
            // The user agreed to drop the edits: the file may replace them (if it loads).
            self.pending = Some(Pending::ReplacingWithOpen(id));
        }
    }

    /// Reads a preset file on a worker.
    pub(in crate::app) fn read_preset_file(&mut self, path: PathBuf, purpose: PresetUse) {
        self.spawn_file(JobKind::Open, move || FileDone::PresetRead {
            result: io::load_preset(&path).map(Box::new),
            path,
            purpose,
        });
    }

    /// A read, a write, an export or a dialog finished.
    fn on_file_job(&mut self, ctx: &egui::Context, id: JobId, out: FileDone) {
        match out {
            FileDone::Opened { path, result } => self.opened(id, path, result),
            FileDone::DungeonRead { result } => self.dungeon_read(id, result),
            FileDone::FloorReady { serial, floor, path, outcome } => self.floor_ready(serial, floor, path, *outcome),
            FileDone::DungeonSaved { path, file, revisions, result } => {
                self.dungeon_saved(ctx, path, *file, &revisions, result)
            }
            FileDone::Created(b) => {
                let OpenOutcome { map, index, checker, textures } = *b;
                let notice = format!("New {}×{} map", map.width(), map.height());
                self.session.leave_map();
                let doc = Document::from_parts(map, index, checker);
                self.replace_document(doc, Replacement::New(notice), Some(textures));
            }
            FileDone::PresetRead { path, purpose, result } => match (result, purpose) {
                (Ok(p), PresetUse::Apply) => {
                    remember(&mut self.prefs.user_presets, &path, MAX_PRESETS);
                    self.refresh_presets();
                    self.notify(format!("Loaded preset {}", file_name(&path)));
                    self.preset_read(PresetRef::File(path), *p);
                }
                (Ok(p), PresetUse::Restore { take_stars }) => {
                    self.session.saved_as(PresetRef::File(path), &p);
                    if take_stars {
                        self.session.discard_stars();
                    }
                }
                (Err(e), PresetUse::Apply) => {
                    self.file_error("Could not load the preset", &e, false);
                    if self.doc.is_none() {
                        self.commands.push(Command::Params(ParamsCommand::Regenerate)); // Something to look at.
                    }
                }
                (Err(_), PresetUse::Restore { .. }) => {} // The last session's parameters are kept.
            },
            FileDone::MapSaved { path, revision, result } => match result {
                Ok(()) => {
                    remember(&mut self.prefs.recent_maps, &path, MAX_RECENT);
                    self.message = None;
                    match &mut self.doc {
                        Some(doc) if doc.revision() == revision => {
                            doc.mark_saved(path.clone());
                            self.session.map_renamed(&file_name(&path));
                            self.panels.map_renamed(&file_name(&path));
                            self.notify(format!("Saved {}", file_name(&path)));
                            self.save_finished(ctx, true);
                        }
                        _ => {
                            self.notify(format!("Saved {}, without the edits made while saving", file_name(&path)));
                            self.abandon_save();
                        }
                    }
                }
                Err(e) => {
                    self.abandon_save();
                    self.file_error("Could not save the map", &e, false);
                }
            },
            FileDone::PresetSaved { path, preset, result } => match result {
                Ok(()) => {
                    remember(&mut self.prefs.user_presets, &path, MAX_PRESETS);
                    self.refresh_presets();
                    self.session.saved_as(PresetRef::File(path.clone()), &preset);
                    self.message = None;
                    self.notify(format!("Saved preset {}", file_name(&path)));
                    self.save_finished(ctx, true);
                }
                Err(e) => {
                    self.abandon_save();
                    self.file_error("Could not save the preset", &e, false);
                }
            },
            FileDone::TunedSaved { path, result } => match result {
                // Listed with the presets to load later; the session's preset stays its own.
                Ok(()) => {
                    remember(&mut self.prefs.user_presets, &path, MAX_PRESETS);
                    self.refresh_presets();
                    self.notify(format!("Saved the proposal as preset {}", file_name(&path)));
                }
                Err(e) => self.file_error("Could not save the preset", &e, false),
            },
            FileDone::Exported { path, result } => match result {
                Ok(()) => self.notify(format!("Exported {}", file_name(&path))),
                Err(e) => self.show_message(&format!("Could not export {}", file_name(&path)), e),
            },
            FileDone::Dialog { purpose, outcome } => match outcome {
                DialogOutcome::Picked(path) => {
                    self.commands.push(Command::File(FileCommand::PathChosen(purpose, path)))
                }
                DialogOutcome::Cancelled => self.commands.push(Command::File(FileCommand::DialogCancelled(purpose))),
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
        }
    }

    /// A map was read (or could not be).
    fn opened(&mut self, id: JobId, path: PathBuf, result: Result<Box<OpenOutcome>, FileError>) {
        let agreed = self.pending == Some(Pending::ReplacingWithOpen(id));
        if agreed {
            self.pending = None;
        }
        match result {
            Ok(b) => {
                if self.doc.as_ref().is_some_and(Document::is_dirty) && !agreed {
                    return; // Edited while loading: keep the edits.
                }
                let OpenOutcome { map, index, checker, textures } = *b;
                // The panel shows what the map was generated with; a map without provenance
                // parameters keeps the session's, which then come from no map file (not from
                // the map open before it).
                match map.provenance.params.clone() {
                    Some(params) => self.session.take_from_map(params, map.provenance.seed, file_name(&path)),
                    None => self.session.leave_map(),
                }
                let doc = Document::opened(map, index, checker, path.clone());
                let notice = format!("Opened {}", file_name(&path));
                self.replace_document(doc, Replacement::New(notice), Some(textures));
                remember(&mut self.prefs.recent_maps, &path, MAX_RECENT);
            }
            Err(e) => {
                self.file_error("Could not open the map", &e, self.doc.is_some());
                if self.doc.is_none() {
                    self.commands.push(Command::Params(ParamsCommand::Regenerate)); // Something to look at.
                }
            }
        }
    }

    /// A save did not happen: what waited for it is dropped.
    pub(in crate::app) fn abandon_save(&mut self) {
        if matches!(self.pending, Some(Pending::SaveThen(_))) {
            self.pending = None;
        }
    }

    /// Lists the shipped presets and the user's preset files (listing a folder only; files are
    /// read when picked).
    pub(in crate::app) fn refresh_presets(&mut self) {
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

    // ---- Messages ----

    pub(in crate::app) fn show_message(&mut self, title: &str, detail: String) {
        self.message = Some(Message { title: title.to_string(), detail, about: About::Other });
    }

    /// A generation failed (the banner goes once a map is made).
    pub(in crate::app) fn show_generation_message(&mut self, title: &str, detail: String) {
        self.message = Some(Message { title: title.to_string(), detail, about: About::Generation });
    }

    /// Why a regeneration cannot keep the locks; shown until they can be kept.
    pub(in crate::app) fn show_lock_message(&mut self, e: &crate::map::locks::LockConflict) {
        self.message = Some(Message {
            title: "Cannot regenerate around the locks".into(),
            detail: format!("{e}. The map stays as it is."),
            about: About::Locks,
        });
    }

    pub(in crate::app) fn notify(&mut self, text: String) {
        self.notice = Some((text, Instant::now()));
    }

    pub(in crate::app) fn file_error(&mut self, title: &str, e: &FileError, map_kept: bool) {
        let mut detail = format!("File: {}\n{}", e.path().display(), describe_file_error(e));
        if map_kept {
            detail += "\nThe current map is unchanged.";
        }
        self.show_message(title, detail);
    }

    // ---- Dialogs ----

    fn start_dir(&self, purpose: DialogPurpose) -> Option<PathBuf> {
        match purpose {
            DialogPurpose::LoadPreset | DialogPurpose::SavePreset | DialogPurpose::SaveTunedPreset => self
                .user_presets_dir
                .clone()
                .filter(|d| d.is_dir() || std::fs::create_dir_all(d).is_ok())
                .or_else(|| self.prefs.last_dir.clone()),
            DialogPurpose::ChooseTileset => self
                .prefs
                .export_options
                .tileset
                .as_deref()
                .and_then(Path::parent)
                .filter(|d| d.is_dir())
                .map(Path::to_path_buf)
                .or_else(|| self.prefs.last_dir.clone()),
            DialogPurpose::Export(format) => self
                .prefs
                .export_options
                .folders
                .get(&format)
                .filter(|d| d.is_dir())
                .cloned()
                .or_else(|| self.doc.as_ref().and_then(|d| d.path()).and_then(Path::parent).map(Path::to_path_buf))
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
        let stem = stem.unwrap_or_else(|| format!("dungeon-{}", self.session.seed()));
        match purpose {
            DialogPurpose::SaveMap => Some(format!("{stem}.ron")),
            DialogPurpose::Export(f) => Some(format!("{stem}.{}", f.extension())),
            DialogPurpose::ExportGif => Some(format!("{stem}-generation.gif")),
            DialogPurpose::SaveRunCsv => {
                self.shown_run().map(|r| format!("sweep-{}-{}.csv", r.seeds.start, r.seeds.end))
            }
            DialogPurpose::SavePreset => Some("my-preset.ron".into()),
            DialogPurpose::SaveDungeon => Some("dungeon.ron".into()),
            DialogPurpose::SaveDungeonPreset => Some("my-dungeon.ron".into()),
            DialogPurpose::SaveTunedPreset => Some("tuned.ron".into()),
            _ => None,
        }
    }

    fn open_path_dialog(&mut self, purpose: DialogPurpose, notice: Option<String>) {
        let mut d =
            PathDialog::new(purpose, self.start_dir(purpose).as_deref(), self.suggested_name(purpose).as_deref());
        d.notice = notice;
        self.path_dialog = Some(d);
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
        self.spawn_file(JobKind::Dialog, move || FileDone::Dialog { purpose, outcome: dialogs.pick(&request) });
    }
}

pub(in crate::app) fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// A file error without the path (shown separately), with the position in words.
fn describe_file_error(e: &FileError) -> String {
    match e {
        FileError::Read { error, .. } => format!("Cannot read the file: {error}."),
        FileError::Write { error, .. } => format!("Cannot write the file: {error}."),
        FileError::Syntax { line, col, message, .. } => format!("Line {line}, column {col}: {message}."),
        FileError::Invalid { message, .. } => format!("{message}."),
        FileError::Encode { message, .. } => {
            format!("Cannot write the file as RON: {message}. The file was left as it was.")
        }
    }
}
