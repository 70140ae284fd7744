//! Regenerating around locks: locked rooms and tiles survive, the map is valid and connected (or
//! the refusal names the lock), the same inputs give the same map, and the locks are saved.

use crate::common::shipped;
use delve::generate::{GenError, generate, generate_keeping};
use delve::geom::Pos;
use delve::map::locks::{Kept, LockConflict};
use delve::map::{Map, Tile};
use delve::params::{GeneratorParams, Params, RoleRules};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

/// A small deterministic stream for picking locks.
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// Locks `rooms` random rooms of `map` and a few random patches of its wall and corridor tiles.
fn lock_some(map: &mut Map, rooms: usize, patches: usize, pick: &mut Pick) {
    for _ in 0..rooms.min(map.rooms.len()) {
        let i = pick.next(map.rooms.len());
        map.rooms[i].locked = true;
    }
    for _ in 0..patches {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let (x, y) = (pick.next(w) as i32, pick.next(h) as i32);
        let (pw, ph) = (1 + pick.next(4) as i32, 1 + pick.next(3) as i32);
        for dy in 0..ph {
            for dx in 0..pw {
                let p = Pos::new(x + dx, y + dy);
                // Room floor is locked with its room, never alone.
                let floor = map.tile(p) == Some(Tile::Floor);
                if map.in_bounds(p) && (!floor || map.room_at(p).is_some_and(|r| r.locked)) {
                    map.set_tile_lock(p, true);
                }
            }
        }
    }
}

/// The doors of room `id` as (cell, side, kind), sorted.
fn doors_of(map: &Map, id: u32) -> Vec<(Pos, delve::geom::Dir, u8)> {
    let mut v: Vec<_> = map.doors.iter().filter(|d| d.room == id).map(|d| (d.cell, d.side, d.kind)).collect();
    v.sort_by_key(|(c, s, k)| (c.y, c.x, *s as u8, *k));
    v
}

/// Checks everything a regeneration around `old`'s locks promises; `Err` when it refused.
fn check_regeneration(params: &GeneratorParams, old: &Map, seed: u64) -> Result<Map, LockConflict> {
    let kept = Arc::new(Kept::of(old).expect("locks picked to be keepable"));
    let g = match generate_keeping(params, seed, &kept) {
        Ok(g) => g,
        Err(GenError::Locks(e)) => return Err(e),
        Err(e) => panic!("{e}"),
    };
    let map = g.map;
    let problems = map.validate();
    let ids: Vec<u32> = kept.rooms.iter().map(|r| r.id).collect();
    assert!(
        problems.is_empty(),
        "seed {seed}: locked {ids:?}, {problems:?}\nold:\n{}\nnew:\n{}",
        old.to_ascii(),
        map.to_ascii()
    );
    // Every locked room exactly: cells, colour, label, lock, and its doors.
    for r in old.rooms.iter().filter(|r| r.locked) {
        let new = map
            .rooms
            .iter()
            .find(|n| n.shape == r.shape)
            .unwrap_or_else(|| panic!("seed {seed}: locked room {} is gone\n{}", r.id, map.to_ascii()));
        assert_eq!(
            (&new.colour, &new.label, new.locked, new.role),
            (&r.colour, &r.label, true, r.role),
            "seed {seed}: room {}",
            r.id
        );
        assert_eq!(doors_of(&map, new.id), doors_of(old, r.id), "seed {seed}: doors of locked room {}", r.id);
    }
    // Every locked tile, as it was and still locked.
    for p in old.locked_tiles() {
        assert_eq!(map.tile(p), old.tile(p), "seed {seed}: locked tile {p}");
        assert!(map.tile_locked(p), "seed {seed}: tile {p} is no longer locked");
    }
    // The same rooms and tiles are locked, so locking again keeps the same.
    let again = Kept::of(&map).expect("the new map's locks keep");
    assert_eq!((&again.tiles, again.rooms.len()), (&kept.tiles, kept.rooms.len()));
    // Same inputs, same map; the provenance records the locks.
    let twice = generate_keeping(params, seed, &kept).expect("generates again");
    assert_eq!(twice.map, map, "seed {seed}: not deterministic");
    assert_eq!(map.provenance.kept.as_ref(), Some(&kept));
    Ok(map)
}

