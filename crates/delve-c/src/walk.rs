//! The player's walk over the tiles, for C: the masks a game paths and sees by
//! (`delve_map_walkable`, `delve_map_transparent`) and what the walk found
//! (`delve_map_certify`, `delve_map_certify_summary`).

use super::{DelveMap, c_string, grow, guard, map_ref};
use delve_core::map::certify;
use std::ffi::c_char;
use std::ptr;

/// What a player's walk over the tiles found on a map (`delve_map_certify`): the walk steps
/// from the spawn onto floor of a walkable kind and door tiles, a locked door's tile once its
/// key (a key marker's tile, picked up by stepping on it) is held, never onto rock. The same
/// walk as `delve check` and the `solvable`, `solution_length`, `free_locks` and
/// `exit_without_keys` columns of `delve sweep`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DelveCertificate {
    /// Set by the caller to `sizeof(DelveCertificate)` before the call; never written by the
    /// library, which writes only the fields that lie wholly within `size` bytes: a program built
    /// against an older, shorter `DelveCertificate` gets its own fields and nothing past them is
    /// touched; a larger `size` (a newer header than the library) gets the fields this library
    /// knows, the rest left as they were. A `size` short of the first version's fields (through
    /// `exit_room`) is refused.
    pub size: u32,
    /// Every key is picked up before its door is needed, every walkable tile is reached once
    /// the keys are held, and the exit is reached (stepping north, south, east and west).
    pub solvable: bool,
    /// The exit is reached (`solution_length` holds the steps); false: it never is.
    pub has_solution: bool,
    /// Steps from the spawn, picking up the keys needed nearest first, to the exit's nearest
    /// tile; 0 when `has_solution` is false.
    pub solution_length: u32,
    /// Keys the walk picks up.
    pub keys_found: u32,
    /// Keys no walk reaches (behind their own lock, or cut off).
    pub keys_missed: u32,
    /// Locked doors that lock nothing: every tile beside the door's tile is reached with that
    /// door alone closed, stepping eight ways with every key held.
    pub free_locks: u32,
    /// Locked doors of the map.
    pub locks: u32,
    /// On a map with locked doors: the exit is reached holding no key, stepping eight ways.
    pub exit_without_keys: bool,
    /// The spawn is on a tile a player can stand on.
    pub spawn_walkable: bool,
    /// Walkable tiles never reached, holding every key found.
    pub unreached: u32,
    /// The exit room's index (as `delve_map_room` takes it): the room with the exit role, else
    /// the room farthest from the spawn; -1 when no room is reached.
    pub exit_room: i64,
}

grow::growable!(
    DelveCertificate {
        solvable,
        has_solution,
        solution_length,
        keys_found,
        keys_missed,
        free_locks,
        locks,
        exit_without_keys,
        spawn_walkable,
        unreached,
        exit_room,
    },
    first: exit_room
);

/// What a creature may stand on, row by row: `width * height` bytes, 1 for floor (room,
/// corridor, door tile) of a walkable tile kind (a chasm is not), 0 for rock and floor that is
/// not walkable; the tile of a locked door is 0 unless `all_keys` (a player holding every key).
/// The mask `delve_map_certify`'s walk steps on. The array belongs to the map and lives until
/// `delve_map_free`; it is made the first time it is asked for. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_walkable(m: *const DelveMap, all_keys: bool) -> *const u8 {
    // SAFETY: the caller passes NULL or a live map.
    guard(ptr::null(), || unsafe { map_ref(m) }.map_or(ptr::null(), |m| m.walkable(all_keys).as_ptr()))
}

/// What a creature sees through, row by row: `width * height` bytes, 1 for floor of any tile
/// kind (water and chasms are seen across) and the door tiles of open arches, 0 for rock and the
/// tiles of shut doors (plain, locked and secret). The array belongs to the map and lives until
/// `delve_map_free`; it is made the first time it is asked for. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_transparent(m: *const DelveMap) -> *const u8 {
    // SAFETY: the caller passes NULL or a live map.
    guard(ptr::null(), || unsafe { map_ref(m) }.map_or(ptr::null(), |m| m.transparent().as_ptr()))
}

