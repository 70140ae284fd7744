//! Room roles from the room graph ([`super::graph::RoomGraph`], the one graph): which room is
//! the entrance, the exit, the treasure, its guard and its side rooms, under the designer's
//! [`RoleRules`]. Pure and deterministic: the same map and rules give the same roles.
//!
//! | role | the room |
//! |---|---|
//! | entrance | the spawn's room (the graph's entrance) |
//! | exit | a room at the greatest distance from the entrance (ties: the lowest id) with a floor tile that is not a door's (the graph's exit when none has one); none when the entrance reaches no other room |
//! | treasure | a room with a single way in: among its distinct neighbours, all but one (its *gate*) are dead ends (rooms whose only neighbour is it), none of them the entrance or the named exit. Never the entrance or the named exit. The room a generator built to be the treasure (`assign_with`: grown rooms steer placement by the rules) when it qualifies; otherwise preferred, in order: a gate that is not the entrance (when a guard is wanted), as many dead ends as side rooms were asked (up to the ask), farthest from the entrance, lowest id |
//! | guard | the treasure's gate: every path from the entrance to the treasure passes it (the treasure's other neighbours are dead ends) |
//! | side | up to `treasure_side_rooms` of the treasure's dead ends, lowest ids first |
//!
//! A rule that cannot be met is said in `Assignment::notes`, in the words the report uses.

use super::graph::RoomGraph;
use super::{Map, Role};
use crate::params::RoleRules;
use std::cmp::Reverse;

/// The roles the rules give, one per room (in the order of `map.rooms`), and the rules that
/// could not be met.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Assignment {
    pub roles: Vec<Option<Role>>,
    pub notes: Vec<String>,
}

/// How good a treasure room is, best greatest: its gate is not the entrance (or no guard is
/// wanted), dead ends up to the side rooms asked, distance from the entrance, lowest id.
type Score = (bool, usize, u32, Reverse<u32>);

/// The roles of the rooms of `map` (whose room graph is `graph`) under `rules`; see the
/// [module documentation](self).
#[cfg(test)]
pub(crate) fn assign(map: &Map, graph: &RoomGraph, rules: &RoleRules) -> Assignment {
    assign_with(map, graph, rules, None)
}

