//! The one background worker pool: generation, thumbnails of the seed browser, compare panes,
//! reading and writing files, PNG export and system file dialogs all run here, so the window
//! keeps drawing. Each job has a [`JobId`]; it reports [`JobOutput`]s tagged with that id (a
//! thumbnail page reports as it goes, then finishes). A job can be cancelled by its id: a job not
//! yet started never runs, a running one sees [`JobCtx::cancelled`], and nothing it reports
//! after is delivered. A job that panics still reports (as [`JobOutput::Failed`]), so nothing
//! waits forever.

use super::dialogs::{DialogOutcome, DialogPurpose};
use super::document::MapIndex;
use super::textures::Prebuilt;
use crate::analysis::Thumbnail;
use crate::edit::document::Checked;
use crate::generate::{GenError, Report};
use crate::io::{FileError, Preset};
use crate::map::Map;
use crate::map::check::Checker;
use crate::map::metrics::Metrics;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// A generated map, ready to show.
pub struct GenOutcome {
    pub map: Map,
    pub index: MapIndex,
    pub checker: Checker,
    pub report: Report,
    /// Time spent in the generator alone.
    pub elapsed: Duration,
    /// The tile texture's texels, made on the worker too.
    pub textures: Prebuilt,
}

/// A map read from a file, ready to show.
pub struct OpenOutcome {
    pub map: Map,
    pub index: MapIndex,
    pub checker: Checker,
    pub textures: Prebuilt,
}

/// A compare pane's map.
pub struct PaneOutcome {
    pub map: Arc<Map>,
    pub metrics: Metrics,
}

/// What a preset was read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetUse {
    /// Take its parameters, seed and stars.
    Apply,
    /// Only its snapshot (restoring the last session, whose parameters are kept), and its stars
    /// when the last session saved none.
    Restore { take_stars: bool },
}

/// What a job reports back.
pub enum JobOutput {
    Generated {
        ticket: u64,
        /// The undo step's label, and the panel that asked for the map.
        label: String,
        panel: Box<super::session::Panel>,
        result: Result<Box<GenOutcome>, GenError>,
    },
    Opened {
        path: PathBuf,
        result: Result<Box<OpenOutcome>, FileError>,
    },
    /// A blank map made for *File ▸ New map*.
    Created(Box<OpenOutcome>),
    /// A preset file read (loaded, picked, or given at start).
    PresetRead {
        path: PathBuf,
        purpose: PresetUse,
        result: Result<Preset, FileError>,
    },
    /// A map written to `path`; `revision` is the document revision that was written.
    MapSaved {
        path: PathBuf,
        revision: u64,
        result: Result<(), FileError>,
    },
    PresetSaved {
        path: PathBuf,
        preset: Box<Preset>,
        result: Result<(), FileError>,
    },
    Exported {
        path: PathBuf,
        result: Result<(), String>,
    },
    Dialog {
        purpose: DialogPurpose,
        outcome: DialogOutcome,
    },
    /// One thumbnail of a seed-browser page (more follow).
    Thumbnail(Box<Thumbnail>),
    /// The page is done; `error` when a thumbnail could not be made.
    ThumbnailsDone {
        error: Option<String>,
    },
    /// The problems and figures of the document at a revision (checked after an edit).
    Checked(Box<Checked>),
    /// A compare pane's map.
    Pane(Result<Box<PaneOutcome>, GenError>),
    /// Explored seeds listed for the seed browser.
    Listed(Vec<u64>),
    /// Seeds of an Explore run done so far (of all its sweeps).
    ExploreProgress {
        done: u64,
    },
    /// The runs and charts of the Explore window.
    Explored(Result<Box<super::explore::Explored>, String>),
    /// The steps of a generation, for the timeline (`None`: the generator does not record).
    Recorded(Result<Option<std::sync::Arc<[crate::generate::record::Step]>>, String>),
    /// The recovery copy was written (or not).
    RecoveryWritten(Result<(), String>),
    /// Recovery copies of earlier runs, found at start.
    RecoveryFound(Vec<super::recovery::Found>),
    /// The job panicked; `what` says which kind of job it was.
    Failed {
        what: JobKind,
        message: String,
    },
}

/// The kinds of job, for saying what is in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Generate,
    Open,
    Save,
    Export,
    Dialog,
    Thumbnails,
    Compare,
    /// Runs of the Explore window.
    Explore,
    /// Explored seeds listed for the seed browser.
    Listing,
    /// A generation recorded for the timeline.
    Record,
    Check,
    /// Writing or finding crash-recovery copies.
    Recovery,
}

/// Names one job.
pub type JobId = u64;

/// A job's output with the id of the job that made it.
pub struct Delivery {
    pub id: JobId,
    pub kind: JobKind,
    pub output: JobOutput,
}

/// What a running job can see: whether it was cancelled, and a way to report as it goes.
pub struct JobCtx {
    id: JobId,
    cancel: Arc<AtomicBool>,
    tx: Sender<Message>,
    ctx: Option<egui::Context>,
}

impl JobCtx {
    /// Whether the job was cancelled or superseded; a long job stops early when it is.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The flag a cancel sets, for core work that watches one (sweeps).
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }

    /// Reports a partial result; the job goes on.
    pub fn report(&self, output: JobOutput) {
        // The receiver only goes away when the app does.
        let _ = self.tx.send(Message { id: self.id, output, last: false });
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }
}

