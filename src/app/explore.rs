//! The Explore window: the current parameters run over many seeds on the worker pool (progress,
//! cancel), a histogram per figure, the percentiles, how often generation fell short and why;
//! optionally the parameters as saved in their preset drawn over them (A/B), with the
//! parameters that differ listed. Dragging over a histogram (or typing conditions) picks seeds
//! across the whole run, which open in the seed browser. The last run of each parameter set is
//! kept while the editor is open.

use super::Command;
use super::command::FileCommand;
use super::dialogs::DialogPurpose;
use crate::words::{capitalised, percent};
#[path = "explore_charts.rs"]
mod charts;
pub use charts::PICKED_COLOUR;

use super::dock::{Dockable, Host, Place, host as host_window};
use super::jobs::{Event, Job, JobId};
pub use crate::analysis::explore::group_thousands;
use crate::analysis::explore::{self, Charts, Condition, Run};
use crate::analysis::sweep::Figures;
use crate::analysis::{Stat, differing_params, format_value, run_key};
use crate::app::command::WindowCommand;
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use egui::{Color32, vec2};
use std::ops::{Range, RangeInclusive};
use std::sync::Arc;

/// How many seeds a run may take.
pub const SEED_COUNTS: RangeInclusive<u64> = 100..=1_000_000;
/// Parameter sets whose last run is kept (the least recently used goes first), and the most
/// maps they may hold together (about 70 bytes each).
const KEPT_RUNS: usize = 8;
const KEPT_ROWS: usize = 4_000_000;
/// The current parameters' bars, and the saved parameters' drawn over them.
pub const NOW_COLOUR: Color32 = Color32::from_rgb(0x4a, 0x9e, 0xe8);
pub const SAVED_COLOUR: Color32 = Color32::from_rgb(0xf0, 0xa0, 0x30);

/// The runs (and their charts) a job should make: the sweeps in `todo` first, then the charts
/// of `keys`, whose runs are `have` plus those made.
pub struct ExploreRequest {
    pub todo: Vec<(String, GeneratorParams)>,
    /// The locks the runs' maps are made around, if any.
    pub kept: Option<Arc<Kept>>,
    pub seeds: Range<u64>,
    /// What the runs to make measure.
    pub figures: Figures,
    pub have: Vec<(String, Arc<Run>)>,
    pub keys: Vec<String>,
}

/// What an explore job made.
pub struct Explored {
    pub runs: Vec<(String, Arc<Run>)>,
    pub keys: Vec<String>,
    pub charts: Arc<Charts>,
}

/// What an explore job hands back: seeds done so far (of all its sweeps), then the runs and
/// charts (or why there are none).
pub enum ExploreOut {
    Progress(u64),
    Explored(Result<Box<Explored>, String>),
}

/// A job in flight.
struct Running {
    job: Job<ExploreOut>,
    /// Seeds done and to do (of every sweep of the job).
    done: u64,
    total: u64,
}

/// State of the Explore window (runtime only).
pub struct Explore {
    pub open: bool,
    /// How many seeds a run takes, and the first.
    pub count: u64,
    pub first: u64,
    /// Also run the parameters as saved in their preset, drawn over the current ones.
    pub against_saved: bool,
    /// Or these parameters, named (a proposal of the Tune window): drawn over the current ones
    /// instead of the saved ones.
    pub against: Option<(GeneratorParams, String)>,
    /// Conditions on figures as typed: `rooms >= 20 and longest path >= 100`.
    pub conditions: String,
    /// Runs measure the figures from play too (slower).
    pub play: bool,
    runs: Vec<(String, Arc<Run>)>,
    charts: Option<(Vec<String>, Arc<Charts>)>,
    job: Option<Running>,
    error: Option<String>,
    /// Where a drag over a histogram started: the figure and its value.
    drag: Option<(Stat, f64)>,
    /// How many seeds match, for (conditions text, run), computed when they change.
    matched: Option<(String, String, Result<usize, String>)>,
    /// The matching seeds' counts in each histogram's bins, computed when they change.
    highlight: Option<charts::Highlight>,
}