/// Over hundreds of seeds of the rooms-and-tunnels presets, with random locks: locked things
/// survive, maps are valid and connected. Locked rooms alone nearly always keep; random patches
/// of locked tiles may wall a door in, and then the refusal names the lock.
#[test]
fn rooms_and_tunnels_keep_locked_rooms_and_tiles() {
    for name in ["godot-part3", "mcrogueface-part3"] {
        keep_over_seeds(name, RoleRules::default(), 300, Pick(7), [299, 270]);
    }
}

/// Grown rooms: the kept rooms are placed first where they are and the tree grows from their
/// doors; the map keeps its size; over hundreds of seeds of the grown presets.
#[test]
fn grown_rooms_keep_locked_rooms_and_tiles() {
    for name in ["tiendil-step6", "grown-shapes"] {
        keep_over_seeds(name, RoleRules::default(), 150, Pick(11), [148, 140]);
    }
}

/// Grown rooms steer placement by the role rules around locks too: the maps keep every
/// promise of the locks, and locked rooms keep their own roles.
#[test]
fn grown_rooms_with_role_rules_keep_locked_rooms_and_tiles() {
    for name in ["tiendil-step6", "grown-shapes"] {
        keep_over_seeds(name, RoleRules::all(4, 2), 100, Pick(13), [98, 92]);
    }
}

/// Caves, BSP rooms, drunkard's walks and rooms and mazes keep locks over their finished maps:
/// the same promises (every locked room, door and tile exactly, a valid connected map, the same
/// inputs the same map) or a refusal naming the lock.
#[test]
fn caves_bsp_walks_and_mazes_keep_locked_rooms_and_tiles() {
    for name in ["caves", "bsp-rooms", "drunkards-walk", "rooms-and-mazes"] {
        keep_over_seeds(name, RoleRules::default(), 80, Pick(17), [74, 60]);
    }
}

/// Over `seeds` seeds of preset `name` with role rules `rules`, 1–4 random locked rooms,
/// without and then with random patches of locked tiles: every regeneration keeps its promises
/// (and the map's size) or is refused naming a lock; at least `least[0]` (without patches) and
/// `least[1]` (with) keep.
fn keep_over_seeds(name: &str, rules: RoleRules, seeds: u64, mut pick: Pick, least: [usize; 2]) {
    let mut params = shipped(name);
    *params.roles_mut() = rules;
    for (patches, least) in [false, true].into_iter().zip(least) {
        let (mut ok, mut refused) = (0, Vec::new());
        for seed in 0..seeds {
            let mut old = generate(&params, seed).unwrap().map;
            let rooms = 1 + pick.next(4);
            let n = if patches { 1 + pick.next(3) } else { 0 };
            lock_some(&mut old, rooms, n, &mut pick);
            match check_regeneration(&params, &old, seed + 1000) {
                Ok(new) => {
                    assert_eq!((new.width(), new.height()), (old.width(), old.height()), "{name} seed {seed}");
                    ok += 1;
                }
                Err(e) => refused.push(e.to_string()),
            }
        }
        assert!(
            ok >= least,
            "{name}, patches {patches}: only {ok} of {seeds} kept their locks; refusals: {refused:#?}"
        );
        for why in &refused {
            assert!(why.contains("locked"), "a refusal must name the lock: {why}");
        }
    }
}

/// Grown rooms around locked tiles alone: the first room goes where it fits, the map keeps its
/// size and the tiles.
#[test]
fn grown_rooms_keep_locked_tiles_alone() {
    let params = shipped("tiendil-step6");
    let mut old = generate(&params, 2).unwrap().map;
    let wall: Vec<Pos> = (0..old.width() as i32).map(|x| Pos::new(x, 0)).collect();
    for p in &wall {
        old.set_tile_lock(*p, true);
    }
    let new = check_regeneration(&params, &old, 5).expect("walls keep");
    assert_eq!((new.width(), new.height()), (old.width(), old.height()));
    assert!(new.rooms.len() > 5, "{}", new.to_ascii());
}

