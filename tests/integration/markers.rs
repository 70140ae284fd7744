//! Markers and key-and-lock pairs: placed by their kinds' rules after the roles, every key before
//! its lock, maps without markers unchanged, what cannot be met told in the report, and the
//! markers kept by map files.

use crate::common::{generate_valid, shipped};
use delve::generate::record::{SharedStep, Step};
use delve::generate::{Request, generate, replay};
use delve::geom::Pos;
use delve::io;
use delve::io::SHIPPED_PRESETS;
use delve::map::graph::RoomGraph;
use delve::map::{Map, Opening, Tile};
use delve::params::markers::{MarkerKind, RoomClass};
use delve::params::{GeneratorParams, SizeRange};

/// Checks every marker of `m` (a map of `params`) against its kind's rules and every key
/// against its lock; `what` names the map in messages. Returns (markers, keys).
fn check_markers(params: &GeneratorParams, m: &Map, what: &str) -> (usize, u32) {
    let rules = params.markers();
    let graph = RoomGraph::of(m);
    let deepest = graph.nodes.iter().filter_map(|n| n.distance).max().unwrap_or(0);
    let doors: Vec<Pos> = m.doors.iter().map(|d| d.cell).collect();
    for (i, mk) in m.markers.iter().enumerate() {
        let room = m.rooms.iter().position(|r| r.shape.contains(mk.at));
        let room = room.unwrap_or_else(|| panic!("{what}: marker {i} ({}) at {} is in no room", mk.kind, mk.at));
        assert_eq!(m.tile(mk.at), Some(Tile::Floor), "{what}: marker {i} stands on floor");
        assert!(m.walkable(mk.at), "{what}: marker {i} stands on a tile that can be walked");
        assert!(!doors.contains(&mk.at) && mk.at != m.spawn, "{what}: marker {i} blocks a door or the spawn");
        assert!(!m.markers[..i].iter().any(|o| o.at == mk.at), "{what}: two markers on {}", mk.at);
        if mk.key.is_some() {
            assert_eq!(mk.kind, rules.keys.name);
            continue;
        }
        let kind = rules.kind(&mk.kind).unwrap_or_else(|| panic!("{what}: marker kind {} is declared", mk.kind));
        assert!(
            kind.weight(m.rooms[room].role) > 0.0,
            "{what}: {} in a room of role {:?}",
            mk.kind,
            m.rooms[room].role
        );
        let d = graph.distance(room).expect("the entrance reaches every marked room");
        assert!((kind.depth.min..=kind.depth.max).contains(&d), "{what}: {} at depth {d}", mk.kind);
        let t = if deepest == 0 { 0.0 } else { f64::from(d) / f64::from(deepest) };
        // The level as the docs define it, worked out here: `from` to `to` along the curve at
        // the room's share of the deepest distance, rounded, at least 1.
        let want = kind.difficulty.map_or(0, |diff| {
            use delve::params::markers::Curve;
            let along = match diff.curve {
                Curve::Linear => t,
                Curve::Late => t * t,
                Curve::Early => t.sqrt(),
            };
            let (a, b) = (f64::from(diff.from), f64::from(diff.to));
            ((a + (b - a) * along).round() as u32).max(1)
        });
        assert_eq!(mk.level, want, "{what}: {}'s level at depth {d}", mk.kind);
        if kind.spacing > 1 {
            for o in &m.markers[..i] {
                let apart = (o.at.x - mk.at.x).abs().max((o.at.y - mk.at.y).abs());
                assert!(apart >= kind.spacing as i32, "{what}: {} at {} is {apart} from {}", mk.kind, mk.at, o.at);
            }
        }
        if kind.against_wall {
            let walled = [(0, -1), (0, 1), (1, 0), (-1, 0)]
                .iter()
                .any(|&(dx, dy)| m.tile(mk.at.offset(dx, dy)).is_none_or(|t| t == Tile::Wall));
            assert!(walled, "{what}: {} at {} is against a wall", mk.kind, mk.at);
        }
    }
    // Every key before its lock, every lock holding, on the tiles (the test's own walk).
    crate::certified::assert_certified(m, what);
    let keys = m.markers.iter().filter(|k| k.key.is_some()).count() as u32;
    (m.markers.len(), keys)
}

