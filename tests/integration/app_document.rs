//! One document, one history (egui_kittest, the real editor): opening a file starts a new
//! document that Undo cannot leave, undo brings back the panel with the map, a regeneration that
//! cannot be made changes nothing, and the lock banner goes with its cause.

use crate::common::shipped;
use crate::editor::{Editor, editor};
use delve::app::{EditCommand, FileCommand, ParamsCommand, WindowCommand};
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::{Map, Tile};
use delve::params::GeneratorKind;
use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;

/// Writes the map of `preset` and `seed` as `name` in the editor's folder.
fn map_file(e: &Editor, name: &str, preset: &str, seed: u64) -> (PathBuf, Map) {
    let map = generate(&shipped(preset), seed).unwrap().map;
    let path = e.dir.path().join(name);
    delve::io::save_map(&path, &map).unwrap();
    (path, map)
}

/// Opens `path` as a user does: Ctrl+O, then the file in the dialog.
fn open(e: &mut Editor, path: &PathBuf) {
    e.dialogs.pick(path);
    e.key(Modifiers::COMMAND, egui::Key::O);
}

/// The text the preset picker shows.
fn preset_label(e: &Editor) -> String {
    e.harness.get_by_label("Preset").value().unwrap_or_default()
}

/// A brush stroke of floor along row `y`, over tiles that are wall; returns how many it paints.
fn paint_stroke(e: &mut Editor, y: i32) -> usize {
    let walls: Vec<i32> =
        (1..e.map().width() as i32 - 1).filter(|x| e.map().tile(Pos::new(*x, y)) == Some(Tile::Wall)).collect();
    let (from, to) = (walls[0], walls[walls.len().min(6) - 1]);
    e.key(Modifiers::NONE, egui::Key::B);
    e.drag(e.at(from as f32 + 0.5, y as f32 + 0.5), e.at(to as f32 + 0.5, y as f32 + 0.5));
    e.key(Modifiers::NONE, egui::Key::V);
    walls.len()
}

/// The defect that lost a file: open a.ron, paint, save; open b.ron; Ctrl+Z; Ctrl+S. Opening
/// started a new document, so Undo has nothing to take back and b.ron keeps its bytes.
#[test]
fn undo_after_open_never_saves_another_map_over_the_file() {
    let mut e = editor();
    let (a, _) = map_file(&e, "a.ron", "godot-part3", 3);
    let (b, b_map) = map_file(&e, "b.ron", "mcrogueface-part3", 5);
    let b_bytes = std::fs::read(&b).unwrap();

    open(&mut e, &a);
    paint_stroke(&mut e, 1);
    assert_eq!(e.app().title(), "● a.ron — Delve");
    e.key(Modifiers::COMMAND, egui::Key::S);
    assert_eq!(e.app().title(), "a.ron — Delve");
    let a_saved = std::fs::read(&a).unwrap();

    open(&mut e, &b);
    assert_eq!(e.app().title(), "b.ron — Delve");
    assert_eq!(e.history_len(), 0, "opening is not an undo step");
    assert!(e.harness.query_by_label_contains("Open b.ron").is_none(), "the history lists no Open step");

    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map(), &b_map, "Undo cannot bring back the other file's map");
    assert_eq!(e.app().title(), "b.ron — Delve");
    assert_eq!(preset_label(&e), "McRogueFace tutorial, part 3 (from map b.ron)");

    e.key(Modifiers::COMMAND, egui::Key::S);
    assert_eq!(std::fs::read(&b).unwrap(), b_bytes, "b.ron holds b's map, byte for byte");
    assert_eq!(std::fs::read(&a).unwrap(), a_saved, "a.ron holds what was saved to it");
}

