//! Dungeons of many floors: every shipped dungeon certified top to bottom by the test's own
//! player's walk (`certified::Walk`), its stairs one above the other, each floor made around its
//! stairs alone (changing a floor's parameters changes no other floor), files read back
//! exactly, and bad dungeons refused naming the branch, floor and key.

use crate::certified::{Walk, assert_certified};
use delve::dungeon::{BRANCH, Dungeon, DungeonPreset, LinkKind, STAIRS_DOWN, STAIRS_UP, generate_dungeon};
use delve::io::{SHIPPED_DUNGEONS, dungeon_from, dungeon_to_string, parse_dungeon};
use std::path::Path;

fn made(d: &DungeonPreset, seed: u64) -> Dungeon {
    generate_dungeon(d, Path::new("."), seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

#[test]
fn the_shipped_dungeons_are_certified_top_to_bottom() {
    assert!(SHIPPED_DUNGEONS.len() >= 2);
    for (name, _) in SHIPPED_DUNGEONS {
        let d = dungeon_from(name).unwrap();
        let floors: u32 = d.branch_floors().iter().map(|(_, n)| n).sum();
        for seed in 0..10 {
            let dungeon = made(&d, seed);
            assert_eq!(dungeon.floors.len() as u32, floors, "{name} {seed}");
            for f in &dungeon.floors {
                let what =
                    format!("{name} seed {seed}, branch {} floor {}", dungeon.branches[f.id.branch].0, f.id.depth);
                let m = &f.generated.map;
                assert_certified(m, &what);
                let (_, seen) = Walk::new(m).explore();
                let ups: Vec<_> = m.markers.iter().filter(|k| k.kind == STAIRS_UP).collect();
                let downs: Vec<_> = m.markers.iter().filter(|k| k.kind == STAIRS_DOWN || k.kind == BRANCH).collect();
                let first = f.id.branch == 0 && f.id.depth == 1;
                assert_eq!(ups.len(), usize::from(!first), "{what}: an up-stair on every floor but the first");
                if let Some(up) = ups.first() {
                    assert_eq!(m.spawn, up.at, "{what}: the player arrives on the up-stair");
                } else {
                    // The first floor is walked, not started on its way down: the spawn is
                    // outside every staircase's 3x3 room.
                    for s in &downs {
                        let (dx, dy) = ((m.spawn.x - s.at.x).abs(), (m.spawn.y - s.at.y).abs());
                        assert!(
                            dx > 1 || dy > 1,
                            "{what}: the spawn {} is in the room of the {} at {}",
                            m.spawn,
                            s.kind,
                            s.at
                        );
                    }
                }
                let last = f.id.depth == d.branch_floors()[f.id.branch].1;
                assert_eq!(
                    m.markers.iter().filter(|k| k.kind == STAIRS_DOWN).count(),
                    usize::from(!last),
                    "{what}: a down-stair on every floor but a branch's last"
                );
                for s in &downs {
                    assert!(seen.contains(&(s.at.x, s.at.y)), "{what}: the {} at {} is reached", s.kind, s.at);
                }
            }
            for l in &dungeon.links {
                let floor = |id| dungeon.floors.iter().find(|f| f.id == id).map(|f| &f.generated.map).unwrap();
                let below = if l.kind == LinkKind::Down { STAIRS_DOWN } else { BRANCH };
                assert!(floor(l.from).markers.iter().any(|k| k.kind == below && k.at == l.at), "{name} {seed}: {l:?}");
                assert!(
                    floor(l.to).markers.iter().any(|k| k.kind == STAIRS_UP && k.at == l.at),
                    "{name} {seed}: {l:?}"
                );
            }
            // Every branch hangs from a floor of its parent in its entry range.
            for (b, branch) in d.branches.iter().enumerate() {
                let at = dungeon.branches[b + 1].1.unwrap();
                assert!(
                    (branch.entry.0..=branch.entry.1).contains(&at),
                    "{name} {seed}: {} entered at {at}",
                    branch.name
                );
            }
        }
    }
}

#[test]
fn changing_one_floor_changes_no_other_floor() {
    let d = dungeon_from("brogue-length").unwrap();
    let mut changed = d.clone();
    // The caves of floors 11 to 16, filled differently.
    let caves = changed.floors.iter_mut().find(|f| f.depths == (11, 16)).unwrap();
    caves.set = vec![("fill".into(), delve::dungeon::Setting::To(0.41))];
    for seed in 0..16 {
        let (a, b) = (made(&d, seed), made(&changed, seed));
        let mut differ = 0;
        for (fa, fb) in a.floors.iter().zip(&b.floors) {
            if (11..=16).contains(&fa.id.depth) {
                differ += usize::from(fa.generated.map != fb.generated.map);
            } else {
                assert_eq!(fa.generated.map, fb.generated.map, "seed {seed}: floor {} changed", fa.id.depth);
            }
        }
        assert!(differ > 0, "seed {seed}: the changed floors changed");
    }
}

#[test]
fn a_dungeon_file_reads_back_exactly() {
    for (name, text) in SHIPPED_DUNGEONS {
        let d = parse_dungeon(text, Path::new(name)).unwrap();
        let written = dungeon_to_string(&d).unwrap();
        assert_eq!(parse_dungeon(&written, Path::new(name)).unwrap(), d, "{name}");
        assert_eq!(dungeon_to_string(&parse_dungeon(&written, Path::new(name)).unwrap()).unwrap(), written);
    }
}

#[test]
fn bad_dungeons_are_refused_naming_the_branch_floor_and_key() {
    let base = dungeon_from("dcss-shaped").unwrap();
    let refused =
        |d: &DungeonPreset| generate_dungeon(d, Path::new("."), 1).err().map(|e| e.to_string()).unwrap_or_default();

    let mut d = base.clone();
    d.branches[0].entry = (14, 20);
    let e = refused(&d);
    assert!(e.contains("branch Lair: entry: (14, 20)") && e.contains("1 to 15"), "{e}");

    let mut d = base.clone();
    d.branches[1].parent = "Nowhere".into();
    assert!(refused(&d).contains("branch Orc: parent: no branch Nowhere"), "{}", refused(&d));

    let mut d = base.clone();
    d.floors[0].set =
        vec![("max_rooms".into(), delve::dungeon::Setting::Ramp { from: 10.0, to: -5.0, ease: Default::default() })];
    let e = refused(&d);
    assert!(e.contains("branch D, floor") && e.contains("max_rooms") && e.contains("outside 1 to 100000"), "{e}");

    let mut d = base.clone();
    d.floors[0].set = vec![("no_such_thing".into(), delve::dungeon::Setting::To(1.0))];
    assert!(refused(&d).contains("branch D, floor 1: no_such_thing: the "), "{}", refused(&d));

    let mut d = base.clone();
    d.floors.pop();
    assert!(refused(&d).contains("branch Vaults, floor 1: no range of floors makes it"), "{}", refused(&d));

    // A floor whose preset cannot keep its stairs (a part beside keeps no locks yet).
    let mut d = base.clone();
    d.floors[0].preset = delve::dungeon::FloorPreset::Named("rooms-and-caves".into());
    let e = refused(&d);
    assert!(e.contains("branch D, floor 1") && e.contains("part beside"), "{e}");

    // Floors too large together: refused before any is made.
    let mut d = base.clone();
    d.floors[0].set = vec![
        ("width".into(), delve::dungeon::Setting::To(4096.0)),
        ("height".into(), delve::dungeon::Setting::To(4096.0)),
    ];
    let e = refused(&d);
    assert!(e.contains("floors: ") && e.contains("tiles in all; a dungeon holds at most"), "{e}");

    // A file of another kind, and a wrong version, named as such.
    let e = parse_dungeon(delve::io::SHIPPED_PRESETS[0].1, Path::new("p.ron")).unwrap_err().to_string();
    assert!(e.contains("this is a preset file, expected a dungeon file"), "{e}");
    let e = parse_dungeon(&SHIPPED_DUNGEONS[0].1.replace("version: 1", "version: 9"), Path::new("d.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("version 9 dungeon file"), "{e}");
}

/// `delve dungeon` writes the floors the library makes (each map file read back equal), the
/// dungeon file naming them, one JSON document, and Tiled maps with a world that Tiled itself
/// draws (`tmxrasterizer`, installed with Debian's `tiled`).
#[test]
fn the_command_line_writes_every_floor_the_dungeon_file_json_and_a_tiled_world() {
    let dir = tempfile::tempdir().unwrap();
    let d = dungeon_from("dcss-shaped").unwrap();
    let library = made(&d, 3);
    // `delve dungeon dcss-shaped --seed 3` into the folder `name`, in `format` (map files for none).
    let written = |name: &str, format: Option<&str>| {
        let out = dir.path().join(name);
        let mut args = vec!["dungeon", "dcss-shaped", "--seed", "3", "--out", out.to_str().unwrap()];
        args.extend(format.map(|f| ["--format", f]).into_iter().flatten());
        let o = crate::common::delve(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    };
    let out = written("maps", None);
    let record = std::fs::read_to_string(out.join("dungeon.ron")).unwrap();
    for f in &library.floors {
        let file = format!("{}-{:02}.ron", library.branches[f.id.branch].0, f.id.depth);
        assert!(record.contains(&format!("file: \"{file}\"")), "{file} in dungeon.ron");
        let read = delve::io::load_map(&out.join(&file)).unwrap();
        let mut expected = f.generated.map.clone();
        expected.provenance = read.provenance.clone();
        assert_eq!(read, expected, "{file}");
    }

    let json_dir = written("json", Some("json"));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json_dir.join("dungeon.json")).unwrap()).unwrap();
    assert_eq!(doc["floors"].as_array().unwrap().len(), library.floors.len());
    assert_eq!(doc["links"].as_array().unwrap().len(), library.links.len());
    let first_link = &doc["links"][0];
    assert_eq!(
        (first_link["x"].as_i64(), first_link["y"].as_i64()),
        (Some(library.links[0].at.x as i64), Some(library.links[0].at.y as i64))
    );

    let tiled_dir = written("tiled", Some("tmj"));
    let world: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tiled_dir.join("dungeon.world")).unwrap()).unwrap();
    let maps = world["maps"].as_array().unwrap();
    assert_eq!(maps.len(), library.floors.len());
    let extent =
        |k: &str, size: &str| maps.iter().map(|m| m[k].as_i64().unwrap() + m[size].as_i64().unwrap()).max().unwrap();
    let (w, h) = (extent("x", "width"), extent("y", "height"));
    // Tiled draws the whole world, every floor in its place, at a quarter of its size.
    let png = dir.path().join("world.png");
    let o = std::process::Command::new("tmxrasterizer")
        .env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .args(["--scale", "0.25"])
        .arg(tiled_dir.join("dungeon.world"))
        .arg(&png)
        .output()
        .expect("tmxrasterizer is installed (scripts/setup.sh test installs Debian's `tiled`)");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&png).unwrap();
    assert_eq!((i64::from(img.width()), i64::from(img.height())), (w / 4, h / 4));
    // And opens a floor, converting it.
    let first = tiled_dir.join(maps[0]["fileName"].as_str().unwrap());
    crate::export_tiled::tiled_convert(&first, "tmx", &dir.path().join("first.tmx"));
}

