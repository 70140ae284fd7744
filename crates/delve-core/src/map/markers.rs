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

/// How a map's keys and locked doors play out: walking from the entrance, through plain doors
/// and through locked doors whose key was picked up, picking up every key reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyWalk {
    /// Key markers on the map.
    pub keys: u32,
    /// Of them, those picked up (each reached before the door it opens).
    pub reached: u32,
    /// Doors locked with a key.
    pub locked: u32,
    /// Whether every room is reached in the end.
    pub all_rooms: bool,
}

/// Walks `map`'s keys and locks (see [`KeyWalk`]) over its room graph.
pub fn walk_keys(map: &super::Map) -> KeyWalk {
    let graph = super::graph::RoomGraph::of(map);
    let keys: Vec<(usize, u32)> = map
        .markers
        .iter()
        .filter_map(|m| Some((map.rooms.iter().position(|r| r.shape.contains(m.at))?, m.key?)))
        .collect();
    let locked = map.doors.iter().filter(|d| matches!(d.opening, Opening::Locked(_))).count() as u32;
    let mut out =
        KeyWalk { keys: map.markers.iter().filter(|m| m.key.is_some()).count() as u32, locked, ..KeyWalk::default() };
    let Some(entrance) = graph.entrance else { return out };
    let mut held: Vec<u32> = Vec::new();
    loop {
        let open = |e: usize| {
            let Some(c) = graph.edges.get(e).and_then(|e| map.corridors.get(e.corridor)) else { return false };
            c.doors.iter().all(|&d| match map.doors.get(d as usize).map(|d| d.opening) {
                Some(Opening::Locked(k)) => held.contains(&k),
                _ => true,
            })
        };
        let reached = graph.reach(entrance, open);
        let before = held.len();
        for &(room, key) in &keys {
            if reached[room].is_some() && !held.contains(&key) {
                held.push(key);
            }
        }
        if held.len() == before {
            out.reached = held.len() as u32;
            out.all_rooms = reached.iter().all(Option::is_some);
            return out;
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

/// A map's markers in figures, for sweeps and Explore.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Content {
    /// Markers placed (keys included).
    pub markers: u32,
    /// Keys picked up before their locked doors, in percent of all keys ([`walk_keys`]); 100 on
    /// a map without keys or locks, 0 when it has locks and no key.
    pub keys_reached_percent: f64,
}

impl Default for Content {
    fn default() -> Self {
        Content { markers: 0, keys_reached_percent: 100.0 }
    }
}

impl Content {
    pub fn of(map: &super::Map) -> Content {
        let locks = map.doors.iter().any(|d| matches!(d.opening, Opening::Locked(_)));
        let markers = map.markers.len() as u32;
        if !locks && !map.markers.iter().any(|m| m.key.is_some()) {
            return Content { markers, ..Content::default() };
        }
        let walk = walk_keys(map);
        let keys_reached_percent = match walk.keys {
            0 => 0.0,
            k => 100.0 * f64::from(walk.reached) / f64::from(k),
        };
        Content { markers, keys_reached_percent }
    }
}
