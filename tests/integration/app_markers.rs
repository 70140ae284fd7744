//! Markers in the editor: drawn on their tiles in their kinds' colours, locked doors in red with
//! their key's number, a legend of the kinds on the map, and a layer that hides them all.

use crate::common::{generate_valid, shipped};
use crate::editor::editor_on;
use crate::screen::Painted;
use delve::map::Opening;
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
    assert_eq!(locked.iter().filter(|r| view.contains(r.center())).count(), n_locked, "locked doors in red");
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
