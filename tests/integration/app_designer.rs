//! A designer's hour without surprises (issue 49), driven through the real editor with
//! egui_kittest: each committed value is its own undo step (a slider drag stays one), saving a
//! regenerated map over a file of hand edits asks, the window leaves room to work at 1280×800,
//! and the words are the same wherever they show.

use crate::common::shipped;
use crate::editor::{Editor, editor, editor_in};
use delve::geom::Pos;
use delve::map::Tile;
use delve::params::ParamValue;
use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;

/// The current value of parameter `key`.
fn param(e: &Editor, key: &str) -> ParamValue {
    e.app().params().params().get(key).expect("known parameter")
}

/// Types `text` into the number field of parameter `label` and presses Enter, as a user does.
fn type_param(e: &mut Editor, label: &str, text: &str) {
    e.harness.get_by_role_and_label(Role::SpinButton, label).focus();
    e.harness.step();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    e.harness.event(egui::Event::Text(text.into()));
    e.harness.step();
    e.harness.key_press(egui::Key::Enter);
    e.settle();
}

/// Two values typed into one field, with a click between, are two undo steps: Undo goes back
/// to the first, then to the value before. (They were joined into one step, because both were
/// labelled "Set Room attempts": the first could never be reached again.)
#[test]
fn two_values_typed_into_one_field_are_two_undo_steps() {
    let mut e = editor();
    let (start, steps) = (e.map().clone(), e.history_len());
    type_param(&mut e, "Room attempts", "12");
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(12));
    let twelve = e.map().clone();
    // A click elsewhere in the panel, as a user leaves the field.
    let elsewhere = e.harness.get_by_label("Parameters").rect().center();
    e.click(elsewhere);
    type_param(&mut e, "Room attempts", "20");
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(20));
    assert_eq!(e.history_len(), steps + 2, "each committed value is its own undo step");

    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(12), "Undo goes back to the first value");
    assert_eq!(e.map(), &twelve, "with its map");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(30));
    assert_eq!(e.map(), &start);
}

/// Typing into the seed field is one undo step per visit to the field (a map at each keystroke
/// on the way); the next visit is another step. (All typed seeds were one step.)
#[test]
fn each_visit_to_the_seed_field_is_an_undo_step() {
    let mut e = editor();
    let steps = e.history_len();
    let visit = |e: &mut Editor, text: &str| {
        e.harness.get_by_label("Seed").focus();
        e.harness.step();
        e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
        for c in text.chars() {
            e.harness.event(egui::Event::Text(c.to_string()));
            e.settle();
        }
        let elsewhere = e.harness.get_by_label("Parameters").rect().center();
        e.click(elsewhere);
    };
    visit(&mut e, "12");
    let twelve = e.map().clone();
    visit(&mut e, "34");
    assert_eq!(e.app().seed(), 34);
    assert_eq!(e.history_len(), steps + 2, "one step per visit");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.app().seed_text(), "12");
    assert_eq!(e.map(), &twelve);
}

/// A slider dragged through many values, with maps made on the way, stays one undo step.
#[test]
fn a_slider_drag_stays_one_undo_step() {
    let mut e = editor();
    let (start, steps) = (e.map().clone(), e.history_len());
    let rail = e.harness.get_by_role_and_label(Role::Slider, "Room attempts").rect();
    let at = |f: f32| egui::pos2(rail.left() + f * rail.width(), rail.center().y);
    e.harness.hover_at(at(0.2));
    e.harness.step();
    e.harness.drag_at(at(0.2));
    e.harness.step();
    for k in 1..=6 {
        e.harness.hover_at(at(0.2 + 0.1 * k as f32));
        // The maps of the values on the way are made and shown while the button is down.
        e.settle();
    }
    e.harness.drop_at(at(0.8));
    e.settle();
    assert_ne!(param(&e, "max_rooms"), ParamValue::Int(30), "the drag changed the value");
    assert_eq!(e.history_len(), steps + 1, "one drag, one undo step");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(param(&e, "max_rooms"), ParamValue::Int(30));
    assert_eq!(e.map(), &start);
}

/// A map of godot-part3 (seed 3) with floor painted by hand over a wall, saved as `name` in a
/// new folder: a file that holds hand edits.
fn hand_edited_file(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let mut map = delve::generate::generate(&shipped("godot-part3"), 3).unwrap().map;
    let wall = (1..map.width() as i32 - 1).map(|x| Pos::new(x, 1)).find(|p| map.tile(*p) == Some(Tile::Wall)).unwrap();
    delve::edit::perform(&mut map, delve::edit::Op::Paint { cells: vec![wall], tile: Tile::Floor }).unwrap();
    assert!(map.provenance.edited);
    let path = dir.path().join(name);
    delve::io::save_map(&path, &map).unwrap();
    (dir, path)
}

