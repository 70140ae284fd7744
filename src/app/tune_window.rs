//! *View ▸ Tune*: say what the maps should be and which parameters may move, and the search
//! ([`crate::analysis::tune`]) proposes parameters — with a live leaderboard, *Apply*,
//! *Compare* and *Save as preset…* — or map the variety the generator makes over two figures
//! ([`crate::analysis::variety`]) and load any cell's parameters. The search runs on the job
//! pool with progress and *Cancel*; the window keeps drawing.

use super::Command;
use super::command::{ParamsCommand, WindowCommand};
use super::dock::{Dockable, Host, Place, host as host_window};
use super::jobs::{Event, Job, JobId};
use crate::analysis::tune::{Outcome, Progress, Span, Tally, Vary};
use crate::analysis::variety::VarietyMap;
use crate::analysis::{Stat, Thumbnail};
use crate::params::{GeneratorParams, ParamKind};
use crate::words::percent;
use std::collections::HashMap;
use std::sync::Arc;

/// Maps a search may generate, as the window starts ...
pub const DEFAULT_BUDGET: u64 = 300_000;
/// ... and seconds it may take (large maps cost more than small ones).
pub const DEFAULT_SECONDS: f64 = 60.0;

/// Goal or variety map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Goal,
    Variety,
}

/// One parameter's tick and range in the window.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    pub key: &'static str,
    pub on: bool,
    pub lo: f64,
    pub hi: f64,
}

/// What the search job reports.
pub enum TuneOut {
    /// The leaders so far (with a thumbnail each), maps done of the budget.
    Leaders(Box<Progress>, Vec<Thumbnail>),
    Filled(u64, usize),
    Tuned(Result<Box<(Outcome, Vec<Thumbnail>)>, String>),
    Mapped(Result<Box<Mapped>, String>),
}

/// A filled variety map and a thumbnail per cell (none for an empty one).
pub type Mapped = (VarietyMap, Vec<Option<Thumbnail>>);

/// What a run asks for (taken by the app to start the job).
#[derive(Clone, Debug)]
pub struct TuneRequest {
    pub mode: Mode,
    pub goal: String,
    pub share: f64,
    pub vary: String,
    pub budget: u64,
    pub seconds: f64,
    pub x: Stat,
    pub y: Stat,
    pub keep_look: bool,
}

/// The Tune window's state.
pub struct TuneWindow {
    pub open: bool,
    pub mode: Mode,
    pub goal: String,
    /// Percent of seeds.
    pub share: f64,
    pub ticks: Vec<Tick>,
    ticks_for: Option<crate::params::GeneratorKind>,
    pub budget: u64,
    /// Seconds, besides the maps: whichever comes first ends the run (the final measurement
    /// on fresh seeds included).
    pub seconds: f64,
    pub x: Stat,
    pub y: Stat,
    /// Proposals keep the current maps' look (floor share, median room area, corridor share).
    pub keep_look: bool,
    job: Option<Job<TuneOut>>,
    done: (u64, u64),
    /// Once the search is over: the fresh seeds the proposals are measured on so far.
    fresh: Option<u64>,
    /// Cells of the variety map filled so far.
    filled: usize,
    leaders: Vec<(GeneratorParams, Tally)>,
    /// The finished search, and the parameters it started from.
    pub outcome: Option<Arc<Outcome>>,
    pub variety: Option<Arc<VarietyMap>>,
    base: Option<GeneratorParams>,
    pub error: Option<String>,
    /// The proposal *Save as preset…* was asked for.
    pub chosen: Option<usize>,
    thumbs: Vec<Option<Thumbnail>>,
    textures: HashMap<usize, egui::TextureHandle>,
}

impl Default for TuneWindow {
    fn default() -> Self {
        TuneWindow {
            open: false,
            mode: Mode::Goal,
            goal: String::new(),
            share: 90.0,
            ticks: Vec::new(),
            ticks_for: None,
            budget: DEFAULT_BUDGET,
            seconds: DEFAULT_SECONDS,
            x: Stat::Rooms,
            y: Stat::LongestPath,
            keep_look: true,
            job: None,
            done: (0, 0),
            fresh: None,
            filled: 0,
            leaders: Vec::new(),
            outcome: None,
            variety: None,
            base: None,
            error: None,
            chosen: None,
            thumbs: Vec::new(),
            textures: HashMap::new(),
        }
    }
}

