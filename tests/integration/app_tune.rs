//! *View ▸ Tune*, driven through the UI: a goal typed, parameters ticked, *Run* with progress,
//! the leaderboard, *Apply* as one undo step, *Compare*, *Save as preset…*, the variety map and
//! loading a cell's parameters, and *Cancel*.

use crate::editor::editor;
use delve::analysis::Stat;
use delve::analysis::tune::FRESH_SEEDS;
use delve::app::DialogPurpose;
use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

/// Ticks parameter `label` in the Tune window (the panel has a slider of the same name).
fn tick(e: &mut crate::editor::Editor, label: &str) {
    e.harness.get_by_role_and_label(Role::CheckBox, label).click();
    e.settle();
}

/// Narrows ticked parameter `key`'s range (the drag values have no words to find them by).
fn narrow(e: &mut crate::editor::Editor, key: &str, lo: f64, hi: f64) {
    let t = e.harness.state_mut().tune_mut();
    let tick = t.ticks.iter_mut().find(|t| t.key == key).unwrap();
    assert!(tick.on, "{key} is ticked");
    (tick.lo, tick.hi) = (lo, hi);
}

#[test]
fn tune_finds_parameters_for_a_goal_and_applies_them_in_one_undo_step() {
    let mut e = editor();
    e.menu("View", "Tune");
    assert!(e.app().tune().open);
    let before = e.app().params().clone();
    // Nothing ticked: Run says what is missing.
    e.harness.get_by_label("Goal").click();
    e.settle();
    e.harness.get_by_label("Goal").type_text("rooms >= 20");
    e.settle();
    e.harness.get_by_label("Run").click();
    e.settle();
    assert!(e.app().tune().error.as_deref().is_some_and(|m| m.contains("Tick at least one")));
    tick(&mut e, "Room attempts");
    tick(&mut e, "Map width");
    narrow(&mut e, "max_rooms", 10.0, 120.0);
    narrow(&mut e, "width", 60.0, 160.0);
    e.harness.state_mut().tune_mut().budget = 20_000;
    e.harness.get_by_label("Run").click();
    e.settle();
    let t = e.app().tune();
    assert!(!t.is_busy() && t.error.is_none(), "{:?}", t.error);
    let outcome = t.outcome.clone().expect("a finished search");
    assert!(outcome.met(), "{:?}", outcome.shortfall());
    let group = |v: u64| delve::app::explore::group_thousands(v);
    let needle = format!("seeds {} to {}", group(FRESH_SEEDS.start), group(FRESH_SEEDS.end - 1));
    assert!(e.harness.query_by_label_contains(&needle).is_some(), "the window says which seeds measured it");
    assert!(
        e.harness.query_all_by_label_contains("(was 30)").next().is_some()
            || e.harness.query_all_by_label_contains("(was 80)").next().is_some(),
        "the leaderboard says what moved"
    );
    // Apply: the parameters change in one undo step, and the map is regenerated with them.
    e.harness.get_all_by_label("Apply").next().unwrap().click();
    e.settle();
    assert_eq!(e.app().params(), &outcome.proposals[0].params);
    assert_eq!(e.map().provenance.params.as_ref(), Some(&outcome.proposals[0].params));
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.app().params(), &before, "one undo brings the parameters back");
    // Compare: Explore's A/B, the proposal's run drawn over the current parameters'.
    e.harness.get_all_by_role_and_label(Role::Button, "Compare").next().unwrap().click();
    e.settle();
    let explore = e.app().explore();
    assert!(explore.open);
    assert!(explore.run_of(&before, None).is_some() && explore.run_of(&outcome.proposals[0].params, None).is_some());
    assert!(e.harness.query_by_label("Compared with tuned #1").is_some());
    assert!(e.harness.query_all_by_label_contains("(tuned #1 ").next().is_some(), "the parameters that differ");
    e.harness.get_by_label("Stop comparing").click();
    e.settle();
    assert!(e.app().explore().against.is_none());
    e.harness.state_mut().push(delve::app::Command::Window(delve::app::WindowCommand::ShowExplore(false)));
    e.settle();
    // Save as preset…: the proposal, with what it was tuned for.
    let path = e.dir.path().join("tuned.ron");
    e.dialogs.pick(&path);
    e.harness.get_all_by_label("Save as preset…").next().unwrap().click();
    e.settle();
    assert_eq!(e.dialogs.requests().last().map(|r| r.purpose), Some(DialogPurpose::SaveTunedPreset));
    let saved = delve::io::load_preset(&path).unwrap();
    assert_eq!(saved.generator, outcome.proposals[0].params);
    assert!(saved.notes.unwrap().contains("rooms >= 20 in 90% of seeds"));
}

#[test]
fn the_variety_map_fills_cells_and_a_click_loads_their_parameters() {
    let mut e = editor();
    e.menu("View", "Tune");
    e.harness.get_by_label("Variety map").click();
    e.settle();
    tick(&mut e, "Room attempts");
    tick(&mut e, "Map width");
    narrow(&mut e, "max_rooms", 5.0, 120.0);
    narrow(&mut e, "width", 40.0, 160.0);
    e.harness.state_mut().tune_mut().budget = 20_000;
    e.harness.get_by_label("Run").click();
    e.settle();
    let grid = e.app().tune().variety.clone().expect("a filled grid");
    assert_eq!((grid.x, grid.y), (Stat::Rooms, Stat::LongestPath));
    assert!(grid.filled() >= 8, "{} cells", grid.filled());
    assert!(e.harness.query_by_label_contains("cells filled").is_some());
    // A cell's picture is a button named by its figures; clicking it loads its parameters.
    let elite = grid.cells.iter().flatten().next().unwrap().clone();
    let name = format!("{} {:.1}, {} {:.1}", grid.x.label(), elite.x, grid.y.label(), elite.y);
    let cell = e.harness.get_by_label(&name);
    cell.scroll_to_me();
    e.settle();
    e.harness.get_by_label(&name).click();
    e.settle();
    assert_eq!(e.app().params(), &elite.params);
}

#[test]
fn cancel_stops_a_search_and_the_window_keeps_working() {
    let mut e = editor();
    e.menu("View", "Tune");
    e.harness.get_by_label("Goal").click();
    e.settle();
    e.harness.get_by_label("Goal").type_text("rooms >= 500");
    tick(&mut e, "Room attempts");
    e.harness.state_mut().tune_mut().budget = 50_000_000;
    e.harness.get_by_label("Run").click();
    for _ in 0..5 {
        e.harness.step();
    }
    assert!(e.app().tune().is_busy());
    e.harness.get_by_label("Cancel").click();
    e.settle();
    assert!(!e.app().tune().is_busy());
    assert!(e.app().tune().outcome.is_none());
}
