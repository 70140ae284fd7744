//! The command line: raw arguments → validated request → run. `main` only maps errors to exit
//! codes.

mod dungeon;
mod tune;

use crate::analysis::sweep::{Figures, Summary};
use crate::export::{self, Format};
use crate::generate::generate;
use crate::io::{self, Loaded};
use crate::params::GeneratorParams;
use crate::rng::seed_from_text;
use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The help's opening, naming every shipped preset.
fn long_about() -> String {
    let names: Vec<&str> = crate::io::SHIPPED_PRESETS.iter().map(|(name, _)| *name).collect();
    format!(
        "Delve: a workbench for procedural roguelike dungeons.\n\n\
         With no command, opens the editor on the default preset (or on FILE, a preset or map).\n\
         PRESET is the name of a shipped preset ({}), a path to a preset file (./NAME for a file named like a \
         shipped preset), or a preset's RON text.",
        names.join(", ")
    )
}

#[derive(Parser, Debug)]
#[command(
    name = "delve",
    version,
    about = "Delve: a workbench for procedural roguelike dungeons",
    long_about = long_about()
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A preset or map file to open in the editor.
    pub file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate one map from a preset.
    Generate {
        /// Preset file or shipped preset name.
        preset: String,
        /// Seed: a number, or any text (hashed to a number). Defaults to the preset's seed.
        #[arg(long)]
        seed: Option<String>,
        /// Save the map as RON.
        #[arg(long, value_name = "MAP.ron")]
        out: Option<PathBuf>,
        /// Print the map: # wall, . room floor, , corridor floor, + door, @ spawn.
        #[arg(long)]
        ascii: bool,
        /// Save a picture of the map.
        #[arg(long, value_name = "FILE.png")]
        png: Option<PathBuf>,
        /// Print the generation's numbered steps (room tries and tunnels; growth, doors, placements,
        /// corridors and loops), each with what happened.
        #[arg(long)]
        steps: bool,
        /// Save an animation of the generation: a frame per step that changes the map (at --scale,
        /// default 8).
        #[arg(long, value_name = "FILE.gif")]
        gif: Option<PathBuf>,
        /// Keep the locked rooms and tiles of this map and generate the rest around them.
        #[arg(long, value_name = "MAP.ron")]
        keep: Option<PathBuf>,
        #[command(flatten)]
        picture: PngArgs,
    },
    /// Find parameters whose maps meet a goal: say what the maps should be (--where, --share),
    /// which parameters may move (--vary), and how long to search (--budget or --seconds); the
    /// best proposal is written as a preset.
    Tune {
        /// Preset file or shipped preset name: the parameters to start from.
        preset: String,
        /// What the maps should be, in Explore's words: "rooms >= 20 and longest path >= 100".
        /// Maps with problems or not connected never count.
        #[arg(long = "where", value_name = "CONDITION", required_unless_present = "variety")]
        goal: Option<String>,
        /// Instead of a goal: map the variety the generator makes over two figures
        /// ("rooms,longest path"): a 10×10 grid of parameter sets whose typical map lands in
        /// each cell; --out is then a folder that gets a preset per filled cell and variety.png.
        #[arg(long, value_name = "FIGURE,FIGURE", conflicts_with_all = ["goal", "share"])]
        variety: Option<String>,
        /// In at least this percentage of seeds.
        #[arg(long, value_name = "PERCENT", default_value_t = 90.0)]
        share: f64,
        /// The parameters the search may move, with keys as in preset files, each from half to
        /// twice its current value (widened only when that holds too few values) or over LO..HI:
        /// "width=40..200,height=30..120,room_size,max_rooms=10..200".
        #[arg(long, value_name = "KEY[=LO..HI],...")]
        vary: String,
        /// Maps the search may generate (default 300,000). The same budget, goal and
        /// --tune-seed give the same proposal on any number of threads.
        #[arg(long, value_name = "MAPS", value_parser = clap::value_parser!(u64).range(1..))]
        budget: Option<u64>,
        /// Or stop after this many seconds, the final measurement on fresh seeds included (not
        /// repeatable).
        #[arg(long, value_name = "S")]
        seconds: Option<f64>,
        /// Threads to use (default: one per core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        jobs: Option<u32>,
        /// Measure every candidate around the locked rooms and tiles of this map.
        #[arg(long, value_name = "MAP.ron")]
        keep: Option<PathBuf>,
        /// Seeds the search's own random choices.
        #[arg(long, value_name = "N", default_value_t = 1)]
        tune_seed: u64,
        /// Let proposals change the maps' look: by default they keep the current maps' floor
        /// share, median room area and corridor share, each within ±25%.
        #[arg(long, conflicts_with = "variety")]
        any_look: bool,
        /// Where to write the best proposal as a preset (with --variety: a folder).
        #[arg(long, value_name = "TUNED.ron")]
        out: PathBuf,
    },
    /// Make every floor of a dungeon (a shipped dungeon's name or a dungeon file): a map file per
    /// floor and dungeon.ron, which says which file is which floor and where the stairs are.
    Dungeon {
        /// Dungeon file or shipped dungeon name (brogue-length, dcss-shaped).
        dungeon: String,
        /// Seed: a number, or any text (hashed to a number). Defaults to the dungeon's seed.
        #[arg(long)]
        seed: Option<String>,
        /// The folder to write into (default: the dungeon's name).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// tmx or tmj: a Tiled map per floor and dungeon.world laying them out; json: one
        /// document with every floor and the stairs. Default: Delve map files.
        #[arg(long, value_enum)]
        format: Option<Format>,
    },
    /// Generate a range of seeds and report figures for each (CSV) and their means.
    Sweep {
        /// Preset file or shipped preset name.
        preset: String,
        /// Seeds to sweep: A..B (B excluded) or A..=B.
        #[arg(long, value_name = "A..B")]
        seeds: String,
        /// Write the CSV here instead of standard output.
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Threads to use (default: one per core). The rows are the same whatever the number.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        jobs: Option<u32>,
        /// Keep the locked rooms and tiles of this map in every seed's map and generate the rest
        /// around them.
        #[arg(long, value_name = "MAP.ron")]
        keep: Option<PathBuf>,
        /// Also the figures from play: each map's solution walked by the player with their
        /// field of view (sight 10), for steps_to_see_exit and seen_on_the_way_percent. Slower:
        /// on small maps it costs several times the making.
        #[arg(long)]
        play: bool,
    },
    /// Export a map for an engine: a map file as it is, or maps generated from a preset.
    Export {
        /// A map file (RON), or a preset file or shipped preset name (generated first).
        input: String,
        /// The file format.
        #[arg(long, value_enum)]
        format: Format,
        /// Where to write. Default: the map file's name, or PRESET-SEED, with the format's
        /// extension, in the current folder. With --seeds, `{seed}` in the name is replaced by
        /// each seed (or -SEED is added before the extension).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        /// Seed for a preset: a number, or any text (hashed to a number). Defaults to the preset's.
        #[arg(long, conflicts_with = "seeds")]
        seed: Option<String>,
        /// A range of seeds for a preset, one file each: A..B (B excluded) or A..=B.
        #[arg(long, value_name = "A..B")]
        seeds: Option<String>,
        #[command(flatten)]
        picture: PngArgs,
        /// For tmx and tmj: a Tiled tileset of your own (.tsx) whose tiles 0 to 3 are wall, room
        /// floor, corridor floor and door, used instead of Delve's (which is written beside the
        /// map as delve-tiles.png).
        #[arg(long, value_name = "FILE.tsx")]
        tileset: Option<PathBuf>,
        /// For tmx and tmj: open with the doors layer's pins shown (by default the layer is
        /// hidden in Tiled: the door tiles show the doors; engines read the objects either way).
        #[arg(long)]
        door_pins: bool,
    },
    /// Load and validate preset and map files; exits non-zero when any has a problem.
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Test and diagnostic entry point (hidden): runs the editor headless with its recovery
    /// folder in DIR, the same crash-recovery code as the editor (see `app::probe`). With
    /// --edits, makes the edits, prints `ready FILE` once the recovery copy is written and runs
    /// until killed; with --scan, prints the copies a starting editor would offer and exits.
    #[cfg(feature = "gui")]
    #[command(hide = true)]
    RecoveryProbe {
        /// The recovery folder.
        #[arg(long)]
        dir: PathBuf,
        /// A map or preset to open at start.
        #[arg(long, value_name = "FILE")]
        open: Option<PathBuf>,
        /// Edits to make.
        #[arg(long, default_value_t = 1, conflicts_with = "scan")]
        edits: usize,
        /// Print the copies offered at start and exit.
        #[arg(long)]
        scan: bool,
        /// The shortest time between two writes of the recovery copy, in milliseconds.
        #[arg(long, default_value_t = 3000)]
        interval_ms: u64,
        /// Seconds to wait for the editor at each stage, and to live after `ready` when not killed.
        #[arg(long, default_value_t = 60)]
        give_up_after: u64,
    },
}

