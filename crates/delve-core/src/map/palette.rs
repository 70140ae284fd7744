//! Room colours a designer can tell apart: the [`PALETTE`] generators draw from, and the pass
//! ([`separate_neighbours`]) that gives every room a colour clearly unlike its neighbours'.
//!
//! Two rooms are *neighbours* when a corridor joins them or when they lie within
//! `NEAR_TILES` tiles of each other (their bounds, so a tunnel through the wall between them
//! would be short). Their colours must differ by at least [`MIN_DELTA_E`] in CIE76 ΔE (the
//! Euclidean distance in CIE L\*a\*b\*, where about 2.3 is "just noticeable" and 20 reads as
//! another colour at a glance).
//!
//! Every palette colour follows the room colour rule ([`super::colour::legible_room_colour`]).
//! Which palette colours are too close to each other is a table (`CLOSE`) worked out once, in
//! floating point, by a test that also checks no pair lies within 0.05 of the threshold; the
//! pass itself uses only that table and integers, so the same map comes out on every machine.

use super::{Map, Rgb, RoomId};

/// Least CIE76 ΔE between the colours of neighbouring rooms.
pub const MIN_DELTA_E: f64 = 20.0;
/// Rooms whose bounds are at most this many tiles apart are neighbours.
pub(crate) const NEAR_TILES: i32 = 2;

/// The room colours generators draw from: twelve hues at HSV saturation 0.45 and value 0.80
/// (the classic generator's look), and twelve lighter ones between them (0.30, 0.92).
pub const PALETTE: [Rgb; 24] = [
    Rgb(0xcc, 0x70, 0x70),
    Rgb(0xcc, 0x9e, 0x70),
    Rgb(0xcc, 0xcc, 0x70),
    Rgb(0x9e, 0xcc, 0x70),
    Rgb(0x70, 0xcc, 0x70),
    Rgb(0x70, 0xcc, 0x9e),
    Rgb(0x70, 0xcc, 0xcc),
    Rgb(0x70, 0x9e, 0xcc),
    Rgb(0x70, 0x70, 0xcc),
    Rgb(0x9e, 0x70, 0xcc),
    Rgb(0xcc, 0x70, 0xcc),
    Rgb(0xcc, 0x70, 0x9e),
    Rgb(0xeb, 0xb6, 0xa4),
    Rgb(0xeb, 0xd9, 0xa4),
    Rgb(0xd9, 0xeb, 0xa4),
    Rgb(0xb6, 0xeb, 0xa4),
    Rgb(0xa4, 0xeb, 0xb6),
    Rgb(0xa4, 0xeb, 0xd9),
    Rgb(0xa4, 0xd9, 0xeb),
    Rgb(0xa4, 0xb6, 0xeb),
    Rgb(0xb6, 0xa4, 0xeb),
    Rgb(0xd9, 0xa4, 0xeb),
    Rgb(0xeb, 0xa4, 0xd9),
    Rgb(0xeb, 0xa4, 0xb6),
];

/// `CLOSE[i]` has bit `j` set when palette colours `i` and `j` are less than [`MIN_DELTA_E`]
/// apart (checked against a fresh computation by the tests).
const CLOSE: [u32; 24] = [
    0x000000, 0x001000, 0x004008, 0x008014, 0x000008, 0x010000, 0x060000, 0x080000, 0x000200, 0x000500, 0x000200,
    0x400000, 0x800002, 0x004000, 0x00a004, 0x014008, 0x028020, 0x010040, 0x000040, 0x100080, 0x280000, 0x500000,
    0xa00800, 0x401000,
];

/// The palette index of `c`, or of the palette colour nearest to it (squared RGB distance,
/// lowest index on ties) for a colour picked by hand.
pub fn index_of(c: Rgb) -> usize {
    if let Some(i) = SLOT[slot(c)].checked_sub(1).map(usize::from)
        && PALETTE[i] == c
    {
        return i;
    }
    let d = |p: &Rgb| {
        let e = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        e(p.0, c.0) + e(p.1, c.1) + e(p.2, c.2)
    };
    (0..PALETTE.len()).min_by_key(|&i| (d(&PALETTE[i]), i)).unwrap_or(0)
}

