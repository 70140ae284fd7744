//! Recording what a generator does, step by step, each step with a sentence in a designer's
//! words. Generators take a [`Recorder`]: [`Off`] compiles every recording call away (a plain
//! [`super::generate`] costs what it did), [`Recording`] keeps the steps. The steps are events,
//! not map copies; the map after any step is rebuilt from them ([`super::replay`]).

mod marks;

use super::stages::Stage;

pub use super::accretion::AccretionStep;
pub use super::bsp::BspStep;
pub use super::caves::CavesStep;
pub use super::grown::{Attach, DoorRef, GrownStep, Growth, Pose, Refusal, Refused, Tally};
pub use super::mazes::MazesStep;
pub use super::passages::PassagesStep;
pub use super::rooms_tunnels::{RoomsTunnelsStep, TryOutcome};
pub use super::shared_steps::SharedStep;
pub use super::walk::WalkStep;
pub use marks::{Mark, Role};

/// Where a generator reports its steps.
pub trait Recorder {
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
}

/// Recording off: every call is empty and inlined away.
pub struct Off;

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

/// [`Step`], one variant per family's steps, each with its `From`.
macro_rules! steps {
    ($($(#[$doc:meta])* $v:ident($t:ty),)*) => {
        /// One thing a generator did: one of its family's steps, or of a shared stage's.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Step {
            $($(#[$doc])* $v($t),)*
        }

        $(impl From<$t> for Step {
            fn from(step: $t) -> Step {
                Step::$v(step)
            }
        })*

        impl Step {
            /// The family's (or shared stage's) step.
            pub fn kind(&self) -> &dyn StepKind {
                match self {
                    $(Step::$v(step) => step,)*
                }
            }

            fn kind_mut(&mut self) -> &mut dyn StepKind {
                match self {
                    $(Step::$v(step) => step,)*
                }
            }
        }
    };
}

steps! {
    /// Rooms and tunnels: a room tried, a tunnel dug.
    RoomsTunnels(RoomsTunnelsStep),
    /// Grown rooms: the canvas, a room grown, given doors, placed or not, a corridor dug.
    Grown(GrownStep),
    /// Caves: the rock filled and smoothed, the caves found and joined.
    Caves(CavesStep),
    /// BSP rooms: a part split, a leaf's room, siblings joined.
    Bsp(BspStep),
    /// Drunkard's walk: a walker's walk, the rooms found.
    Walk(WalkStep),
    /// Rooms and mazes: a room, a maze grown, the regions connected, dead ends filled.
    Mazes(MazesStep),
    /// Drunkard's walk and rooms and mazes: rooms joined along a passage.
    Passages(PassagesStep),
    /// Room accretion: a room attached, a try refused, a loop opened.
    Accretion(AccretionStep),
    /// Any generator: the part beside, vaults, markers, keys, openings and tiles.
    Shared(SharedStep),
}

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
    pub fn shift(&mut self, dx: i32, dy: i32) {
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
    pub const fn words(self) -> &'static str {
        match self {
            Leg::HorizontalFirst => "horizontal leg first",
            Leg::VerticalFirst => "vertical leg first",
            Leg::Direct => "a direct line",
        }
    }

    /// A tunnel from `start` to `end` run this way, in words: `(1, 2) to (5, 2), a direct line`.
    pub fn from_to(self, start: crate::geom::Pos, end: crate::geom::Pos) -> String {
        format!("({}, {}) to ({}, {}), {}", start.x, start.y, end.x, end.y, self.words())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::GeneratorKind as K;

    /// The families whose generations make steps like `step` (every family, for a shared
    /// stage's).
    fn families(step: &Step) -> &'static [K] {
        match step {
            Step::RoomsTunnels(_) => &[K::RoomsAndTunnels],
            Step::Grown(_) => &[K::GrownRooms],
            Step::Caves(_) => &[K::Caves],
            Step::Bsp(_) => &[K::BspRooms],
            Step::Walk(_) => &[K::DrunkardsWalk],
            Step::Mazes(_) => &[K::RoomsAndMazes],
            Step::Passages(_) => &[K::DrunkardsWalk, K::RoomsAndMazes],
            Step::Accretion(_) => &[K::RoomAccretion],
            Step::Shared(_) => K::ALL,
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
                    assert!(families(step).contains(&kind), "{name} {seed} step {k}, of another family: {said}");
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
