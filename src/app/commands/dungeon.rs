//! Dungeon commands: making or opening a dungeon, going from floor to floor (and up and down its
//! stairs), saving it. The dungeon is read or made on a worker; a floor never opened before is
//! prepared on a worker too, and the floor on screen stays until it is ready.

use super::super::command::{Command, DungeonCommand, FileCommand};
use super::super::dialogs::{DialogPurpose, remember};
use super::super::document::Replacement;
use super::super::dungeon::{DungeonDoc, DungeonSource, Loaded};
use super::super::jobs::{JobId, JobKind};
use super::super::pending::Pending;
use super::super::prefs::MAX_RECENT;
use super::super::textures::Prebuilt;
use super::super::{DelveApp, Document, MapIndex};
use super::files::{FileDone, OpenOutcome, file_name};
use crate::io::{self, FileError};
use crate::map::Map;
use crate::map::check::Checker;
use std::path::PathBuf;
use std::sync::Arc;

impl DelveApp {
    pub(super) fn handle_dungeon(&mut self, c: DungeonCommand, discarding: bool) {
        match c {
            DungeonCommand::ShowNew => {
                self.new_dungeon = Some(super::super::dungeon_panel::NewDungeonDialog::default())
            }
            DungeonCommand::Make(source) => self.read_dungeon(*source, discarding),
            DungeonCommand::Reseed(seed) => {
                let Some(d) = &self.dungeon else { return };
                let Some(preset) = d.made.dungeon.clone() else {
                    self.notify("This dungeon file does not hold the dungeon it was made from".into());
                    return;
                };
                let source = DungeonSource::Preset { preset: Box::new(preset), base: d.base.clone(), seed };
                self.read_dungeon(source, discarding);
            }
            DungeonCommand::OpenFloor(i) => self.open_floor(i),
            DungeonCommand::Stairs(up) => {
                let Some(d) = &self.dungeon else { return };
                let Some(cur) = d.current else { return };
                match d.stairs(cur).into_iter().find(|s| s.up == up) {
                    Some(s) => self.open_floor(s.to),
                    None => self.notify(format!("{} has no stairs {}", d.label(cur), if up { "up" } else { "down" })),
                }
            }
            DungeonCommand::Save => match self.dungeon.as_ref().map(|d| d.path.clone()) {
                Some(Some(path)) => self.commands.push(DungeonCommand::SaveTo(path).into()),
                Some(None) => self.commands.push(FileCommand::Dialog(DialogPurpose::SaveDungeon).into()),
                None => self.abandon_save(),
            },
            DungeonCommand::SaveTo(path) => {
                let Some(d) = &self.dungeon else { return self.abandon_save() };
                let (mut file, maps) = d.to_save(&path, self.doc.as_ref());
                if d.path.as_deref().and_then(std::path::Path::parent) != path.parent() {
                    file.dungeon = file.dungeon.map(|p| crate::dungeon::rebased(&p, &d.base));
                }
                let revisions: Vec<u64> = maps.iter().map(|(_, r)| *r).collect();
                self.notify(format!("Saving {}…", file_name(&path)));
                self.spawn_file(JobKind::Save, move || {
                    let refs: Vec<&Map> = maps.iter().map(|(m, _)| m.as_ref()).collect();
                    let result = io::made::save_made(&path, &file, &refs);
                    FileDone::DungeonSaved { path, file: Box::new(file), revisions, result }
                });
            }
            DungeonCommand::SavePresetTo(path) => {
                let Some(preset) =
                    self.dungeon.as_ref().and_then(|d| d.made.dungeon.clone().map(|p| (p, d.base.clone())))
                else {
                    self.notify("This dungeon file does not hold the dungeon it was made from".into());
                    return;
                };
                let preset = crate::dungeon::rebased(&preset.0, &preset.1);
                self.spawn_file(JobKind::Save, move || {
                    let result = io::save_dungeon(&path, &preset).map_err(|e| e.to_string());
                    FileDone::Exported { path, result }
                });
            }
            DungeonCommand::ShowFigures(on) => self.depth.open = on,
            DungeonCommand::RunFigures => self.run_figures(),
            DungeonCommand::CancelFigures => {
                if let Some(id) = self.depth.running() {
                    self.jobs.cancel(id);
                }
            }
            DungeonCommand::Close => {
                if let Some(d) = self.dungeon.take() {
                    self.notify(format!("Closed {}; the floor on screen stays as a map", d.name()));
                }
            }
        }
    }

