//! Preset text and map text through libdelve's C entry points: whatever the bytes, a map or an
//! error message, never a crash, a hang or a leak.
//!
//! The first byte picks the case: even, the rest is a preset's RON text for `delve_generate`;
//! odd, the rest is a map file whose locks `delve_generate_keeping` keeps (around a shipped
//! preset, rooms-and-tunnels or grown, by the next bit).
//!
//! Run (from crates/delve-c/fuzz): `cargo +nightly fuzz run c_api corpus/c_api seeds -- -max_total_time=600`
#![no_main]
#![allow(unsafe_code, clippy::unwrap_used, clippy::expect_used)]

// The library's source itself (it has no rlib to depend on): the very functions C calls.
#[path = "../../src/lib.rs"]
#[allow(dead_code)]
mod delve;

use delve::*;
use libfuzzer_sys::fuzz_target;
use std::ffi::{CStr, CString, c_char};
use std::ptr;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    // Text with a NUL inside cannot reach C as one string.
    let Ok(text) = CString::new(rest) else { return };
    let seed = CString::new("7").unwrap();
    let mut error: *mut c_char = ptr::null_mut();
    let map = if kind % 2 == 0 {
        // Only RON text: other text names a file, and the fuzzer should not read the disk.
        if !rest.contains(&b'(') {
            return;
        }
        // SAFETY: live C strings and a local for the message.
        unsafe { delve_generate(text.as_ptr(), seed.as_ptr(), &mut error) }
    } else {
        let path = std::env::temp_dir().join(format!("delve-fuzz-{}.ron", std::process::id()));
        std::fs::write(&path, rest).unwrap();
        let preset = CString::new(if kind & 2 == 0 { "godot-part3" } else { "grown-shapes" }).unwrap();
        let path = CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: as above.
        unsafe { delve_generate_keeping(preset.as_ptr(), seed.as_ptr(), path.as_ptr(), &mut error) }
    };
    // SAFETY: `map` and `error` come from libdelve and are freed once.
    unsafe {
        if map.is_null() {
            assert!(!error.is_null(), "NULL map without a message");
            assert!(!CStr::from_ptr(error).to_bytes().is_empty());
            delve_string_free(error);
            return;
        }
        assert!(error.is_null());
        let (w, h) = (delve_map_width(map), delve_map_height(map));
        let tiles = std::slice::from_raw_parts(delve_map_tiles(map), (w * h) as usize);
        assert!(tiles.iter().all(|&t| t <= 3));
        let kinds = delve_map_tile_kind_count(map);
        let terrain = std::slice::from_raw_parts(delve_map_terrain(map), (w * h) as usize);
        assert!(terrain.iter().zip(tiles).all(|(&k, &t)| k == 0 || (u32::from(k) <= kinds && t != 0)));
        let ascii = delve_map_to_ascii(map);
        // A character per tile (a kind's or a marker's glyph may be any character).
        let text = CStr::from_ptr(ascii).to_str().unwrap();
        assert_eq!(text.chars().count(), ((w + 1) * h) as usize);
        delve_string_free(ascii);
        delve_string_free(delve_map_to_json(map));
        delve_map_free(map);
    }
});
