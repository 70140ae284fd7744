//! The seed browser and compare windows, driven through the real UI with egui_kittest.

use delve::app::{Command, DelveApp, PresetRef};
use delve::app::{FileCommand, PaneCommand, ParamsCommand, WindowCommand};
use delve::generate::generate;
use delve::map::metrics::Metrics;
use delve::params::ParamValue;
use egui::vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor::harness_in as editor;

/// The editor, started from saved editor state when there is some.
fn editor_from(dir: &tempfile::TempDir, storage: Option<&crate::common::MemoryStorage>) -> Harness<'static, DelveApp> {
    crate::editor::harness(dir.path(), None, storage).0
}

fn shown_seed(h: &Harness<'static, DelveApp>) -> u64 {
    h.state().document().expect("a map is shown").map().provenance.seed
}

/// The editor with seed `seed` starred through the seed browser.
fn editor_with_star(dir: &tempfile::TempDir, seed: u64) -> Harness<'static, DelveApp> {
    let mut h = editor(dir);
    open_browser(&mut h);
    h.get_by_label(&format!("Seed {seed}")).click();
    crate::common::settle(&mut h);
    h.get_by_label("Star").click();
    crate::common::settle(&mut h);
    h
}

fn open_browser(h: &mut Harness<'static, DelveApp>) {
    h.state_mut().push(Command::Window(WindowCommand::ShowSeedBrowser(true)));
    crate::common::settle(h);
}

#[test]
fn clicking_a_thumbnail_opens_that_seed_and_keys_move_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    open_browser(&mut h);
    let params = h.state().params().clone();
    for s in 0..24 {
        assert!(h.state().seed_browser().thumbnail(&params, s).is_some(), "thumbnail {s} rendered");
    }
    h.get_by_label("Seed 3").click();
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 3);
    assert_eq!(h.state().seed(), 3);
    h.key_press(egui::Key::ArrowRight);
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 4);
    h.key_press(egui::Key::PageDown);
    crate::common::settle(&mut h);
    assert!(h.state().seed_browser().thumbnail(&params, 24).is_some(), "next page rendered");
    // History: back to 3, forward to 4.
    h.get_by_label("< Back").click();
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 3);
    h.get_by_label("Forward >").click();
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 4);
}

#[test]
fn ctrl_b_shows_and_hides_the_seed_browser() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    assert!(!h.state().seed_browser().open);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
    crate::common::settle(&mut h);
    assert!(h.state().seed_browser().open);
    assert!(h.query_by_label("Seed 3").is_some(), "its thumbnails are on screen");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
    crate::common::settle(&mut h);
    assert!(!h.state().seed_browser().open);
}

#[test]
fn a_starred_seed_is_in_the_preset_file_after_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_with_star(&dir, 7);
    assert!(h.state().session().is_starred(7));
    let path = dir.path().join("kept.ron");
    h.state_mut().push(Command::File(FileCommand::SavePresetTo(path.clone())));
    crate::common::settle(&mut h);
    let preset = delve::io::load_preset(&path).unwrap();
    assert_eq!(preset.starred.iter().map(|s| s.seed).collect::<Vec<_>>(), vec![7]);
}

#[test]
fn unsaved_stars_are_never_dropped_silently() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_with_star(&dir, 7);
    assert!(h.state().stars_unsaved());
    let godot = PresetRef::Shipped("godot-part3".into());
    let other = PresetRef::Shipped("mcrogueface-part3".into());

    // Switching presets asks first; Cancel keeps the stars and the preset.
    h.state_mut().push(Command::Params(ParamsCommand::SelectPreset(other.clone())));
    crate::common::settle(&mut h);
    assert!(h.state().has_modal());
    h.get_by_label("Cancel").click();
    crate::common::settle(&mut h);
    assert!(!h.state().has_modal());
    assert!(h.state().session().is_starred(7));
    assert_eq!(h.state().preset(), Some(&godot));

    // Quitting keeps them: they come back with the editor's state.
    let mut storage = crate::common::MemoryStorage::default();
    h.state_mut().save_state(&mut storage);
    let mut h = editor_from(&dir, Some(&storage));
    assert!(h.state().session().is_starred(7));
    assert!(h.state().stars_unsaved(), "still not in a preset file");

    // Discard: the other preset, with its own (no) stars.
    h.state_mut().push(Command::Params(ParamsCommand::SelectPreset(other.clone())));
    crate::common::settle(&mut h);
    h.get_by_label("Discard changes").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().preset(), Some(&other));
    assert!(!h.state().session().is_starred(7));
    assert!(!h.state().stars_unsaved());
}

