//! Regenerating around locks in the editor (egui_kittest): lock, regenerate, unlock.

use crate::editor::editor;
use delve::analysis::thumbnail;
use delve::app::Command;
use delve::app::seed_browser::THUMB_PX;
use delve::app::{EditCommand, ParamsCommand, WindowCommand};
use delve::edit::Op;
use delve::generate::{generate, generate_keeping};
use delve::geom::Pos;
use delve::map::Tile;
use delve::map::locks::Kept;
use egui_kittest::kittest::Queryable;
use std::sync::Arc;

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
        e.harness.state_mut().push(Command::Edit(EditCommand::Perform(op)));
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
    // The timeline replays the run around the locks, to the map on show.
    e.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    e.settle();
    let t = e.app().timeline();
    assert!(t.note().is_none(), "{:?}", t.note());
    assert!(t.len() > 2 && t.at() == t.len() && t.shown().is_none(), "at the end, the map on show");
    e.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    e.settle();
    // Undo brings the locked old map back.
    e.harness.state_mut().push(Command::Edit(EditCommand::Undo));
    e.settle();
    let back = e.app().document().unwrap().map();
    assert_eq!(back.tiles(), old.tiles());
    assert!(back.rooms[1].locked && back.rooms[4].locked);
    e.harness.state_mut().push(Command::Edit(EditCommand::Redo));
    e.settle();
    // Regenerate from provenance uses the locks the provenance recorded, even after the map's
    // own locks changed: the same map again.
    e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id: 1, locked: false })));
    e.settle();
    e.harness.state_mut().push(Command::Params(ParamsCommand::RegenerateFromProvenance));
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
        e.harness.state_mut().push(Command::Edit(EditCommand::Perform(op)));
        e.settle();
    }
    assert!(!e.app().document().unwrap().map().has_locks());
    let unlocked = e.app().document().unwrap().map().clone();
    e.harness.state_mut().push(Command::Params(ParamsCommand::Regenerate));
    e.settle();
    // Without locks, regenerating does not ask either: it is an undo step like any other.
    assert!(e.harness.query_by_label_contains("has changes that are not saved").is_none());
    assert_eq!(e.app().document().unwrap().map(), &generate(e.app().params(), e.app().seed()).unwrap().map);
    e.harness.state_mut().push(Command::Edit(EditCommand::Undo));
    e.settle();
    assert_eq!(e.app().document().unwrap().map(), &unlocked, "Undo brings the edited map back");
}

/// The editor with rooms `ids` of its map locked (one edit each).
fn editor_locking(ids: &[u32]) -> crate::editor::Editor {
    let mut e = editor();
    for &id in ids {
        e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id, locked: true })));
        e.settle();
    }
    e
}

/// A map made around locks and not edited since is regenerated around the same locks, not
/// around the corridors its own generation dug between locked rooms: going to the next seeds
/// and back gives back the map of the first one.
#[test]
fn going_back_to_a_seed_around_locks_gives_back_its_map() {
    let rooms = editor().app().document().unwrap().map().rooms.len() as u32;
    let ids: Vec<u32> = (0..rooms).filter(|id| id % 2 == 1).collect();
    let mut e = editor_locking(&ids);
    e.harness.get_by_label("›").click();
    e.settle();
    let first = e.app().document().unwrap().map().clone();
    let seed = first.provenance.seed;
    let params = first.provenance.params.clone().expect("generated");
    // Forward until a map whose own locks (with the corridors dug between its locked rooms)
    // would give another map at the first seed.
    let mut steps = 0;
    loop {
        e.harness.get_by_label("›").click();
        e.settle();
        steps += 1;
        let here = e.app().document().unwrap().map();
        let own = Arc::new(Kept::of(here).expect("locks keep"));
        let theirs = generate_keeping(&params, seed, &own).expect("generates").map;
        if theirs.tiles() != first.tiles() || theirs.corridors != first.corridors {
            break;
        }
        assert!(steps < 40, "no seed within 40 changes what its own locks give");
    }
    for _ in 0..steps {
        e.harness.get_by_label("‹").click();
        e.settle();
    }
    let back = e.app().document().unwrap().map();
    assert_eq!(back.provenance.seed, seed);
    // (Compared as one flag: a failure would print two whole maps.)
    let same = back.tiles() == first.tiles() && back.corridors == first.corridors && back.rooms == first.rooms;
    assert!(same, "not the first seed's map again ({steps} seeds on and back)");
    // Edited by hand, the map's own locks count: a locked room unlocked stays unlocked.
    e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id: ids[0], locked: false })));
    e.settle();
    e.harness.get_by_label("›").click();
    e.settle();
    let kept = e.app().document().unwrap().map().provenance.kept.clone().expect("around locks");
    assert_eq!(kept.rooms.len(), ids.len() - 1, "regenerated around the map's own locks");
}

