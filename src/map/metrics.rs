//! Map-quality measures: plain functions over a [`Map`], used by `sweep`, the seed browser and
//! tests.

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
    pub dead_ends: usize,
}

/// The figures of one map and the longest walk from spawn (which takes a search over the whole
/// map, so the editor does not keep it current while editing).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    pub figures: Figures,
    /// The longest shortest walk from spawn to any reachable tile, in steps.
    pub longest_path: u32,
}

impl Metrics {
    pub fn of(map: &Map) -> Metrics {
        let dist = distances_from(map, map.spawn);
        let longest_path = dist.as_slice().iter().filter(|d| **d != crate::pathfind::UNREACHED).max().copied();
        Metrics { figures: Checker::new(map).figures(), longest_path: longest_path.unwrap_or(0) }
    }
}

/// Whether the tile at `p` is corridor floor with exactly one walkable neighbour.
pub fn is_dead_end(map: &Map, p: Pos) -> bool {
    let walk = |p: Pos| map.tile(p).is_some_and(Tile::is_walkable);
    map.tile(p) == Some(Tile::Corridor) && p.neighbours4().into_iter().filter(|n| walk(*n)).count() == 1
}

/// Steps from `start` to every tile over 4-connected walkable tiles (`u32::MAX`: unreachable).
pub fn distances_from(map: &Map, start: Pos) -> Grid<u32> {
    crate::pathfind::distances(map.width(), map.height(), start, |p| map.tile(p).is_some_and(Tile::is_walkable))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_of_a_small_map() {
        let m = Map::from_ascii("#######\n#@.,,.#\n#######\n").unwrap();
        let Metrics { figures: s, longest_path } = Metrics::of(&m);
        assert_eq!((s.room_tiles, s.corridor_tiles, s.floor_tiles), (3, 2, 5));
        assert!(s.connected);
        assert_eq!(longest_path, 4);
        assert_eq!(s.dead_ends, 0);
        assert!((s.floor_fraction - 5.0 / 21.0).abs() < 1e-12);
        let m = Map::from_ascii("#####\n#@#,#\n#####\n").unwrap();
        assert!(!Metrics::of(&m).figures.connected);
    }
}
