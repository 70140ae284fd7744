//! What a preset's reports say over many seeds: for each kind of note (the words before the
//! first colon or figure: `marker “loot”`, `tile kind “water”`, `keys`...), on how many seeds it
//! is said; and where loot (markers of a kind named `loot`) lands, by room role. A note a
//! preset says on most seeds is a promise it does not keep.
//!
//! `cargo run --release -p delve-core --example notes -- PRESET [SEEDS]` (1,000 by default)

use delve_core::generate::generate;
use delve_core::io::preset_from;
use std::collections::BTreeMap;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let preset = preset_from(&args.next().unwrap_or_else(|| "grown-quest".into()))?;
    let seeds: u64 = args.next().map_or(Ok(1000), |s| s.parse())?;
    let mut said: BTreeMap<String, u64> = BTreeMap::new();
    let mut example: BTreeMap<String, String> = BTreeMap::new();
    let mut loot: BTreeMap<String, u64> = BTreeMap::new();
    let mut side_loot_seeds = 0u64;
    for seed in 0..seeds {
        let g = generate(&preset.generator, seed)?;
        let mut kinds: Vec<String> = g
            .report
            .notes
            .iter()
            .map(|n| {
                n.split([':', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']).next().unwrap_or(n).trim().to_string()
            })
            .collect();
        for n in &g.report.notes {
            let k = n.split([':', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']).next().unwrap_or(n).trim();
            example.entry(k.to_string()).or_insert_with(|| format!("seed {seed}: {n}"));
        }
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            *said.entry(k).or_default() += 1;
        }
        let in_side =
            |m: &delve_core::map::Marker| g.map.room_at(m.at).and_then(|r| r.role) == Some(delve_core::map::Role::Side);
        side_loot_seeds += u64::from(g.map.markers.iter().any(|m| m.kind == "loot" && in_side(m)));
        for m in g.map.markers.iter().filter(|m| m.kind == "loot") {
            let role = g.map.room_at(m.at).and_then(|r| r.role).map_or("no role".to_string(), |r| r.to_string());
            *loot.entry(role).or_default() += 1;
        }
    }
    println!("{} over {seeds} seeds", preset.name.as_deref().unwrap_or("preset"));
    for (k, n) in &said {
        println!("  {:>5.1}% of seeds: {k} (as {})", 100.0 * *n as f64 / seeds as f64, example[k]);
    }
    println!("  seeds with loot in a side room: {:.1}%", 100.0 * side_loot_seeds as f64 / seeds as f64);
    for (role, n) in &loot {
        println!("  loot in {role} rooms: {n} ({:.2} a map)", *n as f64 / seeds as f64);
    }
    Ok(())
}
