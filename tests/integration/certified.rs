//! Certified maps: every promise a generated map makes to a game, checked on the tiles a player
//! walks, by a walk written here (not the library's `map::certify`, nor the room graph that
//! placed the locks): every key reached before its lock, every lock keeping out what lies behind
//! it, a vault entered only by its doors; over every family, with vaults, key pairs 1 to 3 and
//! tile kinds, on thousands of seeds.

use crate::common::shipped;
use delve::generate::generate;
use delve::geom::Pos;
use delve::io::SHIPPED_PRESETS;
use delve::io::vaults::{Base, read_libraries};
use delve::map::{Map, Opening, Role, Tile, TileKind};
use delve::params::GeneratorParams;
use delve::params::tiles::TileRule;
use delve::params::vaults::Vaults;
use std::collections::{BTreeSet, VecDeque};

/// A player's walk, as a test writes it from the rules a game reads in the docs: floor of a
/// walkable kind is entered, rock never; the tile outside a locked door only holding its key.
pub(crate) struct Walk<'m> {
    m: &'m Map,
    /// Locked door tiles and their keys.
    locks: Vec<(Pos, u32)>,
    /// Key markers: where, which.
    keys: Vec<(Pos, u32)>,
}

impl<'m> Walk<'m> {
    pub(crate) fn new(m: &'m Map) -> Walk<'m> {
        let locks = m
            .doors
            .iter()
            .filter_map(|d| match d.opening {
                Opening::Locked(k) => Some((d.cell.step(d.side), k)),
                _ => None,
            })
            .collect();
        let keys = m.markers.iter().filter_map(|mk| Some((mk.at, mk.key?))).collect();
        Walk { m, locks, keys }
    }

    fn stand(&self, p: Pos, held: &BTreeSet<u32>, closed: Option<Pos>) -> bool {
        let floor = matches!(self.m.tile(p), Some(Tile::Floor | Tile::Corridor));
        let kind_ok = self.m.tile_kind(p).is_none_or(|k: &TileKind| k.walkable);
        let unlocked = self.locks.iter().all(|&(at, k)| at != p || held.contains(&k));
        floor && kind_ok && unlocked && Some(p) != closed
    }

    /// The tiles reached from `start` holding `held` (never `closed`), four or eight ways.
    fn reach(&self, start: Pos, held: &BTreeSet<u32>, eight: bool, closed: Option<Pos>) -> BTreeSet<(i32, i32)> {
        let mut seen = BTreeSet::new();
        if !self.stand(start, held, closed) {
            return seen;
        }
        let mut queue = VecDeque::from([start]);
        seen.insert((start.x, start.y));
        let ways: &[(i32, i32)] = if eight {
            &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        } else {
            &[(1, 0), (-1, 0), (0, 1), (0, -1)]
        };
        while let Some(p) = queue.pop_front() {
            for &(dx, dy) in ways {
                let q = p.offset(dx, dy);
                if !seen.contains(&(q.x, q.y)) && self.stand(q, held, closed) {
                    seen.insert((q.x, q.y));
                    queue.push_back(q);
                }
            }
        }
        seen
    }

    /// Walks from the spawn four ways, picking up every key reached, until no new key is;
    /// the keys held and the tiles reached.
    pub(crate) fn explore(&self) -> (BTreeSet<u32>, BTreeSet<(i32, i32)>) {
        let mut held = BTreeSet::new();
        loop {
            let seen = self.reach(self.m.spawn, &held, false, None);
            let before = held.len();
            held.extend(self.keys.iter().filter(|(p, _)| seen.contains(&(p.x, p.y))).map(|&(_, k)| k));
            if held.len() == before {
                return (held, seen);
            }
        }
    }
}

fn walkable_tiles(m: &Map) -> usize {
    let mut n = 0;
    for y in 0..m.height() as i32 {
        for x in 0..m.width() as i32 {
            let p = Pos::new(x, y);
            n += usize::from(
                matches!(m.tile(p), Some(Tile::Floor | Tile::Corridor)) && m.tile_kind(p).is_none_or(|k| k.walkable),
            );
        }
    }
    n
}

/// The exit's tiles: the exit role's room, else (as the docs say) the room whose nearest tile
/// is farthest from the spawn, four ways with every key held, the lowest on a tie.
fn exit_tiles(m: &Map) -> Vec<Pos> {
    if let Some(r) = m.rooms.iter().find(|r| r.role == Some(Role::Exit)) {
        return r.shape.cells();
    }
    let walk = Walk::new(m);
    let all: BTreeSet<u32> = walk.locks.iter().map(|&(_, k)| k).collect();
    // Steps from the spawn, breadth first.
    let mut steps = std::collections::BTreeMap::from([((m.spawn.x, m.spawn.y), 0u32)]);
    let mut queue = VecDeque::from([m.spawn]);
    while let Some(p) = queue.pop_front() {
        let d = steps[&(p.x, p.y)];
        for q in p.neighbours4() {
            if !steps.contains_key(&(q.x, q.y)) && walk.stand(q, &all, None) {
                steps.insert((q.x, q.y), d + 1);
                queue.push_back(q);
            }
        }
    }
    let mut best: Option<(u32, usize)> = None;
    for (i, r) in m.rooms.iter().enumerate() {
        let nearest = r.shape.cells().iter().filter_map(|c| steps.get(&(c.x, c.y)).copied()).min();
        if let Some(d) = nearest
            && best.is_none_or(|(b, _)| d > b)
        {
            best = Some((d, i));
        }
    }
    best.map(|(_, i)| m.rooms[i].shape.cells()).unwrap_or_default()
}

/// Every promise of `m` on its tiles; `what` names it in messages.
pub(crate) fn assert_certified(m: &Map, what: &str) {
    let walk = Walk::new(m);
    let (held, seen) = walk.explore();
    let all_keys: BTreeSet<u32> = walk.keys.iter().map(|&(_, k)| k).collect();
    let locked: BTreeSet<u32> = walk.locks.iter().map(|&(_, k)| k).collect();
    assert_eq!(all_keys, locked, "{what}: a key for each lock, a lock for each key");
    assert_eq!(held, all_keys, "{what}: every key is reached before its lock");
    assert_eq!(seen.len(), walkable_tiles(m), "{what}: holding the keys, every walkable tile is reached");
    let exit = exit_tiles(m);
    if exit.is_empty() {
        // No exit (a map of one room, or roles off): nothing to lock the way to.
        assert!(walk.locks.is_empty(), "{what}: locks without an exit");
        return;
    }
    assert!(exit.iter().any(|p| seen.contains(&(p.x, p.y))), "{what}: the exit is reached");
    if walk.locks.is_empty() {
        return;
    }
    // No key at all, stepping eight ways (diagonals between corners of rock too): the exit
    // stays out of reach.
    let none = walk.reach(m.spawn, &BTreeSet::new(), true, None);
    assert!(!exit.iter().any(|p| none.contains(&(p.x, p.y))), "{what}: the exit is reached without any key");
    // Each lock alone, every other key held, eight ways: something beside it is out of reach.
    for &(at, k) in &walk.locks {
        let round = walk.reach(m.spawn, &all_keys, true, Some(at));
        let lost = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| at.offset(dx, dy)))
            .any(|q| q != at && walk.stand(q, &all_keys, None) && !round.contains(&(q.x, q.y)));
        assert!(lost, "{what}: the lock of key {k} at {at} is walked round");
    }
}