/// The roles of the rooms of `map` (see the [module documentation](self)), where a generator built room `grown` to be the treasure room (grown rooms
/// steer placement by the rules): it is the treasure when it qualifies as any treasure room
/// must (a single way in, not the entrance or the named exit); otherwise the treasure is
/// found by the rules.
pub(crate) fn assign_with(map: &Map, graph: &RoomGraph, rules: &RoleRules, grown: Option<usize>) -> Assignment {
    let n = map.rooms.len();
    let mut out = Assignment { roles: vec![None; n], notes: Vec::new() };
    if !rules.any() {
        return out;
    }
    let Some(entrance) = graph.entrance.filter(|&e| e < n) else {
        out.notes
            .push("no room holds the spawn, so no room roles were given (the entrance is the spawn's room)".into());
        return out;
    };
    let id = |i: usize| map.rooms.get(i).map_or(u32::MAX, |r| r.id);
    // Distinct neighbours of room `r` other than itself (the graph lists them by id).
    let distinct = |r: usize| {
        let mut last = None;
        graph.neighbours(r).filter(move |&s| s != r && last.replace(s) != Some(s))
    };

    // The exit: a room farthest from the entrance (the lowest id on a tie) with a floor tile
    // that is not a door's (a closet whose one tile is its door's holds no way on); the graph's
    // exit when no room has one.
    let mut door_cells: Vec<(i32, i32)> = map.doors.iter().map(|d| (d.cell.y, d.cell.x)).collect();
    door_cells.sort_unstable();
    let holds = |r: usize| {
        let mut any = false;
        map.rooms[r].shape.for_each_cell(|c| {
            any |= c != map.spawn && door_cells.binary_search(&(c.y, c.x)).is_err();
        });
        any
    };
    let roomy = (0..n)
        .filter(|&r| r != entrance && holds(r))
        .filter_map(|r| Some((graph.distance(r)?, r)))
        .max_by_key(|&(d, r)| (d, Reverse(id(r))))
        .map(|(_, r)| r);
    let exit = roomy.or(graph.exit).filter(|&x| x != entrance && x < n);
    let depth = exit.and_then(|x| graph.distance(x)).unwrap_or(0);
    let named_exit = if rules.entrance_exit { exit } else { None };
    if rules.entrance_exit {
        out.roles[entrance] = Some(Role::Entrance);
        match exit {
            Some(x) => {
                out.roles[x] = Some(Role::Exit);
                if depth < rules.min_exit_distance {
                    out.notes.push(format!(
                        "the exit is {depth} rooms from the entrance, fewer than the {} asked: no room is \
                         farther (more rooms or fewer loops make longer paths)",
                        rules.min_exit_distance
                    ));
                }
            }
            None => out.notes.push("the entrance reaches no other room, so there is no exit".into()),
        }
    }

    if rules.treasure {
        let want = rules.treasure_side_rooms as usize;
        let dead_end =
            |s: usize, of: usize| s != entrance && Some(s) != named_exit && graph.only_neighbour(s) == Some(of);
        // Room `r` as a treasure room: its score (as the module documentation orders them) and
        // its gate, when it has a single way in.
        let candidate = |r: usize| -> Option<(Score, usize)> {
            let d = graph.distance(r)?;
            if r == entrance || Some(r) == named_exit || d == 0 {
                return None;
            }
            let (mut ends, mut gate, mut gates) = (0, r, 0);
            for s in distinct(r) {
                if dead_end(s, r) {
                    ends += 1;
                } else {
                    gate = s;
                    gates += 1;
                }
            }
            (gates == 1).then_some(((!rules.guard || gate != entrance, ends.min(want), d, Reverse(id(r))), gate))
        };
        // The best (score, room, gate): the grown treasure when it qualifies, else the best.
        let mut best: Option<(Score, usize, usize)> =
            grown.filter(|&r| r < n).and_then(|r| candidate(r).map(|(score, gate)| (score, r, gate)));
        if best.is_none() {
            for r in 0..n {
                let Some((score, gate)) = candidate(r) else { continue };
                if best.as_ref().is_none_or(|(s, ..)| score > *s) {
                    best = Some((score, r, gate));
                }
            }
        }
        let best = best.map(|(_, r, gate)| {
            let ends: Vec<usize> = distinct(r).filter(|&s| dead_end(s, r)).collect();
            (r, gate, ends)
        });
        match best {
            None => out.notes.push(
                "no room other than the entrance and exit has a single way in, so there is no treasure room \
                 (dead ends make treasure rooms: fewer loops, or more rooms)"
                    .into(),
            ),
            Some((treasure, gate, ends)) => {
                out.roles[treasure] = Some(Role::Treasure);
                if rules.guard {
                    if gate == entrance {
                        out.notes.push(
                            "the treasure room's only way in is the entrance itself, so no room guards it".into(),
                        );
                    } else if Some(gate) == named_exit {
                        out.notes.push("the treasure room's only way in is the exit, so no room guards it".into());
                    } else {
                        out.roles[gate] = Some(Role::Guard);
                    }
                }
                for &s in ends.iter().take(want) {
                    out.roles[s] = Some(Role::Side);
                }
                if ends.len() < want {
                    out.notes.push(format!(
                        "the treasure room has {} dead-end side rooms, not the {want} asked (no room with a \
                         single way in has more)",
                        ends.len()
                    ));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map drawn on a wall of `w`×`h`: each entry is `(x, y, text)` written from `(x, y)`.
    fn draw(w: usize, h: usize, parts: &[(usize, usize, &str)]) -> Map {
        let mut rows = vec![vec!['#'; w]; h];
        for &(x, y, text) in parts {
            for (i, c) in text.chars().enumerate() {
                rows[y][x + i] = c;
            }
        }
        let text: String = rows.into_iter().map(|r| r.into_iter().collect::<String>() + "\n").collect();
        Map::from_ascii(&text).unwrap()
    }

    /// Entrance A, then B; B leads on to T (with dead ends S1 and S2) and down C - X - X2.
    ///
    /// ```text
    /// A - B - T - S1
    ///     |   |
    ///     C   S2
    ///     |
    ///     X - X2
    /// ```
    fn dungeon() -> Map {
        let mut parts = vec![(1, 1, ".@.+,,+...+,,+...+,,+...")];
        for x in [9, 16] {
            parts.extend([(x, 2, "+"), (x, 3, ","), (x, 4, "+")]);
        }
        parts.extend([(8, 5, "..."), (15, 5, "...")]);
        for y in [6, 10] {
            parts.extend([(9, y, "+"), (9, y + 1, ","), (9, y + 2, "+"), (8, y + 3, "...")]);
        }
        draw(26, 15, &parts)
    }

    fn roles(m: &Map, rules: &RoleRules) -> (Vec<Option<Role>>, Vec<String>) {
        let a = assign(m, &RoomGraph::of(m), rules);
        (a.roles, a.notes)
    }

    const A: usize = 0;
    const B: usize = 1;
    const T: usize = 2;
    const S1: usize = 3;
    const S2: usize = 5;
    const X2: usize = 7;

    #[test]
    fn the_fixture_is_the_graph_drawn() {
        let m = dungeon();
        let g = RoomGraph::of(&m);
        assert_eq!((m.rooms.len(), g.edges.len()), (8, 7));
        let d: Vec<Option<u32>> = g.nodes.iter().map(|n| n.distance).collect();
        assert_eq!(d, [0, 1, 2, 3, 2, 3, 3, 4].map(Some).to_vec());
        assert_eq!(g.exit, Some(X2));
    }

    #[test]
    fn a_treasure_with_side_rooms_its_guard_and_the_exit() {
        let m = dungeon();
        let (r, notes) = roles(&m, &RoleRules::all(3, 2));
        assert_eq!(notes, Vec::<String>::new());
        let mut want = vec![None; 8];
        want[A] = Some(Role::Entrance);
        want[X2] = Some(Role::Exit);
        want[T] = Some(Role::Treasure);
        want[B] = Some(Role::Guard);
        want[S1] = Some(Role::Side);
        want[S2] = Some(Role::Side);
        assert_eq!(r, want);
    }

    #[test]
    fn without_side_rooms_the_farthest_dead_end_is_the_treasure() {
        let m = dungeon();
        let (r, notes) = roles(&m, &RoleRules::all(0, 0));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!((r[S1], r[T], r[S2]), (Some(Role::Treasure), Some(Role::Guard), None));
        // One side room asked: T has two, the lower id is named.
        let (r, _) = roles(&m, &RoleRules::all(0, 1));
        assert_eq!((r[T], r[S1], r[S2]), (Some(Role::Treasure), Some(Role::Side), None));
    }

    /// A farthest room whose one tile is its door's holds no way on: the exit is the farthest
    /// room that has a tile besides its doors'.
    #[test]
    fn the_exit_has_a_tile_besides_its_doors() {
        let chain = draw(17, 3, &[(1, 1, ".@.+,,+...+,,+.")]);
        let (r, _) = roles(&chain, &RoleRules::all(0, 0));
        assert_eq!(r[1], Some(Role::Exit), "{r:?}");
        assert_ne!(r[2], Some(Role::Exit));
    }

    #[test]
    fn rules_that_cannot_be_met_are_reported() {
        let m = dungeon();
        let (r, notes) = roles(&m, &RoleRules::all(5, 3));
        assert_eq!(r[X2], Some(Role::Exit), "the exit stays at the greatest depth");
        assert_eq!(r[T], Some(Role::Treasure));
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].contains("4 rooms from the entrance, fewer than the 5"), "{}", notes[0]);
        assert!(notes[1].contains("2 dead-end side rooms, not the 3"), "{}", notes[1]);

        // A chain A - B - C: the exit C is never the treasure, and B is not a dead end.
        let chain = draw(18, 3, &[(1, 1, ".@.+,,+...+,,+..")]);
        let (r, notes) = roles(&chain, &RoleRules::all(0, 0));
        assert_eq!(r, vec![Some(Role::Entrance), None, Some(Role::Exit)]);
        assert!(notes[0].contains("no treasure room"), "{notes:?}");
        // Without the exit rule, the far end is the treasure, guarded by the middle.
        let rules = RoleRules { entrance_exit: false, ..RoleRules::all(0, 0) };
        assert_eq!(roles(&chain, &rules).0, vec![None, Some(Role::Guard), Some(Role::Treasure)]);
        // Spawn in the middle, only the treasure asked: a dead end whose gate is the entrance.
        let mid = draw(17, 3, &[(1, 1, "...+,,+.@.+,,+.")]);
        let (r, notes) = roles(&mid, &rules);
        assert_eq!(r, vec![Some(Role::Treasure), None, None]);
        assert!(notes[0].contains("only way in is the entrance"), "{notes:?}");
        // No spawn room.
        let mut lost = chain.clone();
        lost.spawn = crate::geom::Pos::new(0, 0);
        let (r, notes) = roles(&lost, &rules);
        assert!(r.iter().all(Option::is_none) && notes[0].contains("no room holds the spawn"));
    }

    /// A room a generator grew as the treasure is named when it qualifies, even where the
    /// search would prefer another; otherwise the search decides.
    #[test]
    fn the_grown_treasure_is_named_when_it_qualifies() {
        let m = dungeon();
        let g = RoomGraph::of(&m);
        // Without side rooms the search names S1 (a dead end off T, lower id than S2, as far):
        // S2 grown as the treasure is named instead, behind the same guard.
        let a = assign_with(&m, &g, &RoleRules::all(0, 0), Some(S2));
        assert_eq!((a.roles[S2], a.roles[T], a.roles[S1]), (Some(Role::Treasure), Some(Role::Guard), None));
        assert_eq!(a.notes, Vec::<String>::new());
        // The exit, the entrance, a room with two ways in or no room at all never qualify: the
        // search names what it names without a grown treasure.
        let plain = assign(&m, &g, &RoleRules::all(0, 0));
        for grown in [X2, A, B, 99] {
            assert_eq!(assign_with(&m, &g, &RoleRules::all(0, 0), Some(grown)), plain, "grown {grown}");
        }
    }

    #[test]
    fn rules_off_give_nothing() {
        let m = dungeon();
        assert_eq!(roles(&m, &RoleRules::default()), (vec![None; 8], vec![]));
    }
}
