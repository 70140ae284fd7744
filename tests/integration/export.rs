//! Exports for engines: the JSON validates against the checked-in schema and reads back into
//! the same map; the CSV, read by a plain reader, has every tile's id; `delve export` writes the
//! files it says, in batches, and fails cleanly.

use crate::common::{delve_in, shipped};
use delve::export::{csv, json};
use delve::generate::generate;
use delve::geom::{Dir, Pos};
use delve::map::{Corridor, Door, Map, Rgb, Role, Room, Shape, Tile};
use delve::params::RoleRules;
use std::path::{Path, PathBuf};

/// A map with every room shape, a door, a corridor, a label and an edited provenance.
pub(crate) fn all_shapes() -> Map {
    let mut m =
        Map::from_ascii("##############\n#....#...,,..#\n#.@..#...,,..#\n#....+,,,,,..#\n##############\n").unwrap();
    m.rooms.push(Room {
        id: 7,
        shape: Shape::Circle { centre: Pos::new(10, 2), radius: 1 },
        colour: Rgb(1, 2, 3),
        label: Some("well".into()),
        locked: false,
        role: Some(Role::Treasure),
        vault: false,
    });
    m.rooms.push(Room {
        id: 8,
        shape: Shape::cells_from(vec![Pos::new(7, 1), Pos::new(7, 2), Pos::new(8, 2)]),
        colour: Rgb(250, 0, 9),
        label: None,
        locked: false,
        role: None,
        vault: false,
    });
    m.doors.push(Door { kind: 2, ..Door::new(5, 8, Pos::new(7, 2), Dir::South) });
    m.corridors.push(Corridor {
        id: 3,
        path: vec![Pos::new(5, 3), Pos::new(6, 3), Pos::new(7, 3)].into(),
        doors: [0, 5],
        width: 1,
    });
    m.provenance.edited = true;
    m
}

pub(crate) fn maps() -> Vec<Map> {
    let mut v = vec![all_shapes()];
    for preset in ["godot-part3", "mcrogueface-part3", "tiendil-step6", "grown-shapes"] {
        for seed in 0..3 {
            v.push(generate(&shipped(preset), seed).unwrap().map);
        }
        // With every role rule on, so that the exports carry roles.
        let mut params = shipped(preset);
        *params.roles_mut() = RoleRules::all(3, 2);
        let map = generate(&params, 1).unwrap().map;
        assert!(map.rooms.iter().any(|r| r.role.is_some()), "{preset}: roles to export");
        v.push(map);
    }
    // With markers, keys and locked doors.
    let quest = generate(&shipped("grown-quest"), 7).unwrap().map;
    assert!(!quest.markers.is_empty());
    v.push(quest);
    v
}

fn schema_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/delve-map.schema.json")
}

/// The published schema is the one the types make. Changing it is a change to a published
/// format, so it has its own step, apart from the golden maps (`DELVE_BLESS=1` leaves it alone):
/// `DELVE_BLESS_SCHEMA=1 cargo test --test integration the_checked_in_schema` rewrites
/// `docs/delve-map.schema.json` from the types and then fails, naming the file, until it is run
/// again without the variable (after reviewing the diff).
#[test]
fn the_checked_in_schema_matches_the_types() {
    crate::common::Goldens::blessed_by("DELVE_BLESS_SCHEMA").check(&schema_path(), &json::schema().unwrap());
}

