//! Dungeons of many floors from C: `delve_dungeon_generate` makes every floor of a shipped
//! dungeon or a dungeon file, as `delve dungeon` does; the floors are maps the `delve_map_*`
//! functions read, owned by the dungeon (freed with it, never with `delve_map_free`); the
//! staircases between them come as `DelveLink`s.

use super::make::c_name;
use super::{DelveMap, PANICKED, grow, guard, hand_out, text};
use delve_core::dungeon::{self, LinkKind};
use delve_core::io;
use delve_core::rng::seed_from_text;
use std::ffi::{CString, c_char};
use std::path::Path;
use std::ptr;

/// A dungeon made: its floors (the trunk's from the first, then each branch's), each with its
/// branch's name and depth, and the staircases. Opaque to C.
pub struct DelveDungeon {
    floors: Vec<DelveMap>,
    /// Each floor's branch name and depth.
    places: Vec<(CString, u32)>,
    links: Vec<DelveLink>,
}

/// A staircase between two floors of a dungeon (`delve_dungeon_link`): on floor `from_floor`
/// at tile `(x, y)` its `stairs_down` (or `branch`, when `into_branch`), on floor `to_floor` at
/// the same tile its `stairs_up`. Floors by their index (0 to `delve_dungeon_floor_count - 1`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DelveLink {
    /// Set by the caller to `sizeof(DelveLink)` before the call (see `DelveRoom::size`): the
    /// library writes only the fields within `size` bytes, so the struct may grow.
    pub size: u32,
    pub from_floor: u32,
    pub to_floor: u32,
    pub x: i32,
    pub y: i32,
    /// The staircase leads into a branch's first floor (its marker on the floor above is
    /// `branch`); false: down the same branch (`stairs_down`).
    pub into_branch: bool,
}

grow::growable!(DelveLink { from_floor, to_floor, x, y, into_branch }, first: into_branch);

/// The dungeon `name` (a shipped dungeon or a dungeon file's path) at `seed` (its own when
/// `None`), the error worded as `delve dungeon` words it.
fn make(name: &str, seed: Option<u64>) -> Result<DelveDungeon, String> {
    let d = io::dungeon_from(name).map_err(|e| e.to_string())?;
    let base = Path::new(name).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let made = dungeon::generate_dungeon(&d, base, seed.unwrap_or(d.seed)).map_err(|e| format!("{name}: {e}"))?;
    let index = |id| made.floors.iter().position(|f| f.id == id).map_or(u32::MAX, |i| i as u32);
    let links = made
        .links
        .iter()
        .map(|l| DelveLink {
            size: 0,
            from_floor: index(l.from),
            to_floor: index(l.to),
            x: l.at.x,
            y: l.at.y,
            into_branch: l.kind == LinkKind::Branch,
        })
        .collect();
    let places = made
        .floors
        .iter()
        .map(|f| (c_name(made.branches.get(f.id.branch).map_or("", |(n, _)| n.as_str())), f.id.depth))
        .collect();
    let floors = made.floors.into_iter().map(|f| DelveMap::of(f.generated.map)).collect();
    Ok(DelveDungeon { floors, places, links })
}

/// Makes every floor of `dungeon`: a shipped dungeon's name (`brogue-length`, `dcss-shaped`) or
/// a dungeon file's path, at `seed` (a whole number or any text, hashed as `delve dungeon
/// --seed` does; NULL: the dungeon's own seed), each floor made around its stairs and
/// certified by the player's walk.
///
/// Returns the dungeon (free it with `delve_dungeon_free`), or NULL with `*error` set to a
/// message naming the file, or the branch, floor and key (free it with `delve_string_free`).
/// `error` may be NULL; on success `*error` is set to NULL.
///
/// # Safety
/// `dungeon` and `seed` are NULL or NUL-terminated strings; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_generate(
    dungeon: *const c_char,
    seed: *const c_char,
    error: *mut *mut c_char,
) -> *mut DelveDungeon {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or NUL-terminated strings that outlive this call.
        let name =
            unsafe { text(dungeon, "dungeon")? }.ok_or("dungeon: NULL; expected a shipped dungeon's name or a path")?;
        // SAFETY: as above.
        let seed = unsafe { text(seed, "seed")? }.map(seed_from_text);
        make(name, seed)
    });
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { hand_out(result, error) }
}

