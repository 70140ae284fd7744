//! Tune for me: the designer says what the maps should be (a [`Goal`]: Explore's conditions
//! and a share of seeds), ticks the parameters that may move ([`Vary`]), and the search finds
//! parameter sets whose maps meet the goal.
//!
//! The search ([`tune`]) samples candidates in the ticked ranges, near the current values
//! first and then further out, and measures each on the same first seeds; the promising ones
//! get more seeds (successive halving), and the best are refined by local steps (one or two
//! parameters nudged at a time), with a few fresh random candidates mixed in. It stops at the
//! budget (maps generated, or seconds) or when a leader meets the goal surely (its share less
//! two standard errors) on enough seeds. Unless told otherwise ([`Settings::keep_look`]), candidates whose maps keep the
//! current maps' [`Look`] rank before those that do not. Candidates that meet the goal's share
//! rank first, the one whose parameters moved least from the current ones first; the others
//! follow by the share of seeds that match, then by how near every condition came (partial
//! credit for the way towards each number, so that a goal none meets yet still points
//! somewhere). The proposals' shares are measured again on [`FRESH_SEEDS`], which the search
//! never uses, so that a proposal is not tuned to its seeds, and ranked again on them.
//!
//! A budget in seconds bounds the whole search, that measurement included: the search itself
//! stops at [`SEARCH_SHARE`] of the time, and the proposals are measured on as many fresh
//! seeds as fit in the rest ([`Outcome::fresh`] says how many).
//!
//! Everything is decided on the calling thread from counts, so the same tune seed, goal and
//! budget in maps give the same proposals on any number of threads (a budget in seconds is not
//! repeatable: the clock decides how far the search gets).

mod fresh;
mod look;
mod tally;
mod vary;

pub use look::{Look, TOLERANCE, TOLERANCE_WORDS};
pub use tally::Tally;
pub use vary::{Span, Vary};

use super::explore::{Condition, describe, parse};
use crate::generate::GenError;
use crate::map::locks::Kept;
use crate::params::{GeneratorParams, ParamValue};
use delve_core::measure::Figures;
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
/// During the search, a candidate meets the goal when its share less this many standard errors
/// (of a share over its seeds) still does, so that it holds on fresh seeds; the search ends
/// once a leader does so on at least [`MET_SEEDS`] seeds.
const SURE: f64 = 2.0;
const MET_SEEDS: u64 = 512;
/// Random candidates at the start.
const FIRST_CANDIDATES: usize = 32;
/// Proposals kept at the end.
pub const PROPOSALS: usize = 5;
/// Of a budget in seconds, the share the search may take; the proposals' measurement on fresh
/// seeds takes the rest, up to [`END_SHARE`] (the last of it left for the caller's own work).
pub const SEARCH_SHARE: f64 = 0.8;
pub const END_SHARE: f64 = 0.95;
/// How far from the current values the first candidates are drawn (a share of each span), in
/// groups of equal size: the nearest first.
const REACHES: [f64; 4] = [0.125, 0.25, 0.5, 1.0];

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

    /// The figures a map must be measured for to judge the goal: with those from play when
    /// a condition names one.
    pub fn figures(&self) -> Figures {
        Figures::for_stats(self.conditions.iter().map(|c| c.stat))
    }

    /// `rooms >= 20 and longest path >= 100 in 90% of seeds`.
    pub fn describe(&self) -> String {
        format!("{} in {}% of seeds", describe(&self.conditions), round_percent(self.share))
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
    /// Proposals keep the current maps' [`Look`] (within [`TOLERANCE`]); off, any look goes.
    pub keep_look: bool,
}

/// A parameter set the search proposes.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    pub params: GeneratorParams,
    /// Its counts on the search's seeds (0 to `searched.seeds`).
    pub searched: Tally,
    /// Its counts on the first of [`FRESH_SEEDS`] (as many as the time allowed: see
    /// [`Outcome::fresh`]).
    pub fresh: Tally,
    /// How far it moved from the current parameters (0: not at all).
    pub moved: f64,
}

impl Proposal {
    /// The counts its share is judged by: the fresh seeds', or the search's when the time left
    /// none to measure it again.
    pub fn judged(&self) -> &Tally {
        if self.fresh.seeds > 0 { &self.fresh } else { &self.searched }
    }
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// A leader met the goal surely (its share less two standard errors).
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
    /// Best first (by look kept, share on fresh seeds, nearness, then how little they moved).
    pub proposals: Vec<Proposal>,
    /// The fresh seeds every proposal was measured on: all of [`FRESH_SEEDS`], or as many of
    /// the first as a budget in seconds left time for (none: see [`Proposal::judged`]).
    pub fresh: Range<u64>,
    /// The current parameters' look (on the search's first seeds), when they could be
    /// measured, and whether proposals had to keep it.
    pub look: Option<Look>,
    pub keep_look: bool,
    pub stopped: Stopped,
    /// Maps the search generated (not counting the fresh measurement).
    pub maps: u64,
    /// Candidates tried.
    pub candidates: usize,
}

