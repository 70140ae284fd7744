//! The editor, driven through its real UI with egui_kittest (headless, no GPU), in the shared
//! harness of [`crate::editor`].

use crate::common::{MemoryStorage, shipped};
use crate::editor::{Editor, editor, editor_in, editor_with};
use delve::app::{Camera, Command, DialogOutcome, DialogPurpose, Origin, PresetRef};
use delve::app::{EditCommand, FileCommand, ParamsCommand, ViewCommand};
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::Tile;
use delve::params::ParamValue;
use delve::rng::seed_from_text;
use egui::accesskit::Role;
use egui::{Modifiers, vec2};
use egui_kittest::kittest::{NodeT, Queryable};

/// The current value of parameter `key`.
fn param(e: &Editor, key: &str) -> ParamValue {
    e.app().params().params().get(key).expect("known parameter")
}

/// The slider of parameter `label` (its number field has the same label).
fn slider<'a>(e: &'a Editor, label: &'a str) -> egui_kittest::Node<'a> {
    e.harness.get_by_role_and_label(egui::accesskit::Role::Slider, label)
}

#[test]
fn opens_on_the_default_preset() {
    let e = editor();
    assert_eq!(e.app().preset(), Some(&PresetRef::Shipped("godot-part3".into())));
    assert_eq!(e.app().params(), &shipped("godot-part3"));
    let expected = generate(&shipped("godot-part3"), 0).unwrap().map;
    assert_eq!(e.app().document().unwrap().map(), &expected);
    assert_eq!(e.app().title(), "untitled — Delve");
    // The result line says what was built, in tries: Room attempts are tries, not rooms.
    let n = expected.rooms.len();
    e.harness.get_by_label(&format!("{n} rooms placed in 30 tries"));
    let field = e.harness.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Room attempts");
    assert_eq!(field.value().as_deref(), Some("30 tries"), "the Room attempts field counts tries");
}

#[test]
fn changing_a_parameter_changes_the_map() {
    let mut e = editor();
    let before = e.ascii();
    slider(&e, "Room attempts").set_value_accesskit(5.0);
    e.settle();
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(5));
    assert_ne!(e.ascii(), before, "fewer room attempts give another map");
    let doc = e.app().document().unwrap();
    assert_eq!(doc.map().provenance.params.as_ref(), Some(e.app().params()), "the map shown is of the new parameters");
    // The preset picker says the parameters no longer match the preset.
    let picker = e.harness.get_by_label("Preset");
    assert_eq!(picker.value().as_deref(), Some("Godot tutorial, part 3 (modified)"));
}

#[test]
fn a_range_cannot_cross_and_invalid_parameters_wait() {
    let mut e = editor();
    let before = e.ascii();
    // Largest room side 10 does not fit a map 8 tiles wide: shown inline, generation waits.
    slider(&e, "Map width").set_value_accesskit(8.0);
    e.settle();
    assert!(!e.app().issues().is_empty());
    assert_eq!(e.ascii(), before, "the map waits for valid parameters");
    e.harness.get_by_label_contains("does not fit the map width");
    e.harness.get_by_label_contains("Generation waits");
    // Fixing it generates again.
    slider(&e, "Map width").set_value_accesskit(60.0);
    e.settle();
    assert!(e.app().issues().is_empty());
    assert_ne!(e.ascii(), before);
    // The two ends of a range never cross: the set clamps.
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetParam("room_size", ParamValue::Range(9, 4))));
    e.settle();
    let ParamValue::Range(lo, hi) = param(&e, "room_size") else { panic!("room_size is a range") };
    assert!(lo <= hi);
}

#[test]
fn a_typed_seed_gives_the_same_map_as_the_command_line() {
    let mut e = editor();
    let field = e.harness.get_by_label("Seed");
    field.focus();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    e.harness.get_by_label("Seed").type_text("dragon");
    e.settle();
    assert_eq!(e.app().seed_text(), "dragon");
    assert_eq!(e.app().seed(), seed_from_text("dragon"));
    e.harness.get_by_label_contains("hash of the text");

    let mut out = Vec::new();
    let mut err = Vec::new();
    let cmd = delve::cli::Command::Generate {
        preset: "godot-part3".into(),
        seed: Some("dragon".into()),
        out: None,
        ascii: true,
        png: None,
        steps: false,
        gif: None,
        keep: None,
        picture: delve::cli::PngArgs { scale: 8, grid: false, labels: false, no_doors: false, no_markers: false },
    };
    assert!(delve::cli::run(cmd, &mut out, &mut err).unwrap());
    assert_eq!(e.ascii(), String::from_utf8(out).unwrap(), "`delve generate --seed dragon` prints this map");

    // A number is used as is.
    e.harness.get_by_label("Seed").set_text_value_accesskit("1234");
    e.settle();
    assert_eq!(e.app().document().unwrap().map().provenance.seed, 1234);
}

