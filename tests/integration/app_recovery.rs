//! Crash recovery, driven through the real editor: edits, the editor dropped without quitting (a
//! crash), a new editor on the same data folder, and its prompt; removal of the copy on save,
//! undo and a clean quit; two editors side by side; jobs that panic. And a real crash: editors
//! run as processes of their own (`delve recovery-probe`, the editor headless) and killed with
//! SIGKILL, one alone and two on one folder.

use crate::app::edit_map;
use crate::editor::{Editor, editor, editor_in, harness, harness_timed};
use delve::app::Command;
use delve::app::jobs::JobKind;
use delve::app::{EditCommand, ParamsCommand, WindowCommand};
use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

/// The recovery files (`*.ron`) in the editor's recovery folder.
fn copies(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join("recovery"))
        .map(|rd| {
            rd.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "ron")).collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Drops the editor without quitting (as a crash would) and starts a new one on its folder.
fn crash_and_restart(e: Editor) -> Editor {
    let Editor { harness, dir, .. } = e;
    drop(harness);
    editor_in(dir, None, None)
}

/// An edited map with a file, two unsaved steps, tuned parameters and seed; what was on screen.
fn edited_editor() -> (Editor, delve::map::Map, delve::params::GeneratorParams, String) {
    let mut e = editor();
    e.harness.get_by_label("Seed").set_text_value_accesskit("cavern");
    e.harness.state_mut().push(Command::Params(ParamsCommand::ToggleStar(77)));
    e.settle();
    let file = e.dir.path().join("kept.ron");
    e.dialogs.pick(&file);
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert!(copies(e.dir.path()).is_empty(), "nothing unsaved, no copy");
    edit_map(&mut e);
    edit_map(&mut e);
    let map = e.app().document().unwrap().map().clone();
    let params = e.app().params().clone();
    (e, map, params, "cavern".to_string())
}

#[test]
fn restore_after_a_crash_gives_back_the_map_on_screen() {
    let (e, map, params, seed) = edited_editor();
    let own = e.app().recovery_file().expect("the editor keeps a recovery copy");
    assert_eq!(copies(e.dir.path()), vec![own.clone()]);

    let mut e = crash_and_restart(e);
    assert!(e.app().has_modal());
    e.harness.get_by_label_contains("Unsaved work from kept.ron");
    e.harness.get_by_label_contains("2 unsaved steps");
    e.harness.get_by_label("Restore").click();
    e.settle();
    assert!(!e.app().has_modal());
    let doc = e.app().document().unwrap();
    assert_eq!(doc.map(), &map, "the map, with its provenance, as it was on screen");
    assert!(doc.map().provenance.edited);
    assert!(doc.is_dirty(), "restored work is unsaved");
    assert_eq!(doc.path(), Some(e.dir.path().join("kept.ron").as_path()));
    assert_eq!(e.app().title(), "● kept.ron — Delve");
    assert_eq!(e.app().params(), &params);
    assert_eq!(e.app().seed_text(), seed);
    assert!(e.app().session().is_starred(77), "the session's stars");
    // The old copy was replaced by this editor's own.
    let mine = e.app().recovery_file().unwrap();
    assert_eq!(copies(e.dir.path()), vec![mine]);
    assert!(!own.exists());

    // It survives another crash, steps and all.
    let mut e = crash_and_restart(e);
    e.harness.get_by_label_contains("2 unsaved steps");
    e.harness.get_by_label("Restore").click();
    e.settle();
    assert_eq!(e.app().document().unwrap().map(), &map);
}

#[test]
fn discard_removes_the_copy_and_later_keeps_it() {
    let (e, map, _, _) = edited_editor();
    let mut e = crash_and_restart(e);
    e.harness.get_by_label("Later").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_ne!(e.app().document().unwrap().map(), &map, "not restored");
    assert_eq!(copies(e.dir.path()).len(), 1, "kept for the next start");

    let mut e = crash_and_restart(e);
    assert_eq!(e.app().recovery_offers().len(), 1, "offered again");
    e.harness.get_by_label("Discard").click();
    e.settle();
    assert!(copies(e.dir.path()).is_empty());
    assert!(!e.app().document().unwrap().is_dirty());

    let e = crash_and_restart(e);
    assert!(e.app().recovery_offers().is_empty());
    assert!(!e.app().has_modal());
}

