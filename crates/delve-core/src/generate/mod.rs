//! Generators: parameters in, map out.
//!
//! A [`Request`] is the one way to generate (parameters, seed, locks to keep, recording);
//! [`generate`] and its siblings are conveniences over it. A generation checks the
//! [`GeneratorParams`] (from [`crate::params`]), runs the generator's [`stages`] — each one
//! job, each drawing from its own random stream derived from the seed (see [`crate::rng`]) —
//! and returns the [`Map`] with a [`Report`] saying how much of what was asked it could build,
//! and why not more.
//!
//! Where things are (the files a newcomer opens):
//!
//! | What | Where |
//! |---|---|
//! | A family: its pipeline (the top of `mod.rs` shows its stages in order, each in the words of its source), its parameters, its stages, its steps | its folder, `generate/<family>/`: `mod.rs`, `params.rs`, `stages.rs`, `steps.rs`, and the files its steps call; the one list of families is `crate::params::family` |
//! | Any generator: part beside → vaults → roles → markers → colours apart | `beside.rs`, [`vaults`] (both joining with `join.rs`), `roles.rs`, `markers.rs`, `keys.rs`, `tiles.rs`, [`crate::map::palette`] |
//! | Passages, which two families share | `passages.rs` |
//! | Locks: the obstacles, the router, the keep-locks stage; locks kept over a finished map | `keep/`, each family's `Generate::around_locks`, `keep_over.rs` |
//! | Recording every step, for the timeline | [`record`] (the recorders, [`record::Step`] over the families' steps, the marks the timeline draws); the shared stages' steps in `shared_steps.rs` |
//!
//! Which stages run, and in what order, is the parameters' stage list
//! ([`crate::params::stages::StageList`]; the standard one unless a preset lists its stages). It
//! is checked with the parameters: a stage comes after the stages it works on, so the stages a
//! list may swap do not depend on each other, and the generators run them in their usual order.
//! A stage turned off or left out does nothing: no tunnels dug (rooms and tunnels), no loops, no
//! roles (and no plan for them), no colours apart.

mod beside;
mod family;
mod join;
mod keep;
mod keep_over;
mod keys;
mod markers;
mod passages;
pub mod record;
mod request;
mod roles;
mod shared_steps;
pub mod stages;
mod tiles;
pub mod vaults;

/// Each family's folder, a module of its own (`generate/<family>/`), from the one list.
macro_rules! family_modules {
    (; $($(#[$doc:meta])* $v:ident($m:ident) $sv:ident($st:ident) [$($s:ident),*] [$($u:ident),*],)*) => {
        $(pub mod $m;)*
    };
}
crate::params::family::families!(family_modules);

pub use request::{Made, Request};

use crate::map::Map;
use crate::map::locks::Kept;
use std::fmt;
use std::sync::Arc;

use crate::map::Provenance;
use crate::params::{GeneratorParams, ParamIssue};

/// What a generator built, besides the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub rooms_placed: usize,
    pub rooms_asked: usize,
    /// Why fewer rooms than asked were placed (`None` when all were).
    pub shortfall: Option<Shortfall>,
    /// The role rules that could not be met, and the vaults that found no place, each in a
    /// designer's words (empty when every rule held and every vault was placed); see
    /// [`crate::map::roles`] and [`vaults`].
    pub notes: Vec<String>,
    /// Vaults placed by the vaults stage (rooms beyond `rooms_placed`).
    pub vaults_placed: usize,
}

impl Report {
    /// What a generator built, with no role notes (the roles stage adds them).
    pub fn new(rooms_placed: usize, rooms_asked: usize, shortfall: Option<Shortfall>) -> Report {
        Report { rooms_placed, rooms_asked, shortfall, notes: Vec::new(), vaults_placed: 0 }
    }
}

/// Why a generator placed fewer rooms than asked: the cause, and the whole story with the
/// parameters to change (as the panel labels them) as its `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    pub cause: ShortfallCause,
    detail: Detail,
}

/// The story of a shortfall. The commonest one (rooms and tunnels' overlapping tries, on most
/// maps) is written out only when it is shown, so generating does not format text nobody reads.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Detail {
    Text(String),
    /// `tries` more tries overlapped; the labels of the width, height and room size parameters.
    Overlap {
        tries: usize,
        labels: [&'static str; 3],
    },
}

