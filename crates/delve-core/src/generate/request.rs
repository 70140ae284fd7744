//! The one way to generate: a [`Request`] names everything that fixes a map — the parameters,
//! the seed, the locks to keep — and whether to record the steps. [`super::generate`],
//! [`super::generate_around`], [`super::generate_keeping`] and [`super::generate_recorded`] are
//! conveniences over it.

use super::family::Generate;
use super::{GenError, Generated, beside, markers, record, roles, vaults};
use crate::map::locks::Kept;
use crate::map::locks::LockConflict;
use crate::map::{Provenance, Role};
use crate::params::on_each;
use crate::params::stages::Stage;
use crate::params::{GeneratorParams, RoleRules};
use std::borrow::Cow;
use std::sync::Arc;

/// What to generate. The same request gives the same map on every run, machine, thread count
/// and language.
///
/// ```
/// use delve_core::generate::Request;
/// use delve_core::io::preset_from;
/// use delve_core::rng::seed_from_text;
///
/// let preset = preset_from("godot-part3")?; // a shipped name, a file, or RON text
/// let made = Request::new(&preset.generator, seed_from_text("7")).run()?;
/// assert!(made.generated.map.validate().is_empty());
/// assert!(made.recording.is_none());
///
/// // Recorded: every step, to replay the map as it was made.
/// let made = Request::new(&preset.generator, 7).recorded(true).run()?;
/// assert!(made.recording.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Request<'p> {
    params: &'p GeneratorParams,
    seed: u64,
    kept: Option<Arc<Kept>>,
    record: bool,
    defer_colours: bool,
}

/// A generated map, its report, and its recording when one was asked for.
#[derive(Clone, Debug)]
pub struct Made {
    pub generated: Generated,
    /// Every step, when the request asked for it (around locks too).
    pub recording: Option<record::Recording>,
}

impl<'p> Request<'p> {
    /// The map of `params` and `seed`, with nothing kept and nothing recorded.
    pub fn new(params: &'p GeneratorParams, seed: u64) -> Self {
        Request { params, seed, kept: None, record: false, defer_colours: false }
    }

    /// Generates around `kept` (see [`crate::map::locks`]): every kept room exactly (cells,
    /// doors, colour, label, lock), every kept corridor and locked tile; the rest made by the
    /// generator. `None` or an empty set keeps nothing.
    pub fn keeping(mut self, kept: Option<Arc<Kept>>) -> Self {
        self.kept = kept.filter(|k| !k.is_empty());
        self
    }

    /// Records every step of the generation (not around locks).
    pub fn recorded(mut self, record: bool) -> Self {
        self.record = record;
        self
    }

    /// Leaves the room colours as the generator drew them, for a caller that may never show
    /// them: before they are shown, [`crate::map::palette::separate_neighbours`] gives them
    /// what [`Request::run`] otherwise gives (the Python package does so on first read).
    pub fn deferring_colours(mut self, defer: bool) -> Self {
        self.defer_colours = defer;
        self
    }

    /// Generates. Fails on invalid parameters (every issue listed) or naming the lock that
    /// cannot be kept; always terminates.
    pub fn run(&self) -> Result<Made, GenError> {
        let issues = self.params.check();
        if !issues.is_empty() {
            return Err(GenError::InvalidParams(issues));
        }
        let seed = self.seed;
        let params = &*running(self.params);
        let mut made = match &self.kept {
            Some(kept) if self.record => {
                let mut rec = record::Recording::default();
                Made { generated: self.keeping_locks(params, kept, &mut rec)?, recording: Some(rec) }
            }
            Some(kept) => Made { generated: self.keeping_locks(params, kept, &mut record::Off)?, recording: None },
            None if self.record => {
                let mut rec = record::Recording::default();
                let (mut out, treasure) = own_stages(params, seed, &mut rec);
                lay_beside(params, seed, &mut out, &mut rec);
                place_vaults(params, seed, &mut out, &mut rec);
                roles::assign(params.roles(), treasure, &mut out);
                place_markers(params, seed, &mut out, &mut rec);
                Made { generated: out, recording: Some(rec) }
            }
            None => {
                let (mut out, treasure) = own_stages(params, seed, &mut record::Off);
                lay_beside(params, seed, &mut out, &mut record::Off);
                place_vaults(params, seed, &mut out, &mut record::Off);
                roles::assign(params.roles(), treasure, &mut out);
                place_markers(params, seed, &mut out, &mut record::Off);
                Made { generated: out, recording: None }
            }
        };
        if let Some((stage, note)) = on_each!(params, p => joins(p))
            && !params.stages().runs(stage)
        {
            made.generated.report.notes.push(note.into());
        }
        // Neighbouring rooms in colours told apart at a glance (locked rooms keep theirs).
        if !self.defer_colours && params.stages().runs(Stage::ColoursApart) {
            crate::map::palette::separate_neighbours(&mut made.generated.map);
        }
        made.generated.map.provenance =
            Provenance { params: Some(self.params.clone()), seed, edited: false, kept: self.kept.clone() };
        Ok(made)
    }

