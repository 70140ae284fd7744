//! Stage 4 of [`super`], **join caves**: the caves joined into one dungeon, each in turn to the
//! nearest cave already joined (Prim's tree over the caves' middles), by the tunnels of rooms and
//! tunnels: an L from the new cave's middle to the joined one's, a coin flip for which leg comes
//! first, carved and split into corridors between doors where it leaves and enters caves.

use crate::geom::Pos;

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
