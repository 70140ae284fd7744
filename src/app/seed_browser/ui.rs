//! The seed browser's window: its controls (page, sort, filter, the explored seeds), the side
//! list of starred and recent seeds, and the grid of thumbnails. What it shows is the
//! [`SeedBrowser`]'s; what it changes it asks for with commands.

use super::*;

/// What the maps of a window (seed browser, Explore) are made around: the map's locks, as
/// `what` says, or why they cannot be kept (the maps are then without them).
pub(in crate::app) fn locks_note_ui(ui: &mut egui::Ui, kept: Option<&Arc<Kept>>, error: Option<&str>, what: &str) {
    if let Some(kept) = kept {
        ui.label(format!("Around the map's {kept}: {what}."));
    } else if let Some(e) = error {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("The map's locks cannot be kept ({e}): these are the maps without them."),
        );
    }
}

/// The seed browser window. `current` is the seed of the map in the main view; `run` the
/// Explore window's last run of the current parameters, whose seeds the browser can page through.
pub fn seed_browser_ui(
    host: Host<'_>,
    place: Place,
    b: &mut SeedBrowser,
    starred: &[StarredSeed],
    current: Option<u64>,
    run: Option<&Arc<Run>>,
    out: &mut Vec<Command>,
) -> Option<Place> {
    let mut open = b.open;
    let mut columns = b.columns;
    let picked = host_window(host, Dockable::SeedBrowser, place, &mut open, |ui| {
        controls_ui(ui, b, run, out);
        ui.separator();
        egui::Panel::right("delve-seeds-side").resizable(true).default_size(230.0).show(ui, |ui| {
            side_ui(ui, b, starred, current, out);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            columns = grid_ui(ui, b, starred, current, out);
        });
    });
    b.open = open;
    b.columns = columns;
    picked
}

