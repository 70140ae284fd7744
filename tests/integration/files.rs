//! RON files: exact round trips, every broken-file case, atomic saves.

use crate::common::{shipped, shipped_text};
use delve::generate::generate;
use delve::geom::{Dir, Pos, Rect};
use delve::io::{self, FileError, Preset};
use delve::map::{Corridor, Door, Map, Rgb, Room, Shape};
use delve::params::{GeneratorParams, RoomsAndTunnels, SizeRange};
use std::path::Path;

fn sample_map() -> Map {
    let p = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
        circle_room_chance: 0.3,
        direct_tunnel_chance: 0.3,
        ..RoomsAndTunnels::godot()
    });
    let mut m = generate(&p, 11).unwrap().map;
    m.rooms[0].label = Some("Entrance \"hall\", with ünïcode".into());
    m.rooms[1].colour = Rgb(1, 2, 3);
    m.provenance.edited = true;
    m
}

#[test]
fn maps_round_trip_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut maps = vec![sample_map()];
    for name in ["godot-part3", "mcrogueface-part3"] {
        for seed in [0, 5, 77] {
            maps.push(generate(&shipped(name), seed).unwrap().map);
        }
    }
    // Every shape kind, door kinds, wide corridors, a hand-made map without provenance.
    let mut hand = Map::from_ascii("#########\n#..#....#\n#..+,,..#\n#########\n").unwrap();
    hand.rooms[1].shape = Shape::cells_from(vec![Pos::new(5, 1), Pos::new(4, 1), Pos::new(5, 2), Pos::new(6, 2)]);
    hand.doors.push(Door { kind: 3, ..Door::new(7, 1, Pos::new(6, 2), Dir::South) });
    hand.corridors.push(Corridor { id: 2, path: vec![Pos::new(3, 2), Pos::new(4, 2)].into(), doors: [0, 7], width: 2 });
    hand.rooms.push(Room {
        id: 9,
        shape: Shape::Circle { centre: Pos::new(6, 1), radius: 1 },
        colour: Rgb(9, 9, 9),
        label: None,
        locked: true,
        role: None,
        vault: false,
    });
    for p in [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0), Pos::new(5, 3), Pos::new(0, 2)] {
        hand.set_tile_lock(p, true);
    }
    maps.push(hand);
    for (i, m) in maps.iter().enumerate() {
        let path = dir.path().join(format!("m{i}.ron"));
        io::save_map(&path, m).unwrap();
        let back = io::load_map(&path).unwrap();
        assert_eq!(&back, m, "map {i} round trip");
        assert_eq!(io::map_to_string(&back).unwrap(), std::fs::read_to_string(&path).unwrap(), "text is stable");
    }
}

#[test]
fn map_files_are_compact_rows() {
    let text = io::map_to_string(&generate(&shipped("godot-part3"), 3).unwrap().map).unwrap();
    assert!(text.contains("\"################################################################################\","));
    assert!(text.contains("version: 1"));
}

#[test]
fn presets_round_trip_and_shipped_presets_parse() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in io::SHIPPED_PRESETS {
        let p = io::parse_preset(text, Path::new(name)).unwrap();
        assert!(p.generator.check().is_empty(), "{name}");
        // The file on disk is the one built in.
        let on_disk =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("presets").join(format!("{name}.ron")))
                .unwrap();
        assert_eq!(&on_disk, text);
        let path = dir.path().join(format!("{name}.ron"));
        io::save_preset(&path, &p).unwrap();
        assert_eq!(io::load_preset(&path).unwrap(), p);
    }
    let mut p = Preset::new(GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::mcrogueface()));
    p.name = Some("Mine".into());
    p.notes = Some("line one\nline two".into());
    p.seed = u64::MAX;
    let path = dir.path().join("mine.ron");
    io::save_preset(&path, &p).unwrap();
    assert_eq!(io::load_preset(&path).unwrap(), p);
}

