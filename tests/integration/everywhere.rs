//! One map everywhere: the golden table `tests/golden/everywhere.tsv` pins, for every shipped
//! preset and several seeds (numbers and text, with and without locks), the SHA-256 of the map's
//! ASCII (`delve generate --ascii`) and of its JSON export. The Rust tests check it here; the
//! Python package's tests (pytest) and the C library's test check the same table, so a preset
//! and a seed make one map in every language.

use delve::edit::{Op, perform};
use delve::generate::Request;
use delve::io::{SHIPPED_PRESETS, preset_from, save_map};
use delve::map::locks::Kept;
use delve::rng::seed_from_text;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::Arc;

/// Seeds as typed: numbers (the largest too) and text (hashed, as `--seed` does).
const SEEDS: [&str; 7] = ["0", "1", "7", "42", "123456789", "18446744073709551615", "dragon"];
/// Seeds generated around each locks file.
const KEEP_SEEDS: [&str; 3] = ["0", "1", "dragon"];
/// Maps with locked rooms, each for its preset: the preset, the seed its map is made from, the
/// rooms locked in it.
const LOCKS: [(&str, u64, &[u32]); 2] = [("godot-part3", 5, &[1, 3]), ("grown-shapes", 5, &[2])];

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The locks file of `preset` in the repository (relative path).
fn locks_file(preset: &str) -> String {
    format!("tests/golden/locks-{preset}.ron")
}

/// One row of the table: the map of `preset` and `seed`, around the locks of map file `keep`.
fn row(preset: &str, seed: &str, keep: Option<&str>) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let params = preset_from(preset).unwrap().generator;
    let kept = keep.map(|k| Arc::new(Kept::of(&delve::io::load_map(&root.join(k)).unwrap()).unwrap()));
    let made = Request::new(&params, seed_from_text(seed)).keeping(kept).run().unwrap();
    let map = made.generated.map;
    assert!(map.validate().is_empty(), "{preset} {seed}: {:?}", map.validate());
    let json = delve::export::json::to_json(&map).unwrap();
    format!("{preset}\t{seed}\t{}\t{}\t{}\n", keep.unwrap_or(""), sha256(&map.to_ascii()), sha256(&json))
}

#[test]
fn every_preset_and_seed_makes_the_map_of_the_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut goldens = crate::common::Goldens::new();
    // The locks files: generated maps with some rooms locked (themselves pinned).
    for (preset, seed, rooms) in LOCKS {
        let mut map = delve::generate::generate(&preset_from(preset).unwrap().generator, seed).unwrap().map;
        for &id in rooms {
            perform(&mut map, Op::LockRoom { id, locked: true }).unwrap();
        }
        let dir = tempfile::tempdir().unwrap();
        save_map(&dir.path().join("m.ron"), &map).unwrap();
        let text = std::fs::read_to_string(dir.path().join("m.ron")).unwrap();
        goldens.check(&root.join(locks_file(preset)), &text);
    }
    let mut table = String::from("preset\tseed\tkeep\tascii_sha256\tjson_sha256\n");
    for (preset, _) in SHIPPED_PRESETS {
        for seed in SEEDS {
            table += &row(preset, seed, None);
        }
    }
    for (preset, _, _) in LOCKS {
        for seed in KEEP_SEEDS {
            table += &row(preset, seed, Some(&locks_file(preset)));
        }
    }
    goldens.check(&root.join("tests/golden/everywhere.tsv"), &table);
}

/// The table's ASCII hashes are those of what the command line prints.
#[test]
fn the_table_is_what_the_command_line_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = std::fs::read_to_string(root.join("tests/golden/everywhere.tsv")).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().skip(1).map(|l| l.split('\t').collect()).collect();
    assert!(rows.len() >= SHIPPED_PRESETS.len() * SEEDS.len());
    // A sample: the first seed of each preset, a text seed, and a row with locks.
    for r in rows.iter().filter(|r| r[1] == "0" || r[1] == "dragon") {
        let mut args = vec!["generate", r[0], "--seed", r[1], "--ascii"];
        if !r[2].is_empty() {
            args.extend(["--keep", r[2]]);
        }
        let out = crate::common::delve_in(root, &args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(sha256(&String::from_utf8(out.stdout).unwrap()), r[3], "{args:?}");
    }
}