#[test]
fn a_corrupt_copy_is_named_kept_and_not_offered_again() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("recovery");
    std::fs::create_dir_all(&rec).unwrap();
    let bad = rec.join("recovery-1-2.ron");
    std::fs::write(&bad, "(version: 1, map: \"not a map").unwrap();
    let e = editor_in(dir, None, None);
    let m = e.app().message().expect("the problem is shown").clone();
    assert!(m.title.contains("recovery copy"), "{m:?}");
    assert!(m.detail.contains("recovery-1-2.ron"), "{m:?}");
    assert!(m.detail.contains("recovery-1-2.corrupt"), "{m:?}");
    assert!(!e.app().has_modal());
    assert!(e.app().document().is_some(), "the start goes on");
    let kept = rec.join("recovery-1-2.corrupt");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "(version: 1, map: \"not a map", "nothing lost");

    let e = crash_and_restart(e);
    assert!(e.app().message().is_none(), "not reported in a loop");
    assert!(kept.exists());
}

#[test]
fn save_undo_and_a_clean_quit_remove_the_copy() {
    let (mut e, _, _, _) = edited_editor();
    assert_eq!(copies(e.dir.path()).len(), 1);
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert!(!e.app().document().unwrap().is_dirty());
    assert!(copies(e.dir.path()).is_empty(), "saved");

    edit_map(&mut e);
    assert_eq!(copies(e.dir.path()).len(), 1);
    e.harness.state_mut().push(Command::Edit(EditCommand::Undo));
    e.settle();
    assert!(copies(e.dir.path()).is_empty(), "clean again by undo");

    edit_map(&mut e);
    e.harness.state_mut().push(Command::Window(WindowCommand::Quit));
    e.settle();
    e.harness.get_by_label("Discard changes").click();
    e.settle();
    assert!(copies(e.dir.path()).is_empty(), "quit");
    let e = crash_and_restart(e);
    assert!(e.app().recovery_offers().is_empty());
}

#[test]
fn two_editors_keep_their_own_copies() {
    let (a, _, _, _) = edited_editor();
    let a_file = a.app().recovery_file().unwrap();
    let a_text = std::fs::read_to_string(&a_file).unwrap();
    let (h, _) = harness(a.dir.path(), None, None);
    let mut b = Editor {
        harness: h,
        dialogs: a.dialogs.clone(),
        dir: tempfile::tempdir().unwrap(),
        uploads: Default::default(),
    };
    assert!(b.app().recovery_offers().is_empty(), "a running editor's copy is not offered");
    edit_map(&mut b);
    let b_file = b.app().recovery_file().unwrap();
    assert_ne!(a_file, b_file);
    assert_eq!(copies(a.dir.path()), {
        let mut v = vec![a_file.clone(), b_file];
        v.sort();
        v
    });
    assert_eq!(std::fs::read_to_string(&a_file).unwrap(), a_text, "untouched by the other editor");

    // Both crash: the next start restores one and keeps the other for the start after.
    let a_map = a.app().document().unwrap().map().clone();
    drop(b);
    let mut e = crash_and_restart(a);
    assert_eq!(e.app().recovery_offers().len(), 2);
    e.harness.get_by_label("Restore").click();
    e.settle();
    assert!(!e.app().has_modal());
    assert_eq!(e.app().document().unwrap().map(), &a_map, "the first copy");
    assert_eq!(copies(e.dir.path()).len(), 2, "this editor's copy and the other one, kept");
    let e = crash_and_restart(e);
    assert_eq!(e.app().recovery_offers().len(), 2, "both offered again");
}

#[test]
fn a_panicking_job_reports_and_leaves_the_document_alone() {
    let (mut e, map, _, _) = edited_editor();
    for kind in [JobKind::Generate, JobKind::Open, JobKind::Save, JobKind::Export, JobKind::Recovery] {
        e.harness.state_mut().spawn_panicking_job(kind);
        e.settle();
        let m = e.app().message().unwrap_or_else(|| panic!("{kind:?}: an error is shown")).clone();
        assert!(m.detail.contains("a test job panicked"), "{kind:?}: {m:?}");
        let doc = e.app().document().unwrap();
        assert_eq!(doc.map(), &map, "{kind:?}");
        assert!(doc.is_dirty(), "{kind:?}");
        e.harness.state_mut().push(Command::Window(WindowCommand::DismissMessage));
        e.settle();
    }
    // The editor goes on.
    e.harness.state_mut().spawn_panicking_job(JobKind::Check);
    e.settle();
    assert_eq!(e.app().document().unwrap().map(), &map);
    edit_map(&mut e);
}

