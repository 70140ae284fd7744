//! The room graph on the map: the Graph layer toggle and the "Colour rooms" mode.

use delve::map::colour::{RoomColouring, distance_colour, room_colours};
use delve::map::graph::RoomGraph;
use egui_kittest::kittest::Queryable;

#[test]
fn the_graph_layer_draws_the_room_graph_and_rooms_can_be_coloured_by_distance() {
    let mut e = crate::editor::editor();
    assert!(!e.app().prefs().layers.graph, "off by default");
    assert_eq!(e.app().view().graph_frames, 0);
    e.harness.get_by_label("Graph").click();
    e.settle();
    let prefs = e.app().prefs();
    let view = e.app().view();
    assert!(prefs.layers.graph, "the checkbox turns the layer on");
    assert!(view.graph_frames > 0, "and the view draws it");

    // The graph drawn is the document's, with the entrance and exit the definitions give.
    let doc = e.app().document().unwrap();
    let map = doc.map();
    let (revision, drawn) = view.cached_room_graph().expect("the view keeps the graph it drew");
    assert_eq!(revision, doc.revision());
    let entrance = map.rooms.iter().position(|r| r.shape.contains(map.spawn)).expect("the spawn is in a room");
    assert_eq!(drawn.entrance, Some(entrance));
    assert_eq!(drawn, &RoomGraph::of(map));
    let exit = drawn.exit.unwrap();
    assert_ne!(exit, entrance, "the generated map has more than one room reached");
    assert!(drawn.nodes.iter().filter_map(|n| n.distance).all(|d| d <= drawn.depth()));
    assert_eq!(drawn.critical_path.first(), Some(&entrance));
    assert_eq!(drawn.critical_path.last(), Some(&exit));
    assert_eq!(drawn.critical_path.len() as u32, drawn.depth() + 1, "a shortest path");

    // Colour rooms by distance: the texture is rebuilt, and the entrance's colour changes.
    assert_eq!(prefs.layers.room_colours, RoomColouring::ByRoom);
    let builds = view.texture_builds();
    e.harness.get_by_label("Colour rooms").click();
    e.settle();
    e.harness.get_by_label("by distance").click();
    e.settle();
    let prefs = e.app().prefs();
    let view = e.app().view();
    assert_eq!(prefs.layers.room_colours, RoomColouring::ByDistance);
    assert_eq!(prefs.layers.colours().rooms_by, RoomColouring::ByDistance, "part of the texture's key");
    assert!(view.texture_builds() > builds, "the texture is rebuilt");
    let doc = e.app().document().unwrap();
    let graph = RoomGraph::of(doc.map());
    let by_room = room_colours(doc.map(), &graph, RoomColouring::ByRoom);
    let by_distance = room_colours(doc.map(), &graph, RoomColouring::ByDistance);
    assert_eq!(by_room[entrance], doc.map().rooms[entrance].colour);
    assert_eq!(by_distance[entrance], distance_colour(Some(0), graph.depth()));
    assert_ne!(by_distance[entrance], by_room[entrance]);
    assert_ne!(by_distance[entrance], by_distance[exit], "near and far differ");
}