impl Default for Explore {
    fn default() -> Self {
        Self {
            open: false,
            count: 10_000,
            first: 0,
            against_saved: false,
            against: None,
            conditions: String::new(),
            play: false,
            runs: Vec::new(),
            charts: None,
            job: None,
            error: None,
            drag: None,
            matched: None,
            highlight: None,
        }
    }
}

/// What the window needs of the session.
pub struct ExploreModel<'a> {
    pub params: &'a GeneratorParams,
    /// The parameters as their preset holds them, when they differ from the current ones.
    pub saved: Option<&'a GeneratorParams>,
    /// The locks a regeneration keeps (the runs' maps are made around them), or why they
    /// cannot be kept.
    pub locks: LocksShown<'a>,
}

/// What the windows that make maps (seed browser, Explore) make them around: the locks a
/// regeneration keeps (`None` without locks), or why they cannot be kept.
pub type LocksShown<'a> = Result<Option<&'a Arc<Kept>>, &'a str>;

impl<'a> ExploreModel<'a> {
    /// The session's parameters (and the saved ones), around `locks`.
    pub fn of(session: &'a super::session::Session, locks: LocksShown<'a>) -> Self {
        Self { params: session.params(), saved: session.saved_params(), locks }
    }

    fn kept(&self) -> Option<&Arc<Kept>> {
        self.locks.ok().flatten()
    }
}

impl Explore {
    /// Whether a run is in flight.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The job in flight.
    pub fn job(&self) -> Option<JobId> {
        self.job.as_ref().map(|j| j.job.id())
    }

    /// The last run of `params` around `kept`, if one is kept.
    pub fn run_of(&self, params: &GeneratorParams, kept: Option<&Kept>) -> Option<&Arc<Run>> {
        let key = run_key(params, kept);
        self.runs.iter().find(|(k, _)| *k == key).map(|(_, r)| r)
    }

    /// The charts shown, when they are of these parameters.
    pub fn charts(&self) -> Option<&Charts> {
        self.charts.as_ref().map(|(_, c)| c.as_ref())
    }

    /// The error of the last run.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The conditions typed, read; an error says what is wrong where.
    pub fn parsed_conditions(&self) -> Result<Vec<Condition>, String> {
        explore::parse(&self.conditions)
    }

