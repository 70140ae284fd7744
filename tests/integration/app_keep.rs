//! Regenerating around locks in the editor (egui_kittest): lock, regenerate, unlock.

use crate::editor::editor;
use delve::app::Command;
use delve::edit::Op;
use delve::geom::Pos;
use delve::map::Tile;
use egui_kittest::kittest::Queryable;

/// Lock two rooms and a strip of wall, regenerate with another seed: the locked rooms and tiles
/// stay exactly, the rest is new, nothing is asked, Undo brings the old map back; unlocked, the
/// next regeneration makes the plain map of the seed.
#[test]
fn regenerating_keeps_locked_rooms_and_tiles() {
    let mut e = editor();
    let old = e.app().document().unwrap().map().clone();
    let strip: Vec<Pos> = (0..6).map(|x| Pos::new(x, 0)).collect();
    for op in [
        Op::LockRoom { id: 1, locked: true },
        Op::LockRoom { id: 4, locked: true },
        Op::LockTiles { cells: strip.clone(), locked: true },
    ] {
        e.harness.state_mut().push(Command::Edit(op));
        e.settle();
    }
    assert!(e.app().document().unwrap().is_dirty());
    e.harness.get_by_label("›").click();
    e.settle();
    // No "unsaved changes" question: the locked parts stay and the old map is one Undo away.
    assert!(e.harness.query_by_label_contains("has changes that are not saved").is_none());
    let new = e.app().document().unwrap().map().clone();
    assert_eq!(e.app().seed_text(), "1");
    assert_ne!(new.tiles(), old.tiles(), "the rest was generated again");
    for id in [1, 4] {
        let room = new.rooms.iter().find(|r| r.shape == old.rooms[id].shape).expect("locked room kept");
        assert!(room.locked);
        assert_eq!(room.colour, old.rooms[id].colour);
    }
    for p in &strip {
        assert!(new.tile_locked(*p));
        assert_eq!(new.tile(*p), Some(Tile::Wall));
    }
    assert!(new.validate().is_empty());
    assert!(new.provenance.kept.is_some(), "the provenance records the locks");
    e.harness.get_by_label_contains("Regenerated around 2 locked room(s) and 6 locked tile(s)");
    // The timeline does not pretend to replay a map made around locks.
    e.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    e.settle();
    assert!(e.app().timeline().note().is_some_and(|n| n.contains("around locks")), "{:?}", e.app().timeline().note());
    e.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    e.settle();
    // Undo brings the locked old map back.
    e.harness.state_mut().push(Command::Undo);
    e.settle();
    let back = e.app().document().unwrap().map();
    assert_eq!(back.tiles(), old.tiles());
    assert!(back.rooms[1].locked && back.rooms[4].locked);
    e.harness.state_mut().push(Command::Redo);
    e.settle();
    // Regenerate from provenance uses the locks the provenance recorded, even after the map's
    // own locks changed: the same map again.
    e.harness.state_mut().push(Command::Edit(Op::LockRoom { id: 1, locked: false }));
    e.settle();
    e.harness.state_mut().push(Command::RegenerateFromProvenance);
    e.settle();
    if e.harness.query_by_label_contains("has changes that are not saved").is_some() {
        e.harness.get_by_label("Discard changes").click();
        e.settle();
    }
    assert_eq!(e.app().document().unwrap().map(), &new, "regenerated from provenance");
    // Unlock everything: the next seed is the plain map of that seed.
    let unlock: Vec<Op> = e
        .app()
        .document()
        .unwrap()
        .map()
        .rooms
        .iter()
        .filter(|r| r.locked)
        .map(|r| Op::LockRoom { id: r.id, locked: false })
        .chain([Op::LockTiles { cells: strip.clone(), locked: false }])
        .collect();
    for op in unlock {
        e.harness.state_mut().push(Command::Edit(op));
        e.settle();
    }
    assert!(!e.app().document().unwrap().map().has_locks());
    e.harness.state_mut().push(Command::Regenerate);
    e.settle();
    // Edited without locks: now it asks, as for any edited map.
    e.harness.get_by_label_contains("has changes that are not saved");
}

/// Locks that cannot be kept: the editor says which lock and keeps the map.
#[test]
fn impossible_locks_keep_the_map_and_say_why() {
    let mut e = editor();
    let map = e.app().document().unwrap().map().clone();
    // Floor of room 2 locked without the room.
    let p = map.rooms[2].shape.centre().unwrap();
    e.harness.state_mut().push(Command::Edit(Op::LockTiles { cells: vec![p], locked: true }));
    e.settle();
    e.harness.state_mut().push(Command::Regenerate);
    e.settle();
    let msg = e.app().message().expect("a message says why");
    assert!(msg.detail.contains("room 2, which is not locked"), "{}", msg.detail);
    assert_eq!(e.app().document().unwrap().map().tiles(), map.tiles(), "the map stays");
}
