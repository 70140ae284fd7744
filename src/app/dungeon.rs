//! The dungeon open in the editor: its floors, the staircases between them, which floor the map
//! view shows, and the dungeon's file.
//!
//! **Who owns what.** The floor on screen is the editor's document ([`DelveApp::doc`]) like any
//! map: edits, locks, undo and regeneration work on it as they do on a map. The other floors
//! are kept here: a floor opened before keeps its document (its edits and its history) parked
//! in its [`FloorSlot`]; a floor never opened is its map as made or read. Going to another
//! floor parks the document on screen and brings the other floor's.
//!
//! A dungeon is saved as a made dungeon ([`crate::io::made`]): `dungeon.ron` and a map file per
//! floor beside it, so it opens again with its hand edits. Its floors have nothing unsaved until
//! a floor is edited (its dungeon preset and seed make it again), as a generated map has not.
//!
//! [`DelveApp::doc`]: super::DelveApp

use super::Document;
use super::commands::files::OpenOutcome;
use crate::dungeon::{DungeonPreset, FloorId, Link, LinkKind, Setting, generate_dungeon};
use crate::io::made::{self, MadeFile};
use crate::io::{self, FileKind};
use crate::map::Map;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One floor of the open dungeon (the one on screen has its document in the editor).
pub struct FloorSlot {
    pub id: FloorId,
    /// Its document while another floor is on screen, once it was opened.
    parked: Option<Document>,
    /// Its map as made, read or last saved.
    map: Arc<Map>,
    /// The state of its document ([`Document::state`]) that has nothing unsaved: as first
    /// opened, or last saved (`None`: never opened, so nothing changed). A regenerated floor
    /// differs from it too: the dungeon's preset and seed no longer make it.
    clean: Option<u64>,
}

/// The dungeon open in the editor (see the module doc).
pub struct DungeonDoc {
    /// What its file holds: name, seed, each floor's branch, depth, seed and file, the links,
    /// the branches, and the dungeon preset.
    pub made: MadeFile,
    /// The folder the dungeon preset's floor preset files are named from.
    pub base: PathBuf,
    /// Its `dungeon.ron`, once saved or when opened from one.
    pub path: Option<PathBuf>,
    pub floors: Vec<FloorSlot>,
    /// The floor in the map view.
    pub current: Option<usize>,
    /// The floor being made ready to show (on a worker).
    pub opening: Option<usize>,
    /// Changes with every dungeon installed: a floor made ready for another dungeon is dropped.
    pub serial: u64,
    /// Each floor's thumbnail: the revision it shows, and its texture.
    pub thumbs: Vec<Option<(u64, egui::TextureHandle)>>,
}

/// A dungeon read or made on a worker, ready to install: its first floor prepared for the view.
pub struct Loaded {
    pub made: MadeFile,
    pub maps: Vec<Map>,
    pub base: PathBuf,
    pub path: Option<PathBuf>,
    pub first: Box<OpenOutcome>,
}

/// Where a dungeon comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum DungeonSource {
    /// A dungeon preset (its floors' preset files named from `base`), made at `seed`.
    Preset { preset: Box<DungeonPreset>, base: PathBuf, seed: u64 },
    /// A dungeon preset file (made at its own seed) or a made dungeon's `dungeon.ron`.
    File(PathBuf),
}

/// Reads or makes the dungeon `source` (on a worker); its first floor is prepared with `prepare`.
pub fn load(source: DungeonSource, prepare: impl Fn(Map) -> OpenOutcome) -> Result<Loaded, String> {
    let (made, maps, base, path) = read(source)?;
    let first = maps.first().cloned().ok_or("the dungeon has no floors")?;
    Ok(Loaded { made, maps, base, path, first: Box::new(prepare(first)) })
}

/// A dungeon brought back from a crash-recovery copy (on a worker): `source` read or made again
/// (its floors as saved, or as its preset and seed make them), with the unsaved floors of the
/// copy in place of theirs; the first floor prepared with `prepare`.
pub fn load_recovered(
    source: DungeonSource,
    floors: Vec<(usize, Map)>,
    path: Option<PathBuf>,
    prepare: impl Fn(Map) -> OpenOutcome,
) -> Result<Loaded, String> {
    let (made, mut maps, base, _) = read(source)?;
    for (i, map) in floors {
        let Some(slot) = maps.get_mut(i) else {
            return Err(format!("the copy holds floor {} of a dungeon of {} floors", i + 1, maps.len()));
        };
        *slot = map;
    }
    let first = maps.first().cloned().ok_or("the dungeon has no floors")?;
    Ok(Loaded { made, maps, base, path, first: Box::new(prepare(first)) })
}

