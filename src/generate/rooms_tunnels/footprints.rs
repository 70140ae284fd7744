//! Overlap boxes: the probe and keep-out boxes of both overlap rules, and the [`Footprints`]
//! index of placed rooms' keep-out boxes (a bucket grid once there are many) that step 2 of the
//! algorithm in [`super`] asks whether a new room may go.

use super::OverlapRule;
use crate::geom::Rect;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Closed {
    pub(super) x0: i32,
    pub(super) y0: i32,
    pub(super) x1: i32,
    pub(super) y1: i32,
}

impl Closed {
    /// Whether the boxes share a tile. Without short-circuits, so that a pass over many boxes
    /// has no branches to mispredict.
    pub(super) const fn meets(&self, o: &Closed) -> bool {
        (self.x0 <= o.x1) & (o.x0 <= self.x1) & (self.y0 <= o.y1) & (o.y0 <= self.y1)
    }
}

// Both overlap rules are one test between closed boxes, computed once per room: a new room is
// refused when its probe box meets the keep-out box of a placed room.
// - Separate, the McRogueFace tutorial's `intersects` on corner rectangles `x..=x+w`: the probe
//   is `x..=x+w`, the keep-out box `x-s..=x+w+s`.
// - ShareWalls, the Godot tutorial's `placed.grow(s).intersects(new.grow(-1))` on half-open
//   rectangles: the probe is `x+1..=x+w-2`, the keep-out box `x-s..=x+w+s-1`.

/// The box of a new room's footprint that must meet no keep-out box.
pub(super) const fn probe(rule: OverlapRule, new: &Rect) -> Closed {
    match rule {
        OverlapRule::Separate => Closed { x0: new.x, y0: new.y, x1: new.x + new.w, y1: new.y + new.h },
        OverlapRule::ShareWalls => {
            Closed { x0: new.x + 1, y0: new.y + 1, x1: new.x + new.w - 2, y1: new.y + new.h - 2 }
        }
    }
}

/// The box around a placed room's footprint that no new room's probe may meet.
pub(super) const fn keep_out(rule: OverlapRule, spacing: i32, old: &Rect) -> Closed {
    let (x0, y0) = (old.x - spacing, old.y - spacing);
    let (x1, y1) = (old.x + old.w + spacing, old.y + old.h + spacing);
    match rule {
        OverlapRule::Separate => Closed { x0, y0, x1, y1 },
        OverlapRule::ShareWalls => Closed { x0, y0, x1: x1 - 1, y1: y1 - 1 },
    }
}

/// Whether `new` may not be placed next to `old`.
#[cfg(test)]
pub(super) fn overlaps(rule: OverlapRule, spacing: i32, new: &Rect, old: &Rect) -> bool {
    probe(rule, new).meets(&keep_out(rule, spacing, old))
}

/// Keep-out boxes of the placed rooms, with a bucket index once there are many so that overlap
/// tests stay close to constant time on big maps.
pub(super) struct Footprints {
    pub(super) boxes: Vec<Closed>,
    pub(super) buckets: Option<Buckets>,
}

pub(super) struct Buckets {
    pub(super) size: i32,
    pub(super) cols: i32,
    pub(super) rows: i32,
    pub(super) cells: Vec<Vec<u32>>,
}

pub(super) const INDEX_FROM: usize = 64;

impl Buckets {
    pub(super) fn span(&self, b: &Closed) -> (i32, i32, i32, i32) {
        let col = |x: i32| x.div_euclid(self.size).clamp(0, self.cols - 1);
        let row = |y: i32| y.div_euclid(self.size).clamp(0, self.rows - 1);
        (col(b.x0.min(b.x1)), col(b.x0.max(b.x1)), row(b.y0.min(b.y1)), row(b.y0.max(b.y1)))
    }

    pub(super) fn insert(&mut self, i: u32, b: &Closed) {
        let (c0, c1, r0, r1) = self.span(b);
        for row in r0..=r1 {
            for col in c0..=c1 {
                self.cells[(row * self.cols + col) as usize].push(i);
            }
        }
    }
}

impl Footprints {
    pub(super) fn with_capacity(n: usize) -> Self {
        Self { boxes: Vec::with_capacity(n), buckets: None }
    }

    /// Whether `probe` meets any keep-out box.
    pub(super) fn any(&mut self, probe: &Closed, map_w: u32, map_h: u32) -> bool {
        debug_assert!(probe.x0 <= probe.x1 && probe.y0 <= probe.y1);
        if self.boxes.len() < INDEX_FROM {
            // No early exit: a branch-free pass over a few boxes is faster than a branchy one.
            return self.boxes.iter().fold(false, |hit, b| hit | probe.meets(b));
        }
        let b = self.buckets.get_or_insert_with(|| {
            let size = 32;
            let cols = (map_w as i32 + size - 1) / size;
            let rows = (map_h as i32 + size - 1) / size;
            let mut b = Buckets { size, cols, rows, cells: vec![Vec::new(); (cols * rows) as usize] };
            for (i, k) in self.boxes.iter().enumerate() {
                b.insert(i as u32, k);
            }
            b
        });
        let (c0, c1, r0, r1) = b.span(probe);
        for row in r0..=r1 {
            for col in c0..=c1 {
                if b.cells[(row * b.cols + col) as usize].iter().any(|&i| probe.meets(&self.boxes[i as usize])) {
                    return true;
                }
            }
        }
        false
    }

    pub(super) fn push(&mut self, k: Closed) {
        let i = self.boxes.len() as u32;
        self.boxes.push(k);
        if let Some(b) = &mut self.buckets {
            b.insert(i, &k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_rules_match_the_tutorials() {
        let a = Rect::new(0, 0, 10, 10);
        // McRogueFace: corner rectangles 0..=10; x = 11 is the first that does not touch.
        assert!(overlaps(OverlapRule::Separate, 0, &Rect::new(10, 0, 6, 6), &a));
        assert!(!overlaps(OverlapRule::Separate, 0, &Rect::new(11, 0, 6, 6), &a));
        // Godot: new.grow(-1) strictly inside a's 0..10; x = 9 is allowed.
        assert!(overlaps(OverlapRule::ShareWalls, 0, &Rect::new(8, 0, 6, 6), &a));
        assert!(!overlaps(OverlapRule::ShareWalls, 0, &Rect::new(9, 0, 6, 6), &a));
        assert!(overlaps(OverlapRule::ShareWalls, 1, &Rect::new(9, 0, 6, 6), &a));
    }
}
