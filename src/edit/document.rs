//! The document the editor shows: one map, where it came from, its undo history and the position
//! it was saved at, and a revision counter that every view keys its caches on. Nothing here knows
//! about egui.
//!
//! The map sits behind an [`Arc`] so background jobs (PNG export, thumbnails) can read it without a
//! copy; edits go through [`Document::perform`], which copies on write and bumps the revision.
//! "Unsaved" is derived: the history names each state with a serial, and the document remembers
//! the serial it was saved (or read, or generated) at.
//!
//! The map's problems and figures come from a [`Checker`] that the document keeps with the damage
//! done since it last looked. Brought up to date it redoes only what the edits touched (a few
//! milliseconds after a stroke on a 4096×4096 map), and even that is not done on the editing
//! thread: [`Document::check_request`] hands the checker out with the map and the damage
//! ([`Check::run`]), and [`Document::checked`] takes it back with the answer, dropping the answer
//! when the map has changed since.

use crate::edit::{self, Changes, EditError, History, Interaction, Op};
use crate::generate::Report;
use crate::geom::{Grid, Pos, Rect};
use crate::map::check::{Checker, Damage};
use crate::map::metrics::Figures;
use crate::map::{Corridor, CorridorId, Map, Problem, RoomId};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Revisions are unique across all documents of a run, so a cache keyed by revision can never
/// confuse two maps.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// Lookups derived from a map, kept up to date when its rooms, doors or corridors change (built
/// off the UI thread for new maps): which room and corridor covers each tile, and room bounds for
/// culling.
#[derive(Clone, Debug)]
pub struct MapIndex {
    /// Index into `map.rooms` of the room covering each tile (the later room where rooms
    /// overlap), or `u32::MAX`.
    pub room_at: Grid<u32>,
    /// Index into `map.corridors` of the (first) corridor covering each tile, or `u32::MAX`.
    pub corridor_at: Grid<u32>,
    /// Bounding rectangle of each room's floor, in `map.rooms` order.
    pub room_bounds: Vec<Option<Rect>>,
    /// Bounding rectangle of each corridor's tiles, in `map.corridors` order.
    corridor_bounds: Vec<Option<Rect>>,
    /// The ids the lookups were made for, in list order.
    room_ids: Vec<RoomId>,
    corridor_ids: Vec<CorridorId>,
}

impl MapIndex {
    pub fn build(map: &Map) -> MapIndex {
        let mut index = MapIndex {
            room_at: Grid::new(0, 0, NO_ITEM),
            corridor_at: Grid::new(0, 0, NO_ITEM),
            room_bounds: Vec::new(),
            corridor_bounds: Vec::new(),
            room_ids: Vec::new(),
            corridor_ids: Vec::new(),
        };
        index.rebuild_rooms(map);
        index.rebuild_corridors(map);
        index
    }

    /// Brings the lookups up to date after rooms, doors or corridors changed on the tiles of
    /// `damage` (which holds every tile they covered before and cover now). While rooms and
    /// corridors keep their places in their lists (moved, re-routed, re-labelled, new ones at the
    /// end), only `damage` is redone; otherwise the lookups are built again.
    pub fn update(&mut self, map: &Map, damage: Option<Rect>) {
        let same_size = (map.width(), map.height()) == (self.room_at.width(), self.room_at.height());
        let area = damage.and_then(|d| d.intersection(&map.tiles().bounds()));
        let kept = |old: &[u32], new: &mut dyn Iterator<Item = u32>| {
            let new: Vec<u32> = new.collect();
            (same_size && old.len() <= new.len() && new[..old.len()] == *old).then_some(new)
        };
        match kept(&self.room_ids, &mut map.rooms.iter().map(|r| r.id)) {
            Some(ids) => self.update_rooms(map, area, ids),
            None => self.rebuild_rooms(map),
        }
        match kept(&self.corridor_ids, &mut map.corridors.iter().map(|c| c.id)) {
            Some(ids) => self.update_corridors(map, area, ids),
            None => self.rebuild_corridors(map),
        }
    }

