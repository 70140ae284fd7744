//! Vaults: hand-made rooms from a library map placed by every generator in free rock, turned
//! and mirrored as allowed, joined like any room, reported when they find no place; libraries
//! read relative to the preset, marked rooms only when a library marks any; the maps pinned.

use crate::common::{delve, delve_in, generate_valid, pin_preset_maps, shipped, with_stage_off};
use delve::generate::record::{SharedStep, Step};
use delve::generate::{Request, generate};
use delve::geom::Pos;
use delve::io;
use delve::io::SHIPPED_PRESETS;
use delve::io::vaults::{Base, read_libraries};
use delve::map::{Map, Room, Tile};
use delve::params::stages::Stage;
use delve::params::vaults::{Orientation, Vault, Vaults};
use delve::params::{GeneratorParams, RoomsAndTunnels};
use std::collections::BTreeSet;

/// `params` with the shipped vault library, each vault placed `count` times.
fn with_library(mut params: GeneratorParams, count: u32, turn: bool) -> GeneratorParams {
    *params.vaults_mut() =
        Vaults { libraries: vec!["vaults/library.ron".into()], count, rotate: turn, mirror: turn, ..Vaults::default() };
    read_libraries(&mut params, &Base::Shipped);
    params
}

/// The cells of `room`, moved so that their box's corner is (0, 0), in row order.
fn normalised(room: &Room) -> Vec<Pos> {
    let mut cells = Vec::new();
    room.shape.for_each_cell(|c| cells.push(c));
    let (x0, y0) = (cells.iter().map(|c| c.x).min().unwrap(), cells.iter().map(|c| c.y).min().unwrap());
    let mut out: Vec<Pos> = cells.into_iter().map(|c| Pos::new(c.x - x0, c.y - y0)).collect();
    out.sort_by_key(|p| (p.y, p.x));
    out
}

/// Whether `room` is `vault` in one of the orientations `allowed`.
fn is_placed_vault(room: &Room, vault: &Vault, allowed: &[Orientation]) -> bool {
    let cells = normalised(room);
    allowed.iter().any(|o| vault.oriented(*o).cells == cells)
}

/// Checks every vault room of `m` (a map of `params`): the library's shape turned as allowed,
/// its name as label, joined by a corridor through a door of its own; every vault accounted
/// for, placed or named in the report. Returns how many were placed.
fn check_vaults(params: &GeneratorParams, m: &Map, notes: &[String], what: &str) -> usize {
    let v = params.vaults();
    let allowed = Orientation::allowed(v.rotate, v.mirror);
    let mut placed = 0;
    for vault in v.loaded.vaults.iter() {
        let rooms: Vec<&Room> = m.rooms.iter().filter(|r| r.label.as_deref() == Some(vault.name.as_str())).collect();
        for room in &rooms {
            assert!(room.vault, "{what}: a placed vault is marked as one");
            assert!(is_placed_vault(room, vault, &allowed), "{what}: {} keeps its shape", vault.name);
            let doors: BTreeSet<u32> = m.doors.iter().filter(|d| d.room == room.id).map(|d| d.id).collect();
            assert!(
                m.corridors.iter().any(|c| c.doors.iter().any(|d| doors.contains(d))),
                "{what}: {} is joined by a corridor",
                vault.name
            );
        }
        let missed = notes.iter().any(|n| n.contains("vault not placed") && n.contains(&vault.name));
        assert!(
            rooms.len() == v.count as usize || missed,
            "{what}: {} placed {} of {} times and the report does not say why: {notes:?}",
            vault.name,
            rooms.len(),
            v.count
        );
        placed += rooms.len();
    }
    placed
}

