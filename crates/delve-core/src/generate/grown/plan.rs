//! The role rules' plan for grown rooms: with a rule on, growth is steered so that the rules
//! hold by construction where the space allows (Tiendil's "what's next": "always place a guard
//! room before the treasury, or generate a large treasury room with connected small dead-end
//! rooms"). With every rule off there is no plan: every room is placed as the tutorial places
//! it, and the map is exactly the one made without rules.
//!
//! The last `guard + 1 + treasure_side_rooms` rooms of the run are the treasure's branch,
//! grown in reserved steps after the rest of the tree (the *main* rooms):
//! 1. **Main rooms**. While the tree is shallower than asked (the exit rule's minimum distance,
//!    and deep enough for the branch to hang above the exit), a room attaches first to the
//!    deepest rooms (lowest id first), then anywhere, so the deepest room reaches the distance
//!    when the room budget allows. Otherwise as the tutorial.
//! 2. **Guard**: attached to the deepest room it fits at (lowest id first among equals) whose
//!    depth leaves the branch no deeper than the deepest main room (with the exit rule), so the
//!    exit (the deepest room, the lowest id on a tie) stays outside it.
//! 3. **Treasure**: attached to the guard (without the guard rule, where the guard would go), a
//!    hall when halls have weight (a treasury), with a candidate door for each side room asked.
//! 4. **Side rooms**: attached to the treasure only, closets when closets have weight; each is
//!    sealed as soon as it is placed (its other doors closed): a dead end.
//!
//! Then the treasure is sealed too: nothing else ever attaches to it, and loops and the
//! corridors that join locked rooms never reach the treasure or its side rooms, so the room in
//! front of it stays its only way in. With the exit rule, a loop that would bring the exit
//! nearer than asked, or nearer than the branch's deepest room (so that the exit would fall in
//! the branch), is not added (see [`Builder::loop_keeps_exit`]). A step whose room fits nowhere it prefers attaches anywhere (a side
//! room placed so is an ordinary room).
//!
//! The plan names no roles itself: it tells the roles stage which room it grew as the treasure
//! ([`super::GrownStats::treasure`]); [`crate::map::roles::assign_with`] names that room (its
//! gate the guard, its dead ends the side rooms) when it qualifies as any treasure must, and
//! every other role from the finished map's graph, with a note for every rule not met.

use super::GrownRooms;
use super::build::Builder;
use super::template::Ask;
use crate::map::graph::RoomGraph;
use crate::params::{RoleRules, RoomShape};

/// What one room of the run is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Main,
    Guard,
    Treasure,
    Side,
}

pub(super) struct Plan {
    rules: RoleRules,
    /// The first room of the treasure's branch (`rooms` when there is none).
    branch: u32,
    /// Depth the main rooms are steered to (0: none).
    depth_goal: u32,
    /// Rooms from the guard's anchor to the deepest room of the branch.
    branch_depth: u32,
    hall: bool,
    closet: bool,
    /// The rooms placed so far by depth (`levels[d]`: the rooms `d` deep, in id order).
    levels: Vec<Vec<u32>>,
    guard: Option<u32>,
    /// The room grown as the treasure.
    pub(super) treasure: Option<u32>,
}

impl Plan {
    /// The plan for `p`, growing on what `b` holds already (the kept rooms); none when every
    /// rule is off.
    pub(super) fn new(p: &GrownRooms, b: &Builder) -> Option<Plan> {
        let kept = b.rooms.len() as u32;
        let rules = p.common.roles.clone();
        if !rules.any() {
            return None;
        }
        let sides = rules.treasure_side_rooms;
        let (branch, branch_depth) = if rules.treasure {
            let reserve = u32::from(rules.guard) + 1 + sides;
            (
                p.rooms.saturating_sub(reserve).max(kept + 1).min(p.rooms),
                u32::from(rules.guard) + 1 + u32::from(sides > 0),
            )
        } else {
            (p.rooms, 0)
        };
        let depth_goal = if rules.entrance_exit { rules.min_exit_distance.max(branch_depth) } else { 0 };
        let mut plan = Plan {
            rules,
            branch,
            depth_goal,
            branch_depth,
            hall: p.hall_weight > 0,
            closet: p.closet_weight > 0,
            levels: Vec::new(),
            guard: None,
            treasure: None,
        };
        for room in 0..kept {
            plan.level(b, room);
        }
        Some(plan)
    }

