//! The export options window: what *File ▸ Export ▸* shows for a format with options (PNG,
//! Tiled) before asking for the file. The options live in the preferences
//! ([`super::prefs::ExportPrefs`]), so the export key repeats the last export with them.

use super::dialogs::DialogPurpose;
use super::prefs::{ExportPrefs, FIT_PIXELS, MAX_PNG_SCALE};
use super::{Command, commands::files::file_name};
use crate::app::command::FileCommand;
use crate::export::Format;
use crate::map::Map;
use crate::raster::MARKS_MIN_SCALE;

/// Shows the options of `format` for exporting `map`; returns the commands the window asks
/// for and whether it stays open.
pub fn export_window_ui(
    ctx: &egui::Context,
    format: Format,
    saved: &ExportPrefs,
    map: &Map,
    out: &mut Vec<Command>,
) -> bool {
    // The window edits a copy; a change goes back as a command (the preferences change only
    // through commands).
    let mut edited = saved.clone();
    let prefs = &mut edited;
    let mut open = true;
    let r = egui::Modal::new(egui::Id::unique("delve-export-options")).show(ctx, |ui| {
        ui.set_width(460.0);
        ui.heading(format!("Export {}", format.label()));
        ui.add_space(4.0);
        match format {
            Format::Png => png_ui(ui, prefs, map),
            Format::Tmx | Format::Tmj => tiled_ui(ui, prefs, out),
            Format::Json | Format::Csv => {}
        }
        ui.add_space(8.0);
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Export…").clicked() {
                out.push(Command::File(FileCommand::Dialog(DialogPurpose::Export(format))));
                open = false;
            }
            if ui.button("Cancel").clicked() {
                open = false;
            }
        });
    });
    if edited != *saved {
        out.push(FileCommand::SetExportOptions(Box::new(edited)).into());
    }
    open && !r.should_close()
}

fn png_ui(ui: &mut egui::Ui, prefs: &mut ExportPrefs, map: &Map) {
    let fit = prefs.png_scale.is_none();
    let largest = crate::raster::max_scale(map).clamp(1, MAX_PNG_SCALE);
    {
        ui.strong("Size");
        ui.indent("png-size", |ui| {
            let fitted = ExportPrefs { png_scale: None, ..prefs.clone() }.png_scale_for(map);
            if ui.radio(fit, format!("Automatic: {fitted} per tile (at most {FIT_PIXELS} pixels a side)")).clicked() {
                prefs.png_scale = None;
            }
            ui.horizontal(|ui| {
                let choose = ui.radio(!fit, "Pixels per tile");
                if choose.clicked() && fit {
                    prefs.png_scale = Some(fitted);
                }
                let mut scale = prefs.png_scale_for(map);
                let slider = egui::Slider::new(&mut scale, 1..=largest).clamping(egui::SliderClamping::Always);
                if ui.add_enabled(!fit, slider).labelled_by(choose.id).changed() {
                    prefs.png_scale = Some(scale);
                }
            });
            let scale = prefs.png_scale_for(map);
            ui.label(
                egui::RichText::new(format!(
                    "{} × {} pixels",
                    u64::from(map.width()) * u64::from(scale),
                    u64::from(map.height()) * u64::from(scale)
                ))
                .weak(),
            );
        });
        ui.add_space(4.0);
        ui.strong("Show");
        ui.indent("png-marks", |ui| {
            let small = prefs.png_scale_for(map) < MARKS_MIN_SCALE;
            ui.add_enabled_ui(!small, |ui| {
                ui.checkbox(&mut prefs.marks.doors, "Door marks");
                ui.checkbox(&mut prefs.marks.grid, "Grid lines");
                ui.checkbox(&mut prefs.marks.labels, "Room labels (or numbers)");
            });
            if small {
                ui.label(egui::RichText::new(format!("Marks need {MARKS_MIN_SCALE} or more pixels per tile.")).weak());
            }
        });
    }
}

fn tiled_ui(ui: &mut egui::Ui, prefs: &mut ExportPrefs, out: &mut Vec<Command>) {
    {
        ui.strong("Tileset");
        ui.indent("tiled-tileset", |ui| {
            let own = prefs.tileset.is_some();
            if ui.radio(!own, "Delve's, written beside the map (delve-tiles.png)").clicked() {
                prefs.tileset = None;
            }
            ui.horizontal(|ui| {
                let text = match &prefs.tileset {
                    Some(p) => format!("My own: {}", file_name(p)),
                    None => "My own .tsx".to_string(),
                };
                let r = ui.radio(own, text);
                if let Some(p) = &prefs.tileset {
                    r.clone().on_hover_text(p.display().to_string());
                }
                if (r.clicked() && !own) | ui.button("Choose…").clicked() {
                    out.push(Command::File(FileCommand::Dialog(DialogPurpose::ChooseTileset)));
                }
            });
            ui.label(
                egui::RichText::new(
                    "Its tiles 0 to 3 stand for wall, room floor, corridor floor and door; the map takes its tile size.",
                )
                .weak(),
            );
        });
        ui.add_space(4.0);
        ui.strong("Layers");
        ui.indent("tiled-layers", |ui| {
            ui.label("Tiles, then rooms, corridors, doors and the spawn as objects with their properties.");
            ui.checkbox(&mut prefs.door_pins, "Show door pins in Tiled")
                .on_hover_text("The doors layer opens shown. Off: it opens hidden (the door tiles show the doors; engines read the objects either way).");
        });
    }
}