/// Undo across a preset switch brings back the map and the panel that made it: generator,
/// parameters, seed and where they came from; Redo the other way.
#[test]
fn undoing_a_preset_switch_brings_back_the_panel_with_the_map() {
    let mut e = editor();
    let (a, a_map) = map_file(&e, "a.ron", "mcrogueface-part3", 3);
    open(&mut e, &a);
    assert_eq!(preset_label(&e), "McRogueFace tutorial, part 3 (from map a.ron)");

    e.harness.get_by_label("Preset").click();
    e.settle();
    e.harness.get_by_label("Tiendil tutorial, step 6").click();
    e.settle();
    assert_eq!(e.app().params().kind(), GeneratorKind::GrownRooms);
    let grown = e.map().clone();
    assert_eq!(grown.provenance.params.as_ref(), Some(e.app().params()));
    assert_eq!(e.app().title(), "● a.ron — Delve", "the same document, now unsaved");

    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map(), &a_map, "the old map");
    assert_eq!(e.app().params(), &shipped("mcrogueface-part3"), "and the parameters that made it");
    assert_eq!(e.app().seed_text(), "3");
    assert_eq!(preset_label(&e), "McRogueFace tutorial, part 3 (from map a.ron)");
    assert_eq!(e.app().title(), "a.ron — Delve", "back at the saved state");
    let origin = e.app().document().unwrap().origin();
    assert_eq!(origin, &delve::app::Origin::Opened, "the Result is the opened map's, not the generation's");

    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    assert_eq!(e.map(), &grown);
    assert_eq!(e.app().params(), &shipped("tiendil-step6"));
    assert_eq!(preset_label(&e), "Tiendil tutorial, step 6");
    assert!(matches!(e.app().document().unwrap().origin(), delve::app::Origin::Generated { .. }));
}

/// Locks rooms `ids` with the select tool and the L key, then locked tiles with the lock brush
/// (K, Shift+drag: a rectangle) over the middle of `room`, which is not locked.
fn lock_rooms_and_tiles_over(e: &mut Editor, ids: &[u32], room: u32) {
    e.key(Modifiers::NONE, egui::Key::V);
    for &id in ids {
        let b = e.map().room(id).unwrap().shape.bounds().unwrap();
        e.click(e.at(b.x as f32 + b.w as f32 / 2.0, b.y as f32 + b.h as f32 / 2.0));
        e.key(Modifiers::NONE, egui::Key::L);
        assert!(e.map().room(id).unwrap().locked);
    }
    let b = e.map().room(room).unwrap().shape.bounds().unwrap();
    let (cx, cy) = (b.x as f32 + b.w as f32 / 2.0, b.y as f32 + b.h as f32 / 2.0);
    e.key(Modifiers::NONE, egui::Key::K);
    e.drag_with(e.at(cx - 0.5, cy - 0.5), e.at(cx + 0.5, cy + 0.5), Modifiers::SHIFT);
    e.key(Modifiers::NONE, egui::Key::V);
    assert!(e.map().locked_tile_count() > 0);
}

/// A regeneration that cannot keep the locks changes nothing (seed field, map, browser), and
/// the banner goes once *Unlock all tiles* removed its cause.
#[test]
fn a_regeneration_that_cannot_keep_the_locks_changes_nothing_and_its_banner_goes_with_its_cause() {
    let mut e = editor();
    e.harness.get_by_label("Seed").set_text_value_accesskit("13");
    e.settle();
    assert_eq!(e.app().seed(), 13);
    lock_rooms_and_tiles_over(&mut e, &[0, 1], 2);
    let before = e.map().clone();
    e.key(Modifiers::COMMAND, egui::Key::B);
    let page = e.app().seed_browser().seeds();

    e.harness.get_by_label("›").click();
    e.settle();
    let message = e.app().message().expect("the banner says why");
    assert!(message.detail.contains("The map stays as it is"), "{message:?}");
    assert_eq!(e.app().seed_text(), "13", "the seed field stays at the map's seed");
    assert_eq!(e.map(), &before, "the map stays");
    assert_eq!(e.app().seed_browser().seeds(), page, "the browser stays");
    e.key(Modifiers::COMMAND, egui::Key::B);

    e.harness.get_by_label("Unlock all tiles").click();
    e.settle();
    assert_eq!(e.map().locked_tile_count(), 0);
    assert!(e.app().message().is_none(), "the banner goes with its cause");
    e.harness.get_by_label("›").click();
    e.settle();
    assert_eq!(e.app().seed_text(), "14");
    assert_eq!(e.map().provenance.seed, 14, "now the locks can be kept");
}

// ---- The rule, under random sequences of steps ----