#[test]
fn json_exports_validate_against_the_schema_and_read_back_the_same_map() {
    let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(schema_path()).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    for map in maps() {
        let text = json::to_json(&map).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(json::from_json(&text).unwrap(), map);
        // Independent reads of the plain data.
        assert_eq!(value["rows"].as_array().unwrap().len(), map.height() as usize);
        assert_eq!(value["graph"].as_array().unwrap().len(), map.corridors.len());
        for (room, read) in map.rooms.iter().zip(value["rooms"].as_array().unwrap()) {
            let role = room.role.map_or(serde_json::Value::Null, |r| r.name().into());
            assert_eq!(read["role"], role, "room {}", room.id);
        }
        let markers = value["markers"].as_array().map_or(&[][..], |m| m.as_slice());
        assert_eq!(markers.len(), map.markers.len());
        for (m, read) in map.markers.iter().zip(markers) {
            assert_eq!(
                (read["kind"].as_str(), read["at"][0].as_i64(), read["at"][1].as_i64()),
                (Some(m.kind.as_str()), Some(m.at.x.into()), Some(m.at.y.into()))
            );
            assert_eq!(read["room"].as_u64(), map.room_at(m.at).map(|r| r.id.into()));
        }
        for (d, read) in map.doors.iter().zip(value["doors"].as_array().unwrap()) {
            match d.opening {
                delve::map::Opening::Locked(k) => {
                    assert_eq!((read["opening"].as_str(), read["key"].as_u64()), (Some("locked"), Some(k.into())));
                }
                delve::map::Opening::Door => {
                    assert!(read.get("opening").is_none() && read.get("key").is_none(), "a plain door as before");
                }
                other => assert_eq!((read["opening"].as_str(), read.get("key")), (Some(other.name()), None)),
            }
        }
    }
    // A file that breaks the schema is caught by it.
    let mut bad: serde_json::Value = serde_json::from_str(&json::to_json(&all_shapes()).unwrap()).unwrap();
    bad["doors"][0]["side"] = "up".into();
    assert!(!validator.is_valid(&bad));
    assert!(json::from_json(&bad.to_string()).is_err());
}

#[test]
fn csv_has_every_tiles_id() {
    for map in maps() {
        let text = csv::to_csv(&map);
        let rows: Vec<Vec<u8>> = text.lines().map(|l| l.split(',').map(|c| c.parse().unwrap()).collect()).collect();
        assert_eq!(rows.len(), map.height() as usize);
        let doors: Vec<Pos> = map.doors.iter().map(|d| d.outside()).collect();
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), map.width() as usize);
            for (x, id) in row.iter().enumerate() {
                let p = Pos::new(x as i32, y as i32);
                // A tile of a kind is 4 + the kind's place in the palette (doors stay doors).
                let want = if doors.contains(&p) {
                    3
                } else if let Some(k) = map.tile_kind(p) {
                    4 + map.terrain().kinds().iter().position(|o| o == k).unwrap() as u8
                } else {
                    match map.tile(p).unwrap() {
                        Tile::Wall => 0,
                        Tile::Floor => 1,
                        Tile::Corridor => 2,
                    }
                };
                assert_eq!(*id, want, "({x}, {y})");
            }
        }
    }
}

#[test]
fn delve_export_writes_files_and_batches_and_fails_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A preset, batch: one file per seed, named after the preset and the seed.
    let o = delve_in(d, &["export", "godot-part3", "--format", "json", "--seeds", "3..6"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for seed in 3..6 {
        let text = std::fs::read_to_string(d.join(format!("godot-part3-{seed}.json"))).unwrap();
        assert_eq!(json::from_json(&text).unwrap(), generate(&shipped("godot-part3"), seed).unwrap().map);
    }
    // A template name, CSV.
    let o =
        delve_in(d, &["export", "mcrogueface-part3", "--format", "csv", "--seeds", "0..=1", "--out", "m{seed}x.csv"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(d.join("m0x.csv").exists() && d.join("m1x.csv").exists());
    // A map file, as it is.
    let map = all_shapes();
    delve::io::save_map(&d.join("cave.ron"), &map).unwrap();
    let o = delve_in(d, &["export", "cave.ron", "--format", "png", "--scale", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(d.join("cave.png")).unwrap();
    assert_eq!((img.width(), img.height()), (map.width() * 4, map.height() * 4));
    // Bad requests: a clear message, a non-zero exit, nothing written.
    for (args, says) in [
        (vec!["export", "cave.ron", "--format", "tiff"], "tiff"),
        (vec!["export", "cave.ron", "--format", "json", "--seed", "4"], "is a map file"),
        (vec!["export", "cave.ron", "--format", "json", "--out", "no/such/dir/x.json"], "x.json"),
        (vec!["export", "no-such-preset", "--format", "json"], "no-such-preset"),
    ] {
        let o = delve_in(d, &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!d.join("cave.json").exists());
}
