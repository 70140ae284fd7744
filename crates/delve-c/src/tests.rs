//! The C functions called from Rust: the same maps as delve-core, every bad input an error.

use super::*;
use delve_core::export::json::to_json;
use delve_core::export::tile_ids;
use delve_core::generate::Request;
use delve_core::io;
use delve_core::map::locks::Kept;
use delve_core::rng::seed_from_text;
use std::sync::Arc;

/// `s` as a C string for the duration of a test.
fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

/// Calls `delve_generate_keeping` (or `delve_generate` without `keep`); the map or the message.
fn call(preset: Option<&CStr>, seed: Option<&CStr>, keep: Option<&CStr>) -> Result<*mut DelveMap, String> {
    let p = |s: Option<&CStr>| s.map_or(ptr::null(), CStr::as_ptr);
    let mut error: *mut c_char = ptr::null_mut();
    // SAFETY: every pointer is NULL or a live C string; `error` is a local.
    let m = unsafe {
        match keep {
            Some(k) => delve_generate_keeping(p(preset), p(seed), k.as_ptr(), &mut error),
            None => delve_generate(p(preset), p(seed), &mut error),
        }
    };
    if m.is_null() {
        assert!(!error.is_null(), "NULL without a message");
        // SAFETY: a message from libdelve, freed once below.
        let text = unsafe { CStr::from_ptr(error) }.to_str().unwrap().to_string();
        // SAFETY: as above.
        unsafe { delve_string_free(error) };
        Err(text)
    } else {
        assert!(error.is_null());
        Ok(m)
    }
}

/// A string from libdelve, freed.
fn take(s: *mut c_char) -> String {
    assert!(!s.is_null());
    // SAFETY: a string from libdelve, freed once.
    let text = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_string();
    // SAFETY: as above.
    unsafe { delve_string_free(s) };
    text
}

/// `sizeof(DelveRoom)`.
const ROOM: u32 = grow::size_u32::<DelveRoom>();

fn core_map(preset: &str, seed: u64) -> Map {
    let p = io::preset_from(preset).unwrap();
    Request::new(&p.generator, seed).run().unwrap().generated.map
}

#[test]
fn maps_are_the_cores() {
    for (preset, seed) in [("godot-part3", "7"), ("grown-treasure", "2"), ("tiendil-step6", "a text seed")] {
        let m = call(Some(&c(preset)), Some(&c(seed)), None).unwrap();
        let expected = core_map(preset, seed_from_text(seed));
        // SAFETY: `m` is a live map until freed at the end.
        unsafe {
            let (w, h) = (delve_map_width(m), delve_map_height(m));
            assert_eq!((w, h), (expected.width(), expected.height()));
            assert_eq!(delve_map_seed(m), seed_from_text(seed));
            let tiles = std::slice::from_raw_parts(delve_map_tiles(m), (w * h) as usize);
            let ids: Vec<u8> = tile_ids(&expected).into_iter().map(|t| t as u8).collect();
            assert_eq!(tiles, ids.as_slice());
            assert_eq!(take(delve_map_to_ascii(m)), expected.to_ascii());
            assert_eq!(take(delve_map_to_json(m)), to_json(&expected).unwrap());
            let (mut x, mut y) = (u32::MAX, u32::MAX);
            delve_map_spawn(m, &mut x, &mut y);
            assert_eq!((x as i32, y as i32), (expected.spawn.x, expected.spawn.y));
            assert_eq!(delve_map_room_count(m) as usize, expected.rooms.len());
            let mut room = DelveRoom {
                size: ROOM,
                id: 0,
                x: 0,
                y: 0,
                width: 0,
                height: 0,
                area: 0,
                role: DelveRole::DelveRoleNone,
                vault: true,
            };
            for (i, r) in expected.rooms.iter().enumerate() {
                assert!(delve_map_room(m, i as u32, &mut room));
                let b = r.shape.bounds().unwrap();
                assert_eq!(
                    (room.id, room.x, room.y, room.width, room.height),
                    (r.id, b.x, b.y, b.w as u32, b.h as u32)
                );
                assert_eq!(room.area as usize, r.shape.area());
                assert_eq!((room.size, room.vault), (ROOM, r.vault));
            }
            assert!(!delve_map_room(m, expected.rooms.len() as u32, &mut room));
            assert!(!delve_map_room(m, 0, ptr::null_mut()));
            delve_map_free(m);
        }
    }
}

