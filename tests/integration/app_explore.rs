//! The Explore window, driven through the real UI with egui_kittest: a run over many seeds, its
//! histograms, picking a range, the matching seeds in the seed browser, A/B against the saved
//! preset, cancel.

use delve::analysis::Stat;
use delve::analysis::explore::{Condition, Op, matches};
use delve::analysis::sweep::Figures;
use delve::app::{Command, DelveApp};
use delve::app::{EditCommand, ParamsCommand, WindowCommand};
use delve::params::ParamValue;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor::harness_in as editor;

/// The editor with the Explore window open, set to run `count` seeds.
fn explore(dir: &tempfile::TempDir, count: u64) -> Harness<'static, DelveApp> {
    let mut h = editor(dir);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::E);
    crate::common::settle(&mut h);
    assert!(h.state().explore().open, "Ctrl+Shift+E opens the Explore window");
    h.state_mut().explore_mut().count = count;
    h.step();
    h
}

/// [`explore`] with the editor's scripted file dialogs, for the tests that save a run.
fn explore_saving(
    dir: &tempfile::TempDir,
    count: u64,
) -> (Harness<'static, DelveApp>, std::sync::Arc<delve::app::ScriptedDialogs>) {
    let (mut h, dialogs) = crate::editor::harness(dir.path(), None, None);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::E);
    crate::common::settle(&mut h);
    h.state_mut().explore_mut().count = count;
    (h, dialogs)
}

