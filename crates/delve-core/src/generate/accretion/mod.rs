//! Room accretion: Brogue's architect (`carveDungeon`, `attachRooms`, `addLoops` in Brogue CE's
//! `Architect.c`), the method RogueBasin's "Dungeon-Building Algorithm" describes: rooms grown
//! onto the dungeon one at a time, each through a door on its wall.
//!
//! | Stage | Does | Stream | File |
//! |---|---|---|---|
//! | 1. Accrete | the first room, of a shape drawn by the weights, in the middle of the map; then, try after try, a room designed "in hyperspace" (a rectangle, a cross, a small cellular blob or a circle, with a door site on each side and by chance a hallway bolted on), slid to the dungeon's door sites in their random order until its own door site on the opposite side meets one where all of it lies in rock with rock all round; there it is laid and the site becomes its door. A try that fits at none of the first `attach::SLIDE` sites it meets is refused (Brogue slides it across the whole dungeon). Tries stop when `attempts` are used or the floor covers `fill` of the map | [`Stream::Shapes`] (designs), [`Stream::Layout`] (the sites' order), [`Stream::Colours`] | `shapes.rs`, `attach.rs`, `dungeon.rs` |
//! | 2. Add loops | in a random order, wall tiles with floor on two opposite sides whose floors are more than `loop_min_distance` steps apart on foot opened as doors, up to `loops` | [`Stream::Loops`] | `loops.rs` |
//!
//! then the shared stages (part beside, vaults, roles, markers, colours apart). Each room
//! attached, try refused and loop opened is a step of the timeline (`steps.rs`).
//!
//! What every map holds, by construction:
//!
//! - **Connected.** The first room is the whole dungeon; every later room (and its hallway) is
//!   laid only where its door meets the floor so far, and loops only open walls between floor
//!   tiles. So every floor tile is reached from the spawn (in the first room).
//! - **Apart.** A room or hallway is laid only on tiles that are rock with rock all round
//!   (diagonals too) and inside the map's border: rooms never overlap or touch, not even at a
//!   corner, and keep at least one tile of wall between them and from the map's edge.
//! - **Joined by doors.** Where a room meets the dungeon, the one wall tile between them is a
//!   corridor tile with a door on the room on each side of it (or on the new room and along the
//!   hallway it meets); a hallway is a corridor from its room's door to that tile. Every corridor
//!   runs from one door to another (along the hallway it meets to the nearer of its doors), so
//!   the map validates.
//! - **Loops only where asked.** With `loops` at 0, or *Add loops* off, the rooms and corridors
//!   form a tree: each room after the first joined by exactly one corridor to those before it.

pub mod params;
pub mod stages;

pub use params::RoomAccretion;

mod attach;
mod dungeon;
mod loops;
mod shapes;
mod steps;

pub use steps::AccretionStep;

use super::record::{Off, Recorder, Step, Steps};
use super::{Generated, Report};
use crate::map::Map;
use crate::params::stages::Stage;
use crate::rng::{Stream, stream};
use attach::Draws;
use dungeon::Dungeon;
use shapes::Design;

/// The map, telling `rec` each step, stopping after `stop` steps (a replay).
fn run(p: &RoomAccretion, seed: u64, rec: &mut impl Recorder, stop: usize) -> Generated {
    if stop == 0 {
        // A replay of no step: the rock, before the first room.
        return Generated { map: Map::new(p.width, p.height), report: Report::default() };
    }
    let mut steps = Steps::new(rec, stop);
    let mut d = Dungeon::new(p.width, p.height);
    let mut draws = Draws {
        shapes: stream(seed, Stream::Shapes),
        layout: stream(seed, Stream::Layout),
        colours: stream(seed, Stream::Colours),
    };
    let mut design = Design::default();
    // 1. Accrete: the first room in the middle of the map…
    shapes::design(p, &mut draws.shapes, (d.w - 2, d.h - 2), false, &mut design);
    let middle = d.middle(&design);
    let (room, bounds) = d.lay(&design, middle, &mut draws.colours);
    d.add_sites(&design, middle, &mut draws.layout);
    let (form, cells) = (design.form, design.cells);
    let first = AccretionStep::RoomAttached { room, attempt: 0, form, cells, bounds, door: None, hallway: 0 };
    let mut stopped = steps.tell(|| Step::Accretion(first));
    // …then rooms attached one at a time, until the tries run out or the map is full.
    let mut attempt = 0;
    while !stopped && attempt < p.attempts && d.filled() < p.fill {
        attempt += 1;
        let step = attach::try_room(p, &mut d, &mut design, &mut draws, attempt);
        stopped = steps.tell(|| Step::Accretion(step));
    }
    // 2. Add loops.
    if !stopped && p.common.stages.runs(Stage::AddLoops) {
        loops::add(&mut d, p, &mut stream(seed, Stream::Loops), &mut steps);
    }
    let report = Report::new(d.rooms.len(), p.attempts as usize + 1, None);
    Generated { map: d.into_map(), report }
}

impl super::family::Generate for RoomAccretion {
    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>) {
        (run(self, seed, rec, usize::MAX), None)
    }

    fn replay(&self, seed: u64, steps: &[Step]) -> Map {
        run(self, seed, &mut Off, steps.len()).map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::record::Recording;

    #[test]
    fn every_map_is_one_valid_dungeon_and_replays() {
        let p = RoomAccretion::default();
        for seed in 0..30 {
            let mut rec = Recording::default();
            let g = run(&p, seed, &mut rec, usize::MAX);
            let m = &g.map;
            assert!(m.validate().is_empty(), "seed {seed}: {:?}\n{}", m.validate(), m.to_ascii());
            assert!(m.rooms.len() >= 10, "seed {seed}: {} rooms\n{}", m.rooms.len(), m.to_ascii());
            assert_eq!(run(&p, seed, &mut Off, rec.steps.len()).map, g.map);
            assert_eq!(run(&p, seed, &mut Off, 1).map.rooms.len(), 1);
        }
    }
}
