//! Play commands (`ViewCommand::Play…`): starting and leaving play, the player's steps, the
//! bots, and, each frame, keeping play with the document (an edit ends it) and taking a
//! dungeon's stairs to the floor they lead to.

use super::super::DelveApp;
use super::super::play_mode::PlayMode;
use crate::dungeon::LinkKind;
use crate::params::markers::{BRANCH, STAIRS_DOWN, STAIRS_UP};
use crate::play::{Moved, Play};

impl DelveApp {
    /// Starts play on the document (or says why it cannot), or leaves it.
    pub(super) fn set_playing(&mut self, on: bool) {
        if !on {
            self.play_arrival = None;
            if let Some(p) = self.play.take() {
                self.view.transform = p.camera;
            }
            return;
        }
        if self.play.is_some() {
            return;
        }
        let Some(doc) = &self.doc else {
            self.notify("No map to play".into());
            return;
        };
        match Play::new(doc.map_arc(), self.prefs.play.settings()) {
            Ok(play) => {
                let mode = PlayMode::new(play, doc.revision(), self.view.transform);
                if let Some(w) = &mode.warning {
                    self.notify(format!("This map cannot be solved: {w}"));
                }
                self.play = Some(mode);
            }
            Err(e) => self.show_message("Cannot play this map", format!("{e}.")),
        }
    }

    /// Makes the heat map on a worker (it shows when made), or hides it.
    pub(super) fn play_heat(&mut self, on: bool) {
        let Some(p) = &mut self.play else { return };
        if !on {
            p.heat = None;
            p.heat_job = None;
            return;
        }
        let (map, settings) = (p.play.map().clone(), p.play.settings());
        let job = self.jobs.spawn(super::super::jobs::JobKind::Explore, move |job| {
            crate::play::heat_map(&map, settings, super::super::play_mode::HEAT_RUNS, 0, job.cancel_flag())
        });
        if let Some(p) = &mut self.play {
            p.heat_job = Some(job);
        }
    }

    /// The player's step.
    pub(super) fn play_step(&mut self, dx: i32, dy: i32) {
        let Some(p) = &mut self.play else { return };
        p.set_bot(None);
        let moved = p.step(dx, dy);
        self.after_play_step(&moved);
    }

    /// After a step that moved the player: on a dungeon's stairs, to the floor they lead to.
    fn after_play_step(&mut self, moved: &Moved) {
        if matches!(moved, Moved::Blocked(_) | Moved::FoundSecret) {
            return;
        }
        let (Some(p), Some(d)) = (&self.play, &self.dungeon) else { return };
        let (Some(kind), Some(cur)) = (p.play.on_stairs(), d.current) else { return };
        let at = p.play.at();
        let id = d.floors[cur].id;
        let link = d.links().iter().find(|l| {
            l.at == at
                && match kind {
                    STAIRS_UP => l.to == id,
                    STAIRS_DOWN => l.from == id && l.kind == LinkKind::Down,
                    BRANCH => l.from == id && l.kind == LinkKind::Branch,
                    _ => false,
                }
        });
        let Some(to) = link.and_then(|l| d.index_of(if kind == STAIRS_UP { l.from } else { l.to })) else { return };
        self.play_arrival = Some((to, at));
        self.open_floor(to);
    }

    /// Each frame: play ends when the document changes under it (unless the player is on the
    /// way to another floor, where it goes on from the stairs); the bot steps; the view follows.
    pub(in crate::app) fn sync_play(&mut self, ctx: &egui::Context) {
        if self.play.is_none() {
            return;
        }
        if let Some((floor, at)) = self.play_arrival {
            let arrived = self.dungeon.as_ref().is_some_and(|d| d.current == Some(floor));
            match (&self.doc, arrived) {
                (Some(doc), true) => {
                    self.play_arrival = None;
                    let camera = self.play.as_ref().map_or(self.view.transform, |p| p.camera);
                    match Play::starting_at(doc.map_arc(), self.prefs.play.settings(), at) {
                        Ok(play) => {
                            let label = self.dungeon.as_ref().map(|d| d.label(floor)).unwrap_or_default();
                            let mut mode = PlayMode::new(play, doc.revision(), camera);
                            mode.said = format!("Took the stairs to {label}");
                            self.play = Some(mode);
                        }
                        Err(e) => {
                            self.play = None;
                            self.show_message("Cannot play on this floor", format!("{e}."));
                        }
                    }
                }
                _ => return, // Still on the way.
            }
        }
        let revision = self.doc.as_ref().map(|d| d.revision());
        if self.play.as_ref().is_some_and(|p| Some(p.revision) != revision) {
            self.set_playing(false);
            self.notify("The map changed: play ended".into());
            return;
        }
        let now = ctx.input(|i| i.time);
        let speed = self.prefs.play.speed;
        let Some(p) = &mut self.play else { return };
        let made = p.heat_job.as_ref().map(|j| j.poll()).unwrap_or_default();
        for e in made {
            p.heat_job = None;
            match e {
                super::super::jobs::Event::Done(Some(heat)) => p.show_heat(ctx, heat),
                super::super::jobs::Event::Failed(e) => p.said = format!("The heat map could not be made: {e}"),
                _ => {}
            }
        }
        if p.bot.is_some() {
            let before = p.play.steps();
            let going = p.run_bot(now, speed);
            let moved = p.play.steps() != before;
            if going {
                ctx.request_repaint();
            }
            if moved {
                self.after_play_step(&Moved::Stepped);
            }
        }
        if let Some(p) = &self.play {
            p.follow(&mut self.view);
        }
    }
}