impl Shortfall {
    /// A shortfall of `cause`, told by `detail`.
    pub fn new(cause: ShortfallCause, detail: impl Into<String>) -> Shortfall {
        Shortfall { cause, detail: Detail::Text(detail.into()) }
    }

    /// Rooms and tunnels: the other `tries` tries overlapped rooms already placed.
    pub(crate) fn overlapped(tries: usize, labels: [&'static str; 3]) -> Shortfall {
        Shortfall { cause: ShortfallCause::Overlap, detail: Detail::Overlap { tries, labels } }
    }
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.detail {
            Detail::Text(text) => f.write_str(text),
            Detail::Overlap { tries, labels: [width, height, size] } => write!(
                f,
                "the other {tries} tries overlapped rooms already placed (raise {width} and {height} or lower \
                 {size} to fit more)"
            ),
        }
    }
}

/// The kinds of reason a generator stops short, for counting over many seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShortfallCause {
    /// Rooms and tunnels: the remaining tries overlapped rooms already placed.
    Overlap,
    /// Grown rooms: a room still had a hole after every regrowth.
    Hole,
    /// Grown rooms: every door of the placed rooms was used or blocked.
    DoorsUsed,
    /// Grown rooms: a room fitted at no free door within the search radius.
    NoFit,
    /// Grown rooms: the placement budget ran out.
    Budget,
}

impl ShortfallCause {
    pub const ALL: [ShortfallCause; 5] = [
        ShortfallCause::Overlap,
        ShortfallCause::Hole,
        ShortfallCause::DoorsUsed,
        ShortfallCause::NoFit,
        ShortfallCause::Budget,
    ];

    /// Its name in CSV files.
    pub const fn key(self) -> &'static str {
        match self {
            ShortfallCause::Overlap => "overlap",
            ShortfallCause::Hole => "hole",
            ShortfallCause::DoorsUsed => "doors_used",
            ShortfallCause::NoFit => "no_fit",
            ShortfallCause::Budget => "budget",
        }
    }

    /// A few words for tables.
    pub const fn label(self) -> &'static str {
        match self {
            ShortfallCause::Overlap => "tries overlapped placed rooms",
            ShortfallCause::Hole => "a room kept a hole",
            ShortfallCause::DoorsUsed => "every door used or blocked",
            ShortfallCause::NoFit => "no free door within reach",
            ShortfallCause::Budget => "placement budget ran out",
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "placed {} of {} rooms", self.rooms_placed, self.rooms_asked)?;
        if self.vaults_placed > 0 {
            write!(f, " and {}", crate::words::count(self.vaults_placed as u64, "vault"))?;
        }
        if let Some(why) = &self.shortfall {
            write!(f, ": {why}")?;
        }
        for note in &self.notes {
            write!(f, "; {note}")?;
        }
        Ok(())
    }
}