#[test]
fn every_generator_places_vaults_in_free_rock_or_carved_in_joined_and_valid_or_says_why() {
    for (name, _) in SHIPPED_PRESETS.iter().filter(|(n, _)| *n != "vaults") {
        let params = with_library(shipped(name), 1, true);
        let (mut placed, mut carved) = (0, 0);
        for seed in 0..40 {
            let g = generate_valid(&params, seed);
            let plain = generate(&shipped(name), seed).expect("generates").map;
            // A vault laid in free rock (itself and the ring round it rock on the map without
            // vaults) leaves the generator's own rooms untouched; one carved in cuts them.
            let in_rock = g.map.rooms.iter().filter(|r| r.vault).all(|r| {
                let mut rock = true;
                r.shape.for_each_cell(|c| {
                    for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                        rock &= plain.tile(c.offset(dx, dy)) == Some(Tile::Wall);
                    }
                });
                rock
            });
            let own = plain.rooms.len();
            let shapes = |m: &Map| m.rooms.iter().take(own).map(|r| r.shape.clone()).collect::<Vec<_>>();
            if in_rock {
                assert_eq!(shapes(&g.map), shapes(&plain), "{name} seed {seed}");
            } else {
                carved += 1;
            }
            let here = check_vaults(&params, &g.map, &g.report.notes, &format!("{name} seed {seed}"));
            assert_eq!(g.report.vaults_placed, here, "{name} seed {seed}: the report counts them");
            placed += here;
        }
        // Every generator places them, those that fill their map by carving them in.
        assert!(placed >= 4 * 40 * 9 / 10, "{name}: {placed} of 160 vaults placed over 40 maps");
        if ["rooms-and-mazes", "bsp-rooms"].contains(name) {
            assert!(carved > 20, "{name}: vaults carved into {carved} of 40 maps");
        }
    }
}

/// A vault carved into a map that has no free rock keeps its shape, is reached only at its
/// entrances, and the map stays one connected whole; the timeline says it was carved.
#[test]
fn a_vault_carved_into_a_full_map_is_entered_only_by_its_doors() {
    let params = with_library(shipped("rooms-and-mazes"), 1, true);
    let library = params.vaults().loaded.vaults.clone();
    let allowed = Orientation::allowed(true, true);
    for seed in 0..30 {
        let g = generate_valid(&params, seed);
        for room in g.map.rooms.iter().filter(|r| r.vault) {
            let vault = library.iter().find(|v| Some(v.name.as_str()) == room.label.as_deref()).unwrap();
            assert!(!room.locked, "seed {seed}: a carved vault is not a lock");
            let (mut x0, mut y0) = (i32::MAX, i32::MAX);
            room.shape.for_each_cell(|c| (x0, y0) = (x0.min(c.x), y0.min(c.y)));
            // Its doors are among the library's entrances, turned as the vault is (in any of the
            // orientations that give its shape: a symmetric vault has several).
            let entrances: Vec<(Pos, _)> = allowed
                .iter()
                .map(|o| vault.oriented(*o))
                .filter(|v| v.cells == normalised(room))
                .flat_map(|v| v.entrances.into_iter().map(|(c, d)| (c.offset(x0, y0), d)))
                .collect();
            for d in g.map.doors.iter().filter(|d| d.room == room.id) {
                assert!(
                    entrances.contains(&(d.cell, d.side)),
                    "seed {seed}: {} door at {} {:?}",
                    vault.name,
                    d.cell,
                    d.side
                );
            }
        }
    }
    let steps = Request::new(&params, 4).recorded(true).run().expect("generates").recording.expect("recorded").steps;
    let carved = steps.iter().find(|s| matches!(s, Step::Shared(SharedStep::VaultPlaced { carved: true, .. })));
    let sentence = carved.expect("the timeline tells a carved vault").sentence();
    assert!(sentence.contains("carved into the map"), "{sentence}");
}

