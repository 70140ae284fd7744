//! Tune for me: the designer says what the maps should be (a [`Goal`]: Explore's conditions
//! and a share of seeds), ticks the parameters that may move ([`Vary`]), and the search finds
//! parameter sets whose maps meet the goal.
//!
//! The search ([`tune`]) samples candidates across the ticked ranges and measures each on the
//! same first seeds; the promising ones get more seeds (successive halving), and the best are
//! refined by local steps (one or two parameters nudged at a time), with a few fresh random
//! candidates mixed in. It stops at the budget (maps generated, or seconds) or when the best
//! meets the goal with a margin on enough seeds. Candidates that meet the goal's share rank
//! first, the one whose parameters moved least from the current ones first; the others follow
//! by the share of seeds that match, then by how near every condition came (partial credit for
//! the way towards each number, so that a goal none meets yet still points somewhere). The
//! proposals' shares are measured again on [`FRESH_SEEDS`], which the search never uses, so
//! that a proposal is not tuned to its seeds, and ranked again on them.
//!
//! Everything is decided on the calling thread from counts, so the same tune seed, goal and
//! budget in maps give the same proposals on any number of threads.

use super::explore::{Condition, describe, parse};
use crate::generate::GenError;
use crate::map::locks::Kept;
use crate::params::{GeneratorParams, ParamKind, ParamSpec, ParamValue};
use delve_core::measure::SweepRow;
use delve_core::rng::{DelveRng, splitmix64};
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The seeds the proposals are measured on at the end, never used by the search itself.
pub const FRESH_SEEDS: Range<u64> = 1_000_000..1_001_000;
/// Seeds a candidate is first measured on (the search's seeds start at 0).
const FIRST_SEEDS: u64 = 64;
/// The most seeds the search gives one candidate.
const MOST_SEEDS: u64 = 1024;
/// A goal counts as met during the search when the best candidate's share is this far above
/// the goal, on at least [`MET_SEEDS`] seeds.
const MARGIN: f64 = 0.03;
const MET_SEEDS: u64 = 512;
/// Random candidates at the start.
const FIRST_CANDIDATES: usize = 32;
/// Proposals kept at the end.
pub const PROPOSALS: usize = 5;

/// What the maps should be: every condition holds, in at least `share` of the seeds. Maps with
/// problems or not connected never count as matching.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    pub conditions: Vec<Condition>,
    /// A fraction, above 0 and at most 1.
    pub share: f64,
}

impl Goal {
    /// A goal from Explore's condition text and a share in percent (above 0, at most 100).
    pub fn parse(text: &str, share_percent: f64) -> Result<Goal, String> {
        let conditions = parse(text)?;
        if conditions.is_empty() {
            return Err("the goal has no condition: say what the maps should be, e.g. rooms >= 20".into());
        }
        if !(share_percent > 0.0 && share_percent <= 100.0) {
            return Err(format!(
                "a share of {share_percent}% of seeds cannot be met: give more than 0 and at most 100"
            ));
        }
        Ok(Goal { conditions, share: share_percent / 100.0 })
    }

    /// `rooms >= 20 and longest path >= 100 in 90% of seeds`.
    pub fn describe(&self) -> String {
        format!("{} in {}% of seeds", describe(&self.conditions), round_percent(self.share))
    }
}

/// How far one parameter may move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Span {
    Int {
        lo: i64,
        hi: i64,
    },
    Float {
        lo: f64,
        hi: f64,
    },
    /// A range parameter: both ends within `lo..=hi`.
    Range {
        lo: i64,
        hi: i64,
    },
    /// One of `n` options.
    Choice(usize),
    Bool,
}

/// A parameter the search may move, and how far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vary {
    pub key: &'static str,
    pub span: Span,
}

