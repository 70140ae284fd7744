//! Applying [`Command`]s: one entry point ([`DelveApp::handle`]) that asks first when a command
//! would lose unsaved changes, moves the pending workflow ([`Pending`]) on, and hands each
//! command to the module of its concern. Job results come back here too ([`DelveApp::poll_jobs`]),
//! tagged with the id of the job that made them.

pub mod dungeon;
pub mod edit;
pub mod files;
pub mod params;
pub mod play;
pub mod tune;
pub mod view;
pub mod windows;

use super::command::{Answer, Command};
use super::dialogs::DialogPurpose;
use super::pending::Pending;
use super::shortcuts::Action;
use super::{Camera, DelveApp};
use crate::app::command::{EditCommand, FileCommand, ParamsCommand, ViewCommand, WindowCommand};

/// Follow-up rounds a frame runs (a chosen path opens, a regeneration starts), capped so a loop
/// can never hang the window.
const ROUNDS: usize = 16;

impl DelveApp {
    /// Applies one command.
    pub fn handle(&mut self, ctx: &egui::Context, c: Command) {
        self.handle_with(ctx, c, false);
    }

    /// Applies one command; `discarding`: the user agreed to lose unsaved changes to it.
    fn handle_with(&mut self, ctx: &egui::Context, c: Command, discarding: bool) {
        if !discarding {
            // Regenerating is an undo step of the same document: it never asks (see
            // `super::document`). Only starting another document does.
            if c.replaces_document() && self.unsaved() {
                self.pending = Some(Pending::AskMap(c));
                return;
            }
            // Switching presets replaces the parameters and the starred seeds with the new preset's.
            if c.replaces_preset() && (self.session.params_unsaved() || self.session.stars_unsaved()) {
                self.pending = Some(Pending::AskPreset(c));
                return;
            }
        }
        match c {
            Command::Params(c) => self.handle_params(ctx, c),
            Command::File(c) => self.handle_files(c, discarding),
            Command::Edit(c) => self.handle_edit(c),
            Command::Window(c) => self.handle_windows(ctx, c),
            Command::View(c) => self.handle_view(c),
            Command::Dungeon(c) => self.handle_dungeon(c, discarding),
        }
    }

    /// The user answered the unsaved-changes prompt.
    pub(super) fn answer(&mut self, ctx: &egui::Context, a: Answer) {
        let (then, preset) = match self.pending.take() {
            Some(Pending::AskMap(then)) => (then, false),
            Some(Pending::AskPreset(then)) => (then, true),
            Some(Pending::AskSaveOver(then)) => return self.answer_save_over(a, then),
            other => {
                self.pending = other; // Not asking: nothing to answer.
                return;
            }
        };
        match a {
            Answer::Cancel => {}
            Answer::Save | Answer::SaveAs => {
                self.pending = Some(Pending::SaveThen(then));
                self.commands.push(if preset {
                    Command::File(FileCommand::Dialog(DialogPurpose::SavePreset))
                } else {
                    dungeon::save_command(self.dungeon.is_some(), false)
                });
            }
            Answer::Discard => {
                if preset {
                    self.session.discard_stars();
                }
                self.handle_with(ctx, then, true);
            }
        }
    }

    /// The user answered whether to save a regenerated map over the hand edits its file holds:
    /// write it there, or to another file, then go on with `then`; or write nothing.
    fn answer_save_over(&mut self, a: Answer, then: Option<Box<Command>>) {
        let path = self.doc.as_ref().and_then(|d| d.path()).map(std::path::Path::to_path_buf);
        let save = match (a, path) {
            (Answer::Save, Some(path)) => FileCommand::SaveMapTo(path),
            (Answer::Save | Answer::SaveAs, _) => FileCommand::Dialog(DialogPurpose::SaveMap),
            (Answer::Cancel | Answer::Discard, _) => return,
        };
        self.pending = then.map(|c| Pending::SaveThen(*c));
        self.commands.push(Command::File(save));
    }

