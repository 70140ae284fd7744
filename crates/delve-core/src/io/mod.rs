//! Files: versioned RON for presets and maps, atomic saves, and errors that say where.
//!
//! A preset file holds a generator with all its parameters, plus an optional name, notes and
//! default seed. A map file holds the whole map: tiles as one string per row (`#` wall, `.` room
//! floor, `,` corridor floor), rooms, doors, corridors, spawn and provenance. Loading either never
//! panics and never allocates more than the file's own size suggests: dimensions are checked
//! against [`crate::map::MAX_TILES`] before a grid is built.

mod locate;
pub mod made;
mod map_file;
mod tiles;
pub mod vaults;

use crate::map::Map;
use crate::params::GeneratorParams;
pub use map_file::{load_map, map_to_string, parse_map, save_map};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Version of the preset format this build writes and reads.
pub const PRESET_VERSION: u32 = 1;
/// Version of the map format this build writes and reads.
pub(crate) const MAP_VERSION: u32 = 1;
/// Files larger than this are refused unread.
pub(crate) const MAX_FILE_BYTES: u64 = 512 * 1024 * 1024;

/// A problem with a file: which file, where in it (when known), and what was expected.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    // The I/O error is part of the message, not a `source`, so that error chains do not
    // print it twice.
    #[error("{}: cannot read the file: {error}", path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("{}: cannot save the file: {error}", path.display())]
    Write { path: PathBuf, error: std::io::Error },
    #[error("{}:{line}:{col}: {message}", path.display())]
    Syntax { path: PathBuf, line: usize, col: usize, message: String },
    #[error("{}: {message}", path.display())]
    Invalid { path: PathBuf, message: String },
    /// The value could not be written as RON (the file was left as it was).
    #[error("{}: cannot write the file as RON: {message}", path.display())]
    Encode { path: PathBuf, message: String },
}

impl FileError {
    pub fn path(&self) -> &Path {
        match self {
            FileError::Read { path, .. }
            | FileError::Write { path, .. }
            | FileError::Syntax { path, .. }
            | FileError::Invalid { path, .. }
            | FileError::Encode { path, .. } => path,
        }
    }

    /// `(line, column)` of the problem, 1-based, when the parser could tell.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            FileError::Syntax { line, col, .. } => Some((*line, *col)),
            _ => None,
        }
    }

    fn invalid(path: &Path, message: impl Into<String>) -> Self {
        FileError::Invalid { path: path.to_path_buf(), message: message.into() }
    }
}

/// A preset: a generator and all its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preset {
    pub version: u32,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
    /// The seed the editor starts on.
    #[serde(default)]
    pub seed: u64,
    pub generator: GeneratorParams,
    /// Seeds a designer kept, with notes (seed browser). Absent in older files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starred: Vec<StarredSeed>,
}

/// A seed kept from the seed browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarredSeed {
    pub seed: u64,
    #[serde(default)]
    pub note: String,
}

impl Preset {
    pub fn new(generator: GeneratorParams) -> Self {
        Self { version: PRESET_VERSION, name: None, notes: None, seed: 0, generator, starred: Vec::new() }
    }
}

/// The presets shipped with Delve, built into the binary: `(name, RON text)`, one for each file
/// `presets/<name>.ron` of this crate, in name order (made by `build.rs`).
pub const SHIPPED_PRESETS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped_presets.rs"));

/// The shipped dungeons, each `(name, RON text)`: every file in the crate's `dungeons/` folder, in
/// name order (see `build.rs`).
pub const SHIPPED_DUNGEONS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped_dungeons.rs"));

/// A dungeon by a shipped dungeon's name or a dungeon file's path.
pub fn dungeon_from(arg: &str) -> Result<crate::dungeon::DungeonPreset, FileError> {
    match SHIPPED_DUNGEONS.iter().find(|(n, _)| *n == arg) {
        Some((name, text)) => parse_dungeon(text, Path::new(&format!("<shipped dungeon {name}>"))),
        None => load_dungeon(Path::new(arg)),
    }
}

/// The preset the editor opens on.
pub const DEFAULT_PRESET: &str = "godot-part3";

