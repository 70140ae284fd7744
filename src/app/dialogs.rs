//! File dialogs: the system's (through `rfd` and the XDG desktop portal, or zenity), a scripted
//! one for tests, and a built-in path dialog used when no system dialog is available or when the
//! user prefers typing a path.

use crate::export::Format;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DialogPurpose {
    OpenMap,
    SaveMap,
    Export(Format),
    /// An animation of the map's generation, a frame per step.
    ExportGif,
    LoadPreset,
    SavePreset,
    /// A Tiled tileset of the user's own, for Tiled exports.
    ChooseTileset,
    /// The Explore window's run, as `delve sweep` writes it.
    SaveRunCsv,
    /// A proposal of the Tune window, as a preset.
    SaveTunedPreset,
    /// A Delve map whose rooms become vaults (the Vaults stage's libraries).
    AddVaultLibrary,
    /// A dungeon preset or a made dungeon's `dungeon.ron`.
    OpenDungeon,
    /// The dungeon's `dungeon.ron` (its floors' map files are written beside it).
    SaveDungeon,
    /// The dungeon preset the open dungeon was made from.
    SaveDungeonPreset,
}

impl DialogPurpose {
    pub const fn title(self) -> &'static str {
        match self {
            DialogPurpose::OpenMap => "Open map",
            DialogPurpose::SaveMap => "Save map as",
            DialogPurpose::Export(Format::Tmx) => "Export Tiled map (TMX)",
            DialogPurpose::Export(Format::Tmj) => "Export Tiled JSON map (TMJ)",
            DialogPurpose::Export(Format::Json) => "Export JSON",
            DialogPurpose::Export(Format::Csv) => "Export CSV",
            DialogPurpose::Export(Format::Png) => "Export PNG",
            DialogPurpose::ExportGif => "Export the generation as GIF",
            DialogPurpose::LoadPreset => "Load preset",
            DialogPurpose::SavePreset => "Save preset as",
            DialogPurpose::ChooseTileset => "Choose a Tiled tileset",
            DialogPurpose::SaveRunCsv => "Save the run as CSV",
            DialogPurpose::SaveTunedPreset => "Save the tuned parameters as a preset",
            DialogPurpose::AddVaultLibrary => "Add a vault library (a Delve map)",
            DialogPurpose::OpenDungeon => "Open dungeon",
            DialogPurpose::SaveDungeon => "Save dungeon as (its floors are saved beside it)",
            DialogPurpose::SaveDungeonPreset => "Save dungeon preset as",
        }
    }

    /// Whether the dialog names a file to write (rather than one to read).
    pub const fn saves(self) -> bool {
        matches!(
            self,
            DialogPurpose::SaveMap
                | DialogPurpose::Export(_)
                | DialogPurpose::ExportGif
                | DialogPurpose::SavePreset
                | DialogPurpose::SaveRunCsv
                | DialogPurpose::SaveTunedPreset
                | DialogPurpose::SaveDungeon
                | DialogPurpose::SaveDungeonPreset
        )
    }

    /// The file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            DialogPurpose::Export(f) => f.extension(),
            DialogPurpose::ExportGif => "gif",
            DialogPurpose::ChooseTileset => "tsx",
            DialogPurpose::SaveRunCsv => "csv",
            _ => "ron",
        }
    }

    pub const fn filter_name(self) -> &'static str {
        match self {
            DialogPurpose::OpenMap | DialogPurpose::SaveMap | DialogPurpose::AddVaultLibrary => "Delve map (RON)",
            DialogPurpose::Export(f) => f.description(),
            DialogPurpose::ExportGif => "Animated GIF",
            DialogPurpose::LoadPreset | DialogPurpose::SavePreset | DialogPurpose::SaveTunedPreset => {
                "Delve preset (RON)"
            }
            DialogPurpose::ChooseTileset => "Tiled tileset (TSX)",
            DialogPurpose::SaveRunCsv => "Figures of every seed (CSV)",
            DialogPurpose::OpenDungeon | DialogPurpose::SaveDungeon | DialogPurpose::SaveDungeonPreset => {
                "Delve dungeon (RON)"
            }
        }
    }

    /// The label of the confirming button.
    pub const fn verb(self) -> &'static str {
        match self {
            DialogPurpose::OpenMap | DialogPurpose::OpenDungeon => "Open",
            DialogPurpose::LoadPreset => "Load",
            DialogPurpose::Export(_) | DialogPurpose::ExportGif => "Export",
            DialogPurpose::ChooseTileset => "Use",
            DialogPurpose::AddVaultLibrary => "Add",
            DialogPurpose::SaveMap
            | DialogPurpose::SavePreset
            | DialogPurpose::SaveRunCsv
            | DialogPurpose::SaveTunedPreset
            | DialogPurpose::SaveDungeon
            | DialogPurpose::SaveDungeonPreset => "Save",
        }
    }
}

