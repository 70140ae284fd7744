//! Hand-editing tools: the tool bar, what a tool does with clicks and drags on the map (with a
//! preview of it), the inspector, the history and the problems panel. Everything here reads the
//! document and pushes [`Command`]s; the edits themselves happen in [`crate::edit`].

use super::Command;
use super::document::Document;
use super::map_view::{ViewCommand, ViewTransform};
use crate::edit::{Interaction, Op};
use crate::geom::{Dir, Pos, Rect};
use crate::map::{CorridorId, DoorId, Rgb, RoomId, Tile};
use egui::{Color32, Pos2, Stroke, pos2};

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
}

impl Tool {
    pub const ALL: [Tool; 7] =
        [Tool::Select, Tool::Floor, Tool::Wall, Tool::Room, Tool::Door, Tool::Corridor, Tool::Spawn];

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
    /// The problem picked in the problems panel (index), shown on the map.
    pub problem: Option<Pos>,
    drag_from: Option<Pos>,
    last_cell: Option<Pos>,
    corridor_from: Option<DoorId>,
    label: String,
    /// The brush stroke in progress: its edits make one undo step.
    stroke: Option<Interaction>,
    /// The colour-picker session in progress (room, interaction): one undo step per session.
    picker: Option<(RoomId, Interaction)>,
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
        }
    }
}

impl ToolState {
    /// Whether a primary drag on the map should pan it (select tool, not dragging a room).
    pub fn pans(&self) -> bool {
        self.tool == Tool::Select && self.drag_from.is_none()
    }
}

/// The key shortcuts listed in the help.
pub const TOOL_KEYS: &[(&str, &str)] = &[
    ("V B W M D C P", "tools: select, floor, wall, room, door, corridor, spawn"),
    ("[ ]", "brush size"),
    ("Delete", "delete the selected room, door or corridor"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
];

/// Tool, brush and undo keys. Letter keys are ignored while a text field has the focus.
pub fn tool_keys(ctx: &egui::Context, state: &mut ToolState, out: &mut Vec<Command>) {
    use egui::{Key, KeyboardShortcut as Ks, Modifiers as M};
    let typing = ctx.egui_wants_keyboard_input();
    ctx.input_mut(|i| {
        if i.consume_shortcut(&Ks::new(M::COMMAND | M::SHIFT, Key::Z))
            || i.consume_shortcut(&Ks::new(M::COMMAND, Key::Y))
        {
            out.push(Command::Redo);
        }
        if i.consume_shortcut(&Ks::new(M::COMMAND, Key::Z)) {
            out.push(Command::Undo);
        }
        if typing {
            return;
        }
        for t in Tool::ALL {
            if i.consume_key(M::NONE, t.key()) {
                state.tool = t;
                state.corridor_from = None;
            }
        }
        if i.consume_key(M::NONE, Key::OpenBracket) {
            state.brush = state.brush.saturating_sub(1).max(1);
        }
        if i.consume_key(M::NONE, Key::CloseBracket) {
            state.brush = (state.brush + 1).min(64);
        }
        if (i.consume_key(M::NONE, Key::Delete) || i.consume_key(M::NONE, Key::Backspace))
            && let Some(sel) = state.selection.take()
        {
            out.push(Command::Edit(match sel {
                Selection::Room(id) => Op::RemoveRoom(id),
                Selection::Door(id) => Op::RemoveDoor(id),
                Selection::Corridor(id) => Op::RemoveCorridor(id),
            }));
        }
    });
}

/// The tool buttons and brush size, for the toolbar.
pub fn tool_bar_ui(ui: &mut egui::Ui, state: &mut ToolState, doc: Option<&Document>, out: &mut Vec<Command>) {
    for t in Tool::ALL {
        if ui.selectable_label(state.tool == t, t.name()).on_hover_text(t.tooltip()).clicked() {
            state.tool = t;
            state.corridor_from = None;
        }
    }
    if matches!(state.tool, Tool::Floor | Tool::Wall) {
        ui.add(egui::Slider::new(&mut state.brush, 1..=64).text("brush"))
            .on_hover_text("Brush size in tiles ([ and ])");
    }
    ui.separator();
    let (can_undo, can_redo) = doc.map_or((false, false), |d| (d.history().can_undo(), d.history().can_redo()));
    if ui.add_enabled(can_undo, egui::Button::new("Undo")).on_hover_text("Undo the last edit (Ctrl+Z)").clicked() {
        out.push(Command::Undo);
    }
    if ui
        .add_enabled(can_redo, egui::Button::new("Redo"))
        .on_hover_text("Redo the edit undone last (Ctrl+Shift+Z or Ctrl+Y)")
        .clicked()
    {
        out.push(Command::Redo);
    }
}

fn brush_cells(centre: Pos, size: u32) -> impl Iterator<Item = Pos> {
    let s = size.max(1) as i32;
    let lo = -(s - 1) / 2;
    Rect::new(centre.x + lo, centre.y + lo, s, s).cells().collect::<Vec<_>>().into_iter()
}

/// The tiles on the straight line from `a` to `b` (both included).
fn line(a: Pos, b: Pos) -> Vec<Pos> {
    let n = (a.x - b.x).abs().max((a.y - b.y).abs()).max(1);
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            Pos::new(
                (a.x as f32 + (b.x - a.x) as f32 * t).round() as i32,
                (a.y as f32 + (b.y - a.y) as f32 * t).round() as i32,
            )
        })
        .collect()
}

