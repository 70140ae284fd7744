//! Commands on the parameters and the session: generator, parameters, presets, seed, stars; and
//! generation (requested here, run on the worker pool, its result shown in
//! [`DelveApp::on_generated`]).

use super::super::command::Command;
use super::super::jobs::{GenOutcome, JobKind, JobOutput, PresetUse};
use super::super::pending::Pending;
use super::super::textures::Prebuilt;
use super::super::{DelveApp, Document, MapIndex, PresetRef};
use crate::generate;
use crate::io::Preset;
use crate::map::Map;
use crate::map::check::Checker;
use crate::map::locks::{Kept, LockConflict};
use crate::params::GeneratorParams;
use std::sync::Arc;
use std::time::Instant;

/// A generation to run.
pub struct GenJob {
    ticket: u64,
    params: GeneratorParams,
    seed: u64,
    /// The locks to generate around (the document's, or those a provenance recorded).
    kept: Option<Arc<Kept>>,
}

/// The locks a regeneration keeps (`None` without locks), or why they cannot be kept.
pub(in crate::app) type GenerationLocks = Result<Option<Arc<Kept>>, LockConflict>;

/// Generation requests: one runs at a time, the latest request waits for it (a slider drag asks
/// many times a second; only the last one matters).
#[derive(Default)]
pub struct GenState {
    /// Ticket of the latest request.
    ticket: u64,
    /// Results of requests up to this ticket are stale (the document was replaced since).
    floor: u64,
    /// The latest request, waiting for the running one to finish.
    queued: Option<GenJob>,
    /// "Regenerate from provenance": compare the result of this ticket with this map.
    compare: Option<(u64, Arc<Map>, String)>,
    /// "Regenerate from provenance": the locks its provenance recorded, for the next request
    /// (instead of the document's own).
    kept_from_provenance: Option<Option<Arc<Kept>>>,
    /// The revision of the document when it was a map just made around locks (its
    /// provenance holds them): unedited since while the document is still at it.
    made_around: Option<u64>,
    /// The document's own locks at a revision (or why they cannot be kept), taken once.
    locks_of: Option<(u64, GenerationLocks)>,
}