/// A request to pick a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogRequest {
    pub purpose: DialogPurpose,
    /// The folder to start in.
    pub directory: Option<PathBuf>,
    /// The suggested file name (save dialogs).
    pub file_name: Option<String>,
}

/// How a dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Picked(PathBuf),
    Cancelled,
    /// No dialog could be shown (no desktop portal and no zenity, for instance).
    Unavailable,
}

/// A source of file dialogs. `pick` blocks until the user answers and is called on a worker
/// thread, never the UI thread.
pub trait FileDialogs: Send + Sync {
    fn pick(&self, request: &DialogRequest) -> DialogOutcome;
}

/// The system's file dialog through `rfd` (XDG desktop portal, falling back to zenity).
///
/// `rfd` reports a missing portal and a missing zenity the same way as a cancelled dialog: it
/// returns `None`. No person cancels a dialog in a quarter of a second, so an answer that fast
/// is taken to mean no dialog was shown.
pub struct SystemDialogs;

const TOO_FAST_TO_BE_HUMAN: Duration = Duration::from_millis(250);

impl FileDialogs for SystemDialogs {
    fn pick(&self, request: &DialogRequest) -> DialogOutcome {
        let p = request.purpose;
        let mut d = rfd::FileDialog::new().set_title(p.title()).add_filter(p.filter_name(), &[p.extension()]);
        if let Some(dir) = request.directory.as_deref().filter(|d| d.is_dir()) {
            d = d.set_directory(dir);
        }
        if let Some(name) = &request.file_name {
            d = d.set_file_name(name);
        }
        let start = Instant::now();
        let picked = if p.saves() { d.save_file() } else { d.pick_file() };
        match picked {
            Some(path) => DialogOutcome::Picked(path),
            None if start.elapsed() < TOO_FAST_TO_BE_HUMAN => DialogOutcome::Unavailable,
            None => DialogOutcome::Cancelled,
        }
    }
}

/// Answers dialogs from a queue; for tests. An empty queue answers [`DialogOutcome::Cancelled`].
#[derive(Default)]
pub struct ScriptedDialogs {
    answers: Mutex<VecDeque<DialogOutcome>>,
    asked: Mutex<Vec<DialogRequest>>,
}

impl ScriptedDialogs {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues the answer to the next dialog.
    pub fn answer(&self, outcome: DialogOutcome) {
        if let Ok(mut a) = self.answers.lock() {
            a.push_back(outcome);
        }
    }

    /// Queues a picked path as the answer to the next dialog.
    pub fn pick(&self, path: impl Into<PathBuf>) {
        self.answer(DialogOutcome::Picked(path.into()));
    }

    /// Every request made so far.
    pub fn requests(&self) -> Vec<DialogRequest> {
        self.asked.lock().map(|a| a.clone()).unwrap_or_default()
    }
}

impl FileDialogs for ScriptedDialogs {
    fn pick(&self, request: &DialogRequest) -> DialogOutcome {
        if let Ok(mut a) = self.asked.lock() {
            a.push(request.clone());
        }
        self.answers.lock().ok().and_then(|mut a| a.pop_front()).unwrap_or(DialogOutcome::Cancelled)
    }
}

/// Adds `ext` to `path` when it has no extension.
pub fn with_extension(path: PathBuf, ext: &str) -> PathBuf {
    if path.extension().is_none() { path.with_extension(ext) } else { path }
}

