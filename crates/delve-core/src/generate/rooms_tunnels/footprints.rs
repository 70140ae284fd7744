//! Overlap boxes: the probe and keep-out boxes of both overlap rules, and the [`Footprints`]
//! index of placed rooms' keep-out boxes (a bucket grid once there are many) that step 2 of the
//! algorithm in [`super`] asks whether a new room may go.

use super::OverlapRule;
use crate::geom::{Buckets, Rect, TileBox};

// Both overlap rules are one test between closed boxes, computed once per room: a new room is
// refused when its probe box meets the keep-out box of a placed room.
// - Separate, the McRogueFace tutorial's `intersects` on corner rectangles `x..=x+w`: the probe
//   is `x..=x+w`, the keep-out box `x-s..=x+w+s`.
// - ShareWalls, the Godot tutorial's `placed.grow(s).intersects(new.grow(-1))` on half-open
//   rectangles: the probe is `x+1..=x+w-2`, the keep-out box `x-s..=x+w+s-1`.

/// The box of a new room's footprint that must meet no keep-out box.
pub(super) const fn probe(rule: OverlapRule, new: &Rect) -> TileBox {
    match rule {
        OverlapRule::Separate => TileBox::new(new.x, new.y, new.x + new.w, new.y + new.h),
        OverlapRule::ShareWalls => TileBox::new(new.x + 1, new.y + 1, new.x + new.w - 2, new.y + new.h - 2),
    }
}

/// The box around a placed room's footprint that no new room's probe may meet.
pub(super) const fn keep_out(rule: OverlapRule, spacing: i32, old: &Rect) -> TileBox {
    let (x0, y0) = (old.x - spacing, old.y - spacing);
    let (x1, y1) = (old.x + old.w + spacing, old.y + old.h + spacing);
    match rule {
        OverlapRule::Separate => TileBox::new(x0, y0, x1, y1),
        OverlapRule::ShareWalls => TileBox::new(x0, y0, x1 - 1, y1 - 1),
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
    pub(super) boxes: Vec<TileBox>,
    pub(super) buckets: Option<Buckets>,
}

pub(super) const INDEX_FROM: usize = 64;

impl Footprints {
    pub(super) fn with_capacity(n: usize) -> Self {
        Self { boxes: Vec::with_capacity(n), buckets: None }
    }

    /// Whether `probe` meets any keep-out box.
    pub(super) fn any(&mut self, probe: &TileBox, map_w: u32, map_h: u32) -> bool {
        debug_assert!(probe.x0 <= probe.x1 && probe.y0 <= probe.y1);
        if self.boxes.len() < INDEX_FROM {
            // No early exit: a branch-free pass over a few boxes is faster than a branchy one.
            return self.boxes.iter().fold(false, |hit, b| hit | probe.meets(b));
        }
        let b = self.buckets.get_or_insert_with(|| {
            let mut b = Buckets::new(map_w, map_h, 32);
            for (i, k) in self.boxes.iter().enumerate() {
                b.insert(i as u32, k);
            }
            b
        });
        let Some(span) = b.span(probe) else { return false };
        for row in span.y0..=span.y1 {
            for col in span.x0..=span.x1 {
                if b.bucket(col, row).iter().any(|&i| probe.meets(&self.boxes[i as usize])) {
                    return true;
                }
            }
        }
        false
    }

    /// The first placed room (in placing order) whose keep-out box `probe` meets.
    pub(super) fn first_hit(&self, probe: &TileBox) -> Option<usize> {
        self.boxes.iter().position(|b| probe.meets(b))
    }

    pub(super) fn push(&mut self, k: TileBox) {
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
