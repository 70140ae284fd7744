//! The left panel: generator and preset pickers, every parameter of the chosen generator (built
//! from its [`ParamSpec`]s, so a new generator appears without changes here), the seed, and what
//! the last generation produced. It reads the app's state and pushes [`Command`]s; it changes
//! nothing itself.

use super::Command;
use super::dialogs::DialogPurpose;
use super::document::{Document, Origin};
use super::param_field::{field_ui, range_help, show_value};
use super::session::Session;
use super::shortcuts::{Action, with_key};
use crate::app::command::{FileCommand, ParamsCommand};
use crate::generate::stages::Stage;
use crate::params::vaults::LIBRARIES;
use crate::params::{GeneratorKind, ParamIssue, ParamSpec};
use crate::words::{capitalised, count, percent};
use egui::{Color32, RichText};

/// A preset in the picker.
#[derive(Clone, Debug, PartialEq)]
pub struct PresetEntry {
    pub source: super::PresetRef,
    /// What the picker shows.
    pub label: String,
    /// Tooltip (notes, path).
    pub detail: String,
}

/// What the panel shows.
pub struct PanelModel<'a> {
    /// Parameters, seed, preset, and the notes of values set to the nearest allowed one.
    pub session: &'a Session,
    pub issues: &'a [ParamIssue],
    pub auto_regenerate: bool,
    pub presets: &'a [PresetEntry],
    /// What the preset picker shows: the preset or map the parameters came from, "(modified)".
    pub preset_text: String,
    pub doc: Option<&'a Document>,
    pub generating: bool,
    /// Name of a known preset whose parameters produced the document, if any.
    pub provenance_preset: Option<String>,
    /// What "regenerate from provenance" found, if it ran.
    pub provenance_check: Option<&'a (bool, String)>,
}

/// Width of the label column.
const LABEL_W: f32 = 132.0;
/// Width of the label column of the generator and preset pickers (short labels: the pickers
/// get the width, so the usual preset names show whole).
const PICKER_LABEL_W: f32 = 72.0;

/// Width of the widget column, fixed from the panel's width (a width taken from the grid cell
/// would feed back into the grid and grow the panel every frame).
fn field_width(ui: &egui::Ui) -> f32 {
    (ui.available_width() - LABEL_W - 16.0).max(120.0)
}

fn section_ui(ui: &mut egui::Ui, title: &str) {
    ui.add_space(6.0);
    ui.label(RichText::new(title).strong().size(15.0));
    ui.separator();
}

/// Shows the panel.
pub fn params_panel_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.spacing_mut().item_spacing.y = 5.0;
        generator_ui(ui, m, out);
        section_ui(ui, "Parameters");
        parameters_ui(ui, m, out);
        section_ui(ui, "Seed & regeneration");
        seed_ui(ui, m, out);
        section_ui(ui, "Result");
        result_ui(ui, m);
        if let Some(doc) = m.doc {
            provenance_ui(ui, m, doc, out);
        }
        ui.add_space(8.0);
    });
}

