//! The one search module: every walk over tiles, or over the rooms of a room graph, is one of
//! the mechanisms below, and all but the shortest path run on the one breadth-first loop,
//! `flood` (the survey's reach on its form for byte grids walled round, `flood_walled`,
//! written out by hand for its hot loop, and the passages' searches on that form's search,
//! `search_walled`). Each has a hard cap on the work it does, and each
//! that a caller runs in a hot loop takes its buffers from the caller, so it allocates nothing
//! per call once they have grown ([`search`] and [`shortest_path`], run once per corridor
//! routed or map measured, make their own).
//!
//! | mechanism | what it does | used by |
//! |---|---|---|
//! | `flood`, `flood_in`, `flood_walled` | everything reachable from a start, breadth first, over items the caller's `claim` takes (tiles, places in a grid, rooms), in a caller-owned `Queue`, with a cap on its length, optionally within an area; `flood_walled` is its form for a byte grid walled round (made by `walled_round`, or `walled_round_into` a buffer kept from map to map), with distances, whose hot loop runs as fast as by hand | `flood`: the grown-rooms generator's room-space floods (`generate::grown::doors`) and every mechanism below but the shortest path; `flood_in`: the grown generator's hole check (`generate::grown::growth`); `flood_walled`: the survey's reach from spawn (`map::survey`) |
//! | [`pieces`] (label), [`UnionFind`] | the connected pieces of a set of tiles, labelled; joining pieces found apart | the map check's reachability (`map::check`: pieces block by block, joined across blocks), rooms read from ASCII (`map::ascii`); pieces of room graphs (`generate::keep`, `generate::grown::keep`) |
//! | [`Searcher`], [`search`], [`distances`], `search_walled` + `path_walled` (on a grid made by `walled_round`, put back by `unwall`) | a bounded breadth-first search towards a goal (an area, a step limit, a cap on tiles expanded), keeping steps and ways back; `search_walled` is its form for a byte grid walled round (the same goal and way there, which a test holds it to), for searches run by the dozen on every map | the grown-rooms generator's loops and ways round locks (`generate::grown::loops`, a searcher kept in the builder), steps from spawn (`map::metrics`, and through it `Map::validate`'s reachability), corridors read from ASCII (`map::ascii`), corridors round locks (`generate::keep`); `search_walled`: the passages joining rooms along a maze or a walk (`generate::passages`) |
//! | [`shortest_path`], [`shortest_path_on_map`] | A* between two given tiles, at a fraction of a search's tiles | corridor routing in the editor (`edit::route`), tunnels round locks (`generate::keep`) |
//! | [`walk`] over [`Adjacency`] lists | breadth first over a graph's nodes: a flood whose neighbours are a node's links | the room graph (`map::graph`: distances, spanning forest, critical path) and the survey's room graph (`map::survey`: pieces, depth) |
//!
//! A room graph is walked here rather than where it is built because a walk over rooms is the
//! same loop as a flood over tiles, with a node's links for a tile's four neighbours: one loop,
//! one set of rules (order, caps, scratch).
//!
//! Order: every mechanism is deterministic. Floods take items first in, first out and offer
//! neighbours in the order they are given ([`crate::geom::Dir::ALL`] order in `flood_in`,
//! [`pieces`] and the search; a node's links in list order in [`walk`]), so where an answer
//! depends on the order (a search's goal, a graph's spanning forest) it is always the same.
//!
//! It depends only on [`crate::geom`], so the map layer may use it: in the layering of the
//! modules (README, "For developers") it sits between `geom` and `map`.

mod flood;
mod graph;
mod label;
mod path;
mod search;

pub(crate) use flood::{
    Queue, flood, flood_in, flood_walled, path_walled, search_walled, unwall, walled_round, walled_round_into,
};
pub use graph::{Adjacency, walk};
pub use label::{NO_PIECE, UnionFind, pieces, pieces_walled};
pub use path::{NoPath, shortest_path, shortest_path_on_map};
pub use search::{Found, Query, Search, Searcher, distances, search};

use crate::geom::{Pos, Rect};

/// `dist` of a tile the search did not reach.
pub const UNREACHED: u32 = u32::MAX;

/// The place of tile `p` in a row-major grid over `area` (`None` outside it): one unsigned
/// comparison an axis, as the searches ask it of every tile they look at.
#[inline]
fn index_in(area: Rect, p: Pos) -> Option<usize> {
    let (w, h) = (area.w.max(0) as u32, area.h.max(0) as u32);
    let (x, y) = (p.x.wrapping_sub(area.x) as u32, p.y.wrapping_sub(area.y) as u32);
    (x < w && y < h).then(|| y as usize * w as usize + x as usize)
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::geom::{Pos, Rect};

    /// A small hand-drawn grid for the tests of every mechanism: one character a tile, rows
    /// ended by newlines.
    pub(crate) struct Ascii {
        pub(crate) cells: Vec<char>,
        pub(crate) width: usize,
        pub(crate) height: usize,
    }

    impl Ascii {
        pub(crate) fn new(text: &str) -> Ascii {
            let rows: Vec<&str> = text.lines().collect();
            let width = rows.first().map_or(0, |r| r.chars().count());
            assert!(rows.iter().all(|r| r.chars().count() == width), "ragged grid {text:?}");
            Ascii { cells: rows.iter().flat_map(|r| r.chars()).collect(), width, height: rows.len() }
        }

        pub(crate) fn area(&self) -> Rect {
            Rect::new(0, 0, self.width as i32, self.height as i32)
        }

        pub(crate) fn index(&self, p: Pos) -> usize {
            assert!(self.area().contains(p), "{p} is off the grid");
            p.y as usize * self.width + p.x as usize
        }

        /// The tile at `p`, `#` off the grid.
        pub(crate) fn at(&self, p: Pos) -> char {
            if self.area().contains(p) { self.cells[self.index(p)] } else { '#' }
        }

        /// The first tile that is `c`.
        pub(crate) fn find(&self, c: char) -> Pos {
            let i = self.cells.iter().position(|t| *t == c).unwrap();
            Pos::new((i % self.width) as i32, (i / self.width) as i32)
        }
    }
}
