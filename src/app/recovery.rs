//! Crash recovery: while the document (or a floor of the open dungeon, [`super::recovery_dungeon`])
//! has unsaved changes, a recovery copy of it (the map with its
//! provenance, the file it belongs to, the session's parameters, seed and stars, when it was
//! written and how many unsaved steps it holds) is kept in the recovery folder of the user's data
//! directory.
//!
//! * Writing: [`DelveApp::sync_recovery`] runs once a frame. When the document or the session
//!   changed and no gesture is open (a finished undo step), the latest [`Snapshot`] is put in a
//!   shared [`Slot`] at once, and written atomically (`io::save_atomic`) by a job on the worker
//!   pool, at most every [`INTERVAL`]; a change made in between is written when the interval is
//!   over. A panic hook ([`install_panic_hook`], chaining the previous one) writes the latest
//!   snapshot of every live editor synchronously, without waiting for a lock someone holds.
//! * Removal: a save, a clean quit, a discard, or undoing back to the saved state (the document
//!   is clean again) removes the copy.
//! * Two editors: each writes its own `recovery-<pid>-<nanos>.ron` and holds an exclusive lock on
//!   the `.lock` file beside it for its lifetime (the data file itself is replaced on every
//!   write, so it cannot carry the lock). At start, [`scan`] offers only copies whose lock it can
//!   take (their editor is gone) and keeps that lock while the copy is offered.
//! * At start: the prompt ([`offer_ui`]) says what a copy holds and returns a
//!   `Command::Window(WindowCommand::Recovery)`; a copy that cannot be read is renamed `*.corrupt` and named in a
//!   message, and the start goes on.

use super::command::{Command, RecoveryAnswer};
use super::jobs::{Event, Job, JobKind};
use super::recovery_dungeon::{DungeonOffer, DungeonRepr, DungeonSnap};
use super::{DelveApp, Document};
use crate::app::command::WindowCommand;
use crate::io::{self, StarredSeed};
use crate::map::Map;
use crate::params::GeneratorParams;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Once, Weak};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The version of the recovery file format.
pub const VERSION: u32 = 1;
/// The shortest time between two writes of the recovery copy.
pub const INTERVAL: Duration = Duration::from_secs(3);
/// A lock file without a copy, older than this, is left over from an editor that is gone.
const STALE_LOCK: Duration = Duration::from_secs(60);
/// A recovery file larger than this is not read (maps are far smaller).
const MAX_BYTES: u64 = 1 << 30;

/// What a recovery job hands back.
pub enum RecoveryDone {
    /// The copy was written (or not).
    Written(Result<(), String>),
    /// Copies of earlier runs, found at start.
    Found(Vec<Found>),
}

/// The recovery file, as written.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RecoveryRepr {
    version: u32,
    /// Seconds since the Unix epoch.
    written: u64,
    /// Unsaved steps.
    steps: usize,
    /// The document had unsaved changes (always, for a copy written by Delve).
    edited: bool,
    /// The file the document belongs to.
    path: Option<PathBuf>,
    params: GeneratorParams,
    seed_text: String,
    starred: Vec<StarredSeed>,
    /// The map, as a map file holds it (with its provenance): the floor on screen, for a
    /// dungeon.
    map: String,
    /// The open dungeon's unsaved floors (copies of earlier versions have none).
    #[serde(default)]
    dungeon: Option<DungeonRepr>,
}

/// What a recovery copy holds, taken on the UI thread (the map is shared, not copied).
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub map: Arc<Map>,
    pub path: Option<PathBuf>,
    pub params: GeneratorParams,
    pub seed_text: String,
    pub starred: Vec<StarredSeed>,
    pub steps: usize,
    /// The open dungeon's unsaved floors, when a dungeon is open.
    pub dungeon: Option<DungeonSnap>,
    /// Orders snapshots: a later one is never overwritten by an earlier one.
    seq: u64,
    /// The document revision it was taken at.
    revision: u64,
}

