//! Where the seed browser, Explore and Compare show: floating over the map, or docked beside or
//! under it as a panel, so the map stays in sight. One mechanism for the three: [`host`] draws a
//! window's contents in its place, and [`place_menu_ui`] is the same *Dock* menu in each. The
//! places are preferences ([`Docks`]), so each window comes back where it was.

use serde::{Deserialize, Serialize};

/// Where a window shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// A window over the map.
    #[default]
    Floating,
    /// A panel right of the map.
    Right,
    /// A panel under the map.
    Bottom,
}

impl Place {
    pub const ALL: [Place; 3] = [Place::Floating, Place::Right, Place::Bottom];

    pub fn label(self) -> &'static str {
        match self {
            Place::Floating => "Floating window",
            Place::Right => "Docked right of the map",
            Place::Bottom => "Docked under the map",
        }
    }

    pub fn docked(self) -> bool {
        self != Place::Floating
    }
}

/// The windows that can dock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dockable {
    SeedBrowser,
    Explore,
    Compare,
    Tune,
}

impl Dockable {
    pub const ALL: [Dockable; 4] = [Dockable::SeedBrowser, Dockable::Explore, Dockable::Compare, Dockable::Tune];

    pub fn title(self) -> &'static str {
        match self {
            Dockable::SeedBrowser => "Seeds",
            Dockable::Explore => "Explore",
            Dockable::Compare => "Compare",
            Dockable::Tune => "Tune",
        }
    }

    fn id(self) -> &'static str {
        match self {
            Dockable::SeedBrowser => "delve-seed-browser",
            Dockable::Explore => "delve-explore",
            Dockable::Compare => "delve-compare",
            Dockable::Tune => "delve-tune",
        }
    }

    /// A floating window's first size.
    fn window_size(self) -> egui::Vec2 {
        match self {
            Dockable::SeedBrowser => egui::vec2(900.0, 640.0),
            Dockable::Explore => egui::vec2(980.0, 700.0),
            Dockable::Compare => egui::vec2(960.0, 560.0),
            Dockable::Tune => egui::vec2(760.0, 680.0),
        }
    }
}

/// Where each window shows (saved with the preferences).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Docks {
    pub seed_browser: Place,
    pub explore: Place,
    pub compare: Place,
    pub tune: Place,
}

impl Docks {
    pub fn get(&self, w: Dockable) -> Place {
        match w {
            Dockable::SeedBrowser => self.seed_browser,
            Dockable::Explore => self.explore,
            Dockable::Compare => self.compare,
            Dockable::Tune => self.tune,
        }
    }

    pub fn set(&mut self, w: Dockable, place: Place) {
        match w {
            Dockable::SeedBrowser => self.seed_browser = place,
            Dockable::Explore => self.explore = place,
            Dockable::Compare => self.compare = place,
            Dockable::Tune => self.tune = place,
        }
    }
}

/// The least width the map keeps beside a window docked right of it.
pub const MAP_MIN_WIDTH: f32 = 400.0;
/// The least width of a window docked right of the map: with less room beside the map, it
/// docks under it instead (and says so).
pub const DOCKED_MIN_WIDTH: f32 = 240.0;

/// Where a window is drawn this frame: over everything (floating), or as a panel of the root
/// `ui` before the map's central panel takes the rest.
pub enum Host<'a> {
    Window(&'a egui::Context),
    Panel(&'a mut egui::Ui),
}

/// Draws `w`'s contents (`add`) in `place`: a window that `open` closes, or a resizable panel
/// with the title, the *Dock* menu and a close button. Returns the place the user picked in
/// the *Dock* menu this frame, if any.
pub fn host(
    host: Host<'_>,
    w: Dockable,
    place: Place,
    open: &mut bool,
    add: impl FnOnce(&mut egui::Ui),
) -> Option<Place> {
    let mut picked = None;
    match (host, place) {
        (Host::Window(ctx), _) => {
            egui::Window::new(w.title())
                .id(egui::Id::unique(w.id()))
                .open(open)
                .default_size(w.window_size())
                .resizable(true)
                .show(ctx, |ui| {
                    place_menu_ui(ui, place, &mut picked);
                    add(ui);
                });
        }
        (Host::Panel(ui), place) => {
            // Beside the map only while the map keeps its least width; else under it.
            // (and the few points of the map panel's margins).
            let room = ui.available_width() - MAP_MIN_WIDTH - 10.0;
            let cramped = place == Place::Right && room < DOCKED_MIN_WIDTH;
            let panel = match place {
                // Ids of their own: a panel remembers its size, a height under the map and a
                // width beside it.
                Place::Bottom => egui::Panel::bottom(egui::Id::unique((w.id(), "docked under"))).default_size(320.0),
                _ if cramped => egui::Panel::bottom(egui::Id::unique((w.id(), "docked under"))).default_size(320.0),
                _ => egui::Panel::right(egui::Id::unique((w.id(), "docked right")))
                    .default_size(room.min(560.0))
                    .size_range(DOCKED_MIN_WIDTH..=room),
            };
            let panel = if place == Place::Right && !cramped { panel } else { panel.size_range(160.0..=1400.0) };
            panel.resizable(true).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong(w.title());
                    if cramped {
                        ui.label(egui::RichText::new("(under the map: no room beside it)").weak()).on_hover_text(
                            format!(
                                "Docked right of the map, it would leave the map under {MAP_MIN_WIDTH} px: it shows \
                                 under the map until the window is wider or the side panels narrower."
                            ),
                        );
                    }
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui.button("Close").on_hover_text(format!("Hide {}", w.title())).clicked() {
                            *open = false;
                        }
                        place_menu_ui(ui, place, &mut picked);
                    });
                });
                ui.separator();
                // What does not fit the panel's width scrolls sideways: a docked window's
                // contents never widen the panel over the map.
                egui::ScrollArea::horizontal()
                    .id_salt((w.id(), "docked contents"))
                    .auto_shrink([false, false])
                    .show(ui, add);
            });
        }
    }
    picked
}

/// The *Dock* menu: float the window, or dock it right of or under the map.
fn place_menu_ui(ui: &mut egui::Ui, place: Place, picked: &mut Option<Place>) {
    ui.menu_button("Dock", |ui| {
        for p in Place::ALL {
            if ui.radio(place == p, p.label()).clicked() {
                *picked = Some(p);
                ui.close();
            }
        }
    })
    .response
    .on_hover_text("Show this as a window over the map, or as a panel beside or under it");
}
