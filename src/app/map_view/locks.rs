//! The locks layer of the map view: locked tiles tinted and hatched with their regions' edges,
//! locked rooms outlined with a padlock, in colours no room has ([`lock_colours`]).

use super::{Document, Locks, ViewTransform, outline_room};
use crate::geom::Pos;
use egui::{Pos2, Rect, Stroke, Vec2, pos2, vec2};

/// The colours of locks (kept rooms and tiles). Rooms are at most 60% saturated, so a fully
/// saturated orange is no room's; it is none of the graph's magenta and cyan, the compare
/// window's chartreuse, the tool previews' yellow or the plain doors' gold.
pub mod lock_colours {
    use egui::Color32;
    /// Locked rooms' outlines and padlocks, the locked tiles' edges and the lock brush.
    pub const LOCK: Color32 = {
        let c = crate::map::colour::LOCK;
        Color32::from_rgb(c.0, c.1, c.2)
    };
    /// The translucent tint over locked tiles.
    pub const TINT: Color32 = Color32::from_rgba_premultiplied(0x66, 0x28, 0x00, 0x66);
    /// The dark halo under lock lines and marks, so they read over light rooms too.
    pub const HALO: Color32 = Color32::from_rgba_premultiplied(0x08, 0x08, 0x0c, 0xd0);
}

/// Zoom (points per tile) from which the edges of locked tile regions are outlined.
const LOCK_EDGE_MIN_SCALE: f32 = 2.0;

/// Zoom from which locked tiles are hatched too (so they read on rooms of an orange-like hue).
const LOCK_HATCH_MIN_SCALE: f32 = 10.0;
/// Screen points between hatch lines.
const LOCK_HATCH_STEP: f32 = 7.0;

/// Diagonal hatch lines (`/`) across `r`, on one screen-wide grid so neighbouring runs line up.
fn hatch_rect(painter: &egui::Painter, r: Rect) {
    let stroke = Stroke::new(1.2, lock_colours::LOCK.gamma_multiply(0.6));
    let mut c = ((r.left() + r.top()) / LOCK_HATCH_STEP).ceil() * LOCK_HATCH_STEP;
    while c < r.right() + r.bottom() {
        // The line x + y = c, from where it enters the rectangle to where it leaves.
        let x0 = r.left().max(c - r.bottom());
        let x1 = r.right().min(c - r.top());
        if x1 > x0 {
            painter.line_segment([pos2(x0, c - x0), pos2(x1, c - x1)], stroke);
        }
        c += LOCK_HATCH_STEP;
    }
}

/// A padlock of height `size` centred on `c`: a body with a keyhole under a shackle.
fn draw_padlock(painter: &egui::Painter, c: Pos2, size: f32) {
    use lock_colours::{HALO, LOCK};
    let body = Rect::from_center_size(c + vec2(0.0, size * 0.18), vec2(size * 0.78, size * 0.56));
    let r = size * 0.24;
    let top = body.top();
    let mut shackle = vec![pos2(c.x - r, top + 1.0)];
    shackle.extend((0..=12).map(|i| {
        let a = std::f32::consts::PI * (1.0 + i as f32 / 12.0);
        pos2(c.x + r * a.cos(), top - size * 0.06 + r * a.sin())
    }));
    shackle.push(pos2(c.x + r, top + 1.0));
    // A dark badge under it, so it reads on rooms of any colour (orange ones too).
    let badge = Rect::from_center_size(c, Vec2::splat(size * 1.25));
    painter.rect(badge, size * 0.25, HALO, Stroke::new(1.0, LOCK.gamma_multiply(0.8)), egui::StrokeKind::Inside);
    let w = (size * 0.14).max(1.5);
    painter.add(egui::Shape::line(shackle.clone(), Stroke::new(w + 2.5, HALO)));
    painter.add(egui::Shape::line(shackle, Stroke::new(w, LOCK)));
    painter.rect(body, size * 0.1, LOCK, Stroke::new(1.5, HALO), egui::StrokeKind::Outside);
    let hole = body.center() - vec2(0.0, size * 0.04);
    painter.circle_filled(hole, (size * 0.08).max(1.0), HALO);
    painter.line_segment([hole, hole + vec2(0.0, size * 0.16)], Stroke::new((size * 0.07).max(1.0), HALO));
}