/// A generated map and its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub map: Map,
    pub report: Report,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GenError {
    #[error("the parameters cannot be generated:\n{}", list(.0))]
    InvalidParams(Vec<ParamIssue>),
    /// The locks cannot be kept: which one, and what to do.
    #[error("the map cannot be generated around its locks: {0}")]
    Locks(#[from] crate::map::locks::LockConflict),
}

fn list(issues: &[ParamIssue]) -> String {
    issues.iter().map(|i| format!("  - {i}")).collect::<Vec<_>>().join("\n")
}

/// [`generate`], with a recording of every step (a [`Request`] recorded).
pub fn generate_recorded(
    params: &GeneratorParams,
    seed: u64,
) -> Result<(Generated, Option<record::Recording>), GenError> {
    let made = Request::new(params, seed).recorded(true).run()?;
    Ok((made.generated, made.recording))
}

/// The map after the first `steps` of a recording of `params` and `seed`; after all of them,
/// exactly the generated map. `None` for a generator that does not record (every generator
/// does).
pub fn replay(params: &GeneratorParams, seed: u64, all: &[record::Step]) -> Option<Map> {
    replay_keeping(params, seed, None, all)
}

/// [`replay`] of a recording made around `kept` (a [`Request`] keeping `kept` and recorded);
/// with `None`, exactly [`replay`].
pub fn replay_keeping(
    params: &GeneratorParams,
    seed: u64,
    kept: Option<&Arc<Kept>>,
    all: &[record::Step],
) -> Option<Map> {
    // The part beside, the vaults and the markers come after every step of the generator's own
    // stages, and so does the step that keeps the locks.
    let own = all
        .iter()
        .position(|s| matches!(s.stage(), stages::Stage::Beside | stages::Stage::Vaults | stages::Stage::Markers));
    let own = own.unwrap_or(all.len());
    let mut map = match kept {
        Some(kept) => {
            crate::params::on_each!(params, p => family::Generate::replay_around(p, seed, kept, &all[..own]))?
        }
        None => crate::params::on_each!(params, p => family::Generate::replay(p, seed, &all[..own])),
    };
    let locks = kept.filter(|_| all[..own].iter().any(|s| s.stage() == stages::Stage::KeepLocks));
    if let Some(kept) = locks {
        // The locked rooms' markers and tile kinds come back with them.
        map.markers = kept.markers.clone();
        for (p, kind) in &kept.terrain {
            if let Ok(n) = map.add_tile_kind(kind.clone()) {
                map.set_tile_kind(*p, n);
            }
        }
    }
    let mut off = record::Off;
    if let Some(b) = params.beside().filter(|_| all[own..].iter().any(|s| s.stage() == stages::Stage::Beside)) {
        let mut out = Generated { map, report: Report::default() };
        beside::add(b, seed, &mut out, &mut record::Steps::new(&mut off, usize::MAX));
        map = out.map;
    }
    let placed = all[own..].iter().filter(|s| s.stage() == stages::Stage::Vaults).count();
    if placed > 0 {
        let steps = &mut record::Steps::new(&mut off, placed);
        vaults::place(params.vaults(), seed, &mut map, &mut Report::default(), steps);
    }
    if let Some(kept) = locks {
        request::arches_kept(&mut map, kept);
    }
    let full = Request::new(params, seed).keeping(kept.cloned()).run().ok();
    let marked = all[own..].iter().filter(|s| s.stage() == stages::Stage::Markers).count();
    if let Some(full) = full.as_ref().filter(|_| marked > 0) {
        // Markers go by the roles the finished map has (roles are not steps of their own).
        for (room, done) in map.rooms.iter_mut().zip(&full.generated.map.rooms) {
            room.role = done.role;
        }
        let steps = &mut record::Steps::new(&mut off, marked);
        markers::place(params.markers(), seed, &mut map, &mut Report::default(), steps);
    }
    // Rooms in the colours the finished map gives them (its neighbour pass sees corridors dug
    // later), so that a room keeps its colour from the step that places it to the end.
    if let Some(full) = &full {
        for (room, done) in map.rooms.iter_mut().zip(&full.generated.map.rooms) {
            room.colour = done.colour;
        }
    }
    map.provenance = Provenance { params: Some(params.clone()), seed, edited: false, kept: kept.cloned() };
    Some(map)
}

/// Prepares `kept` for generating with `params`, as the first generation around them does: many
/// generations around them, on many threads, then share one preparation. Fails naming the lock
/// that cannot be kept.
pub fn prepare_keeping(params: &GeneratorParams, kept: &Kept) -> Result<(), GenError> {
    if !kept.is_empty() {
        crate::params::on_each!(params, p => family::Generate::prepare_locks(p, kept))?;
    }
    Ok(())
}

/// Generates the map for `params` and `seed` around `kept` when there are locks, else as
/// [`generate`] does (a [`Request`] keeping `kept`): what every view that makes a seed's map
/// (regeneration, thumbnails, sweeps, compare panes) calls.
pub fn generate_around(params: &GeneratorParams, seed: u64, kept: Option<&Arc<Kept>>) -> Result<Generated, GenError> {
    Ok(Request::new(params, seed).keeping(kept.cloned()).run()?.generated)
}

/// Generates the map for `params` and `seed` around `kept` (a [`Request`] keeping `kept`). The
/// map's provenance records `kept`, so the same inputs make the same map again. With nothing
/// kept, exactly [`generate`]. Fails on invalid parameters, or naming the lock that cannot be
/// kept.
pub fn generate_keeping(params: &GeneratorParams, seed: u64, kept: &Arc<Kept>) -> Result<Generated, GenError> {
    generate_around(params, seed, Some(kept))
}

/// Generates the map for `params` and `seed` (a plain [`Request`]). The same inputs give the
/// same map on every run and machine. Fails only on invalid parameters (every issue listed);
/// always terminates.
pub fn generate(params: &GeneratorParams, seed: u64) -> Result<Generated, GenError> {
    Ok(Request::new(params, seed).run()?.generated)
}
