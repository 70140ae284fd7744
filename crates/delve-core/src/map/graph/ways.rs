//! The ways on the tiles that the room graph counts besides its corridors ([`tile_ways`]): two
//! rooms whose floors touch, a corridor against a room it does not join, and corridor floor no
//! corridor lists against a room.

use super::super::{Map, Shape, Tile};
use crate::geom::{Pos, Rect};
use crate::pathfind;

/// The ways on the tiles between rooms (indices in `map.rooms`) that no corridor joins: two
/// rooms whose floors touch (side by side, or on the same tile); a room whose floor a
/// corridor's tile touches (side by side) when it is neither of that corridor's rooms — then a
/// way to each of them; and a room that corridor floor no corridor lists touches — then a way
/// to the lowest room of a corridor in that stretch of corridor floor (or, with none, to the
/// lowest room the stretch touches). Each pair once, smaller first, in order.
pub fn tile_ways(map: &Map) -> Vec<[usize; 2]> {
    let index = |room: u32| map.rooms.iter().position(|r| r.id == room);
    let room_of = |door: u32| map.door(door).and_then(|d| index(d.room));
    let ends: Vec<(usize, [usize; 2])> = map
        .corridors
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((i, [room_of(c.doors[0])?, room_of(c.doors[1])?])))
        .collect();
    tile_ways_among(map, &ends)
}

/// [`tile_ways`], the corridors' rooms given: `corridors` holds each corridor's index and the
/// indices (in `map.rooms`) of its two rooms.
pub(crate) fn tile_ways_among(map: &Map, corridors: &[(usize, [usize; 2])]) -> Vec<[usize; 2]> {
    if map.rooms.len() < 2 {
        return Vec::new();
    }
    WAYS.with(|b| {
        let (owner, listed) = &mut *b.borrow_mut();
        ways_with(map, corridors, owner, listed)
    })
}

thread_local! {
    /// [`tile_ways`]'s grids (each tile's room, and whether a corridor lists it), between maps.
    static WAYS: std::cell::RefCell<(Vec<u32>, Vec<bool>)> = std::cell::RefCell::default();
}