impl Vary {
    /// Parameter `spec` over its whole allowed range.
    pub fn whole(spec: &ParamSpec) -> Vary {
        let span = match spec.kind {
            ParamKind::Int { min, max } => Span::Int { lo: min, hi: max },
            ParamKind::Float { min, max } => Span::Float { lo: min, hi: max },
            ParamKind::Range { min, max } => Span::Range { lo: min, hi: max },
            ParamKind::Choice(options) => Span::Choice(options.len()),
            ParamKind::Bool => Span::Bool,
        };
        Vary { key: spec.key, span }
    }

    /// Parameter `spec` within `lo..=hi`, which must lie in its allowed range (the message names
    /// the parameter and its range).
    pub fn within(spec: &ParamSpec, lo: f64, hi: f64) -> Result<Vary, String> {
        let bad = || format!("{} ({}): {lo} to {hi} is outside its range, {}", spec.label, spec.key, spec.allowed());
        if lo > hi || !lo.is_finite() || !hi.is_finite() {
            return Err(format!("{} ({}): {lo} to {hi} is not a range (low to high)", spec.label, spec.key));
        }
        let span = match spec.kind {
            ParamKind::Int { min, max } | ParamKind::Range { min, max } => {
                let (l, h) = (lo.round() as i64, hi.round() as i64);
                if l < min || h > max {
                    return Err(bad());
                }
                match spec.kind {
                    ParamKind::Int { .. } => Span::Int { lo: l, hi: h },
                    _ => Span::Range { lo: l, hi: h },
                }
            }
            ParamKind::Float { min, max } => {
                // Floats are typed in the panel's units: percentages for fractions.
                let (l, h) = if max <= 1.0 && hi > 1.0 { (lo / 100.0, hi / 100.0) } else { (lo, hi) };
                if l < min || h > max {
                    return Err(bad());
                }
                Span::Float { lo: l, hi: h }
            }
            ParamKind::Choice(_) | ParamKind::Bool => {
                return Err(format!("{} ({}) takes no range: give it alone", spec.label, spec.key));
            }
        };
        Ok(Vary { key: spec.key, span })
    }