/// An empty `DelveTileKind` to write into.
fn no_kind() -> DelveTileKind {
    let size = grow::size_u32::<DelveTileKind>();
    DelveTileKind { size, name: ptr::null(), glyph: 0, r: 0, g: 0, b: 0, walkable: false, id: 0 }
}

#[test]
fn tile_kinds_and_terrain_are_the_cores() {
    for seed in [1, 7, 12] {
        let m = call(Some(&c("grown-quest")), Some(&c(&seed.to_string())), None).unwrap();
        let expected = core_map("grown-quest", seed);
        let kinds = expected.terrain().kinds();
        assert_eq!(kinds.len(), 3, "grown-quest declares water, chasms and traps");
        // SAFETY: `m` is a live map until freed at the end; names live as long.
        unsafe {
            assert_eq!(delve_map_tile_kind_count(m) as usize, kinds.len());
            let mut out = no_kind();
            for (i, k) in kinds.iter().enumerate() {
                assert!(delve_map_tile_kind(m, i as u32, &mut out));
                assert_eq!(CStr::from_ptr(out.name).to_str().unwrap(), k.name);
                assert_eq!(char::from_u32(out.glyph), Some(k.glyph));
                assert_eq!(([out.r, out.g, out.b], out.walkable), (k.colour, k.walkable));
                assert_eq!(out.id, delve_core::export::kind_id(i));
            }
            assert!(!delve_map_tile_kind(m, kinds.len() as u32, &mut out));
            assert!(!delve_map_tile_kind(m, u32::MAX, &mut out));
            assert!(!delve_map_tile_kind(m, 0, ptr::null_mut()));
            let (w, h) = (delve_map_width(m), delve_map_height(m));
            let terrain = delve_map_terrain(m);
            assert_eq!(terrain, delve_map_terrain(m), "made once, the same array every time");
            let terrain = std::slice::from_raw_parts(terrain, (w * h) as usize);
            let numbers: Vec<u8> = (0..expected.tiles().as_slice().len())
                .map(|i| expected.tile_kind_number(expected.tiles().pos_of(i)))
                .collect();
            assert_eq!(terrain, numbers.as_slice());
            assert!(terrain.iter().any(|&n| n > 0), "seed {seed}: no tile of a kind");
            // The CSV ids with kinds: the tile ids, and a kind's id where a tile (not a door's) has one.
            let tiles = std::slice::from_raw_parts(delve_map_tiles(m), (w * h) as usize);
            let with_kinds = delve_core::export::tile_ids_with_kinds(&expected);
            for (i, (&t, &n)) in tiles.iter().zip(terrain).enumerate() {
                let id = if n > 0 && t != TileId::Door as u8 {
                    delve_core::export::kind_id(n as usize - 1)
                } else {
                    u32::from(t)
                };
                assert_eq!(id, with_kinds[i], "tile {i}");
            }
            delve_map_free(m);
        }
    }
    // A map of a preset without kinds: none, and no tile of one.
    let m = call(Some(&c("godot-part3")), Some(&c("3")), None).unwrap();
    // SAFETY: `m` is live until freed.
    unsafe {
        assert_eq!(delve_map_tile_kind_count(m), 0);
        assert!(!delve_map_tile_kind(m, 0, &mut no_kind()));
        let n = (delve_map_width(m) * delve_map_height(m)) as usize;
        assert!(std::slice::from_raw_parts(delve_map_terrain(m), n).iter().all(|&k| k == 0));
        delve_map_free(m);
    }
}

