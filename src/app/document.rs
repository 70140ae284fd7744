//! The one document the editor shows, and the one place it is replaced.
//!
//! **The rule.** The parameter panel (generator, parameters, seed, and the preset or map file
//! they came from), the window title, the file a save writes to and the map on screen always
//! belong to one document:
//! - Opening a map, *File ▸ New* and restoring a crash-recovery copy start a new document with a
//!   history of its own (unsaved work is asked about first); they are never an undo step.
//! - A regeneration (a new seed, parameter, preset or generator, *Regenerate*, a seed opened
//!   from the browser or a compare pane) is the next state of the same document: one undo step,
//!   and the document keeps its file. Undo brings back the map before *and* the panel that
//!   made it — its parameters, seed and preset — and Redo the other way. So regenerating never
//!   asks: nothing is lost that Undo cannot bring back.
//! - A regeneration that cannot be made changes nothing: the panel goes back to the map on
//!   screen.
//! - Only *Save as* changes the file a document saves to.
//!
//! [`DelveApp::replace_document`] is the only place a map is installed, with the same
//! bookkeeping each time; the panel of each state a regeneration left or reached is kept in
//! [`Panels`], owned here.

pub use crate::edit::document::{Document, MapIndex, Origin};

use super::DelveApp;
use super::session::Panel;
use super::textures::Prebuilt;

/// How a map comes to be shown.
pub(super) enum Replacement {
    /// A new document with a history of its own (opened, new, restored); the notice to show.
    /// The dungeon open, if any, is closed.
    New(String),
    /// A floor of the open dungeon shown (its own document, with its history): as
    /// [`Replacement::New`], the dungeon staying open.
    Floor(String),
    /// The next state of the same document (a regeneration): one undo step labelled `label`
    /// (shared by the regenerations of one `gesture`, a slider drag); `panel` made the map.
    Next { label: String, gesture: Option<crate::edit::Interaction>, panel: Box<Panel> },
}

/// The panel of each state of the document that a regeneration left or reached, by the state's
/// serial ([`Document::state`]), and the panel of the map on screen.
#[derive(Debug, Default)]
pub(super) struct Panels {
    current: Option<Panel>,
    by_state: Vec<(u64, Panel)>,
}

impl Panels {
    fn at(&self, state: u64) -> Option<&Panel> {
        self.by_state.iter().find(|(s, _)| *s == state).map(|(_, p)| p)
    }

    fn record(&mut self, state: u64, panel: Panel) {
        self.by_state.retain(|(s, _)| *s != state);
        self.by_state.push((state, panel));
    }

    /// Renames the map file the panels came from (the document was saved as another file).
    pub(super) fn map_renamed(&mut self, name: &str) {
        for p in self.current.iter_mut().chain(self.by_state.iter_mut().map(|(_, p)| p)) {
            p.map_renamed(name);
        }
    }
}

impl DelveApp {
    /// Shows `doc`: the one place a document is installed (see the module doc). `textures` were
    /// made for it on a worker.
    pub(super) fn replace_document(&mut self, mut doc: Document, how: Replacement, textures: Option<Prebuilt>) {
        let closes_dungeon = matches!(how, Replacement::New(_));
        match how {
            Replacement::New(notice) | Replacement::Floor(notice) => {
                if closes_dungeon {
                    self.dungeon = None;
                }
                self.message = None;
                self.supersede_generation();
                self.panels = Panels::default();
                self.panels.record(doc.state(), self.session.panel());
                self.panels.current = Some(self.session.panel());
                self.notify(notice);
            }
            Replacement::Next { label, gesture, panel } => {
                if let Some(old) = self.doc.take() {
                    if let Some(current) = self.panels.current.take()
                        && self.panels.at(old.state()).is_none()
                    {
                        self.panels.record(old.state(), current);
                    }
                    doc.inherit_history_in(old, &label, gesture);
                }
                self.panels.record(doc.state(), (*panel).clone());
                self.panels.current = Some(*panel);
                let reachable: Vec<u64> = doc.history().serials().collect();
                self.panels.by_state.retain(|(s, _)| reachable.contains(s));
            }
        }
        self.gen_state.made_around = doc.map().provenance.kept.is_some().then(|| doc.revision());
        if self.message.as_ref().is_some_and(|m| m.about != super::About::Other) {
            self.message = None; // About the map that was on screen.
        }
        self.provenance_check = None;
        self.tools.forget_document();
        if let Some(t) = textures {
            self.view.offer_textures(doc.revision(), t);
        }
        self.doc = Some(doc);
    }

    /// After undo or redo: when the state reached was made with another panel than the map that
    /// was on screen (the step crossed a regeneration), the panel goes back to it.
    pub(super) fn follow_panel(&mut self) {
        let Some(doc) = &self.doc else { return };
        let Some(p) = self.panels.at(doc.state()) else { return };
        if self.panels.current.as_ref() != Some(p) {
            let p = p.clone();
            self.session.show_panel(&p);
            self.panels.current = Some(p);
        }
    }

    /// A regeneration could not be made: the panel goes back to the map on screen (when it
    /// follows the map, i.e. with auto-regeneration; otherwise it holds changes not yet applied).
    pub(super) fn panel_back_to_map(&mut self) {
        if !self.prefs.auto_regenerate {
            return;
        }
        if let Some(p) = self.panels.current.clone() {
            self.session.show_panel(&p);
        }
    }
}

/// The *File ▸ New map* dialog: the size of the blank map to start (its own state while open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewMapDialog {
    pub width: u32,
    pub height: u32,
}

/// A map size's two fields (*New map*, *Resize*): a side of 1 to [`crate::map::MAX_SIDE`] tiles,
/// taken when entered.
pub(super) fn size_fields_ui(ui: &mut egui::Ui, id: &str, width: &mut u32, height: &mut u32) {
    use crate::map::MAX_SIDE;
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        for (name, v) in [("Width", width), ("Height", height)] {
            ui.label(name);
            ui.add(egui::DragValue::new(v).update_while_editing(false).range(1..=MAX_SIDE).suffix(" tiles"));
            ui.end_row();
        }
    });
}

/// The *New map* dialog; returns the command it ends with (`None` while it stays open), and
/// whether it is still open.
pub fn new_map_ui(ctx: &egui::Context, d: &mut NewMapDialog) -> (Option<super::Command>, bool) {
    use crate::map::MAX_TILES;
    let mut out = None;
    let mut open = true;
    let r = egui::Modal::new(egui::Id::unique("delve-new-map")).show(ctx, |ui| {
        ui.set_width(360.0);
        ui.heading("New map");
        ui.label("A blank map of solid rock to draw on by hand (or to regenerate).");
        ui.add_space(4.0);
        size_fields_ui(ui, "new-map-size", &mut d.width, &mut d.height);
        let fits = u64::from(d.width) * u64::from(d.height) <= MAX_TILES;
        if !fits {
            ui.colored_label(ui.visuals().error_fg_color, format!("At most {MAX_TILES} tiles in all (4096 × 4096)."));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.add_enabled(fits, egui::Button::new("Create")).clicked() {
                out = Some(super::FileCommand::NewMap(d.width, d.height).into());
                open = false;
            }
            if ui.button("Cancel").clicked() {
                open = false;
            }
        });
    });
    (out, open && !r.should_close())
}