/// Puts `path` first in a most-recent-first list of at most `max` entries.
pub fn remember(list: &mut Vec<PathBuf>, path: &Path, max: usize) {
    list.retain(|p| p != path);
    list.insert(0, path.to_path_buf());
    list.truncate(max);
}

/// One entry of the built-in dialog's folder listing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    is_dir: bool,
}

/// The built-in file dialog: a path field with a listing of the folder it names. Used when no
/// system dialog is available, and always reachable as "Type a path…".
pub struct PathDialog {
    pub purpose: DialogPurpose,
    /// What the user typed.
    pub text: String,
    /// Why this dialog is shown instead of the system's, if that is the reason.
    pub notice: Option<String>,
    listing: Option<(PathBuf, Vec<Entry>)>,
    error: Option<String>,
    focused: bool,
}

/// What the built-in dialog asks for after a frame.
pub enum PathDialogAction {
    None,
    Cancel,
    Confirm(PathBuf),
}

impl PathDialog {
    pub fn new(purpose: DialogPurpose, directory: Option<&Path>, file_name: Option<&str>) -> Self {
        let dir = directory
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        let mut text = dir.display().to_string();
        if !text.ends_with(std::path::MAIN_SEPARATOR) {
            text.push(std::path::MAIN_SEPARATOR);
        }
        if let Some(name) = file_name {
            text.push_str(name);
        }
        Self { purpose, text, notice: None, listing: None, error: None, focused: false }
    }

    /// The folder the typed path is in (or is).
    fn folder(&self) -> PathBuf {
        let p = PathBuf::from(self.text.trim());
        if self.text.ends_with(std::path::MAIN_SEPARATOR) || p.is_dir() {
            p
        } else {
            p.parent()
                .map(Path::to_path_buf)
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or_else(|| PathBuf::from("."))
        }
    }

    fn refresh_listing(&mut self) {
        let dir = self.folder();
        if self.listing.as_ref().is_some_and(|(d, _)| *d == dir) {
            return;
        }
        let ext = self.purpose.extension();
        let mut entries: Vec<Entry> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .filter_map(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
                        let matches = Path::new(&name).extension().is_some_and(|x| x.eq_ignore_ascii_case(ext));
                        (!name.starts_with('.') && (is_dir || matches)).then_some(Entry { name, is_dir })
                    })
                    .collect()
            })
            .unwrap_or_default();
        entries.sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
        entries.truncate(2000);
        self.listing = Some((dir, entries));
    }

    /// Checks the typed path; the path to use, or why not.
    fn validate(&self) -> Result<PathBuf, String> {
        let t = self.text.trim();
        if t.is_empty() {
            return Err("Type a file path.".into());
        }
        let p = PathBuf::from(t);
        if p.is_dir() || t.ends_with(std::path::MAIN_SEPARATOR) {
            return Err("That is a folder; pick or type a file name.".into());
        }
        if self.purpose.saves() {
            let p = with_extension(p, self.purpose.extension());
            match p.parent().filter(|d| !d.as_os_str().is_empty()) {
                Some(d) if !d.is_dir() => Err(format!("The folder {} does not exist.", d.display())),
                _ => Ok(p),
            }
        } else if p.is_file() {
            Ok(p)
        } else {
            Err(format!("There is no file {}.", p.display()))
        }
    }

    /// Shows the dialog's contents.
    pub fn contents_ui(&mut self, ui: &mut egui::Ui) -> PathDialogAction {
        self.refresh_listing();
        let mut action = PathDialogAction::None;
        ui.heading(self.purpose.title());
        if let Some(n) = &self.notice {
            ui.label(egui::RichText::new(n).color(ui.visuals().warn_fg_color));
        }
        ui.horizontal(|ui| {
            let label = ui.label("Path");
            let edit = egui::TextEdit::singleline(&mut self.text)
                .desired_width(420.0)
                .hint_text(format!("/path/to/file.{}", self.purpose.extension()));
            let r = ui.add(edit).labelled_by(label.id);
            if !self.focused {
                // Ready to type at once.
                r.request_focus();
                self.focused = true;
            }
            if r.changed() {
                self.error = None;
            }
            if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                match self.validate() {
                    Ok(p) => action = PathDialogAction::Confirm(p),
                    Err(e) => self.error = Some(e),
                }
            }
        });
        let folder = self.folder();
        ui.horizontal(|ui| {
            if ui.button("Up").on_hover_text("The parent folder").clicked()
                && let Some(parent) = folder.parent()
            {
                self.text = parent.display().to_string();
                if !self.text.ends_with(std::path::MAIN_SEPARATOR) {
                    self.text.push(std::path::MAIN_SEPARATOR);
                }
            }
            ui.label(egui::RichText::new(folder.display().to_string()).weak());
        });
        let mut clicked: Option<Entry> = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(220.0).min_scrolled_height(220.0).auto_shrink([false, false]).show(
                ui,
                |ui| match &self.listing {
                    Some((_, entries)) if !entries.is_empty() => {
                        for e in entries {
                            let text = if e.is_dir { format!("{}/", e.name) } else { e.name.clone() };
                            if ui.selectable_label(false, text).clicked() {
                                clicked = Some(e.clone());
                            }
                        }
                    }
                    _ => {
                        ui.label(
                            egui::RichText::new(format!("No folders or .{} files here.", self.purpose.extension()))
                                .weak(),
                        );
                    }
                },
            );
        });
        if let Some(e) = clicked {
            let mut p = folder.join(&e.name).display().to_string();
            if e.is_dir {
                p.push(std::path::MAIN_SEPARATOR);
                if self.purpose.saves()
                    && let Some(name) =
                        PathBuf::from(self.text.trim()).file_name().filter(|_| !self.text.ends_with('/'))
                {
                    p.push_str(&name.to_string_lossy());
                }
            }
            self.text = p;
            self.error = None;
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        ui.horizontal(|ui| {
            if ui.button(self.purpose.verb()).clicked() {
                match self.validate() {
                    Ok(p) => action = PathDialogAction::Confirm(p),
                    Err(e) => self.error = Some(e),
                }
            }
            if ui.button("Cancel").clicked() {
                action = PathDialogAction::Cancel;
            }
        });
        action
    }
}

