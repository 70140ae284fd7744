//! Generators: parameters in, map out.
//!
//! [`generate`] checks the [`GeneratorParams`] (from [`crate::params`]), runs the algorithm with
//! random streams derived from the seed (see [`crate::rng`]) and returns the [`Map`] with a
//! [`Report`] saying how much of what was asked it could build, and why not more.

pub mod grown;
pub mod rooms_tunnels;

use crate::map::Map;
use std::fmt;

use crate::map::Provenance;
use crate::params::{GeneratorParams, ParamIssue};

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
