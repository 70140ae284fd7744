//! Sweeps: one parameter set over a range of seeds, every map generated and measured, on all
//! cores (rayon), in seed order whatever the thread count, with progress and cancel. The
//! command line's `delve sweep` and the editor's Explore view both run this.

use super::Stat;
use crate::generate::{GenError, ShortfallCause};
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use rayon::prelude::*;
use std::io::Write;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use delve_core::measure::{Figures, METRICS, PLAY_SETTINGS, SweepRow};

/// Runs `params` over `seeds` (around `kept`, when given: prepared once, read by every seed)
/// on the current rayon pool, measuring `figures`. `progress` hears how many seeds are done, now and then, on the
/// calling thread; when `cancel` is set the sweep stops within a small slice of work and
/// returns `Ok(None)`. The rows come in seed order.
pub fn sweep(
    params: &GeneratorParams,
    seeds: Range<u64>,
    kept: Option<&Arc<Kept>>,
    figures: Figures,
    cancel: &AtomicBool,
    progress: impl FnMut(u64),
) -> Result<Option<Vec<SweepRow>>, GenError> {
    ready(params, kept)?;
    in_slices(seeds, cancel, progress, |seed| SweepRow::of(params, seed, kept, figures))
}

/// `each` of every seed of `seeds`, on the current rayon pool, in slices of a few tens of
/// milliseconds (progress stays live and a cancel is seen soon, whatever one seed costs):
/// `progress` hears how many seeds are done after each slice, on the calling thread; a cancel
/// gives `Ok(None)`, the first failure its error. The results come in seed order.
pub fn in_slices<T: Send, E: Send>(
    seeds: Range<u64>,
    cancel: &AtomicBool,
    mut progress: impl FnMut(u64),
    each: impl Fn(u64) -> Result<T, E> + Sync,
) -> Result<Option<Vec<T>>, E> {
    let total = seeds.end.saturating_sub(seeds.start);
    let mut out = Vec::with_capacity(usize::try_from(total).unwrap_or(0).min(1 << 24));
    const SLICE: Duration = Duration::from_millis(40);
    let mut size: u64 = 64;
    let mut next = seeds.start;
    while next < seeds.end {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let end = next.saturating_add(size).min(seeds.end);
        let started = Instant::now();
        let slice: Result<Vec<T>, Stop<E>> = (next..end)
            .into_par_iter()
            .map(|seed| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(Stop::Cancelled);
                }
                each(seed).map_err(Stop::Failed)
            })
            .collect();
        match slice {
            Ok(s) => out.extend(s),
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
    Ok(Some(out))
}

/// Whether `params` can be generated (around `kept`, prepared once here): what a run over many
/// seeds checks first, so that it fails once, not once per seed.
pub fn ready(params: &GeneratorParams, kept: Option<&Arc<Kept>>) -> Result<(), GenError> {
    let issues = params.check();
    if !issues.is_empty() {
        return Err(GenError::InvalidParams(issues));
    }
    if let Some(kept) = kept {
        crate::generate::prepare_keeping(params, kept)?;
    }
    Ok(())
}

