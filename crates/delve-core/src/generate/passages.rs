//! Passages: rooms joined along open corridor floor that another stage made (a drunkard's
//! walk's narrow parts, a maze): the drunkard's walk's and rooms and mazes' last stage.

use super::record::{Recorder, Step, Steps};
use crate::geom::{Dir, Pos, Rect};
use crate::map::{Corridor, Door, Map, Tile};
use crate::pathfind::{Query, Queue, Searcher, flood_walled};

/// Each passage (4-connected corridor floor) of `map`, `width` tiles wide, joins the rooms it
/// touches (`ids`: each tile's room + 1, 0 for none): a door on each room where the passage
/// first meets it (in the order a flood takes the passage's tiles, then north, east, south,
/// west); then, room by room in the order of their distance along the passage from the first,
/// a corridor along the passage to the nearest room joined before it. The rooms of a passage
/// form a tree, so a room has few neighbours to be told apart from. Each corridor is told to
/// `steps` (stopping when it says so).
pub(super) fn join(width: u32, map: &mut Map, ids: &[u32], steps: &mut Steps<'_, impl Recorder>) {
    let w = width as usize;
    // Where a joined room's door meets the passage: that room's index in `joined` + 1.
    let mut door_at = vec![0u32; map.tiles().as_slice().len()];
    let index = |c: Pos| c.y as usize * w + c.x as usize;
    let mut walled: Vec<u8> = map.tiles().as_slice().iter().map(|t| u8::from(*t != Tile::Corridor)).collect();
    let mut queue = Queue::default();
    let mut searcher = Searcher::default();
    let at = |k: usize| Pos::new((k % w) as i32, (k / w) as i32);
    for k in 0..walled.len() {
        if walled[k] != 0 {
            continue;
        }
        flood_walled(&mut walled, w, k, 1, &mut queue);
        // The rooms this passage touches: for each, the first place (in the order the flood
        // took the passage's tiles, then north, east, south, west).
        let mut touched: Vec<(u32, Pos, Dir, Pos)> = Vec::new();
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for &entry in queue.taken() {
            let c = at(entry as u32 as usize);
            (x0, y0, x1, y1) = (x0.min(c.x), y0.min(c.y), x1.max(c.x), y1.max(c.y));
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
        let area = Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        let passage = |c: Pos| map.tile(c) == Some(Tile::Corridor);
        let q = |start: Pos| Query { area, start, max_steps: u32::MAX, cap: usize::MAX, paths: true };
        searcher.run(q(start), |_| false, passage);
        let mut order: Vec<(u32, Pos, Dir, Pos)> = touched.clone();
        order.sort_by_key(|t| searcher.steps(t.3).unwrap_or(u32::MAX));
        // The door (and room) of each joined room's place on the passage.
        let mut joined: Vec<(Pos, u32, u32)> = vec![(start, add_door(map, first, cell, side), first)];
        door_at[index(start)] = 1;
        for &(room, cell, side, end) in order.iter().filter(|t| t.0 != first) {
            let passage = |c: Pos| map.tile(c) == Some(Tile::Corridor);
            let found = searcher.run(q(end), |c| door_at.get(index(c)).is_some_and(|j| *j != 0), passage);
            let Some(goal) = found.goal else { continue };
            let to = door_at.get(index(goal)).and_then(|j| (*j as usize).checked_sub(1)).and_then(|k| joined.get(k));
            let (Some(path), Some(&(_, to_door, to_room))) = (searcher.path_to(goal), to) else {
                continue;
            };
            let door = add_door(map, room, cell, side);
            let id = map.corridors.len() as u32;
            let len = path.len() as u32;
            map.corridors.push(Corridor { id, path: path.into(), doors: [door, to_door], width: 1 });
            joined.push((end, door, room));
            if let Some(j) = door_at.get_mut(index(end)) {
                *j = joined.len() as u32;
            }
            if steps.tell(|| Step::PassageJoined { from: room, to: to_room, start: end, end: goal, cells: len }) {
                return;
            }
        }
    }
}

fn add_door(map: &mut Map, room: u32, cell: Pos, side: Dir) -> u32 {
    let id = map.doors.len() as u32;
    map.doors.push(Door::new(id, room, cell, side));
    id
}
