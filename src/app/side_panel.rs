//! The right-hand panel: the inspector (the selected room, door or corridor), the undo history
//! and the problems `validate()` finds. It reads the document and pushes [`Command`]s.

use super::Command;
use super::document::Document;
use super::map_view::Camera;
use super::shortcuts::{Action, with_key};
use super::tools::{Selection, ToolState};
use crate::app::command::{EditCommand, ViewCommand};
use crate::edit::{Interaction, Op};
use crate::map::{Map, Opening, Role};
use egui::Color32;

/// The right panel: inspector, history and problems.
pub fn side_panel_ui(ui: &mut egui::Ui, doc: &Document, state: &mut ToolState, out: &mut Vec<Command>) {
    inspector_ui(ui, doc, state, out);
    if doc.map().has_locks() {
        ui.separator();
        locks_ui(ui, doc, state, out);
    }
    ui.separator();
    history_ui(ui, doc, out);
    ui.separator();
    problems_ui(ui, doc, state, out);
}

/// The selected room, door or corridor: its figures and properties.
fn inspector_ui(ui: &mut egui::Ui, doc: &Document, state: &mut ToolState, out: &mut Vec<Command>) {
    let map = doc.map();
    // A colour-picker session ends when its popup closes (or another room's picker starts).
    if state.picker.is_some()
        && !egui::Popup::is_any_open(ui.ctx())
        && let Some((_, session)) = state.picker.take()
    {
        out.push(Command::Edit(EditCommand::EndStep(session)));
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
                let mut colour = room.colour;
                ui.horizontal(|ui| {
                    ui.label("Label");
                    let r = ui.text_edit_singleline(&mut state.label);
                    if r.lost_focus() {
                        let label = Some(state.label.trim().to_string()).filter(|l| !l.is_empty());
                        if label != room.label {
                            out.push(Command::Edit(EditCommand::Perform(Op::SetRoomProps {
                                id,
                                label,
                                colour: room.colour,
                            })));
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Colour");
                    if super::colour_picker::room_colour_ui(ui, &mut colour) {
                        let session = match state.picker {
                            Some((room, session)) if room == id => session,
                            other => {
                                if let Some((_, old)) = other {
                                    out.push(Command::Edit(EditCommand::EndStep(old)));
                                }
                                let session = Interaction::fresh();
                                state.picker = Some((id, session));
                                session
                            }
                        };
                        out.push(Command::Edit(EditCommand::Stroke(
                            session,
                            Op::SetRoomProps { id, label: room.label.clone(), colour },
                        )));
                    }
                });
                role_ui(ui, id, room.role, out);
                let mut locked = room.locked;
                if ui
                    .checkbox(&mut locked, "Locked")
                    .on_hover_text(with_key(
                        "A locked room is kept exactly when the map is generated again",
                        Action::ToggleRoomLock,
                    ))
                    .changed()
                {
                    out.push(Command::Edit(EditCommand::Perform(Op::LockRoom { id, locked })));
                }
                room_markers_ui(ui, map, room);
                let mut vault = room.vault;
                let hint = "A vault: when this map is a preset's vault library (Vaults › Add library…), \
                            generators place this room among theirs. A library that marks no room uses all of them";
                if ui.checkbox(&mut vault, "Vault").on_hover_text(hint).changed() {
                    out.push(Command::Edit(EditCommand::Perform(Op::MarkVault { id, vault })));
                }
                if ui
                    .button("Delete room")
                    .on_hover_text("Deletes the room, its doors and their corridors (Delete)")
                    .clicked()
                {
                    out.push(Command::Edit(EditCommand::Perform(Op::RemoveRoom(id))));
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
                    if ui.add(egui::DragValue::new(&mut kind).update_while_editing(false).range(0..=7)).changed() {
                        out.push(Command::Edit(EditCommand::Perform(Op::SetDoorKind { id, kind })));
                    }
                });
                opening_ui(ui, id, d.opening, out);
                if ui.button("Delete door").on_hover_text("Deletes the door and its corridors (Delete)").clicked() {
                    out.push(Command::Edit(EditCommand::Perform(Op::RemoveDoor(id))));
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
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Re-route").on_hover_text("Find the shortest path again, around rooms").clicked() {
                        out.push(Command::Edit(EditCommand::Perform(Op::Reroute(id))));
                    }
                    if ui.button("Delete corridor").on_hover_text("Deletes the corridor (Delete)").clicked() {
                        out.push(Command::Edit(EditCommand::Perform(Op::RemoveCorridor(id))));
                        state.selection = None;
                    }
                });
            }
        },
    }
}

/// The room's role, as a picker: choosing one is one undoable edit.
fn role_ui(ui: &mut egui::Ui, id: crate::map::RoomId, role: Option<Role>, out: &mut Vec<Command>) {
    let name = |r: Option<Role>| r.map_or("None", Role::label);
    ui.horizontal(|ui| {
        let mut chosen = role;
        egui::ComboBox::from_label("Role")
            .selected_text(name(role))
            .show_ui(ui, |ui| {
                for r in std::iter::once(None).chain(Role::ALL.map(Some)) {
                    ui.selectable_value(&mut chosen, r, name(r));
                }
            })
            .response
            .on_hover_text(
                "What the room is for in play: entrance, exit, treasure, guard or side room. Generator › role \
                 rules give roles; Colour rooms › by role shows them; every export carries them",
            );
        if chosen != role {
            out.push(Command::Edit(EditCommand::Perform(Op::SetRoomRole { id, role: chosen })));
        }
    });
}