/// R regenerates a hand-edited map; Ctrl+S then asks before writing it over the file that holds
/// the hand edits (Save over / Save as… / Cancel), once per regeneration. (It wrote at once.)
#[test]
fn saving_a_regenerated_map_over_hand_edits_asks_first() {
    let (dir, a) = hand_edited_file("a.ron");
    let edited = std::fs::read(&a).unwrap();
    let mut e = editor_in(dir, Some(a.clone()), None);
    e.key(Modifiers::NONE, egui::Key::R);
    assert!(!e.map().provenance.edited, "a regenerated map");

    e.key(Modifiers::COMMAND, egui::Key::S);
    assert!(e.app().has_modal(), "saving asks");
    e.harness.get_by_label_contains("edited by hand");
    assert_eq!(std::fs::read(&a).unwrap(), edited, "nothing written before the answer");
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(std::fs::read(&a).unwrap(), edited, "Cancel writes nothing");
    assert_eq!(e.app().title(), "● a.ron — Delve", "still unsaved");

    // Asked again, and Save over writes the regenerated map.
    e.key(Modifiers::COMMAND, egui::Key::S);
    e.harness.get_by_label("Save over").click();
    e.settle();
    assert_eq!(delve::io::load_map(&a).unwrap(), *e.map(), "saved over");
    assert_eq!(e.app().title(), "a.ron — Delve");

    // Once per regeneration: the file now holds the regenerated map, so saving edits asks no more.
    e.harness.state_mut().push(
        delve::app::EditCommand::Perform(delve::edit::Op::Paint { cells: vec![Pos::new(1, 1)], tile: Tile::Floor })
            .into(),
    );
    e.settle();
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert!(!e.app().has_modal(), "no regeneration since the save: no question");
    assert_eq!(delve::io::load_map(&a).unwrap(), *e.map());
}

/// *Save as…* in that prompt saves the regenerated map as another file; the hand edits stay in
/// theirs. A quit that waits for the save waits for the answer too, and Cancel drops nothing.
#[test]
fn save_as_keeps_the_hand_edits_in_their_file() {
    let (dir, a) = hand_edited_file("a.ron");
    let edited = std::fs::read(&a).unwrap();
    let mut e = editor_in(dir, Some(a.clone()), None);
    let b = e.dir.path().join("b.ron");
    e.key(Modifiers::NONE, egui::Key::R);
    // Quitting asks about the unsaved map; "Save first" then asks about the hand edits.
    e.harness.state_mut().push(delve::app::WindowCommand::Quit.into());
    e.settle();
    e.harness.get_by_label("Save first").click();
    e.settle();
    e.harness.get_by_label("Save over");
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert_eq!(std::fs::read(&a).unwrap(), edited);
    assert_eq!(e.app().title(), "● a.ron — Delve", "not saved, not quit");

    e.dialogs.pick(&b);
    e.key(Modifiers::COMMAND, egui::Key::S);
    e.harness.get_by_label("Save as…").click();
    e.settle();
    assert_eq!(std::fs::read(&a).unwrap(), edited, "the hand edits stay in a.ron");
    assert_eq!(delve::io::load_map(&b).unwrap(), *e.map());
    assert_eq!(e.app().title(), "b.ron — Delve");
}

/// The editor at `w`×`h` in a new folder, opening `open` when given.
fn editor_sized(w: f32, h: f32, open: Option<PathBuf>) -> Editor {
    let dir = tempfile::tempdir().unwrap();
    let builder = egui_kittest::Harness::builder().with_size(egui::vec2(w, h));
    let (harness, dialogs) = crate::editor::harness_built(dir.path(), open, None, builder);
    Editor { harness, dialogs, dir, uploads: Default::default() }
}

/// On first start in the window Delve opens (1200×720, which fits a 1280×800 screen with a
/// title bar), the map gets over 60% of the width (it got about half at this size).
#[test]
fn the_map_gets_sixty_percent_of_the_first_window() {
    let size = delve::app::layout::FIRST_WINDOW;
    assert!(size.x <= 1280.0 && size.y + 60.0 <= 800.0, "the first window fits 1280×800 with decorations");
    let e = editor_sized(size.x, size.y, None);
    let share = e.app().view().rect.width() / size.x;
    assert!(share >= 0.60, "the map view is {:.1}% of the window", share * 100.0);
    // A window larger than its monitor is made to fit; one that fits is left alone.
    use delve::app::layout::fit_to_monitor;
    let v = egui::vec2;
    assert_eq!(fit_to_monitor(v(1280.0, 800.0), v(1282.0, 830.0), v(1280.0, 800.0)), Some(v(1278.0, 722.0)));
    assert_eq!(fit_to_monitor(size, size + v(2.0, 30.0), v(1280.0, 800.0)), None);
    // The first window on a large screen grows to four fifths of it; a size the user chose, or
    // a screen not much larger, is left alone.
    use delve::app::layout::grow_on_monitor;
    assert_eq!(grow_on_monitor(size, v(1920.0, 1080.0)), Some(v(1536.0, 864.0)));
    assert_eq!(grow_on_monitor(size, v(1280.0, 800.0)), None);
    assert_eq!(grow_on_monitor(v(1400.0, 900.0), v(2560.0, 1440.0)), None);
}