/// The run saved with *Save run as CSV…*, and what `delve sweep godot-part3 ARGS` writes, each
/// line without its last cell (the time the map took).
fn saved_and_swept(
    h: &mut Harness<'static, DelveApp>,
    dialogs: &delve::app::ScriptedDialogs,
    dir: &tempfile::TempDir,
    args: &[&str],
) -> (Vec<String>, Vec<String>) {
    let path = dir.path().join("run.csv");
    dialogs.answer(delve::app::DialogOutcome::Picked(path.clone()));
    h.get_by_label("Save run as CSV…").click();
    crate::common::settle(h);
    let saved = std::fs::read_to_string(&path).expect("the run is saved");
    let cli = dir.path().join("cli.csv");
    let mut all = vec!["sweep", "godot-part3"];
    all.extend_from_slice(args);
    all.extend(["--csv", cli.to_str().unwrap()]);
    let o = crate::common::delve(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let cli = std::fs::read_to_string(&cli).unwrap();
    let without_time = |text: &str| -> Vec<String> {
        text.lines().map(|l| l.rsplit_once(',').map_or(l, |(rest, _micros)| rest).to_string()).collect()
    };
    (without_time(&saved), without_time(&cli))
}

fn run(h: &mut Harness<'static, DelveApp>) {
    h.get_by_label("Run").click();
    crate::common::settle(h);
}

/// Replaces the text of the field labelled `label` with `text`, as typed, and presses Enter.
fn type_into(h: &mut Harness<'static, DelveApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    crate::common::settle(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(label).type_text(text);
    h.key_press(egui::Key::Enter);
    crate::common::settle(h);
}

/// Picks `option` in the combo box labelled `combo` (the popup's option is a button; the same
/// words elsewhere are labels).
fn pick(h: &mut Harness<'static, DelveApp>, combo: &str, option: &str) {
    h.get_by_label(combo).click();
    crate::common::settle(h);
    h.get_by_role_and_label(egui::accesskit::Role::Button, option).click();
    crate::common::settle(h);
}

/// Sets the seed browser's filter through its controls: "Only with" `stat` "at least" `min`.
fn filter_seeds(h: &mut Harness<'static, DelveApp>, stat: Stat, min: f64) {
    if !h.state().seed_browser().filter_on {
        h.get_by_label("Only with").click();
        crate::common::settle(h);
    }
    pick(h, "Filter figure", stat.label());
    type_into(h, "at least", &min.to_string());
    let b = h.state().seed_browser();
    assert!(
        b.filter_on && b.filter_stat == stat && b.filter_min == min,
        "the controls set the filter: {} {:?} {}",
        b.filter_on,
        b.filter_stat,
        b.filter_min
    );
}

#[test]
fn a_run_shows_histograms_and_a_dragged_range_opens_its_seeds_in_the_browser() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 400);
    assert!(h.query_by_label("Histogram of rooms").is_none(), "no histogram before a run");
    run(&mut h);
    let params = h.state().params().clone();
    let run = h.state().explore().run_of(&params, None).expect("the run is kept").clone();
    assert_eq!(run.rows.len(), 400);
    assert_eq!(run.rows.iter().map(|r| r.seed).collect::<Vec<_>>(), (0..400).collect::<Vec<_>>());
    // The rows are the maps' own figures.
    let one = delve::analysis::sweep::SweepRow::of(&params, 17, None, Figures::OfTheMap).unwrap();
    assert_eq!(run.rows[17], delve::analysis::sweep::SweepRow { micros: run.rows[17].micros, ..one });
    // A histogram per figure, counting every map.
    for stat in Figures::OfTheMap.stats() {
        assert!(h.query_by_label(&format!("Histogram of {}", stat.label())).is_some(), "{stat:?}");
        let hist = &h.state().explore().charts().unwrap().of_stat(stat)[0];
        assert_eq!(hist.counts.iter().sum::<u64>(), 400, "{stat:?}");
    }
    assert!(h.query_by_label("p95").is_some(), "the percentiles table");
    assert!(h.query_by_label_contains("400 maps (seeds 0 to 399)").is_some());

    // Drag over the right half of the rooms histogram: a range of rooms is picked.
    let rect = h.get_by_label("Histogram of rooms").rect();
    let y = rect.center().y;
    h.drag_at(egui::pos2(rect.left() + rect.width() * 0.55, y));
    h.step();
    h.hover_at(egui::pos2(rect.left() + rect.width() * 0.75, y));
    h.step();
    h.drop_at(egui::pos2(rect.right() - 2.0, y));
    h.step();
    h.step();
    let conditions = h.state().explore().parsed_conditions().unwrap();
    assert_eq!(conditions.len(), 2, "{:?}", h.state().explore().conditions);
    assert!(conditions.iter().all(|c| c.stat == Stat::Rooms));
    assert!(h.state().explore().conditions.starts_with("rooms >= "), "{}", h.state().explore().conditions);
    let expected: Vec<u64> = run.rows.iter().filter(|r| matches(&conditions, r)).map(|r| r.seed).collect();
    assert!(!expected.is_empty() && expected.len() < 400, "{} seeds picked", expected.len());
    assert!(h.query_by_label(&format!("{} of 400 match", expected.len())).is_some());

    // The matching seeds, across the whole run, in the seed browser.
    h.get_by_label("Show in seed browser").click();
    crate::common::settle(&mut h);
    let browser = h.state().seed_browser();
    assert!(browser.open);
    assert_eq!(browser.explored().expect("explored seeds shown").matching(), expected.as_slice());
    assert!(h.query_by_label_contains(&format!("Explored: {} of 400 match", expected.len())).is_some());
    let first = expected[0];
    assert!(h.state().seed_browser().thumbnail(&params, first).is_some(), "thumbnail rendered");
    h.get_by_label(&format!("Seed {first}")).click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().document().unwrap().map().provenance.seed, first);

    // The browser's own filter narrows the explored seeds, across the run.
    let floor = (run.rows.iter().map(|r| r.get(Stat::LongestPath)).sum::<f64>() / 400.0).round();
    filter_seeds(&mut h, Stat::LongestPath, floor);
    let mut narrowed = conditions.clone();
    narrowed.push(Condition { stat: Stat::LongestPath, op: Op::AtLeast, value: floor });
    let expected: Vec<u64> = run.rows.iter().filter(|r| matches(&narrowed, r)).map(|r| r.seed).collect();
    assert_eq!(h.state().seed_browser().explored().unwrap().matching(), expected.as_slice());
    h.get_by_label("Back to pages").click();
    crate::common::settle(&mut h);
    assert!(h.state().seed_browser().explored().is_none());
}

