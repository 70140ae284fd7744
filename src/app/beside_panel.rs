//! The parameter panel's "Part beside" section: a second generator's map laid beside this one
//! and joined to it (a hybrid map). The part is any shipped preset's generator, on the east or
//! south side, joined by a number of corridors; its own parameters are the preset's.

use super::Command;
use super::params_panel::{PanelModel, issue_ui};
use crate::app::command::ParamsCommand;
use crate::generate::stages::Stage;
use crate::io::SHIPPED_PRESETS;
use crate::params::GeneratorParams;
use crate::params::beside::{BESIDE, Beside, MAX_JOINS, Side};
use egui::RichText;
use std::sync::OnceLock;

/// The section, under the stage's place in the list (`on`: the stage runs). Folded while there
/// is no part.
pub fn beside_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, on: bool, out: &mut Vec<Command>) {
    let part = m.session.params().beside();
    let wrong = m.issues.iter().any(|i| i.field == BESIDE);
    let title = match (on, part.is_some()) {
        (false, _) => "Part beside (stage off)",
        (true, true) => "Part beside",
        (true, false) => "Part beside (none)",
    };
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("part beside", part.is_some()))
        .default_open(part.is_some())
        .open(wrong.then_some(true))
        .show(ui, |ui| {
            ui.weak("A second generator's map beside this one, joined by corridors: one hybrid map.");
            part_picker_ui(ui, part, out);
            if let Some(b) = part {
                ui.horizontal(|ui| {
                    ui.label("Side");
                    for side in Side::ALL {
                        if ui.selectable_label(b.side == side, side.label()).clicked() && b.side != side {
                            let label = format!("Part beside on the {} side", side.label());
                            out.push(set(Some(Beside { side, ..b.clone() }), label));
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Joins");
                    let mut joins = b.joins;
                    let drag = egui::DragValue::new(&mut joins).range(1..=MAX_JOINS).suffix(" corridors");
                    let r = ui.add(drag).on_hover_text(
                        "Corridors joining the part's rooms nearest the seam to this map's nearest rooms, at most",
                    );
                    if r.changed() && joins != b.joins {
                        out.push(set(Some(Beside { joins, ..b.clone() }), format!("Part beside joined by {joins}")));
                    }
                });
                let size =
                    b.generator.map_size().map_or("its size grown to fit".to_string(), |(w, h)| format!("{w}×{h}"));
                ui.weak(format!("{}, {size}: its parameters are the preset's.", b.generator.kind().label()));
            }
            issue_ui(ui, &m.issues.iter().filter(|i| i.field == BESIDE).collect::<Vec<_>>());
        })
        .header_response
        .on_hover_text(Stage::Beside.job());
}

/// The shipped presets a part may be (those without a part of their own), read once.
fn parts() -> &'static [(&'static str, GeneratorParams)] {
    static PARTS: OnceLock<Vec<(&'static str, GeneratorParams)>> = OnceLock::new();
    PARTS.get_or_init(|| {
        SHIPPED_PRESETS
            .iter()
            .filter_map(|(name, _)| Some((*name, crate::io::shipped_preset(name)?.ok()?.generator)))
            .filter(|(_, g)| g.beside().is_none())
            .collect()
    })
}

/// The part's generator: none, or a shipped preset's.
fn part_picker_ui(ui: &mut egui::Ui, part: Option<&Beside>, out: &mut Vec<Command>) {
    let shown = part.map_or("None".to_string(), |b| {
        parts()
            .iter()
            .find(|(_, g)| *g == b.generator)
            .map_or_else(|| format!("{} (own parameters)", b.generator.kind().label()), |(name, _)| (*name).to_string())
    });
    egui::ComboBox::from_label("Part").selected_text(shown).show_ui(ui, |ui| {
        if ui.selectable_label(part.is_none(), "None").clicked() && part.is_some() {
            out.push(set(None, "No part beside".into()));
        }
        for (name, generator) in parts() {
            if ui.selectable_label(part.is_some_and(|b| b.generator == *generator), *name).clicked() {
                let side = part.map_or(Side::East, |b| b.side);
                let joins = part.map_or(2, |b| b.joins);
                let generator = generator.clone();
                out.push(set(Some(Beside { side, joins, generator }), format!("Part beside: {name}")));
            }
        }
    });
}

fn set(b: Option<Beside>, label: String) -> Command {
    Command::Params(ParamsCommand::SetBeside(b.map(Box::new), label))
}
