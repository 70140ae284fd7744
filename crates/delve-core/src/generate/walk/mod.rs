//! Drunkard's walk, as RogueBasin and the Rust roguelike tutorial build it, with its open space
//! segmented into rooms and passages so that everything Delve does with rooms works on it.
//!
//! | Stage | Does | Stream |
//! |---|---|---|
//! | 1. Walk | the first walker from the map's centre, each next one from a random open tile, `lifetime` steps each in a random direction, each step opening a `brush`×`brush` square (never the border), until `floor_share` of the inside is open | [`Stream::Layout`] |
//! | 2. Find rooms | an open tile whose 8 neighbours are open is a room's core; the cores and the tiles around them are room floor, and each 4-connected part of at least `min_room` tiles a room with its colour; every other open tile is passage (corridor floor). The spawn at the middle of the largest room | [`Stream::Colours`] |
//! | 3. Passages | for each 4-connected passage, the rooms it touches joined through it: a door on each (the first place it touches the passage), a corridor along the passage from the first room's door to each other's | — |
//!
//! then roles and colours apart ([`super::stages`]). Walkers start on open tiles, so the open
//! space is one piece: every tile is reachable. A walk that cannot reach its share (a huge share
//! on a small map) stops after a bound of steps and says so.

pub mod params;
pub mod stages;

pub use params::DrunkardsWalk;

use super::record::{Off, Recorder, Step, Steps};
use super::{Generated, Report};
use crate::geom::{Dir, Grid, Pos};
use crate::map::palette::PALETTE;
use crate::map::{Map, Room, Shape, Tile};
use crate::params::stages::Stage;
use crate::pathfind::{Queue, pieces_walled};
use crate::rng::{Stream, stream};
use rand::RngExt;

mod steps;

pub use steps::WalkStep;

/// The map, telling `rec` each step.
fn generate_with(p: &DrunkardsWalk, seed: u64, rec: &mut impl Recorder) -> Generated {
    run(p, seed, rec, usize::MAX)
}

/// The map after the first `steps` steps of a recording (the same run, stopped there).
fn replay(p: &DrunkardsWalk, seed: u64, steps: usize) -> Map {
    run(p, seed, &mut Off, steps).map
}

/// The open tiles (1) of a `w`×`h` map after the walk, and whether it reached its share.
struct Walked {
    open: Vec<u8>,
    reached: bool,
    stopped: bool,
}

/// Stage 1.
fn walk(p: &DrunkardsWalk, seed: u64, steps: &mut Steps<'_, impl Recorder>) -> Walked {
    let (w, h) = (p.width as i32, p.height as i32);
    let mut open = vec![0u8; (w * h) as usize];
    let inside = ((w - 2).max(0) * (h - 2).max(0)) as u64;
    let target = ((p.floor_share * inside as f64).ceil() as u64).clamp(1, inside.max(1));
    let mut rng = stream(seed, Stream::Layout);
    // Open tiles in the order they opened: where later walkers start.
    let mut opened: Vec<Pos> = Vec::new();
    let brush = p.brush.max(1) as i32;
    let lo = -(brush - 1) / 2;
    let paint = |c: Pos, open: &mut Vec<u8>, opened: &mut Vec<Pos>| {
        for dy in lo..lo + brush {
            for dx in lo..lo + brush {
                let q = c.offset(dx, dy);
                if q.x >= 1 && q.y >= 1 && q.x < w - 1 && q.y < h - 1 {
                    let k = (q.y * w + q.x) as usize;
                    if open[k] == 0 {
                        open[k] = 1;
                        opened.push(q);
                    }
                }
            }
        }
    };
    // A bound on the steps, so that a share the walkers cannot reach still ends.
    let budget = inside.saturating_mul(64).max(u64::from(p.lifetime));
    let (mut taken, mut walker) = (0u64, 0u32);
    let centre = Pos::new(w / 2, h / 2);
    while (opened.len() as u64) < target && taken < budget && inside > 0 {
        let mut at = if walker == 0 { centre } else { opened[rng.random_range(0..opened.len())] };
        let start = at;
        for _ in 0..p.lifetime {
            paint(at, &mut open, &mut opened);
            let d = Dir::ALL[rng.random_range(0..4usize)];
            let next = at.step(d);
            if next.x >= 1 && next.y >= 1 && next.x < w - 1 && next.y < h - 1 {
                at = next;
            }
        }
        taken += u64::from(p.lifetime);
        walker += 1;
        let now = opened.len() as u64;
        if steps.tell(|| WalkStep::Walked { walker, start, open: now }.into()) {
            return Walked { open, reached: now >= target, stopped: true };
        }
    }
    let reached = opened.len() as u64 >= target;
    Walked { open, reached, stopped: false }
}

/// The open tiles of `open` made floor (room cores and around) or corridor (passages), as
/// tiles of a map.
fn tiles_of(p: &DrunkardsWalk, cells: &[u8]) -> Map {
    let tiles = cells
        .iter()
        .map(|&c| match c {
            0 => Tile::Wall,
            2 => Tile::Floor,
            _ => Tile::Corridor,
        })
        .collect();
    Grid::from_vec(p.width, p.height, tiles).map_or_else(|| Map::new(p.width, p.height), Map::from_tiles)
}

