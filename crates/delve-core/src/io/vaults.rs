//! Vault libraries as files: a preset (or a map's provenance) names them by path, relative to
//! its own folder; reading the preset reads them into the parameters' vaults
//! ([`crate::params::vaults::Vaults::loaded`]). A library is a Delve map file; its vaults are
//! its rooms marked as vaults, or all of them ([`crate::generate::vaults::from_library`]).
//!
//! A library that cannot be read does not stop the preset from loading: the parameters carry
//! the message (file, line and column), which their check shows under the vaults and which
//! refuses generation until the library is fixed, so nothing the designer made is lost.

use super::{FileError, read_text};
use crate::params::GeneratorParams;
use crate::params::vaults::{Loaded, Vault};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The vault libraries shipped with Delve (`presets/vaults/*.ron`), by the path the shipped
/// presets name them with: a name not found beside a file is looked for here too.
pub const SHIPPED_LIBRARIES: &[(&str, &str)] =
    &[("vaults/library.ron", include_str!("../../presets/vaults/library.ron"))];

/// Where a file's vault libraries are looked for.
#[derive(Clone, Debug)]
pub enum Base {
    /// A shipped preset: the shipped libraries only.
    Shipped,
    /// A file in this folder (or text typed there): paths relative to it, then the shipped ones.
    Folder(PathBuf),
}

impl Base {
    /// The base of a file at `path` (its folder; the working folder for a bare name).
    pub fn of_file(path: &Path) -> Base {
        match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => Base::Folder(dir.to_path_buf()),
            _ => Base::Folder(PathBuf::from(".")),
        }
    }
}

/// Reads the vault libraries `params` names, from `base`, into its vaults (clearing what an
/// earlier read left). Nothing to do when it names none.
pub fn read_libraries(params: &mut GeneratorParams, base: &Base) {
    let names = params.vaults().libraries.clone();
    if names.is_empty() {
        params.vaults_mut().loaded = Loaded::default();
        return;
    }
    let mut vaults: Vec<Vault> = Vec::new();
    let mut error = None;
    for name in &names {
        match read_library(name, base) {
            Ok(mut v) => vaults.append(&mut v),
            Err(e) => {
                error.get_or_insert(format!("the vault library “{name}” cannot be read: {e}"));
            }
        }
    }
    params.vaults_mut().loaded = Loaded { vaults: Arc::from(vaults), error };
}

/// The vaults of library `name` from `base`.
fn read_library(name: &str, base: &Base) -> Result<Vec<Vault>, FileError> {
    let shipped = || SHIPPED_LIBRARIES.iter().find(|(n, _)| *n == name).map(|(_, text)| *text);
    let file_name = Path::new(name).file_name().map_or(name.to_string(), |f| f.to_string_lossy().into_owned());
    let (text, path) = match base {
        _ if Path::new(name).is_absolute() => (read_text(Path::new(name))?, PathBuf::from(name)),
        Base::Shipped => match shipped() {
            Some(text) => (text.to_string(), PathBuf::from(format!("<shipped vault library {name}>"))),
            None => return Err(not_found(PathBuf::from(name), "not a vault library shipped with Delve")),
        },
        Base::Folder(dir) => {
            let path = dir.join(name);
            match (path.exists(), shipped()) {
                (false, Some(text)) => (text.to_string(), PathBuf::from(format!("<shipped vault library {name}>"))),
                _ => (read_text(&path)?, path),
            }
        }
    };
    let map = super::map_file::parse_map_only(&text, &path)?;
    Ok(crate::generate::vaults::from_library(&map, &file_name))
}

/// The name a preset in `base` gives the library file at `path`: relative to the preset's
/// folder when the file is inside it, else the whole path.
pub fn name_for(path: &Path, base: &Base) -> String {
    let inside = match base {
        Base::Folder(dir) => std::path::absolute(dir).ok().and_then(|d| {
            let abs = std::path::absolute(path).ok()?;
            abs.strip_prefix(&d).ok().map(Path::to_path_buf)
        }),
        Base::Shipped => None,
    };
    inside
        .unwrap_or_else(|| std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()))
        .to_string_lossy()
        .into_owned()
}

/// The library names of `params`, read from `from`, renamed for a preset saved in folder `to`
/// (a shipped library keeps its name: it is found wherever the preset is).
pub fn rebase(params: &mut GeneratorParams, from: &Base, to: &Path) {
    let Base::Folder(dir) = from else { return };
    let to = Base::Folder(to.to_path_buf());
    for name in &mut params.vaults_mut().libraries {
        let old = dir.join(&*name);
        if Path::new(name.as_str()).is_relative() && old.exists() {
            *name = name_for(&old, &to);
        }
    }
}

fn not_found(path: PathBuf, why: &str) -> FileError {
    FileError::Read { path, error: std::io::Error::new(std::io::ErrorKind::NotFound, why.to_string()) }
}