impl TuneWindow {
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The job in flight, to cancel.
    pub fn job_id(&self) -> Option<JobId> {
        self.job.as_ref().map(Job::id)
    }

    /// The chosen proposal as a preset, its notes saying what it was tuned for.
    pub fn chosen_preset(&self, current: &GeneratorParams) -> Option<crate::io::Preset> {
        let o = self.outcome.as_ref()?;
        let p = o.proposals.get(self.chosen?)?;
        let base = self.base.as_ref().unwrap_or(current);
        let mut preset = crate::io::Preset::new(p.params.clone());
        preset.notes = Some(format!(
            "Tuned for: {}. Measured: {} of {}. Changed: {}.",
            o.goal.describe(),
            percent(p.judged().share()),
            o.measured_on(),
            crate::analysis::tune::changes(base, &p.params)
        ));
        Some(preset)
    }

    /// The parameters the last search started from.
    pub fn base(&self) -> Option<&GeneratorParams> {
        self.base.as_ref()
    }

    /// What a run of the window as it stands asks for, or why it cannot run.
    pub fn request(&self) -> Result<TuneRequest, String> {
        let vary: Vec<String> = self
            .ticks
            .iter()
            .filter(|t| t.on)
            .map(|t| if t.lo.is_nan() { t.key.to_string() } else { format!("{}={}..{}", t.key, t.lo, t.hi) })
            .collect();
        if vary.is_empty() {
            return Err("Tick at least one parameter the search may move.".into());
        }
        Ok(TuneRequest {
            mode: self.mode,
            goal: self.goal.clone(),
            share: self.share,
            vary: vary.join(","),
            budget: self.budget,
            seconds: self.seconds,
            x: self.x,
            y: self.y,
            keep_look: self.keep_look,
        })
    }

    /// A run started from `base`.
    pub fn started(&mut self, job: Job<TuneOut>, base: GeneratorParams, budget: u64) {
        self.job = Some(job);
        self.base = Some(base);
        self.done = (0, budget);
        self.fresh = None;
        self.filled = 0;
        self.leaders.clear();
        self.error = None;
        self.thumbs.clear();
        self.textures.clear();
        match self.mode {
            Mode::Goal => self.outcome = None,
            Mode::Variety => self.variety = None,
        }
    }

    /// The run was cancelled.
    pub fn cancelled(&mut self) -> Option<JobId> {
        self.job.take().map(|j| j.id())
    }

    pub fn poll(&mut self) {
        let Some(events) = self.job.as_ref().map(Job::poll) else { return };
        for e in events {
            match e {
                Event::Report(TuneOut::Leaders(p, thumbs)) => {
                    self.done = (p.maps, p.budget);
                    self.fresh = p.fresh;
                    self.leaders = p.leaders;
                    // Measuring on fresh seeds, the pictures come once.
                    if p.fresh.is_none() || !thumbs.is_empty() {
                        self.set_thumbs(thumbs.into_iter().map(Some).collect());
                    }
                }
                Event::Report(TuneOut::Filled(maps, filled)) => (self.done.0, self.filled) = (maps, filled),
                Event::Done(TuneOut::Tuned(Ok(b))) => {
                    let (outcome, thumbs) = *b;
                    self.outcome = Some(Arc::new(outcome));
                    self.set_thumbs(thumbs.into_iter().map(Some).collect());
                    self.job = None;
                }
                Event::Done(TuneOut::Mapped(Ok(b))) => {
                    let (grid, thumbs) = *b;
                    self.variety = Some(Arc::new(grid));
                    self.set_thumbs(thumbs);
                    self.job = None;
                }
                Event::Done(TuneOut::Tuned(Err(e)) | TuneOut::Mapped(Err(e))) | Event::Failed(e) => {
                    self.error = Some(e);
                    self.job = None;
                }
                Event::Report(_) | Event::Done(_) => {}
            }
        }
    }

    fn set_thumbs(&mut self, thumbs: Vec<Option<Thumbnail>>) {
        self.thumbs = thumbs;
        self.textures.clear();
    }

    /// The ticks for `params`' generator: every parameter, none ticked, ranges empty (the
    /// whole allowed range) until set.
    fn refresh_ticks(&mut self, params: &GeneratorParams) {
        if self.ticks_for == Some(params.kind()) {
            return;
        }
        self.ticks_for = Some(params.kind());
        self.ticks = params
            .params()
            .specs()
            .iter()
            .map(|s| Tick { key: s.key, on: false, lo: f64::NAN, hi: f64::NAN })
            .collect();
    }

