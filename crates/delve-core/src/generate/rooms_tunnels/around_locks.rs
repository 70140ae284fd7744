//! Rooms and tunnels around locks: the router that takes tunnels round what is kept (the
//! second seam of [`crate::generate::keep`]) and the stitch stage after the tunnels (the third):
//! the kept corridors dug, every kept door left without a corridor joined, the locked tiles set
//! and joined to the map.
//!
//! A tunnel meets a kept room only at one of its doors (one without a corridor yet if a plain L
//! serves, else the nearest), runs as the tutorial's L where that crosses no kept room, kept
//! wall or locked wall, and otherwise goes round what it meets (along the ring round the kept
//! rooms' box, or by the shortest way); two kept rooms joined by a kept corridor get no new
//! tunnel. Kept rooms keep their floor, colour, label and doors (listed first, with their
//! kinds).

use super::dig::{Dig, Router};
use super::place::Placed;
use super::tunnels::{PathGeometry, TunnelKind};
use crate::generate::keep::Locks;
use crate::geom::Pos;
use crate::map::locks::LockConflict;
use crate::map::{Corridor, Map, Tile};

/// The router round `locks` (see the module doc), with what it knows of the kept doors.
pub(super) struct AroundLocks<'a> {
    l: &'a Locks,
    kept: KeptDoors,
}

impl<'a> AroundLocks<'a> {
    /// Puts the kept rooms' doors on `map` first (through `dig`'s door index, so tunnels find
    /// them), with their kinds.
    pub(super) fn new(l: &'a Locks, placed: &[Placed], map: &mut Map, dig: &mut Dig<'_>) -> Self {
        let mut kept = KeptDoors { ids: vec![0; l.door_count()], used: Vec::new(), noted: 0 };
        for (i, room) in placed.iter().enumerate() {
            let Some(k) = room.kept else { continue };
            for (j, d) in l.doors(k).iter().enumerate() {
                let id = dig.doors.door(map, i as u32, d.cell, d.outside());
                map.doors[id as usize].kind = d.kind;
                kept.ids[l.slot(k, j)] = id;
            }
        }
        kept.used = vec![false; map.doors.len()];
        // A kept corridor's doors are taken (it is dug after the tunnels).
        for c in &l.corridors {
            for (k, j) in c.ends {
                kept.used[kept.ids[l.slot(k, j)] as usize] = true;
            }
        }
        AroundLocks { l, kept }
    }

    /// The stitch stage: digs the kept corridors, joins the free kept doors, sets the locked
    /// tiles and joins those the map does not reach.
    pub(super) fn stitch(mut self, placed: &[Placed], map: &mut Map, dig: &mut Dig<'_>) -> Result<(), LockConflict> {
        let l = self.l;
        self.kept.note(map);
        keep_corridors(l, map, dig, &self.kept);
        join_free_doors(placed, map, dig, &mut self)?;
        for &(p, t) in &l.tiles {
            map.set_tile(p, t);
            map.set_tile_lock(p, true);
        }
        // A spawn in a kept room stays where it was.
        if let Some(s) = l.spawn {
            map.spawn = s;
        }
        if l.open_tiles {
            crate::generate::keep::join_locked_tiles(l, map)?;
        }
        Ok(())
    }
}

impl Router for AroundLocks<'_> {
    fn line(
        &mut self,
        placed: &[Placed],
        ends: [usize; 2],
        kind: TunnelKind,
        map: &Map,
        cells: &mut Vec<Pos>,
    ) -> Result<Option<(PathGeometry, usize)>, LockConflict> {
        self.kept.note(map);
        tunnel_line(self.l, placed, ends, kind, &self.kept, cells)
    }

    fn brush(&self, map: &mut Map, line: &[Pos], width: u32) {
        for &p in line {
            stamp_round_locks(map, self.l, p, width);
        }
    }
}

/// The kept doors on the map being made, by slot ([`Locks::slot`]): each one's id on the map,
/// and whether a corridor ends at it yet (by id).
struct KeptDoors {
    ids: Vec<u32>,
    used: Vec<bool>,
    /// The corridors looked at so far.
    noted: usize,
}

impl KeptDoors {
    /// Whether no corridor ends at the kept door in `slot` yet.
    fn free(&self, slot: usize) -> bool {
        !self.used[self.ids[slot] as usize]
    }

    /// Takes the kept doors of the corridors added since the last look.
    fn note(&mut self, map: &Map) {
        for c in map.corridors.get(self.noted..).unwrap_or_default() {
            for d in c.doors {
                if let Some(u) = self.used.get_mut(d as usize) {
                    *u = true;
                }
            }
        }
        self.noted = map.corridors.len();
    }
}