/// [`tile_ways`] in the buffers `owner` and `listed`: grids of the map walled round by one
/// place (so that every tile of the map has four neighbours to read), tile `(x, y)` at place
/// `(y + 1) * (width + 2) + x + 1`.
fn ways_with(
    map: &Map,
    corridors: &[(usize, [usize; 2])],
    owner: &mut Vec<u32>,
    listed: &mut Vec<bool>,
) -> Vec<[usize; 2]> {
    const NONE: u32 = u32::MAX;
    let (w, h) = (map.width() as usize, map.height() as usize);
    let pw = w + 2;
    let place = |p: Pos| {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h)
            .then(|| (p.y as usize + 1) * pw + p.x as usize + 1)
    };
    // A rectangle wholly on the map, filled and walked by rows.
    let on_map = |r: &Rect| on_map(r, w, h);
    let mut ways: Vec<[usize; 2]> = Vec::new();
    let mut pair = |a: u32, b: u32| {
        if a != b && a != NONE && b != NONE {
            ways.push([a.min(b) as usize, a.max(b) as usize]);
        }
    };
    // Each tile's room (the later of two), and floor on floor: a cell another room covers too.
    owner.clear();
    owner.resize(pw * (h + 2), NONE);
    let mut owned = 0usize;
    for (i, room) in map.rooms.iter().enumerate() {
        let i = i as u32;
        match &room.shape {
            Shape::Rect(r) if on_map(r) => {
                for y in r.y as usize..(r.y + r.h) as usize {
                    let row = &mut owner[(y + 1) * pw + r.x as usize + 1..][..r.w as usize];
                    for o in row.iter_mut() {
                        owned += usize::from(*o == NONE);
                        pair(i, *o);
                        *o = i;
                    }
                }
            }
            shape => shape.for_each_cell(|c| {
                if let Some(k) = place(c) {
                    owned += usize::from(owner[k] == NONE);
                    pair(i, owner[k]);
                    owner[k] = i;
                }
            }),
        }
    }
    let owner = &owner[..];
    let around = |k: usize| [k - 1, k + 1, k - pw, k + pw];
    // Floor beside floor: round each room's edge (a rectangle's ring; every cell of another
    // shape).
    for room in &map.rooms {
        let mut edge = |k: usize| around(k).into_iter().for_each(|q| pair(owner[k], owner[q]));
        match &room.shape {
            Shape::Rect(r) if on_map(r) => {
                // The floor inside is the room's own: only the tile out from each edge cell.
                let (x0, y0) = (r.x as usize + 1, r.y as usize + 1);
                let (x1, y1) = (x0 + r.w as usize - 1, y0 + r.h as usize - 1);
                for x in x0..=x1 {
                    pair(owner[y0 * pw + x], owner[(y0 - 1) * pw + x]);
                    pair(owner[y1 * pw + x], owner[(y1 + 1) * pw + x]);
                }
                for y in y0..=y1 {
                    pair(owner[y * pw + x0], owner[y * pw + x0 - 1]);
                    pair(owner[y * pw + x1], owner[y * pw + x1 + 1]);
                }
            }
            shape => shape.for_each_cell(|c| place(c).into_iter().for_each(&mut edge)),
        }
    }
    // A corridor's tiles beside another room's floor.
    let tiles = map.tiles().as_slice();
    // The tile at place `k` (rock on the border).
    let tile = |k: usize| {
        let (y, x) = (k / pw, k % pw);
        if y == 0 || x == 0 || y > h || x > w { Tile::Wall } else { tiles[(y - 1) * w + x - 1] }
    };
    listed.clear();
    listed.resize(owner.len(), false);
    let mut listed_count = 0usize;
    for &(ci, [a, b]) in corridors {
        let Some(c) = map.corridors.get(ci) else { continue };
        let (a, b) = (a as u32, b as u32);
        let mut cell = |p: Pos| {
            let Some(k) = place(p) else { return };
            let t = tiles[p.y as usize * w + p.x as usize];
            listed_count += usize::from(!listed[k] && t == Tile::Corridor);
            listed[k] = true;
            for q in around(k) {
                let r = owner[q];
                if r != NONE && r != a && r != b {
                    pair(a, r);
                    pair(b, r);
                }
            }
        };
        if c.width <= 1 {
            c.path.iter().for_each(|&p| cell(p));
        } else {
            c.for_each_cell(cell);
        }
    }
    // Corridor floor no corridor lists, against a room's floor: the room is joined to the
    // stretch of corridor floor it touches, so to a room of a corridor there (the lowest), or
    // to the lowest room that stretch touches. None when the corridors list every tile of
    // corridor floor and the rooms own all room floor (as on most maps), else looked for.
    let (mut corridor_floor, mut room_floor) = (0usize, 0usize);
    for &t in tiles {
        corridor_floor += usize::from(t == Tile::Corridor);
        room_floor += usize::from(t == Tile::Floor);
    }
    let passage = |k: usize| owner[k] == NONE && tile(k) != Tile::Wall;
    if listed_count != corridor_floor || owned != room_floor {
        let unlisted: Vec<usize> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (y + 1) * pw + x + 1))
            .filter(|&k| !listed[k] && passage(k))
            .collect();
        // The stretches of corridor floor that hold such tiles, each labelled by a flood.
        let mut labels = vec![pathfind::NO_PIECE; owner.len()];
        let (mut count, mut queue) = (0u32, pathfind::Queue::default());
        for &k in &unlisted {
            if labels[k] != pathfind::NO_PIECE {
                continue;
            }
            labels[k] = count;
            let _ = pathfind::flood(
                &mut queue,
                k,
                usize::MAX,
                |k| Some(around(k)),
                |_, q| {
                    // The border is no passage: every neighbour of a tile of the map is a place.
                    let take = labels[q] == pathfind::NO_PIECE && passage(q);
                    if take {
                        labels[q] = count;
                    }
                    take
                },
            );
            count += 1;
        }
        let mut ends: Vec<Vec<u32>> = vec![Vec::new(); count as usize];
        for &(ci, [a, b]) in corridors {
            let first = map.corridors.get(ci).and_then(|c| c.path.first().copied());
            let piece = first.and_then(place).map(|k| labels[k]);
            if let Some(e) = piece.and_then(|piece| ends.get_mut(piece as usize)) {
                e.extend([a as u32, b as u32]);
            }
        }
        let mut touched: Vec<Vec<u32>> = vec![Vec::new(); count as usize];
        for &k in &unlisted {
            let piece = labels[k] as usize;
            for r in around(k).map(|q| owner[q]) {
                if r != NONE && !ends[piece].contains(&r) {
                    touched[piece].push(r);
                }
            }
        }
        for (piece, rooms) in touched.iter().enumerate() {
            let hub = ends[piece].iter().chain(rooms).min();
            if let Some(&hub) = hub {
                rooms.iter().for_each(|&r| pair(hub, r));
            }
        }
    }
    settled(ways, corridors)
}

