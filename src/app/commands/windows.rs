//! Window commands: the seed browser, the compare window and its panes, the side panel, the
//! error banner, quitting. Thumbnail pages and compare panes are made on the worker pool.

use super::super::DelveApp;
use super::super::command::{FileCommand, PaneCommand, WindowCommand};
use super::super::compare::PaneJob;
use super::super::compare::PaneOutcome;
use super::super::explore::ExploreOut;
use super::super::explore::{ExploreModel, ExploreRequest, Explored};
use super::super::jobs::JobKind;
use super::super::seed_browser::ThumbnailsOut;
use super::super::seed_browser::{ListRequest, ThumbnailRequest};
use super::super::{Command, DialogPurpose};
use crate::analysis::explore::{Charts, Run};
use crate::analysis::thumbnail;
use crate::map::metrics::Metrics;
use std::sync::Arc;

impl DelveApp {
    pub(super) fn handle_windows(&mut self, ctx: &egui::Context, c: WindowCommand) {
        match c {
            WindowCommand::Answer(a) => self.answer(ctx, a),
            WindowCommand::Recovery(a) => self.answer_recovery(a),
            WindowCommand::Quit => {
                self.allow_close = true;
                self.recovery.finish();
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            WindowCommand::DismissMessage => self.message = None,
            WindowCommand::ShowSeedBrowser(on) => self.browser.open = on,
            WindowCommand::CompareSeed(s) => {
                // Against what is on screen: an empty compare starts with the seed shown as A
                // (and, asked for that very seed, compares it with the next one no pane shows).
                let shown = self.session.seed();
                let mut seeds = Vec::new();
                if self.compare.panes.is_empty() {
                    seeds.push(shown);
                }
                seeds.push(if seeds.contains(&s) { s.wrapping_add(1) } else { s });
                for seed in seeds {
                    let job = self.compare.add(self.session.params().clone(), seed);
                    self.start_pane(job);
                }
            }
            WindowCommand::Pane(i, pc) => {
                let job = match pc {
                    PaneCommand::SetSeed(s) => self.compare.set_pane(i, None, Some(s)),
                    PaneCommand::SetParams(p) => self.compare.set_pane(i, Some(*p), None),
                    PaneCommand::Remove => {
                        self.compare.remove(i);
                        None
                    }
                };
                if let Some(job) = job {
                    self.start_pane(job);
                }
            }
            WindowCommand::ShowCompare(on) => {
                self.compare.open = on;
                // An empty compare opens on the seed shown and the next one.
                if on && self.compare.panes.is_empty() {
                    let seed = self.session.seed();
                    for s in [seed, seed.wrapping_add(1)] {
                        let job = self.compare.add(self.session.params().clone(), s);
                        self.start_pane(job);
                    }
                }
            }
            WindowCommand::ShowExplore(on) => self.explore.open = on,
            WindowCommand::ShowTune(on) => self.tune.open = on,
            WindowCommand::RunTune => match self.tune.request() {
                Ok(r) => self.start_tune(r),
                Err(e) => self.tune.error = Some(e),
            },
            WindowCommand::CancelTune => {
                if let Some(id) = self.tune.cancelled() {
                    self.jobs.cancel(id);
                }
            }
            WindowCommand::CompareTuned(p, name) => self.compare_tuned(*p, name),
            WindowCommand::ExploreGoal(goal) => self.explore_goal(goal),
            WindowCommand::SaveTuned(i) => {
                self.tune.chosen = Some(i);
                self.commands.push(Command::File(FileCommand::Dialog(DialogPurpose::SaveTunedPreset)));
            }
            WindowCommand::ShowTimeline(on) => self.timeline.open = on,
            WindowCommand::RunExplore => {
                let locks = self.generation_locks();
                let error = locks.as_ref().err().map(ToString::to_string);
                let kept = locks.ok().flatten();
                let locks = error.as_deref().map_or(Ok(kept.as_ref()), Err);
                let request = self.explore.run_request(&ExploreModel::of(&self.session, locks));
                self.start_explore(request);
            }
            WindowCommand::CancelExplore => {
                if let Some(id) = self.explore.cancelled() {
                    self.jobs.cancel(id);
                }
            }
            WindowCommand::BrowseExplored => {
                let kept = self.generation_locks().ok().flatten();
                let run = self.explore.run_of(self.session.params(), kept.as_deref()).cloned();
                match (run, self.explore.parsed_conditions()) {
                    (Some(run), Ok(conditions)) => {
                        self.browser.show_explored(run, conditions);
                        self.browser.open = true;
                    }
                    (None, _) => self.notify("No run of these parameters to browse: run them in Explore first".into()),
                    (_, Err(e)) => self.notify(e),
                }
            }
            WindowCommand::ShowSidePanel(on) => {
                self.prefs.side_panel = on;
                // Asking for a panel leaves the map-only view.
                if on {
                    self.prefs.focus_map = false;
                }
            }
            WindowCommand::FocusMap(on) => self.prefs.focus_map = on,
            WindowCommand::ShowResize => {
                self.resize = self.doc.as_ref().map(|d| super::super::resize_dialog::ResizeDialog::new(d.map()));
            }
            WindowCommand::OpenGuide => match crate::app::guide::write_guide(&self.guide_dir) {
                Ok(path) => {
                    ctx.open_url(egui::OpenUrl::new_tab(format!("file://{}", path.display())));
                    self.notify(format!("The user guide opens in your browser ({})", path.display()));
                }
                Err(e) => self.show_message("Cannot open the user guide", e.to_string()),
            },
            WindowCommand::Dock(window, place) => self.prefs.docks.set(window, place),
        }
    }

    /// Runs the Explore window's sweeps (one after the other, each on every core) and makes
    /// its charts, on the pool; the run it replaces is cancelled.
    pub(in crate::app) fn start_explore(&mut self, request: ExploreRequest) {
        if let Some(old) = self.explore.cancelled() {
            self.jobs.cancel(old);
        }
        let ExploreRequest { todo, kept, seeds, figures, have, keys } = &request;
        let (todo, kept, seeds, figures, have, keys) =
            (todo.clone(), kept.clone(), seeds.clone(), *figures, have.clone(), keys.clone());
        let job = self.jobs.spawn(JobKind::Explore, move |job| {
            let per = seeds.end - seeds.start;
            let mut runs = have;
            let mut made = Vec::new();
            for (i, (key, params)) in todo.into_iter().enumerate() {
                let before = i as u64 * per;
                let rows = crate::analysis::sweep::sweep(
                    &params,
                    seeds.clone(),
                    kept.as_ref(),
                    figures,
                    job.cancel_flag(),
                    |done| job.report(ExploreOut::Progress(before + done)),
                );
                match rows {
                    Ok(Some(rows)) => {
                        let run = Arc::new(Run::new(params, kept.clone(), seeds.clone(), figures, rows));
                        runs.push((key.clone(), run.clone()));
                        made.push((key, run));
                    }
                    Ok(None) => return ExploreOut::Explored(Err("cancelled".into())),
                    Err(e) => return ExploreOut::Explored(Err(e.to_string())),
                }
            }
            let shown: Vec<&Run> =
                keys.iter().filter_map(|k| runs.iter().find(|(x, _)| x == k).map(|(_, r)| r.as_ref())).collect();
            let charts = Arc::new(Charts::of(&shown));
            ExploreOut::Explored(Ok(Box::new(Explored { runs: made, keys, charts })))
        });
        self.explore.started(job, &request);
    }

    /// Lists the explored seeds for the seed browser on the pool; the listing it replaces is
    /// cancelled.
    pub(in crate::app) fn start_listing(&mut self, request: ListRequest) {
        if let Some(old) = self.browser.list_job() {
            self.jobs.cancel(old);
        }
        let key = request.key;
        let job = self.jobs.spawn(JobKind::Listing, move |_| request.list());
        self.browser.listing(job, key);
    }

    /// Records a generation for the timeline on the pool; the recording it replaces is
    /// cancelled.
    pub(in crate::app) fn start_recording(&mut self, source: super::super::timeline::Generation) {
        if let Some(old) = self.timeline.job() {
            self.jobs.cancel(old);
        }
        let s = source.clone();
        let job = self.jobs.spawn(JobKind::Record, move |_| {
            match crate::generate::Request::new(&s.params, s.seed).keeping(s.kept.clone()).recorded(true).run() {
                Ok(made) => Ok(made.recording.map(|r| r.steps.into())),
                Err(e) => Err(e.to_string()),
            }
        });
        self.timeline.started(job, source);
    }

    /// Generates a compare pane's map on the pool (around the locks a regeneration keeps, as
    /// Regenerate makes that seed).
    fn start_pane(&mut self, job: PaneJob) {
        let PaneJob { pane, params, seed } = job;
        let kept = self.generation_locks().ok().flatten();
        let job = self.jobs.spawn(JobKind::Compare, move |_| {
            crate::generate::generate_around(&params, seed, kept.as_ref()).map(|g| {
                let metrics = Metrics::of(&g.map);
                let play = crate::play::exit_figures_of(&g.map, crate::measure::PLAY_SETTINGS);
                Box::new(PaneOutcome { map: Arc::new(g.map), metrics, play })
            })
        });
        self.compare.started(pane, job);
    }

    /// Renders the thumbnails of a seed-browser page on the pool, each reported as it is done;
    /// the page it replaces is cancelled.
    pub(in crate::app) fn start_thumbnails(&mut self, request: ThumbnailRequest) {
        let ThumbnailRequest { params, kept, key, seeds, px } = request;
        if let Some(old) = self.browser.render_job() {
            self.jobs.cancel(old);
        }
        let job = self.jobs.spawn(JobKind::Thumbnails, move |job| {
            for seed in seeds {
                if job.cancelled() {
                    break;
                }
                match thumbnail(&params, seed, kept.as_ref(), px) {
                    Ok(t) => job.report(ThumbnailsOut::Thumbnail(Box::new(t))),
                    Err(e) => return ThumbnailsOut::Done { error: Some(e.to_string()) },
                }
            }
            ThumbnailsOut::Done { error: None }
        });
        self.browser.started(job, key);
    }
}
