//! Stage 4 of [`super`], **join caves**: the caves joined into one dungeon, each in turn to the
//! nearest cave already joined (Prim's tree over the caves' middles), by the tunnels of rooms and
//! tunnels: an L from the new cave's middle to the joined one's, a coin flip for which leg comes
//! first, carved and split into corridors between doors where it leaves and enters caves. A
//! cave is no rectangle: the L may leave a cave over a rock island and come back into it, so
//! the line is [`trim`]med first, and no tunnel leaves a stub inside one cave.

use crate::geom::Pos;

/// Cuts from the centre line `line` every detour that leaves a cave and comes back into it
/// (over a rock island, or through other caves on the way): from the cave's tile before the
/// detour straight on to its tile after it. A cave's floor is one connected region, so the
/// line still joins its two ends, and each cave it passes is one unbroken stretch of it, so no
/// corridor joins a cave to itself. `cave_at` tells the cave of a tile (`None`: not a cave's).
/// The line may jump between two tiles of one cave afterwards; that part is never dug.
pub(super) fn trim(line: &mut Vec<Pos>, cave_at: impl Fn(Pos) -> Option<u32>) {
    // Where in the trimmed line each cave seen so far was last.
    let mut last: Vec<(u32, usize)> = Vec::new();
    let mut out: Vec<Pos> = Vec::with_capacity(line.len());
    for &p in line.iter() {
        if let Some(cave) = cave_at(p) {
            if let Some(&(_, at)) = last.iter().find(|(c, _)| *c == cave) {
                // Back in a cave seen before: drop the detour since its last tile there.
                out.truncate(at + 1);
                last.retain(|&(_, i)| i <= at);
            }
            last.retain(|(c, _)| *c != cave);
            last.push((cave, out.len()));
        }
        out.push(p);
    }
    *line = out;
}

/// The order of joins: for each cave after the first to be joined, `(cave, joined cave)`, the
/// cave nearest to any joined cave (squared distance between middles; ties: the lower cave,
/// then the lower joined cave), starting from cave `first`.
pub(super) fn tree(middles: &[Pos], first: usize) -> Vec<(usize, usize)> {
    let n = middles.len();
    let d = |a: usize, b: usize| {
        let (dx, dy) = (i64::from(middles[a].x - middles[b].x), i64::from(middles[a].y - middles[b].y));
        dx * dx + dy * dy
    };
    let mut joined = vec![false; n];
    // For each cave not joined yet: its distance to the nearest joined cave, and that cave.
    let mut best: Vec<(i64, usize)> = vec![(i64::MAX, usize::MAX); n];
    let mut out = Vec::with_capacity(n.saturating_sub(1));
    let mut last = first;
    if first >= n {
        return out;
    }
    joined[first] = true;
    for _ in 1..n {
        for (c, b) in best.iter_mut().enumerate() {
            if !joined[c] {
                let here = (d(c, last), last);
                if here < *b {
                    *b = here;
                }
            }
        }
        let Some(next) = (0..n).filter(|&c| !joined[c]).min_by_key(|&c| best[c]) else { break };
        joined[next] = true;
        out.push((next, best[next].1));
        last = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_detour_back_into_a_cave_is_cut() {
        // Caves by column: 0–2 cave 1, 3 rock, 4 cave 1 again (an island at 3), 5–6 rock,
        // 7 cave 2, 8 rock, 9–10 cave 1 (the line comes back into cave 1 through cave 2), 11
        // rock, 12 cave 3.
        let cave = |p: Pos| match p.x {
            0..=2 | 4 | 9 | 10 => Some(1),
            7 => Some(2),
            12 => Some(3),
            _ => None,
        };
        let mut line: Vec<Pos> = (0..13).map(|x| Pos::new(x, 0)).collect();
        trim(&mut line, cave);
        let xs: Vec<i32> = line.iter().map(|p| p.x).collect();
        // Rock (3, 5, 6, 8) and cave 2 (7) on the detours are gone; cave 1's own tiles stay
        // (floor already), the line jumping between them.
        assert_eq!(xs, [0, 1, 2, 4, 9, 10, 11, 12]);
        for pair in line.windows(2).filter(|w| w[0].manhattan(w[1]) != 1) {
            assert_eq!((cave(pair[0]), cave(pair[1])), (Some(1), Some(1)), "a jump stays inside one cave");
        }
        // A line that never comes back is left alone.
        let mut straight: Vec<Pos> = (0..4).map(|x| Pos::new(x, 0)).collect();
        trim(&mut straight, |p| (p.x == 0).then_some(1).or((p.x == 3).then_some(2)));
        assert_eq!(straight.len(), 4);
    }

    #[test]
    fn each_cave_joins_the_nearest_joined_one() {
        let middles = [(0, 0), (10, 0), (11, 0), (0, 9), (30, 30)].map(Pos::from);
        // From 0: (3) is 81 away, (1) 100: 3 first; then 1 (100 from 0); then 2 (1 from 1);
        // then 4, nearest to 2.
        assert_eq!(tree(&middles, 0), [(3, 0), (1, 0), (2, 1), (4, 2)]);
        // Every cave is joined once, to one joined before it.
        let t = tree(&middles, 4);
        assert_eq!(t.len(), 4);
        let mut seen = vec![4];
        for (c, to) in t {
            assert!(seen.contains(&to) && !seen.contains(&c));
            seen.push(c);
        }
        assert!(tree(&middles[..1], 0).is_empty());
        assert!(tree(&[], 0).is_empty());
    }
}