/// The dungeon `source`: its file, its floors' maps, the folder its floor presets are named
/// from, and its `dungeon.ron` (a made dungeon's).
fn read(source: DungeonSource) -> Result<(MadeFile, Vec<Map>, PathBuf, Option<PathBuf>), String> {
    Ok(match source {
        DungeonSource::Preset { preset, base, seed } => {
            let (made, maps) = make(&preset, &base, seed)?;
            (made, maps, base, None)
        }
        DungeonSource::File(path) => {
            let base = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
            match io::file_kind(&path).map_err(|e| e.to_string())? {
                FileKind::Dungeon => {
                    let preset = io::load_dungeon(&path).map_err(|e| e.to_string())?;
                    let (made, maps) =
                        make(&preset, &base, preset.seed).map_err(|e| format!("{}: {e}", path.display()))?;
                    (made, maps, base, None)
                }
                FileKind::Made => {
                    let read = made::load_made(&path).map_err(|e| e.to_string())?;
                    (read.file, read.maps, base, Some(path))
                }
                other => return Err(format!("{}: this is a {} file, not a dungeon", path.display(), other.what())),
            }
        }
    })
}

/// Makes `preset`'s floors at `seed`: the dungeon file (each floor named for its file) and the maps.
fn make(preset: &DungeonPreset, base: &Path, seed: u64) -> Result<(MadeFile, Vec<Map>), String> {
    let dungeon = generate_dungeon(preset, base, seed).map_err(|e| e.to_string())?;
    let names: Vec<String> = dungeon
        .floors
        .iter()
        .map(|f| made::floor_file_name(&dungeon.branches[f.id.branch].0, f.id.depth, "ron"))
        .collect();
    let file = MadeFile::of(preset, base, seed, &dungeon, Some(&names));
    Ok((file, dungeon.floors.into_iter().map(|f| f.generated.map).collect()))
}

/// A dungeon of `floors` floors, each made by `params`: *File ▸ New dungeon* from the parameters
/// in the panel.
pub fn trunk_of(params: &crate::params::GeneratorParams, floors: u32) -> DungeonPreset {
    use crate::dungeon::{FloorPreset, Floors, preset::Trunk};
    DungeonPreset {
        version: crate::dungeon::preset::DUNGEON_VERSION,
        name: Some("New dungeon".into()),
        notes: None,
        seed: 0,
        trunk: Trunk { name: "D".into(), floors },
        branches: Vec::new(),
        floors: vec![Floors {
            branch: "D".into(),
            depths: (1, floors),
            preset: FloorPreset::Inline(Box::new(params.clone())),
            set: Vec::new(),
        }],
    }
}

/// A staircase of the floor on screen, as the panel and the keys offer it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stairs {
    /// Up (to the floor above) or down (to the next floor, or into a branch).
    pub up: bool,
    /// The floor it leads to.
    pub to: usize,
    pub label: String,
}

impl DungeonDoc {
    /// The dungeon `made` (its floors' `maps`), no floor on screen yet.
    pub fn new(made: MadeFile, base: PathBuf, path: Option<PathBuf>, maps: Vec<Map>, serial: u64) -> Self {
        let floors = maps
            .into_iter()
            .enumerate()
            .map(|(i, map)| FloorSlot {
                id: made.floor_id(i).unwrap_or(FloorId { branch: 0, depth: i as u32 + 1 }),
                parked: None,
                map: Arc::new(map),
                clean: None,
            })
            .collect::<Vec<_>>();
        let thumbs = floors.iter().map(|_| None).collect();
        Self { made, base, path, floors, current: None, opening: None, serial, thumbs }
    }

    /// The dungeon's name (its own, else its file's).
    pub fn name(&self) -> String {
        self.made.name.clone().unwrap_or_else(|| {
            self.path
                .as_deref()
                .and_then(Path::parent)
                .and_then(Path::file_name)
                .map_or_else(|| "Untitled dungeon".into(), |n| n.to_string_lossy().into_owned())
        })
    }

    /// Floor `i` as designers write it: `D:3`, `Lair:1`.
    pub fn label(&self, i: usize) -> String {
        let Some(f) = self.floors.get(i) else { return String::new() };
        let branch = self.made.branches.get(f.id.branch).map_or("?", |(n, _)| n.as_str());
        format!("{branch}:{}", f.id.depth)
    }