/// How a PNG is drawn.
#[derive(Clone, Debug, clap::Args)]
pub struct PngArgs {
    /// Pixels per tile in a PNG.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub scale: u32,
    /// Draw a line between tiles in a PNG (at --scale 4 or more).
    #[arg(long)]
    pub grid: bool,
    /// Write each room's label, or its number, on it in a PNG (at --scale 4 or more).
    #[arg(long)]
    pub labels: bool,
    /// Leave the door marks out of a PNG.
    #[arg(long)]
    pub no_doors: bool,
    /// Leave the markers (monsters, loot, keys...) out of a PNG.
    #[arg(long)]
    pub no_markers: bool,
}

impl PngArgs {
    pub fn options(&self) -> export::PngOptions {
        export::PngOptions {
            scale: self.scale,
            marks: crate::raster::Marks {
                doors: !self.no_doors,
                grid: self.grid,
                labels: self.labels,
                locks: false,
                markers: !self.no_markers,
            },
            ..Default::default()
        }
    }
}

/// Parses `A..B` (half-open) or `A..=B` (inclusive) into a half-open range.
pub fn parse_seed_range(s: &str) -> Result<std::ops::Range<u64>> {
    let bad = || format!("--seeds {s:?}: expected A..B or A..=B with whole numbers, such as 0..1000");
    let (a, b, inclusive) = if let Some((a, b)) = s.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = s.split_once("..") {
        (a, b, false)
    } else {
        bail!(bad());
    };
    let a: u64 = a.trim().parse().with_context(bad)?;
    let b: u64 = b.trim().parse().with_context(bad)?;
    let end = if inclusive { b.checked_add(1).with_context(bad)? } else { b };
    if end <= a {
        bail!("--seeds {s:?}: the range is empty; the end must be after the start");
    }
    Ok(a..end)
}

