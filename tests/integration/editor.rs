//! The one app harness: the real editor under egui_kittest (headless, no GPU), with scripted file
//! dialogs and a temporary folder for every file.

use crate::common::MemoryStorage;
use crate::screen::{Painted, Uploads};
use delve::app::{AppConfig, DelveApp, ScriptedDialogs};
use delve::map::Map;
use egui::{Modifiers, Pos2, pos2, vec2};
use egui_kittest::Harness;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The editor, its scripted dialogs, its folder and the textures it uploaded.
pub struct Editor {
    pub harness: Harness<'static, DelveApp>,
    pub dialogs: Arc<ScriptedDialogs>,
    pub dir: tempfile::TempDir,
    pub uploads: Uploads,
}

/// The editor's harness and dialogs, with user presets in `dir/presets`, started from saved
/// state when there is some, opening `open` when given; settled.
pub fn harness(
    dir: &Path,
    open: Option<PathBuf>,
    storage: Option<&MemoryStorage>,
) -> (Harness<'static, DelveApp>, Arc<ScriptedDialogs>) {
    harness_built(dir, open, storage, Harness::builder().with_size(vec2(1280.0, 800.0)))
}

/// [`harness`] from a harness builder of the caller's (its size, missing glyphs allowed, …).
pub fn harness_built(
    dir: &Path,
    open: Option<PathBuf>,
    storage: Option<&MemoryStorage>,
    builder: egui_kittest::HarnessBuilder<DelveApp>,
) -> (Harness<'static, DelveApp>, Arc<ScriptedDialogs>) {
    harness_timed(dir, open, storage, builder, Duration::ZERO)
}

/// [`harness_built`] writing crash-recovery copies (in `dir/recovery`) at most every
/// `recovery_interval` (every change, in the other harnesses).
pub fn harness_timed(
    dir: &Path,
    open: Option<PathBuf>,
    storage: Option<&MemoryStorage>,
    builder: egui_kittest::HarnessBuilder<DelveApp>,
    recovery_interval: Duration,
) -> (Harness<'static, DelveApp>, Arc<ScriptedDialogs>) {
    let dialogs = Arc::new(ScriptedDialogs::new());
    let cfg = AppConfig {
        dialogs: dialogs.clone(),
        open,
        user_presets_dir: Some(dir.join("presets")),
        recovery_dir: Some(dir.join("recovery")),
        recovery_interval,
        guide_dir: dir.join("guide"),
    };
    let app = DelveApp::new(cfg, storage.map(|s| s as &dyn eframe::Storage));
    let mut h = builder.build_eframe(move |_cc| app);
    crate::common::settle(&mut h);
    (h, dialogs)
}

/// The editor's harness alone, in folder `dir` (for tests that keep the folder themselves).
pub fn harness_in(dir: &tempfile::TempDir) -> Harness<'static, DelveApp> {
    harness(dir.path(), None, None).0
}

/// The editor in a new temporary folder.
pub fn editor() -> Editor {
    editor_with(None, None)
}

/// The editor in a new temporary folder, opening `open`, from saved state.
pub fn editor_with(open: Option<PathBuf>, storage: Option<&MemoryStorage>) -> Editor {
    editor_in(tempfile::tempdir().unwrap(), open, storage)
}

/// The editor in folder `dir`.
pub fn editor_in(dir: tempfile::TempDir, open: Option<PathBuf>, storage: Option<&MemoryStorage>) -> Editor {
    editor_built(dir, open, storage, Harness::builder().with_size(vec2(1280.0, 800.0)))
}

/// The editor in folder `dir`, from a harness builder of the caller's, keeping what it uploads.
fn editor_built(
    dir: tempfile::TempDir,
    open: Option<PathBuf>,
    storage: Option<&MemoryStorage>,
    builder: egui_kittest::HarnessBuilder<DelveApp>,
) -> Editor {
    let uploads = Uploads::default();
    let (harness, dialogs) = harness_built(dir.path(), open, storage, builder.renderer(uploads.clone()));
    Editor { harness, dialogs, dir, uploads }
}

/// The editor on `map`, saved as `two.ron` in a new temporary folder and opened (1400×820).
pub fn editor_on(map: &Map) -> Editor {
    editor_on_built(map, Harness::builder().with_size(vec2(1400.0, 820.0)))
}