/// Locked rooms take their place in the order of rooms: a locked room 0 stays the first room,
/// and the spawn stays in it.
#[test]
fn a_locked_first_room_keeps_the_spawn() {
    let params = shipped("godot-part3");
    let mut old = generate(&params, 4).unwrap().map;
    old.rooms[0].locked = true;
    old.rooms[2].locked = true;
    let kept = Arc::new(Kept::of(&old).unwrap());
    let new = generate_keeping(&params, 99, &kept).unwrap().map;
    assert_eq!(new.rooms[0].shape, old.rooms[0].shape);
    assert_eq!(new.spawn, old.spawn);
    assert_eq!(new.rooms[2].shape, old.rooms[2].shape);
    assert!(new.validate().is_empty());
    // A different seed makes a different map around the same rooms.
    let other = generate_keeping(&params, 100, &kept).unwrap().map;
    assert_ne!(other.tiles(), new.tiles());
}

/// Locks are prepared for generation the first time and read after: the maps are the same as
/// around a fresh copy of the locks, for the map size they were prepared for and for another; a
/// copy starts unprepared and equal.
#[test]
fn prepared_locks_give_the_same_maps_as_fresh_ones() {
    for name in ["godot-part3", "tiendil-step6"] {
        let params = shipped(name);
        let mut old = generate(&params, 4).unwrap().map;
        for room in old.rooms.iter_mut().step_by(3) {
            room.locked = true;
        }
        let kept = Arc::new(Kept::of(&old).unwrap());
        let mut larger = params.clone();
        if let GeneratorParams::RoomsAndTunnels(p) = &mut larger {
            p.width += 20;
        }
        for seed in 0..40 {
            for p in [&params, &larger] {
                // Around the locks as prepared before (for this size or the other), then around a
                // copy, which prepares them afresh (a clone starts without the preparation).
                let a = generate_keeping(p, seed, &kept);
                let fresh = Arc::new((*kept).clone());
                let b = generate_keeping(p, seed, &fresh);
                let same = match (&a, &b) {
                    (Ok(a), Ok(b)) => a.map == b.map,
                    (Err(a), Err(b)) => a.to_string() == b.to_string(),
                    _ => false,
                };
                assert!(same, "{name} seed {seed}: prepared and fresh locks differ");
            }
        }
        assert_eq!(*kept, Kept::of(&old).unwrap(), "preparing does not change the locks' value");
    }
}

/// A corridor between two locked rooms is kept as it was; one to an unlocked room is dug anew.
#[test]
fn corridors_between_locked_rooms_are_kept() {
    let params = shipped("godot-part3");
    for seed in 0..50 {
        let mut old = generate(&params, seed).unwrap().map;
        let Some(c) = old.corridors.first().cloned() else { continue };
        let rooms: BTreeSet<u32> = c.doors.iter().map(|d| old.doors[*d as usize].room).collect();
        for r in &rooms {
            old.rooms[*r as usize].locked = true;
        }
        let new =
            check_regeneration(&params, &old, seed + 7).unwrap_or_else(|e| panic!("seed {seed} rooms {rooms:?}: {e}"));
        assert!(new.corridors.iter().any(|n| n.path == c.path), "seed {seed}: the kept corridor is gone");
    }
}

