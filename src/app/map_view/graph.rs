//! The room graph layer over the map: a line per corridor between its rooms' nodes, a node per
//! room, the entrance and exit ringed, and the room labels placed beside the nodes.

use super::ViewTransform;
use crate::map::graph::RoomGraph;
use egui::{Pos2, Rect, Stroke, Vec2, pos2, vec2};

/// The room graph layer's colours. Rooms are at most 60% saturated (the room colour rule of
/// [`crate::map::colour`]), so the graph uses near-white and fully saturated colours, none of
/// them the compare window's chartreuse difference mark.
pub mod graph_colours {
    use egui::Color32;
    /// Nodes and plain (tree) edges.
    pub const NODE: Color32 = Color32::from_rgb(0xf6, 0xf6, 0xf2);
    /// The critical path's edges and the entrance and exit rings: a fully saturated magenta.
    pub const CRITICAL: Color32 = Color32::from_rgb(0xff, 0x00, 0xc8);
    /// Loop edges (dashed): a fully saturated cyan.
    pub const LOOP: Color32 = Color32::from_rgb(0x00, 0xe0, 0xff);
    /// The dark halo under every line and node, so they read over light rooms too.
    pub const HALO: Color32 = Color32::from_rgba_premultiplied(0x08, 0x08, 0x0c, 0xc8);
}

/// Draws the room graph over the map: a line per corridor between its rooms' centres (the
/// critical path thick in [`graph_colours::CRITICAL`], loops dashed in [`graph_colours::LOOP`]),
/// a dot per room, and the entrance and exit ringed and lettered "In" and "Out".
pub(super) fn draw_room_graph(painter: &egui::Painter, view: Rect, t: &ViewTransform, graph: &RoomGraph) {
    use graph_colours::{CRITICAL, HALO, LOOP, NODE};
    let at = |room: usize| {
        let c = graph.nodes.get(room)?.centre?;
        Some(t.screen_from_tile(view, pos2(c.x as f32 + 0.5, c.y as f32 + 0.5)))
    };
    let node_r = node_radius(t);
    // Plain edges first, then loops, then the critical path on top.
    let mut order: Vec<&crate::map::graph::Edge> = graph.edges.iter().collect();
    order.sort_by_key(|e| (e.critical, e.is_loop));
    for e in order {
        let (Some(a), Some(b)) = (at(e.rooms[0]), at(e.rooms[1])) else { continue };
        if a == b {
            continue;
        }
        if e.critical {
            painter.line_segment([a, b], Stroke::new(6.5, HALO));
            painter.line_segment([a, b], Stroke::new(3.5, CRITICAL));
        } else if e.is_loop {
            painter.line_segment([a, b], Stroke::new(4.0, HALO));
            painter.extend(egui::Shape::dashed_line(&[a, b], Stroke::new(2.0, LOOP), 6.0, 4.0));
        } else {
            painter.line_segment([a, b], Stroke::new(3.5, HALO));
            painter.line_segment([a, b], Stroke::new(1.5, NODE));
        }
    }
    for i in 0..graph.nodes.len() {
        if let Some(c) = at(i) {
            painter.circle(c, node_r, NODE, Stroke::new(1.5, HALO));
        }
    }
    let font = egui::FontId::proportional(13.0);
    for (room, text) in [(graph.entrance, "In"), (graph.exit, "Out")] {
        let Some(c) = room.and_then(at) else { continue };
        painter.circle_stroke(c, node_r + 4.0, Stroke::new(5.0, HALO));
        painter.circle_stroke(c, node_r + 4.0, Stroke::new(2.5, CRITICAL));
        let galley = painter.layout_no_wrap(text.to_string(), font.clone(), NODE);
        let pos = c + vec2(node_r + 6.0, -node_r - 6.0 - galley.size().y);
        let bg = Rect::from_min_size(pos, galley.size()).expand(2.0);
        painter.rect_filled(bg, 3.0, CRITICAL.gamma_multiply(0.85));
        painter.galley(pos, galley, NODE);
    }
}

/// The radius of a room's node on the graph layer.
fn node_radius(t: &ViewTransform) -> f32 {
    (t.scale * 0.3).clamp(3.0, 7.0)
}

/// Where room `room`'s label (of `size`) goes on the graph layer: beside its node `at`, below,
/// left, above or right of it, the first place no line of the room's corridors crosses (the
/// "In" / "Out" tags sit up and right); below when every side is crossed.
pub(super) fn beside_node(view: Rect, t: &ViewTransform, graph: &RoomGraph, room: usize, at: Pos2, size: Vec2) -> Pos2 {
    let node = |i: usize| {
        let c = graph.nodes.get(i)?.centre?;
        Some(t.screen_from_tile(view, pos2(c.x as f32 + 0.5, c.y as f32 + 0.5)))
    };
    let Some(c) = node(room) else { return at };
    // Clear of the node and of the entrance and exit rings round it (node_r + 4, 5 wide).
    let gap = node_radius(t) + 9.0;
    let lines: Vec<[Pos2; 2]> = graph
        .edges
        .iter()
        .filter(|e| e.rooms.contains(&room))
        .filter_map(|e| Some([node(e.rooms[0])?, node(e.rooms[1])?]))
        .collect();
    let crosses = |r: Rect| {
        lines.iter().any(|[a, b]| {
            let steps = ((*b - *a).length() / 3.0).ceil().max(1.0) as usize;
            (0..=steps).any(|k| r.contains(*a + (*b - *a) * (k as f32 / steps as f32)))
        })
    };
    let places = [
        c + vec2(0.0, gap + size.y / 2.0),
        c - vec2(gap + size.x / 2.0, 0.0),
        c - vec2(0.0, gap + size.y / 2.0),
        c + vec2(gap + size.x / 2.0, 0.0),
    ];
    places.into_iter().find(|p| !crosses(Rect::from_center_size(*p, size))).unwrap_or(places[0])
}