    /// The parameters drawn over the current ones, and what to call them: a named set (the
    /// Tune window's), or the preset's as saved when asked for.
    fn other<'a>(&'a self, m: &ExploreModel<'a>) -> Option<(&'a GeneratorParams, &'a str)> {
        match &self.against {
            Some((p, name)) => Some((p, name.as_str())),
            None => m.saved.filter(|_| self.against_saved).map(|s| (s, "saved")),
        }
    }

    /// What the runs drawn over the current one are called ("saved", or a named set's name).
    pub(super) fn other_name(&self) -> &str {
        self.against.as_ref().map_or("saved", |(_, n)| n.as_str())
    }

    /// The parameter sets shown: the current ones, then the compared ones (unless they are
    /// the current ones: a set is never drawn over itself).
    fn wanted(&self, m: &ExploreModel<'_>) -> Vec<(String, GeneratorParams)> {
        let kept = m.kept().map(|k| &**k);
        let mut out = vec![(run_key(m.params, kept), m.params.clone())];
        if let Some((other, _)) = self.other(m).filter(|(o, _)| *o != m.params) {
            out.push((run_key(other, kept), other.clone()));
        }
        out
    }

    /// The keys of the runs the window shows now: the current parameters' run first (none
    /// without one: no other run's numbers ever stand in for it), then the compared set's,
    /// when it has a run.
    pub fn shown(&self, m: &ExploreModel<'_>) -> Vec<String> {
        let keys: Vec<String> = self.wanted(m).into_iter().map(|(k, _)| k).collect();
        if !self.runs.iter().any(|(k, _)| *k == keys[0]) {
            return Vec::new();
        }
        keys.into_iter().filter(|k| self.runs.iter().any(|(x, _)| x == k)).collect()
    }

    /// A run of the shown parameter sets over the chosen seeds: those whose kept run covers
    /// other seeds are run again.
    pub fn run_request(&mut self, m: &ExploreModel<'_>) -> ExploreRequest {
        let seeds = self.first..self.first.saturating_add(self.count.clamp(*SEED_COUNTS.start(), *SEED_COUNTS.end()));
        let mut todo = Vec::new();
        let mut have = Vec::new();
        let wanted = self.wanted(m);
        let figures = self.figures();
        for (key, params) in &wanted {
            match self.runs.iter().find(|(k, r)| k == key && r.covers(&seeds, figures)) {
                Some((k, r)) => have.push((k.clone(), r.clone())),
                None => todo.push((key.clone(), params.clone())),
            }
        }
        self.error = None;
        let kept = m.kept().cloned();
        ExploreRequest { todo, kept, seeds, figures, have, keys: wanted.into_iter().map(|(k, _)| k).collect() }
    }

    /// What a run measures now: the figures from play too when ticked.
    pub fn figures(&self) -> Figures {
        Figures::with_play(self.play)
    }

    /// The charts to make when the runs to show are kept but the charts shown are of others
    /// (the parameters changed back or undone, or the comparison was turned on or off); none,
    /// and the charts dropped, when the current parameters have no run.
    pub fn sync(&mut self, m: &ExploreModel<'_>) -> Option<ExploreRequest> {
        if !self.open || self.job.is_some() {
            return None;
        }
        // The runs shown: the current parameters' (none without one), and the compared set's
        // when it has one.
        let keys = self.shown(m);
        if self.charts.as_ref().is_some_and(|(k, _)| *k == keys) {
            return None;
        }
        let have: Vec<(String, Arc<Run>)> =
            keys.iter().filter_map(|k| self.runs.iter().find(|(x, _)| x == k).cloned()).collect();
        if have.is_empty() {
            self.charts = None;
            return None;
        }
        let seeds = have[0].1.seeds.clone();
        let figures = have[0].1.figures;
        Some(ExploreRequest { todo: Vec::new(), kept: m.kept().cloned(), seeds, figures, have, keys })
    }

    /// `job` makes what `request` asks for.
    pub fn started(&mut self, job: Job<ExploreOut>, request: &ExploreRequest) {
        let total = request.todo.len() as u64 * (request.seeds.end - request.seeds.start);
        self.job = Some(Running { job, done: 0, total });
    }

    /// Stops the run in flight (the app cancels its job).
    pub fn cancelled(&mut self) -> Option<JobId> {
        self.job.take().map(|j| j.job.id())
    }

    /// What the job in flight reported since the last frame.
    pub fn poll(&mut self) {
        let Some(events) = self.job.as_ref().map(|j| j.job.poll()) else { return };
        for e in events {
            self.receive(e);
        }
    }

    fn receive(&mut self, out: Event<ExploreOut>) {
        let Some(job) = self.job.as_mut() else { return };
        match out {
            Event::Report(ExploreOut::Progress(done)) => job.done = done,
            Event::Done(ExploreOut::Explored(Ok(e))) => {
                let Explored { runs, keys, charts } = *e;
                for (key, run) in runs {
                    self.runs.retain(|(k, _)| *k != key);
                    self.runs.push((key, run));
                }
                // Keep the most recently made; never those just shown.
                while self.runs.len() > KEPT_RUNS
                    || self.runs.iter().map(|(_, r)| r.rows.len()).sum::<usize>() > KEPT_ROWS
                {
                    match self.runs.iter().position(|(k, _)| !keys.contains(k)) {
                        Some(i) => drop(self.runs.remove(i)),
                        None => break,
                    }
                }
                self.charts = Some((keys, charts));
                self.matched = None;
                self.job = None;
            }
            Event::Done(ExploreOut::Explored(Err(e))) => {
                self.error = Some(e);
                self.job = None;
            }
            Event::Failed(message) => {
                self.error = Some(format!("the run failed: {message}"));
                self.job = None;
            }
            Event::Report(ExploreOut::Explored(_)) | Event::Done(ExploreOut::Progress(_)) => {}
        }
    }

    /// How many seeds of `run` meet the typed conditions (cached until either changes).
    fn matched(&mut self, key: &str, run: &Run) -> Result<usize, String> {
        if let Some((text, k, n)) = &self.matched
            && *text == self.conditions
            && k == key
        {
            return n.clone();
        }
        let n = explore::parse(&self.conditions).and_then(|c| run.count_matching(&c));
        self.matched = Some((self.conditions.clone(), key.to_string(), n.clone()));
        n
    }
}

