//! # delve (Python): Delve's dungeon generators as a Python module
//!
//! The module `delve`, built with maturin (`pip install ./crates/delve-py`): the same maps, byte
//! for byte, as the editor and `delve generate` for the same preset and seed.
//!
//! | file | owns |
//! |---|---|
//! | `lib.rs` | the module: `generate`, `load`, how Python arguments become Rust ones |
//! | `errors.rs` | `DelveError` and its kinds a program can catch: `FileError` (path, line, column), `ParameterError` (key, allowed) |
//! | [`map`] | `Map` and `Room`: the tiles as numpy, walkable and transparent masks, rooms, doors, corridors, ASCII, JSON, figures, a player's walk (`certificate()`) |
//! | [`preset`] | `Preset`: a generator's parameters by key, checked against their ranges |
//!
//! Nothing panics across the boundary: every error is a `delve.DelveError` (a `ValueError`)
//! with the message the CLI prints (a file's problem a `delve.FileError`, a refused parameter a
//! `delve.ParameterError`, both with attributes to read), and the core calls run under
//! `catch_unwind` so that even a bug in the core reaches Python as a `DelveError`, not as a crash.

mod dungeon;
mod errors;
mod map;
mod nested;
mod preset;

use delve_core::generate::{GenError, Request};
use delve_core::io::{self, Preset as CorePreset};
use delve_core::map::locks::Kept;
use delve_core::params::GeneratorParams;
use delve_core::rng::seed_from_text;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub(crate) use errors::{delve_error, file_error};
pub use map::{Map, Room};
pub use preset::PyPreset;

/// Runs `f`, turning a panic (a bug in the core: none is known) into a `DelveError` so that
/// the interpreter never sees a `PanicException`.
pub(crate) fn guarded<T>(what: &str, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(delve_error(format!("internal error while {what} (please report it): {detail}")))
    })
}

/// A seed argument: omitted (the preset's seed), or whatever Python passed, checked by
/// [`SeedArg::resolve`].
pub enum SeedArg<'py> {
    Omitted,
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for SeedArg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(SeedArg::Given(obj.to_owned()))
    }
}

impl SeedArg<'_> {
    /// The seed: the preset's `default` when omitted, a whole number `0..=u64::MAX` as it is, a
    /// text hashed as `delve generate --seed TEXT` does. Anything else (`None`, a float, a bool,
    /// a negative or too large number) is a `DelveError`.
    pub fn resolve(&self, default: u64) -> PyResult<u64> {
        let SeedArg::Given(obj) = self else { return Ok(default) };
        let shown = || obj.repr().map_or_else(|_| "?".to_string(), |r| r.to_string());
        if obj.is_instance_of::<PyBool>() {
            return Err(delve_error(format!(
                "seed {}: expected a whole number (0 to {}) or a text, not a bool",
                shown(),
                u64::MAX
            )));
        }
        if let Ok(int) = obj.cast::<PyInt>() {
            return int.extract::<u64>().map_err(|_| {
                delve_error(format!("seed {}: expected a whole number from 0 to {}, or a text", shown(), u64::MAX))
            });
        }
        if let Ok(text) = obj.cast::<PyString>() {
            let text = text.to_str().map_err(|_| delve_error("seed: the text is not valid Unicode"))?;
            return Ok(seed_from_text(text));
        }
        let kind = obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        Err(delve_error(format!("seed {}: expected a whole number (0 to {}) or a text, not {kind}", shown(), u64::MAX)))
    }
}

/// A preset argument: a `Preset` object, or text (a shipped name, a path or RON text).
pub enum PresetArg<'py> {
    Object(Box<CorePreset>),
    Text(Bound<'py, PyString>),
    Path(PathBuf),
}

impl<'a, 'py> FromPyObject<'a, 'py> for PresetArg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(PresetArg::Text(s.to_owned()));
        }
        if let Ok(p) = obj.cast::<PyPreset>() {
            return Ok(PresetArg::Object(Box::new(p.borrow().preset.clone())));
        }
        if let Ok(path) = obj.extract::<PathBuf>() {
            return Ok(PresetArg::Path(path));
        }
        Err(delve_error("preset: expected a shipped preset's name, a preset file's path, RON text or a delve.Preset"))
    }
}

