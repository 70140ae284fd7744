//! Markers in the editor: drawn on their tiles in their kinds' colours, locked doors in red with
//! their key's number, a legend of the kinds on the map and of how its doors open, and a layer
//! that hides them all.

use crate::common::{generate_valid, shipped};
use crate::editor::editor_on;
use crate::screen::Painted;
use delve::map::{Opening, Problem};
use egui_kittest::kittest::Queryable;

#[test]
fn markers_and_locked_doors_are_drawn_with_a_legend_and_the_layer_hides_them() {
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let monsters = map.markers.iter().filter(|m| m.kind == "monster").count();
    assert!(monsters > 0 && map.doors.iter().any(|d| matches!(d.opening, Opening::Locked(_))));
    let mut e = editor_on(&map);
    e.settle();
    let view = e.app().view().rect;
    let painted = Painted::of(&e.harness.output().shapes);
    let monster = egui::Color32::from_rgb(220, 70, 60);
    let discs: Vec<_> = painted.discs(monster).into_iter().filter(|c| view.contains(*c)).collect();
    assert_eq!(discs.len(), monsters + 1, "a disc per monster in its kind's colour, and the legend's swatch");
    let locked = painted.filled(egui::Color32::from_rgb(0xe0, 0x30, 0x40));
    let n_locked = map.doors.iter().filter(|d| matches!(d.opening, Opening::Locked(_))).count();
    assert_eq!(
        locked.iter().filter(|r| view.contains(r.center())).count(),
        n_locked + 1,
        "locked doors in red, and the legend's bar"
    );
    // The legend explains how the doors open, every row of it inside the map view (the last
    // row was cut off when the legend's height was guessed too short).
    e.harness.get_by_label(&format!("locked (its key opens it) ({n_locked})"));
    let arches = map.doors.iter().filter(|d| d.opening == Opening::Arch).count();
    assert!(arches > 0);
    let last = e.harness.get_by_label(&format!("arch (no door) ({arches})")).rect();
    assert!(view.contains_rect(last), "the legend's last row {last:?} lies in the map view {view:?}");
    for kind in ["monster", "key", "loot", "stairs"] {
        let n = map.markers.iter().filter(|m| m.kind == kind).count();
        let label = format!("{kind} ({n})");
        let shown = e.harness.query_by_label(&label).is_some();
        assert_eq!(shown, n > 0, "the legend lists {kind} with its count, when the map has some");
    }

    e.menu("Layers", "Markers");
    e.settle();
    assert!(e.harness.query_by_label_contains("monster (").is_none(), "the legend goes with the layer");
    let painted = Painted::of(&e.harness.output().shapes);
    assert!(painted.discs(monster).is_empty(), "no markers drawn");
    assert!(painted.filled(egui::Color32::from_rgb(0xe0, 0x30, 0x40)).is_empty(), "doors in their plain colour");
}

/// The marker tool (T): a click on floor puts a marker of the chosen kind, a click on a marker
/// deletes it, a drag moves it; each one undo step. A door's opening is set in the inspector.
#[test]
fn the_marker_tool_puts_deletes_and_moves_markers_and_the_inspector_locks_a_door() {
    use egui::Modifiers;
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let mut e = editor_on(&map);
    e.settle();
    e.key(Modifiers::NONE, egui::Key::T);
    e.harness.get_by_label_contains("Marker: click floor");
    let n = e.map().markers.len();
    // A free floor tile: in a room, not a door's, the spawn's or a marker's.
    let taken = |m: &delve::map::Map, p: delve::geom::Pos| {
        m.markers.iter().any(|k| k.at == p) || m.doors.iter().any(|d| d.cell == p) || p == m.spawn
    };
    let free = map.rooms.iter().flat_map(|r| r.shape.cells()).find(|p| !taken(&map, *p)).unwrap();
    let steps = e.history_len();
    e.click(e.at(free.x as f32 + 0.5, free.y as f32 + 0.5));
    assert_eq!(e.map().markers.len(), n + 1);
    let added = e.map().markers.last().unwrap().clone();
    assert_eq!((added.kind.as_str(), added.at), ("monster", free), "the first kind the preset declares");
    assert_eq!(e.history_len(), steps + 1, "one undo step");
    // Dragged to another free tile of the same room, then deleted by a click.
    let room = map.room_at(free).unwrap();
    let to = room.shape.cells().into_iter().find(|p| *p != free && !taken(&map, *p)).unwrap();
    e.drag(e.at(free.x as f32 + 0.5, free.y as f32 + 0.5), e.at(to.x as f32 + 0.5, to.y as f32 + 0.5));
    assert_eq!(e.map().markers.last().map(|m| m.at), Some(to), "moved");
    e.click(e.at(to.x as f32 + 0.5, to.y as f32 + 0.5));
    assert_eq!(e.map().markers.len(), n, "deleted");
    for _ in 0..3 {
        e.key(Modifiers::COMMAND, egui::Key::Z);
    }
    assert_eq!(e.map().markers, map.markers, "each an undo step");
    // A door locked in the inspector, one undo step.
    e.key(Modifiers::NONE, egui::Key::V);
    let door = map.doors.iter().find(|d| d.opening == Opening::Door).unwrap().clone();
    e.click(e.at(door.cell.x as f32 + 0.5, door.cell.y as f32 + 0.5));
    e.harness.get_by_label_contains(&format!("Door {}", door.id));
    e.harness.get_by_label("Opens").click();
    e.settle();
    e.harness.get_by_label("locked (key 3)").click();
    e.settle();
    assert_eq!(e.map().door(door.id).unwrap().opening, Opening::Locked(3));
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map().door(door.id).unwrap().opening, Opening::Door);
}

