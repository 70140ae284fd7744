//! The roles stage, after any generator: gives the rooms their roles under the parameters'
//! [`RoleRules`] from the one room graph ([`crate::map::roles`]), and adds to the report every
//! rule that could not be met. With every rule off it does nothing (not even build the graph).
//!
//! This stage is the one place roles are given. For rooms and tunnels they are found on the
//! finished map. Grown rooms steer placement by the rules first (the treasure grown as a leaf
//! with its side rooms, its guard in front, the exit deep enough: see `grown/plan.rs`) and say
//! which room they grew as the treasure; this stage names that room when it qualifies (as
//! [`crate::map::roles::assign_with`] says), and every other role from the graph as for any map.

use super::Generated;
use crate::map::graph::RoomGraph;
use crate::params::RoleRules;

/// Gives `out.map`'s rooms their roles under `rules` (`treasure`: the room a generator grew as
/// the treasure room); notes the rules not met in `out.report`.
pub(super) fn assign(rules: &RoleRules, treasure: Option<usize>, out: &mut Generated) {
    if !rules.any() {
        return;
    }
    let graph = RoomGraph::of(&out.map);
    let assignment = crate::map::roles::assign_with(&out.map, &graph, rules, treasure);
    for (room, role) in out.map.rooms.iter_mut().zip(assignment.roles) {
        room.role = role;
    }
    out.report.notes.extend(assignment.notes.into_iter().map(|n| format!("role rule not met: {n}")));
}