fn controls_ui(ui: &mut egui::Ui, b: &mut SeedBrowser, run: Option<&Arc<Run>>, out: &mut Vec<Command>) {
    locks_note_ui(ui, b.locks(), b.locks_error.as_deref(), "each thumbnail is the map Regenerate makes for its seed");
    if let Some(e) = &b.explored {
        let mut leave = false;
        ui.horizontal_wrapped(|ui| {
            let n = e.list.len();
            let shown = b.page.size.max(1);
            ui.label(
                egui::RichText::new(format!(
                    "Explored: {} of {} match",
                    crate::app::explore::group_thousands(n as u64),
                    crate::app::explore::group_thousands(e.total() as u64)
                ))
                .strong(),
            );
            let mut what = e.describe();
            if b.filter_on {
                let f = describe(&[Condition { stat: b.filter_stat, op: Op::AtLeast, value: b.filter_min }]);
                what = if what.is_empty() { f } else { format!("{what} and {f}") };
            }
            if !what.is_empty() {
                ui.label(format!("({what})"));
            }
            if n > 0 {
                ui.label(format!("· showing {}–{}", e.start + 1, (e.start + shown).min(n)));
            }
            leave = ui.button("Back to pages").on_hover_text("Pages of consecutive or spread-out seeds").clicked();
        });
        if leave {
            b.leave_explored();
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("< Page").on_hover_text("Previous page (PageUp)").clicked() {
            b.step_page(false);
        }
        if ui.button("Page >").on_hover_text("Next page (PageDown)").clicked() {
            b.step_page(true);
        }
        if b.explored.is_some() {
            ui.label("size");
            ui.add(
                egui::DragValue::new(&mut b.page.size).update_while_editing(false).range(crate::analysis::PAGE_SIZES),
            );
        }
        if b.explored.is_none()
            && let Some(run) = run
            && ui
                .button(format!("Explored seeds ({})", crate::app::explore::group_thousands(run.rows.len() as u64)))
                .on_hover_text(
                    "Page through every seed of the Explore window's run: sort and filter then cover the whole run",
                )
                .clicked()
        {
            b.show_explored(run.clone(), Vec::new());
        }
        if b.explored.is_none() {
            let mut random = matches!(b.page.kind, PageKind::Random { .. });
            if ui
                .checkbox(&mut random, "Random page")
                .on_hover_text("Spread-out seeds instead of consecutive")
                .changed()
            {
                b.page.kind =
                    if random { PageKind::Random { page_seed: 0 } } else { PageKind::Consecutive { start: 0 } };
            }
            match &mut b.page.kind {
                PageKind::Consecutive { start } => {
                    ui.label("from seed");
                    ui.add(egui::DragValue::new(start).update_while_editing(false));
                }
                PageKind::Random { page_seed } => {
                    ui.label("page");
                    ui.add(egui::DragValue::new(page_seed).update_while_editing(false));
                }
            }
            ui.label("size");
            ui.add(
                egui::DragValue::new(&mut b.page.size).update_while_editing(false).range(crate::analysis::PAGE_SIZES),
            );
        }
        ui.separator();
        if ui
            .add_enabled(b.history.can_back(), egui::Button::new("< Back"))
            .on_hover_text("Previous seed viewed")
            .clicked()
            && let Some(s) = b.history.back()
        {
            out.push(Command::Params(ParamsCommand::OpenSeed(s)));
        }
        if ui.add_enabled(b.history.can_forward(), egui::Button::new("Forward >")).clicked()
            && let Some(s) = b.history.forward()
        {
            out.push(Command::Params(ParamsCommand::OpenSeed(s)));
        }
    });
    // Order and filter on a row of their own, so the filter's phrase never breaks.
    b.keep_sortable();
    let sortable = b.sortable();
    ui.horizontal_wrapped(|ui| {
        let sort_label = ui.label("Sort by");
        egui::ComboBox::from_id_salt("delve-seed-sort")
            .selected_text(b.view.sort.label())
            .show_ui(ui, |ui| {
                for s in &sortable {
                    ui.selectable_value(&mut b.view.sort, *s, s.label());
                }
            })
            .response
            .labelled_by(sort_label.id);
        ui.checkbox(&mut b.view.descending, "largest first");
        ui.separator();
        ui.horizontal(|ui| {
            ui.checkbox(&mut b.filter_on, "Only with");
            // Named for screen readers (and tests): the figure and its least value.
            egui::ComboBox::from_id_salt("delve-seed-filter")
                .selected_text(b.filter_stat.label())
                .show_ui(ui, |ui| {
                    for s in &sortable {
                        ui.selectable_value(&mut b.filter_stat, *s, s.label());
                    }
                })
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Filter figure"));
            let least = ui.label("at least");
            ui.add(egui::DragValue::new(&mut b.filter_min).update_while_editing(false).speed(0.5))
                .labelled_by(least.id);
        });
        if b.is_busy() {
            ui.spinner();
        }
    });
    if let Some(e) = &b.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

fn side_ui(ui: &mut egui::Ui, b: &SeedBrowser, starred: &[StarredSeed], current: Option<u64>, out: &mut Vec<Command>) {
    if let Some(seed) = b.selected.or(current) {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(format!("Seed {seed}")).strong());
            let is_starred = starred.iter().any(|s| s.seed == seed);
            if ui
                .button(if is_starred { "Unstar" } else { "Star" })
                .on_hover_text("Keep this seed with the preset")
                .clicked()
            {
                out.push(Command::Params(ParamsCommand::ToggleStar(seed)));
            }
            if ui.button("Compare").on_hover_text("Add a pane with this seed to the compare window").clicked() {
                out.push(Command::Window(WindowCommand::CompareSeed(seed)));
            }
        });
    }
    ui.separator();
    ui.label(egui::RichText::new(format!("Starred ({})", starred.len())).strong());
    if starred.is_empty() {
        ui.label(egui::RichText::new("Star a seed to keep it; stars are saved with the preset.").weak());
    }
    egui::ScrollArea::vertical().id_salt("delve-starred").max_height(260.0).show(ui, |ui| {
        for s in starred {
            ui.horizontal(|ui| {
                if ui.link(format!("* {}", s.seed)).on_hover_text("Open this seed").clicked() {
                    out.push(Command::Params(ParamsCommand::OpenSeed(s.seed)));
                }
                if ui.small_button("×").on_hover_text("Unstar").clicked() {
                    out.push(Command::Params(ParamsCommand::ToggleStar(s.seed)));
                }
            });
            let mut note = s.note.clone();
            if ui.add(egui::TextEdit::singleline(&mut note).hint_text("note").desired_width(f32::INFINITY)).changed() {
                out.push(Command::Params(ParamsCommand::SetStarNote(s.seed, note)));
            }
        }
    });
    ui.separator();
    ui.collapsing(format!("History ({})", b.history.all().len()), |ui| {
        egui::ScrollArea::vertical().id_salt("delve-history").max_height(200.0).show(ui, |ui| {
            for s in b.history.all().iter().rev() {
                if ui.link(s.to_string()).clicked() {
                    out.push(Command::Params(ParamsCommand::OpenSeed(*s)));
                }
            }
        });
    });
}