/// The Explore window.
pub fn explore_ui(
    host: Host<'_>,
    place: Place,
    e: &mut Explore,
    m: &ExploreModel<'_>,
    out: &mut Vec<Command>,
) -> Option<Place> {
    let mut open = e.open;
    let picked = host_window(host, Dockable::Explore, place, &mut open, |ui| {
        let (kept, error) = match m.locks {
            Ok(kept) => (kept, None),
            Err(e) => (None, Some(e)),
        };
        super::seed_browser::locks_note_ui(ui, kept, error, "every map of a run is made around them");
        controls_ui(ui, e, m, out);
        ui.separator();
        let wanted = e.wanted(m).len();
        let keys = e.shown(m);
        let runs: Vec<Arc<Run>> =
            keys.iter().filter_map(|k| e.runs.iter().find(|(x, _)| x == k).map(|(_, r)| r.clone())).collect();
        if runs.is_empty() {
            ui.label(
                egui::RichText::new(
                    "No run of these parameters yet. Choose how many seeds and press Run: every map is \
                     generated and measured, on every core.",
                )
                .weak(),
            );
            return;
        }
        if keys.len() < wanted {
            ui.label(
                egui::RichText::new(format!("No run of {} yet: press Run to draw it over.", e.other_name())).weak(),
            );
        }
        summary_ui(ui, e, &runs, &keys[0], out);
        ui.separator();
        let charts = e.charts.as_ref().filter(|(k, _)| *k == keys).map(|(_, c)| c.clone());
        egui::ScrollArea::vertical().id_salt("delve-explore-scroll").show(ui, |ui| {
            if let Some(charts) = charts {
                charts::histograms_ui(ui, e, &charts, &keys, &runs[0]);
            } else if e.is_busy() {
                ui.spinner();
            } else {
                ui.label(egui::RichText::new("No charts of these runs: press Run to draw them.").weak());
            }
            ui.add_space(8.0);
            egui::CollapsingHeader::new("Percentiles").default_open(true).show(ui, |ui| {
                // Its own sideways scroll: a narrow docked panel keeps its width.
                egui::ScrollArea::horizontal().id_salt("delve-explore-percentiles-scroll").show(ui, |ui| {
                    percentiles_ui(ui, &runs, e.other_name());
                });
            });
        });
    });
    e.open = open;
    picked
}