#[test]
fn no_seed_is_the_presets_seed() {
    let m = call(Some(&c("godot-part3")), None, None).unwrap();
    let preset = io::preset_from("godot-part3").unwrap();
    // SAFETY: `m` is live until freed.
    unsafe {
        assert_eq!(take(delve_map_to_ascii(m)), core_map("godot-part3", preset.seed).to_ascii());
        delve_map_free(m);
    }
}

#[test]
fn bad_inputs_are_errors_with_the_clis_message() {
    let unknown = call(Some(&c("no-such-preset")), None, None).unwrap_err();
    assert!(unknown.contains("no-such-preset") && unknown.contains("godot-part3"), "{unknown}");
    let not_preset = call(Some(&c("(width: 3)")), None, None).unwrap_err();
    assert!(not_preset.starts_with("<preset text>:1:"), "{not_preset}");
    let null = call(None, None, None).unwrap_err();
    assert!(null.starts_with("preset: NULL"), "{null}");
    let bytes = CString::new(vec![b'g', 0xff, b'x']).unwrap();
    let utf8 = call(Some(&bytes), None, None).unwrap_err();
    assert!(utf8.starts_with("preset: not UTF-8 text"), "{utf8}");
    let utf8 = call(Some(&c("godot-part3")), Some(&bytes), None).unwrap_err();
    assert!(utf8.starts_with("seed: not UTF-8 text"), "{utf8}");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.ron");
    let no_file = call(Some(&c("godot-part3")), None, Some(&c(missing.to_str().unwrap()))).unwrap_err();
    assert!(no_file.contains("missing.ron: cannot read the file"), "{no_file}");
    // SAFETY: every pointer is NULL or a live C string.
    let no_keep =
        unsafe { delve_generate_keeping(c("godot-part3").as_ptr(), ptr::null(), ptr::null(), ptr::null_mut()) };
    assert!(no_keep.is_null(), "a NULL locks path is an error, even without a place for the message");
}

#[test]
fn a_bad_value_names_the_field_and_its_range() {
    let text = io::SHIPPED_PRESETS.iter().find(|(n, _)| *n == "godot-part3").expect("shipped").1;
    // Out of the field's type: refused on reading, with the line and column.
    let bad = text.replacen("width: 80", "width: -3", 1);
    assert_ne!(bad, text, "the shipped preset changed: pick another field");
    let message = call(Some(&c(&bad)), None, None).unwrap_err();
    assert_eq!(message, io::preset_from(&bad).unwrap_err().to_string());
    assert!(message.starts_with("<preset text>:10:17: width: -3 is out of range (allowed 8 "), "{message}");
    // In the type, out of the range: refused on generating, every issue listed.
    let bad = text.replacen("width: 80", "width: 100000", 1);
    let message = call(Some(&c(&bad)), None, None).unwrap_err();
    let p = io::preset_from(&bad).unwrap();
    assert_eq!(message, Request::new(&p.generator, p.seed).run().unwrap_err().to_string());
    assert!(message.starts_with("the parameters cannot be generated:\n  - width: "), "{message}");
}

#[test]
fn locks_are_kept_and_a_lock_that_cannot_be_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.ron");
    let mut old = core_map("godot-part3", 4);
    old.rooms[0].locked = true;
    io::save_map(&path, &old).unwrap();
    let keep = c(path.to_str().unwrap());
    let m = call(Some(&c("godot-part3")), Some(&c("77")), Some(&keep)).unwrap();
    let p = io::preset_from("godot-part3").unwrap();
    let kept = Arc::new(Kept::of(&old).unwrap());
    let expected = Request::new(&p.generator, 77).keeping(Some(kept)).run().unwrap().generated.map;
    // SAFETY: `m` is live until freed.
    unsafe {
        assert_eq!(take(delve_map_to_ascii(m)), expected.to_ascii());
        delve_map_free(m);
    }
    let centre = old.rooms[5].shape.centre().unwrap();
    old.set_tile_lock(centre, true);
    io::save_map(&path, &old).unwrap();
    let message = call(Some(&c("godot-part3")), None, Some(&keep)).unwrap_err();
    assert!(message.starts_with(&format!("{}: the locked tile", path.display())), "{message}");
    assert!(message.contains("room 5, which is not locked"), "{message}");
}