/// A shipped preset by name.
pub fn shipped_preset(name: &str) -> Option<Result<Preset, FileError>> {
    SHIPPED_PRESETS.iter().find(|(n, _)| *n == name).map(|(n, text)| {
        let mut preset = parse(
            text,
            Path::new(&format!("<shipped preset {n}>")),
            FileKind::Preset,
            PRESET_VERSION,
            |p: &Preset| p.version,
        )?;
        vaults::read_libraries(&mut preset.generator, &vaults::Base::Shipped);
        Ok(preset)
    })
}

/// A preset as the command line, a game or a binding names it: RON text (anything with a `(`
/// in it that is not the path of a file: `levels/boss (v2).ron` is a path), else the name of a
/// shipped preset, else a path. A shipped name always means the shipped preset, whatever files
/// the working folder holds (write `./godot-part3` for a file of that name), so the same words
/// make the same map on every machine.
pub fn preset_from(arg: &str) -> Result<Preset, FileError> {
    if arg.contains('(') && !(arg.len() < 4096 && !arg.contains('\n') && Path::new(arg).is_file()) {
        return parse_preset(arg, Path::new("<preset text>"));
    }
    if let Some(p) = shipped_preset(arg) {
        return p;
    }
    let path = Path::new(arg);
    if !path.exists() {
        let names: Vec<&str> = SHIPPED_PRESETS.iter().map(|(n, _)| *n).collect();
        return Err(FileError::Read {
            path: path.to_path_buf(),
            error: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no such file, and no shipped preset of that name (shipped: {})", names.join(", ")),
            ),
        });
    }
    load_preset(path)
}

/// Just enough of any Delve file to tell what it is.
#[derive(Deserialize)]
struct Probe {
    /// 0 when absent (no Delve file has version 0).
    #[serde(default)]
    version: u32,
    #[serde(default)]
    tiles: Present,
    #[serde(default)]
    generator: Present,
    #[serde(default)]
    trunk: Present,
    #[serde(default)]
    links: Present,
}

/// Whether a field is there, whatever its value.
#[derive(Default)]
struct Present(bool);

impl<'de> Deserialize<'de> for Present {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Present(true))
    }
}

/// What kind of Delve file a text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Preset,
    Map,
    /// A dungeon of many floors ([`crate::dungeon::DungeonPreset`]).
    Dungeon,
    /// A made dungeon: its floors' map files and the stairs between them ([`made::MadeFile`]).
    Made,
}

impl FileKind {
    /// The kind in words ("a {what} file").
    pub fn what(self) -> &'static str {
        match self {
            FileKind::Preset => "preset",
            FileKind::Map => "map",
            FileKind::Dungeon => "dungeon",
            FileKind::Made => "made dungeon",
        }
    }
}

fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = read_bounded(path, MAX_FILE_BYTES).map_err(|e| match e {
        BoundedRead::Io(error) => FileError::Read { path: path.to_path_buf(), error },
        e => FileError::invalid(path, e.to_string()),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + upto.iter().filter(|b| **b == b'\n').count();
        let col = 1 + upto.iter().rev().take_while(|b| **b != b'\n').count();
        FileError::Syntax { path: path.to_path_buf(), line, col, message: "the file is not UTF-8 text".into() }
    })
}