    fn rebuild_rooms(&mut self, map: &Map) {
        self.room_at = map.room_index_grid();
        self.room_bounds = map.rooms.iter().map(|r| r.shape.bounds()).collect();
        self.room_ids = map.rooms.iter().map(|r| r.id).collect();
    }

    fn rebuild_corridors(&mut self, map: &Map) {
        self.corridor_at = Grid::new(map.width(), map.height(), NO_ITEM);
        self.corridor_bounds = map.corridors.iter().map(corridor_bounds).collect();
        self.corridor_ids = map.corridors.iter().map(|c| c.id).collect();
        let all = self.corridor_at.bounds();
        self.paint_corridors(map, all);
    }

    fn update_rooms(&mut self, map: &Map, area: Option<Rect>, ids: Vec<RoomId>) {
        let old = self.room_ids.len();
        self.room_bounds.extend(map.rooms[old..].iter().map(|r| r.shape.bounds()));
        self.room_ids = ids;
        let Some(area) = area else { return };
        for (b, r) in self.room_bounds[..old].iter_mut().zip(&map.rooms) {
            if b.is_some_and(|b| b.intersects(&area)) {
                *b = r.shape.bounds();
            }
        }
        self.room_at.fill_rect(area, NO_ITEM);
        for (i, r) in map.rooms.iter().enumerate() {
            if self.room_bounds[i].is_some_and(|b| b.intersects(&area)) {
                r.shape.for_each_cell_in(area, |p| {
                    self.room_at.set(p, i as u32);
                });
            }
        }
    }

    fn update_corridors(&mut self, map: &Map, area: Option<Rect>, ids: Vec<CorridorId>) {
        let old = self.corridor_ids.len();
        self.corridor_bounds.extend(map.corridors[old..].iter().map(corridor_bounds));
        self.corridor_ids = ids;
        let Some(area) = area else { return };
        for (b, c) in self.corridor_bounds[..old].iter_mut().zip(&map.corridors) {
            if b.is_some_and(|b| b.intersects(&area)) {
                *b = corridor_bounds(c);
            }
        }
        self.corridor_at.fill_rect(area, NO_ITEM);
        self.paint_corridors(map, area);
    }

    /// Marks the tiles of `area` that corridors cover (the first corridor wins); `area` is clear.
    fn paint_corridors(&mut self, map: &Map, area: Rect) {
        for (i, c) in map.corridors.iter().enumerate() {
            if !self.corridor_bounds[i].is_some_and(|b| b.intersects(&area)) {
                continue;
            }
            c.for_each_cell(|p| {
                if area.contains(p) && self.corridor_at.get(p) == Some(&NO_ITEM) {
                    self.corridor_at.set(p, i as u32);
                }
            });
        }
    }

    /// Index (in `map.rooms`) of the room at `p`.
    pub fn room_index(&self, p: Pos) -> Option<usize> {
        self.room_at.get(p).filter(|i| **i != NO_ITEM).map(|i| *i as usize)
    }

    /// Index (in `map.corridors`) of the corridor at `p`.
    pub fn corridor_index(&self, p: Pos) -> Option<usize> {
        self.corridor_at.get(p).filter(|i| **i != NO_ITEM).map(|i| *i as usize)
    }
}

/// No room or corridor on a tile.
const NO_ITEM: u32 = u32::MAX;

fn corridor_bounds(c: &Corridor) -> Option<Rect> {
    let mut cells = Vec::new();
    c.for_each_cell(|p| cells.push(p));
    Rect::bounding(cells)
}

/// How the current map came to be.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Generated in this session.
    Generated { report: Report, elapsed: Duration },
    /// Read from a file.
    Opened,
}