#[test]
fn seed_buttons_and_keys_browse_seeds() {
    let mut e = editor();
    e.harness.get_by_label("›").click();
    e.settle();
    assert_eq!(e.app().seed(), 1);
    e.harness.get_by_label("‹").click();
    e.settle();
    assert_eq!(e.app().seed(), 0);
    // Keys act when no text field has the keyboard.
    e.key(Modifiers::NONE, egui::Key::ArrowRight);
    assert_eq!(e.app().seed(), 1);
    let before = e.ascii();
    e.key(Modifiers::NONE, egui::Key::R);
    assert_ne!(e.app().seed(), 1, "R rolls a random seed");
    assert_eq!(e.app().document().unwrap().map().provenance.seed, e.app().seed());
    assert_ne!(e.ascii(), before);
}

#[test]
fn picking_a_preset_shows_its_parameters() {
    let mut e = editor();
    e.harness.get_by_label("Preset").click();
    e.settle();
    e.harness.get_by_label("McRogueFace tutorial, part 3").click();
    e.settle();
    assert_eq!(e.app().preset(), Some(&PresetRef::Shipped("mcrogueface-part3".into())));
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
    // The panel shows the preset's values.
    let width = slider(&e, "Map width");
    assert_eq!(width.accesskit_node().numeric_value(), Some(50.0));
    let attempts = slider(&e, "Room attempts");
    assert_eq!(attempts.accesskit_node().numeric_value(), Some(8.0));
    let expected = generate(&shipped("mcrogueface-part3"), 0).unwrap().map;
    assert_eq!(e.app().document().unwrap().map(), &expected);
}

/// The parameters stand under the stage that reads them, each stage a header that folds; grown
/// rooms show their own stages.
#[test]
fn parameters_stand_under_their_stages() {
    let mut e = editor();
    // A stage's header (the stage list above has a checkbox of the same name).
    fn header<'a>(e: &'a Editor, stage: &'a str) -> egui_kittest::Node<'a> {
        let mut headers = e.harness.get_all_by_label(stage).filter(|n| n.accesskit_node().role() != Role::CheckBox);
        let first = headers.next().unwrap_or_else(|| panic!("a header {stage}"));
        assert!(headers.next().is_none(), "one header {stage}");
        first
    }
    for stage in ["Place rooms", "Dig tunnels"] {
        header(&e, stage);
    }
    let under = |e: &Editor, label: &str, stage: &str| {
        // A parameter's label and its field share the label: the topmost.
        let y = e.harness.get_all_by_label(label).map(|n| n.rect().min.y).fold(f32::MAX, f32::min);
        y > header(e, stage).rect().min.y
    };
    assert!(under(&e, "Round rooms", "Place rooms") && !under(&e, "Round rooms", "Dig tunnels"));
    assert!(under(&e, "Tunnel width", "Dig tunnels"));
    header(&e, "Dig tunnels").click();
    e.settle();
    assert!(e.harness.query_by_label("Tunnel width").is_none(), "folded with its stage");
    slider(&e, "Map width");
    e.harness
        .state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("tiendil-step6".into()))));
    e.settle();
    for stage in ["Grow", "Doors", "Place", "Loops"] {
        header(&e, stage);
    }
    assert!(under(&e, "Doors per room", "Doors") && !under(&e, "Doors per room", "Place"));
    assert!(under(&e, "Loop corridors", "Loops"));
    assert!(e.harness.query_by_label("Dig tunnels").is_none());
}

