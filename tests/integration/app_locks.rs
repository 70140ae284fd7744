//! Locking through the real editor UI (egui_kittest): the inspector's Locked toggle, the L key,
//! the map's context menu, the lock brush (Alt unlocks, Shift fills a rectangle) and the Locks
//! section with its unlock buttons.

use crate::app_edit::two_rooms;
use crate::editor::{Editor, editor_on};
use crate::screen::same_rect;
use delve::app::map_view::lock_colours::{LOCK, TINT};
use delve::edit::{Op, perform};
use delve::geom::{Pos, Rect};
use egui::{Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;

/// Driving the lock UI: the secondary button, and reading locked tiles.
impl Editor {
    fn right_click(&mut self, p: Pos2) {
        self.harness.hover_at(p);
        self.harness.step();
        for pressed in [true, false] {
            self.harness.event(egui::Event::PointerButton {
                pos: p,
                button: PointerButton::Secondary,
                pressed,
                modifiers: Modifiers::NONE,
            });
            self.harness.step();
        }
        self.settle();
    }

    fn locked_row(&self, y: i32, xs: std::ops::RangeInclusive<i32>) -> Vec<bool> {
        xs.map(|x| self.map().tile_locked(Pos::new(x, y))).collect()
    }
}

#[test]
fn inspector_toggle_and_l_key_lock_the_selected_room_undoably() {
    let mut e = editor_on(&two_rooms());
    e.click(e.at(4.5, 4.5));
    e.harness.get_by_label_contains("Room 0:");
    assert!(!e.map().rooms[0].locked);

    // The inspector's toggle: one undo step.
    e.harness.get_by_label("Locked").click();
    e.settle();
    assert!(e.map().rooms[0].locked, "the toggle locks the selected room");
    assert!(!e.map().rooms[1].locked);
    assert_eq!(e.history_len(), 1);
    e.harness.get_by_label("Lock room 0");

    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert!(!e.map().rooms[0].locked, "undo unlocks it");
    assert_eq!(e.history_len(), 0);

    // The L key toggles the selected room's lock.
    e.key(Modifiers::NONE, egui::Key::L);
    assert!(e.map().rooms[0].locked, "L locks");
    e.key(Modifiers::NONE, egui::Key::L);
    assert!(!e.map().rooms[0].locked, "L again unlocks");
    assert_eq!(e.history_len(), 2);

    // Nothing selected: L does nothing.
    e.click(e.at(15.5, 20.5));
    e.key(Modifiers::NONE, egui::Key::L);
    assert!(!e.map().has_locks());
    assert_eq!(e.history_len(), 2);
}

#[test]
fn lock_brush_paints_in_one_step_and_alt_unlocks() {
    let original = two_rooms();
    let mut e = editor_on(&original);
    e.key(Modifiers::NONE, egui::Key::K);
    e.drag_with(e.at(12.5, 3.5), e.at(20.5, 3.5), Modifiers::NONE);
    assert_eq!(e.locked_row(3, 12..=20), vec![true; 9]);
    assert_eq!(e.map().locked_tile_count(), 9);
    assert_eq!(e.history_len(), 1, "one stroke is one step");
    assert_eq!(e.map().tiles(), original.tiles(), "locking leaves the tiles alone");

    // Alt+drag unlocks what it passes over, in a step of its own.
    e.drag_with(e.at(14.5, 3.5), e.at(16.5, 3.5), Modifiers::ALT);
    assert_eq!(e.locked_row(3, 12..=20), vec![true, true, false, false, false, true, true, true, true]);
    assert_eq!(e.history_len(), 2);

    // Shift+drag locks a rectangle.
    e.drag_with(e.at(10.5, 10.5), e.at(13.5, 12.5), Modifiers::SHIFT);
    for y in 10..=12 {
        assert_eq!(e.locked_row(y, 10..=13), vec![true; 4], "row {y}");
    }
    assert_eq!(e.map().locked_tile_count(), 6 + 12);
    assert_eq!(e.history_len(), 3);

    // A larger brush locks a wider band.
    e.key(Modifiers::NONE, egui::Key::CloseBracket);
    e.key(Modifiers::NONE, egui::Key::CloseBracket);
    e.drag_with(e.at(20.5, 20.5), e.at(24.5, 20.5), Modifiers::NONE);
    for y in 19..=21 {
        assert_eq!(e.locked_row(y, 20..=24), vec![true; 5], "row {y}");
    }

    e.key(Modifiers::COMMAND, egui::Key::Z);
    e.key(Modifiers::COMMAND, egui::Key::Z);
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map().locked_tile_count(), 9, "each stroke undone in one step");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert!(!e.map().has_locks());
}