    /// Notes room `room` of `b` in [`Plan::levels`].
    fn level(&mut self, b: &Builder, room: u32) {
        let d = b.rooms[room as usize].depth as usize;
        if self.levels.len() <= d {
            self.levels.resize(d + 1, Vec::new());
        }
        self.levels[d].push(room);
    }

    /// What room `i` of the run is for.
    pub(super) fn part(&self, i: u32) -> Part {
        let Some(k) = i.checked_sub(self.branch) else { return Part::Main };
        match (k, self.rules.guard) {
            (0, true) => Part::Guard,
            (1, true) | (0, false) => Part::Treasure,
            _ => Part::Side,
        }
    }

    /// What the room for `part` is asked to be.
    pub(super) fn ask(&self, part: Part) -> Ask {
        match part {
            Part::Main => Ask::default(),
            // A door in, and two to choose from for the treasure.
            Part::Guard => Ask { doors: 3, ..Ask::default() },
            // Four candidate doors per side room: deep in the dungeon, most doors face rooms
            // already there.
            Part::Treasure => Ask {
                shape: self.hall.then_some(RoomShape::Hall),
                doors: 1 + 4 * self.rules.treasure_side_rooms,
                smallest: false,
            },
            Part::Side => Ask { shape: self.closet.then_some(RoomShape::Closet), doors: 0, smallest: true },
        }
    }

    /// The groups of rooms the room for `part` should attach to, in turn (`None`: as the
    /// tutorial places it).
    pub(super) fn anchor(&self, b: &Builder, part: Part) -> Option<Vec<Vec<u32>>> {
        let deepest = self.levels.len().saturating_sub(1) as u32;
        match part {
            // The three deepest levels, deepest first: a room placed there is as deep as the
            // tree allows (or nearly), and few rooms are looked at however large the tree.
            Part::Main => (deepest < self.depth_goal && !b.rooms.is_empty())
                .then(|| self.levels.iter().rev().take(3).cloned().collect()),
            Part::Guard => Some(self.anchors(deepest)),
            // Behind the guard, or (when it fits nowhere there) where the guard could have gone.
            Part::Treasure => Some(self.guard.map(|g| vec![g]).into_iter().chain(self.anchors(deepest)).collect()),
            Part::Side => Some(self.treasure.map(|t| vec![vec![t]]).unwrap_or_default()),
        }
    }

    /// The rooms the branch may hang from, one group each, deepest first (lowest id first among
    /// equals): with the exit rule, only those that leave the branch no deeper than `deepest`.
    fn anchors(&self, deepest: u32) -> Vec<Vec<u32>> {
        let limit = if self.rules.entrance_exit { deepest.saturating_sub(self.branch_depth) } else { deepest };
        self.levels.iter().take(limit as usize + 1).rev().flatten().map(|&r| vec![r]).collect()
    }

    /// Room `room`, for `part`, was placed: the guard and treasure are noted, side rooms sealed.
    pub(super) fn placed(&mut self, b: &mut Builder, part: Part, room: u32) {
        self.level(b, room);
        match part {
            Part::Main => {}
            Part::Guard => self.guard = Some(room),
            Part::Treasure => {
                self.treasure = Some(room);
                if self.rules.treasure_side_rooms == 0 {
                    b.seal(room);
                }
            }
            Part::Side => {
                if self.treasure.is_some_and(|t| b.rooms[room as usize].parent == t) {
                    b.seal(room);
                }
            }
        }
    }

