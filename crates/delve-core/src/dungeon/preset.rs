//! The dungeon preset: a trunk of floors, branches hung from it, and for each range of floors the
//! generator preset that makes them, with parameters set or ramped with depth. Plain data: read
//! and written by [`crate::io`], checked by [`DungeonPreset::check`].

use crate::params::{GeneratorParams, ParamKind, ParamValue};
use serde::{Deserialize, Serialize};

/// Version of the dungeon format this build writes and reads.
pub const DUNGEON_VERSION: u32 = 1;
/// The most floors a branch may have, and a whole dungeon.
pub const MAX_BRANCH_FLOORS: u32 = 256;
pub const MAX_FLOORS: u32 = 1024;

/// A dungeon: its trunk, its branches, and what makes each floor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DungeonPreset {
    pub version: u32,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
    /// The seed the editor starts on.
    #[serde(default)]
    pub seed: u64,
    /// The main line of floors, from the first (where the player starts) down.
    pub trunk: Trunk,
    /// Branches, each entered from a floor of its parent (the trunk or a branch above it here).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<Branch>,
    /// What makes each floor: every floor of every branch is in exactly one range.
    pub floors: Vec<Floors>,
}

/// The trunk: its name (`D`, `Dungeon`) and how many floors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trunk {
    pub name: String,
    pub floors: u32,
}

/// A branch: entered from a floor of `parent` whose depth is drawn per seed in `entry`
/// (inclusive), then `floors` floors down, to its last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    pub name: String,
    pub floors: u32,
    pub parent: String,
    pub entry: (u32, u32),
}

/// Floors `depths` (inclusive, from 1) of `branch`, made by `preset` with `set` applied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Floors {
    pub branch: String,
    pub depths: (u32, u32),
    pub preset: FloorPreset,
    /// Parameters set on these floors, by key (`max_rooms`), each to a value or ramped over
    /// the range, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<(String, Setting)>,
}

/// A floor's generator preset: a shipped preset's name or a preset file's path (relative to
/// the dungeon file), or the parameters themselves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FloorPreset {
    Named(String),
    Inline(Box<GeneratorParams>),
}

/// A parameter's value on a range of floors: fixed, or ramped from the first floor of the range
/// to its last.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Setting {
    /// A number (a whole number for a count).
    To(f64),
    /// A range parameter's `(min, max)`.
    Span(f64, f64),
    /// On or off.
    Flag(bool),
    /// A number from `from` on the range's first floor to `to` on its last.
    Ramp {
        from: f64,
        to: f64,
        #[serde(default)]
        ease: Ease,
    },
    /// A range parameter ramped: each end from `from` to `to`.
    SpanRamp {
        from: (f64, f64),
        to: (f64, f64),
        #[serde(default)]
        ease: Ease,
    },
}

/// How a ramp goes from its first floor to its last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ease {
    /// In equal steps.
    #[default]
    Linear,
    /// Slowly at first, then faster.
    In,
    /// Fast at first, then slower.
    Out,
    /// Slowly at both ends.
    InOut,
}

impl Ease {
    /// The share of the way at `t` (0 on the first floor, 1 on the last).
    pub fn at(self, t: f64) -> f64 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Ease::Linear => t,
            Ease::In => t * t,
            Ease::Out => 1.0 - (1.0 - t) * (1.0 - t),
            Ease::InOut => t * t * (3.0 - 2.0 * t),
        }
    }
}

impl Setting {
    /// The value at `t` along the range (0 on its first floor, 1 on its last), for a parameter
    /// of `kind`; `Err` says what the parameter takes when the setting is of another kind.
    pub fn value(&self, kind: ParamKind, t: f64) -> Result<ParamValue, String> {
        let lerp = |a: f64, b: f64, ease: Ease| a + (b - a) * ease.at(t);
        let number = match *self {
            Setting::To(v) => Some(v),
            Setting::Ramp { from, to, ease } => Some(lerp(from, to, ease)),
            _ => None,
        };
        let span = match *self {
            Setting::Span(lo, hi) => Some((lo, hi)),
            Setting::SpanRamp { from, to, ease } => Some((lerp(from.0, to.0, ease), lerp(from.1, to.1, ease))),
            _ => None,
        };
        match (kind, number, span, *self) {
            (ParamKind::Int { min, max }, Some(v), _, _) => {
                let v = v.round();
                in_range(v, min as f64, max as f64)?;
                Ok(ParamValue::Int(v as i64))
            }
            (ParamKind::Float { min, max }, Some(v), _, _) => {
                in_range(v, min, max)?;
                Ok(ParamValue::Float(v))
            }
            (ParamKind::Range { min, max }, _, Some((lo, hi)), _) => {
                let (lo, hi) = (lo.round(), hi.round());
                in_range(lo, min as f64, max as f64)?;
                in_range(hi, min as f64, max as f64)?;
                if lo > hi {
                    return Err(format!("the range's first end ({lo}) is past its second ({hi})"));
                }
                Ok(ParamValue::Range(lo as i64, hi as i64))
            }
            (ParamKind::Bool, _, _, Setting::Flag(on)) => Ok(ParamValue::Bool(on)),
            (ParamKind::Int { .. } | ParamKind::Float { .. }, ..) => Err("takes a number: To(…) or Ramp(…)".into()),
            (ParamKind::Range { .. }, ..) => Err("takes a range: Span(min, max) or SpanRamp(…)".into()),
            (ParamKind::Bool, ..) => Err("takes Flag(true) or Flag(false)".into()),
            (ParamKind::Choice(options), ..) => {
                Err(format!("is a choice ({}); set it in the floor's preset", options.join(", ")))
            }
        }
    }
}

