//! A made dungeon on disk: `dungeon.ron` and one map file per floor beside it. The dungeon file
//! names each floor's file, the staircases between the floors and where each branch hangs, and
//! holds the dungeon preset it was made from, so that a made dungeon opens again with its hand
//! edits (the floors are the files) and its floors can still be regenerated.
//!
//! `delve dungeon` writes it, the editor saves and opens it. Reading is bounded: the floors are
//! counted against [`MAX_FLOORS`] before any map is read, and each map file is read with the
//! limits of any map.

use super::{FileError, FileKind, parse, save_atomic, to_ron};
use crate::dungeon::preset::MAX_FLOORS;
use crate::dungeon::{Dungeon, DungeonPreset, FloorId, Link, MAX_DUNGEON_TILES};
use crate::map::Map;
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};

/// Version of the made-dungeon format this build writes and reads.
pub const MADE_VERSION: u32 = 1;

/// What `dungeon.ron` holds (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MadeFile {
    pub version: u32,
    #[serde(default)]
    pub name: Option<String>,
    /// The dungeon seed the floors were made from.
    pub seed: u64,
    /// Each floor: its branch, depth, the seed its map was made from, and its file (beside this
    /// one; empty when the floors were written elsewhere, as one JSON document).
    pub floors: Vec<MadeFloor>,
    /// Each staircase: the floors it joins (branch 0 the trunk, then the branches in order) and
    /// its tile, the same on both.
    pub links: Vec<Link>,
    /// Each branch, the trunk first: its name and the depth of its parent it is entered from.
    pub branches: Vec<(String, Option<u32>)>,
    /// The dungeon preset the floors were made from (its floors' preset files named from this
    /// file's folder).
    #[serde(default)]
    pub dungeon: Option<DungeonPreset>,
}

/// One floor of a [`MadeFile`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MadeFloor {
    pub branch: String,
    pub depth: u32,
    pub seed: u64,
    pub file: String,
}

/// A made dungeon read back: the dungeon file and each floor's map, in its order.
#[derive(Clone, Debug)]
pub struct MadeDungeon {
    pub file: MadeFile,
    pub maps: Vec<Map>,
}

impl MadeFile {
    /// The dungeon file of `dungeon`, made from `d` (read from `base`) at `seed`, its floors in
    /// files `names` (none: the floors are written elsewhere, as one JSON document).
    pub fn of(d: &DungeonPreset, base: &Path, seed: u64, dungeon: &Dungeon, names: Option<&[String]>) -> Self {
        MadeFile {
            version: MADE_VERSION,
            name: d.name.clone(),
            seed,
            floors: dungeon
                .floors
                .iter()
                .enumerate()
                .map(|(i, f)| MadeFloor {
                    branch: dungeon.branches.get(f.id.branch).map(|(n, _)| n.clone()).unwrap_or_default(),
                    depth: f.id.depth,
                    seed: f.seed,
                    file: names.and_then(|n| n.get(i)).cloned().unwrap_or_default(),
                })
                .collect(),
            links: dungeon.links.clone(),
            branches: dungeon.branches.clone(),
            dungeon: Some(crate::dungeon::rebased(d, base)),
        }
    }

    /// Floor `i`'s place in the dungeon: its branch's index and its depth.
    pub fn floor_id(&self, i: usize) -> Option<FloorId> {
        let f = self.floors.get(i)?;
        let branch = self.branches.iter().position(|(n, _)| *n == f.branch)?;
        Some(FloorId { branch, depth: f.depth })
    }
}

/// The file name of a floor: its branch's name (letters, digits, `-` and `_` kept) and depth.
pub fn floor_file_name(branch: &str, depth: u32, extension: &str) -> String {
    let clean: String =
        branch.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    format!("{clean}-{depth:02}.{extension}")
}

/// Reads a made dungeon: `path` (a `dungeon.ron`) and the floor files it names, from its folder.
pub fn load_made(path: &Path) -> Result<MadeDungeon, FileError> {
    let text = super::read_text(path)?;
    let file: MadeFile = parse(&text, path, FileKind::Made, MADE_VERSION, |m: &MadeFile| m.version)?;
    if file.floors.len() > MAX_FLOORS as usize {
        return Err(FileError::invalid(
            path,
            format!("floors: {} floors; a dungeon has at most {MAX_FLOORS}", file.floors.len()),
        ));
    }
    let folder = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let mut maps = Vec::with_capacity(file.floors.len());
    let mut tiles = 0u64;
    for (i, f) in file.floors.iter().enumerate() {
        if file.floor_id(i).is_none() {
            return Err(FileError::invalid(
                path,
                format!("floors[{i}]: branch: {} is not one of the dungeon's branches", f.branch),
            ));
        }
        let outside = Path::new(&f.file).components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
        if f.file.is_empty() || outside {
            return Err(FileError::invalid(
                path,
                format!("floors[{i}]: file: {:?} is not a file in the dungeon file's folder", f.file),
            ));
        }
        let map = super::load_map(&folder.join(&f.file))?;
        tiles += u64::from(map.width()) * u64::from(map.height());
        if tiles > MAX_DUNGEON_TILES {
            return Err(FileError::invalid(
                path,
                format!("floors: more than {MAX_DUNGEON_TILES} tiles in all (a dungeon holds at most that)"),
            ));
        }
        maps.push(map);
    }
    for (i, l) in file.links.iter().enumerate() {
        let on = |id: FloorId| (0..file.floors.len()).find(|&k| file.floor_id(k) == Some(id));
        let fits = |k: Option<usize>| k.and_then(|k| maps.get(k)).is_some_and(|m| m.in_bounds(l.at));
        if !fits(on(l.from)) || !fits(on(l.to)) {
            return Err(FileError::invalid(
                path,
                format!("links[{i}]: the staircase at ({}, {}) joins floors the file does not have", l.at.x, l.at.y),
            ));
        }
    }
    Ok(MadeDungeon { file, maps })
}

/// Writes a made dungeon: each floor's map named by [`MadeFile::floors`] from `path`'s folder
/// (a folder a name holds is made), then `path` itself, each file atomically.
pub fn save_made(path: &Path, file: &MadeFile, maps: &[&Map]) -> Result<(), FileError> {
    if maps.len() != file.floors.len() {
        return Err(FileError::invalid(path, "the dungeon has a different number of floors and maps"));
    }
    let folder = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    for (f, map) in file.floors.iter().zip(maps) {
        let floor = folder.join(&f.file);
        if let Some(dir) = floor.parent() {
            std::fs::create_dir_all(dir).map_err(|error| FileError::Write { path: dir.to_path_buf(), error })?;
        }
        super::save_map(&floor, map)?;
    }
    save_made_file(path, file)
}

/// Writes the dungeon file alone (its floors written elsewhere).
pub fn save_made_file(path: &Path, file: &MadeFile) -> Result<(), FileError> {
    let text = to_ron(file, 3).map_err(|e| FileError::Encode { path: path.to_path_buf(), message: e.to_string() })?;
    save_atomic(path, text.as_bytes())
}
