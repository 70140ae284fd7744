//! Colours a designer reads the map by: the wall and rock the map view and pictures draw, and
//! the one rule every generated room colour follows so that a room always stands out from the
//! wall around it.
//!
//! The rule ([`legible_room_colour`]) is measured with the WCAG 2 *relative luminance contrast
//! ratio* `(L1 + 0.05) / (L2 + 0.05)`: a room colour must reach [`MIN_ROOM_CONTRAST`] (3:1, WCAG's
//! minimum for graphical objects, success criterion 1.4.11) against [`WALL`], the colour of the
//! wall tiles that border rooms (solid [`ROCK`] and the view's background are darker, so rooms
//! contrast with them even more). Room colours are also kept at or below
//! [`MAX_ROOM_SATURATION`], so a fully saturated mark (the compare window's difference overlay)
//! is never mistaken for a room. Everything is integer arithmetic on a fixed table, so the same
//! colour comes out on every machine.

use super::Rgb;
use serde::{Deserialize, Serialize};

impl Rgb {
    /// `#rrggbb`, as the exports and the editor write colours.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// A colour read from `#rrggbb`.
    #[cfg(feature = "json")]
    pub(crate) fn from_hex(text: &str) -> Option<Rgb> {
        let n = u32::from_str_radix(text.strip_prefix('#')?, 16).ok().filter(|_| text.len() == 7)?;
        Some(Rgb((n >> 16) as u8, (n >> 8) as u8, n as u8))
    }
}

/// Wall tiles that touch floor or corridor (8-neighbourhood): the edge a room is seen against.
pub const WALL: Rgb = Rgb(0x2c, 0x2e, 0x38);
/// Wall tiles that touch no floor: unexcavated rock, darker than [`WALL`].
pub const ROCK: Rgb = Rgb(0x10, 0x11, 0x16);
/// Locks: the outline of a locked room (in the editor, its padlock and the locked tiles' edges
/// too). Rooms are at most 60% saturated, so a fully saturated orange is no room's.
pub const LOCK: Rgb = Rgb(0xff, 0x64, 0x00);

/// The compare window's mark on cells that differ from pane A: a fully saturated chartreuse,
/// outside the room colours (which are at most [`MAX_ROOM_SATURATION`]) and unlike the door,
/// spawn and highlight colours.
pub const DIFF_MARK: Rgb = Rgb(0xb4, 0xff, 0x00);
/// Opacity of [`DIFF_MARK`] over the map (of 255): high enough that a marked cell stays more
/// saturated than any room colour, whatever tile is under it.
pub const DIFF_MARK_ALPHA: u8 = 210;

/// Least contrast ratio of a generated room colour against [`WALL`] (3:1).
pub const MIN_ROOM_CONTRAST: f64 = MIN_CONTRAST.0 as f64 / MIN_CONTRAST.1 as f64;
/// [`MIN_ROOM_CONTRAST`] as a fraction, for the exact integer comparison.
const MIN_CONTRAST: (u64, u64) = (3, 1);
/// Greatest HSV saturation `(max - min) / max` of a generated room colour (3/5).
pub const MAX_ROOM_SATURATION: f64 = MAX_SATURATION.0 as f64 / MAX_SATURATION.1 as f64;
const MAX_SATURATION: (u32, u32) = (3, 5);

