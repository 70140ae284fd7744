//! Dungeons of many floors: a trunk and branches (a [`DungeonPreset`]), a stair plan made from
//! the dungeon's seed first ([`plan`]), then each floor made by its own preset around its
//! staircases, which it keeps as locked rooms. A floor's down-stair is the tile of the next
//! floor's up-stair; each floor but the first starts the player on its up-stair; and every floor
//! is certified by the player's walk ([`crate::map::certify`]): from where the player arrives,
//! every key before its lock and every tile reached, the stairs on.
//!
//! A floor is made from its own seed (the dungeon's, its branch and depth), its own parameters
//! and its stairs' tiles alone: changing floor 3's parameters changes no other floor (its size
//! excepted, which moves the stairs it shares with the floors above and below).

pub mod plan;
pub mod preset;

pub use plan::{FloorId, Link, LinkKind, Plan};
pub use preset::{DungeonPreset, Ease, FloorPreset, Floors, Setting};

use crate::generate::{Generated, Request};
use crate::geom::{Dir, Pos, Rect};
use crate::map::locks::Kept;
use crate::map::{Door, Map, Marker, Opening, Rgb, Room, Shape, certify::certify};
use crate::params::GeneratorParams;
use crate::rng::{seed_from_text, splitmix64};
use std::path::Path;
use std::sync::Arc;

/// The size of a floor whose generator does not fix one (grown rooms).
pub const FLOOR_SIZE: (u32, u32) = (80, 50);
/// The most tiles all floors of a dungeon may hold together (four 4096×4096 maps): a dungeon
/// asking for more is refused before any floor is made.
pub const MAX_DUNGEON_TILES: u64 = 4 * 4096 * 4096;
/// Seeds tried for a floor before the dungeon says it cannot be made.
const ATTEMPTS: u64 = 16;
/// The markers of the stairs, in every export (kinds every map knows: [`crate::params::markers::STAIRS`]).
pub use crate::params::markers::{BRANCH, STAIRS_DOWN, STAIRS_UP};

/// A made dungeon: every floor, the staircases between them, and where each branch hangs.
#[derive(Clone, Debug)]
pub struct Dungeon {
    /// The trunk's floors from the first, then each branch's.
    pub floors: Vec<Floor>,
    pub links: Vec<Link>,
    /// Each branch (the trunk first): its name, and the depth of its parent it is entered from.
    pub branches: Vec<(String, Option<u32>)>,
}

/// One floor of a dungeon.
#[derive(Clone, Debug)]
pub struct Floor {
    pub id: FloorId,
    /// The seed its map was made from (after any retry).
    pub seed: u64,
    pub generated: Generated,
}

/// Why a dungeon cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum DungeonError {
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error(transparent)]
    File(#[from] crate::io::FileError),
    #[error("{0}")]
    Floor(String),
}

/// Each range of floors' parameters, read once: in `preset.floors`' order.
pub fn floor_params(preset: &DungeonPreset, base: &Path) -> Result<Vec<GeneratorParams>, DungeonError> {
    preset
        .floors
        .iter()
        .map(|f| match &f.preset {
            FloorPreset::Inline(p) => Ok((**p).clone()),
            FloorPreset::Named(name) => {
                let path = base.join(name);
                let arg = if crate::io::SHIPPED_PRESETS.iter().any(|(n, _)| n == name) || !path.exists() {
                    name.clone()
                } else {
                    path.display().to_string()
                };
                Ok(crate::io::preset_from(&arg)?.generator)
            }
        })
        .collect()
}

/// `preset` with each preset file it names (found from `base`, the folder it was read from)
/// named by its full path, so that it reads the same from another folder (written into a made
/// dungeon elsewhere).
pub fn rebased(preset: &DungeonPreset, base: &Path) -> DungeonPreset {
    let mut out = preset.clone();
    for f in &mut out.floors {
        if let FloorPreset::Named(name) = &mut f.preset {
            let path = base.join(&*name);
            let shipped = crate::io::SHIPPED_PRESETS.iter().any(|(n, _)| n == name);
            if !shipped && let Ok(full) = path.canonicalize() {
                *name = full.display().to_string();
            }
        }
    }
    out
}

