//! A candidate's counts over some seeds ([`Tally`]): how many maps matched the goal, how near
//! each condition came, the figures' sums and the maps' look.

use super::{Goal, Look};
use crate::analysis::explore::Condition;

/// A candidate's counts over some seeds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub seeds: u64,
    /// Maps that are connected, without problems, and meet every condition.
    pub matched: u64,
    /// Per condition, the sound maps that meet it ...
    pub per_condition: Vec<u64>,
    /// ... how near each came, summed over the seeds (1 a map that meets it; for one that
    /// does not, how far its figure got towards the number, 0 to 1) ...
    pub closeness: Vec<f64>,
    /// ... and the condition's figure summed over the sound maps that have it (a figure from
    /// play has none on a map whose exit is never reached) ...
    pub sums: Vec<f64>,
    /// ... and how many those are.
    pub valued: Vec<u64>,
    /// Maps connected and without problems.
    pub sound: u64,
    /// The maps' looks summed over the seeds.
    pub looks: Look,
}

impl Tally {
    /// The share of seeds that match.
    pub fn share(&self) -> f64 {
        if self.seeds == 0 { 0.0 } else { self.matched as f64 / self.seeds as f64 }
    }

    /// How near the conditions came, 0 to 1: over the seeds and the conditions, 1 for each one
    /// met and partial credit for the way towards it (so that a goal no candidate meets yet
    /// still points the search somewhere).
    pub fn nearness(&self) -> f64 {
        if self.seeds == 0 || self.closeness.is_empty() {
            return 0.0;
        }
        self.closeness.iter().map(|&c| c / self.seeds as f64).sum::<f64>() / self.closeness.len() as f64
    }

    /// The maps' look on average over the seeds.
    pub fn look(&self) -> Look {
        self.looks.scaled(1.0 / self.seeds.max(1) as f64)
    }

    /// Condition `i`'s figure on average over the sound maps that have it (`None` without one).
    pub fn mean(&self, i: usize) -> Option<f64> {
        let n = self.valued.get(i).copied().unwrap_or(0);
        (n > 0).then(|| self.sums.get(i).copied().unwrap_or(0.0) / n as f64)
    }

    pub(super) fn add(&mut self, goal: &Goal, row: &delve_core::measure::SweepRow, look: &Look) {
        self.looks.add(look);
        let n = goal.conditions.len();
        self.per_condition.resize(n, 0);
        self.closeness.resize(n, 0.0);
        self.sums.resize(n, 0.0);
        self.valued.resize(n, 0);
        self.seeds += 1;
        let sound = row.connected && row.problems == 0;
        self.sound += u64::from(sound);
        let mut all = sound;
        for (i, c) in goal.conditions.iter().enumerate() {
            let holds = sound && c.holds(row);
            self.per_condition[i] += u64::from(holds);
            let v = row.get(c.stat);
            // A map without the figure (no exit reached) meets nothing and comes no nearer.
            if sound && !v.is_nan() {
                self.sums[i] += v;
                self.valued[i] += 1;
                self.closeness[i] += if holds { 1.0 } else { 0.99 * towards(c, v) };
            }
            all &= holds;
        }
        self.matched += u64::from(all);
    }
}

/// How far `v` got towards meeting `c`, 0 to 1 (for a figure that does not meet it).
fn towards(c: &Condition, v: f64) -> f64 {
    use crate::analysis::explore::Op;
    let x = c.value;
    let r = match c.op {
        Op::AtLeast | Op::More if x > 0.0 => v / x,
        Op::AtMost | Op::Less if v > 0.0 => x / v,
        Op::Equal => 1.0 / (1.0 + (v - x).abs()),
        _ => 0.0,
    };
    r.clamp(0.0, 1.0)
}