    /// Reads `KEY[=LO..HI],…` (keys as in preset files) for the parameters of `params`.
    pub fn parse_list(params: &GeneratorParams, text: &str) -> Result<Vec<Vary>, String> {
        let specs = params.params().specs();
        let mut out: Vec<Vary> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, range) = match item.split_once('=') {
                Some((k, r)) => (k.trim(), Some(r.trim())),
                None => (item, None),
            };
            let Some(spec) = specs.iter().find(|s| s.key == key) else {
                let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                return Err(format!(
                    "\"{key}\" is not a parameter of this generator; its parameters are: {}",
                    keys.join(", ")
                ));
            };
            let vary = match range {
                None => Vary::whole(spec),
                Some(r) => {
                    let Some((lo, hi)) = r.split_once("..") else {
                        return Err(format!("{key}={r}: expected LO..HI, e.g. {key}=10..40"));
                    };
                    let number = |t: &str| {
                        t.trim()
                            .trim_start_matches('=')
                            .parse::<f64>()
                            .map_err(|_| format!("{key}={r}: \"{}\" is not a number", t.trim()))
                    };
                    Vary::within(spec, number(lo)?, number(hi)?)?
                }
            };
            if out.iter().any(|v| v.key == vary.key) {
                return Err(format!("{key} is listed twice"));
            }
            out.push(vary);
        }
        if out.is_empty() {
            return Err("no parameter may move: tick at least one".into());
        }
        Ok(out)
    }

    /// A value drawn uniformly across the span.
    pub(super) fn sample(&self, rng: &mut DelveRng) -> ParamValue {
        match self.span {
            Span::Int { lo, hi } => ParamValue::Int(rng.random_range(lo..=hi)),
            Span::Float { lo, hi } => ParamValue::Float(if hi > lo { rng.random_range(lo..=hi) } else { lo }),
            Span::Range { lo, hi } => {
                let (a, b) = (rng.random_range(lo..=hi), rng.random_range(lo..=hi));
                ParamValue::Range(a.min(b), a.max(b))
            }
            Span::Choice(n) => ParamValue::Choice(rng.random_range(0..n.max(1))),
            Span::Bool => ParamValue::Bool(rng.random::<bool>()),
        }
    }

    /// `v` nudged a little: a tenth of the span or less, at least one step, either way.
    pub(super) fn nudge(&self, v: ParamValue, rng: &mut DelveRng) -> ParamValue {
        let step = |lo: i64, hi: i64, x: i64, rng: &mut DelveRng| {
            let reach = ((hi - lo) / 10).max(1);
            let d = rng.random_range(1..=reach) * if rng.random::<bool>() { 1 } else { -1 };
            (x + d).clamp(lo, hi)
        };
        match (self.span, v) {
            (Span::Int { lo, hi }, ParamValue::Int(x)) => ParamValue::Int(step(lo, hi, x, rng)),
            (Span::Float { lo, hi }, ParamValue::Float(x)) => {
                ParamValue::Float((x + (hi - lo) * 0.1 * rng.random_range(-1.0..=1.0)).clamp(lo, hi))
            }
            (Span::Range { lo, hi }, ParamValue::Range(a, b)) => {
                let (a, b) = match rng.random_range(0..3) {
                    0 => (step(lo, hi, a, rng), b),
                    1 => (a, step(lo, hi, b, rng)),
                    _ => {
                        let d = step(lo, hi, a, rng) - a;
                        ((a + d).clamp(lo, hi), (b + d).clamp(lo, hi))
                    }
                };
                ParamValue::Range(a.min(b), a.max(b))
            }
            _ => self.sample(rng),
        }
    }

    /// How far `v` is from `from`, as a share of the span (0 to 1; 1 for another option).
    pub(super) fn distance(&self, v: Option<ParamValue>, from: Option<ParamValue>) -> f64 {
        let frac = |d: f64, lo: f64, hi: f64| if hi > lo { (d.abs() / (hi - lo)).min(1.0) } else { 0.0 };
        match (self.span, v, from) {
            (Span::Int { lo, hi }, Some(ParamValue::Int(a)), Some(ParamValue::Int(b))) => {
                frac((a - b) as f64, lo as f64, hi as f64)
            }
            (Span::Float { lo, hi }, Some(ParamValue::Float(a)), Some(ParamValue::Float(b))) => frac(a - b, lo, hi),
            (Span::Range { lo, hi }, Some(ParamValue::Range(a, b)), Some(ParamValue::Range(c, d))) => {
                (frac((a - c) as f64, lo as f64, hi as f64) + frac((b - d) as f64, lo as f64, hi as f64)) / 2.0
            }
            (_, a, b) => f64::from(u8::from(a != b)),
        }
    }
}

/// When the search stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Maps generated by the search (the fresh measurement of the proposals comes on top).
    pub maps: u64,
    /// Seconds, besides: a search stopped by the clock is not repeatable.
    pub seconds: Option<f64>,
}

impl Budget {
    /// A budget of `maps` maps (refused when 0).
    pub fn maps(maps: u64) -> Result<Budget, String> {
        if maps == 0 {
            return Err("a budget of 0 maps cannot try anything: give at least 1,000".into());
        }
        Ok(Budget { maps, seconds: None })
    }
}

