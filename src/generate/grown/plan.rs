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
//! front of it stays its only way in. With the exit rule, loops may shorten the way from the
//! entrance only as far as the exit's slack over the minimum distance and over the branch's
//! deepest room allows (see [`Builder::loop_shortening`]), so the exit stays far enough and
//! outside the branch. A step whose room fits nowhere it prefers attaches anywhere (a side
//! room placed so is an ordinary room).
//!
//! The plan names no roles itself: it tells the roles stage which room it grew as the treasure
//! ([`super::GrownStats::treasure`]); [`crate::map::roles::assign_with`] names that room (its
//! gate the guard, its dead ends the side rooms) when it qualifies as any treasure must, and
//! every other role from the finished map's graph, with a note for every rule not met.

use super::GrownRooms;
use super::build::Builder;
use super::template::Ask;
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
        let rules = p.roles.clone();
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

    /// After the tree: the treasure is sealed (with every side room it could take), and with
    /// the exit rule loops may shorten the way to the exit only so far that it stays as far as
    /// asked and beyond the treasure's branch (see [`Builder::loop_shortening`]).
    pub(super) fn finish(&self, b: &mut Builder) {
        if let Some(t) = self.treasure {
            b.seal(t);
        }
        if self.rules.entrance_exit {
            // The deepest room outside the treasure's branch will be the exit: loops must leave
            // it at least as far as asked, and as far as the branch's deepest room (sealed).
            let (mut deepest, mut branch) = (0, 0);
            for (r, room) in b.rooms.iter().enumerate() {
                let most = if b.is_sealed(r as u32) { &mut branch } else { &mut deepest };
                *most = room.depth.max(*most);
            }
            let floor = self.rules.min_exit_distance.max(branch);
            b.loop_budget = (floor > 0).then(|| deepest.saturating_sub(floor));
        }
    }
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
}
