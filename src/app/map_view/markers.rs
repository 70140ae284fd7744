//! The markers layer of the map view: each marker a disc in its kind's colour on its tile, with
//! its glyph once tiles are large enough to read it (and a key's number), and each tile kind's
//! glyph on its tiles up close (their colour is in the tile texture); locked doors are drawn
//! with the doors ([`opening_colour`]). The kinds' glyphs and colours come from the map's
//! parameters ([`crate::map::markers::look`]), as the PNG and ASCII exports draw them.

use super::ViewTransform;
use crate::map::markers::look;
use crate::map::{Map, Opening};
use egui::{Color32, Pos2, Rect, Stroke, pos2};

/// Below this many points per tile, markers are dots without glyphs.
pub const GLYPH_MIN_SCALE: f32 = 10.0;

/// Draws the markers of `map` that lie in `visible` (tiles).
pub fn draw_markers(painter: &egui::Painter, rect: Rect, t: &ViewTransform, map: &Map, visible: crate::geom::Rect) {
    if map.markers.is_empty() {
        return;
    }
    let r = (t.scale * 0.36).max(2.0);
    let font = egui::FontId::monospace((t.scale * 0.62).clamp(8.0, 28.0));
    let small = egui::FontId::proportional((t.scale * 0.34).clamp(7.0, 14.0));
    for m in &map.markers {
        if !visible.contains(m.at) {
            continue;
        }
        let (glyph, [cr, cg, cb]) = look(map, &m.kind);
        let fill = Color32::from_rgb(cr, cg, cb);
        let c = t.screen_from_tile(rect, pos2(m.at.x as f32 + 0.5, m.at.y as f32 + 0.5));
        painter.circle(c, r, fill, Stroke::new(1.0, Color32::from_gray(15)));
        if t.scale >= GLYPH_MIN_SCALE {
            let luma = 0.299 * f32::from(cr) + 0.587 * f32::from(cg) + 0.114 * f32::from(cb);
            let ink = if luma < 110.0 { Color32::WHITE } else { Color32::from_rgb(0x10, 0x10, 0x16) };
            painter.text(c, egui::Align2::CENTER_CENTER, glyph, font.clone(), ink);
            let corner = Pos2::new(c.x + r * 0.8, c.y + r * 0.8);
            if let Some(k) = m.key {
                painter.text(corner, egui::Align2::LEFT_TOP, k.to_string(), small.clone(), Color32::WHITE);
            } else if m.level > 0 && t.scale >= 2.0 * GLYPH_MIN_SCALE {
                painter.text(corner, egui::Align2::LEFT_TOP, m.level.to_string(), small.clone(), Color32::WHITE);
            }
        }
    }
}

/// Draws the glyph of each tile kind on its tiles in `visible` once tiles are large enough to
/// read it (twice [`GLYPH_MIN_SCALE`]), so water tells from a blue room up close.
pub fn draw_kind_glyphs(painter: &egui::Painter, rect: Rect, t: &ViewTransform, map: &Map, visible: crate::geom::Rect) {
    if map.terrain().is_bare() || t.scale < 2.0 * GLYPH_MIN_SCALE {
        return;
    }
    let font = egui::FontId::monospace((t.scale * 0.5).clamp(8.0, 24.0));
    for y in visible.y..visible.bottom() {
        for x in visible.x..visible.right() {
            let Some(k) = map.tile_kind(crate::geom::Pos::new(x, y)) else { continue };
            let [r, g, b] = k.colour;
            let luma = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
            let ink = if luma < 110.0 { Color32::from_white_alpha(150) } else { Color32::from_black_alpha(150) };
            let c = t.screen_from_tile(rect, pos2(x as f32 + 0.5, y as f32 + 0.5));
            painter.text(c, egui::Align2::CENTER_CENTER, k.glyph, font.clone(), ink);
        }
    }
}

/// The colour a door is drawn in for how it opens (`None`: its kind's colour, a plain door).
pub fn opening_colour(opening: Opening) -> Option<Color32> {
    match opening {
        Opening::Door => None,
        Opening::Locked(_) => Some(Color32::from_rgb(0xe0, 0x30, 0x40)),
        Opening::Secret => Some(Color32::from_rgb(110, 110, 120)),
        Opening::Arch => Some(Color32::from_rgb(235, 235, 225)),
    }
}

/// A locked door's key number on its bar `bar`, once tiles are large enough to read it.
pub fn key_number(painter: &egui::Painter, bar: Rect, opening: Opening, scale: f32) {
    if let (Opening::Locked(k), true) = (opening, scale >= GLYPH_MIN_SCALE) {
        let font = egui::FontId::proportional((scale * 0.4).clamp(8.0, 16.0));
        let badge = Rect::from_center_size(bar.center(), egui::vec2(scale * 0.45, scale * 0.45));
        painter.rect_filled(badge, 2.0, Color32::from_rgb(0x60, 0x08, 0x10));
        painter.text(bar.center(), egui::Align2::CENTER_CENTER, k.to_string(), font, Color32::WHITE);
    }
}

/// The kinds of marker on `map`, each with its glyph, colour and count, in the order first met.
pub fn kinds_on(map: &Map) -> Vec<(String, char, [u8; 3], usize)> {
    let mut out: Vec<(String, char, [u8; 3], usize)> = Vec::new();
    for m in &map.markers {
        match out.iter_mut().find(|k| k.0 == m.kind) {
            Some(k) => k.3 += 1,
            None => {
                let (g, c) = look(map, &m.kind);
                out.push((m.kind.clone(), g, c, 1));
            }
        }
    }
    out
}
