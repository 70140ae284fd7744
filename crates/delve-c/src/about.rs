//! Which libdelve this is, for a program that loads it at run time: its version.

use std::ffi::c_char;

/// The version of this library (`"0.1.0"`), the same as `delve --version` prints: a static,
/// NUL-terminated string, never freed, never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn delve_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The presets shipped with this library, as NUL-terminated names, made once.
fn shipped_names() -> &'static [std::ffi::CString] {
    static NAMES: std::sync::OnceLock<Vec<std::ffi::CString>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        delve_core::io::SHIPPED_PRESETS
            .iter()
            .map(|(name, _)| std::ffi::CString::new(*name).unwrap_or_default())
            .collect()
    })
}

/// How many presets are shipped with this library (built in: `delve_generate` takes their
/// names). List them with `delve_shipped_preset_name`.
#[unsafe(no_mangle)]
pub extern "C" fn delve_shipped_preset_count() -> u32 {
    u32::try_from(shipped_names().len()).unwrap_or(u32::MAX)
}

/// The name of shipped preset `index` (`0 <= index < delve_shipped_preset_count()`), such as
/// `"godot-part3"`: a static, NUL-terminated string, never freed. NULL when `index` is out of
/// range.
#[unsafe(no_mangle)]
pub extern "C" fn delve_shipped_preset_name(index: u32) -> *const c_char {
    shipped_names().get(index as usize).map_or(std::ptr::null(), |name| name.as_ptr())
}
