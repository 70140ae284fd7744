//! Crash recovery of an open dungeon: the copy holds every floor with unsaved changes (the floor
//! on screen and the floors kept in the dungeon alike), with the dungeon's file and preset.
//! Restoring reads the dungeon again (its floors as saved, or as its preset and seed make them)
//! on a worker, puts the copy's floors in place of theirs, each with its changes unsaved, and
//! shows the floor that was on screen.

use super::dungeon::{DungeonDoc, DungeonSource};
use super::jobs::{JobId, JobKind};
use super::{DelveApp, Document};
use crate::io::{self, made::MadeFile};
use crate::map::Map;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A dungeon's unsaved floors, as the recovery file holds them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct DungeonRepr {
    made: MadeFile,
    /// The folder its floor presets are named from.
    base: PathBuf,
    /// Its `dungeon.ron`, once saved.
    path: Option<PathBuf>,
    /// The floor that was on screen.
    on_screen: Option<usize>,
    /// Each unsaved floor: its place in the dungeon, and its map as a map file holds it.
    floors: Vec<(usize, String)>,
}

/// The unsaved floors of the open dungeon, taken on the UI thread (the maps shared, not copied).
#[derive(Clone, Debug)]
pub struct DungeonSnap {
    made: MadeFile,
    base: PathBuf,
    path: Option<PathBuf>,
    on_screen: Option<usize>,
    /// Each unsaved floor: its place, map and revision.
    floors: Vec<(usize, Arc<Map>, u64)>,
}

impl DungeonSnap {
    /// The unsaved floors of `d` (`on_screen`: the document of the floor on screen), and their
    /// unsaved steps in all.
    pub(super) fn of(d: &DungeonDoc, on_screen: Option<&Document>) -> (DungeonSnap, usize) {
        let unsaved = d.unsaved_floors(on_screen);
        let steps = unsaved.iter().map(|(_, _, _, s)| s).sum();
        let floors = unsaved.into_iter().map(|(i, map, revision, _)| (i, map, revision)).collect();
        let snap = DungeonSnap {
            made: d.made.clone(),
            base: d.base.clone(),
            path: d.path.clone(),
            on_screen: d.current,
            floors,
        };
        (snap, steps)
    }

    /// Whether `other` holds the same floors at the same revisions.
    pub(super) fn same(&self, other: &DungeonSnap) -> bool {
        let key = |s: &DungeonSnap| -> Vec<(usize, u64)> { s.floors.iter().map(|(i, _, r)| (*i, *r)).collect() };
        self.path == other.path && self.on_screen == other.on_screen && key(self) == key(other)
    }

    /// As the recovery file holds it.
    pub(super) fn repr(&self) -> Result<DungeonRepr, String> {
        let floors = self
            .floors
            .iter()
            .map(|(i, map, _)| {
                io::map_to_string(map).map(|text| (*i, text)).map_err(|e| format!("cannot write floor {i} as RON: {e}"))
            })
            .collect::<Result<_, _>>()?;
        Ok(DungeonRepr {
            made: self.made.clone(),
            base: self.base.clone(),
            path: self.path.clone(),
            on_screen: self.on_screen,
            floors,
        })
    }
}

/// A dungeon's unsaved floors in a copy of an earlier run.
#[derive(Clone, Debug)]
pub struct DungeonOffer {
    pub made: MadeFile,
    pub base: PathBuf,
    pub path: Option<PathBuf>,
    pub on_screen: Option<usize>,
    /// Each unsaved floor: its place and map.
    pub floors: Vec<(usize, Map)>,
}

impl DungeonRepr {
    /// The floors read back (`file`: the copy, for messages); an error names what is wrong.
    pub(super) fn read(self, file: &Path) -> Result<DungeonOffer, String> {
        let n = self.made.floors.len();
        let floors = self
            .floors
            .into_iter()
            .map(|(i, text)| {
                if i >= n {
                    return Err(format!("it holds floor {} of a dungeon of {n} floors", i + 1));
                }
                io::parse_map(&text, file)
                    .map(|m| (i, m))
                    .map_err(|e| format!("its floor {} cannot be read: {e}", i + 1))
            })
            .collect::<Result<_, _>>()?;
        if self.on_screen.is_some_and(|i| i >= n) {
            return Err(format!("its floor on screen is not one of the dungeon's {n} floors"));
        }
        Ok(DungeonOffer { made: self.made, base: self.base, path: self.path, on_screen: self.on_screen, floors })
    }
}

impl DungeonOffer {
    /// "the dungeon DCSS shaped (floors D:1, Lair:2)".
    pub fn describe(&self) -> String {
        let name = self.made.name.clone().unwrap_or_else(|| {
            self.path.as_deref().map_or_else(|| "untitled".into(), super::commands::files::file_name)
        });
        let labels: Vec<String> = self
            .floors
            .iter()
            .filter_map(|(i, _)| self.made.floors.get(*i).map(|f| format!("{}:{}", f.branch, f.depth)))
            .collect();
        let floors = if labels.len() == 1 { "floor" } else { "floors" };
        format!("the dungeon {name} ({floors} {})", labels.join(", "))
    }

    /// Where the floors that were saved or never changed come from: the dungeon's file when it
    /// is there, else its preset at its seed; `None` when neither is.
    fn source(&self) -> Option<DungeonSource> {
        match (&self.path, &self.made.dungeon) {
            (Some(p), _) if p.is_file() => Some(DungeonSource::File(p.clone())),
            (_, Some(preset)) => Some(DungeonSource::Preset {
                preset: Box::new(preset.clone()),
                base: self.base.clone(),
                seed: self.made.seed,
            }),
            _ => None,
        }
    }
}

/// A dungeon being restored: the job reading it, its unsaved floors, the floor to show, and the
/// copy it comes from (with its unsaved steps).
pub struct Restoring {
    job: JobId,
    pub floors: Vec<usize>,
    pub on_screen: Option<usize>,
    pub file: PathBuf,
    pub steps: usize,
}

impl DelveApp {
    /// Restores the dungeon of the recovery copy `file` (read on a worker; `steps` unsaved
    /// steps); a message, and the copy kept, when the floors it does not hold cannot be had
    /// again.
    pub(super) fn restore_dungeon(&mut self, offer: DungeonOffer, file: PathBuf, steps: usize) {
        let Some(source) = offer.source() else {
            self.show_message(
                "Cannot restore the dungeon",
                format!(
                    "{}: its file is gone and the copy does not hold the dungeon preset that made its other \
                     floors. The copy is kept.",
                    offer.describe()
                ),
            );
            return;
        };
        let prepare = self.preparer();
        let floors: Vec<usize> = offer.floors.iter().map(|(i, _)| *i).collect();
        let (maps, path, on_screen) = (offer.floors, offer.path, offer.on_screen);
        self.notify("Restoring the dungeon…".into());
        let job = self.spawn_file(JobKind::Open, move || super::commands::files::FileDone::DungeonRead {
            result: super::dungeon::load_recovered(source, maps, path, prepare).map(Box::new),
        });
        self.restoring = Some(Restoring { job, floors, on_screen, file, steps });
    }

    /// The restoring of a dungeon, when job `id` is the one reading it.
    pub(super) fn restoring_by(&mut self, id: JobId) -> Option<Restoring> {
        self.restoring.take_if(|r| r.job == id)
    }
}
