//! Play mode (*View ▸ Play*, P; Esc leaves): the designer walks the map as the player — arrow
//! keys, the numbers as a numpad and vi-keys (h j k l, y u b n) — with the field of view and
//! the fog of war drawn over the map, keys picked up, locked doors opened, secret doors found;
//! or lets a bot walk it (auto-explore, auto-solve) at a chosen speed. On a dungeon's stairs the
//! player goes to the floor they lead to.
//!
//! Play is not an edit: it holds its own copy of the map's handle ([`crate::play::Play`]), the
//! document, its history and its file stay as they are, and leaving play brings the view back
//! as it was. An edit made meanwhile (a menu's Undo) ends play.

use super::command::{Command, ViewCommand};
use super::map_view::{MapView, ViewTransform};
use crate::geom::Pos;
use crate::play::{Moved, Play, PlaySettings};
use egui::{Color32, Key, Modifiers, Rect, pos2};
use serde::{Deserialize, Serialize};

/// How play goes, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayPrefs {
    /// How far the player sees (0: as far as the map goes).
    pub radius: u32,
    /// Eight ways (diagonals too), or four.
    pub eight_ways: bool,
    /// A bot's steps per second.
    pub speed: f32,
}

impl Default for PlayPrefs {
    fn default() -> Self {
        Self { radius: 10, eight_ways: true, speed: 20.0 }
    }
}

impl PlayPrefs {
    pub fn settings(&self) -> PlaySettings {
        PlaySettings { radius: self.radius, eight_ways: self.eight_ways }
    }
}

/// A bot that plays for the designer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    /// Walks to the nearest place not seen around until all is seen.
    Explore,
    /// Follows the certifier's route: the keys it needs, then the exit.
    Solve,
}

/// The tiles whose fog must be drawn again.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stale {
    Nothing,
    /// Tiles `(x0, y0)` to `(x1, y1)`, inclusive.
    Box(i32, i32, i32, i32),
    Everything,
}

/// Play in progress (see the module doc).
pub struct PlayMode {
    pub play: Play,
    /// The document revision played: an edit ends play.
    pub revision: u64,
    /// The view as it was when play began, brought back on leaving.
    pub camera: ViewTransform,
    pub bot: Option<Bot>,
    /// When (egui's clock, seconds) the bot last stepped.
    bot_clock: f64,
    /// The exit room's tiles: auto-solve's goal.
    pub exit: Vec<Pos>,
    /// What the last step did, in words.
    pub said: String,
    /// Why the map cannot be solved, when it cannot (a soft-lock the designer should see).
    pub warning: Option<String>,
    fog: Option<egui::TextureHandle>,
    stale: Stale,
    /// The heat map of many auto-explore runs, while shown (over the map, instead of the fog).
    pub heat: Option<(crate::play::Heat, egui::TextureHandle)>,
    /// The heat map being made.
    pub heat_job: Option<super::jobs::Job<Option<crate::play::Heat>>>,
}

impl PlayMode {
    /// Play of `play` on the document at `revision`; the view as it is now comes back after.
    pub fn new(play: Play, revision: u64, camera: ViewTransform) -> Self {
        let walk = crate::map::certify::certify(play.map());
        let exit = walk.exit.and_then(|i| play.map().rooms.get(i)).map(|r| r.shape.cells()).unwrap_or_default();
        let warning = (!walk.solvable).then(|| walk.summary());
        Self {
            play,
            revision,
            camera,
            bot: None,
            bot_clock: 0.0,
            exit,
            said: "Arrows, numbers or h j k l y u b n to walk; Esc leaves".into(),
            warning,
            fog: None,
            stale: Stale::Everything,
            heat: None,
            heat_job: None,
        }
    }

    /// Takes a step (by the player or a bot): what it did, in words.
    pub fn step(&mut self, dx: i32, dy: i32) -> Moved {
        let before = self.play.view().to_vec();
        let moved = self.play.step(dx, dy);
        self.stepped(&before, &moved);
        moved
    }

    /// One step of the bot; `None` when it is done (and it stops).
    fn bot_step(&mut self, bot: Bot) -> Option<Moved> {
        let before = self.play.view().to_vec();
        let moved = match bot {
            Bot::Explore => self.play.explore_step(),
            Bot::Solve => self.play.solve_step(&self.exit),
        };
        match &moved {
            Some(m) => self.stepped(&before, m),
            None => {
                self.bot = None;
                self.said = match bot {
                    Bot::Explore => format!("Auto-explore: all it can reach is seen ({} steps)", self.play.steps()),
                    Bot::Solve if self.exit.contains(&self.play.at()) => {
                        format!("Auto-solve: in the exit room after {} steps", self.play.steps())
                    }
                    Bot::Solve => "Auto-solve: the exit cannot be reached from here".into(),
                };
            }
        }
        moved
    }