/// sRGB channel value -> linear light, scaled to 0..=65535 (the WCAG 2 / sRGB transfer function,
/// `c / 12.92` up to 0.04045, else `((c + 0.055) / 1.055)^2.4`, rounded).
const LINEAR: [u32; 256] = [
    0, 20, 40, 60, 80, 99, 119, 139, 159, 179, 199, 219, 241, 264, 288, 313, 340, 367, 396, 427, 458, 491, 526, 562,
    599, 637, 677, 718, 761, 805, 851, 898, 947, 997, 1048, 1101, 1156, 1212, 1270, 1330, 1391, 1453, 1517, 1583, 1651,
    1720, 1790, 1863, 1937, 2013, 2090, 2170, 2250, 2333, 2418, 2504, 2592, 2681, 2773, 2866, 2961, 3058, 3157, 3258,
    3360, 3464, 3570, 3678, 3788, 3900, 4014, 4129, 4247, 4366, 4488, 4611, 4736, 4864, 4993, 5124, 5257, 5392, 5530,
    5669, 5810, 5953, 6099, 6246, 6395, 6547, 6700, 6856, 7014, 7174, 7335, 7500, 7666, 7834, 8004, 8177, 8352, 8528,
    8708, 8889, 9072, 9258, 9445, 9635, 9828, 10022, 10219, 10417, 10619, 10822, 11028, 11235, 11446, 11658, 11873,
    12090, 12309, 12530, 12754, 12980, 13209, 13440, 13673, 13909, 14146, 14387, 14629, 14874, 15122, 15371, 15623,
    15878, 16135, 16394, 16656, 16920, 17187, 17456, 17727, 18001, 18277, 18556, 18837, 19121, 19407, 19696, 19987,
    20281, 20577, 20876, 21177, 21481, 21787, 22096, 22407, 22721, 23038, 23357, 23678, 24002, 24329, 24658, 24990,
    25325, 25662, 26001, 26344, 26688, 27036, 27386, 27739, 28094, 28452, 28813, 29176, 29542, 29911, 30282, 30656,
    31033, 31412, 31794, 32179, 32567, 32957, 33350, 33745, 34143, 34544, 34948, 35355, 35764, 36176, 36591, 37008,
    37429, 37852, 38278, 38706, 39138, 39572, 40009, 40449, 40891, 41337, 41785, 42236, 42690, 43147, 43606, 44069,
    44534, 45002, 45473, 45947, 46423, 46903, 47385, 47871, 48359, 48850, 49344, 49841, 50341, 50844, 51349, 51858,
    52369, 52884, 53401, 53921, 54445, 54971, 55500, 56032, 56567, 57105, 57646, 58190, 58737, 59287, 59840, 60396,
    60955, 61517, 62082, 62650, 63221, 63795, 64372, 64952, 65535,
];

/// Luminance weights of red, green and blue (WCAG 2, in ten-thousandths).
const WEIGHTS: [u64; 3] = [2126, 7152, 722];
/// Full scale of [`Rgb::luminance_units`]: white.
const FULL: u64 = 65535 * 10000;
/// WCAG's 0.05 flare term in the same units.
const FLARE: u64 = FULL / 20;

impl Rgb {
    /// Relative luminance in units of `1 / (65535 * 10000)`: exact integers, the same everywhere.
    fn luminance_units(self) -> u64 {
        let l = |c: u8| u64::from(LINEAR[usize::from(c)]);
        WEIGHTS[0] * l(self.0) + WEIGHTS[1] * l(self.1) + WEIGHTS[2] * l(self.2)
    }

    /// WCAG 2 relative luminance, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        self.luminance_units() as f64 / FULL as f64
    }

    /// WCAG 2 contrast ratio with `other`, 1 (same luminance) to 21 (black on white).
    pub fn contrast_ratio(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance_units() + FLARE, other.luminance_units() + FLARE);
        a.max(b) as f64 / a.min(b) as f64
    }

    /// HSV saturation, `(max - min) / max` (0 for black).
    pub fn saturation(self) -> f64 {
        let (hi, lo) = (self.0.max(self.1).max(self.2), self.0.min(self.1).min(self.2));
        if hi == 0 { 0.0 } else { f64::from(hi - lo) / f64::from(hi) }
    }

    fn map(self, f: impl Fn(u8) -> u8) -> Rgb {
        Rgb(f(self.0), f(self.1), f(self.2))
    }
}

/// Whether `c` follows the room colour rule: at least [`MIN_ROOM_CONTRAST`] against [`WALL`],
/// lighter than it, and at most [`MAX_ROOM_SATURATION`].
pub fn is_legible_room_colour(c: Rgb) -> bool {
    contrasts(c) && saturation_ok(c)
}

fn contrasts(c: Rgb) -> bool {
    let (room, wall) = (c.luminance_units() + FLARE, WALL.luminance_units() + FLARE);
    room * MIN_CONTRAST.1 >= wall * MIN_CONTRAST.0
}

fn saturation_ok(c: Rgb) -> bool {
    let (hi, lo) = (c.0.max(c.1).max(c.2), c.0.min(c.1).min(c.2));
    u32::from(hi - lo) * MAX_SATURATION.1 <= u32::from(hi) * MAX_SATURATION.0
}

