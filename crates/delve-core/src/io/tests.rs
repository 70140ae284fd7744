//! Unit tests of the map and preset files (`super`).

use super::*;

/// A value whose serialisation fails.
struct Unwritable;

impl Serialize for Unwritable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("this value cannot be written"))
    }
}

#[test]
fn a_failed_serialisation_is_an_error_and_leaves_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    std::fs::write(&path, "the old contents").unwrap();
    let e = save_ron(&path, &Unwritable, 2).unwrap_err();
    assert!(matches!(e, FileError::Encode { .. }), "{e}");
    assert!(e.to_string().contains("cannot be written"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old contents");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
}

/// A writer that takes `left` more bytes, then fails as a full disk does.
struct FailAfter<'a> {
    inner: &'a mut dyn Write,
    left: usize,
}

impl Write for FailAfter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "no space left (test)"));
        }
        let n = buf.len().min(self.left);
        let n = self.inner.write(&buf[..n])?;
        self.left -= n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A save whose write fails part-way (after 0, some or all but one of its bytes) is an
/// error that names the file, and leaves the old file byte for byte, with its permissions,
/// and no temporary file; a save that completes replaces it whole and keeps its permissions.
#[test]
fn a_save_that_fails_part_way_leaves_the_old_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    let old: Vec<u8> = (0..20_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&path, &old).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let new = vec![b'n'; 50_000];
    for after in [0, 1, 4096, 30_000, new.len() - 1] {
        let e = save_with(&path, |w| FailAfter { inner: w, left: after }.write_all(&new)).unwrap_err();
        assert!(matches!(e, FileError::Write { .. }) && e.to_string().contains("kept.ron"), "{e}");
        assert!(std::fs::read(&path).unwrap() == old, "failed after {after} bytes: the old file changed");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["kept.ron"], "failed after {after} bytes: no temporary file is left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        }
    }
    save_atomic(&path, &new).unwrap();
    assert!(std::fs::read(&path).unwrap() == new);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "a save keeps the permissions of the file it replaces");
        // A new file gets the usual permissions, not the temporary file's private ones.
        let fresh = dir.path().join("fresh.ron");
        save_atomic(&fresh, b"x").unwrap();
        assert_eq!(std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777, 0o644);
    }
}