/// Locks that cannot be kept are refused with the lock named, and nothing is made.
#[test]
fn impossible_locks_are_refused_by_name() {
    let params = shipped("godot-part3");
    let mut old = generate(&params, 3).unwrap().map;
    // A locked room walled in: every door's outside tile locked as wall.
    old.rooms[1].locked = true;
    let outs: Vec<Pos> = old.doors.iter().filter(|d| d.room == 1).map(|d| d.outside()).collect();
    for p in &outs {
        old.set_tile(*p, Tile::Wall);
        old.set_tile_lock(*p, true);
    }
    let kept = Arc::new(Kept::of(&old).unwrap());
    let err = generate_keeping(&params, 5, &kept).unwrap_err().to_string();
    assert!(err.contains("locked room 1"), "{err}");
    // Room floor locked without its room.
    let mut old = generate(&params, 3).unwrap().map;
    let p = old.rooms[2].shape.centre().unwrap();
    old.set_tile_lock(p, true);
    let err = Kept::of(&old).unwrap_err().to_string();
    assert!(err.contains("room 2") && err.contains(&p.to_string()), "{err}");
    // A locked room off a smaller map.
    let mut old = generate(&params, 3).unwrap().map;
    let far = old.rooms.iter().position(|r| r.shape.bounds().unwrap().right() > 40).unwrap();
    old.rooms[far].locked = true;
    let kept = Arc::new(Kept::of(&old).unwrap());
    let mut small = crate::common::shipped_rooms_tunnels("godot-part3");
    small.width = 40;
    let err = generate_keeping(&GeneratorParams::RoomsAndTunnels(small), 1, &kept).unwrap_err().to_string();
    assert!(err.contains(&format!("locked room {far}")) && err.contains("outside"), "{err}");
}

/// A saved regenerated map keeps its locks and its provenance's kept things, exactly.
#[test]
fn regenerated_maps_round_trip_with_their_locks() {
    let params = shipped("godot-part3");
    let mut old = generate(&params, 8).unwrap().map;
    lock_some(&mut old, 3, 3, &mut Pick(3));
    let kept = Arc::new(Kept::of(&old).unwrap());
    let map = generate_keeping(&params, 9, &kept).unwrap().map;
    let text = delve::io::map_to_string(&map).unwrap();
    let back = delve::io::parse_map(&text, std::path::Path::new("m.ron")).unwrap();
    assert_eq!(back, map);
    assert_eq!(back.provenance.kept, Some(kept.clone()));
    // Regenerating from the saved provenance makes the same map.
    let prov = &back.provenance;
    let again = generate_keeping(prov.params.as_ref().unwrap(), prov.seed, prov.kept.as_ref().unwrap()).unwrap();
    assert_eq!(again.map, map);
}

/// A case the random-parameters proptest once found: wide tunnels (width 2) round locks
/// left floor that nothing reached. The map must be made (a refusal would hide the defect).
#[test]
fn wide_tunnels_round_locks_reach_every_floor_tile() {
    use delve::params::rooms_tunnels::*;
    let p = RoomsAndTunnels {
        width: 39,
        height: 29,
        room_size: delve::params::SizeRange { min: 5, max: 10 },
        max_rooms: 36,
        edge_margin: 0,
        overlap: OverlapRule::ShareWalls,
        room_spacing: 0,
        tunnel_from: TunnelFrom::PreviousRoom,
        tunnel_width: 2,
        direct_tunnel_chance: 0.270013120839934,
        circle_room_chance: 0.07078209289722409,
        common: Default::default(),
    };
    let params = GeneratorParams::RoomsAndTunnels(p);
    assert!(params.check().is_empty());
    let mut old = generate(&params, 4555).unwrap().map;
    lock_some(&mut old, 3, 0, &mut Pick(4298933170847959647));
    let locked = old.rooms.iter().filter(|r| r.locked).count();
    assert!(locked >= 2, "{locked} rooms locked");
    // The map, not a refusal: wide tunnels round the locked rooms, reaching every floor tile.
    let new = check_regeneration(&params, &old, 4556).unwrap_or_else(|e| panic!("refused: {e}"));
    let figures = delve::map::metrics::Metrics::of(&new).figures;
    assert!(figures.connected && figures.corridor_tiles > 0, "{figures:?}\n{}", new.to_ascii());
    assert!(!new.corridors.is_empty() && new.corridors.iter().all(|c| c.width == 2));
    assert_eq!(new.rooms.iter().filter(|r| r.locked).count(), locked);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random rooms-and-tunnels parameters, random locks: kept, valid, connected, or refused by
    /// name.
    #[test]
    fn random_parameters_keep_random_locks(
        w in 30u32..90, h in 20u32..60, lo in 4u32..8, extra in 0u32..6, rooms in 5u32..40,
        share in any::<bool>(), spacing in 0u32..3, from_new in any::<bool>(),
        width in 1u32..3, direct in 0.0f64..0.6, circle in 0.0f64..0.5,
        seed in 0u64..10_000, pick in any::<u64>(), locks in 1usize..5, patches in 0usize..4,
    ) {
        use delve::params::rooms_tunnels::*;
        let p = RoomsAndTunnels {
            width: w, height: h, room_size: delve::params::SizeRange { min: lo, max: lo + extra }, max_rooms: rooms,
            edge_margin: 0, overlap: if share { OverlapRule::ShareWalls } else { OverlapRule::Separate },
            room_spacing: spacing, tunnel_from: if from_new { TunnelFrom::NewRoom } else { TunnelFrom::PreviousRoom },
            tunnel_width: width, direct_tunnel_chance: direct, circle_room_chance: circle, common: Default::default(),
        };
        let params = GeneratorParams::RoomsAndTunnels(p);
        prop_assume!(params.check().is_empty());
        let mut old = generate(&params, seed).unwrap().map;
        lock_some(&mut old, locks, patches, &mut Pick(pick));
        if let Err(e) = check_regeneration(&params, &old, seed + 1) {
            prop_assert!(e.to_string().contains("locked"), "{e}");
        }
    }

    /// Random grown-rooms parameters, random locks: kept, valid, connected, the map's size kept,
    /// or refused by name.
    #[test]
    fn random_grown_parameters_keep_random_locks(
        p in crate::grown::arb_params(), seed in 0u64..10_000, pick in any::<u64>(),
        locks in 1usize..5, patches in 0usize..4,
    ) {
        prop_assume!(p.check().is_empty());
        let params = GeneratorParams::GrownRooms(p);
        let mut old = generate(&params, seed).unwrap().map;
        lock_some(&mut old, locks, patches, &mut Pick(pick));
        match check_regeneration(&params, &old, seed + 1) {
            Ok(new) => prop_assert_eq!((new.width(), new.height()), (old.width(), old.height())),
            Err(e) => prop_assert!(e.to_string().contains("locked"), "{}", e),
        }
    }
}

