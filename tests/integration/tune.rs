//! Tune for me: the search finds parameters whose maps meet a goal, the same way on any
//! number of threads; a goal out of reach ends within its budget and says how close it came;
//! bad input is named; `delve tune` writes the proposal as a preset that makes those maps.

use crate::common::{delve_in, shipped};
use delve::analysis::explore::parse;
use delve::analysis::tune::{Budget, FRESH_SEEDS, Goal, Settings, Stopped, Vary, tune};
use delve::params::GeneratorParams;
use std::sync::atomic::{AtomicBool, Ordering};

fn settings(base: &GeneratorParams, goal: &str, share: f64, vary: &str, maps: u64) -> Settings {
    Settings {
        goal: Goal::parse(goal, share).unwrap(),
        vary: Vary::parse_list(base, vary).unwrap(),
        budget: Budget::maps(maps).unwrap(),
        tune_seed: 7,
        kept: None,
    }
}

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap().install(f)
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
    let mut heard = 0;
    let outcome = tune(&base, &s, &never, |p| {
        heard += 1;
        assert!(p.maps <= p.budget);
    })
    .unwrap()
    .unwrap();
    assert!(heard > 0, "progress is reported");
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
        .filter(|&seed| {
            let row = delve::analysis::sweep::SweepRow::of(&best.params, seed, None).unwrap();
            row.connected && row.problems == 0 && conditions.iter().all(|c| c.holds(&row))
        })
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
    assert!(preset.notes.as_deref().is_some_and(|n| n.contains("rooms >= 20") && n.contains("1000000 to 1000999")));
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
    use delve::map::locks::Kept;
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
        .filter(|&seed| {
            let row = delve::analysis::sweep::SweepRow::of(&best.params, seed, Some(&kept)).unwrap();
            row.connected && row.problems == 0 && conditions.iter().all(|c| c.holds(&row))
        })
        .count() as u64;
    assert_eq!(best.fresh.matched, matched);
    let without = FRESH_SEEDS
        .filter(|&seed| {
            let row = delve::analysis::sweep::SweepRow::of(&best.params, seed, None).unwrap();
            row.connected && row.problems == 0 && conditions.iter().all(|c| c.holds(&row))
        })
        .count() as u64;
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