/// Why [`read_bounded`] read nothing.
#[derive(Debug, thiserror::Error)]
pub enum BoundedRead {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A device, a pipe, a directory: something that is not a plain file (and may never end).
    #[error("it is not a regular file ({0}); Delve reads only regular files")]
    NotAFile(&'static str),
    /// More than the limit, whatever its size said when it was opened.
    #[error("the file is larger than {} MB; Delve reads files of at most {} MB", .0 >> 20, .0 >> 20)]
    TooLarge(u64),
}

/// The bytes of the regular file at `path`, read only when it is one and holds at most `max`
/// bytes: a device (`/dev/zero`), a pipe or a directory is refused before a byte is read, and a
/// file that grows past `max` while it is read is refused once `max + 1` bytes are in, never
/// more. What every reader of a file (the CLI, the editor, Python, C) reads with.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, BoundedRead> {
    use std::io::Read;
    let not_a_file = |meta: &std::fs::Metadata| {
        let kind = meta.file_type();
        (!kind.is_file()).then_some(BoundedRead::NotAFile(if kind.is_dir() {
            "a folder"
        } else {
            "a device or a pipe"
        }))
    };
    // Asked before opening: opening a pipe waits for a writer.
    if let Some(e) = not_a_file(&std::fs::metadata(path)?) {
        return Err(e);
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if let Some(e) = not_a_file(&meta) {
        return Err(e);
    }
    if meta.len() > max {
        return Err(BoundedRead::TooLarge(max));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(BoundedRead::TooLarge(max));
    }
    Ok(bytes)
}

fn ron_options() -> ron::Options {
    ron::Options::default()
}

fn syntax(path: &Path, text: &str, e: ron::error::SpannedError) -> FileError {
    let (line, col) = (e.span.start.line, e.span.start.col);
    let mut message = explain_value(text, line, col, &e.code).unwrap_or_else(|| explain(&e.code));
    let reached = (e.span.end.line, e.span.end.col).max((line, col));
    if reached >= end_of(text) && !matches!(e.code, ron::Error::Eof) {
        message.push_str(" (the file stops here: it looks cut off)");
    }
    FileError::Syntax { path: path.to_path_buf(), line, col, message }
}

/// Line and column (1-based, in characters) just after the last character of `text` that is
/// not white space.
fn end_of(text: &str) -> (usize, usize) {
    let body = text.trim_end();
    let line = 1 + body.bytes().filter(|b| *b == b'\n').count();
    let last = body.rsplit('\n').next().unwrap_or("");
    (line, last.chars().count() + 1)
}

/// An error about a value (a number out of bounds, a value of the wrong type) in words that name
/// the field at `line:col` and, for a generator parameter, the values it allows; `None` for
/// other errors or when the field cannot be told.
fn explain_value(text: &str, line: usize, col: usize, e: &ron::Error) -> Option<String> {
    use ron::Error as E;
    let what = match e {
        E::IntegerOutOfBounds => None,
        E::ExpectedInteger | E::InvalidIntegerDigit { .. } => Some("expected a whole number".to_string()),
        E::ExpectedFloat => Some("expected a number".to_string()),
        E::ExpectedBoolean => Some("expected `true` or `false`".to_string()),
        E::InvalidValueForType { .. } => Some(e.to_string()),
        _ => return None,
    };
    let place = locate::place(text, locate::offset_of(text, line, col));
    let (path, allowed) = match &place.param {
        Some((spec, sub)) => (sub.as_str(), Some(spec.allowed()).filter(|a| !a.is_empty())),
        None => (place.path.as_str(), None),
    };
    if path.is_empty() {
        return None;
    }
    let value = &place.value;
    Some(match (what, allowed) {
        (None, Some(allowed)) => format!("{path}: {value} is out of range (allowed {allowed})"),
        (None, None) => format!("{path}: {value} is out of range for this field"),
        (Some(what), Some(allowed)) => format!("{path}: {what} (allowed {allowed})"),
        (Some(what), None) => format!("{path}: {what}"),
    })
}

/// A RON error in words a designer can act on.
fn explain(e: &ron::Error) -> String {
    use ron::Error as E;
    match e {
        E::Eof => "the file ends too early (it looks cut off); expected more".into(),
        E::ExpectedStringEnd => {
            "a text in quotes is not closed (the file may be cut off); expected a closing `\"`".into()
        }
        E::ExpectedString => "expected a text in quotes".into(),
        E::ExpectedArrayEnd => "expected a closing `]` (the file may be cut off)".into(),
        E::ExpectedStructLikeEnd => "expected a closing `)` (the file may be cut off)".into(),
        E::MissingStructField { field, outer } => match outer {
            Some(o) => format!("`{o}` is missing the field `{field}`"),
            None => format!("missing the field `{field}`"),
        },
        other => other.to_string(),
    }
}

fn parse<T: for<'de> Deserialize<'de>>(
    text: &str,
    path: &Path,
    kind: FileKind,
    current: u32,
    version_of: fn(&T) -> u32,
) -> Result<T, FileError> {
    let what = kind.what();
    // The common case, a good file, is parsed once; the probe only improves error messages.
    let first_try = ron_options().from_str::<T>(text);
    let probe = match &first_try {
        Ok(t) => Some(Probe {
            version: version_of(t),
            tiles: Present(false),
            generator: Present(false),
            trunk: Present(false),
            links: Present(false),
        }),
        Err(_) => ron_options().from_str::<Probe>(text).ok(),
    };
    if let Some(Probe { version: v @ 1.., .. }) = probe
        && v != current
    {
        let message = format!("this is a version {v} {what} file; this Delve reads version {current}");
        return Err(field_error(path, text, "version", message));
    }
    if let Some(p) = &probe {
        let found = if p.links.0 {
            Some(FileKind::Made)
        } else if p.trunk.0 {
            Some(FileKind::Dungeon)
        } else if p.tiles.0 {
            Some(FileKind::Map)
        } else if p.generator.0 {
            Some(FileKind::Preset)
        } else {
            None
        };
        if let Some(found) = found.filter(|f| *f != kind) {
            let other = found.what();
            return Err(FileError::invalid(path, format!("this is a {other} file, expected a {what} file")));
        }
    }
    first_try.map_err(|e| syntax(path, text, e))
}

/// Reads a preset file.
pub fn load_preset(path: &Path) -> Result<Preset, FileError> {
    parse_preset(&read_text(path)?, path)
}

/// Parses preset text read from `path` (its vault libraries are read from `path`'s folder).
pub fn parse_preset(text: &str, path: &Path) -> Result<Preset, FileError> {
    let mut preset: Preset = parse(text, path, FileKind::Preset, PRESET_VERSION, |p: &Preset| p.version)?;
    vaults::read_libraries(&mut preset.generator, &vaults::Base::of_file(path));
    Ok(preset)
}

pub fn save_preset(path: &Path, preset: &Preset) -> Result<(), FileError> {
    save_ron(path, preset, 3)
}

/// The text of a preset file, as [`save_preset`] writes it.
pub fn preset_to_string(preset: &Preset) -> Result<String, ron::Error> {
    to_ron(preset, 3)
}

/// An error about element `index` of the list `field` of `text`, at its line and column when
/// they can be found.
fn element_error(path: &Path, text: &str, field: &str, index: usize, message: String) -> FileError {
    match locate::element_start(text, field, index) {
        Some((line, col)) => FileError::Syntax { path: path.to_path_buf(), line, col, message },
        None => FileError::invalid(path, message),
    }
}

/// An error about the top-level field `field` of `text`, at its line and column when they can be
/// found.
fn field_error(path: &Path, text: &str, field: &str, message: String) -> FileError {
    match locate::field_start(text, field) {
        Some((line, col)) => FileError::Syntax { path: path.to_path_buf(), line, col, message },
        None => FileError::invalid(path, message),
    }
}

/// A file that may be a preset or a map.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded {
    /// Boxed like the map: a preset holds every parameter of its generator.
    Preset(Box<Preset>),
    Map(Box<Map>),
}