#[test]
fn stars_saved_in_a_preset_come_back_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_with_star(&dir, 5);
    let path = dir.path().join("kept.ron");
    h.state_mut().push(Command::File(FileCommand::SavePresetTo(path.clone())));
    crate::common::settle(&mut h);
    assert!(!h.state().stars_unsaved());
    // A restart with no saved stars (an older editor's state) shows the preset file's stars,
    // so saving the preset again keeps them.
    let mut storage = crate::common::MemoryStorage::default();
    h.state_mut().save_state(&mut storage);
    eframe::Storage::remove_string(&mut storage, "delve.starred");
    let mut h = editor_from(&dir, Some(&storage));
    assert_eq!(h.state().preset(), Some(&PresetRef::File(path.clone())));
    assert!(h.state().session().is_starred(5));
    assert!(!h.state().stars_unsaved());
    h.state_mut().push(Command::File(FileCommand::SavePresetTo(path.clone())));
    crate::common::settle(&mut h);
    assert_eq!(delve::io::load_preset(&path).unwrap().starred.len(), 1);
    // Switching away from a saved preset does not ask.
    h.state_mut().push(Command::Params(ParamsCommand::SelectPreset(PresetRef::Shipped("godot-part3".into()))));
    crate::common::settle(&mut h);
    assert!(!h.state().has_modal());
    assert!(!h.state().session().is_starred(5));
}

