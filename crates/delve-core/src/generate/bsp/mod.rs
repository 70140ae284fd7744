//! BSP rooms: binary space partition, as RogueBasin's "Basic BSP Dungeon generation" and
//! libtcod build it.
//!
//! | Stage | Does | Stream |
//! |---|---|---|
//! | 1. Split | the map split in two along its longer side (a coin flip when it is about square), at a share of the side drawn in `split`, then each part again, depth first, until `depth` splits or until a half would be narrower than `min_leaf` | [`Stream::Layout`] |
//! | 2. Leaf rooms | in each leaf, in the order the splits left them, a room inside a one-tile margin, each side `room_fill` of the room there is, at a random place; its colour. The spawn at the first room's centre | [`Stream::Shapes`], [`Stream::Colours`] |
//! | 3. Join siblings | for each split, from the deepest up, the nearest two rooms (centre to centre) of its two halves joined by an L tunnel, carved and split into corridors with doors as rooms and tunnels' are | [`Stream::Tunnels`] |
//!
//! then roles and colours apart ([`super::stages`]). Rooms of neighbouring leaves keep at least
//! two tiles of wall between them, and every room at least one from the map's edge. Join
//! siblings may be turned off.

pub mod params;
pub mod stages;

pub use params::BspRooms;

use super::record::{Flow, Leg, Off, Recorder, Step, Steps};
use super::rooms_tunnels::carve::{RoomLookup, fill_shape};
use super::rooms_tunnels::dig::{Dig, Tutorial};
use super::rooms_tunnels::tunnels::{PathGeometry, TunnelKind};
use super::{Generated, Report};
use crate::geom::{Grid, Pos, Rect};
use crate::map::palette::PALETTE;
use crate::map::{Map, Room, Shape, Tile};
use crate::params::stages::Stage;
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

mod steps;

pub use steps::BspStep;

/// The map, telling `rec` each step.
fn generate_with(p: &BspRooms, seed: u64, rec: &mut impl Recorder) -> Generated {
    run(p, seed, rec, usize::MAX)
}

/// The map after the first `steps` steps of a recording (the same run, stopped there).
fn replay(p: &BspRooms, seed: u64, steps: usize) -> Map {
    run(p, seed, &mut Off, steps).map
}

/// A part of the map: its area, and its two halves' nodes once split.
struct Node {
    area: Rect,
    halves: Option<(usize, usize)>,
    /// The leaves under it, as a range of the leaves in order.
    leaves: (usize, usize),
}

/// Stage 1: the tree of parts, the root first; each node's children after it, depth first.
fn split(p: &BspRooms, rng: &mut DelveRng, steps: &mut Steps<'_, impl Recorder>) -> (Vec<Node>, Vec<Rect>, bool) {
    let root = Node { area: Rect::new(0, 0, p.width as i32, p.height as i32), halves: None, leaves: (0, 0) };
    let mut nodes = vec![root];
    let mut leaves = Vec::new();
    let mut stopped = false;
    // Depth first, the first half before the second: (node, depth).
    let mut todo = vec![(0usize, 0u32)];
    let min = p.min_leaf as i32;
    while let Some((n, depth)) = todo.pop() {
        let a = nodes[n].area;
        let (can_v, can_h) = (a.w >= 2 * min, a.h >= 2 * min);
        let vertical = match (can_v, can_h) {
            _ if depth >= p.depth || stopped => None,
            (true, true) if 4 * a.w > 5 * a.h => Some(true),
            (true, true) if 4 * a.h > 5 * a.w => Some(false),
            (true, true) => Some(rng.random::<f64>() < 0.5),
            (true, false) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        };
        let Some(vertical) = vertical else {
            nodes[n].leaves = (leaves.len(), leaves.len() + 1);
            leaves.push(a);
            continue;
        };
        let side = if vertical { a.w } else { a.h };
        let share = rng.random_range(p.split.min..=p.split.max.max(p.split.min)) as i32;
        let at = (side * share / 100).clamp(min, side - min);
        let (first, second) = if vertical {
            (Rect::new(a.x, a.y, at, a.h), Rect::new(a.x + at, a.y, a.w - at, a.h))
        } else {
            (Rect::new(a.x, a.y, a.w, at), Rect::new(a.x, a.y + at, a.w, a.h - at))
        };
        let (i, j) = (nodes.len(), nodes.len() + 1);
        nodes.push(Node { area: first, halves: None, leaves: (0, 0) });
        nodes.push(Node { area: second, halves: None, leaves: (0, 0) });
        nodes[n].halves = Some((i, j));
        stopped |= steps.tell(|| BspStep::PartSplit { depth: depth + 1, area: a, vertical, at: at as u32 }.into());
        // The second half is taken after the whole of the first.
        todo.push((j, depth + 1));
        todo.push((i, depth + 1));
    }
    // Each node's leaves: its halves' together (children come after their parent).
    for n in (0..nodes.len()).rev() {
        if let Some((i, j)) = nodes[n].halves {
            nodes[n].leaves = (nodes[i].leaves.0, nodes[j].leaves.1);
        }
    }
    (nodes, leaves, stopped)
}

