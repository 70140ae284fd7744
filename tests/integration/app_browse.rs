//! The seed browser and compare windows, driven through the real UI with egui_kittest.

use delve::app::{AppConfig, Command, DelveApp, ScriptedDialogs};
use egui::vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::Arc;

fn editor(dir: &tempfile::TempDir) -> Harness<'static, DelveApp> {
    let dialogs = Arc::new(ScriptedDialogs::new());
    let cfg = AppConfig { dialogs, open: None, user_presets_dir: Some(dir.path().join("presets")) };
    let app = DelveApp::new(cfg, None);
    let mut h = Harness::builder().with_size(vec2(1280.0, 800.0)).build_eframe(move |_cc| app);
    crate::common::settle(&mut h);
    h
}

fn shown_seed(h: &Harness<'static, DelveApp>) -> u64 {
    h.state().document().expect("a map is shown").map().provenance.seed
}

fn open_browser(h: &mut Harness<'static, DelveApp>) {
    h.state_mut().push(Command::ShowSeedBrowser(true));
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
fn a_starred_seed_is_in_the_preset_file_after_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    open_browser(&mut h);
    h.get_by_label("Seed 7").click();
    crate::common::settle(&mut h);
    h.get_by_label("Star").click();
    crate::common::settle(&mut h);
    assert!(h.state().seed_browser().is_starred(7));
    let path = dir.path().join("kept.ron");
    h.state_mut().push(Command::SavePresetTo(path.clone()));
    crate::common::settle(&mut h);
    let preset = delve::io::load_preset(&path).unwrap();
    assert_eq!(preset.starred.iter().map(|s| s.seed).collect::<Vec<_>>(), vec![7]);
}