impl Outcome {
    /// Whether the best proposal meets the goal on fresh seeds.
    pub fn met(&self) -> bool {
        self.proposals.first().is_some_and(|p| p.judged().share() >= self.goal.share)
    }

    /// Whether the proposals were measured on fewer fresh seeds than [`FRESH_SEEDS`] holds.
    pub fn fresh_cut_short(&self) -> bool {
        self.fresh.end - self.fresh.start < FRESH_SEEDS.end - FRESH_SEEDS.start
    }

    /// Where the shares were measured, in words: `seeds 1,000,000 to 1,000,999, which the
    /// search never used`, `the first 212 of the 1,000 fresh seeds (…): the time ran out`.
    pub fn measured_on(&self) -> String {
        let n = self.fresh.end - self.fresh.start;
        let all = FRESH_SEEDS.end - FRESH_SEEDS.start;
        let g = super::explore::group_thousands;
        if n == 0 {
            format!("the search's own seeds: the time ran out before any of the {} fresh seeds", g(all))
        } else if n < all {
            format!(
                "{} of the {} fresh seeds ({} to {}, which the search never used): the time left no more",
                g(n),
                g(all),
                g(self.fresh.start),
                g(self.fresh.end - 1)
            )
        } else {
            format!("seeds {} to {}, which the search never used", g(self.fresh.start), g(self.fresh.end - 1))
        }
    }

    /// When the goal is not met: how close the best came, and the condition that failed most.
    pub fn shortfall(&self) -> Option<String> {
        if self.met() {
            return None;
        }
        let Some(best) = self.proposals.first() else {
            return Some(if self.maps == 0 {
                "the time ran out before a single map was made: give more seconds".into()
            } else {
                "no candidate could be generated within the ranges given".into()
            });
        };
        let judged = best.judged();
        let worst = (0..self.goal.conditions.len())
            .min_by_key(|&i| judged.per_condition.get(i).copied().unwrap_or(0))
            .map(|i| {
                let c = &self.goal.conditions[i];
                let met = judged.per_condition.get(i).copied().unwrap_or(0) as f64 / judged.seeds.max(1) as f64;
                let mean =
                    judged.mean(i).map(|m| format!(", {} {m:.1} on average", c.stat.label())).unwrap_or_default();
                format!("; the condition failed most: {c} (met in {}% of seeds{mean})", round_percent(met))
            });
        let seeds = if best.fresh.seeds > 0 { "fresh seeds" } else { "the search's seeds" };
        Some(format!(
            "The goal ({}) was not reached: the best came to {}% of {seeds}{}.",
            self.goal.describe(),
            round_percent(judged.share()),
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
    /// Once the search is over: the fresh seeds the proposals (the leaders) have been
    /// measured on so far.
    pub fresh: Option<u64>,
}

/// A candidate in the search.
#[derive(Clone, Debug)]
struct Candidate {
    values: Vec<ParamValue>,
    params: GeneratorParams,
    tally: Tally,
    moved: f64,
}

/// When a search's time is up: the search's own part, and the whole (both `None` without a
/// budget in seconds).
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    search: Option<Instant>,
    end: Option<Instant>,
}

impl Clock {
    fn of(budget: &Budget, started: Instant) -> Clock {
        let at = |share: f64| budget.seconds.map(|t| started + Duration::from_secs_f64((t * share).max(0.0)));
        Clock { search: at(SEARCH_SHARE), end: at(END_SHARE) }
    }

    fn search_over(&self) -> bool {
        self.search.is_some_and(|t| Instant::now() >= t)
    }

    pub(super) fn over(&self) -> bool {
        self.end.is_some_and(|t| Instant::now() >= t)
    }
}

/// What a search ranks candidates by besides their counts: the current parameters' look, when
/// proposals must keep it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Judge {
    goal: f64,
    look: Option<Look>,
    /// Whether a share must meet the goal by [`SURE`] standard errors (during the search) or
    /// as measured (on fresh seeds, the verdict).
    sure: bool,
}

impl Judge {
    /// Whether counts `t` keep the look (always, when any look goes).
    fn keeps(&self, t: &Tally) -> bool {
        self.look.is_none_or(|r| t.seeds == 0 || t.look().keeps(&r))
    }

    /// Whether counts `t` meet the goal's share (by [`SURE`] standard errors when `sure`).
    fn meets(&self, t: &Tally) -> bool {
        let p = t.share();
        let doubt = if self.sure && t.seeds > 0 { SURE * (p * (1.0 - p) / t.seeds as f64).sqrt() } else { 0.0 };
        t.seeds > 0 && p - doubt >= self.goal
    }