/// The tile kind brush (G): drags paint the chosen kind on floor (a map without kinds gains
/// Delve's palette's kind as it is painted), Alt+drag makes floor plain again, each stroke one
/// undo step; the texture shows the kind's colour, the legend lists the kinds, a chasm under the
/// spawn is a problem, and the hover line names the kind.
#[test]
fn the_tile_kind_brush_paints_kinds_each_stroke_one_undo_step() {
    use delve::geom::Pos;
    use egui::Modifiers;
    let map = generate_valid(&shipped("godot-part3"), 3).map;
    assert!(map.terrain().kinds().is_empty());
    let mut e = editor_on(&map);
    e.settle();
    e.key(Modifiers::NONE, egui::Key::G);
    e.harness.get_by_label_contains("Tile kind brush: drag");
    // The first kind offered on a map without any: water.
    e.harness.get_by_value("kind: water");
    let room = map.rooms[1].shape.bounds().unwrap();
    let (a, b) = (Pos::new(room.x, room.y + 1), Pos::new(room.right() - 1, room.y + 1));
    let steps = e.history_len();
    e.drag(e.at(a.x as f32 + 0.5, a.y as f32 + 0.5), e.at(b.x as f32 + 0.5, b.y as f32 + 0.5));
    assert_eq!(e.history_len(), steps + 1, "one stroke, one undo step");
    assert_eq!(e.map().terrain().kinds().len(), 1, "water joins the map's palette");
    for x in a.x..=b.x {
        assert_eq!(e.map().tile_kind(Pos::new(x, a.y)).map(|k| k.name.as_str()), Some("water"), "({x}, {})", a.y);
    }
    e.settle();
    assert_eq!(e.texel(a), egui::Color32::from_rgb(60, 100, 160), "drawn in the kind's colour");
    e.harness.get_by_label("Tile kinds");
    e.harness.get_by_label("water (walkable)");
    assert!(e.map().validate().is_empty(), "water is walked");
    // Alt+drag: plain floor again.
    e.drag_with(e.at(a.x as f32 + 0.5, a.y as f32 + 0.5), e.at(b.x as f32 + 0.5, b.y as f32 + 0.5), Modifiers::ALT);
    assert!(e.map().tile_kind(a).is_none());
    // A chasm across the spawn's room, wall to wall, cuts the map: a problem.
    e.key(Modifiers::COMMAND, egui::Key::Z);
    e.key(Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(e.map(), &map, "every stroke undone");
    e.harness.get_by_value("kind: water").click();
    e.settle();
    e.harness.get_by_label(": chasm (not walkable)").click();
    e.settle();
    let (top, bottom) = (map.spawn, map.spawn.offset(0, 1));
    e.drag(e.at(top.x as f32 + 0.5, top.y as f32 + 0.5), e.at(bottom.x as f32 + 0.5, bottom.y as f32 + 0.5));
    assert!(!e.map().walkable(top));
    e.settle();
    let problems = e.map().validate();
    assert!(
        problems.iter().any(|p| matches!(p, Problem::SpawnNotOnFloor { .. })),
        "the spawn in a chasm: {problems:?}"
    );
    e.harness.get_by_label_contains("is not on walkable floor");
    e.harness.hover_at(e.at(top.x as f32 + 0.5, top.y as f32 + 0.5));
    e.settle();
    e.harness.get_by_label_contains("of chasm (not walkable)");
}

/// A map with markers, door openings and tile kinds goes from its file through the editor and
/// back, saved as another file, byte for byte.
#[test]
fn a_map_file_with_markers_and_tile_kinds_goes_through_the_editor_unchanged() {
    use egui::Modifiers;
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    assert!(!map.terrain().is_bare() && !map.markers.is_empty());
    let mut e = editor_on(&map);
    e.settle();
    assert_eq!(e.map(), &map, "opened as saved");
    let original = e.dir.path().join("two.ron");
    let copy = e.dir.path().join("copy.ron");
    e.dialogs.pick(&copy);
    e.key(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::S);
    let (a, b) = (std::fs::read_to_string(&original).unwrap(), std::fs::read_to_string(&copy).unwrap());
    assert!(a.contains("tile_kinds") && a.contains("terrain") && a.contains("markers"));
    assert_eq!(b, a, "saved byte for byte as it was read");
}