/// One thing a user does.
#[derive(Clone, Debug)]
enum Step {
    /// Open map file `0` or `1` (answering "Discard" if asked).
    Open(usize),
    /// *File ▸ New map*, 30×20.
    New,
    /// Paint one wall tile of row `y % height` as floor.
    Edit(u32),
    Regenerate,
    NextSeed,
    PrevSeed,
    /// Pick shipped preset `i` (answering "Discard" if asked).
    Preset(usize),
    Undo,
    Redo,
    /// Ctrl+S (a new name is picked when the map has no file).
    Save,
    /// Save as map file `0`, `1` or a new one, `2`.
    SaveAs(usize),
    /// Restore the crash-recovery copy, if one is offered.
    Restore,
}

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        (0..2usize).prop_map(Step::Open),
        Just(Step::New),
        (0..64u32).prop_map(Step::Edit),
        Just(Step::Regenerate),
        Just(Step::NextSeed),
        Just(Step::PrevSeed),
        (0..delve::io::SHIPPED_PRESETS.len()).prop_map(Step::Preset),
        Just(Step::Undo),
        Just(Step::Undo),
        Just(Step::Redo),
        Just(Step::Save),
        (0..3usize).prop_map(Step::SaveAs),
        Just(Step::Restore),
    ]
}

/// What the test knows independently of the editor: the file the document saves to, and what
/// each file on disk must hold (what was written at the start, or saved to that name).
struct Model {
    path: Option<PathBuf>,
    disk: std::collections::BTreeMap<PathBuf, Vec<u8>>,
    saves: usize,
}

/// A crash-recovery copy of an edited `c.ron` left in `dir` by an editor that went away.
fn leave_a_recovery_copy(dir: &tempfile::TempDir) -> PathBuf {
    let (h, dialogs) = crate::editor::harness(dir.path(), None, None);
    let mut crashed = Editor { harness: h, dialogs, dir: tempfile::tempdir().unwrap(), uploads: Default::default() };
    let (c, _) = map_file(&crashed, "c.ron", "tiendil-step6", 4);
    let c_in_dir = dir.path().join("c.ron");
    std::fs::copy(&c, &c_in_dir).unwrap();
    open(&mut crashed, &c_in_dir);
    paint_stroke(&mut crashed, 1);
    drop(crashed); // No clean quit: the copy stays.
    c_in_dir
}