#[test]
fn typed_conditions_pick_seeds_and_bad_ones_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 200);
    run(&mut h);
    let field = h.get_by_label("Conditions");
    field.click();
    field.type_text("rooms >= 1000");
    crate::common::settle(&mut h);
    assert!(h.query_by_label("0 of 200 match").is_some());
    type_into(&mut h, "Conditions", "roms >= 3");
    assert_eq!(h.state().explore().conditions, "roms >= 3", "the field is the conditions");
    assert!(h.query_by_label_contains("\"roms\" is not a figure").is_some());
    type_into(&mut h, "Conditions", "rooms >= 5 and floor % >= 10");
    let run = h.state().explore().run_of(h.state().params(), None).unwrap().clone();
    let c = h.state().explore().parsed_conditions().unwrap();
    let n = run.rows.iter().filter(|r| matches(&c, r)).count();
    assert!(h.query_by_label(&format!("{n} of 200 match")).is_some());
}

#[test]
fn tuned_parameters_are_drawn_over_the_preset_as_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 300);
    run(&mut h);
    let before = h.state().params().clone();
    // Tune: more room attempts.
    h.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(45))));
    crate::common::settle(&mut h);
    assert!(h.state().explore().charts().is_none(), "no run of the tuned parameters yet");
    assert!(h.query_by_label_contains("No run of these parameters yet").is_some());
    h.get_by_label("Compare with the preset as saved").click();
    crate::common::settle(&mut h);
    run(&mut h);
    let e = h.state().explore();
    let tuned = e.run_of(h.state().params(), None).expect("the tuned run").clone();
    let saved = e.run_of(&before, None).expect("the saved run is kept").clone();
    assert_eq!((tuned.rows.len(), saved.rows.len()), (300, 300));
    let rooms = e.charts().unwrap().of_stat(Stat::Rooms);
    assert_eq!(rooms.len(), 2, "both runs drawn");
    assert_eq!((rooms[0].start, rooms[0].width), (rooms[1].start, rooms[1].width), "with the same bins");
    assert!(tuned.summary.spread(Stat::Rooms).unwrap().mean > saved.summary.spread(Stat::Rooms).unwrap().mean);
    assert!(h.query_by_label_contains("differ in Room attempts (saved 30, now 45)").is_some());
    // Back to the preset's parameters: its kept run is shown again, without running it.
    h.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(30))));
    crate::common::settle(&mut h);
    let e = h.state().explore();
    assert_eq!(e.charts().unwrap().of_stat(Stat::Rooms).len(), 1);
    assert!(h.query_by_label_contains("300 maps (seeds 0 to 299)").is_some());
}

#[test]
fn a_long_run_can_be_cancelled_and_the_window_keeps_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 1_000_000);
    h.get_by_label("Run").click();
    for _ in 0..5 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(h.state().explore().is_busy());
    assert!(h.query_by_label_contains("of 1,000,000 maps").is_some(), "progress is shown");
    h.get_by_label("Cancel").click();
    crate::common::settle(&mut h);
    assert!(!h.state().explore().is_busy());
    assert!(h.state().explore().run_of(h.state().params(), None).is_none());
    assert!(h.query_by_label("Run").is_some());
}

