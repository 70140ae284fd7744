//! The generation timeline: a panel under the map (hidden by default, Ctrl+T) that plays the
//! recorded steps of the map on show, steps back and forward, jumps to the start, the end or the
//! placing of a room, and scrubs; the map view shows the map after the step, with the step drawn
//! on top, and the panel says what the step did. Generators that do not record, and edited
//! maps, get a sentence saying so.

use super::Document;
use super::jobs::{Event, Job, JobId};
use crate::generate::record::{Mark, Role, Step};
use crate::generate::replay_keeping;
use crate::generate::stages::Stage;
use crate::geom::Pos;
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use egui::{Color32, Stroke, pos2};
use std::sync::Arc;

/// What a recording job hands back: the steps of a generation (`None`: the generator does not
/// record), or why there are none.
pub type RecordOut = Result<Option<std::sync::Arc<[crate::generate::record::Step]>>, String>;

/// Steps a second while playing, by default, and the range offered.
const SPEED: f32 = 8.0;
const SPEEDS: std::ops::RangeInclusive<f32> = 0.5..=200.0;

/// What a recording is of: the parameters, seed and locks the map was generated with.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    pub params: GeneratorParams,
    pub seed: u64,
    pub kept: Option<Arc<Kept>>,
}

/// The recording of one map.
struct Recorded {
    source: Generation,
    steps: Arc<[Step]>,
}

/// State of the timeline (runtime only).
pub struct Timeline {
    pub open: bool,
    /// Steps a second while playing.
    pub speed: f32,
    playing: bool,
    /// Steps shown: the map after the first `at`.
    at: usize,
    recorded: Option<Recorded>,
    /// Why there is no recording of the map on show.
    note: Option<String>,
    /// The map after `at` steps, as a document the map view can draw, and for which `at`.
    shown: Option<(usize, Document)>,
    /// Time of the last step while playing (egui's clock, seconds), and the part of a step due.
    last_tick: Option<f64>,
    due: f64,
    /// The room to jump to.
    pub room: u32,
    /// The document revision last followed.
    seen: Option<u64>,
    /// The job making a recording, for these parameters and seed.
    making: Option<(Job<RecordOut>, Generation)>,
}

impl Default for Timeline {
    fn default() -> Self {
        Self {
            open: false,
            speed: SPEED,
            playing: false,
            at: 0,
            recorded: None,
            note: None,
            shown: None,
            last_tick: None,
            due: 0.0,
            room: 0,
            seen: None,
            making: None,
        }
    }
}

