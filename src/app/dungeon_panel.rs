//! The dungeon panel (left of the parameters while a dungeon is open): the dungeon's seed, its
//! stairs from the floor on screen, each branch as a column of floor thumbnails to click, and
//! the parameters that ramp with depth drawn as small curves. Also the *New dungeon* dialog.
//! Both read state and return commands.

use super::Document;
use super::command::{Command, DungeonCommand};
use super::dungeon::{DungeonDoc, DungeonSource, Ramp};
use super::shortcuts::{Action, with_key};
use egui::{Color32, Sense, Stroke, Vec2};

/// Thumbnails drawn per frame at most (the rest on the next frames).
const THUMBS_PER_FRAME: usize = 2;
/// A thumbnail's largest side, in pixels of the picture.
const THUMB_PX: u32 = 96;

/// Brings the thumbnails up to date with the floors' maps (a few per frame).
pub fn refresh_thumbnails(ctx: &egui::Context, d: &mut DungeonDoc, on_screen: Option<&Document>) {
    let mut made = 0;
    for i in 0..d.floors.len() {
        let revision = d.revision_of(i, on_screen);
        if d.thumbs.get(i).and_then(Option::as_ref).is_some_and(|(r, _)| *r == revision) {
            continue;
        }
        if made == THUMBS_PER_FRAME {
            ctx.request_repaint();
            return;
        }
        let Some(map) = d.map_of(i, on_screen) else { continue };
        let t = crate::analysis::thumbnail::thumbnail_of(&map, map.provenance.seed, THUMB_PX);
        let image = egui::ColorImage::from_rgba_unmultiplied([t.width as usize, t.height as usize], &t.rgba);
        let handle = ctx.load_texture(format!("delve-floor-{i}"), image, egui::TextureOptions::NEAREST);
        if let Some(slot) = d.thumbs.get_mut(i) {
            *slot = Some((revision, handle));
        }
        made += 1;
    }
}

/// The dungeon panel.
pub fn dungeon_panel_ui(ui: &mut egui::Ui, d: &DungeonDoc, on_screen: Option<&Document>, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading(d.name());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.small_button("×").on_hover_text("Close the dungeon (the floor on screen stays as a map)").clicked() {
                out.push(DungeonCommand::Close.into());
            }
        });
    });
    let unsaved = d.unsaved_count(on_screen);
    let state = match (unsaved, &d.path) {
        (0, Some(_)) => "saved".to_string(),
        (0, None) => "made from its preset; not saved".to_string(),
        (n, _) => format!("{n} floor{} changed, not saved", if n == 1 { "" } else { "s" }),
    };
    ui.label(egui::RichText::new(format!("{} floors · {state}", d.floors.len())).weak());
    seed_row_ui(ui, d, out);
    ui.horizontal(|ui| {
        if ui.button("Save").on_hover_text(with_key("Save the dungeon and its floors", Action::Save)).clicked() {
            out.push(DungeonCommand::Save.into());
        }
        if ui.button("Save as…").on_hover_text("Save the dungeon in another folder").clicked() {
            out.push(super::command::FileCommand::Dialog(super::dialogs::DialogPurpose::SaveDungeon).into());
        }
    });
    if ui
        .button("Figures by depth…")
        .on_hover_text("The dungeon over many seeds: each floor's figures by depth")
        .clicked()
    {
        out.push(DungeonCommand::ShowFigures(true).into());
    }
    ui.separator();
    if let Some(cur) = d.current {
        ui.label(egui::RichText::new(format!("On screen: {}", d.label(cur))).strong());
        for s in d.stairs(cur) {
            let (arrow, action) = if s.up { ("<", Action::Stairs(true)) } else { (">", Action::Stairs(false)) };
            let r = ui.button(format!("{arrow} {}", s.label)).on_hover_text(with_key("Take these stairs", action));
            if r.clicked() {
                out.push(DungeonCommand::OpenFloor(s.to).into());
            }
        }
        ui.separator();
    }
    let ramps = d.ramps();
    egui::ScrollArea::vertical().id_salt("dungeon-floors").show(ui, |ui| {
        for (b, (name, entered)) in d.made.branches.iter().enumerate() {
            let from = match (b, entered) {
                (0, _) => "the trunk".to_string(),
                (_, Some(depth)) => {
                    let parent = d.links().iter().find(|l| l.to.branch == b && l.to.depth == 1);
                    let parent = parent.and_then(|l| d.made.branches.get(l.from.branch)).map_or("?", |(n, _)| n);
                    format!("from {parent}:{depth}")
                }
                _ => String::new(),
            };
            egui::CollapsingHeader::new(format!("{name} ({from})")).id_salt(("branch", b)).default_open(true).show(
                ui,
                |ui| {
                    for i in (0..d.floors.len()).filter(|&i| d.floors[i].id.branch == b) {
                        floor_row_ui(ui, d, i, on_screen, out);
                    }
                },
            );
        }
        if !ramps.is_empty() {
            egui::CollapsingHeader::new("Ramps by depth").default_open(true).show(ui, |ui| {
                for r in &ramps {
                    ramp_ui(ui, r);
                }
            });
        }
    });
}

