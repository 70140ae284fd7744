//! ASCII maps: golden snapshots in tests and `delve generate --ascii`: `#` wall, `.` room floor,
//! `,` corridor floor, a tile kind's glyph on floor of that kind (`~` water, say), `+` a door (on
//! the tile outside it; a locked door shows its key's number), `@` the spawn, and each marker its
//! kind's glyph. [`from_ascii`] reads the tiles, doors and spawn
//! back (not markers).

use super::colour::legible_room_colour;
use super::{Door, Map, Rgb, Room, Shape, Tile};
use crate::geom::{Dir, Grid, Pos, Rect};
use crate::pathfind;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AsciiError {
    #[error("the ASCII map is empty")]
    Empty,
    #[error("line {line} has {found} characters, expected {expected} like the first line")]
    Ragged { line: usize, found: usize, expected: usize },
    #[error("line {line}, column {col}: unknown map character {ch:?} (expected one of # . , + @)")]
    BadChar { line: usize, col: usize, ch: char },
    #[error("the map is {width}×{height}, larger than Delve's limit")]
    TooLarge { width: usize, height: usize },
}

pub(super) fn to_ascii(map: &Map) -> String {
    let w = map.width() as usize;
    let mut chars: Vec<char> = map.tiles.as_slice().iter().map(|t| t.to_char()).collect();
    if !map.terrain().is_bare() {
        for (i, c) in chars.iter_mut().enumerate() {
            if let Some(k) = map.tile_kind(map.tiles.pos_of(i)) {
                *c = k.glyph;
            }
        }
    }
    for d in &map.doors {
        if let Some(i) = map.tiles.index(d.outside()) {
            // A locked door shows its key's number (keys run 1 to 8).
            chars[i] = match d.opening {
                super::Opening::Locked(k) => char::from_digit(k % 10, 10).unwrap_or('+'),
                _ => '+',
            };
        }
    }
    for m in &map.markers {
        if let Some(i) = map.tiles.index(m.at) {
            chars[i] = super::markers::look(map, &m.kind).0;
        }
    }
    if let Some(i) = map.tiles.index(map.spawn) {
        chars[i] = '@';
    }
    let mut out = String::with_capacity(chars.len() + map.height() as usize);
    for row in chars.chunks(w.max(1)) {
        out.extend(row.iter());
        out.push('\n');
    }
    out
}

pub(super) fn from_ascii(text: &str) -> Result<Map, AsciiError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let lines: Vec<&str> = match lines.iter().rposition(|l| !l.is_empty()) {
        Some(last) => lines[..=last].to_vec(),
        None => return Err(AsciiError::Empty),
    };
    let width = lines[0].chars().count();
    let height = lines.len();
    if width == 0 {
        return Err(AsciiError::Empty);
    }
    if (width as u64) * (height as u64) > super::MAX_TILES {
        return Err(AsciiError::TooLarge { width, height });
    }
    let mut tiles = Vec::with_capacity(width * height);
    let mut doors_at = Vec::new();
    let mut spawn = None;
    for (y, line) in lines.iter().enumerate() {
        let found = line.chars().count();
        if found != width {
            return Err(AsciiError::Ragged { line: y + 1, found, expected: width });
        }
        for (x, ch) in line.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            let t = match ch {
                '+' => {
                    doors_at.push(p);
                    Tile::Corridor
                }
                '@' => {
                    spawn = Some(p);
                    Tile::Floor
                }
                c => Tile::from_char(c).ok_or(AsciiError::BadChar { line: y + 1, col: x + 1, ch })?,
            };
            tiles.push(t);
        }
    }
    let grid = Grid::from_vec(width as u32, height as u32, tiles).ok_or(AsciiError::Empty)?;
    let mut map = Map::from_tiles(grid);
    map.rooms = floor_regions(map.tiles());
    if let Some(s) = spawn {
        map.spawn = s;
    }
    let owner = map.room_index_grid();
    for p in doors_at {
        for dir in Dir::ALL {
            let cell = p.step(dir.opposite());
            if let Some(&i) = owner.get(cell).filter(|&&i| i != u32::MAX) {
                map.doors.push(Door::new(map.doors.len() as u32, map.rooms[i as usize].id, cell, dir));
                break;
            }
        }
    }
    map.corridors = corridors(&map);
    Ok(map)
}

