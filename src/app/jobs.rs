//! Background work: generation, file loading, PNG export and system file dialogs run on worker
//! threads so the window keeps drawing. Each job sends one [`JobOutput`] back over a channel and
//! wakes the UI; a job that panics still reports (as [`JobOutput::Failed`]), so nothing waits
//! forever.

use super::document::MapIndex;
use super::files::{DialogOutcome, DialogPurpose};
use super::textures::Prebuilt;
use crate::edit::document::Checked;
use crate::generate::{GenError, GeneratorParams, Report};
use crate::io::FileError;
use crate::map::Map;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// A generated map, ready to show.
pub struct GenOutcome {
    pub map: Map,
    pub index: MapIndex,
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
    pub textures: Prebuilt,
}

/// What a job reports back.
pub enum JobOutput {
    Generated {
        ticket: u64,
        params: GeneratorParams,
        seed: u64,
        result: Result<Box<GenOutcome>, GenError>,
    },
    Opened {
        path: PathBuf,
        result: Result<Box<OpenOutcome>, FileError>,
    },
    Exported {
        path: PathBuf,
        result: Result<(), String>,
    },
    Dialog {
        purpose: DialogPurpose,
        outcome: DialogOutcome,
    },
    /// The problems and figures of the document at a revision (checked after an edit).
    Checked(Box<Checked>),
    /// The job panicked; `what` says which kind of job it was.
    Failed {
        what: JobKind,
        message: String,
    },
}

/// The kinds of job, for counting what is in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Generate,
    Open,
    Export,
    Dialog,
    Check,
}

impl JobOutput {
    pub fn kind(&self) -> JobKind {
        match self {
            JobOutput::Generated { .. } => JobKind::Generate,
            JobOutput::Opened { .. } => JobKind::Open,
            JobOutput::Exported { .. } => JobKind::Export,
            JobOutput::Dialog { .. } => JobKind::Dialog,
            JobOutput::Checked(_) => JobKind::Check,
            JobOutput::Failed { what, .. } => *what,
        }
    }
}

/// Runs jobs on threads and collects their results.
pub struct Jobs {
    tx: Sender<JobOutput>,
    rx: Receiver<JobOutput>,
    ctx: Option<egui::Context>,
    running: Vec<JobKind>,
}

impl Default for Jobs {
    fn default() -> Self {
        let (tx, rx) = channel();
        Self { tx, rx, ctx: None, running: Vec::new() }
    }
}

impl Jobs {
    /// The context to wake when a job finishes.
    pub fn set_context(&mut self, ctx: &egui::Context) {
        if self.ctx.is_none() {
            self.ctx = Some(ctx.clone());
        }
    }

    /// Starts `job` on a worker thread.
    pub fn spawn(&mut self, kind: JobKind, job: impl FnOnce() -> JobOutput + Send + 'static) {
        let tx = self.tx.clone();
        let ctx = self.ctx.clone();
        self.running.push(kind);
        let run = move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown error".into());
                JobOutput::Failed { what: kind, message }
            });
            // The receiver only goes away when the app does.
            let _ = tx.send(out);
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        };
        let tx_fallback = self.tx.clone();
        if let Err(e) = std::thread::Builder::new().name(format!("delve-{kind:?}")).spawn(run) {
            let _ = tx_fallback.send(JobOutput::Failed { what: kind, message: format!("cannot start a thread: {e}") });
        }
    }

    /// Every result that arrived since the last call.
    pub fn poll(&mut self) -> Vec<JobOutput> {
        let mut out = Vec::new();
        while let Ok(o) = self.rx.try_recv() {
            if let Some(i) = self.running.iter().position(|k| *k == o.kind()) {
                self.running.swap_remove(i);
            }
            out.push(o);
        }
        out
    }

    /// Whether a job of `kind` is still running.
    pub fn is_running(&self, kind: JobKind) -> bool {
        self.running.contains(&kind)
    }

    /// Whether any job is still running.
    pub fn busy(&self) -> bool {
        !self.running.is_empty()
    }
}
