//! Generators: parameters in, map out.
//!
//! [`GeneratorParams`] is a serde enum with one variant per algorithm; it is what a preset file
//! stores. [`generate`] checks the parameters, runs the algorithm with random streams derived
//! from the seed (see [`crate::rng`]) and returns the [`Map`] with a [`Report`] saying how much
//! of what was asked it could build, and why not more.
//!
//! Every parameter set also describes itself ([`ParamSpec`]: label, range, unit, help text) so
//! that the editor can build its panel without knowing the algorithms.

pub mod grown;
pub mod rooms_tunnels;

use crate::map::Map;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use grown::GrownRooms;
pub use rooms_tunnels::RoomsAndTunnels;

/// An inclusive range of whole numbers chosen by the designer, such as a room side `6..=10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SizeRange {
    pub min: u32,
    pub max: u32,
}

impl SizeRange {
    pub const fn new(min: u32, max: u32) -> Self {
        Self { min, max }
    }
}

/// The generator and every one of its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GeneratorParams {
    /// Random rectangular rooms joined in order by L-shaped tunnels (the classic tutorials).
    RoomsAndTunnels(RoomsAndTunnels),
    /// Rooms grown from blocks, placed door to door by the shortest corridor (Tiendil's tutorial).
    GrownRooms(GrownRooms),
}

impl Default for GeneratorParams {
    fn default() -> Self {
        GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::default())
    }
}

/// The algorithms Delve knows, for pickers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GeneratorKind {
    RoomsAndTunnels,
    GrownRooms,
}

impl GeneratorKind {
    pub const ALL: &'static [GeneratorKind] = &[GeneratorKind::RoomsAndTunnels, GeneratorKind::GrownRooms];

    pub const fn label(self) -> &'static str {
        match self {
            GeneratorKind::RoomsAndTunnels => "Rooms and tunnels",
            GeneratorKind::GrownRooms => "Grown rooms",
        }
    }

    /// Default parameters of this generator.
    pub fn default_params(self) -> GeneratorParams {
        match self {
            GeneratorKind::RoomsAndTunnels => GeneratorParams::RoomsAndTunnels(RoomsAndTunnels::default()),
            GeneratorKind::GrownRooms => GeneratorParams::GrownRooms(GrownRooms::default()),
        }
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
}

impl GeneratorParams {
    pub fn kind(&self) -> GeneratorKind {
        match self {
            GeneratorParams::RoomsAndTunnels(_) => GeneratorKind::RoomsAndTunnels,
            GeneratorParams::GrownRooms(_) => GeneratorKind::GrownRooms,
        }
    }

    pub fn params(&self) -> &dyn Params {
        match self {
            GeneratorParams::RoomsAndTunnels(p) => p,
            GeneratorParams::GrownRooms(p) => p,
        }
    }

    pub fn params_mut(&mut self) -> &mut dyn Params {
        match self {
            GeneratorParams::RoomsAndTunnels(p) => p,
            GeneratorParams::GrownRooms(p) => p,
        }
    }

    pub fn check(&self) -> Vec<ParamIssue> {
        self.params().check()
    }
}

/// Where a map came from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The generator and parameters, when the map was generated.
    #[serde(default)]
    pub params: Option<GeneratorParams>,
    /// The seed the generator ran with.
    #[serde(default)]
    pub seed: u64,
    /// Whether the map was edited by hand since it was generated.
    #[serde(default)]
    pub edited: bool,
}

// `GeneratorParams` holds `f64` probabilities, which are never NaN after `check`; maps compare
// provenance by value.
impl Eq for Provenance {}

/// What a generator built, besides the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub rooms_placed: usize,
    pub rooms_asked: usize,
    /// Why fewer rooms than asked were placed (`None` when all were).
    pub shortfall: Option<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "placed {} of {} rooms", self.rooms_placed, self.rooms_asked)?;
        if let Some(why) = &self.shortfall {
            write!(f, ": {why}")?;
        }
        Ok(())
    }
}

/// A generated map and its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub map: Map,
    pub report: Report,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GenError {
    #[error("the parameters cannot be generated:\n{}", list(.0))]
    InvalidParams(Vec<ParamIssue>),
}

fn list(issues: &[ParamIssue]) -> String {
    issues.iter().map(|i| format!("  - {i}")).collect::<Vec<_>>().join("\n")
}

/// Generates the map for `params` and `seed`. The same inputs give the same map on every run and
/// machine. Fails only on invalid parameters (every issue listed); always terminates.
pub fn generate(params: &GeneratorParams, seed: u64) -> Result<Generated, GenError> {
    let issues = params.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    let mut out = match params {
        GeneratorParams::RoomsAndTunnels(p) => rooms_tunnels::generate(p, seed),
        GeneratorParams::GrownRooms(p) => grown::generate(p, seed),
    };
    out.map.provenance = Provenance { params: Some(params.clone()), seed, edited: false };
    Ok(out)
}

/// Helpers for implementing [`Params`] over plain struct fields.
pub(crate) mod field {
    use super::{ParamKind, ParamSpec, ParamValue};

    /// The spec of `key` and its whole-number bounds (`(0, 0)` for non-numeric kinds).
    pub fn spec_bounds(specs: &[ParamSpec], key: &str) -> Option<(i64, i64)> {
        let spec = specs.iter().find(|s| s.key == key)?;
        Some(match spec.kind {
            ParamKind::Int { min, max } | ParamKind::Range { min, max } => (min, max),
            _ => (0, 0),
        })
    }

    pub fn int(v: ParamValue) -> Option<i64> {
        match v {
            ParamValue::Int(i) => Some(i),
            _ => None,
        }
    }

    pub fn set_u32(target: &mut u32, v: ParamValue, min: i64, max: i64) -> bool {
        int(v).map(|i| *target = i.clamp(min, max) as u32).is_some()
    }

    pub fn set_f64(target: &mut f64, v: ParamValue, min: f64, max: f64) -> bool {
        match v {
            ParamValue::Float(f) if f.is_finite() => {
                *target = f.clamp(min, max);
                true
            }
            _ => false,
        }
    }

    pub fn set_range(target: &mut super::SizeRange, v: ParamValue, min: i64, max: i64) -> bool {
        match v {
            ParamValue::Range(lo, hi) => {
                let lo = lo.clamp(min, max);
                let hi = hi.clamp(lo, max);
                *target = super::SizeRange::new(lo as u32, hi as u32);
                true
            }
            _ => false,
        }
    }
}

/// The label the parameter panel shows for parameter `key` of `p` (the key itself if unknown), so
/// that generators' messages name parameters as the designer sees them.
pub(crate) fn label(p: &impl Params, key: &'static str) -> &'static str {
    p.specs().iter().find(|s| s.key == key).map_or(key, |s| s.label)
}
