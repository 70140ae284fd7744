//! The room graph: how the rooms of a map hang together, the one place it is built (the
//! graph measures of [`super::metrics::GraphMetrics`] and the map view's graph layer and
//! distance colours all read it). Definitions:
//!
//! | term | meaning |
//! |---|---|
//! | node | a room (indexed as in `map.rooms`), drawn at its [`super::Shape::centre`] |
//! | edge | a corridor, between the rooms of its two doors (`corridor.doors -> door.room`); a corridor whose door or room is unknown is left out; two corridors between the same rooms are two edges. Then a **way on the tiles** ([`tile_ways`], [`Edge::corridor`] = `TILE_WAY`) between two rooms no corridor joins that the tiles join all the same: floor against floor, or a corridor's tile against the floor of a room other than its own two (a way into the room the player walks, door or not) |
//! | entrance | the room that holds `map.spawn` (none when the spawn is in no room: then no room has a distance and nothing is highlighted) |
//! | distance | rooms (hops) from the entrance along the graph, by a breadth-first walk over rooms ([`pathfind::walk`]); rooms the entrance does not reach have none |
//! | exit | the room with the greatest distance (ties: the lowest room id) |
//! | critical path | one shortest room path from the entrance to the exit: the search meets neighbours in order of room id (then corridor), and each room keeps the first room it was reached from |
//! | tree edge | a corridor the search crossed to reach a room first (a search from the entrance, then from each room not yet reached, in id order: a spanning forest) |
//! | loop edge | every other corridor: the edges that close a cycle. Their number is the graph's independent cycles (corridors − rooms + pieces) |
//!
//! Room ids are usually their indices; they are looked up in maps otherwise.

use super::Map;

mod ways;
use crate::geom::Pos;
use crate::pathfind::{self, Adjacency};
use std::cell::Cell;
use std::collections::HashMap;
pub use ways::tile_ways;
pub(crate) use ways::{Claimed, claimed_ways, tile_ways_among};

thread_local! {
    /// The queue of [`RoomGraph::of`]'s walks, between graphs.
    static QUEUE: Cell<pathfind::Queue<(usize, usize)>> = Cell::default();
}

/// One room of the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Where the node is drawn: the room's centre tile (`None` for a room with no floor).
    pub centre: Option<Pos>,
    /// Rooms from the entrance (`None`: not reached, or no entrance).
    pub distance: Option<u32>,
    /// Corridors at this room.
    pub degree: u32,
}

/// [`Edge::corridor`] of a way on the tiles that is no corridor (see [`tile_ways`]).
pub(crate) const TILE_WAY: usize = usize::MAX;

/// One corridor of the graph, or a way on the tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// Index into `map.corridors`; `TILE_WAY` for a way on the tiles.
    pub corridor: usize,
    /// Indices into `map.rooms` of the rooms its doors belong to (the same room twice for a
    /// corridor that leaves and re-enters one room).
    pub rooms: [usize; 2],
    /// The edge closes a cycle (not in the search's spanning forest).
    pub is_loop: bool,
    /// The edge is on the critical path.
    pub critical: bool,
}

/// The room graph of a map, with the entrance, exit, distances, critical path and loops as
/// defined in the [module documentation](self).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomGraph {
    /// One per room, in the order of `map.rooms`.
    pub nodes: Vec<Node>,
    /// One per corridor that joins two known rooms, in the order of `map.corridors`.
    pub edges: Vec<Edge>,
    /// Index into `map.rooms` of the entrance.
    pub entrance: Option<usize>,
    /// Index into `map.rooms` of the exit (the entrance itself when it reaches no other room).
    pub exit: Option<usize>,
    /// Room indices from the entrance to the exit, both included (empty without an entrance).
    pub critical_path: Vec<usize>,
    /// Pieces of the graph (rooms joined by corridors, a lone room is a piece of its own).
    pub pieces: usize,
    /// (neighbour, edge) of every room, room after room (see [`RoomGraph::neighbours`]).
    adjacent: Vec<(usize, usize)>,
    /// Where each room's list starts in `adjacent` (one more than rooms).
    first: Vec<usize>,
}

