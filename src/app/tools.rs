//! Hand-editing tools: which tool is active, its state (selection, the stroke or drag in
//! progress), and the tool bar. What a tool does with clicks and drags on the map is in
//! [`map_input`]; the inspector, history and problems panels are in [`super::side_panel`]. Tool
//! keys are rows of the one shortcut table ([`super::shortcuts`]). Everything here reads the
//! document and pushes [`Command`]s; the edits themselves happen in [`crate::edit`].

mod map_input;

pub use map_input::map_input_ui;

use super::Command;
use super::document::Document;
use crate::app::command::EditCommand;
use crate::edit::{Interaction, Op};
use crate::geom::Pos;
use crate::map::{CorridorId, DoorId, Map, Problem, RoomId, TileKind};

/// The editing tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Click to select and inspect; drag a room to move it.
    #[default]
    Select,
    /// Paint floor (shift-drag: fill a rectangle).
    Floor,
    /// Paint wall (shift-drag: fill a rectangle).
    Wall,
    /// Drag out a new rectangular room.
    Room,
    /// Click a room's wall to add a door there; click a door to remove it.
    Door,
    /// Click two doors to join them with a corridor.
    Corridor,
    /// Click to set the spawn point.
    Spawn,
    /// Paint locked tiles (Alt: unlock; shift-drag: a rectangle): kept when the map is generated
    /// again.
    Lock,
    /// Click floor to put a marker of the chosen kind; click a marker to delete it; drag one to
    /// move it.
    Marker,
    /// Paint floor with the chosen tile kind (water, a chasm; Alt: back to plain floor;
    /// shift-drag: a rectangle).
    Kind,
}

impl Tool {
    pub const ALL: [Tool; 10] = [
        Tool::Select,
        Tool::Floor,
        Tool::Wall,
        Tool::Room,
        Tool::Door,
        Tool::Corridor,
        Tool::Spawn,
        Tool::Lock,
        Tool::Marker,
        Tool::Kind,
    ];

    pub fn key(self) -> egui::Key {
        use egui::Key;
        match self {
            Tool::Select => Key::V,
            Tool::Floor => Key::B,
            Tool::Wall => Key::W,
            Tool::Room => Key::M,
            Tool::Door => Key::D,
            Tool::Corridor => Key::C,
            Tool::Spawn => Key::P,
            Tool::Lock => Key::K,
            Tool::Marker => Key::T,
            Tool::Kind => Key::G,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Floor => "Floor",
            Tool::Wall => "Wall",
            Tool::Room => "Room",
            Tool::Door => "Door",
            Tool::Corridor => "Corridor",
            Tool::Spawn => "Spawn",
            Tool::Lock => "Lock",
            Tool::Marker => "Marker",
            Tool::Kind => "Kind",
        }
    }

    pub fn help(self) -> &'static str {
        match self {
            Tool::Select => "Select: click a room, door or corridor to inspect it; drag a room to move it",
            Tool::Floor => "Floor brush: drag to paint floor; Shift+drag fills a rectangle; [ ] brush size",
            Tool::Wall => "Wall brush: drag to paint wall; Shift+drag fills a rectangle; [ ] brush size",
            Tool::Room => "Room: drag out a new rectangular room",
            Tool::Door => {
                "Door: click a room's edge tile (or the wall beside it) to add a door; click a door to remove it"
            }
            Tool::Corridor => "Corridor: click one door, then another, to join them by the shortest path",
            Tool::Spawn => "Spawn: click to set the spawn point",
            Tool::Lock => {
                "Lock brush: drag to lock tiles (kept when the map is generated again); Alt+drag unlocks; Shift+drag a rectangle; [ ] brush size"
            }
            Tool::Marker => {
                "Marker: click floor to put one of the kind chosen; click a marker to delete it; drag one to move it"
            }
            Tool::Kind => {
                "Tile kind brush: drag to paint floor with the kind chosen (water, a chasm...); Alt+drag makes it plain floor; Shift+drag a rectangle; [ ] brush size"
            }
        }
    }

    /// Tooltip text: what it does and its key.
    pub fn tooltip(self) -> String {
        format!("{} ({})", self.help(), self.key().name())
    }
}