/// The dungeon's seed: typed, or the previous, next or a random one (each makes the dungeon again).
fn seed_row_ui(ui: &mut egui::Ui, d: &DungeonDoc, out: &mut Vec<Command>) {
    if d.made.dungeon.is_none() {
        ui.label(format!("Dungeon seed {}", d.made.seed));
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Dungeon seed");
        let mut seed = d.made.seed;
        let r = ui.add(egui::DragValue::new(&mut seed).speed(0.0).update_while_editing(false)).labelled_by(label.id);
        if r.changed() && seed != d.made.seed {
            out.push(DungeonCommand::Reseed(seed).into());
        }
        if ui.small_button("‹").on_hover_text("The dungeon of the previous seed").clicked() {
            out.push(DungeonCommand::Reseed(d.made.seed.wrapping_sub(1)).into());
        }
        if ui.small_button("›").on_hover_text("The dungeon of the next seed").clicked() {
            out.push(DungeonCommand::Reseed(d.made.seed.wrapping_add(1)).into());
        }
    });
}

/// One floor: its thumbnail and name, framed when on screen, marked when changed; a click shows it.
fn floor_row_ui(ui: &mut egui::Ui, d: &DungeonDoc, i: usize, on_screen: Option<&Document>, out: &mut Vec<Command>) {
    let current = d.current == Some(i);
    let changed = d.floor_unsaved(i, on_screen);
    let stroke = if current { Stroke::new(2.0, ui.visuals().selection.stroke.color) } else { Stroke::NONE };
    let r = egui::Frame::new().stroke(stroke).inner_margin(2.0).show(ui, |ui| {
        ui.horizontal(|ui| {
            match d.thumbs.get(i).and_then(Option::as_ref) {
                Some((_, t)) => {
                    let size = t.size_vec2();
                    let scale = (64.0 / size.x.max(size.y)).min(2.0);
                    ui.add(egui::Image::new((t.id(), size * scale)));
                }
                None => {
                    ui.allocate_exact_size(Vec2::splat(64.0), Sense::hover());
                }
            }
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(d.label(i)).strong());
                let map = d.map_of(i, on_screen);
                if let Some(m) = map {
                    ui.label(egui::RichText::new(format!("{} rooms", m.rooms.len())).small().weak());
                }
                for (kind, at) in d.missing_stairs(i, on_screen) {
                    let text = format!("• no {kind} at ({}, {})", at.x, at.y);
                    ui.label(egui::RichText::new(text).small().color(ui.visuals().error_fg_color))
                        .on_hover_text("The floors above or below lead here: lock its room again, or undo");
                }
                if changed {
                    ui.label(egui::RichText::new("• changed").small().color(ui.visuals().warn_fg_color));
                }
                if d.opening == Some(i) {
                    ui.spinner();
                }
            });
        });
    });
    let r = ui.interact(r.response.rect, egui::Id::unique(("dungeon-floor", i)), Sense::click());
    if r.clicked() && !current {
        out.push(DungeonCommand::OpenFloor(i).into());
    }
    r.on_hover_text(if current { "On screen".to_string() } else { format!("Show {}", d.label(i)) });
}

