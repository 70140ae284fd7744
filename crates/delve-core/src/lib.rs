//! # delve-core: Delve's dungeon generators, for games
//!
//! The generators a designer tunes in the Delve editor, with nothing of the editor: a game names
//! a preset (a shipped one, a file or RON text) and a seed, and gets the map the editor showed —
//! the same map on every run, machine and language (Rust, Python, C).
//!
//! ## A map in a game
//!
//! ```
//! use delve_core::map::certify::{certify, walkable_mask};
//! use delve_core::map::Tile;
//! use delve_core::{generate, preset_from};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A shipped preset by name (or a preset file's path, or RON text), and a seed.
//! let preset = preset_from("grown-quest")?;
//! let level = generate(&preset.generator, 7)?.map;
//!
//! // Every map the generators make is certified by a player's walk over its tiles: every key
//! // before its lock, the exit reached, no lock that a player walks around.
//! let walk = certify(&level);
//! assert!(walk.solvable && walk.free_locks.is_empty());
//!
//! // What a creature may stand on (tile kinds and doors honoured; `true`: holding every key),
//! // as the game's pathfinding wants it.
//! let walkable = walkable_mask(&level, true);
//! assert_eq!(walkable.get(level.spawn), Some(&true));
//! assert!(level.tile(level.spawn) != Some(Tile::Wall));
//! println!("{} rooms, the exit {} steps away", level.rooms.len(), walk.solution_length.unwrap_or(0));
//! # Ok(())
//! # }
//! ```
//!
//! ## The determinism contract
//!
//! The same preset and seed give the same map on every run, machine, thread count and language
//! (this crate, the Python package and the C library call the same code): every random stream is
//! one named, version-stable generator (PCG-64 MCG, [`rng`]) seeded from the seed, one sub-stream
//! per generation stage, and no generator reads the clock or the environment.
//! A text seed is hashed the same way everywhere ([`rng::seed_from_text`]). The first outputs of
//! every stage's stream are pinned by tests, and golden maps and digests of every shipped preset
//! pin what the generators make: a change to any map is a deliberate one, named in the commit
//! that makes it.
//!
//! What a game needs is at the crate root: [`preset_from`] (a shipped preset's name, a preset
//! file's path or RON text), [`generate()`] (or a [`Request`] for locks and recording), the
//! [`Map`] and [`Generated`] it gives, and the errors ([`GenError`], [`io::FileError`]).
//!
//! ## Families
//!
//! Each generator family (rooms and tunnels, grown rooms, caves, BSP rooms, the drunkard's walk,
//! rooms and mazes, …) is its parameter struct in [`params`] and its algorithm in
//! [`generate`](mod@generate),
//! registered by one line in one list (`params::family`): the parameters' enum
//! ([`GeneratorParams`]), the file forms, the editor's picker and the bindings' lists are all
//! made from that list.
//!
//! ## Modules
//!
//! | module | owns |
//! |---|---|
//! | [`geom`] | tile points, directions, rectangles and inclusive boxes, dense grids |
//! | [`fov`] | field of view by symmetric shadowcasting (python-tcod's `FOV_SYMMETRIC_SHADOWCAST`, tile for tile) |
//! | [`pathfind`] | the one search module (flood, labels, bounded search, shortest path, walks over room graphs; caller-owned buffers, hard caps), used by the map, the generators and editing |
//! | [`rng`] | the one named PRNG and its per-stage sub-streams; text seeds |
//! | [`kinds`] | what both the parameters and the map speak of: room roles, tile kinds |
//! | [`params`] | generator parameters (serde enum), each described once (key, label, unit, help, range): get/set/checks |
//! | [`map`] | the map model (tiles, rooms, doors, corridors, spawn, provenance), ASCII, checks, metrics, room graph, roles, locks; the player's walk over the tiles that certifies a map ([`map::certify`]: solvable, the solution's length, locks that lock nothing) and the walkable and transparent masks a game needs |
//! | [`play`] | the player on a map a step at a time (the certifier's rules), with field of view and fog; auto-explore and auto-solve |
//! | [`generate`](mod@generate) | the algorithms: `generate(params, seed)` → map + report, around locks, recorded |
//! | [`measure`] | a map's figures by name, as `delve sweep` writes them |
//! | [`io`] | versioned RON files for presets and maps; the shipped presets; atomic saves; located errors |
//! | [`export`] | the tile numbering every export shares; the JSON export (feature `json`) |

pub mod dungeon;
pub mod export;
pub mod fov;
pub mod generate;
pub mod geom;
pub mod io;
pub mod kinds;
pub mod map;
pub mod measure;
pub mod params;
pub mod pathfind;
pub mod play;
pub mod rng;
pub mod words;

pub use generate::{GenError, Generated, Request, generate};
pub use io::{Preset, preset_from};
pub use map::Map;
pub use params::GeneratorParams;
