//! Helpers shared by the integration tests.

use delve::generate::{Generated, generate};
use delve::io;
use delve::params::{GeneratorParams, ParamKind, ParamValue};

/// The generator parameters of a shipped preset.
/// The RON text of shipped preset `name`.
pub fn shipped_text(name: &str) -> &'static str {
    delve::io::SHIPPED_PRESETS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text).expect("a shipped preset")
}

pub fn shipped(name: &str) -> GeneratorParams {
    io::shipped_preset(name).expect("shipped preset exists").expect("shipped preset parses").generator
}

/// The `delve` binary of this build, as a command to run: the one place the tests name it.
pub fn delve_command() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_delve"))
}

/// Runs `delve` with `args` and waits for it.
pub fn delve(args: &[&str]) -> std::process::Output {
    delve_command().args(args).output().expect("run delve")
}

/// Runs `delve` with `args` in the folder `dir` and waits for it.
pub fn delve_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    delve_command().args(args).current_dir(dir).output().expect("run delve")
}

/// The parameters of a shipped grown-rooms preset.
pub fn shipped_grown(name: &str) -> delve::params::GrownRooms {
    match shipped(name) {
        GeneratorParams::GrownRooms(p) => p,
        other => panic!("{name} is not a grown-rooms preset: {other:?}"),
    }
}

/// The parameters of a shipped rooms-and-tunnels preset.
pub fn shipped_rooms_tunnels(name: &str) -> delve::params::RoomsAndTunnels {
    match shipped(name) {
        GeneratorParams::RoomsAndTunnels(p) => p,
        other => panic!("{name} is not a rooms-and-tunnels preset: {other:?}"),
    }
}

/// Generates and asserts that `validate()` finds nothing.
pub fn generate_valid(params: &GeneratorParams, seed: u64) -> Generated {
    let g = generate(params, seed).expect("valid parameters generate");
    let problems = g.map.validate();
    assert!(problems.is_empty(), "seed {seed}: {problems:#?}\n{}", g.map.to_ascii());
    g
}

/// Pins the maps of shipped preset `name` for `seeds`: each valid, equal to its golden file
/// `tests/golden/NAME-seed-SEED.txt`, and what `delve generate NAME --seed SEED --ascii` prints.
pub fn pin_preset_maps(name: &str, seeds: &[u64]) {
    let mut goldens = Goldens::new();
    for &seed in seeds {
        let m = generate_valid(&shipped(name), seed).map;
        goldens.check(&golden_dir().join(format!("{name}-seed-{seed}.txt")), &m.to_ascii());
        let out = delve(&["generate", name, "--seed", &seed.to_string(), "--ascii"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(m.to_ascii().trim_end()), "{name} seed {seed}:\n{text}");
    }
}

/// `params` with stage `stage` turned off in its list (checked: the list stays valid).
pub fn with_stage_off(mut params: GeneratorParams, stage: delve::params::stages::Stage) -> GeneratorParams {
    let entries: Vec<delve::params::stages::StageEntry> = params
        .stages()
        .entries(params.kind())
        .into_iter()
        .map(|e| delve::params::stages::StageEntry { on: e.stage != stage, ..e })
        .collect();
    assert!(params.set_stages(entries), "{stage:?} was on");
    assert_eq!(params.check(), [], "{stage:?} may be turned off");
    params
}

/// Where golden snapshots live.
pub fn golden_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Golden files checked by one test. Each [`Goldens::check`] compares a file with what the test
/// made, and fails at the first difference. With the test's bless variable set to `1`
/// (`DELVE_BLESS=1`, or the one given to [`Goldens::blessed_by`]) a file that differs (or is
/// missing) is rewritten instead, and the test then fails at its end, naming the files it
/// rewrote (none, when nothing differed): a blessing run is never green, so a snapshot is never
/// changed silently. Any other
/// value (`DELVE_BLESS=0`) compares.
pub struct Goldens {
    var: &'static str,
    bless: bool,
    rewritten: Vec<std::path::PathBuf>,
}

impl Goldens {
    /// Golden files blessed by `DELVE_BLESS=1`.
    pub fn new() -> Goldens {
        Goldens::blessed_by("DELVE_BLESS")
    }

    /// Golden files blessed by `var=1` alone.
    pub fn blessed_by(var: &'static str) -> Goldens {
        Goldens { var, bless: std::env::var_os(var).is_some_and(|v| v == "1"), rewritten: Vec::new() }
    }

    /// Compares `actual` with the golden file at `path` (or rewrites it, when blessing).
    pub fn check(&mut self, path: &std::path::Path, actual: &str) {
        let var = self.var;
        let expected = std::fs::read_to_string(path);
        if self.bless {
            if expected.as_deref().ok() != Some(actual) {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, actual).unwrap();
                self.rewritten.push(path.to_path_buf());
            }
            return;
        }
        let expected = expected.unwrap_or_else(|e| panic!("{}: {e} (run with {var}=1 to create it)", shown(path)));
        if expected != actual {
            let (e, a) = (expected.lines().count(), actual.lines().count());
            let first = 1 + expected.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(e.min(a));
            panic!(
                "{} differs from what the test made (first at line {first}; {var}=1 rewrites it).\n\
                 --- expected\n{expected}\n--- actual\n{actual}",
                shown(path),
            );
        }
    }
}

