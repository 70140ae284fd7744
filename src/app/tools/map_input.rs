//! What the active tool does with clicks and drags on the map view, with a preview of it.

use super::super::Command;
use super::super::document::Document;
use super::super::map_view::ViewTransform;
use super::super::map_view::lock_colours::LOCK;
use super::super::shortcuts::{Action, with_key};
use super::{Selection, Tool, ToolState};
use crate::app::command::EditCommand;
use crate::edit::{Interaction, Op};
use crate::geom::{Dir, Pos, Rect};
use crate::map::{DoorId, RoomId, Tile};
use egui::{Color32, Pos2, Stroke, pos2};

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

    if let Some(p) = state.marked_problem(doc).and_then(|p| p.cell()) {
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
                            out.push(Command::Edit(EditCommand::Perform(Op::MoveRoom { id: room.id, dx, dy })));
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
                    state.select_room(map, id);
                }
            }
        }
        Tool::Floor | Tool::Wall | Tool::Lock | Tool::Kind => {
            // What the brush does to its cells: paint a tile or a tile kind, or lock them (Alt:
            // unlock, or plain floor).
            let tool = state.tool;
            let unlock = ui.input(|i| i.modifiers.alt);
            let kind = (tool == Tool::Kind && !unlock).then(|| state.tile_kind(map));
            let op = move |cells: Vec<Pos>| match tool {
                Tool::Lock => Op::LockTiles { cells, locked: !unlock },
                Tool::Kind => Op::PaintKind { cells, kind: kind.clone() },
                Tool::Wall => Op::Paint { cells, tile: Tile::Wall },
                _ => Op::Paint { cells, tile: Tile::Floor },
            };
            let (preview, outline) = match tool {
                Tool::Lock if unlock => (bad, Stroke::new(1.5, Color32::from_rgb(255, 60, 60))),
                Tool::Lock => (LOCK.gamma_multiply(0.35), Stroke::new(1.5, LOCK)),
                _ => (preview, outline),
            };
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
                            out.push(Command::Edit(EditCommand::Perform(op(r.cells().collect()))));
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
                            out.push(Command::Edit(EditCommand::Stroke(stroke, op(cells))));
                            state.last_cell = Some(p);
                        }
                    }
                }
            }
            if response.drag_stopped() || response.clicked() {
                state.drag_from = None;
                state.last_cell = None;
                if let Some(stroke) = state.stroke.take() {
                    out.push(Command::Edit(EditCommand::EndStep(stroke)));
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
                    out.push(Command::Edit(EditCommand::Perform(Op::AddRoom(r))));
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
                        out.push(Command::Edit(EditCommand::Perform(Op::RemoveDoor(id))));
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
                        out.push(Command::Edit(EditCommand::Perform(Op::AddDoor { room, cell, side })));
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
                        out.push(Command::Edit(EditCommand::Perform(Op::Connect { a, b })));
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
                    out.push(Command::Edit(EditCommand::Perform(Op::SetSpawn(p))));
                }
            }
        }
        Tool::Marker => {
            let marker_at = |p: Pos| map.markers.iter().position(|m| m.at == p);
            if response.drag_started_by(egui::PointerButton::Primary) {
                let origin = ui.input(|i| i.pointer.press_origin()).map(|s| t.tile_from_screen(view, s));
                state.drag_from = origin
                    .map(|f| Pos::new(f.x.floor() as i32, f.y.floor() as i32))
                    .filter(|p| marker_at(*p).is_some());
            }
            if let Some(p) = pointer {
                painter.circle_stroke(
                    tile_rect(Rect::new(p.x, p.y, 1, 1)).center(),
                    (t.scale * 0.45).max(3.0),
                    outline,
                );
                if let Some(from) = state.drag_from {
                    painter.line_segment(
                        [
                            tile_rect(Rect::new(from.x, from.y, 1, 1)).center(),
                            tile_rect(Rect::new(p.x, p.y, 1, 1)).center(),
                        ],
                        outline,
                    );
                }
                if response.drag_stopped() {
                    if let Some(index) = state.drag_from.and_then(marker_at) {
                        out.push(Command::Edit(EditCommand::Perform(Op::MoveMarker { index, to: p })));
                    }
                } else if response.clicked() {
                    let op = match marker_at(p) {
                        Some(index) => Op::RemoveMarker(index),
                        None => Op::AddMarker(crate::map::Marker::new(state.marker_kind(map), p)),
                    };
                    out.push(Command::Edit(EditCommand::Perform(op)));
                }
            }
            if response.drag_stopped() || response.clicked() {
                state.drag_from = None;
            }
        }
    }

    // Right-click a room: lock or unlock it (the secondary button pans nothing and paints nothing).
    if response.secondary_clicked() {
        state.context_room = pointer.and_then(|p| map.room_at(p)).map(|r| r.id);
    }
    if state.context_room.is_some() {
        response.context_menu(|ui| {
            let Some(room) = state.context_room.and_then(|id| map.room(id)) else {
                ui.close();
                return;
            };
            let text = if room.locked { "Unlock room" } else { "Lock room" };
            if ui
                .button(text)
                .on_hover_text(with_key("Kept when the map is generated again", Action::ToggleRoomLock))
                .clicked()
            {
                out.push(Command::Edit(EditCommand::Perform(Op::LockRoom { id: room.id, locked: !room.locked })));
                ui.close();
            }
            if ui.button("Select room").clicked() {
                state.select_room(map, room.id);
                ui.close();
            }
        });
    }
}