#[test]
fn the_seed_browser_filters_and_sorts_every_explored_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 500);
    run(&mut h);
    h.state_mut().push(Command::Window(WindowCommand::ShowSeedBrowser(true)));
    crate::common::settle(&mut h);
    h.get_by_label("Explored seeds (500)").click();
    crate::common::settle(&mut h);
    assert!(h.query_by_label_contains("Explored: 500 of 500 match").is_some());
    filter_seeds(&mut h, Stat::Rooms, 19.0);
    pick(&mut h, "Sort by", Stat::LongestPath.label());
    h.get_by_label("largest first").click();
    crate::common::settle(&mut h);
    let b = h.state().seed_browser();
    assert!(
        b.view.sort == Stat::LongestPath && b.view.descending,
        "the order: {:?} {}",
        b.view.sort,
        b.view.descending
    );
    let run = h.state().explore().run_of(h.state().params(), None).unwrap().clone();
    let mut expected: Vec<(f64, u64)> =
        run.rows.iter().filter(|r| r.get(Stat::Rooms) >= 19.0).map(|r| (r.get(Stat::LongestPath), r.seed)).collect();
    expected.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    let expected: Vec<u64> = expected.into_iter().map(|(_, s)| s).collect();
    assert!(expected.len() > 24, "more than a page: {}", expected.len());
    let b = h.state().seed_browser();
    assert_eq!(b.explored().unwrap().matching(), expected.as_slice());
    assert_eq!(b.seeds(), expected[..24], "the first page, across the whole run");
    assert!(h.query_by_label_contains(&format!("Explored: {} of 500 match", expected.len())).is_some());
    // The page after, from the whole run's order.
    h.get_by_label("Page >").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().seed_browser().seeds(), expected[24..expected.len().min(48)]);
}

/// With locks, a run measures the maps Regenerate makes around them (the window says so), and
/// its seeds open in the seed browser with thumbnails around the same locks.
#[test]
fn a_run_around_locks_measures_the_maps_around_them() {
    use delve::edit::Op;
    use delve::map::locks::Kept;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 100);
    for id in [1, 3] {
        h.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id, locked: true })));
        crate::common::settle(&mut h);
    }
    assert!(h.query_by_label_contains("Around the map's 2 locked room(s)").is_some());
    run(&mut h);
    let params = h.state().params().clone();
    let kept = std::sync::Arc::new(Kept::of(h.state().document().unwrap().map()).unwrap());
    assert!(h.state().explore().run_of(&params, None).is_none(), "no run without the locks");
    let run = h.state().explore().run_of(&params, Some(&kept)).expect("the run around the locks").clone();
    assert_eq!(run.rows.len(), 100);
    let mut unlike_plain = 0;
    for seed in [0, 17, 99] {
        let around = delve::analysis::sweep::SweepRow::of(&params, seed, Some(&kept), Figures::OfTheMap).unwrap();
        let row = run.rows[seed as usize];
        assert_eq!(row, delve::analysis::sweep::SweepRow { micros: row.micros, ..around }, "seed {seed}");
        let plain = delve::analysis::sweep::SweepRow::of(&params, seed, None, Figures::OfTheMap).unwrap();
        unlike_plain += usize::from(plain != delve::analysis::sweep::SweepRow { micros: plain.micros, ..around });
    }
    assert!(unlike_plain > 0, "the rows are not the plain maps'");
    // Its seeds in the browser: the explored list, with thumbnails around the locks.
    h.state_mut().push(Command::Window(WindowCommand::BrowseExplored));
    crate::common::settle(&mut h);
    let b = h.state().seed_browser();
    assert_eq!(b.explored().expect("browsing the run").total(), 100);
    let first = b.explored().unwrap().matching()[0];
    let shown = b.thumbnail(&params, first).expect("rendered").clone();
    assert_eq!(shown, delve::analysis::thumbnail(&params, first, Some(&kept), 160).unwrap());
}

/// *Save run as CSV…* writes what `delve sweep` writes for the same seeds (all but the time each
/// map took).
#[test]
fn a_run_saved_as_csv_is_what_delve_sweep_writes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, dialogs) = explore_saving(&dir, 300);
    run(&mut h);
    let (saved, cli) = saved_and_swept(&mut h, &dialogs, &dir, &["--seeds", "0..300"]);
    assert_eq!(saved.first(), cli.first(), "the same header");
    assert_eq!(saved.len(), 301);
    assert_eq!(saved, cli);
}

