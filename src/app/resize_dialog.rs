//! The *Map ▸ Resize* dialog: the new size, where the old map sits on it (a corner, an edge's
//! middle or the centre), and what the new edge would cut, worked out when a value changes.
//! *Resize* is one undoable edit ([`crate::edit::Op::Resize`]).

use super::{Command, EditCommand};
use crate::edit::resize::{Anchor, resize};
use crate::map::Map;

/// The dialog's own state while open.
#[derive(Clone, Debug, PartialEq)]
pub struct ResizeDialog {
    pub width: u32,
    pub height: u32,
    pub anchor: Anchor,
    /// What the edge would cut, for (width, height, anchor).
    preview: Option<((u32, u32, Anchor), Preview)>,
}

/// What resizing would cut (`None`: nothing), or why the size cannot be had.
type Preview = Result<Option<String>, String>;

impl ResizeDialog {
    pub fn new(map: &Map) -> Self {
        ResizeDialog { width: map.width(), height: map.height(), anchor: Anchor::CENTRE, preview: None }
    }
}

const ANCHORS: [[(&str, Anchor); 3]; 3] = [
    [("Top left", Anchor { x: 0, y: 0 }), ("Top", Anchor { x: 1, y: 0 }), ("Top right", Anchor { x: 2, y: 0 })],
    [("Left", Anchor { x: 0, y: 1 }), ("Centre", Anchor { x: 1, y: 1 }), ("Right", Anchor { x: 2, y: 1 })],
    [
        ("Bottom left", Anchor { x: 0, y: 2 }),
        ("Bottom", Anchor { x: 1, y: 2 }),
        ("Bottom right", Anchor { x: 2, y: 2 }),
    ],
];

/// The dialog over `map`; returns the command it ends with (`None` while it stays open), and
/// whether it is still open.
pub fn resize_ui(ctx: &egui::Context, d: &mut ResizeDialog, map: &Map) -> (Option<Command>, bool) {
    let mut out = None;
    let mut open = true;
    let r = egui::Modal::new(egui::Id::unique("delve-resize")).show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading("Resize map");
        ui.label(format!(
            "Now {}×{} tiles. A larger map is padded with rock; a smaller one is cropped.",
            map.width(),
            map.height()
        ));
        ui.add_space(4.0);
        super::document::size_fields_ui(ui, "resize-size", &mut d.width, &mut d.height);
        ui.add_space(4.0);
        ui.label("Keep the map at");
        egui::Grid::new("resize-anchor").num_columns(3).show(ui, |ui| {
            for row in ANCHORS {
                for (name, a) in row {
                    ui.radio_value(&mut d.anchor, a, name);
                }
                ui.end_row();
            }
        });
        let key = (d.width, d.height, d.anchor);
        if d.preview.as_ref().is_none_or(|(k, _)| *k != key) {
            let said = resize(map, d.width, d.height, d.anchor).map(|r| r.report()).map_err(|e| e.to_string());
            d.preview = Some((key, said));
        }
        let mut ok = false;
        match d.preview.as_ref().map(|(_, p)| p) {
            Some(Ok(None)) => {
                ui.weak("Nothing is cut.");
                ok = true;
            }
            Some(Ok(Some(cut))) => {
                ui.colored_label(ui.visuals().warn_fg_color, cut);
                ok = true;
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            None => {}
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(ok, egui::Button::new("Resize"))
                .on_hover_text("One step: Undo brings the map back")
                .clicked()
            {
                let op = crate::edit::Op::Resize { width: d.width, height: d.height, anchor: d.anchor };
                out = Some(Command::Edit(EditCommand::Perform(op)));
                open = false;
            }
            if ui.button("Cancel").clicked() {
                open = false;
            }
        });
    });
    (out, open && !r.should_close())
}
