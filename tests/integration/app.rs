//! The editor, driven through its real UI with egui_kittest (headless, no GPU), in the shared
//! harness of [`crate::editor`].

use crate::common::shipped;
use crate::editor::{Editor, editor};
use delve::app::{Camera, Command, PresetRef};
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
pub(crate) fn slider<'a>(e: &'a Editor, label: &'a str) -> egui_kittest::Node<'a> {
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
pub(crate) fn preset_label(e: &Editor) -> String {
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
