//! The one table of keyboard shortcuts, the editing tools' keys included: it drives the key
//! handling ([`pressed`]), *Help ▸ Keys* ([`help_rows`]) and the shortcut texts of menus and
//! tooltips ([`shortcut_text`]).

use super::tools::Tool;
use egui::{Key, Modifiers as M};

/// What a shortcut does; [`super::DelveApp`] turns it into a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    RandomSeed,
    PrevSeed,
    NextSeed,
    Regenerate,
    Fit,
    OneToOne,
    ZoomIn,
    ZoomOut,
    Open,
    SaveAs,
    Save,
    Export,
    Quit,
    ToggleSeedBrowser,
    ToggleExplore,
    ToggleTimeline,
    ToggleSidePanel,
    /// Hide both side panels (the parameters and the inspector), or show them again.
    FocusMap,
    Undo,
    Redo,
    /// Delete the selected room, door or corridor.
    DeleteSelection,
    /// Lock the selected room, or unlock it.
    ToggleRoomLock,
    /// Pick an editing tool.
    Tool(Tool),
    /// A larger (`true`) or smaller brush.
    Brush(bool),
    /// Take the stairs of the dungeon floor on screen: up (`true`) or down.
    Stairs(bool),
    /// Play the map (View ▸ Play).
    Play,
}

impl Action {
    /// Whether the shortcut works while playing: what looks at the map or leaves, never an
    /// edit, a regeneration or a key that walks.
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Action::Fit
                | Action::ZoomIn
                | Action::ZoomOut
                | Action::Quit
                | Action::ToggleSidePanel
                | Action::FocusMap
                | Action::ToggleTimeline
                | Action::ToggleExplore
                | Action::ToggleSeedBrowser
        )
    }
}

/// When a shortcut applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always (but not under a dialog).
    Always,
    /// When no text field has the keyboard focus.
    NoTextFocus,
    /// When no widget wants the keyboard (arrows move sliders otherwise).
    NoKeyboardUse,
}

/// One shortcut: the keys, how they are written, what they do.
pub struct Shortcut {
    pub action: Action,
    pub keys: &'static [(M, Key)],
    /// How the keys are written in menus and the help.
    pub text: &'static str,
    /// What they do, in the help.
    pub help: &'static str,
    pub when: When,
}

const fn s(action: Action, keys: &'static [(M, Key)], text: &'static str, help: &'static str, when: When) -> Shortcut {
    Shortcut { action, keys, text, help, when }
}