/// A hash that gives the 24 palette colours 24 different slots (checked by a test).
const fn slot(c: Rgb) -> usize {
    (3 * c.0 as usize + 9 * c.1 as usize + c.2 as usize) & 255
}

/// Palette index + 1 by [`slot`] (0: no palette colour), so that finding a generated room's
/// colour in the palette is one look.
const SLOT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < PALETTE.len() {
        t[slot(PALETTE[i])] = i as u8 + 1;
        i += 1;
    }
    t
};

/// Whether palette colours `a` and `b` may not be neighbours (the same, or too close).
pub(crate) fn too_close(a: usize, b: usize) -> bool {
    a == b || CLOSE.get(a).is_some_and(|m| m >> b & 1 == 1)
}

/// For each room (by index in `map.rooms`), the indices of its neighbours, in ascending order.
pub fn neighbours(map: &Map) -> Vec<Vec<usize>> {
    let mut s = Scratch::default();
    s.load(map);
    let n = map.rooms.len();
    (0..n).map(|i| (0..n).filter(|&j| s.neighbours(i, j)).collect()).collect()
}

/// A room's bounds as `[left, top, right, bottom]` (right and bottom exclusive); a room with no
/// cells gets an inverted box that is near nothing.
type Bounds = [i32; 4];
const NOWHERE: Bounds = [i32::MAX / 4, i32::MAX / 4, i32::MIN / 4, i32::MIN / 4];

fn bounds_of(shape: &super::Shape) -> Bounds {
    shape.bounds().map_or(NOWHERE, |b| [b.x, b.y, b.right(), b.bottom()])
}

/// Whether two rooms' bounds are at most [`NEAR_TILES`] tiles of wall apart (no branches: this
/// runs for every pair of rooms of every generated map).
fn near(a: &Bounds, b: &Bounds) -> bool {
    (b[0] - a[2] <= NEAR_TILES)
        & (a[0] - b[2] <= NEAR_TILES)
        & (b[1] - a[3] <= NEAR_TILES)
        & (a[1] - b[3] <= NEAR_TILES)
}

/// The palette colours a room may not take beside a room of colour `k`: `k` and those close to it.
const fn avoid(k: usize) -> u32 {
    CLOSE[k] | 1 << k
}

/// What the pass works in, kept per thread between maps so that colouring a map allocates
/// nothing once warm (it runs after every generation).
#[derive(Default)]
struct Scratch {
    /// Each room's bounds, by index in `map.rooms`: a column per side, so that the test of a
    /// room against every room before it runs several rooms at a time.
    sides: [Vec<i32>; 4],
    /// Each room's palette index, as the pass goes ...
    index: Vec<u8>,
    /// ... and the colours a neighbour of it may not take ([`avoid`]).
    avoid: Vec<u32>,
    /// Row `i` (of `words` 64-bit words) has bit `j` set when a corridor joins rooms `i` and
    /// `j`: a word a row for a map of up to 64 rooms, a few megabytes for the largest.
    words: usize,
    joined: Vec<u64>,
    /// Bit `j` is set when room `j` is locked.
    locked: Vec<u64>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

impl Scratch {
    /// The rooms' bounds, colours and locks, and the corridors' joins.
    fn load(&mut self, map: &Map) {
        let n = map.rooms.len();
        self.words = n.div_ceil(64);
        for side in &mut self.sides {
            side.clear();
        }
        self.index.clear();
        self.avoid.clear();
        self.locked.clear();
        self.locked.resize(self.words, 0);
        for (i, room) in map.rooms.iter().enumerate() {
            let b = bounds_of(&room.shape);
            for (side, v) in self.sides.iter_mut().zip(b) {
                side.push(v);
            }
            let k = index_of(room.colour);
            self.index.push(k as u8);
            self.avoid.push(avoid(k));
            self.locked[i / 64] |= u64::from(room.locked) << (i % 64);
        }
        // Room ids and door ids are their indices on generated maps; edited ones may have gaps.
        let room_index = |id: RoomId| -> Option<usize> {
            match map.rooms.get(id as usize) {
                Some(r) if r.id == id => Some(id as usize),
                _ => map.rooms.iter().position(|r| r.id == id),
            }
        };
        let door_room = |id: super::DoorId| -> Option<usize> {
            match map.doors.get(id as usize) {
                Some(d) if d.id == id => room_index(d.room),
                _ => map.door(id).and_then(|d| room_index(d.room)),
            }
        };
        self.joined.clear();
        self.joined.resize(n * self.words, 0);
        for c in &map.corridors {
            if let (Some(a), Some(b)) = (door_room(c.doors[0]), door_room(c.doors[1])) {
                self.joined[a * self.words + b / 64] |= 1 << (b % 64);
                self.joined[b * self.words + a / 64] |= 1 << (a % 64);
            }
        }
    }

