//! *Figures by depth* (Explore over a dungeon): the open dungeon made for many seeds on a worker
//! ([`crate::analysis::depth`]), and each floor's figures plotted by depth — a line through the
//! medians and a band from the 5th to the 95th percentile, one colour per branch — so a
//! designer sees whether the rooms, the longest path, the monsters and the solution length
//! grow with depth as the ramps meant.

use super::command::{Command, DungeonCommand};
use super::dungeon::DungeonDoc;
use super::jobs::{Event, Job};
use crate::analysis::depth::{DEPTH_FIGURES, DepthFigure, DungeonRun};
use egui::{Color32, vec2};
use egui_plot::{FilledArea, Line, Plot, PlotPoints};
use std::sync::Arc;

/// What the run's job hands back.
pub enum DepthOut {
    Progress(u64),
    Done(Result<Option<Box<DungeonRun>>, String>),
}

/// The window's state (runtime only).
pub struct DepthWindow {
    pub open: bool,
    /// How many seeds a run makes (from the dungeon's seed on).
    pub seeds: u64,
    /// The run in flight, the seeds it makes, and how many are done.
    job: Option<(Job<DepthOut>, u64, u64)>,
    /// The last run, and the dungeon (its serial) it was made of.
    run: Option<(u64, Arc<DungeonRun>)>,
    pub error: Option<String>,
}

impl Default for DepthWindow {
    fn default() -> Self {
        Self { open: false, seeds: 100, job: None, run: None, error: None }
    }
}

/// The colours of the branches, in order (the trunk first).
const BRANCH_COLOURS: [Color32; 6] = [
    Color32::from_rgb(0x5b, 0x9b, 0xd5),
    Color32::from_rgb(0x70, 0xc0, 0x60),
    Color32::from_rgb(0xe0, 0x9a, 0x40),
    Color32::from_rgb(0xc0, 0x60, 0xc0),
    Color32::from_rgb(0xd0, 0x50, 0x50),
    Color32::from_rgb(0x50, 0xc0, 0xb0),
];

impl DepthWindow {
    /// A run started: `job` makes `seeds` dungeons.
    pub fn started(&mut self, job: Job<DepthOut>, seeds: u64) {
        self.job = Some((job, seeds, 0));
        self.error = None;
    }

    /// The job of the run in flight, to cancel.
    pub fn running(&self) -> Option<super::jobs::JobId> {
        self.job.as_ref().map(|(j, _, _)| j.id())
    }

    /// What the run's job handed back; `serial`: the dungeon it was made of.
    pub fn poll(&mut self, serial: Option<u64>) {
        let Some(events) = self.job.as_ref().map(|(j, _, _)| j.poll()) else { return };
        for e in events {
            match e {
                Event::Report(DepthOut::Progress(done)) => {
                    if let Some(j) = &mut self.job {
                        j.2 = done;
                    }
                }
                Event::Done(DepthOut::Done(result)) | Event::Report(DepthOut::Done(result)) => {
                    self.job = None;
                    match result {
                        Ok(Some(run)) => self.run = serial.map(|s| (s, Arc::from(run))),
                        Ok(None) => {}
                        Err(e) => self.error = Some(e),
                    }
                }
                Event::Done(DepthOut::Progress(_)) => self.job = None,
                Event::Failed(e) => {
                    self.job = None;
                    self.error = Some(e);
                }
            }
        }
    }

    /// The last run, when it was made of the dungeon `serial`.
    pub fn run_of(&self, serial: u64) -> Option<&DungeonRun> {
        self.run.as_ref().filter(|(s, _)| *s == serial).map(|(_, r)| r.as_ref())
    }
}