impl Snapshot {
    /// The copy's RON text; an error (and nothing written) when it cannot be serialised.
    fn to_text(&self) -> Result<String, String> {
        let repr = RecoveryRepr {
            version: VERSION,
            written: SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()),
            steps: self.steps,
            edited: true,
            path: self.path.clone(),
            params: self.params.clone(),
            seed_text: self.seed_text.clone(),
            starred: self.starred.clone(),
            map: io::map_to_string(&self.map).map_err(|e| format!("cannot write the map as RON: {e}"))?,
            dungeon: self.dungeon.as_ref().map(DungeonSnap::repr).transpose()?,
        };
        ron::ser::to_string_pretty(&repr, ron::ser::PrettyConfig::new().depth_limit(2))
            .map_err(|e| format!("cannot write the recovery copy as RON: {e}"))
    }

    /// Whether the small session data (and the dungeon's unsaved floors) equal `other`'s.
    fn same_session(&self, other: &Snapshot) -> bool {
        let same_dungeon = match (&self.dungeon, &other.dungeon) {
            (Some(a), Some(b)) => a.same(b),
            (None, None) => true,
            _ => false,
        };
        self.params == other.params
            && self.seed_text == other.seed_text
            && self.starred == other.starred
            && same_dungeon
    }
}

/// The editor's recovery file and its latest snapshot, shared by the UI thread, the write jobs
/// and the panic hook.
struct Slot {
    file: PathBuf,
    latest: Option<Snapshot>,
    /// `seq` of the snapshot in the file (0: none).
    written: u64,
    /// Copies of an earlier run taken over by this one (restored): removed once this one's copy
    /// is written, or when the document is clean again.
    supersedes: Vec<PathBuf>,
}

impl Slot {
    /// Writes `snap` (already serialised as `text`) unless a later one was written or the copy
    /// was removed meanwhile.
    fn write(&mut self, seq: u64, text: &str) -> Result<(), String> {
        if self.latest.is_none() || seq <= self.written {
            return Ok(());
        }
        io::save_atomic(&self.file, text.as_bytes()).map_err(|e| e.to_string())?;
        self.written = seq;
        for old in std::mem::take(&mut self.supersedes) {
            remove_copy(&old);
        }
        Ok(())
    }

    fn remove(&mut self) {
        self.latest = None;
        self.written = 0;
        remove_copy(&self.file);
        for old in std::mem::take(&mut self.supersedes) {
            remove_copy(&old);
        }
    }
}

/// Removes a recovery copy and its lock file.
fn remove_copy(file: &Path) {
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(file.with_extension("lock"));
}

/// The slots of the live editors, for the panic hook.
static SLOTS: Mutex<Vec<Weak<Mutex<Slot>>>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Installs the panic hook (once per process): it writes every live editor's latest snapshot,
/// then runs the hook that was there before.
pub fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            write_all_now();
            previous(info);
        }));
    });
}

/// Writes every live editor's latest snapshot now; skips a slot whose lock is held (the panic may
/// have happened while it was).
fn write_all_now() {
    let Ok(slots) = SLOTS.try_lock() else { return };
    for slot in slots.iter().filter_map(Weak::upgrade) {
        if let Ok(mut s) = slot.try_lock()
            && let Some(snap) = s.latest.clone()
            && let Ok(text) = snap.to_text()
        {
            let _ = s.write(snap.seq, &text);
        }
    }
}

/// A recovery copy of an earlier run, offered at start.
pub struct Offer {
    pub file: PathBuf,
    /// The copy's lock, held while it is offered.
    lock: File,
    /// Seconds since the Unix epoch.
    pub written: u64,
    pub steps: usize,
    pub path: Option<PathBuf>,
    pub map: Map,
    pub params: GeneratorParams,
    pub seed_text: String,
    pub starred: Vec<StarredSeed>,
    /// The dungeon whose unsaved floors the copy holds, if it was of a dungeon.
    pub dungeon: Option<DungeonOffer>,
}

impl std::fmt::Debug for Offer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Offer").field("file", &self.file).field("steps", &self.steps).finish_non_exhaustive()
    }
}

