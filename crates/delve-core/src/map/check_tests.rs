//! Unit tests of the incremental checker (`super`), against the reference validator.

use super::*;
use crate::geom::Dir;
use crate::map::metrics::distances_from;
use crate::map::validate::reference;
use crate::map::{Corridor, Door, Room, Shape};
use proptest::prelude::*;

/// The figures the plain way: counts, one search from spawn, a scan for dead ends.
fn plain_figures(m: &Map) -> Figures {
    let [wall, room_tiles, corridor_tiles] = m.tile_counts();
    let floor_tiles = room_tiles + corridor_tiles;
    let reached = distances_from(m, m.spawn).as_slice().iter().filter(|d| **d != u32::MAX).count();
    let dead_end_cells = (0..m.tiles().as_slice().len()).filter(|i| is_dead_end(m, m.tiles().pos_of(*i))).count();
    let total = wall + floor_tiles;
    Figures {
        rooms: m.rooms.len(),
        doors: m.doors.len(),
        corridors: m.corridors.len(),
        floor_tiles,
        room_tiles,
        corridor_tiles,
        floor_fraction: if total == 0 { 0.0 } else { floor_tiles as f64 / total as f64 },
        connected: reached == floor_tiles,
        dead_end_cells,
    }
}

/// A random, mostly inconsistent map: tiles in stripes and blobs, rooms of every shape that
/// overlap and leave the map, doors and corridors with bad ids, gaps and breaks.
fn messy_map() -> impl Strategy<Value = Map> {
    (1u32..150, 1u32..150, any::<u64>()).prop_map(|(w, h, seed)| {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut m = Map::new(w, h);
        let cell = |rng: &mut rand_pcg::Pcg64Mcg| {
            Pos::new(rng.random_range(-3..w as i32 + 3), rng.random_range(-3..h as i32 + 3))
        };
        for _ in 0..rng.random_range(0..40) {
            let (c, tile) = (cell(&mut rng), [Tile::Wall, Tile::Floor, Tile::Corridor][rng.random_range(0..3)]);
            let (rw, rh) = (rng.random_range(1..30), rng.random_range(1..30));
            for p in Rect::new(c.x, c.y, rw, rh).cells() {
                m.set_tile(p, tile);
            }
        }
        for id in 0..rng.random_range(0..12u32) {
            let c = cell(&mut rng);
            let shape = match rng.random_range(0..4) {
                0 => Shape::Circle { centre: c, radius: rng.random_range(0..9) },
                1 => Shape::cells_from(
                    (0..rng.random_range(0..40))
                        .map(|_| c.offset(rng.random_range(-5..6), rng.random_range(-5..6)))
                        .collect(),
                ),
                _ => Shape::Rect(Rect::new(c.x, c.y, rng.random_range(0..25), rng.random_range(0..25))),
            };
            let id = if rng.random_range(0..8) == 0 { 0 } else { id };
            m.rooms.push(Room {
                id,
                shape,
                colour: Default::default(),
                label: None,
                locked: false,
                role: None,
                vault: false,
            });
        }
        for id in 0..rng.random_range(0..8u32) {
            let room = rng.random_range(0..14);
            let cell = m.room(room).and_then(|r| r.shape.centre()).unwrap_or_else(|| cell(&mut rng));
            m.doors.push(Door::new(id, room, cell, Dir::ALL[rng.random_range(0..4)]));
        }
        for id in 0..rng.random_range(0..8u32) {
            let mut p = cell(&mut rng);
            let mut path = Vec::new();
            for _ in 0..rng.random_range(0..90) {
                path.push(p);
                let d = Dir::ALL[rng.random_range(0..4)];
                p = if rng.random_range(0..20) == 0 { p.offset(3, 0) } else { p.step(d) };
            }
            // Most corridors are dug: one-tile-wide floor with dead ends.
            if rng.random_range(0..4) > 0 {
                for p in &path {
                    m.set_tile(*p, Tile::Corridor);
                }
            }
            let doors = [rng.random_range(0..10), rng.random_range(0..10)];
            m.corridors.push(Corridor { id, path: path.into(), doors, width: 1 });
        }
        m.spawn = if rng.random_range(0..4) == 0 {
            cell(&mut rng)
        } else {
            m.rooms.first().and_then(|r| r.shape.centre()).unwrap_or_default()
        };
        m
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// From scratch, the checker finds exactly what the plain whole-map check finds.
    #[test]
    fn agrees_with_the_plain_check(m in messy_map()) {
        let c = Checker::new(&m);
        prop_assert_eq!(c.problems(), reference::validate(&m));
        prop_assert_eq!(c.figures(), plain_figures(&m));
    }

    /// Kept up to date through tile strokes, room moves and spawn moves, rooms, doors and
    /// corridors added and removed (most of them where blocks meet), the checker agrees with
    /// one built from scratch after every change.
    #[test]
    fn updates_agree_with_a_fresh_check(m in messy_map(), edits in prop::collection::vec((0u8..10, any::<u32>(), any::<u32>()), 1..24)) {
        let mut m = m;
        let mut c = Checker::new(&m);
        // A place next to a block's edge (within three tiles either side, on the map), where
        // blocks meet.
        let near_edge = |v: i32, side: u32, k: u32| {
            (((v + SIDE / 2) / SIDE * SIDE).max(SIDE) - 3 + (k % 6) as i32).clamp(0, side as i32 - 1)
        };
        for (kind, a, b) in edits {
            let at = Pos::new((a % m.width()) as i32, (b % m.height()) as i32);
            let edge = Pos::new(near_edge(at.x, m.width(), a / 7), near_edge(at.y, m.height(), b / 7));
            let mut damage = Damage::default();
            match kind {
                0 | 1 => {
                    // Half the strokes start next to a block's edge.
                    let at = if kind == 1 { edge } else { at };
                    let r = Rect::new(at.x, at.y, 1 + (a % 7) as i32, 1 + (b % 5) as i32);
                    let tile = [Tile::Wall, Tile::Floor, Tile::Corridor][(a / 7 % 3) as usize];
                    for p in r.cells() {
                        m.set_tile(p, tile);
                    }
                    damage.add(Some(r), false, false);
                }
                2 if !m.rooms.is_empty() => {
                    let i = a as usize % m.rooms.len();
                    let before = m.rooms[i].shape.bounds();
                    m.rooms[i].shape.translate(at.x % 5 - 2, at.y % 5 - 2);
                    damage.add(before, true, false);
                    damage.add(m.rooms[i].shape.bounds(), true, false);
                }
                3 => {
                    damage.add(Some(Rect::new(m.spawn.x, m.spawn.y, 1, 1)), false, false);
                    m.spawn = at;
                    damage.add(Some(Rect::new(at.x, at.y, 1, 1)), false, false);
                }
                4 => {
                    // A room across a block's edge (floor dug or not), sometimes with the id
                    // of another.
                    let (x, y) = (edge.x - (a % 5) as i32, edge.y - (b % 5) as i32);
                    let r = Rect::new(x, y, 2 + (a % 9) as i32, 2 + (b % 7) as i32);
                    let shape = if a % 3 == 0 {
                        Shape::Circle { centre: edge, radius: (b % 5) as i32 }
                    } else {
                        Shape::Rect(r)
                    };
                    if b % 3 > 0 {
                        shape.for_each_cell(|p| {
                            m.set_tile(p, Tile::Floor);
                        });
                    }
                    let id = if a % 4 == 0 { 0 } else { 100 + a % 1000 };
                    damage.add(shape.bounds(), true, false);
                    let colour = Default::default();
                    let room = Room { id, shape, colour, label: None, locked: false, role: None, vault: false };
                    m.rooms.insert(b as usize % (m.rooms.len() + 1), room);
                }
                5 if !m.rooms.is_empty() => {
                    let room = m.rooms.remove(a as usize % m.rooms.len());
                    damage.add(room.shape.bounds(), true, false);
                }
                6 if !m.rooms.is_empty() => {
                    // A door on a room's edge, facing out (or not), at a block's edge when
                    // the room reaches one.
                    let room = &m.rooms[a as usize % m.rooms.len()];
                    let cells = room.shape.cells();
                    let cell = cells
                        .iter()
                        .copied()
                        .min_by_key(|p| p.manhattan(edge))
                        .unwrap_or(edge);
                    let side = Dir::ALL[b as usize % 4];
                    let id = if b % 5 == 0 { 0 } else { 200 + b % 1000 };
                    m.doors.push(Door::new(id, room.id, cell, side));
                    damage.add(None, true, false);
                }
                7 if !m.doors.is_empty() => {
                    m.doors.remove(a as usize % m.doors.len());
                    damage.add(None, true, false);
                }
                8 => {
                    // An L-shaped corridor from a door (or near a block's edge) to the other
                    // side of a block's edge, dug or not.
                    let door = (!m.doors.is_empty()).then(|| m.doors[a as usize % m.doors.len()].clone());
                    let start = door.as_ref().map_or(edge.offset(-5, -5), |d| d.outside());
                    let end = edge.offset((a % 9) as i32 - 4, (b % 9) as i32 - 4);
                    let mut p = start;
                    let mut path = vec![p];
                    while p.x != end.x {
                        p = p.offset((end.x - p.x).signum(), 0);
                        path.push(p);
                    }
                    while p.y != end.y {
                        p = p.offset(0, (end.y - p.y).signum());
                        path.push(p);
                    }
                    if b % 4 > 0 {
                        for p in &path {
                            m.set_tile(*p, Tile::Corridor);
                        }
                    }
                    damage.add(Rect::bounding(path.iter().copied()), true, false);
                    let other = m.doors.get(b as usize % m.doors.len().max(1)).map_or(b % 10, |d| d.id);
                    let doors = [door.map_or(a % 10, |d| d.id), other];
                    m.corridors.push(Corridor { id: 300 + a % 1000, path: path.into(), doors, width: 1 });
                }
                9 if !m.corridors.is_empty() => {
                    m.corridors.remove(a as usize % m.corridors.len());
                    damage.add(None, true, false);
                }
                _ => {}
            }
            c.update(&m, &damage);
            let fresh = Checker::new(&m);
            prop_assert_eq!(c.problems(), fresh.problems());
            prop_assert_eq!(c.figures(), fresh.figures());
        }
    }
}

/// A wall painted on the last column of a block makes the corridor tile across the block's
/// edge a dead end, and cuts the corridor in two.
#[test]
fn a_change_at_a_block_edge_reaches_the_next_block() {
    let mut m = Map::new(2 * SIDE as u32, 8);
    for x in 0..2 * SIDE {
        m.set_tile(Pos::new(x, 3), Tile::Corridor);
    }
    m.spawn = Pos::new(0, 3);
    let mut c = Checker::new(&m);
    assert_eq!((c.figures().dead_end_cells, c.figures().connected), (2, true));
    let cut = Rect::new(SIDE - 1, 3, 1, 1);
    m.set_tile(Pos::new(SIDE - 1, 3), Tile::Wall);
    c.update(&m, &Damage { rects: vec![cut], ..Damage::default() });
    assert_eq!((c.figures().dead_end_cells, c.figures().connected), (4, false));
    assert_eq!(c.problems(), vec![Problem::UnreachableFloor { cell: Pos::new(SIDE, 3), count: SIDE as usize }]);
}

#[test]
fn many_rects_merge_into_their_bounds() {
    let mut d = Damage::default();
    for i in 0..100 {
        d.add(Some(Rect::new(i, 2 * i, 1, 1)), false, false);
    }
    assert!(d.rects.len() <= MAX_RECTS);
    for i in 0..100 {
        assert!(d.rects.iter().any(|r| r.contains(Pos::new(i, 2 * i))));
    }
}
