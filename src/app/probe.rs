//! `delve recovery-probe` (hidden): a test and diagnostic entry point that runs the real editor
//! ([`DelveApp`], with scripted file dialogs) headless, frame by frame in a plain
//! [`egui::Context`] with no window, so that the crash-recovery code of the editor can be
//! exercised across real processes: a probe that is killed (SIGKILL) leaves its copy behind
//! exactly as a crashed editor would, and a later probe scans for it as a starting editor does.
//!
//! * Edit mode (`--edits N`): makes `N` edits, one frame apart, steps frames until the latest
//!   snapshot is in its recovery copy (a write delayed by the interval included), prints
//!   `ready <recovery file>` and then goes on stepping frames until it is killed (or, as a guard
//!   against orphans, until `--give-up-after` seconds pass).
//! * Scan mode (`--scan`): starts, steps frames until the start-up scan (and the first map) is
//!   done, prints one `offer <file>\t<steps>\t<description>` line per copy offered and exits; the
//!   offers are kept for a later start.

use super::{AppConfig, Command, DelveApp, EditCommand, ScriptedDialogs};
use crate::geom::Pos;
use crate::map::Tile;
use anyhow::{Result, bail};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a probe is asked to do.
#[derive(Clone, Debug)]
pub struct ProbeArgs {
    /// The recovery folder.
    pub dir: PathBuf,
    /// A map or preset to open at start.
    pub open: Option<PathBuf>,
    /// Edits to make (edit mode).
    pub edits: usize,
    /// Scan and print the offers instead of editing.
    pub scan: bool,
    /// The recovery interval.
    pub interval: Duration,
    /// How long to wait for the editor at each stage, and how long an edit-mode probe lives.
    pub give_up_after: Duration,
}

/// The pause between two frames.
const FRAME: Duration = Duration::from_millis(20);

/// A headless editor: the app and its egui context.
struct Headless {
    ctx: egui::Context,
    app: DelveApp,
}

impl Headless {
    fn step(&mut self) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            ..Default::default()
        };
        let app = &mut self.app;
        let mut output = self.ctx.run_ui(input, |ui| app.frame_ui(ui));
        // No window: the textures are not uploaded anywhere.
        output.textures_delta.clear();
    }

    /// Steps frames until `done` holds, at most `limit`.
    fn step_until(&mut self, limit: Duration, what: &str, done: impl Fn(&DelveApp) -> bool) -> Result<()> {
        let start = Instant::now();
        loop {
            self.step();
            if done(&self.app) {
                return Ok(());
            }
            if start.elapsed() > limit {
                bail!("recovery-probe: gave up waiting for {what}");
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Runs the probe; its lines go to `out`, flushed as written.
pub fn run(args: ProbeArgs, out: &mut dyn Write) -> Result<bool> {
    let config = AppConfig {
        dialogs: Arc::new(ScriptedDialogs::new()),
        open: args.open.clone(),
        user_presets_dir: None,
        recovery_dir: Some(args.dir.clone()),
        recovery_interval: args.interval,
        guide_dir: args.dir.join("guide"),
    };
    let mut h = Headless { ctx: egui::Context::default(), app: DelveApp::new(config, None) };
    let limit = args.give_up_after;
    h.step_until(limit, "the editor to start", |a| a.document().is_some() && !a.is_busy())?;

    if args.scan {
        for offer in &h.app.recovery.offers {
            writeln!(out, "offer {}\t{}\t{}", offer.file.display(), offer.steps, offer.describe())?;
        }
        out.flush()?;
        // Dropping the offers releases their locks and keeps the copies.
        return Ok(true);
    }

    let walls: Vec<Pos> = match h.app.document() {
        Some(doc) => {
            let m = doc.map();
            (0..m.height() as i32)
                .flat_map(|y| (0..m.width() as i32).map(move |x| Pos::new(x, y)))
                .filter(|p| m.tile(*p) == Some(Tile::Wall))
                .take(args.edits)
                .collect()
        }
        None => Vec::new(),
    };
    if walls.len() < args.edits {
        bail!("recovery-probe: the map has only {} wall tiles to paint", walls.len());
    }
    for cell in walls {
        h.app.push(Command::Edit(EditCommand::Perform(crate::edit::Op::Paint {
            cells: vec![cell],
            tile: Tile::Corridor,
        })));
        h.step_until(limit, "an edit", |a| !a.is_busy())?;
    }
    h.step_until(limit, "the recovery copy to be written", |a| a.recovery.all_written() && !a.is_busy())?;
    let Some(file) = h.app.recovery_file().filter(|f| f.exists()) else {
        bail!("recovery-probe: no recovery copy was written");
    };
    writeln!(out, "ready {}", file.display())?;
    out.flush()?;

    // The editor goes on running, as it would on a desktop, until it is killed.
    let start = Instant::now();
    while start.elapsed() < limit {
        h.step();
        std::thread::sleep(FRAME);
    }
    writeln!(out, "recovery-probe: not killed within {} s; giving up", limit.as_secs())?;
    Ok(false)
}