/// Explore you can read: numbers under every histogram, the count and range of the bar under
/// the pointer, the seeds the conditions pick drawn in every histogram, and a bad condition's
/// message wrapped inside the window.
#[test]
fn histograms_show_numbers_counts_and_the_picked_seeds() {
    use crate::screen::Painted;
    use delve::app::explore::PICKED_COLOUR;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explore(&dir, 400);
    run(&mut h);
    let rect_of =
        |h: &Harness<'static, DelveApp>, stat: Stat| h.get_by_label(&format!("Histogram of {}", stat.label())).rect();
    // Numbers under each histogram (those scrolled into view): at least two on the x axis.
    let painted = Painted::of(&h.output().shapes);
    let numbers: Vec<egui::Pos2> = (0..=1000).flat_map(|n| painted.text(&n.to_string())).collect();
    let mut seen = 0;
    for stat in Figures::OfTheMap.stats() {
        let r = rect_of(&h, stat);
        if r.bottom() > 700.0 {
            continue; // below the fold of the window
        }
        seen += 1;
        let under = numbers.iter().filter(|p| p.y > r.bottom() - 20.0 && p.y < r.bottom() + 4.0);
        let under: Vec<_> = under.filter(|p| p.x > r.left() + 20.0 && p.x < r.right()).collect();
        assert!(!under.is_empty(), "no numbers under the histogram of {}", stat.label());
    }
    assert!(seen >= 6, "{seen} histograms in view");

    // The bar under the pointer: its values and its count.
    let r = rect_of(&h, Stat::Rooms);
    h.hover_at(r.center());
    // Tooltips wait for the pointer to rest (half a second of frames).
    for _ in 0..60 {
        h.step();
    }
    // The tooltip is painted (it has no accessibility node): "rooms = 17\n89 maps (22.2%)".
    let tip = h.output().shapes.iter().find_map(|s| match &s.shape {
        egui::Shape::Text(t) if t.galley.text().contains(" maps (") && t.galley.text().starts_with("rooms") => {
            Some(t.galley.text().to_string())
        }
        _ => None,
    });
    let tip = tip.expect("a tooltip with the bar's rooms and count");
    let run = h.state().explore().run_of(h.state().params(), None).unwrap().clone();
    let value: f64 = tip["rooms = ".len()..tip.find('\n').unwrap()].parse().unwrap();
    let n = run.rows.iter().filter(|r| r.get(Stat::Rooms) == value).count();
    assert!(tip.contains(&format!("\n{n} maps (")), "{tip} (counted {n})");

    // Conditions: their seeds are drawn, in their own colour, inside every histogram in view.
    type_into(&mut h, "Conditions", "rooms >= 17");
    let painted = Painted::of(&h.output().shapes);
    let picked = painted.filled(PICKED_COLOUR);
    assert!(!picked.is_empty());
    for stat in [Stat::Rooms, Stat::Doors, Stat::LongestPath] {
        let r = rect_of(&h, stat);
        assert!(picked.iter().any(|b| r.contains(b.center())), "no picked seeds drawn in {}", stat.label());
    }

    // A long bad condition: the message wraps inside the window.
    let bad = format!("{} >= 3", "nofigure".repeat(40));
    type_into(&mut h, "Conditions", &bad);
    let message = h.get_by_label_contains("is not a figure").rect();
    assert!(message.right() <= 1280.0, "the message runs off the screen: {message:?}");
    assert!(message.height() > 20.0, "wrapped over lines: {message:?}");
}

