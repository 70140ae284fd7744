//! Everything the editor can be asked to do, grouped by concern. Panels, menus, keys and dialogs
//! push [`Command`]s; [`super::DelveApp`] applies them once per frame, each group in its own
//! module under [`super::commands`].

use super::DialogMode;
use super::PresetRef;
use super::dialogs::DialogPurpose;
use super::map_view::{Layers, ViewCommand};
use crate::params::{GeneratorKind, GeneratorParams, ParamValue};
use std::path::PathBuf;

/// Everything the editor can be asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // ---- Parameters and the session (commands::params) ----
    SetGenerator(GeneratorKind),
    SetParam(&'static str, ParamValue),
    SelectPreset(PresetRef),
    /// The seed as typed: a number, or any text (hashed).
    SetSeedText(String),
    RandomSeed,
    PrevSeed,
    NextSeed,
    CopySeed,
    Regenerate,
    SetAutoRegenerate(bool),
    /// Set the parameters and seed the open map was generated with, and generate it again.
    RegenerateFromProvenance,
    /// Show this seed of the current parameters in the main view (seed browser).
    OpenSeed(u64),
    /// Show these parameters and seed in the main view (a compare pane promoted).
    PromotePane(Box<GeneratorParams>, u64),
    /// Star or unstar a seed of the current parameters.
    ToggleStar(u64),
    /// The note of a starred seed.
    SetStarNote(u64, String),

    // ---- Files (commands::files) ----
    /// Ask for a file (system dialog, or the built-in one).
    Dialog(DialogPurpose),
    /// Ask for a file with the built-in dialog.
    TypePath(DialogPurpose),
    /// A file was chosen for `purpose`.
    PathChosen(DialogPurpose, PathBuf),
    /// The file dialog for `purpose` was closed without a file.
    DialogCancelled(DialogPurpose),
    /// Show the *New map* dialog.
    ShowNewMap,
    /// Start a new document: a blank map of this width and height.
    NewMap(u32, u32),
    /// Open a preset or a map, whichever the file is.
    OpenFile(PathBuf),
    OpenMap(PathBuf),
    /// Save the map to its file (asks for one when it has none).
    SaveMap,
    SaveMapTo(PathBuf),
    /// Writes the document's map (as on screen) to a file in a format.
    Export(PathBuf, crate::export::Format),
    /// Writes an animation of the document's generation (its parameters and seed), a frame per
    /// recorded step.
    ExportGif(PathBuf),
    /// Show the options of an export in a format, then ask for its file.
    ExportOptions(crate::export::Format),
    LoadPreset(PathBuf),
    SavePresetTo(PathBuf),
    SetDialogMode(DialogMode),

    // ---- Editing (commands::edit) ----
    /// A complete hand edit (a click): one undo step of its own.
    Edit(crate::edit::Op),
    /// Part of a gesture still in progress (a brush stroke, a colour-picker session): joins the
    /// undo step of the same interaction, never another's.
    Stroke(crate::edit::Interaction, crate::edit::Op),
    /// The gesture is over: its undo step is closed.
    EndStep(crate::edit::Interaction),
    Undo,
    Redo,
    /// Undo or redo until this many steps are left to undo.
    JumpHistory(usize),
    /// Delete the selected room, door or corridor.
    DeleteSelection,
    /// Lock the selected room, or unlock it.
    ToggleRoomLock,

    // ---- Windows and the workflow (commands::windows) ----
    /// The answer to the prompt of the pending workflow (unsaved changes).
    Answer(Answer),
    /// The answer to the crash-recovery prompt (about the first offered copy).
    Recovery(RecoveryAnswer),
    Quit,
    DismissMessage,
    ShowSeedBrowser(bool),
    /// Add a compare pane with this seed of the current parameters.
    CompareSeed(u64),
    /// Change a compare pane.
    Pane(usize, PaneCommand),
    ShowCompare(bool),
    /// Show or hide the generation timeline under the map.
    ShowTimeline(bool),
    /// Show or hide the Explore window.
    ShowExplore(bool),
    /// Run the shown parameter sets over the Explore window's seeds.
    RunExplore,
    CancelExplore,
    /// Open the seeds the Explore window's conditions pick in the seed browser.
    BrowseExplored,
    /// Show or hide the inspector / history / problems panel on the right.
    ShowSidePanel(bool),

    // ---- View (commands::view) ----
    SetLayers(Layers),
    View(ViewCommand),
    /// Pick an editing tool.
    SetTool(super::tools::Tool),
    /// A larger (`true`) or smaller brush.
    ResizeBrush(bool),
}

/// The user's answer to an unsaved-changes prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save first, then go on.
    Save,
    /// Go on and lose the changes.
    Discard,
    /// Do nothing.
    Cancel,
}

/// The user's answer to the crash-recovery prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryAnswer {
    /// Open the recovered map as an unsaved document, with the session it was edited in.
    Restore,
    /// Delete the recovery copy.
    Discard,
    /// Keep the copy for the next start.
    Later,
}

/// A change to one compare pane.
#[derive(Clone, Debug, PartialEq)]
pub enum PaneCommand {
    SetSeed(u64),
    SetParams(Box<GeneratorParams>),
    Remove,
}

impl Command {
    /// Whether this command starts another document or ends this one (and so would lose
    /// unsaved changes). Regenerations do not: they are undo steps of the same document.
    pub fn replaces_document(&self) -> bool {
        matches!(self, Command::OpenMap(_) | Command::NewMap(..) | Command::Quit)
    }

    /// Whether this command replaces the session's parameters and stars with a preset's.
    pub fn replaces_preset(&self) -> bool {
        matches!(self, Command::SelectPreset(_) | Command::LoadPreset(_))
    }

    /// What the command does, for the unsaved-changes prompt.
    pub fn describe(&self) -> &'static str {
        match self {
            Command::OpenMap(_) => "Open another map",
            Command::NewMap(..) => "Start a new map",
            _ => "Quit",
        }
    }
}