    fn texture(&mut self, ctx: &egui::Context, i: usize) -> Option<egui::TextureHandle> {
        if let Some(t) = self.textures.get(&i) {
            return Some(t.clone());
        }
        let t = self.thumbs.get(i)?.as_ref()?;
        let image = egui::ColorImage::from_rgba_unmultiplied([t.width as usize, t.height as usize], &t.rgba);
        let handle = ctx.load_texture(format!("delve-tune-{i}"), image, egui::TextureOptions::NEAREST);
        self.textures.insert(i, handle.clone());
        Some(handle)
    }
}

/// The Tune window.
pub fn tune_ui(
    host: Host<'_>,
    place: Place,
    t: &mut TuneWindow,
    params: &GeneratorParams,
    out: &mut Vec<Command>,
) -> Option<Place> {
    t.refresh_ticks(params);
    let mut open = t.open;
    let picked = host_window(host, Dockable::Tune, place, &mut open, |ui| {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut t.mode, Mode::Goal, "Find parameters for a goal");
            ui.selectable_value(&mut t.mode, Mode::Variety, "Variety map");
        });
        ui.separator();
        match t.mode {
            Mode::Goal => goal_ui(ui, t, out),
            Mode::Variety => variety_settings_ui(ui, t),
        }
        ticks_ui(ui, t, params);
        run_ui(ui, t, out);
        if let Some(e) = &t.error {
            ui.add(egui::Label::new(egui::RichText::new(e).color(ui.visuals().error_fg_color)).wrap());
        }
        ui.separator();
        egui::ScrollArea::vertical().id_salt("delve-tune-results").show(ui, |ui| match t.mode {
            Mode::Goal => leaderboard_ui(ui, t, params, out),
            Mode::Variety => variety_ui(ui, t, out),
        });
    });
    t.open = open;
    picked
}

fn goal_ui(ui: &mut egui::Ui, t: &mut TuneWindow, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Maps with");
        let edit = ui.add(
            egui::TextEdit::singleline(&mut t.goal)
                .hint_text("rooms >= 20 and longest path >= 100")
                .desired_width((ui.available_width() - 8.0).clamp(160.0, 420.0)),
        );
        edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Goal"));
        ui.label("in at least");
        ui.add(egui::DragValue::new(&mut t.share).range(1.0..=100.0).suffix("%").speed(0.5));
        ui.label("of seeds");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new("Maps with problems or not connected never count. The figures are Explore's.").weak(),
        );
        if ui
            .add_enabled(!t.goal.trim().is_empty(), egui::Button::new("Filter Explore by this goal"))
            .on_hover_text("Explore's conditions become the goal's: see which seeds of the current run meet it")
            .clicked()
        {
            out.push(Command::Window(WindowCommand::ExploreGoal(t.goal.clone())));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut t.keep_look, "Keep the look")
            .on_hover_text("Proposals keep the current maps' character; untick to let the search change it");
        ui.label(egui::RichText::new(format!("({})", crate::analysis::tune::TOLERANCE_WORDS)).weak());
    });
}

fn variety_settings_ui(ui: &mut egui::Ui, t: &mut TuneWindow) {
    ui.horizontal_wrapped(|ui| {
        for (label, stat) in [("Across", &mut t.x), ("up", &mut t.y)] {
            ui.label(label);
            egui::ComboBox::from_id_salt(("delve-variety", label)).selected_text(stat.label()).show_ui(ui, |ui| {
                for s in Stat::metrics() {
                    ui.selectable_value(stat, *s, s.label());
                }
            });
        }
    });
    ui.label(
        egui::RichText::new(
            "A 10×10 grid of parameter sets whose typical map lands in each cell: what this generator can make.",
        )
        .weak(),
    );
}

fn ticks_ui(ui: &mut egui::Ui, t: &mut TuneWindow, params: &GeneratorParams) {
    egui::CollapsingHeader::new("Parameters the search may move").default_open(true).show(ui, |ui| {
        // Scrolled in a band of its own: the results below keep their room.
        egui::ScrollArea::vertical()
            .id_salt("delve-tune-ticks")
            .max_height(190.0)
            .show(ui, |ui| ticks_grid_ui(ui, t, params));
    });
}