#[test]
fn every_preset_with_markers_places_them_by_their_rules_and_every_key_before_its_lock() {
    let with: Vec<&str> = SHIPPED_PRESETS.iter().map(|(n, _)| *n).filter(|n| !shipped(n).markers().is_off()).collect();
    assert_eq!(with, ["grown-quest"]);
    for name in with {
        let params = shipped(name);
        let (mut markers, mut keys, mut stairs) = (0, 0, 0);
        for seed in 0..2000 {
            let g = generate(&params, seed).expect("generates");
            let what = format!("{name} seed {seed}");
            let (n, k) = check_markers(&params, &g.map, &what);
            crate::tiles::check_tiles(&params, &g.map, &what);
            markers += n;
            keys += k;
            let here = g.map.markers.iter().filter(|m| m.kind == "stairs").count();
            stairs += here;
            if here == 0 {
                let notes = g.report.notes.join("; ");
                assert!(notes.contains("marker “stairs”: 0 of 1 placed"), "{what}: why no stairs: {notes}");
            }
            if seed % 50 == 0 {
                assert_eq!(g.map.validate(), [], "{what}");
            }
        }
        assert!(keys >= 2 * 2000 * 9 / 10, "{name}: {keys} keys over 2000 maps (two asked)");
        // The exit is now and then a closet whose one tile is its door's: then the report says so.
        assert!(stairs >= 2000 * 95 / 100, "{name}: the stairs in the exit of {stairs} of 2000 maps");
        assert!(markers > 2000 * 20, "{name}: {markers} markers");
    }
}

#[test]
fn markers_never_move_a_room_and_maps_without_them_are_unchanged() {
    let params = shipped("grown-quest");
    let mut bare = params.clone();
    *bare.markers_mut() = Default::default();
    for seed in 0..40 {
        let (with, without) = (generate_valid(&params, seed).map, generate_valid(&bare, seed).map);
        assert!(without.markers.is_empty() && without.doors.iter().all(|d| d.opening == Opening::Door));
        let mut plain = with.clone();
        plain.markers.clear();
        plain.doors.iter_mut().for_each(|d| d.opening = Opening::Door);
        plain.set_tile_kinds(Vec::new());
        plain.provenance = without.provenance.clone();
        assert_eq!(plain, without, "seed {seed}: only markers, door openings and tile kinds differ");
    }
}

#[test]
fn rules_that_cannot_be_met_are_told_in_the_report() {
    let mut params = shipped("godot-part3");
    let chest =
        |name: &str| MarkerKind { name: name.into(), weights: vec![(RoomClass::Treasure, 1.0)], ..Default::default() };
    let crowd = MarkerKind { name: "crowd".into(), per_room: SizeRange::new(64, 64), ..Default::default() };
    params.markers_mut().kinds = vec![chest("chest"), crowd];
    params.markers_mut().keys.pairs = 2;
    let g = generate_valid(&params, 3);
    let notes = g.report.notes.join("\n");
    assert!(notes.contains("marker “chest” not placed: no room the entrance reaches has a role"), "{notes}");
    assert!(notes.contains("marker “crowd”:") && notes.contains("placed (too few free floor tiles"), "{notes}");
    check_markers(&params, &g.map, "godot-part3 with markers");
    // Bad settings are refused, each saying which kind and what is allowed.
    params.markers_mut().kinds[1].per_room = SizeRange::new(5, 2);
    params.markers_mut().kinds.push(MarkerKind { name: "chest".into(), ..Default::default() });
    let issues: Vec<String> = params.check().into_iter().map(|i| i.message).collect();
    assert!(issues.iter().any(|m| m.contains("“crowd”: per room 5 to 2")), "{issues:?}");
    assert!(issues.iter().any(|m| m.contains("“chest” is declared twice")), "{issues:?}");
}

