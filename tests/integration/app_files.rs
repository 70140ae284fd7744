//! The editor's files, driven through its real UI (egui_kittest): saving and reopening, unsaved
//! work asked about, typed paths, presets through dialogs, files given at start, what comes
//! back on restart, and what an opened map shows.

use crate::app::{edit_map, preset_label, slider};
use crate::common::{MemoryStorage, shipped};
use crate::editor::{editor, editor_in, editor_with};
use delve::app::{Command, DialogOutcome, DialogPurpose, Origin, PresetRef};
use delve::app::{FileCommand, ParamsCommand};
use delve::generate::generate;
use delve::params::ParamValue;
use egui::Modifiers;
use egui_kittest::kittest::Queryable;

#[test]
fn save_then_reopen_gives_the_same_map_and_its_provenance() {
    let mut e = editor();
    e.harness.get_by_label("Seed").set_text_value_accesskit("77");
    e.settle();
    let saved = e.app().document().unwrap().map().clone();
    let path = e.dir.path().join("keep");
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::S);
    let file = e.dir.path().join("keep.ron");
    assert!(file.is_file(), "saved with the .ron extension added");
    assert_eq!(e.app().title(), "keep.ron — Delve");
    assert_eq!(e.app().prefs().recent_maps.first(), Some(&file));

    // Move on: another seed replaces the map.
    e.harness.get_by_label("Seed").set_text_value_accesskit("78");
    e.settle();
    assert_ne!(e.app().document().unwrap().map(), &saved);

    // Reopen: the document (still keep.ron, now another seed) asks first; then exactly as
    // saved, with its provenance shown.
    assert_eq!(e.app().title(), "● keep.ron — Delve");
    e.dialogs.pick(&file);
    e.key(Modifiers::COMMAND, egui::Key::O);
    e.harness.get_by_label("Discard changes").click();
    e.settle();
    let doc = e.app().document().unwrap();
    assert_eq!(doc.map(), &saved);
    assert_eq!(doc.origin(), &Origin::Opened);
    assert_eq!(e.app().title(), "keep.ron — Delve");
    e.harness.get_by_label_contains("preset Godot tutorial, part 3, seed 77");

    // Regenerating from provenance reproduces it, and says so.
    // At the foot of the parameters panel: scrolled into view, as a user would.
    e.harness.get_by_label("Regenerate from provenance").scroll_to_me();
    e.settle();
    e.harness.get_by_label("Regenerate from provenance").click();
    e.settle();
    assert_eq!(e.app().seed(), 77);
    assert_eq!(e.app().document().unwrap().map(), &saved);
    // In the panel's result and in the status bar.
    assert_eq!(e.harness.query_all_by_label_contains("identical to keep.ron").count(), 2);

    // Ctrl+S on a map with a file writes it again without asking.
    let asked = e.dialogs.requests().len();
    e.dialogs.pick(&file);
    e.key(Modifiers::COMMAND, egui::Key::O);
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert_eq!(e.dialogs.requests().len(), asked + 1, "only the open asked for a file");
    assert_eq!(delve::io::load_map(&file).unwrap(), saved);
}

#[test]
fn unsaved_edits_ask_before_they_are_lost() {
    let mut e = editor();
    edit_map(&mut e);
    assert_eq!(e.app().title(), "● untitled — Delve");
    let edited = e.ascii();

    // Regenerating does not ask: it is an undo step, and Undo brings the edits back.
    e.harness.get_by_label("Regenerate").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_ne!(e.ascii(), edited);
    assert_eq!(e.app().title(), "● untitled — Delve", "the edits are still unsaved, one Undo away");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.ascii(), edited);

    // Quitting asks; Cancel keeps the edits.
    e.key(Modifiers::COMMAND, egui::Key::Q);
    e.harness.get_by_label_contains("Quit anyway");
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert_eq!(e.ascii(), edited);

    // Opening another map asks; "Save as… first" saves, then opens.
    let other_map = generate(&shipped("mcrogueface-part3"), 5).unwrap().map;
    let other = e.dir.path().join("other.ron");
    delve::io::save_map(&other, &other_map).unwrap();
    let path = e.dir.path().join("edited.ron");
    e.dialogs.pick(&other);
    e.key(Modifiers::COMMAND, egui::Key::O);
    e.harness.get_by_label_contains("has changes that are not saved");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Save as… first").click();
    e.settle();
    let on_disk = delve::io::load_map(&path).unwrap();
    assert!(on_disk.provenance.edited, "the saved map says it was edited");
    assert_eq!(on_disk.to_ascii(), edited);
    assert_eq!(e.app().document().unwrap().path(), Some(other.as_path()), "then the other map opened");
    assert_eq!(e.app().document().unwrap().map(), &other_map);

    // Discard drops the edits: a new blank map.
    edit_map(&mut e);
    e.harness.state_mut().push(Command::File(FileCommand::NewMap(30, 20)));
    e.settle();
    e.harness.get_by_label("Discard changes").click();
    e.settle();
    let doc = e.app().document().unwrap();
    assert!(!doc.is_dirty());
    assert_eq!(doc.path(), None);
    assert_eq!(doc.map(), &delve::map::Map::new(30, 20));
    assert_eq!(e.app().title(), "untitled — Delve");
}