/// Every vault of `m` is sealed: the tiles around its floor (diagonals too) are its floor, rock,
/// or the tile outside one of its own doors.
fn assert_vaults_sealed(m: &Map, what: &str) {
    for room in m.rooms.iter().filter(|r| r.vault) {
        let floor: BTreeSet<(i32, i32)> = room.shape.cells().iter().map(|c| (c.x, c.y)).collect();
        let doors: BTreeSet<(i32, i32)> =
            m.doors.iter().filter(|d| d.room == room.id).map(|d| d.cell.step(d.side)).map(|p| (p.x, p.y)).collect();
        for &(x, y) in &floor {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let q = (x + dx, y + dy);
                let rock = m.tile(Pos::new(q.0, q.1)).is_none_or(|t| t == Tile::Wall);
                assert!(
                    rock || floor.contains(&q) || doors.contains(&q),
                    "{what}: vault “{}” is open at {q:?}, beside its floor {:?}",
                    room.label.as_deref().unwrap_or("?"),
                    (x, y)
                );
            }
        }
    }
}

/// `params` with `pairs` key pairs, an entrance and an exit, and (when `kinds`) a chasm and water
/// painted in rooms.
fn quest(params: GeneratorParams, pairs: u32, kinds: bool) -> GeneratorParams {
    let mut params = keys_only(params, pairs, kinds);
    params.roles_mut().entrance_exit = true;
    params
}

