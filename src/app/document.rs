//! The document the editor shows: one map, where it came from, whether it has unsaved changes, and a
//! revision counter that every view keys its caches on.
//!
//! The map sits behind an [`Arc`] so background jobs (PNG export, thumbnails) can read it without a
//! copy; edits go through [`Document::edit`], which copies on write, bumps the revision and marks
//! the document dirty. Nothing here knows about egui.

use crate::edit::{self, Changes, Edit, EditError, History, Op};
use crate::generate::Report;
use crate::geom::{Grid, Pos, Rect};
use crate::map::metrics::Metrics;
use crate::map::{Map, Problem, Tile};
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

/// Lookups derived from a map, built once per revision (off the UI thread for new maps): which
/// room and corridor covers each tile, room bounds for culling, and the key figures.
#[derive(Clone, Debug)]
pub struct MapIndex {
    /// Index into `map.rooms` of the room covering each tile, or `u32::MAX`.
    pub room_at: Grid<u32>,
    /// Index into `map.corridors` of the (first) corridor covering each tile, or `u32::MAX`.
    pub corridor_at: Grid<u32>,
    /// Bounding rectangle of each room's floor, in `map.rooms` order.
    pub room_bounds: Vec<Option<Rect>>,
    pub metrics: Metrics,
}

impl MapIndex {
    pub fn build(map: &Map) -> MapIndex {
        let mut corridor_at = Grid::new(map.width(), map.height(), u32::MAX);
        for (i, c) in map.corridors.iter().enumerate() {
            c.for_each_cell(|p| {
                if corridor_at.get(p) == Some(&u32::MAX) {
                    corridor_at.set(p, i as u32);
                }
            });
        }
        MapIndex {
            room_at: map.room_index_grid(),
            corridor_at,
            room_bounds: map.rooms.iter().map(|r| r.shape.bounds()).collect(),
            metrics: Metrics::of(map),
        }
    }

    /// Index (in `map.rooms`) of the room at `p`.
    pub fn room_index(&self, p: Pos) -> Option<usize> {
        self.room_at.get(p).filter(|i| **i != u32::MAX).map(|i| *i as usize)
    }

    /// Index (in `map.corridors`) of the corridor at `p`.
    pub fn corridor_index(&self, p: Pos) -> Option<usize> {
        self.corridor_at.get(p).filter(|i| **i != u32::MAX).map(|i| *i as usize)
    }
}

/// How the current map came to be.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Generated in this session.
    Generated { report: Report, elapsed: Duration },
    /// Read from a file.
    Opened,
}

/// The map being edited, with its file, revision and unsaved-changes flag.
#[derive(Clone, Debug)]
pub struct Document {
    map: Arc<Map>,
    index: Arc<MapIndex>,
    revision: u64,
    path: Option<PathBuf>,
    dirty: bool,
    origin: Origin,
    /// The map as last read from or written to `path`, for "is the regenerated map the same?".
    saved: Option<Arc<Map>>,
    /// Undo/redo of hand edits (never saved).
    history: History,
    /// The newest undo step is still growing (a brush stroke in progress).
    open_step: bool,
    /// `validate()` of the map, refreshed when an edit ends.
    problems: Arc<Vec<Problem>>,
    /// Tile rectangles changed at each revision since `tiles_base`, for incremental texture updates.
    damage: VecDeque<(u64, Rect)>,
    /// Views must rebuild everything for revisions before this one.
    tiles_base: u64,
}

/// How many damage rectangles a document remembers.
const DAMAGE_LOG: usize = 256;

impl Document {
    /// A freshly generated map: no file, nothing unsaved (the parameters and seed reproduce it).
    pub fn generated(map: Map, index: MapIndex, report: Report, elapsed: Duration) -> Self {
        Self::with(map, index, None, Origin::Generated { report, elapsed })
    }

    /// A map read from `path`.
    pub fn opened(map: Map, index: MapIndex, path: PathBuf) -> Self {
        let mut d = Self::with(map, index, Some(path), Origin::Opened);
        d.saved = Some(d.map.clone());
        d
    }

    /// A map with its index built here (on the calling thread).
    pub fn from_map(map: Map) -> Self {
        let index = MapIndex::build(&map);
        Self::with(map, index, None, Origin::Opened)
    }

    fn with(map: Map, index: MapIndex, path: Option<PathBuf>, origin: Origin) -> Self {
        let revision = next_revision();
        let problems = Arc::new(map.validate());
        Self {
            map: Arc::new(map),
            index: Arc::new(index),
            revision,
            path,
            dirty: false,
            origin,
            saved: None,
            history: History::default(),
            open_step: false,
            problems,
            damage: VecDeque::new(),
            tiles_base: revision,
        }
    }

