//! The room graph on the map: the Graph layer toggle and the "Colour rooms" mode, checked on
//! what the view paints and uploads, against a map whose graph is known by construction.

use crate::editor::{Editor, editor, editor_on};
use delve::app::map_view::graph_colours::{CRITICAL, LOOP, NODE};
use delve::geom::{Pos, Rect};
use delve::map::Map;
use delve::map::colour::{RoomColouring, distance_colour};

/// Rooms A, B and C in a row: A (the spawn's) joined to B by two corridors, B to C by one. So
/// the entrance is A, the exit C (two rooms away), the critical path A–B–C, and one of the two
/// A–B corridors is a loop.
const CHAIN: &str = "\
########################
#....+,,,,+....+,,,,+..#
#.@..######....######..#
#....+,,,,+....######..#
########################
";
const ROOMS: [Rect; 3] = [Rect::new(1, 1, 4, 3), Rect::new(11, 1, 4, 3), Rect::new(21, 1, 2, 3)];

impl Editor {
    /// Which of [`ROOMS`] the screen point `p` lies in.
    fn room_under(&self, p: egui::Pos2) -> Option<usize> {
        ROOMS.iter().position(|r| self.screen_rect(*r).contains(p))
    }

    /// The rooms each painted segment of `colour` joins, as sorted pairs.
    fn joins(&self, colour: egui::Color32) -> Vec<(Option<usize>, Option<usize>)> {
        let mut joins: Vec<_> = self
            .painted()
            .segments(colour)
            .into_iter()
            .map(|[a, b]| {
                let (a, b) = (self.room_under(a), self.room_under(b));
                (a.min(b), a.max(b))
            })
            .collect();
        joins.sort();
        joins
    }

    /// The graph's nodes: discs of the node colour inside the map view.
    fn nodes(&self) -> Vec<egui::Pos2> {
        let view = self.app().view().rect;
        self.painted().discs(NODE).into_iter().filter(|p| view.contains(*p)).collect()
    }
}

#[test]
fn the_graph_layer_draws_each_room_each_corridor_and_the_entrance_and_exit() {
    let map = Map::from_ascii(CHAIN).unwrap();
    assert_eq!(map.rooms.len(), 3);
    let mut e = editor_on(&map);
    assert!(e.nodes().is_empty(), "off by default");
    assert!(e.joins(CRITICAL).is_empty());

    e.layer("Graph");
    e.settle();
    assert!(e.app().prefs().layers.graph, "the checkbox turns the layer on");
    let nodes: Vec<_> = e.nodes().iter().map(|p| e.room_under(*p)).collect();
    assert_eq!(nodes, vec![Some(0), Some(1), Some(2)], "a node in each room");
    // The critical path A–B–C thick and magenta; the second A–B corridor dashed, as a loop.
    assert_eq!(e.joins(CRITICAL), vec![(Some(0), Some(1)), (Some(1), Some(2))]);
    let dashes = e.painted().segments(LOOP);
    assert!(dashes.len() >= 2, "a dashed line: {dashes:?}");
    let ab = e.screen_rect(ROOMS[0]).union(e.screen_rect(ROOMS[1]));
    assert!(dashes.iter().flatten().all(|p| ab.contains(*p)), "the loop runs from A to B: {dashes:?}");
    assert!(e.joins(NODE).is_empty(), "no plain tree edge off the critical path");
    // "In" by the entrance, "Out" by the exit, each ringed.
    let (a, c) = (e.screen_rect(ROOMS[0]).center(), e.screen_rect(ROOMS[2]).center());
    let (ins, outs) = (e.painted().text("In"), e.painted().text("Out"));
    assert_eq!((ins.len(), outs.len()), (1, 1), "{ins:?} {outs:?}");
    assert!(ins[0].distance(a) < ins[0].distance(c) && outs[0].distance(c) < outs[0].distance(a));
    let rings: Vec<_> = e.painted().rings(CRITICAL).iter().map(|p| e.room_under(*p)).collect();
    assert_eq!(rings, vec![Some(0), Some(2)]);

    // Turned off, nothing of it is painted.
    e.layer("Graph");
    e.settle();
    assert!(e.nodes().is_empty() && e.joins(CRITICAL).is_empty());
}

#[test]
fn rooms_coloured_by_distance_in_the_views_own_texture() {
    let map = Map::from_ascii(CHAIN).unwrap();
    let mut e = editor_on(&map);
    let tile = |i: usize| Pos::new(ROOMS[i].x, ROOMS[i].y);
    for i in 0..3 {
        let c = map.rooms[i].colour;
        assert_eq!(e.texel(tile(i)), egui::Color32::from_rgb(c.0, c.1, c.2), "room {i} in its own colour");
    }
    e.menu("Layers", "by distance");
    assert_eq!(e.app().prefs().layers.room_colours, RoomColouring::ByDistance);
    for (i, distance) in [0, 1, 2].into_iter().enumerate() {
        let c = distance_colour(Some(distance), 2);
        assert_eq!(e.texel(tile(i)), egui::Color32::from_rgb(c.0, c.1, c.2), "room {i}, {distance} from A");
    }
    assert_ne!(e.texel(tile(0)), e.texel(tile(2)), "near and far differ");
}

#[test]
fn on_a_generated_map_every_room_gets_a_node() {
    let mut e = editor();
    e.layer("Graph");
    e.settle();
    let rooms = e.map().rooms.len();
    assert!(rooms > 5);
    assert_eq!(e.nodes().len(), rooms);
    let critical = e.painted().segments(CRITICAL).len();
    assert!(critical >= 1, "an entrance and an exit apart");
    assert_eq!(e.painted().text("In").len(), 1);
    assert_eq!(e.painted().text("Out").len(), 1);
}

/// Room labels stay off the graph: with the Graph layer on, no room number sits on a node, on
/// a node's "In" / "Out" ring, or under the line of a corridor between two nodes.
#[test]
fn room_labels_stay_off_graph_nodes() {
    // Three rooms stacked, joined top to bottom: the graph's lines run down from each node,
    // where a label put under its node would sit.
    const STACK: &str = "\
#########
#.......#
#.@.....#
#...+...#
####,####
####,####
#...+...#
#.......#
#...+...#
####,####
####,####
#...+...#
#.......#
#.......#
#########
";
    let map = Map::from_ascii(STACK).unwrap();
    assert_eq!(map.rooms.len(), 3);
    let mut e = editor_on(&map);
    e.layer("Graph");
    let nodes = e.nodes();
    assert_eq!(nodes.len(), 3);
    let painted = e.painted();
    for room in &map.rooms {
        let rects = painted.text_rects(&room.id.to_string());
        let view = e.app().view().rect;
        let label = rects.into_iter().find(|r| view.contains(r.center())).expect("a label per room");
        for n in &nodes {
            // A node's disc is at most 7 points from its centre; the In / Out ring reaches 13.5.
            let near = label.expand(14.0);
            assert!(!near.contains(*n), "room {}'s label {label:?} is on the node at {n:?}", room.id);
        }
        for [a, b] in painted.segments(CRITICAL).into_iter().chain(painted.segments(NODE)) {
            let hit = (0..=20).map(|k| a + (b - a) * (k as f32 / 20.0)).any(|p| label.shrink(1.0).contains(p));
            assert!(!hit, "room {}'s label {label:?} is under the critical path {a:?}-{b:?}", room.id);
        }
    }
}
