//! A preset held by C (`DelvePreset`): loaded once, its parameters read and set by key, saved
//! as a preset file's text and generated from. Parameters are reached by their path in the
//! preset file (`max_rooms`, `room_size`, `markers.keys.pairs`, `markers.kinds.0.density`)
//! through [`delve_core::params::path`], which checks the whole preset as a file is checked.

use super::{PANICKED, c_string, guard, hand_out, set_error, text};
use crate::DelveMap;
use crate::make::{Seed, load, make_from};
use delve_core::io::{self, Preset};
use delve_core::params::path::{Value, get_path, set_path};
use std::ffi::c_char;
use std::ptr;

/// A preset: a generator and every one of its parameters, its name and its own seed. Opaque;
/// made by `delve_preset_load`, freed with `delve_preset_free`. Reading it
/// (`delve_preset_get`, `delve_preset_generate`, `delve_preset_to_ron`) from several threads at
/// once is safe; setting it (`delve_preset_set`) is not, while any other call uses it.
pub struct DelvePreset {
    preset: Preset,
}

/// Reading one preset from several threads at once is safe: nothing in it changes when read.
const _: () = {
    const fn shared<T: Sync>() {}
    shared::<DelvePreset>();
};

/// The preset behind `p`, `None` for NULL.
///
/// # Safety
/// `p` is NULL or a preset from `delve_preset_load` not yet freed.
unsafe fn preset_ref<'a>(p: *const DelvePreset) -> Option<&'a DelvePreset> {
    // SAFETY: by this function's contract a non-NULL `p` is a live `DelvePreset`.
    unsafe { p.as_ref() }
}

const NULL_PRESET: &str = "preset: NULL; expected a preset from delve_preset_load";
const NULL_KEY: &str = "key: NULL; expected a parameter's path, such as max_rooms or markers.keys.pairs";

/// The value `text` gives parameter `key`: JSON text (`2`, `1.5`, `true`, `"monster"`,
/// `{"min": 6, "max": 10}`, `[220, 70, 60]`, `null`), or a bare word (`ShareWalls`) as text.
fn value_of(key: &str, text: &str) -> Result<Value, String> {
    let word = text.trim();
    if let Ok(value) = word.parse::<Value>() {
        return Ok(value);
    }
    let bare =
        word.chars().next().is_some_and(char::is_alphabetic) && word.chars().all(|c| c.is_alphanumeric() || c == '_');
    if bare {
        return Ok(Value::String(word.to_string()));
    }
    Err(format!(
        "{key}: `{word}` is not a value; write it as JSON, as delve_preset_get gives it: 2, 1.5, true, \
         \"monster\", ShareWalls, {{\"min\": 6, \"max\": 10}}, [220, 70, 60], null"
    ))
}

/// Reads a preset to read, set and generate from: `preset` is a shipped preset's name, the
/// path of a preset file or a preset's RON text, as `delve_generate` takes it.
///
/// Returns the preset (free it with `delve_preset_free`), or NULL with `*error` set to the
/// message `delve_generate` gives for the same text (free it with `delve_string_free`).
/// `error` may be NULL; on success `*error` is set to NULL.
///
/// # Safety
/// `preset` is NULL or a NUL-terminated string; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_load(preset: *const c_char, error: *mut *mut c_char) -> *mut DelvePreset {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or a NUL-terminated string that outlives this call.
        let preset = unsafe { text(preset, "preset")? }
            .ok_or("preset: NULL; expected a shipped preset's name, a path or RON text")?;
        load(preset).map(|preset| DelvePreset { preset })
    });
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { hand_out(result, error) }
}