/// What the inspector shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Room(RoomId),
    Door(DoorId),
    Corridor(CorridorId),
}

/// The tools' state (runtime only, never saved).
#[derive(Clone, Debug)]
pub struct ToolState {
    pub tool: Tool,
    /// Brush side in tiles.
    pub brush: u32,
    pub selection: Option<Selection>,
    /// The problem picked in the problems panel, marked on the map while the map still has it.
    pub problem: Option<Problem>,
    drag_from: Option<Pos>,
    last_cell: Option<Pos>,
    corridor_from: Option<DoorId>,
    /// The label being typed in the inspector.
    pub(super) label: String,
    /// The brush stroke in progress: its edits make one undo step.
    stroke: Option<Interaction>,
    /// The colour-picker session in progress (room, interaction): one undo step per session.
    pub(super) picker: Option<(RoomId, Interaction)>,
    /// The room the map's context menu is about (the one right-clicked).
    context_room: Option<RoomId>,
    /// The kind the marker tool puts (empty: the first the map's parameters declare).
    pub marker_kind: String,
    /// The tile kind the tile kind brush paints (empty: the first the map offers).
    pub tile_kind: String,
}

impl Default for ToolState {
    fn default() -> Self {
        Self {
            tool: Tool::Select,
            brush: 1,
            selection: None,
            problem: None,
            drag_from: None,
            last_cell: None,
            corridor_from: None,
            label: String::new(),
            stroke: None,
            picker: None,
            context_room: None,
            marker_kind: String::new(),
            tile_kind: String::new(),
        }
    }
}

impl ToolState {
    /// Whether a primary-button drag on the map pans it: with the select tool, unless the drag
    /// moves a room — one that is being dragged, or the room under `press`, the tile where the
    /// primary button went down (so the first movement of a room drag never pans).
    pub fn pans(&self, doc: &Document, press: Option<Pos>) -> bool {
        self.tool == Tool::Select && self.drag_from.is_none() && press.is_none_or(|p| doc.map().room_at(p).is_none())
    }

    /// Another map is shown (a new document, or a regeneration): what was selected, picked,
    /// marked or half-drawn on the old one goes; the tool and brush stay.
    pub fn forget_document(&mut self) {
        let (marker_kind, tile_kind) = (self.marker_kind.clone(), self.tile_kind.clone());
        *self = Self { tool: self.tool, brush: self.brush, marker_kind, tile_kind, ..Self::default() };
    }

    /// Switches tools (a key or the tool bar); a corridor half-drawn is dropped.
    pub fn select_tool(&mut self, tool: Tool) {
        self.tool = tool;
        self.corridor_from = None;
    }

    /// A larger (`bigger`) or smaller brush, within 1..=64 tiles.
    pub fn resize_brush(&mut self, bigger: bool) {
        self.brush = if bigger { (self.brush + 1).min(MAX_BRUSH) } else { self.brush.saturating_sub(1).max(1) };
    }

    /// The edit that deletes the selection (the Delete key), which it clears.
    pub fn delete_selection(&mut self) -> Option<Command> {
        self.selection.take().map(|sel| {
            Command::Edit(EditCommand::Perform(match sel {
                Selection::Room(id) => Op::RemoveRoom(id),
                Selection::Door(id) => Op::RemoveDoor(id),
                Selection::Corridor(id) => Op::RemoveCorridor(id),
            }))
        })
    }

    /// The edit that locks the selected room, or unlocks it when it is locked (the L key).
    pub fn toggle_selected_lock(&self, map: &Map) -> Option<Command> {
        let Some(Selection::Room(id)) = self.selection else { return None };
        map.room(id).map(|r| Command::Edit(EditCommand::Perform(Op::LockRoom { id, locked: !r.locked })))
    }

    /// Selects room `id` (its label goes into the inspector's text field).
    pub fn select_room(&mut self, map: &Map, id: RoomId) {
        self.selection = Some(Selection::Room(id));
        self.label = map.room(id).and_then(|r| r.label.clone()).unwrap_or_default();
    }