impl Timeline {
    /// How many steps the recording has (0 without one).
    pub fn len(&self) -> usize {
        self.recorded.as_ref().map_or(0, |r| r.steps.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Steps shown.
    pub fn at(&self) -> usize {
        self.at
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// The step last shown, if any.
    pub fn step(&self) -> Option<&Step> {
        let r = self.recorded.as_ref()?;
        self.at.checked_sub(1).and_then(|i| r.steps.get(i))
    }

    /// What is drawn over the map for the step shown (none before the first step).
    pub fn marks(&self) -> Vec<Mark> {
        let Some(r) = self.recorded.as_ref() else { return Vec::new() };
        match self.at.checked_sub(1).filter(|k| *k < r.steps.len()) {
            Some(k) => r.steps[k].marks(&r.steps[..k], &r.steps[k + 1..]),
            None => Vec::new(),
        }
    }

    /// Why the map on show has no timeline.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The map to draw instead of the document's: the map after the steps shown, while the
    /// timeline is open and not at its end.
    pub fn shown(&self) -> Option<&Document> {
        self.shown.as_ref().filter(|_| self.open && self.at < self.len()).map(|(_, d)| d)
    }

    /// Follows the document on show: when it was generated here and its parameters, seed and locks
    /// differ from the recording's (and from the one being made), the recording to make.
    pub fn sync(&mut self, doc: Option<&Document>) -> Option<Generation> {
        if !self.open || doc.map(Document::revision) == self.seen {
            return None;
        }
        self.seen = doc.map(Document::revision);
        let Some(doc) = doc else {
            self.making = None;
            self.clear("No map to replay.".into());
            return None;
        };
        let prov = &doc.map().provenance;
        let Some(params) = prov.params.as_ref() else {
            self.making = None;
            self.clear("This map was not generated here: there are no steps to replay.".into());
            return None;
        };
        let source = Generation { params: params.clone(), seed: prov.seed, kept: prov.kept.clone() };
        if self.recorded.as_ref().is_some_and(|r| r.source == source)
            || self.making.as_ref().is_some_and(|m| m.1 == source)
        {
            return None;
        }
        Some(source)
    }

    /// A recording is being made by `job`.
    pub fn started(&mut self, job: Job<RecordOut>, source: Generation) {
        self.making = Some((job, source));
        self.clear("Recording the steps…".into());
    }

    /// The job making the recording, if one is.
    pub fn job(&self) -> Option<JobId> {
        self.making.as_ref().map(|m| m.0.id())
    }

    /// What the recording job reported since the last frame.
    pub fn poll(&mut self) {
        let Some(events) = self.making.as_ref().map(|m| m.0.poll()) else { return };
        for e in events {
            let out = match e {
                Event::Done(out) => out,
                Event::Failed(message) => Err(message),
                Event::Report(_) => continue,
            };
            self.receive(out);
        }
    }

    fn receive(&mut self, out: RecordOut) {
        let Some((_, source)) = self.making.take() else { return };
        match out {
            Ok(Some(steps)) => {
                self.at = steps.len();
                self.recorded = Some(Recorded { source, steps });
                self.note = None;
                self.shown = None;
                self.playing = false;
            }
            Ok(None) => {
                self.clear(format!("The {} generator does not record its steps.", source.params.kind().label()))
            }
            Err(e) => self.clear(e),
        }
    }

    /// The first step that can be shown: the empty map (0), or the canvas a generator starts
    /// with (1).
    pub fn first(&self) -> usize {
        let r = self.recorded.as_ref();
        usize::from(r.is_some_and(|r| r.steps.first().is_some_and(Step::is_canvas)))
    }

    fn clear(&mut self, note: String) {
        self.recorded = None;
        self.shown = None;
        self.note = Some(note);
        self.playing = false;
        self.at = 0;
    }

    /// Shows the map after `at` steps.
    pub fn go_to(&mut self, at: usize) {
        self.at = at.clamp(self.first(), self.len().max(self.first()));
        if self.at == self.len() {
            self.playing = false;
        }
    }

    /// The stages of the recording in the order they start, each with its first step (an index
    /// into the steps).
    pub fn stages(&self) -> Vec<(Stage, usize)> {
        let mut out: Vec<(Stage, usize)> = Vec::new();
        for (i, step) in self.recorded.iter().flat_map(|r| r.steps.iter()).enumerate() {
            let stage = step.stage();
            if !out.iter().any(|(s, _)| *s == stage) {
                out.push((stage, i));
            }
        }
        out
    }

    /// Shows the map just after the first step of `stage`.
    pub fn go_to_stage(&mut self, stage: Stage) -> bool {
        match self.stages().into_iter().find(|(s, _)| *s == stage) {
            Some((_, first)) => {
                self.playing = false;
                self.go_to(first + 1);
                true
            }
            None => false,
        }
    }

    /// Shows the map just after room `room` was placed.
    pub fn go_to_room(&mut self, room: u32) -> bool {
        let Some(r) = &self.recorded else { return false };
        match r.steps.iter().position(|s| s.placed_room() == Some(room)) {
            Some(i) => {
                self.playing = false;
                self.go_to(i + 1);
                true
            }
            None => false,
        }
    }

    pub fn play(&mut self, on: bool) {
        if on && self.at >= self.len() {
            self.at = self.first();
        }
        self.playing = on && !self.is_empty();
        self.last_tick = None;
        self.due = 0.0;
    }

    /// Moves on while playing (`now`: egui's clock in seconds), and keeps the shown map current.
    pub fn tick(&mut self, now: f64) {
        if self.playing {
            let dt = self.last_tick.map_or(0.0, |t| (now - t).max(0.0));
            self.last_tick = Some(now);
            self.due += dt * f64::from(self.speed);
            let whole = self.due.floor();
            if whole >= 1.0 {
                self.due -= whole;
                self.go_to(self.at + whole as usize);
            }
        }
        if let Some(r) = &self.recorded
            && self.at < r.steps.len()
            && self.shown.as_ref().is_none_or(|(k, _)| *k != self.at)
            && let Some(map) =
                replay_keeping(&r.source.params, r.source.seed, r.source.kept.as_ref(), &r.steps[..self.at])
        {
            self.shown = Some((self.at, Document::preview(map)));
        }
    }
}

/// The timeline panel's controls.
pub fn timeline_ui(ui: &mut egui::Ui, t: &mut Timeline) {
    if let Some(note) = &t.note {
        ui.horizontal(|ui| {
            if t.job().is_some() {
                ui.spinner();
            }
            ui.label(egui::RichText::new(note).weak());
        });
        return;
    }
    let n = t.len();
    ui.horizontal(|ui| {
        if ui.button("|<").on_hover_text("To the start").clicked() {
            t.play(false);
            t.go_to(t.first());
        }
        if ui.button("<").on_hover_text("A step back").clicked() {
            t.play(false);
            t.go_to(t.at.saturating_sub(1));
        }
        let play = if t.playing { "Pause" } else { "Play" };
        if ui.button(play).on_hover_text("Play the steps at the speed set").clicked() {
            t.play(!t.playing);
        }
        if ui.button(">").on_hover_text("A step forward").clicked() {
            t.play(false);
            t.go_to(t.at + 1);
        }
        if ui.button(">|").on_hover_text("To the end: the finished map").clicked() {
            t.play(false);
            t.go_to(n);
        }
        let mut at = t.at;
        let slider = ui.add(egui::Slider::new(&mut at, t.first()..=n).text(format!("of {n} steps")));
        slider.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, "Step"));
        if slider.changed() {
            t.play(false);
            t.go_to(at);
        }
        ui.separator();
        ui.label("speed");
        ui.add(
            egui::DragValue::new(&mut t.speed).update_while_editing(false).range(SPEEDS).speed(0.5).suffix(" steps/s"),
        );
        ui.separator();
        ui.label("room");
        ui.add(egui::DragValue::new(&mut t.room).update_while_editing(false).range(0..=10_000));
        if ui.button("Go").on_hover_text("Show where this room was placed").clicked() {
            let room = t.room;
            t.go_to_room(room);
        }
    });
    // The steps grouped by the stage that made them: a button to where each starts.
    let stages = t.stages();
    if stages.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Stages:");
            let now = t.step().map(Step::stage);
            let mut go = None;
            for &(stage, first) in &stages {
                let tip = format!("Go to where {} starts (step {})", stage.name().to_lowercase(), first + 1);
                if ui.selectable_label(now == Some(stage), stage.name()).on_hover_text(tip).clicked() {
                    go = Some(stage);
                }
            }
            if let Some(stage) = go {
                t.go_to_stage(stage);
            }
        });
    }
    let text = match t.step() {
        Some(s) => format!("Step {} of {n} ({}): {}", t.at, s.stage().name(), s.sentence()),
        None => format!("Step 0 of {n}: nothing placed yet."),
    };
    ui.label(text);
}

