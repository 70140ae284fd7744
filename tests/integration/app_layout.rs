//! The map first: at a laptop's 1280×800 the map view gets most of the window, the tool bar is
//! one row that never changes height, Focus map hides both side panels, and the seed browser,
//! Explore and Compare dock beside or under the map (and come back there).

use crate::common::MemoryStorage;
use crate::editor::{editor, editor_with};
use delve::app::dock::{Dockable, Place};
use delve::app::tools::Tool;
use egui::Modifiers;
use egui_kittest::kittest::Queryable;

#[test]
fn the_map_view_gets_over_sixty_percent_of_a_1280_window() {
    let e = editor();
    let view = e.app().view().rect;
    assert!(e.app().prefs().side_panel, "with the default panels: parameters and inspector");
    let share = view.width() / 1280.0;
    assert!(share >= 0.60, "the map view is {:.0} px wide, {:.1}% of 1280", view.width(), share * 100.0);
}

#[test]
fn the_tool_bar_keeps_its_height_whatever_tool_is_picked() {
    let mut e = editor();
    let top = e.app().view().rect.top();
    for tool in Tool::ALL {
        e.harness.get_by_label(tool.name()).click();
        e.settle();
        assert_eq!(e.app().view().rect.top(), top, "the map moved when {} was picked", tool.name());
    }
    // The brush options show in the strip under the tools, not in a row of their own.
    e.harness.get_by_label("Floor").click();
    e.settle();
    assert!(e.harness.query_all_by_label("brush size (tiles)").next().is_some());
    assert_eq!(e.app().view().rect.top(), top);
}

/// With a window docked beside the map the tool bar is narrower than its buttons: it keeps its
/// height, and the wheel over it brings the last ones (the Kind tool) into view. Before, they
/// were cut off for good. The Layers menu comes before the tools, so it is never scrolled away.
#[test]
fn a_narrow_tool_bar_scrolls_sideways_under_the_wheel() {
    let mut e = editor();
    let top = e.app().view().rect.top();
    e.key(Modifiers::COMMAND, egui::Key::B);
    e.menu("Dock", "Docked right of the map");
    let view = e.app().view().rect;
    assert_eq!(view.top(), top, "the tool bar keeps its height");
    let layers = e.harness.get_by_label("Layers").rect();
    assert!(layers.right() < view.right(), "Layers in view: {layers:?}, {view:?}");
    let last = e.harness.get_by_label(Tool::Kind.name()).rect();
    assert!(last.right() > view.right(), "the last tool is past the map's edge: {last:?}, {view:?}");
    let fit = e.harness.get_by_label("Fit").rect();
    e.harness.hover_at(fit.center());
    for _ in 0..10 {
        e.harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: egui::vec2(0.0, -10.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        for _ in 0..30 {
            e.harness.step();
        }
    }
    let last = e.harness.get_by_label(Tool::Kind.name()).rect();
    assert!(last.right() <= view.right() + 1.0, "the last tool scrolled into view: {last:?}, {view:?}");
    assert_eq!(e.app().view().rect.top(), top);
}

#[test]
fn focus_map_hides_both_side_panels_and_brings_them_back() {
    let mut e = editor();
    let before = e.app().view().rect;
    assert!(e.harness.query_by_label("Parameters").is_some());
    assert!(e.harness.query_by_label("Inspector").is_some());

    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::F);
    assert!(e.app().prefs().focus_map);
    assert!(e.harness.query_by_label("Parameters").is_none(), "the parameters panel is hidden");
    assert!(e.harness.query_by_label("Inspector").is_none(), "the inspector is hidden");
    let focused = e.app().view().rect;
    assert!(focused.width() >= 0.98 * 1280.0, "the map takes the width: {focused:?}");

    // From the View menu, back.
    e.menu("View", "Focus map");
    assert!(!e.app().prefs().focus_map);
    assert_eq!(e.app().view().rect, before);
}

#[test]
fn a_window_docked_under_the_map_leaves_it_uncovered_and_comes_back_docked() {
    let mut e = editor();
    let full = e.app().view().rect;
    e.key(Modifiers::COMMAND, egui::Key::B);
    assert!(e.harness.query_by_label("Page >").is_some(), "the seed browser shows");
    assert_eq!(e.app().view().rect, full, "floating, it lies over the map");

    e.menu("Dock", "Docked under the map");
    assert_eq!(e.app().prefs().docks.get(Dockable::SeedBrowser), Place::Bottom);
    let view = e.app().view().rect;
    assert_eq!((view.left(), view.right(), view.top()), (full.left(), full.right(), full.top()));
    assert!(view.bottom() < full.bottom() - 100.0, "the map ends above the docked browser: {view:?}");
    let page = e.harness.get_by_label("Page >").rect();
    assert!(page.top() > view.bottom(), "the browser is under the map, not over it");

    // Saved and restored: the browser opens docked again.
    let mut storage = MemoryStorage::default();
    e.harness.state_mut().save_state(&mut storage);
    let mut again = editor_with(None, Some(&storage));
    again.key(Modifiers::COMMAND, egui::Key::B);
    assert_eq!(again.app().prefs().docks.get(Dockable::SeedBrowser), Place::Bottom);
    let page = again.harness.get_by_label("Page >").rect();
    assert!(page.top() > again.app().view().rect.bottom());

    // Docked right of the map, then floating again.
    again.menu("Dock", "Docked right of the map");
    let view = again.app().view().rect;
    assert!(again.harness.get_by_label("Page >").rect().left() > view.right());
    again.menu("Dock", "Floating window");
    assert_eq!(again.app().prefs().docks.get(Dockable::SeedBrowser), Place::Floating);
}

