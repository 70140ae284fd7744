//! The left panel: generator and preset pickers, every parameter of the chosen generator (built
//! from its [`ParamSpec`]s, so a new generator appears without changes here), the seed, and what
//! the last generation produced. It reads the app's state and pushes [`Command`]s; it changes
//! nothing itself.

use super::Command;
use super::document::{Document, Origin};
use super::files::DialogPurpose;
use crate::generate::{GeneratorKind, GeneratorParams, ParamIssue, ParamKind, ParamSpec, ParamValue};
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
    pub params: &'a GeneratorParams,
    pub issues: &'a [ParamIssue],
    pub seed_text: &'a str,
    pub seed: u64,
    pub auto_regenerate: bool,
    pub presets: &'a [PresetEntry],
    pub preset: Option<&'a super::PresetRef>,
    /// The current parameters and seed differ from the preset's.
    pub preset_modified: bool,
    pub doc: Option<&'a Document>,
    pub generating: bool,
    /// Name of a known preset whose parameters produced the document, if any.
    pub provenance_preset: Option<String>,
    /// What "regenerate from provenance" found, if it ran.
    pub provenance_check: Option<&'a (bool, String)>,
}

/// Width of the label column.
const LABEL_W: f32 = 132.0;

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
    let fw = field_width(ui);
    egui::Grid::new("generator-grid").num_columns(2).min_col_width(LABEL_W).spacing([8.0, 6.0]).show(ui, |ui| {
        let label = ui.label("Generator");
        let current = m.params.kind();
        let r = egui::ComboBox::from_id_salt("generator").selected_text(current.label()).width(fw).show_ui(ui, |ui| {
            for kind in GeneratorKind::ALL {
                if ui.selectable_label(*kind == current, kind.label()).clicked() && *kind != current {
                    out.push(Command::SetGenerator(*kind));
                }
            }
        });
        r.response.labelled_by(label.id).on_hover_text("The algorithm that builds the map.");
        ui.end_row();

        let label = ui.label("Preset");
        let mut text = m
            .preset
            .and_then(|p| m.presets.iter().find(|e| &e.source == p))
            .map_or_else(|| "(none)".to_string(), |e| e.label.clone());
        if m.preset.is_some() && m.preset_modified {
            text += " (modified)";
        }
        let r = egui::ComboBox::from_id_salt("preset").selected_text(text).width(fw).show_ui(ui, |ui| {
            let mut user = false;
            for e in m.presets {
                if !user && matches!(e.source, super::PresetRef::File(_)) {
                    user = true;
                    ui.separator();
                    ui.label(RichText::new("Your presets").weak());
                }
                let selected = m.preset == Some(&e.source);
                if ui.selectable_label(selected, &e.label).on_hover_text(&e.detail).clicked() {
                    out.push(Command::SelectPreset(e.source.clone()));
                }
            }
        });
        r.response.labelled_by(label.id).on_hover_text(
            "Shipped presets, then the presets you loaded or saved. Picking one sets every parameter and the seed.",
        );
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui.button("Load preset…").on_hover_text("Read a preset file (RON)").clicked() {
            out.push(Command::Dialog(DialogPurpose::LoadPreset));
        }
        if ui.button("Save preset as…").on_hover_text("Save these parameters and seed as a preset file (RON)").clicked()
        {
            out.push(Command::Dialog(DialogPurpose::SavePreset));
        }
    });
}

fn issue_ui(ui: &mut egui::Ui, issues: &[&ParamIssue]) {
    for i in issues {
        ui.label(RichText::new(i.message.clone()).color(ui.visuals().error_fg_color));
    }
}

fn parameters_ui(ui: &mut egui::Ui, m: &PanelModel<'_>, out: &mut Vec<Command>) {
    let p = m.params.params();
    let specs = p.specs();
    let fw = field_width(ui);
    egui::Grid::new(("params", m.params.kind().label()))
        .num_columns(2)
        .min_col_width(LABEL_W)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for spec in specs {
                let Some(value) = p.get(spec.key) else { continue };
                let issues: Vec<&ParamIssue> = m.issues.iter().filter(|i| i.field == spec.key).collect();
                let mut text = RichText::new(spec.label);
                if !issues.is_empty() {
                    text = text.color(ui.visuals().error_fg_color);
                }
                let label = ui.label(text).on_hover_text(spec.help);
                let r = ui.vertical(|ui| {
                    ui.set_max_width(fw);
                    if let Some(v) = field_ui(ui, spec, value, label.id, fw) {
                        out.push(Command::SetParam(spec.key, v));
                    }
                    issue_ui(ui, &issues);
                });
                let _ = r;
                ui.end_row();
            }
        });
    let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
    let other: Vec<&ParamIssue> = m.issues.iter().filter(|i| !known.contains(&i.field)).collect();
    issue_ui(ui, &other);
}

