//! Out-structs that grow without breaking old callers: `DelveRoom`, `DelveDoor`, `DelveMarker`,
//! `DelveTileKind`, `DelveCertificate` and `DelveExitFigures` begin with `uint32_t size`, which the caller sets to
//! `sizeof` its struct. The library writes only the fields that lie wholly within `size` bytes
//! (never `size` itself, never a byte past it), so a program built against an older, shorter
//! header gets its own fields and nothing beyond its struct is touched; a program built
//! against a newer header than the library gets the fields the library knows, the rest left
//! as they were. A `size` that does not hold the first version's fields is refused.
//!
//! A field is only ever added at the end of a struct: the fields of every version are a prefix
//! of the next version's.

use std::mem::size_of;

/// An out-struct of the C API that grows by the `size` pattern.
///
/// # Safety
/// The struct is `#[repr(C)]` and its first field is `size: u32`; `first()` is the end of the
/// last field of its first version; `write_fitting` writes only within `size` bytes of `out`.
pub(crate) unsafe trait Growable: Sized {
    /// The smallest `size` taken: the end (in bytes) of the first version's last field.
    fn first() -> usize;

    /// Writes each field of `self` but `size` that ends within `size` bytes of `out`.
    ///
    /// # Safety
    /// `out` is valid for writes of `size` bytes.
    unsafe fn write_fitting(self, out: *mut u8, size: usize);
}

/// The size in bytes of the field `f` picks out of a `T` (no `T` is needed, nor made).
pub(crate) fn field_size<T, F>(_f: impl Fn(&T) -> &F) -> usize {
    size_of::<F>()
}

/// Writes `value` at `at` bytes into `out`, unaligned.
///
/// # Safety
/// `out` is valid for writes of `at + size_of::<F>()` bytes.
pub(crate) unsafe fn put<F>(out: *mut u8, at: usize, value: F) {
    // SAFETY: by this function's contract the bytes `at..at + size_of::<F>()` of `out` are
    // writable; `write_unaligned` needs no alignment.
    unsafe { out.add(at).cast::<F>().write_unaligned(value) }
}

/// Implements [`Growable`] for a `#[repr(C)]` struct whose first field is `size: u32`. Every
/// field after `size` is listed (the struct is taken apart without `..`, so a field added and
/// not listed does not compile), each written only when it ends within `size`; `first` is the
/// last field of the first version.
macro_rules! growable {
    ($t:ident { $($field:ident),+ $(,)? }, first: $first:ident) => {
        const _: () = assert!(::std::mem::offset_of!($t, size) == 0, "size comes first");
        // SAFETY: `$t` is `#[repr(C)]` with `size: u32` first (asserted above); `first` is the
        // end of a field; `write_fitting` writes a field only when it ends within `size`.
        unsafe impl $crate::grow::Growable for $t {
            fn first() -> usize {
                ::std::mem::offset_of!($t, $first) + $crate::grow::field_size(|s: &$t| &s.$first)
            }

            unsafe fn write_fitting(self, out: *mut u8, size: usize) {
                let $t { size: _, $($field),+ } = self;
                $(
                    let at = ::std::mem::offset_of!($t, $field);
                    if at + ::std::mem::size_of_val(&$field) <= size {
                        // SAFETY: the field ends within `size` bytes, which the caller says
                        // are writable.
                        unsafe { $crate::grow::put(out, at, $field) };
                    }
                )+
            }
        }
    };
}
pub(crate) use growable;

/// Writes `value` to `*out` by the `size` pattern: reads `out->size`, refuses (false, nothing
/// written) NULL, `None` and a size too small for the first version, else writes the fields
/// that fit and returns true.
///
/// # Safety
/// `out` is NULL or points to a `u32` `size` followed by at least `size - 4` writable bytes.
pub(crate) unsafe fn fill<T: Growable>(out: *mut T, value: Option<T>) -> bool {
    let Some(value) = value else { return false };
    if out.is_null() {
        return false;
    }
    // SAFETY: `out` is not NULL and, by this function's contract, starts with a `u32`;
    // `read_unaligned` needs no alignment.
    let size = unsafe { out.cast::<u32>().read_unaligned() } as usize;
    if size < T::first() {
        return false;
    }
    // SAFETY: the caller says `size` bytes of `out` are writable.
    unsafe { value.write_fitting(out.cast(), size) };
    true
}