/// Everything a search needs besides the current parameters.
#[derive(Clone, Debug)]
pub struct Settings {
    pub goal: Goal,
    pub vary: Vec<Vary>,
    pub budget: Budget,
    /// Seeds the search's own random choices.
    pub tune_seed: u64,
    /// Every candidate is measured around these locks.
    pub kept: Option<Arc<Kept>>,
}

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
    /// ... and the condition's figure summed over the sound maps.
    pub sums: Vec<f64>,
    /// Maps connected and without problems.
    pub sound: u64,
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

    /// Condition `i`'s figure on average over the sound maps (`None` without one).
    pub fn mean(&self, i: usize) -> Option<f64> {
        (self.sound > 0).then(|| self.sums.get(i).copied().unwrap_or(0.0) / self.sound as f64)
    }

    fn add(&mut self, goal: &Goal, row: &SweepRow) {
        let n = goal.conditions.len();
        self.per_condition.resize(n, 0);
        self.closeness.resize(n, 0.0);
        self.sums.resize(n, 0.0);
        self.seeds += 1;
        let sound = row.connected && row.problems == 0;
        self.sound += u64::from(sound);
        let mut all = sound;
        for (i, c) in goal.conditions.iter().enumerate() {
            let holds = sound && c.holds(row);
            self.per_condition[i] += u64::from(holds);
            if sound {
                let v = row.get(c.stat);
                self.sums[i] += v;
                self.closeness[i] += if holds { 1.0 } else { 0.99 * towards(c, v) };
            }
            all &= holds;
        }
        self.matched += u64::from(all);
    }
}

/// How far `v` got towards meeting `c`, 0 to 1 (for a figure that does not meet it).
fn towards(c: &Condition, v: f64) -> f64 {
    use super::explore::Op;
    let x = c.value;
    let r = match c.op {
        Op::AtLeast | Op::More if x > 0.0 => v / x,
        Op::AtMost | Op::Less if v > 0.0 => x / v,
        Op::Equal => 1.0 / (1.0 + (v - x).abs()),
        _ => 0.0,
    };
    r.clamp(0.0, 1.0)
}

/// A parameter set the search proposes.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    pub params: GeneratorParams,
    /// Its counts on the search's seeds (0 to `searched.seeds`).
    pub searched: Tally,
    /// Its counts on [`FRESH_SEEDS`].
    pub fresh: Tally,
    /// How far it moved from the current parameters (0: not at all).
    pub moved: f64,
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The best candidate met the goal with a margin.
    GoalMet,
    /// The budget ran out.
    Budget,
    /// No new candidate was left to try within the ranges (a small space, measured whole).
    Exhausted,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub goal: Goal,
    /// Best first (by share on fresh seeds, nearness, then how little they moved).
    pub proposals: Vec<Proposal>,
    pub stopped: Stopped,
    /// Maps the search generated (not counting the fresh measurement).
    pub maps: u64,
    /// Candidates tried.
    pub candidates: usize,
}

impl Outcome {
    /// Whether the best proposal meets the goal on fresh seeds.
    pub fn met(&self) -> bool {
        self.proposals.first().is_some_and(|p| p.fresh.share() >= self.goal.share)
    }

    /// When the goal is not met: how close the best came, and the condition that failed most.
    pub fn shortfall(&self) -> Option<String> {
        if self.met() {
            return None;
        }
        let Some(best) = self.proposals.first() else {
            return Some("no candidate could be generated within the ranges given".into());
        };
        let worst = (0..self.goal.conditions.len())
            .min_by_key(|&i| best.fresh.per_condition.get(i).copied().unwrap_or(0))
            .map(|i| {
                let c = &self.goal.conditions[i];
                let met = best.fresh.per_condition.get(i).copied().unwrap_or(0) as f64 / best.fresh.seeds.max(1) as f64;
                let mean =
                    best.fresh.mean(i).map(|m| format!(", {} {m:.1} on average", c.stat.label())).unwrap_or_default();
                format!("; the condition failed most: {c} (met in {}% of seeds{mean})", round_percent(met))
            });
        Some(format!(
            "The goal ({}) was not reached: the best came to {}% of fresh seeds{}.",
            self.goal.describe(),
            round_percent(best.fresh.share()),
            worst.unwrap_or_default()
        ))
    }
}

