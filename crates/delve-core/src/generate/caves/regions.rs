//! Stage 3 of [`super`], **regions**: the open tiles' 4-connected regions; each one of at
//! least `min_region` tiles becomes a cave (a room of its cells), the others are filled in.

use super::rock::Rock;
use crate::geom::Pos;
use crate::pathfind::{NO_PIECE, Queue, pieces_walled};

/// The caves found in the rock.
pub(super) struct Caves {
    /// Each cave's cells, in reading order.
    pub(super) cells: Vec<Vec<Pos>>,
    /// Each tile's cave + 1 (0: rock), row by row: the room lookup the tunnels dig by.
    pub(super) ids: Vec<u32>,
    /// Open regions filled in, and their tiles.
    pub(super) filled: u32,
    pub(super) filled_tiles: u64,
    /// Whether no region reached `min_region`, so the largest was kept anyway (or, with no open
    /// tile at all, a small cave opened at the map's centre).
    pub(super) kept_small: bool,
}

/// Finds the caves of `rock`, fills in the regions smaller than `min_region` (in `rock`
/// too), and keeps at least one cave: the largest region when none is large enough, a 3×3
/// cave at the centre when nothing is open.
pub(super) fn find(rock: &mut Rock, min_region: u32) -> Caves {
    let (w, h) = (rock.width, rock.height);
    let mut labels = Vec::new();
    let mut queue = Queue::default();
    let mut found = label(rock, &mut labels, &mut queue);
    let mut kept_small = false;
    if found.is_empty() {
        // Nothing open: a small cave at the centre, so that the map has a floor and a spawn.
        let (cx, cy) = (w / 2, h / 2);
        for y in cy.saturating_sub(1)..=(cy + 1).min(h.saturating_sub(2)) {
            for x in cx.saturating_sub(1)..=(cx + 1).min(w.saturating_sub(2)) {
                rock.cells[y * w + x] = 0;
            }
        }
        found = label(rock, &mut labels, &mut queue);
        kept_small = true;
    }
    let largest = found.iter().enumerate().max_by_key(|(i, (size, _))| (*size, std::cmp::Reverse(*i))).map(|(i, _)| i);
    let keep: Vec<bool> =
        found.iter().enumerate().map(|(i, (size, _))| *size >= min_region || Some(i) == largest).collect();
    kept_small |= found.iter().all(|(size, _)| *size < min_region);
    // Kept regions numbered in reading order of their first tile, as `pieces` numbers them.
    let mut number = vec![u32::MAX; found.len()];
    let mut caves = 0u32;
    let mut sizes = Vec::new();
    let (mut filled, mut filled_tiles) = (0, 0);
    for (i, &(size, _)) in found.iter().enumerate() {
        if keep[i] {
            number[i] = caves;
            caves += 1;
            sizes.push(size as usize);
        } else {
            filled += 1;
            filled_tiles += u64::from(size);
        }
    }
    let mut cells: Vec<Vec<Pos>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
    // Row by row, so each cave's cells come in reading order; the labels become the lookup.
    for (y, row) in labels.chunks_exact_mut(w.max(1)).enumerate() {
        for (x, label) in row.iter_mut().enumerate() {
            if *label == NO_PIECE {
                *label = 0;
                continue;
            }
            match number[*label as usize] {
                u32::MAX => {
                    rock.cells[y * w + x] = 1;
                    *label = 0;
                }
                cave => {
                    *label = cave + 1;
                    cells[cave as usize].push(Pos::new(x as i32, y as i32));
                }
            }
        }
    }
    Caves { cells, ids: labels, filled, filled_tiles, kept_small }
}

/// The open regions of `rock` (4-connected), numbered in reading order of their first tile.
fn label(rock: &Rock, labels: &mut Vec<u32>, queue: &mut Queue<u64>) -> Vec<(u32, usize)> {
    pieces_walled(&rock.cells, rock.width, 1, labels, queue)
}

/// The cell of `cells` nearest their mean (the first in reading order among the nearest): where
/// the spawn stands in a cave and where its tunnels start, always on its floor.
pub(in crate::generate) fn middle(cells: &[Pos]) -> Pos {
    let n = cells.len().max(1) as i64;
    let (sx, sy) = cells.iter().fold((0i64, 0i64), |(x, y), c| (x + i64::from(c.x), y + i64::from(c.y)));
    // Compared in units of 1/n tile, in whole numbers.
    let d = |c: &Pos| (i64::from(c.x) * n - sx).pow(2) + (i64::from(c.y) * n - sy).pow(2);
    cells.iter().min_by_key(|c| d(c)).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rock(rows: &[&str]) -> Rock {
        let cells = rows.iter().flat_map(|r| r.bytes().map(|b| u8::from(b == b'#'))).collect();
        Rock { width: rows[0].len(), height: rows.len(), cells }
    }

    #[test]
    fn regions_become_caves_and_small_ones_are_filled_in() {
        let mut r = rock(&["##########", "#...##..##", "#...##..##", "#######.##", "#.########", "##########"]);
        let caves = find(&mut r, 4);
        // The 6-tile region at the left, the 5-tile one at the right; the lone tile is filled.
        assert_eq!(caves.cells.len(), 2);
        assert_eq!(caves.cells[0].len(), 6);
        assert_eq!(caves.cells[1], [(6, 1), (7, 1), (6, 2), (7, 2), (7, 3)].map(Pos::from));
        assert_eq!((caves.filled, caves.filled_tiles, caves.kept_small), (1, 1, false));
        assert_eq!(r.cells[4 * 10 + 1], 1, "the small region is rock now");
        assert_eq!(caves.ids[10 + 1], 1);
        assert_eq!(caves.ids[3 * 10 + 7], 2);
        assert_eq!(caves.ids[4 * 10 + 1], 0);
    }

    #[test]
    fn one_cave_is_always_kept() {
        let mut r = rock(&["######", "#.####", "##..##", "######"]);
        let caves = find(&mut r, 50);
        assert_eq!(caves.cells, [vec![Pos::new(2, 2), Pos::new(3, 2)]], "the largest region");
        assert!(caves.kept_small);
        let mut solid = rock(&["#######", "#######", "#######", "#######", "#######"]);
        let caves = find(&mut solid, 4);
        assert_eq!(caves.cells.len(), 1);
        assert_eq!(caves.cells[0].len(), 9, "a 3×3 cave at the centre");
        assert!(caves.cells[0].contains(&Pos::new(3, 2)));
    }

    #[test]
    fn the_middle_is_on_the_cave_nearest_its_mean() {
        let cells = [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3)].map(Pos::from);
        // Mean (2.4, 1.6): (2, 1) is 0.52 away squared, (3, 2) 0.52 too: the first is taken.
        assert_eq!(middle(&cells), Pos::new(2, 1));
        // A ring's mean is open; the middle is still one of its cells.
        let ring = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)].map(Pos::from);
        assert_eq!(middle(&ring), Pos::new(1, 0));
    }
}