/// Every shipped preset, read and written again, gives the text pinned in
/// `tests/golden/presets-written.txt`: the families' own parameters, then the shared settings
/// (roles, vaults, markers, the part beside, a stage list) under their own names, as files have
/// always held them (`DELVE_BLESS=1` rewrites it, on purpose only).
#[test]
fn shipped_presets_are_written_as_files_have_always_held_them() {
    let mut all = String::new();
    // A changed stage list is written as the generator's stages (no shipped preset has one).
    let staged = "(version: 1, seed: 0, generator: Stages([PlaceRooms((width: 60, max_rooms: 12)), Spawn, \
                  Off(DigTunnels((tunnel_width: 2))), Roles((entrance_exit: true))]))";
    for (name, text) in io::SHIPPED_PRESETS.iter().copied().chain([("a stage list", staged)]) {
        let p = io::parse_preset(text, Path::new(name)).unwrap();
        let written = io::preset_to_string(&p).unwrap();
        assert_eq!(io::parse_preset(&written, Path::new(name)).unwrap(), p, "{name}");
        all.push_str(&format!("// {name}\n{written}\n"));
    }
    for shared in ["roles: (", "vaults: (", "markers: (", "beside: Some(", "Stages(["] {
        assert!(all.contains(shared), "no shipped preset writes {shared}");
    }
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/presets-written.txt");
    crate::common::Goldens::new().check(&golden, &all);
}

/// Writes `text` to a temp file and loads it as a map.
fn load_map_text(text: &str) -> (FileError, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, text).unwrap();
    let e = io::load_map(&path).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("broken.ron"), "names the file: {msg}");
    (e, msg)
}

fn good_text() -> String {
    io::map_to_string(&generate(&shipped("mcrogueface-part3"), 4).unwrap().map).unwrap()
}

#[test]
fn truncated_file() {
    let t = good_text();
    // Cut anywhere (inside a tile row, a room, a corridor's path, between records), the message
    // points at the place and says the file looks cut off.
    for cut in [t.len() / 2, t.len() / 5, t.len() - 40, t.len() - 200, 30] {
        let (e, msg) = load_map_text(&t[..cut]);
        assert!(e.location().is_some(), "{msg}");
        assert!(msg.contains("cut off"), "cut at {cut}: {msg}");
    }
}

#[test]
fn wrong_types_point_at_the_line() {
    let t = good_text().replacen("width: 50", "width: \"fifty\"", 1);
    let line = t.lines().position(|l| l.contains("\"fifty\"")).unwrap() + 1;
    let (e, msg) = load_map_text(&t);
    assert_eq!(e.location().map(|l| l.0), Some(line), "{msg}");
}

#[test]
fn unknown_version() {
    let t = good_text().replacen("version: 1", "version: 99", 1);
    let (e, msg) = load_map_text(&t);
    assert!(msg.contains("version 99") && msg.contains("reads version 1"), "{msg}");
    assert_eq!(e.location(), Some((line_of(&t, "version: 99"), 14)), "at the version: {msg}");
}

#[test]
fn missing_field() {
    let t: String =
        good_text().lines().filter(|l| !l.trim_start().starts_with("spawn:")).map(|l| format!("{l}\n")).collect();
    let (e, msg) = load_map_text(&t);
    assert!(msg.contains("spawn"), "{msg}");
    assert!(e.location().is_some(), "{msg}");
}

#[test]
fn row_of_the_wrong_length() {
    let t = good_text();
    // Shorten the third tile row by one tile.
    let mut lines: Vec<String> = t.lines().map(String::from).collect();
    let first_row = lines.iter().position(|l| l.trim_start().starts_with("\"#")).unwrap();
    let row = first_row + 2;
    lines[row] = lines[row].replacen('#', "", 1);
    let (e, msg) = load_map_text(&(lines.join("\n") + "\n"));
    assert!(msg.contains("row 2 has 49 tiles") && msg.contains("expected 50"), "{msg}");
    assert_eq!(e.location().map(|l| l.0), Some(row + 1), "reported at the row itself: {msg}");
}

