//! A workflow that waits for the user or for a save: one explicit state, [`Pending`], with one
//! lifecycle:
//!
//! ```text
//! (a command that would lose changes) -> AskMap / AskPreset   the prompt is shown
//!   Answer::Cancel                    -> (none)               nothing happens
//!   Answer::Discard                   -> run the command; its result may replace the edits:
//!                                        Replacing(job)       until that result arrives
//!   Answer::Save                      -> SaveThen(command)    a dialog and a write in flight
//!       save succeeded                -> run the command (as Discard)
//!       save failed or dialog closed  -> (none)
//!
//! (a save would write a regenerated map over the hand edits its file holds)
//!                                     -> AskSaveOver(then)    the prompt is shown
//!   Answer::Save (Save over)          -> SaveThen(then)       the write in flight
//!   Answer::SaveAs                    -> SaveThen(then)       a dialog and a write in flight
//!   Answer::Cancel                    -> (none)               nothing is written; `then` dropped
//! ```
//!
//! The prompt ([`prompt_ui`]) only returns an [`Answer`] command; the handlers in
//! [`super::commands`] move the state on.

use super::command::{Answer, Command};
use super::jobs::JobId;
use crate::app::command::WindowCommand;

/// What is waiting (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// Unsaved map edits: ask before running the command.
    AskMap(Command),
    /// Parameters or starred seeds not saved in the preset: ask before switching presets.
    AskPreset(Command),
    /// Saving (a file dialog, then the write); the command runs once the save succeeded.
    SaveThen(Command),
    /// The user agreed to lose the edits to the map being opened by this job.
    ReplacingWithOpen(JobId),
    /// Saving would write a regenerated map over the hand edits its file holds: ask first. The
    /// command waiting for the save (a quit, an open), if any.
    AskSaveOver(Option<Box<Command>>),
}

impl Pending {
    /// Whether a prompt is shown.
    pub fn asks(&self) -> bool {
        matches!(self, Pending::AskMap(_) | Pending::AskPreset(_) | Pending::AskSaveOver(_))
    }
}

/// What the prompt needs to know about the unsaved changes.
pub struct PromptInfo {
    /// The map's name.
    pub name: String,
    /// The map has a file (so "Save first" needs no dialog).
    pub has_path: bool,
    pub params_unsaved: bool,
    pub stars_unsaved: bool,
    pub stars: usize,
    /// The preset asked for is the one in use: picking it again goes back to its own values.
    pub same_preset: bool,
}

/// The unsaved-changes prompt of `pending`, if it asks; returns the user's answer.
pub fn prompt_ui(ctx: &egui::Context, pending: &Pending, info: &PromptInfo) -> Option<Command> {
    let mut answer = None;
    let r = match pending {
        Pending::AskMap(then) => egui::Modal::new(egui::Id::unique("delve-confirm")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.heading("Unsaved changes");
            ui.label(format!(
                "{} has changes that are not saved. {} anyway, and lose them?",
                info.name,
                then.describe()
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let save = if info.has_path { "Save first" } else { "Save as… first" };
                answer = buttons_ui(ui, save);
            });
        }),
        Pending::AskPreset(_) => egui::Modal::new(egui::Id::unique("delve-confirm-preset")).show(ctx, |ui| {
            let mut what = Vec::new();
            if info.params_unsaved {
                what.push("the parameters you changed".to_string());
            }
            if info.stars_unsaved {
                let n = info.stars;
                what.push(crate::words::count(n as u64, "starred seed"));
            }
            ui.set_max_width(440.0);
            ui.heading("Unsaved preset changes");
            let then = if info.same_preset {
                "Picking the preset again goes back to its own parameters and stars"
            } else {
                "The other preset brings its own parameters and stars"
            };
            ui.label(format!(
                "Not saved in the preset: {}. {then}. Save yours first with Save preset as…, or discard them?",
                what.join(" and ")
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| answer = buttons_ui(ui, "Save preset as…"));
        }),
        Pending::AskSaveOver(_) => egui::Modal::new(egui::Id::unique("delve-confirm-save-over")).show(ctx, |ui| {
            ui.set_max_width(440.0);
            ui.heading("Save over hand edits?");
            ui.label(format!(
                "{} holds a map edited by hand. The map on screen was regenerated since and does not hold \
                 those edits: saving over {} replaces them. Undo brings the edited map back here.",
                info.name, info.name
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save over").on_hover_text(format!("Write this map to {}", info.name)).clicked() {
                    answer = Some(Answer::Save);
                }
                if ui.button("Save as…").on_hover_text("Save this map as another file").clicked() {
                    answer = Some(Answer::SaveAs);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
            });
        }),
        _ => return None,
    };
    if r.should_close() && answer.is_none() {
        answer = Some(Answer::Cancel);
    }
    answer.map(|a| WindowCommand::Answer(a).into())
}

fn buttons_ui(ui: &mut egui::Ui, save: &str) -> Option<Answer> {
    if ui.button(save).clicked() {
        return Some(Answer::Save);
    }
    if ui.button("Discard changes").clicked() {
        return Some(Answer::Discard);
    }
    ui.button("Cancel").clicked().then_some(Answer::Cancel)
}
