//! The Tune window's runs on the job pool: a search for a goal, or a variety map, with
//! progress (the leaders and their thumbnails) and cancel; a proposal compared in Explore, and
//! the goal sent to Explore's conditions.

use super::super::Command;
use super::super::DelveApp;
use super::super::command::WindowCommand;
use super::super::jobs::JobKind;
use super::super::tune_window::{Mode, TuneOut, TuneRequest};
use crate::analysis::thumbnail;
use crate::analysis::tune::{self, Budget, Goal, Settings, Vary};
use crate::analysis::variety::{self, VarietySettings};
use crate::params::GeneratorParams;

/// Pixels a side of the Tune window's thumbnails.
const THUMB_PX: u32 = 96;

impl DelveApp {
    /// Starts the Tune window's run (the one in flight is cancelled).
    pub(in crate::app) fn start_tune(&mut self, r: TuneRequest) {
        if let Some(old) = self.tune.cancelled() {
            self.jobs.cancel(old);
        }
        let base = self.session.params().clone();
        let kept = match self.generation_locks() {
            Ok(k) => k,
            Err(e) => {
                self.tune.error = Some(e.to_string());
                return;
            }
        };
        let vary = match Vary::parse_list(&base, &r.vary) {
            Ok(v) => v,
            Err(e) => {
                self.tune.error = Some(e);
                return;
            }
        };
        let budget = match Budget::maps(r.budget) {
            Ok(b) => Budget { seconds: Some(r.seconds), ..b },
            Err(e) => {
                self.tune.error = Some(e);
                return;
            }
        };
        let tune_seed = 1;
        let job = match r.mode {
            Mode::Goal => {
                let goal = match Goal::parse(&r.goal, r.share) {
                    Ok(g) => g,
                    Err(e) => {
                        self.tune.error = Some(e);
                        return;
                    }
                };
                let settings = Settings { goal, vary, budget, tune_seed, kept: kept.clone(), keep_look: r.keep_look };
                let base = base.clone();
                self.jobs.spawn(JobKind::Tune, move |job| {
                    let thumbs = |params: &mut dyn Iterator<Item = &crate::params::GeneratorParams>| {
                        params.filter_map(|p| thumbnail(p, 0, kept.as_ref(), THUMB_PX).ok()).collect::<Vec<_>>()
                    };
                    // The proposals' pictures once their measurement on fresh seeds starts,
                    // not again at every block of seeds.
                    let mut pictured = false;
                    let found = tune::tune(&base, &settings, job.cancel_flag(), |p| {
                        let t = if pictured { Vec::new() } else { thumbs(&mut p.leaders.iter().map(|(p, _)| p)) };
                        pictured = p.fresh.is_some();
                        job.report(TuneOut::Leaders(Box::new(p.clone()), t));
                    });
                    TuneOut::Tuned(match found {
                        Ok(Some(o)) => {
                            let t = thumbs(&mut o.proposals.iter().map(|p| &p.params));
                            Ok(Box::new((o, t)))
                        }
                        Ok(None) => Err("cancelled".into()),
                        Err(e) => Err(e.to_string()),
                    })
                })
            }
            Mode::Variety => {
                let settings =
                    VarietySettings { x: r.x, y: r.y, side: 10, vary, budget, tune_seed, kept: kept.clone() };
                let base = base.clone();
                self.jobs.spawn(JobKind::Tune, move |job| {
                    let found = variety::variety(&base, &settings, job.cancel_flag(), |g| {
                        job.report(TuneOut::Filled(g.maps, g.filled()));
                    });
                    TuneOut::Mapped(match found {
                        Ok(Some(g)) => {
                            let t = g
                                .cells
                                .iter()
                                .map(|c| c.as_ref().and_then(|e| thumbnail(&e.params, 0, kept.as_ref(), THUMB_PX).ok()))
                                .collect();
                            Ok(Box::new((g, t)))
                        }
                        Ok(None) => Err("cancelled".into()),
                        Err(e) => Err(e.to_string()),
                    })
                })
            }
        };
        self.tune.started(job, base, r.budget);
    }

    /// Explore's A/B for proposal `p` (called `name`): drawn over the parameters it would
    /// replace — the current ones; or, when it is applied already, those the search started
    /// from — and labelled so. Never a proposal over itself.
    pub(in crate::app) fn compare_tuned(&mut self, p: GeneratorParams, name: String) {
        let against = if p != *self.session.params() {
            (p, name)
        } else {
            match self.tune.base().filter(|b| **b != p) {
                Some(before) => (before.clone(), format!("before {name}")),
                None => {
                    self.notify(format!("{} holds the current parameters: there is nothing to compare", name));
                    return;
                }
            }
        };
        self.explore.against = Some(against);
        self.explore.open = true;
        self.commands.push(Command::Window(WindowCommand::RunExplore));
    }

    /// Explore's conditions become the Tune window's goal (its conditions, without the share),
    /// and Explore opens on the current parameters' run.
    pub(in crate::app) fn explore_goal(&mut self, goal: String) {
        self.explore.conditions = goal;
        self.explore.open = true;
        let kept = self.generation_locks().ok().flatten();
        if self.explore.run_of(self.session.params(), kept.as_deref()).is_none() {
            self.notify("Explore's conditions are the goal's: press Run in Explore to see which seeds meet it".into());
        }
    }
}