#[test]
fn a_broken_map_shows_an_error_and_keeps_the_map() {
    let mut e = editor();
    let before = e.ascii();
    let path = e.dir.path().join("broken.ron");
    std::fs::write(&path, "(\n    version: 1,\n    width: 10,\n    height: 4,\n    tiles: [\"####\" oops\n").unwrap();
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::O);
    let m = e.app().message().expect("an error is shown").clone();
    assert!(m.detail.contains("broken.ron"), "{m:?}");
    assert!(m.detail.contains("Line 5, column"), "{m:?}");
    assert!(m.detail.contains("unchanged"), "{m:?}");
    e.harness.get_by_label_contains("Line 5, column");
    assert_eq!(e.ascii(), before, "the current map is untouched");
    assert_eq!(e.app().title(), "untitled — Delve");
    // Dismissing the message removes it.
    e.harness.get_by_label("Dismiss").click();
    e.settle();
    assert!(e.app().message().is_none());
}

#[test]
fn zoom_and_pan_change_the_view_transform() {
    let mut e = editor();
    let fitted = e.app().view().transform;
    let at = e.view_centre() + vec2(40.0, -30.0);
    let tile_before = fitted.tile_from_screen(e.app().view().rect, at);

    e.harness.hover_at(at);
    e.harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: vec2(0.0, 3.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: Modifiers::NONE,
    });
    for _ in 0..60 {
        e.harness.step();
    }
    let zoomed = e.app().view().transform;
    assert!(zoomed.scale > fitted.scale * 1.5, "{fitted:?} -> {zoomed:?}");
    let tile_after = zoomed.tile_from_screen(e.app().view().rect, at);
    assert!((tile_before - tile_after).length() < 0.05, "the wheel zooms around the cursor");

    // Dragging pans by the distance dragged.
    let from = at;
    let to = at + vec2(-120.0, 50.0);
    e.drag(from, to);
    let panned = e.app().view().transform;
    assert_eq!(panned.scale, zoomed.scale);
    assert!((panned.origin - zoomed.origin - (to - from)).length() < 1.0, "{zoomed:?} -> {panned:?}");

    // The status bar names the hovered tile.
    e.harness.hover_at(at);
    e.harness.step();
    e.harness.step();
    let t = panned.tile_from_screen(e.app().view().rect, at);
    e.harness.get_by_label_contains(&format!("({}, {})", t.x.floor(), t.y.floor()));

    // F fits the whole map again; 1:1 puts one tile on one pixel.
    e.key(Modifiers::NONE, egui::Key::F);
    assert_eq!(e.app().view().transform, fitted);
    e.harness.state_mut().push(Command::View(ViewCommand::Camera(Camera::OneToOne)));
    e.settle();
    assert_eq!(e.app().view().transform.scale, 1.0);
}

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
fn switching_presets_after_tuning_asks_first() {
    let mut e = editor();
    slider(&e, "Room attempts").set_value_accesskit(12.0);
    e.settle();
    let tuned = e.app().params().clone();
    assert!(e.app().params_unsaved());
    e.harness.get_by_label("Preset").click();
    e.settle();
    e.harness.get_by_label("McRogueFace tutorial, part 3").click();
    e.settle();
    assert!(e.app().has_modal(), "asks before replacing the tuned parameters");
    e.harness.get_by_label_contains("The other preset brings its own parameters and stars.");
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert_eq!(e.app().params(), &tuned);
    // The same preset picked again: it goes back to its own values, and says so.
    e.harness.get_by_label("Preset").click();
    e.settle();
    e.harness.get_by_label("Godot tutorial, part 3").click();
    e.settle();
    assert!(e.app().has_modal());
    e.harness.get_by_label_contains("Picking the preset again goes back to its own parameters and stars.");
    assert!(e.harness.query_by_label_contains("other preset").is_none());
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert_eq!(e.app().params(), &tuned);
    assert_eq!(e.app().preset(), Some(&PresetRef::Shipped("godot-part3".into())));
    // Discarding switches.
    e.harness
        .state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("mcrogueface-part3".into()))));
    e.settle();
    e.harness.get_by_label("Discard changes").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
    assert!(!e.app().params_unsaved());
    // Untouched, it switches without asking.
    e.harness.state_mut().push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("godot-part3".into()))));
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(e.app().params(), &shipped("godot-part3"));
    // "Save preset as…" saves the tuned parameters, then goes on to the preset picked.
    slider(&e, "Room attempts").set_value_accesskit(14.0);
    e.settle();
    let tuned = e.app().params().clone();
    e.harness
        .state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("mcrogueface-part3".into()))));
    e.settle();
    let path = e.dir.path().join("presets").join("tuned.ron");
    e.dialogs.pick(&path);
    // The prompt's button (the panel has one with the same name).
    e.harness.get_all_by_label("Save preset as…").last().unwrap().click();
    e.settle();
    assert_eq!(delve::io::load_preset(&path).unwrap().generator, tuned);
    assert_eq!(e.app().preset(), Some(&PresetRef::Shipped("mcrogueface-part3".into())));
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"));
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

