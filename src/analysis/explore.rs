//! What the Explore view makes of a sweep: a histogram per figure, and conditions on figures
//! ("rooms >= 20 and longest path >= 100") that pick the seeds to look at.

use super::Stat;
use super::sweep::{Figures, Summary, SweepRow};
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use rayon::slice::ParallelSliceMut;
use std::ops::Range;
use std::sync::Arc;

/// One parameter set run over a range of seeds: every map's figures, and how they spread.
#[derive(Clone, Debug)]
pub struct Run {
    pub params: GeneratorParams,
    /// The locks every map was made around, if any.
    pub kept: Option<Arc<Kept>>,
    pub seeds: Range<u64>,
    /// The figures measured: with those from play or not.
    pub figures: Figures,
    /// In seed order.
    pub rows: Vec<SweepRow>,
    pub summary: Summary,
}

impl Run {
    pub fn new(
        params: GeneratorParams,
        kept: Option<Arc<Kept>>,
        seeds: Range<u64>,
        figures: Figures,
        rows: Vec<SweepRow>,
    ) -> Run {
        let summary = Summary::of(&rows);
        Run { params, kept, seeds, figures, rows, summary }
    }

    /// Whether this run measured what a run of `figures` over `seeds` would.
    pub fn covers(&self, seeds: &Range<u64>, figures: Figures) -> bool {
        self.seeds == *seeds && (self.figures == figures || self.figures == Figures::WithPlay)
    }

    /// The run's cache key: its parameters and locks ([`super::run_key`]).
    pub fn key(&self) -> String {
        super::run_key(&self.params, self.kept.as_deref())
    }

    /// How many maps meet every condition; an error when a condition names a figure the run
    /// did not measure.
    pub fn count_matching(&self, conditions: &[Condition]) -> Result<usize, String> {
        self.unmeasured(conditions)?;
        Ok(self.rows.iter().filter(|r| matches(conditions, r)).count())
    }

    /// Fails when a condition names a figure from play the run did not measure.
    pub fn unmeasured(&self, conditions: &[Condition]) -> Result<(), String> {
        match conditions.iter().find(|c| !self.figures.measures(c.stat)) {
            Some(c) => Err(format!(
                "\"{}\" is a figure from play, which this run did not measure: tick Figures from play and run again",
                c.stat.label()
            )),
            None => Ok(()),
        }
    }

    /// The seeds whose maps meet every condition, ordered by `sort` (ties by seed; largest
    /// first when `descending`): the whole run, not a page.
    pub fn select(&self, conditions: &[Condition], sort: Stat, descending: bool) -> Vec<u64> {
        let picked: Vec<(f32, u64)> =
            self.rows.iter().filter(|r| matches(conditions, r)).map(|r| (r.get(sort) as f32, r.seed)).collect();
        // Maps without a value of `sort` (no exit reached for a figure from play) come last,
        // in seed order, whichever way the rest go.
        let (mut picked, none): (Vec<_>, Vec<_>) = picked.into_iter().partition(|(v, _)| !v.is_nan());
        if sort != Stat::Seed {
            picked.par_sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        }
        if descending {
            picked.reverse();
        }
        picked.into_iter().chain(none).map(|(_, s)| s).collect()
    }
}

/// What the Explore view draws of one run, or of two runs over each other: per figure, one
/// histogram per run, with shared bins.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Charts {
    pub histograms: Vec<Vec<Histogram>>,
}

impl Charts {
    /// Bins per histogram, at most.
    pub const BINS: usize = 40;

    pub fn of(runs: &[&Run]) -> Charts {
        let rows: Vec<&[SweepRow]> = runs.iter().map(|r| r.rows.as_slice()).collect();
        let figures = Figures::any_of(runs.iter().map(|r| r.figures));
        Charts { histograms: figures.stats().map(|s| Histogram::shared(&rows, s, Self::BINS)).collect() }
    }