/// Loads a preset or a map, whichever the file holds, reading and parsing it once when it is
/// good.
pub fn load_any(path: &Path) -> Result<Loaded, FileError> {
    let text = read_text(path)?;
    match parse_map(&text, path) {
        Ok(m) => Ok(Loaded::Map(Box::new(m))),
        Err(map_err) => match ron_options().from_str::<Probe>(&text) {
            Ok(Probe { generator: Present(true), tiles: Present(false), .. }) => {
                parse_preset(&text, path).map(|p| Loaded::Preset(Box::new(p)))
            }
            Ok(Probe { tiles: Present(false), generator: Present(false), .. }) => {
                Err(FileError::invalid(path, "expected a Delve preset (with `generator`) or map (with `tiles`)"))
            }
            _ => Err(map_err),
        },
    }
}

/// Reads a dungeon file.
pub fn load_dungeon(path: &Path) -> Result<crate::dungeon::DungeonPreset, FileError> {
    parse_dungeon(&read_text(path)?, path)
}

/// Parses dungeon text read from `path`.
pub fn parse_dungeon(text: &str, path: &Path) -> Result<crate::dungeon::DungeonPreset, FileError> {
    use crate::dungeon::preset::{DUNGEON_VERSION, DungeonPreset};
    parse(text, path, FileKind::Dungeon, DUNGEON_VERSION, |d: &DungeonPreset| d.version)
}

