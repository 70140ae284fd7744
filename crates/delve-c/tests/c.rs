//! libdelve from C: `tests/c/check.c` and `examples/c/print_map.c` compiled with the system's
//! `cc` against the built `libdelve.so`, run (under valgrind when there is one), and their maps
//! compared with the CLI's and with the golden table `tests/golden/everywhere.tsv`.
//!
//! On a developer's machine a missing valgrind or golden table skips its test (saying so); on
//! CI (the environment variable `CI` set) it fails it, as does a `DELVE_BIN` that names no
//! file: there everything is installed, and a check that quietly did not run would pass.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sha2::{Digest, Sha256};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The environment variable `CI` is set (and not empty, `0` or `false`).
fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim().to_lowercase().as_str(), "" | "0" | "false"))
}

/// A test cannot run for want of `what`: on CI a failure, elsewhere a skip (said on stdout).
fn missing(what: &str) {
    assert!(!on_ci(), "{what}, and CI is set: everything the tests need must be installed");
    println!("skipped: {what}");
}

/// The repository's root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The folder cargo builds into for this profile (`target/debug`).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_path_buf()
}

/// Runs `cargo build` for `args` with this test's profile: cargo builds no cdylib or staticlib
/// for integration tests, and a binary of another package only for that package's tests.
fn cargo_build(args: &[&str]) {
    let mut cargo = Command::new(env!("CARGO"));
    cargo.args(["build", "--quiet"]).args(args).current_dir(repo());
    if profile_dir().file_name().is_some_and(|n| n == "release") {
        cargo.arg("--release");
    }
    let o = cargo.output().expect("run cargo");
    assert!(o.status.success(), "cargo build {args:?} failed:\n{}", String::from_utf8_lossy(&o.stderr));
}

/// A folder holding this crate's libdelve.a and libdelve.so, built now. They are copied out
/// of the target folder at once: another crate's cdylib named `delve` (the Python module)
/// would land on the same `libdelve.so`.
fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let (target, dir) = (profile_dir(), profile_dir().join("c-tests/lib"));
        std::fs::create_dir_all(&dir).unwrap();
        for _ in 0..3 {
            cargo_build(&["-p", "delve-c"]);
            for name in ["libdelve.a", "libdelve.so"] {
                std::fs::copy(target.join(name), dir.join(name)).unwrap();
            }
            let so = std::fs::read(dir.join("libdelve.so")).unwrap();
            if so.windows(b"delve_generate_keeping".len()).any(|w| w == b"delve_generate_keeping") {
                return dir;
            }
        }
        panic!("{}: not libdelve's (another crate's cdylib named delve?)", target.join("libdelve.so").display());
    })
}

/// Compiles the C file `src` (repo-relative) into `target/<profile>/c-tests`, against
/// libdelve.a (`shared`: libdelve.so).
fn compile(src: &str, shared: bool) -> PathBuf {
    let (lib, repo) = (lib_dir(), repo());
    let out = profile_dir().join("c-tests").join(Path::new(src).file_stem().unwrap());
    let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cc.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-o"])
        .arg(&out)
        .arg(repo.join(src))
        .arg("-I")
        .arg(repo.join("crates/delve-c/include"));
    if shared {
        cc.arg("-L").arg(lib).arg(format!("-Wl,-rpath,{}", lib.display())).arg("-ldelve");
    } else {
        // What the Rust standard library needs from the system (`--print native-static-libs`).
        cc.arg(lib.join("libdelve.a")).args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"]);
    }
    let o = cc.output().expect("run cc");
    assert!(o.status.success(), "cc {src} failed:\n{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn check_program() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| compile("crates/delve-c/tests/c/check.c", false))
}

fn preset_program() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| compile("crates/delve-c/tests/c/preset.c", false))
}

fn sizes_program() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| compile("crates/delve-c/tests/c/sizes.c", false))
}