/// What the search reports as it goes (on the calling thread).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub maps: u64,
    pub budget: u64,
    /// The best candidates so far with their counts, best first.
    pub leaders: Vec<(GeneratorParams, Tally)>,
}

/// A candidate in the search.
#[derive(Clone, Debug)]
struct Candidate {
    values: Vec<ParamValue>,
    params: GeneratorParams,
    tally: Tally,
    moved: f64,
}

/// Finds parameters near `base` whose maps meet `s.goal`. `Ok(None)` when `cancel` was set
/// (seen within a slice of work); an error when `base` itself cannot be generated.
pub fn tune(
    base: &GeneratorParams,
    s: &Settings,
    cancel: &AtomicBool,
    mut progress: impl FnMut(&Progress),
) -> Result<Option<Outcome>, GenError> {
    super::sweep::ready(base, s.kept.as_ref())?;
    let started = Instant::now();
    let mut rng = search_rng(s.tune_seed);
    let base_values: Vec<Option<ParamValue>> = s.vary.iter().map(|v| base.params().get(v.key)).collect();
    let mut pool: Vec<Candidate> = Vec::new();
    let mut maps = 0u64;
    let mut tried = 0usize;
    let out_of_budget = |maps: u64| {
        maps >= s.budget.maps || s.budget.seconds.is_some_and(|t| started.elapsed() >= Duration::from_secs_f64(t))
    };

    // The current parameters, then random ones across the ticked ranges.
    let mut fresh: Vec<Vec<ParamValue>> = Vec::new();
    if let Some(values) = base_values.iter().copied().collect::<Option<Vec<_>>>() {
        fresh.push(values);
    }
    while fresh.len() < FIRST_CANDIDATES {
        fresh.push(sample_valid(base, &s.vary, &mut rng));
    }
    let mut queue = fresh;
    // Every candidate tried, by its values, so that none is measured twice.
    let mut seen = std::collections::HashSet::new();
    // Rounds in a row that found nothing new to measure.
    let mut idle = 0;
    loop {
        let maps_before = maps;
        // Measure the new candidates on the first seeds.
        let new: Vec<Candidate> = queue
            .drain(..)
            .filter(|values| seen.insert(format!("{values:?}")))
            .filter_map(|values| candidate(base, s, &base_values, values))
            .collect();
        tried += new.len();
        let start = pool.len();
        pool.extend(new);
        let jobs: Vec<(usize, Range<u64>)> = (start..pool.len()).map(|i| (i, 0..FIRST_SEEDS)).collect();
        let Some(done) = measure(&mut pool, &jobs, s, cancel, &mut maps)? else { return Ok(None) };
        if !done {
            break;
        }
        // Successive halving: the leaders get twice the seeds, up to the most.
        rank(&mut pool, s.goal.share);
        let mut leaders = 8usize;
        loop {
            let jobs: Vec<(usize, Range<u64>)> = (0..leaders.min(pool.len()))
                .filter(|&i| pool[i].tally.seeds < MOST_SEEDS)
                .map(|i| (i, pool[i].tally.seeds..(pool[i].tally.seeds * 2).min(MOST_SEEDS)))
                .collect();
            if jobs.is_empty() || out_of_budget(maps) {
                break;
            }
            let Some(done) = measure(&mut pool, &jobs, s, cancel, &mut maps)? else { return Ok(None) };
            rank(&mut pool, s.goal.share);
            if !done || leaders == 1 {
                break;
            }
            leaders /= 2;
        }
        progress(&Progress {
            maps,
            budget: s.budget.maps,
            leaders: pool.iter().take(PROPOSALS).map(|c| (c.params.clone(), c.tally.clone())).collect(),
        });
        let met = |c: &Candidate| c.tally.seeds >= MET_SEEDS && c.tally.share() >= (s.goal.share + MARGIN).min(1.0);
        if pool.iter().take(PROPOSALS).any(met) {
            return finish(s, pool, Stopped::GoalMet, maps, tried, cancel);
        }
        if out_of_budget(maps) {
            break;
        }
        idle = if maps == maps_before { idle + 1 } else { 0 };
        if idle == 8 {
            return finish(s, pool, Stopped::Exhausted, maps, tried, cancel);
        }
        // Next round: the leaders nudged, and a few new random candidates.
        for leader in pool.iter().take(3) {
            for _ in 0..8 {
                let mut values = leader.values.clone();
                let nudges = 1 + usize::from(s.vary.len() > 1 && rng.random::<bool>());
                for _ in 0..nudges {
                    let d = rng.random_range(0..s.vary.len());
                    values[d] = s.vary[d].nudge(values[d], &mut rng);
                }
                queue.push(values);
            }
        }
        for _ in 0..4 {
            queue.push(sample_valid(base, &s.vary, &mut rng));
        }
    }
    finish(s, pool, Stopped::Budget, maps, tried, cancel)
}

