//! # libdelve: Delve's dungeon generators for C
//!
//! The maps a designer tunes in the Delve editor, for a game written in C or in any language
//! with a C FFI: name a preset (a shipped one, a file or RON text) and a seed, get the map —
//! the same map `delve generate` prints, on every run and machine.
//!
//! The header is `include/delve.h`, made from this file by cbindgen (`tests/header.rs` fails
//! when it is stale, saying how to refresh it). Every function:
//!
//! - takes NULL and non-UTF-8 text as errors, never as a crash: a function that makes a map
//!   returns NULL and sets `*error` to the message (the message `delve` prints after
//!   `error: `); a function given a NULL map returns 0 or NULL;
//! - lets no panic out: a panic inside becomes an error (or 0 / NULL);
//! - fills an out-struct (`DelveRoom`, ...) only as far as the `size` its caller sets, so that
//!   the structs grow without breaking programs built against older headers (`grow.rs`);
//! - hands out memory the caller frees with the matching `delve_*_free`.

// A C library takes and returns raw pointers; the workspace forbids unsafe code, this crate
// allows it (see its Cargo.toml). Each unsafe block is a few lines with a SAFETY comment.
#![allow(unsafe_code)]
// The fuzz target (crates/delve-c/fuzz) builds this source as its binary, with the target as a
// module.
#![cfg_attr(fuzzing, no_main)]

use delve_core::export::{TileId, kind_id};
use delve_core::geom::Grid;
use delve_core::map::certify;
use delve_core::map::{Map, Opening, Role};
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;
use std::sync::OnceLock;

mod about;
mod dungeon;
#[cfg(fuzzing)]
#[path = "../fuzz/fuzz_targets/c_api.rs"]
mod fuzz_c_api;
mod grow;
mod make;
mod preset;
#[cfg(test)]
mod tests;
mod walk;
pub use about::{delve_shipped_preset_count, delve_shipped_preset_name, delve_version};
pub use dungeon::{
    DelveDungeon, DelveLink, delve_dungeon_floor, delve_dungeon_floor_branch, delve_dungeon_floor_count,
    delve_dungeon_floor_depth, delve_dungeon_free, delve_dungeon_generate, delve_dungeon_generate_seed,
    delve_dungeon_link, delve_dungeon_link_count,
};
pub use make::{delve_generate, delve_generate_keeping, delve_generate_seed};
pub use preset::{
    DelvePreset, delve_preset_free, delve_preset_generate, delve_preset_get, delve_preset_load, delve_preset_set,
    delve_preset_to_ron,
};
pub use walk::{
    DelveCertificate, DelveExitFigures, delve_map_certify, delve_map_certify_summary, delve_map_exit_figures,
    delve_map_transparent, delve_map_walkable,
};

/// A generated map: its tiles, rooms, doors, corridors and spawn. Opaque; made by
/// `delve_generate` or `delve_generate_keeping`, freed with `delve_map_free`.
pub struct DelveMap {
    map: Map,
    /// The tile ids, row by row (what `delve_map_tiles` points to).
    tiles: Vec<u8>,
    /// The markers' kind names, one per marker (what `DelveMarker::kind` points to).
    kinds: Vec<CString>,
    /// The tile kinds' names, one per kind of the palette (what `DelveTileKind::name` points
    /// to).
    tile_kinds: Vec<CString>,
    /// Each tile's kind number, row by row (what `delve_map_terrain` points to): made the first
    /// time it is asked for, so a map whose terrain is never read does not pay for it.
    terrain: OnceLock<Box<[u8]>>,
    /// What may be stood on, row by row, without and with every key (what `delve_map_walkable`
    /// points to): each made the first time it is asked for.
    walkable: [OnceLock<Box<[u8]>>; 2],
    /// What is seen through, row by row (what `delve_map_transparent` points to): made the
    /// first time it is asked for.
    transparent: OnceLock<Box<[u8]>>,
}

