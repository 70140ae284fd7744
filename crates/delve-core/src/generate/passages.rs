//! Passages: rooms joined along open corridor floor that another stage made (a drunkard's
//! walk's narrow parts, a maze): the drunkard's walk's and rooms and mazes' last stage.

use super::record::{Mark, Recorder, Role, Step, StepKind, Steps};
use super::stages::Stage;
use crate::geom::{Dir, Pos};
use crate::map::{Corridor, Door, Map, SharedCells, Tile, TilePath};
use crate::pathfind::{Queue, flood_walled, path_walled, search_walled, unwall, walled_round};
use crate::words::count;

/// Wall, in the passages' grid.
pub(super) const WALL: u8 = 1;

/// One thing the passages stage did (a [`Step`]), for the drunkard's walk and rooms and mazes.
#[derive(Clone, Debug, PartialEq)]
pub enum PassagesStep {
    /// Room `from` joined to room `to` by a corridor of `cells` tiles along a
    /// passage, from `start` to `end`.
    PassageJoined { from: u32, to: u32, start: Pos, end: Pos, cells: u32 },
}

impl StepKind for PassagesStep {
    fn sentence(&self) -> String {
        match self {
            PassagesStep::PassageJoined { from, to, cells, .. } => {
                format!(
                    "Room {from} joined to room {to} along a passage, a corridor of {}.",
                    count(u64::from(*cells), "tile")
                )
            }
        }
    }

    fn stage(&self) -> Stage {
        Stage::Passages
    }

    fn changes_map(&self) -> bool {
        true
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        let PassagesStep::PassageJoined { start, end, .. } = self;
        *start = start.offset(dx, dy);
        *end = end.offset(dx, dy);
    }

    /// The corridor's two ends.
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        let PassagesStep::PassageJoined { start, end, .. } = self;
        [start, end].map(|p| Mark::Ring { at: *p, role: Role::Made }).to_vec()
    }
}

/// [`join_walled`] on `map`, `width` tiles wide, whose rooms are `ids` (each tile's room + 1,
/// 0 for none).
pub(super) fn join(width: u32, map: &mut Map, ids: &[u32], steps: &mut Steps<'_, impl Recorder>) {
    let w = width as usize;
    let tiles = map.tiles().as_slice();
    let pass = walled_round(w, tiles.len() / w.max(1), WALL, |k| u8::from(tiles[k] != Tile::Corridor));
    let pw = w + 2;
    let room = |p: usize| {
        let (x, y) = ((p % pw).wrapping_sub(1), (p / pw).wrapping_sub(1));
        (x < w).then(|| ids.get(y.wrapping_mul(w).wrapping_add(x))).flatten().and_then(|id| id.checked_sub(1))
    };
    join_walled(pw, pass, room, map, steps);
}

