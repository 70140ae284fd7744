//! Caves: the cellular-automata method (RogueBasin's "Cellular Automata Method for Generating
//! Random Cave-Like Levels"), with each cave a room so that everything Delve does with rooms —
//! colours, the room graph, roles, the timeline, exports — works on caves too.
//!
//! | Stage | File | Does | Stream |
//! |---|---|---|---|
//! | 1. Fill | `caves/rock.rs` | every inner tile rock with chance `fill` (the border is rock) | [`Stream::Rock`] |
//! | 2. Smooth | `caves/rock.rs` | `iterations` passes of the rule: an open tile turns to rock with at least `birth` rock neighbours (of 8), a rock tile stays rock with at least `survival` | — |
//! | 3. Regions | `caves/regions.rs` | each 4-connected open region of at least `min_region` tiles a cave (a room of its cells, with a colour), the others filled in; the spawn at the middle of the largest | [`Stream::Colours`] |
//! | 4. Join caves | `caves/join.rs` | each cave in turn joined to the nearest cave already joined by an L tunnel between their middles, carved and split into corridors with doors as rooms and tunnels' are | [`Stream::Tunnels`] |
//!
//! then the stages every generator ends with ([`super::stages`]): roles, colours apart. A cave's
//! middle is its cell nearest its mean, so tunnels start and end on its floor. Smooth and Join
//! caves may be turned off; Fill and Regions may not.

pub mod params;
pub mod stages;

pub use params::Caves;

use super::record::{Flow, Off, Recorder, Step, Steps};
use super::rooms_tunnels::carve::RoomLookup;
use super::rooms_tunnels::dig::{Dig, Tutorial};
use super::rooms_tunnels::tunnels::{PathGeometry, TunnelKind};
use super::{Generated, Report};
use crate::geom::{Grid, Pos};
use crate::map::palette::PALETTE;
use crate::map::{Map, Room, Shape, Tile};
use crate::params::stages::Stage;
#[cfg(doc)]
use crate::rng::Stream;
use crate::rng::{Stream as S, stream};
use rand::RngExt;

mod join;
mod regions;
mod rock;
mod steps;

pub use steps::CavesStep;

pub(in crate::generate) use regions::middle;
use rock::Rock;

/// The map, telling `rec` each step.
fn generate_with(p: &Caves, seed: u64, rec: &mut impl Recorder) -> Generated {
    run(p, seed, rec, usize::MAX)
}

/// The map after the first `steps` steps of a recording of [`generate_with`] for `p` and
/// `seed` (the same run, stopped there): after the rock's steps, its open tiles as floor; then
/// the caves; then the tunnels so far. After every step, exactly the generated map.
fn replay(p: &Caves, seed: u64, steps: usize) -> Map {
    run(p, seed, &mut Off, steps).map
}

/// The method's steps, one call each: fill the rock at random, smooth it, keep the open regions
/// as caves, join them. A replay stops after its last step (`Flow::Break` from any stage); until
/// the caves are found, the map is the rock alone.
fn run(p: &Caves, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    let mut steps = Steps::new(rec, stop);
    let mut rock = Rock::filled(p.width, p.height, p.fill, &mut stream(seed, S::Rock));
    if shape_rock(p, &mut rock, &mut steps).is_break() {
        return rock_only(p, &rock);
    }
    let (mut g, caves) = find_caves(p, seed, &mut rock);
    if steps.step(|| caves.step()).is_continue() && p.common.stages.runs(Stage::JoinCaves) {
        join_caves(p, seed, &mut g.map, caves, &mut steps);
    }
    g
}

/// Stages 1 and 2 told: the rock filled (already), then smoothed pass by pass.
fn shape_rock(p: &Caves, rock: &mut Rock, steps: &mut Steps<'_, impl Recorder>) -> Flow {
    let open = |r: &Rock| (r.width * r.height) as u64 - r.rock();
    steps.step(|| CavesStep::CaveFilled { rock: rock.rock(), open: open(rock) }.into())?;
    if p.common.stages.runs(Stage::Smooth) {
        let mut scratch = Vec::new();
        for pass in 1..=p.iterations {
            rock.smooth(p.birth, p.survival, &mut scratch);
            steps.step(|| CavesStep::CaveSmoothed { pass, rock: rock.rock(), open: open(rock) }.into())?;
        }
    }
    Flow::Continue(())
}

/// The caves found, for joining: each one's middle, the largest, and each tile's cave.
struct Found {
    middles: Vec<Pos>,
    largest: usize,
    ids: Vec<u32>,
    /// For the step that tells them.
    caves: u32,
    filled: u32,
    filled_tiles: u64,
}

impl Found {
    fn step(&self) -> Step {
        CavesStep::CavesFound { caves: self.caves, filled: self.filled, filled_tiles: self.filled_tiles }.into()
    }
}