/// A preset as resolved: a shipped one (parsed once per process) or one of its own.
pub enum Resolved {
    Shipped(&'static CorePreset),
    Own(Box<CorePreset>),
}

impl std::ops::Deref for Resolved {
    type Target = CorePreset;

    fn deref(&self) -> &CorePreset {
        match self {
            Resolved::Shipped(p) => p,
            Resolved::Own(p) => p,
        }
    }
}

impl Resolved {
    /// The preset, to keep and change.
    pub fn into_owned(self) -> CorePreset {
        match self {
            Resolved::Shipped(p) => p.clone(),
            Resolved::Own(p) => *p,
        }
    }
}

impl PresetArg<'_> {
    /// The preset, resolved as the CLI resolves its PRESET argument.
    pub fn resolve(self) -> PyResult<Resolved> {
        match self {
            PresetArg::Object(p) => Ok(Resolved::Own(p)),
            PresetArg::Text(t) => {
                let text = t.to_str().map_err(|_| delve_error("preset: the text is not valid Unicode"))?;
                preset_from(text)
            }
            PresetArg::Path(p) => preset_from(&p.to_string_lossy()),
        }
    }
}

/// [`io::preset_from`], with the shipped presets parsed once per process. As in the core (and
/// the CLI), a shipped name means the shipped preset, whatever files the working folder holds.
pub(crate) fn preset_from(arg: &str) -> PyResult<Resolved> {
    static SHIPPED: OnceLock<Vec<(&'static str, CorePreset)>> = OnceLock::new();
    if !arg.contains('(') {
        let shipped = SHIPPED.get_or_init(|| {
            io::SHIPPED_PRESETS.iter().filter_map(|(name, _)| Some((*name, io::shipped_preset(name)?.ok()?))).collect()
        });
        if let Some((_, p)) = shipped.iter().find(|(n, _)| *n == arg) {
            return Ok(Resolved::Shipped(p));
        }
    }
    let p = guarded("reading the preset", || io::preset_from(arg).map_err(file_error))?;
    Ok(Resolved::Own(Box::new(p)))
}

/// The locks of the map file `path`, as `delve generate --keep` reads them (with its messages).
fn load_kept(path: &Path) -> PyResult<Arc<Kept>> {
    guarded("reading the locks", || {
        let old = io::load_map(path).map_err(file_error)?;
        let kept = Kept::of(&old).map_err(|e| delve_error(format!("{}: {e}", path.display())))?;
        Ok(Arc::new(kept))
    })
}

/// The core's refusal to generate `params`, worded as the CLI words it (after the locks' file,
/// with `keep`): parameters that cannot be generated a `ParameterError` naming the first one
/// (every one in the message), anything else (locks that cannot be kept) a `DelveError`.
fn gen_error(e: GenError, params: &GeneratorParams, keep: Option<&Path>) -> PyErr {
    let message = match keep {
        Some(path) => format!("{}: {e}", path.display()),
        None => e.to_string(),
    };
    if let GenError::InvalidParams(issues) = &e
        && let Some(first) = issues.first()
    {
        let spec = params.params().specs().iter().find(|s| s.key == first.field);
        return errors::parameter_error_because(first.field, spec.map(preset::allowed), first.message.clone(), message);
    }
    delve_error(message)
}

/// Generates the map of `params` and `seed` (around the locks of `keep`, recorded when asked).
pub(crate) fn generate_map(
    py: Python<'_>,
    params: &GeneratorParams,
    seed: u64,
    keep: Option<PathBuf>,
    record: bool,
) -> PyResult<Map> {
    if record && keep.is_some() {
        return Err(delve_error(
            "keep: record=True shows a generation without locks; leave record out with keep (as --steps with --keep)",
        ));
    }
    let kept = keep.as_deref().map(load_kept).transpose()?;
    let made = py.detach(|| {
        guarded("generating", || {
            Request::new(params, seed)
                .keeping(kept)
                .recorded(record)
                .deferring_colours(true)
                .run()
                .map_err(|e| gen_error(e, params, keep.as_deref()))
        })
    })?;
    let steps = made.recording.map(|r| r.steps.iter().map(|s| s.sentence()).collect());
    Ok(Map::new(made.generated, false, steps))
}

/// The map of `preset` and `seed`, exactly as `delve generate PRESET --seed SEED` makes it.
///
/// `preset`: a shipped preset's name (one of `delve.SHIPPED_PRESETS`), a preset file's path,
/// RON text, or a `delve.Preset`.
/// `seed`: a whole number 0..2**64-1, or a text (hashed as the CLI's `--seed` hashes it);
/// omitted, the preset's own seed. `keep`: a map file whose locked rooms and tiles are kept
/// (`--keep`). `record`: also list the generation's steps in `Map.steps` (not with `keep`).
/// Raises `DelveError` on bad input: `FileError` for a file that cannot be read, `ParameterError`
/// for parameters that cannot be generated.
#[pyfunction]
#[pyo3(
    signature = (preset, seed = SeedArg::Omitted, *, keep = None, record = false),
    text_signature = "(preset, seed=..., *, keep=None, record=False)"
)]
fn generate(
    py: Python<'_>,
    preset: PresetArg<'_>,
    seed: SeedArg<'_>,
    keep: Option<PathBuf>,
    record: bool,
) -> PyResult<Map> {
    let p = preset.resolve()?;
    let seed = seed.resolve(p.seed)?;
    generate_map(py, &p.generator, seed, keep, record)
}