#[test]
fn the_vaults_preset_places_every_vault_on_most_seeds_in_every_orientation() {
    let params = shipped("vaults");
    let library = params.vaults().loaded.vaults.clone();
    assert_eq!(library.len(), 4, "the shipped library's four vaults");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/vaults/library.ron");
    assert_eq!(io::load_map(&file).unwrap().validate(), [], "the library is a map without problems");
    let (mut placed, mut seen) = (0, BTreeSet::new());
    for seed in 0..200 {
        let g = generate_valid(&params, seed);
        placed += check_vaults(&params, &g.map, &g.report.notes, &format!("vaults seed {seed}"));
        for room in g.map.rooms.iter().filter(|r| r.vault) {
            let vault = library.iter().find(|v| Some(v.name.as_str()) == room.label.as_deref()).unwrap();
            for o in Orientation::allowed(true, true) {
                if vault.oriented(o).cells == normalised(room) {
                    seen.insert((vault.name.clone(), o.mirrored, o.turns));
                }
            }
        }
    }
    assert!(placed >= 4 * 200 * 95 / 100, "{placed} of 800 vaults placed");
    // The Hoard has no symmetry: all eight orientations come up.
    assert_eq!(seen.iter().filter(|(n, ..)| n == "Hoard").count(), 8, "{seen:?}");
}

#[test]
fn without_turns_a_vault_is_placed_as_drawn_and_a_vault_with_no_room_is_reported() {
    let params = with_library(GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::godot()), 1, false);
    for seed in 0..30 {
        let g = generate_valid(&params, seed);
        for room in g.map.rooms.iter().filter(|r| r.vault) {
            let vault = params.vaults().loaded.vaults.iter().find(|v| Some(v.name.as_str()) == room.label.as_deref());
            assert_eq!(Some(normalised(room)), vault.map(|v| v.cells.clone()), "seed {seed}: as drawn");
        }
    }
    // A map too small for any vault: each is named in the report, none placed, the map valid.
    let tiny = RoomsAndTunnels {
        width: 14,
        height: 10,
        max_rooms: 3,
        room_size: delve::params::SizeRange::new(4, 6),
        ..RoomsAndTunnels::godot()
    };
    let params = with_library(GeneratorParams::RoomsAndTunnels(tiny), 2, true);
    let g = generate_valid(&params, 3);
    assert!(!g.map.rooms.iter().any(|r| r.vault));
    for name in ["Shrine", "Crossroads", "Arena", "Hoard"] {
        assert!(
            g.report
                .notes
                .iter()
                .any(|n| n.starts_with("vault not placed: “") && n.contains(name) && n.contains("2 of 2")),
            "{name}: {:?}",
            g.report.notes
        );
    }
    assert!(g.report.to_string().contains("vault not placed"), "{}", g.report);
}

#[test]
fn count_chance_and_rules_per_vault_decide_how_many_and_the_stage_may_be_turned_off() {
    let mut params = with_library(shipped("vaults"), 1, true);
    params.vaults_mut().each = vec![delve::params::vaults::VaultRule { name: "Shrine".into(), count: 0, chance: 1.0 }];
    let g = generate_valid(&params, 4);
    assert!(!g.map.rooms.iter().any(|r| r.label.as_deref() == Some("Shrine")), "its own count, 0");
    params.vaults_mut().each.clear();
    params.vaults_mut().chance = 0.0;
    assert!(!generate_valid(&params, 4).map.rooms.iter().any(|r| r.vault), "chance 0");
    // The stage off: the generator's map as it was.
    let off = with_stage_off(shipped("vaults"), Stage::Vaults);
    let plain = generate(&off, 4).expect("generates").map;
    assert!(!plain.rooms.iter().any(|r| r.vault));
    assert!(generate_valid(&shipped("vaults"), 4).map.rooms.iter().any(|r| r.vault));
}