/// `path` as it is named in the repository.
fn shown(path: &std::path::Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(path).display().to_string()
}

impl Default for Goldens {
    fn default() -> Goldens {
        Goldens::new()
    }
}

impl Drop for Goldens {
    fn drop(&mut self) {
        // A blessing run is never green, even when nothing differed.
        if self.bless && !std::thread::panicking() {
            let names: Vec<String> = self.rewritten.iter().map(|p| shown(p)).collect();
            panic!(
                "{} golden file(s) rewritten{}{}; review the diff (git diff) and run again without {}",
                names.len(),
                if names.is_empty() { "" } else { ": " },
                names.join(", "),
                self.var
            );
        }
    }
}

/// Everything the editor and the command line do with a map that loaded.
pub fn exercise(m: &delve::map::Map) {
    let _ = m.validate();
    let _ = delve::map::metrics::Metrics::of(m);
    let _ = m.to_ascii();
    let _ = delve::analysis::thumbnail_of(m, 0, 64);
    let scale = delve::raster::max_scale(m).min(4);
    assert!(scale >= 1, "every map that loads can be drawn");
    delve::raster::render(m, scale, &delve::raster::Palette::default()).expect("fits");
    let text = io::map_to_string(m).expect("writes");
    let back = io::parse_map(&text, std::path::Path::new("again.ron")).expect("what was written reads back");
    assert_eq!(&back, m, "and is the same map");
    assert_eq!(io::map_to_string(&back).expect("writes"), text, "and the same text again");
    let mut doc = delve::edit::Document::from_map(m.clone());
    let cells = delve::geom::Rect::new(0, 0, 3, 3).cells().collect();
    let _ = doc.perform_once(delve::edit::Op::Paint { cells, tile: delve::map::Tile::Corridor });
    doc.check_now();
    assert_eq!(doc.problems(), &doc.map().validate()[..]);
}

/// Steps the editor's frames until three in a row end with no background job (results shown,
/// layout settled). A click is handled in a frame's UI and the job it asks for starts at the
/// next frame, so one idle frame is not enough: under load the job would still be running.
#[cfg(feature = "gui")]
pub fn settle(harness: &mut egui_kittest::Harness<'static, delve::app::DelveApp>) {
    let mut idle = 0;
    // Up to a minute or so of jobs: a search or a long run on a machine busy with other tests.
    for _ in 0..30_000 {
        harness.step();
        if harness.state().is_busy() {
            idle = 0;
            std::thread::sleep(std::time::Duration::from_millis(2));
        } else {
            idle += 1;
            if idle == 3 {
                return;
            }
        }
    }
    panic!("the editor never became idle");
}

/// eframe storage in memory, for restarting the editor in a test.
#[cfg(feature = "gui")]
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

#[cfg(feature = "gui")]
impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// No two corridors are the same passage: the same two doors along the same path, either way.
pub fn assert_each_passage_once(m: &delve::map::Map, what: &str) {
    let mut seen = std::collections::HashSet::new();
    for c in &m.corridors {
        let mut path = c.path.to_vec();
        let mut doors = c.doors;
        if (doors[1], path.last()) < (doors[0], path.first()) {
            doors.reverse();
            path.reverse();
        }
        assert!(seen.insert((doors, path)), "{what}: corridor {} repeats a passage", c.id);
    }
}