/// With locks, the seed browser shows each seed's map around them, as Regenerate makes it:
/// picking a thumbnail gives exactly its map. Unlocked, it shows the plain maps again.
#[test]
fn seed_browser_shows_the_maps_around_the_locks() {
    let mut e = editor_locking(&[1, 3]);
    e.harness.state_mut().push(Command::Window(WindowCommand::ShowSeedBrowser(true)));
    e.settle();
    let params = e.app().params().clone();
    let kept = e.app().seed_browser().locks().cloned().expect("thumbnails around the locks");
    assert_eq!(kept.rooms.len(), 2);
    e.harness.get_by_label_contains("Around the map's 2 locked room(s)");
    let mut unlike_plain = 0;
    for s in 0..24 {
        let shown = e.app().seed_browser().thumbnail(&params, s).expect("rendered").clone();
        assert_eq!(shown, thumbnail(&params, s, Some(&kept), THUMB_PX).unwrap(), "seed {s}: the map around the locks");
        unlike_plain += usize::from(shown != thumbnail(&params, s, None, THUMB_PX).unwrap());
    }
    assert!(unlike_plain > 12, "only {unlike_plain} of 24 thumbnails differ from the plain maps");
    e.harness.get_by_label("Seed 5").click();
    e.settle();
    let map = e.app().document().unwrap().map().clone();
    let made = generate_keeping(&params, 5, &kept).unwrap().map;
    assert!(map.tiles() == made.tiles() && map.rooms == made.rooms, "seed 5 is the map its thumbnail showed");
    // The regenerated map was made around the browser's locks: the thumbnails stay.
    assert!(Arc::ptr_eq(e.app().seed_browser().locks().unwrap(), &kept));
    let locked: Vec<u32> = map.rooms.iter().filter(|r| r.locked).map(|r| r.id).collect();
    for id in locked {
        e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id, locked: false })));
        e.settle();
    }
    assert!(e.app().seed_browser().locks().is_none());
    assert!(e.harness.query_by_label_contains("Around the map's").is_none());
    let shown = e.app().seed_browser().thumbnail(&params, 2).expect("rendered again").clone();
    assert_eq!(shown, thumbnail(&params, 2, None, THUMB_PX).unwrap(), "the plain map without locks");
}

/// With locks, a compare pane shows its seed's map around them, as Regenerate makes it, and
/// says so.
#[test]
fn compare_panes_are_made_around_the_locks() {
    let mut e = editor_locking(&[1, 3]);
    let kept = Arc::new(Kept::of(e.app().document().unwrap().map()).unwrap());
    let params = e.app().params().clone();
    let shown = e.app().seed();
    for seed in [4, 9] {
        e.harness.state_mut().push(Command::Window(WindowCommand::CompareSeed(seed)));
        e.settle();
    }
    e.harness.state_mut().push(Command::Window(WindowCommand::ShowCompare(true)));
    e.settle();
    let c = e.app().compare();
    // Against the seed shown (pane A), which the first seed compared is not.
    assert!(![4, 9].contains(&shown));
    assert_eq!(c.panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![shown, 4, 9]);
    for p in &c.panes {
        let map = p.map.as_ref().expect("made");
        let made = generate_keeping(&params, p.seed, &kept).unwrap().map;
        assert!(map.tiles() == made.tiles() && map.rooms == made.rooms, "seed {}: the map around the locks", p.seed);
    }
    assert_eq!(e.harness.query_all_by_label("around 2 locked room(s)").count(), 3);
}

/// Locks that cannot be kept: the editor says which lock and keeps the map.
#[test]
fn impossible_locks_keep_the_map_and_say_why() {
    let mut e = editor();
    let map = e.app().document().unwrap().map().clone();
    // Floor of room 2 locked without the room.
    let p = map.rooms[2].shape.centre().unwrap();
    e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockTiles { cells: vec![p], locked: true })));
    e.settle();
    e.harness.state_mut().push(Command::Params(ParamsCommand::Regenerate));
    e.settle();
    let msg = e.app().message().expect("a message says why");
    assert!(msg.detail.contains("room 2, which is not locked"), "{}", msg.detail);
    assert_eq!(e.app().document().unwrap().map().tiles(), map.tiles(), "the map stays");
}

/// Caves keep locks over their finished map in the editor too: a locked cave stays exactly when
/// the next seed is shown, the rest is new, and the map is valid.
#[test]
fn a_locked_cave_stays_when_the_next_seed_is_shown() {
    use delve::app::PresetRef;
    let mut e = editor();
    e.harness.state_mut().push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("caves".into()))));
    e.settle();
    let old = e.app().document().unwrap().map().clone();
    let id = old.rooms.len() - 1;
    e.harness.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id: id as u32, locked: true })));
    e.settle();
    e.harness.get_by_label("›").click();
    e.settle();
    assert!(e.app().message().is_none(), "{:?}", e.app().message());
    let new = e.app().document().unwrap().map().clone();
    assert_eq!(e.app().seed_text(), "1");
    assert_ne!(new.tiles(), old.tiles(), "the rest was generated again");
    let room = new.rooms.iter().find(|r| r.shape == old.rooms[id].shape).expect("the locked cave is kept");
    assert!(room.locked);
    assert_eq!(new.validate(), []);
}