#[test]
fn a_panic_writes_the_latest_work_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let builder = egui_kittest::Harness::builder().with_size(egui::vec2(1280.0, 800.0));
    let (h, dialogs) = harness_timed(dir.path(), None, None, builder, std::time::Duration::from_secs(3600));
    let mut e = Editor { harness: h, dialogs, dir, uploads: Default::default() };
    edit_map(&mut e); // Written at once: the first change.
    let file = e.app().recovery_file().unwrap();
    let first = std::fs::read_to_string(&file).unwrap();
    edit_map(&mut e); // Waits for the interval...
    assert_eq!(std::fs::read_to_string(&file).unwrap(), first);
    let map = e.app().document().unwrap().map().clone();
    e.harness.state_mut().spawn_panicking_job(JobKind::Export);
    e.settle(); // ...but a panic writes it now.
    assert_ne!(std::fs::read_to_string(&file).unwrap(), first);

    let mut e = crash_and_restart(e);
    e.harness.get_by_label("Restore").click();
    e.settle();
    assert_eq!(e.app().document().unwrap().map(), &map);
}

// ---- A real crash: editors in processes of their own, killed ----

/// The recovery interval of the probes: the second edit's write waits for it.
const PROBE_INTERVAL_MS: u64 = 300;

/// A `delve recovery-probe` editor (the real editor, headless, in a process of its own) that made
/// its edits and wrote its recovery copy; killed with SIGKILL when dropped, on every exit path.
struct Probe {
    child: std::process::Child,
    /// Its recovery copy, as it printed it.
    file: PathBuf,
}