/// With role rules on, a map made around locks gets roles too; a locked room keeps its own role,
/// and a role only one room holds stays with the locked room that has it.
#[test]
fn locked_rooms_keep_their_roles() {
    use delve::map::Role;
    let mut params = shipped("tiendil-step6");
    let GeneratorParams::GrownRooms(p) = &mut params else { unreachable!() };
    p.common.roles.entrance_exit = true;
    let mut old = generate(&params, 3).unwrap().map;
    let exit = old.rooms.iter().position(|r| r.role == Some(Role::Exit)).expect("an exit");
    old.rooms[exit].locked = true;
    let other = (exit + 1) % old.rooms.len();
    old.rooms[other].locked = true;
    old.rooms[other].role = Some(Role::Treasure);
    let new = check_regeneration(&params, &old, 9).expect("keeps");
    let role_of = |i: usize| new.rooms.iter().find(|r| r.shape == old.rooms[i].shape).unwrap().role;
    assert_eq!((role_of(exit), role_of(other)), (Some(Role::Exit), Some(Role::Treasure)));
    assert_eq!(new.rooms.iter().filter(|r| r.role == Some(Role::Exit)).count(), 1, "one exit");
    assert_eq!(new.rooms.iter().filter(|r| r.role == Some(Role::Entrance)).count(), 1, "an entrance");
}