    /// What a step changed: the fog around where the player was and is, and the words.
    fn stepped(&mut self, before: &[Pos], moved: &Moved) {
        for p in before.iter().chain(self.play.view()) {
            self.stale = match self.stale {
                Stale::Everything => Stale::Everything,
                Stale::Nothing => Stale::Box(p.x, p.y, p.x, p.y),
                Stale::Box(x0, y0, x1, y1) => Stale::Box(x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y)),
            };
        }
        self.said = match moved {
            Moved::Stepped => String::new(),
            Moved::PickedKey(k) => format!("Picked up key {k}"),
            Moved::Unlocked(k) => format!("Opened the lock of key {k}"),
            Moved::FoundSecret => "Found a secret door".into(),
            Moved::Blocked(b) => format!("Blocked: {b}"),
        };
    }

    /// Steps the bot as many times as its speed asks since it last stepped (at most 64 a
    /// frame); whether it is still going.
    pub fn run_bot(&mut self, now: f64, speed: f32) -> bool {
        let Some(bot) = self.bot else { return false };
        if self.bot_clock.is_nan() {
            self.bot_clock = now; // Just started: its first step comes after a beat.
            return true;
        }
        let due = ((now - self.bot_clock) * f64::from(speed.max(0.1))).floor();
        if due < 1.0 {
            return true;
        }
        self.bot_clock = now;
        for _ in 0..(due as usize).min(64) {
            if self.bot_step(bot).is_none() {
                return false;
            }
        }
        true
    }

    /// Starts a bot (its clock starts on the next frame), or stops the one going.
    pub fn set_bot(&mut self, bot: Option<Bot>) {
        if bot.is_none() && self.bot.is_none() {
            return;
        }
        self.bot = bot;
        self.bot_clock = f64::NAN;
        self.said = match bot {
            Some(Bot::Explore) => "Auto-explore…".into(),
            Some(Bot::Solve) => "Auto-solve…".into(),
            None => "Stopped".into(),
        };
    }

    /// The fog is drawn again whole (the view's radius changed).
    pub fn refog(&mut self) {
        self.stale = Stale::Everything;
    }

    /// The status line: steps, keys, the share of the map seen, and what just happened.
    pub fn status(&self) -> String {
        let keys = match self.play.keys() {
            [] => "no keys".to_string(),
            k => format!("keys {}", k.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
        };
        let mut s = format!(
            "Play: {} · {keys} · {:.0}% of the map seen",
            crate::words::count(u64::from(self.play.steps()), "step"),
            100.0 * self.play.share_seen()
        );
        if !self.said.is_empty() {
            s += &format!(" · {}", self.said);
        }
        s
    }

    /// Draws the fog of war over the map (unseen tiles hidden, seen ones out of view dimmed)
    /// and the player.
    pub fn draw_ui(&mut self, ui: &mut egui::Ui, view: &MapView) {
        if self.heat.is_some() {
            return self.heat_ui(ui, view);
        }
        let map = self.play.map().clone();
        let (w, h) = (map.width() as usize, map.height() as usize);
        let image = |x0: i32, y0: i32, x1: i32, y1: i32| fog_image(&self.play, x0, y0, x1, y1);
        let options = egui::TextureOptions::NEAREST;
        match (&mut self.fog, self.stale) {
            (Some(tex), Stale::Box(x0, y0, x1, y1)) => {
                let (x0, y0) = (x0.max(0), y0.max(0));
                let (x1, y1) = (x1.min(w as i32 - 1), y1.min(h as i32 - 1));
                if x0 <= x1 && y0 <= y1 {
                    tex.set_partial([x0 as usize, y0 as usize], image(x0, y0, x1, y1), options);
                }
            }
            (Some(_), Stale::Nothing) => {}
            _ => {
                let all = image(0, 0, w as i32 - 1, h as i32 - 1);
                self.fog = Some(ui.ctx().load_texture("delve-play-fog", all, options));
            }
        }
        self.stale = Stale::Nothing;
        let Some(tex) = &self.fog else { return };
        let t = &view.transform;
        let rect = Rect::from_min_max(
            t.screen_from_tile(view.rect, pos2(0.0, 0.0)),
            t.screen_from_tile(view.rect, pos2(w as f32, h as f32)),
        );
        let painter = ui.painter_at(view.rect);
        painter.image(tex.id(), rect, Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)), Color32::WHITE);
        let at = self.play.at();
        let centre = t.screen_from_tile(view.rect, pos2(at.x as f32 + 0.5, at.y as f32 + 0.5));
        let r = (t.scale * 0.45).max(3.0);
        painter.circle(centre, r, Color32::from_rgb(0xff, 0xd8, 0x40), egui::Stroke::new(1.5, Color32::BLACK));
        if t.scale >= 12.0 {
            painter.text(
                centre,
                egui::Align2::CENTER_CENTER,
                "@",
                egui::FontId::monospace(t.scale * 0.7),
                Color32::BLACK,
            );
        }
    }

    /// The heat map over the map: each tile coloured by how many runs walked it (cool to hot),
    /// and in each room the mean step the runs first saw it at.
    fn heat_ui(&mut self, ui: &mut egui::Ui, view: &MapView) {
        let Some((heat, tex)) = &self.heat else { return };
        let map = self.play.map();
        let (w, h) = (map.width() as f32, map.height() as f32);
        let t = &view.transform;
        let rect = Rect::from_min_max(
            t.screen_from_tile(view.rect, pos2(0.0, 0.0)),
            t.screen_from_tile(view.rect, pos2(w, h)),
        );
        let painter = ui.painter_at(view.rect);
        painter.image(tex.id(), rect, Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)), Color32::WHITE);
        if t.scale < 4.0 {
            return;
        }
        for (room, seen) in map.rooms.iter().zip(&heat.first_seen) {
            let Some((step, _)) = seen else { continue };
            let Some(b) = room.shape.bounds() else { continue };
            let centre =
                t.screen_from_tile(view.rect, pos2(b.x as f32 + b.w as f32 / 2.0, b.y as f32 + b.h as f32 / 2.0));
            let text = format!("{step:.0}");
            let font = egui::FontId::proportional((t.scale * 0.9).clamp(9.0, 16.0));
            let galley = painter.layout_no_wrap(text, font, Color32::WHITE);
            let at = centre - galley.size() / 2.0;
            painter.rect_filled(
                Rect::from_min_size(at, galley.size()).expand(2.0),
                3.0,
                Color32::from_black_alpha(170),
            );
            painter.galley(at, galley, Color32::WHITE);
        }
    }

    /// A heat map made: shown from now on.
    pub fn show_heat(&mut self, ctx: &egui::Context, heat: crate::play::Heat) {
        let hottest = heat.hottest().max(1) as f32;
        let pixels = heat
            .walked
            .iter()
            .map(|&n| {
                if n == 0 {
                    return Color32::from_black_alpha(185); // The map dimmed where no run went.
                }
                let t = n as f32 / hottest;
                // Cool (few runs) to hot (every run).
                let (r, g, b) = (40.0 + 215.0 * t, 80.0 + 150.0 * (1.0 - (2.0 * t - 1.0).abs()), 220.0 * (1.0 - t));
                Color32::from_rgba_unmultiplied(r as u8, g as u8, b as u8, 235)
            })
            .collect();
        let image =
            egui::ColorImage::new([heat.width as usize, heat.walked.len() / heat.width.max(1) as usize], pixels);
        let tex = ctx.load_texture("delve-play-heat", image, egui::TextureOptions::NEAREST);
        self.said = format!(
            "Heat map of {} auto-explore runs: the number in a room is the mean step it was first seen at",
            heat.runs
        );
        self.heat = Some((heat, tex));
    }

    /// Keeps the player in sight: when they come near the view's edge, the view centres on them.
    pub fn follow(&self, view: &mut MapView) {
        let at = self.play.at();
        let p = view.transform.screen_from_tile(view.rect, pos2(at.x as f32 + 0.5, at.y as f32 + 0.5));
        let margin = (view.rect.width().min(view.rect.height()) * 0.15).max(view.transform.scale * 2.0);
        if !view.rect.shrink(margin).contains(p) {
            let scale = view.transform.scale;
            let centre = view.rect.center() - view.rect.min;
            view.transform.origin = centre - egui::vec2(at.x as f32 + 0.5, at.y as f32 + 0.5) * scale;
        }
    }
}

