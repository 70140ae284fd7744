//! Play mode, driven through the real editor (egui_kittest): P starts it on the spawn, the keys
//! walk, play is not an edit (the document, its history and its title untouched, the view back
//! as it was after Esc), a bot explores until all it reaches is seen, a map no one can start on
//! says why, and on a dungeon the stairs lead to the next floor with play going on there.

use crate::editor::{Editor, editor_on, editor_with};
use delve::app::{Command, ViewCommand};
use delve::dungeon::STAIRS_DOWN;
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::{Map, Tile};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use std::collections::{BTreeMap, VecDeque};

fn quest() -> Map {
    generate(&crate::common::shipped("grown-quest"), 5).unwrap().map
}

fn playing_at(e: &Editor) -> Pos {
    e.app().playing().expect("playing").play.at()
}

/// The steps from the player to `goal` stepping eight ways over walkable tiles: this test's own
/// search.
fn steps_to(m: &Map, from: Pos, goal: Pos) -> Vec<(i32, i32)> {
    let mut came: BTreeMap<(i32, i32), (i32, i32)> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    came.insert((from.x, from.y), (from.x, from.y));
    while let Some(p) = queue.pop_front() {
        if p == goal {
            break;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let q = p.offset(dx, dy);
                if m.walkable(q) && !came.contains_key(&(q.x, q.y)) {
                    came.insert((q.x, q.y), (p.x, p.y));
                    queue.push_back(q);
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut at = (goal.x, goal.y);
    while at != (from.x, from.y) {
        let prev = came[&at];
        out.push((at.0 - prev.0, at.1 - prev.1));
        at = prev;
    }
    out.reverse();
    out
}

#[test]
fn play_walks_the_map_and_changes_nothing() {
    let map = quest();
    let mut e = editor_on(&map);
    let (revision, history, title) =
        (e.app().document().unwrap().revision(), e.history_len(), e.app().title().to_string());
    let camera = e.app().view().transform;
    e.key(Modifiers::NONE, Key::P);
    assert_eq!(playing_at(&e), map.spawn, "the player appears on the spawn");
    // A step the map allows, by the test's own reading of the tiles.
    let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .find(|&(dx, dy)| map.walkable(map.spawn.offset(dx, dy)))
        .unwrap();
    let key = match (dx, dy) {
        (1, 0) => Key::L,
        (-1, 0) => Key::H,
        (0, 1) => Key::ArrowDown,
        _ => Key::Num8,
    };
    e.key(Modifiers::NONE, key);
    assert_eq!(playing_at(&e), map.spawn.offset(dx, dy));
    assert_eq!(e.app().playing().unwrap().play.steps(), 1);
    e.harness.get_by_label_contains("Play: 1 step");
    // Into rock: blocked, and said so.
    let rock = (-1..=1)
        .flat_map(|y| (-1..=1).map(move |x| (x, y)))
        .find(|&(x, y)| map.tile(playing_at(&e).offset(x, y)) == Some(Tile::Wall));
    if let Some((x, y)) = rock {
        e.harness.state_mut().push(Command::View(ViewCommand::PlayStep(x, y)));
        e.settle();
        e.harness.get_by_label_contains("Blocked: rock");
    }
    // Nothing changed: the document, its history, its title; Esc brings the view back.
    let doc = e.app().document().unwrap();
    assert_eq!((doc.revision(), e.history_len()), (revision, history));
    assert_eq!(doc.map(), &map);
    assert_eq!(e.app().title(), title);
    e.key(Modifiers::NONE, Key::Escape);
    assert!(e.app().playing().is_none());
    assert_eq!(e.app().view().transform, camera);
}

#[test]
fn auto_explore_runs_until_all_it_reaches_is_seen() {
    let mut e = editor_on(&quest());
    e.key(Modifiers::NONE, Key::P);
    let mut prefs = e.app().prefs().play;
    prefs.speed = 500.0;
    e.harness.state_mut().push(Command::View(ViewCommand::SetPlay(prefs)));
    e.settle();
    e.harness.get_by_label("Auto-explore").click();
    for _ in 0..2000 {
        e.harness.step();
        if e.app().playing().unwrap().bot.is_none() {
            break;
        }
    }
    e.settle();
    e.harness.get_by_label_contains("Auto-explore: all it can reach is seen");
    // All it saw is what core auto-explore sees on the same map, run here to the end.
    let m = std::sync::Arc::new(e.map().clone());
    let mut alone = delve::play::Play::new(m, e.app().prefs().play.settings()).unwrap();
    while alone.explore_step().is_some() {}
    assert_eq!(e.app().playing().unwrap().play.share_seen(), alone.share_seen());
    assert_eq!(e.app().playing().unwrap().play.steps(), alone.steps());
}

#[test]
fn a_spawn_on_rock_says_why_play_does_not_start() {
    let mut map = quest();
    map.spawn = (0..map.width() as i32).map(|x| Pos::new(x, 0)).find(|p| map.tile(*p) == Some(Tile::Wall)).unwrap();
    let mut e = editor_on(&map);
    e.key(Modifiers::NONE, Key::P);
    assert!(e.app().playing().is_none());
    let m = e.app().message().expect("a message");
    assert_eq!(m.title, "Cannot play this map");
    assert!(m.detail.contains("is on rock: place the spawn on a floor tile"), "{}", m.detail);
}

#[test]
fn on_a_dungeon_the_stairs_lead_down_and_play_goes_on() {
    let dcss = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/delve-core/dungeons/dcss-shaped.ron");
    let mut e = editor_with(Some(dcss), None);
    let map = e.map().clone();
    assert!(map.spawn != map.markers.iter().find(|m| m.kind == STAIRS_DOWN).unwrap().at);
    let down = map.markers.iter().find(|m| m.kind == STAIRS_DOWN).unwrap().at;
    e.key(Modifiers::NONE, Key::P);
    for (dx, dy) in steps_to(&map, map.spawn, down) {
        e.harness.state_mut().push(Command::View(ViewCommand::PlayStep(dx, dy)));
        e.settle();
    }
    let d = e.app().dungeon().unwrap();
    assert_eq!(d.label(d.current.unwrap()), "D:2", "down the stairs");
    assert_eq!(playing_at(&e), down, "arrived on D:2's up-stair, the same tile");
    e.harness.get_by_label_contains("Took the stairs to D:2");
    assert_eq!(e.app().playing().unwrap().play.map().as_ref(), e.map());
}

#[test]
fn the_heat_map_shows_where_a_hundred_runs_went() {
    let map = quest();
    let mut e = editor_on(&map);
    e.key(Modifiers::NONE, Key::P);
    e.harness.get_by_label("Heat map").click();
    for _ in 0..200 {
        e.harness.step();
        if e.app().playing().unwrap().heat.is_some() {
            break;
        }
    }
    e.settle();
    let (heat, _) = e.app().playing().unwrap().heat.as_ref().expect("the heat map is made");
    assert_eq!(heat.runs, 100);
    let w = map.width() as usize;
    assert_eq!(heat.walked[map.spawn.y as usize * w + map.spawn.x as usize], 100);
    e.harness.get_by_label_contains("Heat map of 100 auto-explore runs");
    // Shown again: hidden.
    e.harness.get_by_label("Heat map").click();
    e.settle();
    assert!(e.app().playing().unwrap().heat.is_none());
}

#[test]
fn a_key_behind_its_own_door_plays_and_says_it_cannot_be_solved() {
    let mut map = quest();
    let door = map.doors.iter().find(|d| matches!(d.opening, delve::map::Opening::Locked(_))).unwrap().clone();
    let delve::map::Opening::Locked(key) = door.opening else { unreachable!() };
    // The key dropped by hand on a tile beyond its door: one the player cannot reach without
    // passing the door (this test's own flood, four ways, the door shut).
    let shut = door.outside();
    let mut reach = std::collections::BTreeSet::from([(map.spawn.x, map.spawn.y)]);
    let mut queue = VecDeque::from([map.spawn]);
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let q = p.offset(dx, dy);
            if q != shut && map.walkable(q) && reach.insert((q.x, q.y)) {
                queue.push_back(q);
            }
        }
    }
    let behind = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .map(|(dx, dy)| shut.offset(dx, dy))
        .find(|q| map.walkable(*q) && !reach.contains(&(q.x, q.y)))
        .expect("a tile beyond the lock");
    map.markers.iter_mut().find(|m| m.key == Some(key)).unwrap().at = behind;
    let mut e = editor_on(&map);
    e.key(Modifiers::NONE, Key::P);
    assert!(e.app().playing().is_some(), "it plays");
    // Above the map, and in the status bar's notice.
    let said = e.harness.query_all_by_label_contains("This map cannot be solved: not solvable: keys never reached");
    assert_eq!(said.count(), 2);
    // And the Problems panel lists it.
    e.harness.get_by_label_contains(&format!("key {key} at"));
}