impl Probe {
    /// Starts a probe on the recovery folder `rec` making `edits` edits on `open` (or on the
    /// default preset's map), and waits for its `ready` line.
    fn start(rec: &Path, open: Option<&Path>, edits: usize) -> Probe {
        let mut cmd = crate::common::delve_command();
        cmd.arg("recovery-probe").arg("--dir").arg(rec).args(["--edits", &edits.to_string()]);
        cmd.args(["--interval-ms", &PROBE_INTERVAL_MS.to_string(), "--give-up-after", "60"]);
        if let Some(open) = open {
            cmd.arg("--open").arg(open);
        }
        cmd.stdout(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("start delve recovery-probe");
        let stdout = child.stdout.take().expect("piped");
        let mut probe = Probe { child, file: PathBuf::new() };
        // A probe that fails exits (it gives up waiting after a minute), which ends this read.
        let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
        let line = lines.next().and_then(Result::ok).unwrap_or_default();
        let file = line.strip_prefix("ready ").unwrap_or_else(|| panic!("the probe said {line:?}, not ready"));
        probe.file = PathBuf::from(file);
        probe
    }

    /// Kills the probe (SIGKILL: no clean quit, no panic hook, no destructor) and waits for it.
    fn crash(mut self) {
        self.child.kill().expect("kill the probe");
        let status = self.child.wait().expect("wait for the probe");
        #[cfg(unix)]
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(9), "killed: {status:?}");
        #[cfg(not(unix))]
        assert!(!status.success());
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What an editor starting on `rec` offers, from `delve recovery-probe --scan`: each copy's file,
/// unsaved steps and description.
fn scan_offers(rec: &Path) -> Vec<(PathBuf, usize, String)> {
    let out = crate::common::delve_command()
        .arg("recovery-probe")
        .arg("--dir")
        .arg(rec)
        .args(["--scan", "--give-up-after", "60"])
        .output()
        .expect("run delve recovery-probe --scan");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let mut offers: Vec<(PathBuf, usize, String)> = stdout
        .lines()
        .map(|l| {
            let rest = l.strip_prefix("offer ").unwrap_or_else(|| panic!("not an offer: {l:?}"));
            let mut parts = rest.split('\t');
            let (file, steps, text) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            (PathBuf::from(file), steps.parse().unwrap(), text.to_string())
        })
        .collect();
    offers.sort();
    offers
}

#[test]
fn a_killed_editor_process_leaves_its_copy_for_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("recovery");
    let original = delve::generate::generate(&crate::common::shipped("godot-part3"), 7).unwrap().map;
    let kept = dir.path().join("kept.ron");
    delve::io::save_map(&kept, &original).unwrap();

    // Two edits: the first is written at once, the second when the interval is over.
    let a = Probe::start(&rec, Some(&kept), 2);
    assert_eq!(a.file.parent(), Some(rec.as_path()));
    let written = std::fs::read_to_string(&a.file).expect("the copy is on disk");
    assert!(scan_offers(&rec).is_empty(), "the copy of an editor still running is not offered");
    std::thread::sleep(std::time::Duration::from_millis(2 * PROBE_INTERVAL_MS));
    assert_eq!(std::fs::read_to_string(&a.file).unwrap(), written, "nothing more to write");

    let file = a.file.clone();
    a.crash();
    assert!(file.exists(), "the copy outlives its editor");
    assert!(file.with_extension("lock").exists(), "and so does its lock file, unlocked by the OS");
    let offers = scan_offers(&rec);
    assert_eq!(offers.len(), 1, "{offers:?}");
    assert_eq!(offers[0].0, file, "exactly the killed editor's copy");
    assert_eq!(offers[0].1, 2, "with its unsaved steps");
    assert!(offers[0].2.starts_with("Unsaved work from kept.ron, "), "{offers:?}");
    assert!(offers[0].2.ends_with(", 2 unsaved steps."), "{offers:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written, "a start that does not answer keeps the copy");
    assert_eq!(scan_offers(&rec).len(), 1, "offered again at the next start");

    // The editor restores what the killed process had: kept.ron with its two painted walls.
    let mut e = editor_in(dir, None, None);
    e.harness.get_by_label_contains("Unsaved work from kept.ron");
    e.harness.get_by_label("Restore").click();
    e.settle();
    let doc = e.app().document().unwrap();
    assert!(doc.is_dirty());
    assert_eq!(doc.path(), Some(kept.as_path()));
    let m = doc.map();
    assert_eq!((m.width(), m.height()), (original.width(), original.height()));
    let changed: Vec<_> = (0..m.height() as i32)
        .flat_map(|y| (0..m.width() as i32).map(move |x| delve::geom::Pos::new(x, y)))
        .filter(|p| m.tile(*p) != original.tile(*p))
        .collect();
    assert_eq!(changed.len(), 2, "{changed:?}");
    for p in changed {
        assert_eq!(original.tile(p), Some(delve::map::Tile::Wall));
        assert_eq!(m.tile(p), Some(delve::map::Tile::Corridor));
    }
}

#[test]
fn two_editor_processes_on_one_folder_each_keep_their_own_copy() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("recovery");
    let a = Probe::start(&rec, None, 1);
    let a_text = std::fs::read_to_string(&a.file).unwrap();
    let b = Probe::start(&rec, None, 3);
    assert_ne!(a.file, b.file);
    assert!(a.file.exists() && b.file.exists());
    let mut both = vec![a.file.clone(), b.file.clone()];
    both.sort();
    assert_eq!(copies(dir.path()), both);
    std::thread::sleep(std::time::Duration::from_millis(2 * PROBE_INTERVAL_MS));
    assert_eq!(std::fs::read_to_string(&a.file).unwrap(), a_text, "A's copy is untouched by B");
    assert!(scan_offers(&rec).is_empty(), "neither is offered while its editor runs");

    // A crashes: its copy is offered; B's, still running, is not.
    let (a_file, b_file) = (a.file.clone(), b.file.clone());
    a.crash();
    let offers = scan_offers(&rec);
    assert_eq!(offers.iter().map(|o| (o.0.clone(), o.1)).collect::<Vec<_>>(), vec![(a_file.clone(), 1)]);

    // B crashes too: both are offered, each with its own steps.
    b.crash();
    let offers = scan_offers(&rec);
    let mut expected = vec![(a_file, 1), (b_file, 3)];
    expected.sort();
    assert_eq!(offers.iter().map(|o| (o.0.clone(), o.1)).collect::<Vec<_>>(), expected);
    assert_eq!(copies(dir.path()), both, "both copies are still there");
}

/// The floor on screen of the open dungeon (its label).
fn floor_on_screen(e: &Editor) -> String {
    let d = e.app().dungeon().expect("a dungeon is open");
    d.label(d.current.expect("a floor is on screen"))
}

/// A dungeon's unsaved floors survive a crash, those kept off screen too: the copy holds every
/// edited floor (it was removed when the floor on screen had nothing unsaved, losing the
/// others'), and restoring brings the dungeon back with those floors unsaved, the floor that was
/// on screen shown, the dungeon made again from its preset, or read from its file once saved.
#[test]
fn a_dungeons_unsaved_floors_survive_a_crash() {
    let dcss = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/delve-core/dungeons/dcss-shaped.ron");
    let mut e = crate::editor::editor_with(Some(dcss), None);
    assert_eq!(floor_on_screen(&e), "D:1");
    edit_map(&mut e);
    let d1 = e.app().document().unwrap().map().clone();
    e.key(Modifiers::SHIFT, egui::Key::Period);
    e.key(Modifiers::SHIFT, egui::Key::Period);
    assert_eq!(floor_on_screen(&e), "D:3");
    edit_map(&mut e);
    edit_map(&mut e);
    let d3 = e.app().document().unwrap().map().clone();
    // Up to D:2, which has nothing unsaved: the copy keeps D:1's and D:3's edits all the same.
    e.key(Modifiers::SHIFT, egui::Key::Comma);
    assert_eq!(floor_on_screen(&e), "D:2");
    assert!(!e.app().document().unwrap().is_dirty());
    let d2 = e.app().document().unwrap().map().clone();
    let floors = e.app().dungeon().unwrap().floors.len();
    assert_eq!(copies(e.dir.path()).len(), 1, "the edits off screen keep a copy");

    let mut e = crash_and_restart(e);
    e.harness.get_by_label_contains("Unsaved work from the dungeon DCSS shaped (floors D:1, D:3)");
    e.harness.get_by_label_contains("3 unsaved steps");
    e.harness.get_by_label("Restore").click();
    e.settle();
    let d = e.app().dungeon().expect("the dungeon is back");
    assert_eq!(d.floors.len(), floors);
    assert_eq!(floor_on_screen(&e), "D:2", "the floor that was on screen");
    assert_eq!(e.app().document().unwrap().map(), &d2);
    let doc = e.app().document();
    let (i1, i3) = (d.index_of(d.floors[0].id).unwrap(), (0..floors).find(|&i| d.label(i) == "D:3").unwrap());
    assert_eq!(*d.map_of(i1, doc).unwrap(), d1);
    assert_eq!(*d.map_of(i3, doc).unwrap(), d3);
    assert_eq!(d.unsaved_count(doc), 2, "the restored floors are unsaved, the others not");
    assert!(d.floor_unsaved(i1, doc) && d.floor_unsaved(i3, doc));
    assert_eq!(e.app().title(), "● DCSS shaped — D:2 — Delve");
    // The old copy went once this editor's copy of the same work was written.
    assert_eq!(copies(e.dir.path()), vec![e.app().recovery_file().unwrap()]);

    // Saved, the copy goes; edited and crashed again, the floors come from the saved files.
    let path = e.dir.path().join("crawl.ron");
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert!(path.is_file() && copies(e.dir.path()).is_empty(), "saved: nothing to recover");
    e.key(Modifiers::SHIFT, egui::Key::Period);
    assert_eq!(floor_on_screen(&e), "D:3");
    edit_map(&mut e);
    let d3_again = e.app().document().unwrap().map().clone();
    let mut e = crash_and_restart(e);
    e.harness.get_by_label_contains("Unsaved work from the dungeon DCSS shaped (floor D:3)");
    e.harness.get_by_label("Restore").click();
    e.settle();
    let d = e.app().dungeon().expect("the dungeon is back");
    assert_eq!(d.path.as_deref(), Some(path.as_path()), "the saved dungeon's file");
    assert_eq!(floor_on_screen(&e), "D:3");
    assert_eq!(e.app().document().unwrap().map(), &d3_again);
    assert_eq!(*d.map_of(0, e.app().document()).unwrap(), d1, "D:1 as saved, with its edit");
    assert_eq!(d.unsaved_count(e.app().document()), 1);
}
