//! # Delve: a workbench for procedural roguelike dungeons
//!
//! The crate is a pure, deterministic core plus a thin editor shell:
//!
//! | module | owns |
//! |---|---|
//! | [`geom`] | tile points, directions, rectangles and inclusive boxes, dense grids |
//! | [`pathfind`] | the one search module (flood, labels, bounded search, shortest path, walks over room graphs; caller-owned buffers, hard caps), used by the map, the generators and editing |
//! | [`rng`] | the one named PRNG and its per-stage sub-streams; text seeds |
//! | [`params`] | generator parameters (serde enum), each described once (key, label, unit, help, range): get/set/checks |
//! | [`map`] | the map model (tiles, rooms, doors, corridors, spawn, provenance), ASCII, `validate()`, metrics |
//! | [`mod@generate`] | the algorithms: `generate(params, seed)` → map + report |
//! | [`edit`] | undoable hand edits (`Edit` with exact inverses, `Op`, routing, bounded `History` with interactions) and the `Document` (map + history + saved position; "unsaved" derived) |
//! | [`io`] | versioned RON files for presets and maps; atomic saves; located errors |
//! | [`raster`] | map → RGBA pixels (PNG export, thumbnails, textures) |
//! | [`analysis`] | thumbnails + metrics and their cache, seed pages, sort/filter, seed history, map and params diffs |
//! | [`cli`] | the command line (`generate`, `sweep`, `check`) |
//! | `app` | the egui editor (feature `gui`), the only module that knows about windows |
//!
//! Data flow: preset RON → [`params::GeneratorParams`] + seed → [`generate::generate`] →
//! [`map::Map`] → editor / CLI → [`io::save_map`] RON.

pub mod analysis;
pub mod cli;
pub mod edit;
pub mod export;
pub mod raster;

// The generators and everything they stand on live in `delve-core` (what a game links); the
// editor and the command line use them through these paths.
pub use delve_core::{dungeon, fov, generate, geom, io, map, measure, params, pathfind, play, rng, words};

#[cfg(feature = "gui")]
pub mod app;
