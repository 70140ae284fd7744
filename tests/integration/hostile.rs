//! Hostile inputs: the corpus in `tests/hostile` (the nastiest map files found: ten thousand
//! rooms on one spot, ids repeated thousands of times, paths that run back and forth up to the
//! budget, rooms as large as the map, numbers at their extremes, elements far off the map, and
//! presets with every parameter at an extreme) and structure-aware mutations of generated maps.
//! Each ends in a clean message naming the file (and the line, for an element refused) or in a
//! map that checks, measures, draws, exports, saves and reads back the same; a preset's check
//! agrees with what generation does. Debug assertions are on (the test profile), so an arithmetic
//! overflow is a failure here.

use crate::common::exercise;
use delve::generate::{GenError, generate};
use delve::io::{self, Loaded};
use std::path::{Path, PathBuf};

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 8, "the corpus is there");
    files
}

#[test]
fn the_hostile_corpus_ends_in_messages_or_maps() {
    let refused = ["far-door.ron", "extreme-room.ron", "giant-rooms-over-budget.ron"];
    let mut presets = 0;
    for path in corpus() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        match io::load_any(&path) {
            Err(e) => {
                let msg = e.to_string();
                assert!(refused.contains(&name.as_str()), "{name} was refused: {msg}");
                assert!(msg.contains(&name) && e.location().is_some(), "names the file and line: {msg}");
            }
            Ok(Loaded::Map(m)) => {
                assert!(!refused.contains(&name.as_str()), "{name} loaded");
                exercise(&m);
            }
            Ok(Loaded::Preset(p)) => {
                // What the check says is what generation says: it refuses with the same issues,
                // or (with none) makes a map that checks and round trips.
                presets += 1;
                let issues = p.generator.check();
                match generate(&p.generator, p.seed) {
                    Ok(g) => {
                        assert!(issues.is_empty(), "{name} generated despite {issues:?}");
                        assert!(g.map.validate().is_empty(), "{name}: {:?}", g.map.validate());
                        exercise(&g.map);
                    }
                    Err(GenError::InvalidParams(found)) => {
                        assert!(!found.is_empty(), "{name}: refused without an issue");
                        assert_eq!(found, issues, "{name}: generation refuses what the check finds");
                    }
                    Err(e) => panic!("{name}: {e}"),
                }
            }
        }
        let lines = delve::cli::check_file(&path);
        assert!(lines.iter().all(|l| l.contains(&name)), "{lines:?}");
    }
    assert!(presets >= 2, "the corpus holds presets too");
}

/// Structure-aware mutations of generated maps: an element line repeated hundreds of times
/// (overlapping rooms, duplicate ids), a room grown to the whole map, a path replaced by one
/// that runs back and forth, an element moved to extreme coordinates, the map's size at its
/// limits.
#[test]
fn structure_mutations_end_in_messages_or_maps() {
    use rand::{RngExt, SeedableRng};
    let generated: Vec<String> = ["godot-part3", "tiendil-step6", "mcrogueface-part3"]
        .iter()
        .map(|p| io::map_to_string(&delve::generate::generate(&crate::common::shipped(p), 1).unwrap().map).unwrap())
        .collect();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let (mut loaded, mut refused) = (0, 0);
    for case in 0..300 {
        let text = &generated[case % generated.len()];
        let lines: Vec<&str> = text.lines().collect();
        let elements: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim_start().starts_with("(id:")).collect();
        let k = elements[rng.random_range(0..elements.len())];
        let line = lines[k];
        let (w, h) = {
            let m = io::parse_map(text, Path::new("x.ron")).unwrap();
            (m.width() as i64, m.height() as i64)
        };
        let replaced = match rng.random_range(0..6) {
            0 => vec![line.to_string(); rng.random_range(2..600)],
            1 if line.contains("Rect((") => {
                let at = line.find("Rect((").unwrap();
                let end = at + line[at..].find("))").unwrap() + 2;
                vec![
                    format!("{}Rect((x: 0, y: 0, w: {w}, h: {h})){}", &line[..at], &line[end..]);
                    rng.random_range(1..12)
                ]
            }
            2 if line.contains("path: \"") => {
                let at = line.find("path: \"").unwrap() + 7;
                let end = at + line[at..].find('"').unwrap();
                let legs = format!("E{} W{}", w - 3, w - 3).repeat(rng.random_range(1..40));
                vec![format!(
                    "{}1,1 {}{}",
                    &line[..at],
                    legs.replace("W", " W").replace("E", " E").trim(),
                    &line[end..]
                )]
            }
            3 => {
                let extreme = ["2147483647", "-2147483648", "4294967295", "-1", "0"][rng.random_range(0..5)];
                let digits = line.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
                let mut l = line.to_string();
                let end = digits + l[digits..].find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len() - digits);
                l.replace_range(digits..end, extreme);
                vec![l]
            }
            // Every number of the element 0, a hundred times: duplicate ids, all at the origin.
            4 => vec![line.replace(|c: char| c.is_ascii_digit(), "0"); 100],
            _ => vec![line.to_string(); 2],
        };
        let mut out: Vec<String> = lines[..k].iter().map(|l| l.to_string()).collect();
        out.extend(replaced);
        out.extend(lines[k + 1..].iter().map(|l| l.to_string()));
        let mut mutated = out.join("\n");
        if case % 50 == 49 {
            // The map's size at the limits the reader checks.
            mutated = mutated.replacen(&format!("width: {w}"), "width: 8193", 1);
        }
        match io::parse_map(&mutated, Path::new("mutated.ron")) {
            Ok(m) => {
                loaded += 1;
                exercise(&m);
            }
            Err(e) => {
                refused += 1;
                assert!(e.to_string().starts_with("mutated.ron"), "{e}");
            }
        }
    }
    eprintln!("structure mutations: {loaded} loaded and passed every use, {refused} refused with a message");
    assert!(loaded > 50 && refused > 20, "both kinds of outcome: {loaded} loaded, {refused} refused");
}