    /// After the tree (`entrance` the spawn's room): the treasure is sealed (with every side
    /// room it could take), and with the exit rule loops must keep the exit far enough and
    /// outside the treasure's branch (see [`Builder::loop_keeps_exit`]).
    pub(super) fn finish(&self, b: &mut Builder, entrance: usize) {
        if let Some(t) = self.treasure {
            b.seal(t);
        }
        if self.rules.entrance_exit && (self.rules.min_exit_distance > 0 || self.treasure.is_some()) {
            let distances = b.room_distances(entrance, None);
            b.keep_exit =
                Some(KeepExit { entrance, min: self.rules.min_exit_distance, distances, checks: EXIT_CHECKS });
        }
    }
}

/// Most loops whose effect on the exit is measured on the room graph, per map (the others
/// change no distance); past them, no loop that would is added.
const EXIT_CHECKS: u32 = 256;

/// What loops must leave of the way to the exit: see [`Builder::loop_keeps_exit`].
pub(super) struct KeepExit {
    entrance: usize,
    /// The exit rule's minimum distance.
    min: u32,
    /// Each room's distance from the entrance over the tree and the loops added so far
    /// (`u32::MAX`: not reached).
    distances: Vec<u32>,
    /// Measurements left.
    checks: u32,
}

impl Builder<'_> {
    /// Closes every door of room `room` for good: no room, loop or joining corridor will reach
    /// it any more.
    pub(super) fn seal(&mut self, room: u32) {
        if self.is_sealed(room) {
            return;
        }
        self.sealed.push(room);
        for i in self.rooms[room as usize].doors.clone() {
            self.close(i as usize);
        }
    }

    /// Whether room `room` was sealed (the treasure and its side rooms: a handful at most).
    pub(super) fn is_sealed(&self, room: u32) -> bool {
        self.sealed.contains(&room)
    }

    /// Each room's distance from room `entrance` over the corridors built and `extra` (a pair
    /// of rooms), by the one room graph (`u32::MAX`: not reached).
    fn room_distances(&self, entrance: usize, extra: Option<[u32; 2]>) -> Vec<u32> {
        let room = |door: u32| self.doors[door as usize].room as usize;
        let joins = self.corridors.iter().map(|(_, [a, b])| [room(*a), room(*b)]);
        let joins = joins.chain(extra.map(|pair| pair.map(|r| r as usize)));
        let graph = RoomGraph::of_rooms(self.rooms.len(), joins, Some(entrance));
        (0..self.rooms.len()).map(|r| graph.distance(r).unwrap_or(u32::MAX)).collect()
    }

    /// The greatest distance in `distances` of a room outside the treasure's branch, and of one
    /// in it (sealed).
    fn deepest(&self, distances: &[u32]) -> (u32, u32) {
        let (mut outside, mut branch) = (0, 0);
        for (r, &d) in distances.iter().enumerate().filter(|(_, d)| **d != u32::MAX) {
            let most = if self.is_sealed(r as u32) { &mut branch } else { &mut outside };
            *most = d.max(*most);
        }
        (outside, branch)
    }

    /// Whether a loop between rooms `u` and `v` keeps the exit (the deepest room outside the
    /// treasure's branch) as far as the exit rule asks and at least as deep as the branch, or
    /// (when it already was not) no nearer than it was. A loop between rooms whose distances
    /// differ by one at most changes no distance: it passes at once. Any other is measured on
    /// the room graph, [`EXIT_CHECKS`] at most. Always true when the plan does not ask.
    pub(super) fn loop_keeps_exit(&mut self, u: u32, v: u32) -> bool {
        let Some(k) = &self.keep_exit else { return true };
        if k.distances[u as usize].abs_diff(k.distances[v as usize]) <= 1 {
            return true;
        }
        if k.checks == 0 {
            return false;
        }
        let (entrance, min) = (k.entrance, k.min);
        let (before, _) = self.deepest(&k.distances);
        let after = self.room_distances(entrance, Some([u, v]));
        let (outside, branch) = self.deepest(&after);
        let keeps = outside >= before.min(min.max(branch));
        if let Some(k) = &mut self.keep_exit {
            k.checks -= 1;
            if keeps {
                k.distances = after;
            }
        }
        keeps
    }
}