#[test]
fn compare_two_seeds_shows_two_panes_with_their_stats_and_linked_zoom() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    open_browser(&mut h);
    h.get_by_label("Seed 2").click();
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 2);
    // Compare on the seed shown: it and the next one (before, a lone pane of seed 2).
    h.get_by_label("Compare").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().compare().panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![2, 3]);
    h.state_mut().push(Command::Window(WindowCommand::Pane(1, PaneCommand::SetSeed(5))));
    crate::common::settle(&mut h);
    h.state_mut().push(Command::Window(WindowCommand::ShowSeedBrowser(false)));
    crate::common::settle(&mut h);
    let params = h.state().params().clone();
    let c = h.state().compare();
    assert!(c.open);
    assert_eq!(c.panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![2, 5]);
    for p in &c.panes {
        let map = generate(&params, p.seed).unwrap().map;
        let expected = Metrics::of(&map);
        assert_eq!(p.metrics, Some(expected));
        // The stats table shows the figures.
        assert!(h.query_by_label(&expected.longest_path.to_string()).is_some());
        // And those from play, as the player walks the map.
        let play = delve::play::exit_figures_of(&map, delve::measure::PLAY_SETTINGS).expect("the exit is reached");
        assert_eq!(p.value(delve::analysis::Stat::StepsToSeeExit), Some(f64::from(play.steps_to_see_exit)));
    }
    assert!(h.query_by_label("steps to see the exit").is_some() && h.query_by_label("seen on the way %").is_some());
    h.get_by_label("A: seed 2");
    h.get_by_label("B: seed 5");

    // Linked zoom: the wheel over pane A zooms pane B too.
    assert!(c.linked);
    let before: Vec<f32> = c.panes.iter().map(|p| p.view.transform.scale).collect();
    let at = c.panes[0].rect.center();
    h.hover_at(at);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: vec2(0.0, 3.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    for _ in 0..60 {
        h.step();
    }
    let c = h.state().compare();
    let after: Vec<f32> = c.panes.iter().map(|p| p.view.transform.scale).collect();
    assert!(after[0] > before[0] * 1.3, "{before:?} -> {after:?}");
    assert_eq!(after[0], after[1], "both panes zoomed together");
    assert_eq!(c.panes[0].view.transform.origin, c.panes[1].view.transform.origin);

    // Zoomed far out, a pane stops where the main view stops (one view transform for both):
    // at half the fitted scale, the map still on screen.
    h.hover_at(at);
    for _ in 0..40 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: vec2(0.0, -3.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    for _ in 0..30 {
        h.step();
    }
    let c = h.state().compare();
    let (pane, map) = (&c.panes[0], c.panes[0].map.as_ref().expect("pane A has its map"));
    let (least, _) = delve::app::ViewTransform::scale_limits(pane.rect, map.width(), map.height());
    assert!(pane.view.transform.scale >= least * 0.999, "{} < {least}", pane.view.transform.scale);
    assert!(pane.view.transform.scale <= least * 1.001, "zoomed out to the limit: {}", pane.view.transform.scale);

    // Promote pane B to the main map.
    h.get_all_by_label("Open in main").nth(1).unwrap().click();
    crate::common::settle(&mut h);
    assert_eq!(shown_seed(&h), 5);
}

#[test]
fn ab_parameters_list_the_differing_parameter() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    h.state_mut().push(Command::Params(ParamsCommand::SetSeedText("1".into())));
    h.state_mut().push(Command::Window(WindowCommand::ShowCompare(true)));
    crate::common::settle(&mut h);
    // It opens on the seed shown and the next one.
    assert_eq!(h.state().compare().panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![1, 2]);
    h.get_by_label("B has the parameters of A");
    h.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(5))));
    crate::common::settle(&mut h);
    // Add pane: the main view's parameters, on the next seed no pane shows.
    h.get_by_label("Add pane").click();
    crate::common::settle(&mut h);
    let c = h.state().compare();
    assert_eq!(c.panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_ne!(c.panes[0].params, c.panes[2].params);
    h.get_by_label("C: seed 3");
    h.get_by_label("C has Room attempts 5 (A: 30)");
    assert!(c.panes[2].metrics.is_some_and(|m| m.figures.rooms <= 5));
}

#[test]
fn changing_a_parameter_re_renders_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    open_browser(&mut h);
    h.state_mut().push(Command::Params(ParamsCommand::SetParam("max_rooms", ParamValue::Int(5))));
    crate::common::settle(&mut h);
    let params = h.state().params().clone();
    assert_eq!(params.params().get("max_rooms"), Some(ParamValue::Int(5)));
    for s in 0..24 {
        let t = h.state().seed_browser().thumbnail(&params, s).expect("re-rendered for the new parameters");
        assert!(t.metrics.figures.rooms <= 5);
    }
}

#[test]
fn the_window_keeps_drawing_while_100_tiendil_thumbnails_render() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    h.state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(delve::app::PresetRef::Shipped("tiendil-step6".into()))));
    crate::common::settle(&mut h);
    h.state_mut().seed_browser_mut().page.size = 100;
    h.state_mut().push(Command::Window(WindowCommand::ShowSeedBrowser(true)));
    let start = std::time::Instant::now();
    let (mut frames, mut slowest) = (0u32, std::time::Duration::ZERO);
    h.step();
    while h.state().is_busy() && start.elapsed().as_secs() < 60 {
        let t = std::time::Instant::now();
        h.step();
        slowest = slowest.max(t.elapsed());
        frames += 1;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let total = start.elapsed();
    eprintln!("100 tiendil-step6 thumbnails: {total:?}, {frames} frames drawn meanwhile, slowest {slowest:?}");
    assert!(!h.state().is_busy(), "rendering finished");
    assert!(frames >= 3, "frames kept coming while rendering ({frames} in {total:?})");
    assert!(slowest.as_millis() < 500, "slowest frame {slowest:?}");
    let params = h.state().params().clone();
    assert!(h.state().seed_browser().thumbnail(&params, 99).is_some());
}
