//! Editing commands: hand edits, strokes, undo and redo, applied to the document.

use super::super::DelveApp;
use super::super::command::Command;

impl DelveApp {
    pub(super) fn handle_edit(&mut self, c: Command) {
        let c_kind = match &c {
            Command::Stroke(_) => CKind::Stroke,
            Command::Undo => CKind::Undo,
            Command::Redo => CKind::Redo,
            Command::JumpHistory(n) => CKind::Jump(*n),
            _ => CKind::Other,
        };
        match c {
            Command::Edit(op) | Command::Stroke(op) => {
                let merge = matches!(c_kind, CKind::Stroke);
                let Some(doc) = &mut self.doc else { return };
                match doc.perform(op, merge) {
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
            Command::EndStep => {
                if let Some(doc) = &mut self.doc {
                    doc.end_step();
                }
            }
            Command::Undo | Command::Redo | Command::JumpHistory(_) => {
                let Some(doc) = &mut self.doc else { return };
                let r = match c_kind {
                    CKind::Undo => doc.undo(),
                    CKind::Redo => doc.redo(),
                    CKind::Jump(n) => Some(doc.jump_to(n)),
                    _ => None,
                };
                if let Some(Err(e)) = r {
                    self.notify(format!("Cannot undo/redo: {e}"));
                }
            }
            _ => {}
        }
    }
}

/// The kind of an editing command, read before the command is moved into its handler.
#[derive(Clone, Copy)]
enum CKind {
    Stroke,
    Undo,
    Redo,
    Jump(usize),
    Other,
}