/// Runs a command; `out` receives standard output, `err` the messages meant for standard error.
pub fn run(command: Command, out: &mut dyn Write, err: &mut dyn Write) -> Result<bool> {
    match command {
        Command::Generate { preset, seed, out: map_out, ascii, png, steps, gif, keep, picture } => {
            let p = io::preset_from(&preset)?;
            let seed = seed.as_deref().map_or(p.seed, seed_from_text);
            let g = if let Some(path) = &keep {
                if steps || gif.is_some() {
                    bail!("--keep: --steps and --gif show a generation without locks; leave them out with --keep");
                }
                let kept = load_kept(path, err)?;
                let g = crate::generate::generate_keeping(&p.generator, seed, &kept)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                if !kept.is_empty() {
                    writeln!(err, "kept {kept} of {}", path.display())?;
                }
                g
            } else if steps {
                let (g, recording) = crate::generate::generate_recorded(&p.generator, seed)?;
                let Some(recording) = recording else {
                    bail!("--steps: the {} generator does not record its steps yet", p.generator.kind().label());
                };
                for (i, step) in recording.steps.iter().enumerate() {
                    writeln!(out, "{:>5}  {}", i + 1, step.sentence())?;
                }
                g
            } else {
                generate(&p.generator, seed)?
            };
            writeln!(err, "seed {seed}: {}", g.report)?;
            // A player's walk over the tiles: what a game may trust of this map.
            writeln!(err, "walked: {}", crate::map::certify::certify(&g.map).summary())?;
            if let Some(path) = &map_out {
                io::save_map(path, &g.map)?;
                writeln!(err, "saved {}", path.display())?;
            }
            if let Some(path) = &png {
                save_png(path, &g.map, &picture)?;
                writeln!(err, "saved {}", path.display())?;
            }
            if let Some(path) = &gif {
                let bytes = export::gif::generation_gif(&p.generator, seed, picture.options().scale)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                io::save_atomic(path, &bytes)?;
                writeln!(err, "saved {}", path.display())?;
            }
            if ascii || (map_out.is_none() && png.is_none() && gif.is_none() && !steps) {
                out.write_all(g.map.to_ascii().as_bytes())?;
            }
            Ok(true)
        }
        Command::Dungeon { dungeon: arg, seed, out: dir, format } => {
            let dir = dir.unwrap_or_else(|| dungeon::default_out(&arg));
            dungeon::run(&arg, seed.as_deref(), &dir, format, err)?;
            Ok(true)
        }
        Command::Sweep { preset, seeds, csv, jobs, keep, play } => {
            if let Some(d) = dungeon::named(&preset) {
                if keep.is_some() {
                    bail!("--keep: a dungeon keeps its stairs on every floor; --keep is for one level's preset");
                }
                if play {
                    bail!("--play: the figures from play are measured per level; sweep a floor's preset with --play");
                }
                let base = Path::new(&preset).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
                let (d, range) = (d?, parse_seed_range(&seeds)?);
                let mut file = csv_file(csv.as_deref())?;
                let sink: &mut dyn Write = match &mut file {
                    Some(f) => f,
                    None => out,
                };
                return dungeon::sweep(&d, base, range, jobs.map(|j| j as usize), sink, err);
            }
            let p = io::preset_from(&preset)?;
            let range = parse_seed_range(&seeds)?;
            let kept = keep.as_deref().map(|path| load_kept(path, err)).transpose()?;
            if let (Some(kept), Some(path)) = (&kept, &keep) {
                crate::generate::prepare_keeping(&p.generator, kept)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            }
            let mut file = csv_file(csv.as_deref())?;
            let sink: &mut dyn Write = match &mut file {
                Some(f) => f,
                None => out,
            };
            let figures = Figures::with_play(play);
            sweep(&p.generator, range, kept.as_ref(), figures, jobs.map(|j| j as usize), sink, err)?;
            if let (Some(kept), Some(path)) = (&kept, &keep)
                && !kept.is_empty()
            {
                writeln!(err, "every map kept {kept} of {}", path.display())?;
            }
            Ok(true)
        }
        Command::Tune {
            preset,
            goal,
            variety,
            share,
            vary,
            budget,
            seconds,
            jobs,
            keep,
            tune_seed,
            any_look,
            out: path,
        } => {
            let args = tune::TuneArgs {
                preset,
                goal: goal.unwrap_or_default(),
                share,
                vary,
                budget,
                seconds,
                jobs,
                keep,
                tune_seed,
                keep_look: !any_look,
                out: path,
            };
            match variety {
                Some(figures) => tune::run_variety(args, &figures, out, err),
                None => tune::run(args, out, err),
            }
        }
        Command::Export { input, format, out, seed, seeds, picture, tileset, door_pins } => {
            for (given, flag) in [(tileset.is_some(), "--tileset"), (door_pins, "--door-pins")] {
                if given && !format.is_tiled() {
                    bail!("{flag} is for Tiled maps (--format tmx or tmj)");
                }
            }
            let options = export::ExportOptions { png: picture.options(), tileset, door_pins };
            export(&input, format, out, seed, seeds, &options, err)?;
            Ok(true)
        }
        #[cfg(feature = "gui")]
        Command::RecoveryProbe { dir, open, edits, scan, interval_ms, give_up_after } => {
            let args = crate::app::probe::ProbeArgs {
                dir,
                open,
                edits,
                scan,
                interval: std::time::Duration::from_millis(interval_ms),
                give_up_after: std::time::Duration::from_secs(give_up_after),
            };
            crate::app::probe::run(args, out)
        }
        Command::Check { files } => {
            let mut all_ok = true;
            for f in &files {
                let problems = check_file(f);
                if problems.is_empty() {
                    writeln!(out, "{}: ok", f.display())?;
                } else {
                    all_ok = false;
                    for p in problems {
                        writeln!(err, "{p}")?;
                    }
                }
            }
            Ok(all_ok)
        }
    }
}

