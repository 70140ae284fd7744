//! Commands on the parameters and the session: generator, parameters, presets, seed, stars; and
//! generation (requested here, run on the worker pool, its result shown in
//! [`DelveApp::on_generated`]).

use super::super::command::ParamsCommand;
use super::super::document::Replacement;
use super::super::jobs::{Event, Job, JobKind};
use super::super::session::Panel;
use super::super::textures::Prebuilt;
use super::super::{DelveApp, Document, MapIndex, PresetRef};
use super::files::PresetUse;
use crate::edit::Interaction;
use crate::generate;
use crate::io::{self, Preset};
use crate::map::Map;
use crate::map::check::Checker;
use crate::map::locks::{Kept, LockConflict};
use crate::params::GeneratorParams;
use std::sync::Arc;
use std::time::Instant;

/// A generated map, ready to show.
pub struct GenOutcome {
    pub map: Map,
    pub index: MapIndex,
    pub checker: Checker,
    pub report: crate::generate::Report,
    /// Time spent in the generator alone.
    pub elapsed: std::time::Duration,
    /// The tile texture's texels, made on the worker too.
    pub textures: Prebuilt,
}

/// What a generation job hands back: its ticket, the undo step's label and the panel that
/// asked, and the map (or why there is none).
pub struct Generated {
    ticket: u64,
    label: String,
    gesture: Option<Interaction>,
    panel: Box<Panel>,
    result: Result<Box<GenOutcome>, crate::generate::GenError>,
}

/// A generation to run.
pub struct GenJob {
    ticket: u64,
    params: GeneratorParams,
    seed: u64,
    /// The locks to generate around (the document's, or those a provenance recorded).
    kept: Option<Arc<Kept>>,
    /// The undo step's label, and the panel that asked (shown again when the step is undone
    /// and redone).
    label: String,
    /// The gesture the regeneration belongs to (a slider drag), if any.
    gesture: Option<Interaction>,
    panel: Panel,
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
    pub(in crate::app) made_around: Option<u64>,
    /// The document's own locks at a revision (or why they cannot be kept), taken once.
    locks_of: Option<(u64, GenerationLocks)>,
    /// The generation running.
    pub(in crate::app) running: Option<Job<Generated>>,
}