/// A rectangle wholly on a map of `w` × `h` tiles (filled and walked by rows).
fn on_map(r: &Rect, w: usize, h: usize) -> bool {
    r.w > 0 && r.h > 0 && r.x >= 0 && r.y >= 0 && (r.x + r.w) as usize <= w && (r.y + r.h) as usize <= h
}

/// Ways found, each once, in order, without the pairs a corridor joins.
fn settled(mut ways: Vec<[usize; 2]>, corridors: &[(usize, [usize; 2])]) -> Vec<[usize; 2]> {
    ways.sort_unstable();
    ways.dedup();
    let mut joined: Vec<[usize; 2]> = corridors.iter().map(|&(_, [a, b])| [a.min(b), a.max(b)]).collect();
    joined.sort_unstable();
    ways.retain(|w| joined.binary_search(w).is_err());
    ways
}

/// The bytes of [`claimed_ways`]'s grid.
pub(crate) struct Claimed {
    /// Room floor (every room's floor reads so, and nothing else does).
    pub owned: u8,
    /// Corridor floor.
    pub corridor: u8,
    /// What corridor floor that a corridor lists is turned into.
    pub listed: u8,
}

/// More rooms than [`claimed_ways`] pairs up one by one.
const MANY_ROOMS: usize = 64;

