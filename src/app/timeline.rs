//! The generation timeline: a panel under the map (hidden by default, Ctrl+T) that plays the
//! recorded steps of the map on show, steps back and forward, jumps to the start, the end or the
//! placing of a room, and scrubs; the map view shows the map after the step, with the step drawn
//! on top, and the panel says what the step did. Generators that do not record, and edited
//! maps, get a sentence saying so.

use super::Document;
use super::jobs::{Event, Job, JobId};
use crate::generate::record::{AccretionStep, Growth, Pose, Refused, Step, TryOutcome};
use crate::generate::replay;
use crate::generate::stages::Stage;
use crate::geom::Pos;
use crate::params::GeneratorParams;
use egui::{Color32, Stroke, pos2};
use std::sync::Arc;

/// What a recording job hands back: the steps of a generation (`None`: the generator does not
/// record), or why there are none.
pub type RecordOut = Result<Option<std::sync::Arc<[crate::generate::record::Step]>>, String>;

/// Steps a second while playing, by default, and the range offered.
const SPEED: f32 = 8.0;
const SPEEDS: std::ops::RangeInclusive<f32> = 0.5..=200.0;

/// The recording of one map.
struct Recorded {
    params: GeneratorParams,
    seed: u64,
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
    making: Option<(Job<RecordOut>, GeneratorParams, u64)>,
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

    /// The steps before the one shown.
    pub fn before(&self) -> &[Step] {
        let steps = self.recorded.as_ref().map_or(&[][..], |r| &r.steps[..]);
        steps.get(..self.at.saturating_sub(1)).unwrap_or_default()
    }

