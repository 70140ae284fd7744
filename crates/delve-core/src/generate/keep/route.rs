//! The router round the locks (the second of the three seams, see [`super`]): a tunnel's line
//! with every stretch that crosses a lock replaced by a way round it, and the shortest way to a
//! goal around the locks; and the last step of the keep-locks stage, joining locked tiles the
//! map does not reach.

use super::{Locks, ROUTE_CAP};
use crate::geom::{Pos, Rect, TileBox};
use crate::map::Tile;
use crate::map::locks::LockConflict;
use crate::pathfind;

impl Locks {
    /// `line` (its two ends open) with every stretch that crosses a lock replaced by a way round
    /// it: along the ring round the kept rooms it meets when that is open ([`Self::round_box`]),
    /// else the shortest way, searched near the stretch first (a tunnel across a big map that
    /// meets one kept room goes round that room, not across the map again).
    /// Appended to `out`, or `false` (and `out` as it was).
    pub(in crate::generate) fn detour(&self, line: &[Pos], walls: bool, out: &mut Vec<Pos>) -> bool {
        let start = out.len();
        let found = self.detour_onto(line, walls, out).is_some();
        if !found {
            out.truncate(start);
        }
        found
    }

    fn detour_onto(&self, line: &[Pos], walls: bool, out: &mut Vec<Pos>) -> Option<()> {
        let ok = |p: Pos| self.open(p, walls);
        let (first, last) = (*line.first()?, *line.last()?);
        if !ok(first) || !ok(last) {
            return None;
        }
        out.reserve(line.len() + 16);
        let mut k = 0;
        while k < line.len() {
            if ok(line[k]) {
                out.push(line[k]);
                k += 1;
                continue;
            }
            let mut j = k;
            while !ok(line[j]) {
                j += 1;
            }
            let (from, to) = (line[k - 1], line[j]);
            if self.round_box(&line[k - 1..=j], walls, out) {
                k = j + 1;
                continue;
            }
            let around = TileBox::around(line[k - 1..=j].iter().copied())?;
            let whole = Rect::new(0, 0, self.width as i32, self.height as i32);
            let mut path = None;
            // Near the stretch, farther, then the whole map; an area the one before already
            // covered is not searched again (the same search finds the same nothing).
            let mut searched: Option<Rect> = None;
            for margin in [Some(8), Some(32), None] {
                let area = match margin {
                    Some(m) => Rect::new(
                        around.x0 - m,
                        around.y0 - m,
                        around.x1 - around.x0 + 1 + 2 * m,
                        around.y1 - around.y0 + 1 + 2 * m,
                    )
                    .intersection(&whole)?,
                    None => whole,
                };
                if searched == Some(area) {
                    continue;
                }
                // After a failed search near the stretch: when `to` lies in a small pocket
                // without `from`, no wider search can find a way (and a failing search of the
                // whole map looks at every tile it can reach).
                if searched.is_some() && self.pocket(to, from, walls) {
                    break;
                }
                searched = Some(area);
                match pathfind::shortest_path(area, from, to, ROUTE_CAP, ok) {
                    Ok(p) => {
                        path = Some(p);
                        break;
                    }
                    // Nothing in the whole map: no wider search can do better.
                    Err(pathfind::NoPath::Unreachable) if area == whole => break,
                    Err(_) => {}
                }
            }
            let path = path?;
            out.extend_from_slice(path.get(1..)?);
            k = j + 1;
        }
        Some(())
    }

    /// The shortest walk from `from` to the nearest tile `goal` accepts, over tiles a tunnel
    /// may take (along kept walls too when `walls`).
    pub(in crate::generate) fn route_to(
        &self,
        from: Pos,
        goal: impl FnMut(Pos) -> bool,
        walls: bool,
    ) -> Option<Vec<Pos>> {
        let q =
            pathfind::Query { paths: true, cap: ROUTE_CAP, ..pathfind::Query::flood(self.width, self.height, from) };
        let s = pathfind::search(q, goal, |p| self.open(p, walls));
        s.found.and_then(|p| s.path_to(p))
    }

    /// A way round the kept rooms a stretch of tunnel runs into: `stretch` goes from an open
    /// tile through blocked ones to an open one. The way follows the ring of tiles round the box
    /// of the kept room met first, from one end to the other, the shorter way round that is open
    /// (see [`Self::round_ring`]); failing that, round the box of that room and the kept rooms
    /// touching it (and those touching them), whose ring no other kept room meets. Appended to
    /// `out` after the stretch's first tile; `false` (and `out` as it was) when no ring serves.
    fn round_box(&self, stretch: &[Pos], walls: bool, out: &mut Vec<Pos>) -> bool {
        let (Some(&from), Some(&to), Some(first)) = (stretch.first(), stretch.last(), stretch.get(1)) else {
            return false;
        };
        // The box of the kept room met first, then with the kept rooms touching it (and those
        // touching them), until the ring round it is open.
        let Some(mut around) = self.boxes.iter().find(|b| b.contains(*first)).copied() else { return false };
        loop {
            if self.round_ring(around, from, to, walls, out) {
                return true;
            }
            let grown = TileBox::new(around.x0 - 1, around.y0 - 1, around.x1 + 1, around.y1 + 1);
            let more = self.boxes.iter().filter(|b| b.meets(&grown)).fold(around, |a, b| a.union(b));
            if more == around {
                return false;
            }
            around = more;
        }
    }