fn rect_between(a: Pos, b: Pos) -> Rect {
    let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
    Rect::new(x0, y0, (a.x - b.x).abs() + 1, (a.y - b.y).abs() + 1)
}

/// The door (index in `map.doors`) at tile `p` (its room cell or the tile outside).
fn door_at(doc: &Document, p: Pos) -> Option<DoorId> {
    let m = doc.map();
    m.doors.iter().find(|d| d.outside() == p).or_else(|| m.doors.iter().find(|d| d.cell == p)).map(|d| d.id)
}

/// Where the door tool would put a door for a pointer at tile position `f` (fractional).
fn door_spot(doc: &Document, f: Pos2) -> Option<(RoomId, Pos, Dir)> {
    let m = doc.map();
    let p = Pos::new(f.x.floor() as i32, f.y.floor() as i32);
    let (fx, fy) = (f.x - p.x as f32 - 0.5, f.y - p.y as f32 - 0.5);
    let nearest = if fx.abs() > fy.abs() {
        if fx > 0.0 { Dir::East } else { Dir::West }
    } else if fy > 0.0 {
        Dir::South
    } else {
        Dir::North
    };
    match m.room_at(p) {
        Some(r) => {
            // On room floor: the nearest edge that faces out of the room.
            let mut dirs = vec![nearest];
            dirs.extend(Dir::ALL.into_iter().filter(|d| *d != nearest));
            dirs.into_iter().find(|d| !r.shape.contains(p.step(*d)) && m.in_bounds(p.step(*d))).map(|d| (r.id, p, d))
        }
        None => {
            // Beside a room: the room tile nearest the pointer.
            let mut dirs = vec![nearest];
            dirs.extend(Dir::ALL.into_iter().filter(|d| *d != nearest));
            dirs.into_iter().find_map(|d| m.room_at(p.step(d)).map(|r| (r.id, p.step(d), d.opposite())))
        }
    }
}

