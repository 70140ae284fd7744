//! The export formats by name, and one map's file in each (what the command line and the editor
//! write).

use super::tiled::{self, TiledFormat, TiledOptions, UserTileset};
use crate::map::Map;
use crate::raster::{self, Palette};
use std::path::{Path, PathBuf};

/// A format a map can be exported in.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    clap::ValueEnum,
)]
pub enum Format {
    /// A Tiled map (XML), read by Tiled, Godot (YATI), Unity (SuperTiled2Unity), Bevy
    /// (bevy_ecs_tiled) and more.
    Tmx,
    /// A Tiled map in JSON, read by Tiled and Godot (YATI).
    Tmj,
    /// The plain JSON with a published schema (`docs/delve-map.schema.json`).
    Json,
    /// Tile ids, one line per row.
    Csv,
    /// A picture.
    #[default]
    Png,
}

impl Format {
    pub const ALL: [Format; 5] = [Format::Tmx, Format::Tmj, Format::Json, Format::Csv, Format::Png];

    /// Whether this is one of Tiled's formats (which take a tileset).
    pub const fn is_tiled(self) -> bool {
        matches!(self, Format::Tmx | Format::Tmj)
    }

    /// Whether exports in this format have options to choose before the file.
    pub const fn has_options(self) -> bool {
        matches!(self, Format::Tmx | Format::Tmj | Format::Png)
    }

    /// The name in menus.
    pub const fn label(self) -> &'static str {
        match self {
            Format::Tmx => "Tiled TMX",
            Format::Tmj => "Tiled JSON (TMJ)",
            Format::Json => "JSON",
            Format::Csv => "CSV",
            Format::Png => "PNG",
        }
    }

    /// What files of this format hold, for file dialogs.
    pub const fn description(self) -> &'static str {
        match self {
            Format::Tmx => "Tiled map",
            Format::Tmj => "Tiled JSON map",
            Format::Json => "Delve map JSON",
            Format::Csv => "CSV of tile ids",
            Format::Png => "PNG image",
        }
    }

    /// The file extension (and the name on the command line).
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Tmx => "tmx",
            Format::Tmj => "tmj",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Png => "png",
        }
    }
}

/// Why a map could not be exported (nothing was written).
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot write the JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    TooLarge(#[from] raster::TooLarge),
    #[error("cannot encode the PNG: {0}")]
    Png(#[from] image::ImageError),
    #[error("cannot write the TMX: {0}")]
    Xml(#[from] std::io::Error),
    #[error("the map is too large for {format}: {message}")]
    TooLargeFor { format: &'static str, message: String },
    #[error("tileset {}: {message}", path.display())]
    Tileset { path: PathBuf, message: String },
    #[error("cannot write the map's preset: {0}")]
    Preset(#[from] ron::Error),
    #[error(transparent)]
    Write(#[from] crate::io::FileError),
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PngOptions {
    /// Pixels per tile.
    pub scale: u32,
    pub palette: Palette,
    pub marks: raster::Marks,
}

impl Default for PngOptions {
    fn default() -> Self {
        PngOptions { scale: 8, palette: Palette::default(), marks: raster::Marks::default() }
    }
}

/// What an export may be asked for besides the format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExportOptions {
    pub png: PngOptions,
    /// For Tiled maps: a tileset of the user's own (`.tsx`) to use instead of Delve's.
    pub tileset: Option<PathBuf>,
    /// For Tiled maps: show the doors' pins when Tiled opens the map (hidden by default).
    pub door_pins: bool,
}

/// The files of `map` exported in `format` to `target`, each with its path: the map's file
/// last, after what it refers to (Delve's tileset image beside a Tiled map).
pub fn files(
    map: &Map,
    format: Format,
    target: &Path,
    options: &ExportOptions,
) -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
    let tiled = |f: TiledFormat| -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
        Ok(match &options.tileset {
            Some(tsx) => {
                let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                let user = UserTileset::read(tsx, dir)?;
                vec![(
                    target.to_path_buf(),
                    tiled::to_tiled(map, f, TiledOptions { tileset: Some(&user), door_pins: options.door_pins })?
                        .into_bytes(),
                )]
            }
            None => {
                let mut v = vec![(tiled::beside(target, tiled::TILESET_IMAGE), tiled::tileset_image()?)];
                // The tile kinds' tileset image, when a tile has a kind.
                if !map.terrain().is_bare() {
                    let kinds = map.terrain().kinds();
                    v.push((tiled::beside(target, &tiled::kinds_image_name(kinds)), tiled::kinds_image(kinds)?));
                }
                if f == TiledFormat::Tmx {
                    v.push((tiled::beside(target, tiled::TILESET_FILE), tiled::tileset_tsx()?.into_bytes()));
                }
                v.push((
                    target.to_path_buf(),
                    tiled::to_tiled(map, f, TiledOptions { tileset: None, door_pins: options.door_pins })?.into_bytes(),
                ));
                v
            }
        })
    };
    let one = |bytes: Vec<u8>| vec![(target.to_path_buf(), bytes)];
    Ok(match format {
        Format::Tmx => tiled(TiledFormat::Tmx)?,
        Format::Tmj => tiled(TiledFormat::Tmj)?,
        Format::Json => one(super::json::to_json(map)?.into_bytes()),
        Format::Csv => one(super::csv::to_csv(map).into_bytes()),
        Format::Png => {
            let png = &options.png;
            let img = raster::render_marked(map, png.scale, &png.palette, png.marks)?;
            let mut bytes = Vec::new();
            img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)?;
            one(bytes)
        }
    })
}

/// Exports `map` in `format` to `target`, each file written atomically (nothing is written
/// when the export fails before writing); returns the paths written.
pub fn write(map: &Map, format: Format, target: &Path, options: &ExportOptions) -> Result<Vec<PathBuf>, ExportError> {
    let files = files(map, format, target, options)?;
    for (path, bytes) in &files {
        crate::io::save_atomic(path, bytes)?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}
