//! Vaults in the editor, driven as a designer would: a library added by the file dialog and
//! taken out again (each one undo step), a vault's own count set in the panel, and a room of
//! one's own marked as a vault in the inspector and used by a preset.

use crate::editor::{editor, editor_on};
use delve::app::{Command, DialogOutcome, ParamsCommand};
use delve::map::{Map, Room, Shape};
use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn vault_rooms(m: &Map) -> Vec<String> {
    m.rooms.iter().filter(|r| r.vault).filter_map(|r| r.label.clone()).collect()
}

#[test]
fn a_library_added_by_the_dialog_places_its_vaults_and_removing_it_is_one_undo_step() {
    let mut e = editor();
    assert!(vault_rooms(e.map()).is_empty());
    e.harness.get_by_label("Vaults (no library)").click();
    e.settle();
    let library = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/vaults/library.ron");
    e.dialogs.answer(DialogOutcome::Picked(library.clone()));
    e.harness.get_by_label("Add library…").click();
    e.settle();
    let names = &e.app().params().vaults().libraries;
    assert_eq!(names.len(), 1);
    assert!(names[0].ends_with("presets/vaults/library.ron"), "{names:?}");
    let placed = vault_rooms(e.map());
    assert!(!placed.is_empty(), "regenerated with vaults");
    e.harness.get_by_label_contains("from the libraries");
    // Each vault of the library is listed with its own count: the Shrine set to none.
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetVaultRule("Shrine".into(), 0, 1.0)));
    e.settle();
    assert!(!vault_rooms(e.map()).contains(&"Shrine".to_string()));
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(vault_rooms(e.map()), placed, "undo gives the Shrine back");
    e.harness.get_by_label("Remove").click();
    e.settle();
    assert!(e.app().params().vaults().libraries.is_empty());
    assert!(vault_rooms(e.map()).is_empty(), "regenerated without vaults");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(vault_rooms(e.map()), placed, "undo brings the library back");
}

#[test]
fn a_room_marked_as_a_vault_in_the_inspector_is_one_undo_step_and_saved() {
    let mut m = Map::from_ascii("##########\n#...#....#\n#.@.#....#\n##########\n").unwrap();
    m.rooms = vec![
        Room::new(0, Shape::Rect(delve::geom::Rect::new(1, 1, 3, 2)), delve::map::Rgb(200, 120, 120)),
        Room::new(1, Shape::Rect(delve::geom::Rect::new(5, 1, 4, 2)), delve::map::Rgb(120, 200, 120)),
    ];
    let mut e = editor_on(&m);
    e.click(e.at(6.5, 1.5));
    e.harness.get_by_label_contains("Room 1:");
    e.harness.get_by_role_and_label(Role::CheckBox, "Vault").click();
    e.settle();
    assert!(e.map().rooms[1].vault && !e.map().rooms[0].vault);
    assert_eq!(e.history_len(), 1);
    e.harness.get_by_label("Mark room 1 as a vault");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert!(!e.map().rooms[1].vault);
    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    assert!(e.map().rooms[1].vault);
    // Saved, the mark reads back, and a preset naming the map uses that room alone.
    let path = e.dir.path().join("lib.ron");
    delve::io::save_map(&path, e.map()).unwrap();
    let back = delve::io::load_map(&path).unwrap();
    assert!(back.rooms[1].vault);
    let vaults = delve::generate::vaults::from_library(&back, "lib.ron");
    assert_eq!(vaults.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["lib.ron room 1"]);
}