    /// Makes the open dungeon for the *Figures by depth* window's seeds on a worker.
    fn run_figures(&mut self) {
        use super::super::depth_window::DepthOut;
        let Some(d) = &self.dungeon else { return };
        let Some(preset) = d.made.dungeon.clone() else {
            self.depth.error = Some("This dungeon file does not hold the dungeon it was made from".into());
            return;
        };
        if let Some(id) = self.depth.running() {
            self.jobs.cancel(id);
        }
        let (base, n) = (d.base.clone(), self.depth.seeds);
        let seeds = d.made.seed..d.made.seed.saturating_add(n);
        let job = self.jobs.spawn(JobKind::Explore, move |job| {
            let run = crate::analysis::depth::run_dungeon(&preset, &base, seeds, job.cancel_flag(), |done| {
                job.report(DepthOut::Progress(done))
            });
            DepthOut::Done(run.map(|r| r.map(Box::new)))
        });
        self.depth.started(job, n);
    }

    /// Whether anything would be lost by replacing the document: the map's edits, or any
    /// floor's of the open dungeon.
    pub(in crate::app) fn unsaved(&self) -> bool {
        match &self.dungeon {
            Some(d) => d.unsaved_count(self.doc.as_ref()) > 0,
            None => self.doc.as_ref().is_some_and(Document::is_dirty),
        }
    }

