//! Which libdelve this is, for a program that loads it at run time: its version.

use std::ffi::c_char;

/// The version of this library (`"0.1.0"`), the same as `delve --version` prints: a static,
/// NUL-terminated string, never freed, never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn delve_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