/// The shipped dungeons at seed 1, pinned: each floor's seed and the FNV-1a digest of its ASCII
/// form, and every staircase (`tests/golden/dungeons.txt`; `DELVE_BLESS=1` rewrites it, on
/// purpose only). Python and C are held to the CLI, which is this library.
#[test]
fn the_shipped_dungeons_are_pinned() {
    let fnv = |text: &str| {
        text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    };
    let mut text = String::new();
    for (name, _) in SHIPPED_DUNGEONS {
        let d = made(&dungeon_from(name).unwrap(), 1);
        for f in &d.floors {
            let m = &f.generated.map;
            text += &format!(
                "{name}\t{} {}\t{}\t{:016x}\n",
                d.branches[f.id.branch].0,
                f.id.depth,
                f.seed,
                fnv(&m.to_ascii())
            );
        }
        for l in &d.links {
            text += &format!(
                "{name}\t{:?} {} {} -> {} {} at {}\n",
                l.kind, d.branches[l.from.branch].0, l.from.depth, d.branches[l.to.branch].0, l.to.depth, l.at
            );
        }
    }
    let mut goldens = crate::common::Goldens::new();
    goldens.check(&crate::common::golden_dir().join("dungeons.txt"), &text);
}

/// Marker counts and difficulty levels ramp with depth like any parameter: `brogue-length`'s
/// grown floors (29 to 34) raise their monsters' levels and density floor by floor, and the
/// monsters on the maps stand at those levels.
#[test]
fn marker_settings_ramp_with_depth() {
    use delve::dungeon::{FloorId, floor_params, params_of};
    let d = dungeon_from("brogue-length").unwrap();
    let read = floor_params(&d, Path::new(".")).unwrap();
    let monster = |depth| {
        let p = params_of(&d, &read, FloorId { branch: 0, depth }).unwrap();
        let k = p.markers().kind("monster").unwrap().clone();
        (k.difficulty.map(|d| (d.from, d.to)), k.density)
    };
    assert_eq!(monster(29), (Some((4, 8)), 3.0));
    assert_eq!(monster(34), (Some((8, 14)), 4.5));
    assert!(monster(31).0.unwrap().0 > 4 && monster(31).0.unwrap().1 < 14);
    let made = made(&d, 2);
    for f in made.floors.iter().filter(|f| (29..=34).contains(&f.id.depth)) {
        let (from, to) = monster(f.id.depth).0.unwrap();
        let levels: Vec<u32> =
            f.generated.map.markers.iter().filter(|m| m.kind == "monster").map(|m| m.level).collect();
        assert!(!levels.is_empty(), "floor {}: monsters", f.id.depth);
        assert!(
            levels.iter().all(|l| (from..=to).contains(l)),
            "floor {}: levels {levels:?} in {from} to {to}",
            f.id.depth
        );
    }
    // A marker setting the preset does not have is refused, naming it.
    let mut bad = d.clone();
    bad.floors[0].set = vec![("markers.dragon.density".into(), delve::dungeon::Setting::To(1.0))];
    let e = generate_dungeon(&bad, Path::new("."), 1).unwrap_err().to_string();
    assert!(e.contains("branch Dungeon, floor 1: markers.dragon.density: not a marker setting"), "{e}");
}

