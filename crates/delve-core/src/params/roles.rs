//! The role rules, shared by every generator: which room roles to give after generation
//! (entrance, exit, treasure, guard, side rooms; see [`crate::map::roles`]) and how. Each rule is
//! described once here (`specs`); the table of the settings every family has
//! (`params::common`) lists them with `role_field!`, reaching them through its `roles` field.
//!
//! Every rule is off by default, and a generator's `roles` is written to files only when a rule
//! differs from the default, so presets and maps made without rules read and write as before.

use super::ParamKind;
use super::ParamSpec;
use serde::{Deserialize, Serialize};

/// Which roles to give the rooms after generation, and the rules they follow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct RoleRules {
    /// Name the entrance (the spawn's room) and the exit (a room farthest from it).
    pub entrance_exit: bool,
    /// Rooms the exit should be from the entrance at least (0: no minimum).
    pub min_exit_distance: u32,
    /// Name a treasure room: far from the entrance, with a single way in.
    pub treasure: bool,
    /// Dead-end side rooms wanted off the treasure room.
    pub treasure_side_rooms: u32,
    /// Name the guard room: the room every path into the treasure room passes.
    pub guard: bool,
}

impl RoleRules {
    /// Whether every rule is at its default (off): nothing to assign, nothing written to files.
    pub fn is_off(&self) -> bool {
        *self == RoleRules::default()
    }

    /// Whether any role is to be given.
    pub(crate) fn any(&self) -> bool {
        self.entrance_exit || self.treasure || self.guard
    }

    /// Every rule on: entrance and exit (at least `min_exit_distance` apart), a treasure room
    /// with `side_rooms` side rooms, and its guard.
    pub fn all(min_exit_distance: u32, side_rooms: u32) -> Self {
        Self { entrance_exit: true, min_exit_distance, treasure: true, treasure_side_rooms: side_rooms, guard: true }
    }
}

/// Most rooms between entrance and exit a designer may ask for.
pub(crate) const MAX_EXIT_DISTANCE: u32 = 1000;
/// Most side rooms off the treasure room a designer may ask for.
pub(crate) const MAX_SIDE_ROOMS: u32 = 16;

pub(crate) const ENTRANCE_EXIT: ParamSpec = ParamSpec {
    key: "roles_entrance_exit",
    label: "Entrance and exit",
    unit: "",
    help: "Name the entrance (the spawn's room) and the exit (a room farthest from the entrance along \
           the room graph). Roles show in the inspector, the Colour rooms › by role view and every export.",
    kind: ParamKind::Bool,
};
pub(crate) const MIN_EXIT_DISTANCE: ParamSpec = ParamSpec {
    key: "roles_min_exit_distance",
    label: "Exit at least",
    unit: "rooms",
    help: "Rooms the exit should be from the entrance at least (0: no minimum). The exit is always a \
           farthest room; grown rooms grow deeper until it is this far, while rooms are left. When it \
           is still nearer, the report says so.",
    kind: ParamKind::Int { min: 0, max: MAX_EXIT_DISTANCE as i64 },
};
pub(crate) const TREASURE: ParamSpec = ParamSpec {
    key: "roles_treasure",
    label: "Treasure room",
    unit: "",
    help: "Name a treasure room: a room with a single way in (a dead end, or a room whose other \
           neighbours are dead ends), as far from the entrance as possible, never the entrance or exit. \
           Grown rooms grow it on purpose, late and deep, as a hall when halls have weight.",
    kind: ParamKind::Bool,
};
pub(crate) const TREASURE_SIDE_ROOMS: ParamSpec = ParamSpec {
    key: "roles_treasure_side_rooms",
    label: "Treasure side rooms",
    unit: "rooms",
    help: "Dead-end side rooms wanted off the treasure room: treasure rooms with that many are \
           preferred, and up to that many of its dead ends are named side rooms. Grown rooms grow them \
           off the treasure room, small, and no loop joins them.",
    kind: ParamKind::Int { min: 0, max: MAX_SIDE_ROOMS as i64 },
};
pub(crate) const GUARD: ParamSpec = ParamSpec {
    key: "roles_guard",
    label: "Guard room",
    unit: "",
    help: "Name the guard room: the treasure room's only way in, so every path from the entrance to \
           the treasure passes it. Needs the treasure room. Grown rooms grow it in front of the \
           treasure, and no loop goes round it.",
    kind: ParamKind::Bool,
};

/// Every role rule, in panel order (each generator's table lists them last, in this order).
pub(crate) const SPECS: [ParamSpec; 5] = [ENTRANCE_EXIT, MIN_EXIT_DISTANCE, TREASURE, TREASURE_SIDE_ROOMS, GUARD];

/// Whether parameter `key` is a role rule.
pub fn is_rule(key: &str) -> bool {
    SPECS.iter().any(|s| s.key == key)
}

/// One role rule as a field of the common settings' table (in their `roles`):
/// `role_field!(Flag treasure, TREASURE)` or `role_field!(Count treasure_side_rooms, ...)`.
macro_rules! role_field {
    (Flag $f:ident, $spec:ident) => {
        $crate::params::field::Field {
            spec: $crate::params::roles::$spec,
            access: $crate::params::field::Access::Flag {
                get: |c: &$crate::params::common::Common| c.roles.$f,
                get_mut: |c: &mut $crate::params::common::Common| &mut c.roles.$f,
            },
        }
    };
    (Count $f:ident, $spec:ident) => {
        $crate::params::field::Field {
            spec: $crate::params::roles::$spec,
            access: $crate::params::field::Access::Count {
                get: |c: &$crate::params::common::Common| c.roles.$f,
                get_mut: |c: &mut $crate::params::common::Common| &mut c.roles.$f,
                words: $crate::params::field::Words::AtMost,
            },
        }
    };
}
pub(crate) use role_field;

/// The check that involves several rules, after field `key`'s own.
pub(crate) fn cross_checks(rules: &RoleRules, key: &str, out: &mut Vec<super::ParamIssue>) {
    if key == GUARD.key && rules.guard && !rules.treasure {
        out.push(super::ParamIssue {
            field: GUARD.key,
            message: format!("the guard room guards the treasure room; turn on “{}” too", TREASURE.label),
        });
    }
}