impl DelveApp {
    pub(super) fn handle_params(&mut self, ctx: &egui::Context, c: Command, discarding: bool) {
        match c {
            Command::SetGenerator(kind) => {
                let changed = self.session.set_generator(kind);
                if changed {
                    self.changed(discarding);
                }
            }
            Command::SetParam(key, value) => {
                let changed = self.session.set_param(key, value);
                if changed {
                    self.changed(discarding);
                }
            }
            Command::SelectPreset(r) => match r {
                PresetRef::Shipped(name) => match super::super::shipped(&name) {
                    Ok(p) => self.preset_read(PresetRef::Shipped(name), p),
                    Err(e) => self.file_error("Could not load the preset", &e, false),
                },
                PresetRef::File(path) => self.read_preset_file(path, PresetUse::Apply),
            },
            Command::SetSeedText(t) => {
                let changed = self.session.set_seed_text(t);
                if changed {
                    self.changed(discarding);
                }
            }
            Command::RandomSeed => {
                self.session.set_seed(u64::from(rand::random::<u32>()));
                self.changed(discarding);
            }
            Command::PrevSeed | Command::NextSeed => {
                let s = self.session.seed();
                self.session.set_seed(if c == Command::PrevSeed { s.wrapping_sub(1) } else { s.wrapping_add(1) });
                self.changed(discarding);
            }
            Command::CopySeed => {
                let seed = self.session.seed();
                ctx.copy_text(seed.to_string());
                self.notify(format!("Copied seed {seed}"));
            }
            Command::Regenerate => self.regenerate(discarding),
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
                self.session.take_from_map(params, prov.seed, name.clone());
                self.gen_state.kept_from_provenance = Some(prov.kept);
                self.regenerate(discarding);
                self.gen_state.compare = Some((self.gen_state.ticket, target, name));
            }
            Command::OpenSeed(s) => {
                self.session.set_seed(s);
                self.regenerate(discarding);
            }
            Command::PromotePane(p, s) => {
                self.session.set_params(*p);
                self.session.set_seed(s);
                self.regenerate(discarding);
            }
            Command::ToggleStar(s) => self.session.toggle_star(s),
            Command::SetStarNote(s, note) => self.session.set_note(s, note),
            _ => {}
        }
    }

    /// A preset was read (or is compiled in): take it, or only its snapshot when restoring.
    /// A map edited meanwhile is asked about before it is regenerated.
    pub(in crate::app) fn preset_read(&mut self, r: PresetRef, p: Preset) {
        self.message = None;
        self.session.apply_preset(r, p);
        self.changed(false);
    }

    /// Parameters or seed changed: regenerate when auto-regenerate is on. Unless the user already
    /// agreed to lose the edits (`discarding`), regenerating an edited map asks first.
    fn changed(&mut self, discarding: bool) {
        match (self.prefs.auto_regenerate, discarding) {
            (false, _) => {}
            (true, true) => self.regenerate(true),
            (true, false) => self.commands.push(Command::Regenerate),
        }
    }

    /// Regenerates now; `discarding`: the result may replace unsaved edits (the user agreed).
    fn regenerate(&mut self, discarding: bool) {
        self.request_generation();
        if discarding {
            self.pending = Some(Pending::ReplacingWithGeneration(self.gen_state.ticket));
        }
    }

    /// The locks a regeneration keeps now (the seed browser's thumbnails are made around them
    /// too), or why they cannot be kept; `None` without locks. The same shared locks while the
    /// document does not change, so that the generator prepares them once.
    pub(in crate::app) fn generation_locks(&mut self) -> GenerationLocks {
        let Some(doc) = self.doc.as_ref().filter(|d| d.map().has_locks()) else { return Ok(None) };
        let revision = doc.revision();
        if let Some(made) = &doc.map().provenance.kept
            && self.gen_state.made_around == Some(revision)
        {
            return Ok(Some(Arc::clone(made)));
        }
        match &self.gen_state.locks_of {
            Some((at, kept)) if *at == revision => kept.clone(),
            _ => {
                let kept = Kept::of(doc.map()).map(|k| Some(Arc::new(k)));
                self.gen_state.locks_of = Some((revision, kept.clone()));
                kept
            }
        }
    }

    pub(in crate::app) fn request_generation(&mut self) {
        if !self.session.params().check().is_empty() {
            return; // Waits until the parameters are fixed; the panel says why.
        }
        // Around the document's locks (or the provenance's, when regenerating from it). A map
        // made around locks and not edited since is regenerated around those same locks: what
        // the generator made between locked rooms is not locked by it (so going back to a seed
        // or a value gives back its map), and the generator reads the form of the locks it
        // prepared the first time instead of preparing them again.
        let kept = match self.gen_state.kept_from_provenance.take() {
            Some(kept) => kept,
            None => match self.generation_locks() {
                Ok(kept) => kept,
                Err(e) => {
                    self.show_message("Cannot regenerate around the locks", format!("{e}. The map stays as it is."));
                    return;
                }
            },
        };
        self.gen_state.ticket += 1;
        let job = GenJob {
            ticket: self.gen_state.ticket,
            params: self.session.params().clone(),
            seed: self.session.seed(),
            kept,
        };
        if self.jobs.is_running(JobKind::Generate) {
            self.gen_state.queued = Some(job);
        } else {
            self.spawn_generation(job);
        }
    }

    fn spawn_generation(&mut self, job: GenJob) {
        let (layers, chunk) = (self.view.colour_layers(), self.texture_chunk);
        self.jobs.spawn(JobKind::Generate, move |_| {
            let start = Instant::now();
            let result = generate::generate_around(&job.params, job.seed, job.kept.as_ref()).map(|g| {
                let elapsed = start.elapsed();
                let index = MapIndex::build(&g.map);
                let checker = Checker::new(&g.map);
                let textures = Prebuilt::new(&g.map, layers, chunk);
                Box::new(GenOutcome { map: g.map, index, checker, report: g.report, elapsed, textures })
            });
            JobOutput::Generated { ticket: job.ticket, result }
        });
    }

    /// The document is being replaced by something other than a generation: drop generation
    /// results still in flight.
    pub(in crate::app) fn supersede_generation(&mut self) {
        self.gen_state.floor = self.gen_state.ticket;
        self.gen_state.queued = None;
    }

    /// A generation finished: show it, unless it is stale or would lose edits made meanwhile.
    pub(super) fn on_generated(&mut self, out: JobOutput) {
        if let Some(next) = self.gen_state.queued.take() {
            self.spawn_generation(next);
        }
        let (ticket, result) = match out {
            JobOutput::Generated { ticket, result } => (ticket, result),
            JobOutput::Failed { message, .. } => {
                self.show_message("Generation failed unexpectedly", message);
                return;
            }
            _ => return,
        };
        let discard_ok = matches!(self.pending, Some(Pending::ReplacingWithGeneration(t)) if ticket >= t);
        // A map made around locks keeps them, and Undo brings the old map back.
        let kept = match &result {
            Ok(g) => g.map.provenance.kept.clone(),
            Err(_) => None,
        };
        let dirty = self.doc.as_ref().is_some_and(Document::is_dirty);
        if ticket <= self.gen_state.floor || (dirty && !discard_ok && kept.is_none()) {
            return; // Stale, or edits were made while generating: keep them.
        }
        if discard_ok {
            self.pending = None;
        }
        match result {
            Ok(g) => {
                let g = *g;
                match self.gen_state.compare.take() {
                    Some((t, target, name)) if t == ticket => {
                        self.provenance_check = Some(compare_maps(&g.map, &target, &name));
                    }
                    Some(other) => self.gen_state.compare = Some(other),
                    None => self.provenance_check = None,
                }
                let mut doc = Document::generated(g.map, g.index, g.checker, g.report, g.elapsed);
                let old = self.doc.take().filter(Document::has_history);
                let undo = old.is_some();
                if let Some(old) = old {
                    doc.inherit_history(old, "Regenerate");
                }
                self.view.offer_textures(doc.revision(), g.textures);
                self.gen_state.made_around = kept.is_some().then(|| doc.revision());
                self.doc = Some(doc);
                match kept {
                    Some(kept) if undo => {
                        self.notify(format!("Regenerated around {kept}; Undo brings back the map before."));
                    }
                    Some(kept) => self.notify(format!("Regenerated around {kept}.")),
                    None => {}
                }
            }
            Err(e) => self.show_message("Cannot generate", format!("{e}. The map stays as it is.")),
        }
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
