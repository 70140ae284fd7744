//! Graph walks: the [`flood`] over the nodes of a graph given as adjacency lists (the rooms of a
//! map joined by corridors), where a tile flood's four neighbours are a node's links.

use super::flood::{Ended, Queue, flood};

/// A graph as adjacency lists in one array: node `n`'s links are `links[first[n]..first[n + 1]]`
/// (so `first` has one more entry than there are nodes). A link names the node it leads to and
/// may carry more (the edge it runs along).
#[derive(Clone, Copy, Debug)]
pub struct Adjacency<'a, L> {
    pub first: &'a [usize],
    pub links: &'a [L],
}

impl<'a, L> Adjacency<'a, L> {
    /// The links of node `n` (none for a node the lists do not hold).
    #[inline]
    pub(crate) fn links(&self, n: usize) -> &'a [L] {
        match (self.first.get(n), self.first.get(n + 1)) {
            (Some(&a), Some(&b)) => self.links.get(a..b).unwrap_or_default(),
            _ => &[],
        }
    }
}

/// Breadth first over `graph` from the node `start` leads to, a `flood` whose items are
/// links: `start` is a link into the start (claimed by the caller; it need carry nothing but
/// the node), `node(link)` is the node a link leads to, and `claim(from, link)` is offered the
/// links of each node taken, in order, and says whether the walk takes the node `link` leads to
/// (marking it reached: the caller's marks, a node claimed at most once). Nodes are expanded
/// only while fewer than `cap` are taken, as in `flood`. When the walk ends,
/// `Queue::taken` holds the link into every node it took, nearer nodes first.
#[inline(always)]
pub fn walk<L: Copy>(
    graph: Adjacency<'_, L>,
    node: impl Fn(L) -> usize,
    queue: &mut Queue<L>,
    start: L,
    cap: usize,
    claim: impl FnMut(L, L) -> bool,
) -> Ended {
    flood(queue, start, cap, |l| Some(graph.links(node(l)).iter().copied()), claim)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The adjacency lists of the edges `a-b` in `edges` over `n` nodes, each link (node, edge)
    /// listed at both ends, in order of the edges.
    fn lists(n: usize, edges: &str) -> (Vec<usize>, Vec<(usize, usize)>) {
        let pairs: Vec<(usize, usize)> = edges
            .split_whitespace()
            .map(|e| e.split_once('-').map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap())).unwrap())
            .collect();
        let mut first = vec![0; n + 1];
        let mut links = Vec::new();
        for node in 0..n {
            for (e, &(a, b)) in pairs.iter().enumerate() {
                if a == node {
                    links.push((b, e));
                }
                if b == node {
                    links.push((a, e));
                }
            }
            first[node + 1] = links.len();
        }
        (first, links)
    }

    /// Per node: hops from the start, and the (node, edge) it was reached from.
    type Walked = (Vec<Option<u32>>, Vec<Option<(usize, usize)>>);

    /// Hops from `start` to every node, and the (node, edge) each was reached from.
    fn hops(first: &[usize], links: &[(usize, usize)], start: usize, cap: usize) -> (Walked, Ended) {
        let n = first.len() - 1;
        let (mut hops, mut from) = (vec![None; n], vec![None; n]);
        hops[start] = Some(0);
        let mut queue = Queue::default();
        let graph = Adjacency { first, links };
        let ended = walk(
            graph,
            |(r, _)| r,
            &mut queue,
            (start, usize::MAX),
            cap,
            |(r, _), (next, e)| {
                if hops[next].is_some() {
                    return false;
                }
                hops[next] = hops[r].map(|h| h + 1);
                from[next] = Some((r, e));
                true
            },
        );
        ((hops, from), ended)
    }

    #[test]
    fn hops_and_first_ways_in() {
        //  0 - 1 - 2      5 - 6
        //  |   |
        //  3 - 4 (and a loop from 4 to itself)
        let (first, links) = lists(7, "0-1 1-2 0-3 3-4 1-4 4-4 5-6");
        let ((h, from), ended) = hops(&first, &links, 0, usize::MAX);
        assert_eq!(ended, Ended::Done);
        assert_eq!(h, [Some(0), Some(1), Some(2), Some(1), Some(2), None, None]);
        // Node 4 is two hops away through 1 and through 3: the first way in wins (1, taken
        // first as the first link of 0).
        assert_eq!(from, [None, Some((0, 0)), Some((1, 1)), Some((0, 2)), Some((1, 4)), None, None]);
        let ((h, _), _) = hops(&first, &links, 6, usize::MAX);
        assert_eq!(h, [None, None, None, None, None, Some(1), Some(0)]);
    }

    #[test]
    fn the_cap_stops_the_walk() {
        let (first, links) = lists(5, "0-1 1-2 2-3 3-4");
        // Expanded from 0 (queue 2), from 1 (queue 3): then the cap.
        let ((h, _), ended) = hops(&first, &links, 0, 3);
        assert_eq!((h, ended), (vec![Some(0), Some(1), Some(2), None, None], Ended::Capped));
    }

    #[test]
    fn nodes_the_lists_do_not_hold_have_no_links() {
        let (first, links) = lists(2, "0-1");
        let graph = Adjacency { first: &first, links: &links };
        assert_eq!((graph.links(0), graph.links(1), graph.links(2)), (&[(1, 0)][..], &[(0, 0)][..], &[][..]));
    }
}