/// Green for what a step made, red for what it refused, yellow for what it touched; a refused
/// placement orange when no corridor reached it, violet when the map would grow too large.
const MADE: Color32 = Color32::from_rgb(0x60, 0xe0, 0x80);
const REFUSED: Color32 = Color32::from_rgb(0xe0, 0x40, 0x40);
const TOUCHED: Color32 = Color32::from_rgb(0xff, 0xd0, 0x40);

/// The two ends, in tiles, of the cut that splits `area` down (`vertical`) or across, `at`
/// tiles from its left or top.
fn cut(area: &crate::geom::Rect, vertical: bool, at: u32) -> [(f32, f32); 2] {
    let at = at as f32;
    if vertical {
        let x = area.x as f32 + at;
        [(x, area.y as f32), (x, area.bottom() as f32)]
    } else {
        let y = area.y as f32 + at;
        [(area.x as f32, y), (area.right() as f32, y)]
    }
}

/// Draws the marks of the step shown over the map (see [`Mark`]): frames, tiles, lines, paths,
/// rings, doors, crosses and cuts, in the colour of their role.
pub fn step_overlay_ui(ui: &egui::Ui, view: &super::MapView, doc: &Document, marks: &[Mark]) {
    let t = view.transform;
    let rect = view.rect;
    let painter = ui.painter_at(rect);
    let to_screen = |x: f32, y: f32| t.screen_from_tile(rect, pos2(x, y));
    let scale = (to_screen(1.0, 0.0).x - to_screen(0.0, 0.0).x).abs();
    let centre = |p: Pos| to_screen(p.x as f32 + 0.5, p.y as f32 + 0.5);
    let tile = |p: Pos| {
        egui::Rect::from_two_pos(to_screen(p.x as f32, p.y as f32), to_screen(p.x as f32 + 1.0, p.y as f32 + 1.0))
    };
    let ring = |p: Pos, radius: f32, colour: Color32| {
        painter.circle_stroke(centre(p), radius * scale, Stroke::new(2.0, colour));
    };
    let frame = |r: &crate::geom::Rect, colour: Color32, shaded: bool| {
        let a = to_screen(r.x as f32, r.y as f32);
        let b = to_screen(r.right() as f32, r.bottom() as f32);
        let r = egui::Rect::from_two_pos(a, b);
        if shaded {
            painter.rect_filled(r, 0.0, colour.gamma_multiply(0.3));
        }
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, colour), egui::StrokeKind::Outside);
    };
    for mark in marks {
        match mark {
            Mark::Frame { area, role, shaded } => frame(area, colour(*role), *shaded),
            Mark::RoomFrame { room, role } => {
                if let Some(b) = doc.map().rooms.get(*room as usize).and_then(|r| r.shape.bounds()) {
                    frame(&b, colour(*role), false);
                }
            }
            Mark::Tiles { tiles, role, outlined: true } => {
                for p in tiles {
                    let s = Stroke::new(2.0, colour(*role));
                    painter.rect_stroke(tile(*p).shrink(1.0), 0.0, s, egui::StrokeKind::Inside);
                }
            }
            Mark::Tiles { tiles, role, outlined: false } => {
                for p in tiles {
                    painter.rect_filled(tile(*p), 0.0, colour(*role).gamma_multiply(0.35));
                }
            }
            Mark::Growth { tiles } => {
                // Earlier cells darker, later ones lighter: the order of growth.
                let n = tiles.len().max(2) as f32 - 1.0;
                for (k, p) in tiles.iter().enumerate() {
                    let t = k as f32 / n;
                    let green = Color32::from_rgb(
                        (0x30 as f32 + 0x90 as f32 * t) as u8,
                        0xe0,
                        (0x50 as f32 + 0x90 as f32 * t) as u8,
                    );
                    painter.rect_filled(tile(*p), 0.0, green.gamma_multiply(0.75));
                }
            }
            Mark::Start { at } => ring(*at, 0.35, Color32::WHITE),
            Mark::Line { from, to, role } => {
                painter.line_segment([centre(*from), centre(*to)], Stroke::new(2.0, colour(*role)));
            }
            Mark::Path { tiles, role } => {
                let points: Vec<egui::Pos2> = tiles.iter().map(|p| centre(*p)).collect();
                painter.add(egui::Shape::line(points, Stroke::new(3.0, colour(*role))));
            }
            Mark::Ring { at, role } => ring(*at, 0.45, colour(*role)),
            Mark::Door { at, side, role } => {
                let r = tile(*at);
                let (a, b) = match side {
                    crate::geom::Dir::North => (r.left_top(), r.right_top()),
                    crate::geom::Dir::East => (r.right_top(), r.right_bottom()),
                    crate::geom::Dir::South => (r.left_bottom(), r.right_bottom()),
                    crate::geom::Dir::West => (r.left_top(), r.left_bottom()),
                };
                painter.line_segment([a, b], Stroke::new(4.0, colour(*role)));
            }
            Mark::Cross { at, role } => {
                let r = tile(*at).shrink(0.2 * scale);
                let s = Stroke::new(2.0, colour(*role));
                painter.line_segment([r.left_top(), r.right_bottom()], s);
                painter.line_segment([r.right_top(), r.left_bottom()], s);
            }
            Mark::Cut { area, vertical, at, earlier } => {
                let [a, b] = cut(area, *vertical, *at).map(|(x, y)| to_screen(x, y));
                let stroke = if *earlier { Stroke::new(1.5, MADE.gamma_multiply(0.5)) } else { Stroke::new(3.0, MADE) };
                painter.line_segment([a, b], stroke);
            }
        }
    }
}

/// The colour of a mark of `role`.
const fn colour(role: Role) -> Color32 {
    match role {
        Role::Made => MADE,
        Role::Touched => TOUCHED,
        Role::Refused => REFUSED,
        Role::Unreached => Color32::from_rgb(0xff, 0x90, 0x20),
        Role::TooLarge => Color32::from_rgb(0xb0, 0x60, 0xff),
    }
}