/// `size_of::<T>()` as the `u32` a caller puts in `size` (for the values built here, whose
/// `size` is never written, and for tests).
pub(crate) const fn size_u32<T>() -> u32 {
    let n = size_of::<T>();
    assert!(n <= u32::MAX as usize, "a growable struct of more than 4 GiB");
    n as u32
}

#[cfg(test)]
mod tests {
    use super::size_u32;
    use crate::make::{Seed, make};
    use crate::*;
    use std::mem::{offset_of, size_of};

    /// A room written into `buf` (its first bytes `size`) by `delve_map_room`.
    fn room_into(m: &DelveMap, buf: &mut [u8], size: u32) -> bool {
        buf[..4].copy_from_slice(&size.to_ne_bytes());
        // SAFETY: `buf` holds at least `size` writable bytes (asserted by the callers); the map
        // is live.
        unsafe { delve_map_room(m, 0, buf.as_mut_ptr().cast()) }
    }

    #[test]
    fn only_the_fields_within_size_are_written() {
        let m = make("grown-quest", Some(Seed::Number(3)), None).unwrap();
        let full = size_of::<DelveRoom>();
        let first = offset_of!(DelveRoom, role) + size_of::<DelveRole>();
        assert!(first < full, "DelveRoom has grown since its first version (vault)");
        // The whole struct: every field.
        let mut room = DelveRoom {
            size: size_u32::<DelveRoom>(),
            id: 99,
            x: 0,
            y: 0,
            width: 0,
            height: 0,
            area: 0,
            role: DelveRole::DelveRoleGuard,
            vault: true,
        };
        // SAFETY: a whole `DelveRoom`.
        assert!(unsafe { delve_map_room(&m, 0, &mut room) });
        assert_eq!((room.size, room.id, room.vault), (size_u32::<DelveRoom>(), 0, m.map.rooms[0].vault));
        // An older caller's struct, up to `role`: the bytes past it stay as they were.
        let mut buf = vec![0xAB_u8; full + 16];
        assert!(room_into(&m, &mut buf, first as u32));
        assert!(buf[first..].iter().all(|&b| b == 0xAB), "nothing past the caller's size");
        assert_eq!(&buf[4..first], &bytes_of(&room)[4..first], "the first version's fields");
        // A newer caller's struct: this library's fields, the rest left alone.
        let mut buf = vec![0xAB_u8; full + 16];
        assert!(room_into(&m, &mut buf, (full + 16) as u32));
        assert_eq!(&buf[4..offset_of!(DelveRoom, vault) + 1], &bytes_of(&room)[4..offset_of!(DelveRoom, vault) + 1]);
        assert!(buf[full..].iter().all(|&b| b == 0xAB));
        // Too small for the first version, or no room at all: false, nothing written.
        for size in [0, 4, first as u32 - 1] {
            let mut buf = vec![0xAB_u8; full];
            assert!(!room_into(&m, &mut buf, size), "size {size}");
            assert!(buf[4..].iter().all(|&b| b == 0xAB), "size {size}: nothing written");
        }
    }

    /// The bytes of `v`'s fields (its padding, if any, is not compared: `DelveRoom` has none
    /// before `vault`).
    fn bytes_of(v: &DelveRoom) -> Vec<u8> {
        // SAFETY: `DelveRoom` is `repr(C)` of 4-byte fields and a bool, with no padding before
        // its last field; only bytes up to `vault` are read by the test.
        let all = unsafe {
            std::slice::from_raw_parts((v as *const DelveRoom).cast::<u8>(), offset_of!(DelveRoom, vault) + 1)
        };
        all.to_vec()
    }

    #[test]
    fn the_first_versions_end_where_they_did() {
        use super::Growable;
        // Each first version ends after the field it ended with; a field added since comes
        // after it, and this stays as it is.
        assert_eq!(DelveRoom::first(), offset_of!(DelveRoom, role) + size_of::<DelveRole>());
        assert_eq!(DelveDoor::first(), offset_of!(DelveDoor, key) + 4);
        assert_eq!(DelveMarker::first(), offset_of!(DelveMarker, key) + 4);
        assert_eq!(DelveTileKind::first(), offset_of!(DelveTileKind, id) + 4);
        assert_eq!(DelveCertificate::first(), offset_of!(DelveCertificate, exit_room) + 8);
    }
}