/// The parameters panel's width is the user's: longer preset labels ("… (from map …)",
/// "(modified)") are cut short with their whole text in the tooltip, and never widen it, so at
/// 1280×800 the tool bar keeps *Marker* and *Kind* in sight. (The panel grew with the label and
/// never shrank.)
#[test]
fn long_preset_labels_never_widen_the_parameters_panel() {
    let mut e = editor();
    let left = e.app().view().rect.left();
    let map = delve::generate::generate(&shipped("mcrogueface-part3"), 4).unwrap().map;
    let path = e.dir.path().join("the-long-named-dungeon-of-the-first-hour.ron");
    delve::io::save_map(&path, &map).unwrap();
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::O);
    let label = e.harness.get_by_label("Preset").value().unwrap_or_default();
    assert_eq!(label, "McRogueFace tutorial, part 3 (from map the-long-named-dungeon-of-the-first-hour.ron)");
    type_param(&mut e, "Room attempts", "12");
    assert!(e.harness.get_by_label("Preset").value().unwrap_or_default().ends_with("(modified)"));
    assert_eq!(e.app().view().rect.left(), left, "the panel kept its width");
    let view = e.app().view().rect;
    for tool in ["Marker", "Kind"] {
        let r = e.harness.get_by_label(tool).rect();
        assert!(r.right() <= view.right(), "{tool} is on the tool bar: {r:?}, the map {view:?}");
    }
}

/// A window docked right never leaves the map under 400 px: at 1280×800 it is narrower, and
/// where there is no room beside the map it shows under it and says so.
#[test]
fn a_window_docked_right_leaves_the_map_four_hundred_pixels() {
    use delve::app::dock::MAP_MIN_WIDTH;
    let mut e = editor();
    e.key(Modifiers::COMMAND, egui::Key::B);
    e.menu("Dock", "Docked right of the map");
    let view = e.app().view().rect;
    assert!(view.width() >= MAP_MIN_WIDTH, "the map is {} px wide", view.width());
    let page = e.harness.get_by_label("Page >").rect();
    assert!(page.left() > view.right(), "docked beside the map: {page:?}, the map {view:?}");

    let mut narrow = editor_sized(1000.0, 700.0, None);
    narrow.key(Modifiers::COMMAND, egui::Key::B);
    narrow.menu("Dock", "Docked right of the map");
    let view = narrow.app().view().rect;
    assert!(view.width() >= MAP_MIN_WIDTH, "the map is {} px wide", view.width());
    narrow.harness.get_by_label("(under the map: no room beside it)");
    assert!(narrow.harness.get_by_label("Page >").rect().top() > view.bottom(), "under the map");
}

/// A map shows one preset label however it is opened: from the command line on a fresh start,
/// or with Ctrl+O over another preset. (The first said "Godot tutorial, part 3", the second
/// "Godot tutorial, part 3 (from map a.ron)".)
#[test]
fn a_map_shows_one_preset_label_however_it_is_opened() {
    let (dir, _) = hand_edited_file("unused.ron");
    let a = dir.path().join("a.ron");
    delve::io::save_map(&a, &delve::generate::generate(&shipped("godot-part3"), 3).unwrap().map).unwrap();
    let label = |e: &Editor| e.harness.get_by_label("Preset").value().unwrap_or_default();
    let cli = editor_in(dir, Some(a.clone()), None);
    assert_eq!(label(&cli), "Godot tutorial, part 3 (from map a.ron)");

    let mut e = editor();
    e.harness.state_mut().push(
        delve::app::ParamsCommand::SelectPreset(delve::app::PresetRef::Shipped("mcrogueface-part3".into())).into(),
    );
    e.settle();
    e.dialogs.pick(&a);
    e.key(Modifiers::COMMAND, egui::Key::O);
    assert_eq!(label(&e), label(&cli), "the same label as from the command line");
}

/// One percentage format everywhere (`words::percent`: "41.3%"), and the parameter tooltips give
/// the allowed range with the default, as the README says (they gave the default alone).
#[test]
fn percentages_have_one_format_and_tooltips_give_range_and_default() {
    let mut e = editor();
    let field = e.harness.get_by_role_and_label(Role::SpinButton, "Round rooms");
    assert_eq!(field.value().as_deref(), Some("0.0%"), "a share parameter");
    let floor = delve::words::percent(e.app().document().unwrap().figures().floor_fraction);
    e.harness.get_by_label_contains(&format!("floor {floor} ·"));

    // The parameter's label (its text is the node's value).
    let label = |e: &Editor, name: &str| {
        let mut labels = e.harness.query_all_by(|n| n.role() == Role::Label && n.value().as_deref() == Some(name));
        labels.next().expect("the parameter's label").rect().center()
    };
    e.harness.hover_at(label(&e, "Room attempts"));
    e.harness.run_steps(40);
    e.harness.get_by_label_contains("Range 1 to 100000 tries. Default 30 tries. Right-click to reset.");
    e.harness.hover_at(label(&e, "Round rooms"));
    e.harness.run_steps(40);
    e.harness.get_by_label_contains("Range 0.0% to 100.0%. Default 0.0%.");
}
