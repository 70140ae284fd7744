//! Digests of the maps every shipped preset makes over many seeds, plain and around the locks
//! the benches use (ten rooms spread over the order of rooms of an early map): run it before
//! and after a change that must not change any map, and compare the lines.
//!
//! `cargo run --release -p delve-core --example digests -- [SEEDS]` (10,000 by default)

use delve_core::generate::Request;
use delve_core::io::{SHIPPED_PRESETS, shipped_preset};
use delve_core::map::locks::Kept;
use std::fmt::Write as _;
use std::sync::Arc;

/// What the text leaves out, so that digests compare with those taken before each was added:
/// the standard stage list, the words before a report's role notes, and the settings, room mark
/// and count of vaults and parts beside at their defaults.
const LEFT_OUT: [&str; 6] = [
    ", stages: StageList(None)",
    "role rule not met: ",
    ", vaults: Vaults { libraries: [], count: 1, chance: 1.0, rotate: true, mirror: true, each: [], loaded: Loaded { vaults: [], error: None } }",
    ", beside: None",
    ", vault: false",
    ", vaults_placed: 0",
];

/// FNV-1a 64 over `text` less [`LEFT_OUT`], from `h`.
fn fnv(text: &str, mut h: u64) -> u64 {
    let text = LEFT_OUT.iter().fold(text.to_string(), |t, out| t.replace(out, ""));
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seeds: u64 = std::env::args().nth(1).map_or(Ok(10_000), |n| n.parse())?;
    for (name, _) in SHIPPED_PRESETS {
        let params = shipped_preset(name).ok_or("no such preset")??.generator;
        // The benches' locks: ten rooms of the first map with 14 rooms or more (every other room
        // of one with 6 or 3 when no early seed has 14: the McRogueFace tutorial's maps are
        // sparse).
        let early = |least: usize| {
            (0..1000)
                .map(|s| Request::new(&params, s).run())
                .find_map(|made| made.ok().map(|m| m.generated.map).filter(|m| m.rooms.len() >= least))
        };
        let mut old = early(14).or_else(|| early(6)).or_else(|| early(3)).ok_or("no early map with 3 rooms")?;
        let step = (old.rooms.len() / 10).max(2);
        for room in old.rooms.iter_mut().step_by(step).take(10) {
            room.locked = true;
        }
        let kept = Arc::new(Kept::of(&old)?);
        let (mut plain, mut locked, mut refused) = (0xcbf2_9ce4_8422_2325u64, 0xcbf2_9ce4_8422_2325u64, 0);
        let mut text = String::new();
        for seed in 0..seeds {
            let made = Request::new(&params, seed).run()?;
            text.clear();
            write!(text, "{:?}{}", made.generated.map, made.generated.report)?;
            plain = fnv(&text, plain);
            text.clear();
            match Request::new(&params, seed).keeping(Some(kept.clone())).run() {
                Ok(mut made) => {
                    made.generated.map.provenance.kept = None;
                    write!(text, "{:?}{}", made.generated.map, made.generated.report)?;
                }
                Err(e) => {
                    refused += 1;
                    write!(text, "{e}")?;
                }
            }
            locked = fnv(&text, locked);
        }
        println!("{name}: {seeds} seeds, plain {plain:016x}, around locks {locked:016x} ({refused} refused)");
    }
    Ok(())
}