/// *Figures from play*: a run measures the steps to see the exit and the share seen on the way
/// (as the library's player walks each map), draws their histograms and percentiles, and takes
/// conditions on them; a run without them says a condition on them needs them, and its CSV is
/// `delve sweep --play`'s.
#[test]
fn figures_from_play_are_measured_when_ticked() {
    use delve::analysis::sweep::{PLAY_SETTINGS, SweepRow};
    let dir = tempfile::tempdir().unwrap();
    let (mut h, dialogs) = explore_saving(&dir, 200);
    run(&mut h);
    assert!(h.query_by_label("Histogram of steps to see the exit").is_none(), "not measured unless ticked");
    type_into(&mut h, "Conditions", "steps to see the exit <= 40");
    assert!(
        h.query_by_label_contains("is a figure from play, which this run did not measure").is_some(),
        "a condition on a figure the run lacks is explained"
    );

    h.get_by_label("Figures from play").click();
    crate::common::settle(&mut h);
    run(&mut h);
    let params = h.state().params().clone();
    let run = h.state().explore().run_of(&params, None).expect("the run is kept").clone();
    assert_eq!(run.figures, Figures::WithPlay);
    // Each row's figures from play are the player's walk of that map.
    for seed in [0u64, 17, 123, 199] {
        let g = delve::generate::generate(&params, seed).unwrap();
        let f = delve::play::exit_figures_of(&g.map, PLAY_SETTINGS).expect("godot-part3 exits are reached");
        let row = &run.rows[seed as usize];
        assert_eq!(row.get(Stat::StepsToSeeExit), f64::from(f.steps_to_see_exit));
        assert_eq!(row.get(Stat::SeenOnTheWay), f64::from((f.seen_on_the_way * 100.0) as f32));
        // And the rest of the row is what a run without play measures.
        let plain = SweepRow::of(&params, seed, None, Figures::OfTheMap).unwrap();
        for stat in Figures::OfTheMap.stats() {
            assert_eq!(row.get(stat), plain.get(stat), "{stat:?}");
        }
    }
    for stat in [Stat::StepsToSeeExit, Stat::SeenOnTheWay] {
        assert!(h.query_by_label(&format!("Histogram of {}", stat.label())).is_some(), "{stat:?}");
        let hist = &h.state().explore().charts().unwrap().of_stat(stat)[0];
        assert_eq!(hist.counts.iter().sum::<u64>(), 200, "{stat:?}");
    }
    let within = run.rows.iter().filter(|r| r.get(Stat::StepsToSeeExit) <= 40.0).count();
    assert!(within > 0 && within < 200, "{within}");
    assert!(h.query_by_label(&format!("{within} of 200 match")).is_some(), "the condition picks its seeds");
    // In the seed browser, sorted by the figure from play, largest first: the run's own order.
    h.get_by_label("Show in seed browser").click();
    crate::common::settle(&mut h);
    // The option sits at the bottom of the menu's scrolled list: scrolled into view first.
    h.get_by_label("Sort by").click();
    crate::common::settle(&mut h);
    h.get_by_role_and_label(egui::accesskit::Role::Button, Stat::StepsToSeeExit.label()).scroll_to_me();
    crate::common::settle(&mut h);
    h.get_by_role_and_label(egui::accesskit::Role::Button, Stat::StepsToSeeExit.label()).click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().seed_browser().view.sort, Stat::StepsToSeeExit, "picked in the sort menu");
    h.get_by_label("largest first").click();
    crate::common::settle(&mut h);
    let mut expected: Vec<(f64, u64)> = run
        .rows
        .iter()
        .filter(|r| r.get(Stat::StepsToSeeExit) <= 40.0)
        .map(|r| (r.get(Stat::StepsToSeeExit), r.seed))
        .collect();
    expected.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    let listed = h.state().seed_browser().explored().expect("browsing the run").matching().to_vec();
    assert_eq!(listed, expected.iter().map(|(_, s)| *s).collect::<Vec<_>>());
    let first = run.rows[listed[0] as usize];
    let say = |s: Stat| s.describe(first.get(s));
    let caption = format!("{} · {}\n{}", say(Stat::Rooms), say(Stat::CorridorTiles), say(Stat::StepsToSeeExit));
    let painted = crate::screen::Painted::of(&h.output().shapes);
    assert_eq!(painted.text(&caption).len(), 1, "the thumbnail says the figure it is sorted by: {caption:?}");

    // Unticked, the played run still serves: it holds every figure.
    h.get_by_label("Figures from play").click();
    crate::common::settle(&mut h);
    let request = h.state_mut().explore_mut().run_request(&delve::app::explore::ExploreModel {
        params: &params,
        saved: None,
        locks: Ok(None),
    });
    assert!(request.todo.is_empty(), "no new run for figures the kept run has");

    let (saved, cli) = saved_and_swept(&mut h, &dialogs, &dir, &["--seeds", "0..200", "--play"]);
    assert_eq!(saved, cli);
}