#[test]
fn without_a_system_dialog_a_typed_path_opens_the_map() {
    let mut e = editor();
    let map = generate(&shipped("mcrogueface-part3"), 5).unwrap().map;
    let path = e.dir.path().join("typed.ron");
    delve::io::save_map(&path, &map).unwrap();

    e.dialogs.answer(DialogOutcome::Unavailable);
    e.key(Modifiers::COMMAND, egui::Key::O);
    assert!(e.app().has_modal(), "the built-in dialog opens");
    e.harness.get_by_label_contains("No system file dialog is available");
    e.harness.get_by_label("Path").set_text_value_accesskit(&path.display().to_string());
    e.settle();
    e.harness.get_by_label("Open").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(e.app().document().unwrap().map(), &map);

    // From now on the built-in dialog opens directly.
    e.harness.state_mut().push(Command::File(FileCommand::Dialog(DialogPurpose::SaveMap)));
    e.settle();
    assert!(e.app().has_modal());
    assert_eq!(e.dialogs.requests().len(), 1, "the system dialog was asked once");
}

#[test]
fn presets_save_and_load_through_dialogs() {
    let mut e = editor();
    slider(&e, "Room attempts").set_value_accesskit(12.0);
    e.harness.get_by_label("Seed").set_text_value_accesskit("9");
    e.settle();
    let path = e.dir.path().join("presets").join("mine.ron");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Save preset as…").click();
    e.settle();
    let saved = delve::io::load_preset(&path).unwrap();
    assert_eq!(saved.seed, 9);
    assert_eq!(&saved.generator, e.app().params());
    assert_eq!(e.app().preset(), Some(&PresetRef::File(path.clone())));

    // Back to a shipped preset, then load ours again through the picker.
    e.harness.state_mut().push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("godot-part3".into()))));
    e.settle();
    assert_eq!(e.app().params(), &shipped("godot-part3"));
    e.harness.get_by_label("Preset").click();
    e.settle();
    e.harness.get_by_label("mine").click();
    e.settle();
    assert_eq!(e.app().params(), &saved.generator);
    assert_eq!(e.app().seed(), 9);

    // A broken preset: an error in words, parameters untouched.
    let bad = e.dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, generator: RoomsAndTunnels((width: \"wide\")))").unwrap();
    e.dialogs.pick(&bad);
    e.harness.get_by_label("Load preset…").click();
    e.settle();
    assert!(e.app().message().unwrap().detail.contains("bad.ron"));
    assert_eq!(e.app().params(), &saved.generator);
}

#[test]
fn a_file_given_at_start_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let map = generate(&shipped("godot-part3"), 3).unwrap().map;
    let path = dir.path().join("start.ron");
    delve::io::save_map(&path, &map).unwrap();
    let e = editor_in(dir, Some(path), None);
    assert_eq!(e.app().document().unwrap().map(), &map);
    assert_eq!(e.app().title(), "start.ron — Delve");
}

#[test]
fn a_preset_given_at_start_is_loaded_and_a_broken_file_still_shows_a_map() {
    let dir = tempfile::tempdir().unwrap();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/mcrogueface-part3.ron");
    let e = editor_in(dir, Some(src.clone()), None);
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
    assert_eq!(e.app().preset(), Some(&PresetRef::File(src)));
    assert!(e.app().document().is_some());

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, width: 3,").unwrap();
    let e = editor_in(dir, Some(bad), None);
    assert!(e.app().message().unwrap().detail.contains("bad.ron"));
    assert!(e.app().document().is_some(), "the default map is shown instead");
}