fn generator_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    let fw = (ui.available_width() - PICKER_LABEL_W - 16.0).max(120.0);
    let grid = egui::Grid::new("generator-grid").num_columns(2).min_col_width(PICKER_LABEL_W).spacing([8.0, 6.0]);
    grid.show(ui, |ui| {
        let label = ui.label("Generator");
        let current = m.session.params().kind();
        let r = fitted(ui, fw, egui::ComboBox::from_id_salt("generator").selected_text(current.label()), |ui| {
            for kind in GeneratorKind::ALL {
                if ui.selectable_label(*kind == current, kind.label()).clicked() && *kind != current {
                    out.push(Command::Params(ParamsCommand::SetGenerator(*kind)));
                }
            }
        });
        r.labelled_by(label.id).on_hover_text(format!("{}: the algorithm that builds the map.", current.label()));
        ui.end_row();

        let label = ui.label("Preset");
        // Tall enough for every shipped preset and several of the user's without scrolling.
        let combo = egui::ComboBox::from_id_salt("preset").selected_text(m.preset_text.as_str()).height(480.0);
        let r = fitted(ui, fw, combo, |ui| {
                let mut user = false;
                for e in m.presets {
                    if !user && matches!(e.source, super::PresetRef::File(_)) {
                        user = true;
                        ui.separator();
                        ui.label(RichText::new("Your presets").weak());
                    }
                    let selected = m.session.preset() == Some(&e.source);
                    if ui.selectable_label(selected, &e.label).on_hover_text(&e.detail).clicked() {
                        out.push(Command::Params(ParamsCommand::SelectPreset(e.source.clone())));
                    }
                }
            });
        r.labelled_by(label.id).on_hover_text(format!(
            "{}\n\nShipped presets, then the presets you loaded or saved. Picking one sets every parameter and the seed.",
            m.preset_text
        ));
        ui.end_row();
    });
    if let Some(doc) = m.doc.filter(|d| *d.origin() == Origin::Opened && d.map().provenance.params.is_none()) {
        ui.label(
            RichText::new(format!(
                "{} has no parameters (not generated by Delve): the panel keeps the session's.",
                doc.display_name()
            ))
            .weak(),
        );
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Load preset…").on_hover_text("Read a preset file (RON)").clicked() {
            out.push(Command::File(FileCommand::Dialog(DialogPurpose::LoadPreset)));
        }
        if ui.button("Save preset as…").on_hover_text("Save these parameters and seed as a preset file (RON)").clicked()
        {
            out.push(Command::File(FileCommand::Dialog(DialogPurpose::SavePreset)));
        }
        if ui
            .add_enabled(m.session.params_differ(), egui::Button::new("Revert"))
            .on_hover_text("The parameters as the preset (or map file) holds them; Undo brings yours back")
            .on_disabled_hover_text("The parameters are the preset's as saved")
            .clicked()
        {
            out.push(Command::Params(ParamsCommand::RevertParams));
        }
    });
}

/// A combo box exactly `width` wide whose shown text is cut short with "…" when longer (the
/// panel's width is the user's, never the label's; the tooltip gives the whole text).
pub(super) fn fitted(
    ui: &mut egui::Ui,
    width: f32,
    combo: egui::ComboBox<'_>,
    menu: impl FnOnce(&mut egui::Ui),
) -> egui::Response {
    ui.scope(|ui| {
        ui.set_max_width(width);
        combo.width(width).truncate().show_ui(ui, menu).response
    })
    .inner
}

pub(super) fn issue_ui(ui: &mut egui::Ui, issues: &[&ParamIssue]) {
    for i in issues {
        ui.label(RichText::new(i.message.clone()).color(ui.visuals().error_fg_color));
    }
}

fn parameters_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    let specs = m.session.params().params().specs();
    // The role rules (shared by every generator) fold away under their own header, open when
    // one is on.
    let is_role = |s: &&ParamSpec| crate::params::roles::is_rule(s.key);
    let (roles, own): (Vec<&ParamSpec>, Vec<&ParamSpec>) = specs.iter().partition(is_role);
    let kind = m.session.params().kind();
    let stages = m.session.params().stages().entries(kind);
    // Folded at first while the list is the generator's standard one (most tuning never
    // changes it); the title says when it is not, and its tooltip lists the stages.
    let standard = m.session.params().stages().is_standard();
    let title = if standard { "Stage list" } else { "Stage list (changed)" };
    // Open when the list changes or comes changed from a file, and while something is wrong
    // with it.
    let wrong = m.issues.iter().any(|i| i.field == "stages");
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("stage list", kind.label(), standard))
        .default_open(!standard)
        .open(wrong.then_some(true))
        .show(ui, |ui| super::stage_list::stage_list_ui(ui, m, out))
        .header_response
        .on_hover_ui(|ui| {
            // Written only while hovered.
            let chain: Vec<String> = stages
                .iter()
                .map(|e| if e.on { e.stage.name().to_string() } else { format!("({} off)", e.stage.name()) })
                .collect();
            ui.label(format!(
                "The stages this generator runs, in order: turn one off, move it, take it out or add it back.\n\n{}",
                chain.join(" → ")
            ));
        });
    // What is wrong with the list, under it (folded or not).
    issue_ui(ui, &m.issues.iter().filter(|i| i.field == "stages").collect::<Vec<_>>());
    // The generator's own parameters under the stage that reads them, in the list's order (a
    // stage taken out of the list shows none).
    for entry in &stages {
        let stage = entry.stage;
        let here: Vec<&ParamSpec> =
            own.iter().copied().filter(|s| Stage::of_param(kind, s.key) == Some(stage)).collect();
        if stage == Stage::Vaults {
            super::vaults_panel::vaults_ui(ui, m, entry.on, &here, out);
            continue;
        }
        if stage == Stage::Beside {
            super::beside_panel::beside_ui(ui, m, entry.on, out);
            continue;
        }
        if here.is_empty() {
            continue;
        }
        let title = if entry.on { stage.name().to_string() } else { format!("{} (off)", stage.name()) };
        let header = egui::CollapsingHeader::new(RichText::new(title).strong())
            .id_salt(("stage", stage.name(), kind.label()))
            .default_open(true);
        header.show(ui, |ui| param_grid_ui(ui, m, stage.name(), &here, out)).header_response.on_hover_text(stage.job());
    }
    let loose: Vec<&ParamSpec> = own.iter().copied().filter(|s| Stage::of_param(kind, s.key).is_none()).collect();
    param_grid_ui(ui, m, "params", &loose, out);
    let roles_stage = stages.iter().find(|e| e.stage == Stage::Roles);
    if let Some(stage) = roles_stage.filter(|_| !roles.is_empty()) {
        // Open whenever the rules are turned on (a map or preset with rules opens with them in
        // view); the title says whether any is on while folded.
        let on = !m.session.params().roles().is_off();
        let title = match (stage.on, on) {
            (false, _) => "Room roles (stage off)",
            (true, true) => "Room roles",
            (true, false) => "Room roles (off)",
        };
        let header = egui::CollapsingHeader::new(title).id_salt(("room roles", on)).default_open(on);
        header.show(ui, |ui| param_grid_ui(ui, m, "role rules", &roles, out)).header_response.on_hover_text(
            "Rules for naming rooms after generation: entrance, exit, treasure, guard and side rooms \
             (Colour rooms › by role shows them)",
        );
    }
    let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
    let other: Vec<&ParamIssue> = m
        .issues
        .iter()
        .filter(|i| {
            !known.contains(&i.field) && !["stages", LIBRARIES, crate::params::beside::BESIDE].contains(&i.field)
        })
        .collect();
    issue_ui(ui, &other);
}

