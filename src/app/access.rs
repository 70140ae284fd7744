//! What panels, tests and scripts read of the editor, and the few entry points they call
//! (queue a command, save the state).

use super::{
    Command, DelveApp, Document, MapView, Message, Pending, Prefs, PresetRef, Session, compare, explore, jobs, prefs,
    recovery, seed_browser, timeline,
};
use crate::params::{GeneratorParams, ParamIssue};
use std::path::PathBuf;

impl DelveApp {
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

    /// The Tune window.
    pub fn tune(&self) -> &super::tune_window::TuneWindow {
        &self.tune
    }

    pub fn tune_mut(&mut self) -> &mut super::tune_window::TuneWindow {
        &mut self.tune
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
    /// The dungeon open, if any (its floor on screen is [`Self::document`]).
    pub fn dungeon(&self) -> Option<&super::dungeon::DungeonDoc> {
        self.dungeon.as_ref()
    }

    /// Play in progress, if any.
    pub fn playing(&self) -> Option<&super::play_mode::PlayMode> {
        self.play.as_ref()
    }

    /// The *Figures by depth* window.
    pub fn depth_window(&self) -> &super::depth_window::DepthWindow {
        &self.depth
    }

    pub fn has_modal(&self) -> bool {
        self.path_dialog.is_some()
            || self.new_map.is_some()
            || self.new_dungeon.is_some()
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
        use super::commands::{files::FileDone, params::Generated};
        use super::jobs::JobKind;
        const BOOM: &str = "a test job panicked";
        match kind {
            JobKind::Generate => {
                self.gen_state.running = Some(self.jobs.spawn(kind, |_| -> Generated { panic!("{BOOM}") }));
            }
            JobKind::Open | JobKind::Save | JobKind::Export | JobKind::Dialog => {
                let job = self.jobs.spawn(kind, |_| -> FileDone { panic!("{BOOM}") });
                self.file_jobs.push((kind, job));
            }
            JobKind::Recovery => {
                let job = self.jobs.spawn(kind, |_| -> recovery::RecoveryDone { panic!("{BOOM}") });
                self.recovery.jobs.push(job);
            }
            JobKind::Check => {
                self.check_job =
                    Some(self.jobs.spawn(kind, |_| -> Box<crate::edit::document::Checked> { panic!("{BOOM}") }));
            }
            JobKind::Thumbnails
            | JobKind::Compare
            | JobKind::Explore
            | JobKind::Tune
            | JobKind::Listing
            | JobKind::Record => {}
        }
    }

    /// Queues a command for the next frame.
    pub fn push(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// Writes the preferences and the session.
    pub fn save_state(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, prefs::PREFS_KEY, &self.prefs);
        eframe::set_value(storage, prefs::SESSION_KEY, &self.session.saved());
        eframe::set_value(storage, prefs::PARAMS_KEY, self.session.params());
        eframe::set_value(storage, prefs::STARS_KEY, &self.session.starred());
    }
}