/// Allowed values of a parameter for tests to set: its bounds, a value between them, and each
/// option or both truth values.
fn allowed_values(kind: ParamKind) -> Vec<ParamValue> {
    match kind {
        ParamKind::Int { min, max } => vec![min, min + (max - min) / 2, max].into_iter().map(ParamValue::Int).collect(),
        ParamKind::Float { min, max } => vec![min, (min + max) / 2.0, max].into_iter().map(ParamValue::Float).collect(),
        ParamKind::Range { min, max } => {
            let mid = min + (max - min) / 2;
            let inner = ParamValue::Range(min + 1, (max - 1).max(min + 1));
            vec![ParamValue::Range(min, mid), ParamValue::Range(mid + 1, max), ParamValue::Range(min, max), inner]
        }
        ParamKind::Choice(options) => (0..options.len()).map(ParamValue::Choice).collect(),
        ParamKind::Bool => vec![ParamValue::Bool(false), ParamValue::Bool(true)],
    }
}

/// Every parameter of `params`, from its generator's table: set to each allowed value that
/// differs from the one it has (for a range, one that moves both ends when there is one), read
/// back as set, the parameters changed by it and no other parameter moved. A setter that
/// ignores its value or writes another field fails.
pub fn assert_each_setter_writes(mut params: GeneratorParams) {
    let specs = params.kind().specs();
    for spec in specs {
        let key = spec.key;
        let mut set = 0;
        for v in allowed_values(spec.kind) {
            let current = params.params().get(key).unwrap_or_else(|| panic!("{key} readable"));
            let differs = match (v, current) {
                (ParamValue::Range(a, b), ParamValue::Range(c, d)) => a != c && b != d,
                _ => v != current,
            };
            if !differs {
                continue;
            }
            let before = params.clone();
            assert!(params.params_mut().set(key, v), "{key} takes {v:?}");
            assert_eq!(params.params().get(key), Some(v), "{key} reads back the value it was set to");
            assert_ne!(params, before, "setting {key} to {v:?} changed the parameters");
            for other in specs.iter().filter(|s| s.key != key) {
                assert_eq!(params.params().get(other.key), before.params().get(other.key), "{key} moved {}", other.key);
            }
            set += 1;
        }
        assert!(set > 0, "{key}: no allowed value differs from {:?}", params.params().get(key));
    }
}

/// The distinct rooms each room's corridors lead to (indices into `map.rooms`; a corridor from a
/// room to itself or through a missing door adds nothing), and the ways on the tiles no corridor
/// lists (see [`tile_ways`]): the room graph, read from the doors, corridors and tiles directly,
/// not through the room graph under test (`delve::map::graph`).
pub fn room_neighbours(map: &delve::map::Map) -> Vec<std::collections::BTreeSet<usize>> {
    let mut out = corridor_neighbours(map);
    for (a, b) in tile_ways(map) {
        out[a].insert(b);
        out[b].insert(a);
    }
    out
}

/// [`room_neighbours`] by the corridors alone: the structure a generator builds (grown rooms'
/// tree and its loops), whatever else the tiles join.
pub fn corridor_neighbours(map: &delve::map::Map) -> Vec<std::collections::BTreeSet<usize>> {
    let index = |room: u32| map.rooms.iter().position(|r| r.id == room);
    let room_of = |door: u32| map.door(door).and_then(|d| index(d.room));
    let mut out = vec![std::collections::BTreeSet::new(); map.rooms.len()];
    for c in &map.corridors {
        if let (Some(a), Some(b)) = (room_of(c.doors[0]), room_of(c.doors[1]))
            && a != b
        {
            out[a].insert(b);
            out[b].insert(a);
        }
    }
    out
}

