//! What stands between the user and the editor: the unsaved-changes prompt (also when the
//! window is closed), the crash-recovery offer, the *New map* and export dialogs, and the
//! built-in file dialog. Each returns commands.

use super::{
    Command, DelveApp, Document, ParamsCommand, WindowCommand, dialogs, document, export_window, pending, recovery,
};
use pending::Pending;

impl DelveApp {
    pub(super) fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::AskMap(Command::Window(WindowCommand::Quit)));
        }
    }

    /// The prompt of the pending workflow, or the built-in file dialog. Both return commands.
    pub(super) fn modal_ui(&mut self, ctx: &egui::Context) {
        if let Some(p) = self.pending.as_ref().filter(|p| p.asks()) {
            let info = pending::PromptInfo {
                name: match &self.dungeon {
                    Some(d) => format!("The dungeon {}", d.name()),
                    None => self.doc.as_ref().map_or_else(|| "The map".to_string(), Document::display_name),
                },
                has_path: match &self.dungeon {
                    Some(d) => d.path.is_some(),
                    None => self.doc.as_ref().is_some_and(|d| d.path().is_some()),
                },
                params_unsaved: self.session.params_unsaved(),
                stars_unsaved: self.session.stars_unsaved(),
                stars: self.session.starred().len(),
                same_preset: matches!(
                    p,
                    Pending::AskPreset(Command::Params(ParamsCommand::SelectPreset(r))) if Some(r) == self.session.preset()
                ),
            };
            if let Some(c) = pending::prompt_ui(ctx, p, &info) {
                self.commands.push(c);
            }
        }
        if self.path_dialog.is_none()
            && !self.pending.as_ref().is_some_and(Pending::asks)
            && let Some(offer) = self.recovery.offers.front()
            && let Some(c) = recovery::offer_ui(ctx, offer)
        {
            self.commands.push(c);
        }
        if let Some(dialog) = &mut self.new_map {
            let (c, open) = document::new_map_ui(ctx, dialog);
            self.commands.extend(c);
            if !open {
                self.new_map = None;
            }
        }
        if let Some(dialog) = &mut self.new_dungeon {
            let (c, open) = super::dungeon_panel::new_dungeon_ui(ctx, dialog, self.session.params());
            self.commands.extend(c);
            if !open {
                self.new_dungeon = None;
            }
        }
        if let (Some(dialog), Some(doc)) = (&mut self.resize, &self.doc) {
            let (c, open) = super::resize_dialog::resize_ui(ctx, dialog, doc.map());
            self.commands.extend(c);
            if !open {
                self.resize = None;
            }
        }
        if let Some(format) = self.export_window {
            let open = match &self.doc {
                Some(doc) => export_window::export_window_ui(
                    ctx,
                    format,
                    &self.prefs.export_options,
                    doc.map(),
                    &mut self.commands,
                ),
                None => false,
            };
            if !open {
                self.export_window = None;
            }
        }
        if let Some(dialog) = &mut self.path_dialog
            && let Some(c) = dialogs::path_dialog_ui(ctx, dialog)
        {
            self.path_dialog = None;
            self.commands.push(c);
        }
    }
}
