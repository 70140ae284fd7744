//! Crash recovery, driven through the real editor: edits, the editor dropped without quitting (a
//! crash), a new editor on the same data folder, and its prompt; removal of the copy on save,
//! undo and a clean quit; two editors side by side; jobs that panic.

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
    let mut b = Editor { harness: h, dialogs: a.dialogs.clone(), dir: tempfile::tempdir().unwrap() };
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
    let mut e = Editor { harness: h, dialogs, dir };
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
