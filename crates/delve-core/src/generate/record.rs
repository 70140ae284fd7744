//! Recording what a generator does, step by step, each step with a sentence in a designer's
//! words. Generators take a `Recorder`: `Off` compiles every recording call away (a plain
//! [`super::generate`] costs what it did), [`Recording`] keeps the steps. The steps are events,
//! not map copies; the map after any step is rebuilt from them ([`super::replay`]).

mod marks;

use super::stages::Stage;

pub use super::grown::{Attach, DoorRef, Growth, Pose, Refusal, Refused, Tally};
pub use super::passages::PassagesStep;
pub use super::rooms_tunnels::TryOutcome;
pub use super::shared_steps::SharedStep;
pub use marks::{Mark, Role};

/// Where a generator reports its steps.
pub(crate) trait Recorder {
    /// Records the step `step` makes; never called when recording is off.
    fn record(&mut self, step: impl FnOnce() -> Step);

    /// Whether steps are kept (work done only to describe a step can be skipped when not).
    fn on(&self) -> bool;

    /// Moves every place in the steps so far by `(dx, dy)` and puts `first` before them (a
    /// generator whose map frame is known only at the end).
    fn reframe(&mut self, first: impl FnOnce() -> Step, dx: i32, dy: i32);
}

/// A generator's steps told to a recorder and counted, for a generator that replays by running
/// again and stopping after the first `stop` steps (caves, BSP rooms): [`Steps::tell`] says
/// when to stop.
pub(super) struct Steps<'r, R> {
    rec: &'r mut R,
    told: usize,
    stop: usize,
}

impl<'r, R: Recorder> Steps<'r, R> {
    pub(super) fn new(rec: &'r mut R, stop: usize) -> Self {
        Steps { rec, told: 0, stop }
    }

    /// Tells `step`; true when the run stops here.
    pub(super) fn tell(&mut self, step: impl FnOnce() -> Step) -> bool {
        self.rec.record(step);
        self.told += 1;
        self.told >= self.stop
    }

    /// [`Steps::tell`] for a stage written as a function that returns [`Flow`]: `?` after it
    /// ends the run when a replay stops at this step.
    pub(super) fn step(&mut self, step: impl FnOnce() -> Step) -> Flow {
        if self.tell(step) { Flow::Break(()) } else { Flow::Continue(()) }
    }
}

/// Whether a run goes on after a stage or step ([`Flow::Break`]: a replay stops there), so that
/// a family's pipeline reads as one call per stage, each followed by `?`.
pub(super) type Flow = std::ops::ControlFlow<()>;

/// Recording off: every call is empty and inlined away.
pub(crate) struct Off;

impl Recorder for Off {
    #[inline(always)]
    fn record(&mut self, _step: impl FnOnce() -> Step) {}

    #[inline(always)]
    fn on(&self) -> bool {
        false
    }

    #[inline(always)]
    fn reframe(&mut self, _first: impl FnOnce() -> Step, _dx: i32, _dy: i32) {}
}

/// The steps of one generation, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    pub steps: Vec<Step>,
}

impl Recorder for Recording {
    fn record(&mut self, step: impl FnOnce() -> Step) {
        self.steps.push(step());
    }

    fn on(&self) -> bool {
        true
    }

    fn reframe(&mut self, first: impl FnOnce() -> Step, dx: i32, dy: i32) {
        self.steps.iter_mut().for_each(|s| s.shift(dx, dy));
        self.steps.insert(0, first());
    }
}

/// What every family's steps (and the shared stages') tell: a family adds its own enum of
/// steps, implementing this, and one line to [`Step`].
pub trait StepKind {
    /// What happened, in a designer's words.
    fn sentence(&self) -> String;

    /// The stage that made it.
    fn stage(&self) -> Stage;

    /// Whether the map after it differs from the map before it.
    fn changes_map(&self) -> bool;

    /// The room it placed, if it placed one.
    fn placed_room(&self) -> Option<u32> {
        None
    }

    /// Whether it only lays out the empty map the generator starts on (the timeline's start).
    fn is_canvas(&self) -> bool {
        false
    }

    /// Moves every place on the map in it by `(dx, dy)` (places in a room's own frame stay).
    fn shift(&mut self, dx: i32, dy: i32);

    /// What the timeline draws over the map after it; `before` and `after` are the steps of its
    /// recording before and after it.
    fn marks(&self, before: &[Step], after: &[Step]) -> Vec<Mark>;
}

