//! The stage list in the parameter panel, driven as a designer would: a stage turned off,
//! moved, taken out and added back; an invalid order explained under the list; each change one
//! undo step; a preset saved with its list and read back.

use crate::editor::{Editor, editor};
use delve::app::{Command, FileCommand, ParamsCommand, PresetRef};
use delve::params::stages::{Stage, StageList};
use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

/// Clicks the stage list's checkbox of stage `name` (a header of the same name folds its
/// parameters).
fn toggle(e: &mut Editor, name: &str) {
    e.harness.get_by_role_and_label(Role::CheckBox, name).click();
    e.settle();
}

fn press(e: &mut Editor, label: &str) {
    e.harness.get_by_label(label).click();
    e.settle();
}

/// The editor, its stage list unfolded.
fn editor_with_list() -> Editor {
    let mut e = editor();
    press(&mut e, "Stage list");
    e
}

fn order(e: &Editor) -> Vec<(Stage, bool)> {
    let p = e.app().params();
    p.stages().entries(p.kind()).iter().map(|x| (x.stage, x.on)).collect()
}

#[test]
fn a_stage_turned_off_regenerates_without_it_and_undo_brings_it_back() {
    let mut e = editor_with_list();
    assert!(!e.map().corridors.is_empty());
    toggle(&mut e, "Dig tunnels");
    assert!(order(&e).contains(&(Stage::DigTunnels, false)));
    assert!(e.map().corridors.is_empty(), "regenerated without tunnels");
    e.harness.get_by_label("Dig tunnels (off)");
    e.harness.get_by_label_contains("Dig tunnels is off: the rooms are not joined");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    e.settle();
    assert_eq!(e.app().params().stages(), &StageList::standard());
    assert!(!e.map().corridors.is_empty(), "undo brings the tunnels back");
}

#[test]
fn a_stage_moved_above_what_it_needs_is_explained_under_the_list() {
    let mut e = editor_with_list();
    let before = e.ascii();
    press(&mut e, "Move Dig tunnels up");
    assert_eq!(order(&e)[..2], [(Stage::DigTunnels, true), (Stage::PlaceRooms, true)]);
    let why = "Dig tunnels must come after Place rooms: it joins the rooms Place rooms makes; move it below";
    let issue = e.harness.get_by_label(why);
    let list_bottom = e.harness.get_by_label("Standard stages").rect().max.y;
    assert!(issue.rect().min.y > list_bottom, "under the list");
    assert_eq!(e.ascii(), before, "nothing generated from an invalid list");
    press(&mut e, "Move Dig tunnels down");
    assert!(e.harness.query_by_label(why).is_none());
    assert_eq!(e.app().params().stages(), &StageList::standard());
    // Spawn does not need the tunnels: it may come first after the rooms, and makes the same map.
    press(&mut e, "Move Spawn up");
    assert_eq!(order(&e)[..3], [(Stage::PlaceRooms, true), (Stage::Spawn, true), (Stage::DigTunnels, true)]);
    assert_eq!(e.ascii(), before);
    assert!(e.harness.query_by_label_contains("must come after").is_none());
}

#[test]
fn a_stage_taken_out_and_added_back_and_saved_with_its_list() {
    let mut e = editor_with_list();
    e.harness
        .state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("tiendil-step6".into()))));
    e.settle();
    press(&mut e, "Stage list");
    assert!(e.harness.query_all_by_label("Loop corridors").count() > 0);
    press(&mut e, "Remove Loops");
    assert!(!order(&e).iter().any(|(s, _)| *s == Stage::Loops));
    assert!(e.harness.query_by_label("Loop corridors").is_none(), "its parameters go with it");
    // Saved, the preset lists its stages, and reads back the same.
    let path = e.dir.path().join("no-loops.ron");
    e.harness.state_mut().push(Command::File(FileCommand::SavePresetTo(path.clone())));
    e.settle();
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("Stages(["), "{text}");
    assert_eq!(&delve::io::load_preset(&path).expect("reads").generator, e.app().params());
    // Added back, at its usual place (after Place, before Roles).
    press(&mut e, "Add stage");
    let loops = e.harness.get_all_by_role_and_label(Role::Button, "Loops").last().expect("in the menu");
    loops.click();
    e.settle();
    assert_eq!(e.app().params().stages(), &StageList::standard());
    assert!(e.harness.query_all_by_label("Loop corridors").count() > 0);
}