#[test]
fn rows_not_matching_the_declared_width() {
    let t = good_text().replacen("width: 50", "width: 51", 1);
    let (e, msg) = load_map_text(&t);
    assert!(msg.contains("expected 51"), "{msg}");
    let first_row = t.lines().position(|l| l.trim_start().starts_with("\"#")).unwrap() + 1;
    assert_eq!(e.location().map(|l| l.0), Some(first_row), "at the first row: {msg}");
    // A row too few is reported at the last row, a row too many at the first one past the
    // height.
    let t = good_text();
    let rows: Vec<usize> =
        t.lines().enumerate().filter(|(_, l)| l.trim_start().starts_with("\"#")).map(|(i, _)| i).collect();
    assert_eq!(rows.len(), 35);
    let without: String = t.lines().enumerate().filter(|(i, _)| *i != rows[3]).map(|(_, l)| format!("{l}\n")).collect();
    let (e, msg) = load_map_text(&without);
    assert!(msg.contains("`tiles` has 34 rows; expected 35"), "{msg}");
    assert_eq!(e.location().map(|l| l.0), Some(rows[34]), "{msg}");
    let twice: String = t
        .lines()
        .enumerate()
        .flat_map(|(i, l)| vec![l; 1 + usize::from(i == rows[3])])
        .map(|l| format!("{l}\n"))
        .collect();
    let (e, msg) = load_map_text(&twice);
    assert!(msg.contains("`tiles` has 36 rows; expected 35"), "{msg}");
    assert_eq!(e.location().map(|l| l.0), Some(rows[34] + 2), "{msg}");
}

#[test]
fn unknown_tile_character() {
    let t = good_text().replacen(
        "\"##################################################\"",
        "\"#######X##########################################\"",
        1,
    );
    let (_, msg) = load_map_text(&t);
    assert!(msg.contains("'X'") && msg.contains("expected"), "{msg}");
}

#[test]
fn gigantic_dimensions_are_refused_without_allocating() {
    let t = good_text().replacen("width: 50", "width: 200000", 1).replacen("height: 35", "height: 300000", 1);
    let (e, msg) = load_map_text(&t);
    assert!(msg.contains("200000×300000"), "{msg}");
    assert_eq!(e.location().map(|l| l.0), Some(line_of(&t, "width: 200000")), "{msg}");
    // A room claiming a huge radius is refused too (drawing it would never end).
    let t = good_text();
    let start = t.find("shape: Rect((").unwrap();
    let end = start + t[start..].find("))").unwrap() + 2;
    let t = format!("{}shape: Circle(centre: (3, 3), radius: 2000000000){}", &t[..start], &t[end..]);
    let (_, msg) = load_map_text(&t);
    assert!(msg.contains("outside"), "{msg}");
}

#[test]
fn other_broken_inputs() {
    let (_, msg) = load_map_text("");
    assert!(!msg.is_empty());
    let (_, msg) = load_map_text("(version: 1, generator: RoomsAndTunnels(()))");
    assert!(msg.contains("preset file"), "a preset given as a map: {msg}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bin.ron");
    std::fs::write(&path, b"(version: 1, \xff\xfe)").unwrap();
    let msg = io::load_map(&path).unwrap_err().to_string();
    assert!(msg.contains("UTF-8") && msg.contains("bin.ron:1:"), "{msg}");
    let msg = io::load_map(&dir.path().join("missing.ron")).unwrap_err().to_string();
    assert!(msg.contains("missing.ron") && msg.contains("cannot read"), "{msg}");
    let msg =
        io::load_preset(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml").as_path()).unwrap_err().to_string();
    assert!(msg.contains("Cargo.toml:"), "{msg}");
}

#[test]
fn broken_presets() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    let text = shipped_text("godot-part3").replacen("overlap: ShareWalls", "overlap: Sometimes", 1);
    std::fs::write(&path, text).unwrap();
    let e = io::load_preset(&path).unwrap_err();
    assert!(e.to_string().contains("Sometimes"), "{e}");
    assert!(e.location().is_some());
    // A parameter set that parses but cannot be generated loads, and says what is wrong.
    let p = Preset::new(GeneratorParams::RoomsAndTunnels(RoomsAndTunnels {
        room_size: SizeRange::new(12, 6),
        ..RoomsAndTunnels::godot()
    }));
    io::save_preset(&path, &p).unwrap();
    let back = io::load_preset(&path).unwrap();
    assert!(back.generator.check().iter().any(|i| i.field == "room_size"));
}