/// [`Step`] over the list of families: one variant per family's steps, then the shared ones,
/// each with its `From`.
macro_rules! steps {
    (; $($(#[$doc:meta])* $v:ident($m:ident) $sv:ident($st:ident) [$($s:ident),*] [$($u:ident),*],)*) => {
        $(pub use super::$m::$st;)*

        /// One thing a generator did: one of its family's steps, or of a shared stage's.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Step {
            $($(#[$doc])* $sv($st),)*
            /// Drunkard's walk and rooms and mazes: rooms joined along a passage.
            Passages(PassagesStep),
            /// Any generator: the part beside, vaults, markers, keys, openings and tiles.
            Shared(SharedStep),
        }

        $(impl From<$st> for Step {
            fn from(step: $st) -> Step {
                Step::$sv(step)
            }
        })*

        impl From<PassagesStep> for Step {
            fn from(step: PassagesStep) -> Step {
                Step::Passages(step)
            }
        }

        impl From<SharedStep> for Step {
            fn from(step: SharedStep) -> Step {
                Step::Shared(step)
            }
        }

        impl Step {
            /// The family's (or shared stage's) step.
            pub fn kind(&self) -> &dyn StepKind {
                match self {
                    $(Step::$sv(step) => step,)*
                    Step::Passages(step) => step,
                    Step::Shared(step) => step,
                }
            }

            fn kind_mut(&mut self) -> &mut dyn StepKind {
                match self {
                    $(Step::$sv(step) => step,)*
                    Step::Passages(step) => step,
                    Step::Shared(step) => step,
                }
            }

            /// The family whose own step this is (`None` for a step of a stage families share).
            pub fn family(&self) -> Option<crate::params::GeneratorKind> {
                match self {
                    $(Step::$sv(_) => Some(crate::params::GeneratorKind::$v),)*
                    Step::Passages(_) | Step::Shared(_) => None,
                }
            }
        }
    };
}
crate::params::family::families!(steps);

impl Step {
    /// What happened, in a designer's words.
    pub fn sentence(&self) -> String {
        self.kind().sentence()
    }

    /// The stage that made this step.
    pub fn stage(&self) -> Stage {
        self.kind().stage()
    }

    /// The room this step placed, if it placed one.
    pub fn placed_room(&self) -> Option<u32> {
        self.kind().placed_room()
    }

    /// Whether the map after this step differs from the map before it.
    pub fn changes_map(&self) -> bool {
        self.kind().changes_map()
    }

    /// Whether this step only lays out the empty map the generator starts on: the first step a
    /// timeline shows.
    pub fn is_canvas(&self) -> bool {
        self.kind().is_canvas()
    }

    /// Moves every place on the map in this step by `(dx, dy)` (places in a room's own frame
    /// stay).
    pub(crate) fn shift(&mut self, dx: i32, dy: i32) {
        self.kind_mut().shift(dx, dy);
    }

    /// What the timeline draws over the map after this step; `before` and `after` are the
    /// steps of its recording before and after it.
    pub fn marks(&self, before: &[Step], after: &[Step]) -> Vec<Mark> {
        self.kind().marks(before, after)
    }
}

/// How a tunnel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    HorizontalFirst,
    VerticalFirst,
    /// A straight line, made 4-connected.
    Direct,
}

impl Leg {
    /// The way a tunnel ran, in words.
    pub(crate) const fn words(self) -> &'static str {
        match self {
            Leg::HorizontalFirst => "horizontal leg first",
            Leg::VerticalFirst => "vertical leg first",
            Leg::Direct => "a direct line",
        }
    }

    /// A tunnel from `start` to `end` run this way, in words: `(1, 2) to (5, 2), a direct line`.
    pub(crate) fn run_from(self, start: crate::geom::Pos, end: crate::geom::Pos) -> String {
        format!("({}, {}) to ({}, {}), {}", start.x, start.y, end.x, end.y, self.words())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::GeneratorKind as K;

    /// Whether a generation of `kind` may make steps like `step`: its family's own, or a shared
    /// stage's that `kind` has.
    fn of_family(step: &Step, kind: K) -> bool {
        match step.family() {
            Some(family) => family == kind,
            None => Stage::of(kind).contains(&step.stage()),
        }
    }

    /// Every step of every shipped preset's recording says what it did, comes from its
    /// generator's family (or a shared stage) and names one of that generator's stages: a
    /// shared stage's steps the shared stages, a family's steps its own.
    #[test]
    fn every_step_of_every_shipped_preset_has_a_sentence_and_its_family_stage() {
        let shared = [Stage::Beside, Stage::Vaults, Stage::Markers];
        for (name, _) in crate::io::SHIPPED_PRESETS {
            let params = crate::io::shipped_preset(name).expect("shipped").expect("parses").generator;
            let kind = params.kind();
            for seed in 0..3 {
                let (_, rec) = super::super::generate_recorded(&params, seed).expect("valid parameters");
                let steps = rec.expect("every family records").steps;
                assert!(!steps.is_empty(), "{name} {seed}");
                for (k, step) in steps.iter().enumerate() {
                    let said = step.sentence();
                    assert!(!said.trim().is_empty(), "{name} {seed} step {k}: {step:?}");
                    assert!(of_family(step, kind), "{name} {seed} step {k}, of another family: {said}");
                    let stage = step.stage();
                    assert!(Stage::of(kind).contains(&stage), "{name} {seed} step {k}, {stage:?}: {said}");
                    let is_shared = matches!(step, Step::Shared(_));
                    assert_eq!(shared.contains(&stage), is_shared, "{name} {seed} step {k}, {stage:?}: {said}");
                    // The marks are the step's own (every family draws without panicking).
                    let _ = step.marks(&steps[..k], &steps[k + 1..]);
                }
            }
        }
    }
}