/// The candidate of `values` on `base`, when those parameters can be generated.
fn candidate(
    base: &GeneratorParams,
    s: &Settings,
    base_values: &[Option<ParamValue>],
    values: Vec<ParamValue>,
) -> Option<Candidate> {
    let (params, moved) = with_values(base, &s.vary, base_values, &values)?;
    Some(Candidate { values, params, tally: Tally::default(), moved })
}

/// `base` with the varied parameters set to `values`, and how far that moved (`None` when
/// those parameters cannot be generated).
pub(super) fn with_values(
    base: &GeneratorParams,
    vary: &[Vary],
    base_values: &[Option<ParamValue>],
    values: &[ParamValue],
) -> Option<(GeneratorParams, f64)> {
    let mut params = base.clone();
    for (v, x) in vary.iter().zip(values) {
        params.params_mut().set(v.key, *x);
    }
    if !params.check().is_empty() {
        return None;
    }
    let moved = vary.iter().zip(values).zip(base_values).map(|((v, x), b)| v.distance(Some(*x), *b)).sum();
    Some((params, moved))
}

/// Values drawn across the spans that `base` can be generated with (drawn again when not, up
/// to a few hundred times: a room size across its whole range rarely fits a small map); the
/// last draw when none fits.
pub(super) fn sample_valid(base: &GeneratorParams, vary: &[Vary], rng: &mut DelveRng) -> Vec<ParamValue> {
    let none: Vec<Option<ParamValue>> = vec![None; vary.len()];
    let mut values: Vec<ParamValue> = vary.iter().map(|v| v.sample(rng)).collect();
    for _ in 0..256 {
        if with_values(base, vary, &none, &values).is_some() {
            break;
        }
        values = vary.iter().map(|v| v.sample(rng)).collect();
    }
    values
}

/// The search's random stream for `tune_seed`.
pub(super) fn search_rng(tune_seed: u64) -> DelveRng {
    DelveRng::seed_from_u64(splitmix64(tune_seed ^ 0x7475_6e65))
}

/// Best first: share, then nearness, then how little it moved, then the values (a total order,
/// so that ties fall the same way on every run).
fn rank(pool: &mut [Candidate], goal: f64) {
    pool.sort_by(|a, b| {
        before((&a.tally, a.moved), (&b.tally, b.moved), goal)
            .then_with(|| format!("{:?}", a.values).cmp(&format!("{:?}", b.values)))
    });
}

/// The ranking: `Less` when `a` (counts, how far it moved) ranks before `b`. Those that meet
/// the goal's share come first, the one that moved least first among them; the others follow,
/// the most seeds matching first, then the nearest every condition, then the least moved.
fn before(a: (&Tally, f64), b: (&Tally, f64), goal: f64) -> std::cmp::Ordering {
    let (ma, mb) = (a.0.share() >= goal, b.0.share() >= goal);
    mb.cmp(&ma).then_with(|| {
        if ma {
            a.1.total_cmp(&b.1).then(b.0.share().total_cmp(&a.0.share()))
        } else {
            b.0.share()
                .total_cmp(&a.0.share())
                .then(b.0.nearness().total_cmp(&a.0.nearness()))
                .then(a.1.total_cmp(&b.1))
        }
    })
}

