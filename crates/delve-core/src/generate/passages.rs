//! Passages: rooms joined along open corridor floor that another stage made (a drunkard's
//! walk's narrow parts, a maze): the drunkard's walk's and rooms and mazes' last stage.

use super::record::{Recorder, Step, Steps};
use crate::geom::{Dir, Pos};
use crate::map::{Corridor, Door, Map, Tile};
use crate::pathfind::{Queue, flood_walled, path_walled, search_walled, unwall, walled_round};

/// Each passage (4-connected corridor floor) of `map`, `width` tiles wide, joins the rooms it
/// touches (`ids`: each tile's room + 1, 0 for none): a door on each room where the passage
/// first meets it (in the order a flood takes the passage's tiles, then north, east, south,
/// west); then, room by room in the order of their distance along the passage from the first,
/// a corridor along the passage to the nearest room joined before it. The rooms of a passage
/// form a tree, so a room has few neighbours to be told apart from. Each corridor is told to
/// `steps` (stopping when it says so).
pub(super) fn join(width: u32, map: &mut Map, ids: &[u32], steps: &mut Steps<'_, impl Recorder>) {
    let w = width as usize;
    let mut walled: Vec<u8> = map.tiles().as_slice().iter().map(|t| u8::from(*t != Tile::Corridor)).collect();
    // The searches along passages run on the passages' tiles walled round (a border of wall one
    // tile wide), by place: `pw` places a row.
    let pw = w + 2;
    let place = |c: Pos| (c.y as usize + 1) * pw + c.x as usize + 1;
    let pos = |p: usize| Pos::new((p % pw) as i32 - 1, (p / pw) as i32 - 1);
    let mut pass = walled_round(w, walled.len() / w.max(1), WALL, |k| walled[k]);
    // Where a joined room's door meets the passage: that room's index in `joined` + 1.
    let mut door_at = vec![0u32; pass.len()];
    let mut queue = Queue::default();
    let (mut search_queue, mut came, mut from_start) = (Queue::default(), Vec::new(), vec![0u32; pass.len()]);
    let at = |k: usize| Pos::new((k % w) as i32, (k / w) as i32);
    for k in 0..walled.len() {
        if walled[k] != 0 {
            continue;
        }
        flood_walled(&mut walled, w, k, 1, &mut queue);
        // The rooms this passage touches: for each, the first place (in the order the flood
        // took the passage's tiles, then north, east, south, west).
        let mut touched: Vec<(u32, Pos, Dir, Pos)> = Vec::new();
        for &entry in queue.taken() {
            let c = at(entry as u32 as usize);
            for d in Dir::ALL {
                let r = c.step(d);
                let inside = r.x >= 0 && r.y >= 0 && (r.x as usize) < w;
                let Some(&id) = inside.then(|| ids.get(r.y as usize * w + r.x as usize)).flatten() else { continue };
                if id != 0 && !touched.iter().any(|t| t.0 == id - 1) {
                    touched.push((id - 1, r, d.opposite(), c));
                }
            }
        }
        let Some(&(first, cell, side, start)) = touched.first() else { continue };
        if touched.len() < 2 {
            continue;
        }
        // The rooms in the order of their distance along the passage from the first room's
        // door; each joined to the nearest room joined before it (a search that stops there), so
        // the rooms form a tree along the passage, as the maze or the walk lays them out.
        flood_walled(&mut pass, pw, place(start), WALL, &mut search_queue);
        for &entry in search_queue.taken() {
            from_start[entry as u32 as usize] = (entry >> 32) as u32;
        }
        unwall(&mut pass, &search_queue, 0);
        let mut order: Vec<(u32, Pos, Dir, Pos)> = touched.clone();
        order.sort_by_key(|t| from_start[place(t.3)]);
        // The door (and room) of each joined room's place on the passage.
        let mut joined: Vec<(Pos, u32, u32)> = vec![(start, add_door(map, first, cell, side), first)];
        door_at[place(start)] = 1;
        for &(room, cell, side, end) in order.iter().filter(|t| t.0 != first) {
            let goal =
                search_walled(&mut pass, pw, place(end), WALL, &mut came, &mut search_queue, |p| door_at[p] != 0);
            unwall(&mut pass, &search_queue, 0);
            let Some(goal) = goal else { continue };
            let Some(&(_, to_door, to_room)) = (door_at[goal] as usize).checked_sub(1).and_then(|k| joined.get(k))
            else {
                continue;
            };
            // Tiles of the walled grid, one down and right of the map's.
            let mut path = path_walled(&came, pw, goal);
            for c in &mut path {
                *c = c.offset(-1, -1);
            }
            let door = add_door(map, room, cell, side);
            let id = map.corridors.len() as u32;
            let len = path.len() as u32;
            map.corridors.push(Corridor { id, path: path.into(), doors: [door, to_door], width: 1 });
            joined.push((end, door, room));
            door_at[place(end)] = joined.len() as u32;
            let goal = pos(goal);
            if steps.tell(|| Step::PassageJoined { from: room, to: to_room, start: end, end: goal, cells: len }) {
                return;
            }
        }
    }
}

/// Wall, in the passages' grid.
const WALL: u8 = 1;

fn add_door(map: &mut Map, room: u32, cell: Pos, side: Dir) -> u32 {
    let id = map.doors.len() as u32;
    map.doors.push(Door::new(id, room, cell, side));
    id
}