/// `n unit`, with the unit in the singular for one ("1 tile").
fn with_unit(n: f64, unit: &str) -> String {
    let unit = if n == 1.0 { unit.strip_suffix('s').unwrap_or(unit) } else { unit };
    if unit.is_empty() { format!("{n}") } else { format!("{n} {unit}") }
}

fn unit_suffix(spec: &ParamSpec) -> String {
    if spec.unit.is_empty() { String::new() } else { format!(" {}", spec.unit) }
}

/// One parameter's widget; the new value when the user changed it.
fn field_ui(ui: &mut egui::Ui, spec: &ParamSpec, value: ParamValue, label: egui::Id, width: f32) -> Option<ParamValue> {
    match (spec.kind, value) {
        (ParamKind::Int { min, max }, ParamValue::Int(mut v)) => {
            ui.spacing_mut().slider_width = (width - 104.0).max(60.0);
            let log = min >= 0 && max > 200 && max / min.max(1) >= 50;
            let unit = spec.unit;
            let r = ui
                .add(
                    egui::Slider::new(&mut v, min..=max)
                        .logarithmic(log)
                        .smart_aim(!log)
                        .custom_formatter(move |n, _| with_unit(n, unit)),
                )
                .labelled_by(label)
                .on_hover_text(format!("{}\n\nRange {min} to {max}{}.", spec.help, unit_suffix(spec)));
            r.changed().then_some(ParamValue::Int(v))
        }
        (ParamKind::Float { min, max }, ParamValue::Float(v)) => {
            ui.spacing_mut().slider_width = (width - 104.0).max(60.0);
            let percent = spec.unit == "%" && min >= 0.0 && max <= 1.0;
            let (scale, suffix) = if percent { (100.0, " %".to_string()) } else { (1.0, unit_suffix(spec)) };
            let mut shown = v * scale;
            let range = if percent { 0.0..=100.0 } else { min..=max };
            let r = ui
                .add(egui::Slider::new(&mut shown, range).suffix(suffix.clone()).max_decimals(2))
                .labelled_by(label)
                .on_hover_text(format!("{}\n\nRange {}{suffix} to {}{suffix}.", spec.help, min * scale, max * scale));
            r.changed().then_some(ParamValue::Float(shown / scale))
        }
        (ParamKind::Range { min, max }, ParamValue::Range(mut lo, mut hi)) => {
            let help = format!(
                "{}\n\nFrom {min} to {max}{}; the smallest value cannot pass the largest.",
                spec.help,
                unit_suffix(spec)
            );
            let mut changed = false;
            ui.horizontal(|ui| {
                let speed = ((max - min) as f64 / 400.0).max(0.05);
                changed |= ui
                    .add(egui::DragValue::new(&mut lo).range(min..=hi.max(min)).speed(speed))
                    .labelled_by(label)
                    .on_hover_text(format!("Smallest. {help}"))
                    .changed();
                ui.label("to");
                changed |= ui
                    .add(egui::DragValue::new(&mut hi).range(lo.min(max)..=max).speed(speed))
                    .labelled_by(label)
                    .on_hover_text(format!("Largest. {help}"))
                    .changed();
                if !spec.unit.is_empty() {
                    ui.label(spec.unit);
                }
            });
            ui.spacing_mut().slider_width = (width - 8.0).max(60.0);
            let log = min >= 0 && max / min.max(1) >= 50;
            changed |= ui
                .add(egui::RangeSlider::new(&mut lo, &mut hi, min..=max).logarithmic(log).show_value(false))
                .labelled_by(label)
                .on_hover_text(help)
                .changed();
            changed.then_some(ParamValue::Range(lo.min(hi), hi.max(lo)))
        }
        (ParamKind::Choice(options), ParamValue::Choice(mut i)) => {
            let before = i;
            if options.len() <= 3 {
                ui.horizontal_wrapped(|ui| {
                    for (k, o) in options.iter().enumerate() {
                        ui.selectable_value(&mut i, k, *o).on_hover_text(spec.help);
                    }
                });
            } else {
                egui::ComboBox::from_id_salt(spec.key)
                    .selected_text(options.get(i).copied().unwrap_or("?"))
                    .show_ui(ui, |ui| {
                        for (k, o) in options.iter().enumerate() {
                            ui.selectable_value(&mut i, k, *o);
                        }
                    })
                    .response
                    .labelled_by(label)
                    .on_hover_text(spec.help);
            }
            (i != before).then_some(ParamValue::Choice(i))
        }
        (ParamKind::Bool, ParamValue::Bool(mut b)) => {
            let r = ui.checkbox(&mut b, "").labelled_by(label).on_hover_text(spec.help);
            r.changed().then_some(ParamValue::Bool(b))
        }
        _ => {
            ui.label(RichText::new("(unsupported value)").weak());
            None
        }
    }
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
        let mut text = m.seed_text.to_string();
        let edit = egui::TextEdit::singleline(&mut text)
            .desired_width((ui.available_width() - 8.0).max(80.0))
            .hint_text("a number or any text");
        let r = ui.add(edit).labelled_by(label.id).on_hover_text(SEED_HELP);
        if r.changed() {
            out.push(Command::SetSeedText(text));
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("‹").on_hover_text("The previous seed (Left arrow)").clicked() {
            out.push(Command::PrevSeed);
        }
        if ui.button("›").on_hover_text("The next seed (Right arrow)").clicked() {
            out.push(Command::NextSeed);
        }
        if ui.button("Random").on_hover_text("A random seed (R)").clicked() {
            out.push(Command::RandomSeed);
        }
        if ui.button("Copy").on_hover_text("Copy the seed number to the clipboard").clicked() {
            out.push(Command::CopySeed);
        }
    });
    if m.seed_text.trim().parse::<u64>().is_err() {
        ui.label(RichText::new(format!("= {} (hash of the text)", m.seed)).weak()).on_hover_text(SEED_HELP);
    }
    ui.horizontal(|ui| {
        let mut auto = m.auto_regenerate;
        if ui
            .checkbox(&mut auto, "Auto-regenerate")
            .on_hover_text("Regenerate the map on every change of a parameter or the seed")
            .changed()
        {
            out.push(Command::SetAutoRegenerate(auto));
        }
        if ui.button("Regenerate").on_hover_text("Generate the map again now (F5)").clicked() {
            out.push(Command::Regenerate);
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
    let metrics = &doc.index().metrics;
    if let Origin::Generated { report, elapsed } = doc.origin() {
        let colour =
            if report.rooms_placed < report.rooms_asked { ui.visuals().warn_fg_color } else { Color32::PLACEHOLDER };
        ui.label(
            RichText::new(format!("{} of {} rooms placed", report.rooms_placed, report.rooms_asked)).color(colour),
        )
        .on_hover_text("Rooms the generator placed, of the room attempts asked for.");
        if let Some(why) = &report.shortfall {
            ui.label(RichText::new(format!("Why fewer: {why}.")).weak());
        }
        ui.label(format!(
            "{} corridors · {} doors · floor {:.1}% · generated in {}",
            metrics.corridors,
            metrics.doors,
            100.0 * metrics.floor_fraction,
            format_duration(*elapsed)
        ));
    } else {
        ui.label(format!(
            "{} rooms · {} corridors · {} doors · floor {:.1}%",
            metrics.rooms,
            metrics.corridors,
            metrics.doors,
            100.0 * metrics.floor_fraction
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
            "{}×{} tiles · {connected} · {} dead ends",
            map.width(),
            map.height(),
            metrics.dead_ends
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
            ui.label(format!("Generated by {}{from}, seed {}.", params.kind().label(), prov.seed));
            if prov.edited {
                ui.label(RichText::new("Edited by hand after generation.").color(ui.visuals().warn_fg_color));
            }
            if ui
                .button("Regenerate from provenance")
                .on_hover_text("Set the parameters and seed this map was generated with, and generate it again")
                .clicked()
            {
                out.push(Command::RegenerateFromProvenance);
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