/// The ways the tiles join rooms besides the corridors, as the room graph's docs define them,
/// worked out here tile by tile: two rooms whose floors touch (side by side or on one tile); a
/// corridor's tile beside the floor of a room that is neither of its own, which joins that room
/// to both; corridor floor no corridor lists beside a room's floor, which joins the room to the
/// lowest room of a corridor in that stretch of corridor floor (or, with none, to the lowest
/// room the stretch touches).
pub fn tile_ways(map: &delve::map::Map) -> std::collections::BTreeSet<(usize, usize)> {
    use delve::geom::Pos;
    use delve::map::Tile;
    use std::collections::{BTreeMap, BTreeSet, VecDeque};
    let mut owner: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    let mut ways = BTreeSet::new();
    let way = |a: usize, b: usize, ways: &mut BTreeSet<(usize, usize)>| {
        if a != b {
            ways.insert((a.min(b), a.max(b)));
        }
    };
    for (i, room) in map.rooms.iter().enumerate() {
        for c in room.shape.cells() {
            if let Some(&o) = owner.get(&(c.x, c.y)) {
                way(o, i, &mut ways);
            }
            owner.insert((c.x, c.y), i);
        }
    }
    let at = |p: Pos| owner.get(&(p.x, p.y)).copied();
    for (&(x, y), &a) in &owner {
        for q in [Pos::new(x + 1, y), Pos::new(x, y + 1), Pos::new(x - 1, y), Pos::new(x, y - 1)] {
            if let Some(b) = at(q) {
                way(a, b, &mut ways);
            }
        }
    }
    let index = |room: u32| map.rooms.iter().position(|r| r.id == room);
    let ends = |c: &delve::map::Corridor| -> Option<(usize, usize)> {
        Some((index(map.door(c.doors[0])?.room)?, index(map.door(c.doors[1])?.room)?))
    };
    let mut listed = BTreeSet::new();
    for c in &map.corridors {
        let Some((a, b)) = ends(c) else { continue };
        let mut cells = Vec::new();
        c.for_each_cell(|p| cells.push(p));
        for p in cells {
            listed.insert((p.x, p.y));
            for q in p.neighbours4() {
                if let Some(r) = at(q).filter(|&r| r != a && r != b) {
                    way(a, r, &mut ways);
                    way(b, r, &mut ways);
                }
            }
        }
    }
    // Stretches of corridor floor (not a room's), each walked from its first tile.
    let passage = |p: Pos| map.tile(p).is_some_and(|t| t != Tile::Wall) && at(p).is_none();
    let mut stretch: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    let mut count = 0;
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            if !passage(Pos::new(x, y)) || stretch.contains_key(&(x, y)) {
                continue;
            }
            stretch.insert((x, y), count);
            let mut queue = VecDeque::from([Pos::new(x, y)]);
            while let Some(p) = queue.pop_front() {
                for q in p.neighbours4() {
                    if passage(q) && !stretch.contains_key(&(q.x, q.y)) {
                        stretch.insert((q.x, q.y), count);
                        queue.push_back(q);
                    }
                }
            }
            count += 1;
        }
    }
    let mut end_rooms: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for c in &map.corridors {
        let (Some((a, b)), Some(first)) = (ends(c), c.path.first()) else { continue };
        if let Some(&k) = stretch.get(&(first.x, first.y)) {
            end_rooms.entry(k).or_default().extend([a, b]);
        }
    }
    let mut touched: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (&(x, y), &k) in &stretch {
        if listed.contains(&(x, y)) {
            continue;
        }
        for q in Pos::new(x, y).neighbours4() {
            if let Some(r) = at(q).filter(|r| !end_rooms.get(&k).is_some_and(|e| e.contains(r))) {
                touched.entry(k).or_default().insert(r);
            }
        }
    }
    for (k, rooms) in touched {
        let hub = end_rooms.get(&k).and_then(|e| e.first().copied()).into_iter().chain(rooms.first().copied()).min();
        if let Some(hub) = hub {
            for r in rooms {
                way(hub, r, &mut ways);
            }
        }
    }
    // Rooms a corridor joins need no other way.
    for c in &map.corridors {
        if let Some((a, b)) = ends(c) {
            ways.remove(&(a.min(b), a.max(b)));
        }
    }
    ways
}

/// Corridors from room `from` to each room of the graph `adj` ([`room_neighbours`]), by
/// breadth-first search that never enters room `without`; `None` for rooms not reached.
pub fn room_distances(
    adj: &[std::collections::BTreeSet<usize>],
    from: usize,
    without: Option<usize>,
) -> Vec<Option<u32>> {
    let mut d = vec![None; adj.len()];
    d[from] = Some(0);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(r) = queue.pop_front() {
        for &n in &adj[r] {
            if d[n].is_none() && Some(n) != without {
                d[n] = d[r].map(|x| x + 1);
                queue.push_back(n);
            }
        }
    }
    d
}