/// Runs `steps` and checks the rule after each one.
fn run_steps(steps: &[Step], crashed_before: bool) {
    use delve::app::{Answer, Command, PresetRef, RecoveryAnswer};
    let dir = tempfile::tempdir().unwrap();
    let recovered = crashed_before.then(|| leave_a_recovery_copy(&dir));
    let mut e = crate::editor::editor_in(dir, None, None);
    let files = [
        map_file(&e, "f0.ron", "godot-part3", 3).0,
        map_file(&e, "f1.ron", "grown-shapes", 8).0,
        e.dir.path().join("f2.ron"),
    ];
    let mut m = Model { path: None, disk: Default::default(), saves: 0 };
    for f in files.iter().chain(&recovered) {
        if let Ok(bytes) = std::fs::read(f) {
            m.disk.insert(f.clone(), bytes);
        }
    }
    let push = |e: &mut Editor, c: Command| {
        e.harness.state_mut().push(c);
        e.settle();
    };
    // Answers the unsaved-changes prompt, when it asks.
    let discard = |e: &mut Editor| {
        if e.harness.query_by_label("Discard changes").is_some() {
            e.harness.state_mut().push(Command::Window(WindowCommand::Answer(Answer::Discard)));
            e.settle();
        }
    };
    for (i, s) in steps.iter().enumerate() {
        let dirty = e.app().document().is_some_and(|d| d.is_dirty());
        let shown = e.app().document().map(|d| delve::io::map_to_string(d.map()).unwrap().into_bytes());
        match s {
            Step::Open(k) => {
                push(&mut e, Command::File(FileCommand::OpenMap(files[*k].clone())));
                discard(&mut e);
                m.path = Some(files[*k].clone());
            }
            Step::New => {
                push(&mut e, Command::File(FileCommand::NewMap(30, 20)));
                discard(&mut e);
                m.path = None;
            }
            Step::Edit(y) => {
                let map = e.map();
                let y = (*y % map.height()) as i32;
                let wall = (0..map.width() as i32).map(|x| Pos::new(x, y)).find(|p| map.tile(*p) == Some(Tile::Wall));
                if let Some(p) = wall {
                    push(
                        &mut e,
                        Command::Edit(EditCommand::Perform(delve::edit::Op::Paint {
                            cells: vec![p],
                            tile: Tile::Corridor,
                        })),
                    );
                }
            }
            Step::Regenerate => push(&mut e, Command::Params(ParamsCommand::Regenerate)),
            Step::NextSeed => push(&mut e, Command::Params(ParamsCommand::NextSeed)),
            Step::PrevSeed => push(&mut e, Command::Params(ParamsCommand::PrevSeed)),
            Step::Preset(k) => {
                let name = delve::io::SHIPPED_PRESETS[*k].0.to_string();
                push(&mut e, Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped(name))));
                discard(&mut e);
            }
            Step::Undo => push(&mut e, Command::Edit(EditCommand::Undo)),
            Step::Redo => push(&mut e, Command::Edit(EditCommand::Redo)),
            Step::Save | Step::SaveAs(_) => {
                let target = match (s, &m.path) {
                    (Step::SaveAs(k), _) => Some(files[*k].clone()),
                    (_, Some(p)) => {
                        push(&mut e, Command::File(FileCommand::SaveMap));
                        // A regenerated map over a file of hand edits: asked first, saved over.
                        if e.harness.query_by_label("Save over").is_some() {
                            push(&mut e, Command::Window(WindowCommand::Answer(Answer::Save)));
                        }
                        m.disk.insert(p.clone(), shown.clone().unwrap());
                        None
                    }
                    (_, None) => {
                        m.saves += 1;
                        Some(e.dir.path().join(format!("saved-{}.ron", m.saves)))
                    }
                };
                if let Some(t) = target {
                    e.dialogs.pick(&t);
                    push(&mut e, Command::File(FileCommand::Dialog(delve::app::DialogPurpose::SaveMap)));
                    m.disk.insert(t.clone(), shown.clone().unwrap());
                    m.path = Some(t);
                }
            }
            Step::Restore => {
                if !e.app().recovery_offers().is_empty() {
                    push(&mut e, Command::Window(WindowCommand::Recovery(RecoveryAnswer::Restore)));
                    if !dirty {
                        m.path = recovered.clone();
                    }
                }
            }
        }
        check_rule(&e, &m, &format!("after step {i} {s:?} of {steps:?}"));
    }
}

/// The panel, the title, the file a save writes to and the map on screen belong to one
/// document, and no file holds anything but what was saved to its name.
fn check_rule(e: &Editor, m: &Model, when: &str) {
    use delve::app::Source;
    let app = e.app();
    let doc = app.document().expect("a map is shown");
    assert_eq!(doc.path(), m.path.as_deref(), "the file a save writes to, {when}");
    let name =
        m.path.as_ref().map_or("untitled".to_string(), |p| p.file_name().unwrap().to_string_lossy().into_owned());
    let mark = if doc.is_dirty() { "● " } else { "" };
    assert_eq!(app.title(), format!("{mark}{name} — Delve"), "the title, {when}");
    if let Source::Map(from) = app.session().source() {
        assert_eq!(from, &name, "the panel's \"from map\", {when}");
    }
    let prov = &doc.map().provenance;
    if let Some(params) = &prov.params {
        assert_eq!(app.params(), params, "the panel's parameters made the map on screen, {when}");
        assert_eq!(app.seed(), prov.seed, "the panel's seed made the map on screen, {when}");
    }
    if let Some(path) = &m.path
        && !doc.is_dirty()
    {
        let on_disk = delve::io::load_map(path).unwrap();
        assert_eq!(doc.map().tiles(), on_disk.tiles(), "a clean document shows its file, {when}");
    }
    for (path, bytes) in &m.disk {
        assert!(std::fs::read(path).unwrap() == *bytes, "{} holds only what was saved to it, {when}", path.display());
    }
    for entry in std::fs::read_dir(e.dir.path()).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            assert!(m.disk.contains_key(&p), "{} was written though nothing was saved to it, {when}", p.display());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..proptest::prelude::ProptestConfig::default() })]

    #[test]
    fn panel_title_file_and_map_always_belong_to_one_document(
        steps in proptest::collection::vec(step(), 1..14),
        crashed_before: bool,
    ) {
        run_steps(&steps, crashed_before);
    }
}