struct Message {
    id: JobId,
    output: JobOutput,
    /// The job's final report.
    last: bool,
}

type Task = Box<dyn FnOnce() + Send>;

/// The queue the workers take tasks from.
#[derive(Default)]
struct Queue {
    tasks: Mutex<VecDeque<Task>>,
    ready: Condvar,
}

/// A job in flight.
struct Running {
    id: JobId,
    kind: JobKind,
    cancel: Arc<AtomicBool>,
}

/// The pool of worker threads, and the jobs in flight.
pub struct Jobs {
    queue: Arc<Queue>,
    workers: usize,
    tx: Sender<Message>,
    rx: Receiver<Message>,
    ctx: Option<egui::Context>,
    running: Vec<Running>,
    next_id: JobId,
}

/// Workers in the pool: enough that a system file dialog waiting for the user, a thumbnail page
/// and a generation run side by side.
const MIN_WORKERS: usize = 4;

impl Default for Jobs {
    fn default() -> Self {
        let (tx, rx) = channel();
        Self { queue: Arc::default(), workers: 0, tx, rx, ctx: None, running: Vec::new(), next_id: 0 }
    }
}

impl Jobs {
    /// The context to wake when a job reports.
    pub fn set_context(&mut self, ctx: &egui::Context) {
        if self.ctx.is_none() {
            self.ctx = Some(ctx.clone());
        }
    }

    /// Queues `job`; its return value is its final report.
    pub fn spawn(&mut self, kind: JobKind, job: impl FnOnce(&JobCtx) -> JobOutput + Send + 'static) -> JobId {
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        let cancel = Arc::new(AtomicBool::new(false));
        self.running.push(Running { id, kind, cancel: cancel.clone() });
        let jc = JobCtx { id, cancel, tx: self.tx.clone(), ctx: self.ctx.clone() };
        let task = move || {
            let output = if jc.cancelled() {
                JobOutput::Failed { what: kind, message: "cancelled".into() }
            } else {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&jc))).unwrap_or_else(|panic| {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown error".into());
                    JobOutput::Failed { what: kind, message }
                })
            };
            let _ = jc.tx.send(Message { id: jc.id, output, last: true });
            if let Some(ctx) = &jc.ctx {
                ctx.request_repaint();
            }
        };
        self.start_worker_if_needed();
        match self.queue.tasks.lock() {
            Ok(mut q) => q.push_back(Box::new(task)),
            Err(poisoned) => poisoned.into_inner().push_back(Box::new(task)),
        }
        self.queue.ready.notify_one();
        id
    }

    // The one place that starts threads (clippy.toml disallows it elsewhere).
    #[allow(clippy::disallowed_methods)]
    fn start_worker_if_needed(&mut self) {
        let wanted = std::thread::available_parallelism().map_or(MIN_WORKERS, |n| n.get()).max(MIN_WORKERS);
        let busy = self.running.len();
        if self.workers >= wanted || self.workers >= busy {
            return;
        }
        let queue = self.queue.clone();
        let spawned = std::thread::Builder::new().name(format!("delve-worker-{}", self.workers)).spawn(move || {
            loop {
                let task = {
                    let mut q = match queue.tasks.lock() {
                        Ok(q) => q,
                        Err(p) => p.into_inner(),
                    };
                    loop {
                        if let Some(t) = q.pop_front() {
                            break t;
                        }
                        q = match queue.ready.wait(q) {
                            Ok(q) => q,
                            Err(p) => p.into_inner(),
                        };
                    }
                };
                task();
            }
        });
        match spawned {
            Ok(_) => self.workers += 1,
            Err(e) if self.workers == 0 => {
                // No worker at all: say so instead of waiting forever.
                let _ = self.tx.send(Message {
                    id: self.next_id,
                    output: JobOutput::Failed {
                        what: JobKind::Generate,
                        message: format!("cannot start a thread: {e}"),
                    },
                    last: true,
                });
            }
            Err(_) => {}
        }
    }

    /// Cancels job `id`: it stops early if it can, and nothing more of it is delivered.
    pub fn cancel(&mut self, id: JobId) {
        if let Some(i) = self.running.iter().position(|r| r.id == id) {
            self.running[i].cancel.store(true, Ordering::Relaxed);
            self.running.swap_remove(i);
        }
    }

    /// Every report that arrived since the last call, of jobs not cancelled.
    pub fn poll(&mut self) -> Vec<Delivery> {
        let mut out = Vec::new();
        while let Ok(m) = self.rx.try_recv() {
            let Some(i) = self.running.iter().position(|r| r.id == m.id) else { continue };
            let kind = self.running[i].kind;
            if m.last {
                self.running.swap_remove(i);
            }
            out.push(Delivery { id: m.id, kind, output: m.output });
        }
        out
    }

    /// Whether a job of `kind` is still running.
    pub fn is_running(&self, kind: JobKind) -> bool {
        self.running.iter().any(|r| r.kind == kind)
    }

    /// Whether any job is still running.
    pub fn busy(&self) -> bool {
        !self.running.is_empty()
    }
}