/// Saves a dungeon file (atomically).
pub fn save_dungeon(path: &Path, dungeon: &crate::dungeon::DungeonPreset) -> Result<(), FileError> {
    save_ron(path, dungeon, 3)
}

/// The text of a dungeon file, as [`save_dungeon`] writes it.
pub fn dungeon_to_string(dungeon: &crate::dungeon::DungeonPreset) -> Result<String, ron::Error> {
    to_ron(dungeon, 3)
}

/// Tells a preset from a map file (or a dungeon's) without fully loading it.
pub fn file_kind(path: &Path) -> Result<FileKind, FileError> {
    let text = read_text(path)?;
    match ron_options().from_str::<Probe>(&text) {
        Ok(Probe { links: Present(true), .. }) => Ok(FileKind::Made),
        Ok(Probe { trunk: Present(true), .. }) => Ok(FileKind::Dungeon),
        Ok(Probe { tiles: Present(true), .. }) => Ok(FileKind::Map),
        Ok(Probe { generator: Present(true), .. }) => Ok(FileKind::Preset),
        Ok(_) => Err(FileError::invalid(path, "expected a Delve preset (with `generator`) or map (with `tiles`)")),
        Err(e) => Err(syntax(path, &text, e)),
    }
}

/// RON text laid out for people: structures up to `depth` levels deep are spread over lines,
/// deeper ones stay on one line (a map's rooms, doors and corridors get a line each).
fn to_ron<T: Serialize>(value: &T, depth: usize) -> Result<String, ron::Error> {
    // Unescaped strings are written as they are (raw strings when they hold quotes): much
    // faster for tile rows than escaping character by character.
    let config = ron::ser::PrettyConfig::new().depth_limit(depth).struct_names(false).escape_strings(false);
    Ok(ron::ser::to_string_pretty(value, config)? + "\n")
}

/// Writes `value` as RON to `path` atomically; when it cannot be written as RON, nothing is
/// written and the file stays as it was.
fn save_ron<T: Serialize>(path: &Path, value: &T, depth: usize) -> Result<(), FileError> {
    let text =
        to_ron(value, depth).map_err(|e| FileError::Encode { path: path.to_path_buf(), message: e.to_string() })?;
    save_atomic(path, text.as_bytes())
}

#[cfg(unix)]
fn default_permissions() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o644)
}

/// Writes `bytes` to `path` atomically: a temporary file beside it is written, flushed to disk
/// and renamed over `path`, so a crash mid-save leaves the old file whole. The saved file keeps
/// the permissions of the one it replaces.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    save_with(path, |w| w.write_all(bytes))
}

/// Saves `path` atomically with what `write` writes. When `write` (or anything after it) fails,
/// the temporary file is removed and `path` is left exactly as it was.
fn save_with(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), FileError> {
    let write_err = |error| FileError::Write { path: path.to_path_buf(), error };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new().prefix(".delve-save-").tempfile_in(dir).map_err(write_err)?;
    write(tmp.as_file_mut()).map_err(write_err)?;
    // A temporary file is private (0600); give the saved file the permissions of the one it
    // replaces, or the usual ones for a new file.
    #[cfg(unix)]
    {
        let perms = match std::fs::metadata(path) {
            Ok(m) if m.is_file() => m.permissions(),
            _ => default_permissions(),
        };
        tmp.as_file().set_permissions(perms).map_err(write_err)?;
    }
    tmp.as_file().sync_all().map_err(write_err)?;
    tmp.persist(path).map_err(|e| write_err(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests;