impl DelveMap {
    /// The kind number of every tile (0: none; `k`: the kind at index `k - 1`), row by row:
    /// one byte per tile of the map's own grid.
    fn terrain(&self) -> &[u8] {
        self.terrain.get_or_init(|| {
            let grid = self.map.tiles();
            let mut cells = vec![0; grid.as_slice().len()].into_boxed_slice();
            if !self.map.terrain().is_bare() {
                for (i, c) in cells.iter_mut().enumerate() {
                    *c = self.map.tile_kind_number(grid.pos_of(i));
                }
            }
            cells
        })
    }

    /// The walkable mask (with every key when `all_keys`), a byte per tile, 1 or 0.
    fn walkable(&self, all_keys: bool) -> &[u8] {
        self.walkable[usize::from(all_keys)].get_or_init(|| bytes_of(&certify::walkable_mask(&self.map, all_keys)))
    }

    /// The transparent mask, a byte per tile, 1 or 0.
    fn transparent(&self) -> &[u8] {
        self.transparent.get_or_init(|| bytes_of(&certify::transparent_mask(&self.map)))
    }
}

/// A mask as bytes, 1 or 0, in the grid's order (row by row).
fn bytes_of(mask: &Grid<bool>) -> Box<[u8]> {
    mask.as_slice().iter().map(|&b| u8::from(b)).collect()
}

/// One marker of a map: a thing of kind `kind` on tile (`x`, `y`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelveMarker {
    /// Set by the caller to `sizeof(DelveMarker)` before the call; never written by the library,
    /// which writes only the fields that lie wholly within `size` bytes: a program built against an
    /// older, shorter `DelveMarker` gets its own fields and nothing past them is touched; a larger
    /// `size` (a newer header than the library) gets the fields this library knows, the rest left
    /// as they were. A `size` short of the first version's fields (through `key`) is refused.
    pub size: u32,
    /// Its kind's name, as the preset declares it (`monster`, `key`, ...): owned by the map,
    /// valid until `delve_map_free`.
    pub kind: *const c_char,
    /// Its tile, x to the right, y down, from the top-left corner of the map.
    pub x: i32,
    pub y: i32,
    /// The id of the room it stands in, or -1 when in none.
    pub room: i64,
    /// Its difficulty level (1 the easiest), or 0 for a kind without one.
    pub level: u32,
    /// For a key: the number of the locked doors it opens (the JSON export's `key`); else 0.
    pub key: u32,
}

/// One kind of tile of a map's palette (water, a chasm, a trap, ...): what the floor of a tile
/// is made of beyond plain floor, as the JSON export's `tile_kinds` gives it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelveTileKind {
    /// Set by the caller to `sizeof(DelveTileKind)` before the call; never written by the library,
    /// which writes only the fields that lie wholly within `size` bytes: a program built against an
    /// older, shorter `DelveTileKind` gets its own fields and nothing past them is touched; a
    /// larger `size` (a newer header than the library) gets the fields this library knows, the rest
    /// left as they were. A `size` short of the first version's fields (through `id`) is refused.
    pub size: u32,
    /// Its name, as the preset declares it (`water`, `chasm`, `trap`, ...): owned by the map,
    /// valid until `delve_map_free`.
    pub name: *const c_char,
    /// Its glyph in the ASCII form and the JSON export's `terrain` rows, a Unicode scalar value
    /// (for the shipped presets an ASCII character).
    pub glyph: u32,
    /// How Delve draws it: red, green and blue.
    pub r: u8,
    pub g: u8,
    pub b: u8,
    /// Whether a creature can stand on it.
    pub walkable: bool,
    /// Its id in the CSV export, the JSON export's `tile_kinds` and Delve's Tiled tileset: 4 +
    /// its index (0 to 3 are wall, room floor, corridor floor and door tile).
    pub id: u32,
}

/// What a room is for in play (the editor's roles).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DelveRole {
    /// No role.
    DelveRoleNone = 0,
    /// Where the player starts: the room that holds the spawn.
    DelveRoleEntrance = 1,
    /// The way on: a room farthest from the entrance.
    DelveRoleExit = 2,
    /// The prize: a room with a single way in, far from the entrance.
    DelveRoleTreasure = 3,
    /// The room every path into the treasure room passes.
    DelveRoleGuard = 4,
    /// A small dead-end room off the treasure room.
    DelveRoleSide = 5,
}