impl RoomGraph {
    pub fn of(map: &Map) -> RoomGraph {
        let n = map.rooms.len();
        // Ids are indices in every map Delve makes: then no table is needed.
        let in_order = map.rooms.iter().enumerate().all(|(i, r)| r.id as usize == i)
            && map.doors.iter().enumerate().all(|(i, d)| d.id as usize == i);
        let (room_index, door_room) = if in_order {
            (IdIndex::Positional(n), IdIndex::Positional(0))
        } else {
            (
                IdIndex::new(map.rooms.iter().enumerate().map(|(i, r)| (r.id, i as u32))),
                IdIndex::new(map.doors.iter().map(|d| (d.id, d.room))),
            )
        };
        let room_of = |door: u32| match door_room {
            IdIndex::Positional(_) => map.doors.get(door as usize).map(|d| d.room as usize).filter(|&r| r < n),
            _ => door_room.get(door).and_then(|r| room_index.get(r)).map(|i| i as usize),
        };
        let nodes: Vec<Node> =
            map.rooms.iter().map(|r| Node { centre: r.shape.centre(), distance: None, degree: 0 }).collect();
        let corridors: Vec<(usize, [usize; 2])> = map
            .corridors
            .iter()
            .enumerate()
            .filter_map(|(ci, c)| {
                let (Some(a), Some(b)) = (room_of(c.doors[0]), room_of(c.doors[1])) else { return None };
                Some((ci, [a, b]))
            })
            .collect();
        let ways = tile_ways_among(map, &corridors);
        let joins = corridors.into_iter().chain(ways.into_iter().map(|w| (TILE_WAY, w)));
        let entrance = map.room_at(map.spawn).and_then(|r| room_index.get(r.id)).map(|i| i as usize);
        let id = |i: usize| map.rooms.get(i).map_or(u32::MAX, |r| r.id);
        Self::build(nodes, joins, entrance, id)
    }

    /// The graph of `n` rooms known by their indices (no map yet: a generator's rooms), joined
    /// by `joins` (pairs of room indices, each an edge numbered in order; pairs naming no room
    /// are left out), with the entrance `entrance`. Nodes have no centre.
    pub fn of_rooms(n: usize, joins: impl Iterator<Item = [usize; 2]>, entrance: Option<usize>) -> RoomGraph {
        let nodes = vec![Node { centre: None, distance: None, degree: 0 }; n];
        let joins = joins.enumerate().filter(|(_, [a, b])| *a < n && *b < n);
        Self::build(nodes, joins, entrance.filter(|&e| e < n), |i| i as u32)
    }