/// The wide tunnel's brush at centre-line tile `p` around locks: the `width`×`width` square
/// (placed as [`Corridor::for_each_cell`] places it) carved where a tunnel may run, but only
/// the tiles joined to `p` inside the square. A tile cut off from the centre by kept walls
/// would be floor that nothing reaches.
fn stamp_round_locks(map: &mut Map, l: &Locks, p: Pos, width: u32) {
    let w = width.clamp(1, crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH) as i32;
    let lo = -(w - 1) / 2;
    let slot = |q: Pos| {
        let (dx, dy) = (q.x - p.x - lo, q.y - p.y - lo);
        (dx >= 0 && dy >= 0 && dx < w && dy < w).then(|| (dy * w + dx) as usize)
    };
    let mut seen = [false; (crate::params::rooms_tunnels::MAX_TUNNEL_WIDTH as usize).pow(2)];
    let mut queue = Vec::with_capacity((w * w) as usize);
    if let Some(s) = slot(p) {
        seen[s] = true;
        queue.push(p);
    }
    while let Some(q) = queue.pop() {
        for d in crate::geom::Dir::ALL {
            let n = q.step(d);
            let Some(s) = slot(n).filter(|&s| !seen[s]) else { continue };
            let open = match map.tile(n) {
                Some(Tile::Wall) if l.passable(n) => {
                    map.set_tile(n, Tile::Corridor);
                    true
                }
                Some(t) => t != Tile::Wall,
                None => false,
            };
            if open {
                seen[s] = true;
                queue.push(n);
            }
        }
    }
}

/// The centre line of the tunnel between placed rooms `ends` around `locks`, or `None` when the
/// two are kept rooms that kept corridors join already. A kept end is met at a door of it or of
/// the kept rooms kept corridors join to it (see [`reach`]). The line starts (ends) on the
/// door's own tile, inside the kept room.
fn tunnel_line(
    l: &Locks,
    placed: &[Placed],
    ends: [usize; 2],
    kind: TunnelKind,
    kept: &KeptDoors,
    scratch: &mut Vec<Pos>,
) -> Result<Option<(PathGeometry, usize)>, LockConflict> {
    let (a, b) = (&placed[ends[0]], &placed[ends[1]]);
    match (a.kept, b.kept) {
        (None, None) => {
            // Either L as it is (its cells need no list), else a way round.
            for kind in [kind, other_way(kind)] {
                let (geometry, len) = PathGeometry::new(a.centre, b.centre, kind, scratch);
                if clear(l, &geometry, len, scratch, false) {
                    return Ok(Some((geometry, len)));
                }
            }
            scratch.clear();
            if !connect(l, a.centre, b.centre, kind, true, scratch) {
                return Err(LockConflict::WalledIn { what: "the tunnel between two new rooms".into(), cell: a.centre });
            }
        }
        (Some(k), None) => reach(l, k, b.centre, kind, kept, scratch)?,
        (None, Some(k)) => {
            reach(l, k, a.centre, kind, kept, scratch)?;
            scratch.reverse();
        }
        (Some(x), Some(y)) => {
            if l.group[x] == l.group[y] {
                return Ok(None);
            }
            // From the nearest door of `y`'s kept rooms that `x`'s can reach.
            let mut targets: Vec<(usize, &crate::map::Door)> = l.group_doors(y).collect();
            let (x, y) = if targets.is_empty() {
                // `y`'s rooms have no door: from theirs to one of `x`'s.
                targets = l.group_doors(x).collect();
                (y, x)
            } else {
                (x, y)
            };
            // Free doors first, then nearest first.
            targets.sort_by_key(|(s, d)| (!kept.free(*s), d.outside().manhattan(a.centre), d.id));
            let found = targets.into_iter().find(|(_, d)| {
                !l.pocket(d.outside(), a.centre, true) && reach(l, x, d.outside(), kind, kept, scratch).is_ok()
            });
            let (_, d) = found.ok_or_else(|| walled_in(l, y))?;
            scratch.push(d.cell);
        }
    }
    Ok(Some((PathGeometry::Cells, scratch.len())))
}

