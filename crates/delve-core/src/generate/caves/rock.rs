//! Stages 1 and 2 of [`super`], **fill** and **smooth**: the rock as one byte a tile (1 rock,
//! 0 open), filled at random and smoothed by the cellular rule. The map's border is rock
//! throughout, so that every cave lies inside the map.

use crate::rng::DelveRng;
use rand::RngExt;

/// Rock (1) or open (0) for each tile of a `width`×`height` map, row by row.
pub(super) struct Rock {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) cells: Vec<u8>,
}

impl Rock {
    /// Stage 1: the border rock, every other tile rock with chance `fill`, one draw per inner
    /// tile in reading order.
    pub(super) fn filled(width: u32, height: u32, fill: f64, rng: &mut DelveRng) -> Rock {
        let (w, h) = (width as usize, height as usize);
        let mut cells = vec![1u8; w * h];
        for y in 1..h.saturating_sub(1) {
            for c in &mut cells[y * w + 1..(y + 1) * w - 1] {
                *c = u8::from(rng.random::<f64>() < fill);
            }
        }
        Rock { width: w, height: h, cells }
    }

    /// Stage 2, one pass: an inner tile is rock when at least `survival` (rock) or `birth`
    /// (open) of its 8 neighbours are rock; the border stays rock. `scratch` is reused.
    pub(super) fn smooth(&mut self, birth: u32, survival: u32, scratch: &mut Vec<u8>) {
        let (w, h) = (self.width, self.height);
        if w < 3 || h < 3 {
            return;
        }
        // Rock from this many rock neighbours (a count of 9 or more never happens).
        let (birth, survival) = (birth.min(9) as u8, survival.min(9) as u8);
        scratch.clear();
        scratch.resize(w * h, 1);
        // Rock in the three rows around each inner row, column by column, then across.
        let mut columns = vec![0u8; w];
        for y in 1..h - 1 {
            let (above, row, below) = (
                &self.cells[(y - 1) * w..y * w],
                &self.cells[y * w..(y + 1) * w],
                &self.cells[(y + 1) * w..(y + 2) * w],
            );
            for (((c, a), r), b) in columns.iter_mut().zip(above).zip(row).zip(below) {
                *c = a + r + b;
            }
            // Written as lanes over whole slices, so the compiler runs many tiles at once.
            let out = &mut scratch[y * w + 1..(y + 1) * w - 1];
            let (left, mid, right) = (&columns[..w - 2], &columns[1..w - 1], &columns[2..]);
            for ((((o, l), m), r), own) in out.iter_mut().zip(left).zip(mid).zip(right).zip(&row[1..w - 1]) {
                let around = l + m + r - own;
                let from = if *own == 1 { survival } else { birth };
                *o = u8::from(around >= from);
            }
        }
        std::mem::swap(&mut self.cells, scratch);
    }

    /// How many tiles are rock.
    pub(super) fn rock(&self) -> u64 {
        self.cells.iter().map(|&c| u64::from(c)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Stream, stream};

    fn from_ascii(rows: &[&str]) -> Rock {
        let cells = rows.iter().flat_map(|r| r.bytes().map(|b| u8::from(b == b'#'))).collect();
        Rock { width: rows[0].len(), height: rows.len(), cells }
    }

    fn to_ascii(r: &Rock) -> Vec<String> {
        r.cells.chunks(r.width).map(|row| row.iter().map(|&c| if c == 1 { '#' } else { '.' }).collect()).collect()
    }

    #[test]
    fn the_fill_keeps_the_border_and_follows_the_chance() {
        let r = Rock::filled(40, 30, 0.45, &mut stream(3, Stream::Rock));
        assert!(r.cells.iter().all(|&c| c <= 1));
        for x in 0..40 {
            assert_eq!((r.cells[x], r.cells[29 * 40 + x]), (1, 1));
        }
        for y in 0..30 {
            assert_eq!((r.cells[y * 40], r.cells[y * 40 + 39]), (1, 1));
        }
        let inner = 38 * 28;
        let rock = r.rock() - (40 * 30 - inner);
        let share = rock as f64 / inner as f64;
        assert!((0.40..0.50).contains(&share), "{share}");
        // The same seed, the same rock; none and all at the ends.
        assert_eq!(Rock::filled(40, 30, 0.45, &mut stream(3, Stream::Rock)).cells, r.cells);
        assert_eq!(Rock::filled(10, 10, 0.0, &mut stream(3, Stream::Rock)).rock(), 36);
        assert_eq!(Rock::filled(10, 10, 1.0, &mut stream(3, Stream::Rock)).rock(), 100);
    }

    #[test]
    fn a_pass_applies_the_rule_to_each_inner_tile() {
        let mut r = from_ascii(&["#######", "#.#...#", "#..#..#", "#.....#", "##.#..#", "#######"]);
        r.smooth(5, 4, &mut Vec::new());
        // (1, 1), open: rock at (0,0) (1,0) (2,0) (0,1) (2,1) (0,2) = 6 >= 5, turns to rock.
        // (2, 1), rock: (1,0) (2,0) (3,0) (3,2) = 4 >= 4, stays rock.
        // (3, 2), rock: (2,1) alone = 1 < 4, opens. (1, 4), rock: (0,3) (0,4) (0,5) (1,5) (2,5) = 5.
        assert_eq!(to_ascii(&r), ["#######", "####.##", "#.....#", "#.....#", "###..##", "#######"]);
        // Counted by hand for one tile: the rule reads every neighbour, rock off-row too.
        let mut lone = from_ascii(&["#####", "#...#", "#.#.#", "#...#", "#####"]);
        lone.smooth(9, 1, &mut Vec::new());
        assert_eq!(to_ascii(&lone), ["#####", "#...#", "#...#", "#...#", "#####"], "no rock around: it opens");
    }
}
