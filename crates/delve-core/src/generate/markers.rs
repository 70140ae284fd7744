//! The **markers** stage, after the roles: what goes in the rooms ([`crate::params::markers`]).
//!
//! | Step | Does | Stream |
//! |---|---|---|
//! | keys | on the tiles (`keys.rs`): of the door tiles on the way from the spawn to the exit (the room with the Exit role, else the farthest room) that every way there passes, `pairs` drawn, in order from the spawn; each locked (`Locked(k)`), its key `k` on a tile reached from the spawn without it, behind the locks before it where there is such a room | [`Stream::Keys`] |
//! | openings | each plain door (not a locked room's) a secret door with the *secret* chance, else an open arch with the *arch* chance; a door sharing its tile with a door drawn before opens as that one does | [`Stream::Openings`] |
//! | each kind, in order | each room the entrance reaches, within the kind's depth, with a weight above 0 for its role: a count drawn evenly from *per room*, plus *density* per 100 floor tiles, times the weight and the growth at its depth (the fraction drawn as a chance); that many free floor tiles drawn, each beside a wall if asked, and *spacing* tiles from every marker before it; the level its difficulty gives at that depth | [`Stream::Markers`] |
//!
//! Markers stand on room floor, never on a door's tile, the spawn or another marker. A kind that
//! places fewer than it asked, or none, says why in the report. Without kinds or keys the stage
//! draws nothing and changes nothing: maps made without markers are the same as before.

use super::Report;
use super::record::{Recorder, SharedStep, Steps};
use crate::geom::Pos;
use crate::map::graph::RoomGraph;
use crate::map::{Map, Marker, Opening, Tile};
use crate::params::markers::{MarkerKind, Markers, Openings};
use crate::rng::{DelveRng, Stream, stream};
use rand::RngExt;

/// The stage: `m`'s keys and marker kinds placed on `map`, drawing from `seed`'s keys and
/// markers streams; what could not be placed is told in `report`. Each key pair and each kind
/// is told to `steps` (stopping when it says so).
pub(super) fn place(m: &Markers, seed: u64, map: &mut Map, report: &mut Report, steps: &mut Steps<'_, impl Recorder>) {
    if m.is_off() {
        return;
    }
    if !m.tiles.is_empty() && super::tiles::paint(&m.tiles, seed, map, report, steps) {
        return;
    }
    let graph = RoomGraph::of(map);
    let mut free = Free::of(map);
    if !m.keys.is_off() && super::keys::place(&m.keys, seed, map, &graph, &mut free, report, steps) {
        return;
    }
    if !m.openings.is_off() && openings(&m.openings, seed, map, steps) {
        return;
    }
    let mut rng = stream(seed, Stream::Markers);
    let deepest = graph.nodes.iter().filter_map(|n| n.distance).max().unwrap_or(0);
    for kind in &m.kinds {
        let (mut placed, mut wanted, mut rooms) = (0u32, 0u32, 0u32);
        for (i, room) in map.rooms.iter().enumerate() {
            let Some(d) = graph.distance(i).filter(|d| (kind.depth.min..=kind.depth.max).contains(d)) else { continue };
            let weight = kind.weight(room.role);
            if weight <= 0.0 {
                continue;
            }
            rooms += 1;
            let t = if deepest == 0 { 0.0 } else { f64::from(d) / f64::from(deepest) };
            let n = count(kind, weight, t, free.cells[i].len(), &mut rng);
            wanted += n;
            let level = kind.level(t);
            for at in free.draw(i, n, kind, &map.markers, &mut rng) {
                map.markers.push(Marker { kind: kind.name.clone(), at, level, key: None });
                placed += 1;
            }
        }
        if rooms == 0 {
            report.notes.push(format!(
                "marker “{}” not placed: no room the entrance reaches has a role it goes in within its depth {}–{}",
                kind.name, kind.depth.min, kind.depth.max
            ));
        } else if placed < wanted {
            report.notes.push(format!(
                "marker “{}”: {placed} of {wanted} placed (too few free floor tiles {}in its rooms)",
                kind.name,
                match (kind.against_wall, kind.spacing > 1) {
                    (true, true) => "beside a wall and far enough from other markers ",
                    (true, false) => "beside a wall ",
                    (false, true) => "far enough from other markers ",
                    (false, false) => "",
                }
            ));
        }
        let name = kind.name.clone();
        if steps.tell(|| SharedStep::MarkersPlaced { kind: name, placed, rooms }.into()) {
            return;
        }
    }
}