fn controls_ui(ui: &mut egui::Ui, e: &mut Explore, m: &ExploreModel<'_>, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Seeds");
        ui.add(
            egui::DragValue::new(&mut e.count)
                .update_while_editing(false)
                .range(SEED_COUNTS)
                .speed(100.0)
                .custom_formatter(|v, _| group_thousands(v as u64)),
        )
        .on_hover_text("How many seeds to run: 100 to 1,000,000");
        ui.label("from seed");
        ui.add(egui::DragValue::new(&mut e.first).update_while_editing(false));
        match &e.job {
            Some(job) => {
                let fraction = if job.total == 0 { 0.0 } else { job.done as f32 / job.total as f32 };
                ui.add(egui::ProgressBar::new(fraction).desired_width(220.0).text(format!(
                    "{} of {} maps",
                    group_thousands(job.done),
                    group_thousands(job.total)
                )));
                if ui.button("Cancel").on_hover_text("Stop the run; the last finished run stays").clicked() {
                    out.push(Command::Window(WindowCommand::CancelExplore));
                }
            }
            None => {
                if ui.button("Run").on_hover_text("Generate and measure a map of every seed").clicked() {
                    out.push(Command::Window(WindowCommand::RunExplore));
                }
            }
        }
        ui.checkbox(&mut e.play, "Figures from play").on_hover_text(
            "Also walk each map's solution as the player, seeing 10 tiles far: steps to see the exit, and the share \
             of the map seen on the way. Slower: on small maps it takes several times as long as making them",
        );
        ui.separator();
        if let Some((other, name)) = &e.against {
            if other == m.params {
                ui.label(format!("Compared with {name}: the same parameters as now"));
            } else {
                ui.label(format!("Compared with {name}"));
            }
            if ui.button("Stop comparing").clicked() {
                e.against = None;
            }
        } else {
            let can_compare = m.saved.is_some();
            let mut against = e.against_saved && can_compare;
            if ui
                .add_enabled(can_compare, egui::Checkbox::new(&mut against, "Compare with the preset as saved"))
                .on_hover_text(
                    "Also run the parameters as their preset holds them, drawn over them in see-through orange",
                )
                .on_disabled_hover_text("The parameters are the preset's as saved: tune one to compare")
                .changed()
            {
                e.against_saved = against;
            }
        }
    });
    if let Some((other, name)) = e.other(m).filter(|(o, _)| *o != m.params) {
        let diffs = differing_params(other, m.params);
        let text: Vec<String> = diffs
            .iter()
            .map(|d| format!("{} ({name} {}, now {})", d.label, format_value(d.a), format_value(d.b)))
            .collect();
        let what = if e.against.is_some() { name.to_string() } else { "as saved".to_string() };
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(SAVED_COLOUR, format!("orange: {what};"));
            ui.colored_label(NOW_COLOUR, "blue: as tuned now;");
            ui.label(format!("differ in {}", text.join(", ")));
        });
    }
    if let Some(err) = &e.error {
        ui.add(egui::Label::new(egui::RichText::new(err).color(ui.visuals().error_fg_color)).wrap());
    }
}

