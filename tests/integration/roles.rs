//! Room roles and their rules over hundreds of seeds of every shipped preset: the exit at the
//! greatest depth and far enough (or the report says why), every path into the treasure room
//! through its guard, side rooms that are dead ends off the treasure; roles in map files; rules
//! off change nothing.

use crate::common::{generate_valid, room_distances, room_neighbours, shipped};
use delve::generate::generate;
use delve::io;
use delve::map::{Map, Role};
use delve::params::{GeneratorParams, RoleRules};
use std::collections::BTreeSet;
use std::path::Path;

const PRESETS: [&str; 4] = ["godot-part3", "mcrogueface-part3", "tiendil-step6", "grown-shapes"];

/// Least share (in %) of the 200 maps of each preset with a treasure room, and of those with a
/// guard, as measured (mcrogueface-part3 places 3 to 8 rooms in a chain: few dead ends, and the
/// treasure's way in is often the entrance; godot-part3's rooms side by side and tunnels against
/// rooms give many rooms more than one way in on the tiles, which the room graph knows).
const LEAST: [(&str, u32, u32); 4] =
    [("godot-part3", 50, 90), ("mcrogueface-part3", 20, 30), ("tiendil-step6", 95, 95), ("grown-shapes", 95, 95)];

fn with_rules(preset: &str, rules: RoleRules) -> GeneratorParams {
    let mut p = shipped(preset);
    *p.roles_mut() = rules;
    p
}

/// The distinct neighbours of each room, the entrance (the spawn's room), each room's distance
/// from it and the greatest distance.
fn read(map: &Map) -> (Vec<BTreeSet<usize>>, usize, Vec<Option<u32>>, u32) {
    let adj = room_neighbours(map);
    let entrance = map.rooms.iter().position(|r| r.shape.contains(map.spawn)).expect("a spawn room");
    let d = room_distances(&adj, entrance, None);
    // The exit's depth: the greatest of a room with a floor tile that is neither a door's nor
    // the spawn (a closet whose one tile is its door's holds no way on).
    let holds = |r: usize| {
        map.rooms[r].shape.cells().iter().any(|&c| c != map.spawn && map.doors.iter().all(|door| door.cell != c))
    };
    let depth = (0..d.len()).filter(|&r| r != entrance && holds(r)).filter_map(|r| d[r]).max();
    let depth = depth.unwrap_or_else(|| d.iter().flatten().copied().max().unwrap_or(0));
    (adj, entrance, d, depth)
}

fn with_role(map: &Map, role: Role) -> Vec<usize> {
    map.rooms.iter().enumerate().filter(|(_, r)| r.role == Some(role)).map(|(i, _)| i).collect()
}

