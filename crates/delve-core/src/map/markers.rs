//! What goes in the rooms, on a map: **markers** (a kind's name and a place: a monster, a chest,
//! the stairs down, a key; game-agnostic, as Delve is engine-neutral) and how each door opens
//! ([`Opening`]: a plain door, locked by a key, secret, an open arch). The generator's markers
//! stage places them (`generate/markers.rs`) by the preset's marker kinds
//! ([`crate::params::markers`]); the editor places them by hand. A map without markers and with
//! plain doors reads and writes exactly as before they existed.

use crate::geom::Pos;
use serde::{Deserialize, Serialize};

/// One marker on a map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Marker {
    /// The kind's name, as the preset declares it (`monster`, `chest`, `stairs`, `key`).
    pub kind: String,
    /// The tile it stands on.
    pub at: Pos,
    /// Its difficulty level, for a kind whose difficulty grows with depth (1 is the easiest);
    /// 0 for a kind without one. Written only when set.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub level: u32,
    /// For a key: the number of the doors it opens ([`Opening::Locked`]). Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<u32>,
}

impl Marker {
    /// A marker of `kind` at `at`, without level or key.
    pub fn new(kind: impl Into<String>, at: Pos) -> Marker {
        Marker { kind: kind.into(), at, level: 0, key: None }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// How a door opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Opening {
    /// A plain door.
    #[default]
    Door,
    /// Locked: the key marker with this number opens it.
    Locked(u32),
    /// A secret door: a way through that looks like wall until found.
    Secret,
    /// An open arch: a way through with no door in it.
    Arch,
}

impl Opening {
    /// A plain door (what files leave out).
    pub fn is_plain(&self) -> bool {
        *self == Opening::Door
    }

    /// Its name, as the docs, the inspector and the exports say it.
    pub fn name(self) -> &'static str {
        match self {
            Opening::Door => "door",
            Opening::Locked(_) => "locked",
            Opening::Secret => "secret",
            Opening::Arch => "arch",
        }
    }
}

/// How markers of kind `kind` on `map` are drawn: the glyph and colour its parameters declare
/// (the key's for keys), or the kind's first letter in grey for a kind they do not declare (a
/// map without parameters, or markers placed by hand).
pub fn look(map: &super::Map, kind: &str) -> (char, [u8; 3]) {
    let declared = map.provenance.params.as_ref().and_then(|p| p.markers().look(kind));
    declared.unwrap_or_else(|| (kind.chars().next().unwrap_or('?'), [200, 200, 200]))
}

/// A map's markers and what a player makes of them, in figures, for sweeps and Explore: the
/// player's walk over the tiles ([`super::certify`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Content {
    /// Markers placed (keys included).
    pub markers: u32,
    /// Keys the walk picks up, in percent of all keys; 100 on a map without keys.
    pub keys_reached_percent: f64,
    /// The walk picks up every key, reaches every walkable tile and the exit.
    pub solvable: bool,
    /// Steps from the spawn to the exit, picking up the keys needed on the way (0: never).
    pub solution_length: u32,
    /// Locked doors that lock nothing (their far side reached round them).
    pub free_locks: u32,
    /// The map has locks, and the exit is reached without any key.
    pub exit_without_keys: bool,
}

impl Default for Content {
    fn default() -> Self {
        Content {
            markers: 0,
            keys_reached_percent: 100.0,
            solvable: true,
            solution_length: 0,
            free_locks: 0,
            exit_without_keys: false,
        }
    }
}

impl Content {
    pub fn of(map: &super::Map) -> Content {
        Content::from_walk(map, &super::certify::certify(map))
    }

    /// The figures of `map`, whose walk is `c`.
    pub(crate) fn from_walk(map: &super::Map, c: &super::certify::Certificate) -> Content {
        let keys = c.keys_found.len() + c.keys_missed.len();
        Content {
            markers: map.markers.len() as u32,
            keys_reached_percent: if keys == 0 { 100.0 } else { 100.0 * c.keys_found.len() as f64 / keys as f64 },
            solvable: c.solvable,
            solution_length: c.solution_length.unwrap_or(0),
            free_locks: c.free_locks.len() as u32,
            exit_without_keys: c.exit_without_keys,
        }
    }
}
