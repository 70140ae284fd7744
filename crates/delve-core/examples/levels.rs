//! A game's use of delve-core: one level per floor of a dungeon, each made from a shipped preset
//! (a preset file tuned in the Delve editor works the same: give its path), and a walk from the
//! spawn to the farthest tile the player can reach.
//!
//! `cargo run -p delve-core --example levels -- [PRESET] [FLOORS]`

use delve_core::generate::Request;
use delve_core::io::preset_from;
use delve_core::pathfind::{UNREACHED, distances};
use delve_core::rng::seed_from_text;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let preset = preset_from(&args.next().unwrap_or_else(|| "godot-part3".into()))?;
    let floors: u32 = args.next().map_or(Ok(3), |n| n.parse())?;
    for floor in 1..=floors {
        // One seed per floor: the same floor is the same level in every run of the game.
        let seed = seed_from_text(&format!("floor-{floor}"));
        let made = Request::new(&preset.generator, seed).run()?;
        let map = &made.generated.map;
        let steps = distances(map.width(), map.height(), map.spawn, |p| map.tile(p).is_some_and(|t| t.is_walkable()));
        let farthest = steps.as_slice().iter().filter(|&&d| d != UNREACHED).max().copied().unwrap_or(0);
        println!(
            "floor {floor}: {} rooms, {}×{} tiles, the farthest tile {farthest} steps from the spawn",
            map.rooms.len(),
            map.width(),
            map.height()
        );
        if floor == 1 {
            print!("{}", map.to_ascii());
        }
    }
    Ok(())
}