/// The `delve` binary: `DELVE_BIN` when the caller gives one (`./dev.sh test` gives the one
/// its `cargo test --workspace` built for the root's tests, which is never stale), else built
/// now with the same profile as the library.
fn cli() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| match std::env::var_os("DELVE_BIN").filter(|v| !v.is_empty()).map(PathBuf::from) {
        Some(given) if given.is_file() => given,
        given => {
            if let Some(given) = given {
                // On CI a DELVE_BIN that names nothing is a broken set-up, not a CLI to build.
                assert!(!on_ci(), "DELVE_BIN={} is not a file, and CI is set", given.display());
                println!("DELVE_BIN={} is not a file: building the CLI", given.display());
            }
            cargo_build(&["-p", "delve", "--bin", "delve"]);
            profile_dir().join("delve")
        }
    })
}

fn valgrind() -> Option<Command> {
    let found = Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        missing("valgrind is not installed: the C programs run without it");
        return None;
    }
    let mut v = Command::new("valgrind");
    v.args(["--quiet", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect", "--error-exitcode=99"]);
    Some(v)
}

/// The files of the bad inputs `check.c` expects in `dir`.
fn write_bad_inputs(dir: &Path) {
    use delve_core::{generate::Request, io};
    let repo = repo();
    let preset = std::fs::read_to_string(repo.join("presets/godot-part3.ron")).unwrap();
    std::fs::write(dir.join("bad-value.ron"), preset.replacen("width: 80", "width: -3", 1)).unwrap();
    let p = io::preset_from("godot-part3").unwrap();
    let mut map = Request::new(&p.generator, 4).run().unwrap().generated.map;
    map.rooms[0].locked = true;
    map.set_tile_lock(map.rooms[5].shape.centre().unwrap(), true);
    io::save_map(&dir.join("conflict.ron"), &map).unwrap();
    let golden = std::fs::read_to_string(repo.join("tests/golden/godot-part3-seed-42.ron")).unwrap();
    let big =
        golden.replacen("    width: 80,", "    width: 5000,", 1).replacen("    height: 45,", "    height: 5000,", 1);
    std::fs::write(dir.join("too-big.ron"), big).unwrap();
}

/// Runs the C program `exe` with `args`, under `valgrind` when given.
fn run_c(exe: &Path, args: &[&OsStr], valgrind: Option<Command>) -> Output {
    let mut cmd = valgrind.unwrap_or_else(|| Command::new(exe));
    if cmd.get_program() == "valgrind" {
        cmd.arg(exe);
    }
    cmd.args(args).output().unwrap()
}

fn run_check(valgrind: Option<Command>) -> Output {
    let dir = tempfile::tempdir().unwrap();
    write_bad_inputs(dir.path());
    run_c(check_program(), &["check".as_ref(), dir.path().as_os_str()], valgrind)
}

#[test]
fn the_c_checks_pass() {
    let o = run_check(None);
    println!("{}", String::from_utf8_lossy(&o.stdout));
    assert!(o.status.success(), "check.c failed:\n{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn the_c_checks_free_everything_under_valgrind() {
    let Some(v) = valgrind() else { return };
    let o = run_check(Some(v));
    println!("{}", String::from_utf8_lossy(&o.stdout));
    assert!(o.status.success(), "check.c under valgrind ({}):\n{}", o.status, String::from_utf8_lossy(&o.stderr));
}

/// A caller built against an older header (a shorter struct, its own `sizeof` as `size`) gets
/// its fields and not a byte more; a newer caller keeps the fields the library does not know.
#[test]
fn old_and_new_callers_get_their_own_fields() {
    let o = run_c(sizes_program(), &["sizes".as_ref()], None);
    println!("{}", String::from_utf8_lossy(&o.stdout));
    assert!(o.status.success(), "sizes.c failed:\n{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn the_size_and_preset_checks_free_everything_under_valgrind() {
    let Some(v) = valgrind() else { return };
    let o = run_c(sizes_program(), &["sizes".as_ref()], Some(v));
    assert!(o.status.success(), "sizes.c under valgrind ({}):\n{}", o.status, String::from_utf8_lossy(&o.stderr));
    let Some(v) = valgrind() else { return };
    let dir = tempfile::tempdir().unwrap();
    let o = run_c(preset_program(), &["preset".as_ref(), dir.path().as_os_str(), "5".as_ref()], Some(v));
    assert!(o.status.success(), "preset.c under valgrind ({}):\n{}", o.status, String::from_utf8_lossy(&o.stderr));
}

/// A preset with `markers.keys.pairs` (and more) set by key from C, saved with
/// `delve_preset_to_ron`, makes through `delve_preset_generate` the map `delve generate FILE
/// --seed S` makes of the saved file; a misspelt key and a value out of range are refused with
/// the key and what it allows (the same words the CLI prints for that value in the file).
#[test]
fn a_preset_set_by_key_makes_the_map_the_cli_makes_of_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let seed = "11";
    let o = run_c(preset_program(), &["preset".as_ref(), dir.path().as_os_str(), seed.as_ref()], None);
    assert!(o.status.success(), "preset.c failed:\n{}", String::from_utf8_lossy(&o.stderr));
    let frames = parse_frames(&o.stdout);
    let [Ok((ascii, json)), Err(misspelt), Err(out_of_range)] = &frames[..] else {
        panic!("expected a map and two messages, got {frames:?}");
    };
    let saved = dir.path().join("set.ron");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("pairs: 1"), "the saved preset:\n{text}");
    let cli_out = |args: &[&OsStr]| {
        let o = Command::new(cli()).args(args).current_dir(repo()).output().unwrap();
        (o.status.success(), String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap())
    };
    let (ok, printed, stderr) =
        cli_out(&["generate".as_ref(), saved.as_os_str(), "--seed".as_ref(), seed.as_ref(), "--ascii".as_ref()]);
    assert!(ok, "{stderr}");
    assert_eq!(ascii, &printed, "the ASCII differs from `delve generate {} --seed {seed}`", saved.display());
    let out = dir.path().join("set.json");
    let (ok, _, stderr) = cli_out(&[
        "export".as_ref(),
        saved.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
        "--seed".as_ref(),
        seed.as_ref(),
    ]);
    assert!(ok, "{stderr}");
    assert_eq!(json, &std::fs::read_to_string(&out).unwrap(), "the JSON differs from `delve export`");
    // The parameters set made a difference: the shipped preset makes another map.
    let (_, shipped, _) =
        cli_out(&["generate".as_ref(), "grown-quest".as_ref(), "--seed".as_ref(), seed.as_ref(), "--ascii".as_ref()]);
    assert_ne!(ascii, &shipped, "the map is the shipped preset's: the keys set changed nothing");
    // The messages name the key; the value out of range is refused in the CLI's words.
    assert!(misspelt.starts_with("markers.keys.pears: no such parameter"), "{misspelt}");
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, text.replacen("pairs: 1", "pairs: 99", 1)).unwrap();
    let (ok, _, stderr) = cli_out(&["generate".as_ref(), bad.as_os_str()]);
    assert!(!ok, "the CLI generated with 99 key pairs");
    let issues: Vec<&str> = stderr.lines().filter_map(|l| l.trim().strip_prefix("- ")).collect();
    assert!(!issues.is_empty(), "no issue listed by the CLI: {stderr}");
    assert!(out_of_range.starts_with("markers.keys.pairs: "), "{out_of_range}");
    for issue in issues {
        assert!(out_of_range.contains(issue), "the CLI says {issue:?}, C says {out_of_range:?}");
    }
}