    /// Takes over `old`'s undo history, adding one step that brings `old`'s map back (for
    /// regenerating or opening over an edited map). The new map itself has no unsaved changes;
    /// undoing back to the old map makes the document dirty.
    pub fn inherit_history(&mut self, old: Document, label: &str) {
        self.history = old.history;
        let old_map = Arc::try_unwrap(old.map).unwrap_or_else(|m| (*m).clone());
        self.history.push(label.to_string(), Edit::ReplaceMap(Box::new(old_map)));
    }

    /// Whether there is anything to undo or redo (hand edits were made in this session).
    pub fn has_history(&self) -> bool {
        self.history.can_undo() || self.history.can_redo()
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Problems `validate()` found after the last finished edit.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The tile rectangles changed since `revision`, or `None` when a view must rebuild everything.
    pub fn damage_since(&self, revision: u64) -> Option<Vec<Rect>> {
        if revision < self.tiles_base || revision > self.revision {
            return None;
        }
        Some(self.damage.iter().filter(|(r, _)| *r > revision).map(|(_, rect)| *rect).collect())
    }

    /// Applies a designer operation as one undo step (or, with `merge`, as part of the open step:
    /// a brush stroke in progress). Returns notes for the user.
    pub fn perform(&mut self, op: Op, merge: bool) -> Result<Vec<String>, EditError> {
        let label = op.label();
        let map = Arc::make_mut(&mut self.map);
        let done = edit::perform(map, op)?;
        if merge && self.open_step {
            self.history.merge_into_last(done.inverse);
        } else {
            self.history.push(label, done.inverse);
        }
        self.open_step = merge;
        self.changed(done.changes, !merge);
        Ok(done.notes)
    }

    /// Ends the open step (the stroke or drag is over): refreshes the figures and problems.
    pub fn end_step(&mut self) {
        if std::mem::take(&mut self.open_step) {
            self.refresh();
        }
    }

    pub fn undo(&mut self) -> Option<Result<(), EditError>> {
        self.end_step();
        let map = Arc::make_mut(&mut self.map);
        let r = self.history.undo(map)?;
        Some(r.map(|ch| self.changed(ch, true)))
    }

    pub fn redo(&mut self) -> Option<Result<(), EditError>> {
        self.end_step();
        let map = Arc::make_mut(&mut self.map);
        let r = self.history.redo(map)?;
        Some(r.map(|ch| self.changed(ch, true)))
    }

    /// Undoes or redoes until `undo_len` steps are left to undo.
    pub fn jump_to(&mut self, undo_len: usize) -> Result<(), EditError> {
        self.end_step();
        let map = Arc::make_mut(&mut self.map);
        let mut all = Changes::default();
        while self.history.undo_len() > undo_len {
            match self.history.undo(map) {
                Some(r) => all.merge(r?),
                None => break,
            }
        }
        while self.history.undo_len() < undo_len {
            match self.history.redo(map) {
                Some(r) => all.merge(r?),
                None => break,
            }
        }
        self.changed(all, true);
        Ok(())
    }

    fn changed(&mut self, ch: Changes, refresh: bool) {
        self.revision = next_revision();
        self.dirty = true;
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
        if ch.structure || ch.replaced {
            self.index = Arc::new(MapIndex::build(&self.map));
        } else if refresh {
            Arc::make_mut(&mut self.index).metrics = Metrics::of(&self.map);
        }
        if refresh {
            self.problems = Arc::new(self.map.validate());
        }
    }

    fn refresh(&mut self) {
        Arc::make_mut(&mut self.index).metrics = Metrics::of(&self.map);
        self.problems = Arc::new(self.map.validate());
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

    /// Whether there are changes that only exist in memory (hand edits since the last save).
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The map as last saved to or read from [`Self::path`].
    pub fn saved_map(&self) -> Option<&Map> {
        self.saved.as_deref()
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
        self.dirty = false;
        self.saved = Some(self.map.clone());
    }

    /// Changes the map by hand: copies it if a job still reads it, bumps the revision, marks the
    /// document dirty and the map's provenance as edited, and rebuilds the lookups.
    pub fn edit<R>(&mut self, f: impl FnOnce(&mut Map) -> R) -> R {
        let map = Arc::make_mut(&mut self.map);
        let out = f(map);
        map.provenance.edited = true;
        self.index = Arc::new(MapIndex::build(map));
        self.revision = next_revision();
        self.tiles_base = self.revision;
        self.problems = Arc::new(self.map.validate());
        self.dirty = true;
        out
    }

    /// Sets one tile by hand; false (and nothing changes) outside the map or when it already is.
    pub fn set_tile(&mut self, p: Pos, tile: Tile) -> bool {
        if self.map.tile(p).is_none_or(|t| t == tile) {
            return false;
        }
        self.perform(Op::Paint { cells: vec![p], tile }, false).is_ok()
    }
}
