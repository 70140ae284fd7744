//! # delve-core: Delve's dungeon generators, for games
//!
//! The generators a designer tunes in the Delve editor, with nothing of the editor: a game names
//! a preset (a shipped one, a file or RON text) and a seed, and gets the map the editor showed —
//! the same map on every run, machine and language (Rust, Python, C).
//!
//! | module | owns |
//! |---|---|
//! | [`geom`] | tile points, directions, rectangles and inclusive boxes, dense grids |
//! | [`pathfind`] | the one search module (flood, labels, bounded search, shortest path, walks over room graphs; caller-owned buffers, hard caps), used by the map, the generators and editing |
//! | [`rng`] | the one named PRNG and its per-stage sub-streams; text seeds |
//! | [`params`] | generator parameters (serde enum), each described once (key, label, unit, help, range): get/set/checks |
//! | [`map`] | the map model (tiles, rooms, doors, corridors, spawn, provenance), ASCII, checks, metrics, room graph, roles, locks; the player's walk over the tiles that certifies a map ([`map::certify`]: solvable, the solution's length, locks that lock nothing) and the walkable and transparent masks a game needs |
//! | [`generate`] | the algorithms: `generate(params, seed)` → map + report, around locks, recorded |
//! | [`measure`] | a map's figures by name, as `delve sweep` writes them |
//! | [`io`] | versioned RON files for presets and maps; the shipped presets; atomic saves; located errors |
//! | [`export`] | the tile numbering every export shares; the JSON export (feature `json`) |

pub mod export;
pub mod generate;
pub mod geom;
pub mod io;
pub mod kinds;
pub mod map;
pub mod measure;
pub mod params;
pub mod pathfind;
pub mod rng;
pub mod words;