/// A run around locks is recorded like any run (issue 50), by every family — those that keep
/// their locks over their finished map, and rooms and tunnels and grown rooms, which generate
/// around them: every prefix of the recording replays to a map of the run's size, all of it to
/// exactly the map made (tiles, rooms, doors, corridors, markers, locks), and one step says what
/// was kept.
#[test]
fn runs_around_locks_are_recorded_and_replay_to_the_map_made() {
    use delve::generate::record::Step;
    use delve::generate::stages::Stage;
    use delve::generate::{Request, replay_keeping};
    let mut pick = Pick(5);
    let quest_markers = shipped("grown-quest").markers().clone();
    let (mut recorded, mut tried) = (0, 0);
    // One shipped preset of each family.
    let mut families = Vec::new();
    for (name, _) in delve::io::SHIPPED_PRESETS {
        let params = shipped(name);
        if !families.contains(&params.kind()) {
            families.push(params.kind());
            let plain = params;
            let before = recorded;
            let mut marked = plain.clone();
            *marked.markers_mut() = quest_markers.clone();
            for (params, seed) in [(&plain, 0), (&plain, 1), (&marked, 2), (&marked, 3)] {
                tried += 1;
                let mut old = generate(params, seed).unwrap().map;
                lock_some(&mut old, 2, 1, &mut pick);
                let kept = Arc::new(Kept::of(&old).expect("locks picked to be keepable"));
                let Ok(made) = Request::new(params, seed + 100).keeping(Some(kept.clone())).recorded(true).run() else {
                    continue;
                };
                let steps: Vec<Step> = made.recording.expect("recorded around locks").steps;
                let kept_at = steps.iter().filter(|s| s.stage() == Stage::KeepLocks).count();
                assert_eq!(kept_at, 1, "{name} seed {seed}: one step keeps the locks");
                let all = replay_keeping(params, seed + 100, Some(&kept), &steps).expect("replays");
                assert_eq!(all, made.generated.map, "{name} seed {seed}: the whole replay is the map made");
                for k in 0..steps.len() {
                    let map = replay_keeping(params, seed + 100, Some(&kept), &steps[..k]).expect("replays");
                    assert_eq!((map.width(), map.height()), (all.width(), all.height()), "{name} seed {seed} step {k}");
                }
                recorded += 1;
            }
            assert!(recorded > before, "{name}: no run around locks recorded");
        }
    }
    assert!(recorded * 5 >= tried * 4, "only {recorded} of {tried} runs around locks recorded");
    assert_eq!(families.len(), delve::params::GeneratorKind::ALL.len(), "every family records around locks");
}

/// A locked room's arches stay arches when the map is made again around it (grown rooms and
/// rooms and tunnels laid its doors again as plain doors), and a new room's door on the same
/// tile opens as an arch too: a tile is one door to a player.
#[test]
fn a_locked_rooms_arches_stay_arches() {
    use delve::map::Opening;
    let mut checked = 0;
    for name in ["grown-quest", "godot-part3"] {
        let mut params = shipped(name);
        if name == "godot-part3" {
            // Arches on most doors, so a locked room has one.
            params.markers_mut().openings.arch = 0.8;
        }
        for seed in 0..12u64 {
            let mut old = generate(&params, seed).unwrap().map;
            let Some(room) = old
                .doors
                .iter()
                .find(|d| d.opening == Opening::Arch && old.rooms[d.room as usize].role.is_none())
                .map(|d| d.room)
            else {
                continue;
            };
            old.rooms[room as usize].locked = true;
            let Ok(kept) = Kept::of(&old) else { continue };
            let kept = Arc::new(kept);
            let arches: BTreeSet<(i32, i32, i32, i32)> = kept
                .doors
                .iter()
                .filter(|d| d.opening == Opening::Arch)
                .map(|d| (d.cell.x, d.cell.y, d.outside().x, d.outside().y))
                .collect();
            for again in 100..103u64 {
                let Ok(g) = generate_keeping(&params, again, &kept) else { continue };
                let map = g.map;
                for d in map.doors.iter().filter(|d| map.rooms[d.room as usize].locked) {
                    if arches.contains(&(d.cell.x, d.cell.y, d.outside().x, d.outside().y)) {
                        assert_eq!(d.opening, Opening::Arch, "{name} seed {seed} again {again}: {d:?}");
                        checked += 1;
                    }
                }
                // Every door on a locked arch's tile is an arch.
                for d in &map.doors {
                    if arches.iter().any(|&(_, _, x, y)| d.outside() == Pos::new(x, y)) {
                        assert_eq!(
                            d.opening,
                            Opening::Arch,
                            "{name} seed {seed} again {again}: {d:?} shares the arch's tile"
                        );
                    }
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} locked arches checked");
}