fn in_range(v: f64, min: f64, max: f64) -> Result<(), String> {
    if v.is_finite() && (min..=max).contains(&v) { Ok(()) } else { Err(format!("{v} is outside {min} to {max}")) }
}

/// A branch of the dungeon by its place: 0 the trunk, then the branches in the file's order.
pub type BranchIndex = usize;

impl DungeonPreset {
    /// Every branch's name and floor count, the trunk first.
    pub fn branch_floors(&self) -> Vec<(&str, u32)> {
        std::iter::once((self.trunk.name.as_str(), self.trunk.floors))
            .chain(self.branches.iter().map(|b| (b.name.as_str(), b.floors)))
            .collect()
    }

    /// The branch named `name`.
    pub fn branch_index(&self, name: &str) -> Option<BranchIndex> {
        self.branch_floors().iter().position(|(n, _)| *n == name)
    }

    /// Everything wrong with the dungeon's shape, each naming the branch, the floors and the
    /// field; empty when its floors can be made (their presets are checked when they are read).
    pub fn check(&self) -> Vec<String> {
        let mut issues = Vec::new();
        let branches = self.branch_floors();
        let mut total = 0u32;
        for (i, (name, floors)) in branches.iter().enumerate() {
            if name.trim().is_empty() {
                issues.push(format!("branch {}: name: a branch needs a name", i + 1));
            }
            if branches[..i].iter().any(|(n, _)| n == name) {
                issues.push(format!("branch {name}: name: two branches are called {name}"));
            }
            if !(1..=MAX_BRANCH_FLOORS).contains(floors) {
                issues.push(format!("branch {name}: floors: {floors} is outside 1 to {MAX_BRANCH_FLOORS}"));
            }
            total = total.saturating_add(*floors);
        }
        if total > MAX_FLOORS {
            issues.push(format!("floors: {total} floors in all; a dungeon has at most {MAX_FLOORS}"));
        }
        for (i, b) in self.branches.iter().enumerate() {
            // The parent comes before the branch (the trunk, or a branch above it in the file).
            match branches[..=i].iter().find(|(n, _)| *n == b.parent) {
                None => issues.push(format!(
                    "branch {}: parent: no branch {} above it (the trunk is {})",
                    b.name, b.parent, self.trunk.name
                )),
                Some((_, floors)) => {
                    let (lo, hi) = b.entry;
                    if lo < 1 || hi > *floors || lo > hi {
                        issues.push(format!(
                            "branch {}: entry: ({lo}, {hi}) is not a range of {}'s floors (1 to {floors})",
                            b.name, b.parent
                        ));
                    }
                }
            }
        }
        for f in &self.floors {
            let Some((_, floors)) = branches.iter().find(|(n, _)| *n == f.branch) else {
                issues.push(format!("floors of {}: branch: there is no branch {}", f.branch, f.branch));
                continue;
            };
            let (lo, hi) = f.depths;
            if lo < 1 || hi > *floors || lo > hi {
                issues.push(format!("floors of {}: depths: ({lo}, {hi}) is not within 1 to {floors}", f.branch));
            }
        }
        if issues.is_empty() {
            for (name, floors) in &branches {
                for depth in 1..=*floors {
                    let n = self
                        .floors
                        .iter()
                        .filter(|f| f.branch == *name && (f.depths.0..=f.depths.1).contains(&depth))
                        .count();
                    if n != 1 {
                        let what = if n == 0 {
                            "no range of floors makes it"
                        } else {
                            "more than one range of floors makes it"
                        };
                        issues.push(format!("branch {name}, floor {depth}: {what}"));
                    }
                }
            }
        }
        issues
    }

    /// The range of floors that makes floor `depth` of branch `branch` (its index in
    /// [`DungeonPreset::floors`]), and where the floor lies along it (0 its first floor, 1 its
    /// last).
    pub fn floors_of(&self, branch: &str, depth: u32) -> Option<(usize, f64)> {
        let i = self.floors.iter().position(|f| f.branch == branch && (f.depths.0..=f.depths.1).contains(&depth))?;
        let (lo, hi) = self.floors[i].depths;
        let t = if hi > lo { f64::from(depth - lo) / f64::from(hi - lo) } else { 0.0 };
        Some((i, t))
    }
}