    /// The map around `kept`, its roles as for any map but a locked room keeping its own (and a
    /// role only one room holds staying with the locked room that has it).
    /// `params` are the ones the stages run with ([`running`]).
    fn keeping_locks(
        &self,
        params: &GeneratorParams,
        kept: &Arc<Kept>,
        rec: &mut impl record::Recorder,
    ) -> Result<Generated, GenError> {
        let seed = self.seed;
        if params.beside().is_some() && params.stages().runs(Stage::Beside) {
            return Err(LockConflict::Unsupported(BESIDE_NOT_YET.into()).into());
        }
        let (mut out, treasure) = on_each!(params, p => p.around_locks(seed, kept, rec))?;
        place_vaults(params, seed, &mut out, rec);
        roles::assign(params.roles(), treasure, &mut out);
        let locked: Vec<Role> = kept.rooms.iter().filter_map(|r| r.role).collect();
        for room in &mut out.map.rooms {
            if room.locked {
                room.role = kept.rooms.iter().find(|k| k.shape == room.shape).and_then(|k| k.role);
            } else if room.role.is_some_and(|r| r != Role::Side && locked.contains(&r)) {
                room.role = None;
            }
        }
        arches_kept(&mut out.map, kept);
        // Locked rooms keep their markers and tile kinds, as they are; new ones go elsewhere.
        out.map.markers = kept.markers.clone();
        for (p, kind) in &kept.terrain {
            if let Ok(n) = out.map.add_tile_kind(kind.clone()) {
                out.map.set_tile_kind(*p, n);
            }
        }
        place_markers(params, seed, &mut out, rec);
        Ok(out)
    }
}

/// A locked room's arches stay arches, whichever way the family laid its doors again; and, a
/// tile being one door to a player, a door of a room made around the locks on the tile of a
/// locked room's arch is an arch too. (Locked and secret doors are left to the keys and
/// openings stages, which draw them anew.)
pub(super) fn arches_kept(map: &mut crate::map::Map, kept: &Kept) {
    use crate::map::Opening;
    let locked: Vec<bool> = map.rooms.iter().map(|r| r.locked).collect();
    let is_locked = |room: u32| locked.get(room as usize).copied().unwrap_or(false);
    let place = |d: &crate::map::Door| (d.cell.y, d.cell.x, d.outside().y, d.outside().x);
    let arches: std::collections::BTreeSet<_> =
        kept.doors.iter().filter(|d| d.opening == Opening::Arch).map(place).collect();
    for d in map.doors.iter_mut().filter(|d| is_locked(d.room) && arches.contains(&place(d))) {
        d.opening = Opening::Arch;
    }
    let arch_tiles: std::collections::BTreeSet<(i32, i32)> = map
        .doors
        .iter()
        .filter(|d| is_locked(d.room) && d.opening == Opening::Arch)
        .map(|d| (d.outside().y, d.outside().x))
        .collect();
    for d in map.doors.iter_mut().filter(|d| !is_locked(d.room) && d.opening == Opening::Door) {
        if arch_tiles.contains(&(d.outside().y, d.outside().x)) {
            d.opening = Opening::Arch;
        }
    }
}

/// The generator's own stages (not the part beside, vaults, roles or colours apart) for
/// `params` (already as they run: [`running`]) and `seed`, each step told to `rec`; grown rooms also
/// say which room they grew as the treasure.
pub(super) fn own_stages(
    params: &GeneratorParams,
    seed: u64,
    rec: &mut impl record::Recorder,
) -> (Generated, Option<usize>) {
    on_each!(params, p => p.own_stages(seed, rec))
}

/// The part-beside stage, after the generator's own (when the stage list runs it).
fn lay_beside(params: &GeneratorParams, seed: u64, out: &mut Generated, rec: &mut impl record::Recorder) {
    if let Some(b) = params.beside().filter(|_| params.stages().runs(Stage::Beside)) {
        beside::add(b, seed, out, &mut record::Steps::new(rec, usize::MAX));
    }
}

/// Why a map with a part beside cannot be generated around locks.
const BESIDE_NOT_YET: &str = "a map with a part beside cannot keep locked rooms or tiles yet: unlock them, or take the \
                              part beside out, to generate the map again";

/// The vaults stage, after the generator's own (when the stage list runs it).
fn place_vaults(params: &GeneratorParams, seed: u64, out: &mut Generated, rec: &mut impl record::Recorder) {
    if params.stages().runs(Stage::Vaults) {
        let steps = &mut record::Steps::new(rec, usize::MAX);
        vaults::place(params.vaults(), seed, &mut out.map, &mut out.report, steps);
    }
}

/// The markers stage, after the roles (when the stage list runs it).
fn place_markers(params: &GeneratorParams, seed: u64, out: &mut Generated, rec: &mut impl record::Recorder) {
    if params.stages().runs(Stage::Markers) {
        let steps = &mut record::Steps::new(rec, usize::MAX);
        markers::place(params.markers(), seed, &mut out.map, &mut out.report, steps);
    }
}

/// The parameters the generator runs with: a stage turned off or left out does nothing (no
/// loops, no roles); the others' parameters as they are. The standard list, as they are.
pub(super) fn running(params: &GeneratorParams) -> Cow<'_, GeneratorParams> {
    let stages = params.stages();
    if stages.is_standard() {
        return Cow::Borrowed(params);
    }
    let mut run = params.clone();
    if !stages.runs(Stage::Roles) {
        *run.roles_mut() = RoleRules::default();
    }
    on_each!(&mut run, p => p.running(stages));
    Cow::Owned(run)
}

/// The note a family gives when its stage that joins the rooms is off.
fn joins<F: Generate>(_: &F) -> Option<(Stage, &'static str)> {
    F::JOINS
}
