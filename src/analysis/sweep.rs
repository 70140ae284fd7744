//! Sweeps: one parameter set over a range of seeds, every map generated and measured, on all
//! cores (rayon), in seed order whatever the thread count, with progress and cancel. The
//! command line's `delve sweep` and the editor's Explore view both run this.

use super::Stat;
use crate::generate::{GenError, ShortfallCause};
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use delve_core::measure::{METRICS, SweepRow};

/// Runs `params` over `seeds` (around `kept`, when given: prepared once, read by every seed)
/// on the current rayon pool. `progress` hears how many seeds are done, now and then, on the
/// calling thread; when `cancel` is set the sweep stops within a small slice of work and
/// returns `Ok(None)`. The rows come in seed order.
pub fn sweep(
    params: &GeneratorParams,
    seeds: Range<u64>,
    kept: Option<&Arc<Kept>>,
    cancel: &AtomicBool,
    mut progress: impl FnMut(u64),
) -> Result<Option<Vec<SweepRow>>, GenError> {
    let issues = params.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    if let Some(kept) = kept {
        crate::generate::prepare_keeping(params, kept)?;
    }
    let total = seeds.end.saturating_sub(seeds.start);
    let mut rows = Vec::with_capacity(usize::try_from(total).unwrap_or(0).min(1 << 24));
    // Slices of a few tens of milliseconds: progress stays live and a cancel is seen soon,
    // whatever a map costs.
    const SLICE: Duration = Duration::from_millis(40);
    let mut size: u64 = 64;
    let mut next = seeds.start;
    while next < seeds.end {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let end = next.saturating_add(size).min(seeds.end);
        let started = Instant::now();
        let slice: Result<Vec<SweepRow>, Stop> = (next..end)
            .into_par_iter()
            .map(|seed| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(Stop::Cancelled);
                }
                SweepRow::of(params, seed, kept).map_err(Stop::Failed)
            })
            .collect();
        match slice {
            Ok(s) => rows.extend(s),
            Err(Stop::Cancelled) => return Ok(None),
            Err(Stop::Failed(e)) => return Err(e),
        }
        let took = started.elapsed();
        if took < SLICE / 2 {
            size = (size * 2).min(1 << 16);
        } else if took > SLICE * 2 {
            size = (size / 2).max(1);
        }
        next = end;
        progress(next - seeds.start);
    }
    Ok(Some(rows))
}

/// Why a slice of a sweep stopped early.
enum Stop {
    Cancelled,
    Failed(GenError),
}

/// How a figure spreads over a sweep.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    pub min: f64,
    pub p5: f64,
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
    pub mean: f64,
}

impl Spread {
    /// The spread of `values` (nearest-rank percentiles; all zero when empty).
    pub fn of(mut values: Vec<f64>) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        values.sort_unstable_by(f64::total_cmp);
        let n = values.len();
        let at = |q: f64| values[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
        Spread {
            min: values[0],
            p5: at(0.05),
            p50: at(0.5),
            p95: at(0.95),
            max: values[n - 1],
            mean: values.iter().sum::<f64>() / n as f64,
        }
    }
}

/// What a sweep found, over all its maps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub maps: u64,
    /// Each figure of [`Stat::metrics`] and how it spreads.
    pub spreads: Vec<(Stat, Spread)>,
    /// How often generation fell short, by cause (causes that happened, most frequent first).
    pub shortfalls: Vec<(ShortfallCause, u64)>,
    pub connected: u64,
    /// Maps without problems.
    pub valid: u64,
    pub mean_rooms_asked: f64,
    pub mean_micros: f64,
}

impl Summary {
    pub fn of(rows: &[SweepRow]) -> Summary {
        let n = rows.len().max(1) as f64;
        // A sort per figure, on all cores: the summary of a million rows comes in a blink.
        let spreads = Stat::metrics()
            .par_iter()
            .enumerate()
            .map(|(i, s)| (*s, Spread::of(rows.iter().map(|r| f64::from(r.values[i])).collect())))
            .collect();
        let mut shortfalls: Vec<(ShortfallCause, u64)> = ShortfallCause::ALL
            .iter()
            .map(|c| (*c, rows.iter().filter(|r| r.shortfall == Some(*c)).count() as u64))
            .filter(|(_, k)| *k > 0)
            .collect();
        shortfalls.sort_by_key(|(c, k)| (std::cmp::Reverse(*k), *c));
        Summary {
            maps: rows.len() as u64,
            spreads,
            shortfalls,
            connected: rows.iter().filter(|r| r.connected).count() as u64,
            valid: rows.iter().filter(|r| r.problems == 0).count() as u64,
            mean_rooms_asked: rows.iter().map(|r| f64::from(r.rooms_asked)).sum::<f64>() / n,
            mean_micros: rows.iter().map(|r| f64::from(r.micros)).sum::<f64>() / n,
        }
    }

    /// The spread of one figure.
    pub fn spread(&self, stat: Stat) -> Option<Spread> {
        self.spreads.iter().find(|(s, _)| *s == stat).map(|(_, sp)| *sp)
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.maps.max(1) as f64;
        writeln!(f, "{} maps; {:.1} µs per map to generate", self.maps, self.mean_micros)?;
        writeln!(f, "{:<22}{:>10}{:>10}{:>10}{:>10}{:>10}{:>10}", "figure", "min", "p5", "p50", "p95", "max", "mean")?;
        for (stat, s) in &self.spreads {
            let d = stat.decimals();
            writeln!(
                f,
                "{:<22}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.2}",
                stat.label(),
                s.min,
                s.p5,
                s.p50,
                s.p95,
                s.max,
                s.mean
            )?;
        }
        let rooms = self.spread(Stat::Rooms).map_or(0.0, |s| s.mean);
        write!(f, "rooms placed: mean {rooms:.2} of {:.0} asked", self.mean_rooms_asked)?;
        for (cause, k) in &self.shortfalls {
            write!(f, "\nfell short in {:.1}% of maps: {}", 100.0 * *k as f64 / n, cause.label())?;
        }
        write!(f, "\nconnected {:.1}%, valid {:.1}%", 100.0 * self.connected as f64 / n, 100.0 * self.valid as f64 / n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let s = Spread::of((1..=100).map(f64::from).collect());
        assert_eq!((s.min, s.p5, s.p50, s.p95, s.max), (1.0, 5.0, 50.0, 95.0, 100.0));
        assert_eq!(s.mean, 50.5);
        assert_eq!(Spread::of(vec![7.0]), Spread { min: 7.0, p5: 7.0, p50: 7.0, p95: 7.0, max: 7.0, mean: 7.0 });
        assert_eq!(Spread::of(Vec::new()), Spread::default());
    }

    #[test]
    fn every_metric_has_a_column() {
        assert_eq!(Stat::metrics().len(), METRICS);
    }
}