/// The window; returns what the user asked for.
pub fn depth_window_ui(ctx: &egui::Context, w: &mut DepthWindow, d: Option<&DungeonDoc>, out: &mut Vec<Command>) {
    let mut open = w.open;
    egui::Window::new("Figures by depth").open(&mut open).default_size(vec2(760.0, 560.0)).default_pos([300.0, 90.0]).show(ctx, |ui| {
        let Some(d) = d else {
            ui.label("No dungeon is open: File > New dungeon, or open a dungeon file.");
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("Seeds");
            ui.add(egui::DragValue::new(&mut w.seeds).range(1..=100_000)).labelled_by(label.id);
            ui.label(egui::RichText::new(format!("from the dungeon seed {}", d.made.seed)).weak());
            match &w.job {
                Some((_, total, done)) => {
                    let share = *done as f32 / (*total).max(1) as f32;
                    ui.add(egui::ProgressBar::new(share).desired_width(160.0).text(format!("{done} of {total}")));
                    if ui.button("Cancel").clicked() {
                        out.push(DungeonCommand::CancelFigures.into());
                    }
                }
                None => {
                    if ui.button("Run").on_hover_text("Make the dungeon for each seed and measure every floor").clicked()
                    {
                        out.push(DungeonCommand::RunFigures.into());
                    }
                }
            }
        });
        if let Some(e) = &w.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let Some(run) = w.run_of(d.serial) else {
            ui.label("Run the dungeon over its seeds to see each floor's figures by depth.");
            return;
        };
        let n = run.dungeons.len();
        let certified = run.certified();
        ui.label(format!(
            "{n} dungeons made from seed {}: {certified} certified top to bottom ({:.1}%). Median and 5th–95th percentile per floor.",
            run.seeds.start,
            100.0 * certified as f64 / n.max(1) as f64
        ));
        if let Some(r) = run.dungeons.iter().find(|r| r.problem.is_some()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("Seed {}: {}", r.seed, r.problem.as_deref().unwrap_or("")),
            );
        }
        // The branches' colours, once for the four plots (a legend in each would hide the data).
        ui.horizontal_wrapped(|ui| {
            for (b, (name, entered)) in d.made.branches.iter().enumerate() {
                let colour = BRANCH_COLOURS[b % BRANCH_COLOURS.len()];
                let from = entered.map(|e| format!(" (entered at depth {e} of its parent on this seed)")).unwrap_or_default();
                ui.label(egui::RichText::new(format!("— {name}")).color(colour).strong()).on_hover_text(format!("{name}{from}"));
            }
        });
        let width = ((ui.available_width() - 12.0) / 2.0).max(200.0);
        egui::Grid::new("delve-depth-grid").spacing(vec2(12.0, 8.0)).show(ui, |ui| {
            for (k, figure) in DEPTH_FIGURES.iter().enumerate() {
                ui.vertical(|ui| {
                    ui.label(egui::RichText::new(figure.label()).strong());
                    plot_ui(ui, run, *figure, &d.made.branches, width);
                });
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    });
    if open != w.open {
        out.push(DungeonCommand::ShowFigures(open).into());
    }
}

/// One figure by depth: per branch, the band and the line of medians.
fn plot_ui(ui: &mut egui::Ui, run: &DungeonRun, figure: DepthFigure, branches: &[(String, Option<u32>)], width: f32) {
    Plot::new(("delve-depth", figure.label()))
        .width(width)
        .height(180.0)
        .x_axis_label("depth")
        .include_y(0.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (b, (name, _)) in branches.iter().enumerate() {
                let floors: Vec<_> = run.floors.iter().filter(|f| f.id.branch == b).collect();
                if floors.is_empty() {
                    continue;
                }
                let colour = BRANCH_COLOURS[b % BRANCH_COLOURS.len()];
                let xs: Vec<f64> = floors.iter().map(|f| f64::from(f.id.depth)).collect();
                let spreads: Vec<_> = floors.iter().map(|f| f.spread(figure)).collect();
                let low: Vec<f64> = spreads.iter().map(|s| s.p5).collect();
                let high: Vec<f64> = spreads.iter().map(|s| s.p95).collect();
                plot.add(FilledArea::new(name.clone(), &xs, &low, &high).fill_color(colour.gamma_multiply(0.25)));
                let medians: PlotPoints = xs.iter().zip(&spreads).map(|(x, s)| [*x, s.p50]).collect();
                plot.add(Line::new(name.clone(), medians).color(colour).width(2.0));
            }
        });
}