/// The room colour rule, the one place generated and new rooms get their colour from: `drawn`
/// lightened as little as the contrast rule needs, then desaturated down to
/// [`MAX_ROOM_SATURATION`]. A colour that already follows the rule comes back unchanged; the
/// hue is kept (a black drawn colour becomes a grey).
///
/// Lightening first scales the channels up (hue and saturation kept) until the brightest is
/// `SCALE_TOP`, then mixes with white; the smallest step that reaches the contrast is taken
/// (the luminance grows with the step, so a binary search finds it).
pub fn legible_room_colour(drawn: Rgb) -> Rgb {
    let lit = if contrasts(drawn) {
        drawn
    } else {
        let steps = lighten_steps(drawn);
        // `lighten(drawn, steps)` is white, which contrasts: find the first step that does.
        let (mut lo, mut hi) = (0u32, steps);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if contrasts(lighten(drawn, mid)) { hi = mid } else { lo = mid + 1 }
        }
        lighten(drawn, lo)
    };
    desaturate(lit)
}

/// Brightest channel the scaling part of lightening goes to (HSV value 0.8, that of the
/// rooms-and-tunnels colours): further light comes from white, so a lifted dark colour turns
/// muted rather than neon.
const SCALE_TOP: u32 = 204;

/// Steps of scaling `c` up to [`SCALE_TOP`] (none for black or a colour already that bright).
fn scale_steps(c: Rgb) -> u32 {
    let hi = u32::from(c.0.max(c.1).max(c.2));
    if hi == 0 { 0 } else { SCALE_TOP.saturating_sub(hi) }
}

/// Number of lightening steps from `c` to white: scaling, then 255 steps of mixing with white.
fn lighten_steps(c: Rgb) -> u32 {
    scale_steps(c) + 255
}

/// `c` after `step` of [`lighten_steps`]: each channel is non-decreasing in `step`.
fn lighten(c: Rgb, step: u32) -> Rgb {
    let hi = u32::from(c.0.max(c.1).max(c.2));
    let scale_steps = scale_steps(c);
    let top = hi + step.min(scale_steps);
    // Scale so the brightest channel is `top` (rounded; never above 255).
    let scaled = if hi == 0 { c } else { c.map(|x| ((u32::from(x) * top + hi / 2) / hi).min(255) as u8) };
    let white = step.saturating_sub(scale_steps).min(255);
    scaled.map(|x| (u32::from(x) + ((255 - u32::from(x)) * white + 127) / 255) as u8)
}

/// `c` with its saturation lowered to at most [`MAX_ROOM_SATURATION`], keeping its brightest
/// channel and its hue (every channel moves towards the brightest by the same factor).
fn desaturate(c: Rgb) -> Rgb {
    if saturation_ok(c) {
        return c;
    }
    let (hi, lo) = (u32::from(c.0.max(c.1).max(c.2)), u32::from(c.0.min(c.1).min(c.2)));
    // The darkest channel ends `hi * 3/5` below the brightest (rounded down: never above the cap).
    let (num, den) = (hi * MAX_SATURATION.0, (hi - lo) * MAX_SATURATION.1);
    c.map(|x| (hi - (hi - u32::from(x)) * num / den) as u8)
}

/// How rooms are coloured on the map (a view preference).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoomColouring {
    /// Each room in its own colour (saved with the map).
    #[default]
    ByRoom,
    /// By rooms from the entrance along the room graph ([`super::graph`]): a sequential ramp
    /// from the entrance (distance 0) to the exit (the greatest distance); rooms the entrance
    /// does not reach in `UNREACHED_ROOM`.
    ByDistance,
    /// By the room's [`super::Role`] ([`role_colour`]): a fixed colour per role, rooms without
    /// one in [`NO_ROLE`].
    ByRole,
}

impl RoomColouring {
    pub const ALL: [RoomColouring; 3] = [RoomColouring::ByRoom, RoomColouring::ByDistance, RoomColouring::ByRole];

    pub const fn label(self) -> &'static str {
        match self {
            RoomColouring::ByRoom => "by room",
            RoomColouring::ByDistance => "by distance",
            RoomColouring::ByRole => "by role",
        }
    }

    pub const fn help(self) -> &'static str {
        match self {
            RoomColouring::ByRoom => "Each room in its own colour",
            RoomColouring::ByDistance => {
                "Rooms from the entrance (the spawn's room, dark teal) to the farthest room (yellow) along \
                 the room graph; grey: not reached from the entrance"
            }
            RoomColouring::ByRole => {
                "By the room's role: entrance green, exit blue, treasure gold, guard red, side room violet; \
                 grey: no role (Generator › role rules, or the inspector)"
            }
        }
    }
}

/// Rooms that the entrance does not reach (or every room, when the spawn is in no room) under
/// [`RoomColouring::ByDistance`]: a neutral grey that follows the room colour rule.
pub(crate) const UNREACHED_ROOM: Rgb = Rgb(0x84, 0x84, 0x88);