#[test]
fn libraries_are_read_from_the_presets_folder_marked_rooms_only_and_a_missing_one_is_said() {
    let dir = tempfile::tempdir().unwrap();
    // A library of two rooms, one marked as a vault: only that one is used.
    let mut lib = Map::from_ascii("##########\n#...#....#\n#...#....#\n##########\n").unwrap();
    let one = |id, x, w, vault| Room {
        id,
        shape: delve::map::Shape::Rect(delve::geom::Rect::new(x, 1, w, 2)),
        colour: delve::map::Rgb(200, 100, 100),
        label: Some(format!("r{id}")),
        locked: false,
        role: None,
        vault,
    };
    lib.rooms = vec![one(0, 1, 3, false), one(1, 5, 4, true)];
    std::fs::create_dir(dir.path().join("mine")).unwrap();
    io::save_map(&dir.path().join("mine/lib.ron"), &lib).unwrap();
    let mut p = RoomsAndTunnels::godot();
    p.common.vaults.libraries = vec!["mine/lib.ron".into()];
    let preset = io::Preset::new(GeneratorParams::RoomsAndTunnels(p));
    io::save_preset(&dir.path().join("p.ron"), &preset).unwrap();
    let read = io::load_preset(&dir.path().join("p.ron")).unwrap();
    let names: Vec<&str> = read.generator.vaults().loaded.vaults.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["r1"], "only the marked room");
    assert_eq!(read.generator.check(), []);
    // The command line reads the same preset file, from anywhere.
    let out =
        delve_in(std::path::Path::new("/"), &["generate", dir.path().join("p.ron").to_str().unwrap(), "--seed", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Saved into another folder, the library is named so that it is still found.
    let other = dir.path().join("elsewhere");
    std::fs::create_dir(&other).unwrap();
    let mut moved = read.clone();
    delve::io::vaults::rebase(&mut moved.generator, &Base::of_file(&dir.path().join("p.ron")), &other);
    io::save_preset(&other.join("q.ron"), &moved).unwrap();
    let again = io::load_preset(&other.join("q.ron")).unwrap();
    assert_eq!(again.generator.check(), [], "{:?}", again.generator.vaults().libraries);
    assert_eq!(again.generator.vaults().loaded, read.generator.vaults().loaded);
    // Inside the new folder, the name stays relative.
    let mut inside = read.clone();
    delve::io::vaults::rebase(&mut inside.generator, &Base::of_file(&dir.path().join("p.ron")), dir.path());
    assert_eq!(inside.generator.vaults().libraries, ["mine/lib.ron"]);
    // Gone: the preset still loads, and says what is wrong where generation would start.
    std::fs::remove_file(dir.path().join("mine/lib.ron")).unwrap();
    let read = io::load_preset(&dir.path().join("p.ron")).unwrap();
    let issues = read.generator.check();
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert!(issues[0].message.contains("mine/lib.ron") && issues[0].message.contains("cannot be read"), "{issues:?}");
    assert!(generate(&read.generator, 1).is_err());
    let out = delve(&["generate", dir.path().join("p.ron").to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("mine/lib.ron"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_timeline_shows_each_vault_and_replays_to_the_map_and_the_maps_are_pinned() {
    let params = shipped("vaults");
    let made = Request::new(&params, 6).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let vault_steps: Vec<&Step> = steps.iter().filter(|s| s.stage() == Stage::Vaults).collect();
    assert_eq!(vault_steps.len(), 4, "one step per placement tried");
    let first = steps.iter().position(|s| s.stage() == Stage::Vaults).unwrap();
    assert!(steps[first..].iter().all(|s| s.stage() == Stage::Vaults), "after every step of the generator");
    assert!(vault_steps[0].sentence().starts_with("Vault “Shrine” placed as room "), "{}", vault_steps[0].sentence());
    let m = &made.generated.map;
    let replayed = delve::generate::replay(&params, 6, &steps).expect("replays");
    assert_eq!((replayed.tiles(), &replayed.corridors, replayed.rooms.len()), (m.tiles(), &m.corridors, m.rooms.len()));
    let before = delve::generate::replay(&params, 6, &steps[..first]).expect("replays");
    assert!(!before.rooms.iter().any(|r| r.vault), "before the stage, no vault");
    pin_preset_maps("vaults", &[3, 8]);
}