#[test]
fn help_user_guide_opens_the_readme_as_a_page_in_the_browser() {
    let mut e = editor();
    e.harness.get_by_label("Help").click();
    e.settle();
    e.harness.get_by_label("User guide").click();
    e.harness.step();
    let opened: Vec<String> = e
        .harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::OpenUrl(u) => Some(u.url.clone()),
            _ => None,
        })
        .collect();
    let page = e.dir.path().join("guide").join("index.html");
    assert_eq!(opened, [format!("file://{}", page.display())]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<h2 id=\"generators\">Generators</h2>") && html.contains("<h3 id=\"editing\">Editing</h3>"),
        "the README's sections, with their anchors"
    );
    // Its screenshots are written beside it: they show without the source folder.
    assert!(e.dir.path().join("guide").join("docs").join("screenshot-editor.png").is_file());
}

/// Rooms coloured by role or by distance get a legend in the map's corner (swatches in the
/// colours the map uses); by room, none.
#[test]
fn the_room_colours_have_a_legend_when_they_mean_something() {
    use crate::screen::Painted;
    use delve::map::colour::{distance_colour, role_colour};
    let mut e = editor();
    assert!(e.harness.query_by_label("Rooms by role").is_none());
    e.menu("Layers", "by role");
    e.harness.get_by_label("Rooms by role");
    let painted = Painted::of(&e.harness.output().shapes);
    let view = e.app().view().rect;
    for role in delve::map::Role::ALL {
        e.harness.get_by_label(role.label());
        let c = role_colour(Some(role));
        let swatch = painted.filled(egui::Color32::from_rgb(c.0, c.1, c.2));
        assert!(swatch.iter().any(|r| view.contains(r.center()) && r.width() < 30.0), "{role:?} has a swatch");
    }
    e.harness.get_by_label("No role");

    e.menu("Layers", "by distance");
    e.harness.get_by_label("Rooms by distance from the entrance");
    e.harness.get_by_label("Entrance (0 rooms away)");
    e.harness.get_by_label("Not reached from the entrance");
    let painted = Painted::of(&e.harness.output().shapes);
    let c = distance_colour(Some(0), 1);
    assert!(!painted.filled(egui::Color32::from_rgb(c.0, c.1, c.2)).is_empty());

    e.menu("Layers", "by room");
    assert!(e.harness.query_by_label_contains("Rooms by").is_none());
}

/// Map ▸ Resize: a smaller size keeps the chosen corner, says what the new edge cuts (before
/// and after), and is one undo step.
#[test]
fn map_resize_crops_at_the_anchor_reports_cuts_and_undoes_in_one_step() {
    let mut e = editor();
    let before = e.map().clone();
    let steps = e.history_len();
    e.menu("Map", "Resize…");
    // The dialog's width field (the parameters panel, on the left, has one reading the same).
    let width = e
        .harness
        .query_all_by(|n| n.role() == egui::accesskit::Role::SpinButton && n.value().as_deref() == Some("80 tiles"))
        .max_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap();
    width.focus();
    e.harness.step();
    e.harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    e.harness.event(egui::Event::Text("40".into()));
    e.harness.step();
    e.harness.key_press(egui::Key::Enter);
    e.settle();
    e.harness.get_by_label("Top left").click();
    e.settle();
    // The preview says what goes before anything is done.
    let cut_words = |e: &crate::editor::Editor| {
        e.harness.query_by_label_contains("by the new edge").is_some()
            || e.harness.query_by_label_contains("off the map").is_some()
    };
    assert!(cut_words(&e), "the dialog says what the new edge cuts");
    assert_eq!(e.map(), &before, "nothing changes before Resize");
    e.harness.get_by_label("Resize").click();
    e.settle();
    let m = e.map().clone();
    assert_eq!((m.width(), m.height()), (40, before.height()));
    assert!(m.validate().is_empty(), "{:?}", m.validate());
    for y in 0..before.height() as i32 {
        for x in 0..40 {
            let p = delve::geom::Pos::new(x, y);
            assert_eq!(m.tile(p), before.tile(p), "the left part is kept as it was at {p}");
        }
    }
    assert_eq!(e.history_len(), steps + 1, "one undo step");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map().tiles(), before.tiles(), "Undo brings the whole map back");
    assert_eq!(e.map().rooms, before.rooms);
}