/// The C library lists the shipped presets the CLI names in its help, each of which makes a
/// map through `delve_generate`.
#[test]
fn the_c_library_lists_every_shipped_preset() {
    let o = Command::new(check_program()).arg("presets").output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let listed = String::from_utf8(o.stdout).unwrap();
    let listed: Vec<&str> = listed.lines().collect();
    let help = Command::new(cli()).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let named = help.split("name of a shipped preset (").nth(1).and_then(|s| s.split(')').next()).unwrap();
    let named: Vec<&str> = named.split(", ").collect();
    assert_eq!(listed, named, "the C library's presets and `delve --help`'s");
    let rows: Vec<_> = listed.iter().map(|name| row(name, "3", "")).collect();
    for (name, made) in listed.iter().zip(c_rows(&rows)) {
        assert!(made.is_ok(), "{name}: {made:?}");
    }
}

/// `delve_map_exit_figures` walks as `delve sweep --play` does: its steps to see the exit and
/// share seen on the way are the CSV's, cell for cell (empty where the exit is never reached),
/// on presets with keys, caves and vaults.
#[test]
fn the_c_exit_figures_are_the_cli_sweeps() {
    let dir = tempfile::tempdir().unwrap();
    for preset in ["grown-quest", "caves", "vaults", "godot-part3"] {
        let csv = dir.path().join(format!("{preset}.csv"));
        let o = Command::new(cli())
            .args(["sweep", preset, "--seeds", "0..40", "--play", "--jobs", "1", "--csv"])
            .arg(&csv)
            .current_dir(repo())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&csv).unwrap();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let at = |key: &str| header.iter().position(|h| *h == key).unwrap_or_else(|| panic!("no {key} column"));
        let (steps, seen) = (at("steps_to_see_exit"), at("seen_on_the_way_percent"));
        let want: Vec<String> = lines
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                format!("{},{}", cells[steps], cells[seen])
            })
            .collect();
        assert_eq!(want.len(), 40);
        let input: String = (0..40).map(|s| format!("{preset}\t{s}\n")).collect();
        let mut file = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut file, input.as_bytes()).unwrap();
        std::io::Seek::rewind(&mut file).unwrap();
        let o = Command::new(check_program()).arg("play").current_dir(repo()).stdin(file).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let got: Vec<String> = String::from_utf8(o.stdout).unwrap().lines().map(str::to_string).collect();
        assert_eq!(got, want, "{preset}: the C library's exit figures and `delve sweep --play`'s, seed by seed");
        assert!(want.iter().any(|w| w != ","), "{preset}: some exit is reached");
    }
}