    /// The floor with this place in the dungeon.
    pub fn index_of(&self, id: FloorId) -> Option<usize> {
        self.floors.iter().position(|f| f.id == id)
    }

    /// The staircases of floor `i`: up first, then down and into branches.
    pub fn stairs(&self, i: usize) -> Vec<Stairs> {
        let Some(id) = self.floors.get(i).map(|f| f.id) else { return Vec::new() };
        let mut out = Vec::new();
        for l in self.made.links.iter().filter(|l| l.to == id) {
            if let Some(to) = self.index_of(l.from) {
                out.push(Stairs { up: true, to, label: format!("Up to {}", self.label(to)) });
            }
        }
        for l in self.made.links.iter().filter(|l| l.from == id) {
            if let Some(to) = self.index_of(l.to) {
                let what = if l.kind == LinkKind::Down { "Down to" } else { "Branch stairs to" };
                out.push(Stairs { up: false, to, label: format!("{what} {}", self.label(to)) });
            }
        }
        out
    }

    /// The links of the dungeon.
    pub fn links(&self) -> &[Link] {
        &self.made.links
    }

    /// Whether floor `i` has changes not saved (`on_screen`: the document of the floor on
    /// screen): its document left the state it was opened or saved in, or has unsaved changes of
    /// its own (a floor brought back from a crash-recovery copy).
    pub fn floor_unsaved(&self, i: usize, on_screen: Option<&Document>) -> bool {
        let Some(slot) = self.floors.get(i) else { return false };
        let doc = if self.current == Some(i) { on_screen } else { slot.parked.as_ref() };
        doc.is_some_and(|d| slot.clean != Some(d.state()) || d.is_dirty())
    }

    /// The floors with changes not saved: each its place, map, revision and unsaved steps.
    pub fn unsaved_floors(&self, on_screen: Option<&Document>) -> Vec<(usize, Arc<Map>, u64, usize)> {
        (0..self.floors.len())
            .filter(|&i| self.floor_unsaved(i, on_screen))
            .filter_map(|i| {
                let doc = if self.current == Some(i) { on_screen } else { self.floors[i].parked.as_ref() }?;
                Some((i, doc.map_arc(), doc.revision(), doc.unsaved_steps().max(1)))
            })
            .collect()
    }

    /// Floor `i`'s map is one brought back from a crash-recovery copy: its document, with its
    /// changes unsaved, is kept until the floor is shown.
    pub fn keep_recovered(&mut self, i: usize) {
        let path = self.floor_path(i);
        if let Some(slot) = self.floors.get_mut(i) {
            slot.parked = Some(Document::recovered(Map::clone(&slot.map), path));
        }
    }

    /// How many floors have changes not saved.
    pub fn unsaved_count(&self, on_screen: Option<&Document>) -> usize {
        (0..self.floors.len()).filter(|&i| self.floor_unsaved(i, on_screen)).count()
    }

    /// Floor `i` is on screen with `doc` as its document.
    pub fn shown(&mut self, i: usize, doc: &Document) {
        self.current = Some(i);
        if let Some(slot) = self.floors.get_mut(i)
            && slot.clean.is_none()
        {
            slot.clean = Some(doc.state());
        }
    }

    /// Floor `i`'s map as it stands (`on_screen`: the document of the floor on screen).
    pub fn map_of(&self, i: usize, on_screen: Option<&Document>) -> Option<Arc<Map>> {
        if self.current == Some(i)
            && let Some(d) = on_screen
        {
            return Some(d.map_arc());
        }
        let f = self.floors.get(i)?;
        Some(f.parked.as_ref().map_or_else(|| f.map.clone(), Document::map_arc))
    }

    /// The staircases floor `i` lost (hand edits, a regeneration with its stair rooms unlocked):
    /// each its marker's kind and tile.
    pub fn missing_stairs(&self, i: usize, on_screen: Option<&Document>) -> Vec<(&'static str, crate::geom::Pos)> {
        let (Some(map), Some(f)) = (self.map_of(i, on_screen), self.floors.get(i)) else { return Vec::new() };
        crate::dungeon::missing_stairs(&map, f.id, &self.made.links)
    }

    /// Floor `i`'s revision as drawn (0 for a floor never opened: its map never changes).
    pub fn revision_of(&self, i: usize, on_screen: Option<&Document>) -> u64 {
        match (self.current == Some(i), on_screen) {
            (true, Some(d)) => d.revision(),
            _ => self.floors.get(i).and_then(|f| f.parked.as_ref()).map_or(0, Document::revision),
        }
    }

