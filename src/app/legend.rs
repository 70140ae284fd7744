//! The legend of the room colours, in the map view's lower-left corner while rooms are coloured
//! by role or by distance (by room, each room's own colour needs none): a swatch and a word per
//! colour, the same colours the view and the PNG draw ([`crate::map::colour`]); and in the
//! lower-right corner the markers, tile kinds and door openings on the map.

use super::map_view::door_colour;
use super::map_view::markers::opening_colour;
use crate::map::colour::{RoomColouring, distance_colour, role_colour};
use crate::map::{Map, Opening, Role};
use egui::{Color32, Rect, vec2};

/// The legend's rows for `mode`: a colour and what it means.
pub fn rows(mode: RoomColouring, depth: u32) -> Vec<(crate::map::Rgb, String)> {
    match mode {
        RoomColouring::ByRoom => Vec::new(),
        RoomColouring::ByRole => Role::ALL
            .into_iter()
            .map(|r| (role_colour(Some(r)), r.label().to_string()))
            .chain(std::iter::once((role_colour(None), "No role".to_string())))
            .collect(),
        RoomColouring::ByDistance => {
            // The entrance, the exit and up to three steps between, then the rooms not reached.
            let steps: Vec<u32> =
                if depth <= 4 { (0..=depth).collect() } else { (0..=4).map(|k| (k * depth + 2) / 4).collect() };
            let word = |d: u32| match d {
                0 => "Entrance (0 rooms away)".to_string(),
                d if d == depth => format!("Exit ({d} rooms away)"),
                1 => "1 room away".to_string(),
                d => format!("{d} rooms away"),
            };
            steps
                .into_iter()
                .map(|d| (distance_colour(Some(d), depth), word(d)))
                .chain(std::iter::once((distance_colour(None, depth), "Not reached from the entrance".to_string())))
                .collect()
        }
    }
}

/// Draws the legend of `mode` in the lower-left corner of the map view `view`.
pub fn legend_ui(ui: &mut egui::Ui, view: Rect, mode: RoomColouring, depth: u32) {
    let rows = rows(mode, depth);
    if rows.is_empty() {
        return;
    }
    let title = match mode {
        RoomColouring::ByRole => "Rooms by role",
        _ => "Rooms by distance from the entrance",
    };
    // A row: a line of text or a swatch, and the space between rows.
    let row_h = ui.spacing().interact_size.y + ui.spacing().item_spacing.y + 1.0;
    let size = vec2(250.0, row_h * (rows.len() as f32 + 1.0) + 12.0);
    let rect = Rect::from_min_size(view.left_bottom() + vec2(8.0, -size.y - 8.0), size).intersect(view);
    let mut child =
        ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)));
    egui::Frame::popup(child.style()).show(&mut child, |ui| {
        ui.strong(title);
        for (c, text) in rows {
            ui.horizontal(|ui| {
                let (r, _) = ui.allocate_exact_size(vec2(18.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 2.0, Color32::from_rgb(c.0, c.1, c.2));
                ui.label(text);
            });
        }
    });
}

/// How the doors of `map` open, for the legend: each opening on the map (plain doors, locked,
/// secret, arches), in that order, with the colour the view draws it in and how many doors open
/// so; none when every door is a plain door (nothing to explain).
pub fn door_rows(map: &Map) -> Vec<(Color32, String)> {
    let count = |f: fn(&Opening) -> bool| map.doors.iter().filter(|d| f(&d.opening)).count();
    let rows = [
        (door_colour(0), "door (plain)", count(|o| *o == Opening::Door)),
        (
            opening_colour(Opening::Locked(0)).unwrap_or_default(),
            "locked (its key opens it)",
            count(|o| matches!(o, Opening::Locked(_))),
        ),
        (
            opening_colour(Opening::Secret).unwrap_or_default(),
            "secret (found by trying it)",
            count(|o| *o == Opening::Secret),
        ),
        (opening_colour(Opening::Arch).unwrap_or_default(), "arch (no door)", count(|o| *o == Opening::Arch)),
    ];
    if rows[1..].iter().all(|r| r.2 == 0) {
        return Vec::new();
    }
    rows.into_iter().filter(|r| r.2 > 0).map(|(c, what, n)| (c, format!("{what} ({n})"))).collect()
}