    /// The histograms of `stat`, one per run.
    pub fn of_stat(&self, stat: Stat) -> &[Histogram] {
        self.histograms.iter().find(|h| h.first().is_some_and(|h| h.stat == stat)).map_or(&[], Vec::as_slice)
    }
}

/// Counts of a figure's values in equal bins.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub stat: Stat,
    /// The lower edge of the first bin.
    pub start: f64,
    /// The width of every bin (1 for a whole-number figure over a small range, so each bin is
    /// one value).
    pub width: f64,
    pub counts: Vec<u64>,
}

impl Histogram {
    /// The histogram of `stat` over `rows`, in at most `max_bins` bins.
    pub fn of(rows: &[SweepRow], stat: Stat, max_bins: usize) -> Histogram {
        Histogram::shared(&[rows], stat, max_bins).pop().unwrap_or(Histogram {
            stat,
            start: 0.0,
            width: 1.0,
            counts: Vec::new(),
        })
    }

    /// Histograms of `stat` over each of `runs`, all with the same bins (at most `max_bins`),
    /// so they can be drawn over each other.
    pub fn shared(runs: &[&[SweepRow]], stat: Stat, max_bins: usize) -> Vec<Histogram> {
        let max_bins = max_bins.max(1);
        let (lo, hi) = runs
            .iter()
            .flat_map(|rows| rows.iter().map(|r| r.get(stat)))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
        if !lo.is_finite() || !hi.is_finite() {
            return runs.iter().map(|_| Histogram { stat, start: 0.0, width: 1.0, counts: Vec::new() }).collect();
        }
        let whole = stat.decimals() == 0;
        let (start, width) = if whole {
            // Whole numbers: bins of a whole number of values, centred on them.
            let span = hi - lo + 1.0;
            let per_bin = (span / max_bins as f64).ceil().max(1.0);
            (lo - 0.5, per_bin)
        } else if hi - lo <= f64::EPSILON * hi.abs().max(1.0) {
            // One value on every map (keys reached 100% on maps without keys): one bar a unit
            // wide, centred on it (bins a hair wide would draw nothing).
            (lo - 0.5, 1.0)
        } else {
            (lo, (hi - lo) / max_bins as f64 * (1.0 + 1e-9))
        };
        let bins = (((hi - start) / width).floor() as usize + 1).min(max_bins);
        let bins = Histogram { stat, start, width, counts: vec![0; bins] };
        runs.iter().map(|rows| Histogram { counts: bins.count(rows.iter()), ..bins.clone() }).collect()
    }

    /// The counts of `rows` in this histogram's bins (a value beyond them counts in the nearest).
    pub fn count<'a>(&self, rows: impl IntoIterator<Item = &'a SweepRow>) -> Vec<u64> {
        let mut counts = vec![0u64; self.counts.len()];
        let Some(last) = counts.len().checked_sub(1) else { return counts };
        for r in rows.into_iter().filter(|r| !r.get(self.stat).is_nan()) {
            let b = (((r.get(self.stat) - self.start) / self.width).floor().max(0.0) as usize).min(last);
            counts[b] += 1;
        }
        counts
    }

    /// The bin holding value `x`, if one does.
    pub fn bin_at(&self, x: f64) -> Option<usize> {
        let b = ((x - self.start) / self.width).floor();
        (b >= 0.0 && (b as usize) < self.counts.len()).then_some(b as usize)
    }

    /// The values bin `i` holds: `lo..hi`.
    pub fn bin_range(&self, i: usize) -> (f64, f64) {
        let lo = self.start + self.width * i as f64;
        (lo, lo + self.width)
    }

    /// The conditions that pick bins `first..=last`.
    pub fn select(&self, first: usize, last: usize) -> Vec<Condition> {
        let (a, b) = (first.min(last), first.max(last));
        let (lo, _) = self.bin_range(a);
        let (_, hi) = self.bin_range(b);
        let whole = self.stat.decimals() == 0;
        // Whole-number bins are centred on their values: select the values inside.
        let (lo, hi) = if whole { ((lo + 0.5).ceil(), (hi - 0.5).floor()) } else { (lo, hi) };
        vec![
            Condition { stat: self.stat, op: Op::AtLeast, value: lo },
            Condition { stat: self.stat, op: Op::AtMost, value: hi },
        ]
    }
}