/// One room of a map: its id (as in the JSON export), the bounding box of its floor in tiles
/// (x to the right, y down, from the top-left corner of the map), its floor area and its role.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelveRoom {
    /// Set by the caller to `sizeof(DelveRoom)` before the call; never written by the library,
    /// which writes only the fields that lie wholly within `size` bytes: a program built against an
    /// older, shorter `DelveRoom` gets its own fields and nothing past them is touched; a larger
    /// `size` (a newer header than the library) gets the fields this library knows, the rest left
    /// as they were. A `size` short of the first version's fields (through `role`) is refused.
    pub size: u32,
    /// The room's id, as the JSON export and the map file name it.
    pub id: u32,
    /// Left column of the bounding box.
    pub x: i32,
    /// Top row of the bounding box.
    pub y: i32,
    /// Width of the bounding box, in tiles (0 for a room with no floor).
    pub width: u32,
    /// Height of the bounding box, in tiles (0 for a room with no floor).
    pub height: u32,
    /// Number of floor tiles (rooms need not be rectangles).
    pub area: u32,
    /// What the room is for.
    pub role: DelveRole,
    /// A hand-made room, placed from a vault library (the JSON export's `vault`). Added after
    /// the first version: a caller whose `size` ends before it does not get it.
    pub vault: bool,
}

/// How a door opens (the JSON export's `opening`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DelveOpening {
    /// A plain door.
    DelveOpeningDoor = 0,
    /// Locked: the key marker with the door's `key` number opens it.
    DelveOpeningLocked = 1,
    /// A secret door: a way through that looks like wall until found.
    DelveOpeningSecret = 2,
    /// An open arch: a way through with no door in it.
    DelveOpeningArch = 3,
}

/// One door of a map: on tile (`x`, `y`), its room's edge, leading out to tile (`outside_x`,
/// `outside_y`), where its corridor starts (the door tile of `delve_map_tiles`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelveDoor {
    /// Set by the caller to `sizeof(DelveDoor)` before the call; never written by the library,
    /// which writes only the fields that lie wholly within `size` bytes: a program built against an
    /// older, shorter `DelveDoor` gets its own fields and nothing past them is touched; a larger
    /// `size` (a newer header than the library) gets the fields this library knows, the rest left
    /// as they were. A `size` short of the first version's fields (through `key`) is refused.
    pub size: u32,
    /// The door's id, as the JSON export and the map file name it.
    pub id: u32,
    /// The id of its room.
    pub room: u32,
    pub x: i32,
    pub y: i32,
    pub outside_x: i32,
    pub outside_y: i32,
    /// Its kind, 0 for the default (the generator's door kinds).
    pub kind: u8,
    /// How it opens.
    pub opening: DelveOpening,
    /// For a locked door: the number of the key that opens it; else 0.
    pub key: u32,
}

grow::growable!(DelveRoom { id, x, y, width, height, area, role, vault }, first: role);
grow::growable!(DelveDoor { id, room, x, y, outside_x, outside_y, kind, opening, key }, first: key);
grow::growable!(DelveMarker { kind, x, y, room, level, key }, first: key);
grow::growable!(DelveTileKind { name, glyph, r, g, b, walkable, id }, first: id);

/// The message of a call that panicked inside.
const PANICKED: &str = "libdelve: internal error (a panic), please report it";

/// Runs `f`, turning a panic into `fallback`: no panic unwinds into C.
fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The text at `p`: `None` for NULL, an error naming `what` for bytes that are not UTF-8.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that lives for `'a`.
unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<Option<&'a str>, String> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: `p` is not NULL and, by this function's contract, a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes.to_str().map(Some).map_err(|e| format!("{what}: not UTF-8 text ({e})"))
}

/// `s` as a C string the caller frees with `delve_string_free` (a NUL inside, which the
/// formats never write, becomes U+FFFD so that the text is never cut short).
fn c_string(s: String) -> *mut c_char {
    let s = if s.contains('\0') { s.replace('\0', "\u{fffd}") } else { s };
    CString::new(s).map_or(ptr::null_mut(), CString::into_raw)
}