/// The map being edited, with its file, revision, history and saved position.
#[derive(Debug)]
pub struct Document {
    map: Arc<Map>,
    index: Arc<MapIndex>,
    revision: u64,
    path: Option<PathBuf>,
    origin: Origin,
    /// How the map of each state a regeneration left or reached came to be, so that undo and
    /// redo across a regeneration bring back its report with it.
    origins: Vec<(u64, Origin)>,
    /// The map as last read from or written to `path`, for "is the regenerated map the same?".
    saved: Option<Arc<Map>>,
    /// Undo/redo of hand edits (never saved).
    history: History,
    /// [`History::serial`]s of the states with nothing unsaved: the one saved or read, or (without
    /// a file) the ones generated and not edited since.
    clean: Vec<u64>,
    /// The last answered check: problems and figures of the map at `checked_revision`.
    problems: Arc<Vec<Problem>>,
    figures: Figures,
    checked_revision: u64,
    /// The checker, between checks (`None` while one is out, or when it must start afresh).
    checker: Option<Box<Checker>>,
    /// What changed since the checker last saw the map.
    unchecked: Damage,
    /// A check is out for `requested_revision`.
    check_out: bool,
    requested_revision: u64,
    /// Tile rectangles changed at each revision since `tiles_base`, for incremental texture updates.
    damage: VecDeque<(u64, Rect)>,
    /// Views must rebuild everything for revisions before this one.
    tiles_base: u64,
}

/// How many damage rectangles a document remembers.
const DAMAGE_LOG: usize = 256;

/// A document's checker, handed out to bring up to date away from the editing thread, with the
/// map (shared, not copied: the update reads only what the damage names and lets go of the map at
/// once; an edit made meanwhile copies the map, as `Arc::make_mut` does).
pub struct Check {
    revision: u64,
    map: Arc<Map>,
    checker: Box<Checker>,
    damage: Damage,
}

/// The answer to a [`Check`]: the problems and key figures of the map at `revision`, and the
/// checker going home.
#[derive(Clone, Debug)]
pub struct Checked {
    pub revision: u64,
    pub problems: Vec<Problem>,
    pub figures: Figures,
    checker: Box<Checker>,
}

impl Check {
    /// The revision this check answers.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Brings the checker up to date with the map and reads its answer.
    pub fn run(self) -> Checked {
        let Check { revision, map, mut checker, damage } = self;
        checker.update(&map, &damage);
        drop(map);
        Checked { revision, problems: checker.problems(), figures: checker.figures(), checker }
    }
}

impl Document {
    /// A freshly generated map: no file, nothing unsaved (the parameters and seed reproduce it).
    /// `index` and `checker` were made for `map` (on a worker).
    pub fn generated(map: Map, index: MapIndex, checker: Checker, report: Report, elapsed: Duration) -> Self {
        Self::with(map, index, Some(checker), None, Origin::Generated { report, elapsed })
    }

    /// A map read from `path`.
    pub fn opened(map: Map, index: MapIndex, checker: Checker, path: PathBuf) -> Self {
        let mut d = Self::with(map, index, Some(checker), Some(path), Origin::Opened);
        d.saved = Some(d.map.clone());
        d
    }

    /// A map brought back from a crash-recovery copy, belonging to `path` if it had a file: it
    /// has unsaved changes (no state of its history is the saved one) until it is saved.
    pub fn recovered(map: Map, path: Option<PathBuf>) -> Self {
        let mut d = Self::from_map(map);
        d.path = path;
        d.clean.clear();
        d
    }

    /// A new map (*File ▸ New*): no file, nothing unsaved. `index` and `checker` were made for
    /// `map` (on a worker).
    pub fn from_parts(map: Map, index: MapIndex, checker: Checker) -> Self {
        Self::with(map, index, Some(checker), None, Origin::Opened)
    }

    /// A map with its index and check made here (on the calling thread).
    pub fn from_map(map: Map) -> Self {
        let index = MapIndex::build(&map);
        let checker = Checker::new(&map);
        Self::with(map, index, Some(checker), None, Origin::Opened)
    }

