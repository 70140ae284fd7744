//! The room colour picker of the inspector: a swatch that opens a grid of colours that already
//! follow the room colour rule ([`crate::map::colour::legible_room_colour`]: contrast against
//! the wall, saturation capped), and R, G, B fields for an exact value. Egui's own picker
//! shows a glyph its fonts lack and a "U8 / F32" switch a designer has no use for.

use crate::map::Rgb;
use crate::map::colour::legible_room_colour;
use egui::{Color32, Popup, PopupCloseBehavior, Sense, Stroke, vec2};

/// Hues of the swatch grid (columns) and its lightness steps (rows).
const HUES: usize = 12;
const STEPS: [(f32, f32); 3] = [(0.35, 0.90), (0.45, 0.80), (0.55, 0.70)];

/// The swatches: every one already a legible room colour.
pub fn swatches() -> Vec<Rgb> {
    let mut out = Vec::with_capacity(HUES * STEPS.len());
    for (s, v) in STEPS {
        for i in 0..HUES {
            let [r, g, b] = egui::ecolor::Hsva::new(i as f32 / HUES as f32, s, v, 1.0).to_srgb();
            out.push(legible_room_colour(Rgb(r, g, b)));
        }
    }
    out
}

/// The colour swatch of `colour`, opening the picker; whether the user changed the colour.
pub fn room_colour_ui(ui: &mut egui::Ui, colour: &mut Rgb) -> bool {
    let popup_id = ui.auto_id_with("room colour picker");
    let size = vec2(ui.spacing().interact_size.x, ui.spacing().interact_size.y);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Room colour"));
    let open = Popup::is_id_open(ui.ctx(), popup_id);
    let stroke = if open || response.hovered() {
        ui.visuals().widgets.hovered.fg_stroke
    } else {
        Stroke::new(1.0, ui.visuals().widgets.inactive.bg_stroke.color)
    };
    ui.painter().rect(rect, 3.0, c32(*colour), stroke, egui::StrokeKind::Inside);
    let response = response.on_hover_text(format!("{}: click to pick the room's colour", colour.hex()));
    let mut changed = false;
    Popup::menu(&response).id(popup_id).close_behavior(PopupCloseBehavior::CloseOnClickOutside).show(|ui| {
        ui.label("Colours that read against the walls");
        egui::Grid::new("room colour swatches").spacing(vec2(3.0, 3.0)).show(ui, |ui| {
            for (i, c) in swatches().into_iter().enumerate() {
                let (r, swatch) = ui.allocate_exact_size(vec2(20.0, 20.0), Sense::click());
                swatch.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, c.hex()));
                let stroke = if c == *colour {
                    Stroke::new(2.0, ui.visuals().strong_text_color())
                } else if swatch.hovered() {
                    ui.visuals().widgets.hovered.fg_stroke
                } else {
                    Stroke::NONE
                };
                ui.painter().rect(r, 2.0, c32(c), stroke, egui::StrokeKind::Inside);
                if swatch.on_hover_text(c.hex()).clicked() && c != *colour {
                    *colour = c;
                    changed = true;
                }
                if (i + 1) % HUES == 0 {
                    ui.end_row();
                }
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            let mut channels = [colour.0, colour.1, colour.2];
            for (v, name) in channels.iter_mut().zip(["R", "G", "B"]) {
                ui.add(egui::DragValue::new(v).range(0..=255).prefix(format!("{name} ")))
                    .on_hover_text(format!("{name}: 0 to 255"));
            }
            let typed = Rgb(channels[0], channels[1], channels[2]);
            if typed != *colour {
                *colour = typed;
                changed = true;
            }
            ui.label(colour.hex());
        });
        ui.weak("Any colour is kept as typed; the swatches follow the room colour rule.");
    });
    changed
}

fn c32(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_swatch_is_a_legible_room_colour_and_they_differ() {
        let all = swatches();
        assert_eq!(all.len(), HUES * STEPS.len());
        for c in &all {
            assert_eq!(legible_room_colour(*c), *c, "{}", c.hex());
        }
        let distinct: std::collections::BTreeSet<_> = all.iter().map(|c| (c.0, c.1, c.2)).collect();
        assert_eq!(distinct.len(), all.len());
    }
}
