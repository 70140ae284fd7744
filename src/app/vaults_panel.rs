//! The parameter panel's vaults section: the vault libraries (add, remove, read again), the
//! settings of the Vaults stage, and each vault read from them with its own count and chance.

use super::Command;
use super::dialogs::DialogPurpose;
use super::params_panel::{PanelModel, issue_ui, param_grid_ui};
use crate::app::command::{FileCommand, ParamsCommand};
use crate::generate::stages::Stage;
use crate::params::ParamSpec;
use crate::params::vaults::{LIBRARIES, MAX_COUNT};
use egui::RichText;

/// The section, under the Vaults stage's place in the list (`on`: the stage runs); `specs`
/// are the stage's settings. Folded while no library is named.
pub fn vaults_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, on: bool, specs: &[&ParamSpec], out: &mut Vec<Command>) {
    let v = m.session.params().vaults();
    let named = !v.libraries.is_empty();
    let wrong = m.issues.iter().any(|i| i.field == LIBRARIES);
    let title = match (on, named) {
        (false, _) => "Vaults (stage off)",
        (true, true) => "Vaults",
        (true, false) => "Vaults (no library)",
    };
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("vaults", named))
        .default_open(named)
        .open(wrong.then_some(true))
        .show(ui, |ui| {
            ui.weak("Hand-made rooms from Delve maps, placed in free rock (carved into the map where none is left) and joined to the nearest room.");
            for (i, name) in v.libraries.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(name).monospace()).on_hover_text(
                        "A Delve map: its rooms marked as vaults (Inspector › Vault), or every room when it \
                         marks none. Named from the preset's folder.",
                    );
                    if ui.small_button("Remove").on_hover_text("Take this library out of the preset").clicked() {
                        out.push(Command::Params(ParamsCommand::RemoveVaultLibrary(i)));
                    }
                });
            }
            ui.horizontal(|ui| {
                let add = ui.button("Add library…").on_hover_text(
                    "Choose a Delve map whose rooms become vaults: draw them in the editor, tick Vault in the \
                     inspector, save, and add the map here",
                );
                if add.clicked() {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::AddVaultLibrary)));
                }
                let again = ui.add_enabled(named, egui::Button::new("Read again"));
                if again.on_hover_text("Read the libraries again, after changing one").clicked() {
                    out.push(Command::Params(ParamsCommand::ReloadVaultLibraries));
                }
            });
            issue_ui(ui, &m.issues.iter().filter(|i| i.field == LIBRARIES).collect::<Vec<_>>());
            param_grid_ui(ui, m, "vaults", specs, out);
            vault_rows_ui(ui, m, out);
        })
        .header_response
        .on_hover_text(Stage::Vaults.job());
}

/// Each vault read, with its size, count and chance (a change is a rule of its own).
fn vault_rows_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    let v = m.session.params().vaults();
    if v.loaded.vaults.is_empty() {
        return;
    }
    egui::Grid::new("each vault").num_columns(4).spacing([8.0, 4.0]).striped(true).show(ui, |ui| {
        ui.strong("Vault");
        ui.strong("Size");
        ui.strong("Count");
        ui.strong("Chance");
        ui.end_row();
        for vault in v.loaded.vaults.iter() {
            let (count, chance) = v.rule_of(&vault.name);
            let own = v.each.iter().any(|r| r.name == vault.name);
            let name = if own { RichText::new(&vault.name).strong() } else { RichText::new(&vault.name) };
            ui.label(name).on_hover_text(format!(
                "{} floor tiles, {} entrance(s); bold: its own count and chance",
                vault.cells.len(),
                vault.entrances.len().max(1)
            ));
            ui.label(format!("{}×{}", vault.width, vault.height));
            let (mut c, mut p) = (count, chance);
            let changed = ui.add(egui::DragValue::new(&mut c).range(0..=MAX_COUNT)).changed()
                | ui.add(egui::DragValue::new(&mut p).range(0.0..=1.0).speed(0.01).max_decimals(2)).changed();
            if changed && (c, p) != (count, chance) {
                out.push(Command::Params(ParamsCommand::SetVaultRule(vault.name.clone(), c, p)));
            }
            ui.end_row();
        }
    });
}