/// Stage 2's room in `leaf`: inside a one-tile margin, each side a share in `room_fill` of the
/// room there is (at least 3 tiles), at a random place.
fn room_in(p: &BspRooms, leaf: &Rect, rng: &mut DelveRng) -> Rect {
    let side = |room: i32, rng: &mut DelveRng| {
        let share = rng.random_range(p.room_fill.min..=p.room_fill.max.max(p.room_fill.min)) as i32;
        (room * share / 100).clamp(3.min(room), room.max(1))
    };
    let (room_w, room_h) = (leaf.w - 2, leaf.h - 2);
    let (w, h) = (side(room_w, rng), side(room_h, rng));
    let x = leaf.x + 1 + rng.random_range(0..=(room_w - w).max(0));
    let y = leaf.y + 1 + rng.random_range(0..=(room_h - h).max(0));
    Rect::new(x, y, w, h)
}

fn centre(r: &Rect) -> Pos {
    Pos::new(r.x + r.w / 2, r.y + r.h / 2)
}

/// The steps of RogueBasin's "Basic BSP Dungeon generation", one call each: split the map into a
/// tree of parts, a room in every leaf, then sibling parts joined from the deepest split up.
/// A replay stops after its last step (`Flow::Break` from any stage).
fn run(p: &BspRooms, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    let mut steps = Steps::new(rec, stop);
    let (nodes, leaves, stopped) = split(p, &mut stream(seed, Stream::Layout), &mut steps);
    if stopped {
        return Generated { map: Map::new(p.width, p.height), report: Report::default() };
    }
    let mut rooms = LeafRooms::default();
    let placed = rooms.place(p, seed, &leaves, &mut steps);
    let mut map = rooms.map(p);
    let report = Report::new(rooms.floors.len(), leaves.len(), None);
    if placed.is_continue() && p.common.stages.runs(Stage::JoinSiblings) {
        join_siblings(p, seed, &nodes, rooms, &mut map, &mut steps);
    }
    Generated { map, report }
}

/// Stage 2's rooms: each one's floor, the room of each tile (+1; 0 for none), the rooms.
#[derive(Default)]
struct LeafRooms {
    floors: Vec<Rect>,
    ids: Vec<u32>,
    rooms: Vec<Room>,
}

impl LeafRooms {
    /// Stage 2: a room in every leaf, in order, each with its colour.
    fn place(&mut self, p: &BspRooms, seed: u64, leaves: &[Rect], steps: &mut Steps<'_, impl Recorder>) -> Flow {
        let (mut shapes, mut colours) = (stream(seed, Stream::Shapes), stream(seed, Stream::Colours));
        self.floors.reserve(leaves.len());
        self.rooms.reserve(leaves.len());
        self.ids = vec![0u32; p.width as usize * p.height as usize];
        for leaf in leaves {
            let floor = room_in(p, leaf, &mut shapes);
            let room = self.floors.len() as u32;
            let shape = Shape::Rect(floor);
            fill_shape(&mut self.ids, p.width, &shape, room + 1);
            self.rooms.push(Room::new(room, shape, PALETTE[colours.random_range(0..PALETTE.len())]));
            self.floors.push(floor);
            steps.step(|| BspStep::LeafRoom { room, leaf: *leaf, floor }.into())?;
        }
        Flow::Continue(())
    }

    /// The map of the rooms so far, the spawn at the first one's centre.
    fn map(&mut self, p: &BspRooms) -> Map {
        let tiles = self.ids.iter().map(|&v| if v == 0 { Tile::Wall } else { Tile::Floor }).collect();
        let mut map = Grid::from_vec(p.width, p.height, tiles).map_or_else(|| Map::new(p.width, p.height), Map::from_tiles);
        map.rooms = std::mem::take(&mut self.rooms);
        if let Some(first) = self.floors.first() {
            map.spawn = centre(first);
        }
        map
    }
}