#[test]
fn saves_are_atomic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    let a = generate(&shipped("godot-part3"), 1).unwrap().map;
    let b = generate(&shipped("godot-part3"), 2).unwrap().map;
    io::save_map(&path, &a).unwrap();
    io::save_map(&path, &b).unwrap();
    assert_eq!(io::load_map(&path).unwrap(), b, "the second save replaced the first whole");
    // A save that cannot complete (the target is a directory) leaves what was there and no
    // temporary file behind.
    let blocked = dir.path().join("blocked.ron");
    std::fs::create_dir(&blocked).unwrap();
    std::fs::write(blocked.join("keep.txt"), "keep").unwrap();
    assert!(io::save_map(&blocked, &a).is_err());
    assert_eq!(std::fs::read_to_string(blocked.join("keep.txt")).unwrap(), "keep");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "no temporary files left: {names:?}");
}

/// A save cut short as by a full disk: `delve generate --out` run with a file-size limit
/// (`ulimit -f`, SIGXFSZ ignored so that the write fails with "file too large" instead of
/// killing it) below the size of the map it writes. It fails with a message naming the file,
/// and the old map file is still there byte for byte, with its permissions (0640), and no
/// temporary file is left. Without the limit the same command replaces it whole and keeps its
/// permissions.
#[cfg(unix)]
#[test]
fn a_save_cut_short_by_a_full_disk_leaves_the_old_file_whole() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    io::save_map(&path, &generate(&shipped("godot-part3"), 1).unwrap().map).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let old = std::fs::read(&path).unwrap();
    // A preset whose maps are far larger than the limit (about 30 KB against 8 KB).
    let big = GeneratorParams::RoomsAndTunnels(RoomsAndTunnels { width: 200, height: 150, ..RoomsAndTunnels::godot() });
    let preset = dir.path().join("big.ron");
    io::save_preset(&preset, &Preset::new(big.clone())).unwrap();
    let new = io::map_to_string(&generate(&big, 3).unwrap().map).unwrap();
    assert!(new.len() > 16 * 1024, "{} bytes", new.len());
    let files = || {
        let mut v: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        v.sort();
        v
    };
    let args = ["generate", preset.to_str().unwrap(), "--seed", "3", "--out", path.to_str().unwrap()];
    // 16 blocks: 8 KB where `ulimit -f` counts 512-byte blocks (dash, POSIX), 16 KB in bash.
    let o = std::process::Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 16 && exec \"$0\" \"$@\""])
        .arg(crate::common::delve_command().get_program())
        .args(args)
        .output()
        .expect("run delve under sh");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "the save failed: {err}");
    assert!(err.contains("map.ron") && err.contains("cannot save"), "{err}");
    assert!(std::fs::read(&path).unwrap() == old, "the old map file is whole");
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
    assert_eq!(files(), ["big.ron", "map.ron"], "no temporary file is left");
    // Room on the disk: the same command saves the new map over the old, keeping its permissions.
    let o = crate::common::delve(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), new);
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640, "permissions kept");
    assert_eq!(files(), ["big.ron", "map.ron"]);
}

#[test]
fn rect_rooms_survive_hand_edits() {
    // A room record may be any shape; the file keeps it exactly.
    let mut m = generate(&shipped("mcrogueface-part3"), 8).unwrap().map;
    m.rooms[0].shape = Shape::Rect(Rect::new(2, 2, 3, 3));
    let text = io::map_to_string(&m).unwrap();
    assert_eq!(io::parse_map(&text, Path::new("x.ron")).unwrap(), m);
}

#[test]
fn corridor_paths_are_compact_and_checked() {
    let t = good_text();
    let line = t.lines().position(|l| l.contains("path: \"")).unwrap() + 1;
    assert!(t.lines().nth(line - 1).unwrap().contains(" E") || t.lines().nth(line - 1).unwrap().contains(" S"));
    let start = t.find("path: \"").unwrap() + "path: \"".len();
    let bad = format!("{}9,9 Q7{}", &t[..start], &t[start + t[start..].find('"').unwrap()..]);
    let (e, msg) = load_map_text(&bad);
    assert!(msg.contains("Q7") && msg.contains("expected a step"), "{msg}");
    assert_eq!(e.location().map(|l| l.0), Some(line), "{msg}");
}