/// One grid of parameters, a row each: label (right-click resets) and field.
pub(super) fn param_grid_ui(
    ui: &mut egui::Ui,
    m: &PanelModel<'_>,
    id: &str,
    specs: &[&ParamSpec],
    out: &mut Vec<Command>,
) {
    let p = m.session.params().params();
    let fw = field_width(ui);
    egui::Grid::new((id, m.session.params().kind().label()))
        .num_columns(2)
        .min_col_width(LABEL_W)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for &spec in specs {
                let Some(value) = p.get(spec.key) else { continue };
                let issues: Vec<&ParamIssue> = m.issues.iter().filter(|i| i.field == spec.key).collect();
                let mut text = RichText::new(spec.label);
                if !issues.is_empty() {
                    text = text.color(ui.visuals().error_fg_color);
                }
                let default = p.default_value(spec.key);
                let reset = if default.is_some() { " Right-click to reset." } else { "" };
                let hover = format!("{}\n\n{}{reset}", spec.help, range_help(spec, None, default));
                let label = ui.add(egui::Label::new(text).sense(egui::Sense::click())).on_hover_text(hover);
                if let Some(d) = default {
                    label.context_menu(|ui| {
                        let reset = egui::Button::new(format!("Reset to default ({})", show_value(spec, d)));
                        if ui.add_enabled(d != value, reset).clicked() {
                            out.push(Command::Params(ParamsCommand::SetParam(spec.key, d)));
                            ui.close();
                        }
                    });
                }
                let r = ui.vertical(|ui| {
                    ui.set_max_width(fw);
                    match field_ui(ui, spec, value, default, label.id, fw) {
                        Some((v, Some(gesture))) => out.push(ParamsCommand::DragParam(gesture, spec.key, v).into()),
                        Some((v, None)) => out.push(ParamsCommand::SetParam(spec.key, v).into()),
                        None => {}
                    }
                    issue_ui(ui, &issues);
                    if let Some(note) = m.session.clamp_note(spec.key) {
                        ui.label(RichText::new(note).color(ui.visuals().warn_fg_color));
                    }
                });
                let _ = r;
                ui.end_row();
            }
        });
}

/// The seed tooltip: the rule that turns text into a seed.
pub const SEED_HELP: &str = "The seed picks which map these parameters make: the same parameters and seed give \
the same map on every machine, here and in `delve generate --seed`.\n\n\
Type a whole number (0 to 18446744073709551615) to use it as is, or any text (a word, a date) to use the \
64-bit FNV-1a hash of its UTF-8 bytes, after trimming spaces at either end. Both rules are stable across \
versions.\n\nKeys: R a random seed, the Left and Right arrows the previous or next seed (when no field has the keyboard).";