/// Stores `message` in `*error` when `error` is not NULL.
///
/// # Safety
/// `error` is NULL or valid for one write of a pointer.
unsafe fn set_error(error: *mut *mut c_char, message: Option<String>) {
    if !error.is_null() {
        // SAFETY: `error` is not NULL and, by this function's contract, writable.
        unsafe { error.write(message.map_or(ptr::null_mut(), c_string)) };
    }
}

/// `result` for C: `Ok` boxed (the caller frees it with the matching `delve_*_free`) and
/// `*error` set to NULL; `Err` NULL and `*error` the message.
///
/// # Safety
/// `error` is NULL or valid for one write of a pointer.
unsafe fn hand_out<T>(result: Result<T, String>, error: *mut *mut c_char) -> *mut T {
    match result {
        Ok(made) => {
            // SAFETY: by this function's contract `error` is NULL or writable.
            unsafe { set_error(error, None) };
            Box::into_raw(Box::new(made))
        }
        Err(message) => {
            // SAFETY: as above.
            unsafe { set_error(error, Some(message)) };
            ptr::null_mut()
        }
    }
}

/// The map behind `m`, `None` for NULL.
///
/// # Safety
/// `m` is NULL or a map from `delve_generate*` not yet freed.
unsafe fn map_ref<'a>(m: *const DelveMap) -> Option<&'a DelveMap> {
    // SAFETY: by this function's contract a non-NULL `m` is a live `DelveMap`.
    unsafe { m.as_ref() }
}

/// The map's width in tiles (0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_width(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| m.map.width()))
}

/// The map's height in tiles (0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_height(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| m.map.height()))
}

/// The seed the map was made from (the preset's own seed when none was given; 0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_seed(m: *const DelveMap) -> u64 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| m.map.provenance.seed))
}

/// The map's tiles, row by row: `width * height` ids, 0 wall, 1 room floor, 2 corridor floor,
/// 3 door tile (the tile just outside a door, `+` in the ASCII form); a floor tile's kind, if
/// any, is in `delve_map_terrain`. The array belongs to the map and lives until
/// `delve_map_free`. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_tiles(m: *const DelveMap) -> *const u8 {
    // SAFETY: the caller passes NULL or a live map.
    guard(ptr::null(), || unsafe { map_ref(m) }.map_or(ptr::null(), |m| m.tiles.as_ptr()))
}

/// Writes the spawn tile (where the player starts, `@` in the ASCII form) to `*x` and `*y`;
/// either may be NULL. A NULL map writes 0, 0.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `x` and `y` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_spawn(m: *const DelveMap, x: *mut u32, y: *mut u32) {
    // SAFETY: the caller passes NULL or a live map.
    let spawn = guard(None, || unsafe { map_ref(m) }.map(|m| m.map.spawn));
    let coord = |c: Option<i32>| c.and_then(|c| u32::try_from(c).ok()).unwrap_or(0);
    // SAFETY: the caller passes NULL or writable pointers; `as_mut` checks for NULL.
    unsafe {
        if let Some(x) = x.as_mut() {
            *x = coord(spawn.map(|p| p.x));
        }
        if let Some(y) = y.as_mut() {
            *y = coord(spawn.map(|p| p.y));
        }
    }
}

/// The number of rooms of the map (0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_room_count(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| u32::try_from(m.map.rooms.len()).unwrap_or(u32::MAX)))
}

/// Writes room `index` (0 to `delve_map_room_count - 1`, in the order of the JSON export) to
/// `*out`, whose `size` the caller sets to `sizeof(DelveRoom)` first (see `DelveRoom::size`).
/// Returns false, writing nothing, for a NULL map or `out`, an index out of range or a `size`
/// short of the first version's fields.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_room(m: *const DelveMap, index: u32, out: *mut DelveRoom) -> bool {
    // SAFETY: the caller passes NULL or a live map.
    let room = guard(None, || unsafe { map_ref(m) }.and_then(|m| m.map.rooms.get(index as usize)).map(room_of));
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, room) }
}

/// The number of doors of the map (0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_door_count(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| u32::try_from(m.map.doors.len()).unwrap_or(u32::MAX)))
}

