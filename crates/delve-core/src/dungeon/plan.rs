//! The stair plan, made from the dungeon's seed before any floor: where each branch is entered,
//! and the tile of every staircase, the same tile on the floor above and the floor below. Each
//! floor is then made around its stairs alone, so a floor's parameters change no other floor.

use super::preset::{BranchIndex, DungeonPreset};
use crate::geom::Pos;
use crate::rng::{DelveRng, seed_from_text, splitmix64};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// A floor of the dungeon: its branch (0 the trunk) and its depth in the branch (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FloorId {
    pub branch: BranchIndex,
    pub depth: u32,
}

/// What a staircase leads to from the floor above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkKind {
    /// Down the same branch.
    Down,
    /// Into a branch's first floor.
    Branch,
}

/// A staircase: on floor `from` at tile `at` (marker `stairs_down`, or `branch`), and on floor
/// `to` at the same tile (marker `stairs_up`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub from: FloorId,
    pub to: FloorId,
    pub at: Pos,
    pub kind: LinkKind,
}

/// The plan: each branch's entry depth on its parent (`None` for the trunk), and the links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub entered_at: Vec<Option<u32>>,
    pub links: Vec<Link>,
}

/// Stairs keep this many tiles (king's moves) apart on a floor: their rooms and the wall round
/// them never touch.
const APART: i32 = 8;
/// A staircase's centre keeps this many tiles from the map's edge (its room, the wall round it,
/// and a tile to leave by).
const MARGIN: i32 = 4;
/// Places tried for a staircase before the plan gives up.
const TRIES: usize = 256;

/// A stream of the dungeon's `seed` for the thing `what` names (`entry Lair`, `stairs D 3`):
/// each its own, so adding a branch reshuffles nothing else.
fn stream_of(seed: u64, what: &str) -> DelveRng {
    DelveRng::seed_from_u64(splitmix64(seed ^ splitmix64(seed_from_text(what))))
}

/// The plan of `preset` (checked) for `seed`, floors sized by `size`. Fails naming the two
/// floors whose maps leave no room for their staircase.
pub fn plan(preset: &DungeonPreset, seed: u64, size: impl Fn(FloorId) -> (u32, u32)) -> Result<Plan, String> {
    let branches = preset.branch_floors();
    let mut entered_at = vec![None; branches.len()];
    let mut links = Vec::new();
    for (i, b) in preset.branches.iter().enumerate() {
        let (lo, hi) = b.entry;
        let depth = stream_of(seed, &format!("entry {}", b.name)).random_range(lo..=hi.max(lo));
        entered_at[i + 1] = Some(depth);
        let parent = preset.branch_index(&b.parent).unwrap_or(0);
        links.push((FloorId { branch: parent, depth }, FloorId { branch: i + 1, depth: 1 }, LinkKind::Branch));
    }
    for (b, (_, floors)) in branches.iter().enumerate() {
        for depth in 1..*floors {
            links.push((FloorId { branch: b, depth }, FloorId { branch: b, depth: depth + 1 }, LinkKind::Down));
        }
    }
    // Down the trunk first, then each branch, so a branch's stairs fit round the trunk's.
    links.sort_by_key(|(from, _, kind)| (from.branch, from.depth, *kind == LinkKind::Branch));
    let mut placed: Vec<(FloorId, Pos)> = Vec::new();
    let mut out = Vec::with_capacity(links.len());
    let name = |f: FloorId| format!("{} {}", branches[f.branch].0, f.depth);
    for (from, to, kind) in links {
        let ((w1, h1), (w2, h2)) = (size(from), size(to));
        let (w, h) = (w1.min(w2) as i32, h1.min(h2) as i32);
        let mut rng = stream_of(seed, &format!("stairs {} to {}", name(from), name(to)));
        if w < 2 * MARGIN + 1 || h < 2 * MARGIN + 1 {
            return Err(format!("floors {} and {}: a {w}×{h} map leaves no room for the stairs", name(from), name(to)));
        }
        let free = |p: Pos| {
            placed
                .iter()
                .filter(|(f, _)| *f == from || *f == to)
                .all(|(_, q)| (p.x - q.x).abs().max((p.y - q.y).abs()) >= APART)
        };
        let at = (0..TRIES)
            .map(|_| Pos::new(rng.random_range(MARGIN..w - MARGIN), rng.random_range(MARGIN..h - MARGIN)))
            .find(|&p| free(p))
            .ok_or_else(|| {
                format!("floors {} and {}: no place for their staircase away from the others", name(from), name(to))
            })?;
        placed.push((from, at));
        placed.push((to, at));
        out.push(Link { from, to, at, kind });
    }
    Ok(Plan { entered_at, links: out })
}
