//! Generator parameters: what a preset file stores and the editor's panel edits.
//!
//! [`GeneratorParams`] is a serde enum with one variant per algorithm. Each algorithm's parameter
//! struct ([`RoomsAndTunnels`], [`GrownRooms`]) describes every parameter once, in a table of
//! `Field`s (key, label, unit, help, range and how to reach the struct field); the
//! [`Params`] methods `specs`, `get`, `set` (clamping) and the per-field range checks of `check`
//! are all derived from that table. Checks that involve several fields are written by hand and
//! take their bounds from the same constants.
//!
//! Each family's parameter struct and stages sit in its folder (`generate/<family>/params.rs`
//! and `stages.rs`, re-exported here as `params::<family>`), but belong to this layer: they
//! know neither the map model nor the algorithms, and `map` (for provenance) and `generate`
//! build on them. `family` holds the one list of families.

pub mod beside;
pub(crate) mod common;
pub(crate) mod family;
pub(crate) mod field;
pub mod markers;
#[cfg(feature = "json")]
pub mod path;
pub mod roles;
pub(crate) mod room_shape;
pub(crate) mod stage_form;
pub mod stages;
pub mod tiles;
pub mod vaults;

use serde::{Deserialize, Serialize};
use std::fmt;

pub(crate) use family::Family;
use family::define_params;
pub use grown::RoomShape;
pub use roles::RoleRules;
pub use rooms_tunnels::{OverlapRule, TunnelFrom};

/// The longest side of a map a generator makes, in tiles, for every family that takes its size
/// as parameters (declared once; a map file may be larger: [`crate::map::MAX_SIDE`]).
pub const MAX_SIDE: u32 = 4096;

/// An inclusive range of whole numbers chosen by the designer, such as a room side `6..=10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SizeRange {
    pub min: u32,
    pub max: u32,
}

impl SizeRange {
    pub const fn new(min: u32, max: u32) -> Self {
        Self { min, max }
    }
}

family::families!(define_params, $);

impl Default for GeneratorParams {
    fn default() -> Self {
        GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::default())
    }
}

/// What a parameter is, for building an editor field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// A real number in `min..=max`.
    Float { min: f64, max: f64 },
    /// An inclusive range `lo..=hi` with `min <= lo <= hi <= max`.
    Range { min: i64, max: i64 },
    /// One of the named options.
    Choice(&'static [&'static str]),
    /// On or off.
    Bool,
}

/// A parameter's value, as the editor reads and writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamValue {
    Int(i64),
    Float(f64),
    Range(i64, i64),
    Choice(usize),
    Bool(bool),
}

/// Self-description of one parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Field name in the preset file.
    pub key: &'static str,
    /// What a designer sees.
    pub label: &'static str,
    /// Unit shown after the value ("tiles", "%", ...); empty for none.
    pub unit: &'static str,
    /// Tooltip: what the parameter does.
    pub help: &'static str,
    pub kind: ParamKind,
}

impl ParamSpec {
    /// The values this parameter allows, in words: `3 to 1024 tiles`, `0 to 1 (0% to 100%)`, or
    /// the options' names. Empty for on/off parameters.
    pub fn allowed(&self) -> String {
        let unit = |s: String| if self.unit.is_empty() { s } else { format!("{s} {}", self.unit) };
        match self.kind {
            ParamKind::Int { min, max } | ParamKind::Range { min, max } => unit(format!("{min} to {max}")),
            ParamKind::Float { min, max } => format!("{min} to {max} ({}% to {}%)", min * 100.0, max * 100.0),
            ParamKind::Choice(options) => options.join(", "),
            ParamKind::Bool => String::new(),
        }
    }
}

