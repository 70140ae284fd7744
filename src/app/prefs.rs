//! Preferences kept between runs (eframe storage), apart from the session's own state: every
//! field has a default, so older or partial saved state still loads.

use super::DialogMode;
use super::PresetRef;
use super::map_view::Layers;
use crate::export::Format;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Saved preferences (no runtime state: the session is saved under [`SESSION_KEY`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub auto_regenerate: bool,
    pub layers: Layers,
    /// Maps opened or saved, most recent first.
    pub recent_maps: Vec<PathBuf>,
    /// Preset files loaded or saved, most recent first.
    pub user_presets: Vec<PathBuf>,
    pub dialogs: DialogMode,
    /// The folder of the last file picked.
    pub last_dir: Option<PathBuf>,
    /// Whether the inspector / history / problems panel is shown.
    pub side_panel: bool,
    /// The map alone: both side panels hidden (View ▸ Focus map).
    pub focus_map: bool,
    /// Where the seed browser, Explore and Compare show.
    pub docks: super::dock::Docks,
    /// The format of the last export (the export key uses it).
    pub export_format: crate::export::Format,
    /// How each format is exported, and where.
    pub export_options: ExportPrefs,
    /// How play goes (View ▸ Play).
    pub play: super::play_mode::PlayPrefs,
}

/// How maps are exported, remembered between runs: the export key repeats the last export
/// with these.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExportPrefs {
    /// PNG pixels per tile; `None` fits the map in about [`FIT_PIXELS`] pixels.
    pub png_scale: Option<u32>,
    /// What a PNG shows on top of the tiles.
    pub marks: crate::raster::Marks,
    /// A Tiled tileset of the user's own (`.tsx`) for TMX and TMJ; `None`: Delve's.
    pub tileset: Option<PathBuf>,
    /// Tiled maps open with the doors' pins shown (hidden by default: door tiles show doors).
    pub door_pins: bool,
    /// The folder of the last export in each format.
    pub folders: std::collections::BTreeMap<Format, PathBuf>,
}

/// The side, in pixels, a PNG fits the map in unless a scale is chosen.
pub const FIT_PIXELS: u32 = 4096;

impl ExportPrefs {
    /// The PNG scale for a `width`×`height` map: the chosen one, or the one that fits; never
    /// more than the largest a picture can have.
    pub fn png_scale_for(&self, map: &crate::map::Map) -> u32 {
        let side = map.width().max(map.height()).max(1);
        let scale = self.png_scale.unwrap_or((FIT_PIXELS / side).clamp(1, 16));
        scale.clamp(1, crate::raster::max_scale(map).clamp(1, MAX_PNG_SCALE))
    }

    /// The options of an export of `map` in `format`.
    pub fn options(&self, format: Format, map: &crate::map::Map) -> crate::export::ExportOptions {
        crate::export::ExportOptions {
            png: crate::export::PngOptions { scale: self.png_scale_for(map), marks: self.marks, ..Default::default() },
            tileset: if format.is_tiled() { self.tileset.clone() } else { None },
            door_pins: format.is_tiled() && self.door_pins,
        }
    }
}

/// The largest PNG scale offered (as on the command line).
pub const MAX_PNG_SCALE: u32 = 64;

impl Default for Prefs {
    fn default() -> Self {
        Self {
            auto_regenerate: true,
            layers: Layers::default(),
            recent_maps: Vec::new(),
            user_presets: Vec::new(),
            dialogs: DialogMode::System,
            last_dir: None,
            side_panel: true,
            focus_map: false,
            docks: super::dock::Docks::default(),
            export_format: crate::export::Format::Png,
            export_options: ExportPrefs::default(),
            play: Default::default(),
        }
    }
}

/// What versions before the session had its own key kept in the preferences: read once, when
/// there is no saved session yet.
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct LegacyPrefs {
    pub preset: Option<PresetRef>,
    pub seed_text: String,
}

impl Default for LegacyPrefs {
    /// The first run: the default preset, seed 0.
    fn default() -> Self {
        Self { preset: Some(PresetRef::Shipped(crate::io::DEFAULT_PRESET.into())), seed_text: "0".into() }
    }
}

pub const PREFS_KEY: &str = "delve.prefs";
/// The session (preset and seed).
pub const SESSION_KEY: &str = "delve.session";
/// Stored apart from the other preferences: if a later version cannot read these parameters,
/// the rest still loads.
pub const PARAMS_KEY: &str = "delve.params";
/// The starred seeds as they are in the editor, saved or not.
pub const STARS_KEY: &str = "delve.starred";
/// Recent maps kept.
pub const MAX_RECENT: usize = 10;
/// Preset files remembered.
pub const MAX_PRESETS: usize = 50;