impl Offer {
    /// "Unsaved work from cave.ron, 5 minutes ago, 3 unsaved steps".
    pub fn describe(&self) -> String {
        let name = match &self.dungeon {
            Some(d) => d.describe(),
            None => {
                self.path.as_deref().map_or_else(|| "an untitled map".to_string(), super::commands::files::file_name)
            }
        };
        let steps = crate::words::count(self.steps as u64, "unsaved step");
        format!("Unsaved work from {name}, {}, {steps}.", ago(self.written))
    }

    /// Releases the copy for a later start.
    pub fn keep(self) {
        let _ = self.lock.unlock();
    }

    /// Removes the copy.
    pub fn discard(self) {
        remove_copy(&self.file);
        drop(self.lock);
    }
}

/// "written 5 minutes ago", from seconds since the Unix epoch.
fn ago(written: u64) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let s = now.saturating_sub(written);
    let (n, unit) = match s {
        0..60 => return "written just now".into(),
        60..3600 => (s / 60, "minute"),
        3600..86400 => (s / 3600, "hour"),
        _ => (s / 86400, "day"),
    };
    format!("written {n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// What a start found in the recovery folder.
#[derive(Debug)]
pub enum Found {
    Offer(Box<Offer>),
    /// A copy that cannot be read: `kept` is where it is now.
    Corrupt {
        file: PathBuf,
        kept: PathBuf,
        error: String,
    },
}

/// The recovery copies in `dir` whose editor is gone (their lock can be taken), except `own`.
pub fn scan(dir: &Path, own: &Path) -> Vec<Found> {
    let Ok(rd) = std::fs::read_dir(dir) else { return Vec::new() };
    let ours = |p: &Path, ext: &str| {
        p.extension().is_some_and(|x| x == ext)
            && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("recovery-"))
            && p.with_extension("ron") != own
    };
    let all: Vec<PathBuf> = rd.filter_map(Result::ok).map(|e| e.path()).collect();
    // The lock file of an editor that left no copy (killed before it had unsaved work); a new
    // one may be about to be locked by an editor starting now.
    let old = |p: &Path| {
        std::fs::metadata(p).and_then(|m| m.modified()).is_ok_and(|t| t.elapsed().is_ok_and(|a| a > STALE_LOCK))
    };
    for stale in all.iter().filter(|p| ours(p, "lock") && !p.with_extension("ron").exists() && old(p)) {
        if std::fs::File::open(stale).is_ok_and(|f| f.try_lock().is_ok()) {
            let _ = std::fs::remove_file(stale);
        }
    }
    let mut files: Vec<PathBuf> = all.into_iter().filter(|p| ours(p, "ron")).collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let lock = match std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(file.with_extension("lock"))
        {
            Ok(f) => f,
            Err(_) => continue,
        };
        if lock.try_lock().is_err() {
            continue; // Another editor is running with it.
        }
        match read_copy(&file) {
            Ok((repr, map, dungeon)) => out.push(Found::Offer(Box::new(Offer {
                lock,
                written: repr.written,
                steps: repr.steps,
                path: repr.path,
                map,
                params: repr.params,
                seed_text: repr.seed_text,
                starred: repr.starred,
                dungeon,
                file,
            }))),
            Err(error) => {
                let kept = file.with_extension("corrupt");
                let kept = if std::fs::rename(&file, &kept).is_ok() { kept } else { file.clone() };
                let _ = std::fs::remove_file(file.with_extension("lock"));
                out.push(Found::Corrupt { file, kept, error });
            }
        }
    }
    out
}