    /// A floor's map prepared for the view on a worker (the textures in the current colours).
    pub(in crate::app) fn preparer(&self) -> impl Fn(Map) -> OpenOutcome + Send + 'static {
        let (layers, chunk) = (self.prefs.layers.colours(), self.texture_chunk);
        move |map: Map| {
            let index = MapIndex::build(&map);
            let checker = Checker::new(&map);
            let textures = Prebuilt::new(&map, layers, chunk);
            OpenOutcome { map, index, checker, textures }
        }
    }

    /// Reads or makes a dungeon on a worker; it replaces the document when it arrives.
    pub(in crate::app) fn read_dungeon(&mut self, source: DungeonSource, discarding: bool) {
        let prepare = self.preparer();
        self.notify("Making the dungeon…".into());
        let id = self.spawn_file(JobKind::Open, move || FileDone::DungeonRead {
            result: super::super::dungeon::load(source, prepare).map(Box::new),
        });
        if discarding {
            self.pending = Some(Pending::ReplacingWithOpen(id));
        }
    }

    /// A dungeon was read or made (or could not be).
    pub(super) fn dungeon_read(&mut self, id: JobId, result: Result<Box<Loaded>, String>) {
        let agreed = self.pending == Some(Pending::ReplacingWithOpen(id));
        if agreed {
            self.pending = None;
        }
        let restoring = self.restoring_by(id);
        match result {
            Ok(loaded) => {
                if self.unsaved() && !agreed {
                    self.notify("The dungeon was not opened: the edits made meanwhile are kept".into());
                    return;
                }
                let Loaded { made, maps, base, path, first } = *loaded;
                let OpenOutcome { map, index, checker, textures } = *first;
                self.dungeon_serial = self.dungeon_serial.wrapping_add(1);
                let mut d = DungeonDoc::new(made, base, path, maps, self.dungeon_serial);
                let recovered = restoring.as_ref().map_or(&[][..], |r| r.floors.as_slice());
                for &i in recovered.iter().filter(|&&i| i != 0) {
                    d.keep_recovered(i);
                }
                let doc = match d.floor_path(0) {
                    _ if recovered.contains(&0) => Document::recovered(map, d.floor_path(0)),
                    Some(p) => Document::opened(map, index, checker, p),
                    None => Document::from_parts(map, index, checker),
                };
                let notice = match &restoring {
                    Some(r) => format!("Restored the unsaved work on {} ({} floors changed)", d.name(), r.floors.len()),
                    None => format!("{}: {} floors", d.name(), d.floors.len()),
                };
                if let Some(p) = &d.path {
                    remember(&mut self.prefs.recent_maps, p, MAX_RECENT);
                }
                self.dungeon = Some(d);
                self.install_floor(0, doc, Some(textures), notice);
                if let Some(r) = restoring {
                    if let Some(i) = r.on_screen.filter(|&i| i != 0) {
                        self.open_floor(i);
                    }
                    self.carry_over(r.file, r.steps);
                }
            }
            Err(e) if restoring.is_some() => {
                self.show_message("Could not restore the dungeon", format!("{e}. The recovery copy is kept."));
                if self.doc.is_none() {
                    self.commands.push(super::super::ParamsCommand::Regenerate.into());
                }
            }
            Err(e) => {
                self.show_message("Could not make the dungeon", e);
                if self.doc.is_none() {
                    self.commands.push(super::super::ParamsCommand::Regenerate.into());
                }
            }
        }
    }

    /// Shows floor `i` of the open dungeon: its kept document at once, or its map prepared on a
    /// worker first (the floor on screen stays until then).
    pub(in crate::app) fn open_floor(&mut self, i: usize) {
        let prepare = self.preparer();
        let Some(d) = &mut self.dungeon else { return };
        if d.current == Some(i) || i >= d.floors.len() {
            return;
        }
        let notice = format!("{} ({})", d.label(i), d.name());
        match d.take(i) {
            Some(Ok(doc)) => self.install_floor(i, doc, None, notice),
            Some(Err(map)) => {
                let (serial, path) = (d.serial, d.floor_path(i));
                d.opening = Some(i);
                self.spawn_file(JobKind::Open, move || FileDone::FloorReady {
                    serial,
                    floor: i,
                    path,
                    outcome: Box::new(prepare(Arc::unwrap_or_clone(map))),
                });
            }
            None => {}
        }
    }

    /// A floor never opened before is ready to show (unless another was asked for meanwhile).
    pub(super) fn floor_ready(&mut self, serial: u64, i: usize, path: Option<PathBuf>, outcome: OpenOutcome) {
        let Some(d) = self.dungeon.as_mut().filter(|d| d.serial == serial && d.opening == Some(i)) else { return };
        d.opening = None;
        let notice = format!("{} ({})", d.label(i), d.name());
        let OpenOutcome { map, index, checker, textures } = outcome;
        let doc = match path {
            Some(p) => Document::opened(map, index, checker, p),
            None => Document::from_parts(map, index, checker),
        };
        self.install_floor(i, doc, Some(textures), notice);
    }

    /// Puts floor `i`'s document on screen: the floor shown before is kept in the dungeon with
    /// its history, and the panel shows what made the new floor.
    fn install_floor(&mut self, i: usize, doc: Document, textures: Option<Prebuilt>, notice: String) {
        self.supersede_generation();
        let Some(d) = &mut self.dungeon else { return };
        if d.current.is_some()
            && let Some(mut old) = self.doc.take()
        {
            old.forget_check();
            d.park(old);
        }
        d.opening = None;
        let label = d.label(i);
        match doc.map().provenance.params.clone() {
            Some(params) => self.session.take_from_map(params, doc.map().provenance.seed, label),
            None => self.session.leave_map(),
        }
        if let Some(d) = &mut self.dungeon {
            d.shown(i, &doc);
        }
        self.replace_document(doc, Replacement::Floor(notice), textures);
    }

    /// The dungeon was written (or could not be).
    pub(super) fn dungeon_saved(
        &mut self,
        ctx: &egui::Context,
        path: PathBuf,
        file: crate::io::made::MadeFile,
        revisions: &[u64],
        result: Result<(), FileError>,
    ) {
        match result {
            Ok(()) => {
                self.message = None;
                remember(&mut self.prefs.recent_maps, &path, MAX_RECENT);
                let Some(d) = &mut self.dungeon else { return self.abandon_save() };
                d.saved(path.clone(), file, revisions, self.doc.as_mut());
                let (left, floors) = (d.unsaved_count(self.doc.as_ref()), d.floors.len());
                if left == 0 {
                    self.notify(format!("Saved {} and its {floors} floors", file_name(&path)));
                    self.save_finished(ctx, true);
                } else {
                    self.notify(format!("Saved {}, without the edits made while saving", file_name(&path)));
                    self.abandon_save();
                }
            }
            Err(e) => {
                self.abandon_save();
                self.file_error("Could not save the dungeon", &e, false);
            }
        }
    }
}

/// Which command saves what is on screen: the dungeon when one is open, else the map.
pub(in crate::app) fn save_command(dungeon: bool, save_as: bool) -> Command {
    match (dungeon, save_as) {
        (true, false) => DungeonCommand::Save.into(),
        (true, true) => FileCommand::Dialog(DialogPurpose::SaveDungeon).into(),
        (false, false) => FileCommand::SaveMap.into(),
        (false, true) => FileCommand::Dialog(DialogPurpose::SaveMap).into(),
    }
}