/// A parameter that is out of range or contradicts another, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamIssue {
    /// The `key` of the field to fix.
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for ParamIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// A parameter set of one algorithm.
pub trait Params {
    /// Every editable parameter, in panel order.
    fn specs(&self) -> &'static [ParamSpec];
    /// The current value of parameter `key`.
    fn get(&self, key: &str) -> Option<ParamValue>;
    /// Sets parameter `key`; values outside the spec's range are clamped into it. Returns false
    /// when `key` is unknown or the value has the wrong kind.
    fn set(&mut self, key: &str, value: ParamValue) -> bool;
    /// Everything wrong with this set; empty when it can be generated.
    fn check(&self) -> Vec<ParamIssue>;
    /// The default of parameter `key`: its value in the generator's default settings (which also
    /// fill any parameter an older file lacks).
    fn default_value(&self, key: &str) -> Option<ParamValue>;
    /// The label the panel shows for parameter `key` (the key itself if unknown), so that
    /// messages name parameters as the designer sees them.
    fn label_of(&self, key: &'static str) -> &'static str {
        self.specs().iter().find(|s| s.key == key).map_or(key, |s| s.label)
    }
}

impl GeneratorParams {
    pub fn params(&self) -> &dyn Params {
        on_each!(self, p => p)
    }

    pub fn params_mut(&mut self) -> &mut dyn Params {
        on_each!(self, p => p)
    }

    pub fn check(&self) -> Vec<ParamIssue> {
        let mut out = self.params().check();
        self.vaults().issues(&mut out);
        self.markers().issues(&mut out);
        if !self.markers().is_off()
            && !self.stages().entries(self.kind()).iter().any(|e| e.stage == stages::Stage::Markers)
        {
            out.push(ParamIssue {
                field: "stages",
                message: "markers are declared but the stage list leaves out Markers: add it (after Roles), or take \
                          the markers out"
                    .into(),
            });
        }
        if let Some(b) = self.beside() {
            let (w, h) = self.map_size().unwrap_or((0, 0));
            b.issues(w, h, &mut out);
        }
        out
    }

    /// The settings every family shares.
    pub(crate) fn common(&self) -> &common::Common {
        on_each!(self, p => &p.common)
    }

    /// The settings every family shares, to change.
    pub(crate) fn common_mut(&mut self) -> &mut common::Common {
        on_each!(self, p => &mut p.common)
    }

    /// The stages and their order.
    pub fn stages(&self) -> &stages::StageList {
        &self.common().stages
    }

    /// The stages and their order, to change.
    pub fn stages_mut(&mut self) -> &mut stages::StageList {
        &mut self.common_mut().stages
    }

    /// The role rules (every generator has the same).
    pub fn roles(&self) -> &RoleRules {
        &self.common().roles
    }

    /// The role rules, to change.
    pub fn roles_mut(&mut self) -> &mut RoleRules {
        &mut self.common_mut().roles
    }

    /// The part beside, if any (every generator may have one).
    pub fn beside(&self) -> Option<&beside::Beside> {
        self.common().beside.as_deref()
    }

    /// The part beside, to change.
    pub fn beside_mut(&mut self) -> &mut Option<Box<beside::Beside>> {
        &mut self.common_mut().beside
    }

    /// The size of the map the generator makes on its own, when its parameters set it (grown
    /// rooms grow theirs to fit).
    pub fn map_size(&self) -> Option<(u32, u32)> {
        on_each!(self, p => p.map_size())
    }

    /// The vaults (every generator has the same settings).
    pub fn vaults(&self) -> &vaults::Vaults {
        &self.common().vaults
    }

    /// What goes in the rooms (every generator has the same settings).
    pub fn markers(&self) -> &markers::Markers {
        &self.common().markers
    }

    /// What goes in the rooms, to change.
    pub fn markers_mut(&mut self) -> &mut markers::Markers {
        &mut self.common_mut().markers
    }