#[test]
fn corridor_paths_longer_than_the_map_are_refused_without_allocating() {
    let t = good_text();
    let start = t.find("path: \"").unwrap() + "path: \"".len();
    let end = start + t[start..].find('"').unwrap();
    // A few bytes that would make a path of 16 000 000 tiles (128 MB), or of 2 000 000 000.
    let huge = format!("{}1,1 E16000000{}", &t[..start], &t[end..]);
    let (_, msg) = load_map_text(&huge);
    assert!(msg.contains("16000001 tiles long") && msg.contains("50×35"), "{msg}");
    let huge = format!("{}1,1 E2000000000{}", &t[..start], &t[end..]);
    let (e, msg) = load_map_text(&huge);
    assert!(msg.contains("longer than") && e.location().is_some(), "{msg}");
    // Paths that each fit the map but together are far more than its corridors could be.
    let line_start = t[..start].rfind('\n').unwrap() + 1;
    let line_end = end + t[end..].find('\n').unwrap() + 1;
    let line = t[line_start..line_end].replacen(&t[start..end], "1,1 E874 W875", 1);
    let many = format!("{}{}{}", &t[..line_start], line.repeat(700), &t[line_end..]);
    let (_, msg) = load_map_text(&many);
    assert!(msg.contains("cover more than") && msg.contains("eight times the 1750 tiles"), "{msg}");
    // Long paths that fit (back and forth on the map, as many tiles as the map has) are read.
    let legs = ["E47", "W47"].repeat(19)[..37].join(" ");
    let long = format!("{}1,1 {legs} W10{}", &t[..start], &t[end..]);
    let m = io::parse_map(&long, Path::new("long.ron")).unwrap();
    assert!(m.corridors.iter().any(|c| c.path.len() == 1750));
}

/// The 1-based line of the first line of `text` holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("the text has the needle") + 1
}

/// Rooms, doors, corridors and the spawn must lie on the map, and rooms and corridors together
/// cover at most eight times its tiles: a small file cannot ask for hours of checking or draw
/// far off the image. Each refusal names the element's line and the limit.
#[test]
fn elements_off_the_map_or_over_the_budget_are_refused_at_their_line() {
    // 200 rooms, each the whole 2048×2048 map (a 10 KB file).
    let mut text = String::from("(version: 1, width: 2048, height: 2048, tiles: [");
    text.push_str(&format!("\"{}\",", ".".repeat(2048)).repeat(2048));
    text.push_str("],\nrooms: [\n");
    for i in 0..200 {
        text.push_str(&format!("(id: {i}, shape: Rect((x: 0, y: 0, w: 2048, h: 2048)), colour: (1, 2, 3)),\n"));
    }
    text.push_str("],\nspawn: (1, 1))\n");
    let (e, msg) = load_map_text(&text);
    // Eight whole-map rooms fit the budget of 8 × 4,194,304 + 1,048,576 tiles; the ninth does not.
    assert_eq!(e.location().map(|l| l.0), Some(line_of(&text, "(id: 8,")), "{msg}");
    assert!(msg.contains("cover more than 34603008 tiles") && msg.contains("room 8"), "{msg}");

    let good = good_text();
    let cases = [
        (
            "(id: 1, room: 0, cell: (30, 26)",
            "(id: 1, room: 0, cell: (2000000000, 26)",
            "door 1 is at (2000000000, 26), outside the 50×35 map",
        ),
        (
            "(id: 1, path: \"22,12 N2 E19\"",
            "(id: 1, path: \"22,12 N2 E39\"",
            "corridor 1's path leaves the 50×35 map at (50, 10)",
        ),
        (
            "(id: 1, path: \"22,12 N2 E19\", doors: (2, 0), width: 1)",
            "(id: 1, path: \"22,12 N2 E19\", doors: (2, 0), width: 99)",
            "corridor 1 has width 99",
        ),
    ];
    for (from, to, says) in cases {
        let text = good.replacen(from, to, 1);
        assert_ne!(text, good, "{from}");
        let (e, msg) = load_map_text(&text);
        assert!(msg.contains(says), "{msg}");
        assert_eq!(e.location().map(|l| l.0), Some(line_of(&text, to)), "{msg}");
    }
    let spawn = good.lines().find(|l| l.trim_start().starts_with("spawn:")).unwrap();
    let far = good.replacen(spawn, "    spawn: (-5, 2147483647),", 1);
    let (e, msg) = load_map_text(&far);
    assert!(msg.contains("the spawn is at (-5, 2147483647), outside the 50×35 map"), "{msg}");
    assert_eq!(e.location(), Some((line_of(&far, "spawn: (-5"), 12)), "{msg}");
}