/// Rooms without a role under [`RoomColouring::ByRole`]: a dim neutral grey (darker than
/// `UNREACHED_ROOM`) that follows the room colour rule, so the roles stand out.
pub const NO_ROLE: Rgb = Rgb(0x78, 0x78, 0x7c);

/// The colour of a room with `role` under [`RoomColouring::ByRole`]: fixed hues far apart from
/// each other and from the view's marks (magenta critical path, cyan loops, chartreuse
/// differences, orange locks), each following the room colour rule.
pub const fn role_colour(role: Option<super::Role>) -> Rgb {
    use super::Role;
    match role {
        None => NO_ROLE,
        Some(Role::Entrance) => Rgb(0x5c, 0xc0, 0x6c),
        Some(Role::Exit) => Rgb(0x68, 0x9c, 0xf0),
        Some(Role::Treasure) => Rgb(0xf0, 0xc8, 0x62),
        Some(Role::Guard) => Rgb(0xe0, 0x6c, 0x6c),
        Some(Role::Side) => Rgb(0xb4, 0x8c, 0xe8),
    }
}

/// The distance ramp's anchors, near to far: a viridis-like teal -> green -> yellow, growing
/// lighter at every step (so it reads in order, and in grey), each following the room colour
/// rule.
const DISTANCE_RAMP: [Rgb; 6] = [
    Rgb(0x39, 0x82, 0x8e),
    Rgb(0x40, 0x9e, 0x8a),
    Rgb(0x4a, 0xb7, 0x7a),
    Rgb(0x6e, 0xce, 0x58),
    Rgb(0xb5, 0xde, 0x59),
    Rgb(0xfd, 0xe8, 0x66),
];

/// The colour of a room `distance` rooms from the entrance when the exit is `max` rooms away
/// (the ramp's first colour at 0, its last at `max`); `None` (not reached) is `UNREACHED_ROOM`.
pub fn distance_colour(distance: Option<u32>, max: u32) -> Rgb {
    let Some(d) = distance else { return UNREACHED_ROOM };
    let t = if max == 0 { 0.0 } else { f64::from(d.min(max)) / f64::from(max) };
    let x = t * (DISTANCE_RAMP.len() - 1) as f64;
    let i = (x.floor() as usize).min(DISTANCE_RAMP.len() - 2);
    let f = x - i as f64;
    let (a, b) = (DISTANCE_RAMP[i], DISTANCE_RAMP[i + 1]);
    let mix = |p: u8, q: u8| (f64::from(p) + (f64::from(q) - f64::from(p)) * f).round().clamp(0.0, 255.0) as u8;
    legible_room_colour(Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)))
}