#[test]
fn export_png_writes_a_picture() {
    let mut e = editor();
    let path = e.dir.path().join("map.png");
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::E);
    let img = image::open(&path).unwrap();
    let map = e.app().document().unwrap().map();
    assert_eq!(img.width() % map.width(), 0);
    assert_eq!(img.width() / map.width(), img.height() / map.height());
}

/// *File ▸ Export ▸ JSON…* writes the map as it is on screen (edits included), and the export
/// key then repeats the last format.
#[test]
fn export_writes_the_edited_map_in_the_chosen_format() {
    let mut e = editor();
    edit_map(&mut e);
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    let path = e.dir.path().join("edited.json");
    e.dialogs.pick(&path);
    e.harness.get_by_label("JSON…").click();
    e.settle();
    let text = std::fs::read_to_string(&path).unwrap();
    let on_screen = e.app().document().unwrap().map().clone();
    assert_eq!(delve::export::json::from_json(&text).unwrap(), on_screen);
    // The export key now asks for a JSON file.
    let again = e.dir.path().join("again.json");
    e.dialogs.pick(&again);
    e.key(Modifiers::COMMAND, egui::Key::E);
    assert_eq!(delve::export::json::from_json(&std::fs::read_to_string(&again).unwrap()).unwrap(), on_screen);
}

/// File ▸ Export ▸ PNG… shows its options; the picture is drawn with them, and the export key
/// repeats the export with the same options, starting in the same folder.
#[test]
fn png_export_options_are_chosen_in_a_window_and_remembered() {
    let mut e = editor();
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    e.harness.get_by_label_contains("PNG…").click();
    e.settle();
    e.harness.run();
    assert!(e.dialogs.requests().is_empty(), "the options come first");
    e.harness.get_by_role_and_label(egui::accesskit::Role::RadioButton, "Pixels per tile").click();
    e.harness.run();
    e.harness.get_by_label("Grid lines").click();
    e.harness.get_by_label("Door marks").click();
    e.harness.run();
    let folder = e.dir.path().join("pictures");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("grid.png");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Export…").click();
    e.settle();
    let map = e.app().document().unwrap().map().clone();
    let scale = e.app().prefs().export_options.png_scale.expect("a scale was chosen");
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (map.width() * scale, map.height() * scale));
    let marks = delve::raster::Marks { doors: false, grid: true, labels: false, locks: false, markers: false };
    let want = delve::raster::render_marked(&map, scale, &delve::raster::Palette::default(), marks).unwrap();
    assert!(img == want, "drawn with a grid and without door marks");
    // The export key: no window, the same options, the same folder.
    let again = folder.join("again.png");
    e.dialogs.pick(&again);
    e.key(Modifiers::COMMAND, egui::Key::E);
    assert!(image::open(&again).unwrap().to_rgba8() == want);
    assert_eq!(e.dialogs.requests().last().unwrap().directory.as_deref(), Some(folder.as_path()));
}

/// File ▸ Export ▸ Tiled TMX… takes a tileset of the user's own, chosen in the window.
#[test]
fn tiled_export_uses_the_tileset_chosen_in_its_window() {
    let mut e = editor();
    let tsx = e.dir.path().join("stone.tsx");
    std::fs::write(
        &tsx,
        "<?xml version=\"1.0\"?>\n<tileset name=\"stone\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"4\" columns=\"4\">\n \
         <image source=\"stone.png\" width=\"128\" height=\"32\"/>\n</tileset>\n",
    )
    .unwrap();
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    e.harness.get_by_label("Tiled TMX…").click();
    e.settle();
    e.harness.run();
    e.dialogs.pick(&tsx);
    e.harness.get_by_label("Choose…").click();
    e.settle();
    // The doors' pins, hidden in Tiled by default, asked for here.
    assert!(!e.app().prefs().export_options.door_pins);
    e.harness.get_by_label("Show door pins in Tiled").click();
    e.settle();
    assert_eq!(e.dialogs.requests().last().map(|r| r.purpose), Some(delve::app::DialogPurpose::ChooseTileset));
    assert_eq!(e.app().prefs().export_options.tileset.as_deref(), Some(tsx.as_path()));
    let path = e.dir.path().join("level.tmx");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Export…").click();
    e.settle();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("source=\"stone.tsx\"") && text.contains("tilewidth=\"32\""), "{}", &text[..400]);
    assert!(!e.dir.path().join("delve-tiles.png").exists());
    let m = tiled::Loader::new().load_tmx_map(&path).unwrap();
    let map = e.app().document().unwrap().map();
    assert_eq!((m.width, m.height, m.tile_width), (map.width(), map.height(), 32));
    assert!(m.layers().all(|l| l.visible), "the doors layer opens shown");
}