/// The fog of tiles `(x0, y0)` to `(x1, y1)` (inclusive, on the map) as a picture, a pixel a
/// tile: clear where the player sees now, dimmed where they saw, dark where they never did.
pub fn fog_image(play: &Play, x0: i32, y0: i32, x1: i32, y1: i32) -> egui::ColorImage {
    let colour = |p: Pos| {
        if play.in_view(p) {
            Color32::TRANSPARENT
        } else if play.seen(p) {
            Color32::from_black_alpha(150)
        } else {
            Color32::from_rgb(10, 10, 12)
        }
    };
    let (cw, ch) = ((x1 - x0 + 1).max(0) as usize, (y1 - y0 + 1).max(0) as usize);
    let pixels = (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y))).map(colour).collect();
    egui::ColorImage::new([cw, ch], pixels)
}

/// The steps the keys ask for, and leaving play (Esc, P): consumed, so no other shortcut sees
/// them. Nothing while a widget wants the keyboard.
pub fn keys(ctx: &egui::Context) -> Vec<Command> {
    const MOVES: [(Key, i32, i32); 20] = [
        (Key::ArrowUp, 0, -1),
        (Key::ArrowDown, 0, 1),
        (Key::ArrowLeft, -1, 0),
        (Key::ArrowRight, 1, 0),
        (Key::K, 0, -1),
        (Key::J, 0, 1),
        (Key::H, -1, 0),
        (Key::L, 1, 0),
        (Key::Y, -1, -1),
        (Key::U, 1, -1),
        (Key::B, -1, 1),
        (Key::N, 1, 1),
        (Key::Num8, 0, -1),
        (Key::Num2, 0, 1),
        (Key::Num4, -1, 0),
        (Key::Num6, 1, 0),
        (Key::Num7, -1, -1),
        (Key::Num9, 1, -1),
        (Key::Num1, -1, 1),
        (Key::Num3, 1, 1),
    ];
    let mut out = Vec::new();
    if ctx.egui_wants_keyboard_input() {
        return out;
    }
    ctx.input_mut(|i| {
        for (key, dx, dy) in MOVES {
            while i.consume_key(Modifiers::NONE, key) {
                out.push(ViewCommand::PlayStep(dx, dy).into());
            }
        }
        if i.consume_key(Modifiers::NONE, Key::Escape) || i.consume_key(Modifiers::NONE, Key::P) {
            out.push(ViewCommand::Play(false).into());
        }
    });
    out
}