    /// The graph of `nodes` joined by `joins` (corridor, room indices), `id` the id of each
    /// room: see the [module documentation](self).
    fn build(
        mut nodes: Vec<Node>,
        joins: impl Iterator<Item = (usize, [usize; 2])>,
        entrance: Option<usize>,
        id: impl Fn(usize) -> u32,
    ) -> RoomGraph {
        let n = nodes.len();
        let (least, most) = joins.size_hint();
        let mut edges = Vec::with_capacity(most.unwrap_or(least));
        for (corridor, [a, b]) in joins {
            edges.push(Edge { corridor, rooms: [a, b], is_loop: true, critical: false });
            nodes[a].degree += 1;
            nodes[b].degree += 1;
        }
        // adjacent[first[room]..first[room + 1]] = (neighbour, edge index) of each room, met in
        // order of neighbour id, then corridor (one list for all rooms: no allocation per room).
        let mut first = vec![0usize; n + 1];
        for e in &edges {
            let [a, b] = e.rooms;
            first[a + 1] += 1;
            if a != b {
                first[b + 1] += 1;
            }
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut adjacent = vec![(0usize, 0usize); first[n]];
        for (e, edge) in edges.iter().enumerate() {
            let [a, b] = edge.rooms;
            adjacent[fill[a]] = (b, e);
            fill[a] += 1;
            if a != b {
                adjacent[fill[b]] = (a, e);
                fill[b] += 1;
            }
        }
        for r in 0..n {
            let list = &mut adjacent[first[r]..first[r + 1]];
            if !list.is_sorted_by_key(|&(r, e)| (id(r), e)) {
                list.sort_unstable_by_key(|&(r, e)| (id(r), e));
            }
        }

        // The spanning forest: from the entrance first (its search gives the distances), then
        // from every room not yet reached, in id order.
        let mut order: Vec<usize> = (0..n).collect();
        if !order.is_sorted_by_key(|&i| id(i)) {
            order.sort_by_key(|&i| id(i));
        }
        let mut reached_from: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut seen = vec![false; n];
        let mut pieces = 0;
        let graph = Adjacency { first: &first, links: &adjacent };
        // The walks' queue, kept per thread (so a sweep allocates none per map).
        let mut queue = QUEUE.take();
        for start in entrance.into_iter().chain(order) {
            if seen[start] {
                continue;
            }
            pieces += 1;
            let from_entrance = Some(start) == entrance;
            seen[start] = true;
            if from_entrance {
                nodes[start].distance = Some(0);
            }
            // Moved in as slices: their lengths stay in registers, not read back through a
            // reference after every write.
            let (seen, edges, reached_from, nodes) =
                (&mut seen[..], &mut edges[..], &mut reached_from[..], &mut nodes[..]);
            let _ = pathfind::walk(
                graph,
                |(r, _)| r,
                &mut queue,
                (start, usize::MAX),
                usize::MAX,
                move |(r, _), (next, e)| {
                    if seen[next] {
                        return false;
                    }
                    seen[next] = true;
                    edges[e].is_loop = false;
                    reached_from[next] = Some((r, e));
                    if from_entrance {
                        nodes[next].distance = nodes[r].distance.map(|d| d + 1);
                    }
                    true
                },
            );
        }
        QUEUE.set(queue);

        let exit = entrance.and_then(|_| {
            (0..n).filter_map(|i| nodes[i].distance.map(|d| (d, i))).max_by_key(|&(d, i)| (d, std::cmp::Reverse(id(i))))
        });
        let mut critical_path = Vec::new();
        if let Some((_, exit)) = exit {
            let mut at = exit;
            critical_path.push(at);
            while Some(at) != entrance {
                let Some((prev, e)) = reached_from[at] else { break };
                edges[e].critical = true;
                critical_path.push(prev);
                at = prev;
            }
            critical_path.reverse();
        }
        RoomGraph { nodes, edges, entrance, exit: exit.map(|(_, i)| i), critical_path, pieces, adjacent, first }
    }

    /// The rooms joined to room `index` by a corridor, in order of room id (then corridor): a
    /// room joined twice is listed twice, a corridor back into the room lists the room itself.
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        Adjacency { first: &self.first, links: &self.adjacent }.links(index).iter().map(|&(r, _)| r)
    }

    /// The one room other than itself that room `index` is joined to, if it is joined to exactly
    /// one (however many corridors): a dead end's way in.
    pub(crate) fn only_neighbour(&self, index: usize) -> Option<usize> {
        let mut others = self.neighbours(index).filter(|&r| r != index);
        let first = others.next()?;
        others.all(|r| r == first).then_some(first)
    }

    /// Rooms from the entrance to the exit (0 without an entrance).
    pub fn depth(&self) -> u32 {
        self.exit.and_then(|i| self.nodes.get(i)).and_then(|n| n.distance).unwrap_or(0)
    }

    /// The edges that close a cycle.
    pub(crate) fn loops(&self) -> impl Iterator<Item = &Edge> {
        self.edges.iter().filter(|e| e.is_loop)
    }

    /// Rooms with exactly one corridor.
    pub(crate) fn leaf_rooms(&self) -> usize {
        self.nodes.iter().filter(|n| n.degree == 1).count()
    }

    /// The rooms reached from room `start` over the edges `open` lets through (by index in
    /// [`RoomGraph::edges`]), by the graph's breadth-first walk: for each room, the room and edge
    /// it was first reached from (`start` itself: `(start, usize::MAX)`; `None`: not reached).
    pub fn reach(&self, start: usize, open: impl Fn(usize) -> bool) -> Vec<Option<(usize, usize)>> {
        let mut from: Vec<Option<(usize, usize)>> = vec![None; self.nodes.len()];
        let Some(first) = from.get_mut(start) else { return from };
        *first = Some((start, usize::MAX));
        let graph = Adjacency { first: &self.first, links: &self.adjacent };
        let mut queue = QUEUE.take();
        let _ = pathfind::walk(
            graph,
            |(r, _)| r,
            &mut queue,
            (start, usize::MAX),
            usize::MAX,
            |(r, _), (next, e)| {
                if from[next].is_some() || !open(e) {
                    return false;
                }
                from[next] = Some((r, e));
                true
            },
        );
        QUEUE.set(queue);
        from
    }

    /// The distance of room `index` (`None`: not reached, no entrance, or no such room).
    pub fn distance(&self, index: usize) -> Option<u32> {
        self.nodes.get(index).and_then(|n| n.distance)
    }
}