#[test]
fn map_files_keep_markers_and_locked_doors_and_refuse_unknown_kinds() {
    let g = generate_valid(&shipped("grown-quest"), 7);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quest.ron");
    io::save_map(&path, &g.map).unwrap();
    let back = io::load_map(&path).unwrap();
    assert_eq!(back, g.map, "markers and door openings read back exactly");
    assert!(back.doors.iter().any(|d| matches!(d.opening, Opening::Locked(1))));
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = text.replacen("kind: \"loot\"", "kind: \"lewt\"", 1);
    std::fs::write(&path, &bad).unwrap();
    let err = io::load_map(&path).unwrap_err();
    let (line, _) = err.location().expect("a line and column");
    assert_eq!(bad.lines().nth(line - 1).map(|l| l.contains("lewt")), Some(true), "{err}");
    assert!(err.to_string().contains("“lewt”") && err.to_string().contains("monster, loot, stairs, key"), "{err}");
    // A map without markers writes no `markers` field at all.
    let plain = generate_valid(&shipped("grown-treasure"), 7).map;
    assert!(!io::map_to_string(&plain).unwrap().contains("markers"));
}

#[test]
fn the_timeline_tells_each_kind_and_key_and_replays_to_the_map() {
    let params = shipped("grown-quest");
    let made = Request::new(&params, 5).recorded(true).run().expect("generates");
    let steps = made.recording.expect("recorded").steps;
    let keys: Vec<&Step> = steps.iter().filter(|s| matches!(s, Step::Shared(SharedStep::KeyPlaced { .. }))).collect();
    assert_eq!(keys.len(), 2);
    assert!(keys[0].sentence().starts_with("Door ") && keys[0].sentence().contains("locked with key 1"));
    let kinds: Vec<String> = steps
        .iter()
        .filter(|s| matches!(s, Step::Shared(SharedStep::MarkersPlaced { .. })))
        .map(|s| s.sentence())
        .collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    assert!(kinds[2].contains("“stairs” put in 1 room"), "{kinds:?}");
    let full = replay(&params, 5, &steps).expect("replays");
    assert_eq!(full.markers, made.generated.map.markers);
    let before = replay(&params, 5, &steps[..steps.len() - 3]).expect("replays");
    assert_eq!(before.markers.len(), 2, "the two keys, before the kinds");
}

#[test]
fn sweeps_count_markers_and_keys_reached_before_their_locks() {
    use delve::measure::{Stat, SweepRow};
    let at = |s: Stat| s.metric_index().unwrap();
    for (name, with) in [("grown-quest", true), ("grown-treasure", false)] {
        let params = shipped(name);
        for seed in 0..60 {
            let row = SweepRow::of(&params, seed, None, delve::analysis::sweep::Figures::OfTheMap).unwrap();
            let map = generate(&params, seed).unwrap().map;
            assert_eq!(row.values[at(Stat::Markers)] as usize, map.markers.len(), "{name} seed {seed}");
            assert_eq!(row.values[at(Stat::KeysReached)], 100.0, "{name} seed {seed}: every key before its lock");
            assert_eq!(map.markers.is_empty(), !with);
        }
    }
    // A key out of reach (moved behind its own lock) counts against the figure.
    let mut map = generate(&shipped("grown-quest"), 5).unwrap().map;
    // Into the exit, which every lock keeps out.
    let exit = map.rooms.iter().find(|r| r.role == Some(delve::map::Role::Exit)).unwrap().shape.cells();
    let at = *exit.iter().find(|&&p| !map.markers.iter().any(|m| m.at == p)).unwrap();
    let key = map.markers.iter_mut().find(|m| m.key == Some(2)).unwrap();
    key.at = at;
    let (held, _) = crate::certified::Walk::new(&map).explore();
    assert_eq!(held.into_iter().collect::<Vec<u32>>(), [1]);
    assert_eq!(delve::map::markers::Content::of(&map).keys_reached_percent, 50.0);
}

