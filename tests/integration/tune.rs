//! Tune for me: the search finds parameters whose maps meet a goal, the same way on any
//! number of threads; a goal out of reach ends within its budget and says how close it came;
//! bad input is named; `delve tune` writes the proposal as a preset that makes those maps.

use crate::common::{delve_in, shipped};
use delve::analysis::explore::parse;
use delve::analysis::sweep::{Figures, SweepRow};
use delve::analysis::tune::{Budget, FRESH_SEEDS, Goal, Settings, Span, Stopped, Vary, tune};
use delve::map::locks::Kept;
use delve::params::{GeneratorParams, ParamValue};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn settings(base: &GeneratorParams, goal: &str, share: f64, vary: &str, maps: u64) -> Settings {
    Settings {
        goal: Goal::parse(goal, share).unwrap(),
        vary: Vary::parse_list(base, vary).unwrap(),
        budget: Budget::maps(maps).unwrap(),
        tune_seed: 7,
        kept: None,
        keep_look: true,
    }
}

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap().install(f)
}

/// Whether `params`' map of `seed` (around `kept`), measured here for `figures`, is sound and
/// meets every condition: the test's own count of a tune's matches.
fn meets(
    params: &GeneratorParams,
    seed: u64,
    kept: Option<&Arc<Kept>>,
    figures: Figures,
    conditions: &[delve::analysis::explore::Condition],
) -> bool {
    let row = SweepRow::of(params, seed, kept, figures).unwrap();
    row.connected && row.problems == 0 && conditions.iter().all(|c| c.holds(&row))
}

#[test]
fn the_same_tune_seed_goal_and_budget_give_the_same_proposals_on_one_and_two_threads() {
    let base = shipped("godot-part3");
    let s = settings(&base, "rooms >= 19 and longest path >= 90", 80.0, "max_rooms=10..80,width=60..120", 6_000);
    let never = AtomicBool::new(false);
    let one = on_threads(1, || tune(&base, &s, &never, |_| {})).unwrap().unwrap();
    let two = on_threads(2, || tune(&base, &s, &never, |_| {})).unwrap().unwrap();
    assert_eq!(one, two);
    assert!(one.maps <= 6_000 && !one.proposals.is_empty());
    // Another tune seed searches elsewhere.
    let other = Settings { tune_seed: 8, ..s.clone() };
    let three = on_threads(2, || tune(&base, &other, &never, |_| {})).unwrap().unwrap();
    assert_ne!(one.proposals, three.proposals);
}

#[test]
fn a_reachable_goal_is_met_on_fresh_seeds_and_the_proposal_makes_such_maps() {
    let base = shipped("godot-part3");
    let goal = "rooms >= 20";
    let s = settings(&base, goal, 90.0, "max_rooms=10..120,width=60..160", 60_000);
    let never = AtomicBool::new(false);
    let (mut heard, mut fresh) = (0, Vec::new());
    let outcome = tune(&base, &s, &never, |p| {
        heard += 1;
        assert!(p.maps <= p.budget);
        fresh.extend(p.fresh);
    })
    .unwrap()
    .unwrap();
    assert!(heard > 0, "progress is reported");
    // And the measurement on fresh seeds, block by block, to the last seed.
    assert!(fresh.len() > 1 && fresh.is_sorted() && fresh.last() == Some(&1000), "{fresh:?}");
    assert!(outcome.met(), "{:?}", outcome.shortfall());
    assert_eq!(outcome.stopped, Stopped::GoalMet);
    let best = &outcome.proposals[0];
    assert_eq!(best.fresh.seeds, FRESH_SEEDS.end - FRESH_SEEDS.start);
    assert!(best.fresh.share() >= 0.9);
    // Checked independently: the proposal's maps on fresh seeds, generated and measured here.
    let conditions = parse(goal).unwrap();
    let matched = FRESH_SEEDS
        .clone()
        .step_by(10)
        .filter(|&seed| meets(&best.params, seed, None, Figures::OfTheMap, &conditions))
        .count();
    assert!(matched >= 85, "{matched} of 100 fresh seeds match");
    // Only the ticked parameters moved.
    for d in delve::analysis::differing_params(&base, &best.params) {
        assert!(["max_rooms", "width"].contains(&d.key), "{} moved", d.key);
    }
}

