//! The three windows (seed browser, Explore, compare), each floating or docked ([`super::dock`]): kept in step with the document and the
//! session before the frame is drawn ([`DelveApp::sync_windows`], which starts their jobs), then
//! drawn ([`DelveApp::docked_windows_ui`] before the map, [`DelveApp::floating_windows_ui`] after it, which changes nothing but the windows' own widgets and
//! returns commands).

use super::commands::params::GenerationLocks;
use super::dock::{Dockable, Host};
use super::{Command, DelveApp, WindowCommand, compare, explore, seed_browser};

/// The locks the windows make maps around, or why they cannot be kept (as the windows take them).
fn around(locks: &GenerationLocks) -> Result<Option<&std::sync::Arc<crate::map::locks::Kept>>, String> {
    match locks {
        Ok(kept) => Ok(kept.as_ref()),
        Err(e) => Err(e.to_string()),
    }
}

impl DelveApp {
    /// The seed of the map on screen, when it was generated.
    fn shown_seed(&self) -> Option<u64> {
        self.doc.as_ref().map(|d| &d.map().provenance).filter(|p| p.params.is_some()).map(|p| p.seed)
    }

    /// Brings the windows up to date with the map on screen, the session and the locks a
    /// regeneration keeps (worked out only while a window that makes maps shows), and starts
    /// the jobs they need.
    pub(super) fn sync_windows(&mut self) {
        self.browser.observe(self.shown_seed());
        if let Some(request) = self.browser.list_request() {
            self.start_listing(request);
        }
        let locks = if self.browser.open || self.explore.open { self.generation_locks() } else { Ok(None) };
        let error = around(&locks).err();
        let shown = |kept| error.as_deref().map_or(Ok(kept), Err);
        let kept = locks.as_ref().ok().and_then(Option::as_ref);
        if let Some(request) = self.browser.sync(self.session.params(), shown(kept)) {
            self.start_thumbnails(request);
        }
        if let Some(request) = self.explore.sync(&explore::ExploreModel::of(&self.session, shown(kept))) {
            self.start_explore(request);
        }
        self.window_locks = locks;
    }

    /// The Explore run of the current parameters (around the map's locks, when it has some):
    /// what the seed browser pages through and *Save run as CSV* writes.
    pub(super) fn shown_run(&self) -> Option<std::sync::Arc<crate::analysis::explore::Run>> {
        let kept = self.window_locks.as_ref().ok().and_then(Option::as_ref);
        self.explore.run_of(self.session.params(), kept.map(|k| &**k)).cloned()
    }

    /// Draws the open windows docked beside or under the map, as panels of the root `ui`
    /// (before the map's central panel takes the rest); what they ask for is queued as commands.
    pub(super) fn docked_windows_ui(&mut self, ui: &mut egui::Ui) {
        for w in Dockable::ALL {
            if self.window_open(w) && self.prefs.docks.get(w).docked() {
                self.window_ui(w, Host::Panel(ui));
            }
        }
    }

    /// Draws the open windows that float over the map.
    pub(super) fn floating_windows_ui(&mut self, ctx: &egui::Context) {
        if self.depth.open {
            let mut out = Vec::new();
            super::depth_window::depth_window_ui(ctx, &mut self.depth, self.dungeon.as_ref(), &mut out);
            self.commands.extend(out);
        }
        for w in Dockable::ALL {
            if self.window_open(w) && !self.prefs.docks.get(w).docked() {
                self.window_ui(w, Host::Window(ctx));
            }
        }
    }

    fn window_open(&self, w: Dockable) -> bool {
        match w {
            Dockable::SeedBrowser => self.browser.open,
            Dockable::Explore => self.explore.open,
            Dockable::Compare => self.compare.open,
            Dockable::Tune => self.tune.open,
        }
    }

    /// Draws window `w` in `host`.
    fn window_ui(&mut self, w: Dockable, host: Host<'_>) {
        let shown = self.shown_seed();
        let error = around(&self.window_locks).err();
        let kept = self.window_locks.as_ref().ok().and_then(Option::as_ref);
        let locks = error.as_deref().map_or(Ok(kept), Err);
        let place = self.prefs.docks.get(w);
        let mut out = Vec::new();
        let picked = match w {
            Dockable::SeedBrowser => {
                let run = self.shown_run();
                let starred = self.session.starred();
                seed_browser::seed_browser_ui(host, place, &mut self.browser, starred, shown, run.as_ref(), &mut out)
            }
            Dockable::Explore => {
                let model = explore::ExploreModel::of(&self.session, locks);
                explore::explore_ui(host, place, &mut self.explore, &model, &mut out)
            }
            Dockable::Compare => {
                let (params, seed) = (self.session.params(), self.session.seed());
                compare::compare_ui(host, place, &mut self.compare, params, seed, &mut out)
            }
            Dockable::Tune => super::tune_window::tune_ui(host, place, &mut self.tune, self.session.params(), &mut out),
        };
        if let Some(p) = picked.filter(|p| *p != place) {
            out.push(Command::Window(WindowCommand::Dock(w, p)));
        }
        self.commands.extend(out);
    }
}