/// Measures each job (a candidate of `pool` over a range of seeds) and adds the counts;
/// `Ok(Some(false))` when the budget ran out first (what was measured still counts),
/// `Ok(None)` when cancelled.
fn measure(
    pool: &mut [Candidate],
    jobs: &[(usize, Range<u64>)],
    s: &Settings,
    cancel: &AtomicBool,
    maps: &mut u64,
) -> Result<Option<bool>, GenError> {
    let mut work: Vec<(usize, u64)> = jobs.iter().flat_map(|(i, r)| r.clone().map(move |seed| (*i, seed))).collect();
    let room = s.budget.maps.saturating_sub(*maps);
    let within = (work.len() as u64) <= room;
    work.truncate(usize::try_from(room).unwrap_or(usize::MAX));
    for chunk in work.chunks(4096) {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // `None`: cancelled before this map.
        let rows: Vec<Option<Result<SweepRow, GenError>>> = chunk
            .par_iter()
            .map(|&(i, seed)| {
                (!cancel.load(Ordering::Relaxed)).then(|| SweepRow::of(&pool[i].params, seed, s.kept.as_ref()))
            })
            .collect();
        for (&(i, _), row) in chunk.iter().zip(rows) {
            match row {
                Some(row) => pool[i].tally.add(&s.goal, &row?),
                None => return Ok(None),
            }
        }
        *maps += chunk.len() as u64;
    }
    Ok(Some(within))
}

/// The proposals: the best distinct candidates measured on fresh seeds, ranked again.
fn finish(
    s: &Settings,
    mut pool: Vec<Candidate>,
    stopped: Stopped,
    maps: u64,
    candidates: usize,
    cancel: &AtomicBool,
) -> Result<Option<Outcome>, GenError> {
    rank(&mut pool, s.goal.share);
    pool.truncate(PROPOSALS);
    let mut proposals = Vec::with_capacity(pool.len());
    for c in pool {
        let rows: Vec<Option<Result<SweepRow, GenError>>> = FRESH_SEEDS
            .into_par_iter()
            .map(|seed| (!cancel.load(Ordering::Relaxed)).then(|| SweepRow::of(&c.params, seed, s.kept.as_ref())))
            .collect();
        let mut fresh = Tally::default();
        for row in rows {
            let Some(row) = row else { return Ok(None) };
            fresh.add(&s.goal, &row?);
        }
        proposals.push(Proposal { params: c.params, searched: c.tally, fresh, moved: c.moved });
    }
    proposals.sort_by(|a, b| before((&a.fresh, a.moved), (&b.fresh, b.moved), s.goal.share));
    Ok(Some(Outcome { goal: s.goal.clone(), proposals, stopped, maps, candidates }))
}

/// A fraction as a whole percent, or with one decimal under 10%.
fn round_percent(f: f64) -> String {
    let p = f * 100.0;
    if p < 10.0 && p.fract().abs() > 1e-9 { format!("{p:.1}") } else { format!("{}", p.round() as i64) }
}

/// What `p` changes from `base`, as a designer reads it (in Explore's words):
/// `Room attempts 44 (was 30), Map width 120 (was 80)`; `as before` when nothing.
pub fn changes(base: &GeneratorParams, p: &GeneratorParams) -> String {
    let diffs = super::differing_params(base, p);
    if diffs.is_empty() {
        return "as before".into();
    }
    diffs
        .iter()
        .map(|d| format!("{} {} (was {})", d.label, super::format_value(d.b), super::format_value(d.a)))
        .collect::<Vec<_>>()
        .join(", ")
}