    /// The vaults, to change.
    pub fn vaults_mut(&mut self) -> &mut vaults::Vaults {
        &mut self.common_mut().vaults
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field an older file may lack is filled with its default: a file without it reads
    /// as the generator's `Default` has it (the one place defaults live).
    fn optional_fields_read_as_their_defaults<P>(default: P) -> usize
    where
        P: Params + Serialize + for<'de> Deserialize<'de>,
    {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(1);
        let text = ron::ser::to_string_pretty(&default, pretty).expect("serialises");
        let lines: Vec<&str> = text.lines().collect();
        let mut optional = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some((key, _)) = line.trim().split_once(':') else { continue };
            let without: Vec<&str> = lines.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, l)| *l).collect();
            let Ok(read) = ron::from_str::<P>(&without.join("\n")) else { continue };
            optional += 1;
            assert_eq!(read.get(key), default.default_value(key), "{key}");
            assert!(read.get(key).is_some(), "{key} is a parameter");
        }
        optional
    }

    /// A value of parameter `spec` that differs from `current` and that the spec allows (so
    /// `set` stores it unclamped). A range's value moves both ends, so that a setter that writes
    /// only one end is caught.
    fn other_value(spec: &ParamSpec, current: ParamValue) -> ParamValue {
        let key = spec.key;
        match (spec.kind, current) {
            (ParamKind::Int { min, max }, ParamValue::Int(v)) => {
                assert!(min < max, "{key} allows one value");
                ParamValue::Int(if v < max { v + 1 } else { v - 1 })
            }
            (ParamKind::Float { min, max }, ParamValue::Float(v)) => {
                let mid = (min + max) / 2.0;
                ParamValue::Float(if v == mid { max } else { mid })
            }
            (ParamKind::Range { min, max }, ParamValue::Range(lo, hi)) => {
                let ends: Vec<i64> = [min, min + 1, lo - 1, lo + 1, hi - 1, hi + 1, max - 1, max]
                    .into_iter()
                    .filter(|v| (min..=max).contains(v))
                    .collect();
                let (a, b) = ends
                    .iter()
                    .flat_map(|a| ends.iter().rev().map(move |b| (*a, *b)))
                    .find(|(a, b)| a <= b && *a != lo && *b != hi)
                    .unwrap_or_else(|| panic!("{key}: no range in {min}..={max} moves both ends of {lo}..={hi}"));
                ParamValue::Range(a, b)
            }
            (ParamKind::Choice(options), ParamValue::Choice(i)) => {
                assert!(options.len() > 1, "{key} has one option");
                ParamValue::Choice((i + 1) % options.len())
            }
            (ParamKind::Bool, ParamValue::Bool(b)) => ParamValue::Bool(!b),
            (kind, v) => panic!("{key} reads {v:?}, not a value of its kind {kind:?}"),
        }
    }

    /// Each parameter of `p`, in table order, set to another allowed value: `get` reads that
    /// value back, the struct itself changed (its file text differs), and no other parameter
    /// moved. Returns how many parameters were set.
    fn every_setter_writes_its_own_field<P: Params + Serialize>(mut p: P) -> usize {
        let specs = p.specs();
        for spec in specs {
            let key = spec.key;
            let before: Vec<Option<ParamValue>> = specs.iter().map(|s| p.get(s.key)).collect();
            let text = ron::to_string(&p).expect("serialises");
            let current = p.get(key).unwrap_or_else(|| panic!("{key} is readable"));
            let v = other_value(spec, current);
            assert_ne!(v, current, "{key}");
            assert!(p.set(key, v), "{key} takes {v:?}");
            assert_eq!(p.get(key), Some(v), "{key} reads back the value it was set to");
            assert_ne!(ron::to_string(&p).expect("serialises"), text, "setting {key} changed the parameters");
            for (s, old) in specs.iter().zip(before) {
                if s.key != key {
                    assert_eq!(p.get(s.key), old, "setting {key} moved {}", s.key);
                }
            }
        }
        specs.len()
    }

    /// Every parameter of both generators, from the table: set to a different allowed value,
    /// from the defaults and from the other shipped settings, and read back. A setter that
    /// ignores its value, writes another field or one end of a range fails here.
    #[test]
    fn every_parameter_of_both_generators_is_set_and_read_back() {
        for kind in GeneratorKind::ALL {
            let n = on_each!(kind.default_params(), p => every_setter_writes_its_own_field(p));
            assert_eq!(n, kind.specs().len());
        }
        assert_eq!(every_setter_writes_its_own_field(RoomsAndTunnels::mcrogueface()), rooms_tunnels::specs().len());
        let maxed = GrownRooms {
            rooms: grown::MAX_ROOMS,
            branching: 1.0,
            corridors_may_cross: true,
            share_doors: true,
            ..GrownRooms::default()
        }
        .with_common(|c| c.roles = RoleRules::all(3, 2));
        assert_eq!(every_setter_writes_its_own_field(maxed), grown::specs().len());
    }

    #[test]
    fn defaults_have_one_source() {
        assert!(optional_fields_read_as_their_defaults(GrownRooms::default()) >= 10);
        assert!(optional_fields_read_as_their_defaults(RoomsAndTunnels::default()) >= 4);
        assert_eq!(optional_fields_read_as_their_defaults(Caves::default()), 8, "every field but the roles");
    }
}
