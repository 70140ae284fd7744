//! What a map is like as a dungeon, in numbers: used by `sweep`, the seed browser, the compare
//! window and the Explore view. Every measure is defined here, once:
//!
//! | measure | meaning |
//! |---|---|
//! | rooms, doors, corridors | how many the map lists (each passage once) |
//! | floor % | walkable tiles (room and corridor floor) of all tiles |
//! | corridor cells | corridor floor tiles |
//! | longest path | the longest shortest walk from spawn to a reachable tile, in steps |
//! | leaf rooms | rooms with exactly one corridor: the dead ends a player walks into |
//! | dead-end cells | corridor tiles with one walkable neighbour: corridors that stop in the rock |
//! | loops | independent cycles of the room graph (corridors − rooms + pieces of the graph) |
//! | depth | rooms passed from the spawn's room to the farthest room, along the room graph |
//! | mean corridor length | tiles per corridor path |
//!
//! The room graph (a node per room, an edge per corridor between the rooms of its two doors) is
//! built and defined once, in [`super::graph`].

use super::check::Checker;
use super::{Map, Tile};
use crate::geom::{Grid, Pos};

/// Key figures of a map: what it holds and whether it hangs together. A
/// [`super::check::Checker`] keeps them current while the map is edited.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    pub rooms: usize,
    pub doors: usize,
    pub corridors: usize,
    /// Walkable tiles (room floor + corridor floor).
    pub floor_tiles: usize,
    pub room_tiles: usize,
    pub corridor_tiles: usize,
    /// Walkable share of all tiles, 0..=1.
    pub floor_fraction: f64,
    /// Every walkable tile can be reached from spawn.
    pub connected: bool,
    /// Corridor tiles with exactly one walkable neighbour.
    pub dead_end_cells: usize,
}

/// The figures of one map, the longest walk from spawn (which takes a search over the whole
/// map, so the editor does not keep it current while editing) and the room graph's measures.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    pub figures: Figures,
    /// The longest shortest walk from spawn to any reachable tile, in steps.
    pub longest_path: u32,
    pub graph: GraphMetrics,
    /// What stands in the rooms: markers, and keys reached before their locks.
    pub content: super::markers::Content,
}

impl Metrics {
    pub fn of(map: &Map) -> Metrics {
        let dist = distances_from(map, map.spawn);
        let longest_path = dist.as_slice().iter().filter(|d| **d != crate::pathfind::UNREACHED).max().copied();
        Metrics {
            figures: Checker::new(map).figures(),
            longest_path: longest_path.unwrap_or(0),
            graph: GraphMetrics::of(map),
            content: super::markers::Content::of(map),
        }
    }
}

/// Measures of the room graph: a node per room, an edge per corridor between the rooms of its
/// two doors (a corridor whose door or room is unknown is left out).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GraphMetrics {
    /// Rooms with exactly one corridor.
    pub leaf_rooms: usize,
    /// Independent cycles: corridors − rooms + pieces of the graph.
    pub loops: usize,
    /// Rooms passed from the spawn's room to the farthest room it reaches (0 when the spawn is
    /// in no room).
    pub depth: u32,
    /// Tiles per corridor path (0 without corridors).
    pub mean_corridor_length: f64,
}

impl GraphMetrics {
    pub fn of(map: &Map) -> GraphMetrics {
        let graph = super::graph::RoomGraph::of(map);
        let tiles: usize = map.corridors.iter().map(|c| c.path.len()).sum();
        GraphMetrics {
            leaf_rooms: graph.leaf_rooms(),
            loops: graph.loops().count(),
            depth: graph.depth(),
            mean_corridor_length: if map.corridors.is_empty() {
                0.0
            } else {
                tiles as f64 / map.corridors.len() as f64
            },
        }
    }
}

/// Whether the tile at `p` is corridor floor with exactly one walkable neighbour.
pub(crate) fn is_dead_end(map: &Map, p: Pos) -> bool {
    let walk = |p: Pos| map.walkable(p);
    map.tile(p) == Some(Tile::Corridor) && p.neighbours4().into_iter().filter(|n| walk(*n)).count() == 1
}

/// Steps from `start` to every tile over 4-connected walkable tiles (`u32::MAX`: unreachable).
pub fn distances_from(map: &Map, start: Pos) -> Grid<u32> {
    crate::pathfind::distances(map.width(), map.height(), start, |p| map.walkable(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_of_a_small_map() {
        let m = Map::from_ascii("#######\n#@.,,.#\n#######\n").unwrap();
        let Metrics { figures: s, longest_path, .. } = Metrics::of(&m);
        assert_eq!((s.room_tiles, s.corridor_tiles, s.floor_tiles), (3, 2, 5));
        assert!(s.connected);
        assert_eq!(longest_path, 4);
        assert_eq!(s.dead_end_cells, 0);
        assert!((s.floor_fraction - 5.0 / 21.0).abs() < 1e-12);
        let m = Map::from_ascii("#####\n#@#,#\n#####\n").unwrap();
        assert!(!Metrics::of(&m).figures.connected);
    }

    /// Three rooms in a row, two corridors: the end rooms are leaves, no loop, two rooms deep.
    #[test]
    fn a_chain_of_rooms() {
        let m = Map::from_ascii("#################\n#.@.+,,+...+,,+.#\n#################\n").unwrap();
        assert_eq!((m.rooms.len(), m.corridors.len()), (3, 2));
        let g = Metrics::of(&m).graph;
        assert_eq!((g.leaf_rooms, g.loops, g.depth), (2, 0, 2));
        assert_eq!(g.mean_corridor_length, 4.0);
        assert_eq!(Metrics::of(&m).figures.dead_end_cells, 0);
    }

    /// Two rooms joined twice: one loop, no leaf, one room deep.
    #[test]
    fn two_rooms_joined_twice_make_a_loop() {
        let m = Map::from_ascii("###########\n#..+,,,+..#\n#.@#####..#\n#..+,,,+..#\n###########\n").unwrap();
        assert_eq!((m.rooms.len(), m.corridors.len()), (2, 2));
        let g = Metrics::of(&m).graph;
        assert_eq!((g.leaf_rooms, g.loops, g.depth), (0, 1, 1));
        assert_eq!(g.mean_corridor_length, 5.0);
    }

    /// A corridor that stops in the rock: two dead-end cells, and no corridor between rooms.
    #[test]
    fn corridor_stubs_are_dead_end_cells_not_leaf_rooms() {
        let m = Map::from_ascii("##########\n#.@+,,,,,#\n#..####,##\n##########\n").unwrap();
        let metrics = Metrics::of(&m);
        assert_eq!(metrics.figures.dead_end_cells, 2);
        assert_eq!((metrics.graph.leaf_rooms, metrics.graph.loops, metrics.graph.depth), (0, 0, 0));
        assert_eq!(metrics.graph.mean_corridor_length, 0.0);
    }

    /// A room no corridor reaches is a piece of the graph of its own: it adds no loop, and the
    /// depth counts only what the spawn's room reaches.
    #[test]
    fn unreached_rooms_add_no_loop_and_no_depth() {
        let m =
            Map::from_ascii("###############\n#..+,,,+..#..##\n#.@#####..#..##\n#..+,,,+..#####\n###############\n")
                .unwrap();
        assert_eq!(m.rooms.len(), 3);
        let g = Metrics::of(&m).graph;
        assert_eq!((g.leaf_rooms, g.loops, g.depth), (0, 1, 1));
    }
}