/// Corridors along the corridor floor between doors: in each piece of corridor floor, one
/// corridor from its first door (in reading order) to each other door, by the shortest way.
fn corridors(map: &Map) -> Vec<super::Corridor> {
    let tiles = map.tiles();
    let is_corridor = |p: Pos| tiles.get(p) == Some(&Tile::Corridor);
    let mut doors: Vec<&Door> = map.doors.iter().filter(|d| is_corridor(d.outside())).collect();
    doors.sort_by_key(|d| (d.outside().y, d.outside().x));
    let mut out = Vec::new();
    let mut joined = vec![false; doors.len()];
    for i in 0..doors.len() {
        if joined[i] {
            continue;
        }
        let from = doors[i].outside();
        let query = pathfind::Query { paths: true, ..pathfind::Query::flood(map.width(), map.height(), from) };
        let found = pathfind::search(query, |_| false, is_corridor);
        for j in i + 1..doors.len() {
            if let Some(path) = found.path_to(doors[j].outside()) {
                joined[j] = true;
                let id = out.len() as u32;
                out.push(super::Corridor { id, path: path.into(), doors: [doors[i].id, doors[j].id], width: 1 });
            }
        }
    }
    out
}

/// The 4-connected regions of room floor, as rooms in reading order of their first tile.
/// A region that fills its bounding box becomes a rectangle.
fn floor_regions(tiles: &Grid<Tile>) -> Vec<Room> {
    let mut labels = Vec::new();
    let pieces = pathfind::pieces(
        tiles.bounds(),
        |p| tiles.get(p) == Some(&Tile::Floor),
        &mut labels,
        &mut pathfind::Queue::default(),
    );
    let mut cells: Vec<Vec<Pos>> = pieces.iter().map(|(n, _)| Vec::with_capacity(*n as usize)).collect();
    for (i, piece) in labels.iter().enumerate() {
        if let Some(c) = cells.get_mut(*piece as usize) {
            c.push(tiles.pos_of(i));
        }
    }
    cells
        .into_iter()
        .enumerate()
        .map(|(id, cells)| {
            let bounds = Rect::bounding(cells.iter().copied()).unwrap_or_default();
            let shape =
                if bounds.area() == cells.len() as i64 { Shape::Rect(bounds) } else { Shape::cells_from(cells) };
            Room {
                id: id as u32,
                shape,
                colour: legible_room_colour(Rgb(0x66, 0x66, 0x66)),
                label: None,
                locked: false,
                role: None,
                vault: false,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_structure() {
        let text = "#######\n#..#..#\n#.@+..#\n#######\n";
        let map = Map::from_ascii(text).unwrap();
        assert_eq!(map.rooms.len(), 2);
        assert_eq!(map.doors.len(), 1);
        assert_eq!(map.doors[0].side, Dir::East);
        assert_eq!(map.spawn, Pos::new(2, 2));
        assert_eq!(map.to_ascii(), text);
    }

    #[test]
    fn corridors_join_the_doors_of_each_piece_of_corridor_floor() {
        let map =
            Map::from_ascii("##########\n#..#####.#\n#.@+,,,+.#\n#..###,###\n#..###+###\n#..##...##\n##########\n")
                .unwrap();
        assert_eq!(map.rooms.len(), 3);
        assert_eq!(map.doors.len(), 3);
        let ends: Vec<[u32; 2]> = map.corridors.iter().map(|c| c.doors).collect();
        assert_eq!(ends, [[0, 1], [0, 2]], "from the first door to each other");
        assert_eq!(map.corridors[0].path.len(), 5);
        assert_eq!(
            map.corridors[1].path,
            [Pos::new(3, 2), Pos::new(4, 2), Pos::new(5, 2), Pos::new(6, 2), Pos::new(6, 3), Pos::new(6, 4)]
        );
        assert!(map.validate().is_empty(), "{:?}", map.validate());
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(Map::from_ascii("##\n#"), Err(AsciiError::Ragged { line: 2, found: 1, expected: 2 }));
        assert_eq!(Map::from_ascii("#x"), Err(AsciiError::BadChar { line: 1, col: 2, ch: 'x' }));
        assert_eq!(Map::from_ascii("\n\n"), Err(AsciiError::Empty));
    }
}
