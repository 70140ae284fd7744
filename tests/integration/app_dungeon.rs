//! Dungeons in the editor, driven through its real UI (egui_kittest): a dungeon file opens with
//! its floors in the dungeon panel, the stairs keys and buttons go from floor to floor, a floor
//! keeps its edits and its undo history while another is shown, unsaved floors are asked about,
//! and a saved dungeon opens again with its edits (read back by the core's reader, not the
//! editor's). The floors shown are the floors the core makes for the same dungeon and seed.

use crate::app::edit_map;
use crate::editor::{Editor, editor_with};
use delve::app::{Command, DungeonCommand};
use delve::dungeon::{STAIRS_DOWN, STAIRS_UP, generate_dungeon};
use delve::io::made::load_made;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

fn dcss() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/delve-core/dungeons/dcss-shaped.ron")
}

/// The floor on screen, as the dungeon panel says.
fn on_screen(e: &Editor) -> String {
    let d = e.app().dungeon().expect("a dungeon is open");
    d.label(d.current.expect("a floor is on screen"))
}

/// Clicks the floor labelled `label` in the dungeon panel.
fn click_floor(e: &mut Editor, label: &str) {
    let node = e.harness.get_by_label(label);
    node.scroll_to_me();
    e.settle();
    let at = e.harness.get_by_label(label).rect().center();
    e.click(at);
}

#[test]
fn a_dungeon_file_opens_its_floors_and_the_stairs_lead_from_floor_to_floor() {
    let mut e = editor_with(Some(dcss()), None);
    let preset = delve::io::load_dungeon(&dcss()).unwrap();
    let made = generate_dungeon(&preset, dcss().parent().unwrap(), preset.seed).unwrap();
    let d = e.app().dungeon().expect("the dungeon file opens as a dungeon");
    assert_eq!(d.floors.len(), made.floors.len());
    assert_eq!(on_screen(&e), "D:1");
    assert_eq!(e.app().title(), "DCSS shaped — D:1 — Delve");
    assert_eq!(e.map(), &made.floors[0].generated.map, "floor D:1 as the core makes it");

    // Down the stairs with `>`: D:2, its up-stair on the tile of D:1's down-stair.
    let down = e.map().markers.iter().find(|m| m.kind == STAIRS_DOWN).unwrap().at;
    e.key(Modifiers::SHIFT, Key::Period);
    assert_eq!(on_screen(&e), "D:2");
    assert_eq!(e.map(), &made.floors[1].generated.map);
    assert!(e.map().markers.iter().any(|m| m.kind == STAIRS_UP && m.at == down));
    assert_eq!(e.map().spawn, down, "the player arrives on the up-stair");
    // And back up with `<`, or with the panel's button.
    e.key(Modifiers::SHIFT, Key::Comma);
    assert_eq!(on_screen(&e), "D:1");
    e.harness.get_by_label_contains("Down to D:2").click();
    e.settle();
    assert_eq!(on_screen(&e), "D:2");

    // A floor of a branch, clicked in the panel: the branch's first floor.
    click_floor(&mut e, "Lair:1");
    assert_eq!(on_screen(&e), "Lair:1");
    let i = e.app().dungeon().unwrap().current.unwrap();
    assert_eq!(e.map(), &made.floors[i].generated.map);
    // The first floor has no stairs up: the key says so and stays.
    click_floor(&mut e, "D:1");
    e.key(Modifiers::SHIFT, Key::Comma);
    assert_eq!(on_screen(&e), "D:1");
}

#[test]
fn a_floor_keeps_its_edits_and_history_is_asked_about_and_saved_with_the_dungeon() {
    let mut e = editor_with(Some(dcss()), None);
    edit_map(&mut e);
    let edited = e.map().clone();
    assert_eq!(e.app().title(), "● DCSS shaped — D:1 — Delve");

    // Another floor and back: the edit is there, and Undo still takes it back.
    e.key(Modifiers::SHIFT, Key::Period);
    assert_eq!(on_screen(&e), "D:2");
    assert_eq!(e.app().title(), "● DCSS shaped — D:2 — Delve", "D:1's edit is still unsaved");
    e.key(Modifiers::SHIFT, Key::Comma);
    assert_eq!(e.map(), &edited);
    e.key(Modifiers::COMMAND, Key::Z);
    assert_ne!(e.map(), &edited);
    e.key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(e.map(), &edited);

    // On D:2, opening another dungeon asks first: the edit on D:1 would be lost.
    e.key(Modifiers::SHIFT, Key::Period);
    e.harness.state_mut().push(Command::Dungeon(DungeonCommand::Reseed(2)));
    e.settle();
    e.harness.get_by_label_contains("Unsaved changes");
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert_eq!(e.app().dungeon().unwrap().made.seed, 1, "cancelled: the dungeon stays");

    // Regenerating D:2 keeps its stairs (locked rooms) and makes it unsaved too.
    let stairs: Vec<_> = e.map().markers.iter().filter(|m| m.kind.starts_with("stairs")).cloned().collect();
    e.harness.get_by_label("Seed").set_text_value_accesskit("99");
    e.settle();
    assert_eq!(e.map().provenance.seed, 99);
    for s in &stairs {
        assert!(e.map().markers.contains(s), "{s:?} kept when D:2 was regenerated");
    }
    let regenerated = e.map().clone();
    assert_eq!(e.app().dungeon().unwrap().unsaved_count(e.app().document()), 2);

    // Ctrl+S asks for the dungeon's file and writes it with every floor.
    let path = e.dir.path().join("crawl.ron");
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, Key::S);
    assert!(path.is_file());
    assert_eq!(e.app().title(), "DCSS shaped — D:2 — Delve", "nothing unsaved");
    let read = load_made(&path).unwrap();
    assert_eq!(read.maps.len(), e.app().dungeon().unwrap().floors.len());
    assert_eq!(read.maps[0], edited);
    assert_eq!(read.maps[1], regenerated);
    assert_eq!(read.file.floors[1].seed, 99);
    assert!(e.dir.path().join("crawl/D-01.ron").is_file(), "the floors in a folder beside it");

    // Opened again: the same floors, the edits in.
    let mut again = editor_with(Some(path.clone()), None);
    assert_eq!(again.map(), &edited);
    again.key(Modifiers::SHIFT, Key::Period);
    assert_eq!(again.map(), &regenerated);
    assert_eq!(again.app().title(), "DCSS shaped — D:2 — Delve");
}