/// Writes door `index` (0 to `delve_map_door_count - 1`, in the order of the JSON export) to
/// `*out`, whose `size` the caller sets to `sizeof(DelveDoor)` first (see `DelveDoor::size`).
/// Returns false, writing nothing, for a NULL map or `out`, an index out of range or a `size`
/// short of the first version's fields.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_door(m: *const DelveMap, index: u32, out: *mut DelveDoor) -> bool {
    let door = guard(None, || {
        // SAFETY: the caller passes NULL or a live map.
        let m = unsafe { map_ref(m) }?;
        let d = m.map.doors.get(index as usize)?;
        let (opening, key) = match d.opening {
            Opening::Door => (DelveOpening::DelveOpeningDoor, 0),
            Opening::Locked(k) => (DelveOpening::DelveOpeningLocked, k),
            Opening::Secret => (DelveOpening::DelveOpeningSecret, 0),
            Opening::Arch => (DelveOpening::DelveOpeningArch, 0),
        };
        let outside = d.outside();
        Some(DelveDoor {
            size: grow::size_u32::<DelveDoor>(),
            id: d.id,
            room: d.room,
            x: d.cell.x,
            y: d.cell.y,
            outside_x: outside.x,
            outside_y: outside.y,
            kind: d.kind,
            opening,
            key,
        })
    });
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, door) }
}

/// The number of markers of the map (0 for NULL).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_marker_count(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| u32::try_from(m.map.markers.len()).unwrap_or(u32::MAX)))
}

/// Writes marker `index` (0 to `delve_map_marker_count - 1`, in the order of the JSON export)
/// to `*out`, whose `size` the caller sets to `sizeof(DelveMarker)` first (see
/// `DelveMarker::size`). Returns false, writing nothing, for a NULL map or `out`, an index out
/// of range or a `size` short of the first version's fields.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_marker(m: *const DelveMap, index: u32, out: *mut DelveMarker) -> bool {
    let marker = guard(None, || {
        // SAFETY: the caller passes NULL or a live map.
        let m = unsafe { map_ref(m) }?;
        let (mk, kind) = (m.map.markers.get(index as usize)?, m.kinds.get(index as usize)?);
        Some(DelveMarker {
            size: grow::size_u32::<DelveMarker>(),
            kind: kind.as_ptr(),
            x: mk.at.x,
            y: mk.at.y,
            room: m.map.room_at(mk.at).map_or(-1, |r| i64::from(r.id)),
            level: mk.level,
            key: mk.key.unwrap_or(0),
        })
    });
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, marker) }
}

/// The number of tile kinds of the map's palette (0 for NULL, and for a map that declares
/// none).
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_tile_kind_count(m: *const DelveMap) -> u32 {
    // SAFETY: the caller passes NULL or a live map.
    guard(0, || unsafe { map_ref(m) }.map_or(0, |m| u32::try_from(m.map.terrain().kinds().len()).unwrap_or(u32::MAX)))
}

/// Writes tile kind `index` (0 to `delve_map_tile_kind_count - 1`, in the order of the JSON
/// export's `tile_kinds`; a tile of kind number `k` in `delve_map_terrain` is of index `k - 1`)
/// to `*out`, whose `size` the caller sets to `sizeof(DelveTileKind)` first (see
/// `DelveTileKind::size`). Returns false, writing nothing, for a NULL map or `out`, an index out
/// of range or a `size` short of the first version's fields.
///
/// # Safety
/// `m` is NULL or a map not yet freed; `out` is NULL or a struct whose `size` bytes are
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_tile_kind(m: *const DelveMap, index: u32, out: *mut DelveTileKind) -> bool {
    let kind = guard(None, || {
        // SAFETY: the caller passes NULL or a live map.
        let m = unsafe { map_ref(m) }?;
        let i = index as usize;
        let (k, name) = (m.map.terrain().kinds().get(i)?, m.tile_kinds.get(i)?);
        let [r, g, b] = k.colour;
        Some(DelveTileKind {
            size: grow::size_u32::<DelveTileKind>(),
            name: name.as_ptr(),
            glyph: u32::from(k.glyph),
            r,
            g,
            b,
            walkable: k.walkable,
            id: kind_id(i),
        })
    });
    // SAFETY: the caller passes NULL or a struct of `out->size` writable bytes.
    unsafe { grow::fill(out, kind) }
}