    /// `Less` when `a` (counts, how far it moved) ranks before `b`: those that keep the look
    /// first; then those that meet the goal's share, the one that moved least first among
    /// them; the others follow, the most seeds matching first, then the nearest every
    /// condition, then the least moved.
    pub(super) fn before(&self, a: (&Tally, f64), b: (&Tally, f64)) -> std::cmp::Ordering {
        let (ma, mb) = (self.meets(a.0), self.meets(b.0));
        self.keeps(b.0).cmp(&self.keeps(a.0)).then_with(|| mb.cmp(&ma)).then_with(|| {
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
    let clock = Clock::of(&s.budget, Instant::now());
    let mut rng = search_rng(s.tune_seed);
    let base_values: Vec<Option<ParamValue>> = s.vary.iter().map(|v| base.params().get(v.key)).collect();
    let mut pool: Vec<Candidate> = Vec::new();
    let mut maps = 0u64;
    let mut tried = 0usize;
    let out_of_budget = |maps: u64| maps >= s.budget.maps || clock.search_over();
    // Every candidate tried, by its values, so that none is measured twice.
    let mut seen = std::collections::HashSet::new();

    // The current parameters first, alone: their maps' look is the one to keep.
    let mut judge = Judge { goal: s.goal.share, look: None, sure: true };
    if let Some(values) = base_values.iter().copied().collect::<Option<Vec<_>>>() {
        seen.insert(format!("{values:?}"));
        if let Some(c) = candidate(base, s, &base_values, values) {
            pool.push(c);
            let Some(_) = measure(&mut pool, &[(0, 0..FIRST_SEEDS)], s, &clock, cancel, &mut maps)? else {
                return Ok(None);
            };
        }
    }
    let reference = pool.first().filter(|c| c.tally.seeds > 0).map(|c| c.tally.look());
    if s.keep_look {
        judge.look = reference;
    }
    // Then candidates drawn near the current values first, further out after.
    let mut queue: Vec<Vec<ParamValue>> = (pool.len()..FIRST_CANDIDATES)
        .map(|i| {
            let reach = REACHES[i * REACHES.len() / FIRST_CANDIDATES];
            sample_valid_near(base, &s.vary, &base_values, reach, &mut rng)
        })
        .collect();
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
        let Some(done) = measure(&mut pool, &jobs, s, &clock, cancel, &mut maps)? else { return Ok(None) };
        if !done {
            break;
        }
        // Successive halving: the leaders get twice the seeds, up to the most.
        rank(&mut pool, &judge);
        let mut leaders = 8usize;
        loop {
            let jobs: Vec<(usize, Range<u64>)> = (0..leaders.min(pool.len()))
                .filter(|&i| pool[i].tally.seeds < MOST_SEEDS)
                .map(|i| (i, pool[i].tally.seeds..(pool[i].tally.seeds * 2).min(MOST_SEEDS)))
                .collect();
            if jobs.is_empty() || out_of_budget(maps) {
                break;
            }
            let Some(done) = measure(&mut pool, &jobs, s, &clock, cancel, &mut maps)? else { return Ok(None) };
            rank(&mut pool, &judge);
            if !done || leaders == 1 {
                break;
            }
            leaders /= 2;
        }
        progress(&Progress {
            maps,
            budget: s.budget.maps,
            leaders: pool.iter().take(PROPOSALS).map(|c| (c.params.clone(), c.tally.clone())).collect(),
            fresh: None,
        });
        let met = |c: &Candidate| c.tally.seeds >= MET_SEEDS && judge.meets(&c.tally) && judge.keeps(&c.tally);
        if pool.iter().take(PROPOSALS).any(met) {
            return finish(s, pool, &judge, reference, Stopped::GoalMet, maps, tried, &clock, cancel, &mut progress);
        }
        if out_of_budget(maps) {
            break;
        }
        idle = if maps == maps_before { idle + 1 } else { 0 };
        if idle == 8 {
            return finish(s, pool, &judge, reference, Stopped::Exhausted, maps, tried, &clock, cancel, &mut progress);
        }
        // Next round: the leaders nudged, and a few new candidates, near or far.
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
            let reach = REACHES[rng.random_range(0..REACHES.len())];
            queue.push(sample_valid_near(base, &s.vary, &base_values, reach, &mut rng));
        }
    }
    finish(s, pool, &judge, reference, Stopped::Budget, maps, tried, &clock, cancel, &mut progress)
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
    sample_valid_near(base, vary, &none, 1.0, rng)
}

/// [`sample_valid`] within `reach` (a share of each span) of the values `from`.
fn sample_valid_near(
    base: &GeneratorParams,
    vary: &[Vary],
    from: &[Option<ParamValue>],
    reach: f64,
    rng: &mut DelveRng,
) -> Vec<ParamValue> {
    let none: Vec<Option<ParamValue>> = vec![None; vary.len()];
    let draw = |rng: &mut DelveRng| -> Vec<ParamValue> {
        vary.iter().zip(from).map(|(v, f)| v.sample_near(*f, reach, rng)).collect()
    };
    let mut values = draw(rng);
    for _ in 0..256 {
        if with_values(base, vary, &none, &values).is_some() {
            break;
        }
        values = draw(rng);
    }
    values
}

/// The search's random stream for `tune_seed`.
pub(super) fn search_rng(tune_seed: u64) -> DelveRng {
    DelveRng::seed_from_u64(splitmix64(tune_seed ^ 0x7475_6e65))
}

/// Best first by `judge` (then by the values: a total order, so that ties fall the same way on
/// every run).
fn rank(pool: &mut [Candidate], judge: &Judge) {
    pool.sort_by(|a, b| {
        judge
            .before((&a.tally, a.moved), (&b.tally, b.moved))
            .then_with(|| format!("{:?}", a.values).cmp(&format!("{:?}", b.values)))
    });
}

/// Measures each job (a candidate of `pool` over a range of seeds) and adds the counts;
/// `Ok(Some(false))` when the budget (maps, or the search's time) ran out first (what was
/// measured still counts), `Ok(None)` when cancelled.
fn measure(
    pool: &mut [Candidate],
    jobs: &[(usize, Range<u64>)],
    s: &Settings,
    clock: &Clock,
    cancel: &AtomicBool,
    maps: &mut u64,
) -> Result<Option<bool>, GenError> {
    let mut work: Vec<(usize, u64)> = jobs.iter().flat_map(|(i, r)| r.clone().map(move |seed| (*i, seed))).collect();
    let room = s.budget.maps.saturating_sub(*maps);
    let within = (work.len() as u64) <= room;
    work.truncate(usize::try_from(room).unwrap_or(usize::MAX));
    let figures = s.goal.figures();
    for chunk in work.chunks(4096) {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // `None`: not made (cancelled, or the time ran out before this map).
        let rows: Vec<Option<_>> = chunk
            .par_iter()
            .map(|&(i, seed)| {
                (!cancel.load(Ordering::Relaxed) && !clock.search_over())
                    .then(|| look::measure_one(&pool[i].params, seed, s.kept.as_ref(), figures))
            })
            .collect();
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let mut made = 0u64;
        for (&(i, _), row) in chunk.iter().zip(rows) {
            if let Some(row) = row {
                let (row, look) = row?;
                pool[i].tally.add(&s.goal, &row, &look);
                made += 1;
            }
        }
        *maps += made;
        if made < chunk.len() as u64 {
            return Ok(Some(false));
        }
    }
    Ok(Some(within))
}

/// The proposals: the best distinct candidates measured on fresh seeds (as many as the time
/// allows), ranked again.
#[allow(clippy::too_many_arguments)]
fn finish(
    s: &Settings,
    mut pool: Vec<Candidate>,
    judge: &Judge,
    look: Option<Look>,
    stopped: Stopped,
    maps: u64,
    candidates: usize,
    clock: &Clock,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<Outcome>, GenError> {
    rank(&mut pool, judge);
    // With the look kept, only candidates that keep it are proposed (the current parameters
    // always do, when measured).
    pool.retain(|c| c.tally.seeds > 0 && (!s.keep_look || judge.keeps(&c.tally)));
    pool.truncate(PROPOSALS);
    let params: Vec<&GeneratorParams> = pool.iter().map(|c| &c.params).collect();
    let leaders: Vec<(GeneratorParams, Tally)> = pool.iter().map(|c| (c.params.clone(), c.tally.clone())).collect();
    let mut seeds_done = |n: u64| {
        progress(&Progress { maps, budget: s.budget.maps, leaders: leaders.clone(), fresh: Some(n) });
    };
    let Some((fresh_seeds, tallies)) = fresh::measure(&params, s, clock, cancel, &mut seeds_done)? else {
        return Ok(None);
    };
    let mut proposals: Vec<Proposal> = pool
        .into_iter()
        .zip(tallies)
        .map(|(c, fresh)| Proposal { params: c.params, searched: c.tally, fresh, moved: c.moved })
        .collect();
    // On fresh seeds, the share as measured decides.
    let verdict = Judge { sure: false, ..*judge };
    proposals.sort_by(|a, b| verdict.before((a.judged(), a.moved), (b.judged(), b.moved)));
    Ok(Some(Outcome {
        goal: s.goal.clone(),
        proposals,
        fresh: fresh_seeds,
        look,
        keep_look: s.keep_look,
        stopped,
        maps,
        candidates,
    }))
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
