//! The roles stage, after any generator: gives the rooms their roles under the parameters'
//! [`RoleRules`] from the one room graph ([`crate::map::roles`]), and adds to the report every
//! rule that could not be met. With every rule off it does nothing (not even build the graph).
//!
//! Both generators get their roles this way, after the map is made; grown rooms do not yet
//! steer placement by the rules (the treasure grown as a leaf, its guard in front).

use super::Generated;
use crate::map::graph::RoomGraph;
use crate::params::RoleRules;

/// Gives `out.map`'s rooms their roles under `rules`; notes the rules not met in `out.report`.
pub(super) fn assign(rules: &RoleRules, out: &mut Generated) {
    if !rules.any() {
        return;
    }
    let graph = RoomGraph::of(&out.map);
    let assignment = crate::map::roles::assign(&out.map, &graph, rules);
    for (room, role) in out.map.rooms.iter_mut().zip(assignment.roles) {
        room.role = role;
    }
    out.report.notes.extend(assignment.notes);
}