/// How a figure is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    AtLeast,
    AtMost,
    More,
    Less,
    Equal,
}

impl Op {
    pub const fn symbol(self) -> &'static str {
        match self {
            Op::AtLeast => ">=",
            Op::AtMost => "<=",
            Op::More => ">",
            Op::Less => "<",
            Op::Equal => "=",
        }
    }
}

/// One condition on a figure: `rooms >= 20`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition {
    pub stat: Stat,
    pub op: Op,
    pub value: f64,
}

impl Condition {
    pub fn holds(&self, row: &SweepRow) -> bool {
        // Figures are stored as f32: compare at that precision, so `floor % >= 27.5` keeps 27.5.
        let (v, x) = (row.get(self.stat) as f32, self.value as f32);
        match self.op {
            Op::AtLeast => v >= x,
            Op::AtMost => v <= x,
            Op::More => v > x,
            Op::Less => v < x,
            Op::Equal => v == x,
        }
    }
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.stat.is_yes_no(), self.op, self.value) {
            (true, Op::Equal, 1.0) => return f.write_str(self.stat.label()),
            (true, Op::Equal, 0.0) => return write!(f, "not {}", self.stat.label()),
            _ => {}
        }
        write!(f, "{} {} {:.*}", self.stat.label(), self.op.symbol(), self.stat.decimals(), self.value)
    }
}

/// `conditions` with those on `stat` replaced by `with`.
pub fn replace_stat(conditions: &[Condition], stat: Stat, with: &[Condition]) -> Vec<Condition> {
    let mut out: Vec<Condition> = conditions.iter().filter(|c| c.stat != stat).copied().collect();
    out.extend_from_slice(with);
    out
}

/// Every condition holds.
pub fn matches(conditions: &[Condition], row: &SweepRow) -> bool {
    conditions.iter().all(|c| c.holds(row))
}

/// The conditions as text: `rooms >= 20 and longest path >= 100`.
pub fn describe(conditions: &[Condition]) -> String {
    conditions.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" and ")
}

/// Reads conditions typed by a designer: figures by their names (as the tables label them,
/// any case), joined by `and`; `>=`, `<=`, `>`, `<`, `=` (or `≥`, `≤`). An empty text is no
/// condition. The error says what was expected where.
pub fn parse(text: &str) -> Result<Vec<Condition>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for part in split_and(text) {
        let part = part.trim();
        let ops = [
            (">=", Op::AtLeast),
            ("≥", Op::AtLeast),
            ("<=", Op::AtMost),
            ("≤", Op::AtMost),
            (">", Op::More),
            ("<", Op::Less),
            ("=", Op::Equal),
        ];
        let Some((at, sym, op)) = ops.iter().find_map(|(s, op)| part.find(s).map(|i| (i, *s, *op))) else {
            // A yes-or-no figure alone, or after `not`: `solvable`, `not solvable`.
            let lower = part.to_lowercase();
            let (name, value) = match lower.strip_prefix("not ") {
                Some(rest) => (rest.trim(), 0.0),
                None => (lower.as_str(), 1.0),
            };
            if let Some(stat) = Stat::named(name).filter(|s| s.is_yes_no()) {
                out.push(Condition { stat, op: Op::Equal, value });
                continue;
            }
            return Err(format!(
                "\"{part}\": expected a figure, a comparison (>=, <=, >, <, =) and a number, or a yes-or-no figure \
                 alone (solvable, not solvable)"
            ));
        };
        let name = part[..at].trim().to_lowercase();
        let number = part[at + sym.len()..].trim();
        let stat = Stat::named(&name);
        let Some(stat) = stat else {
            let names: Vec<&str> = Stat::ALL.iter().map(|s| s.label()).collect();
            return Err(format!("\"{}\" is not a figure; the figures are: {}", part[..at].trim(), names.join(", ")));
        };
        let value: f64 = number
            .trim_end_matches('%')
            .trim()
            .parse()
            .map_err(|_| format!("\"{part}\": \"{number}\" is not a number"))?;
        out.push(Condition { stat, op, value });
    }
    Ok(out)
}

