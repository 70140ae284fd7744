//! Maps and strokes shared by the benches.

use delve::edit::{Op, perform};
use delve::geom::{Pos, Rect};
use delve::map::{Map, Tile};

/// A 200-tile diagonal stroke with a 5×5 brush.
pub fn stroke() -> Vec<Pos> {
    (0..200).flat_map(|i| Rect::new(40 + i, 40 + i / 2, 5, 5).cells().collect::<Vec<_>>()).collect()
}

/// 4096×4096: 136×136 rooms of 20×20 tiles, joined by corridor lines along every row and column
/// of rooms, spawn in room 0 (so checking walks the whole network).
pub fn huge_map() -> Map {
    let mut m = Map::new(4096, 4096);
    let n = 136;
    for i in 0..n * n {
        let (x, y) = (5 + (i % n) * 30, 5 + (i / n) * 30);
        perform(&mut m, Op::AddRoom(Rect::new(x, y, 20, 20))).expect("room fits");
    }
    let mut cells = Vec::new();
    for k in 0..n {
        let c = 15 + k * 30;
        cells.extend((5..4070).map(|x| Pos::new(x, c)));
        cells.extend((5..4070).map(|y| Pos::new(c, y)));
    }
    perform(&mut m, Op::Paint { cells, tile: Tile::Corridor }).expect("corridors");
    perform(&mut m, Op::SetSpawn(Pos::new(10, 10))).expect("spawn");
    m
}
