//! `delve dungeon`: every floor of a dungeon, each a map file (or a Tiled map, with a Tiled world
//! that lays the floors out; or all in one JSON document), and the dungeon file that says which
//! file is which floor and where the stairs join them.

use crate::dungeon::{Dungeon, DungeonPreset, generate_dungeon};
use crate::export::{self, Format};
use crate::io::{self, made};
use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Makes the dungeon `arg` (a shipped dungeon's name or a dungeon file) for `seed` and writes
/// its floors into `out` in `format` (map files by default).
pub fn run(arg: &str, seed: Option<&str>, out: &Path, format: Option<Format>, err: &mut dyn Write) -> Result<()> {
    let d: DungeonPreset = io::dungeon_from(arg)?;
    let base = Path::new(arg).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let seed = seed.map_or(d.seed, crate::rng::seed_from_text);
    let dungeon = generate_dungeon(&d, base, seed).map_err(|e| anyhow::anyhow!("{arg}: {e}"))?;
    std::fs::create_dir_all(out).with_context(|| format!("{}: cannot create the folder", out.display()))?;
    let ext = format.map_or("ron", Format::extension);
    let names: Vec<String> = dungeon
        .floors
        .iter()
        .map(|f| made::floor_file_name(&dungeon.branches[f.id.branch].0, f.id.depth, ext))
        .collect();
    let path = out.join("dungeon.ron");
    match format {
        None => {
            let maps: Vec<&crate::map::Map> = dungeon.floors.iter().map(|f| &f.generated.map).collect();
            io::made::save_made(&path, &made::MadeFile::of(&d, base, seed, &dungeon, Some(&names)), &maps)?;
        }
        Some(Format::Json) => {
            let json_path = out.join("dungeon.json");
            io::save_atomic(&json_path, json(&d, seed, &dungeon, &names)?.as_bytes())?;
            writeln!(err, "saved {}", json_path.display())?;
            io::made::save_made_file(&path, &made::MadeFile::of(&d, base, seed, &dungeon, None))?;
        }
        Some(f) if f.is_tiled() => {
            for (floor, name) in dungeon.floors.iter().zip(&names) {
                let path = out.join(name);
                export::write(&floor.generated.map, f, &path, &export::ExportOptions::default())
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            }
            let world_path = out.join("dungeon.world");
            io::save_atomic(&world_path, world(&dungeon, &names)?.as_bytes())?;
            writeln!(err, "saved {}", world_path.display())?;
            io::made::save_made_file(&path, &made::MadeFile::of(&d, base, seed, &dungeon, Some(&names)))?;
        }
        Some(f) => bail!("--format {}: a dungeon is written as map files, tmx, tmj or json", f.extension()),
    }
    for f in &dungeon.floors {
        let walk = crate::map::certify::certify(&f.generated.map);
        writeln!(
            err,
            "{} {:>2}: {}; walked: {}",
            dungeon.branches[f.id.branch].0,
            f.id.depth,
            f.generated.report,
            walk.summary()
        )?;
    }
    writeln!(err, "saved {} floors and {} in {}", dungeon.floors.len(), path.display(), out.display())?;
    Ok(())
}

/// One JSON document: every floor's map (as `delve export --format json` writes it) with its
/// branch, depth and seed, and the stairs.
fn json(d: &DungeonPreset, seed: u64, dungeon: &Dungeon, names: &[String]) -> Result<String> {
    let floors = dungeon
        .floors
        .iter()
        .zip(names)
        .map(|(f, _)| -> Result<serde_json::Value> {
            let map: serde_json::Value = serde_json::from_str(&export::json::to_json(&f.generated.map)?)?;
            Ok(serde_json::json!({
                "branch": dungeon.branches[f.id.branch].0,
                "depth": f.id.depth,
                "seed": f.seed,
                "map": map,
            }))
        })
        .collect::<Result<Vec<_>>>()?;
    let links: Vec<serde_json::Value> = dungeon
        .links
        .iter()
        .map(|l| {
            serde_json::json!({
                "from": {"branch": dungeon.branches[l.from.branch].0, "depth": l.from.depth},
                "to": {"branch": dungeon.branches[l.to.branch].0, "depth": l.to.depth},
                "x": l.at.x, "y": l.at.y,
                "kind": if l.kind == crate::dungeon::LinkKind::Down { "down" } else { "branch" },
            })
        })
        .collect();
    let branches: Vec<serde_json::Value> =
        dungeon.branches.iter().map(|(name, at)| serde_json::json!({"name": name, "entered_at": at})).collect();
    Ok(serde_json::to_string_pretty(&serde_json::json!({
        "dungeon": d.name,
        "seed": seed,
        "branches": branches,
        "floors": floors,
        "links": links,
    }))?)
}

/// A Tiled world (`.world`) laying the floors out: each branch a row of its floors from the
/// first, left to right; a branch's row below its parent's, starting under the floor it is
/// entered from.
fn world(dungeon: &Dungeon, names: &[String]) -> Result<String> {
    const GAP: u32 = 4;
    let tile = export::tiled::TILE;
    let size = |i: usize| (dungeon.floors[i].generated.map.width(), dungeon.floors[i].generated.map.height());
    // The widest and tallest floor: the grid every floor sits on.
    let (cw, ch) = (0..dungeon.floors.len()).map(size).fold((0, 0), |(w, h), (a, b)| (w.max(a), h.max(b)));
    let (cw, ch) = ((cw + GAP) * tile, (ch + GAP) * tile);
    // Each branch's row and first column.
    let mut place: Vec<(u32, u32)> = vec![(0, 0); dungeon.branches.len()];
    for b in 1..dungeon.branches.len() {
        let link = dungeon.links.iter().find(|l| l.to.branch == b && l.to.depth == 1);
        let column = link.map_or(0, |l| place[l.from.branch].1 + l.from.depth - 1);
        place[b] = (b as u32, column);
    }
    let maps: Vec<serde_json::Value> = dungeon
        .floors
        .iter()
        .zip(names)
        .enumerate()
        .map(|(i, (f, name))| {
            let (row, column) = place[f.id.branch];
            let (w, h) = size(i);
            serde_json::json!({
                "fileName": name,
                "x": (column + f.id.depth - 1) * cw,
                "y": row * ch,
                "width": w * tile,
                "height": h * tile,
            })
        })
        .collect();
    Ok(serde_json::to_string_pretty(&serde_json::json!({
        "maps": maps,
        "onlyShowAdjacentMaps": false,
        "type": "world",
    }))?)
}

/// The folder's default: the dungeon's file stem or name.
pub fn default_out(arg: &str) -> PathBuf {
    PathBuf::from(Path::new(arg).file_stem().map_or_else(|| "dungeon".into(), |s| s.to_string_lossy().into_owned()))
}

/// The dungeon `arg` names, when it names one: a shipped dungeon, or a file holding a dungeon.
pub fn named(arg: &str) -> Option<Result<DungeonPreset>> {
    let path = Path::new(arg);
    let shipped = io::SHIPPED_DUNGEONS.iter().any(|(n, _)| *n == arg);
    let file = !shipped && path.is_file() && matches!(io::file_kind(path), Ok(io::FileKind::Dungeon));
    (shipped || file).then(|| io::dungeon_from(arg).map_err(Into::into))
}

/// `delve check` on a dungeon file: its shape, its floors' presets and settings, and its floors
/// made at its seed, each certified (or the floor that is not, and why).
pub fn check(path: &Path) -> Vec<String> {
    let d = match io::load_dungeon(path) {
        Ok(d) => d,
        Err(e) => return vec![e.to_string()],
    };
    let base = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match generate_dungeon(&d, base, d.seed) {
        Ok(_) => Vec::new(),
        Err(crate::dungeon::DungeonError::Invalid(issues)) => {
            issues.iter().map(|i| format!("{}: {i}", path.display())).collect()
        }
        Err(e) => vec![format!("{}: {e}", path.display())],
    }
}

/// `delve check` on a made dungeon (its floors as saved, hand edits and all): each floor's
/// problems, each floor certified by the player's walk, and each staircase on both its floors
/// (the down-stair's or branch's marker above, the up-stair's below, on a tile a player stands
/// on), every line naming the floor.
pub fn check_made(path: &Path) -> Vec<String> {
    let made = match io::made::load_made(path) {
        Ok(m) => m,
        Err(e) => return vec![e.to_string()],
    };
    let label = |i: usize| {
        let f = &made.file.floors[i];
        format!("{}: floor {}:{} ({})", path.display(), f.branch, f.depth, f.file)
    };
    let mut out = Vec::new();
    for (i, map) in made.maps.iter().enumerate() {
        out.extend(map.validate().iter().map(|p| format!("{}: {p}", label(i))));
        let walk = crate::map::certify::certify(map);
        if !walk.solvable {
            out.push(format!("{}: not certified: {}", label(i), walk.summary()));
        }
    }
    for (k, map) in made.maps.iter().enumerate() {
        let Some(id) = made.file.floor_id(k) else { continue };
        for (kind, at) in crate::dungeon::missing_stairs(map, id, &made.file.links) {
            out.push(format!("{}: the {kind} at ({}, {}) is gone", label(k), at.x, at.y));
        }
    }
    out
}

/// `delve sweep` of a dungeon: every seed of `seeds` made on `jobs` threads, a CSV row per seed
/// (`seed,certified,micros,problem`) to `csv`, and to `err` how many were certified and each
/// floor's figures by depth (median, and the 5th to 95th percentile). True when every dungeon
/// was certified.
pub fn sweep(
    d: &DungeonPreset,
    base: &Path,
    seeds: std::ops::Range<u64>,
    jobs: Option<usize>,
    csv: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool> {
    use crate::analysis::depth::{DEPTH_FIGURES, run_dungeon};
    let (threads, pool) = super::thread_pool(jobs)?;
    let start = std::time::Instant::now();
    let never = std::sync::atomic::AtomicBool::new(false);
    let run = pool
        .install(|| run_dungeon(d, base, seeds, &never, |_| {}))
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .context("the sweep was cancelled")?;
    writeln!(csv, "seed,certified,micros,problem")?;
    for r in &run.dungeons {
        let problem = r.problem.as_deref().unwrap_or("").replace('"', "'");
        writeln!(csv, "{},{},{:.0},\"{problem}\"", r.seed, u8::from(r.problem.is_none()), r.micros)?;
    }
    csv.flush()?;
    let n = run.dungeons.len();
    let certified = run.certified();
    let mean_ms = run.dungeons.iter().map(|r| r.micros).sum::<f64>() / n.max(1) as f64 / 1000.0;
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        err,
        "{n} dungeons in {secs:.2} s on {threads} threads; {mean_ms:.1} ms per dungeon\ncertified top to bottom: {certified} of {n} ({:.2}%)",
        100.0 * certified as f64 / n.max(1) as f64
    )?;
    if let Some(r) = run.dungeons.iter().find(|r| r.problem.is_some()) {
        writeln!(err, "first not certified: seed {}: {}", r.seed, r.problem.as_deref().unwrap_or(""))?;
    }
    if certified > 0 {
        write!(err, "{:<12}", "floor")?;
        for f in DEPTH_FIGURES {
            write!(err, "{:>24}", f.label())?;
        }
        writeln!(err, "\n{:<12}{:>24}", "", "(median, p5-p95 over the seeds)")?;
        for floor in &run.floors {
            write!(err, "{:<12}", floor.label)?;
            for f in DEPTH_FIGURES {
                let s = floor.spread(f);
                write!(err, "{:>24}", format!("{:.0} ({:.0}-{:.0})", s.p50, s.p5, s.p95))?;
            }
            writeln!(err)?;
        }
    }
    Ok(certified == n)
}