/// [`editor_on`] with a harness builder of the caller's.
pub fn editor_on_built(map: &Map, builder: egui_kittest::HarnessBuilder<DelveApp>) -> Editor {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.ron");
    delve::io::save_map(&path, map).unwrap();
    editor_built(dir, Some(path), None, builder)
}

impl Editor {
    /// Steps frames until no background job is left, then two more (results shown, layout settled).
    pub fn settle(&mut self) {
        crate::common::settle(&mut self.harness);
    }

    pub fn app(&self) -> &DelveApp {
        self.harness.state()
    }

    pub fn ascii(&self) -> String {
        self.app().document().expect("a map is shown").map().to_ascii()
    }

    pub fn key(&mut self, modifiers: Modifiers, key: egui::Key) {
        self.harness.key_press_modifiers(modifiers, key);
        self.settle();
    }

    /// The map shown.
    pub fn map(&self) -> &Map {
        self.app().document().expect("a map is shown").map()
    }

    /// Steps that Undo can take back.
    pub fn history_len(&self) -> usize {
        self.app().document().expect("a map is shown").history().undo_len()
    }

    /// The screen point at fractional tile position (x, y).
    pub fn at(&self, x: f32, y: f32) -> Pos2 {
        let v = self.app().view();
        v.transform.screen_from_tile(v.rect, pos2(x, y))
    }

    /// A primary click at `p`.
    pub fn click(&mut self, p: Pos2) {
        self.harness.hover_at(p);
        self.harness.step();
        self.harness.drag_at(p);
        self.harness.step();
        self.harness.drop_at(p);
        self.settle();
    }

    pub fn drag(&mut self, from: Pos2, to: Pos2) {
        self.drag_with(from, to, Modifiers::NONE);
    }

    /// A primary-button drag with `held` modifiers down all along.
    pub fn drag_with(&mut self, from: Pos2, to: Pos2, held: Modifiers) {
        if held != Modifiers::NONE {
            self.harness.event(egui::Event::ModifiersChanged(held));
        }
        self.harness.hover_at(from);
        self.harness.step();
        self.harness.drag_at(from);
        self.harness.step();
        for k in 1..=8 {
            self.harness.hover_at(from + (to - from) * (k as f32 / 8.0));
            self.harness.step();
        }
        self.harness.drop_at(to);
        if held != Modifiers::NONE {
            self.harness.step();
            self.harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
        }
        self.settle();
    }

    /// The colour the map view's own texture (as uploaded) has at tile `p`.
    pub fn texel(&self, p: delve::geom::Pos) -> egui::Color32 {
        let (id, tiles) =
            self.app().view().texture_chunks().find(|(_, r)| r.contains(p)).expect("a chunk covers the tile");
        let (x, y) = ((p.x - tiles.x) as usize, (p.y - tiles.y) as usize);
        self.uploads.texel(id, x, y).expect("the chunk's texture was uploaded")
    }

    /// The shapes painted in the last frame.
    pub fn painted(&self) -> Painted {
        Painted::of(&self.harness.output().shapes)
    }

    /// The screen rectangle of the tiles of `r`.
    pub fn screen_rect(&self, r: delve::geom::Rect) -> egui::Rect {
        egui::Rect::from_min_max(self.at(r.x as f32, r.y as f32), self.at(r.right() as f32, r.bottom() as f32))
    }

    /// The centre of the map view, in screen points.
    pub fn view_centre(&self) -> Pos2 {
        self.app().view().rect.center()
    }

    /// Clicks `item` in the menu (or tool bar menu button) `menu`, as a user does: open, click,
    /// and the menu closes.
    pub fn menu(&mut self, menu: &str, item: &str) {
        use egui_kittest::kittest::Queryable;
        self.harness.get_by_label(menu).click();
        self.settle();
        // A menu entry with a shortcut is labelled with it ("Undo Ctrl+Z").
        match self.harness.query_by_label(item) {
            Some(node) => node.click(),
            None => self.harness.get_by_label_contains(item).click(),
        }
        self.settle();
        if self.harness.query_by_label_contains(item).is_some() {
            // Checkboxes leave their menu open: close it.
            self.harness.key_press(egui::Key::Escape);
            self.settle();
        }
    }

    /// Turns the map layer `name` on or off (the *Layers* menu of the tool bar).
    pub fn layer(&mut self, name: &str) {
        self.menu("Layers", name);
    }
}
