//! What a regeneration keeps ([`Kept`]): the locked rooms with their doors, the corridors whose
//! two doors are both on locked rooms, and the locked tiles with what they are. [`Kept::of`]
//! takes them from a map; a generator builds the rest around them
//! (each family's `around_locks`, in `generate`), and the regenerated map's provenance holds them, so
//! that *Regenerate from provenance* makes the same map again.

use super::{Door, DoorId, Map, Room, RoomId, Tile, path_text};
use crate::geom::Pos;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// The locks of a map, as a generator keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The size of the map the locks were taken from.
    pub width: u32,
    pub height: u32,
    /// The locked rooms, ids as on that map: a room's id is its place in the order of rooms.
    #[serde(default)]
    pub rooms: Vec<Room>,
    /// The locked rooms' doors, ids and rooms as on that map.
    #[serde(default)]
    pub doors: Vec<Door>,
    /// The corridors between two locked rooms, doors as on that map.
    #[serde(default)]
    pub corridors: Vec<KeptCorridor>,
    /// The locked tiles, as runs along rows: `(x, y, tiles)`, the tiles in map-file characters.
    #[serde(default)]
    pub tiles: Vec<(i32, i32, String)>,
    /// The spawn, when it is in a locked room (it stays there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spawn: Option<Pos>,
    /// The markers in locked rooms: kept with them, as they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<super::Marker>,
    /// The tile kinds in locked rooms and on locked tiles: kept with them, as they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<(Pos, super::TileKind)>,
    /// What is worked out from these locks once and kept with them (see [`Derived`]). Not saved.
    #[serde(skip)]
    pub derived: Derived,
}

/// What is worked out from a [`Kept`] once and kept with it: a fingerprint of its value, which
/// keys the caches of what is made around the locks (the generators keep their own prepared form
/// of the locks in such a cache, in `generate`). It is not part of the locks' value: never saved
/// or compared, and a clone starts without it (a changed copy works it out again). Change a
/// `Kept` only before anything reads it (it is shared as `Arc<Kept>` for that).
#[derive(Default)]
pub struct Derived {
    fingerprint: OnceLock<u64>,
    /// What a generator prepared from the locks, by map size (opaque here: `generate`'s form).
    prepared: Mutex<Vec<((u32, u32), Preparation)>>,
}

/// A generator's preparation of the locks, of a type only it knows.
type Preparation = Arc<dyn Any + Send + Sync>;

impl Derived {
    /// The form `make` prepares from these locks for a map of `size`: made the first time it
    /// is asked for that size and kept with the locks after (a seed sweep, the seed browser or
    /// a dragged slider generates around the same `Arc<Kept>` again and again, on many
    /// threads). A failure is not kept. The caller holds the preparation by holding the locks;
    /// nothing is kept anywhere else.
    pub(crate) fn prepared<T: Any + Send + Sync, E>(
        &self,
        size: (u32, u32),
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let mut kept = self.prepared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(done) = kept.iter().find(|(s, _)| *s == size).and_then(|(_, p)| p.clone().downcast::<T>().ok()) {
            return Ok(done);
        }
        let made = Arc::new(make()?);
        kept.push((size, made.clone()));
        Ok(made)
    }
}

impl Kept {
    /// A fingerprint of the locks' value (equal locks, equal fingerprints, within a run): worked
    /// out once, to key caches of maps made around them.
    pub fn fingerprint(&self) -> u64 {
        *self.derived.fingerprint.get_or_init(|| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            ron::to_string(self).unwrap_or_else(|_| format!("{self:?}")).hash(&mut h);
            h.finish()
        })
    }
}

impl Clone for Derived {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Derived {}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Derived")
    }
}

/// A kept corridor: its path, doors and width, as on the map it was taken from (its path in
/// files as the same text as a map's corridors, read with the same bound).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptCorridor {
    #[serde(with = "path_text")]
    pub path: Vec<Pos>,
    pub doors: [DoorId; 2],
    #[serde(default = "one")]
    pub width: u32,
}

const fn one() -> u32 {
    1
}