/// What `check rows` printed for one row: the ASCII and JSON, or the error message.
type RowOut = Result<(String, String), String>;

/// Runs `check rows` on `rows` (preset, seed, keep) from the repository's root.
fn c_rows(rows: &[(String, String, String)]) -> Vec<RowOut> {
    let input: String = rows.iter().map(|(p, s, k)| format!("{p}\t{s}\t{k}\n")).collect();
    // From a file: no writer thread, and no pipe to fill while the output is not read yet.
    let mut file = tempfile::tempfile().unwrap();
    std::io::Write::write_all(&mut file, input.as_bytes()).unwrap();
    std::io::Seek::rewind(&mut file).unwrap();
    let o = Command::new(check_program()).arg("rows").current_dir(repo()).stdin(file).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    parse_frames(&o.stdout)
}

fn parse_frames(mut out: &[u8]) -> Vec<RowOut> {
    let mut block = |label: &str| -> Option<String> {
        let nl = out.iter().position(|&b| b == b'\n')?;
        let head = std::str::from_utf8(&out[..nl]).unwrap();
        let n: usize = head.strip_prefix(label)?.trim().parse().unwrap();
        let text = String::from_utf8(out[nl + 1..nl + 1 + n].to_vec()).unwrap();
        out = &out[nl + 1 + n..];
        Some(text)
    };
    let mut rows = Vec::new();
    while let Some(first) = block("ascii ").map(Ok).or_else(|| block("error ").map(Err)) {
        rows.push(first.map(|ascii| (ascii, block("json ").unwrap())));
    }
    rows
}

fn row(preset: &str, seed: &str, keep: &str) -> (String, String, String) {
    (preset.into(), seed.into(), keep.into())
}