/// Why a slice of a sweep stopped early.
enum Stop<E> {
    Cancelled,
    Failed(E),
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
    /// The spread of `values` (nearest-rank percentiles; all zero when empty), NaN (no value)
    /// left out.
    pub fn of(mut values: Vec<f64>) -> Spread {
        values.retain(|v| !v.is_nan());
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
    /// Each figure of [`Stat::metrics`] that has a value on some map, and how it spreads.
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
            .filter(|(i, _)| rows.iter().any(|r| !r.values[*i].is_nan()))
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
        writeln!(f, "{:<24}{:>10}{:>10}{:>10}{:>10}{:>10}{:>10}", "figure", "min", "p5", "p50", "p95", "max", "mean")?;
        for (stat, s) in &self.spreads {
            let d = stat.decimals();
            writeln!(
                f,
                "{:<24}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.d$}{:>10.2}",
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
        write!(
            f,
            "\nconnected {:.1}%, valid {:.1}%",
            100.0 * self.connected as f64 / n,
            100.0 * self.valid as f64 / n
        )?;
        // The player's walk over the tiles: what a game may trust.
        let mean = |s: Stat| self.spread(s).map_or(0.0, |s| s.mean);
        write!(
            f,
            "\nwalked: solvable {:.1}% ({:.0} of {} maps), {:.0} locks that lock nothing, {:.0} exits reached without keys",
            100.0 * mean(Stat::Solvable),
            (mean(Stat::Solvable) * n).round(),
            self.maps,
            (mean(Stat::FreeLocks) * n).round(),
            (mean(Stat::ExitWithoutKeys) * n).round()
        )
    }
}

/// The CSV of `delve sweep` (and of Explore's *Save run as CSV*): a header, then a row per seed
/// with the `figures` it measured in [`Stat::metrics`] order (an empty cell for a figure without
/// a value on that map), why it fell short, whether it is connected, its problems and the time
/// it took.
pub fn write_csv(rows: &[SweepRow], figures: Figures, csv: &mut dyn Write) -> std::io::Result<()> {
    write!(csv, "seed,rooms_asked")?;
    for s in figures.stats() {
        write!(csv, ",{}", s.key())?;
    }
    writeln!(csv, ",shortfall,connected,problems,micros")?;
    // Rows written a batch at a time into one buffer, figures by hand (the same text as
    // `format!`, far quicker for a million numbers).
    let mut text = Vec::with_capacity(1 << 16);
    for batch in rows.chunks(512) {
        text.clear();
        for r in batch {
            push_row(&mut text, r, figures);
        }
        csv.write_all(&text)?;
    }
    Ok(())
}

/// One CSV row of `delve sweep`: whole numbers as such, fractions to three places.
fn push_row(out: &mut Vec<u8>, r: &SweepRow, figures: Figures) {
    push_whole(out, r.seed);
    out.push(b',');
    push_whole(out, u64::from(r.rooms_asked));
    for (s, v) in Stat::metrics().iter().zip(r.values) {
        if !figures.measures(*s) {
            continue;
        }
        out.push(b',');
        if !v.is_nan() {
            push_fixed(out, v, if s.decimals() == 0 { 0 } else { 3 });
        }
    }
    out.push(b',');
    out.extend_from_slice(r.shortfall.map_or("", |c| c.key()).as_bytes());
    out.extend_from_slice(if r.connected { b",true," } else { b",false," });
    push_whole(out, u64::from(r.problems));
    out.push(b',');
    push_fixed(out, r.micros, 1);
    out.push(b'\n');
}

/// `n` in decimal (the `itoa` crate: the same text as `format!`).
fn push_whole(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `v` to `places` (at most 3) decimals, exactly as `format!("{v:.places$}")` writes it.
fn push_fixed(out: &mut Vec<u8>, v: f32, places: usize) {
    let scale = [1.0, 10.0, 100.0, 1000.0][places.min(3)];
    // Exact: 24 bits of an f32 times at most 10 bits of the scale fit an f64's 53, and so the
    // nearest whole number, ties to even, is the rounding the formatter does.
    let scaled = f64::from(v) * scale;
    if places > 3 || !v.is_finite() || v.is_sign_negative() || scaled >= 1e15 {
        let _ = write!(out, "{v:.places$}");
        return;
    }
    let q = scaled.round_ties_even() as u64;
    let unit = scale as u64;
    push_whole(out, q / unit);
    if places > 0 {
        out.push(b'.');
        let frac = q % unit;
        let mut digits = [b'0'; 3];
        let mut f = frac;
        for d in digits[..places].iter_mut().rev() {
            *d = b'0' + (f % 10) as u8;
            f /= 10;
        }
        out.extend_from_slice(&digits[..places]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_as_format_writes_them() {
        let mut values: Vec<f32> = vec![0.0, 0.5, 1.5, 2.5, 0.0625, 0.1875, 12.3125, 0.0005, 0.9995, 9.9995, 99.95];
        values.extend((0..200_000).map(|k| k as f32 / 1000.0));
        values.extend((0..100_000).map(|k| k as f32 / 64.0 + 0.0005));
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(f32::from_bits((x >> 32) as u32));
        }
        values.extend([-0.0, -1.5, f32::NAN, f32::INFINITY, 1e20, 16_777_216.0]);
        let mut out = Vec::new();
        for v in values {
            for places in 0..=3 {
                out.clear();
                push_fixed(&mut out, v, places);
                assert_eq!(String::from_utf8_lossy(&out), format!("{v:.places$}"), "{v:e} to {places} places");
            }
        }
        for n in [0, 7, 10, 99, 100, 12_345, u64::MAX] {
            out.clear();
            push_whole(&mut out, n);
            assert_eq!(String::from_utf8_lossy(&out), n.to_string());
        }
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let s = Spread::of((1..=100).map(f64::from).collect());
        assert_eq!((s.min, s.p5, s.p50, s.p95, s.max), (1.0, 5.0, 50.0, 95.0, 100.0));
        assert_eq!(s.mean, 50.5);
        assert_eq!(Spread::of(vec![7.0]), Spread { min: 7.0, p5: 7.0, p50: 7.0, p95: 7.0, max: 7.0, mean: 7.0 });
        assert_eq!(Spread::of(Vec::new()), Spread::default());
    }

    /// A figure without a value (NaN: not measured, or no exit reached) is left out of its
    /// spread, the summary and the CSV's cells, never counted as 0.
    #[test]
    fn figures_without_a_value_are_left_out() {
        assert_eq!(Spread::of(vec![f64::NAN, 3.0, f64::NAN, 1.0]), Spread::of(vec![1.0, 3.0]));
        let steps = Stat::StepsToSeeExit.metric_index().unwrap();
        let row = |seed: u64, v: f32| {
            let mut values = [1f32; METRICS];
            values[steps] = v;
            SweepRow { seed, values, rooms_asked: 3, shortfall: None, connected: true, problems: 0, micros: 2.0 }
        };
        let rows = [row(0, 12.0), row(1, f32::NAN), row(2, 30.0)];
        let s = Summary::of(&rows);
        assert_eq!(s.spread(Stat::StepsToSeeExit).map(|s| (s.min, s.max, s.mean)), Some((12.0, 30.0, 21.0)));
        assert!(Summary::of(&[row(0, f32::NAN)]).spread(Stat::StepsToSeeExit).is_none(), "no value, no spread");
        let mut played = Vec::new();
        write_csv(&rows, Figures::WithPlay, &mut played).unwrap();
        let played = String::from_utf8(played).unwrap();
        let header: Vec<&str> = played.lines().next().unwrap().split(',').collect();
        let at = header.iter().position(|h| *h == "steps_to_see_exit").unwrap();
        let cells: Vec<&str> = played.lines().map(|l| l.split(',').nth(at).unwrap()).collect();
        assert_eq!(cells, ["steps_to_see_exit", "12", "", "30"]);
        let mut plain = Vec::new();
        write_csv(&rows, Figures::OfTheMap, &mut plain).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        assert!(!plain.contains("steps_to_see_exit") && !plain.contains("seen_on_the_way"));
        assert_eq!(plain.lines().next().unwrap().split(',').count(), header.len() - 2);
    }

    #[test]
    fn every_metric_has_a_column() {
        assert_eq!(Stat::metrics().len(), METRICS);
    }
}
