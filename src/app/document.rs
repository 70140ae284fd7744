//! The document the editor shows: one map, where it came from, whether it has unsaved changes, and a
//! revision counter that every view keys its caches on.
//!
//! The map sits behind an [`Arc`] so background jobs (PNG export, thumbnails) can read it without a
//! copy; edits go through [`Document::edit`], which copies on write, bumps the revision and marks
//! the document dirty. Nothing here knows about egui.

use crate::generate::Report;
use crate::geom::{Grid, Pos, Rect};
use crate::map::metrics::Metrics;
use crate::map::{Map, Tile};
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
}

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
        Self {
            map: Arc::new(map),
            index: Arc::new(index),
            revision: next_revision(),
            path,
            dirty: false,
            origin,
            saved: None,
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
        self.dirty = true;
        out
    }

    /// Sets one tile by hand; false (and nothing changes) outside the map or when it already is.
    pub fn set_tile(&mut self, p: Pos, tile: Tile) -> bool {
        if self.map.tile(p).is_none_or(|t| t == tile) {
            return false;
        }
        self.edit(|m| m.set_tile(p, tile))
    }
}