/// The parameters of floor `id`: its range's preset with the range's settings applied.
pub fn params_of(preset: &DungeonPreset, read: &[GeneratorParams], id: FloorId) -> Result<GeneratorParams, String> {
    let branch = preset.branch_floors().get(id.branch).map(|(n, _)| n.to_string()).unwrap_or_default();
    let here = format!("branch {branch}, floor {}", id.depth);
    let (i, t) = preset.floors_of(&branch, id.depth).ok_or_else(|| format!("{here}: no range of floors makes it"))?;
    let mut p = read.get(i).cloned().ok_or_else(|| format!("{here}: its preset was not read"))?;
    for (key, setting) in &preset.floors[i].set {
        // A marker setting (`markers.keys.pairs`, `markers.monster.difficulty`), else one of the
        // generator's own parameters.
        if let Some(rest) = key.strip_prefix("markers.") {
            let kind = p.markers().setting_kind(rest).ok_or_else(|| {
                format!(
                    "{here}: {key}: not a marker setting of this preset (keys.pairs, or KIND.per_room, \
                     KIND.density, KIND.grow or KIND.difficulty for one of its kinds)"
                )
            })?;
            let value = setting.value(kind, t).map_err(|e| format!("{here}: {key}: {e}"))?;
            p.markers_mut().set(rest, value);
            continue;
        }
        let spec = p.params().specs().iter().find(|s| s.key == key).copied();
        let spec =
            spec.ok_or_else(|| format!("{here}: {key}: the {} generator has no such parameter", p.kind().label()))?;
        let value = setting.value(spec.kind, t).map_err(|e| format!("{here}: {key}: {e}"))?;
        p.params_mut().set(key, value);
    }
    let issues = p.check();
    if let Some(first) = issues.first() {
        return Err(format!("{here}: {first}"));
    }
    Ok(p)
}

/// The size of a floor made by `p`.
pub fn size_of(p: &GeneratorParams) -> (u32, u32) {
    p.map_size().unwrap_or(FLOOR_SIZE)
}

/// The seed of floor `id` of a dungeon made from `seed`, at attempt `k`.
fn floor_seed(preset: &DungeonPreset, seed: u64, id: FloorId, k: u64) -> u64 {
    let branch = preset.branch_floors().get(id.branch).map_or(0, |(n, _)| seed_from_text(n));
    splitmix64(seed ^ splitmix64(branch ^ splitmix64(u64::from(id.depth) ^ (k << 32))))
}

/// Makes the dungeon of `preset` (files it names found from `base`, the dungeon file's folder)
/// for `seed`.
pub fn generate_dungeon(preset: &DungeonPreset, base: &Path, seed: u64) -> Result<Dungeon, DungeonError> {
    let issues = preset.check();
    if !issues.is_empty() {
        return Err(DungeonError::Invalid(issues));
    }
    let read = floor_params(preset, base)?;
    let mut ids = Vec::new();
    for (b, (_, floors)) in preset.branch_floors().iter().enumerate() {
        ids.extend((1..=*floors).map(|depth| FloorId { branch: b, depth }));
    }
    let params: Vec<GeneratorParams> = ids
        .iter()
        .map(|&id| params_of(preset, &read, id))
        .collect::<Result<_, _>>()
        .map_err(|e| DungeonError::Invalid(vec![e]))?;
    let tiles: u64 = params.iter().map(size_of).map(|(w, h)| u64::from(w) * u64::from(h)).sum();
    if tiles > MAX_DUNGEON_TILES {
        return Err(DungeonError::Invalid(vec![format!(
            "floors: {tiles} tiles in all; a dungeon holds at most {MAX_DUNGEON_TILES} (make the floors smaller or fewer)"
        )]));
    }
    let size = |id: FloorId| ids.iter().position(|&f| f == id).map_or(FLOOR_SIZE, |i| size_of(&params[i]));
    let plan = plan::plan(preset, seed, size).map_err(|e| DungeonError::Invalid(vec![e]))?;
    let floors = ids
        .iter()
        .zip(&params)
        .map(|(&id, p)| make_floor(preset, seed, id, p, &plan.links))
        .collect::<Result<Vec<_>, _>>()?;
    let branches = preset.branch_floors().iter().zip(&plan.entered_at).map(|((n, _), e)| (n.to_string(), *e)).collect();
    Ok(Dungeon { floors, links: plan.links, branches })
}

/// Floor `id` made by `p` around its stairs (the `links` that reach it), certified: the first
/// seed of its attempts whose map keeps every staircase and passes the player's walk.
pub fn make_floor(
    preset: &DungeonPreset,
    seed: u64,
    id: FloorId,
    p: &GeneratorParams,
    links: &[Link],
) -> Result<Floor, DungeonError> {
    let (w, h) = size_of(p);
    let kept = Arc::new(stairs_kept(id, links, w, h));
    let here = || {
        let branch = preset.branch_floors().get(id.branch).map(|(n, _)| n.to_string()).unwrap_or_default();
        format!("branch {branch}, floor {}", id.depth)
    };
    let mut last = String::new();
    for k in 0..ATTEMPTS {
        let s = floor_seed(preset, seed, id, k);
        let made = match Request::new(p, s).keeping(Some(kept.clone()).filter(|k| !k.is_empty())).run() {
            Ok(mut made) => {
                if kept.spawn.is_none() {
                    spawn_away_from_stairs(&mut made.generated.map, &kept);
                }
                made.generated
            }
            Err(e) => {
                last = e.to_string();
                continue;
            }
        };
        match certified(&made.map, id, links) {
            Ok(()) => return Ok(Floor { id, seed: s, generated: made }),
            Err(why) => last = why,
        }
    }
    Err(DungeonError::Floor(format!(
        "{}: no map of {ATTEMPTS} seeds keeps its stairs and is certified: {last}",
        here()
    )))
}

