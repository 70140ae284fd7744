//! The settings every family shares — room roles, vaults, markers, a part beside and the list of
//! stages — declared once, in [`Common`], and embedded in every family's parameters as
//! `common`.
//!
//! In files they stay where they always were: as fields of the family's own struct, after its
//! own parameters (`RoomsAndTunnels((width: 80, …, roles: (…)))`). `family_params!` writes a
//! family's struct with its `common` field, and beside it the struct files read and write (its
//! own fields, then the shared ones, each with its serde attributes), converting between the
//! two.

use super::beside::Beside;
use super::field::Field;
use super::markers::Markers;
use super::roles::RoleRules;
use super::roles::role_field;
use super::stages::StageList;
use super::vaults::{Vaults, vault_field};

/// The settings every family shares.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Common {
    /// Room roles given after generation, and their rules.
    pub roles: RoleRules,
    /// Hand-made rooms placed among the generated ones.
    pub vaults: Vaults,
    /// What goes in the rooms: marker kinds and key-and-lock pairs.
    pub markers: Markers,
    /// A second generator's map beside this one, joined to it.
    pub beside: Option<Box<Beside>>,
    /// The stages and their order (the standard list unless the file lists stages; see
    /// [`super::stages`]).
    pub stages: StageList,
}

/// The parameters every family has, described once, in panel order after each family's own: the
/// vault settings, then the role rules. `field::table_params!` puts them in every family's table.
pub(crate) const FIELDS: &[Field<Common>] = &[
    vault_field!(Count count, COUNT),
    vault_field!(Chance chance, CHANCE),
    vault_field!(Flag rotate, ROTATE),
    vault_field!(Flag mirror, MIRROR),
    role_field!(Flag entrance_exit, ENTRANCE_EXIT),
    role_field!(Count min_exit_distance, MIN_EXIT_DISTANCE),
    role_field!(Flag treasure, TREASURE),
    role_field!(Count treasure_side_rooms, TREASURE_SIDE_ROOMS),
    role_field!(Flag guard, GUARD),
];

/// The checks of the common settings that involve several of them, after field `key`'s own.
pub(crate) fn cross_checks(common: &Common, key: &str, out: &mut Vec<super::ParamIssue>) {
    super::roles::cross_checks(&common.roles, key, out);
}

/// A family's parameter struct: its own fields as written, then `common` ([`Common`]). In files
/// its own fields come first, then the shared ones under their own names, as one struct (a
/// private struct of the same name, in the family's module `wire`); struct-level and field-level `#[serde(…)]`
/// attributes given here apply there. Each field takes its doc comments, then at most one
/// `#[serde(…)]`.
macro_rules! family_params {
    (
        $(#[doc = $doc:literal])*
        $(#[serde($($container:tt)*)])?
        pub struct $name:ident {
            $(
                $(#[doc = $field_doc:literal])*
                $(#[serde($($attr:tt)*)])?
                pub $field:ident: $ty:ty,
            )*
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(from = "FamilyWire", into = "FamilyWire")]
        pub struct $name {
            $($(#[doc = $field_doc])* pub $field: $ty,)*
            /// The settings every family shares: roles, vaults, markers, the part beside, the
            /// stages.
            pub common: $crate::params::common::Common,
        }

        // The struct as files hold it: its own fields, then the shared settings (the family's
        // doc is the schema's description). Its module keeps its name the family's, which is
        // what a file's reader names in its messages ("`Caves` is missing the field `width`").
        mod wire {
            #[allow(unused_imports)]
            use super::*;

            $(#[doc = $doc])*
            #[derive(serde::Serialize, serde::Deserialize)]
            #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
            $(#[serde($($container)*)])?
            pub(super) struct $name {
                $($(#[doc = $field_doc])* $(#[serde($($attr)*)])? pub(super) $field: $ty,)*
                /// Room roles given after generation, and their rules (all off by default; written only
                /// when one is on).
                #[serde(default, skip_serializing_if = "crate::params::roles::RoleRules::is_off")]
                pub(super) roles: $crate::params::roles::RoleRules,
                /// Hand-made rooms placed among the generated ones (written only when set).
                #[serde(default, skip_serializing_if = "crate::params::vaults::Vaults::is_off")]
                pub(super) vaults: $crate::params::vaults::Vaults,
                /// What goes in the rooms: marker kinds and key-and-lock pairs (written only when set).
                #[serde(default, skip_serializing_if = "crate::params::markers::Markers::is_off")]
                pub(super) markers: $crate::params::markers::Markers,
                /// A second generator's map beside this one, joined to it (written only when set).
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub(super) beside: Option<Box<$crate::params::beside::Beside>>,
                /// The stages: not a field in files (a changed list is written as the generator's
                /// stages with their parameters, [`crate::params::stage_form`]).
                #[serde(skip)]
                pub(super) stages: $crate::params::stages::StageList,
            }
        }
        type FamilyWire = wire::$name;

        impl $name {
            /// These parameters with their shared settings changed by `change`.
            pub fn with_common(mut self, change: impl FnOnce(&mut $crate::params::common::Common)) -> Self {
                change(&mut self.common);
                self
            }
        }

        impl From<FamilyWire> for $name {
            fn from(w: FamilyWire) -> Self {
                let common = $crate::params::common::Common {
                    roles: w.roles,
                    vaults: w.vaults,
                    markers: w.markers,
                    beside: w.beside,
                    stages: w.stages,
                };
                $name { $($field: w.$field,)* common }
            }
        }

        impl From<$name> for FamilyWire {
            fn from(p: $name) -> Self {
                let $crate::params::common::Common { roles, vaults, markers, beside, stages } = p.common;
                FamilyWire { $($field: p.$field,)* roles, vaults, markers, beside, stages }
            }
        }

        impl Default for FamilyWire {
            fn default() -> Self {
                $name::default().into()
            }
        }

        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                <FamilyWire as schemars::JsonSchema>::json_schema(generator)
            }
        }
    };
}
pub(crate) use family_params;

#[cfg(test)]
mod tests {
    use crate::params::GeneratorParams;

    /// A file's reader names the family in its messages, not the struct the file is read
    /// through.
    #[test]
    fn a_missing_field_is_named_with_its_family() {
        let err = ron::from_str::<GeneratorParams>("RoomsAndTunnels((height: 40))").unwrap_err().to_string();
        assert!(err.contains("`width`") && err.contains("`RoomsAndTunnels`") && !err.contains("Wire"), "{err}");
    }
}