    /// Saving to the document's file would write a regenerated map over the hand edits the file
    /// holds: ask first (what waited for the save waits for the answer).
    pub(super) fn ask_save_over(&mut self) {
        let then = match self.pending.take() {
            Some(Pending::SaveThen(c)) => Some(Box::new(c)),
            _ => None,
        };
        self.pending = Some(Pending::AskSaveOver(then));
    }

    /// A save finished: go on with what waited for it, or drop it when the save failed.
    pub(super) fn save_finished(&mut self, ctx: &egui::Context, ok: bool) {
        match self.pending.take() {
            Some(Pending::SaveThen(then)) if ok => self.handle_with(ctx, then, true),
            Some(Pending::SaveThen(_)) => {}
            other => self.pending = other,
        }
    }

    /// Applies the queued commands, and the follow-ups they queue.
    pub(super) fn apply_commands(&mut self, ctx: &egui::Context) {
        for _ in 0..ROUNDS {
            if self.commands.is_empty() {
                break;
            }
            for c in std::mem::take(&mut self.commands) {
                self.handle(ctx, c);
            }
        }
    }

    /// What the background jobs handed back since the last frame, each taken by the module
    /// that asked for the work (through its typed handle).
    pub(super) fn poll_jobs(&mut self, ctx: &egui::Context) {
        self.poll_generation();
        self.poll_files(ctx);
        self.poll_check();
        self.poll_recovery();
        self.browser.poll();
        self.compare.poll();
        self.explore.poll();
        self.tune.poll();
        self.timeline.poll();
        self.depth.poll(self.dungeon.as_ref().map(|d| d.serial));
    }

    /// The command of a keyboard shortcut.
    pub(super) fn shortcut_command(&self, a: Action) -> Command {
        match a {
            Action::RandomSeed => Command::Params(ParamsCommand::RandomSeed),
            Action::PrevSeed => Command::Params(ParamsCommand::PrevSeed),
            Action::NextSeed => Command::Params(ParamsCommand::NextSeed),
            Action::Regenerate => Command::Params(ParamsCommand::Regenerate),
            Action::Fit => Command::View(ViewCommand::Camera(Camera::Fit)),
            Action::OneToOne => Command::View(ViewCommand::Camera(Camera::OneToOne)),
            Action::ZoomIn => Command::View(ViewCommand::Camera(Camera::Zoom(1.25))),
            Action::ZoomOut => Command::View(ViewCommand::Camera(Camera::Zoom(0.8))),
            Action::Open => Command::File(FileCommand::Dialog(DialogPurpose::OpenMap)),
            Action::SaveAs => dungeon::save_command(self.dungeon.is_some(), true),
            Action::Save => dungeon::save_command(self.dungeon.is_some(), false),
            Action::Stairs(up) => Command::Dungeon(crate::app::command::DungeonCommand::Stairs(up)),
            Action::Play => Command::View(ViewCommand::Play(true)),
            Action::Export => Command::File(FileCommand::Dialog(DialogPurpose::Export(self.prefs.export_format))),
            Action::Quit => Command::Window(WindowCommand::Quit),
            Action::ToggleSeedBrowser => Command::Window(WindowCommand::ShowSeedBrowser(!self.browser.open)),
            Action::ToggleExplore => Command::Window(WindowCommand::ShowExplore(!self.explore.open)),
            Action::ToggleTimeline => Command::Window(WindowCommand::ShowTimeline(!self.timeline.open)),
            Action::ToggleSidePanel => Command::Window(WindowCommand::ShowSidePanel(!self.prefs.side_panel)),
            Action::FocusMap => Command::Window(WindowCommand::FocusMap(!self.prefs.focus_map)),
            Action::Undo => Command::Edit(EditCommand::Undo),
            Action::Redo => Command::Edit(EditCommand::Redo),
            Action::DeleteSelection => Command::Edit(EditCommand::DeleteSelection),
            Action::ToggleRoomLock => Command::Edit(EditCommand::ToggleRoomLock),
            Action::Tool(t) => Command::View(ViewCommand::SetTool(t)),
            Action::Brush(bigger) => Command::View(ViewCommand::ResizeBrush(bigger)),
        }
    }
}