/// Stage 2: marks room floor 2 in `cells` (open tiles are 1), returns the rooms' cells in
/// reading order and the room of each tile (+1; 0 for none).
fn find_rooms(p: &DrunkardsWalk, cells: &mut [u8]) -> (Vec<Vec<Pos>>, Vec<u32>) {
    let (w, h) = (p.width as usize, p.height as usize);
    let open = |x: usize, y: usize| cells[y * w + x] != 0;
    // Cores: open with every neighbour open; room floor: a core or next to one.
    let mut core = vec![false; w * h];
    for y in 1..h.saturating_sub(1) {
        for x in 1..w - 1 {
            core[y * w + x] = (y - 1..=y + 1).all(|yy| (x - 1..=x + 1).all(|xx| open(xx, yy)));
        }
    }
    // Walled for the flood: 0 room floor, 1 anything else (the border is never room floor).
    let mut walled = vec![1u8; w * h];
    for y in 1..h.saturating_sub(1) {
        for x in 1..w - 1 {
            let near = (y - 1..=y + 1).any(|yy| (x - 1..=x + 1).any(|xx| core[yy * w + xx]));
            if near && open(x, y) {
                walled[y * w + x] = 0;
            }
        }
    }
    let mut labels = Vec::new();
    let found = pieces_walled(&walled, w, 1, &mut labels, &mut Queue::default());
    let sizes: Vec<usize> = found.iter().map(|(n, _)| *n as usize).collect();
    // Rooms of at least `min_room` tiles, numbered in reading order; with none, the largest.
    let largest = sizes.iter().enumerate().max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i))).map(|(i, _)| i);
    let any_large = sizes.iter().any(|&n| n >= p.min_room as usize);
    let mut number = vec![u32::MAX; sizes.len()];
    let mut rooms: Vec<Vec<Pos>> = Vec::new();
    for (i, &n) in sizes.iter().enumerate() {
        if n >= p.min_room as usize || (!any_large && Some(i) == largest) {
            number[i] = rooms.len() as u32;
            rooms.push(Vec::with_capacity(n));
        }
    }
    let mut ids = vec![0u32; w * h];
    for (k, &l) in labels.iter().enumerate() {
        if let Some(&room) = number.get(l as usize).filter(|r| **r != u32::MAX) {
            cells[k] = 2;
            ids[k] = room + 1;
            rooms[room as usize].push(Pos::new((k % w) as i32, (k / w) as i32));
        }
    }
    (rooms, ids)
}

/// The drunkard's walk's steps, one call each: walkers open the map until its floor share is
/// open, the wide open areas become rooms, passages join them. A replay stops after its last
/// step.
fn run(p: &DrunkardsWalk, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    let mut steps = Steps::new(rec, stop);
    let Walked { open: mut cells, reached, stopped } = walk(p, seed, &mut steps);
    if stopped {
        return Generated { map: tiles_of(p, &cells), report: Report::default() };
    }
    let (mut g, ids) = rooms_of(p, seed, &mut cells, reached);
    let passage = cells.iter().filter(|&&c| c == 1).count() as u64;
    let rooms = g.map.rooms.len() as u32;
    if steps.step(|| WalkStep::WalkRooms { rooms, passage }.into()).is_continue()
        && p.common.stages.runs(Stage::Passages)
    {
        super::passages::join(p.width, &mut g.map, &ids, &mut steps);
    }
    g
}

/// Stage 2 made a map: the rooms found in `cells` with their colours, the spawn at the middle
/// of the largest. Returns it with the room of each tile (+1; 0 for none).
fn rooms_of(p: &DrunkardsWalk, seed: u64, cells: &mut [u8], reached: bool) -> (Generated, Vec<u32>) {
    let (rooms, ids) = find_rooms(p, cells);
    let mut map = tiles_of(p, cells);
    let mut colours = stream(seed, Stream::Colours);
    let middles: Vec<Pos> = rooms.iter().map(|c| super::caves::middle(c)).collect();
    let largest = (0..rooms.len()).max_by_key(|&i| (rooms[i].len(), std::cmp::Reverse(i)));
    if let Some(s) = largest.and_then(|i| middles.get(i)) {
        map.spawn = *s;
    }
    let n = rooms.len();
    map.rooms = rooms
        .into_iter()
        .enumerate()
        .map(|(i, c)| Room::new(i as u32, Shape::Cells(c), PALETTE[colours.random_range(0..PALETTE.len())]))
        .collect();
    let mut report = Report::new(n, n, None);
    if !reached {
        report.notes.push(format!(
            "the walkers stopped before {:.0}% of the map was open (the bound on their steps)",
            100.0 * p.floor_share
        ));
    }
    (Generated { map, report }, ids)
}

impl super::family::Generate for DrunkardsWalk {
    const JOINS: Option<(Stage, &'static str)> =
        Some((Stage::Passages, "Passages is off: no corridor joins the rooms"));

    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
        (generate_with(self, seed, rec), None)
    }

    fn replay(&self, seed: u64, steps: &[Step]) -> Map {
        replay(self, seed, steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::Recording;

    #[test]
    fn the_walk_opens_its_share_in_one_piece_and_replays() {
        let p = DrunkardsWalk::default();
        for seed in 0..30 {
            let mut rec = Recording::default();
            let g = generate_with(&p, seed, &mut rec);
            let m = &g.map;
            assert!(m.validate().is_empty(), "seed {seed}: {:?}\n{}", m.validate(), m.to_ascii());
            let open = m.tiles().as_slice().iter().filter(|t| **t != Tile::Wall).count();
            assert!(open as f64 >= 0.45 * 78.0 * 48.0, "seed {seed}: {open}");
            assert!(!m.rooms.is_empty() && m.rooms.iter().all(|r| r.shape.area() >= 12 || m.rooms.len() == 1));
            assert_eq!(replay(&p, seed, rec.steps.len()), g.map);
            let walkers = rec.steps.iter().filter(|s| matches!(s, Step::Walk(WalkStep::Walked { .. }))).count();
            assert!(replay(&p, seed, walkers).rooms.is_empty());
        }
    }
}
