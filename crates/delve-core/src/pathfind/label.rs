//! Labels: the connected pieces of a set of tiles ([`pieces`], a [`flood`] from each tile no
//! earlier piece took), and the disjoint sets that join pieces found apart ([`UnionFind`]).

use super::flood::{Queue, flood_in, flood_walled};
use super::index_in;
use crate::geom::{Pos, Rect};

/// No piece: a tile [`pieces`] leaves out.
pub const NO_PIECE: u32 = u32::MAX;

/// The connected pieces (4-connected) of the tiles of `area` that `inside` accepts. `labels` is
/// made the area's size (row by row) and gets each tile's piece, [`NO_PIECE`] where `inside`
/// says no; pieces are numbered in reading order of their first tile. Returns each piece's size
/// and first tile. `queue` is scratch space, reused across calls.
pub fn pieces(
    area: Rect,
    inside: impl Fn(Pos) -> bool,
    labels: &mut Vec<u32>,
    queue: &mut Queue<Pos>,
) -> Vec<(u32, Pos)> {
    let (w, h) = (area.w.max(0) as usize, area.h.max(0) as usize);
    labels.clear();
    labels.resize(w * h, NO_PIECE);
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let k = y * w + x;
            let start = Pos::new(area.x + x as i32, area.y + y as i32);
            if labels[k] != NO_PIECE || !inside(start) {
                continue;
            }
            let piece = out.len() as u32;
            labels[k] = piece;
            let _ = flood_in(area, queue, start, usize::MAX, |n| match index_in(area, n) {
                Some(j) if labels[j] == NO_PIECE && inside(n) => {
                    labels[j] = piece;
                    true
                }
                _ => false,
            });
            out.push((queue.len() as u32, start));
        }
    }
    out
}

/// [`pieces`] over a row-major byte grid `width` wide whose border is `wall` (the grid of
/// `flood_walled`), by the walled flood: the pieces of the tiles that are not `wall`, numbered
/// in reading order of their first tile, each tile's piece in `labels` ([`NO_PIECE`] for wall).
/// Returns each piece's size and the index of its first tile. `queue` is scratch space.
pub fn pieces_walled(
    grid: &[u8],
    width: usize,
    wall: u8,
    labels: &mut Vec<u32>,
    queue: &mut Queue<u64>,
) -> Vec<(u32, usize)> {
    let mut walled = grid.to_vec();
    labels.clear();
    labels.resize(walled.len(), NO_PIECE);
    let mut found = Vec::new();
    for k in 0..walled.len() {
        if walled[k] == wall {
            continue;
        }
        flood_walled(&mut walled, width, k, wall, queue);
        let piece = found.len() as u32;
        for &entry in queue.taken() {
            if let Some(l) = labels.get_mut(entry as u32 as usize) {
                *l = piece;
            }
        }
        found.push((queue.len() as u32, k));
    }
    found
}

/// Disjoint sets of `0..n` (union by smaller index, path halving): the pieces of a map's floor
/// across blocks, the pieces of a room graph.
pub struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    pub fn new(n: usize) -> Self {
        UnionFind { parent: (0..n as u32).collect() }
    }

    pub(crate) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    /// Makes `a`'s set and `b`'s one; whether they were two.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b) as u32;
        }
        a != b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pathfind::tests::Ascii;

    /// The pieces of the `.` tiles of `grid` over its whole area, the labels drawn as digits
    /// (`#` for none).
    fn label(grid: &Ascii) -> (Vec<(u32, Pos)>, String) {
        let (mut labels, mut queue) = (Vec::new(), Queue::default());
        let found = pieces(grid.area(), |p| grid.at(p) == '.', &mut labels, &mut queue);
        let drawn = labels
            .chunks(grid.width)
            .map(|row| row.iter().map(|l| char::from_digit(*l, 10).unwrap_or('#')).collect::<String>() + "\n")
            .collect();
        (found, drawn)
    }

    #[test]
    fn pieces_are_numbered_in_reading_order_of_their_first_tile() {
        let grid = Ascii::new(
            "\
            ##..#.\n\
            #..##.\n\
            ..#...\n\
            ####.#\n\
            .#.###\n",
        );
        let (found, drawn) = label(&grid);
        assert_eq!(
            drawn,
            "\
            ##00#1\n\
            #00##1\n\
            00#111\n\
            ####1#\n\
            2#3###\n"
        );
        assert_eq!(found, [(6, Pos::new(2, 0)), (6, Pos::new(5, 0)), (1, Pos::new(0, 4)), (1, Pos::new(2, 4))]);
    }

    #[test]
    fn the_walled_byte_grid_is_labelled_as_pieces_labels_it() {
        // The same pieces inside a wall border, as bytes (1 wall): the same numbers and sizes.
        let rows = ["########", "###..#.#", "##..##.#", "#..#...#", "#####.##", "#.#.####", "########"];
        let w = rows[0].len();
        let bytes: Vec<u8> = rows.iter().flat_map(|r| r.bytes().map(|b| u8::from(b == b'#'))).collect();
        let mut labels = Vec::new();
        let found = pieces_walled(&bytes, w, 1, &mut labels, &mut Queue::default());
        let firsts: Vec<(u32, Pos)> =
            found.iter().map(|&(n, k)| (n, Pos::new((k % w) as i32, (k / w) as i32))).collect();
        assert_eq!(firsts, [(6, Pos::new(3, 1)), (6, Pos::new(6, 1)), (1, Pos::new(1, 5)), (1, Pos::new(3, 5))]);
        assert_eq!(labels[3 * w + 1], 0);
        assert_eq!(labels[4 * w + 5], 1);
        assert_eq!(labels[0], NO_PIECE);
    }

    #[test]
    fn a_part_of_the_grid_is_labelled_on_its_own() {
        let grid = Ascii::new(
            "\
            ....\n\
            .##.\n\
            ....\n",
        );
        let (mut labels, mut queue) = (Vec::new(), Queue::default());
        // Rows 1 and 2: the two sides meet along the bottom.
        let found = pieces(Rect::new(0, 1, 4, 2), |p| grid.at(p) == '.', &mut labels, &mut queue);
        assert_eq!(found, [(6, Pos::new(0, 1))]);
        let found = pieces(Rect::new(0, 0, 4, 2), |p| grid.at(p) == '.', &mut labels, &mut queue);
        // Rows 0 and 1: along the top.
        assert_eq!(found, [(6, Pos::new(0, 0))]);
        assert_eq!(labels, [0, 0, 0, 0, 0, NO_PIECE, NO_PIECE, 0]);
        // Row 1 alone: apart.
        let found = pieces(Rect::new(0, 1, 4, 1), |p| grid.at(p) == '.', &mut labels, &mut queue);
        assert_eq!(found, [(1, Pos::new(0, 1)), (1, Pos::new(3, 1))]);
    }

    #[test]
    fn union_find_joins_sets() {
        let mut u = UnionFind::new(5);
        assert!(u.union(3, 4));
        assert!(u.union(4, 1));
        assert!(!u.union(1, 3), "already one");
        assert_eq!((u.find(3), u.find(4), u.find(1)), (1, 1, 1));
        assert_ne!(u.find(0), u.find(1));
        assert_eq!(u.find(2), 2);
    }
}
