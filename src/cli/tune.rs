//! `delve tune`: the search for parameters whose maps meet a goal, from the command line.

use crate::analysis::tune::{self, Budget, Goal, Settings, TOLERANCE_WORDS, Vary};
use crate::io;
use anyhow::{Context, Result, bail};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The maps a search generates when no budget is given.
pub const DEFAULT_BUDGET: u64 = 300_000;

/// The thread count asked for (one per core by default) and a pool of that many.
fn threads(jobs: Option<u32>) -> Result<(usize, rayon::ThreadPool)> {
    let threads = jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("cannot start the threads")?;
    Ok((threads, pool))
}

/// A progress bar over the budget's maps, on a terminal.
fn bar(budget: Budget, message: &str) -> Option<indicatif::ProgressBar> {
    (std::io::stderr().is_terminal() && budget.maps < u64::MAX).then(|| {
        let bar = indicatif::ProgressBar::new(budget.maps);
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} maps, {message}"))
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    })
}

/// The budget asked for: maps, seconds or both (a default number of maps when neither).
fn budget(maps: Option<u64>, seconds: Option<f64>) -> Result<Budget> {
    Ok(match (maps, seconds) {
        (_, Some(s)) if !(s > 0.0 && s.is_finite()) => bail!("--seconds {s}: give a number of seconds above 0"),
        (Some(m), seconds) => Budget { seconds, ..Budget::maps(m).map_err(|e| anyhow::anyhow!("--budget: {e}"))? },
        (None, Some(s)) => Budget { maps: u64::MAX, seconds: Some(s) },
        (None, None) => Budget { maps: DEFAULT_BUDGET, seconds: None },
    })
}

/// What both kinds of run read from the arguments: the preset, the parameters that may move,
/// the budget, the locks and the threads.
struct Common {
    preset: io::Preset,
    vary: Vec<Vary>,
    budget: Budget,
    kept: Option<std::sync::Arc<crate::map::locks::Kept>>,
    threads: usize,
    pool: rayon::ThreadPool,
}

impl Common {
    fn read(args: &TuneArgs, err: &mut dyn Write) -> Result<Common> {
        let preset = io::preset_from(&args.preset)?;
        let vary = Vary::parse_list(&preset.generator, &args.vary).map_err(|e| anyhow::anyhow!("--vary: {e}"))?;
        let budget = budget(args.budget, args.seconds)?;
        let kept = args.keep.as_deref().map(|p| super::load_kept(p, err)).transpose()?;
        let (threads, pool) = threads(args.jobs)?;
        Ok(Common { preset, vary, budget, kept, threads, pool })
    }
}

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
    /// Proposals keep the current maps' look (`--any-look` turns it off).
    pub keep_look: bool,
    pub out: PathBuf,
}

