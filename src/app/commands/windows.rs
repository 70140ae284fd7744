//! Window commands: the seed browser, the compare window and its panes, the side panel, the
//! error banner, quitting. Thumbnail pages and compare panes are made on the worker pool.

use super::super::DelveApp;
use super::super::command::{Command, PaneCommand};
use super::super::compare::PaneJob;
use super::super::jobs::{JobKind, JobOutput, PaneOutcome};
use super::super::seed_browser::ThumbnailRequest;
use crate::analysis::thumbnail;
use crate::map::metrics::Metrics;
use std::sync::Arc;

impl DelveApp {
    pub(super) fn handle_windows(&mut self, ctx: &egui::Context, c: Command) {
        match c {
            Command::Quit => {
                self.allow_close = true;
                self.recovery.finish();
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::DismissMessage => self.message = None,
            Command::ShowSeedBrowser(on) => self.browser.open = on,
            Command::CompareSeed(s) => {
                let job = self.compare.add(self.session.params().clone(), s);
                self.start_pane(job);
            }
            Command::Pane(i, pc) => {
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
            Command::ShowCompare(on) => self.compare.open = on,
            Command::ShowSidePanel(on) => self.prefs.side_panel = on,
            _ => {}
        }
    }

    /// Generates a compare pane's map on the pool.
    fn start_pane(&mut self, job: PaneJob) {
        let PaneJob { pane, params, seed } = job;
        let id = self.jobs.spawn(JobKind::Compare, move |_| {
            JobOutput::Pane(crate::generate::generate(&params, seed).map(|g| {
                let metrics = Metrics::of(&g.map);
                Box::new(PaneOutcome { map: Arc::new(g.map), metrics })
            }))
        });
        self.compare.started(pane, id);
    }

    /// Renders the thumbnails of a seed-browser page on the pool, each reported as it is done;
    /// the page it replaces is cancelled.
    pub(in crate::app) fn start_thumbnails(&mut self, request: ThumbnailRequest) {
        let ThumbnailRequest { params, key, seeds, px } = request;
        if let Some(old) = self.browser.render_job() {
            self.jobs.cancel(old);
        }
        let id = self.jobs.spawn(JobKind::Thumbnails, move |job| {
            for seed in seeds {
                if job.cancelled() {
                    break;
                }
                match thumbnail(&params, seed, px) {
                    Ok(t) => job.report(JobOutput::Thumbnail(Box::new(t))),
                    Err(e) => return JobOutput::ThumbnailsDone { error: Some(e.to_string()) },
                }
            }
            JobOutput::ThumbnailsDone { error: None }
        });
        self.browser.started(id, key);
    }
}