/// Stage 3: each open region large enough a cave (a room of its cells, with a colour), the
/// others filled in; the spawn at the middle of the largest.
fn find_caves(p: &Caves, seed: u64, rock: &mut Rock) -> (Generated, Found) {
    let mut found = regions::find(rock, p.min_region);
    let mut map = rock_only(p, rock).map;
    let middles: Vec<Pos> = found.cells.iter().map(|c| regions::middle(c)).collect();
    let largest = (0..found.cells.len()).max_by_key(|&i| (found.cells[i].len(), std::cmp::Reverse(i))).unwrap_or(0);
    map.spawn = middles.get(largest).copied().unwrap_or(map.spawn);
    let caves = found.cells.len() as u32;
    let report = report(p, &found);
    let mut colours = stream(seed, S::Colours);
    map.rooms = std::mem::take(&mut found.cells)
        .into_iter()
        .enumerate()
        .map(|(i, cells)| {
            let colour = PALETTE[colours.random_range(0..PALETTE.len())];
            Room::new(i as u32, Shape::Cells(cells), colour)
        })
        .collect();
    let (filled, filled_tiles) = (found.filled, found.filled_tiles);
    (Generated { map, report }, Found { middles, largest, ids: found.ids, caves, filled, filled_tiles })
}

/// Stage 4: each cave in turn joined to the nearest cave already joined, by an L tunnel between
/// their middles, carved and split into corridors with doors as rooms and tunnels' are.
fn join_caves(p: &Caves, seed: u64, map: &mut Map, found: Found, steps: &mut Steps<'_, impl Recorder>) {
    let Found { middles, largest, ids, .. } = found;
    let joins = join::tree(&middles, largest);
    let lookup = RoomLookup::of_ids(ids);
    let mut dig = Dig::on(p.width, p.tunnel_width, &lookup, joins.len());
    let mut coin = stream(seed, S::Tunnels);
    let mut cells = Vec::new();
    let w = p.width as usize;
    let cave_at = |c: Pos| lookup.room_at(c.y as usize * w + c.x as usize);
    for (from, to) in joins {
        let kind = TunnelKind::L { horizontal_first: coin.random::<f64>() < 0.5 };
        let (start, end) = (middles[from], middles[to]);
        let (geometry, len) = PathGeometry::new(start, end, kind, &mut cells);
        // The L's tiles, with every detour back into a cave cut (caves are no rectangles).
        let mut line = Vec::with_capacity(len);
        geometry.extend(0..len, &cells, &mut line);
        join::trim(&mut line, cave_at);
        dig.tunnel(map, &PathGeometry::Cells, line.len(), &line, &Tutorial);
        let leg = kind.leg();
        if steps.tell(|| CavesStep::CavesJoined { from: from as u32, to: to as u32, start, end, leg }.into()) {
            break;
        }
    }
    dig.finish(map);
}

/// The map of `rock` alone: its open tiles as floor, no room yet.
fn rock_only(p: &Caves, rock: &Rock) -> Generated {
    let tiles = rock.cells.iter().map(|&c| if c == 1 { Tile::Wall } else { Tile::Floor }).collect();
    let map = Grid::from_vec(p.width, p.height, tiles).map_or_else(|| Map::new(p.width, p.height), Map::from_tiles);
    Generated { map, report: Report::default() }
}

/// What was made: every cave counts as asked for, since a cave is whatever the rock leaves
/// (the regions filled in are the rule working, told on the timeline, not a shortfall). A note
/// when no region was large enough.
fn report(p: &Caves, found: &regions::Caves) -> Report {
    let n = found.cells.len();
    let mut report = Report::new(n, n, None);
    if found.kept_small {
        report
            .notes
            .push(format!("no open region reached the smallest cave ({} tiles): the largest was kept", p.min_region));
    }
    report
}

impl super::family::Generate for Caves {
    const JOINS: Option<(Stage, &'static str)> =
        Some((Stage::JoinCaves, "Join caves is off: the caves are not joined"));

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

    #[test]
    fn caves_are_rooms_joined_into_one_valid_map() {
        for seed in 0..40 {
            let p = Caves::default();
            let g = generate_with(&p, seed, &mut Off);
            let problems = g.map.validate();
            assert!(problems.is_empty(), "seed {seed}: {problems:?}");
            assert!(!g.map.rooms.is_empty());
            assert!(g.map.rooms.iter().all(|r| r.shape.area() >= p.min_region as usize || g.map.rooms.len() == 1));
            assert_eq!(g.map.tile(g.map.spawn), Some(Tile::Floor));
            assert_eq!(generate_with(&p, seed, &mut Off).map, g.map, "the same seed, the same map");
        }
    }

    #[test]
    fn replay_stops_after_each_step_and_ends_at_the_map() {
        let p = Caves { width: 40, height: 30, ..Caves::default() };
        let mut rec = crate::generate::record::Recording::default();
        let full = generate_with(&p, 5, &mut rec);
        let n = rec.steps.len();
        assert!(matches!(rec.steps[0], Step::Caves(CavesStep::CaveFilled { .. })));
        assert_eq!(rec.steps.iter().filter(|s| matches!(s, Step::Caves(CavesStep::CaveSmoothed { .. }))).count(), 4);
        assert_eq!(replay(&p, 5, n), full.map);
        assert!(replay(&p, 5, 1).rooms.is_empty(), "only the rock after the fill");
        let found = 1 + 4 + 1;
        assert_eq!(replay(&p, 5, found).rooms.len(), full.map.rooms.len());
        assert!(replay(&p, 5, found).corridors.is_empty());
    }
}