    /// Keeps `doc`, the document of the floor on screen, while another floor is shown.
    pub fn park(&mut self, doc: Document) {
        if let Some(slot) = self.current.and_then(|i| self.floors.get_mut(i)) {
            slot.map = doc.map_arc();
            slot.parked = Some(doc);
        }
        self.current = None;
    }

    /// Floor `i`'s parked document, taken to be shown; or its map, to make a document of.
    pub fn take(&mut self, i: usize) -> Option<Result<Document, Arc<Map>>> {
        let slot = self.floors.get_mut(i)?;
        Some(slot.parked.take().ok_or_else(|| slot.map.clone()))
    }

    /// The path floor `i` is saved to, once the dungeon has a file.
    pub fn floor_path(&self, i: usize) -> Option<PathBuf> {
        let folder = self.path.as_deref()?.parent()?;
        Some(folder.join(&self.made.floors.get(i)?.file))
    }

    /// What a save to `path` writes (`on_screen`: the document of the floor on screen): the
    /// dungeon file (each floor's seed as its map's now) and each floor's map with the revision
    /// written. Saved to its own file, the floors keep their files; saved elsewhere
    /// (`crawl.ron`), they go in a folder named like it beside it (`crawl/D-01.ron`).
    pub fn to_save(&self, path: &Path, on_screen: Option<&Document>) -> (MadeFile, Vec<(Arc<Map>, u64)>) {
        let mut file = self.made.clone();
        if self.path.as_deref() != Some(path) {
            let stem = path.file_stem().map_or_else(|| "dungeon".into(), |s| s.to_string_lossy().into_owned());
            for f in &mut file.floors {
                f.file = format!("{stem}/{}", made::floor_file_name(&f.branch, f.depth, "ron"));
            }
        }
        let maps: Vec<(Arc<Map>, u64)> = (0..self.floors.len())
            .filter_map(|i| Some((self.map_of(i, on_screen)?, self.revision_of(i, on_screen))))
            .collect();
        for (f, (m, _)) in file.floors.iter_mut().zip(&maps) {
            f.seed = m.provenance.seed;
        }
        (file, maps)
    }

    /// The dungeon was written to `path` with these revisions of its floors: each floor whose
    /// document is still at the revision written has nothing unsaved, and is saved to its file.
    pub fn saved(&mut self, path: PathBuf, file: MadeFile, revisions: &[u64], mut on_screen: Option<&mut Document>) {
        self.path = Some(path);
        self.made = file;
        for i in 0..self.floors.len() {
            let Some(floor_path) = self.floor_path(i) else { continue };
            let slot = &mut self.floors[i];
            let doc = if self.current == Some(i) { on_screen.as_deref_mut() } else { slot.parked.as_mut() };
            if let Some(doc) = doc.filter(|d| revisions.get(i) == Some(&d.revision())) {
                doc.mark_saved(floor_path);
                slot.clean = Some(doc.state());
                slot.map = doc.map_arc();
            }
        }
    }

    /// The ramps of the dungeon preset, to draw: each the branch, the key, and the value on each
    /// floor of the range (depth, value), for every setting that ramps.
    pub fn ramps(&self) -> Vec<Ramp> {
        let Some(preset) = &self.made.dungeon else { return Vec::new() };
        let mut out = Vec::new();
        for range in &preset.floors {
            let (lo, hi) = range.depths;
            for (key, setting) in &range.set {
                let at = |t: f64| -> Option<f64> {
                    match *setting {
                        Setting::Ramp { from, to, ease } => Some(from + (to - from) * ease.at(t)),
                        Setting::SpanRamp { from, to, ease } => {
                            let mid = |(a, b): (f64, f64)| (a + b) / 2.0;
                            Some(mid(from) + (mid(to) - mid(from)) * ease.at(t))
                        }
                        _ => None,
                    }
                };
                let points: Option<Vec<(u32, f64)>> = (lo..=hi)
                    .map(|d| {
                        let t = if hi > lo { f64::from(d - lo) / f64::from(hi - lo) } else { 0.0 };
                        at(t).map(|v| (d, v))
                    })
                    .collect();
                if let Some(points) = points {
                    out.push(Ramp { branch: range.branch.clone(), key: key.clone(), points });
                }
            }
        }
        out
    }
}

/// A setting that ramps with depth, to draw as a curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Ramp {
    pub branch: String,
    pub key: String,
    /// (depth, value) on each floor of its range (the middle of a ramped range parameter).
    pub points: Vec<(u32, f64)>,
}
