//! Play (`delve_core::play`): the player's steps keep to the certifier's rules (rock, chasms and
//! locked doors block; keys open their doors; secret doors are found by bumping), auto-explore
//! sees every tile a player reaches from the spawn (checked with this test's own flood, not the
//! play's), auto-solve reaches the exit, and a map a player cannot start on says why.

use crate::common::shipped;
use delve::generate::generate;
use delve::geom::Pos;
use delve::map::{Map, Opening, Tile};
use delve::play::{Blocked, Moved, Play, PlayError, PlaySettings};
use std::collections::{BTreeSet, VecDeque};
use std::sync::Arc;

/// Seeds per shipped preset auto-explore is run on.
const EXPLORE_SEEDS: u64 = 1000;

/// The tiles a player reaches from the spawn stepping eight ways, with no key and no secret
/// door: this test's own flood over the tiles.
fn reached(m: &Map) -> BTreeSet<(i32, i32)> {
    let shut: BTreeSet<(i32, i32)> = m
        .doors
        .iter()
        .filter(|d| matches!(d.opening, Opening::Locked(_) | Opening::Secret))
        .map(|d| (d.outside().x, d.outside().y))
        .collect();
    let mut seen = BTreeSet::from([(m.spawn.x, m.spawn.y)]);
    let mut queue = VecDeque::from([m.spawn]);
    while let Some(p) = queue.pop_front() {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let q = p.offset(dx, dy);
                if m.walkable(q) && !shut.contains(&(q.x, q.y)) && seen.insert((q.x, q.y)) {
                    queue.push_back(q);
                }
            }
        }
    }
    seen
}

#[test]
fn auto_explore_sees_every_tile_reachable_from_the_spawn_on_every_shipped_preset() {
    use rayon::prelude::*;
    // On every core: 13,000 maps explored.
    delve::io::SHIPPED_PRESETS.par_iter().for_each(|(name, _)| {
        let params = shipped(name);
        for seed in 0..EXPLORE_SEEDS {
            let m = Arc::new(generate(&params, seed).unwrap().map);
            let mut play = Play::new(m.clone(), PlaySettings::default()).unwrap();
            let mut steps = 0;
            while play.explore_step().is_some() {
                steps += 1;
                assert!(steps < 1_000_000, "{name} {seed}: auto-explore never ends");
            }
            for (x, y) in reached(&m) {
                assert!(play.seen(Pos::new(x, y)), "{name} seed {seed}: ({x}, {y}) reached but never seen");
            }
            assert_eq!(play.map().as_ref(), m.as_ref(), "playing changes nothing on the map");
        }
    });
}

#[test]
fn auto_solve_reaches_the_exit_picking_up_the_keys_it_needs() {
    let params = shipped("grown-quest");
    for seed in 0..40 {
        let m = Arc::new(generate(&params, seed).unwrap().map);
        let walk = delve::map::certify::certify(&m);
        let exit: Vec<Pos> = m.rooms[walk.exit.unwrap()].shape.cells();
        let mut play = Play::new(m.clone(), PlaySettings { radius: 8, eight_ways: false }).unwrap();
        let mut moves = 0;
        while let Some(moved) = play.solve_step(&exit) {
            assert!(!matches!(moved, Moved::Blocked(_)), "seed {seed}: the solver bumped into {moved:?}");
            moves += 1;
            assert!(moves < 100_000);
        }
        assert!(exit.contains(&play.at()), "seed {seed}: auto-solve stops in the exit room");
        // Four ways, the solver's steps are the certifier's solution.
        assert_eq!(Some(play.steps()), walk.solution_length, "seed {seed}");
        // It holds every key it opened a door with.
        for k in play.keys() {
            assert!(walk.keys_found.contains(k), "seed {seed}: key {k}");
        }
    }
}

#[test]
fn a_locked_door_blocks_until_its_key_is_held_and_rock_always_blocks() {
    let params = shipped("grown-quest");
    let (m, door) = (0..50)
        .find_map(|seed| {
            let m = generate(&params, seed).unwrap().map;
            let d = m.doors.iter().find(|d| matches!(d.opening, Opening::Locked(_)))?.clone();
            Some((m, d))
        })
        .expect("a grown-quest map with a locked door");
    let Opening::Locked(key) = door.opening else { unreachable!() };
    // The player put beside the door, on the side away from its room.
    let mut m = m;
    let outside = door.outside();
    let before = outside.step(door.side);
    assert!(m.walkable(before));
    m.spawn = before;
    let m = Arc::new(m);
    let mut play = Play::new(m.clone(), PlaySettings::default()).unwrap();
    let (dx, dy) = (outside.x - before.x, outside.y - before.y);
    assert_eq!(play.step(dx, dy), Moved::Blocked(Blocked::Locked(key)));
    assert_eq!(play.at(), before);
    // Into rock: a wall tile beside the player.
    let rock = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
        .find(|&(dx, dy)| m.tile(before.offset(dx, dy)) == Some(Tile::Wall));
    if let Some((dx, dy)) = rock {
        assert_eq!(play.step(dx, dy), Moved::Blocked(Blocked::Rock));
    }
}