/// A tunnel from a door of kept room `k` (or of a kept room kept corridors join to it) to
/// `to`, written into `out`: the door's own tile first. Doors without a corridor are tried
/// first, nearest first, then the others.
fn reach(
    l: &Locks,
    k: usize,
    to: Pos,
    kind: TunnelKind,
    kept: &KeptDoors,
    out: &mut Vec<Pos>,
) -> Result<(), LockConflict> {
    // Each door's place in that order as one number: taken (top bit), distance, id (ids differ).
    let mut doors: Vec<(u64, &crate::map::Door)> = l
        .group_doors(k)
        .map(|(s, d)| {
            let far = u64::from(d.outside().manhattan(to).unsigned_abs());
            (u64::from(!kept.free(s)) << 63 | far << 32 | u64::from(d.id), d)
        })
        .collect();
    if doors.is_empty() {
        // A room without doors (reached through an open wall): open its wall again.
        let room = &l.rooms[k];
        let beside = |p: Pos| crate::geom::Dir::ALL.iter().any(|d| room.shape.contains(p.step(*d)));
        let line = l.route_to(to, beside, true).ok_or(LockConflict::NoDoor { room: room.id })?;
        out.clear();
        out.extend(line.into_iter().rev());
        return Ok(());
    }
    // A plain L from any door first (cheap), in that order: the first door or two mostly
    // serve, so each is picked as the least left rather than after a sort.
    for left in (1..=doors.len()).rev() {
        let Some(m) = (0..left).min_by_key(|&i| doors[i].0) else { break };
        let d = doors[m].1;
        out.clear();
        out.push(d.cell);
        if plain_l(l, d.outside(), to, kind, false, out) {
            return Ok(());
        }
        doors.swap(m, left - 1);
    }
    // Then the ways round, door by door.
    doors.sort_unstable_by_key(|(key, _)| *key);
    for (_, d) in doors {
        if l.pocket(d.outside(), to, true) {
            continue;
        }
        out.clear();
        out.push(d.cell);
        if connect(l, d.outside(), to, kind, true, out) {
            return Ok(());
        }
    }
    Err(walled_in(l, k))
}

/// The L of `kind` from `from` to `to`, or the other L, when one crosses no lock (nor a kept
/// wall, unless `walls`): appended to `out`, or `false`.
fn plain_l(l: &Locks, from: Pos, to: Pos, kind: TunnelKind, walls: bool, out: &mut Vec<Pos>) -> bool {
    let mut listed = Vec::new();
    for kind in [kind, other_way(kind)] {
        // An L's cells need no list; a straight line's are listed.
        let (geometry, len) = PathGeometry::new(from, to, kind, &mut listed);
        if clear(l, &geometry, len, &listed, walls) {
            geometry.extend(0..len, &listed, out);
            return true;
        }
    }
    false
}

/// The other way of a tunnel of `kind`: the other L (a straight tunnel's is the
/// horizontal-first L).
fn other_way(kind: TunnelKind) -> TunnelKind {
    match kind {
        TunnelKind::L { horizontal_first } => TunnelKind::L { horizontal_first: !horizontal_first },
        TunnelKind::Direct => TunnelKind::L { horizontal_first: true },
    }
}

/// Whether every cell of the centre line `geometry` (`len` cells; a listed line's in `cells`)
/// may carry a tunnel (along kept walls too when `walls`): an L a leg at a time.
fn clear(l: &Locks, geometry: &PathGeometry, len: usize, cells: &[Pos], walls: bool) -> bool {
    match geometry.legs(len) {
        Some(legs) => legs.into_iter().all(|(a, d, n)| l.clear_run(a, d, n, walls)),
        None => l.clear(cells.get(..len).unwrap_or_default(), walls),
    }
}

/// The refusal for kept room `k`, whose doors no tunnel can reach.
fn walled_in(l: &Locks, k: usize) -> LockConflict {
    let room = &l.rooms[k];
    LockConflict::WalledIn {
        what: format!("locked room {}", room.id),
        cell: l.doors(k).first().map_or_else(|| room.shape.centre().unwrap_or_default(), |d| d.cell),
    }
}

fn door_name(l: &Locks, k: usize, d: &crate::map::Door) -> String {
    format!("the door of locked room {} at {}", l.rooms[k].id, d.cell)
}

/// The tiles of a tunnel from `from` to `to` around the locks, appended to `out`: the L of
/// `kind` (or a straight line), the other L, or the shortest way round; failing all, the same
/// along kept rooms' walls; failing that too, `false` (and `out` as it was). `plain_tried`: the
/// caller found already that neither plain L serves ([`plain_l`]).
fn connect(l: &Locks, from: Pos, to: Pos, kind: TunnelKind, plain_tried: bool, out: &mut Vec<Pos>) -> bool {
    let mut first = Vec::new();
    for walls in [false, true] {
        if (walls || !plain_tried) && plain_l(l, from, to, kind, walls, out) {
            return true;
        }
        if first.is_empty() {
            let mut listed = Vec::new();
            let (geometry, len) = PathGeometry::new(from, to, kind, &mut listed);
            geometry.extend(0..len, &listed, &mut first);
        }
        if l.detour(&first, walls, out) {
            return true;
        }
    }
    false
}