/// Draws the locks: locked tiles tinted with their region's edges outlined (row runs, only the
/// rows on screen), locked rooms outlined with a padlock in their top-left corner. Nothing when
/// the map has no locks.
pub(super) fn draw_locks(
    painter: &egui::Painter,
    view: Rect,
    t: &ViewTransform,
    doc: &Document,
    locks: &Locks,
    visible: crate::geom::Rect,
) {
    use lock_colours::{HALO, LOCK, TINT};
    let map = doc.map();
    if locks.runs.is_empty() && locks.rooms.is_empty() {
        return;
    }
    let at = |x: i32, y: i32| t.screen_from_tile(view, pos2(x as f32, y as f32));
    let mut edges: Vec<[Pos2; 2]> = Vec::new();
    let outline = t.scale >= LOCK_EDGE_MIN_SCALE;
    let hatch = t.scale >= LOCK_HATCH_MIN_SCALE;
    // Runs are sorted by row: start at the first row on screen, stop after the last.
    let first = locks.runs.partition_point(|r| r.1 < visible.y);
    for &(x, y, len) in locks.runs.get(first..).unwrap_or_default() {
        if y >= visible.bottom() {
            break;
        }
        let end = x.saturating_add(i32::try_from(len).unwrap_or(i32::MAX));
        if y < visible.y || y >= visible.bottom() || end <= visible.x || x >= visible.right() {
            continue;
        }
        // Clipped to the screen (a tile beyond it, so no edge shows at the screen's border).
        let (cx0, cx1) = (x.max(visible.x - 1), end.min(visible.right() + 1));
        let run = Rect::from_min_max(at(cx0, y), at(cx1, y + 1));
        painter.rect_filled(run, 0.0, TINT);
        if hatch {
            hatch_rect(painter, run);
        }
        if !outline {
            continue;
        }
        // Runs are maximal: both ends are edges of the region.
        if x >= visible.x - 1 {
            edges.push([at(x, y), at(x, y + 1)]);
        }
        if end <= visible.right() + 1 {
            edges.push([at(end, y), at(end, y + 1)]);
        }
        // Top and bottom: where the row above (below) is not locked, merged into segments.
        for (dy, edge_y) in [(-1, y), (1, y + 1)] {
            let mut from = None;
            for cx in cx0..=cx1 {
                let open = cx < cx1 && !map.tile_locked(Pos::new(cx, y + dy));
                match (open, from) {
                    (true, None) => from = Some(cx),
                    (false, Some(f)) => {
                        edges.push([at(f, edge_y), at(cx, edge_y)]);
                        from = None;
                    }
                    _ => {}
                }
            }
        }
    }
    for e in &edges {
        painter.line_segment(*e, Stroke::new(4.0, HALO));
    }
    for e in &edges {
        painter.line_segment(*e, Stroke::new(2.0, LOCK));
    }
    let size = (t.scale * 0.9).clamp(12.0, 20.0);
    let inset = vec2(size * 0.62, size * 0.62);
    for &i in &locks.rooms {
        let Some(room) = map.rooms.get(i) else { continue };
        let Some(b) = doc.index().room_bounds.get(i).copied().flatten() else { continue };
        if !(b.x < visible.right() && b.right() > visible.x && b.y < visible.bottom() && b.bottom() > visible.y) {
            continue;
        }
        outline_room(painter, view, t, &room.shape, Stroke::new(6.0, HALO));
        outline_room(painter, view, t, &room.shape, Stroke::new(3.0, LOCK));
        draw_padlock(painter, at(b.x, b.y) + inset, size);
    }
}