#[test]
fn play_refuses_a_spawn_no_player_can_stand_on() {
    let mut m = generate(&shipped("godot-part3"), 1).unwrap().map;
    let rock = (0..m.width() as i32).map(|x| Pos::new(x, 0)).find(|p| m.tile(*p) == Some(Tile::Wall)).unwrap();
    m.spawn = rock;
    let e = Play::new(Arc::new(m.clone()), PlaySettings::default()).unwrap_err();
    assert_eq!(e, PlayError::SpawnOnRock(rock.x, rock.y));
    assert!(e.to_string().contains("place the spawn on a floor tile"));
    m.spawn = Pos::new(-1, 5);
    assert_eq!(Play::new(Arc::new(m), PlaySettings::default()).unwrap_err(), PlayError::SpawnOffMap(-1, 5));
}

#[test]
fn what_is_seen_stays_known_and_only_what_is_in_view_is_in_view() {
    let m = Arc::new(generate(&shipped("caves"), 3).unwrap().map);
    let mut play = Play::new(m.clone(), PlaySettings { radius: 6, eight_ways: true }).unwrap();
    let first: Vec<Pos> = play.view().to_vec();
    assert!(first.iter().all(|p| (p.x - m.spawn.x).pow(2) + (p.y - m.spawn.y).pow(2) < 36));
    for _ in 0..30 {
        play.explore_step();
    }
    assert!(first.iter().all(|p| play.seen(*p)), "seen once, known after");
    assert!(play.view().iter().all(|p| play.in_view(*p)));
    assert!(play.share_seen() > 0.0 && play.share_seen() <= 1.0);
    assert_eq!(play.steps(), 30);
}

#[test]
fn a_heat_map_counts_where_the_runs_went_and_when_they_first_saw_each_room() {
    use std::sync::atomic::AtomicBool;
    let m = Arc::new(generate(&shipped("grown-quest"), 2).unwrap().map);
    let never = AtomicBool::new(false);
    let heat = delve::play::heat_map(&m, PlaySettings::default(), 100, 7, &never).unwrap();
    let w = m.width() as usize;
    let at = |p: Pos| heat.walked[p.y as usize * w + p.x as usize];
    assert_eq!(at(m.spawn), 100, "every run starts on the spawn");
    assert_eq!(heat.hottest(), 100);
    // Only tiles a player stands on are walked.
    for (i, &n) in heat.walked.iter().enumerate() {
        let p = Pos::new((i % w) as i32, (i / w) as i32);
        assert!(n == 0 || m.walkable(p), "{p} walked but not walkable");
    }
    // The runs break ties their own ways: some walked tile is walked by some runs only.
    assert!(heat.walked.iter().any(|&n| n > 0 && n < 100), "100 runs, one route");
    // The spawn's room is seen at once by every run.
    let spawn_room = m.rooms.iter().position(|r| r.shape.contains(m.spawn)).unwrap();
    assert_eq!(heat.first_seen[spawn_room], Some((0.0, 100)));
    // The same seed, the same heat.
    assert_eq!(delve::play::heat_map(&m, PlaySettings::default(), 100, 7, &never).unwrap(), heat);
}

/// The figures from play of every shipped preset on a few seeds, pinned in
/// `tests/golden/play-figures.tsv` as `delve sweep --play` writes them (the Python tests read the
/// same table): the walk and its field of view are the same on every run and machine.
#[test]
fn the_figures_from_play_are_those_of_the_golden_table() {
    use delve::analysis::Stat;
    use delve::analysis::sweep::{Figures, SweepRow};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut table = String::from("preset\tseed\tsteps_to_see_exit\tseen_on_the_way_percent\n");
    for (preset, _) in delve::io::SHIPPED_PRESETS {
        let p = shipped(preset);
        for seed in 0..6u64 {
            let row = SweepRow::of(&p, seed, None, Figures::WithPlay).unwrap();
            let cell = |s: Stat, places: usize| {
                let v = row.get(s);
                if v.is_nan() { String::new() } else { format!("{:.places$}", v as f32) }
            };
            table += &format!("{preset}\t{seed}\t{}\t{}\n", cell(Stat::StepsToSeeExit, 0), cell(Stat::SeenOnTheWay, 3));
        }
    }
    let mut goldens = crate::common::Goldens::new();
    goldens.check(&root.join("tests/golden/play-figures.tsv"), &table);
}

/// A player arriving by the stairs sees out of the stair's niche: its opening is an arch, so
/// from the up-stair the view reaches floor beyond the niche's 3×3 room and its walls, on every
/// floor of both shipped dungeons that has an up-stair.
#[test]
fn arriving_by_the_stairs_the_player_sees_out_of_the_niche() {
    use delve::dungeon::{STAIRS_UP, generate_dungeon};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/delve-core/dungeons");
    let mut floors = 0;
    for name in ["dcss-shaped", "brogue-length"] {
        let path = dir.join(format!("{name}.ron"));
        let preset = delve::io::load_dungeon(&path).unwrap();
        let made = generate_dungeon(&preset, &dir, 1).unwrap();
        for f in &made.floors {
            let map = Arc::new(f.generated.map.clone());
            let Some(up) = map.markers.iter().find(|m| m.kind == STAIRS_UP).map(|m| m.at) else { continue };
            let play = Play::starting_at(map.clone(), PlaySettings::default(), up).unwrap();
            let outside = |p: &Pos| (p.x - up.x).abs() > 2 || (p.y - up.y).abs() > 2;
            let beyond = play.view().iter().filter(|p| outside(p) && map.walkable(**p)).count();
            assert!(beyond > 0, "{name} {:?}: from the up-stair at {up:?} nothing beyond the niche is seen", f.id);
            floors += 1;
        }
    }
    assert!(floors > 20, "{floors} floors with an up-stair");
}