#[test]
fn parameters_seed_and_layers_come_back_on_restart() {
    let mut e = editor();
    slider(&e, "Room attempts").set_value_accesskit(17.0);
    e.harness.get_by_label("Seed").set_text_value_accesskit("cavern");
    e.settle();
    e.layer("Grid");
    e.settle();
    let mut storage = MemoryStorage::default();
    e.harness.state_mut().save_state(&mut storage);
    let params = e.app().params().clone();
    let map = e.app().document().unwrap().map().clone();

    let again = editor_with(None, Some(&storage));
    assert_eq!(again.app().params(), &params);
    assert_eq!(again.app().seed_text(), "cavern");
    assert!(again.app().prefs().layers.grid);
    assert_eq!(again.app().preset(), Some(&PresetRef::Shipped("godot-part3".into())));
    assert_eq!(again.app().document().unwrap().map(), &map);

    // Saved state from an unknown future version falls back to defaults instead of failing.
    let mut odd = MemoryStorage::default();
    eframe::Storage::set_string(&mut odd, "delve.params", "NotAGenerator(())".into());
    eframe::Storage::set_string(&mut odd, "delve.prefs", "(seed_text: \"5\", unknown_field: 3)".into());
    let e = editor_with(None, Some(&odd));
    assert_eq!(e.app().params(), &shipped("godot-part3"));
}

/// Defect 4: opening a map shows its generator, parameters and seed, and where they come from.
#[test]
fn opening_a_map_shows_its_parameters_and_where_they_come_from() {
    let mut e = editor();
    // A map of a known preset: the panel names the preset, and the map file they came from.
    let known = generate(&shipped("mcrogueface-part3"), 5).unwrap().map;
    let path = e.dir.path().join("known.ron");
    delve::io::save_map(&path, &known).unwrap();
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::O);
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
    assert_eq!(e.app().seed_text(), "5");
    assert_eq!(preset_label(&e), "McRogueFace tutorial, part 3 (from map known.ron)");

    // Tuned parameters: the panel says they come from the map file.
    let mut tuned = shipped("godot-part3");
    assert!(tuned.params_mut().set("max_rooms", ParamValue::Int(7)));
    let map = generate(&tuned, 9).unwrap().map;
    let path = e.dir.path().join("dungeon.ron");
    delve::io::save_map(&path, &map).unwrap();
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::O);
    assert_eq!(e.app().params(), &tuned);
    assert_eq!(e.app().seed_text(), "9");
    assert_eq!(preset_label(&e), "From map dungeon.ron");
    assert_eq!(e.app().document().unwrap().map(), &map, "opening did not regenerate");
    // Regenerating from provenance keeps saying so (not "(modified)").
    // At the foot of the parameters panel: scrolled into view, as a user would.
    e.harness.get_by_label("Regenerate from provenance").scroll_to_me();
    e.settle();
    e.harness.get_by_label("Regenerate from provenance").click();
    e.settle();
    assert_eq!(preset_label(&e), "From map dungeon.ron");
    // In the panel's result and in the status bar.
    assert_eq!(e.harness.query_all_by_label_contains("identical to dungeon.ron").count(), 2);

    // A map without provenance parameters keeps the parameters, and says so.
    let mut bare = generate(&shipped("godot-part3"), 3).unwrap().map;
    bare.provenance.params = None;
    let path = e.dir.path().join("bare.ron");
    delve::io::save_map(&path, &bare).unwrap();
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::O);
    assert_eq!(e.app().params(), &tuned);
    e.harness.get_by_label_contains("bare.ron has no parameters");
}

/// Defect 6: a successful load clears the error banner of a failed one.
#[test]
fn a_successful_load_clears_the_error_of_a_failed_one() {
    let mut e = editor();
    let bad = e.dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, nonsense").unwrap();
    let good = e.dir.path().join("good.ron");
    delve::io::save_map(&good, &generate(&shipped("godot-part3"), 4).unwrap().map).unwrap();
    e.harness.state_mut().push(Command::File(FileCommand::OpenMap(bad.clone())));
    e.settle();
    assert!(e.app().message().is_some());
    e.harness.state_mut().push(Command::File(FileCommand::OpenMap(good)));
    e.settle();
    assert_eq!(e.app().message(), None, "the map opened: its error is gone");

    // The same for a preset.
    e.harness.state_mut().push(Command::File(FileCommand::LoadPreset(bad)));
    e.settle();
    assert!(e.app().message().is_some());
    let preset = e.dir.path().join("fine.ron");
    delve::io::save_preset(&preset, &delve::io::Preset::new(shipped("mcrogueface-part3"))).unwrap();
    e.harness.state_mut().push(Command::File(FileCommand::LoadPreset(preset)));
    e.settle();
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
    assert_eq!(e.app().message(), None, "the preset loaded: its error is gone");
}