fn ticks_grid_ui(ui: &mut egui::Ui, t: &mut TuneWindow, params: &GeneratorParams) {
    egui::Grid::new("delve-tune-ticks").num_columns(3).spacing(egui::vec2(8.0, 2.0)).show(ui, |ui| {
        for (tick, spec) in t.ticks.iter_mut().zip(params.params().specs()) {
            ui.checkbox(&mut tick.on, spec.label).on_hover_text(format!("{} ({})", spec.help, spec.allowed()));
            let ranged = matches!(spec.kind, ParamKind::Int { .. } | ParamKind::Range { .. } | ParamKind::Float { .. });
            if tick.on && ranged {
                let (min, max) = match spec.kind {
                    ParamKind::Int { min, max } | ParamKind::Range { min, max } => (min as f64, max as f64),
                    ParamKind::Float { min, max } => (min, max),
                    _ => (0.0, 1.0),
                };
                if tick.lo.is_nan() {
                    // First ticked: what a bare `--vary KEY` means on the command line (half to
                    // twice the current value, widened only when needed); widen it at will.
                    (tick.lo, tick.hi) = match Vary::around(spec, params.params().get(spec.key)).span {
                        Span::Int { lo, hi } | Span::Range { lo, hi } => (lo as f64, hi as f64),
                        Span::Float { lo, hi } => (lo, hi),
                        Span::Choice(_) | Span::Bool => (min, max),
                    };
                }
                ui.horizontal(|ui| {
                    let speed = ((max - min) / 200.0).max(0.01);
                    ui.add(egui::DragValue::new(&mut tick.lo).range(min..=tick.hi).speed(speed));
                    ui.label("to");
                    ui.add(egui::DragValue::new(&mut tick.hi).range(tick.lo..=max).speed(speed));
                });
                ui.label(egui::RichText::new(spec.unit).weak());
            } else {
                ui.label(egui::RichText::new(if tick.on { "any option" } else { "stays" }).weak());
                ui.label("");
            }
            ui.end_row();
        }
    });
}

fn run_ui(ui: &mut egui::Ui, t: &mut TuneWindow, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Budget");
        ui.add(egui::DragValue::new(&mut t.budget).range(1_000..=100_000_000).speed(1_000.0).suffix(" maps"));
        ui.label("or");
        ui.add(egui::DragValue::new(&mut t.seconds).range(1.0..=3_600.0).speed(1.0).suffix(" s")).on_hover_text(
            "Whichever comes first ends the run; a run ended by the clock may not come out the same again",
        );
        if t.is_busy() {
            let n = super::explore::group_thousands;
            let (done, of) = match t.fresh {
                Some(seeds) => {
                    (seeds, crate::analysis::tune::FRESH_SEEDS.end - crate::analysis::tune::FRESH_SEEDS.start)
                }
                None => t.done,
            };
            let fraction = if of > 0 { done as f32 / of as f32 } else { 0.0 };
            let text = match t.fresh {
                Some(_) => format!("proposals on fresh seeds: {} of {}", n(done), n(of)),
                None => format!("{} of {} maps", n(done), n(of)),
            };
            ui.add(egui::ProgressBar::new(fraction.min(1.0)).desired_width(200.0).text(text));
            if ui.button("Cancel").clicked() {
                out.push(Command::Window(WindowCommand::CancelTune));
            }
        } else if ui.button("Run").on_hover_text("Search on every core; the editor keeps working").clicked() {
            out.push(Command::Window(WindowCommand::RunTune));
        }
    });
}