/// Mutated map files (numbers swapped for extreme values, lines dropped or doubled, shapes and
/// sides swapped) either load or are refused. What loads is checked, measured, drawn and edited,
/// and saves and reads back as exactly the same map (`common::exercise`); a refusal names the
/// file and the line and column of the problem.
#[test]
fn mutated_map_files_load_and_round_trip_or_are_refused_at_their_line() {
    use rand::{RngExt, SeedableRng};
    let texts: Vec<String> = [
        generate(&shipped("godot-part3"), 1).unwrap().map,
        generate(&shipped("tiendil-step6"), 1).unwrap().map,
        sample_map(),
    ]
    .iter()
    .map(|m| io::map_to_string(m).unwrap())
    .collect();
    let extremes = ["-1", "0", "1", "65535", "2147483647", "-2147483648", "99999999", "4096", "4294967295"];
    let swaps = [("North", "South"), ("East", "West"), ("Rect(", "Circle("), ("Circle(", "Rect("), ("Cells(", "Rect(")];
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let (mut loaded, mut refused) = (0, 0);
    for i in 0..600 {
        let mut t = texts[i % texts.len()].clone();
        for _ in 0..rng.random_range(1..4) {
            let lines: Vec<&str> = t.lines().collect();
            let k = rng.random_range(0..lines.len());
            match rng.random_range(0..4) {
                0 => {
                    let starts: Vec<usize> = (0..t.len())
                        .filter(|&i| {
                            t.as_bytes()[i].is_ascii_digit() && (i == 0 || !t.as_bytes()[i - 1].is_ascii_digit())
                        })
                        .collect();
                    let s = starts[rng.random_range(0..starts.len())];
                    let e = s + t[s..].find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len() - s);
                    t.replace_range(s..e, extremes[rng.random_range(0..extremes.len())]);
                }
                1 => {
                    t = lines
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != k)
                        .map(|(_, l)| *l)
                        .collect::<Vec<_>>()
                        .join("\n")
                }
                2 => t = [&lines[..=k], &lines[k..]].concat().join("\n"),
                _ => {
                    let (from, to) = swaps[rng.random_range(0..swaps.len())];
                    t = t.replacen(from, to, 1);
                }
            }
        }
        let run = std::panic::catch_unwind(|| match io::parse_map(&t, Path::new("mutated.ron")) {
            Ok(m) => {
                crate::common::exercise(&m);
                true
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with("mutated.ron:"), "names the file: {msg}");
                assert!(e.location().is_some(), "names the line: {msg}");
                false
            }
        });
        match run {
            Ok(true) => loaded += 1,
            Ok(false) => refused += 1,
            Err(_) => panic!("case {i} failed on:\n{t}"),
        }
    }
    assert!(loaded > 100 && refused > 100, "both outcomes: {loaded} loaded, {refused} refused");
}

