//! `delve.generate_dungeon`: every floor of a dungeon (a shipped dungeon's name or a dungeon
//! file), each a `Map`, with the stairs that join them and the branches, exactly as
//! `delve dungeon` makes them.

use crate::errors::{delve_error, file_error};
use crate::map::Map;
use crate::{SeedArg, guarded};
use delve_core::dungeon::{self, DungeonError, LinkKind};
use delve_core::io;
use pyo3::prelude::*;
use std::path::{Path, PathBuf};

/// One floor of a dungeon.
#[pyclass(frozen, module = "delve", get_all)]
pub struct Floor {
    /// The name of its branch (the trunk's first).
    branch: String,
    /// Its depth in the branch, from 1.
    depth: u32,
    /// The seed its map was made from.
    seed: u64,
    map: Py<Map>,
}

/// A staircase: on floor `(from_branch, from_depth)` at tile `(x, y)`, its `stairs_down` (or
/// `branch`, for `kind == "branch"`); on floor `(to_branch, to_depth)` at the same tile, its
/// `stairs_up`.
#[pyclass(frozen, module = "delve", get_all)]
pub struct Link {
    from_branch: String,
    from_depth: u32,
    to_branch: String,
    to_depth: u32,
    x: i32,
    y: i32,
    /// `"down"` or `"branch"`.
    kind: &'static str,
}

/// A dungeon made: its floors (the trunk's from the first, then each branch's), the stairs,
/// and each branch with the depth of its parent it is entered from (`None` for the trunk).
#[pyclass(frozen, module = "delve", get_all)]
pub struct Dungeon {
    name: Option<String>,
    seed: u64,
    floors: Vec<Py<Floor>>,
    links: Vec<Py<Link>>,
    branches: Vec<(String, Option<u32>)>,
}

/// The dungeon `dungeon` (a shipped dungeon's name, one of `delve.SHIPPED_DUNGEONS`, or a
/// dungeon file's path) for `seed` (omitted: the dungeon's own), exactly as
/// `delve dungeon DUNGEON --seed SEED` makes it: each floor made around its stairs and
/// certified by the player's walk. Raises `FileError` for a file that cannot be read and
/// `DelveError` naming the branch, floor and key of a dungeon that cannot be made.
#[pyfunction]
#[pyo3(signature = (dungeon, seed = SeedArg::Omitted), text_signature = "(dungeon, seed=...)")]
pub fn generate_dungeon(py: Python<'_>, dungeon: PathBuf, seed: SeedArg<'_>) -> PyResult<Dungeon> {
    let arg = dungeon.to_string_lossy().into_owned();
    let d = guarded("reading the dungeon", || io::dungeon_from(&arg).map_err(file_error))?;
    let seed = seed.resolve(d.seed)?;
    let base = dungeon.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let made = py.detach(|| {
        guarded("making the dungeon", || {
            dungeon::generate_dungeon(&d, &base, seed).map_err(|e| match e {
                DungeonError::File(f) => file_error(f),
                e => delve_error(format!("{arg}: {e}")),
            })
        })
    })?;
    let name = |b: usize| made.branches.get(b).map(|(n, _)| n.clone()).unwrap_or_default();
    let floors = made
        .floors
        .into_iter()
        .map(|f| {
            let branch = name(f.id.branch);
            // Made by `Request::run`, its colours are already apart.
            let map = Py::new(py, Map::new(f.generated, true, None))?;
            Py::new(py, Floor { branch, depth: f.id.depth, seed: f.seed, map })
        })
        .collect::<PyResult<_>>()?;
    let links = made
        .links
        .iter()
        .map(|l| {
            Py::new(
                py,
                Link {
                    from_branch: name(l.from.branch),
                    from_depth: l.from.depth,
                    to_branch: name(l.to.branch),
                    to_depth: l.to.depth,
                    x: l.at.x,
                    y: l.at.y,
                    kind: if l.kind == LinkKind::Down { "down" } else { "branch" },
                },
            )
        })
        .collect::<PyResult<_>>()?;
    Ok(Dungeon { name: d.name.clone(), seed, floors, links, branches: made.branches })
}

#[pymethods]
impl Dungeon {
    fn __repr__(&self) -> String {
        format!(
            "<delve.Dungeon {:?} seed {}: {} floors>",
            self.name.as_deref().unwrap_or(""),
            self.seed,
            self.floors.len()
        )
    }
}

#[pymethods]
impl Floor {
    fn __repr__(&self) -> String {
        format!("<delve.Floor {} {}>", self.branch, self.depth)
    }
}