/// `delve_dungeon_generate` with the seed as a number.
///
/// # Safety
/// `dungeon` is NULL or a NUL-terminated string; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_generate_seed(
    dungeon: *const c_char,
    seed: u64,
    error: *mut *mut c_char,
) -> *mut DelveDungeon {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or a NUL-terminated string that outlives this call.
        let name =
            unsafe { text(dungeon, "dungeon")? }.ok_or("dungeon: NULL; expected a shipped dungeon's name or a path")?;
        make(name, Some(seed))
    });
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { hand_out(result, error) }
}

/// # Safety
/// `d` is NULL or a dungeon not yet freed.
unsafe fn dungeon_ref<'a>(d: *const DelveDungeon) -> Option<&'a DelveDungeon> {
    // SAFETY: by this function's contract.
    unsafe { d.as_ref() }
}

/// The number of floors (0 for NULL).
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_floor_count(d: *const DelveDungeon) -> u32 {
    // SAFETY: the caller passes NULL or a live dungeon.
    guard(0, || unsafe { dungeon_ref(d) }.map_or(0, |d| u32::try_from(d.floors.len()).unwrap_or(u32::MAX)))
}

/// Floor `index`'s map, for the `delve_map_*` functions: owned by the dungeon, valid until
/// `delve_dungeon_free` (never pass it to `delve_map_free`). NULL for NULL or an index out of
/// range.
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_floor(d: *const DelveDungeon, index: u32) -> *const DelveMap {
    guard(ptr::null(), || {
        // SAFETY: the caller passes NULL or a live dungeon.
        unsafe { dungeon_ref(d) }
            .and_then(|d| d.floors.get(index as usize))
            .map_or(ptr::null(), |m| m as *const DelveMap)
    })
}

/// The name of floor `index`'s branch, owned by the dungeon (NULL for NULL or out of range).
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_floor_branch(d: *const DelveDungeon, index: u32) -> *const c_char {
    guard(ptr::null(), || {
        // SAFETY: the caller passes NULL or a live dungeon.
        unsafe { dungeon_ref(d) }.and_then(|d| d.places.get(index as usize)).map_or(ptr::null(), |(n, _)| n.as_ptr())
    })
}

/// Floor `index`'s depth in its branch, from 1 (0 for NULL or out of range).
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_floor_depth(d: *const DelveDungeon, index: u32) -> u32 {
    // SAFETY: the caller passes NULL or a live dungeon.
    guard(0, || unsafe { dungeon_ref(d) }.and_then(|d| d.places.get(index as usize)).map_or(0, |(_, depth)| *depth))
}

/// The number of staircases (0 for NULL).
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_link_count(d: *const DelveDungeon) -> u32 {
    // SAFETY: the caller passes NULL or a live dungeon.
    guard(0, || unsafe { dungeon_ref(d) }.map_or(0, |d| u32::try_from(d.links.len()).unwrap_or(u32::MAX)))
}

/// Writes staircase `index` to `*out`, whose `size` the caller sets to `sizeof(DelveLink)`
/// first. False, writing nothing, for NULL, an index out of range or a `size` too small.
///
/// # Safety
/// `d` is NULL or a dungeon not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_link(d: *const DelveDungeon, index: u32, out: *mut DelveLink) -> bool {
    // SAFETY: the caller passes NULL or a live dungeon.
    let link = guard(None, || unsafe { dungeon_ref(d) }.and_then(|d| d.links.get(index as usize)).copied());
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, link) }
}

/// Frees a dungeon and its floors' maps (NULL: nothing).
///
/// # Safety
/// `d` is NULL or a dungeon from `delve_dungeon_generate*` not yet freed; its floors' maps are
/// not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_dungeon_free(d: *mut DelveDungeon) {
    if !d.is_null() {
        // SAFETY: `d` came from `Box::into_raw` in `hand_out` and is freed once.
        guard((), || drop(unsafe { Box::from_raw(d) }));
    }
}