    /// Where the room of the step shown went, when the step's places are in the room's own
    /// frame (growing it, choosing its doors).
    pub fn pose(&self) -> Option<Pose> {
        let r = self.recorded.as_ref()?;
        Step::pose_of(&r.steps, self.step()?.framed_room()?)
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

    /// Follows the document on show: when it was generated here and its parameters and seed
    /// differ from the recording's (and from the one being made), the recording to make.
    pub fn sync(&mut self, doc: Option<&Document>) -> Option<(GeneratorParams, u64)> {
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
        if prov.kept.is_some() {
            self.making = None;
            self.clear(
                "This map was generated around locks, which the timeline does not replay: unlock \
                 everything and regenerate to watch the generator build a map."
                    .into(),
            );
            return None;
        }
        let same = |p: &GeneratorParams, s: u64| *p == *params && s == prov.seed;
        if self.recorded.as_ref().is_some_and(|r| same(&r.params, r.seed))
            || self.making.as_ref().is_some_and(|m| same(&m.1, m.2))
        {
            return None;
        }
        Some((params.clone(), prov.seed))
    }

    /// A recording is being made by `job`.
    pub fn started(&mut self, job: Job<RecordOut>, params: GeneratorParams, seed: u64) {
        self.making = Some((job, params, seed));
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
        let Some((_, params, seed)) = self.making.take() else { return };
        match out {
            Ok(Some(steps)) => {
                self.at = steps.len();
                self.recorded = Some(Recorded { params, seed, steps });
                self.note = None;
                self.shown = None;
                self.playing = false;
            }
            Ok(None) => self.clear(format!("The {} generator does not record its steps.", params.kind().label())),
            Err(e) => self.clear(e),
        }
    }

    /// The first step that can be shown: the empty map (0), or the canvas a generator starts
    /// with (1).
    pub fn first(&self) -> usize {
        let r = self.recorded.as_ref();
        usize::from(r.is_some_and(|r| matches!(r.steps.first(), Some(Step::Canvas { .. }))))
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
            && let Some(map) = replay(&r.params, r.seed, &r.steps[..self.at])
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

/// Green for what a step made, red for what it refused, yellow for what it touched.
const MADE: Color32 = Color32::from_rgb(0x60, 0xe0, 0x80);
const REFUSED: Color32 = Color32::from_rgb(0xe0, 0x40, 0x40);
const TOUCHED: Color32 = Color32::from_rgb(0xff, 0xd0, 0x40);

/// BSP rooms: the cuts of the splits before the step shown, faint, so that the partition is
/// seen growing (the map itself has no rooms yet while it is split).
pub fn earlier_cuts_ui(ui: &egui::Ui, view: &super::MapView, before: &[Step]) {
    let (t, rect) = (view.transform, view.rect);
    let painter = ui.painter_at(rect);
    let to_screen = |x: f32, y: f32| t.screen_from_tile(rect, pos2(x, y));
    for step in before {
        if let Step::PartSplit { area, vertical, at, .. } = step {
            let [a, b] = cut(area, *vertical, *at).map(|(x, y)| to_screen(x, y));
            painter.line_segment([a, b], Stroke::new(1.5, MADE.gamma_multiply(0.5)));
        }
    }
}

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

/// Draws the step shown over the map: a placed room's footprint in green, a rejected try in
/// red with the room it hit outlined, a tunnel as a line between the rooms' centres; a grown
/// room's cells in the order they grew (where the room ends up, `pose`), its holes in red, its
/// doors, the places its placement refused, and corridors along their path.
pub fn step_overlay_ui(ui: &egui::Ui, view: &super::MapView, doc: &Document, step: &Step, pose: Option<Pose>) {
    let t = view.transform;
    let rect = view.rect;
    let painter = ui.painter_at(rect);
    let to_screen = |x: f32, y: f32| t.screen_from_tile(rect, pos2(x, y));
    let scale = (to_screen(1.0, 0.0).x - to_screen(0.0, 0.0).x).abs();
    let centre = |p: Pos| to_screen(p.x as f32 + 0.5, p.y as f32 + 0.5);
    let tile = |p: Pos| {
        egui::Rect::from_two_pos(to_screen(p.x as f32, p.y as f32), to_screen(p.x as f32 + 1.0, p.y as f32 + 1.0))
    };
    // A tile filled, or outlined.
    let cell = |p: Pos, colour: Color32, outline: bool| {
        if outline {
            painter.rect_stroke(tile(p).shrink(1.0), 0.0, Stroke::new(2.0, colour), egui::StrokeKind::Inside);
        } else {
            painter.rect_filled(tile(p), 0.0, colour);
        }
    };
    // A door: a bar on the side of its cell.
    let door = |p: Pos, side: crate::geom::Dir, colour: Color32| {
        let r = tile(p);
        let (a, b) = match side {
            crate::geom::Dir::North => (r.left_top(), r.right_top()),
            crate::geom::Dir::East => (r.right_top(), r.right_bottom()),
            crate::geom::Dir::South => (r.left_bottom(), r.right_bottom()),
            crate::geom::Dir::West => (r.left_top(), r.left_bottom()),
        };
        painter.line_segment([a, b], Stroke::new(4.0, colour));
    };
    // A place a placement refused: red when too close to a room or on a corridor, orange when
    // no corridor reached it, violet when the map would grow too large.
    let cross = |p: Pos, why: Refused| {
        let r = tile(p).shrink(0.2 * scale);
        let colour = match why {
            Refused::Crowded => REFUSED,
            Refused::NoCorridor => Color32::from_rgb(0xff, 0x90, 0x20),
            Refused::TooLarge => Color32::from_rgb(0xb0, 0x60, 0xff),
        };
        let s = Stroke::new(2.0, colour);
        painter.line_segment([r.left_top(), r.right_bottom()], s);
        painter.line_segment([r.right_top(), r.left_bottom()], s);
    };
    let frame = |r: &crate::geom::Rect, colour: Color32| {
        let a = to_screen(r.x as f32, r.y as f32);
        let b = to_screen(r.right() as f32, r.bottom() as f32);
        painter.rect_stroke(egui::Rect::from_two_pos(a, b), 0.0, Stroke::new(2.0, colour), egui::StrokeKind::Outside);
    };
    match step {
        Step::RoomTried { footprint, outcome: TryOutcome::Placed { .. }, .. } => {
            frame(footprint, MADE);
        }
        Step::RoomTried { footprint, outcome: TryOutcome::Overlaps { room }, .. } => {
            if let Some(b) = doc.map().rooms.get(*room as usize).and_then(|r| r.shape.bounds()) {
                frame(&b, TOUCHED);
            }
            let a = to_screen(footprint.x as f32, footprint.y as f32);
            let b = to_screen(footprint.right() as f32, footprint.bottom() as f32);
            let r = egui::Rect::from_two_pos(a, b);
            painter.rect_filled(r, 0.0, REFUSED.gamma_multiply(0.3));
            painter.rect_stroke(r, 0.0, Stroke::new(2.0, REFUSED), egui::StrokeKind::Outside);
        }
        Step::TunnelDug { start, end, .. }
        | Step::CavesJoined { start, end, .. }
        | Step::SiblingsJoined { start, end, .. } => {
            painter.line_segment([centre(*start), centre(*end)], Stroke::new(2.0, MADE));
        }
        Step::RoomGrown { cells, holes, outcome, .. } => {
            let Some(pose) = pose else { return };
            // Earlier cells darker, later ones lighter: the order of growth.
            let n = cells.len().max(2) as f32 - 1.0;
            for (k, c) in cells.iter().enumerate() {
                let t = k as f32 / n;
                let green = Color32::from_rgb(
                    (0x30 as f32 + 0x90 as f32 * t) as u8,
                    0xe0,
                    (0x50 as f32 + 0x90 as f32 * t) as u8,
                );
                cell(pose.place(*c), green.gamma_multiply(0.75), false);
            }
            let hole = if *outcome == Growth::Kept { MADE } else { REFUSED };
            for c in holes {
                cell(pose.place(*c), hole, true);
            }
            if let Some(first) = cells.first() {
                painter.circle_stroke(centre(pose.place(*first)), 0.35 * scale, Stroke::new(2.0, Color32::WHITE));
            }
        }
        Step::DoorsChosen { doors, .. } => {
            let Some(pose) = pose else { return };
            for &(c, side, _) in doors {
                door(pose.place_mirrored(c), side.turned(pose.quarter_turns), TOUCHED);
            }
        }
        Step::RoomPlaced { cells, attach, search, .. } => {
            for r in &search.refusals {
                cross(r.at, r.why);
            }
            for &c in cells {
                cell(c, MADE.gamma_multiply(0.35), false);
            }
            if let Some(a) = attach {
                painter.circle_stroke(centre(a.door), 0.45 * scale, Stroke::new(2.0, TOUCHED));
            }
        }
        Step::RoomNotPlaced { search, .. } => {
            for r in &search.refusals {
                cross(r.at, r.why);
            }
        }
        Step::CorridorDug { path, looped, .. } => {
            let colour = if *looped { TOUCHED } else { MADE };
            let points: Vec<egui::Pos2> = path.iter().map(|p| centre(*p)).collect();
            painter.add(egui::Shape::line(points, Stroke::new(3.0, colour)));
        }
        Step::PartSplit { area, vertical, at, .. } => {
            frame(area, TOUCHED);
            let [a, b] = cut(area, *vertical, *at).map(|(x, y)| to_screen(x, y));
            painter.line_segment([a, b], Stroke::new(3.0, MADE));
        }
        Step::LeafRoom { leaf, .. } => frame(leaf, TOUCHED),
        Step::MazeRoom { floor, .. } | Step::VaultPlaced { footprint: floor, .. } => frame(floor, MADE),
        Step::PartLaid { corner, width, height, .. } => {
            frame(&crate::geom::Rect::new(corner.x, corner.y, *width as i32, *height as i32), MADE);
        }
        Step::MazeGrown { start, .. } => {
            painter.circle_stroke(centre(*start), 0.45 * scale, Stroke::new(2.0, MADE));
        }
        Step::Walked { start, .. } | Step::KeyPlaced { at: start, .. } => {
            painter.circle_stroke(centre(*start), 0.45 * scale, Stroke::new(2.0, MADE));
        }
        Step::PassageJoined { start, end, .. } => {
            for p in [start, end] {
                painter.circle_stroke(centre(*p), 0.45 * scale, Stroke::new(2.0, MADE));
            }
        }
        // Room accretion: the room attached and the door it came through; a loop's door.
        Step::Accretion(AccretionStep::RoomAttached { bounds, door, .. }) => {
            frame(bounds, MADE);
            if let Some(d) = door {
                painter.circle_stroke(centre(*d), 0.45 * scale, Stroke::new(2.0, TOUCHED));
            }
        }
        Step::Accretion(AccretionStep::LoopOpened { at, .. }) => {
            painter.circle_stroke(centre(*at), 0.45 * scale, Stroke::new(2.0, MADE));
        }
        // The rock and the caves are the map itself; a vault that found no place, nowhere; markers
        // are drawn on the map.
        Step::VaultNotPlaced { .. }
        | Step::Canvas { .. }
        | Step::LoopsConsidered { .. }
        | Step::CaveFilled { .. }
        | Step::CaveSmoothed { .. }
        | Step::CavesFound { .. }
        | Step::WalkRooms { .. }
        | Step::Connected { .. }
        | Step::DeadEndsFilled { .. }
        | Step::Accretion(AccretionStep::AttachRefused { .. })
        | Step::MarkersPlaced { .. }
        | Step::OpeningsChosen { .. }
        | Step::TilesPainted { .. } => {}
    }
}
