//! The three windows (seed browser, Explore, compare): kept in step with the document and the
//! session before the frame is drawn ([`DelveApp::sync_windows`], which starts their jobs), then
//! drawn ([`DelveApp::windows_ui`], which changes nothing but the windows' own widgets and
//! returns commands).

use super::commands::params::GenerationLocks;
use super::{DelveApp, compare, explore, seed_browser};

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

    /// Draws the open windows; what they ask for is queued as commands.
    pub(super) fn windows_ui(&mut self, ctx: &egui::Context) {
        let shown = self.shown_seed();
        let error = around(&self.window_locks).err();
        let kept = self.window_locks.as_ref().ok().and_then(Option::as_ref);
        let locks = error.as_deref().map_or(Ok(kept), Err);
        let mut out = Vec::new();
        if self.browser.open {
            let run = self.shown_run();
            seed_browser::seed_browser_ui(
                ctx,
                &mut self.browser,
                self.session.starred(),
                shown,
                run.as_ref(),
                &mut out,
            );
        }
        if self.explore.open {
            let model = explore::ExploreModel::of(&self.session, locks);
            explore::explore_ui(ctx, &mut self.explore, &model, &mut out);
        }
        if self.compare.open {
            compare::compare_ui(ctx, &mut self.compare, self.session.params(), self.session.seed(), &mut out);
        }
        self.commands.extend(out);
    }
}