/// Values by id, the later of two equal ids winning: a plain table when the ids are few and
/// small (as generated maps number them: 0, 1, 2 ...), a hash map otherwise.
enum IdIndex {
    /// Ids `0..n` are their own values.
    Positional(usize),
    Dense(Vec<Option<u32>>),
    Sparse(HashMap<u32, u32>),
}

impl IdIndex {
    fn new(pairs: impl Iterator<Item = (u32, u32)> + Clone) -> IdIndex {
        let (count, max) = pairs.clone().fold((0usize, 0u32), |(n, m), (id, _)| (n + 1, m.max(id)));
        if (max as usize) < 4 * count + 64 {
            let mut table = vec![None; max as usize + 1];
            for (id, v) in pairs {
                table[id as usize] = Some(v);
            }
            IdIndex::Dense(table)
        } else {
            IdIndex::Sparse(pairs.collect())
        }
    }

    fn get(&self, id: u32) -> Option<u32> {
        match self {
            IdIndex::Positional(n) => ((id as usize) < *n).then_some(id),
            IdIndex::Dense(t) => t.get(id as usize).copied().flatten(),
            IdIndex::Sparse(m) => m.get(&id).copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(ascii: &str) -> (Map, RoomGraph) {
        let m = Map::from_ascii(ascii).unwrap();
        let g = RoomGraph::of(&m);
        (m, g)
    }

    fn distances(g: &RoomGraph) -> Vec<Option<u32>> {
        g.nodes.iter().map(|n| n.distance).collect()
    }

    fn critical(g: &RoomGraph) -> Vec<usize> {
        g.edges.iter().filter(|e| e.critical).map(|e| e.corridor).collect()
    }

    /// Three rooms in a row: the far end is the exit, both corridors on the critical path.
    #[test]
    fn a_chain() {
        let (m, g) = graph("#################\n#.@.+,,+...+,,+.#\n#################\n");
        assert_eq!((m.rooms.len(), g.edges.len()), (3, 2));
        assert_eq!(distances(&g), vec![Some(0), Some(1), Some(2)]);
        assert_eq!((g.entrance, g.exit), (Some(0), Some(2)));
        assert_eq!(g.critical_path, vec![0, 1, 2]);
        assert_eq!(critical(&g), vec![0, 1]);
        assert_eq!(g.loops().count(), 0);
        assert_eq!((g.depth(), g.leaf_rooms(), g.pieces), (2, 2, 1));
        assert_eq!(g.nodes[0].centre, Some(Pos::new(2, 1)));
    }

    /// The graph of rooms known only by their indices (a generator's, before the map) is the
    /// map's graph without the centres.
    #[test]
    fn rooms_without_a_map_give_the_same_graph() {
        let (m, g) = graph(
            "###################\n#.@.+,,+...+,,+...#\n#...#####...#####.#\n#...+,,,+...+,,,+.#\n###################\n",
        );
        let joins = m.corridors.iter().map(|c| c.doors.map(|d| m.doors[d as usize].room as usize));
        let h = RoomGraph::of_rooms(m.rooms.len(), joins, g.entrance);
        let centreless: Vec<Node> = g.nodes.iter().map(|n| Node { centre: None, ..n.clone() }).collect();
        assert_eq!((&h.nodes, &h.edges, h.entrance, h.exit), (&centreless, &g.edges, g.entrance, g.exit));
        assert_eq!((&h.critical_path, h.pieces), (&g.critical_path, g.pieces));
        // Pairs naming no room are left out, an entrance that is no room is none.
        let odd = RoomGraph::of_rooms(2, [[0, 1], [1, 5]].into_iter(), Some(7));
        assert_eq!((odd.edges.len(), odd.entrance, odd.exit), (1, None, None));
    }

    /// Ids that are not indices (an edited map) give the same graph as ids that are: the
    /// lookups by table and by position agree.
    #[test]
    fn ids_that_are_not_indices_give_the_same_graph() {
        let (m, g) = graph(
            "###################\n#.@.+,,+...+,,+...#\n#...#####...#####.#\n#...+,,,+...+,,,+.#\n###################\n",
        );
        let mut shifted = m.clone();
        for r in &mut shifted.rooms {
            r.id += 100;
        }
        for d in &mut shifted.doors {
            d.id += 50;
            d.room += 100;
        }
        for c in &mut shifted.corridors {
            c.doors = c.doors.map(|d| d + 50);
        }
        let h = RoomGraph::of(&shifted);
        assert_eq!((&h.nodes, &h.edges, h.entrance, h.exit), (&g.nodes, &g.edges, g.entrance, g.exit));
        assert_eq!((&h.critical_path, h.pieces), (&g.critical_path, g.pieces));
        assert!(g.edges.len() >= 4, "{}", g.edges.len());
    }

    /// The spawn in the middle room of a chain: both ends are one room away; the tie goes to the
    /// lowest id, and the corridor to the other end is off the critical path.
    #[test]
    fn a_branch() {
        let (_, g) = graph("#################\n#...+,,+.@.+,,+.#\n#################\n");
        assert_eq!(distances(&g), vec![Some(1), Some(0), Some(1)]);
        assert_eq!((g.entrance, g.exit), (Some(1), Some(0)));
        assert_eq!(g.critical_path, vec![1, 0]);
        assert_eq!(critical(&g), vec![0]);
        assert_eq!(g.depth(), 1);
    }

    /// Two rooms joined twice: the second corridor closes a loop; the first is the path.
    #[test]
    fn a_loop() {
        let (_, g) = graph("###########\n#..+,,,+..#\n#.@#####..#\n#..+,,,+..#\n###########\n");
        assert_eq!(g.edges.len(), 2);
        assert_eq!((g.entrance, g.exit), (Some(0), Some(1)));
        assert_eq!(critical(&g), vec![0]);
        let loops: Vec<usize> = g.loops().map(|e| e.corridor).collect();
        assert_eq!(loops, vec![1]);
        assert!(!g.edges[0].is_loop);
    }

    /// A room no corridor reaches has no distance, is never the exit, and is a piece of its own.
    #[test]
    fn a_disconnected_room() {
        let (m, g) = graph("###############\n#..+,,,+..#..##\n#.@#####..#..##\n#..+,,,+..#####\n###############\n");
        assert_eq!(m.rooms.len(), 3);
        assert_eq!(distances(&g), vec![Some(0), Some(1), None]);
        assert_eq!((g.exit, g.pieces), (Some(1), 2));
        assert_eq!(g.loops().count(), 1);
    }

    /// A corridor that runs against the floor of a room it does not join is a way into that
    /// room: the graph knows it (an edge on the tiles), and the distances follow it.
    #[test]
    fn a_corridor_against_a_room_is_a_way_in() {
        // Rooms A (left), B (right), C (bottom right); the corridor from A to C runs along B.
        let text = "##############\n#....+,,,,+..#\n#.@..#####,..#\n#....#####,###\n#....+,,,,,+.#\n##########.#.#\n##############\n";
        let (m, g) = graph(text);
        assert_eq!(m.rooms.len(), 4, "{:?}", m.rooms.iter().map(|r| r.shape.bounds()).collect::<Vec<_>>());
        let ways: Vec<&Edge> = g.edges.iter().filter(|e| e.corridor == TILE_WAY).collect();
        assert!(!ways.is_empty(), "{:?}", g.edges);
        assert_eq!(ways.len(), tile_ways(&m).len());
        // Corridor floor no corridor lists (a door with one room), between two rooms: one way.
        let (_, g) = graph("#######\n#.@#..#\n#..+..#\n#######\n");
        assert_eq!(g.edges.iter().filter(|e| e.corridor == TILE_WAY).count(), 1, "{:?}", g.edges);
        assert_eq!(g.nodes[1].distance, Some(1));
    }

    /// The spawn on a corridor: no entrance, so no distances, exit or critical path; the loops
    /// are still marked.
    #[test]
    fn spawn_outside_any_room() {
        let (mut m, _) = graph("###########\n#..+,,,+..#\n#.@#####..#\n#..+,,,+..#\n###########\n");
        m.spawn = Pos::new(5, 1);
        let g = RoomGraph::of(&m);
        assert_eq!(g.edges.len(), 2);
        assert_eq!((g.entrance, g.exit), (None, None));
        assert!(g.critical_path.is_empty());
        assert_eq!(distances(&g), vec![None, None]);
        assert_eq!(critical(&g), Vec::<usize>::new());
        assert_eq!(g.loops().count(), 1);
        assert_eq!(g.depth(), 0);
    }
}