/// [`tile_ways_among`] on a map whose rooms are all rectangles on the map, none sharing a tile,
/// that together own all room floor (and are not many), from a bordered grid of bytes (`pw`
/// places a row, tile `(x, y)` at `(y + 1) * pw + x + 1`, rock round it) in which room floor
/// reads `bytes.owned` and corridor floor `bytes.corridor`: the survey's, on the sweeps' hot
/// path, once the rooms have claimed their floor. Rooms side by side are found from their
/// rectangles; a corridor beside a room from the bytes round its tiles, the room looked up only
/// then. The corridor floor the corridors list is left `bytes.listed`; `None` (ask
/// [`tile_ways_among`]) when they do not list all `corridor_tiles` of it, or when a corridor
/// runs over rock or a room's floor.
pub(crate) fn claimed_ways(
    map: &Map,
    corridors: &[(usize, [usize; 2])],
    grid: &mut [u8],
    pw: usize,
    bytes: &Claimed,
    corridor_tiles: usize,
) -> Option<Vec<[usize; 2]>> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    if grid.len() != pw * (h + 2) || pw != w + 2 {
        return None;
    }
    // Each room's rectangle as its first and last column and row.
    let mut rects: Vec<[i32; 4]> = Vec::with_capacity(map.rooms.len());
    for room in &map.rooms {
        match &room.shape {
            Shape::Rect(r) if on_map(r, w, h) => rects.push([r.x, r.y, r.x + r.w - 1, r.y + r.h - 1]),
            _ => return None,
        }
    }
    if rects.len() > MANY_ROOMS || rects.len() < 2 {
        return None;
    }
    // The pairs known (joined by a corridor, or a way found), a row of bits per room.
    let mut known = [0u64; MANY_ROOMS];
    for &(_, [a, b]) in corridors {
        if a >= rects.len() || b >= rects.len() {
            return None;
        }
        known[a] |= 1 << b;
        known[b] |= 1 << a;
    }
    let mut ways: Vec<[usize; 2]> = Vec::new();
    let mut way = |a: usize, b: usize| {
        if a != b && known[a] & (1 << b) == 0 {
            known[a] |= 1 << b;
            known[b] |= 1 << a;
            ways.push([a.min(b), a.max(b)]);
        }
    };
    // Floor beside floor: rectangles side by side (an edge on the line next to the other's,
    // spans overlapping), tested without a branch per test.
    for (i, &[ax0, ay0, ax1, ay1]) in rects.iter().enumerate() {
        for (j, &[bx0, by0, bx1, by1]) in rects.iter().enumerate().skip(i + 1) {
            let across = (ax0 <= bx1) & (bx0 <= ax1);
            let along = (ay0 <= by1) & (by0 <= ay1);
            let stacked = (ay1 + 1 == by0) | (by1 + 1 == ay0);
            let abreast = (ax1 + 1 == bx0) | (bx1 + 1 == ax0);
            if (across & stacked) | (along & abreast) {
                way(i, j);
            }
        }
    }
    let contains = |r: usize, q: Pos| {
        let [x0, y0, x1, y1] = rects[r];
        (x0 <= q.x) & (q.x <= x1) & (y0 <= q.y) & (q.y <= y1)
    };
    // A corridor's tiles beside the floor of a room it does not join; its tiles listed.
    let place = |p: Pos| {
        // Negative coordinates wrap round to large ones: one test each way.
        ((p.x as u32 as usize) < w && (p.y as u32 as usize) < h).then(|| (p.y as usize + 1) * pw + p.x as usize + 1)
    };
    let pos = |k: usize| Pos::new((k % pw) as i32 - 1, (k / pw) as i32 - 1);
    let (mut listed, mut last) = (0usize, 0usize);
    for &(ci, [a, b]) in corridors {
        let Some(c) = map.corridors.get(ci) else { continue };
        let mut sound = true;
        let mut cell = |p: Pos| {
            let Some(k) = place(p) else {
                sound = false;
                return;
            };
            // Without a branch: corridors cross and share tiles at random.
            let t = grid[k];
            let fresh = t == bytes.corridor;
            grid[k] = if fresh { bytes.listed } else { t };
            listed += usize::from(fresh);
            sound &= fresh | (t == bytes.listed);
            let around = [k - 1, k + 1, k - pw, k + pw];
            // Most tiles of a corridor touch no room: one test for the four.
            if around.iter().fold(false, |any, &q| any | (grid[q] == bytes.owned)) {
                for q in around.into_iter().filter(|&q| grid[q] == bytes.owned) {
                    let q = pos(q);
                    // Its own rooms first (its ends touch them), then the room last met (a
                    // corridor runs along a room for a while), then all.
                    if contains(a, q) | contains(b, q) {
                        continue;
                    }
                    if !contains(last, q) {
                        let Some(r) = (0..rects.len()).find(|&r| contains(r, q)) else { continue };
                        last = r;
                    }
                    way(a, last);
                    way(b, last);
                }
            }
        };
        if c.width <= 1 {
            c.path.iter().for_each(|&p| cell(p));
        } else {
            c.for_each_cell(cell);
        }
        if !sound {
            return None;
        }
    }
    ways.sort_unstable();
    (listed == corridor_tiles).then_some(ways)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;
    use crate::io::preset_from;

    /// [`claimed_ways`] answers as [`tile_ways`] on every map it answers for, and answers for
    /// most maps of the presets whose sweeps it speeds (a maze's passages are corridor floor
    /// that no corridor lists: those maps take [`tile_ways`]).
    #[test]
    fn claimed_ways_are_the_tile_ways() {
        const OWNED: u8 = 3;
        let bytes = Claimed { owned: OWNED, corridor: Tile::Corridor as u8, listed: 4 };
        for (name, most) in
            [("godot-part3", true), ("mcrogueface-part3", true), ("bsp-rooms", true), ("rooms-and-mazes", false)]
        {
            let p = preset_from(name).expect("shipped").generator;
            let (mut answered, mut tried) = (0, 0);
            for seed in 0..300 {
                let map = generate(&p, seed).expect("generates").map;
                let (w, h) = (map.width() as usize, map.height() as usize);
                let tiles = map.tiles().as_slice();
                // Room floor is claimed by exactly one room, as the survey has it before asking.
                let claimed = (0..w * h).filter(|&i| tiles[i] == Tile::Floor).all(|i| {
                    let p = Pos::new((i % w) as i32, (i / w) as i32);
                    map.rooms.iter().filter(|r| r.shape.contains(p)).count() == 1
                });
                if !claimed || map.rooms.iter().any(|r| !matches!(r.shape, Shape::Rect(_))) {
                    continue;
                }
                tried += 1;
                let mut grid = pathfind::walled_round(w, h, 0, |i| match tiles[i] {
                    Tile::Floor => OWNED,
                    t => t as u8,
                });
                let corridor_tiles = tiles.iter().filter(|t| **t == Tile::Corridor).count();
                let ends: Vec<(usize, [usize; 2])> = map
                    .corridors
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let room = |d: u32| map.rooms.iter().position(|r| r.id == map.doors[d as usize].room).unwrap();
                        (i, [room(c.doors[0]), room(c.doors[1])])
                    })
                    .collect();
                if let Some(ways) = claimed_ways(&map, &ends, &mut grid, w + 2, &bytes, corridor_tiles) {
                    answered += 1;
                    assert_eq!(ways, tile_ways(&map), "{name} seed {seed}");
                }
            }
            assert!(!most || answered * 10 >= tried * 9, "{name}: answered {answered} of {tried}");
        }
    }
}