/// The thumbnails; returns the number of columns (for the up/down keys).
fn grid_ui(
    ui: &mut egui::Ui,
    b: &mut SeedBrowser,
    starred: &[StarredSeed],
    current: Option<u64>,
    out: &mut Vec<Command>,
) -> usize {
    let is_starred = |seed: u64| starred.iter().any(|s| s.seed == seed);
    let cell = vec2(THUMB_PX as f32 + 8.0, THUMB_PX as f32 * 0.6 + 44.0);
    let columns = ((ui.available_width() / (cell.x + 4.0)).floor() as usize).max(1);
    let order = b.ordered();
    let ctx = ui.ctx().clone();
    egui::ScrollArea::vertical().id_salt("delve-thumbs").show(ui, |ui| {
        egui::Grid::new("delve-thumb-grid").spacing(vec2(4.0, 4.0)).show(ui, |ui| {
            for (n, (seed, ready)) in order.iter().enumerate() {
                let seed = *seed;
                let (rect, resp) = ui.allocate_exact_size(cell, Sense::click());
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Seed {seed}")));
                let painter = ui.painter_at(rect);
                let selected = b.selected == Some(seed) || (b.selected.is_none() && current == Some(seed));
                let bg =
                    if resp.hovered() { ui.visuals().widgets.hovered.bg_fill } else { ui.visuals().extreme_bg_color };
                painter.rect_filled(rect, 3.0, bg);
                if selected {
                    painter.rect_stroke(
                        rect,
                        3.0,
                        Stroke::new(2.0, ui.visuals().selection.stroke.color),
                        egui::StrokeKind::Inside,
                    );
                }
                let img_rect = egui::Rect::from_min_size(rect.min + vec2(4.0, 4.0), vec2(cell.x - 8.0, cell.y - 48.0));
                let th = b.cache.get(&b.textures_key, seed).map(|t| (t.metrics, t.width, t.height));
                match (ready, th, b.texture(&ctx, seed)) {
                    (true, Some((m, w, h)), Some(tex)) => {
                        let s = (img_rect.width() / w as f32).min(img_rect.height() / h as f32);
                        let r = egui::Rect::from_center_size(img_rect.center(), vec2(w as f32 * s, h as f32 * s));
                        painter.image(
                            tex.id(),
                            r,
                            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                            Color32::WHITE,
                        );
                        let say = |s: Stat| s.describe(s.value(seed, &m));
                        // The figure sorted by, on the second line, when the caption does
                        // not show it already (the run's, for a figure from play).
                        let sort = b.view.sort;
                        let shown =
                            [Stat::Seed, Stat::Rooms, Stat::CorridorTiles, Stat::FloorPercent, Stat::LongestPath];
                        let second = match b.explored().and_then(|e| e.value(seed, sort)) {
                            Some(v) if !shown.contains(&sort) => sort.describe(v),
                            _ => format!("{} · {}", say(Stat::FloorPercent), say(Stat::LongestPath)),
                        };
                        let text = format!("{} · {}\n{second}", say(Stat::Rooms), say(Stat::CorridorTiles));
                        painter.text(
                            egui::pos2(rect.min.x + 4.0, rect.max.y - 30.0),
                            egui::Align2::LEFT_TOP,
                            text,
                            egui::FontId::proportional(11.0),
                            ui.visuals().text_color(),
                        );
                    }
                    _ => {
                        painter.text(
                            img_rect.center(),
                            egui::Align2::CENTER_CENTER,
                            "…",
                            egui::FontId::proportional(20.0),
                            ui.visuals().weak_text_color(),
                        );
                    }
                }
                let star = if is_starred(seed) { " *" } else { "" };
                painter.text(
                    egui::pos2(rect.min.x + 4.0, rect.max.y - 44.0),
                    egui::Align2::LEFT_TOP,
                    format!("{seed}{star}"),
                    egui::FontId::proportional(12.0),
                    if star.is_empty() {
                        ui.visuals().strong_text_color()
                    } else {
                        Color32::from_rgb(0xf0, 0xc0, 0x40)
                    },
                );
                if resp.clicked() {
                    b.selected = Some(seed);
                    out.push(Command::Params(ParamsCommand::OpenSeed(seed)));
                }
                resp.context_menu(|ui| {
                    if ui.button(if is_starred(seed) { "Unstar" } else { "Star" }).clicked() {
                        out.push(Command::Params(ParamsCommand::ToggleStar(seed)));
                        ui.close();
                    }
                    if ui.button("Compare").clicked() {
                        out.push(Command::Window(WindowCommand::CompareSeed(seed)));
                        ui.close();
                    }
                });
                if (n + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        });
    });
    columns
}