#[test]
fn locks_are_drawn_where_they_are_and_only_while_they_are() {
    let mut e = editor_on(&two_rooms());
    assert!(e.painted().filled(TINT).is_empty(), "no locks, nothing drawn");
    assert!(e.painted().segments(LOCK).is_empty());

    // One locked tile: tinted, and outlined on its four sides.
    e.key(Modifiers::NONE, egui::Key::K);
    e.click(e.at(12.5, 3.5));
    assert!(e.map().tile_locked(Pos::new(12, 3)), "a click locks under the brush");
    let tile = e.screen_rect(Rect::new(12, 3, 1, 1));
    let tinted = e.painted().filled(TINT);
    assert!(tinted.len() == 1 && same_rect(tinted[0], tile), "{tinted:?} for {tile:?}");
    let mut sides: Vec<egui::Rect> =
        e.painted().segments(LOCK).iter().map(|[a, b]| egui::Rect::from_two_pos(*a, *b)).collect();
    sides.sort_by(|a, b| (a.min.x, a.min.y).partial_cmp(&(b.min.x, b.min.y)).unwrap());
    let expected = [
        egui::Rect::from_two_pos(tile.left_top(), tile.left_bottom()),
        egui::Rect::from_two_pos(tile.left_top(), tile.right_top()),
        egui::Rect::from_two_pos(tile.left_bottom(), tile.right_bottom()),
        egui::Rect::from_two_pos(tile.right_top(), tile.right_bottom()),
    ];
    assert_eq!(sides.len(), 4, "{sides:?}");
    assert!(sides.iter().zip(&expected).all(|(a, b)| same_rect(*a, *b)), "{sides:?} for {tile:?}");

    // Undone: nothing of it is drawn any more.
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert!(e.painted().filled(TINT).is_empty() && e.painted().segments(LOCK).is_empty());

    // A locked room: outlined, with a padlock inside its top-left corner.
    e.key(Modifiers::NONE, egui::Key::V);
    e.click(e.at(29.5, 14.5));
    e.key(Modifiers::NONE, egui::Key::L);
    assert!(e.map().rooms[1].locked);
    let room = e.screen_rect(Rect::new(26, 12, 8, 6));
    let outlines = e.painted().outlined(LOCK);
    assert!(outlines.iter().any(|r| same_rect(*r, room)), "{outlines:?} for {room:?}");
    let bodies = e.painted().filled(LOCK);
    assert_eq!(bodies.len(), 1, "one padlock");
    assert!(
        room.contains_rect(bodies[0])
            && bodies[0].center().x < room.center().x
            && bodies[0].center().y < room.center().y
    );
}

#[test]
fn locks_section_lists_rooms_and_tiles_and_unlocks_in_one_step() {
    let mut m = two_rooms();
    perform(&mut m, Op::LockRoom { id: 1, locked: true }).unwrap();
    perform(&mut m, Op::LockTiles { cells: Rect::new(10, 10, 3, 2).cells().collect(), locked: true }).unwrap();
    let mut e = editor_on(&m);
    e.harness.get_by_label("Locks");
    e.harness.get_by_label("6 locked tiles");
    assert!(e.harness.query_by_label_contains("Room 1:").is_none(), "nothing selected yet");

    // A click on a listed room selects it.
    e.harness.get_by_label("Room 1").click();
    e.settle();
    e.harness.get_by_label_contains("Room 1: 48 tiles");

    e.harness.get_by_label("Unlock all tiles").click();
    e.settle();
    assert_eq!(e.map().locked_tile_count(), 0);
    assert!(e.map().rooms[1].locked, "rooms stay locked");
    e.harness.get_by_label("No locked tiles");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map().locked_tile_count(), 6);

    let before = e.history_len();
    e.harness.get_by_label("Unlock all").click();
    e.settle();
    assert!(!e.map().has_locks());
    assert_eq!(e.history_len(), before + 1, "one step");
    assert!(e.harness.query_by_label("Locks").is_none(), "no section without locks");
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert!(e.map().rooms[1].locked);
    assert_eq!(e.map().locked_tile_count(), 6);
}

#[test]
fn context_menu_locks_and_unlocks_a_room_without_panning() {
    let mut e = editor_on(&two_rooms());
    let transform = e.harness.state().view().transform;
    e.right_click(e.at(29.5, 14.5));
    e.harness.get_by_label("Lock room").click();
    e.settle();
    assert!(e.map().rooms[1].locked);
    assert!(!e.map().rooms[0].locked);
    assert_eq!(e.harness.state().view().transform, transform, "a right-click does not pan");

    e.right_click(e.at(29.5, 14.5));
    e.harness.get_by_label("Unlock room").click();
    e.settle();
    assert!(!e.map().rooms[1].locked);

    // Off any room: no menu.
    e.right_click(e.at(15.5, 20.5));
    assert!(e.harness.query_by_label("Lock room").is_none());
}