/// The runs a heat map is made of.
pub const HEAT_RUNS: u32 = 100;

/// The tool bar while playing: leave, the bots, their speed, how far the player sees, four or
/// eight ways.
pub fn play_bar_ui(ui: &mut egui::Ui, p: &PlayMode, prefs: &PlayPrefs, out: &mut Vec<Command>) {
    if ui.button("Leave play").on_hover_text("Back to editing, the view as it was (Esc)").clicked() {
        out.push(ViewCommand::Play(false).into());
    }
    ui.separator();
    for (bot, name, help) in [
        (Bot::Explore, "Auto-explore", "Walk to the nearest place not seen until all is seen"),
        (Bot::Solve, "Auto-solve", "The certifier's route: the keys it needs, then the exit"),
    ] {
        if ui.selectable_label(p.bot == Some(bot), name).on_hover_text(help).clicked() {
            out.push(ViewCommand::PlayBot((p.bot != Some(bot)).then_some(bot)).into());
        }
    }
    if ui.add_enabled(p.bot.is_some(), egui::Button::new("Stop")).clicked() {
        out.push(ViewCommand::PlayBot(None).into());
    }
    ui.separator();
    if p.heat_job.is_some() {
        ui.spinner();
    }
    let shown = p.heat.is_some();
    if ui
        .selectable_label(shown, "Heat map")
        .on_hover_text(format!(
            "Where {HEAT_RUNS} auto-explore runs from the spawn went, and when they first saw each room"
        ))
        .clicked()
    {
        out.push(ViewCommand::PlayHeat(!shown).into());
    }
    let mut next = *prefs;
    let speed = ui.label("Speed");
    ui.add(egui::DragValue::new(&mut next.speed).range(1.0..=500.0).suffix(" steps/s")).labelled_by(speed.id);
    let radius = ui.label("Sight");
    ui.add(egui::DragValue::new(&mut next.radius).range(0..=200).suffix(" tiles"))
        .labelled_by(radius.id)
        .on_hover_text("How far the player sees (0: as far as the map goes)");
    ui.checkbox(&mut next.eight_ways, "Diagonals")
        .on_hover_text("Step to the eight tiles around, or only the four beside");
    if next != *prefs {
        out.push(ViewCommand::SetPlay(next).into());
    }
}