fn leaderboard_ui(ui: &mut egui::Ui, t: &mut TuneWindow, params: &GeneratorParams, out: &mut Vec<Command>) {
    let base = t.base.clone().unwrap_or_else(|| params.clone());
    let rows: Vec<(GeneratorParams, String, String)> = match &t.outcome {
        Some(o) => {
            if let Some(why) = o.shortfall() {
                ui.add(egui::Label::new(egui::RichText::new(why).color(ui.visuals().warn_fg_color)).wrap());
                ui.add(egui::Label::new(format!("Shares measured on {}.", o.measured_on())).wrap());
            } else {
                let n = |v: u64| super::explore::group_thousands(v);
                ui.add(
                    egui::Label::new(format!(
                        "Goal met: {}. Shares measured on {} ({} maps searched).",
                        o.goal.describe(),
                        o.measured_on(),
                        n(o.maps)
                    ))
                    .wrap(),
                );
            }
            if o.keep_look && o.look.is_some() {
                ui.label(egui::RichText::new(format!("Look kept: {}.", crate::analysis::tune::TOLERANCE_WORDS)).weak());
            }
            o.proposals
                .iter()
                .map(|p| {
                    let seeds = if p.fresh.seeds > 0 { "fresh seeds" } else { "the search's seeds" };
                    let share = format!("{} of {seeds}", percent(p.judged().share()));
                    let mut changes = crate::analysis::tune::changes(&base, &p.params);
                    if let Some(look) = &o.look {
                        changes.push_str(&format!("; {}", p.judged().look().describe(look)));
                    }
                    (p.params.clone(), share, changes)
                })
                .collect()
        }
        None => t
            .leaders
            .iter()
            .map(|(p, tally)| {
                let share = format!("{} of {} seeds so far", percent(tally.share()), tally.seeds);
                (p.clone(), share, crate::analysis::tune::changes(&base, p))
            })
            .collect(),
    };
    let finished = t.outcome.is_some();
    for (i, (p, share, changes)) in rows.into_iter().enumerate() {
        ui.horizontal(|ui| {
            if let Some(tex) = t.texture(ui.ctx(), i) {
                let size = tex.size_vec2();
                let scale = (96.0 / size.x.max(size.y).max(1.0)).min(2.0);
                ui.image((tex.id(), size * scale));
            }
            ui.vertical(|ui| {
                ui.strong(format!("{}. {share}", i + 1));
                ui.add(egui::Label::new(changes).wrap());
                if finished {
                    ui.horizontal(|ui| {
                        if ui.button("Apply").on_hover_text("Take these parameters (one undo step)").clicked() {
                            out.push(Command::Params(ParamsCommand::ApplyParams(
                                Box::new(p.clone()),
                                format!("Tuned #{}", i + 1),
                            )));
                        }
                        if ui
                            .button("Compare")
                            .on_hover_text(
                                "In Explore: this proposal's maps drawn over the current parameters', seed for seed",
                            )
                            .clicked()
                        {
                            let name = format!("tuned #{}", i + 1);
                            out.push(Command::Window(WindowCommand::CompareTuned(Box::new(p.clone()), name)));
                        }
                        if ui.button("Save as preset…").clicked() {
                            out.push(Command::Window(WindowCommand::SaveTuned(i)));
                        }
                    });
                }
            });
        });
        ui.separator();
    }
}

fn variety_ui(ui: &mut egui::Ui, t: &mut TuneWindow, out: &mut Vec<Command>) {
    let Some(grid) = t.variety.clone() else {
        let text =
            if t.is_busy() { format!("{} cells filled so far…", t.filled) } else { "Run to fill the grid.".into() };
        ui.label(egui::RichText::new(text).weak());
        return;
    };
    ui.label(format!(
        "{} of {} cells filled ({} maps). Click a cell to load its parameters.",
        grid.filled(),
        grid.side * grid.side,
        grid.maps
    ));
    let cell = ((ui.available_width() - 60.0) / grid.side as f32).clamp(40.0, 96.0);
    egui::Grid::new("delve-variety-grid").spacing(egui::vec2(2.0, 2.0)).show(ui, |ui| {
        for row in (0..grid.side).rev() {
            let ((_, _), (y0, _)) = grid.bounds(0, row);
            ui.label(format!("{y0:.0}"));
            for col in 0..grid.side {
                let i = row * grid.side + col;
                match (&grid.cells[i], t.texture(ui.ctx(), i)) {
                    (Some(e), Some(tex)) => {
                        let size = tex.size_vec2();
                        let scale = cell / size.x.max(size.y).max(1.0);
                        let what = format!("{} {:.1}, {} {:.1}", grid.x.label(), e.x, grid.y.label(), e.y);
                        let r = ui.add(egui::Button::image((tex.id(), size * scale))).on_hover_text(&what);
                        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &what));
                        if r.clicked() {
                            let label = format!("Variety {} {:.0}, {} {:.0}", grid.x.label(), e.x, grid.y.label(), e.y);
                            out.push(Command::Params(ParamsCommand::ApplyParams(Box::new(e.params.clone()), label)));
                        }
                    }
                    _ => {
                        ui.allocate_exact_size(egui::vec2(cell, cell * 0.6), egui::Sense::hover());
                    }
                }
            }
            ui.end_row();
        }
        ui.label("");
        for col in 0..grid.side {
            let ((x0, _), _) = grid.bounds(col, 0);
            ui.label(format!("{x0:.0}"));
        }
        ui.end_row();
    });
    ui.label(format!("across: {}, up: {}", grid.x.label(), grid.y.label()));
}