/// A ramp as a small curve: its value on each floor of its range.
fn ramp_ui(ui: &mut egui::Ui, r: &Ramp) {
    let (first, last) = (r.points.first().map_or(0.0, |p| p.1), r.points.last().map_or(0.0, |p| p.1));
    let (d0, d1) = (r.points.first().map_or(0, |p| p.0), r.points.last().map_or(0, |p| p.0));
    ui.label(
        egui::RichText::new(format!("{} {d0}–{d1}: {}  {} to {}", r.branch, r.key, short(first), short(last))).small(),
    );
    let width = ui.available_width().clamp(80.0, 220.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 28.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let (lo, hi) = r.points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let span = (hi - lo).max(1e-9);
    let n = r.points.len().max(2) - 1;
    let points: Vec<egui::Pos2> = r
        .points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let x = rect.left() + 4.0 + (rect.width() - 8.0) * k as f32 / n as f32;
            let y = rect.bottom() - 4.0 - (rect.height() - 8.0) * ((p.1 - lo) / span) as f32;
            egui::pos2(x, y)
        })
        .collect();
    let colour = Color32::from_rgb(0xd0, 0xa0, 0x50);
    painter.add(egui::Shape::line(points.clone(), Stroke::new(1.5, colour)));
    for p in points {
        painter.circle_filled(p, 1.8, colour);
    }
}

fn short(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 { format!("{v:.0}") } else { format!("{v:.2}") }
}

/// The *File ▸ New dungeon* dialog's state while open.
#[derive(Clone, Debug, PartialEq)]
pub struct NewDungeonDialog {
    /// 0: floors made by the parameters in the panel; `k`: shipped dungeon `k - 1`.
    pub from: usize,
    /// Floors of the trunk (for floors made by the panel's parameters).
    pub floors: u32,
    pub seed: u64,
}

impl Default for NewDungeonDialog {
    fn default() -> Self {
        Self { from: 0, floors: 5, seed: 1 }
    }
}

/// The *New dungeon* dialog; returns the command it ends with, and whether it is still open.
pub fn new_dungeon_ui(
    ctx: &egui::Context,
    d: &mut NewDungeonDialog,
    params: &crate::params::GeneratorParams,
) -> (Option<Command>, bool) {
    use crate::io::SHIPPED_DUNGEONS;
    let mut out = None;
    let mut open = true;
    let r = egui::Modal::new(egui::Id::unique("delve-new-dungeon")).show(ctx, |ui| {
        ui.set_width(420.0);
        ui.heading("New dungeon");
        ui.label("Floors joined by stairs, each made around its staircases; every floor certified.");
        ui.add_space(4.0);
        ui.radio_value(
            &mut d.from,
            0,
            format!("A trunk of floors made by the parameters in the panel ({})", params.kind().label()),
        );
        for (k, (name, _)) in SHIPPED_DUNGEONS.iter().enumerate() {
            let shipped = crate::io::dungeon_from(name).ok();
            let title = shipped.as_ref().and_then(|p| p.name.clone()).unwrap_or_else(|| (*name).to_string());
            let floors: u32 = shipped.as_ref().map_or(0, |p| p.branch_floors().iter().map(|(_, n)| n).sum());
            ui.radio_value(&mut d.from, k + 1, format!("{title} (shipped, {floors} floors)"));
        }
        ui.add_space(4.0);
        egui::Grid::new("new-dungeon").num_columns(2).show(ui, |ui| {
            if d.from == 0 {
                let label = ui.label("Floors");
                ui.add(egui::DragValue::new(&mut d.floors).range(1..=crate::dungeon::preset::MAX_BRANCH_FLOORS))
                    .labelled_by(label.id);
                ui.end_row();
            }
            let label = ui.label("Dungeon seed");
            ui.add(egui::DragValue::new(&mut d.seed).speed(0.0)).labelled_by(label.id);
            ui.end_row();
        });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Create").clicked() {
                let preset = match d.from {
                    0 => Some(super::dungeon::trunk_of(params, d.floors)),
                    k => SHIPPED_DUNGEONS.get(k - 1).and_then(|(name, _)| crate::io::dungeon_from(name).ok()),
                };
                if let Some(preset) = preset {
                    let source = DungeonSource::Preset { preset: Box::new(preset), base: ".".into(), seed: d.seed };
                    out = Some(DungeonCommand::Make(Box::new(source)).into());
                }
                open = false;
            }
            if ui.button("Cancel").clicked() {
                open = false;
            }
        });
    });
    (out, open && !r.should_close())
}