#[test]
fn every_rule_holds_or_the_report_says_why_over_hundreds_of_seeds() {
    let (min, sides) = (6, 2);
    for preset in PRESETS {
        let params = with_rules(preset, RoleRules::all(min, sides));
        let (mut treasures, mut guards, mut side_rooms, mut far_enough, mut lonely) = (0u32, 0u32, 0, 0, 0);
        let seeds = 200;
        for seed in 0..seeds {
            let g = generate_valid(&params, seed);
            let (map, notes) = (&g.map, &g.report.notes);
            let why = format!("{preset} seed {seed}: {notes:?}");
            let (adj, entrance, d, depth) = read(map);
            assert_eq!(with_role(map, Role::Entrance), vec![entrance], "{why}");

            // The exit: at the greatest depth, and at least `min` rooms away or a note says so.
            let exit = with_role(map, Role::Exit);
            if depth == 0 {
                // The spawn's room has no corridor of its own (a room it overlaps has them).
                assert!(exit.is_empty() && notes.iter().any(|n| n.contains("reaches no other room")), "{why}");
                lonely += 1;
                continue;
            }
            assert_eq!(exit.len(), 1, "{why}");
            let exit = exit[0];
            assert_eq!(d[exit], Some(depth), "{why}");
            if depth >= min {
                far_enough += 1;
                assert!(!notes.iter().any(|n| n.contains("the exit is")), "{why}");
            } else {
                assert!(notes.iter().any(|n| n.contains(&format!("the exit is {depth} rooms"))), "{why}");
            }

            // The treasure: one, or a note; never the entrance or exit.
            let treasure = with_role(map, Role::Treasure);
            let guard = with_role(map, Role::Guard);
            let side = with_role(map, Role::Side);
            let Some(&treasure) = treasure.first() else {
                assert!(notes.iter().any(|n| n.contains("no treasure room")), "{why}");
                assert!(guard.is_empty() && side.is_empty(), "{why}");
                continue;
            };
            treasures += 1;
            assert_eq!(with_role(map, Role::Treasure).len(), 1, "{why}");
            assert!(d[treasure].is_some_and(|t| t > 0), "{why}");
            assert!(
                room_distances(&adj, entrance, Some(treasure))[exit].is_some(),
                "{why}: the exit is not behind the treasure"
            );

            // The guard: without it, the entrance cannot reach the treasure.
            match guard[..] {
                [guard] => {
                    guards += 1;
                    assert!(adj[treasure].contains(&guard), "{why}: the guard is next to the treasure");
                    let cut = room_distances(&adj, entrance, Some(guard));
                    assert_eq!(cut[treasure], None, "{why}: a path to the treasure avoids the guard");
                }
                [] => assert!(
                    notes
                        .iter()
                        .any(|n| n.contains("only way in is the entrance") || n.contains("only way in is the exit")),
                    "{why}"
                ),
                _ => panic!("{why}: more than one guard"),
            }

            // Side rooms: dead ends next to the treasure.
            for &s in &side {
                assert_eq!(adj[s], BTreeSet::from([treasure]), "{why}: side room {s} is a dead end off the treasure");
            }
            side_rooms += side.len();
            if side.len() < sides as usize {
                assert!(notes.iter().any(|n| n.contains(&format!("not the {sides} asked"))), "{why}");
            }
        }
        eprintln!(
            "{preset}: {far_enough}/{seeds} exits at ≥{min} rooms, {treasures} treasure rooms, {guards} guards, \
             {side_rooms} side rooms, {lonely} entrances without a corridor"
        );
        // The rules are met on most maps, so the checks above are not idle.
        let (_, t, g) = LEAST.iter().find(|(p, ..)| *p == preset).unwrap();
        assert!(treasures * 100 >= seeds as u32 * t, "{preset}: treasure rooms on only {treasures} of {seeds} maps");
        assert!(guards * 100 >= treasures * g, "{preset}: guards on only {guards} of {treasures}");
    }
}

#[test]
fn rules_off_give_no_roles_and_the_same_maps() {
    for preset in PRESETS {
        let off = shipped(preset);
        assert!(off.roles().is_off(), "shipped presets have no rules");
        let text = io::preset_to_string(&io::shipped_preset(preset).unwrap().unwrap()).unwrap();
        assert!(!text.contains("roles"), "{preset}: rules off are not written");
        for seed in 0..20 {
            let g = generate(&off, seed).unwrap();
            assert!(g.map.rooms.iter().all(|r| r.role.is_none()) && g.report.notes.is_empty());
            // Rules on change only the roles and the report's notes, for rooms and tunnels
            // (grown rooms steer placement by the rules: see the test below).
            if matches!(off, GeneratorParams::GrownRooms(_)) {
                continue;
            }
            let mut on = generate(&with_rules(preset, RoleRules::all(3, 1)), seed).unwrap();
            assert!(on.map.rooms.iter().any(|r| r.role.is_some()));
            on.map.rooms.iter_mut().for_each(|r| r.role = None);
            on.map.provenance = g.map.provenance.clone();
            assert_eq!(on.map, g.map, "{preset} seed {seed}");
            assert_eq!((on.report.rooms_placed, &on.report.shortfall), (g.report.rooms_placed, &g.report.shortfall));
        }
    }
}

#[test]
fn roles_and_rules_survive_save_and_load() {
    let params = with_rules("tiendil-step6", RoleRules::all(4, 2));
    let map = generate(&params, 3).unwrap().map;
    let text = io::map_to_string(&map).unwrap();
    let back = io::parse_map(&text, Path::new("roles.ron")).unwrap();
    assert_eq!(back, map);
    assert_eq!(back.provenance.params.as_ref().map(|p| p.roles()), Some(&RoleRules::all(4, 2)));
    // On the room's own line, only when set.
    let treasure = map.rooms.iter().find(|r| r.role == Some(Role::Treasure)).unwrap();
    let line = |id: u32| text.lines().find(|l| l.contains(&format!("(id: {id}, shape:"))).unwrap();
    assert!(line(treasure.id).contains("role: Some(Treasure)"), "{text}");
    let plain = map.rooms.iter().find(|r| r.role.is_none()).unwrap();
    assert!(!line(plain.id).contains("role"), "{text}");
    // A file without roles (written before them) loads with none.
    let old = text.lines().map(|l| l.replace(", role: Some(Treasure)", "")).collect::<Vec<_>>().join("\n");
    let back = io::parse_map(&old, Path::new("old.ron")).unwrap();
    assert!(back.rooms.iter().all(|r| r.role != Some(Role::Treasure)));
}