    /// A map to look at, not to edit or check (a step of the generation timeline): its index,
    /// and no problems or figures, so making it costs no check.
    pub fn preview(map: Map) -> Self {
        let index = MapIndex::build(&map);
        Self::with(map, index, None, None, Origin::Opened)
    }

    fn with(map: Map, index: MapIndex, checker: Option<Checker>, path: Option<PathBuf>, origin: Origin) -> Self {
        let revision = next_revision();
        let history = History::default();
        Self {
            map: Arc::new(map),
            index: Arc::new(index),
            revision,
            path,
            origin,
            origins: Vec::new(),
            saved: None,
            clean: vec![history.serial()],
            history,
            problems: Arc::new(checker.as_ref().map(Checker::problems).unwrap_or_default()),
            figures: checker.as_ref().map(Checker::figures).unwrap_or_default(),
            checked_revision: revision,
            checker: checker.map(Box::new),
            unchecked: Damage::default(),
            check_out: false,
            requested_revision: 0,
            damage: VecDeque::new(),
            tiles_base: revision,
        }
    }

    /// Makes this new map (a regeneration) the next state of `old`, the same document: it keeps
    /// `old`'s file, saved state and undo history, with one step labelled `label` that brings
    /// `old`'s map back (a step labelled the same just before joins it, see
    /// [`History::push_replacement`]). A document without a file that had nothing unsaved has
    /// nothing unsaved after (its parameters and seed reproduce the map), and neither has one whose
    /// new map is its file's; otherwise the map now differs from what was saved, and undoing back
    /// makes it clean again. The same map as `old`'s is no step at all.
    pub fn inherit_history(&mut self, old: Document, label: &str) {
        self.inherit_history_in(old, label, None);
    }

    /// [`Self::inherit_history`] for a regeneration made by `gesture` (a slider drag): the
    /// regenerations of one gesture are one undo step (see [`History::push_replacement`]).
    pub fn inherit_history_in(&mut self, old: Document, label: &str, gesture: Option<Interaction>) {
        let stays_clean = old.path.is_none() && !old.is_dirty();
        let same = self.map == old.map;
        self.origins = old.origins;
        self.origins.retain(|(s, _)| *s != old.history.serial());
        self.origins.push((old.history.serial(), old.origin));
        self.path = old.path;
        self.saved = old.saved;
        self.history = old.history;
        self.clean = old.clean;
        if same {
            // The same map again: no step, the same state (with this generation's report).
            let state = self.history.serial();
            self.origins.retain(|(s, _)| *s != state);
            self.origins.push((state, self.origin.clone()));
            return;
        }
        let old_map = Arc::try_unwrap(old.map).unwrap_or_else(|m| (*m).clone());
        self.history.push_replacement(label.to_string(), old_map, gesture);
        if stays_clean || self.saved.as_ref().is_some_and(|s| *s == self.map) {
            self.clean.push(self.history.serial());
        }
        let reachable: Vec<u64> = self.history.serials().collect();
        self.clean.retain(|s| reachable.contains(s));
        let state = self.history.serial();
        self.origins.retain(|(s, _)| *s != state && reachable.contains(s));
        self.origins.push((state, self.origin.clone()));
    }

    /// How many undo steps lead from the newest state with nothing unsaved to this one (all of
    /// them when Undo cannot reach such a state).
    pub fn unsaved_steps(&self) -> usize {
        let serials: Vec<u64> = self.history.undo_serials().collect();
        let clean = serials.iter().rposition(|s| self.clean.contains(s));
        clean.map_or(self.history.undo_len(), |i| serials.len() - 1 - i)
    }