    /// Room `i`'s bounds.
    fn bounds(&self, i: usize) -> Bounds {
        self.sides.each_ref().map(|side| side[i])
    }

    /// Whether rooms `i` and `j` (not the same) are neighbours.
    fn neighbours(&self, i: usize, j: usize) -> bool {
        i != j && (near(&self.bounds(i), &self.bounds(j)) || self.joined[i * self.words + j / 64] >> (j % 64) & 1 == 1)
    }

    /// The colours to avoid for the rooms before room `i` that lie near it.
    fn near_before(&self, i: usize) -> u32 {
        let here = self.bounds(i);
        let [l, t, r, b] = self.sides.each_ref().map(|side| &side[..i]);
        let avoid = &self.avoid[..i];
        let mut taken = 0u32;
        // Every pair, without branches (the compiler runs it several rooms at a time).
        for j in 0..i {
            taken |= avoid[j] & 0u32.wrapping_sub(u32::from(near(&here, &[l[j], t[j], r[j], b[j]])));
        }
        taken
    }

    /// Room `i`'s neighbours that have their colour when it takes one (those before it and the
    /// locked ones), as word `w` of a row.
    fn done(&self, i: usize, w: usize) -> u64 {
        let before = match i.checked_sub(w * 64) {
            Some(k) if k >= 64 => u64::MAX,
            Some(k) => (1u64 << k) - 1,
            None => 0,
        };
        before | self.locked[w]
    }