/// Handles the active tool's clicks and drags on the map view and draws its preview.
pub fn map_input_ui(
    ui: &egui::Ui,
    response: &egui::Response,
    t: &ViewTransform,
    view: egui::Rect,
    doc: &Document,
    state: &mut ToolState,
    out: &mut Vec<Command>,
) {
    let painter = ui.painter_at(view);
    let tile_rect = |r: Rect| {
        egui::Rect::from_min_max(
            t.screen_from_tile(view, pos2(r.x as f32, r.y as f32)),
            t.screen_from_tile(view, pos2(r.right() as f32, r.bottom() as f32)),
        )
    };
    let preview = Color32::from_rgba_unmultiplied(255, 210, 60, 70);
    let bad = Color32::from_rgba_unmultiplied(255, 60, 60, 90);
    let outline = Stroke::new(1.5, Color32::from_rgb(255, 210, 60));

    if let Some(p) = state.problem {
        let r = tile_rect(Rect::new(p.x, p.y, 1, 1)).expand(4.0);
        painter.rect_stroke(r, 2.0, Stroke::new(2.5, Color32::from_rgb(255, 60, 60)), egui::StrokeKind::Outside);
    }
    let pointer_f = response.hover_pos().or(response.interact_pointer_pos()).map(|s| t.tile_from_screen(view, s));
    let pointer = pointer_f.map(|f| Pos::new(f.x.floor() as i32, f.y.floor() as i32));
    let map = doc.map();
    let shift = ui.input(|i| i.modifiers.shift);

    // Selection highlight.
    match state.selection {
        Some(Selection::Room(id)) => {
            if let Some(b) = map.room(id).and_then(|r| r.shape.bounds()) {
                painter.rect_stroke(tile_rect(b), 0.0, Stroke::new(2.0, Color32::WHITE), egui::StrokeKind::Outside);
            }
        }
        Some(Selection::Door(id)) => {
            if let Some(d) = map.door(id) {
                painter.rect_stroke(
                    tile_rect(Rect::new(d.cell.x, d.cell.y, 1, 1)),
                    0.0,
                    Stroke::new(2.0, Color32::WHITE),
                    egui::StrokeKind::Outside,
                );
            }
        }
        Some(Selection::Corridor(id)) => {
            if let Some(c) = map.corridor(id) {
                let pts: Vec<Pos2> =
                    c.path.iter().map(|p| t.screen_from_tile(view, pos2(p.x as f32 + 0.5, p.y as f32 + 0.5))).collect();
                painter.add(egui::Shape::line(pts, Stroke::new(2.0, Color32::WHITE)));
            }
        }
        None => {}
    }

    match state.tool {
        Tool::Select => {
            if response.drag_started_by(egui::PointerButton::Primary) {
                let origin = ui.input(|i| i.pointer.press_origin()).map(|s| t.tile_from_screen(view, s));
                let from = origin.map(|f| Pos::new(f.x.floor() as i32, f.y.floor() as i32)).or(pointer);
                state.drag_from = from.filter(|p| map.room_at(*p).is_some());
            }
            if let (Some(from), Some(p)) = (state.drag_from, pointer) {
                let (dx, dy) = (p.x - from.x, p.y - from.y);
                if let Some(room) = map.room_at(from) {
                    let mut shape = room.shape.clone();
                    shape.translate(dx, dy);
                    let overlaps = shape.cells().iter().any(|c| {
                        !map.in_bounds(*c) || map.rooms.iter().any(|o| o.id != room.id && o.shape.contains(*c))
                    });
                    if let Some(b) = shape.bounds() {
                        painter.rect_filled(tile_rect(b), 0.0, if overlaps { bad } else { preview });
                    }
                    if response.drag_stopped() {
                        if dx != 0 || dy != 0 {
                            out.push(Command::Edit(Op::MoveRoom { id: room.id, dx, dy }));
                        }
                        state.selection = Some(Selection::Room(room.id));
                        state.drag_from = None;
                    }
                }
            }
            if response.drag_stopped() {
                state.drag_from = None;
            }
            if response.clicked()
                && let Some(p) = pointer
            {
                state.selection = door_at(doc, p)
                    .map(Selection::Door)
                    .or_else(|| {
                        doc.index()
                            .corridor_index(p)
                            .and_then(|i| map.corridors.get(i))
                            .map(|c| Selection::Corridor(c.id))
                    })
                    .or_else(|| map.room_at(p).map(|r| Selection::Room(r.id)));
                if let Some(Selection::Room(id)) = state.selection {
                    state.label = map.room(id).and_then(|r| r.label.clone()).unwrap_or_default();
                }
            }
        }
        Tool::Floor | Tool::Wall => {
            let tile = if state.tool == Tool::Wall { Tile::Wall } else { Tile::Floor };
            if response.drag_started_by(egui::PointerButton::Primary) {
                // The stroke starts where the button went down, not where the drag was noticed.
                let origin = ui.input(|i| i.pointer.press_origin()).map(|s| t.tile_from_screen(view, s));
                state.drag_from = origin.map(|f| Pos::new(f.x.floor() as i32, f.y.floor() as i32)).or(pointer);
                state.last_cell = state.drag_from;
            }
            let rect_mode = shift;
            if let Some(p) = pointer {
                match (rect_mode, state.drag_from) {
                    (true, Some(from)) => {
                        let r = rect_between(from, p);
                        painter.rect_filled(tile_rect(r), 0.0, preview);
                        if response.drag_stopped() {
                            out.push(Command::Edit(Op::Paint { cells: r.cells().collect(), tile }));
                        }
                    }
                    _ => {
                        let s = state.brush.max(1) as i32;
                        let lo = -(s - 1) / 2;
                        painter.rect_stroke(
                            tile_rect(Rect::new(p.x + lo, p.y + lo, s, s)),
                            0.0,
                            outline,
                            egui::StrokeKind::Outside,
                        );
                        let painting = (response.dragged_by(egui::PointerButton::Primary) && state.drag_from.is_some())
                            || response.clicked();
                        if painting {
                            let from = state.last_cell.unwrap_or(p);
                            let cells: Vec<Pos> =
                                line(from, p).into_iter().flat_map(|c| brush_cells(c, state.brush)).collect();
                            let stroke = *state.stroke.get_or_insert_with(Interaction::fresh);
                            out.push(Command::Stroke(stroke, Op::Paint { cells, tile }));
                            state.last_cell = Some(p);
                        }
                    }
                }
            }
            if response.drag_stopped() || response.clicked() {
                state.drag_from = None;
                state.last_cell = None;
                if let Some(stroke) = state.stroke.take() {
                    out.push(Command::EndStep(stroke));
                }
            }
        }
        Tool::Room => {
            if response.drag_started_by(egui::PointerButton::Primary) {
                let origin = ui.input(|i| i.pointer.press_origin()).map(|s| t.tile_from_screen(view, s));
                state.drag_from = origin.map(|f| Pos::new(f.x.floor() as i32, f.y.floor() as i32)).or(pointer);
            }
            if let (Some(from), Some(p)) = (state.drag_from, pointer) {
                let r = rect_between(from, p);
                let overlaps = r.cells().any(|c| !map.in_bounds(c) || doc.index().room_index(c).is_some());
                painter.rect_filled(tile_rect(r), 0.0, if overlaps { bad } else { preview });
                painter.text(
                    tile_rect(r).left_top(),
                    egui::Align2::LEFT_BOTTOM,
                    format!("{}×{}", r.w, r.h),
                    egui::FontId::proportional(12.0),
                    Color32::WHITE,
                );
                if response.drag_stopped() {
                    out.push(Command::Edit(Op::AddRoom(r)));
                    state.drag_from = None;
                }
            }
        }
        Tool::Door => {
            if let Some(f) = pointer_f {
                let p = Pos::new(f.x.floor() as i32, f.y.floor() as i32);
                if let Some(id) = door_at(doc, p) {
                    if let Some(d) = map.door(id) {
                        painter.rect_filled(tile_rect(Rect::new(d.cell.x, d.cell.y, 1, 1)), 0.0, bad);
                    }
                    if response.clicked() {
                        out.push(Command::Edit(Op::RemoveDoor(id)));
                    }
                } else if let Some((room, cell, side)) = door_spot(doc, f) {
                    let r = tile_rect(Rect::new(cell.x, cell.y, 1, 1));
                    let (a, b) = match side {
                        Dir::North => (r.left_top(), r.right_top()),
                        Dir::South => (r.left_bottom(), r.right_bottom()),
                        Dir::West => (r.left_top(), r.left_bottom()),
                        Dir::East => (r.right_top(), r.right_bottom()),
                    };
                    painter.line_segment([a, b], Stroke::new(4.0, Color32::from_rgb(255, 210, 60)));
                    if response.clicked() {
                        out.push(Command::Edit(Op::AddDoor { room, cell, side }));
                    }
                }
            }
        }
        Tool::Corridor => {
            let hovered = pointer.and_then(|p| door_at(doc, p));
            let centre = |id: DoorId| {
                map.door(id).map(|d| {
                    let o = d.outside();
                    t.screen_from_tile(view, pos2(o.x as f32 + 0.5, o.y as f32 + 0.5))
                })
            };
            if let Some(from) = state.corridor_from.and_then(centre) {
                let to = hovered.and_then(centre).or(response.hover_pos());
                if let Some(to) = to {
                    painter.line_segment([from, to], Stroke::new(2.0, Color32::from_rgb(255, 210, 60)));
                }
            }
            if let Some(c) = hovered.and_then(centre) {
                painter.circle_stroke(c, (t.scale * 0.7).max(4.0), outline);
            }
            if response.clicked() {
                match (state.corridor_from, hovered) {
                    (None, Some(d)) => state.corridor_from = Some(d),
                    (Some(a), Some(b)) if a != b => {
                        out.push(Command::Edit(Op::Connect { a, b }));
                        state.corridor_from = None;
                    }
                    _ => state.corridor_from = None,
                }
            }
        }
        Tool::Spawn => {
            if let Some(p) = pointer {
                painter.circle_stroke(tile_rect(Rect::new(p.x, p.y, 1, 1)).center(), (t.scale * 0.5).max(3.0), outline);
                if response.clicked() {
                    out.push(Command::Edit(Op::SetSpawn(p)));
                }
            }
        }
    }
}