fn seed_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        let label = ui.label("Seed").on_hover_text(SEED_HELP);
        let mut text = m.session.seed_text().to_string();
        let edit = egui::TextEdit::singleline(&mut text)
            .desired_width((ui.available_width() - 8.0).max(80.0))
            .hint_text("a number or any text");
        let r = ui.add(edit).labelled_by(label.id).on_hover_text(SEED_HELP);
        // The typing of one visit to the field is one undo step; the next visit another.
        let key = egui::Id::unique("delve-seed-typing");
        if r.changed() && r.has_focus() {
            let gesture = ui.data(|d| d.get_temp(key)).unwrap_or_else(crate::edit::Interaction::fresh);
            ui.data_mut(|d| d.insert_temp(key, gesture));
            out.push(ParamsCommand::TypeSeed(gesture, text).into());
        } else if r.changed() {
            out.push(ParamsCommand::SetSeedText(text).into());
        }
        if !r.has_focus() {
            ui.data_mut(|d| d.remove::<crate::edit::Interaction>(key));
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("‹").on_hover_text(with_key("The previous seed", Action::PrevSeed)).clicked() {
            out.push(Command::Params(ParamsCommand::PrevSeed));
        }
        if ui.button("›").on_hover_text(with_key("The next seed", Action::NextSeed)).clicked() {
            out.push(Command::Params(ParamsCommand::NextSeed));
        }
        if ui.button("Random").on_hover_text(with_key("A random seed", Action::RandomSeed)).clicked() {
            out.push(Command::Params(ParamsCommand::RandomSeed));
        }
        if ui.button("Copy").on_hover_text("Copy the seed number to the clipboard").clicked() {
            out.push(Command::Params(ParamsCommand::CopySeed));
        }
    });
    if m.session.seed_text().trim().parse::<u64>().is_err() {
        ui.label(RichText::new(format!("= {} (hash of the text)", m.session.seed())).weak()).on_hover_text(SEED_HELP);
    }
    ui.horizontal(|ui| {
        let mut auto = m.auto_regenerate;
        if ui
            .checkbox(&mut auto, "Auto-regenerate")
            .on_hover_text("Regenerate the map on every change of a parameter or the seed")
            .changed()
        {
            out.push(Command::Params(ParamsCommand::SetAutoRegenerate(auto)));
        }
        if ui.button("Regenerate").on_hover_text(with_key("Generate the map again now", Action::Regenerate)).clicked() {
            out.push(Command::Params(ParamsCommand::Regenerate));
        }
    });
}

fn result_ui(ui: &mut egui::Ui, m: &PanelModel<'_>) {
    if !m.issues.is_empty() {
        ui.label(
            RichText::new("Generation waits until the parameters marked above are fixed.")
                .color(ui.visuals().error_fg_color),
        );
    }
    if m.generating {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Generating…");
        });
    }
    let Some(doc) = m.doc else { return };
    let metrics = doc.figures();
    if let Origin::Generated { report, elapsed } = doc.origin() {
        let colour =
            if report.rooms_placed < report.rooms_asked { ui.visuals().warn_fg_color } else { Color32::PLACEHOLDER };
        let (text, help) = m.session.params().kind().rooms_placed(report.rooms_placed, report.rooms_asked);
        ui.label(RichText::new(text).color(colour)).on_hover_text(help);
        if report.vaults_placed > 0 {
            ui.label(format!("and {} from the libraries", count(report.vaults_placed as u64, "vault")))
                .on_hover_text("Hand-made rooms the Vaults stage placed in free rock or carved into the map.");
        }
        if let Some(why) = &report.shortfall {
            ui.label(RichText::new(format!("Why fewer: {why}.")).weak());
        }
        for note in &report.notes {
            ui.label(RichText::new(format!("{}.", capitalised(note))).color(ui.visuals().warn_fg_color))
                .on_hover_text("What this map could not do as the parameters ask, and why.");
        }
        ui.label(format!(
            "{} corridors · {} doors · floor {} · generated in {}",
            metrics.corridors,
            metrics.doors,
            percent(metrics.floor_fraction),
            format_duration(*elapsed)
        ));
    } else {
        ui.label(format!(
            "{} · {} corridors · {} doors · floor {}",
            count(metrics.rooms as u64, "room"),
            metrics.corridors,
            metrics.doors,
            percent(metrics.floor_fraction)
        ));
    }
    if let Some((same, text)) = m.provenance_check {
        let c = if *same { Color32::from_rgb(0x60, 0xc0, 0x60) } else { ui.visuals().warn_fg_color };
        ui.label(RichText::new(text).color(c));
    }
    let map = doc.map();
    let connected =
        if metrics.connected { "every floor tile reachable from spawn" } else { "some floor unreachable from spawn" };
    ui.label(
        RichText::new(format!(
            "{}×{} tiles · {connected} · {} dead-end cells",
            map.width(),
            map.height(),
            metrics.dead_end_cells
        ))
        .weak(),
    );
}