    /// The problem to mark on the map: the one picked, while `doc` still has it.
    pub fn marked_problem<'a>(&self, doc: &'a Document) -> Option<&'a Problem> {
        let picked = self.problem.as_ref()?;
        doc.problems().iter().find(|p| *p == picked)
    }
}

/// The largest brush side, in tiles.
const MAX_BRUSH: u32 = 64;

/// The tool buttons and brush size, for the toolbar.
pub fn tool_bar_ui(ui: &mut egui::Ui, state: &mut ToolState) {
    for t in Tool::ALL {
        if ui.selectable_label(state.tool == t, t.name()).on_hover_text(t.tooltip()).clicked() {
            state.select_tool(t);
        }
    }
}

/// The kinds the marker tool offers on `map`: those its parameters declare (not the key, whose
/// markers go with locked doors), or "marker" for a map without any.
pub fn marker_kinds(map: &Map) -> Vec<String> {
    let declared = map.provenance.params.as_ref().map(|p| p.markers().kinds.iter().map(|k| k.name.clone()).collect());
    declared.filter(|k: &Vec<String>| !k.is_empty()).unwrap_or_else(|| vec!["marker".to_string()])
}

/// The tile kinds the tile kind brush offers on `map`: the map's own palette, then those of
/// Delve's default palette (water, chasm, trap) whose names it does not have yet (painting one
/// adds it to the map).
pub fn tile_kinds(map: &Map) -> Vec<TileKind> {
    let own = map.terrain().kinds();
    let more = TileKind::defaults().into_iter().filter(|d| !own.iter().any(|k| k.name == d.name || k.glyph == d.glyph));
    own.iter().cloned().chain(more).collect()
}

impl ToolState {
    /// The kind the tile kind brush paints on `map`: the one chosen, when the map offers it,
    /// else the first it offers.
    pub fn tile_kind(&self, map: &Map) -> TileKind {
        let kinds = tile_kinds(map);
        let chosen = kinds.iter().position(|k| k.name == self.tile_kind).unwrap_or(0);
        kinds.into_iter().nth(chosen).unwrap_or_else(|| TileKind::defaults().remove(0))
    }

    /// The kind the marker tool puts on `map`: the one chosen, when the map offers it, else the
    /// first it offers.
    pub fn marker_kind(&self, map: &Map) -> String {
        let kinds = marker_kinds(map);
        if kinds.contains(&self.marker_kind) { self.marker_kind.clone() } else { kinds[0].clone() }
    }
}

/// The picked tool's options (the brush size of the brushes, the marker tool's kind), else what
/// the tool does: one row whose height does not depend on the tool, so that picking a tool never
/// moves the map.
pub fn tool_options_ui(ui: &mut egui::Ui, state: &mut ToolState, map: Option<&Map>) {
    if matches!(state.tool, Tool::Floor | Tool::Wall | Tool::Lock | Tool::Kind) {
        ui.add(egui::Slider::new(&mut state.brush, 1..=MAX_BRUSH).text("brush size (tiles)"))
            .on_hover_text("Brush size in tiles, 1 to 64 ([ and ])");
    }
    if let (Tool::Marker, Some(map)) = (state.tool, map) {
        let mut kind = state.marker_kind(map);
        egui::ComboBox::from_id_salt("marker kind").selected_text(format!("kind: {kind}")).show_ui(ui, |ui| {
            for k in marker_kinds(map) {
                ui.selectable_value(&mut kind, k.clone(), k);
            }
        });
        state.marker_kind = kind;
    }
    if let (Tool::Kind, Some(map)) = (state.tool, map) {
        let mut kind = state.tile_kind(map).name;
        let walks = |k: &TileKind| if k.walkable { "walkable" } else { "not walkable" };
        egui::ComboBox::from_id_salt("tile kind").selected_text(format!("kind: {kind}")).show_ui(ui, |ui| {
            for k in tile_kinds(map) {
                let label = format!("{} {} ({})", k.glyph, k.name, walks(&k));
                ui.selectable_value(&mut kind, k.name.clone(), label);
            }
        });
        state.tile_kind = kind;
    }
    let hint = egui::RichText::new(state.tool.help()).color(ui.visuals().weak_text_color());
    ui.add(egui::Label::new(hint).truncate());
}
