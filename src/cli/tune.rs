//! `delve tune`: the search for parameters whose maps meet a goal, from the command line.

use crate::analysis::tune::{self, Budget, FRESH_SEEDS, Goal, Settings, Vary};
use crate::io;
use anyhow::{Context, Result, bail};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The maps a search generates when no budget is given.
pub const DEFAULT_BUDGET: u64 = 300_000;

/// What `delve tune` was asked.
pub struct TuneArgs {
    pub preset: String,
    pub goal: String,
    pub share: f64,
    pub vary: String,
    pub budget: Option<u64>,
    pub seconds: Option<f64>,
    pub jobs: Option<u32>,
    pub keep: Option<PathBuf>,
    pub tune_seed: u64,
    pub out: PathBuf,
}

/// Runs the search and writes the best proposal as a preset to `args.out`; the table of
/// proposals goes to `out`, progress and the verdict to `err`. Returns whether the goal was met.
pub fn run(args: TuneArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<bool> {
    let preset = io::preset_from(&args.preset)?;
    let base = preset.generator.clone();
    let goal = Goal::parse(&args.goal, args.share).map_err(|e| anyhow::anyhow!("--where / --share: {e}"))?;
    let vary = Vary::parse_list(&base, &args.vary).map_err(|e| anyhow::anyhow!("--vary: {e}"))?;
    let budget = match (args.budget, args.seconds) {
        (_, Some(s)) if !(s > 0.0 && s.is_finite()) => bail!("--seconds {s}: give a number of seconds above 0"),
        (Some(m), seconds) => Budget { seconds, ..Budget::maps(m).map_err(|e| anyhow::anyhow!("--budget: {e}"))? },
        (None, Some(s)) => Budget { maps: u64::MAX, seconds: Some(s) },
        (None, None) => Budget { maps: DEFAULT_BUDGET, seconds: None },
    };
    let kept = args.keep.as_deref().map(|p| super::load_kept(p, err)).transpose()?;
    let settings = Settings { goal, vary, budget, tune_seed: args.tune_seed, kept: kept.clone() };
    let threads = args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("cannot start the threads")?;
    let bar = (std::io::stderr().is_terminal() && budget.maps < u64::MAX).then(|| {
        let bar = indicatif::ProgressBar::new(budget.maps);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} maps, best {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let started = std::time::Instant::now();
    let never = AtomicBool::new(false);
    let outcome = pool
        .install(|| {
            tune::tune(&base, &settings, &never, |p| {
                if let Some(b) = &bar {
                    b.set_position(p.maps);
                    if let Some((_, t)) = p.leaders.first() {
                        b.set_message(format!("{:.1}% of {} seeds", t.share() * 100.0, t.seeds));
                    }
                }
            })
        })
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.preset))?
        .context("the search was stopped")?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "Goal: {}", outcome.goal.describe())?;
    writeln!(
        out,
        "{} candidates, {} maps in {secs:.1} s on {threads} threads; shares on fresh seeds {} to {}",
        outcome.candidates,
        outcome.maps,
        FRESH_SEEDS.start,
        FRESH_SEEDS.end - 1
    )?;
    writeln!(out, "{:>4}  {:>7}  {:>14}  changes", "rank", "fresh", "searched")?;
    for (i, p) in outcome.proposals.iter().enumerate() {
        writeln!(
            out,
            "{:>4}  {:>6.1}%  {:>6.1}% of {:<4}  {}",
            i + 1,
            p.fresh.share() * 100.0,
            p.searched.share() * 100.0,
            p.searched.seeds,
            tune::changes(&base, &p.params)
        )?;
    }
    let Some(best) = outcome.proposals.first() else {
        bail!("no candidate within the ranges given could be generated");
    };
    let mut tuned = io::Preset::new(best.params.clone());
    tuned.seed = preset.seed;
    tuned.name = Some(format!("{} (tuned)", preset.name.as_deref().unwrap_or("preset")));
    tuned.notes = Some(format!(
        "Tuned by `delve tune` for: {}. Measured: {:.1}% of seeds {} to {} (seeds the search never used). Changed from {}: {}.",
        outcome.goal.describe(),
        best.fresh.share() * 100.0,
        FRESH_SEEDS.start,
        FRESH_SEEDS.end - 1,
        preset.name.as_deref().unwrap_or(&args.preset),
        tune::changes(&base, &best.params)
    ));
    save_preset(&args.out, &tuned)?;
    match outcome.shortfall() {
        None => writeln!(err, "Goal met: saved {}", args.out.display())?,
        Some(s) => writeln!(err, "{s} Saved the closest as {}", args.out.display())?,
    }
    Ok(outcome.met())
}

/// Writes `preset` to `path`, atomically.
fn save_preset(path: &Path, preset: &io::Preset) -> Result<()> {
    io::save_preset(path, preset).with_context(|| format!("{}: cannot save the preset", path.display()))
}