/// `params` with `pairs` key pairs (no roles added: the keys lock the way to the farthest room),
/// and (when `kinds`) a chasm and water painted in rooms.
fn keys_only(mut params: GeneratorParams, pairs: u32, kinds: bool) -> GeneratorParams {
    params.markers_mut().keys.pairs = pairs;
    if kinds {
        params.markers_mut().tiles = vec![
            TileRule {
                name: "chasm".into(),
                glyph: ':',
                colour: [110, 40, 150],
                walkable: false,
                ..TileRule::default()
            },
            TileRule { name: "water".into(), glyph: '~', corridors: 3.0, ..TileRule::default() },
        ];
    }
    params
}

fn with_vaults(mut params: GeneratorParams) -> GeneratorParams {
    *params.vaults_mut() = Vaults { libraries: vec!["vaults/library.ron".into()], count: 2, ..Vaults::default() };
    read_libraries(&mut params, &Base::Shipped);
    params
}

/// Seeds per variant: CI runs enough to find what a few percent of maps do wrong.
const SEEDS: u64 = 60;

#[test]
fn every_family_with_keys_vaults_and_tile_kinds_keeps_its_promises_on_the_tiles() {
    let mut maps = 0;
    let mut locks = 0;
    for (name, _) in SHIPPED_PRESETS {
        for pairs in 1..=3 {
            for (vaults, kinds, roles) in [(false, false, true), (true, true, true), (false, false, false)] {
                let mut params =
                    if roles { quest(shipped(name), pairs, kinds) } else { keys_only(shipped(name), pairs, kinds) };
                if vaults {
                    params = with_vaults(params);
                }
                for seed in 0..SEEDS {
                    let what =
                        format!("{name}, {pairs} pairs, vaults {vaults}, kinds {kinds}, roles {roles}, seed {seed}");
                    let g = generate(&params, seed).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_certified(&g.map, &what);
                    assert_vaults_sealed(&g.map, &what);
                    locks += g.map.doors.iter().filter(|d| matches!(d.opening, Opening::Locked(_))).count();
                    maps += 1;
                }
            }
        }
    }
    // Locks were placed: the test looked at them, not at maps without any.
    assert!(locks > maps / 2, "{locks} locks on {maps} maps");
}

#[test]
fn the_shipped_presets_keep_their_promises_and_their_vaults_are_sealed() {
    for (name, _) in SHIPPED_PRESETS {
        let params = shipped(name);
        for seed in 0..200 {
            let g = generate(&params, seed).unwrap();
            let what = format!("{name} seed {seed}");
            assert_vaults_sealed(&g.map, &what);
            if !exit_tiles(&g.map).is_empty() {
                assert_certified(&g.map, &what);
            }
        }
    }
}