fn provenance_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, doc: &Document, out: &mut Vec<Command>) {
    if *doc.origin() != Origin::Opened {
        return;
    }
    section_ui(ui, "Map file");
    ui.label(RichText::new(doc.display_name()).strong())
        .on_hover_text(doc.path().map(|p| p.display().to_string()).unwrap_or_default());
    let prov = &doc.map().provenance;
    match &prov.params {
        Some(params) => {
            let from = m.provenance_preset.as_ref().map_or_else(String::new, |n| format!(", preset {n}"));
            let around = prov.kept.as_ref().map_or_else(String::new, |k| format!(", around {k}"));
            ui.label(format!("Generated by {}{from}, seed {}{around}.", params.kind().label(), prov.seed));
            if prov.edited {
                ui.label(RichText::new("Edited by hand after generation.").color(ui.visuals().warn_fg_color));
            }
            if ui
                .button("Regenerate from provenance")
                .on_hover_text("Set the parameters and seed this map was generated with, and generate it again")
                .clicked()
            {
                out.push(Command::Params(ParamsCommand::RegenerateFromProvenance));
            }
        }
        None => {
            ui.label(RichText::new("No provenance: this map was not generated by Delve.").weak());
        }
    }
}

pub fn format_duration(d: std::time::Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{:.0} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

impl super::DelveApp {
    /// The left panel: what it shows comes from the session, the document and the preset list;
    /// what it asks for is queued as commands.
    pub(super) fn params_panel_ui(&mut self, ui: &mut egui::Ui) {
        let issues = self.session.params().check();
        let provenance_preset =
            self.doc.as_ref().and_then(|d| d.map().provenance.params.as_ref()).and_then(|p| self.preset_matching(p));
        let model = PanelModel {
            session: &self.session,
            issues: &issues,
            auto_regenerate: self.prefs.auto_regenerate,
            presets: &self.presets,
            preset_text: self.preset_text(),
            doc: self.doc.as_ref(),
            generating: self.jobs.is_running(super::jobs::JobKind::Generate),
            provenance_preset,
            provenance_check: self.provenance_check.as_ref(),
        };
        let mut out = Vec::new();
        params_panel_ui(ui, &model, &mut out);
        self.commands.extend(out);
    }

    /// What the preset picker shows: the preset (or the map file) the parameters came from.
    fn preset_text(&self) -> String {
        let s = &self.session;
        let modified = if s.modified() { " (modified)" } else { "" };
        match s.source() {
            super::Source::Preset(r) => {
                let name =
                    self.presets.iter().find(|e| &e.source == r).map_or_else(|| "(none)".into(), |e| e.label.clone());
                format!("{name}{modified}")
            }
            super::Source::Map(name) => match self.preset_matching(s.params()) {
                Some(preset) => format!("{preset} (from map {name})"),
                None if s.params_differ() => format!("From map {name} (modified)"),
                None => format!("From map {name}"),
            },
            super::Source::Unknown => "(none)".into(),
        }
    }

    /// The name of a known preset with exactly these parameters.
    fn preset_matching(&self, params: &crate::params::GeneratorParams) -> Option<String> {
        if let Some(r) = self.session.preset()
            && !self.session.params_differ()
            && self.session.params() == params
        {
            return self.presets.iter().find(|e| &e.source == r).map(|e| e.label.clone());
        }
        crate::io::SHIPPED_PRESETS.iter().find_map(|(name, _)| {
            let p = crate::io::shipped_preset(name)?.ok()?;
            (p.generator == *params).then(|| p.name.unwrap_or_else(|| (*name).to_string()))
        })
    }
}