/// The right panel: inspector, history and problems.
pub fn side_panel_ui(ui: &mut egui::Ui, doc: &Document, state: &mut ToolState, out: &mut Vec<Command>) {
    let map = doc.map();
    // A colour-picker session ends when its popup closes (or another room's picker starts).
    if state.picker.is_some()
        && !egui::Popup::is_any_open(ui.ctx())
        && let Some((_, session)) = state.picker.take()
    {
        out.push(Command::EndStep(session));
    }
    ui.heading("Inspector");
    match state.selection {
        None => {
            ui.weak("Nothing selected (Select tool, V: click a room, door or corridor).");
        }
        Some(Selection::Room(id)) => match map.room(id) {
            None => state.selection = None,
            Some(room) => {
                ui.label(format!("Room {id}: {} tiles", room.shape.area()));
                let mut colour = [room.colour.0, room.colour.1, room.colour.2];
                ui.horizontal(|ui| {
                    ui.label("Label");
                    let r = ui.text_edit_singleline(&mut state.label);
                    if r.lost_focus() {
                        let label = Some(state.label.trim().to_string()).filter(|l| !l.is_empty());
                        if label != room.label {
                            out.push(Command::Edit(Op::SetRoomProps { id, label, colour: room.colour }));
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Colour");
                    if ui.color_edit_button_srgb(&mut colour).changed() {
                        let session = match state.picker {
                            Some((room, session)) if room == id => session,
                            other => {
                                if let Some((_, old)) = other {
                                    out.push(Command::EndStep(old));
                                }
                                let session = Interaction::fresh();
                                state.picker = Some((id, session));
                                session
                            }
                        };
                        out.push(Command::Stroke(
                            session,
                            Op::SetRoomProps {
                                id,
                                label: room.label.clone(),
                                colour: Rgb(colour[0], colour[1], colour[2]),
                            },
                        ));
                    }
                });
                if ui
                    .button("Delete room")
                    .on_hover_text("Deletes the room, its doors and their corridors (Delete)")
                    .clicked()
                {
                    out.push(Command::Edit(Op::RemoveRoom(id)));
                    state.selection = None;
                }
            }
        },
        Some(Selection::Door(id)) => match map.door(id) {
            None => state.selection = None,
            Some(d) => {
                ui.label(format!("Door {id} of room {} at {}, facing {}", d.room, d.cell, d.side.name()));
                let mut kind = d.kind;
                ui.horizontal(|ui| {
                    ui.label("Kind");
                    if ui.add(egui::DragValue::new(&mut kind).range(0..=7)).changed() {
                        out.push(Command::Edit(Op::SetDoorKind { id, kind }));
                    }
                });
                if ui.button("Delete door").on_hover_text("Deletes the door and its corridors (Delete)").clicked() {
                    out.push(Command::Edit(Op::RemoveDoor(id)));
                    state.selection = None;
                }
            }
        },
        Some(Selection::Corridor(id)) => match map.corridor(id) {
            None => state.selection = None,
            Some(c) => {
                ui.label(format!(
                    "Corridor {id}: doors {} and {}, {} tiles long",
                    c.doors[0],
                    c.doors[1],
                    c.path.len()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Re-route").on_hover_text("Find the shortest path again, around rooms").clicked() {
                        out.push(Command::Edit(Op::Reroute(id)));
                    }
                    if ui.button("Delete corridor").on_hover_text("Delete).").clicked() {
                        out.push(Command::Edit(Op::RemoveCorridor(id)));
                        state.selection = None;
                    }
                });
            }
        },
    }
    ui.separator();
    let h = doc.history();
    ui.heading("History");
    egui::ScrollArea::vertical().id_salt("history").max_height(220.0).stick_to_bottom(true).show(ui, |ui| {
        let now = h.undo_len();
        let undone: Vec<&str> = h.undo_labels().collect();
        let redo: Vec<&str> = h.redo_labels().collect();
        if ui.selectable_label(now == 0, "Start").on_hover_text("Undo every edit").clicked() {
            out.push(Command::JumpHistory(0));
        }
        for (i, l) in undone.iter().enumerate() {
            if ui.selectable_label(now == i + 1, *l).clicked() {
                out.push(Command::JumpHistory(i + 1));
            }
        }
        for (i, l) in redo.iter().enumerate() {
            if ui
                .selectable_label(false, egui::RichText::new(*l).weak())
                .on_hover_text("Undone; click to redo up to here")
                .clicked()
            {
                out.push(Command::JumpHistory(now + i + 1));
            }
        }
    });
    ui.separator();
    let problems = doc.problems();
    ui.heading(format!("Problems ({})", problems.len()));
    if problems.is_empty() {
        ui.weak("None: tiles, rooms, doors and corridors agree.");
    }
    egui::ScrollArea::vertical().id_salt("problems").show(ui, |ui| {
        for p in problems.iter().take(300) {
            let text = p.to_string();
            let picked = p.cell().is_some() && state.problem == p.cell();
            let r = ui.selectable_label(picked, egui::RichText::new(text).color(Color32::from_rgb(240, 120, 110)));
            if r.clicked()
                && let Some(cell) = p.cell()
            {
                state.problem = Some(cell);
                out.push(Command::View(ViewCommand::CentreOn(cell)));
            }
        }
    });
}