/// Sets the parameter at `key` to `value`.
///
/// `key` is the parameter's path in the preset file: its field names joined by `.`, a list's
/// items by number from 0 (`max_rooms`, `room_size`, `room_size.max`, `markers.keys.pairs`,
/// `markers.kinds.0.density`, `roles.guard`). `value` is JSON text, as `delve_preset_get`
/// gives it: a number (`2`, `1.5`), `true` or `false`, text in quotes (`"monster"`), a range
/// as `{"min": 6, "max": 10}`, a list as `[220, 70, 60]`, `null` for none; a bare word
/// (`ShareWalls`, an option's name in the preset file) is taken as text.
///
/// The whole preset is then checked as `delve generate` checks a preset file. Returns true, and
/// `*error` set to NULL, when the value is taken; false, the preset unchanged and `*error` the
/// message (free it with `delve_string_free`) when the key names no parameter, the value is
/// not of the parameter's kind or the checks refuse it. The message names the key and says
/// what is allowed, in the words `delve generate` uses for that value in a file
/// (`markers.keys.pairs: markers: key pairs: 99 must be 0 to 8`); for a number of the wrong
/// kind (`-3` for a count) the range is added (`(allowed 1 to 100000 tries)`). `error` may be
/// NULL.
///
/// # Safety
/// `p` is NULL or a preset not yet freed, used by no other call meanwhile; `key` and `value`
/// are NULL or NUL-terminated strings; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_set(
    p: *mut DelvePreset,
    key: *const c_char,
    value: *const c_char,
    error: *mut *mut c_char,
) -> bool {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or a live preset that no other call uses meanwhile.
        let p = unsafe { p.as_mut() }.ok_or(NULL_PRESET)?;
        // SAFETY: the caller passes NULL or NUL-terminated strings that outlive this call.
        let key = unsafe { text(key, "key")? }.ok_or(NULL_KEY)?;
        // SAFETY: as above.
        let value = unsafe { text(value, "value")? }
            .ok_or_else(|| format!("{key}: the value is NULL; expected JSON text such as 2 or true"))?;
        let params = &mut p.preset.generator;
        let value = value_of(key, value)?;
        set_path(params, key, value)
    });
    let taken = result.is_ok();
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { set_error(error, result.err()) };
    taken
}

/// The value of the parameter at `key` (a path, as `delve_preset_set` takes it) as JSON text:
/// `30`, `0.25`, `true`, `"ShareWalls"`, `{"max":10,"min":6}` (an object's fields in name
/// order), `null` for none; `delve_preset_set` takes it back. Free it with
/// `delve_string_free`.
///
/// Returns NULL with `*error` set when `p` or `key` is NULL or the key names no parameter;
/// on success `*error` is set to NULL. `error` may be NULL.
///
/// # Safety
/// `p` is NULL or a preset not yet freed; `key` is NULL or a NUL-terminated string; `error` is
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_get(
    p: *const DelvePreset,
    key: *const c_char,
    error: *mut *mut c_char,
) -> *mut c_char {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or a live preset.
        let p = unsafe { preset_ref(p) }.ok_or(NULL_PRESET)?;
        // SAFETY: the caller passes NULL or a NUL-terminated string that outlives this call.
        let key = unsafe { text(key, "key")? }.ok_or(NULL_KEY)?;
        get_path(&p.preset.generator, key).map(|v| v.to_string())
    });
    match result {
        Ok(value) => {
            // SAFETY: the caller passes NULL or a writable pointer.
            unsafe { set_error(error, None) };
            c_string(value)
        }
        Err(message) => {
            // SAFETY: as above.
            unsafe { set_error(error, Some(message)) };
            ptr::null_mut()
        }
    }
}

/// Generates the map of the preset `p` as it is now and the seed `seed`: the map
/// `delve generate` makes of the preset file `delve_preset_to_ron` writes, with `--seed` and
/// the same number. Returns the map (free it with `delve_map_free`), or NULL with `*error` set
/// (a NULL preset, parameters that cannot be generated); on success `*error` is set to NULL.
/// `error` may be NULL.
///
/// # Safety
/// `p` is NULL or a preset not yet freed; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_generate(
    p: *const DelvePreset,
    seed: u64,
    error: *mut *mut c_char,
) -> *mut DelveMap {
    let result = guard(Err(PANICKED.to_string()), || {
        // SAFETY: the caller passes NULL or a live preset.
        let p = unsafe { preset_ref(p) }.ok_or(NULL_PRESET)?;
        make_from(&p.preset, Some(Seed::Number(seed)), None)
    });
    // SAFETY: the caller passes NULL or a writable pointer.
    unsafe { hand_out(result, error) }
}