/// Defect 10: a number that does not fit its field names the field and its allowed range, with
/// the line and column.
#[test]
fn out_of_range_numbers_name_the_field_and_its_range() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.ron");
    let text = shipped_text("godot-part3").replacen("room_size: (min: 6, max: 10)", "room_size: (min: -3, max: 10)", 1);
    let line = text.lines().position(|l| l.contains("min: -3")).unwrap() + 1;
    std::fs::write(&path, &text).unwrap();
    let e = io::load_preset(&path).unwrap_err();
    let msg = e.to_string();
    assert_eq!(e.location().map(|l| l.0), Some(line), "{msg}");
    assert!(msg.contains("room_size.min") && msg.contains("-3") && msg.contains("3 to 1024 tiles"), "{msg}");
    // A value too large for any room count, in a grown-rooms preset.
    let text = shipped_text("tiendil-step6").replacen("rooms: 25", "rooms: 99999999999", 1);
    std::fs::write(&path, &text).unwrap();
    let msg = io::load_preset(&path).unwrap_err().to_string();
    assert!(msg.contains("rooms: 99999999999") && msg.contains("1 to 20000 rooms"), "{msg}");
    // A map's own fields are named too.
    let t = good_text().replacen("width: 50", "width: -50", 1);
    let (_, msg) = load_map_text(&t);
    assert!(msg.contains("width: -50"), "{msg}");
}

/// Locks are in the file where a designer can write them: `locked: true` on a locked room's own
/// line (nothing on the others), locked tiles as runs along rows; they read back exactly, and a
/// bad run is refused with its place in the file.
#[test]
fn locks_are_on_the_room_line_and_tiles_as_runs() {
    let mut m = Map::from_ascii("##########\n#...#....#\n#...+,,..#\n##########\n").unwrap();
    m.rooms[1].locked = true;
    for p in [Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1), Pos::new(8, 2), Pos::new(0, 3)] {
        m.set_tile_lock(p, true);
    }
    let text = io::map_to_string(&m).unwrap();
    let room_line = |id: u32| text.lines().find(|l| l.contains(&format!("(id: {id}, shape:"))).unwrap();
    assert!(room_line(1).contains("locked: true"), "{text}");
    assert!(!room_line(0).contains("locked"), "{text}");
    assert_eq!(m.locked_runs(), vec![(1, 1, 3), (8, 2, 1), (0, 3, 1)]);
    assert!(text.contains("locked_tiles: ["), "{text}");
    let back = io::parse_map(&text, Path::new("locks.ron")).unwrap();
    assert_eq!(back, m);
    assert!(back.rooms[1].locked && back.tile_locked(Pos::new(2, 1)) && !back.tile_locked(Pos::new(4, 1)));
    // A file without locks has no lock fields, and files written before locks still read.
    let plain = io::map_to_string(&generate(&shipped("godot-part3"), 3).unwrap().map).unwrap();
    assert!(!plain.contains("locked"));
    // A run off the map: refused, naming the run, its line and the field.
    let bad = text.replace("(8, 2, 1)", "(8, 2, 5)");
    assert_ne!(bad, text);
    match io::parse_map(&bad, Path::new("bad.ron")) {
        Err(FileError::Syntax { line, message, .. }) => {
            assert!(message.contains("(8, 2, 5)") && message.contains("10×4"), "{message}");
            assert_eq!(bad.lines().nth(line - 1).map(|l| l.contains("(8, 2, 5)")), Some(true), "line {line}");
        }
        other => panic!("{other:?}"),
    }
}

/// A preset file whose path holds a `(` (`boss (v2).ron`, as file managers name copies) loads
/// as a path, in the library and the CLI, not as RON text; RON text still reads as text.
#[test]
fn a_preset_path_with_a_parenthesis_is_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boss (v2).ron");
    let mut preset = Preset::new(shipped("caves"));
    preset.seed = 9;
    io::save_preset(&path, &preset).unwrap();
    let arg = path.to_str().unwrap();
    let read = io::preset_from(arg).unwrap_or_else(|e| panic!("{arg}: {e}"));
    assert_eq!(read.generator, preset.generator);
    let out = crate::common::delve(&["generate", arg, "--ascii"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let want = generate(&preset.generator, 9).unwrap().map.to_ascii();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), want.trim_end());
    // Text with a parenthesis that names no file is still RON text (and its error says so).
    let err = io::preset_from("(width: 80)").unwrap_err().to_string();
    assert!(err.contains("<preset text>"), "{err}");
}