/// A locked room keeps its markers when the map is generated again around it: exactly those,
/// and no new ones; new keys are numbered after the kept ones, and every key is still reached
/// before its lock.
#[test]
fn locked_rooms_keep_their_markers_when_generated_again() {
    use delve::map::locks::Kept;
    use std::sync::Arc;
    let params = shipped("grown-quest");
    let mut map = generate_valid(&params, 11).map;
    // Lock the entrance's room and a room with markers (not behind a lock: any room the walk
    // reaches without keys).
    let graph = RoomGraph::of(&map);
    let entrance = graph.entrance.unwrap();
    let reach = graph.reach(entrance, |_| true);
    let marked = (0..map.rooms.len())
        .find(|&r| {
            r != entrance
                && reach[r].is_some()
                && map.markers.iter().any(|m| m.key.is_none() && map.rooms[r].shape.contains(m.at))
        })
        .unwrap();
    for r in [entrance, marked] {
        map.rooms[r].locked = true;
    }
    let kept = Kept::of(&map).unwrap();
    let inside = |m: &Map, r: usize| -> Vec<delve::map::Marker> {
        m.markers.iter().filter(|k| m.rooms.get(r).is_some_and(|room| room.shape.contains(k.at))).cloned().collect()
    };
    assert!(!kept.markers.is_empty());
    let kept = Arc::new(kept);
    for seed in 0..20 {
        let again = Request::new(&params, seed).keeping(Some(kept.clone())).run().expect("generates").generated.map;
        let locked: Vec<usize> = (0..again.rooms.len()).filter(|&r| again.rooms[r].locked).collect();
        let mut held: Vec<delve::map::Marker> = locked.iter().flat_map(|&r| inside(&again, r)).collect();
        let mut want = kept.markers.clone();
        held.sort_by_key(|m| (m.at.y, m.at.x));
        want.sort_by_key(|m| (m.at.y, m.at.x));
        assert_eq!(held, want, "seed {seed}: the locked rooms' markers, exactly");
        crate::certified::assert_certified(&again, &format!("seed {seed}"));
        let keys: Vec<u32> = again.markers.iter().filter_map(|m| m.key).collect();
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "seed {seed}: key numbers differ");
    }
}

#[test]
fn openings_make_plain_doors_secret_or_arches_at_their_chances() {
    let params = shipped("grown-quest");
    let o = params.markers().openings;
    assert!(o.secret > 0.0 && o.arch > 0.0);
    let (mut plain, mut secret, mut arch, mut locked, mut keys) = (0, 0, 0, 0, 0);
    for seed in 0..300 {
        let m = generate_valid(&params, seed).map;
        // A locked door is a tile: the doors of the two rooms it stands between are both locked.
        let mut locked_tiles = std::collections::BTreeSet::new();
        for d in &m.doors {
            match d.opening {
                Opening::Door => plain += 1,
                Opening::Secret => secret += 1,
                Opening::Arch => arch += 1,
                Opening::Locked(k) => {
                    locked_tiles.insert((d.outside().x, d.outside().y, k));
                }
            }
        }
        // A tile is one door to a player: doors sharing it open alike.
        for d in &m.doors {
            for e in m.doors.iter().filter(|e| e.outside() == d.outside()) {
                assert_eq!(d.opening, e.opening, "seed {seed}: doors {} and {} share a tile", d.id, e.id);
            }
        }
        let locked_keys: std::collections::BTreeSet<u32> = locked_tiles.iter().map(|t| t.2).collect();
        assert_eq!(locked_keys.len(), locked_tiles.len(), "seed {seed}: a key's lock is one tile");
        locked += locked_tiles.len();
        // Secret doors and arches are passable: every key is still reached before its lock.
        keys += m.markers.iter().filter(|k| k.key.is_some()).count();
        crate::certified::assert_certified(&m, &format!("seed {seed}"));
    }
    let n = f64::from(plain + secret + arch);
    let (s, a) = (f64::from(secret) / n, f64::from(arch) / n);
    assert!((s - o.secret).abs() < 0.02, "secret share {s:.3}");
    assert!((a - (1.0 - o.secret) * o.arch).abs() < 0.02, "arch share {a:.3}");
    assert_eq!(locked, keys, "the locks are the keys' alone");
    // Off: every door plain but the locked ones.
    let mut off = params.clone();
    off.markers_mut().openings = Default::default();
    let m = generate_valid(&off, 4).map;
    assert!(m.doors.iter().all(|d| matches!(d.opening, Opening::Door | Opening::Locked(_))));
}
