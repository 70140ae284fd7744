//! The export formats by name, and one map's file in each (what the command line and the editor
//! write).

use crate::map::Map;
use crate::raster::{self, Palette};

/// A format a map can be exported in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
pub enum Format {
    /// The plain JSON with a published schema (`docs/delve-map.schema.json`).
    Json,
    /// Tile ids, one line per row.
    Csv,
    /// A picture.
    #[default]
    Png,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Json, Format::Csv, Format::Png];

    /// The name in menus.
    pub const fn label(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::Csv => "CSV",
            Format::Png => "PNG",
        }
    }

    /// What files of this format hold, for file dialogs.
    pub const fn description(self) -> &'static str {
        match self {
            Format::Json => "Delve map JSON",
            Format::Csv => "CSV of tile ids",
            Format::Png => "PNG image",
        }
    }

    /// The file extension (and the name on the command line).
    pub const fn extension(self) -> &'static str {
        match self {
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
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PngOptions {
    /// Pixels per tile.
    pub scale: u32,
    pub palette: Palette,
}

impl Default for PngOptions {
    fn default() -> Self {
        PngOptions { scale: 8, palette: Palette::default() }
    }
}

/// The bytes of `map`'s file in `format`.
pub fn file_bytes(map: &Map, format: Format, png: &PngOptions) -> Result<Vec<u8>, ExportError> {
    Ok(match format {
        Format::Json => super::json::to_json(map)?.into_bytes(),
        Format::Csv => super::csv::to_csv(map).into_bytes(),
        Format::Png => {
            let img = raster::render(map, png.scale, &png.palette)?;
            let mut bytes = Vec::new();
            img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)?;
            bytes
        }
    })
}
