//! Everything the editor can be asked to do, as one enum of groups by owner. Panels, menus,
//! keys and dialogs push [`Command`]s; [`super::DelveApp`] applies them once per frame, handing
//! each group to the module that owns its state (under [`super::commands`]). Each group converts
//! into a [`Command`] (`ParamsCommand::NextSeed.into()`).

use super::DialogMode;
use super::PresetRef;
use super::dialogs::DialogPurpose;
use super::map_view::{Camera, Layers};
use crate::params::stages::StageEntry;
use crate::params::{GeneratorKind, GeneratorParams, ParamValue};
use std::path::PathBuf;

/// Everything the editor can be asked to do, one group per owner; each group is applied by the
/// module of [`super::commands`] that owns its state.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Params(ParamsCommand),
    File(FileCommand),
    Edit(EditCommand),
    Window(WindowCommand),
    View(ViewCommand),
    Dungeon(DungeonCommand),
}

/// Commands on the session (parameters, seed, preset, stars) and generation (`commands::params`).
#[derive(Clone, Debug, PartialEq)]
pub enum ParamsCommand {
    SetGenerator(GeneratorKind),
    /// A parameter's value committed on its own (typed and entered, clicked, reset): its own
    /// undo step.
    SetParam(&'static str, ParamValue),
    /// A parameter's value on the way through a gesture (a slider dragged): the regenerations
    /// of one gesture are one undo step.
    DragParam(crate::edit::Interaction, &'static str, ParamValue),
    /// The generator's stages, in order, each on or off (the panel's stage list), and what the
    /// change was in words (the undo step's label).
    SetStages(Vec<StageEntry>, String),
    SelectPreset(PresetRef),
    /// The seed as typed: a number, or any text (hashed); its own undo step.
    SetSeedText(String),
    /// The seed as typed so far while the seed field has the keyboard: one undo step for the
    /// typing of one visit to the field.
    TypeSeed(crate::edit::Interaction, String),
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
    /// The parameters back to their preset's as saved (an undoable regeneration).
    RevertParams,
    /// Take these parameters (the Tune window's proposal or variety cell): one undoable
    /// regeneration, labelled.
    ApplyParams(Box<GeneratorParams>, String),
    /// Star or unstar a seed of the current parameters.
    ToggleStar(u64),
    /// The note of a starred seed.
    SetStarNote(u64, String),
    /// Add the map file at this path to the vault libraries (read at once).
    AddVaultLibrary(PathBuf),
    /// Take the vault library at this place in the list out.
    RemoveVaultLibrary(usize),
    /// Read every vault library again (after editing one).
    ReloadVaultLibraries,
    /// The count and chance of one vault, by name.
    SetVaultRule(String, u32, f64),
    /// The part beside (`None`: none), and the change in words (the undo step's label).
    SetBeside(Option<Box<crate::params::beside::Beside>>, String),
}

/// Commands on files: dialogs, opening, saving, exporting, presets (`commands::files`).
#[derive(Clone, Debug, PartialEq)]
pub enum FileCommand {
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
    /// Writes the Explore window's run of the current parameters, as `delve sweep` does.
    SaveRunCsv(PathBuf),
    /// Show the options of an export in a format, then ask for its file.
    ExportOptions(crate::export::Format),
    LoadPreset(PathBuf),
    SavePresetTo(PathBuf),
    /// Save the Tune window's chosen proposal as a preset here.
    SaveTunedPresetTo(PathBuf),
    SetDialogMode(DialogMode),
    /// The export options chosen in the export window.
    SetExportOptions(Box<super::prefs::ExportPrefs>),
}

/// Commands on the open dungeon: making or opening one, its floors and stairs, saving it
/// (`commands::dungeon`).
#[derive(Clone, Debug, PartialEq)]
pub enum DungeonCommand {
    /// Show the *New dungeon* dialog.
    ShowNew,
    /// Make or open a dungeon: it replaces the document (and the dungeon open).
    Make(Box<super::dungeon::DungeonSource>),
    /// Make the open dungeon again at another seed (its floors replaced).
    Reseed(u64),
    /// Show floor `i` of the open dungeon in the map view.
    OpenFloor(usize),
    /// Take the stairs of the floor on screen: up (`true`) or down.
    Stairs(bool),
    /// Save the dungeon to its file (asks for one when it has none).
    Save,
    SaveTo(PathBuf),
    /// Save the dungeon preset it was made from.
    SavePresetTo(PathBuf),
    /// Close the dungeon; the floor on screen stays as a map.
    Close,
    /// Show or hide the *Figures by depth* window.
    ShowFigures(bool),
    /// Make the dungeon over the window's seeds and measure every floor.
    RunFigures,
    CancelFigures,
}

/// Commands on the document: hand edits and its history (`commands::edit`).
#[derive(Clone, Debug, PartialEq)]
pub enum EditCommand {
    /// A complete hand edit (a click): one undo step of its own.
    Perform(crate::edit::Op),
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
}

/// Commands on the workflow and the windows: prompts, banner, seed browser, compare, timeline, Explore, side panel (`commands::windows`).
#[derive(Clone, Debug, PartialEq)]
pub enum WindowCommand {
    /// The answer to the prompt of the pending workflow (unsaved changes).
    Answer(Answer),
    /// The answer to the crash-recovery prompt (about the first offered copy).
    Recovery(RecoveryAnswer),
    Quit,
    DismissMessage,
    ShowSeedBrowser(bool),
    /// Add a compare pane with this seed of the current parameters.
    CompareSeed(u64),
    ShowTune(bool),
    /// Run the Tune window's search (or variety map) as it stands.
    RunTune,
    CancelTune,
    /// Explore's A/B for a proposal of the Tune window (named): drawn over the parameters it
    /// would replace (the current ones, or, once applied, those the search started from).
    CompareTuned(Box<GeneratorParams>, String),
    /// Explore's conditions become this goal's (the Tune window's), and Explore opens.
    ExploreGoal(String),
    /// Save the Tune window's proposal `n` as a preset (asks for a file).
    SaveTuned(usize),
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
    /// Hide both side panels for the map alone (`true`), or show them again.
    FocusMap(bool),
    /// Open the user guide in the web browser.
    OpenGuide,
    /// Open the *Map ▸ Resize* dialog.
    ShowResize,
    /// Show the seed browser, Explore or Compare floating or docked beside or under the map.
    Dock(super::dock::Dockable, super::dock::Place),
}

/// Commands on the map view and the tools in hand (`commands::view`).
#[derive(Clone, Debug, PartialEq)]
pub enum ViewCommand {
    SetLayers(Layers),
    /// Zoom, fit or centre the map view.
    Camera(Camera),
    /// Pick an editing tool.
    SetTool(super::tools::Tool),
    /// A larger (`true`) or smaller brush.
    ResizeBrush(bool),
    /// Start playing the map (`true`) or leave play.
    Play(bool),
    /// The player steps by (dx, dy).
    PlayStep(i32, i32),
    /// Start a bot, or stop it (`None`).
    PlayBot(Option<super::play_mode::Bot>),
    /// How play goes (radius, ways, a bot's speed).
    SetPlay(super::play_mode::PlayPrefs),
    /// Show the heat map of many auto-explore runs (made on a worker first), or hide it.
    PlayHeat(bool),
}

/// The user's answer to an unsaved-changes prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save first, then go on (*Save over*, when asked about saving over hand edits).
    Save,
    /// Save as another file (asks for one), then go on.
    SaveAs,
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

macro_rules! group {
    ($($group:ident($ty:ident)),*) => {
        $(impl From<$ty> for Command {
            fn from(c: $ty) -> Self {
                Command::$group(c)
            }
        })*
    };
}
group!(
    Params(ParamsCommand),
    File(FileCommand),
    Edit(EditCommand),
    Window(WindowCommand),
    View(ViewCommand),
    Dungeon(DungeonCommand)
);

impl Command {
    /// Whether this command starts another document or ends this one (and so would lose
    /// unsaved changes). Regenerations do not: they are undo steps of the same document.
    pub fn replaces_document(&self) -> bool {
        matches!(
            self,
            Command::File(FileCommand::OpenMap(_))
                | Command::File(FileCommand::NewMap(..))
                | Command::Window(WindowCommand::Quit)
                | Command::Dungeon(DungeonCommand::Make(_) | DungeonCommand::Reseed(_) | DungeonCommand::Close)
        )
    }

    /// Whether this command replaces the session's parameters and stars with a preset's.
    pub fn replaces_preset(&self) -> bool {
        matches!(self, Command::Params(ParamsCommand::SelectPreset(_)) | Command::File(FileCommand::LoadPreset(_)))
    }

    /// What the command does, for the unsaved-changes prompt.
    pub fn describe(&self) -> &'static str {
        match self {
            Command::File(FileCommand::OpenMap(_)) => "Open another map",
            Command::File(FileCommand::NewMap(..)) => "Start a new map",
            Command::Dungeon(DungeonCommand::Make(_)) => "Open another dungeon",
            Command::Dungeon(DungeonCommand::Reseed(_)) => "Make the dungeon again at another seed",
            Command::Dungeon(DungeonCommand::Close) => "Close the dungeon",
            _ => "Quit",
        }
    }
}