    /// See [`separate_neighbours`].
    fn separate(&mut self, map: &mut Map) {
        self.load(map);
        let n = map.rooms.len();
        let any_locked = self.locked.iter().any(|&w| w != 0);
        for i in 0..n {
            if map.rooms[i].locked {
                continue;
            }
            // The palette colours too close to a neighbour coloured already, as a mask: the
            // rooms before this one lying near it, locked rooms after it lying near it, and
            // the rooms a corridor joins it to that have their colours.
            let mut taken = self.near_before(i);
            if any_locked {
                for j in i + 1..n {
                    if map.rooms[j].locked && near(&self.bounds(i), &self.bounds(j)) {
                        taken |= self.avoid[j];
                    }
                }
            }
            for w in 0..self.words {
                let mut bits = self.joined[i * self.words + w] & self.done(i, w);
                while bits != 0 {
                    taken |= self.avoid[w * 64 + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
            }
            let from = usize::from(self.index[i]);
            if taken >> from & 1 == 1 {
                let p = PALETTE.len();
                let free = (0..p).map(|k| (from + k) % p).find(|&c| taken >> c & 1 == 0);
                let c = free.unwrap_or_else(|| {
                    // Every colour clashes with some neighbour: the one that clashes with fewest.
                    let done = |j: &usize| self.done(i, j / 64) >> (j % 64) & 1 == 1;
                    let others: Vec<usize> = (0..n)
                        .filter(|&j| self.neighbours(i, j))
                        .filter(done)
                        .map(|j| usize::from(self.index[j]))
                        .collect();
                    let clashes = |c: usize| others.iter().filter(|&&k| too_close(c, k)).count();
                    (0..p).map(|k| (from + k) % p).min_by_key(|&c| clashes(c)).unwrap_or(from)
                });
                self.index[i] = c as u8;
                self.avoid[i] = avoid(c);
                map.rooms[i].colour = PALETTE[c];
            }
        }
    }
}

/// Gives every room a colour unlike its neighbours': locked rooms keep theirs; every other room,
/// in order, keeps its colour when no neighbour coloured before it (or locked) is too close, and
/// otherwise takes the first palette colour from its own on that is far enough from all of
/// them (failing that, the one close to the fewest).
pub fn separate_neighbours(map: &mut Map) {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => s.separate(map),
        // Not reentrant; never happens, but a fresh scratch gives the same colours.
        Err(_) => Scratch::default().separate(map),
    });
}

/// The colour for a room drawn by hand at `shape` on `map` (no corridor yet): the first palette
/// colour from `start` on that is far enough from every room within `NEAR_TILES` of it
/// (failing that, the one close to the fewest).
pub fn colour_for_new_room(map: &Map, shape: &super::Shape, start: usize) -> Rgb {
    let here = bounds_of(shape);
    let others: Vec<usize> =
        map.rooms.iter().filter(|r| near(&here, &bounds_of(&r.shape))).map(|r| index_of(r.colour)).collect();
    let n = PALETTE.len();
    let pick = (0..n)
        .map(|k| (start + k) % n)
        .min_by_key(|&c| (others.iter().filter(|&&o| too_close(c, o)).count(), (c + n - start % n) % n));
    PALETTE[pick.unwrap_or(0)]
}

/// CIE76 ΔE between two colours (sRGB, D65), in floating point: for checks and tests, never
/// for choosing colours (see the module doc).
pub fn delta_e(a: Rgb, b: Rgb) -> f64 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// CIE L\*a\*b\* of an sRGB colour (D65 white).
pub(crate) fn lab(c: Rgb) -> [f64; 3] {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    let (r, g, b) = (lin(c.0), lin(c.1), lin(c.2));
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::colour::{is_legible_room_colour, legible_room_colour};

    #[test]
    fn the_close_table_is_the_palettes_and_no_pair_sits_on_the_threshold() {
        for (i, a) in PALETTE.iter().enumerate() {
            assert!(is_legible_room_colour(*a) && legible_room_colour(*a) == *a, "palette colour {i}");
            let mut mask = 0u32;
            for (j, b) in PALETTE.iter().enumerate() {
                let d = delta_e(*a, *b);
                if j != i {
                    assert!((d - MIN_DELTA_E).abs() > 0.05, "colours {i} and {j} are {d} apart");
                    if d < MIN_DELTA_E {
                        mask |= 1 << j;
                    }
                }
            }
            assert_eq!(CLOSE[i], mask, "CLOSE[{i}] should be {mask:#08x}");
        }
    }

    #[test]
    fn palette_colours_have_slots_of_their_own() {
        let slots: std::collections::BTreeSet<usize> = PALETTE.iter().map(|c| slot(*c)).collect();
        assert_eq!(slots.len(), PALETTE.len());
    }

    #[test]
    fn palette_colours_are_found_and_others_go_to_the_nearest() {
        for (i, c) in PALETTE.iter().enumerate() {
            assert_eq!(index_of(*c), i);
        }
        assert_eq!(index_of(Rgb(0xcd, 0x71, 0x70)), 0);
        assert!(too_close(3, 3));
        assert!(too_close(1, 12) && too_close(12, 1));
        assert!(!too_close(0, 6));
    }

    #[test]
    fn known_values() {
        let white = lab(Rgb(255, 255, 255));
        assert!((white[0] - 100.0).abs() < 0.01 && white[1].abs() < 0.01 && white[2].abs() < 0.01);
        assert!(delta_e(Rgb(0, 0, 0), Rgb(255, 255, 255)) > 99.9);
    }
}
