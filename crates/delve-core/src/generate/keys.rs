//! The markers stage's **keys** step: key-and-lock pairs chosen on the tiles a player walks.
//!
//! 1. The exit: the room with the exit role, else the room farthest from the spawn on the tiles
//!    (as the player's walk, `map::certify`, takes it).
//! 2. The gates: the door tiles (where the exports put a door: the tile outside it) on a
//!    shortest way from the spawn to the exit, stepping eight ways, whose closing alone keeps
//!    the exit out of reach, stepping eight ways (diagonals between two corners of rock too).
//!    A way round a door — a corridor against a room's floor, a tunnel crossing another, a
//!    corner — makes it no gate, whatever the room graph says. Gates run in the order of that
//!    way.
//! 3. `pairs` of the gates drawn ([`Stream::Keys`]), in order from the spawn; each door at a
//!    drawn gate's tile locked with key `k`, and key `k` laid on a free floor tile of a room
//!    reached from the spawn, stepping four ways, with gate `k` and every gate after it closed
//!    (and the ones before it open, their keys held): beyond the lock before it where such a
//!    room has a free tile.
//!
//! So every key is reached before its lock, and every lock keeps the exit out, on the tiles
//! whichever way a game lets its player step. The judge of both is [`crate::certify`], which
//! walks the finished map on its own.

use super::Report;
use super::record::{Recorder, SharedStep, Steps};
use crate::geom::Pos;
use crate::map::graph::RoomGraph;
use crate::map::{Map, Marker, Opening, Role};
use crate::params::markers::Keys;
use crate::pathfind::{self, Queue};
use crate::rng::{Stream, stream};
use rand::RngExt;

/// The key-and-lock pairs (see the module). Returns true when `steps` says to stop.
pub(super) fn place(
    k: &Keys,
    seed: u64,
    map: &mut Map,
    graph: &RoomGraph,
    free: &mut super::markers::Free,
    report: &mut Report,
    steps: &mut Steps<'_, impl Recorder>,
) -> bool {
    let mut rng = stream(seed, Stream::Keys);
    let mut note = |why: &str| report.notes.push(format!("keys: 0 of {} pairs placed: {why}", k.pairs));
    let Some(entrance) = graph.entrance else {
        note("the spawn is in no room, so there is no entrance to start from");
        return false;
    };
    // The exit the player's walk judges (`map::certify`): the exit role's room, else the room
    // whose nearest tile is farthest from the spawn on the tiles (the lowest on a tie).
    let exit = map.rooms.iter().position(|r| r.role == Some(Role::Exit)).or_else(|| farthest_room(map));
    let Some(exit) = exit.filter(|&e| e != entrance) else {
        note("the entrance is the only room it reaches");
        return false;
    };
    let mut tiles = Tiles::of(map, exit);
    let Some(spawn) = tiles.place(map.spawn).filter(|&s| tiles.cells[s] == OPEN) else {
        note("the spawn is not on a walkable tile");
        return false;
    };
    // Door tiles (not a locked room's, not under a marker) on one shortest way to the exit.
    let mut door_tiles: Vec<usize> = map
        .doors
        .iter()
        .filter(|d| {
            map.rooms.get(d.room as usize).is_some_and(|r| !r.locked) && !matches!(d.opening, Opening::Locked(_))
        })
        .filter_map(|d| tiles.place(d.outside()))
        .filter(|&t| tiles.cells[t] == OPEN && t != spawn)
        .collect();
    for m in &map.markers {
        if let Some(i) = tiles.place(m.at) {
            door_tiles.retain(|&t| t != i);
        }
    }
    door_tiles.sort_unstable();
    door_tiles.dedup();
    let way = tiles.way(spawn, Moves::Eight);
    let gates: Vec<usize> = way
        .into_iter()
        .filter(|t| door_tiles.binary_search(t).is_ok())
        .filter(|&t| !tiles.reaches_exit(spawn, &[t], Moves::Eight))
        .collect();

    let n = (k.pairs as usize).min(gates.len());
    // Which of the gates, in order from the spawn: `n` drawn of them.
    let mut picks: Vec<usize> = (0..gates.len()).collect();
    for i in 0..n {
        let j = rng.random_range(i..picks.len());
        picks.swap(i, j);
    }
    picks.truncate(n);
    picks.sort_unstable();
    let picked: Vec<usize> = picks.iter().map(|&g| gates[g]).collect();
    // Numbered after the keys the map already has (kept with locked rooms).
    let kept = map.markers.iter().filter_map(|m| m.key).chain(map.doors.iter().filter_map(|d| match d.opening {
        Opening::Locked(k) => Some(k),
        _ => None,
    }));
    let first = kept.max().unwrap_or(0);
    let mut before: Vec<bool> = vec![false; map.rooms.len()];
    let (mut placed, mut why) = (0, None);
    for (j, &gate) in picked.iter().enumerate() {
        let key = first + j as u32 + 1;
        // Reached with this gate and every later one closed: rooms with a free tile there.
        let reached = tiles.reached(spawn, &picked[j..], Moves::Four);
        let mut open = vec![false; map.rooms.len()];
        let mut spots: Vec<Vec<Pos>> = vec![Vec::new(); map.rooms.len()];
        for (r, cells) in free.cells.iter().enumerate() {
            for &p in cells {
                if !free.taken[free.index(p)] && tiles.place(p).is_some_and(|i| reached[i]) {
                    open[r] = true;
                    spots[r].push(p);
                }
            }
        }
        let mut rooms: Vec<usize> = (0..open.len()).filter(|&r| open[r] && !before[r]).collect();
        if rooms.is_empty() {
            rooms = (0..open.len()).filter(|&r| open[r]).collect();
        }
        if rooms.is_empty() {
            why = Some("no free floor tile is left before a lock for its key".to_string());
            break;
        }
        let room = rooms[rng.random_range(0..rooms.len())];
        let at = spots[room][rng.random_range(0..spots[room].len())];
        let i = free.index(at);
        free.taken[i] = true;
        map.markers.push(Marker { kind: k.name.clone(), at, level: 0, key: Some(key) });
        let door_at = tiles.pos(gate);
        let mut door = u32::MAX;
        for d in map.doors.iter_mut().filter(|d| d.outside() == door_at) {
            d.opening = Opening::Locked(key);
            door = door.min(d.id);
        }
        placed += 1;
        before = open;
        let room = map.rooms.get(room).map_or(0, |r| r.id);
        if steps.tell(|| SharedStep::KeyPlaced { key, door, at, room }.into()) {
            return true;
        }
    }
    if placed < k.pairs {
        let why = why.unwrap_or_else(|| match gates.len() {
            0 => "no door on the way from the entrance to the exit is one every way passes (loops and corridors \
                  against rooms go round each)"
                .to_string(),
            g => format!("only {g} doors on the way from the entrance to the exit are ones every way passes"),
        });
        report.notes.push(format!("keys: {placed} of {} pairs placed: {why}", k.pairs));
    }
    false
}