/// Walks the map as a player does (see `DelveCertificate`) and writes what the walk found to
/// `*out`, whose `size` the caller sets to `sizeof(DelveCertificate)` first. Returns false,
/// writing nothing, for a NULL map or `out` or a `size` short of the first version's fields.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_certify(m: *const DelveMap, out: *mut DelveCertificate) -> bool {
    let certificate = guard(None, || {
        // SAFETY: the caller passes NULL or a live map.
        let m = unsafe { map_ref(m) }?;
        let c = certify::certify(&m.map);
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Some(DelveCertificate {
            size: grow::size_u32::<DelveCertificate>(),
            solvable: c.solvable,
            has_solution: c.solution_length.is_some(),
            solution_length: c.solution_length.unwrap_or(0),
            keys_found: count(c.keys_found.len()),
            keys_missed: count(c.keys_missed.len()),
            free_locks: count(c.free_locks.len()),
            locks: c.locks,
            exit_without_keys: c.exit_without_keys,
            spawn_walkable: c.spawn_walkable,
            unreached: count(c.unreached),
            exit_room: c.exit.and_then(|e| i64::try_from(e).ok()).unwrap_or(-1),
        })
    });
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, certificate) }
}

/// The walk's story in a line, as `delve check` tells it ("solvable in 84 steps", "not
/// solvable: keys never reached: 2"). Free it with `delve_string_free`. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_certify_summary(m: *const DelveMap) -> *mut c_char {
    guard(ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or a live map.
        let Some(m) = (unsafe { map_ref(m) }) else { return ptr::null_mut() };
        c_string(certify::certify(&m.map).summary())
    })
}

/// What a player feels on the way to the exit (`delve_map_exit_figures`): the certifier's route
/// (the nearest key needed until the exit is open, then the exit, as `delve_map_certify` walks
/// it) walked a step at a time with the player's field of view (symmetric shadowcasting). The
/// same figures as `delve sweep --play`'s `steps_to_see_exit` and `seen_on_the_way_percent`
/// columns (which walk with a sight of 10, eight ways).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DelveExitFigures {
    /// Set by the caller to `sizeof(DelveExitFigures)` before the call (as for
    /// `DelveCertificate`).
    pub size: u32,
    /// The route reaches the exit room; false: the figures below are 0.
    pub reached: bool,
    /// Steps until a tile of the exit room first comes into view (0: seen from the spawn).
    pub steps_to_see_exit: u32,
    /// The share of the map's walkable tiles seen by the time the exit room is reached, 0 to 1.
    pub seen_on_the_way: f64,
}

grow::growable!(DelveExitFigures { reached, steps_to_see_exit, seen_on_the_way }, first: seen_on_the_way);

/// Walks `m`'s solution as the player, seeing `radius` tiles far (0: as far as the map goes),
/// stepping eight ways or only four, and writes what they felt on the way to the exit into
/// `out`. False (and `out` untouched) for NULL or a `size` short of the fields; a map whose exit
/// is never reached gives true with `reached` false.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_exit_figures(
    m: *const DelveMap,
    radius: u32,
    eight_ways: bool,
    out: *mut DelveExitFigures,
) -> bool {
    let figures = guard(None, || {
        // SAFETY: the caller passes NULL or a live map.
        let m = unsafe { map_ref(m) }?;
        let settings = delve_core::play::PlaySettings { radius, eight_ways };
        let f = delve_core::play::exit_figures_of(&m.map, settings);
        Some(DelveExitFigures {
            size: grow::size_u32::<DelveExitFigures>(),
            reached: f.is_some(),
            steps_to_see_exit: f.map_or(0, |f| f.steps_to_see_exit),
            seen_on_the_way: f.map_or(0.0, |f| f.seen_on_the_way),
        })
    });
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, figures) }
}