/// Runs the search and writes the best proposal as a preset to `args.out`; the table of
/// proposals goes to `out`, progress and the verdict to `err`. Returns whether the goal was met.
pub fn run(args: TuneArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<bool> {
    let goal = Goal::parse(&args.goal, args.share).map_err(|e| anyhow::anyhow!("--where / --share: {e}"))?;
    let Common { preset, vary, budget, kept, threads, pool } = Common::read(&args, err)?;
    let base = preset.generator.clone();
    let settings = Settings { goal, vary, budget, tune_seed: args.tune_seed, kept, keep_look: args.keep_look };
    let bar = bar(budget, "best {msg}");
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
    // The preset first, then the table: a reader that stops reading loses nothing.
    let Some(best) = outcome.proposals.first() else {
        bail!("{}", outcome.shortfall().unwrap_or_default());
    };
    let mut tuned = io::Preset::new(best.params.clone());
    tuned.seed = preset.seed;
    tuned.name = Some(format!("{} (tuned)", preset.name.as_deref().unwrap_or("preset")));
    tuned.notes = Some(format!(
        "Tuned by `delve tune` for: {}. Measured: {:.1}% of {}. Changed from {}: {}.",
        outcome.goal.describe(),
        best.judged().share() * 100.0,
        outcome.measured_on(),
        preset.name.as_deref().unwrap_or(&args.preset),
        tune::changes(&base, &best.params)
    ));
    save_preset(&args.out, &tuned)?;
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "Goal: {}", outcome.goal.describe())?;
    writeln!(
        out,
        "{} candidates, {} maps in {secs:.1} s on {threads} threads; shares measured on {}",
        outcome.candidates,
        outcome.maps,
        outcome.measured_on()
    )?;
    match (outcome.keep_look, outcome.look) {
        (true, Some(_)) => writeln!(out, "Look kept: {TOLERANCE_WORDS} (--any-look lets it change)")?,
        (true, None) => writeln!(out, "Look: the current parameters' maps could not be measured to keep their look")?,
        (false, _) => writeln!(out, "Any look (--any-look)")?,
    }
    writeln!(out, "{:>4}  {:>7}  {:>14}  changes", "rank", "fresh", "searched")?;
    for (i, p) in outcome.proposals.iter().enumerate() {
        let fresh = if p.fresh.seeds > 0 { format!("{:>6.1}%", p.fresh.share() * 100.0) } else { "     -".into() };
        writeln!(
            out,
            "{:>4}  {fresh:>7}  {:>6.1}% of {:<4}  {}",
            i + 1,
            p.searched.share() * 100.0,
            p.searched.seeds,
            tune::changes(&base, &p.params)
        )?;
        if let Some(look) = outcome.look {
            writeln!(out, "{:>32}look: {}", "", p.judged().look().describe(&look))?;
        }
    }
    out.flush()?;
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

/// `delve tune --variety X,Y`: fills the variety map over figures `X` and `Y`, writes a preset
/// per filled cell (`variety-COL-ROW.ron`, column along `X`, row up `Y`) and `variety.png` into
/// the folder `args.out`, and prints the grid. Returns true.
pub fn run_variety(args: TuneArgs, figures: &str, out: &mut dyn Write, err: &mut dyn Write) -> Result<bool> {
    use crate::analysis::Stat;
    use crate::analysis::variety::{self, SEEDS_PER_CANDIDATE, VarietySettings};
    let figure = |name: &str| {
        Stat::named(name).filter(|s| *s != Stat::Seed).ok_or_else(|| {
            let names: Vec<&str> = Stat::metrics().iter().map(|s| s.label()).collect();
            anyhow::anyhow!("--variety: \"{}\" is not a figure; the figures are: {}", name.trim(), names.join(", "))
        })
    };
    let Some((x, y)) = figures.split_once(',') else {
        bail!("--variety {figures}: give two figures separated by a comma, e.g. \"rooms,longest path\"");
    };
    let (x, y) = (figure(x)?, figure(y)?);
    let Common { preset, vary, budget, kept, threads, pool } = Common::read(&args, err)?;
    let base = preset.generator.clone();
    let settings = VarietySettings { x, y, side: 10, vary, budget, tune_seed: args.tune_seed, kept: kept.clone() };
    let bar = bar(budget, "{msg} cells filled");
    let started = std::time::Instant::now();
    let never = AtomicBool::new(false);
    let grid = pool
        .install(|| {
            variety::variety(&base, &settings, &never, |g| {
                if let Some(b) = &bar {
                    b.set_position(g.maps);
                    b.set_message(g.filled().to_string());
                }
            })
        })
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.preset))?
        .context("the search was stopped")?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    std::fs::create_dir_all(&args.out).with_context(|| format!("{}: cannot create the folder", args.out.display()))?;
    // Every file first, then what is printed: a reader that stops reading loses nothing.
    let mut lines = vec![format!(
        "{} of {} cells filled ({} across, {} up): {} candidates, {} maps in {:.1} s on {threads} threads",
        grid.filled(),
        grid.side * grid.side,
        x.label(),
        y.label(),
        grid.candidates,
        grid.maps,
        started.elapsed().as_secs_f64()
    )];
    for row in 0..grid.side {
        for col in 0..grid.side {
            let Some(e) = &grid.cells[row * grid.side + col] else { continue };
            let ((x0, x1), (y0, y1)) = grid.bounds(col, row);
            let name = format!("variety-{col}-{row}.ron");
            let mut p = io::Preset::new(e.params.clone());
            p.name = Some(format!(
                "{} {} {:.0}, {} {:.0}",
                preset.name.as_deref().unwrap_or("preset"),
                x.label(),
                e.x,
                y.label(),
                e.y
            ));
            p.notes = Some(format!(
                "From `delve tune --variety`: typical map (median of seeds 0 to {}) {} {:.1}, {} {:.1}; the cell spans {} {x0:.1} to {x1:.1} and {} {y0:.1} to {y1:.1}. Changed: {}.",
                SEEDS_PER_CANDIDATE - 1,
                x.label(),
                e.x,
                y.label(),
                e.y,
                x.label(),
                y.label(),
                tune::changes(&base, &e.params)
            ));
            save_preset(&args.out.join(&name), &p)?;
            lines.push(format!(
                "{name}: {} {:.1}, {} {:.1}, {}",
                x.label(),
                e.x,
                y.label(),
                e.y,
                tune::changes(&base, &e.params)
            ));
        }
    }
    let sheet = variety::contact_sheet(&grid, kept.as_ref()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let png = args.out.join("variety.png");
    let mut bytes = Vec::new();
    sheet.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)?;
    crate::io::save_atomic(&png, &bytes).with_context(|| format!("{}: cannot write", png.display()))?;
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    writeln!(err, "Saved {} presets and {}", grid.filled(), png.display())?;
    Ok(true)
}