/// The room whose nearest tile is farthest from the spawn, four ways over walkable tiles (the
/// lowest index on a tie); `None` when the spawn reaches no room.
fn farthest_room(map: &Map) -> Option<usize> {
    let steps = pathfind::distances(map.width(), map.height(), map.spawn, |p| map.walkable(p));
    let mut best: Option<(u32, usize)> = None;
    for (r, room) in map.rooms.iter().enumerate() {
        let mut nearest: Option<u32> = None;
        room.shape.for_each_cell(|p| {
            if let Some(&d) = steps.get(p).filter(|&&d| d != pathfind::UNREACHED) {
                nearest = Some(nearest.map_or(d, |n| n.min(d)));
            }
        });
        if let Some(d) = nearest
            && best.is_none_or(|(b, _)| d > b)
        {
            best = Some((d, r));
        }
    }
    best.map(|(_, r)| r)
}

/// Which steps a search takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moves {
    Four,
    Eight,
}

const ROCK: u8 = 0;
const OPEN: u8 = 1;

/// The map's walkable tiles as bytes walled round by rock, with the exit room's tiles known.
struct Tiles {
    pw: usize,
    cells: Vec<u8>,
    exit: Vec<bool>,
    queue: Queue<usize>,
    came: Vec<usize>,
}

impl Tiles {
    fn of(map: &Map, exit: usize) -> Tiles {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let cells = pathfind::walled_round(w, h, ROCK, |i| u8::from(map.walkable(map.tiles().pos_of(i))));
        let mut t =
            Tiles { pw: w + 2, exit: vec![false; cells.len()], cells, queue: Queue::default(), came: Vec::new() };
        if let Some(room) = map.rooms.get(exit) {
            room.shape.for_each_cell(|p| {
                if let Some(i) = t.place(p) {
                    t.exit[i] = true;
                }
            });
        }
        t
    }

    fn place(&self, p: Pos) -> Option<usize> {
        let w = self.pw - 2;
        let h = self.cells.len() / self.pw - 2;
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h)
            .then(|| (p.y as usize + 1) * self.pw + p.x as usize + 1)
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.pw) as i32 - 1, (i / self.pw) as i32 - 1)
    }

    /// Floods from `start` past no tile of `closed`; `self.came[i]` is where tile `i` was
    /// reached from (`usize::MAX`: not reached). Stops at the first exit tile when `to_exit`;
    /// returns it.
    fn flood(&mut self, start: usize, closed: &[usize], moves: Moves, to_exit: bool) -> Option<usize> {
        let pw = self.pw as isize;
        let all = [-1, 1, -pw, pw, -pw - 1, -pw + 1, pw - 1, pw + 1];
        let steps = if moves == Moves::Four { &all[..4] } else { &all[..] };
        self.came.clear();
        self.came.resize(self.cells.len(), usize::MAX);
        self.came[start] = start;
        let (cells, exit, came) = (&self.cells, &self.exit, &mut self.came);
        let mut found = exit[start].then_some(start);
        if found.is_some() && to_exit {
            return found;
        }
        let stop = std::cell::Cell::new(false);
        let _ = pathfind::flood(
            &mut self.queue,
            start,
            usize::MAX,
            |i| (!stop.get()).then(|| steps.iter().map(move |&s| i.wrapping_add_signed(s))),
            |from, n| {
                // The border is rock: every neighbour of a walkable tile is on the grid.
                if came[n] != usize::MAX || cells[n] == ROCK || closed.contains(&n) {
                    return false;
                }
                came[n] = from;
                if exit[n] && found.is_none() {
                    found = Some(n);
                    stop.set(to_exit);
                }
                true
            },
        );
        found
    }

    /// A shortest way from `start` to the exit, start to end (empty when there is none).
    fn way(&mut self, start: usize, moves: Moves) -> Vec<usize> {
        let Some(mut at) = self.flood(start, &[], moves, true) else { return Vec::new() };
        let mut way = vec![at];
        while at != start {
            at = self.came[at];
            way.push(at);
        }
        way.reverse();
        way
    }

    fn reaches_exit(&mut self, start: usize, closed: &[usize], moves: Moves) -> bool {
        self.flood(start, closed, moves, true).is_some()
    }

    /// Per place, whether it is reached from `start` past no tile of `closed`.
    fn reached(&mut self, start: usize, closed: &[usize], moves: Moves) -> Vec<bool> {
        self.flood(start, closed, moves, false);
        self.came.iter().map(|&c| c != usize::MAX).collect()
    }
}