/// Every shortcut, in help order. Ctrl+Shift+S comes before Ctrl+S: keys are matched in order.
pub const SHORTCUTS: &[Shortcut] = &[
    s(Action::RandomSeed, &[(M::NONE, Key::R)], "R", "a random seed", When::NoTextFocus),
    s(Action::PrevSeed, &[(M::NONE, Key::ArrowLeft)], "Left", "the previous seed", When::NoKeyboardUse),
    s(Action::NextSeed, &[(M::NONE, Key::ArrowRight)], "Right", "the next seed", When::NoKeyboardUse),
    s(Action::Regenerate, &[(M::COMMAND, Key::R), (M::NONE, Key::F5)], "F5, Ctrl+R", "regenerate", When::Always),
    s(
        Action::FocusMap,
        &[(M::COMMAND.plus(M::SHIFT), Key::F)],
        "Ctrl+Shift+F",
        "focus the map: hide both side panels / show them",
        When::Always,
    ),
    s(Action::Fit, &[(M::NONE, Key::F)], "F", "fit the map", When::NoTextFocus),
    s(Action::OneToOne, &[(M::NONE, Key::Num1)], "1", "1:1 (a tile per screen pixel)", When::NoTextFocus),
    s(Action::ZoomIn, &[(M::NONE, Key::Plus), (M::NONE, Key::Equals)], "+", "zoom in", When::NoTextFocus),
    s(Action::ZoomOut, &[(M::NONE, Key::Minus)], "−", "zoom out", When::NoTextFocus),
    s(Action::Open, &[(M::COMMAND, Key::O)], "Ctrl+O", "open a map", When::Always),
    s(Action::SaveAs, &[(M::COMMAND.plus(M::SHIFT), Key::S)], "Ctrl+Shift+S", "save the map as", When::Always),
    s(Action::Save, &[(M::COMMAND, Key::S)], "Ctrl+S", "save the map", When::Always),
    // Before Ctrl+E: keys are matched in order.
    s(
        Action::ToggleExplore,
        &[(M::COMMAND.plus(M::SHIFT), Key::E)],
        "Ctrl+Shift+E",
        "explore window: show / hide",
        When::Always,
    ),
    s(
        Action::Export,
        &[(M::COMMAND, Key::E)],
        "Ctrl+E",
        "export again (the last format, with its options)",
        When::Always,
    ),
    s(Action::Quit, &[(M::COMMAND, Key::Q)], "Ctrl+Q", "quit", When::Always),
    s(Action::ToggleSeedBrowser, &[(M::COMMAND, Key::B)], "Ctrl+B", "seed browser: show / hide", When::Always),
    s(Action::ToggleSidePanel, &[(M::COMMAND, Key::I)], "Ctrl+I", "inspector panel: show / hide", When::Always),
    s(Action::ToggleTimeline, &[(M::COMMAND, Key::T)], "Ctrl+T", "generation timeline: show / hide", When::Always),
    // Redo before undo: Ctrl+Z would also match Ctrl+Shift+Z.
    s(
        Action::Redo,
        &[(M::COMMAND.plus(M::SHIFT), Key::Z), (M::COMMAND, Key::Y)],
        "Ctrl+Shift+Z, Ctrl+Y",
        "redo",
        When::Always,
    ),
    s(Action::Undo, &[(M::COMMAND, Key::Z)], "Ctrl+Z", "undo", When::Always),
    s(
        Action::DeleteSelection,
        &[(M::NONE, Key::Delete), (M::NONE, Key::Backspace)],
        "Delete",
        "delete the selected room, door or corridor",
        When::NoKeyboardUse,
    ),
    s(
        Action::ToggleRoomLock,
        &[(M::NONE, Key::L)],
        "L",
        "lock / unlock the selected room (kept when regenerating)",
        When::NoKeyboardUse,
    ),
    s(Action::Tool(Tool::Select), &[(M::NONE, Key::V)], "V", "select / move tool", When::NoKeyboardUse),
    s(Action::Tool(Tool::Floor), &[(M::NONE, Key::B)], "B", "floor brush", When::NoKeyboardUse),
    s(Action::Tool(Tool::Wall), &[(M::NONE, Key::W)], "W", "wall brush", When::NoKeyboardUse),
    s(Action::Tool(Tool::Room), &[(M::NONE, Key::M)], "M", "new room tool", When::NoKeyboardUse),
    s(Action::Tool(Tool::Door), &[(M::NONE, Key::D)], "D", "door tool", When::NoKeyboardUse),
    s(Action::Tool(Tool::Corridor), &[(M::NONE, Key::C)], "C", "corridor tool", When::NoKeyboardUse),
    s(Action::Tool(Tool::Spawn), &[(M::NONE, Key::S)], "S", "spawn tool", When::NoKeyboardUse),
    s(Action::Play, &[(M::NONE, Key::P)], "P", "play: walk the map as the player (Esc leaves)", When::NoTextFocus),
    s(Action::Tool(Tool::Lock), &[(M::NONE, Key::K)], "K", "lock brush (Alt: unlock)", When::NoKeyboardUse),
    s(Action::Tool(Tool::Marker), &[(M::NONE, Key::T)], "T", "marker tool", When::NoKeyboardUse),
    s(Action::Tool(Tool::Kind), &[(M::NONE, Key::G)], "G", "tile kind brush (Alt: plain floor)", When::NoKeyboardUse),
    s(Action::Brush(false), &[(M::NONE, Key::OpenBracket)], "[", "smaller brush", When::NoKeyboardUse),
    s(Action::Brush(true), &[(M::NONE, Key::CloseBracket)], "]", "larger brush", When::NoKeyboardUse),
    s(Action::Stairs(true), &[(M::SHIFT, Key::Comma)], "<", "dungeon: up the stairs", When::NoTextFocus),
    s(Action::Stairs(false), &[(M::SHIFT, Key::Period)], ">", "dungeon: down the stairs", When::NoTextFocus),
];

/// Help rows that are not key shortcuts of the table (the mouse, the seed browser's own keys).
const OTHER_KEYS: &[(&str, &str)] = &[
    ("wheel", "zoom around the cursor"),
    ("drag", "pan (left or middle button)"),
    ("right-click a room", "lock or unlock it"),
    ("arrows, PageUp/Down", "seed browser (when open): move through seeds and pages"),
];

/// How the keys of `action` are written ("Ctrl+S").
pub fn shortcut_text(action: Action) -> &'static str {
    SHORTCUTS.iter().find(|s| s.action == action).map_or("", |s| s.text)
}

/// `help` followed by the shortcut in brackets: "The whole map on screen (F)".
pub fn with_key(help: &str, action: Action) -> String {
    format!("{help} ({})", shortcut_text(action))
}

/// The rows of *Help ▸ Keys*: the table, then the mouse and the seed browser's own keys.
pub fn help_rows() -> impl Iterator<Item = (&'static str, &'static str)> {
    SHORTCUTS.iter().map(|s| (s.text, s.help)).chain(OTHER_KEYS.iter().copied())
}

/// The shortcuts pressed this frame (their keys consumed).
pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
    let text_focus = ctx.text_edit_focused();
    let keyboard_used = ctx.egui_wants_keyboard_input();
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for s in SHORTCUTS {
            let applies = match s.when {
                When::Always => true,
                When::NoTextFocus => !text_focus,
                When::NoKeyboardUse => !keyboard_used,
            };
            if applies && s.keys.iter().any(|(m, k)| i.consume_key(*m, *k)) {
                out.push(s.action);
            }
        }
    });
    out
}
