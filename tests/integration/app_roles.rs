//! Room roles through the real editor UI (egui_kittest): the inspector's Role picker (one undo
//! step) and the "Colour rooms › by role" mode.

use crate::editor::editor_on;
use delve::geom::Pos;
use delve::map::colour::{NO_ROLE, RoomColouring, role_colour};
use delve::map::{Map, Role};
use egui::Modifiers;
use egui_kittest::kittest::Queryable;

/// Two rooms; the second is the exit.
fn two_rooms() -> Map {
    let mut m = crate::app_edit::two_rooms();
    m.rooms[1].role = Some(Role::Exit);
    m
}

fn c32(c: delve::map::Rgb) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

#[test]
fn the_inspector_sets_a_role_undoably_and_rooms_colour_by_role() {
    let mut e = editor_on(&two_rooms());
    assert_eq!(e.map().rooms[1].role, Some(Role::Exit), "the file's role is read");
    e.click(e.at(4.5, 4.5));
    e.harness.get_by_label_contains("Room 0:");

    // The Role picker: one undoable edit.
    e.harness.get_by_label("Role").click();
    e.settle();
    e.harness.get_by_label("Treasure").click();
    e.settle();
    assert_eq!(e.map().rooms[0].role, Some(Role::Treasure));
    assert_eq!(e.map().rooms[1].role, Some(Role::Exit), "the other room keeps its own");
    assert_eq!(e.history_len(), 1);
    e.harness.get_by_label("Room 0 role treasure");
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    e.settle();
    assert_eq!(e.map().rooms[0].role, None, "undo takes the role away");
    assert_eq!(e.history_len(), 0);
    e.harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    e.settle();
    assert_eq!(e.map().rooms[0].role, Some(Role::Treasure), "redo gives it back");

    // Colour rooms by role: the texture is rebuilt with the role colours.
    assert_eq!(e.texel(Pos::new(4, 4)), c32(e.map().rooms[0].colour), "by room at first");
    let builds = e.harness.state().view().texture_builds();
    e.menu("Layers", "by role");
    let prefs = e.harness.state().prefs();
    let view = e.harness.state().view();
    assert_eq!(prefs.layers.room_colours, RoomColouring::ByRole);
    assert_eq!(prefs.layers.colours().rooms_by, RoomColouring::ByRole, "part of the texture's key");
    assert!(view.texture_builds() > builds, "the texture is rebuilt");
    assert_eq!(e.texel(Pos::new(4, 4)), c32(role_colour(Some(Role::Treasure))));
    assert_eq!(e.texel(Pos::new(28, 14)), c32(role_colour(Some(Role::Exit))));

    // A role changed by hand recolours the room in this mode.
    let builds = e.harness.state().view().texture_builds();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    e.settle();
    assert!(e.harness.state().view().texture_builds() > builds, "the texture follows the edit");
    assert_eq!(e.texel(Pos::new(4, 4)), c32(NO_ROLE));
}

#[test]
fn the_role_rules_fold_under_their_header_and_a_rule_regenerates_with_roles() {
    let mut e = crate::editor::editor();
    assert!(e.app().params().roles().is_off());
    assert!(e.app().document().unwrap().map().rooms.iter().all(|r| r.role.is_none()));
    assert!(e.harness.query_by_label("Treasure room").is_none(), "folded while every rule is off");
    e.harness.get_by_label("Room roles (off)").click();
    e.settle();
    e.harness.get_by_label("Entrance and exit").click();
    e.settle();
    assert!(e.app().params().roles().entrance_exit);
    // The header stays open with a rule on, and the map is generated again with the roles.
    e.harness.get_by_label("Room roles");
    e.harness.get_by_label("Treasure room").click();
    e.settle();
    let rules = e.app().params().roles().clone();
    assert!(rules.entrance_exit && rules.treasure && !rules.guard);
    let map = e.app().document().unwrap().map();
    let count = |role| map.rooms.iter().filter(|r| r.role == Some(role)).count();
    assert_eq!((count(Role::Entrance), count(Role::Exit)), (1, 1));
    let spawn_room = map.room_at(map.spawn).unwrap();
    assert_eq!(spawn_room.role, Some(Role::Entrance));
}