    /// The shorter open way from `from` to `to` along the ring just outside `around`, appended
    /// to `out` after `from`. An end on the box's own edge (the tile outside a kept door, in the
    /// kept room's wall) steps out onto the ring first; with an end deeper inside, or no open
    /// way, `false` (and `out` as it was).
    fn round_ring(&self, around: TileBox, from: Pos, to: Pos, walls: bool, out: &mut Vec<Pos>) -> bool {
        // The end itself when outside the box, else the ring tile just outside its edge.
        let onto = |p: Pos| -> Option<Pos> {
            if !around.contains(p) {
                return Some(p);
            }
            let out = if p.x == around.x0 {
                p.offset(-1, 0)
            } else if p.x == around.x1 {
                p.offset(1, 0)
            } else if p.y == around.y0 {
                p.offset(0, -1)
            } else if p.y == around.y1 {
                p.offset(0, 1)
            } else {
                return None;
            };
            self.open(out, walls).then_some(out)
        };
        let (Some(start), Some(end)) = (onto(from), onto(to)) else { return false };
        let ring = Ring(TileBox::new(around.x0 - 1, around.y0 - 1, around.x1 + 1, around.y1 + 1));
        let (Some(a), Some(b)) = (ring.place(start), ring.place(end)) else { return false };
        let length = ring.length();
        let forward = (b - a).rem_euclid(length);
        // The shorter way first.
        let ways = if forward <= length - forward {
            [(1, forward), (-1, length - forward)]
        } else {
            [(-1, length - forward), (1, forward)]
        };
        let base = out.len();
        for (dir, steps) in ways {
            out.truncate(base);
            // Place by place round the ring, each tile checked as it is added (the first is
            // `from` itself when it lies on the ring).
            let (mut t, mut open) = (a, true);
            for s in 0..=steps {
                let p = ring.tile(t);
                open = self.open(p, walls);
                if !open {
                    break;
                }
                if s > 0 || start != from {
                    out.push(p);
                }
                t = match t + dir {
                    n if n == length => 0,
                    -1 => length - 1,
                    n => n,
                };
            }
            if open {
                if end != to {
                    out.push(to);
                }
                return true;
            }
        }
        out.truncate(base);
        false
    }

    /// Whether `p` lies in a small pocket that tunnels cannot leave (between kept rooms and
    /// locked walls), without `other` in it: a few hundred tiles looked at, at most. `walls`:
    /// tunnels may run along kept walls too.
    pub(in crate::generate) fn pocket(&self, p: Pos, other: Pos, walls: bool) -> bool {
        const LOOK: usize = 256;
        let q = pathfind::Query { cap: LOOK, ..pathfind::Query::flood(self.width, self.height, p) };
        let s = pathfind::search(q, |c| c == other, |c| c == other || self.open(c, walls));
        s.found.is_none() && !s.capped
    }
}

/// Joins locked corridor tiles that the map does not reach from its spawn to the nearest tile
/// it does reach, by the shortest way around the locks.
pub(in crate::generate) fn join_locked_tiles(l: &Locks, map: &mut crate::map::Map) -> Result<(), LockConflict> {
    let walk = |map: &crate::map::Map| crate::map::metrics::distances_from(map, map.spawn);
    let mut dist = walk(map);
    for &(p, t) in &l.tiles {
        if t != Tile::Corridor || dist.get(p).is_some_and(|d| *d != crate::pathfind::UNREACHED) {
            continue;
        }
        let reached = |q: Pos| dist.get(q).is_some_and(|d| *d != crate::pathfind::UNREACHED);
        let path = l
            .route_to(p, reached, false)
            .or_else(|| l.route_to(p, reached, true))
            .ok_or_else(|| LockConflict::WalledIn { what: "the locked corridor tile".into(), cell: p })?;
        for q in path {
            if map.tile(q) == Some(Tile::Wall) {
                map.set_tile(q, Tile::Corridor);
            }
        }
        dist = walk(map);
    }
    Ok(())
}

/// The ring of tiles along the border of a box, walked clockwise from its top-left corner.
struct Ring(TileBox);

impl Ring {
    /// How many tiles the ring has (each side's steps, all round).
    fn length(&self) -> i32 {
        2 * ((self.0.x1 - self.0.x0) + (self.0.y1 - self.0.y0))
    }

    /// Where tile `p` lies along the ring, or `None` off it.
    fn place(&self, p: Pos) -> Option<i32> {
        let TileBox { x0, y0, x1, y1 } = self.0;
        let (w, h) = (x1 - x0, y1 - y0);
        let on_x = (x0..=x1).contains(&p.x);
        let on_y = (y0..=y1).contains(&p.y);
        if p.y == y0 && on_x {
            Some(p.x - x0)
        } else if p.x == x1 && on_y {
            Some(w + p.y - y0)
        } else if p.y == y1 && on_x {
            Some(w + h + x1 - p.x)
        } else if p.x == x0 && on_y {
            Some(2 * w + h + y1 - p.y)
        } else {
            None
        }
    }

    /// The tile at place `t` along the ring (`0..` [`Self::length`]).
    fn tile(&self, t: i32) -> Pos {
        let TileBox { x0, y0, x1, y1 } = self.0;
        let (w, h) = (x1 - x0, y1 - y0);
        if t < w {
            Pos::new(x0 + t, y0)
        } else if t < w + h {
            Pos::new(x1, y0 + t - w)
        } else if t < 2 * w + h {
            Pos::new(x1 - (t - w - h), y1)
        } else {
            Pos::new(x0, y1 - (t - 2 * w - h))
        }
    }
}