/// Digs the kept corridors between the kept doors.
fn keep_corridors(l: &Locks, map: &mut Map, dig: &mut Dig<'_>, kept: &KeptDoors) {
    for c in &l.corridors {
        let path = l.path(c);
        Corridor::cells_of(path, c.width, |p| {
            if map.tile(p) == Some(Tile::Wall) {
                map.set_tile(p, Tile::Corridor);
            }
        });
        let id = |(k, j): (usize, usize)| kept.ids[l.slot(k, j)];
        let width = std::mem::replace(&mut dig.width, c.width);
        dig.corridor(map, path, [id(c.ends[0]), id(c.ends[1])]);
        dig.width = width;
    }
}

/// Joins every kept door that carries no corridor yet: to a new room nearby (see
/// [`near_room`]), or, when there is none, to the nearest free door of another kept room.
fn join_free_doors(
    placed: &[Placed],
    map: &mut Map,
    dig: &mut Dig<'_>,
    router: &mut AroundLocks<'_>,
) -> Result<(), LockConflict> {
    let l = router.l;
    let scratch = &mut Vec::new();
    router.kept.note(map);
    for k in 0..l.rooms.len() {
        for (j, d) in l.doors(k).iter().enumerate() {
            let kept = &router.kept;
            if !kept.free(l.slot(k, j)) {
                continue;
            }
            let walled_in = || LockConflict::WalledIn { what: door_name(l, k, d), cell: d.outside() };
            let hf = TunnelKind::L { horizontal_first: true };
            scratch.clear();
            scratch.push(d.cell);
            match near_room(l, placed, d.outside(), hf, scratch) {
                Some(Ok(())) => {}
                Some(Err(t)) => {
                    if !connect(l, d.outside(), t, hf, true, scratch) {
                        return Err(walled_in());
                    }
                }
                None => {
                    // Free doors first; a door may carry more than one corridor.
                    let other = (0..l.rooms.len())
                        .filter(|&k2| k2 != k)
                        .flat_map(|k2| l.doors(k2).iter().enumerate().map(move |(j2, d2)| (l.slot(k2, j2), d2)))
                        .min_by_key(|(s2, d2)| (!kept.free(*s2), d2.outside().manhattan(d.outside())));
                    let Some((_, d2)) = other else {
                        return Err(LockConflict::WalledIn {
                            what: format!("{}, which has no other room to lead to", door_name(l, k, d)),
                            cell: d.cell,
                        });
                    };
                    if !connect(l, d.outside(), d2.outside(), hf, false, scratch) {
                        return Err(walled_in());
                    }
                    scratch.push(d2.cell);
                }
            }
            let len = scratch.len();
            dig.tunnel(map, &PathGeometry::Cells, len, scratch, router);
            router.kept.note(map);
        }
    }
    Ok(())
}

/// The tunnel from `from` (outside a free kept door) to a new room nearby, appended to `out`:
/// the plain L (either way) to the nearest new room that one reaches, among those not much
/// farther than the nearest. `Some(Err(centre))` when none is reached so: the nearest new room's
/// centre, for a way round the locks. `None` without new rooms.
fn near_room(l: &Locks, placed: &[Placed], from: Pos, kind: TunnelKind, out: &mut Vec<Pos>) -> Option<Result<(), Pos>> {
    // New rooms nearest first (by distance, then place), a few at most: picked in turn.
    let key = |i: usize| (placed[i].centre.manhattan(from), i);
    let next = |after: Option<(i32, usize)>| {
        (0..placed.len()).filter(|&i| placed[i].kept.is_none()).map(key).filter(|k| after.is_none_or(|a| *k > a)).min()
    };
    let nearest = next(None)?;
    // A plain tunnel a little longer beats a way round; one across the map does not.
    let far = 2 * nearest.0 + NEAR_SLACK;
    let mut at = Some(nearest);
    while let Some((d, i)) = at.filter(|(d, _)| *d <= far) {
        if plain_l(l, from, placed[i].centre, kind, false, out) {
            return Some(Ok(()));
        }
        at = next(Some((d, i)));
    }
    Some(Err(placed[nearest.1].centre))
}

/// How many tiles a free kept door's plain tunnel may run beyond twice the way to the nearest
/// new room.
const NEAR_SLACK: i32 = 8;