/// The staircases of floor `id` (by `links`) that `map` does not keep: each its marker's kind
/// and its tile, when the marker is gone or the tile cannot be stood on.
pub fn missing_stairs(map: &Map, id: FloorId, links: &[Link]) -> Vec<(&'static str, Pos)> {
    let mut out = Vec::new();
    for l in links {
        let kind = if l.to == id {
            STAIRS_UP
        } else if l.from == id {
            if l.kind == LinkKind::Down { STAIRS_DOWN } else { BRANCH }
        } else {
            continue;
        };
        if !map.markers.iter().any(|m| m.kind == kind && m.at == l.at) || !map.walkable(l.at) {
            out.push((kind, l.at));
        }
    }
    out
}

/// On a floor the player does not arrive on by stairs (the first), a spawn that the generator
/// put in a staircase's room (its first room) goes to the entrance room when the floor has one,
/// else to the middle of the room farthest from the stairs (by the player's steps): the first
/// floor is walked, not started on its way down.
fn spawn_away_from_stairs(map: &mut Map, kept: &Kept) {
    use crate::kinds::Role;
    let in_stairs = |p: Pos| kept.rooms.iter().any(|r| r.shape.contains(p));
    if !in_stairs(map.spawn) {
        return;
    }
    // Each room's floor tile nearest its middle, for rooms apart from the stairs.
    let middle = |r: &Room| {
        let cells: Vec<Pos> = r.shape.cells().into_iter().filter(|c| map.walkable(*c) && !in_stairs(*c)).collect();
        let n = cells.len().max(1) as i64;
        let (sx, sy) = cells.iter().fold((0i64, 0i64), |(x, y), c| (x + i64::from(c.x), y + i64::from(c.y)));
        let (mx, my) = (sx / n, sy / n);
        cells.into_iter().min_by_key(|c| ((i64::from(c.x) - mx).pow(2) + (i64::from(c.y) - my).pow(2), c.y, c.x))
    };
    if let Some(p) = map.rooms.iter().filter(|r| r.role == Some(Role::Entrance)).find_map(middle) {
        map.spawn = p;
        return;
    }
    let Some(stairs) = kept.markers.first().map(|m| m.at) else { return };
    let dist = crate::map::metrics::distances_from(map, stairs);
    let far = map
        .rooms
        .iter()
        .filter_map(middle)
        .filter_map(|p| dist.get(p).copied().filter(|d| *d != crate::pathfind::UNREACHED).map(|d| (d, p)))
        .max_by_key(|&(d, p)| (d, std::cmp::Reverse((p.y, p.x))));
    if let Some((_, p)) = far {
        map.spawn = p;
    }
}

/// Whether `map` keeps the stairs of floor `id` and passes the player's walk from its spawn.
fn certified(map: &Map, id: FloorId, links: &[Link]) -> Result<(), String> {
    if let Some((kind, at)) = missing_stairs(map, id, links).first() {
        return Err(format!("the {kind} at ({}, {}) is gone", at.x, at.y));
    }
    let walk = certify(map);
    if !walk.solvable {
        return Err("the player's walk does not solve it".into());
    }
    Ok(())
}

/// The stairs of floor `id` as locks to keep: each a 3×3 room with an arch toward the middle of
/// the map and its marker on its centre; the spawn on the up-stair.
fn stairs_kept(id: FloorId, links: &[Link], w: u32, h: u32) -> Kept {
    let mut kept = Kept { width: w, height: h, ..Kept::default() };
    let mut add = |at: Pos, kind: &str| {
        let n = kept.rooms.len() as u32;
        let mut room = Room::new(n, Shape::Rect(Rect::new(at.x - 1, at.y - 1, 3, 3)), Rgb(0x9a, 0x8c, 0x6e));
        room.locked = true;
        room.label = Some(match kind {
            STAIRS_UP => "Stairs up".into(),
            STAIRS_DOWN => "Stairs down".into(),
            _ => "Branch stairs".into(),
        });
        let (dx, dy) = (w as i32 / 2 - at.x, h as i32 / 2 - at.y);
        let side = match (dx.abs() >= dy.abs(), dx > 0, dy > 0) {
            (true, true, _) => Dir::East,
            (true, false, _) => Dir::West,
            (false, _, true) => Dir::South,
            (false, _, false) => Dir::North,
        };
        // An arch, not a door: a player arriving by the stairs sees out of the niche.
        let mut door = Door::new(n, n, at.step(side), side);
        door.opening = Opening::Arch;
        kept.doors.push(door);
        kept.rooms.push(room);
        kept.markers.push(Marker::new(kind, at));
    };
    for l in links.iter().filter(|l| l.to == id) {
        add(l.at, STAIRS_UP);
    }
    for l in links.iter().filter(|l| l.from == id) {
        add(l.at, if l.kind == LinkKind::Down { STAIRS_DOWN } else { BRANCH });
    }
    kept.spawn = kept.markers.iter().find(|m| m.kind == STAIRS_UP).map(|m| m.at);
    kept
}