fn save_png(path: &Path, map: &crate::map::Map, picture: &PngArgs) -> Result<()> {
    let options = export::ExportOptions { png: picture.options(), ..Default::default() };
    save_export(path, map, Format::Png, &options).map(drop)
}

/// Writes `map` to `path` in `format`, each file atomically; nothing is written when the map
/// cannot be exported.
/// Returns the files written, joined for a message.
fn save_export(path: &Path, map: &crate::map::Map, format: Format, options: &export::ExportOptions) -> Result<String> {
    let written = export::write(map, format, path, options).map_err(|e| match e {
        export::ExportError::TooLarge(t) => {
            anyhow::anyhow!("{}: {t}; use --scale {}", path.display(), t.max_scale.max(1))
        }
        e => anyhow::anyhow!("{}: {e}", path.display()),
    })?;
    Ok(written.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))
}

/// `delve export`: the maps to write (with their file names) for `input`.
fn export(
    input: &str,
    format: Format,
    out: Option<PathBuf>,
    seed: Option<String>,
    seeds: Option<String>,
    options: &export::ExportOptions,
    err: &mut dyn Write,
) -> Result<()> {
    let ext = format.extension();
    let path = Path::new(input);
    let map_file = path.exists() && matches!(io::file_kind(path), Ok(io::FileKind::Map));
    if map_file {
        if seed.is_some() || seeds.is_some() {
            bail!("{input} is a map file: --seed and --seeds are for presets");
        }
        let map = io::load_map(path)?;
        let stem = path.file_stem().map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
        let target = out.unwrap_or_else(|| PathBuf::from(format!("{stem}.{ext}")));
        let saved = save_export(&target, &map, format, options)?;
        writeln!(err, "saved {saved}")?;
        return Ok(());
    }
    let p = io::preset_from(input)?;
    // The preset's file name, or the shipped preset's name.
    let name = path.file_stem().map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
    let list: Vec<u64> = match &seeds {
        Some(range) => parse_seed_range(range)?.collect(),
        None => vec![seed.as_deref().map_or(p.seed, seed_from_text)],
    };
    for s in list {
        let target = match (&out, &seeds) {
            (Some(o), None) => o.clone(),
            (Some(o), Some(_)) => seeded_name(o, s),
            (None, _) => PathBuf::from(format!("{name}-{s}.{ext}")),
        };
        let g = generate(&p.generator, s)?;
        let saved = save_export(&target, &g.map, format, options)?;
        writeln!(err, "seed {s}: {}; saved {saved}", g.report)?;
    }
    Ok(())
}

