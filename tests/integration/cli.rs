//! The `delve` binary run as a process: exit codes and output.

use crate::common::{delve, delve_in, shipped, shipped_text};
use delve::generate::generate;
use std::process::Output;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn assert_clean_failure(o: &Output) {
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}

#[test]
fn generate_prints_the_same_map_as_the_library() {
    let o = delve(&["generate", "godot-part3", "--seed", "5", "--ascii"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), generate(&shipped("godot-part3"), 5).unwrap().map.to_ascii());
    assert!(text(&o.stderr).contains("placed"), "{}", text(&o.stderr));
    // Text seeds are hashed the documented way.
    let o = delve(&["generate", "mcrogueface-part3", "--seed", "dragon"]);
    let seed = delve::rng::seed_from_text("dragon");
    assert_eq!(text(&o.stdout), generate(&shipped("mcrogueface-part3"), seed).unwrap().map.to_ascii());
}

#[test]
fn generate_writes_map_and_png_from_a_preset_file() {
    let dir = tempfile::tempdir().unwrap();
    let preset = dir.path().join("p.ron");
    std::fs::write(&preset, shipped_text("mcrogueface-part3")).unwrap();
    let (map, png) = (dir.path().join("m.ron"), dir.path().join("m.png"));
    let o = delve(&[
        "generate",
        preset.to_str().unwrap(),
        "--seed",
        "3",
        "--out",
        map.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
        "--scale",
        "4",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty(), "no ASCII unless asked");
    let m = delve::io::load_map(&map).unwrap();
    assert_eq!(m.provenance.seed, 3);
    let img = image::open(&png).unwrap();
    assert_eq!((img.width(), img.height()), (m.width() * 4, m.height() * 4));
    let o = delve(&["check", map.to_str().unwrap(), preset.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).matches(": ok").count(), 2);
}

/// A PNG too large to make (a 4096×4096 map at the default 8 pixels per tile would be 4 GiB)
/// is refused before anything is allocated, with the largest scale that fits.
#[test]
fn a_png_too_large_is_refused_with_the_scale_that_fits() {
    let dir = tempfile::tempdir().unwrap();
    let preset = dir.path().join("big.ron");
    let big =
        shipped_text("godot-part3").replacen("width: 80", "width: 4096", 1).replacen("height: 45", "height: 4096", 1);
    assert!(big.contains("width: 4096") && big.contains("height: 4096"));
    std::fs::write(&preset, big).unwrap();
    let png = dir.path().join("big.png");
    let o = delve(&["generate", preset.to_str().unwrap(), "--png", png.to_str().unwrap()]);
    assert_clean_failure(&o);
    let err = text(&o.stderr);
    assert!(
        err.contains("big.png") && err.contains("largest scale that fits is 2") && err.contains("--scale 2"),
        "{err}"
    );
    assert!(!png.exists(), "nothing is written");
}

#[test]
fn sweep_writes_csv_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    let o = delve(&["sweep", "godot-part3", "--seeds", "10..60", "--csv", csv.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let body = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(lines.len(), 51);
    let header: Vec<&str> = lines[0].split(',').collect();
    for col in [
        "seed",
        "rooms_asked",
        "rooms",
        "doors",
        "corridors",
        "corridor_cells",
        "floor_percent",
        "longest_path",
        "leaf_rooms",
        "dead_end_cells",
        "loops",
        "depth",
        "mean_corridor_length",
        "shortfall",
        "connected",
        "problems",
        "micros",
    ] {
        assert!(header.contains(&col), "{col} in {header:?}");
    }
    assert!(lines[1].starts_with("10,"));
    assert!(lines[50].starts_with("59,"));
    let connected = header.iter().position(|c| *c == "connected").unwrap();
    assert!(lines[1..].iter().all(|l| l.split(',').nth(connected) == Some("true")));
    let err = text(&o.stderr);
    assert!(err.contains("maps/s") && err.contains("p50") && err.contains("leaf rooms"), "{err}");
    // The rows match what the generator and the metrics say for each seed.
    let p = crate::common::shipped("godot-part3");
    let rooms = header.iter().position(|c| *c == "rooms").unwrap();
    let shortfall = header.iter().position(|c| *c == "shortfall").unwrap();
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').collect();
        let g = delve::generate::generate(&p, cells[0].parse().unwrap()).unwrap();
        assert_eq!(cells[rooms], g.map.rooms.len().to_string());
        assert_eq!(cells[shortfall], g.report.shortfall.map_or("", |s| s.cause.key()));
    }
    // Without --csv the rows go to standard output.
    let o = delve(&["sweep", "mcrogueface-part3", "--seeds", "0..=4"]);
    assert_eq!(text(&o.stdout).lines().count(), 6);
}

#[test]
fn check_reports_problems_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(version: 1, width: 3,").unwrap();
    let o = delve(&["check", broken.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("broken.ron:1:"), "{}", text(&o.stderr));
    // A map that loads but is inconsistent.
    let mut m = generate(&shipped("godot-part3"), 2).unwrap().map;
    m.spawn = delve::geom::Pos::new(0, 0);
    let bad = dir.path().join("bad.ron");
    delve::io::save_map(&bad, &m).unwrap();
    let o = delve(&["check", bad.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("spawn"), "{}", text(&o.stderr));
    // A preset whose parameters cannot be generated.
    let preset = dir.path().join("p.ron");
    std::fs::write(&preset, shipped_text("godot-part3").replace("(min: 6, max: 10)", "(min: 10, max: 6)")).unwrap();
    let o = delve(&["check", preset.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("room_size"), "{}", text(&o.stderr));
    let o = delve(&["generate", preset.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("room_size"), "{}", text(&o.stderr));
}

#[test]
fn bad_arguments_fail_cleanly() {
    assert_clean_failure(&delve(&["generate", "no-such-preset"]));
    let err = text(&delve(&["generate", "no-such-preset"]).stderr);
    assert!(err.contains("godot-part3"), "lists shipped presets: {err}");
    assert_eq!(err.matches("no such file").count(), 1, "says it once: {err}");
    assert_clean_failure(&delve(&["sweep", "godot-part3", "--seeds", "5..2"]));
    assert_clean_failure(&delve(&["sweep", "godot-part3", "--seeds", "lots"]));
    assert_clean_failure(&delve(&["generate", "godot-part3", "--out", "/nonexistent-dir/x.ron"]));
    assert_clean_failure(&delve(&["check"]));
    let o = delve(&["--help"]);
    assert!(o.status.success());
    for cmd in ["generate", "sweep", "check"] {
        assert!(text(&o.stdout).contains(cmd));
    }
    // The help names every shipped preset (the list grows with the presets; it once stopped
    // at the ninth) ...
    for (name, _) in delve::io::SHIPPED_PRESETS {
        assert!(
            text(&o.stdout).contains(&format!("{name},")) || text(&o.stdout).contains(&format!("{name})")),
            "{name}"
        );
    }
    // ... as the error for an unknown one does.
    for (name, _) in delve::io::SHIPPED_PRESETS {
        assert!(err.contains(name), "{name}: {err}");
    }
}

/// Defect 10: `check` and `generate` name the field of a number that does not fit, and its range.
#[test]
fn negative_room_size_names_the_field_in_check_and_generate() {
    let dir = tempfile::tempdir().unwrap();
    let preset = dir.path().join("x.ron");
    let body = shipped_text("godot-part3").replace("(min: 6, max: 10)", "(min: -3, max: 10)");
    std::fs::write(&preset, body).unwrap();
    for cmd in ["check", "generate"] {
        let o = delve(&[cmd, preset.to_str().unwrap()]);
        assert_clean_failure(&o);
        let err = text(&o.stderr);
        assert!(err.contains("x.ron:12:"), "{cmd}: {err}");
        assert!(err.contains("room_size.min: -3") && err.contains("3 to 1024 tiles"), "{cmd}: {err}");
    }
}

#[test]
fn generate_steps_prints_each_step_numbered() {
    let o = delve(&["generate", "godot-part3", "--seed", "3", "--steps"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let (_, rec) = delve::generate::generate_recorded(&shipped("godot-part3"), 3).unwrap();
    let steps = rec.unwrap().steps;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), steps.len(), "{out}");
    assert_eq!(lines[0], format!("    1  {}", steps[0].sentence()));
    assert!(lines[0].contains("placed as room 0"), "{out}");
    assert!(out.contains("rejected: it overlaps room"), "{out}");
    assert!(out.contains("Tunnel from room 0 to room 1"), "{out}");
    // Grown rooms: growth, doors, placement and corridors.
    let o = delve(&["generate", "tiendil-step6", "--seed", "2", "--steps"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let (_, rec) = delve::generate::generate_recorded(&shipped("tiendil-step6"), 2).unwrap();
    let steps = rec.unwrap().steps;
    assert_eq!(out.lines().count(), steps.len(), "{out}");
    for (i, (line, step)) in out.lines().zip(&steps).enumerate() {
        assert_eq!(line, format!("{:>5}  {}", i + 1, step.sentence()));
    }
    for said in
        ["An empty map of", "Room 0, growth 1: grown cell by cell", "placed first", "attached to room 0", "Corridor of"]
    {
        assert!(out.contains(said), "{said}: {out}");
    }
}

#[test]
fn generate_gif_writes_an_animation_of_the_steps() {
    use image::AnimationDecoder;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("godot.gif");
    let o = delve(&["generate", "godot-part3", "--seed", "3", "--gif", path.to_str().unwrap(), "--scale", "4"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty(), "no map printed when a file is asked for");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() < 3 << 20, "{} bytes", bytes.len());
    let (_, rec) = delve::generate::generate_recorded(&shipped("godot-part3"), 3).unwrap();
    let steps = rec.unwrap().steps;
    let changes = steps.iter().filter(|s| s.changes_map()).count();
    assert!(changes < steps.len(), "rejected tries change nothing");
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    let frames: Vec<image::Frame> = decoder.into_frames().collect::<Result<_, _>>().unwrap();
    assert_eq!(frames.len(), changes + 1, "the empty map, then a frame per step that changes it");
    let steps = changes;
    assert!(frames.iter().all(|f| f.buffer().dimensions() == (320, 180)));
    // Floor appears as the rooms are placed: the first frame is rock (and the spawn mark), the
    // last has every room's colour.
    let distinct = |f: &image::Frame| {
        let mut c: Vec<[u8; 4]> = f.buffer().pixels().map(|p| p.0).collect();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    assert!(distinct(&frames[0]) <= 2);
    assert!(distinct(&frames[steps]) > 10);
    let (n, d) = frames[steps].delay().numer_denom_ms();
    assert_eq!(n / d, delve::export::gif::LAST_MS);
    // Grown rooms: the empty map of the finished size first, a frame per room and corridor.
    let grown = dir.path().join("grown.gif");
    let o = delve(&["generate", "tiendil-step6", "--seed", "2", "--gif", grown.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let bytes = std::fs::read(&grown).unwrap();
    assert!(bytes.len() < 3 << 20, "{} bytes", bytes.len());
    let g = delve::generate::generate_recorded(&shipped("tiendil-step6"), 2).unwrap();
    let steps = g.1.unwrap().steps;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    let frames: Vec<image::Frame> = decoder.into_frames().collect::<Result<_, _>>().unwrap();
    let changes = steps.iter().filter(|s| s.changes_map()).count();
    assert_eq!(frames.len(), changes, "the canvas, then a frame per room and corridor");
    let size = (g.0.map.width() * 8, g.0.map.height() * 8);
    assert!(frames.iter().all(|f| f.buffer().dimensions() == size));
    assert!(distinct(&frames[0]) <= 2);
    assert!(distinct(&frames[changes - 1]) > 10);
}

/// `sweep --keep MAP.ron` measures every seed's map around the map's locks, as the library
/// makes them, on any number of threads; locks that cannot be kept fail before any row.
#[test]
fn sweep_keeps_the_locks_of_a_map() {
    use delve::map::locks::Kept;
    let dir = tempfile::tempdir().unwrap();
    let params = shipped("godot-part3");
    let mut old = generate(&params, 4).unwrap().map;
    for id in [1, 3, 5] {
        old.rooms[id].locked = true;
    }
    let path = dir.path().join("old.ron");
    delve::io::save_map(&path, &old).unwrap();
    let kept = std::sync::Arc::new(Kept::of(&old).unwrap());
    let mut bodies = Vec::new();
    for jobs in ["1", "2"] {
        let csv = dir.path().join(format!("s{jobs}.csv"));
        let args = ["sweep", "godot-part3", "--seeds", "0..40", "--jobs", jobs, "--csv", csv.to_str().unwrap()];
        let o = delve(&[&args[..], &["--keep", path.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains("every map kept 3 locked room(s)"), "{}", text(&o.stderr));
        bodies.push(std::fs::read_to_string(&csv).unwrap());
    }
    let header: Vec<&str> = bodies[0].lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let (rooms, corridors, micros) = (col("rooms"), col("corridors"), col("micros"));
    let mut unlike_plain = 0;
    for line in bodies[0].lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let seed: u64 = cells[0].parse().unwrap();
        let map = delve::generate::generate_keeping(&params, seed, &kept).unwrap().map;
        assert_eq!(cells[rooms], map.rooms.len().to_string(), "seed {seed}");
        assert_eq!(cells[corridors], map.corridors.len().to_string(), "seed {seed}");
        let plain = generate(&params, seed).unwrap().map;
        unlike_plain += usize::from(plain.corridors.len().to_string() != cells[corridors]);
    }
    assert!(unlike_plain > 10, "only {unlike_plain} of 40 rows differ from the plain maps'");
    // The same rows on one thread or two (all but the timing column).
    let strip = |body: &str| -> Vec<String> {
        body.lines().map(|l| l.split(',').enumerate().filter(|(i, _)| *i != micros).map(|(_, c)| c).collect()).collect()
    };
    assert_eq!(strip(&bodies[0]), strip(&bodies[1]));
    // Locks off a smaller map: refused, naming the map file.
    let mut p = params.clone();
    if let delve::params::GeneratorParams::RoomsAndTunnels(r) = &mut p {
        r.width = 30;
    }
    let preset = dir.path().join("small-preset.ron");
    delve::io::save_preset(&preset, &delve::io::Preset::new(p)).unwrap();
    let o = delve(&["sweep", preset.to_str().unwrap(), "--seeds", "0..5", "--keep", path.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(
        text(&o.stderr).contains("old.ron") && text(&o.stderr).contains("make the map larger"),
        "{}",
        text(&o.stderr)
    );
    assert!(text(&o.stdout).is_empty(), "no rows: {}", text(&o.stdout));
}

/// `--keep MAP.ron` keeps the locked rooms and tiles of the map and generates around them, as
/// the library does; a map whose locks cannot be kept fails with the lock named.
#[test]
fn generate_keeps_the_locks_of_a_map() {
    use delve::map::locks::Kept;
    let dir = tempfile::tempdir().unwrap();
    let mut old = generate(&shipped("godot-part3"), 4).unwrap().map;
    old.rooms[0].locked = true;
    old.rooms[3].locked = true;
    let wall = (0..old.width() as i32).map(|x| delve::geom::Pos::new(x, 0)).take(5);
    for p in wall {
        old.set_tile_lock(p, true);
    }
    let path = dir.path().join("old.ron");
    delve::io::save_map(&path, &old).unwrap();
    let out = dir.path().join("new.ron");
    let o = delve(&[
        "generate",
        "godot-part3",
        "--seed",
        "77",
        "--keep",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("kept 2 locked room(s) and 5 locked tile(s)"), "{}", text(&o.stderr));
    let new = delve::io::load_map(&out).unwrap();
    let expected =
        delve::generate::generate_keeping(&shipped("godot-part3"), 77, &std::sync::Arc::new(Kept::of(&old).unwrap()))
            .unwrap()
            .map;
    assert_eq!(new, expected);
    assert_eq!(new.rooms[0].shape, old.rooms[0].shape);
    assert!(new.rooms[0].locked && new.tile_locked(delve::geom::Pos::new(2, 0)));
    // Room floor locked without its room: refused, naming the tile's room.
    let mut bad = old.clone();
    let p = bad.rooms[5].shape.centre().unwrap();
    bad.set_tile_lock(p, true);
    delve::io::save_map(&path, &bad).unwrap();
    let o = delve(&["generate", "godot-part3", "--keep", path.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("room 5, which is not locked"), "{}", text(&o.stderr));
}

/// A shipped preset's name means the shipped preset whatever the working folder holds, so the
/// same command makes the same map on every machine; `./NAME` reads a file of that name.
#[test]
fn a_shipped_name_is_never_shadowed_by_a_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("godot-part3"), "not a preset").unwrap();
    let shipped = delve(&["generate", "godot-part3", "--seed", "3", "--ascii"]);
    let here = delve_in(dir.path(), &["generate", "godot-part3", "--seed", "3", "--ascii"]);
    assert!(here.status.success(), "{}", String::from_utf8_lossy(&here.stderr));
    assert_eq!(here.stdout, shipped.stdout);
    let file = delve_in(dir.path(), &["generate", "./godot-part3", "--seed", "3"]);
    assert!(!file.status.success());
    assert!(
        String::from_utf8_lossy(&file.stderr).contains("./godot-part3"),
        "{}",
        String::from_utf8_lossy(&file.stderr)
    );
}

/// A preset written as its stages: `generate` makes the library's map of it, and an invalid
/// order or a stage of another generator fails cleanly, saying why (and where, for the file).
#[test]
fn a_preset_written_as_its_stages_generates_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let preset = dir.path().join("staged.ron");
    let body = "(version: 1, seed: 4, generator: Stages([\n    PlaceRooms((max_rooms: 12)),\n    Spawn,\n    DigTunnels(()),\n    Off(ColoursApart),\n]))\n";
    std::fs::write(&preset, body).unwrap();
    let o = delve(&["generate", preset.to_str().unwrap(), "--ascii"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let params = delve::io::load_preset(&preset).unwrap().generator;
    assert_eq!(text(&o.stdout), generate(&params, 4).unwrap().map.to_ascii());
    let bad = "(version: 1, generator: Stages([DigTunnels(()), PlaceRooms(()), Spawn]))";
    std::fs::write(&preset, bad).unwrap();
    let o = delve(&["generate", preset.to_str().unwrap()]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("Dig tunnels must come after Place rooms"), "{}", text(&o.stderr));
    std::fs::write(&preset, "(version: 1, generator: Stages([\n  PlaceRooms(()),\n  Loops(()),\n]))").unwrap();
    let o = delve(&["generate", preset.to_str().unwrap()]);
    assert_clean_failure(&o);
    let err = text(&o.stderr);
    assert!(err.contains("staged.ron:") && err.contains("Loops is not a stage of Rooms and tunnels"), "{err}");
}

/// `delve sweep --play` adds the figures from play after the walk's columns: the steps to see
/// the exit and the share seen on the way, as the library's player walks them, an empty cell
/// where the exit is never reached; the summary spreads them. Without `--play` neither column
/// is there, and a dungeon refuses `--play` by name.
#[test]
fn sweep_with_play_adds_the_figures_from_play() {
    use delve::analysis::sweep::PLAY_SETTINGS;
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("play.csv");
    let o = delve(&["sweep", "grown-quest", "--seeds", "0..30", "--play", "--csv", csv.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let body = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = body.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let at = |key: &str| header.iter().position(|c| *c == key).unwrap_or_else(|| panic!("no {key} in {header:?}"));
    let (steps, seen) = (at("steps_to_see_exit"), at("seen_on_the_way_percent"));
    assert_eq!((steps, seen), (at("exit_without_keys") + 1, at("exit_without_keys") + 2));
    let p = shipped("grown-quest");
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').collect();
        let g = generate(&p, cells[0].parse().unwrap()).unwrap();
        match delve::play::exit_figures_of(&g.map, PLAY_SETTINGS) {
            Some(f) => {
                assert_eq!(cells[steps], f.steps_to_see_exit.to_string(), "{line}");
                assert_eq!(cells[seen], format!("{:.3}", (f.seen_on_the_way * 100.0) as f32), "{line}");
            }
            None => assert_eq!((cells[steps], cells[seen]), ("", ""), "{line}"),
        }
    }
    let err = text(&o.stderr);
    assert!(err.contains("steps to see the exit") && err.contains("seen on the way %"), "{err}");

    let plain = dir.path().join("plain.csv");
    let o = delve(&["sweep", "grown-quest", "--seeds", "0..30", "--csv", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let plain = std::fs::read_to_string(&plain).unwrap();
    assert!(!plain.contains("steps_to_see_exit") && !text(&o.stderr).contains("steps to see the exit"));
    // The other columns are the same either way (the time each map took aside).
    let without = |row: &str, skip: &[usize]| -> Vec<String> {
        let cells: Vec<&str> = row.split(',').collect();
        cells[..cells.len() - 1]
            .iter()
            .enumerate()
            .filter(|(i, _)| !skip.contains(i))
            .map(|(_, c)| c.to_string())
            .collect()
    };
    for (a, b) in body.lines().zip(plain.lines()) {
        assert_eq!(without(a, &[steps, seen]), without(b, &[]));
    }

    let o = delve(&["sweep", "brogue-length", "--seeds", "0..2", "--play"]);
    assert_clean_failure(&o);
    assert!(text(&o.stderr).contains("--play: the figures from play are measured per level"), "{}", text(&o.stderr));
}