#[test]
fn a_guard_without_a_treasure_is_refused_in_words() {
    let p = with_rules("godot-part3", RoleRules { guard: true, ..RoleRules::default() });
    let issues = p.check();
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].field, "roles_guard");
    assert!(issues[0].message.contains("Treasure room"), "{}", issues[0]);
}

/// Grown rooms steer placement by the rules: the treasure is grown as a leaf behind its guard,
/// its side rooms are dead ends off it only, the exit is the deepest room and far enough (or a
/// note says why), over hundreds of seeds of both grown presets and several mixes of rules.
#[test]
fn grown_rooms_grow_the_treasure_behind_its_guard_over_hundreds_of_seeds() {
    let treasure_only = RoleRules { treasure: true, treasure_side_rooms: 2, ..RoleRules::default() };
    let mixes = [
        ("all(6, 2)", RoleRules::all(6, 2)),
        ("all(0, 0)", RoleRules::all(0, 0)),
        ("all(10, 3)", RoleRules::all(10, 3)),
        ("treasure and guard", RoleRules { entrance_exit: false, ..RoleRules::all(0, 1) }),
        ("treasure only", treasure_only),
    ];
    let seeds = 200u64;
    let mut cases: Vec<(&str, &str, RoleRules)> = Vec::new();
    for preset in ["tiendil-step6", "grown-shapes"] {
        cases.extend(mixes.iter().map(|(mix, rules)| (preset, *mix, rules.clone())));
    }
    cases.push(("grown-treasure", "as shipped", shipped("grown-treasure").roles().clone()));
    for (preset, mix, rules) in &cases {
        let params = with_rules(preset, rules.clone());
        let sides = rules.treasure_side_rooms as usize;
        let (mut treasures, mut complete, mut far_enough) = (0u64, 0u64, 0u64);
        for seed in 0..seeds {
            let g = generate_valid(&params, seed);
            let (map, notes) = (&g.map, &g.report.notes);
            let why = format!("{preset} {mix} seed {seed}: {notes:?}");
            let (adj, entrance, d, depth) = read(map);
            assert!(d.iter().all(Option::is_some), "{why}: every room is reached");

            if rules.entrance_exit {
                let exit = with_role(map, Role::Exit);
                assert_eq!(exit.len(), 1, "{why}");
                assert_eq!(d[exit[0]], Some(depth), "{why}: the exit is at the greatest depth");
                if depth >= rules.min_exit_distance {
                    far_enough += 1;
                } else {
                    assert!(notes.iter().any(|n| n.contains(&format!("the exit is {depth} rooms"))), "{why}");
                }
            }

            let Some(&treasure) = with_role(map, Role::Treasure).first() else {
                assert!(notes.iter().any(|n| n.contains("no treasure room")), "{why}");
                continue;
            };
            treasures += 1;
            let side = with_role(map, Role::Side);
            for &s in &side {
                assert_eq!(adj[s], BTreeSet::from([treasure]), "{why}: side room {s} is a dead end off the treasure");
            }
            let guard = with_role(map, Role::Guard);
            let mut around: BTreeSet<usize> = side.iter().copied().collect();
            if rules.guard {
                let [guard] = guard[..] else {
                    // The treasure's way in is the exit (the tiles moved the exit there): said.
                    assert!(guard.is_empty() && notes.iter().any(|n| n.contains("only way in is the exit")), "{why}");
                    continue;
                };
                let cut = room_distances(&adj, entrance, Some(guard));
                assert_eq!(cut[treasure], None, "{why}: every path to the treasure passes the guard");
                around.insert(guard);
                // The treasure's neighbours are its guard, its side rooms, and only dead ends
                // besides (a room the tiles join to it past the plan, not named a side room
                // when more are there than asked).
                assert!(around.is_subset(&adj[treasure]), "{why}");
                for &r in adj[treasure].difference(&around) {
                    assert_eq!(adj[r], BTreeSet::from([treasure]), "{why}: room {r} beside the treasure is a dead end");
                }
            } else {
                assert!(guard.is_empty(), "{why}");
                assert_eq!(adj[treasure].difference(&around).count(), 1, "{why}: a single way in");
            }
            if side.len() == sides && (!rules.guard || !guard.is_empty()) {
                complete += 1;
            } else {
                assert!(notes.iter().any(|n| n.contains(&format!("not the {sides} asked"))), "{why}");
            }
        }
        let exit = if rules.entrance_exit { format!(", exit far enough {far_enough}/{seeds}") } else { String::new() };
        eprintln!(
            "{preset} {mix}: treasure {treasures}/{seeds}, with its guard and all {sides} side rooms \
             {complete}/{seeds}{exit}"
        );
        assert!(treasures * 100 >= seeds * 99, "{preset} {mix}: a treasure on only {treasures} of {seeds} maps");
        // The plan builds the branch sealed on its corridors; on the tiles, a later room's floor
        // or corridor against it joins it to more rooms (the room graph now knows such ways), so
        // some side rooms stop being dead ends and the exit comes nearer: measured at 66% to
        // 100% complete and 51% to 100% far enough over these cases (issue 48's closing note).
        assert!(complete * 100 >= seeds * 60, "{preset} {mix}: complete on only {complete} of {seeds} maps");
        assert!(
            !rules.entrance_exit || far_enough * 100 >= seeds * 50,
            "{preset} {mix}: the exit far enough on only {far_enough} of {seeds} maps"
        );
    }
}

