//! Making maps: `delve_generate` (a seed as text), `delve_generate_seed` (a seed as a number)
//! and `delve_generate_keeping` (around the locks of a map file), over one body.

use super::{DelveMap, PANICKED, guard, hand_out, text};
use delve_core::export::write_tile_ids;
use delve_core::generate::Request;
use delve_core::io::{self, Preset};
use delve_core::map::locks::Kept;
use delve_core::rng::seed_from_text;
use std::ffi::{CString, c_char};
use std::path::Path;
use std::ptr;
use std::sync::{Arc, OnceLock};

/// A seed as a caller gives it.
pub(crate) enum Seed<'a> {
    /// Text: a whole number as it is, other text hashed (`delve generate --seed`).
    Text(&'a str),
    Number(u64),
}

/// A seed as it crosses from C: a string (NULL: the preset's own) or a number.
enum SeedArg {
    Text(*const c_char),
    Number(u64),
}

/// The locks of the map file `path`, as `delve generate --keep` reads them.
fn load_kept(path: &str) -> Result<Arc<Kept>, String> {
    let old = io::load_map(Path::new(path)).map_err(|e| e.to_string())?;
    Kept::of(&old).map(Arc::new).map_err(|e| format!("{path}: {e}"))
}

/// The preset `preset` names (a shipped preset's name, a path or RON text), read as
/// `delve generate` reads it; the error as it prints it.
pub(crate) fn load(preset: &str) -> Result<Preset, String> {
    io::preset_from(preset).map_err(|e| e.to_string())
}

/// The map of `preset` and `seed` (the preset's own seed when `None`), around the locks of the
/// map file `keep` when given; the error as `delve generate` prints it.
pub(crate) fn make(preset: &str, seed: Option<Seed>, keep: Option<&str>) -> Result<DelveMap, String> {
    make_from(&load(preset)?, seed, keep)
}

/// The map of the preset `p` and `seed`, as [`make`].
pub(crate) fn make_from(p: &Preset, seed: Option<Seed>, keep: Option<&str>) -> Result<DelveMap, String> {
    let seed = match seed {
        None => p.seed,
        Some(Seed::Text(t)) => seed_from_text(t),
        Some(Seed::Number(n)) => n,
    };
    let kept = keep.map(load_kept).transpose()?;
    let made = Request::new(&p.generator, seed).keeping(kept).run().map_err(|e| match keep {
        Some(path) => format!("{path}: {e}"),
        None => e.to_string(),
    })?;
    Ok(DelveMap::of(made.generated.map))
}

impl DelveMap {
    /// The map as C reads it: its tile ids and names made once.
    pub(crate) fn of(map: delve_core::map::Map) -> DelveMap {
        let mut tiles = vec![0; map.tiles().as_slice().len()];
        write_tile_ids(&map, &mut tiles);
        let kinds = map.markers.iter().map(|m| c_name(&m.kind)).collect();
        let tile_kinds = map.terrain().kinds().iter().map(|k| c_name(&k.name)).collect();
        DelveMap {
            map,
            tiles,
            kinds,
            tile_kinds,
            terrain: OnceLock::new(),
            walkable: [OnceLock::new(), OnceLock::new()],
            transparent: OnceLock::new(),
        }
    }
}

/// A name as a C string: names hold no NUL (they come from RON strings, which may: those read
/// as "?").
pub(crate) fn c_name(s: &str) -> CString {
    CString::new(s).unwrap_or_else(|_| c"?".into())
}

/// The shared body of the two `delve_generate*` functions.
///
/// # Safety
/// As `delve_generate_keeping`; `keep` is only read when `keeping`.
unsafe fn generate_entry(
    preset: *const c_char,
    seed: SeedArg,
    keep: *const c_char,
    keeping: bool,
    error: *mut *mut c_char,
) -> *mut DelveMap {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or NUL-terminated strings that outlive this call.
        let preset = unsafe { text(preset, "preset")? };
        let seed = match seed {
            // SAFETY: as above.
            SeedArg::Text(t) => unsafe { text(t, "seed")? }.map(Seed::Text),
            SeedArg::Number(n) => Some(Seed::Number(n)),
        };
        let preset = preset.ok_or("preset: NULL; expected a shipped preset's name, a path or RON text")?;
        let keep = if keeping {
            // SAFETY: as above.
            let keep = unsafe { text(keep, "locks_map_path")? };
            Some(keep.ok_or("locks_map_path: NULL; expected the path of a map file")?)
        } else {
            None
        };
        make(preset, seed, keep)
    });
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { hand_out(result, error) }
}

/// Generates the map of `preset` and `seed`.
///
/// `preset` is the name of a shipped preset (such as `godot-part3`; `delve_shipped_preset_name`
/// lists them all), the path of a preset file, or a preset's RON text (anything with a `(` in
/// it that is no file). `seed` is a whole number or any text (hashed, as
/// `delve generate --seed` does); NULL means the preset's own seed.
///
/// Returns the map (free it with `delve_map_free`), or NULL with `*error` set to a message
/// naming the file, line:column, field and allowed range when it can (free it with
/// `delve_string_free`). `error` may be NULL; on success `*error` is set to NULL.
///
/// # Safety
/// `preset` and `seed` are NULL or NUL-terminated strings; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_generate(
    preset: *const c_char,
    seed: *const c_char,
    error: *mut *mut c_char,
) -> *mut DelveMap {
    // SAFETY: the caller's contract is `generate_entry`'s.
    unsafe { generate_entry(preset, SeedArg::Text(seed), ptr::null(), false, error) }
}

/// Generates the map of `preset` and the seed `seed` as a number (what `delve generate --seed`
/// makes of the same number written as text): for a game that keeps its seeds as integers.
/// Otherwise as `delve_generate`.
///
/// # Safety
/// `preset` is NULL or a NUL-terminated string; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_generate_seed(
    preset: *const c_char,
    seed: u64,
    error: *mut *mut c_char,
) -> *mut DelveMap {
    // SAFETY: the caller's contract is `generate_entry`'s.
    unsafe { generate_entry(preset, SeedArg::Number(seed), ptr::null(), false, error) }
}

/// Generates the map of `preset` and `seed` around the locks of the map file at
/// `locks_map_path` (its locked rooms, their doors and corridors, its locked tiles), as
/// `delve generate --keep` does. A map with nothing locked generates as usual.
///
/// Returns NULL with `*error` set when the preset or the map file cannot be read, when the
/// map is over the editor's limits, or when a lock cannot be kept (the lock named).
///
/// # Safety
/// `preset`, `seed` and `locks_map_path` are NULL or NUL-terminated strings; `error` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_generate_keeping(
    preset: *const c_char,
    seed: *const c_char,
    locks_map_path: *const c_char,
    error: *mut *mut c_char,
) -> *mut DelveMap {
    // SAFETY: the caller's contract is `generate_entry`'s.
    unsafe { generate_entry(preset, SeedArg::Text(seed), locks_map_path, true, error) }
}