/// An empty `DelveDoor` to write into.
fn no_door() -> DelveDoor {
    let (size, opening) = (grow::size_u32::<DelveDoor>(), DelveOpening::DelveOpeningArch);
    DelveDoor { size, id: 99, room: 99, x: 0, y: 0, outside_x: 0, outside_y: 0, kind: 9, opening, key: 99 }
}

/// Doors, each as the core map has it, openings and keys included.
#[test]
fn doors_are_the_cores_with_their_openings() {
    for (preset, seed) in [("grown-quest", 7u64), ("godot-part3", 3)] {
        let core = core_map(preset, seed);
        let m = call(Some(&c(preset)), Some(&c(&seed.to_string())), None).unwrap();
        // SAFETY: `m` is a live map until freed below; `out` points to a local.
        unsafe {
            assert_eq!(delve_map_door_count(m) as usize, core.doors.len());
            let mut locked = 0;
            for (i, d) in core.doors.iter().enumerate() {
                let mut out = no_door();
                assert!(delve_map_door(m, i as u32, &mut out));
                let outside = d.outside();
                assert_eq!((out.id, out.room, out.x, out.y), (d.id, d.room, d.cell.x, d.cell.y));
                assert_eq!((out.outside_x, out.outside_y, out.kind), (outside.x, outside.y, d.kind));
                let want = match d.opening {
                    Opening::Door => (DelveOpening::DelveOpeningDoor, 0),
                    Opening::Locked(k) => {
                        locked += 1;
                        assert!(core.markers.iter().any(|m| m.key == Some(k)), "{preset} door {i}: no key {k}");
                        (DelveOpening::DelveOpeningLocked, k)
                    }
                    Opening::Secret => (DelveOpening::DelveOpeningSecret, 0),
                    Opening::Arch => (DelveOpening::DelveOpeningArch, 0),
                };
                assert_eq!((out.opening, out.key), want, "{preset} door {i}");
            }
            // grown-quest locks some doors (a key may open several), godot-part3 none.
            assert_eq!(locked > 0, preset == "grown-quest", "{preset}: {locked} locked doors");
            let mut out = no_door();
            assert!(!delve_map_door(m, core.doors.len() as u32, &mut out), "past the end");
            assert_eq!(out, no_door(), "nothing written");
            assert!(!delve_map_door(m, 0, ptr::null_mut()), "no place to write");
            delve_map_free(m);
        }
    }
}