/// The library's judge agrees with this walk: a map it certifies, this walk certifies, and
/// the other way; a lock it calls free, this walk finds walked round.
#[test]
fn the_library_walk_agrees_with_the_test_walk() {
    let params = quest(shipped("mcrogueface-part3"), 3, true);
    for seed in 0..100 {
        let mut m = generate(&params, seed).unwrap().map;
        // A lock moved to another door, at random-ish: often walked round, sometimes a key
        // behind its own lock.
        let locked: Vec<usize> =
            (0..m.doors.len()).filter(|&i| matches!(m.doors[i].opening, Opening::Locked(_))).collect();
        if let Some(&first) = locked.first() {
            let to = (first + seed as usize * 7) % m.doors.len();
            let opening = m.doors[first].opening;
            m.doors[first].opening = Opening::Door;
            m.doors[to].opening = opening;
        }
        let c = delve::map::certify::certify(&m);
        let walk = Walk::new(&m);
        let (held, seen) = walk.explore();
        let all_keys: BTreeSet<u32> = walk.keys.iter().map(|&(_, k)| k).collect();
        let missed: Vec<u32> = all_keys.difference(&held).copied().collect();
        assert_eq!(c.keys_missed, missed, "seed {seed}");
        assert_eq!(c.unreached, walkable_tiles(&m) - seen.len(), "seed {seed}");
        for d in m.doors.iter().filter(|d| matches!(d.opening, Opening::Locked(_))) {
            let at = d.cell.step(d.side);
            let round = walk.reach(m.spawn, &all_keys, true, Some(at));
            let free = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| at.offset(dx, dy)))
                .all(|q| q == at || !walk.stand(q, &all_keys, None) || round.contains(&(q.x, q.y)));
            // A door sharing its tile with another locked door is judged once, by its tile.
            if m.doors.iter().filter(|o| o.cell.step(o.side) == at).count() == 1 {
                assert_eq!(c.free_locks.contains(&d.id), free, "seed {seed}: door {}", d.id);
            }
        }
    }
}

/// The room graph's ways on the tiles are the ones the test works out on its own.
#[test]
fn the_graph_knows_the_ways_the_tiles_make() {
    let mut ways = 0;
    for name in ["tiendil-step6", "godot-part3", "grown-quest", "caves", "rooms-and-mazes", "vaults"] {
        for seed in 0..40 {
            let m = generate(&shipped(name), seed).unwrap().map;
            let library: Vec<(usize, usize)> =
                delve::map::graph::tile_ways(&m).into_iter().map(|[a, b]| (a, b)).collect();
            let test: Vec<(usize, usize)> = crate::common::tile_ways(&m).into_iter().collect();
            assert_eq!(library, test, "{name} seed {seed}");
            ways += test.len();
        }
    }
    assert!(ways > 0, "the maps have ways on the tiles to compare");
}

/// A hand-edited map whose key lies behind its own lock is a problem naming the key and a door
/// it opens; the map is saved and read back as edited (the edit is never lost), the problem
/// with it.
#[test]
fn a_key_moved_behind_its_lock_is_a_problem_and_the_edit_is_kept() {
    use delve::map::Problem;
    let mut m = generate(&shipped("grown-quest"), 4).unwrap().map;
    assert!(m.validate().is_empty());
    let exit = exit_tiles(&m);
    let at = *exit.iter().find(|&&p| m.walkable(p) && !m.markers.iter().any(|k| k.at == p)).unwrap();
    let key = m.markers.iter_mut().find(|k| k.key == Some(1)).unwrap();
    key.at = at;
    m.provenance.edited = true;
    let problems = m.validate();
    let door = m.doors.iter().find(|d| d.opening == Opening::Locked(1)).map(|d| d.id);
    assert!(problems.contains(&Problem::KeyOutOfReach { key: 1, door, cell: at }), "{problems:?}");
    let text = problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n");
    assert!(text.contains("key 1") && text.contains(&format!("door {}", door.unwrap())), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.ron");
    delve::io::save_map(&path, &m).unwrap();
    let back = delve::io::load_map(&path).unwrap();
    assert_eq!(back, m, "the edit is kept");
    assert_eq!(back.validate(), problems);
}
