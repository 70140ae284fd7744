//! The one background worker pool: generation, thumbnails of the seed browser, compare panes,
//! reading and writing files, PNG export and system file dialogs all run here, so the window
//! keeps drawing. It is a rayon pool, so the parallel work inside a job (the sweeps of Explore,
//! Tune and the variety map) runs on these same threads, never on another pool. [`Jobs::spawn`] hands back a typed [`Job`] handle; the module that asked for
//! the work keeps it and polls it for what the job reports ([`Event`]): the pool names no
//! client's payload. A job can be cancelled by its id: a job not yet started never runs, a
//! running one sees [`JobCtx::cancelled`], and nothing it reports after is wanted. A job that
//! panics still ends (as [`Event::Failed`]), so nothing waits forever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

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
    /// Searches of the Tune window.
    Tune,
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

/// What a job's handle receives.
#[derive(Debug)]
pub enum Event<T> {
    /// A partial result; more follow.
    Report(T),
    /// The job's result; nothing follows.
    Done(T),
    /// The job panicked or was cancelled before it ran; nothing follows.
    Failed(String),
}

/// The handle of one job, kept by the module that asked for it: the job's reports arrive
/// here, typed. Dropping it says the results are no longer wanted.
#[derive(Debug)]
pub struct Job<T> {
    id: JobId,
    rx: Receiver<Event<T>>,
    /// Set until the job's end was taken (or the handle dropped): the pool is busy meanwhile.
    owed: Arc<AtomicBool>,
}

impl<T> Job<T> {
    pub fn id(&self) -> JobId {
        self.id
    }

    /// What arrived since the last call; after [`Event::Done`] or [`Event::Failed`] nothing more.
    pub fn poll(&self) -> Vec<Event<T>> {
        let mut out = Vec::new();
        while let Ok(e) = self.rx.try_recv() {
            if !matches!(e, Event::Report(_)) {
                self.owed.store(false, Ordering::Relaxed);
            }
            out.push(e);
        }
        out
    }

    /// Whether the job's end was taken.
    pub fn is_finished(&self) -> bool {
        !self.owed.load(Ordering::Relaxed)
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.owed.store(false, Ordering::Relaxed);
    }
}

/// What a running job can see: whether it was cancelled, and a way to report as it goes.
pub struct JobCtx<T> {
    cancel: Arc<AtomicBool>,
    tx: Sender<Event<T>>,
    ctx: Option<egui::Context>,
}

impl<T> JobCtx<T> {
    /// Whether the job was cancelled or superseded; a long job stops early when it is.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The flag a cancel sets, for core work that watches one (sweeps).
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }

    /// Reports a partial result; the job goes on.
    pub fn report(&self, output: T) {
        self.send(Event::Report(output));
    }

    fn send(&self, e: Event<T>) {
        // The handle may be gone (results no longer wanted): nothing to do then.
        let _ = self.tx.send(e);
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }
}

/// A job in flight.
struct Running {
    id: JobId,
    kind: JobKind,
    cancel: Arc<AtomicBool>,
    owed: Arc<AtomicBool>,
}

/// The pool of worker threads, and the jobs in flight.
#[derive(Default)]
pub struct Jobs {
    /// Started with the first job (`None` before, or when no thread could be started).
    pool: Option<rayon::ThreadPool>,
    ctx: Option<egui::Context>,
    running: Vec<Running>,
    next_id: JobId,
}

/// Workers in the pool: enough that a system file dialog waiting for the user, a thumbnail page
/// and a generation run side by side.
const MIN_WORKERS: usize = 4;

impl Jobs {
    /// The context to wake when a job reports.
    pub fn set_context(&mut self, ctx: &egui::Context) {
        if self.ctx.is_none() {
            self.ctx = Some(ctx.clone());
        }
    }

    /// Queues `job`; its return value is its result. The handle goes to whoever asked.
    pub fn spawn<T: Send + 'static>(
        &mut self,
        kind: JobKind,
        job: impl FnOnce(&JobCtx<T>) -> T + Send + 'static,
    ) -> Job<T> {
        self.running.retain(|r| r.owed.load(Ordering::Relaxed));
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        let cancel = Arc::new(AtomicBool::new(false));
        let owed = Arc::new(AtomicBool::new(true));
        self.running.push(Running { id, kind, cancel: cancel.clone(), owed: owed.clone() });
        let (tx, rx) = channel();
        let jc = JobCtx { cancel, tx, ctx: self.ctx.clone() };
        let task = move || {
            let end = if jc.cancelled() {
                Event::Failed("cancelled".into())
            } else {
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&jc))) {
                    Ok(out) => Event::Done(out),
                    Err(panic) => Event::Failed(
                        panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "unknown error".into()),
                    ),
                }
            };
            jc.send(end);
        };
        match self.pool() {
            Some(pool) => pool.spawn(task),
            None => task(), // No thread at all: the work is done here rather than never.
        }
        Job { id, rx, owed }
    }

    /// The pool, started the first time a job needs it: as many threads as the machine has
    /// cores, at least [`MIN_WORKERS`]. `None` when no thread can be started.
    fn pool(&mut self) -> Option<&rayon::ThreadPool> {
        if self.pool.is_none() {
            let threads = std::thread::available_parallelism().map_or(MIN_WORKERS, |n| n.get()).max(MIN_WORKERS);
            self.pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("delve-worker-{i}"))
                .build()
                .ok();
        }
        self.pool.as_ref()
    }

    /// Cancels job `id`: it stops early if it can, and the pool no longer waits for it.
    pub fn cancel(&mut self, id: JobId) {
        if let Some(i) = self.running.iter().position(|r| r.id == id) {
            self.running[i].cancel.store(true, Ordering::Relaxed);
            self.running[i].owed.store(false, Ordering::Relaxed);
            self.running.swap_remove(i);
        }
    }

    /// Whether a job of `kind` is still owed to its handle.
    pub fn is_running(&self, kind: JobKind) -> bool {
        self.running.iter().any(|r| r.kind == kind && r.owed.load(Ordering::Relaxed))
    }

    /// Whether any job is still owed to its handle.
    pub fn busy(&self) -> bool {
        self.running.iter().any(|r| r.owed.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parallel work inside a job (a sweep's `par_iter`) runs on the pool's own threads, not
    /// on rayon's global pool beside it.
    #[test]
    fn parallel_work_inside_a_job_runs_on_the_pools_threads() {
        let mut jobs = Jobs::default();
        let job = jobs.spawn(JobKind::Explore, |_: &JobCtx<Vec<Option<String>>>| {
            use rayon::prelude::*;
            (0..64)
                .into_par_iter()
                .map(|_| {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    std::thread::current().name().map(str::to_owned)
                })
                .collect()
        });
        let names = loop {
            if let Some(end) = job.poll().into_iter().find(|e| !matches!(e, Event::Report(_))) {
                match end {
                    Event::Done(names) => break names,
                    other => panic!("the job did not finish: {other:?}"),
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        };
        assert_eq!(names.len(), 64);
        for name in names {
            assert!(name.as_deref().is_some_and(|n| n.starts_with("delve-worker-")), "ran on {name:?}");
        }
    }
}