impl DelveApp {
    pub(super) fn handle_params(&mut self, ctx: &egui::Context, c: ParamsCommand) {
        match c {
            ParamsCommand::SetGenerator(kind) => {
                let changed = self.session.set_generator(kind);
                if changed {
                    self.changed(format!("Generator: {}", kind.label()));
                }
            }
            ParamsCommand::SetParam(key, value) => self.set_param(key, value, None),
            ParamsCommand::DragParam(gesture, key, value) => self.set_param(key, value, Some(gesture)),
            ParamsCommand::SetStages(entries, label) => {
                if self.session.set_stages(entries) {
                    self.changed(label);
                }
            }
            ParamsCommand::RevertParams => {
                if self.session.revert_params() {
                    self.changed("Revert to preset".into());
                }
            }
            ParamsCommand::SelectPreset(r) => match r {
                PresetRef::Shipped(name) => match shipped(&name) {
                    Ok(p) => self.preset_read(PresetRef::Shipped(name), p),
                    Err(e) => self.file_error("Could not load the preset", &e, false),
                },
                PresetRef::File(path) => self.read_preset_file(path, PresetUse::Apply),
            },
            ParamsCommand::SetSeedText(t) => self.set_seed_text(t, None),
            ParamsCommand::TypeSeed(gesture, t) => self.set_seed_text(t, Some(gesture)),
            ParamsCommand::RandomSeed => {
                self.session.set_seed(u64::from(rand::random::<u32>()));
                self.changed(format!("Seed {}", self.session.seed()));
            }
            ParamsCommand::PrevSeed | ParamsCommand::NextSeed => {
                let s = self.session.seed();
                self.session.set_seed(if c == ParamsCommand::PrevSeed { s.wrapping_sub(1) } else { s.wrapping_add(1) });
                self.changed(format!("Seed {}", self.session.seed()));
            }
            ParamsCommand::CopySeed => {
                let seed = self.session.seed();
                ctx.copy_text(seed.to_string());
                self.notify(format!("Copied seed {seed}"));
            }
            ParamsCommand::Regenerate => {
                self.regenerate("Regenerate".into());
            }
            ParamsCommand::SetAutoRegenerate(on) => {
                self.prefs.auto_regenerate = on;
                if on {
                    self.regenerate("Regenerate".into());
                }
            }
            ParamsCommand::RegenerateFromProvenance => {
                let Some(doc) = &self.doc else { return };
                let prov = doc.map().provenance.clone();
                let Some(params) = prov.params else { return };
                let target = doc.saved_map().map_or_else(|| doc.map_arc(), |m| Arc::new(m.clone()));
                let name = doc.display_name();
                self.session.take_from_map(params, prov.seed, name.clone());
                self.gen_state.kept_from_provenance = Some(prov.kept);
                if self.regenerate("Regenerate from provenance".into()) {
                    self.gen_state.compare = Some((self.gen_state.ticket, target, name));
                }
            }
            ParamsCommand::OpenSeed(s) => {
                self.session.set_seed(s);
                self.regenerate(format!("Seed {s}"));
            }
            ParamsCommand::ApplyParams(p, label) => {
                self.session.set_params(*p);
                self.regenerate(label);
            }
            ParamsCommand::PromotePane(p, s) => {
                self.session.set_params(*p);
                self.session.set_seed(s);
                self.regenerate(format!("Compare pane, seed {s}"));
            }
            ParamsCommand::ToggleStar(s) => self.session.toggle_star(s),
            ParamsCommand::SetStarNote(s, note) => self.session.set_note(s, note),
            ParamsCommand::AddVaultLibrary(path) => {
                let name = io::vaults::name_for(&path, &self.vault_base());
                let label = format!("Add vault library {name}");
                self.change_vaults(label, |v| v.libraries.push(name));
            }
            ParamsCommand::RemoveVaultLibrary(i) => {
                let Some(name) = self.session.params().vaults().libraries.get(i).cloned() else { return };
                self.change_vaults(format!("Remove vault library {name}"), |v| {
                    v.libraries.remove(i);
                });
            }
            ParamsCommand::SetBeside(b, label) => {
                let mut params = self.session.params().clone();
                *params.beside_mut() = b;
                self.session.set_params(params);
                self.regenerate(label);
            }
            ParamsCommand::ReloadVaultLibraries => self.change_vaults("Read the vault libraries again".into(), |_| {}),
            ParamsCommand::SetVaultRule(name, count, chance) => {
                let label = format!("Vault {name}: {count} × {chance}");
                self.change_vaults(label, |v| {
                    let (c, p) = (count.min(crate::params::vaults::MAX_COUNT), chance.clamp(0.0, 1.0));
                    v.each.retain(|r| r.name != name);
                    if (c, p) != (v.count, v.chance) {
                        v.each.push(crate::params::vaults::VaultRule { name, count: c, chance: p });
                    }
                });
            }
        }
    }

    /// Where the current parameters' vault libraries are read from: the preset's folder (a
    /// shipped preset: the shipped libraries), else the open map's, else the working folder.
    pub(in crate::app) fn vault_base(&self) -> io::vaults::Base {
        match self.session.preset() {
            Some(PresetRef::File(p)) => io::vaults::Base::of_file(p),
            Some(PresetRef::Shipped(_)) => io::vaults::Base::Shipped,
            None => match self.doc.as_ref().and_then(|d| d.path()) {
                Some(p) => io::vaults::Base::of_file(p),
                None => io::vaults::Base::Folder(std::path::PathBuf::from(".")),
            },
        }
    }