/// Stage 3: the deepest splits first (the later nodes), the two halves of each joined by an L
/// tunnel between their nearest rooms.
fn join_siblings(
    p: &BspRooms,
    seed: u64,
    nodes: &[Node],
    rooms: LeafRooms,
    map: &mut Map,
    steps: &mut Steps<'_, impl Recorder>,
) {
    let floors = &rooms.floors;
    let joins: Vec<(usize, usize)> = nodes
        .iter()
        .rev()
        .filter_map(|node| {
            let (i, j) = node.halves?;
            nearest(floors, nodes[i].leaves, nodes[j].leaves)
        })
        .collect();
    let lookup = RoomLookup::of_ids(rooms.ids);
    let mut dig = Dig::on(p.width, p.tunnel_width, &lookup, joins.len());
    let mut coin = stream(seed, Stream::Tunnels);
    let mut cells = Vec::new();
    for (from, to) in joins {
        let kind = TunnelKind::L { horizontal_first: coin.random::<f64>() < 0.5 };
        let (start, end) = (centre(&floors[from]), centre(&floors[to]));
        let (geometry, len) = PathGeometry::new(start, end, kind, &mut cells);
        dig.tunnel(map, &geometry, len, &cells, &Tutorial);
        let leg: Leg = kind.leg();
        if steps.tell(|| BspStep::SiblingsJoined { from: from as u32, to: to as u32, start, end, leg }.into()) {
            break;
        }
    }
    dig.finish(map);
}

/// The nearest two rooms, one among leaves `a` and one among leaves `b` (squared distance
/// between centres; ties: the first pair in order). `None` when either has no room.
fn nearest(floors: &[Rect], a: (usize, usize), b: (usize, usize)) -> Option<(usize, usize)> {
    let side = |(from, to): (usize, usize)| floors.get(from..to.min(floors.len())).unwrap_or_default();
    let mut best: Option<(i64, usize, usize)> = None;
    for (i, fi) in side(a).iter().enumerate() {
        let ci = centre(fi);
        for (j, fj) in side(b).iter().enumerate() {
            let cj = centre(fj);
            let (dx, dy) = (i64::from(ci.x - cj.x), i64::from(ci.y - cj.y));
            let d = dx * dx + dy * dy;
            if best.is_none_or(|(e, _, _)| d < e) {
                best = Some((d, a.0 + i, b.0 + j));
            }
        }
    }
    best.map(|(_, i, j)| (i, j))
}

impl super::family::Generate for BspRooms {
    const JOINS: Option<(Stage, &'static str)> =
        Some((Stage::JoinSiblings, "Join siblings is off: the rooms are not joined"));

    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
        (generate_with(self, seed, rec), None)
    }

    fn replay(&self, seed: u64, steps: &[Step]) -> Map {
        replay(self, seed, steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::Recording;

    #[test]
    fn leaves_tile_the_map_and_rooms_keep_inside_them() {
        for seed in 0..30 {
            let p = BspRooms::default();
            let mut rec = Recording::default();
            let (nodes, leaves, _) =
                split(&p, &mut stream(seed, Stream::Layout), &mut Steps::new(&mut rec, usize::MAX));
            // The leaves cover the map once, each at least the smallest leaf.
            let area: i32 = leaves.iter().map(|l| l.w * l.h).sum();
            assert_eq!(area, 80 * 50);
            assert!(leaves.iter().all(|l| l.w >= 8 && l.h >= 8), "{leaves:?}");
            assert!(leaves.len() <= 32 && leaves.len() > 8, "{}", leaves.len());
            assert_eq!(nodes[0].leaves, (0, leaves.len()));
            assert_eq!(rec.steps.len(), nodes.len() - leaves.len(), "one step per split");
            let mut rng = stream(seed, Stream::Shapes);
            for leaf in &leaves {
                let r = room_in(&p, leaf, &mut rng);
                assert!(r.w >= 3 && r.h >= 3);
                assert!(r.x > leaf.x && r.y > leaf.y && r.right() < leaf.right() && r.bottom() < leaf.bottom());
            }
        }
    }

    #[test]
    fn the_nearest_pair_joins_two_halves() {
        let floors = [Rect::new(1, 1, 3, 3), Rect::new(10, 1, 3, 3), Rect::new(20, 1, 3, 3), Rect::new(30, 1, 3, 3)];
        assert_eq!(nearest(&floors, (0, 2), (2, 4)), Some((1, 2)));
        assert_eq!(nearest(&floors, (0, 0), (2, 4)), None);
    }

    #[test]
    fn a_bsp_map_is_one_valid_dungeon_and_replays() {
        let p = BspRooms::default();
        for seed in 0..40 {
            let g = generate_with(&p, seed, &mut Off);
            assert!(g.map.validate().is_empty(), "seed {seed}: {:?}", g.map.validate());
            assert_eq!(g.report.rooms_placed, g.map.rooms.len());
            let mut rec = Recording::default();
            let again = generate_with(&p, seed, &mut rec);
            assert_eq!(again.map, g.map);
            assert_eq!(replay(&p, seed, rec.steps.len()), g.map);
            let splits = rec.steps.iter().filter(|s| matches!(s, Step::Bsp(BspStep::PartSplit { .. }))).count();
            assert!(replay(&p, seed, splits).rooms.is_empty());
            assert_eq!(replay(&p, seed, splits + 1).rooms.len(), 1);
        }
    }
}