/// Draws the legend of the markers on the map (`kinds`: name, glyph, colour, count), of its
/// tile kinds (`tiles`, when a tile has one: each kind of its palette) and of how its doors open
/// (`doors`, from [`door_rows`]) in the lower-right corner of the map view `view`.
pub fn markers_legend_ui(
    ui: &mut egui::Ui,
    view: Rect,
    kinds: &[(String, char, [u8; 3], usize)],
    tiles: &[crate::map::TileKind],
    doors: &[(Color32, String)],
) {
    if kinds.is_empty() && tiles.is_empty() && doors.is_empty() {
        return;
    }
    // A row: a line of text or a swatch, and the space between rows.
    let row_h = ui.spacing().interact_size.y + ui.spacing().item_spacing.y + 1.0;
    let heads = usize::from(!kinds.is_empty()) + usize::from(!tiles.is_empty()) + usize::from(!doors.is_empty());
    let size = vec2(230.0, row_h * ((kinds.len() + tiles.len() + doors.len() + heads) as f32) + 12.0);
    let rect = Rect::from_min_size(view.right_bottom() - size - vec2(8.0, 8.0), size).intersect(view);
    let mut child =
        ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)));
    egui::Frame::popup(child.style()).show(&mut child, |ui| {
        if !kinds.is_empty() {
            ui.strong("Markers on the map");
        }
        for (name, glyph, [r, g, b], n) in kinds {
            ui.horizontal(|ui| {
                let (at, _) = ui.allocate_exact_size(vec2(18.0, 16.0), egui::Sense::hover());
                ui.painter().circle_filled(at.center(), 7.0, Color32::from_rgb(*r, *g, *b));
                let font = egui::FontId::monospace(11.0);
                ui.painter().text(at.center(), egui::Align2::CENTER_CENTER, glyph, font, Color32::from_rgb(16, 16, 22));
                ui.label(format!("{name} ({n})"));
            });
        }
        if !tiles.is_empty() {
            ui.strong("Tile kinds");
        }
        for k in tiles {
            ui.horizontal(|ui| {
                let (at, _) = ui.allocate_exact_size(vec2(18.0, 14.0), egui::Sense::hover());
                let [r, g, b] = k.colour;
                ui.painter().rect_filled(at, 2.0, Color32::from_rgb(r, g, b));
                let ink =
                    if u32::from(r) + u32::from(g) + u32::from(b) > 384 { Color32::BLACK } else { Color32::WHITE };
                ui.painter().text(
                    at.center(),
                    egui::Align2::CENTER_CENTER,
                    k.glyph,
                    egui::FontId::monospace(11.0),
                    ink,
                );
                ui.label(format!("{} ({})", k.name, if k.walkable { "walkable" } else { "not walkable" }));
            });
        }
        if !doors.is_empty() {
            ui.strong("Doors");
        }
        for (c, text) in doors {
            ui.horizontal(|ui| {
                // A door's mark: a bar, as the view draws it on the wall.
                let (at, _) = ui.allocate_exact_size(vec2(18.0, 14.0), egui::Sense::hover());
                ui.painter().rect_filled(Rect::from_center_size(at.center(), vec2(14.0, 4.0)), 1.0, *c);
                ui.label(text);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_name_every_colour_of_the_mode() {
        assert!(rows(RoomColouring::ByRoom, 3).is_empty());
        let roles = rows(RoomColouring::ByRole, 3);
        assert_eq!(roles.len(), Role::ALL.len() + 1);
        assert_eq!(roles[0], (role_colour(Some(Role::Entrance)), "Entrance".to_string()));
        let near = rows(RoomColouring::ByDistance, 2);
        let words: Vec<&str> = near.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(
            words,
            ["Entrance (0 rooms away)", "1 room away", "Exit (2 rooms away)", "Not reached from the entrance"]
        );
        let far = rows(RoomColouring::ByDistance, 12);
        assert_eq!(far.len(), 6);
        assert_eq!(far[4].0, distance_colour(Some(12), 12));
    }

    #[test]
    fn door_rows_explain_the_openings_on_the_map() {
        let mut m = Map::from_ascii("#################\n#.@.+,,+...+,,+.#\n#################\n").unwrap();
        assert!(door_rows(&m).is_empty(), "plain doors need no legend");
        m.doors[0].opening = Opening::Locked(1);
        m.doors[3].opening = Opening::Arch;
        let rows = door_rows(&m);
        let words: Vec<&str> = rows.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(words, ["door (plain) (2)", "locked (its key opens it) (1)", "arch (no door) (1)"]);
        assert_eq!(rows[1].0, opening_colour(Opening::Locked(1)).unwrap());
    }
}