/// How the run went, and the conditions with the seeds they pick.
fn summary_ui(ui: &mut egui::Ui, e: &mut Explore, runs: &[Arc<Run>], key: &str, out: &mut Vec<Command>) {
    for (i, run) in runs.iter().enumerate() {
        let s = &run.summary;
        let n = s.maps.max(1) as f64;
        let short: u64 = s.shortfalls.iter().map(|(_, k)| k).sum();
        let mut text = format!(
            "{} maps (seeds {} to {}), {:.1} µs each to generate; {} connected, {} without problems; ",
            group_thousands(s.maps),
            run.seeds.start,
            run.seeds.end.saturating_sub(1),
            s.mean_micros,
            percent(s.connected as f64 / n),
            percent(s.valid as f64 / n),
        );
        if short == 0 {
            text.push_str("every map placed all the rooms asked for.");
        } else {
            let causes: Vec<String> =
                s.shortfalls.iter().map(|(c, k)| format!("{} {}", c.label(), percent(*k as f64 / n))).collect();
            // Some families ask for room tries, the others for rooms.
            let asked = if run.params.kind().asks_tries() {
                format!("in {:.0} tries", s.mean_rooms_asked)
            } else {
                format!("of {:.0} asked for", s.mean_rooms_asked)
            };
            text.push_str(&format!(
                "{} placed fewer rooms ({asked}): {}.",
                percent(short as f64 / n),
                causes.join(", ")
            ));
        }
        let colour = if i == 0 { NOW_COLOUR } else { SAVED_COLOUR };
        ui.horizontal_wrapped(|ui| {
            if runs.len() > 1 {
                let label = if i == 0 { "Now:".to_string() } else { capitalised(e.other_name()) + ":" };
                ui.colored_label(colour, label);
            }
            ui.label(text);
            if i == 0
                && ui
                    .button("Save run as CSV…")
                    .on_hover_text("Every seed's figures, in the columns `delve sweep` writes")
                    .clicked()
            {
                out.push(Command::File(FileCommand::Dialog(DialogPurpose::SaveRunCsv)));
            }
        });
    }
    let now = &runs[0];
    // Wrapped, and the field no wider than the room there is: docked beside the map, this row
    // must not widen the panel (the map's toolbar would lose its last buttons).
    ui.horizontal_wrapped(|ui| {
        ui.label("Seeds with");
        let edit = ui.add(
            egui::TextEdit::singleline(&mut e.conditions)
                .hint_text("rooms >= 20 and longest path >= 100  (or drag over a histogram)")
                .desired_width((ui.available_width() - 8.0).clamp(160.0, 420.0)),
        );
        edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Conditions"));
        if let Ok(k) = e.matched(key, now) {
            let total = now.rows.len();
            ui.label(format!("{} of {} match", group_thousands(k as u64), group_thousands(total as u64)));
            if ui
                .add_enabled(k > 0, egui::Button::new("Show in seed browser"))
                .on_hover_text("Thumbnails of the matching seeds, page by page; click one to open it")
                .clicked()
            {
                out.push(Command::Window(WindowCommand::BrowseExplored));
            }
            if !e.conditions.is_empty() && ui.button("Clear").clicked() {
                e.conditions.clear();
            }
        }
    });
    // A bad condition's message on its own line, wrapped to the window's width (in a row it
    // would widen the window past the screen).
    if let Err(err) = e.matched(key, now) {
        let text = egui::RichText::new(err).color(ui.visuals().error_fg_color);
        ui.add(egui::Label::new(text).wrap());
    }
}

/// Min, p5, p50, p95, max and mean of every figure (a row per run).
fn percentiles_ui(ui: &mut egui::Ui, runs: &[Arc<Run>], other: &str) {
    egui::Grid::new("delve-explore-percentiles").striped(true).spacing(vec2(14.0, 2.0)).show(ui, |ui| {
        for h in ["figure", "", "min", "p5", "median", "p95", "max", "mean"] {
            ui.label(egui::RichText::new(h).strong());
        }
        ui.end_row();
        let figures = Figures::any_of(runs.iter().map(|r| r.figures));
        for stat in figures.stats() {
            for (i, run) in runs.iter().enumerate() {
                if i == 0 {
                    ui.label(stat.label()).on_hover_text(stat.help());
                } else {
                    ui.label("");
                }
                let colour = if i == 0 { NOW_COLOUR } else { SAVED_COLOUR };
                ui.colored_label(
                    colour,
                    if runs.len() == 1 {
                        ""
                    } else if i == 0 {
                        "now"
                    } else {
                        other
                    },
                );
                // A figure from play the run did not measure, or no map reached its exit.
                let Some(sp) = run.summary.spread(stat) else {
                    let why = if run.figures.measures(stat) { "no map reached its exit" } else { "not measured" };
                    ui.label("—").on_hover_text(why);
                    ui.end_row();
                    continue;
                };
                let d = stat.decimals();
                for v in [sp.min, sp.p5, sp.p50, sp.p95, sp.max] {
                    ui.label(format!("{v:.d$}"));
                }
                ui.label(format!("{:.*}", d.max(1), sp.mean));
                ui.end_row();
            }
        }
    });
}