/// The masks and the walk are the core's (`map::certify`), on a map with chasms and locks.
#[test]
fn masks_and_certificate_are_the_cores() {
    for seed in [1u64, 4, 7, 12] {
        let core = core_map("grown-quest", seed);
        let expected = certify::certify(&core);
        let m = call(Some(&c("grown-quest")), Some(&c(&seed.to_string())), None).unwrap();
        // SAFETY: `m` is a live map until freed below; the arrays live as long.
        unsafe {
            let n = (delve_map_width(m) * delve_map_height(m)) as usize;
            for all_keys in [false, true] {
                let mask = delve_map_walkable(m, all_keys);
                assert_eq!(mask, delve_map_walkable(m, all_keys), "made once, the same array every time");
                let want: Vec<u8> =
                    certify::walkable_mask(&core, all_keys).as_slice().iter().map(|&b| u8::from(b)).collect();
                assert_eq!(std::slice::from_raw_parts(mask, n), want.as_slice(), "seed {seed}, all_keys {all_keys}");
            }
            assert_ne!(
                std::slice::from_raw_parts(delve_map_walkable(m, false), n),
                std::slice::from_raw_parts(delve_map_walkable(m, true), n),
                "seed {seed}: the locked doors' tiles"
            );
            let want: Vec<u8> = certify::transparent_mask(&core).as_slice().iter().map(|&b| u8::from(b)).collect();
            assert_eq!(std::slice::from_raw_parts(delve_map_transparent(m), n), want.as_slice());
            let size = grow::size_u32::<DelveCertificate>();
            let mut out = DelveCertificate { size, exit_room: 99, ..DelveCertificate::default() };
            assert!(delve_map_certify(m, &mut out));
            let want = DelveCertificate {
                size,
                solvable: expected.solvable,
                has_solution: expected.solution_length.is_some(),
                solution_length: expected.solution_length.unwrap_or(0),
                keys_found: expected.keys_found.len() as u32,
                keys_missed: expected.keys_missed.len() as u32,
                free_locks: expected.free_locks.len() as u32,
                locks: expected.locks,
                exit_without_keys: expected.exit_without_keys,
                spawn_walkable: expected.spawn_walkable,
                unreached: expected.unreached as u32,
                exit_room: expected.exit.map_or(-1, |e| e as i64),
            };
            assert_eq!(out, want, "seed {seed}");
            assert!(out.solvable && out.has_solution && out.locks > 0, "seed {seed}: {}", expected.summary());
            assert_eq!(take(delve_map_certify_summary(m)), expected.summary());
            assert!(!delve_map_certify(m, ptr::null_mut()));
            delve_map_free(m);
        }
    }
}

#[test]
fn a_device_is_not_read() {
    let message = call(Some(&c("/dev/zero")), Some(&c("1")), None).unwrap_err();
    assert!(message.contains("/dev/zero") && message.contains("not a regular file"), "{message}");
    let message = call(Some(&c("godot-part3")), Some(&c("1")), Some(&c("/dev/zero"))).unwrap_err();
    assert!(message.contains("/dev/zero") && message.contains("not a regular file"), "{message}");
}

#[test]
fn null_maps_give_nothing() {
    let null: *mut DelveMap = ptr::null_mut();
    // SAFETY: NULL is allowed everywhere.
    unsafe {
        assert_eq!((delve_map_width(null), delve_map_height(null), delve_map_room_count(null)), (0, 0, 0));
        assert!(delve_map_tiles(null).is_null() && delve_map_terrain(null).is_null());
        assert!(delve_map_walkable(null, false).is_null() && delve_map_walkable(null, true).is_null());
        assert!(delve_map_transparent(null).is_null() && delve_map_certify_summary(null).is_null());
        let size = grow::size_u32::<DelveCertificate>();
        let mut certificate = DelveCertificate { size, solvable: true, ..DelveCertificate::default() };
        assert!(!delve_map_certify(null, &mut certificate) && certificate.solvable, "nothing written");
        assert!(!delve_map_certify(null, ptr::null_mut()));
        assert_eq!((delve_map_marker_count(null), delve_map_tile_kind_count(null)), (0, 0));
        assert_eq!(delve_map_door_count(null), 0);
        assert!(!delve_map_door(null, 0, ptr::null_mut()));
        let mut kind = no_kind();
        assert!(!delve_map_tile_kind(null, 0, &mut kind) && kind.name.is_null());
        assert!(delve_map_to_ascii(null).is_null() && delve_map_to_json(null).is_null());
        let (mut x, mut y) = (9, 9);
        delve_map_spawn(null, &mut x, &mut y);
        assert_eq!((x, y), (0, 0));
        delve_map_spawn(null, ptr::null_mut(), ptr::null_mut());
        delve_map_free(null);
        delve_string_free(ptr::null_mut());
    }
}

#[test]
fn a_panic_becomes_the_fallback() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    assert_eq!(guard(7, || panic!("inside")), 7);
    std::panic::set_hook(hook);
}

#[test]
fn a_nul_in_a_message_does_not_cut_it() {
    assert_eq!(take(c_string("a\0b".to_string())), "a\u{fffd}b");
}