/// The colour of every room of `map` (in the order of `map.rooms`) under `mode`; `graph` is the
/// map's [`super::graph::RoomGraph`].
pub fn room_colours(map: &super::Map, graph: &super::graph::RoomGraph, mode: RoomColouring) -> Vec<Rgb> {
    match mode {
        RoomColouring::ByRoom => map.rooms.iter().map(|r| r.colour).collect(),
        RoomColouring::ByDistance => {
            let max = graph.depth();
            (0..map.rooms.len()).map(|i| distance_colour(graph.distance(i), max)).collect()
        }
        RoomColouring::ByRole => map.rooms.iter().map(|r| role_colour(r.role)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_srgb_transfer_function() {
        for (i, &v) in LINEAR.iter().enumerate() {
            let c = i as f64 / 255.0;
            let exact = if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
            assert!((f64::from(v) - exact * 65535.0).abs() <= 0.5, "{i}: {v}");
        }
    }

    #[test]
    fn contrast_matches_wcag_examples() {
        let (black, white) = (Rgb(0, 0, 0), Rgb(255, 255, 255));
        assert!((black.contrast_ratio(white) - 21.0).abs() < 1e-9);
        assert!((white.contrast_ratio(white) - 1.0).abs() < 1e-12);
        // #777777 on white is the classic 4.48:1.
        assert!((Rgb(0x77, 0x77, 0x77).contrast_ratio(white) - 4.48).abs() < 0.01);
        assert!(ROCK.luminance() < WALL.luminance(), "rock is deeper than the wall that edges rooms");
    }

    #[test]
    fn dark_and_loud_colours_are_made_legible_and_good_ones_are_kept() {
        for c in [Rgb(0, 0, 0), Rgb(3, 1, 2), Rgb(0x30, 0, 0), Rgb(0, 0, 0x99), Rgb(0x99, 0x99, 0x99), WALL, ROCK] {
            let l = legible_room_colour(c);
            assert!(is_legible_room_colour(l), "{c:?} -> {l:?}");
            assert!(l.contrast_ratio(WALL) >= MIN_ROOM_CONTRAST && l.saturation() <= MAX_ROOM_SATURATION);
            assert!(!is_legible_room_colour(c) || l == c);
        }
        // Hue is kept: a dark red stays red.
        let red = legible_room_colour(Rgb(0x30, 0x08, 0x08));
        assert!(red.0 > red.1 && red.1 == red.2, "{red:?}");
        // Already legible: unchanged.
        let good = Rgb(0x5b, 0x8d, 0xc9);
        assert_eq!(legible_room_colour(good), good);
        // Just enough: one step less would not do.
        let dim = Rgb(0x20, 0x40, 0x20);
        let l = legible_room_colour(dim);
        assert!(l.contrast_ratio(WALL) < MIN_ROOM_CONTRAST + 0.1, "{l:?} is lightened no more than needed");
        // Saturated colours are toned down, keeping the brightest channel.
        let loud = legible_room_colour(Rgb(0xff, 0, 0xff));
        assert_eq!((loud.0, loud.2), (0xff, 0xff));
        assert!(loud.1 > 0 && loud.saturation() <= MAX_ROOM_SATURATION);
    }

    #[test]
    fn every_colour_comes_out_legible() {
        for r in (0..=255u8).step_by(5) {
            for g in (0..=255u8).step_by(5) {
                for b in (0..=255u8).step_by(5) {
                    let c = Rgb(r, g, b);
                    assert!(is_legible_room_colour(legible_room_colour(c)), "{c:?}");
                }
            }
        }
    }
    #[test]
    fn the_distance_ramp_is_legible_and_ordered() {
        for max in [1u32, 2, 5, 17, 40] {
            let ramp: Vec<Rgb> = (0..=max).map(|d| distance_colour(Some(d), max)).collect();
            for c in &ramp {
                assert!(is_legible_room_colour(*c), "{c:?}");
            }
            for w in ramp.windows(2) {
                assert!(w[1].luminance() > w[0].luminance(), "{max}: {w:?} grows lighter");
            }
            assert_eq!((ramp[0], ramp[max as usize]), (DISTANCE_RAMP[0], DISTANCE_RAMP[5]));
        }
        assert_eq!(distance_colour(Some(0), 0), DISTANCE_RAMP[0]);
        assert_eq!(distance_colour(None, 3), UNREACHED_ROOM);
        assert!(is_legible_room_colour(UNREACHED_ROOM) && UNREACHED_ROOM.saturation() < 0.1);
        for c in DISTANCE_RAMP {
            assert_eq!(legible_room_colour(c), c, "{c:?} follows the room colour rule as it is");
        }
    }

    #[test]
    fn role_colours_are_legible_and_apart() {
        let mut all: Vec<Rgb> = super::super::Role::ALL.iter().map(|r| role_colour(Some(*r))).collect();
        all.push(NO_ROLE);
        for (i, a) in all.iter().enumerate() {
            assert!(is_legible_room_colour(*a), "{a:?}");
            for b in &all[i + 1..] {
                let d = |x: u8, y: u8| i32::from(x).abs_diff(i32::from(y));
                assert!(d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2) >= 60, "{a:?} and {b:?} are too alike");
            }
        }
        assert!(NO_ROLE.saturation() < 0.1 && NO_ROLE != UNREACHED_ROOM);
    }

    #[test]
    fn room_colours_follow_the_mode() {
        let m = super::super::Map::from_ascii("#################\n#.@.+,,+...+,,+.#\n#################\n").unwrap();
        let g = super::super::graph::RoomGraph::of(&m);
        let own: Vec<Rgb> = m.rooms.iter().map(|r| r.colour).collect();
        assert_eq!(room_colours(&m, &g, RoomColouring::ByRoom), own);
        let by_distance = room_colours(&m, &g, RoomColouring::ByDistance);
        assert_eq!(by_distance, vec![DISTANCE_RAMP[0], distance_colour(Some(1), 2), DISTANCE_RAMP[5]]);
        let mut m = m;
        m.rooms[2].role = Some(super::super::Role::Exit);
        let by_role = room_colours(&m, &g, RoomColouring::ByRole);
        assert_eq!(by_role, vec![NO_ROLE, NO_ROLE, role_colour(Some(super::super::Role::Exit))]);
    }
}