/// Reads a Delve map file (RON, as `Map.save` and `delve generate --out` write it). Files over
/// Delve's limits (more than 4096×4096 tiles, a side over 8192, a file over 512 MB, lists far
/// longer than the map holds) raise `FileError` before anything large is allocated.
#[pyfunction]
fn load(py: Python<'_>, path: PathBuf) -> PyResult<Map> {
    let map = py.detach(|| guarded("loading the map", || io::load_map(&path).map_err(file_error)))?;
    Ok(Map::loaded(map))
}

/// For benchmarks: nanoseconds the Rust generation of `preset` and `seed` takes inside this
/// call, timed as `cargo bench` times it: the core's `Request::run` and dropping its map (the
/// preset resolved before the clock starts, nothing converted for Python).
#[pyfunction]
fn _generate_only_ns(preset: PresetArg<'_>, seed: SeedArg<'_>) -> PyResult<u64> {
    let p = preset.resolve()?;
    let seed = seed.resolve(p.seed)?;
    let start = std::time::Instant::now();
    guarded("generating", || {
        let made = Request::new(&p.generator, seed).run().map_err(|e| gen_error(e, &p.generator, None))?;
        drop(std::hint::black_box(made));
        Ok(())
    })?;
    Ok(u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX))
}

/// Delve's dungeon generators: `generate`, `load`, `Preset`, `Map`, `Room`, `DelveError` (and its
/// kinds `FileError` and `ParameterError`).
#[pymodule]
#[pyo3(name = "delve")]
fn delve_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DelveError", m.py().get_type::<errors::DelveError>())?;
    m.add("FileError", m.py().get_type::<errors::FileError>())?;
    m.add("ParameterError", m.py().get_type::<errors::ParameterError>())?;
    m.add("SHIPPED_PRESETS", io::SHIPPED_PRESETS.iter().map(|(n, _)| *n).collect::<Vec<_>>())?;
    let generators: Vec<&str> = delve_core::params::GeneratorKind::ALL.iter().map(|k| k.file_name()).collect();
    m.add("GENERATORS", generators)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(dungeon::generate_dungeon, m)?)?;
    m.add("SHIPPED_DUNGEONS", io::SHIPPED_DUNGEONS.iter().map(|(n, _)| *n).collect::<Vec<_>>())?;
    m.add_class::<dungeon::Dungeon>()?;
    m.add_class::<dungeon::Floor>()?;
    m.add_class::<dungeon::Link>()?;
    m.add_function(wrap_pyfunction!(_generate_only_ns, m)?)?;
    m.add_class::<Map>()?;
    m.add_class::<Room>()?;
    m.add_class::<PyPreset>()?;
    Ok(())
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