/// Reads and checks a recovery copy: what it says, its map, its dungeon's floors.
fn read_copy(file: &Path) -> Result<(RecoveryRepr, Map, Option<DungeonOffer>), String> {
    let bytes = io::read_bounded(file, MAX_BYTES).map_err(|e| format!("cannot read it: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())?;
    let repr: RecoveryRepr = ron::from_str(&text).map_err(|e| format!("it is not a recovery copy: {e}"))?;
    if repr.version != VERSION {
        return Err(format!("it has version {}; this Delve reads version {VERSION}", repr.version));
    }
    let map = io::parse_map(&repr.map, file).map_err(|e| format!("its map cannot be read: {e}"))?;
    let mut repr = repr;
    let dungeon = repr.dungeon.take().map(|d| d.read(file)).transpose()?;
    Ok((repr, map, dungeon))
}

/// The editor's recovery state (see the module doc).
pub struct Recovery {
    dir: Option<PathBuf>,
    slot: Option<Arc<Mutex<Slot>>>,
    /// This editor's lock, held for its lifetime.
    _lock: Option<File>,
    interval: Duration,
    last_write: Option<Instant>,
    /// A snapshot newer than the last write waits for the interval.
    due: bool,
    /// The snapshot last put in the slot.
    last: Option<Snapshot>,
    seq: u64,
    /// Unsaved steps of a restored copy, added to the document's own.
    carried_steps: usize,
    /// Copies of earlier runs, offered one at a time.
    pub offers: VecDeque<Offer>,
    /// Writes and the start-up scan in flight.
    pub(super) jobs: Vec<Job<RecoveryDone>>,
    /// The last write failed (said once, not on every retry).
    failing: bool,
}

impl Recovery {
    /// Recovery in `dir` (none without one): this editor's lock is taken, and the panic hook
    /// installed.
    pub fn new(dir: Option<PathBuf>, interval: Duration) -> Self {
        let mut r = Self {
            dir: None,
            slot: None,
            _lock: None,
            interval,
            last_write: None,
            due: false,
            last: None,
            seq: 0,
            carried_steps: 0,
            offers: VecDeque::new(),
            jobs: Vec::new(),
            failing: false,
        };
        let Some(dir) = dir else { return r };
        if std::fs::create_dir_all(&dir).is_err() {
            return r;
        }
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let file = dir.join(format!("recovery-{}-{nanos}.ron", std::process::id()));
        let lock =
            std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(file.with_extension("lock"));
        let Ok(lock) = lock else { return r };
        if lock.try_lock().is_err() {
            return r;
        }
        let slot = Arc::new(Mutex::new(Slot { file, latest: None, written: 0, supersedes: Vec::new() }));
        if let Ok(mut slots) = SLOTS.lock() {
            slots.retain(|w| w.strong_count() > 0);
            slots.push(Arc::downgrade(&slot));
        }
        install_panic_hook();
        r.dir = Some(dir);
        r.slot = Some(slot);
        r._lock = Some(lock);
        r
    }

    /// This editor's recovery file, if it keeps one.
    pub fn file(&self) -> Option<PathBuf> {
        self.slot.as_ref().and_then(|s| s.lock().ok().map(|s| s.file.clone()))
    }

    /// Whether the latest snapshot is in the recovery copy on disk (no write waiting or in
    /// flight); false while nothing was ever taken.
    pub fn all_written(&self) -> bool {
        !self.due
            && self.seq > 0
            && self.slot.as_ref().is_some_and(|s| s.lock().is_ok_and(|s| s.latest.is_some() && s.written == self.seq))
    }

    /// The folder and own file, for the start-up scan.
    pub fn scan_target(&self) -> Option<(PathBuf, PathBuf)> {
        Some((self.dir.clone()?, self.file()?))
    }

    /// Removes this editor's copy when it keeps one (saved, or clean again).
    pub fn remove(&mut self) {
        if self.last.is_some() {
            self.remove_now();
        }
    }

    /// Removes this editor's copy and writes no more (a clean quit).
    pub fn finish(&mut self) {
        self.remove_now();
        self.slot = None;
    }

    fn remove_now(&mut self) {
        self.last = None;
        if let Some(slot) = &self.slot {
            match slot.lock() {
                Ok(mut s) => s.remove(),
                Err(p) => p.into_inner().remove(),
            }
        }
        self.due = false;
        self.carried_steps = 0;
    }
}

impl Drop for Recovery {
    /// An editor going away with nothing unsaved leaves no lock file behind.
    fn drop(&mut self) {
        if self.last.is_none()
            && let Some(file) = self.file()
        {
            let _ = std::fs::remove_file(file.with_extension("lock"));
        }
    }
}

impl DelveApp {
    /// Keeps the recovery copy in step with the document (once a frame, after the commands).
    pub(super) fn sync_recovery(&mut self, ctx: &egui::Context) {
        let Some(slot) = self.recovery.slot.clone() else { return };
        // The map's edits, or any floor's of the open dungeon.
        let doc = match &self.doc {
            Some(d) if self.unsaved() => d,
            _ => return self.recovery.remove(),
        };
        if doc.history().open_interaction().is_none() {
            let dungeon = self.dungeon.as_ref().map(|d| DungeonSnap::of(d, Some(doc)));
            let own_steps = dungeon.as_ref().map_or(doc.unsaved_steps(), |(_, steps)| *steps);
            let r = &mut self.recovery;
            let steps = own_steps.saturating_add(r.carried_steps).max(1);
            let mut snap = Snapshot {
                map: doc.map_arc(),
                path: doc.path().map(Path::to_path_buf),
                params: self.session.params().clone(),
                seed_text: self.session.seed_text().to_string(),
                starred: self.session.starred().to_vec(),
                steps,
                dungeon: dungeon.map(|(d, _)| d),
                seq: 0,
                revision: doc.revision(),
            };
            let changed = r.last.as_ref().is_none_or(|l| {
                l.revision != snap.revision || l.path != snap.path || l.steps != snap.steps || !l.same_session(&snap)
            });
            if changed {
                r.seq += 1;
                snap.seq = r.seq;
                if let Ok(mut s) = slot.lock() {
                    s.latest = Some(snap.clone());
                }
                r.last = Some(snap);
                r.due = true;
            }
        }
        if !self.recovery.due {
            return;
        }
        let wait =
            self.recovery.last_write.map_or(Duration::ZERO, |t| self.recovery.interval.saturating_sub(t.elapsed()));
        if !wait.is_zero() {
            ctx.request_repaint_after(wait);
            return;
        }
        let Some(snap) = self.recovery.last.clone() else { return };
        self.recovery.due = false;
        self.recovery.last_write = Some(Instant::now());
        let job = self.jobs.spawn(JobKind::Recovery, move |_| {
            let result = snap.to_text().and_then(|text| match slot.lock() {
                Ok(mut s) => s.write(snap.seq, &text),
                Err(p) => p.into_inner().write(snap.seq, &text),
            });
            RecoveryDone::Written(result)
        });
        self.recovery.jobs.push(job);
    }

    /// Looks for copies of earlier runs, on a worker.
    pub(super) fn start_recovery_scan(&mut self) {
        if let Some((dir, own)) = self.recovery.scan_target() {
            let job = self.jobs.spawn(JobKind::Recovery, move |_| RecoveryDone::Found(scan(&dir, &own)));
            self.recovery.jobs.push(job);
        }
    }

    /// What the recovery jobs handed back since the last frame.
    pub(super) fn poll_recovery(&mut self) {
        let events: Vec<Event<RecoveryDone>> = self.recovery.jobs.iter().flat_map(Job::poll).collect();
        self.recovery.jobs.retain(|j| !j.is_finished());
        for event in events {
            match event {
                Event::Done(out) => self.on_recovery_job(out),
                Event::Report(_) => {}
                Event::Failed(message) => self.show_message("Crash recovery failed unexpectedly", message),
            }
        }
    }

    /// A recovery job finished.
    fn on_recovery_job(&mut self, out: RecoveryDone) {
        match out {
            RecoveryDone::Written(Ok(())) => self.recovery.failing = false,
            // Said once, not on every retry.
            RecoveryDone::Written(Err(e)) if !self.recovery.failing => {
                self.recovery.failing = true;
                self.show_message("Could not write the recovery copy", e);
            }
            RecoveryDone::Written(Err(_)) => {}
            RecoveryDone::Found(found) => {
                let mut corrupt = Vec::new();
                for f in found {
                    match f {
                        Found::Offer(o) => self.recovery.offers.push_back(*o),
                        Found::Corrupt { file, kept, error } => corrupt.push(format!(
                            "{}: {error}. The file is kept as {}.",
                            file.display(),
                            kept.display()
                        )),
                    }
                }
                if !corrupt.is_empty() {
                    self.show_message("A recovery copy could not be read", corrupt.join("\n"));
                }
            }
        }
    }

    /// The answer to the recovery prompt.
    pub(super) fn answer_recovery(&mut self, a: RecoveryAnswer) {
        let Some(offer) = self.recovery.offers.pop_front() else { return };
        match a {
            RecoveryAnswer::Later => offer.keep(),
            RecoveryAnswer::Discard => offer.discard(),
            RecoveryAnswer::Restore if self.unsaved() => {
                offer.keep();
                self.notify("Not restored over unsaved work: the recovery copy is kept for the next start".into());
            }
            RecoveryAnswer::Restore => {
                let mut offer = offer;
                if let Some(d) = offer.dungeon.take() {
                    // One restored piece of work at a time: the other copies wait.
                    for o in self.recovery.offers.drain(..) {
                        o.keep();
                    }
                    // The copy stays on disk until the dungeon is back (see `dungeon_read`).
                    let (file, steps) = (offer.file.clone(), offer.steps);
                    offer.keep();
                    self.restore_dungeon(d, file, steps);
                    return;
                }
                let name = offer.path.as_deref().map_or_else(|| "untitled".into(), super::commands::files::file_name);
                let from_map = offer
                    .path
                    .as_ref()
                    .zip(offer.map.provenance.params.clone())
                    .map(|(p, params)| (params, offer.map.provenance.seed, super::commands::files::file_name(p)));
                self.session.take_recovered(
                    offer.params.clone(),
                    offer.seed_text.clone(),
                    offer.starred.clone(),
                    from_map,
                );
                // One restored map at a time: the other copies wait for the next start.
                let others = self.recovery.offers.len();
                for o in self.recovery.offers.drain(..) {
                    o.keep();
                }
                let notice = match others {
                    0 => format!("Restored the unsaved work on {name}"),
                    n => format!(
                        "Restored the unsaved work on {name}; {n} more recovery copies are kept for the next start"
                    ),
                };
                let doc = Document::recovered(offer.map, offer.path);
                self.replace_document(doc, super::document::Replacement::New(notice), None);
                self.carry_over(offer.file, offer.steps);
            }
        }
    }

    /// The work of the copy `file` (`steps` unsaved steps) is this editor's now: the old copy
    /// goes once this editor's copy of the same work is written.
    pub(super) fn carry_over(&mut self, file: PathBuf, steps: usize) {
        self.recovery.remove();
        self.recovery.carried_steps = steps;
        self.recovery.last_write = None;
        if let Some(slot) = &self.recovery.slot
            && let Ok(mut s) = slot.lock()
        {
            s.supersedes.push(file);
        }
    }
}

/// The prompt for the first offered copy; returns the user's answer.
pub fn offer_ui(ctx: &egui::Context, offer: &Offer) -> Option<Command> {
    let mut answer = None;
    let r = egui::Modal::new(egui::Id::unique("delve-recovery")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.heading("Recover unsaved work?");
        ui.label(offer.describe());
        ui.label("Delve was not closed properly. Restore the map as it was, discard it, or decide at the next start.");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() {
                answer = Some(RecoveryAnswer::Restore);
            }
            if ui.button("Discard").clicked() {
                answer = Some(RecoveryAnswer::Discard);
            }
            if ui.button("Later").clicked() {
                answer = Some(RecoveryAnswer::Later);
            }
        });
    });
    if r.should_close() && answer.is_none() {
        answer = Some(RecoveryAnswer::Later);
    }
    answer.map(|a| WindowCommand::Recovery(a).into())
}