/// Each passage (4-connected corridor floor) of `map` joins the rooms it touches: a door on
/// each room where the passage first meets it (in the order a flood takes the passage's tiles,
/// from its first in reading order, then north, east, south, west); then, room by room in the
/// order of their distance along the passage from the first, a corridor along the passage to
/// the nearest room joined before it. The rooms of a passage form a tree, so a room has few
/// neighbours to be told apart from. Each corridor is told to `steps` (stopping when it says
/// so).
///
/// The map's tiles come walled round (a border one tile wide; `pw` places a row) in `pass`:
/// 0 for corridor floor, [`WALL`] for the rest. `room` gives the room at a place, if any.
pub(super) fn join_walled(
    pw: usize,
    mut pass: Vec<u8>,
    room: impl Fn(usize) -> Option<u32>,
    map: &mut Map,
    steps: &mut Steps<'_, impl Recorder>,
) {
    let pos = |p: usize| Pos::new((p % pw) as i32 - 1, (p / pw) as i32 - 1);
    // North, east, south, west, as places.
    let near = [pw.wrapping_neg(), 1, pw, usize::MAX];
    // Where a joined room's door meets the passage: that room's index in `joined` + 1.
    let mut door_at = vec![0u32; pass.len()];
    let (mut queue, mut search_queue) = (Queue::default(), Queue::default());
    let (mut came, mut from_start) = (Vec::new(), vec![0u32; pass.len()]);
    // Every corridor's cells, in one buffer they share: (corridor, its cells in `cells`).
    let (mut cells, mut paths) = (Vec::new(), Vec::new());
    let mut next = 0;
    'passages: while let Some(k) = first_open(&pass, next) {
        next = k + 1;
        // The passage's tiles, walled up until it has been joined.
        flood_walled(&mut pass, pw, k, WALL, &mut queue);
        // The rooms this passage touches: for each, the first place (in the order the flood
        // took the passage's tiles, then north, east, south, west): (room, the room's tile,
        // the side it is met from, the passage's tile).
        let mut touched: Vec<(u32, usize, Dir, usize)> = Vec::new();
        for &entry in queue.taken() {
            let c = entry as u32 as usize;
            for (d, step) in Dir::ALL.into_iter().zip(near) {
                let r = c.wrapping_add(step);
                if let Some(id) = room(r)
                    && !touched.iter().any(|t| t.0 == id)
                {
                    touched.push((id, r, d.opposite(), c));
                }
            }
        }
        let Some(&(first, cell, side, start)) = touched.first() else { continue };
        if touched.len() < 2 {
            continue;
        }
        unwall(&mut pass, &queue, 0);
        // The rooms in the order of their distance along the passage from the first room's
        // door; each joined to the nearest room joined before it (a search that stops there), so
        // the rooms form a tree along the passage, as the maze or the walk lays them out.
        flood_walled(&mut pass, pw, start, WALL, &mut search_queue);
        for &entry in search_queue.taken() {
            from_start[entry as u32 as usize] = (entry >> 32) as u32;
        }
        unwall(&mut pass, &search_queue, 0);
        let mut order = touched.clone();
        order.sort_by_key(|t| from_start[t.3]);
        // The door (and room) of each joined room's place on the passage.
        let mut joined: Vec<(u32, u32)> = vec![(add_door(map, first, pos(cell), side), first)];
        door_at[start] = 1;
        for &(room, cell, side, end) in order.iter().filter(|t| t.0 != first) {
            let goal = search_walled(&mut pass, pw, end, WALL, &mut came, &mut search_queue, |p| door_at[p] != 0);
            unwall(&mut pass, &search_queue, 0);
            let Some(goal) = goal else { continue };
            let Some(&(to_door, to_room)) = (door_at[goal] as usize).checked_sub(1).and_then(|k| joined.get(k)) else {
                continue;
            };
            let first_cell = cells.len();
            path_walled(&came, pw, goal, &mut cells);
            let door = add_door(map, room, pos(cell), side);
            let id = map.corridors.len() as u32;
            let len = (cells.len() - first_cell) as u32;
            paths.push((map.corridors.len(), first_cell..cells.len()));
            map.corridors.push(Corridor { id, path: TilePath::default(), doors: [door, to_door], width: 1 });
            joined.push((door, room));
            door_at[end] = joined.len() as u32;
            let (start, end) = (pos(end), pos(goal));
            if steps.tell(|| PassagesStep::PassageJoined { from: room, to: to_room, start, end, cells: len }.into()) {
                break 'passages;
            }
        }
        // Done with: walled up again, so the next passage is looked for past it.
        unwall(&mut pass, &queue, WALL);
    }
    let shared = SharedCells::new(&cells);
    for (corridor, range) in paths {
        if let Some(c) = map.corridors.get_mut(corridor) {
            c.path = shared.path(range);
        }
    }
}

/// The first place from `from` on that is not [`WALL`]: eight at a time (most of the map is).
fn first_open(pass: &[u8], from: usize) -> Option<usize> {
    let rest = pass.get(from..)?;
    let mut chunks = rest.chunks_exact(8);
    let mut at = from;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let open = u64::from_le_bytes(word) ^ u64::from_le_bytes([WALL; 8]);
        if open != 0 {
            return Some(at + open.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&t| t != WALL).map(|i| at + i)
}

fn add_door(map: &mut Map, room: u32, cell: Pos, side: Dir) -> u32 {
    let id = map.doors.len() as u32;
    map.doors.push(Door::new(id, room, cell, side));
    id
}