/// Locks recorded in a map's provenance come from the file: regenerating from them refuses a
/// kept room far larger than the map and a kept map size past the limits, at once, without
/// allocating from those numbers.
#[test]
fn hostile_kept_locks_in_a_provenance_are_refused() {
    use delve::generate::generate_keeping;
    use delve::map::locks::Kept;
    use delve::map::{Rgb, Room, Shape};
    let params = crate::common::shipped("godot-part3");
    let grown = crate::common::shipped("tiendil-step6");
    let mut map = generate(&params, 1).unwrap().map;
    map.rooms[0].locked = true;
    let mut kept = Kept::of(&map).unwrap();
    kept.rooms[0] = Room {
        id: 0,
        shape: Shape::Circle { centre: delve::geom::Pos::new(5, 5), radius: 1_000_000_000 },
        colour: Rgb(1, 2, 3),
        label: None,
        locked: true,
        role: None,
        vault: false,
    };
    map.provenance.kept = Some(std::sync::Arc::new(kept.clone()));
    // It saves and reads back (the provenance is only a record) ...
    let text = io::map_to_string(&map).unwrap();
    let back = io::parse_map(&text, Path::new("k.ron")).unwrap();
    let kept = back.provenance.kept.clone().unwrap();
    // ... and generating from it is refused, naming the room.
    for p in [&params, &grown] {
        let err = generate_keeping(p, 1, &kept).unwrap_err();
        assert!(matches!(err, GenError::Locks(_)) && err.to_string().contains("locked room 0"), "{err}");
    }
    let huge = std::sync::Arc::new(Kept { width: u32::MAX, height: u32::MAX, ..(*kept).clone() });
    let err = generate_keeping(&grown, 1, &huge).unwrap_err().to_string();
    assert!(err.contains("at most"), "{err}");
}

/// What is not a regular file (a device that never ends, a pipe nobody writes, a folder) is
/// refused at once with a message, by the library and by `delve check` and `delve generate`:
/// nothing is read from it, so nothing grows.
#[test]
fn devices_pipes_and_folders_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    let mut paths = vec![PathBuf::from("/dev/zero"), dir.path().to_path_buf()];
    if made {
        paths.push(fifo);
    }
    for path in &paths {
        let e = io::load_any(path).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{}: {e}", path.display());
        for args in [vec!["check", path.to_str().unwrap()], vec!["generate", path.to_str().unwrap()]] {
            let o = crate::common::delve(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success() && err.contains("not a regular file"), "{args:?}: {err}");
        }
    }
    // A regular file within the limit still reads.
    let ok = dir.path().join("ok.ron");
    std::fs::write(&ok, std::fs::read_to_string("presets/godot-part3.ron").unwrap()).unwrap();
    assert!(io::load_any(&ok).is_ok());
}