    /// Names the state the document is in: equal states have equal maps (see
    /// [`History::serial`]).
    pub fn state(&self) -> u64 {
        self.history.serial()
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Problems of the map as last checked (see [`Self::problems_current`]).
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Key figures of the map as last checked.
    pub fn figures(&self) -> &Figures {
        &self.figures
    }

    /// Whether [`Self::problems`] and [`Self::figures`] answer the map as it is now.
    pub fn problems_current(&self) -> bool {
        self.checked_revision == self.revision
    }

    /// The checker to bring up to date, when the last answer is stale, no check is out, and no
    /// gesture is still changing the map. Shares the map (no copy here).
    pub fn check_request(&mut self) -> Option<Check> {
        if self.problems_current() || self.check_out || self.history.open_interaction().is_some() {
            return None;
        }
        Some(self.hand_out_check())
    }

    fn hand_out_check(&mut self) -> Check {
        let checker = self.checker.take().unwrap_or_default();
        self.check_out = true;
        self.requested_revision = self.revision;
        Check { revision: self.revision, map: self.map.clone(), checker, damage: std::mem::take(&mut self.unchecked) }
    }

    /// Takes back the checker of a check this document handed out, and its answer unless the map
    /// has changed since (then false, and the answer is dropped). Answers for other documents
    /// are ignored.
    pub fn checked(&mut self, c: Checked) -> bool {
        if !self.check_out || c.revision != self.requested_revision {
            return false;
        }
        self.check_out = false;
        self.checker = Some(c.checker);
        if c.revision != self.revision {
            return false;
        }
        self.checked_revision = c.revision;
        self.problems = Arc::new(c.problems);
        self.figures = c.figures;
        true
    }

    /// The check that was out never answered (its job failed): the next one starts afresh.
    pub fn check_lost(&mut self) {
        self.check_out = false;
        self.checker = None;
        self.unchecked = Damage::everything();
    }

    /// The document is put away (another floor of a dungeon shown): a check it handed out will
    /// answer nobody, so its next check starts afresh.
    pub fn forget_check(&mut self) {
        if self.check_out {
            self.check_lost();
        }
    }

    /// Checks the map here and now (tests, command-line tools).
    pub fn check_now(&mut self) {
        if self.check_out {
            self.check_lost();
        }
        let c = self.hand_out_check().run();
        self.checked(c);
    }

    /// The tile rectangles changed since `revision`, or `None` when a view must rebuild everything.
    pub fn damage_since(&self, revision: u64) -> Option<Vec<Rect>> {
        if revision < self.tiles_base || revision > self.revision {
            return None;
        }
        Some(self.damage.iter().filter(|(r, _)| *r > revision).map(|(_, rect)| *rect).collect())
    }

    /// Applies a designer operation made by `interaction`: it joins the open undo step when that
    /// step belongs to the same interaction, and opens a new step otherwise. The step stays open
    /// until [`Self::end_step`] with the same id (or another interaction's edit, an undo or a
    /// redo). Returns notes for the user.
    pub fn perform(&mut self, op: Op, interaction: Interaction) -> Result<Vec<String>, EditError> {
        let label = op.label();
        let map = Arc::make_mut(&mut self.map);
        let done = edit::perform(map, op)?;
        self.history.record(label, done.inverse, interaction);
        self.changed(done.changes);
        Ok(done.notes)
    }

    /// One complete edit (a click, a typed value): its own undo step, closed at once.
    pub fn perform_once(&mut self, op: Op) -> Result<Vec<String>, EditError> {
        let i = Interaction::fresh();
        let r = self.perform(op, i);
        self.end_step(i);
        r
    }

    /// Ends `interaction`'s step (the stroke, drag or picker session is over).
    pub fn end_step(&mut self, interaction: Interaction) {
        self.history.close(interaction);
    }

    pub fn undo(&mut self) -> Option<Result<(), EditError>> {
        let map = Arc::make_mut(&mut self.map);
        let r = self.history.undo(map)?;
        self.follow_origin();
        Some(r.map(|ch| self.changed(ch)))
    }

    pub fn redo(&mut self) -> Option<Result<(), EditError>> {
        let map = Arc::make_mut(&mut self.map);
        let r = self.history.redo(map)?;
        self.follow_origin();
        Some(r.map(|ch| self.changed(ch)))
    }

    /// Undoes or redoes until `undo_len` steps are left to undo.
    pub fn jump_to(&mut self, undo_len: usize) -> Result<(), EditError> {
        let map = Arc::make_mut(&mut self.map);
        let mut all = Changes::default();
        let mut result = Ok(());
        while self.history.undo_len() > undo_len {
            match self.history.undo(map) {
                Some(Ok(ch)) => all.merge(ch),
                Some(Err(e)) => {
                    result = Err(e);
                    break;
                }
                None => break,
            }
        }
        while result.is_ok() && self.history.undo_len() < undo_len {
            match self.history.redo(map) {
                Some(Ok(ch)) => all.merge(ch),
                Some(Err(e)) => result = Err(e),
                None => break,
            }
        }
        self.follow_origin();
        self.changed(all);
        result
    }

    /// After undo or redo: the report of the state reached, when a regeneration left or
    /// reached it.
    fn follow_origin(&mut self) {
        let state = self.history.serial();
        if let Some((_, o)) = self.origins.iter().find(|(s, _)| *s == state) {
            self.origin = o.clone();
        }
    }

    /// Bookkeeping after the map changed: a new revision, the damage logs, and the lookups when
    /// rooms, doors or corridors changed. Problems and figures are left to a [`Check`].
    fn changed(&mut self, ch: Changes) {
        self.revision = next_revision();
        self.unchecked.add(ch.tiles, ch.structure, ch.replaced);
        if ch.replaced {
            self.tiles_base = self.revision;
            self.damage.clear();
        } else if let Some(r) = ch.tiles {
            self.damage.push_back((self.revision, r));
            if self.damage.len() > DAMAGE_LOG {
                self.damage.pop_front();
                self.tiles_base = self.damage.front().map_or(self.revision, |(r, _)| *r - 1).max(self.tiles_base);
            }
        }
        if ch.replaced {
            self.index = Arc::new(MapIndex::build(&self.map));
        } else if ch.structure {
            Arc::make_mut(&mut self.index).update(&self.map, ch.tiles);
        }
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    /// A shared handle to the map, for background jobs.
    pub fn map_arc(&self) -> Arc<Map> {
        self.map.clone()
    }

    pub fn index(&self) -> &MapIndex {
        &self.index
    }

    /// Changes on every edit and for every new document; views key their caches on it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The file this document is saved in, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether the map differs from the state it was last saved, read or generated in: derived
    /// from the history position, so undoing back to the saved state clears it and redoing sets it.
    pub fn is_dirty(&self) -> bool {
        !self.clean.contains(&self.history.serial())
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The map as last saved to or read from [`Self::path`].
    pub fn saved_map(&self) -> Option<&Map> {
        self.saved.as_deref()
    }

    /// Whether saving to [`Self::path`] would write a regenerated map over hand edits: the file
    /// holds a map edited by hand, and the map on screen was regenerated since that state (or
    /// comes from a regeneration, when Undo cannot reach the file's state), so it does not hold
    /// those edits.
    pub fn replaces_hand_edits(&self) -> bool {
        if !self.saved.as_ref().is_some_and(|m| m.provenance.edited) || !self.is_dirty() {
            return false;
        }
        let saved = self.history.undo_serials().filter(|s| self.clean.contains(s)).last();
        match saved {
            Some(s) => self.history.regenerated_since(s).unwrap_or(true),
            None => self.history.has_regeneration(),
        }
    }

    /// The name shown in the title bar.
    pub fn display_name(&self) -> String {
        match &self.path {
            Some(p) => p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()),
            None => "untitled".into(),
        }
    }

    /// Records that the map was written to `path` (the map itself is unchanged).
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.clean = vec![self.history.serial()];
        self.saved = Some(self.map.clone());
    }
}