/// `text` cut at each word `and` (any case). The separator is ASCII, so the cuts fall on
/// character boundaries whatever else the text holds.
fn split_and(text: &str) -> Vec<&str> {
    const AND: &[u8] = b" and ";
    let bytes = text.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i + AND.len() <= bytes.len() {
        if bytes[i..i + AND.len()].eq_ignore_ascii_case(AND) {
            parts.push(&text[start..i]);
            i += AND.len();
            start = i;
        } else {
            i += 1;
        }
    }
    parts.push(&text[start..]);
    parts
}

/// `12345` as `12,345`.
pub fn group_thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A yes-or-no figure stands alone in conditions (`solvable`, `not solvable`), reads back as
    /// typed, and picks the rows it says.
    #[test]
    fn yes_or_no_figures_stand_alone() {
        let c = parse("solvable and solution length >= 150").unwrap();
        assert_eq!(c[0], Condition { stat: Stat::Solvable, op: Op::Equal, value: 1.0 });
        assert_eq!(c[1].stat, Stat::SolutionLength);
        assert_eq!(describe(&c), "solvable and solution length >= 150");
        let not = parse("NOT solvable").unwrap();
        assert_eq!(describe(&not), "not solvable");
        let mut yes = row(1, 20.0, 30.0);
        yes.values[Stat::Solvable.metric_index().unwrap()] = 1.0;
        let no = row(2, 20.0, 30.0);
        assert!(matches(&parse("solvable").unwrap(), &yes) && !matches(&parse("solvable").unwrap(), &no));
        assert!(matches(&not, &no));
        // A figure that is not yes or no needs a comparison.
        assert!(parse("rooms").unwrap_err().contains("solvable, not solvable"));
    }

    fn row(seed: u64, rooms: f32, floor: f32) -> SweepRow {
        let mut values = [0f32; super::super::sweep::METRICS];
        values[Stat::metrics().iter().position(|s| *s == Stat::Rooms).unwrap()] = rooms;
        values[Stat::metrics().iter().position(|s| *s == Stat::FloorPercent).unwrap()] = floor;
        SweepRow { seed, values, rooms_asked: 30, shortfall: None, connected: true, problems: 0, micros: 1.0 }
    }

    /// Maps without a value of a figure from play (no exit reached) are in no bin, sort last
    /// either way, and a condition on a figure the run did not measure is refused by name.
    #[test]
    fn figures_without_a_value_are_in_no_bin_and_sort_last() {
        let steps = Stat::StepsToSeeExit.metric_index().unwrap();
        let rows: Vec<SweepRow> = [Some(5.0), None, Some(9.0), Some(7.0), None]
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let mut r = row(i as u64, 10.0, 30.0);
                r.values[steps] = v.unwrap_or(f32::NAN);
                r
            })
            .collect();
        let h = Histogram::of(&rows, Stat::StepsToSeeExit, 40);
        assert_eq!((h.start, h.counts.iter().sum::<u64>()), (4.5, 3));
        let played = Run::new(GeneratorParams::default(), None, 0..5, Figures::WithPlay, rows.clone());
        assert_eq!(played.select(&[], Stat::StepsToSeeExit, false), [0, 3, 2, 1, 4]);
        assert_eq!(played.select(&[], Stat::StepsToSeeExit, true), [2, 3, 0, 1, 4]);
        let c = parse("steps to see the exit <= 7").unwrap();
        assert_eq!(played.count_matching(&c), Ok(2));
        let plain = Run::new(GeneratorParams::default(), None, 0..5, Figures::OfTheMap, rows);
        let refused = plain.count_matching(&c).unwrap_err();
        assert!(
            refused.contains("\"steps to see the exit\" is a figure from play")
                && refused.contains("Figures from play")
        );
        assert!(played.covers(&(0..5), Figures::OfTheMap) && !plain.covers(&(0..5), Figures::WithPlay));
    }

    /// A fractional figure with one value on every map gets one bar a unit wide, around it.
    #[test]
    fn one_value_everywhere_is_one_bar_around_it() {
        let mut rows: Vec<SweepRow> = (0..5).map(|i| row(i, 10.0, 30.0)).collect();
        for r in &mut rows {
            r.values[Stat::KeysReached.metric_index().unwrap()] = 100.0;
        }
        let h = Histogram::of(&rows, Stat::KeysReached, 40);
        assert_eq!((h.start, h.width, h.counts.clone()), (99.5, 1.0, vec![5]));
        assert_eq!(describe(&h.select(0, 0)), "keys reached % >= 99.5 and keys reached % <= 100.5");
        assert_eq!(Histogram::of(&rows, Stat::FloorPercent, 40).counts, [5]);
    }

    #[test]
    fn whole_number_figures_get_a_bin_per_value() {
        let rows: Vec<SweepRow> =
            [10.0, 12.0, 12.0, 15.0].iter().enumerate().map(|(i, r)| row(i as u64, *r, 30.0)).collect();
        let h = Histogram::of(&rows, Stat::Rooms, 40);
        assert_eq!((h.start, h.width), (9.5, 1.0));
        assert_eq!(h.counts, [1, 0, 2, 0, 0, 1]);
        let picked = h.select(2, 5);
        assert_eq!(describe(&picked), "rooms >= 12 and rooms <= 15");
        let seeds: Vec<u64> = rows.iter().filter(|r| matches(&picked, r)).map(|r| r.seed).collect();
        assert_eq!(seeds, [1, 2, 3]);
        // Wide ranges share bins.
        let many: Vec<SweepRow> = (0..1000).map(|i| row(i, i as f32, 1.0)).collect();
        let h = Histogram::of(&many, Stat::Rooms, 40);
        assert!(h.counts.len() <= 40 && h.counts.iter().sum::<u64>() == 1000);
    }

    #[test]
    fn fractions_fill_equal_bins() {
        let rows: Vec<SweepRow> = (0..100).map(|i| row(i, 5.0, 20.0 + i as f32 / 10.0)).collect();
        let h = Histogram::of(&rows, Stat::FloorPercent, 10);
        assert_eq!(h.counts.len(), 10);
        assert_eq!(h.counts.iter().sum::<u64>(), 100);
        assert!(h.counts.iter().all(|c| *c == 10), "{:?}", h.counts);
    }

    #[test]
    fn typed_conditions() {
        let c = parse("Rooms >= 20 and longest path>=100 AND floor % < 30.5%").unwrap();
        assert_eq!(describe(&c), "rooms >= 20 and longest path >= 100 and floor % < 30.5");
        assert_eq!(parse("  ").unwrap(), Vec::new());
        assert_eq!(parse("dead_end_cells = 0").unwrap()[0].stat, Stat::DeadEndCells);
        let e = parse("roms >= 3").unwrap_err();
        assert!(e.contains("\"roms\" is not a figure") && e.contains("longest path"), "{e}");
        assert!(parse("rooms >= lots").unwrap_err().contains("\"lots\" is not a number"));
        assert!(parse("rooms").unwrap_err().contains("expected a figure, a comparison"));
        // Letters whose lower case is longer than they are do not throw the cuts off (they
        // used to cut the text inside the "é" and panic).
        assert!(parse("İ >= 1 and é >= 2").unwrap_err().contains("\"İ\" is not a figure"));
        assert!(parse("rooms >= 2 AND İ").unwrap_err().contains("\"İ\": expected a figure"));
        assert_eq!(describe(&parse("rooms >= 2 AND doors <= 9").unwrap()), "rooms >= 2 and doors <= 9");
        let rows = [row(1, 25.0, 28.0), row(2, 25.0, 31.0), row(3, 10.0, 20.0)];
        let c = parse("rooms >= 20 and floor % <= 30").unwrap();
        assert_eq!(rows.iter().filter(|r| matches(&c, r)).map(|r| r.seed).collect::<Vec<_>>(), [1]);
    }

    #[test]
    fn runs_drawn_together_share_their_bins() {
        let a: Vec<SweepRow> = (0..50).map(|i| row(i, 10.0 + (i % 5) as f32, 30.0)).collect();
        let b: Vec<SweepRow> = (0..50).map(|i| row(i, 20.0 + (i % 7) as f32, 40.0)).collect();
        let h = Histogram::shared(&[&a, &b], Stat::Rooms, 40);
        assert_eq!((h[0].start, h[0].width, h[0].counts.len()), (h[1].start, h[1].width, h[1].counts.len()));
        assert_eq!(h[0].start, 9.5);
        assert_eq!(h[0].counts.len(), 17, "10..=26, a bin per value");
        assert_eq!(h[0].counts[..5], [10, 10, 10, 10, 10]);
        assert_eq!(h[1].counts[10..17].iter().sum::<u64>(), 50);
        assert_eq!(h[0].bin_at(12.2), Some(2));
        assert_eq!((h[0].bin_at(9.0), h[0].bin_at(30.0)), (None, None));
        let fractions = Histogram::shared(&[&a, &b], Stat::FloorPercent, 10);
        assert_eq!(fractions[0].counts[0] + fractions[1].counts[9], 100, "30% first bin, 40% last");
    }

    #[test]
    fn a_run_selects_across_all_its_rows_in_the_order_asked() {
        let rows: Vec<SweepRow> = (0..10).map(|i| row(i, [5.0, 9.0, 7.0, 9.0, 1.0][i as usize % 5], 30.0)).collect();
        let run = Run::new(GeneratorParams::default(), None, 0..10, Figures::OfTheMap, rows);
        let c = parse("rooms >= 7").unwrap();
        assert_eq!(run.count_matching(&c), Ok(6));
        assert_eq!(run.select(&c, Stat::Seed, false), [1, 2, 3, 6, 7, 8]);
        assert_eq!(run.select(&c, Stat::Rooms, false), [2, 7, 1, 3, 6, 8], "ties by seed");
        assert_eq!(run.select(&c, Stat::Rooms, true), [8, 6, 3, 1, 7, 2]);
        assert_eq!(run.select(&[], Stat::Seed, false).len(), 10);
        assert_eq!(run.summary.maps, 10);
        let picked =
            replace_stat(&parse("rooms >= 7 and floor % >= 3").unwrap(), Stat::Rooms, &parse("rooms = 5").unwrap());
        assert_eq!(describe(&picked), "floor % >= 3.0 and rooms = 5");
    }

    #[test]
    fn each_figure_knows_its_place_in_a_row() {
        for (i, s) in Stat::metrics().iter().enumerate() {
            assert_eq!(s.metric_index(), Some(i), "{s:?}");
        }
        assert_eq!(Stat::Seed.metric_index(), None);
        let r = row(7, 12.0, 31.5);
        assert_eq!((r.get(Stat::Seed), r.get(Stat::Rooms), r.get(Stat::FloorPercent)), (7.0, 12.0, 31.5));
    }
}