#[test]
fn a_goal_out_of_reach_ends_within_its_budget_and_says_how_close_it_came() {
    let base = shipped("godot-part3");
    let s = settings(&base, "rooms >= 500", 90.0, "max_rooms", 4_000);
    let never = AtomicBool::new(false);
    let outcome = tune(&base, &s, &never, |_| {}).unwrap().unwrap();
    assert_eq!(outcome.stopped, Stopped::Budget);
    assert!(outcome.maps <= 4_000);
    assert!(!outcome.met());
    let why = outcome.shortfall().unwrap();
    assert!(why.contains("best came to 0% of fresh seeds") && why.contains("rooms >= 500"), "{why}");
}

/// A small space is measured whole and the search ends there, however large the budget (it
/// used to go round without end once no new candidate was left).
#[test]
fn a_search_over_a_small_space_ends_when_every_candidate_is_tried() {
    let base = shipped("godot-part3");
    let s = settings(&base, "rooms >= 500", 90.0, "max_rooms=10..20", 100_000_000);
    let outcome = tune(&base, &s, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    assert_eq!(outcome.stopped, Stopped::Exhausted);
    // Eleven values, and the current parameters.
    assert!(
        outcome.candidates <= 12 && outcome.maps <= 12 * 1024,
        "{} candidates, {} maps",
        outcome.candidates,
        outcome.maps
    );
    let why = outcome.shortfall().unwrap();
    assert!(why.contains("rooms >= 500 (met in 0% of seeds, rooms ") && why.contains(" on average)"), "{why}");
}

#[test]
fn a_cancelled_search_stops() {
    let base = shipped("godot-part3");
    let s = settings(&base, "rooms >= 500", 90.0, "max_rooms", 1_000_000);
    let cancel = AtomicBool::new(false);
    let outcome = tune(&base, &s, &cancel, |p| {
        assert!(p.maps < 1_000_000);
        cancel.store(true, Ordering::Relaxed);
    })
    .unwrap();
    assert!(outcome.is_none());
}

#[test]
fn bad_goals_ranges_and_budgets_are_named() {
    let base = shipped("godot-part3");
    let e = Goal::parse("roms >= 20", 90.0).unwrap_err();
    assert!(e.contains("\"roms\" is not a figure"), "{e}");
    let e = Goal::parse("rooms >= twenty", 90.0).unwrap_err();
    assert!(e.contains("twenty"), "{e}");
    for share in [0.0, -5.0, 150.0, f64::NAN] {
        assert!(Goal::parse("rooms >= 20", share).unwrap_err().contains("share"), "{share}");
    }
    assert!(Goal::parse("", 90.0).unwrap_err().contains("no condition"));
    let e = Vary::parse_list(&base, "width=2..5000").unwrap_err();
    assert!(e.contains("Map width (width)") && e.contains("8 to 4096"), "{e}");
    let e = Vary::parse_list(&base, "depth").unwrap_err();
    assert!(e.contains("\"depth\" is not a parameter") && e.contains("max_rooms"), "{e}");
    assert!(Vary::parse_list(&base, "width=10").unwrap_err().contains("LO..HI"));
    assert!(Vary::parse_list(&base, "width,width").unwrap_err().contains("twice"));
    assert!(Vary::parse_list(&base, "").unwrap_err().contains("tick at least one"));
    assert!(Budget::maps(0).unwrap_err().contains("0 maps"));
}

#[test]
fn delve_tune_writes_a_preset_that_makes_the_maps_it_promises() {
    let dir = tempfile::tempdir().unwrap();
    let o = delve_in(
        dir.path(),
        &[
            "tune",
            "godot-part3",
            "--where",
            "rooms >= 20",
            "--vary",
            "max_rooms=10..120,width=60..160",
            "--budget",
            "60000",
            "--out",
            "tuned.ron",
        ],
    );
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.contains("Goal met") && stdout.contains("Goal: rooms >= 20 in 90% of seeds"), "{stdout}{stderr}");
    let preset = delve::io::load_preset(&dir.path().join("tuned.ron")).unwrap();
    assert!(preset.notes.as_deref().is_some_and(|n| n.contains("rooms >= 20") && n.contains("1,000,000 to 1,000,999")));
    // The written preset makes the maps it promises: generated from the file, seeds 1000000 to
    // 1000999 (the fresh seeds its notes name), at least 90% have 20 rooms or more.
    let met = (1_000_000..1_001_000u64)
        .filter(|&seed| delve::generate::generate(&preset.generator, seed).unwrap().map.rooms.len() >= 20)
        .count();
    assert!(met >= 900, "the tuned preset's maps: {met} of 1000 with 20 rooms or more");
    // The same search through the library gives the same parameters.
    let base = shipped("godot-part3");
    let s = settings(&base, "rooms >= 20", 90.0, "max_rooms=10..120,width=60..160", 60_000);
    let s = Settings { tune_seed: 1, ..s };
    let outcome = tune(&base, &s, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    assert_eq!(preset.generator, outcome.proposals[0].params);
    // Bad input: a clear message, no panic, a failing exit.
    for (args, says) in [
        (
            vec!["tune", "godot-part3", "--where", "roms >= 2", "--vary", "width", "--out", "x.ron"],
            "\"roms\" is not a figure",
        ),
        (vec!["tune", "godot-part3", "--where", "rooms >= 2", "--vary", "width=1..9", "--out", "x.ron"], "8 to 4096"),
        (
            vec!["tune", "godot-part3", "--where", "rooms >= 2", "--share", "0", "--vary", "width", "--out", "x.ron"],
            "share",
        ),
        (
            vec!["tune", "godot-part3", "--where", "rooms >= 2", "--vary", "width", "--budget", "0", "--out", "x.ron"],
            "budget",
        ),
    ] {
        let o = delve_in(dir.path(), &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// With locks, every candidate is measured around them: the best proposal's share on fresh
/// seeds is the share of its maps made around the locks, counted here seed by seed.
#[test]
fn with_locks_every_candidate_is_measured_around_them() {
    let base = shipped("godot-part3");
    let mut map = delve::generate::generate(&base, 3).unwrap().map;
    for r in map.rooms.iter_mut().take(2) {
        r.locked = true;
    }
    let kept = std::sync::Arc::new(Kept::of(&map).unwrap());
    let s =
        Settings { kept: Some(kept.clone()), ..settings(&base, "longest path >= 80", 50.0, "max_rooms=10..80", 5_000) };
    let outcome = tune(&base, &s, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    let best = &outcome.proposals[0];
    let conditions = parse("longest path >= 80").unwrap();
    let matched = FRESH_SEEDS
        .filter(|&seed| meets(&best.params, seed, Some(&kept), Figures::OfTheMap, &conditions))
        .count() as u64;
    assert_eq!(best.fresh.matched, matched);
    let without =
        FRESH_SEEDS.filter(|&seed| meets(&best.params, seed, None, Figures::OfTheMap, &conditions)).count() as u64;
    assert_ne!(matched, without, "the locks change what the maps are");
}

/// A reader that stops reading (`delve tune … | head -1`) loses nothing: every file is written
/// before anything is printed, and the closed pipe is not reported as an error. Before, the
/// variety map's presets and contact sheet were cut short and "error: Broken pipe" was printed.
#[test]
fn a_closed_pipe_loses_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = crate::common::delve_command()
        .args(["tune", "godot-part3", "--variety", "rooms,longest path", "--vary", "max_rooms=10..60,width=60..120"])
        .args(["--budget", "4000", "--out", "v"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success() && !err.contains("Broken pipe"), "{err}");
    let presets = std::fs::read_dir(dir.path().join("v"))
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".ron")));
    assert!(presets.count() >= 2);
    assert!(dir.path().join("v/variety.png").exists());
}

/// A bare `--vary KEY` moves from half to twice the current value (a range's ends), within the
/// allowed range, widened only where that holds fewer than three values (a tunnel 1 wide) or a
/// tenth of a fraction's range (a chance of 0); options take any value. It used to mean the
/// whole allowed range (a map 8 to 4096 tiles wide).
#[test]
fn a_bare_vary_key_moves_from_half_to_twice_its_value() {
    let base = shipped("godot-part3");
    let vary =
        Vary::parse_list(&base, "width,height,room_size,max_rooms,tunnel_width,direct_tunnel_chance,overlap").unwrap();
    let spans: Vec<(&str, Span)> = vary.iter().map(|v| (v.key, v.span)).collect();
    assert_eq!(
        spans,
        [
            ("width", Span::Int { lo: 40, hi: 160 }),
            ("height", Span::Int { lo: 22, hi: 90 }),
            ("room_size", Span::Range { lo: 3, hi: 20 }),
            ("max_rooms", Span::Int { lo: 15, hi: 60 }),
            ("tunnel_width", Span::Int { lo: 1, hi: 3 }),
            ("direct_tunnel_chance", Span::Float { lo: 0.0, hi: 0.1 }),
            ("overlap", Span::Choice(2)),
        ]
    );
    // A range given is taken as given.
    assert_eq!(Vary::parse_list(&base, "width=10..400").unwrap()[0].span, Span::Int { lo: 10, hi: 400 });
}

/// The current maps' look is kept, and the search looks near the current values first: asked
/// for more rooms and a longer path, with wide ranges to move in, the best proposal is a map
/// of the same character (floor share, median room area, corridor share within a quarter) and
/// every moved parameter within 4× of the preset's. Before, such a search proposed maps
/// hundreds of tiles a side with rooms of a hundred tiles a side, or rooms of one size.
#[test]
fn proposals_keep_the_look_of_the_current_maps_and_stay_near_them() {
    let base = shipped("godot-part3");
    let vary = "width=40..400,height=30..300,room_size=3..60,max_rooms=10..2000";
    let s = settings(&base, "rooms >= 22 and longest path >= 105", 80.0, vary, 60_000);
    let outcome = tune(&base, &s, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    assert!(outcome.met(), "{:?}", outcome.shortfall());
    let look = outcome.look.expect("the current maps' look");
    let best = &outcome.proposals[0];
    assert!(best.fresh.look().keeps(&look), "{}", best.fresh.look().describe(&look));
    for p in &outcome.proposals {
        assert!(p.searched.look().keeps(&look), "{}", p.searched.look().describe(&look));
    }
    let within = |now: i64, was: i64| now <= 4 * was && 4 * now >= was;
    for d in delve::analysis::differing_params(&base, &best.params) {
        match (d.a, d.b) {
            (Some(ParamValue::Int(was)), Some(ParamValue::Int(now))) => {
                assert!(within(now, was), "{} {now} (was {was})", d.key)
            }
            (Some(ParamValue::Range(a, b)), Some(ParamValue::Range(c, d2))) => {
                assert!(within(c, a) && within(d2, b), "{} {c} to {d2} (was {a} to {b})", d.key)
            }
            other => panic!("{}: {other:?}", d.key),
        }
    }
    // Checked on the maps themselves: the proposal's median room on fresh seeds is within a
    // quarter of the preset's.
    let median_room = |p: &GeneratorParams| {
        let mut areas: Vec<usize> = (0..40)
            .flat_map(|seed| delve::generate::generate(p, 1_000_000 + seed).unwrap().map.rooms)
            .map(|r| r.shape.area())
            .collect();
        areas.sort_unstable();
        areas[areas.len() / 2] as f64
    };
    let (was, now) = (median_room(&base), median_room(&best.params));
    assert!((now - was).abs() <= 0.3 * was, "median room {now} tiles (was {was})");
    // With any look, the same search may go anywhere in the ranges.
    let any = Settings { keep_look: false, ..s };
    let free = tune(&base, &any, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    assert!(!free.keep_look && free.proposals.iter().all(|p| p.fresh.seeds == 1000));
}

/// A budget in seconds covers the whole search, the proposals' measurement on fresh seeds
/// included: with maps that take long to make, the proposals are measured on as many fresh
/// seeds as the time left allows (all of them on the same seeds), and the outcome says so.
/// Before, the 1,000 fresh seeds were always measured, however long they took (171 s for a
/// 60 s budget).
#[test]
fn a_budget_in_seconds_covers_the_measurement_on_fresh_seeds() {
    let base = shipped("godot-part3");
    let vary = "width=600..900,height=600..900,max_rooms=3000..6000";
    let s = Settings {
        budget: Budget { maps: u64::MAX, seconds: Some(1.0) },
        keep_look: false,
        ..settings(&base, "rooms >= 5000", 90.0, vary, 1_000)
    };
    let outcome = tune(&base, &s, &AtomicBool::new(false), |_| {}).unwrap().unwrap();
    let n = outcome.fresh.end - outcome.fresh.start;
    assert!(outcome.fresh_cut_short() && n < 1000, "{n} fresh seeds");
    assert_eq!(outcome.fresh.start, FRESH_SEEDS.start);
    assert!(outcome.proposals.iter().all(|p| p.fresh.seeds == n));
    assert!(outcome.measured_on().contains("of the 1,000 fresh seeds"), "{}", outcome.measured_on());
}

/// `delve tune --seconds 1` on a goal out of reach with maps that take long to make ends,
/// and says on how many fresh seeds it measured its proposals.
#[test]
fn delve_tune_says_how_many_fresh_seeds_its_time_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let o = delve_in(
        dir.path(),
        &[
            "tune",
            "godot-part3",
            "--where",
            "rooms >= 5000",
            "--vary",
            "width=600..900,height=600..900,max_rooms=3000..6000",
            "--any-look",
            "--seconds",
            "1",
            "--out",
            "tuned.ron",
        ],
    );
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(!o.status.success() && !stderr.contains("panicked"), "{stderr}");
    assert!(stdout.contains("shares measured on") && stdout.contains("of the 1,000 fresh seeds"), "{stdout}");
    assert!(stdout.contains("Any look (--any-look)"), "{stdout}");
    assert!(stderr.contains("was not reached") && dir.path().join("tuned.ron").exists(), "{stderr}");
}

/// A goal on a figure from play is measured with play: the search and the fresh seeds walk
/// every map, and the proposal's maps, walked here, meet it as often as it says.
#[test]
fn a_goal_on_a_figure_from_play_is_measured_by_playing() {
    let base = shipped("godot-part3");
    let goal = "steps to see the exit >= 60";
    let s = settings(&base, goal, 70.0, "max_rooms=10..80,width=60..160", 3_000);
    assert_eq!(s.goal.figures(), Figures::WithPlay);
    let never = AtomicBool::new(false);
    let outcome = on_threads(2, || tune(&base, &s, &never, |_| {})).unwrap().unwrap();
    let best = &outcome.proposals[0];
    let judged = best.judged();
    assert!(judged.seeds > 0 && judged.mean(0).is_some_and(|m| m > 0.0), "{judged:?}");
    // Checked independently: the proposal's maps on the same fresh seeds, walked here.
    let conditions = parse(goal).unwrap();
    let seeds = FRESH_SEEDS.start..FRESH_SEEDS.start + best.fresh.seeds;
    let matched = seeds.filter(|&seed| meets(&best.params, seed, None, Figures::WithPlay, &conditions)).count() as u64;
    assert_eq!(matched, best.fresh.matched, "the fresh tally is the maps' own, walked");
    // The base's maps see their exit sooner: the search moved towards the goal.
    let base_mean = (0..200u64)
        .map(|seed| {
            SweepRow::of(&base, seed, None, Figures::WithPlay).unwrap().get(delve::analysis::Stat::StepsToSeeExit)
        })
        .sum::<f64>()
        / 200.0;
    assert!(best.searched.mean(0).unwrap() > base_mean, "{:?} vs {base_mean}", best.searched.mean(0));
}
