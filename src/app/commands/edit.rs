//! Editing commands: hand edits, strokes, undo and redo, applied to the document.

use super::super::DelveApp;
use super::super::command::EditCommand;
use super::super::jobs::{Event, Job, JobKind};
use crate::edit::Document;

impl DelveApp {
    pub(super) fn handle_edit(&mut self, c: EditCommand) {
        match c {
            EditCommand::Perform(_) | EditCommand::Stroke(..) => {
                let Some(doc) = &mut self.doc else { return };
                let (result, merge) = match c {
                    EditCommand::Stroke(interaction, op) => (doc.perform(op, interaction), true),
                    EditCommand::Perform(op) => (doc.perform_once(op), false),
                    _ => return,
                };
                match result {
                    Ok(notes) => {
                        if !notes.is_empty() {
                            self.notify(notes.join("; "));
                        }
                    }
                    Err(crate::edit::EditError::Nothing) => {}
                    Err(e) if merge => self.hover = Some(e.to_string()),
                    Err(e) => self.notify(format!("Not done: {e}")),
                }
            }
            EditCommand::EndStep(interaction) => {
                if let Some(doc) = &mut self.doc {
                    doc.end_step(interaction);
                }
            }
            EditCommand::DeleteSelection => {
                if let Some(delete) = self.tools.delete_selection() {
                    self.commands.push(delete);
                }
            }
            EditCommand::ToggleRoomLock => {
                if let Some(lock) = self.doc.as_ref().and_then(|d| self.tools.toggle_selected_lock(d.map())) {
                    self.commands.push(lock);
                }
            }
            c @ (EditCommand::Undo | EditCommand::Redo | EditCommand::JumpHistory(_)) => {
                let Some(doc) = &mut self.doc else { return };
                let r = match c {
                    EditCommand::Undo => doc.undo(),
                    EditCommand::Redo => doc.redo(),
                    EditCommand::JumpHistory(n) => Some(doc.jump_to(n)),
                    _ => None,
                };
                if let Some(Err(e)) = r {
                    self.notify(format!("Cannot undo/redo: {e}"));
                }
                self.follow_panel();
            }
        }
    }

    /// The document's problems and figures for its current revision, from a worker.
    pub(in crate::app) fn poll_check(&mut self) {
        let Some(events) = self.check_job.as_ref().map(Job::poll) else { return };
        for event in events {
            self.check_job = None;
            match (event, &mut self.doc) {
                (Event::Done(c), Some(doc)) => {
                    doc.checked(*c);
                }
                (Event::Failed(_), Some(doc)) => doc.check_lost(),
                _ => {}
            }
        }
    }

    /// Checks the document's map on a worker when its problems are stale (one check at a time;
    /// an answer for an older revision is dropped by the document).
    pub(in crate::app) fn start_check(&mut self) {
        if self.check_job.is_some() {
            return;
        }
        if let Some(check) = self.doc.as_mut().and_then(Document::check_request) {
            self.check_job = Some(self.jobs.spawn(JobKind::Check, move |_| Box::new(check.run())));
        }
    }
}