#[test]
fn tile_texture_is_built_once_per_map() {
    let mut e = editor();
    let builds = e.app().view().texture_builds();
    for _ in 0..10 {
        e.harness.hover_at(e.view_centre() + vec2(3.0, 1.0));
        e.harness.step();
    }
    assert_eq!(e.app().view().texture_builds(), builds, "hovering and redrawing reuse the texture");
    let prebuilt = e.app().view().texture_prebuilt_uses();
    e.harness.get_by_label("›").click();
    e.settle();
    assert_eq!(e.app().view().texture_builds(), builds + 1, "a new map builds it again");
    assert_eq!(e.app().view().texture_prebuilt_uses(), prebuilt + 1, "from texels made by the generation job");
    // Texels made for other layers are not used: rooms hidden while generating.
    e.layer("Rooms");
    e.settle();
    assert_eq!(e.app().view().texture_builds(), builds + 2, "hiding room colours rebuilds");
    assert_eq!(e.app().view().texture_prebuilt_uses(), prebuilt + 1);
}

/// Paints one wall tile of the top row as corridor: the map is edited (unsaved).
pub(crate) fn edit_map(e: &mut Editor) {
    let doc = e.app().document().unwrap();
    let wall = (0..doc.map().width() as i32).map(|x| Pos::new(x, 0)).find(|p| doc.map().tile(*p) == Some(Tile::Wall));
    e.harness.state_mut().push(Command::Edit(EditCommand::Perform(delve::edit::Op::Paint {
        cells: vec![wall.unwrap()],
        tile: Tile::Corridor,
    })));
    e.settle();
    assert!(e.app().document().unwrap().is_dirty());
}

/// The text the preset picker shows.
fn preset_label(e: &Editor) -> String {
    e.harness.get_by_label("Preset").value().unwrap_or_default()
}

/// The next seed over an edited map does not ask: it is an undo step, and Undo brings back the
/// edited map with the seed that made it.
#[test]
fn the_next_seed_over_edits_is_an_undo_step() {
    let mut e = editor();
    edit_map(&mut e);
    let edited = e.ascii();
    e.harness.get_by_label("›").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(e.app().seed_text(), "1");
    assert_eq!(e.app().document().unwrap().map(), &generate(&shipped("godot-part3"), 1).unwrap().map);
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.ascii(), edited);
    assert_eq!(e.app().seed_text(), "0", "the seed shown is the seed of the map shown");
    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    assert_eq!(e.app().seed_text(), "1");
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

/// Defect 7: a preset `delve check` rejects loads as written, with `check`'s words under the field.
#[test]
fn a_rejected_preset_shows_its_problem_and_keeps_its_values() {
    let mut e = editor();
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/godot-part3.ron"))
            .unwrap();
    let text = text.replace("room_size: (min: 6, max: 10)", "room_size: (min: 12, max: 10)");
    let path = e.dir.path().join("crossed.ron");
    std::fs::write(&path, text).unwrap();
    let before = e.ascii();
    e.harness.state_mut().push(Command::File(FileCommand::LoadPreset(path)));
    e.settle();
    assert_eq!(param(&e, "room_size"), ParamValue::Range(12, 10), "the value is kept as written");
    let issues = e.app().issues();
    assert_eq!(issues.len(), 1, "{issues:?}");
    e.harness.get_by_label_contains(&issues[0].message);
    e.harness.get_by_label_contains("Generation waits");
    assert_eq!(e.ascii(), before, "the map waits");
    assert!(!preset_label(&e).contains("(modified)"), "{}", preset_label(&e));
}