/// `path` with `{seed}` replaced by `seed`, or `-SEED` added before its extension.
fn seeded_name(path: &Path, seed: u64) -> PathBuf {
    let text = path.to_string_lossy();
    if text.contains("{seed}") {
        return PathBuf::from(text.replace("{seed}", &seed.to_string()));
    }
    let stem = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(e) => format!("{stem}-{seed}.{}", e.to_string_lossy()),
        None => format!("{stem}-{seed}"),
    };
    path.with_file_name(name)
}

/// Every problem of one file, each a line starting with the file name.
pub fn check_file(path: &Path) -> Vec<String> {
    let name = path.display();
    match io::file_kind(path) {
        Ok(io::FileKind::Dungeon) => return dungeon::check(path),
        Ok(io::FileKind::Made) => return dungeon::check_made(path),
        _ => {}
    }
    match io::load_any(path) {
        Err(e) => vec![e.to_string()],
        Ok(Loaded::Preset(p)) => p.generator.check().iter().map(|i| format!("{name}: parameter {i}")).collect(),
        Ok(Loaded::Map(m)) => m.validate().iter().map(|p| format!("{name}: {p}")).collect(),
    }
}

/// The locks of the map file `path`, to generate around (`--keep`): an empty set (and a word
/// on `err`) when nothing is locked, or the lock that cannot be kept, named with the file.
fn load_kept(path: &std::path::Path, err: &mut dyn Write) -> Result<std::sync::Arc<crate::map::locks::Kept>> {
    let old = io::load_map(path)?;
    let kept = crate::map::locks::Kept::of(&old).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if kept.is_empty() {
        writeln!(err, "{}: nothing is locked; generating as usual", path.display())?;
    }
    Ok(std::sync::Arc::new(kept))
}