/// The built-in file dialog as a modal window; returns the chosen path, or that it was closed.
pub fn path_dialog_ui(ctx: &egui::Context, dialog: &mut PathDialog) -> Option<super::Command> {
    let r = egui::Modal::new(egui::Id::unique("delve-path-dialog")).show(ctx, |ui| {
        ui.set_width(540.0);
        dialog.contents_ui(ui)
    });
    match r.inner {
        PathDialogAction::Confirm(p) => Some(super::FileCommand::PathChosen(dialog.purpose, p).into()),
        PathDialogAction::Cancel => Some(super::Command::File(super::FileCommand::DialogCancelled(dialog.purpose))),
        PathDialogAction::None => {
            r.should_close().then_some(super::Command::File(super::FileCommand::DialogCancelled(dialog.purpose)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_list_is_most_recent_first_without_duplicates() {
        let mut l = vec![PathBuf::from("a"), PathBuf::from("b")];
        remember(&mut l, Path::new("b"), 2);
        assert_eq!(l, vec![PathBuf::from("b"), PathBuf::from("a")]);
        remember(&mut l, Path::new("c"), 2);
        assert_eq!(l, vec![PathBuf::from("c"), PathBuf::from("b")]);
    }

    #[test]
    fn save_paths_get_an_extension() {
        assert_eq!(with_extension(PathBuf::from("x"), "ron"), PathBuf::from("x.ron"));
        assert_eq!(with_extension(PathBuf::from("x.png"), "ron"), PathBuf::from("x.png"));
    }

    #[test]
    fn built_in_dialog_checks_paths() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = PathDialog::new(DialogPurpose::OpenMap, Some(dir.path()), None);
        assert!(d.validate().is_err(), "a folder is not a file");
        d.text = dir.path().join("missing.ron").display().to_string();
        assert!(d.validate().is_err());
        let mut s = PathDialog::new(DialogPurpose::SaveMap, Some(dir.path()), Some("new"));
        assert_eq!(s.validate().unwrap(), dir.path().join("new.ron"));
        s.text = dir.path().join("no/such/dir/x.ron").display().to_string();
        assert!(s.validate().is_err());
    }
}