/// The shipped preset that shows the rules off: its maps, report lines and roles as snapshots.
#[test]
fn grown_treasure_golden_maps() {
    let params = shipped("grown-treasure");
    let mut goldens = crate::common::Goldens::new();
    for seed in [1, 2, 3] {
        let g = generate_valid(&params, seed);
        let roles: Vec<String> =
            g.map.rooms.iter().filter_map(|r| r.role.map(|role| format!("room {}: {role:?}", r.id))).collect();
        let path = crate::common::golden_dir().join(format!("grown-treasure-seed-{seed}.txt"));
        goldens.check(&path, &format!("{}\n{}\n{}", g.report, roles.join("\n"), g.map.to_ascii()));
    }
}

/// Steered generation is deterministic: the same maps, made one by one or on several threads
/// at once.
#[test]
fn steered_maps_are_the_same_on_any_thread_count() {
    let params = with_rules("grown-shapes", RoleRules::all(6, 2));
    let seeds = 24usize;
    let alone: Vec<Map> = (0..seeds as u64).map(|s| generate(&params, s).unwrap().map).collect();
    for threads in [2, 3, 8] {
        let per = seeds.div_ceil(threads);
        let mut maps: Vec<Option<Map>> = vec![None; seeds];
        std::thread::scope(|scope| {
            for (t, chunk) in maps.chunks_mut(per).enumerate() {
                let params = &params;
                scope.spawn(move || {
                    for (i, slot) in chunk.iter_mut().enumerate() {
                        *slot = Some(generate(params, (t * per + i) as u64).unwrap().map);
                    }
                });
            }
        });
        let maps: Vec<Map> = maps.into_iter().map(Option::unwrap).collect();
        assert_eq!(maps, alone, "{threads} threads");
    }
}

/// Steering keeps most of the loops a preset asks for: loops are refused only when they would
/// bring the exit nearer than asked or than the treasure, never merely for joining far rooms.
#[test]
fn steered_maps_keep_most_loops() {
    use delve::generate::grown::generate_with_stats;
    let off = crate::common::shipped_grown("grown-shapes");
    let mut on = off.clone();
    on.common.roles = RoleRules::all(6, 2);
    let loops = |p: &delve::params::GrownRooms| -> usize {
        (0..100).map(|seed| generate_with_stats(p, seed).unwrap().1.loops_added).sum()
    };
    let (without, with) = (loops(&off), loops(&on));
    eprintln!("grown-shapes, 100 maps: {without} loops without rules, {with} with every rule on");
    assert!(with * 100 >= without * 80, "{with} loops with the rules against {without} without");
}
