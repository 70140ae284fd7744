//! The stage list at the top of the parameter panel: the generator's stages in order, each on
//! or off, moved up or down, taken out or added back (the panel says what is wrong with the
//! list under it, as under an invalid value). Each change is one [`ParamsCommand::SetStages`], an undo step.

use super::Command;
use super::command::ParamsCommand;
use super::params_panel::PanelModel;
use crate::params::stages::{Stage, StageEntry};
use egui::WidgetInfo;

/// A button whose screen-reader label (and the one tests find it by) says what it does.
fn small(ui: &mut egui::Ui, enabled: bool, icon: &str, what: &str, hover: &str) -> bool {
    let r = ui.add_enabled(enabled, egui::Button::new(icon).small()).on_hover_text(hover);
    r.widget_info(|| WidgetInfo::labeled(egui::Role::Button, enabled, what));
    r.clicked()
}

/// Shows the list; pushes a [`ParamsCommand::SetStages`] for a change.
pub(super) fn stage_list_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    let params = m.session.params();
    let kind = params.kind();
    let entries = params.stages().entries(kind);
    let mut change: Option<(Vec<StageEntry>, String)> = None;
    let n = entries.len();
    egui::Grid::new(("stage list", kind.label())).num_columns(2).spacing([8.0, 2.0]).show(ui, |ui| {
        for (i, e) in entries.iter().enumerate() {
            let name = e.stage.name();
            let mut on = e.on;
            let mut hover = e.stage.job().to_string();
            if let Some(why) = e.stage.required() {
                hover.push_str(&format!("\n\nAlways on: {why}."));
            }
            if ui.checkbox(&mut on, name).on_hover_text(hover).changed() {
                let mut next = entries.clone();
                next[i].on = on;
                change = Some((next, format!("Stage {name} {}", if on { "on" } else { "off" })));
            }
            ui.horizontal(|ui| {
                if small(ui, i > 0, "Up", &format!("Move {name} up"), "Move up: runs earlier") {
                    let mut next = entries.clone();
                    next.swap(i - 1, i);
                    change = Some((next, format!("Move stage {name} up")));
                }
                if small(ui, i + 1 < n, "Down", &format!("Move {name} down"), "Move down: runs later") {
                    let mut next = entries.clone();
                    next.swap(i, i + 1);
                    change = Some((next, format!("Move stage {name} down")));
                }
                let hover = "Take out of the list (its parameters go back to their defaults; turn it off to keep them)";
                if small(ui, true, "×", &format!("Remove {name}"), hover) {
                    let mut next = entries.clone();
                    next.remove(i);
                    change = Some((next, format!("Remove stage {name}")));
                }
            });
            ui.end_row();
        }
    });
    ui.horizontal(|ui| {
        let missing: Vec<Stage> = Stage::listable(kind).filter(|s| !entries.iter().any(|e| e.stage == *s)).collect();
        ui.add_enabled_ui(!missing.is_empty(), |ui| {
            ui.menu_button("Add stage", |ui| {
                for stage in missing {
                    if ui.button(stage.name()).on_hover_text(stage.job()).clicked() {
                        change = Some((with_added(&entries, stage, kind), format!("Add stage {}", stage.name())));
                        ui.close();
                    }
                }
            })
            .response
            .on_hover_text("Add a stage of this generator back to the list, at its usual place")
            .on_disabled_hover_text("Every stage of this generator is in the list");
        });
        let standard = params.stages().is_standard();
        let reset = ui
            .add_enabled(!standard, egui::Button::new("Standard stages"))
            .on_hover_text("Every stage of this generator, on, in its usual order")
            .on_disabled_hover_text("The list is the generator's standard one");
        if reset.clicked() {
            let all = Stage::listable(kind).map(StageEntry::on).collect();
            change = Some((all, "Standard stages".to_string()));
        }
    });
    if let Some((next, label)) = change {
        out.push(Command::Params(ParamsCommand::SetStages(next, label)));
    }
}

/// `entries` with `stage` put back after the last listed stage that comes before it in the
/// generator's usual order.
fn with_added(entries: &[StageEntry], stage: Stage, kind: crate::params::GeneratorKind) -> Vec<StageEntry> {
    let before: Vec<Stage> = Stage::listable(kind).take_while(|s| *s != stage).collect();
    let at = entries.iter().rposition(|e| before.contains(&e.stage)).map_or(0, |i| i + 1);
    let mut next = entries.to_vec();
    next.insert(at, StageEntry::on(stage));
    next
}