/// Why a map's locks cannot be kept as they are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LockConflict {
    #[error(
        "the locked tile at {cell} is the floor of room {room}, which is not locked: lock room {room} too, or unlock the tile"
    )]
    FloorOfUnlockedRoom { cell: Pos, room: RoomId },
    #[error("the locked tile at {cell} is room floor that belongs to no room: unlock it or make it wall")]
    StrayFloor { cell: Pos },
    #[error("locked room {room} reaches {cell}, outside the {width}×{height} map: unlock it or make the map larger")]
    RoomOffMap { room: RoomId, cell: Pos, width: u32, height: u32 },
    #[error("the locked tile at {cell} lies outside the {width}×{height} map: unlock it or make the map larger")]
    TileOffMap { cell: Pos, width: u32, height: u32 },
    #[error("locked rooms {a} and {b} overlap or touch: unlock one of them")]
    RoomsTouch { a: RoomId, b: RoomId },
    #[error("locked room {room} has no door, so no corridor can reach it without changing it: add a door or unlock it")]
    NoDoor { room: RoomId },
    #[error("no corridor can reach {what} (at {cell}): locked rooms and locked tiles wall it in; unlock some of them")]
    WalledIn { what: String, cell: Pos },
    #[error("the locks of this map are damaged: {0}")]
    Damaged(String),
    #[error("{0}")]
    Unsupported(String),
}

impl Kept {
    /// The locks of `map`: its locked rooms and their doors, the corridors between two of them,
    /// and its locked tiles. A locked tile of room floor must be in a locked room (a room keeps
    /// its floor only when it is kept whole).
    pub fn of(map: &Map) -> Result<Kept, LockConflict> {
        let locked_room = |r: RoomId| map.room(r).is_some_and(|r| r.locked);
        let rooms: Vec<Room> = map.rooms.iter().filter(|r| r.locked).cloned().collect();
        let doors: Vec<Door> = map.doors.iter().filter(|d| locked_room(d.room)).cloned().collect();
        let door_locked = |d: DoorId| map.door(d).is_some_and(|d| locked_room(d.room));
        let corridors = map
            .corridors
            .iter()
            .filter(|c| c.doors.iter().all(|d| door_locked(*d)))
            .map(|c| KeptCorridor { path: c.path.to_vec(), doors: c.doors, width: c.width })
            .collect();
        let mut tiles: Vec<(i32, i32, String)> = Vec::new();
        for p in map.locked_tiles() {
            let Some(t) = map.tile(p) else { continue };
            if t == Tile::Floor {
                match map.room_at(p) {
                    Some(r) if r.locked => {}
                    Some(r) => return Err(LockConflict::FloorOfUnlockedRoom { cell: p, room: r.id }),
                    None => return Err(LockConflict::StrayFloor { cell: p }),
                }
            }
            match tiles.last_mut() {
                Some((x, y, run)) if *y == p.y && *x + run.len() as i32 == p.x => run.push(t.to_char()),
                _ => tiles.push((p.x, p.y, t.to_char().to_string())),
            }
        }
        let spawn = map.room_at(map.spawn).filter(|r| r.locked).map(|_| map.spawn);
        let markers = map.markers.iter().filter(|m| map.room_at(m.at).is_some_and(|r| r.locked)).cloned().collect();
        let mut terrain = Vec::new();
        if !map.terrain().is_bare() {
            let mut keep = |p: Pos| {
                if let Some(k) = map.tile_kind(p) {
                    terrain.push((p, k.clone()));
                }
            };
            rooms.iter().for_each(|r| r.shape.for_each_cell(&mut keep));
            map.locked_tiles().filter(|p| map.room_at(*p).is_none_or(|r| !r.locked)).for_each(keep);
        }
        Ok(Kept {
            markers,
            terrain,
            width: map.width(),
            height: map.height(),
            rooms,
            doors,
            corridors,
            tiles,
            spawn,
            derived: Derived::default(),
        })
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty() && self.tiles.is_empty()
    }

    /// The locked tiles and what they are, row by row, each checked to lie on a `width`×`height`
    /// map.
    pub(crate) fn tiles_on(&self, width: u32, height: u32) -> Result<Vec<(Pos, Tile)>, LockConflict> {
        let mut out = Vec::new();
        let limit = width as usize * height as usize;
        for (x, y, run) in &self.tiles {
            for (k, c) in run.chars().enumerate() {
                let cell = Pos::new(x.saturating_add(k as i32), *y);
                if cell.x < 0 || cell.y < 0 || cell.x as u32 >= width || cell.y as u32 >= height {
                    return Err(LockConflict::TileOffMap { cell, width, height });
                }
                let t = Tile::from_char(c)
                    .ok_or_else(|| LockConflict::Damaged(format!("the locked tile at {cell} is {c:?}")))?;
                if out.len() >= limit {
                    return Err(LockConflict::Damaged("more locked tiles than the map has".into()));
                }
                out.push((cell, t));
            }
        }
        Ok(out)
    }
}

impl fmt::Display for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: usize = self.tiles.iter().map(|(_, _, run)| run.chars().count()).sum();
        match (self.rooms.len(), tiles) {
            (0, t) => write!(f, "{t} locked tile(s)"),
            (r, 0) => write!(f, "{r} locked room(s)"),
            (r, t) => write!(f, "{r} locked room(s) and {t} locked tile(s)"),
        }
    }
}