    /// Changes the vaults by `change`, reads the libraries again and regenerates (one undoable
    /// step labelled `label`).
    fn change_vaults(&mut self, label: String, change: impl FnOnce(&mut crate::params::vaults::Vaults)) {
        let mut params = self.session.params().clone();
        change(params.vaults_mut());
        io::vaults::read_libraries(&mut params, &self.vault_base());
        self.session.set_params(params);
        self.regenerate(label);
    }

    /// A preset was read (or is compiled in): take it, or only its snapshot when restoring.
    /// A map edited meanwhile is asked about before it is regenerated.
    pub(in crate::app) fn preset_read(&mut self, r: PresetRef, p: Preset) {
        self.message = None;
        let name = p.name.clone().unwrap_or_else(|| match &r {
            PresetRef::Shipped(n) => n.clone(),
            PresetRef::File(path) => super::files::file_name(path),
        });
        self.session.apply_preset(r, p);
        self.changed(format!("Preset: {name}"));
    }

    /// Sets parameter `key` (a value of `gesture`, when part of one) and regenerates.
    fn set_param(&mut self, key: &'static str, value: crate::params::ParamValue, gesture: Option<Interaction>) {
        if self.session.set_param(key, value) {
            let spec = self.session.params().params().specs().iter().find(|s| s.key == key);
            self.changed_in(format!("Set {}", spec.map_or(key, |s| s.label)), gesture);
        }
    }

    /// Sets the seed text (typed as part of `gesture`, when given) and regenerates.
    fn set_seed_text(&mut self, text: String, gesture: Option<Interaction>) {
        if self.session.set_seed_text(text) {
            self.changed_in("Type a seed".into(), gesture);
        }
    }

    /// Parameters or seed changed: regenerate when auto-regenerate is on, as an undo step
    /// labelled `label`.
    fn changed(&mut self, label: String) {
        self.changed_in(label, None);
    }

    /// [`Self::changed`] by a value of `gesture` (its regenerations are one undo step).
    fn changed_in(&mut self, label: String, gesture: Option<Interaction>) {
        if self.prefs.auto_regenerate {
            self.regenerate_in(label, gesture);
        }
    }

    /// Regenerates now, as an undo step labelled `label`. When it cannot start (the locks
    /// cannot be kept), nothing changes: the banner says why and the panel goes back to the
    /// map on screen. Returns whether it started.
    fn regenerate(&mut self, label: String) -> bool {
        self.regenerate_in(label, None)
    }

    /// [`Self::regenerate`] as a value of `gesture`, when part of one.
    fn regenerate_in(&mut self, label: String, gesture: Option<Interaction>) -> bool {
        match self.request_generation(label, gesture) {
            Ok(started) => started,
            Err(e) => {
                self.show_lock_message(&e);
                self.panel_back_to_map();
                false
            }
        }
    }

    /// The locks a regeneration keeps now (the seed browser's thumbnails are made around them
    /// too), or why they cannot be kept; `None` without locks. The same shared locks while the
    /// document does not change, so that the generator prepares them once.
    /// The banner saying the locks cannot be kept goes once they can (or are gone).
    pub(in crate::app) fn refresh_lock_message(&mut self) {
        if self.message.as_ref().is_some_and(|m| m.about == super::super::About::Locks)
            && self.generation_locks().is_ok()
        {
            self.message = None;
        }
    }

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

    /// Asks for a generation of the session's parameters and seed (started, or queued behind
    /// the running one); `Ok(false)` while the parameters have issues (the panel says why), an
    /// error when the locks cannot be kept.
    fn request_generation(&mut self, label: String, gesture: Option<Interaction>) -> Result<bool, LockConflict> {
        if !self.session.params().check().is_empty() {
            return Ok(false); // Waits until the parameters are fixed; the panel says why.
        }
        // Around the document's locks (or the provenance's, when regenerating from it). A map
        // made around locks and not edited since is regenerated around those same locks: what
        // the generator made between locked rooms is not locked by it (so going back to a seed
        // or a value gives back its map), and the generator reads the form of the locks it
        // prepared the first time instead of preparing them again.
        let kept = match self.gen_state.kept_from_provenance.take() {
            Some(kept) => kept,
            None => self.generation_locks()?,
        };
        self.gen_state.ticket += 1;
        let job = GenJob {
            ticket: self.gen_state.ticket,
            params: self.session.params().clone(),
            seed: self.session.seed(),
            kept,
            label,
            gesture,
            panel: self.session.panel(),
        };
        if self.gen_state.running.is_some() {
            self.gen_state.queued = Some(job);
        } else {
            self.spawn_generation(job);
        }
        Ok(true)
    }