/// The preset as the text of a preset file, as the editor and `delve tune` save it: to write to
/// a file that `delve generate`, the editor and `delve_generate` read. Vault
/// libraries are named as the preset names them (relative to its own file's folder; shipped
/// ones by their shipped name). Free it with `delve_string_free`. NULL for NULL.
///
/// # Safety
/// `p` is NULL or a preset not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_to_ron(p: *const DelvePreset) -> *mut c_char {
    guard(ptr::null_mut(), || {
        // SAFETY: the caller passes NULL or a live preset.
        let Some(p) = (unsafe { preset_ref(p) }) else { return ptr::null_mut() };
        io::preset_to_string(&p.preset).map_or(ptr::null_mut(), c_string)
    })
}

/// Frees a preset from `delve_preset_load` (NULL does nothing); maps generated from it are
/// not touched.
///
/// # Safety
/// `p` is NULL or a preset from `delve_preset_load` not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_preset_free(p: *mut DelvePreset) {
    if !p.is_null() {
        // SAFETY: `p` came from `Box::into_raw` in `hand_out` and is freed once.
        guard((), || drop(unsafe { Box::from_raw(p) }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{delve_map_free, delve_map_to_ascii, delve_string_free};
    use delve_core::generate::Request;
    use std::ffi::{CStr, CString};

    fn c(s: &str) -> CString {
        CString::new(s).unwrap()
    }

    /// A string from libdelve, freed; `None` for NULL.
    fn take(s: *mut c_char) -> Option<String> {
        if s.is_null() {
            return None;
        }
        // SAFETY: a string from libdelve, freed once.
        let text = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_string();
        // SAFETY: as above.
        unsafe { delve_string_free(s) };
        Some(text)
    }

    fn load_preset(name: &str) -> *mut DelvePreset {
        let mut error = ptr::null_mut();
        // SAFETY: a live C string; `error` a local.
        let p = unsafe { delve_preset_load(c(name).as_ptr(), &mut error) };
        assert!(!p.is_null() && error.is_null(), "{name}: {:?}", take(error));
        p
    }

    /// `delve_preset_set`: `Ok` or the message.
    fn set(p: *mut DelvePreset, key: &str, value: &str) -> Result<(), String> {
        let mut error = ptr::null_mut();
        // SAFETY: `p` is live or NULL; the strings live through the call; `error` a local.
        let taken = unsafe { delve_preset_set(p, c(key).as_ptr(), c(value).as_ptr(), &mut error) };
        let message = take(error);
        assert_eq!(taken, message.is_none(), "{key} = {value}: {message:?}");
        message.map_or(Ok(()), Err)
    }

    fn get(p: *const DelvePreset, key: &str) -> Result<String, String> {
        let mut error = ptr::null_mut();
        // SAFETY: as `set`.
        let value = take(unsafe { delve_preset_get(p, c(key).as_ptr(), &mut error) });
        value.ok_or_else(|| take(error).unwrap())
    }

    #[test]
    fn a_nested_parameter_is_set_and_generated_from() {
        let p = load_preset("grown-quest");
        assert_eq!(get(p, "markers.keys.pairs").unwrap(), "2");
        set(p, "markers.keys.pairs", "1").unwrap();
        set(p, "room_size", "{\"min\": 6, \"max\": 10}").unwrap_err();
        set(p, "closet_cells", "{\"min\": 4, \"max\": 7}").unwrap();
        set(p, "markers.kinds.0.density", " 2.5 ").unwrap();
        set(p, "share_doors", "true").unwrap();
        assert_eq!(get(p, "markers.keys.pairs").unwrap(), "1");
        assert_eq!(get(p, "closet_cells").unwrap(), "{\"max\":7,\"min\":4}");
        assert_eq!(get(p, "markers.kinds.0.density").unwrap(), "2.5");
        // What get gives, set takes back.
        let name = get(p, "markers.kinds.0.name").unwrap();
        set(p, "markers.kinds.0.name", &name).unwrap();
        // The saved text reads back as the parameters are; the map is the core's of them.
        // SAFETY: `p` is live until freed below.
        let (ron, map) =
            unsafe { (take(delve_preset_to_ron(p)).unwrap(), delve_preset_generate(p, 9, ptr::null_mut())) };
        let saved = delve_core::io::parse_preset(&ron, std::path::Path::new("<saved>")).unwrap();
        // SAFETY: as above.
        assert_eq!(saved, unsafe { &*p }.preset);
        assert_eq!(saved.generator.markers().keys.pairs, 1);
        assert_eq!(saved.generator.markers().kinds[0].density, 2.5);
        let core = Request::new(&saved.generator, 9).run().unwrap().generated.map;
        // SAFETY: `map` and `p` are live until freed here.
        unsafe {
            assert_eq!(take(delve_map_to_ascii(map)).unwrap(), core.to_ascii());
            delve_map_free(map);
            delve_preset_free(p);
        }
    }

    #[test]
    fn a_refused_value_changes_nothing_and_says_why() {
        let p = load_preset("godot-part3");
        // SAFETY: `p` is live until freed at the end.
        let before = take(unsafe { delve_preset_to_ron(p) }).unwrap();
        let refused = [
            ("max_rooms", "0", &["max_rooms", "between 1 and"][..]),
            ("max_rooms", "-3", &["max_rooms", "(allowed 1 to "]),
            ("max_rooms", "2.5", &["max_rooms", "(allowed 1 to "]),
            ("width", "3", &["width", "between 8 and 4096"]),
            ("room_size", "{\"min\": 6}", &["room_size", "max", "(allowed "]),
            ("overlap", "Sideways", &["overlap", "Sideways", "ShareWalls"]),
            ("max_roms", "2", &["max_roms", "no such parameter"]),
            ("markers.keys.pairs", "2", &["markers.keys.pairs", "no such parameter"]),
            ("max_rooms", "(min: 6, max: 10)", &["max_rooms", "not a value", "JSON"]),
            ("max_rooms", "", &["max_rooms", "not a value"]),
        ];
        for (key, value, wanted) in refused {
            let message = set(p, key, value).unwrap_err();
            println!("{key} = {value}: {message}");
            for w in wanted {
                assert!(message.contains(w), "{key} = {value}: {w:?} not in {message:?}");
            }
        }
        set(p, "overlap", "Separate").unwrap();
        set(p, "overlap", "\"ShareWalls\"").unwrap();
        // SAFETY: as above.
        assert_eq!(take(unsafe { delve_preset_to_ron(p) }).unwrap(), before, "nothing changed");
        // SAFETY: as above.
        unsafe { delve_preset_free(p) };
    }

    #[test]
    fn nulls_and_bad_text_are_errors() {
        let not_utf8 = [b'x', 0xff, 0];
        let bad = not_utf8.as_ptr().cast::<c_char>();
        let p = load_preset("caves");
        let mut error = ptr::null_mut();
        // SAFETY: NULL and live strings; `error` a local; every message freed by `take`.
        unsafe {
            assert!(delve_preset_load(ptr::null(), &mut error).is_null());
            assert!(take(error).unwrap().contains("preset: NULL"));
            assert!(delve_preset_load(c("no-such-preset").as_ptr(), &mut error).is_null());
            assert!(take(error).unwrap().contains("no shipped preset of that name"));
            assert!(delve_preset_load(bad, ptr::null_mut()).is_null());
            assert!(!delve_preset_set(ptr::null_mut(), c("width").as_ptr(), c("80").as_ptr(), &mut error));
            assert!(take(error).unwrap().contains("preset: NULL"));
            assert!(!delve_preset_set(p, ptr::null(), c("80").as_ptr(), &mut error));
            assert!(take(error).unwrap().contains("key: NULL"));
            assert!(!delve_preset_set(p, c("width").as_ptr(), ptr::null(), &mut error));
            assert!(take(error).unwrap().contains("width: the value is NULL"));
            assert!(!delve_preset_set(p, bad, c("80").as_ptr(), &mut error));
            assert!(take(error).unwrap().contains("key: not UTF-8"));
            assert!(!delve_preset_set(p, c("width").as_ptr(), bad, ptr::null_mut()));
            assert!(delve_preset_get(ptr::null(), c("width").as_ptr(), &mut error).is_null());
            assert!(take(error).unwrap().contains("preset: NULL"));
            assert!(delve_preset_get(p, ptr::null(), &mut error).is_null());
            assert!(take(error).unwrap().contains("key: NULL"));
            assert!(delve_preset_generate(ptr::null(), 1, &mut error).is_null());
            assert!(take(error).unwrap().contains("preset: NULL"));
            assert!(delve_preset_to_ron(ptr::null()).is_null());
            delve_preset_free(ptr::null_mut());
            let m = delve_preset_generate(p, 1, &mut error);
            assert!(!m.is_null() && error.is_null());
            delve_map_free(m);
            delve_preset_free(p);
        }
    }
}