/// `delve generate --ascii` and `delve export --format json` give what the C functions give,
/// maps and error messages alike.
#[test]
fn the_c_functions_give_what_the_cli_gives() {
    let dir = tempfile::tempdir().unwrap();
    write_bad_inputs(dir.path());
    let bad = dir.path().join("bad-value.ron").display().to_string();
    let conflict = dir.path().join("conflict.ron").display().to_string();
    let rows = [
        row("godot-part3", "42", ""),
        row("godot-part3", "", ""),
        row("mcrogueface-part3", "1", ""),
        row("tiendil-step6", "a text seed", ""),
        row("grown-shapes", "3", ""),
        row("grown-treasure", "18446744073709551615", ""),
        row("caves", "3", ""),
        row("bsp-rooms", "9", ""),
        row("drunkards-walk", "4", ""),
        row("rooms-and-mazes", "6", ""),
        row("vaults", "3", ""),
        row("rooms-and-caves", "2", ""),
        row("presets/godot-part3.ron", "7", ""),
        row("presets/vaults.ron", "8", ""),
        row("godot-part3", "5", "tests/golden/godot-part3-seed-42.ron"),
        row("no-such-preset", "1", ""),
        row(&bad, "1", ""),
        row("(width: 80)", "1", ""),
        row("godot-part3", "1", &conflict),
    ];
    let outs = c_rows(&rows);
    assert_eq!(outs.len(), rows.len());
    let json_path = dir.path().join("out.json");
    for ((preset, seed, keep), out) in rows.iter().zip(outs) {
        let mut args = vec!["generate", preset.as_str(), "--ascii"];
        args.extend(if seed.is_empty() { vec![] } else { vec!["--seed", seed.as_str()] });
        args.extend(if keep.is_empty() { vec![] } else { vec!["--keep", keep.as_str()] });
        let o = Command::new(cli()).args(&args).current_dir(repo()).output().unwrap();
        let (stdout, stderr) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
        match out {
            Ok((ascii, json)) => {
                assert!(o.status.success(), "{args:?}: {stderr}");
                assert_eq!(ascii, stdout, "{args:?}: the ASCII differs");
                if keep.is_empty() {
                    let mut args = vec!["export", preset.as_str(), "--format", "json", "--out"];
                    args.push(json_path.to_str().unwrap());
                    args.extend(if seed.is_empty() { vec![] } else { vec!["--seed", seed.as_str()] });
                    let o = Command::new(cli()).args(&args).current_dir(repo()).output().unwrap();
                    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
                    assert_eq!(json, std::fs::read_to_string(&json_path).unwrap(), "{args:?}: the JSON differs");
                }
            }
            Err(message) => {
                assert!(!o.status.success(), "{args:?}: the CLI made a map, C gave {message}");
                assert_eq!(format!("error: {message}\n"), stderr, "{args:?}: the message differs");
            }
        }
    }
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Every row of the golden table gives, through C, the ASCII and JSON whose hashes it holds.
#[test]
fn the_golden_table_holds_through_c() {
    let path = repo().join("tests/golden/everywhere.tsv");
    let Ok(table) = std::fs::read_to_string(&path) else {
        missing(&format!("{} is not there", path.display()));
        return;
    };
    let lines: Vec<Vec<&str>> = table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && !l.starts_with("preset\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(!lines.is_empty(), "{} has no rows", path.display());
    let rows: Vec<_> = lines.iter().map(|c| row(c[0], c[1], c.get(2).copied().unwrap_or(""))).collect();
    let outs = c_rows(&rows);
    assert_eq!(outs.len(), rows.len());
    for (cols, out) in lines.iter().zip(outs) {
        let (ascii, json) = out.unwrap_or_else(|e| panic!("{cols:?}: {e}"));
        assert_eq!(cols.len(), 5, "{cols:?}: expected preset, seed, keep, ascii_sha256, json_sha256");
        assert_eq!(sha256(&ascii), cols[3], "{cols:?}: the ASCII differs");
        assert_eq!(sha256(&json), cols[4], "{cols:?}: the JSON differs");
    }
    println!("{} rows of {} hold through C", rows.len(), path.display());
}

/// `examples/c/print_map.c` prints the map `delve generate --ascii` prints.
#[test]
fn the_example_prints_a_map() {
    let exe = compile("examples/c/print_map.c", true);
    let o = Command::new(&exe).args(["grown-shapes", "12"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let cli = Command::new(cli()).args(["generate", "grown-shapes", "--seed", "12", "--ascii"]).output().unwrap();
    let printed = String::from_utf8(o.stdout).unwrap();
    assert!(printed.ends_with(std::str::from_utf8(&cli.stdout).unwrap()), "{printed}");
    let o = Command::new(&exe).arg("no-such-preset").output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no shipped preset"));
}

/// `delve_version()` is the version `delve --version` prints.
#[test]
fn the_library_says_its_version() {
    let lib = lib_dir().join("libdelve.so");
    // SAFETY: libdelve's initialisers only set up Rust's runtime; `delve_version` takes nothing
    // and returns a static string.
    let version = unsafe {
        let so = libloading::Library::new(&lib).unwrap();
        let f: libloading::Symbol<unsafe extern "C" fn() -> *const std::ffi::c_char> =
            so.get(b"delve_version").unwrap();
        std::ffi::CStr::from_ptr(f()).to_str().unwrap().to_string()
    };
    let out = Command::new(cli()).arg("--version").output().unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.trim(), format!("delve {version}"), "delve_version() and `delve --version`");
}

fn dungeon_program() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| compile("crates/delve-c/tests/c/dungeon.c", false))
}

/// A dungeon from C (`delve_dungeon_generate`) is the one `delve dungeon --format json` writes:
/// every floor's branch, depth and JSON export, and every staircase; freed whole under valgrind.
#[test]
fn a_dungeon_from_c_is_the_clis() {
    let (name, seed) = ("dcss-shaped", "4");
    let o = run_c(dungeon_program(), &["dungeon".as_ref(), name.as_ref(), seed.as_ref()], None);
    assert!(o.status.success(), "dungeon.c failed:\n{}", String::from_utf8_lossy(&o.stderr));
    let dir = tempfile::tempdir().unwrap();
    let args: [&OsStr; 8] = [
        "dungeon".as_ref(),
        name.as_ref(),
        "--seed".as_ref(),
        seed.as_ref(),
        "--out".as_ref(),
        dir.path().as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ];
    let cli_run = Command::new(cli()).args(args).current_dir(repo()).output().unwrap();
    assert!(cli_run.status.success(), "{}", String::from_utf8_lossy(&cli_run.stderr));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("dungeon.json")).unwrap()).unwrap();
    // What C printed: floors (branch, depth, JSON), then links.
    let mut out = &o.stdout[..];
    let line = |out: &mut &[u8]| {
        let nl = out.iter().position(|&b| b == b'\n').unwrap_or(out.len());
        let l = String::from_utf8(out[..nl].to_vec()).unwrap();
        *out = &out[(nl + 1).min(out.len())..];
        l
    };
    let floors = doc["floors"].as_array().unwrap();
    for (i, theirs) in floors.iter().enumerate() {
        let head = line(&mut out);
        assert_eq!(head, format!("floor {} {}", theirs["branch"].as_str().unwrap(), theirs["depth"]), "floor {i}");
        let n: usize = line(&mut out).strip_prefix("json ").unwrap().parse().unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out[..n]).unwrap();
        out = &out[n..];
        assert_eq!(json, theirs["map"], "floor {i}: the JSON differs from the CLI's");
    }
    let index = |f: &serde_json::Value| {
        floors.iter().position(|t| t["branch"] == f["branch"] && t["depth"] == f["depth"]).unwrap()
    };
    for l in doc["links"].as_array().unwrap() {
        let into = u8::from(l["kind"] == "branch");
        assert_eq!(
            line(&mut out),
            format!("link {} {} {} {} {into}", index(&l["from"]), index(&l["to"]), l["x"], l["y"])
        );
    }
    assert!(line(&mut out).is_empty(), "nothing after the links");
    let Some(v) = valgrind() else { return };
    let o = run_c(dungeon_program(), &["dungeon".as_ref(), name.as_ref(), "2".as_ref()], Some(v));
    assert!(o.status.success(), "dungeon.c under valgrind ({}):\n{}", o.status, String::from_utf8_lossy(&o.stderr));
}