/// The locks: the locked rooms (a click selects one), the locked tiles, and buttons to unlock.
fn locks_ui(ui: &mut egui::Ui, doc: &Document, state: &mut ToolState, out: &mut Vec<Command>) {
    let map = doc.map();
    ui.heading("Locks");
    ui.weak("Kept exactly when the map is generated again.");
    let rooms: Vec<&crate::map::Room> = map.rooms.iter().filter(|r| r.locked).collect();
    if rooms.is_empty() {
        ui.label("No locked rooms");
    } else {
        ui.label(format!("Locked rooms ({})", rooms.len()));
        egui::ScrollArea::vertical().id_salt("locked rooms").max_height(120.0).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for r in rooms {
                    let text = match &r.label {
                        Some(l) => format!("Room {} “{l}”", r.id),
                        None => format!("Room {}", r.id),
                    };
                    let selected = state.selection == Some(Selection::Room(r.id));
                    if ui.selectable_label(selected, text).on_hover_text("Select the room").clicked() {
                        state.select_room(map, r.id);
                    }
                }
            });
        });
    }
    let tiles = map.locked_tile_count();
    ui.label(match tiles {
        0 => "No locked tiles".to_string(),
        1 => "1 locked tile".to_string(),
        n => format!("{n} locked tiles"),
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(tiles > 0, egui::Button::new("Unlock all tiles"))
            .on_hover_text("Unlocks every locked tile; rooms stay locked")
            .clicked()
        {
            out.push(Command::Edit(EditCommand::Perform(Op::LockTiles {
                cells: map.locked_tiles().collect(),
                locked: false,
            })));
        }
        if ui.button("Unlock all").on_hover_text("Unlocks every locked room and tile").clicked() {
            out.push(Command::Edit(EditCommand::Perform(Op::UnlockAll)));
        }
    });
}

/// The undo history: click a step to undo or redo up to it.
fn history_ui(ui: &mut egui::Ui, doc: &Document, out: &mut Vec<Command>) {
    let h = doc.history();
    ui.heading("History");
    egui::ScrollArea::vertical().id_salt("history").max_height(220.0).stick_to_bottom(true).show(ui, |ui| {
        let now = h.undo_len();
        let undone: Vec<&str> = h.undo_labels().collect();
        let redo: Vec<&str> = h.redo_labels().collect();
        if ui.selectable_label(now == 0, "Start").on_hover_text("Undo every edit").clicked() {
            out.push(Command::Edit(EditCommand::JumpHistory(0)));
        }
        for (i, l) in undone.iter().enumerate() {
            if ui.selectable_label(now == i + 1, *l).clicked() {
                out.push(Command::Edit(EditCommand::JumpHistory(i + 1)));
            }
        }
        for (i, l) in redo.iter().enumerate() {
            if ui
                .selectable_label(false, egui::RichText::new(*l).weak())
                .on_hover_text("Undone; click to redo up to here")
                .clicked()
            {
                out.push(Command::Edit(EditCommand::JumpHistory(now + i + 1)));
            }
        }
    });
}

/// What `validate()` finds; a click marks the problem on the map and centres it.
fn problems_ui(ui: &mut egui::Ui, doc: &Document, state: &mut ToolState, out: &mut Vec<Command>) {
    let problems = doc.problems();
    ui.heading(format!("Problems ({})", problems.len()));
    if problems.is_empty() {
        ui.weak("None: tiles, rooms, doors and corridors agree.");
    }
    egui::ScrollArea::vertical().id_salt("problems").show(ui, |ui| {
        for p in problems.iter().take(300) {
            let text = p.to_string();
            let picked = state.problem.as_ref() == Some(p);
            let r = ui.selectable_label(picked, egui::RichText::new(text).color(Color32::from_rgb(240, 120, 110)));
            if r.clicked() {
                state.problem = Some(p.clone());
                if let Some(cell) = p.cell() {
                    out.push(Command::View(ViewCommand::Camera(Camera::CentreOn(cell))));
                }
            }
        }
    });
}

/// How door `id` opens (now `opening`): a choice of a plain door, locked by key 1 to 8, secret
/// or an arch; a change is one undo step.
fn opening_ui(ui: &mut egui::Ui, id: crate::map::DoorId, opening: Opening, out: &mut Vec<Command>) {
    let name = |o: Opening| match o {
        Opening::Locked(k) => format!("locked (key {k})"),
        o => o.name().to_string(),
    };
    let mut chosen = opening;
    ui.horizontal(|ui| {
        egui::ComboBox::from_label("Opens")
            .selected_text(name(opening))
            .show_ui(ui, |ui| {
                let choices =
                    [Opening::Door, Opening::Secret, Opening::Arch].into_iter().chain((1..=8).map(Opening::Locked));
                for o in choices {
                    ui.selectable_value(&mut chosen, o, name(o));
                }
            })
            .response
            .on_hover_text("How the door opens: a key marker with the same number opens a locked door");
    });
    if chosen != opening {
        out.push(Command::Edit(EditCommand::Perform(Op::SetDoorOpening { id, opening: chosen })));
    }
}

/// The markers standing in `room`, one line each (its kind, place, level or key).
fn room_markers_ui(ui: &mut egui::Ui, map: &Map, room: &crate::map::Room) {
    let inside: Vec<&crate::map::Marker> = map.markers.iter().filter(|m| room.shape.contains(m.at)).collect();
    if inside.is_empty() {
        return;
    }
    ui.label(format!("Markers ({})", inside.len()));
    for m in inside {
        let extra = match (m.key, m.level) {
            (Some(k), _) => format!(", opens door(s) locked by key {k}"),
            (None, 0) => String::new(),
            (None, l) => format!(", level {l}"),
        };
        ui.weak(format!("{} at ({}, {}){extra}", m.kind, m.at.x, m.at.y));
    }
}