    fn spawn_generation(&mut self, job: GenJob) {
        let (layers, chunk) = (self.prefs.layers.colours(), self.texture_chunk);
        self.gen_state.running = Some(self.jobs.spawn(JobKind::Generate, move |_| {
            let start = Instant::now();
            let result = generate::generate_around(&job.params, job.seed, job.kept.as_ref()).map(|g| {
                let elapsed = start.elapsed();
                let index = MapIndex::build(&g.map);
                let checker = Checker::new(&g.map);
                let textures = Prebuilt::new(&g.map, layers, chunk);
                Box::new(GenOutcome { map: g.map, index, checker, report: g.report, elapsed, textures })
            });
            Generated { ticket: job.ticket, label: job.label, gesture: job.gesture, panel: Box::new(job.panel), result }
        }));
    }

    /// The document is being replaced by something other than a generation: drop generation
    /// results still in flight.
    pub(in crate::app) fn supersede_generation(&mut self) {
        self.gen_state.floor = self.gen_state.ticket;
        self.gen_state.queued = None;
    }

    /// A generation finished: show it as the next state of the document, unless it is stale
    /// (the document was replaced since). One that failed changes nothing.
    pub(in crate::app) fn poll_generation(&mut self) {
        let Some(events) = self.gen_state.running.as_ref().map(Job::poll) else { return };
        for event in events {
            self.gen_state.running = None;
            if let Some(next) = self.gen_state.queued.take() {
                self.spawn_generation(next);
            }
            match event {
                Event::Done(g) => self.on_generated(g),
                Event::Report(_) => {}
                Event::Failed(message) => {
                    self.show_generation_message("Generation failed unexpectedly", message);
                    self.panel_back_to_map();
                }
            }
        }
    }

    fn on_generated(&mut self, out: Generated) {
        let Generated { ticket, label, gesture, panel, result } = out;
        if ticket <= self.gen_state.floor {
            return; // The document was replaced since.
        }
        match result {
            Ok(g) => {
                let g = *g;
                let check = match self.gen_state.compare.take() {
                    Some((t, target, name)) if t == ticket => Some(compare_maps(&g.map, &target, &name)),
                    Some(other) => {
                        self.gen_state.compare = Some(other);
                        None
                    }
                    None => None,
                };
                let kept = g.map.provenance.kept.clone();
                let doc = Document::generated(g.map, g.index, g.checker, g.report, g.elapsed);
                self.replace_document(doc, Replacement::Next { label, gesture, panel }, Some(g.textures));
                // Said in the status bar too: the panel's result may be scrolled out of sight.
                if let Some((_, text)) = &check {
                    self.notify(text.clone());
                }
                self.provenance_check = check;
                if let Some(kept) = kept {
                    self.notify(format!("Regenerated around {kept}; Undo brings back the map before."));
                }
            }
            Err(e) => {
                self.show_generation_message("Cannot generate", format!("{e}. The map stays as it is."));
                if ticket == self.gen_state.ticket {
                    self.panel_back_to_map();
                }
            }
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

/// The preset read from the compiled-in list, or an error naming it.
fn shipped(name: &str) -> Result<Preset, crate::io::FileError> {
    crate::io::shipped_preset(name).unwrap_or_else(|| {
        Err(crate::io::FileError::Invalid {
            path: std::path::PathBuf::from(name),
            message: "no shipped preset of this name".into(),
        })
    })
}