#[test]
fn new_dungeon_makes_floors_from_the_panel_parameters() {
    let mut e = editor_with(None, None);
    let params = e.app().params().clone();
    e.menu("File", "New dungeon…");
    e.harness.get_by_label("Create").click();
    e.settle();
    let d = e.app().dungeon().expect("a dungeon is made");
    assert_eq!(d.floors.len(), 5);
    for i in 0..5 {
        let map = d.map_of(i, e.app().document()).unwrap();
        assert_eq!(map.provenance.params.as_ref().map(|p| p.kind()), Some(params.kind()));
        crate::certified::assert_certified(&map, &format!("new dungeon floor {i}"));
    }
    // Closing the dungeon leaves the floor on screen as a map.
    let shown = e.map().clone();
    e.menu("File", "Close dungeon");
    assert!(e.app().dungeon().is_none());
    assert_eq!(e.map(), &shown);
}

#[test]
fn figures_by_depth_run_the_dungeon_over_seeds_floor_by_floor() {
    let mut e = editor_with(Some(dcss()), None);
    e.harness.get_by_label("Figures by depth…").scroll_to_me();
    e.settle();
    e.harness.get_by_label("Figures by depth…").click();
    e.settle();
    e.harness.get_by_label("Seeds").set_value_accesskit(6.0);
    e.settle();
    e.harness.get_by_label("Run").click();
    e.settle();
    e.harness.get_by_label_contains("6 dungeons made from seed 1: 6 certified top to bottom (100.0%)");
    let serial = e.app().dungeon().unwrap().serial;
    let run = e.app().depth_window().run_of(serial).expect("a run of the open dungeon");

    // Each floor's figures, against the dungeons made here and walked by the test's own count.
    let preset = delve::io::load_dungeon(&dcss()).unwrap();
    let made: Vec<_> = (1..7).map(|s| generate_dungeon(&preset, dcss().parent().unwrap(), s).unwrap()).collect();
    for (i, floor) in run.floors.iter().enumerate() {
        let mut rooms: Vec<f64> = made.iter().map(|d| d.floors[i].generated.map.rooms.len() as f64).collect();
        rooms.sort_by(f64::total_cmp);
        let spread = floor.spread(delve::analysis::depth::DepthFigure::Map(delve::analysis::Stat::Rooms));
        assert_eq!(spread.p50, rooms[2], "{}: the median of 6 is the third (nearest rank)", floor.label);
        assert_eq!((spread.min, spread.max), (rooms[0], rooms[5]), "{}", floor.label);
    }
    // Four plots, one per figure.
    for figure in ["rooms", "longest path", "monsters", "solution length"] {
        e.harness.get_by_label(figure);
    }
}

#[test]
fn a_floor_that_loses_its_stairs_says_so_in_the_panel() {
    let mut e = editor_with(Some(dcss()), None);
    e.key(Modifiers::SHIFT, Key::Period);
    let up = e.map().markers.iter().find(|m| m.kind == STAIRS_UP).unwrap().at;
    // The stair rooms unlocked and the floor regenerated: the stairs go with the rest.
    e.harness.get_by_label("Unlock all").click();
    e.settle();
    e.harness.get_by_label("Seed").set_text_value_accesskit("4242");
    e.settle();
    assert!(!e.map().markers.iter().any(|m| m.kind == STAIRS_UP && m.at == up));
    e.harness.get_by_label(&format!("• no stairs_up at ({}, {})", up.x, up.y));
    // Undo brings the floor, and its stairs, back.
    e.key(Modifiers::COMMAND, Key::Z);
    assert!(e.map().markers.iter().any(|m| m.kind == STAIRS_UP && m.at == up));
    assert!(e.harness.query_by_label_contains("• no stairs_up").is_none());
}