/// A sweep's threads: `jobs` of them, or one per core.
fn thread_pool(jobs: Option<usize>) -> Result<(usize, rayon::ThreadPool)> {
    let threads = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("cannot start the threads")?;
    Ok((threads, pool))
}

/// The file a sweep's CSV goes to, when `--csv` names one (else standard output).
fn csv_file(path: Option<&Path>) -> Result<Option<std::io::BufWriter<std::fs::File>>> {
    path.map(|path| {
        let file = std::fs::File::create(path).with_context(|| format!("{}: cannot create", path.display()))?;
        Ok(std::io::BufWriter::new(file))
    })
    .transpose()
}

/// `delve sweep`: every seed of `seeds` (around `kept`, when given) on `jobs` threads (all cores by default), one CSV row
/// per seed to `csv`, the summary to `err`, and a progress bar on a terminal for long runs.
pub fn sweep(
    params: &GeneratorParams,
    seeds: std::ops::Range<u64>,
    kept: Option<&std::sync::Arc<crate::map::locks::Kept>>,
    figures: Figures,
    jobs: Option<usize>,
    csv: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Summary> {
    let (threads, pool) = thread_pool(jobs)?;
    let total = seeds.end - seeds.start;
    let bar = (std::io::stderr().is_terminal() && total >= 10_000).then(|| {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} seeds, {per_sec}, {eta} left")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let start = Instant::now();
    let never = std::sync::atomic::AtomicBool::new(false);
    let rows = pool
        .install(|| {
            crate::analysis::sweep::sweep(params, seeds, kept, figures, &never, |done| {
                bar.iter().for_each(|b| b.set_position(done))
            })
        })?
        .unwrap_or_default();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    crate::analysis::sweep::write_csv(&rows, figures, csv)?;
    csv.flush()?;
    let summary = Summary::of(&rows);
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        err,
        "{} maps in {secs:.2} s on {threads} threads ({:.0} maps/s)\n{summary}",
        rows.len(),
        rows.len() as f64 / secs.max(1e-9)
    )?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges() {
        assert_eq!(parse_seed_range("0..10").unwrap(), 0..10);
        assert_eq!(parse_seed_range("5..=7").unwrap(), 5..8);
        assert!(parse_seed_range("7..7").is_err());
        assert!(parse_seed_range("a..b").is_err());
        assert!(parse_seed_range("10").is_err());
    }
}