/// Defect 9: a value outside a parameter's range is set to the nearest allowed one, and the
/// panel says so until the field changes again.
/// A parameter's label tells its default; right-clicking it offers to reset it.
#[test]
fn a_parameter_resets_to_its_default_from_its_label() {
    let mut e = editor();
    let default = param(&e, "max_rooms");
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(12))));
    e.settle();
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(12));
    let ParamValue::Int(n) = default else { panic!("an integer") };
    e.harness
        .get_by_role_and_label(egui::accesskit::Role::Label, "Room attempts")
        .click_button(egui::PointerButton::Secondary);
    e.settle();
    e.harness.get_by_label(&format!("Reset to default ({n} tries)")).click();
    e.settle();
    assert_eq!(param(&e, "max_rooms"), default);
}

#[test]
fn a_value_out_of_range_says_it_was_clamped() {
    let mut e = editor();
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(1_000_000))));
    e.settle();
    let ParamValue::Int(max) = param(&e, "max_rooms") else { panic!("an integer") };
    assert!(max < 1_000_000);
    e.harness.get_by_label_contains(&format!("1000000 is above the largest allowed, {max} tries: set to {max}"));
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(12))));
    e.settle();
    assert!(e.harness.query_by_label_contains("is above the largest allowed").is_none());
    e.harness.state_mut().push(Command::Params(ParamsCommand::SetParam("room_size", ParamValue::Range(1, 8))));
    e.settle();
    e.harness.get_by_label_contains("1 is below the smallest allowed");
}

/// A typed number is taken whole: typing 5000 into *Placement budget* (least value 100) gives
/// 5000, where checking every keystroke turned the first "5" into 100.
#[test]
fn a_typed_number_is_taken_when_entered_not_at_each_keystroke() {
    let mut e = editor();
    e.harness
        .state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("tiendil-step6".into()))));
    e.settle();
    // The slider's number field, focused as the keyboard would (Tab).
    e.harness.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Placement budget").focus();
    e.harness.step();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    for digit in ["5", "0", "0", "0"] {
        e.harness.event(egui::Event::Text(digit.into()));
        e.harness.step();
        assert_ne!(param(&e, "placement_budget"), ParamValue::Int(100), "nothing is clamped mid-typing");
    }
    e.harness.key_press(egui::Key::Enter);
    e.settle();
    assert_eq!(param(&e, "placement_budget"), ParamValue::Int(5000));
}

/// The map sides' sliders cover the sizes people use (up to five times the default, linearly),
/// and typing reaches the whole range; the tooltip says both, with the default.
#[test]
fn map_size_sliders_cover_common_sizes_and_typing_reaches_the_extremes() {
    let mut e = editor();
    let width = slider(&e, "Map width");
    let (min, max) = (width.accesskit_node().min_numeric_value(), width.accesskit_node().max_numeric_value());
    assert_eq!((min, max), (Some(8.0), Some(400.0)), "80 by default: the slider covers 8 to 400");
    e.harness.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Map width").focus();
    e.harness.step();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    e.harness.event(egui::Event::Text("4096".into()));
    e.harness.key_press(egui::Key::Enter);
    e.settle();
    assert_eq!(param(&e, "width"), ParamValue::Int(4096), "typed past the slider's end");
    slider(&e, "Map width").hover();
    e.harness.run_steps(40);
    e.harness.get_by_label_contains(
        "Range 8 to 4096 tiles. The slider covers 8 to 400; type a number for more. Default 80 tiles.",
    );
}

/// *Revert* sets the parameters back to the preset's as saved, as an undoable regeneration:
/// Undo brings the tuned ones back, with their map.
#[test]
fn revert_brings_back_the_presets_parameters_and_undo_the_tuned_ones() {
    let mut e = editor();
    let revert = |e: &Editor| e.harness.get_by_label("Revert").accesskit_node().is_disabled();
    assert!(revert(&e), "nothing to revert");
    slider(&e, "Room attempts").set_value_accesskit(5.0);
    e.settle();
    let tuned = e.ascii();
    assert!(!revert(&e));
    e.harness.get_by_label("Revert").click();
    e.settle();
    assert_eq!(e.app().params(), &shipped("godot-part3"));
    assert_eq!(e.ascii(), generate(&shipped("godot-part3"), 0).unwrap().map.to_ascii());
    assert!(revert(&e), "reverted: nothing more to revert");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(5), "undo: the tuned parameters");
    assert_eq!(e.ascii(), tuned);
}
