//! Map-quality measures: plain functions over a [`Map`], used by `sweep`, the seed browser and
//! tests.

use super::{Map, Tile};
use crate::geom::{Grid, Pos};

/// Key figures of one map.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
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
    /// The longest shortest walk from spawn to any reachable tile, in steps.
    pub longest_path: u32,
    /// Corridor tiles with exactly one walkable neighbour.
    pub dead_ends: usize,
}

impl Metrics {
    pub fn of(map: &Map) -> Metrics {
        let [wall, room_tiles, corridor_tiles] = map.tile_counts();
        let floor_tiles = room_tiles + corridor_tiles;
        let total = wall + floor_tiles;
        let dist = distances_from(map, map.spawn);
        let mut reached = 0usize;
        let mut longest = 0u32;
        for &d in dist.as_slice() {
            if d != u32::MAX {
                reached += 1;
                longest = longest.max(d);
            }
        }
        let walk = |p: Pos| map.tile(p).is_some_and(Tile::is_walkable);
        let dead_ends = map
            .tiles()
            .as_slice()
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                **t == Tile::Corridor
                    && map.tiles().pos_of(*i).neighbours4().into_iter().filter(|n| walk(*n)).count() == 1
            })
            .count();
        Metrics {
            rooms: map.rooms.len(),
            doors: map.doors.len(),
            corridors: map.corridors.len(),
            floor_tiles,
            room_tiles,
            corridor_tiles,
            floor_fraction: if total == 0 { 0.0 } else { floor_tiles as f64 / total as f64 },
            connected: reached == floor_tiles,
            longest_path: longest,
            dead_ends,
        }
    }
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
        let s = Metrics::of(&m);
        assert_eq!((s.room_tiles, s.corridor_tiles, s.floor_tiles), (3, 2, 5));
        assert!(s.connected);
        assert_eq!(s.longest_path, 4);
        assert_eq!(s.dead_ends, 0);
        assert!((s.floor_fraction - 5.0 / 21.0).abs() < 1e-12);
        let m = Map::from_ascii("#####\n#@#,#\n#####\n").unwrap();
        assert!(!Metrics::of(&m).connected);
    }
}