/// The tile kind of each tile, row by row: `width * height` bytes, 0 for a tile without a kind
/// (wall, plain floor), else the kind's number `k`, 1-based: the kind `delve_map_tile_kind`
/// gives at index `k - 1`. Kinds lie on floor only (room or corridor, a door tile included;
/// the ASCII form shows a door tile as `+` whatever its kind). All 0 for a map without tile
/// kinds. The array belongs to the map and lives until `delve_map_free`; it is made the first
/// time it is asked for. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_terrain(m: *const DelveMap) -> *const u8 {
    // SAFETY: the caller passes NULL or a live map.
    guard(ptr::null(), || unsafe { map_ref(m) }.map_or(ptr::null(), |m| m.terrain().as_ptr()))
}

fn room_of(r: &delve_core::map::Room) -> DelveRoom {
    let b = r.shape.bounds().unwrap_or_default();
    let side = |s: i32| u32::try_from(s).unwrap_or(0);
    let role = match r.role {
        None => DelveRole::DelveRoleNone,
        Some(Role::Entrance) => DelveRole::DelveRoleEntrance,
        Some(Role::Exit) => DelveRole::DelveRoleExit,
        Some(Role::Treasure) => DelveRole::DelveRoleTreasure,
        Some(Role::Guard) => DelveRole::DelveRoleGuard,
        Some(Role::Side) => DelveRole::DelveRoleSide,
    };
    let area = u32::try_from(r.shape.area()).unwrap_or(u32::MAX);
    let size = grow::size_u32::<DelveRoom>();
    DelveRoom { size, id: r.id, x: b.x, y: b.y, width: side(b.w), height: side(b.h), area, role, vault: r.vault }
}

/// The map as text, byte for byte what `delve generate --ascii` prints: a line per row, `#`
/// wall, `.` room floor, `,` corridor floor, a tile of a kind its kind's glyph, `+` door tile (a
/// locked door's: its key's number), `@` spawn, a marker its kind's glyph. A glyph outside
/// ASCII is written as UTF-8. Free it with `delve_string_free`. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_to_ascii(m: *const DelveMap) -> *mut c_char {
    // SAFETY: the caller passes NULL or a live map.
    guard(ptr::null_mut(), || unsafe { map_ref(m) }.map_or(ptr::null_mut(), |m| c_string(m.map.to_ascii())))
}

/// The map as JSON, byte for byte what `delve export --format json` writes: size, tile ids
/// and rows, rooms, doors, corridors, the room graph, spawn, provenance, markers, tile kinds
/// and terrain rows. Free it with `delve_string_free`. NULL for NULL.
///
/// # Safety
/// `m` is NULL or a map not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_to_json(m: *const DelveMap) -> *mut c_char {
    guard(ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or a live map.
        let Some(m) = (unsafe { map_ref(m) }) else { return ptr::null_mut() };
        delve_core::export::json::to_json(&m.map).map_or(ptr::null_mut(), c_string)
    })
}

/// Frees a map from `delve_generate*` (NULL does nothing). The map and its arrays (tiles,
/// terrain, masks) must not be used afterwards.
///
/// # Safety
/// `m` is NULL or a map from `delve_generate*` not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_map_free(m: *mut DelveMap) {
    if !m.is_null() {
        // SAFETY: `m` came from `Box::into_raw` in `generate_entry` and is freed once.
        guard((), || drop(unsafe { Box::from_raw(m) }));
    }
}

/// Frees a string from libdelve: an error message, `delve_map_to_ascii`, `delve_map_to_json`
/// or `delve_map_certify_summary` (NULL does nothing).
///
/// # Safety
/// `s` is NULL or a string from libdelve not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: `s` came from `CString::into_raw` in `c_string` and is freed once.
        guard((), || drop(unsafe { CString::from_raw(s) }));
    }
}

/// The tile id numbering of `delve_map_tiles`, checked against the core's at compile time.
const _: () = {
    assert!(TileId::Wall as u8 == 0 && TileId::RoomFloor as u8 == 1);
    assert!(TileId::CorridorFloor as u8 == 2 && TileId::Door as u8 == 3);
};