/// Each plain door (not a locked room's) made secret with `o.secret`, else an arch with `o.arch`,
/// drawn from the openings stream. Returns true when `steps` says to stop.
fn openings(o: &Openings, seed: u64, map: &mut Map, steps: &mut Steps<'_, impl Recorder>) -> bool {
    let mut rng = stream(seed, Stream::Openings);
    let (mut secret, mut arch) = (0u32, 0u32);
    let locked_room: Vec<bool> = map.rooms.iter().map(|r| r.locked).collect();
    // A tile is one door to a player: the doors of two rooms that share it open alike.
    let mut chosen: std::collections::BTreeMap<(i32, i32), Opening> = std::collections::BTreeMap::new();
    for d in map.doors.iter_mut() {
        if d.opening != Opening::Door || locked_room.get(d.room as usize).copied().unwrap_or(true) {
            continue;
        }
        let at = d.outside();
        d.opening = match chosen.get(&(at.y, at.x)) {
            Some(&same) => same,
            None if o.secret > 0.0 && rng.random_bool(o.secret.clamp(0.0, 1.0)) => Opening::Secret,
            None if o.arch > 0.0 && rng.random_bool(o.arch.clamp(0.0, 1.0)) => Opening::Arch,
            None => Opening::Door,
        };
        chosen.insert((at.y, at.x), d.opening);
        secret += u32::from(d.opening == Opening::Secret);
        arch += u32::from(d.opening == Opening::Arch);
    }
    steps.tell(|| SharedStep::OpeningsChosen { secret, arch }.into())
}

/// How many of `kind` a room of `tiles` free floor tiles with weight `weight` at depth `t` gets.
fn count(kind: &MarkerKind, weight: f64, t: f64, tiles: usize, rng: &mut DelveRng) -> u32 {
    let base = f64::from(rng.random_range(kind.per_room.min..=kind.per_room.max)) + kind.density * tiles as f64 / 100.0;
    let want = (base * weight * (1.0 + (kind.grow - 1.0) * kind.along(t))).max(0.0);
    let whole = want.floor();
    // Not capped by the room's tiles: a room too small for its count is told in the report.
    whole as u32 + u32::from(rng.random_bool((want - whole).clamp(0.0, 1.0)))
}

/// The floor tiles markers may still take, room by room.
pub(super) struct Free {
    /// Per room (by index), its free floor tiles in row order.
    pub(super) cells: Vec<Vec<Pos>>,
    /// Per tile, whether it is taken (a marker, a door's tile, the spawn).
    pub(super) taken: Vec<bool>,
    /// Per tile, whether a wall is beside it (north, south, east or west).
    walled: Vec<bool>,
    w: i32,
}

impl Free {
    fn of(map: &Map) -> Free {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let at = |p: Pos| (p.y * w + p.x) as usize;
        let mut taken = vec![false; (w * h) as usize];
        let on = |p: Pos| p.x >= 0 && p.y >= 0 && p.x < w && p.y < h;
        for p in map.doors.iter().map(|d| d.cell).chain([map.spawn]).chain(map.markers.iter().map(|m| m.at)) {
            if on(p) {
                taken[at(p)] = true;
            }
        }
        let mut walled = vec![false; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                walled[at(p)] = [(0, -1), (0, 1), (1, 0), (-1, 0)]
                    .iter()
                    .any(|&(dx, dy)| map.tile(p.offset(dx, dy)).is_none_or(|t| t == Tile::Wall));
            }
        }
        // A locked room keeps the markers it had (`request.rs`): none are added to it.
        let cells = map
            .rooms
            .iter()
            .map(|r| {
                let mut cells = Vec::new();
                if r.locked {
                    return cells;
                }
                r.shape.for_each_cell(|c| {
                    if on(c) && !taken[at(c)] && map.tile(c) == Some(Tile::Floor) && map.walkable(c) {
                        cells.push(c);
                    }
                });
                cells
            })
            .collect();
        Free { cells, taken, walled, w }
    }

    pub(super) fn index(&self, p: Pos) -> usize {
        (p.y * self.w + p.x) as usize
    }

    /// Up to `n` free tiles of room `room` for `kind` (beside a wall if it asks, `kind.spacing`
    /// from every marker of `placed` and from each other), drawn at random; taken.
    fn draw(&mut self, room: usize, n: u32, kind: &MarkerKind, placed: &[Marker], rng: &mut DelveRng) -> Vec<Pos> {
        let mut out = Vec::new();
        let Some(cells) = self.cells.get(room) else { return out };
        let mut pool: Vec<Pos> = cells
            .iter()
            .copied()
            .filter(|&c| !self.taken[self.index(c)] && (!kind.against_wall || self.walled[self.index(c)]))
            .collect();
        let apart = |p: Pos, o: Pos| (o.x - p.x).abs().max((o.y - p.y).abs()) >= kind.spacing as i32;
        let mut i = 0;
        while out.len() < n as usize && i < pool.len() {
            let j = rng.random_range(i..pool.len());
            pool.swap(i, j);
            let p = pool[i];
            i += 1;
            if kind.spacing <= 1 || (placed.iter().all(|m| apart(p, m.at)) && out.iter().all(|&o| apart(p, o))) {
                out.push(p);
            }
        }
        for &p in &out {
            let k = self.index(p);
            self.taken[k] = true;
        }
        out
    }
}