#[test]
fn a_made_dungeon_reads_back_with_its_floors_stairs_and_preset() {
    let dir = tempfile::tempdir().unwrap();
    let d = dungeon_from("dcss-shaped").unwrap();
    let library = made(&d, 5);
    let out = dir.path().join("made");
    let o = crate::common::delve(&["dungeon", "dcss-shaped", "--seed", "5", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path = out.join("dungeon.ron");
    assert_eq!(delve::io::file_kind(&path).unwrap(), delve::io::FileKind::Made);
    let read = delve::io::made::load_made(&path).unwrap();
    assert_eq!(read.file.links, library.links);
    assert_eq!(read.file.branches, library.branches);
    assert_eq!(read.file.dungeon.as_ref(), Some(&d), "the preset it was made from, inside");
    assert_eq!(read.maps.len(), library.floors.len());
    for (i, (map, f)) in read.maps.iter().zip(&library.floors).enumerate() {
        assert_eq!(read.file.floor_id(i), Some(f.id));
        assert_eq!(map.to_ascii(), f.generated.map.to_ascii(), "floor {i}");
        assert_eq!(map.markers, f.generated.map.markers, "floor {i}");
    }

    // Written again by the core's writer and read: the same dungeon, exactly.
    let again = dir.path().join("again/dungeon.ron");
    let maps: Vec<&delve::map::Map> = read.maps.iter().collect();
    std::fs::create_dir_all(again.parent().unwrap()).unwrap();
    delve::io::made::save_made(&again, &read.file, &maps).unwrap();
    let back = delve::io::made::load_made(&again).unwrap();
    assert_eq!(back.file, read.file);
    assert_eq!(back.maps, read.maps);
}

#[test]
fn a_bad_made_dungeon_is_refused_saying_which_floor_or_stairs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let o = crate::common::delve(&["dungeon", "dcss-shaped", "--seed", "5", "--out", out.to_str().unwrap()]);
    assert!(o.status.success());
    let path = out.join("dungeon.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let refused = |changed: &str, expect: &str| {
        let bad = out.join("bad.ron");
        std::fs::write(&bad, changed).unwrap();
        let e = delve::io::made::load_made(&bad).expect_err(expect).to_string();
        assert!(e.contains(expect), "{e:?} should say {expect:?}");
    };
    // A floor file outside the dungeon's folder, or missing.
    refused(&text.replacen("file: \"D-01.ron\"", "file: \"../D-01.ron\"", 1), "floors[0]: file");
    refused(&text.replacen("file: \"D-01.ron\"", "file: \"/etc/passwd\"", 1), "floors[0]: file");
    refused(&text.replacen("file: \"D-01.ron\"", "file: \"gone.ron\"", 1), "gone.ron");
    // A floor of a branch the dungeon does not have.
    refused(
        &text.replacen("branch: \"Lair\"", "branch: \"Nowhere\"", 1),
        "Nowhere is not one of the dungeon's branches",
    );
    // A staircase off the map.
    let at = text.find("links").and_then(|l| text[l..].find("at: (").map(|a| l + a + 5)).unwrap();
    refused(&format!("{}5000{}", &text[..at], &text[at + text[at..].find(',').unwrap()..]), "links[0]");
    // Another version.
    refused(&text.replacen("version: 1", "version: 9", 1), "version 9");
}

#[test]
fn check_reads_a_made_dungeon_and_names_the_floor_a_hand_edit_broke() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let o = crate::common::delve(&["dungeon", "dcss-shaped", "--seed", "2", "--out", out.to_str().unwrap()]);
    assert!(o.status.success());
    let path = out.join("dungeon.ron");
    let o = crate::common::delve(&["check", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    // D:2's up-stair walled over by hand: the check names the floor, the stairs and the tile.
    let floor = out.join("D-02.ron");
    let mut map = delve::io::load_map(&floor).unwrap();
    let up = map.markers.iter().find(|m| m.kind == STAIRS_UP).unwrap().at;
    map.markers.retain(|m| m.kind != STAIRS_UP);
    delve::io::save_map(&floor, &map).unwrap();
    let o = crate::common::delve(&["check", path.to_str().unwrap()]);
    assert!(!o.status.success());
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(said.contains(&format!("floor D:2 (D-02.ron): the stairs_up at ({}, {}) is gone", up.x, up.y)), "{said}");
}
