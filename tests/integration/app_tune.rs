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

/// The editor with a finished search for `rooms >= 20`, moving room attempts and map width.
fn tuned() -> (crate::editor::Editor, std::sync::Arc<delve::analysis::tune::Outcome>) {
    let mut e = editor();
    e.menu("View", "Tune");
    e.harness.get_by_label("Goal").click();
    e.settle();
    e.harness.get_by_label("Goal").type_text("rooms >= 20");
    e.settle();
    tick(&mut e, "Room attempts");
    tick(&mut e, "Map width");
    narrow(&mut e, "max_rooms", 10.0, 120.0);
    narrow(&mut e, "width", 60.0, 160.0);
    e.harness.state_mut().tune_mut().budget = 20_000;
    e.harness.get_by_label("Run").click();
    e.settle();
    let outcome = e.app().tune().outcome.clone().expect("a finished search");
    assert!(outcome.proposals.len() >= 2, "{} proposals", outcome.proposals.len());
    (e, outcome)
}

/// *Save as preset…* on a proposal not applied writes the file and changes nothing else: the
/// session keeps its preset, its parameters and what *Revert* goes back to. Before, the
/// session was re-pointed at the new file: the picker said "tuned (modified)" over the old
/// parameters, and *Revert* loaded the proposal.
#[test]
fn save_as_preset_writes_a_file_and_changes_nothing_else() {
    let (mut e, outcome) = tuned();
    let (preset, params, saved) =
        (e.app().preset().cloned(), e.app().params().clone(), e.app().session().saved_params().cloned());
    let path = e.dir.path().join("tuned.ron");
    e.dialogs.pick(&path);
    e.harness.get_all_by_label("Save as preset…").next().unwrap().click();
    e.settle();
    assert_eq!(delve::io::load_preset(&path).unwrap().generator, outcome.proposals[0].params);
    assert_eq!(e.app().preset().cloned(), preset, "the session's preset is its own");
    assert_eq!(e.app().params(), &params);
    assert_eq!(e.app().session().saved_params().cloned(), saved);
    assert!(!e.app().session().params_differ(), "nothing to revert");
    assert!(e.harness.query_all_by_label_contains("(modified)").next().is_none(), "the picker says no change");
}

/// *Compare* on the proposal just applied compares it with the parameters it replaced, and
/// says so (before, it compared the proposal with itself, silently); on a proposal not applied,
/// with the current parameters. After an undo, Explore never shows another run's numbers as
/// the current parameters': with no run of them, it shows none (before, the compared
/// proposal's numbers stood under "as tuned now", with a spinner that never ended).
#[test]
fn compare_is_against_what_a_proposal_replaces_and_an_undo_leaves_no_stale_numbers() {
    use delve::app::explore::ExploreModel;
    let (mut e, outcome) = tuned();
    let before = e.app().params().clone();
    let (one, two) = (outcome.proposals[0].params.clone(), outcome.proposals[1].params.clone());
    e.harness.state_mut().explore_mut().count = 400;
    e.harness.get_all_by_label("Apply").next().unwrap().click();
    e.settle();
    assert_eq!(e.app().params(), &one);
    // Compare #1, applied: drawn over the parameters it replaced, labelled so.
    e.harness.get_all_by_role_and_label(Role::Button, "Compare").next().unwrap().click();
    e.settle();
    assert_eq!(e.app().explore().against, Some((before.clone(), "before tuned #1".to_string())));
    assert!(e.harness.query_by_label("Compared with before tuned #1").is_some());
    assert!(e.app().explore().run_of(&before, None).is_some() && e.app().explore().run_of(&one, None).is_some());
    // Compare #2, not applied: drawn over the current parameters (#1's).
    e.harness.get_all_by_role_and_label(Role::Button, "Compare").nth(1).unwrap().click();
    e.settle();
    assert_eq!(e.app().explore().against, Some((two.clone(), "tuned #2".to_string())));
    // Undo the Apply, then change a parameter: these parameters have no run, and Explore shows
    // no numbers (not #2's, not #1's).
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.app().params(), &before);
    e.harness.state_mut().push(delve::app::Command::Params(delve::app::ParamsCommand::SetParam(
        "max_rooms",
        delve::params::ParamValue::Int(31),
    )));
    e.settle();
    let shown = e.app().explore().shown(&ExploreModel::of(e.app().session(), Ok(None)));
    assert!(shown.is_empty(), "{shown:?}");
    assert!(e.harness.query_by_label_contains("No run of these parameters yet").is_some());
    assert!(e.harness.query_all_by_label_contains("maps (seeds").next().is_none(), "no run's summary");
    // Back to the parameters before tuning: their run (made for the comparison) is theirs.
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.app().params(), &before);
    let shown = e.app().explore().shown(&ExploreModel::of(e.app().session(), Ok(None)));
    assert_eq!(shown.first(), Some(&delve::analysis::run_key(&before, None)));
}

/// *Filter Explore by this goal* puts the goal's conditions in Explore's filter and opens it.
#[test]
fn the_goal_goes_to_explores_filter() {
    let mut e = editor();
    e.menu("View", "Tune");
    e.harness.get_by_label("Goal").click();
    e.settle();
    e.harness.get_by_label("Goal").type_text("rooms >= 20 and longest path >= 90");
    e.settle();
    e.harness.get_by_label("Filter Explore by this goal").click();
    e.settle();
    let explore = e.app().explore();
    assert!(explore.open);
    assert_eq!(explore.conditions, "rooms >= 20 and longest path >= 90");
}

/// A parameter ticked in the window starts where a bare `--vary KEY` does on the command line:
/// half to twice its value, widened only when needed (before, the command line took the
/// whole allowed range). *Keep the look* is on until unticked, and the run asks for it.
#[test]
fn a_ticked_parameter_starts_where_a_bare_vary_key_does() {
    use delve::analysis::tune::{Span, Vary};
    let mut e = editor();
    e.menu("View", "Tune");
    for t in &mut e.harness.state_mut().tune_mut().ticks {
        t.on = true;
    }
    e.settle();
    let params = e.app().params().clone();
    let mut compared = 0;
    for t in &e.app().tune().ticks {
        let vary = Vary::parse_list(&params, t.key).unwrap()[0];
        let (lo, hi) = match vary.span {
            Span::Int { lo, hi } | Span::Range { lo, hi } => (lo as f64, hi as f64),
            Span::Float { lo, hi } => (lo, hi),
            Span::Choice(_) | Span::Bool => continue,
        };
        assert_eq!((t.lo, t.hi), (lo, hi), "{}", t.key);
        compared += 1;
    }
    assert!(compared >= 6, "{compared} ranged parameters");
    let width = e.app().tune().ticks.iter().find(|t| t.key == "width").unwrap().clone();
    assert_eq!((width.lo, width.hi), (40.0, 160.0), "half to twice 80");
    assert!(e.app().tune().keep_look && e.app().tune().request().unwrap().keep_look);
    e.harness.get_by_label("Keep the look").click();
    e.settle();
    assert!(!e.app().tune().request().unwrap().keep_look);
}
