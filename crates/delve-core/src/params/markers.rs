//! Markers, shared by every generator: the kinds of thing a preset puts in the rooms (monsters,
//! chests, stairs, ...) with the rules that place them, and key-and-lock pairs on the way from the
//! entrance to the exit. The markers stage (`generate/markers.rs`) places them after the roles;
//! the map holds what it placed ([`crate::map::markers`]).
//!
//! A generator's `markers` is written to files only when a kind or a key pair is declared, so
//! presets and maps made without markers read and write as before.

use super::{ParamIssue, SizeRange};
use crate::kinds::Role;
use serde::{Deserialize, Serialize};

/// The marker kinds of a dungeon's stairs, on every map without being declared (a dungeon
/// places them, not a preset's markers stage): the up-stair, the down-stair, and the staircase
/// into a branch, each with its glyph and colour.
pub const STAIRS_UP: &str = "stairs_up";
pub const STAIRS_DOWN: &str = "stairs_down";
pub const BRANCH: &str = "branch";
pub const STAIRS: [(&str, char, [u8; 3]); 3] =
    [(STAIRS_UP, '<', [250, 230, 150]), (STAIRS_DOWN, '>', [250, 230, 150]), (BRANCH, '>', [150, 220, 250])];

/// What a generator puts in the rooms.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Markers {
    /// The kinds, placed in this order (a kind's spacing keeps it apart from those before it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<MarkerKind>,
    /// Key-and-lock pairs (none by default).
    #[serde(skip_serializing_if = "Keys::is_off")]
    pub keys: Keys,
    /// Doors made secret or open arches (none by default).
    #[serde(skip_serializing_if = "Openings::is_off")]
    pub openings: Openings,
    /// Tile kinds (water, a chasm, a trap) and where they are painted, before any marker.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<super::tiles::TileRule>,
}

impl Markers {
    /// What the marker setting `key` takes, for a dungeon's settings and ramps: `keys.pairs`, and
    /// for a kind `K` of these markers `K.per_room`, `K.density`, `K.grow` and `K.difficulty`
    /// (its levels from the entrance to the deepest room, when it has a difficulty). `None` for
    /// any other key.
    pub fn setting_kind(&self, key: &str) -> Option<super::ParamKind> {
        use super::ParamKind;
        if key == "keys.pairs" {
            return Some(ParamKind::Int { min: 0, max: i64::from(MAX_PAIRS) });
        }
        let (name, field) = key.rsplit_once('.')?;
        let kind = self.kind(name)?;
        Some(match field {
            "per_room" => ParamKind::Range { min: 0, max: i64::from(MAX_PER_ROOM) },
            "density" => ParamKind::Float { min: 0.0, max: MAX_DENSITY },
            "grow" => ParamKind::Float { min: 0.0, max: MAX_WEIGHT },
            "difficulty" if kind.difficulty.is_some() => ParamKind::Range { min: 1, max: i64::from(MAX_LEVEL) },
            _ => return None,
        })
    }

    /// Sets the marker setting `key` (see [`Markers::setting_kind`]) to `value`, of its kind;
    /// false, changing nothing, for a key or value it does not take.
    pub fn set(&mut self, key: &str, value: super::ParamValue) -> bool {
        use super::ParamValue;
        if let ("keys.pairs", ParamValue::Int(n)) = (key, value) {
            self.keys.pairs = u32::try_from(n).unwrap_or(0);
            return true;
        }
        let Some((name, field)) = key.rsplit_once('.') else { return false };
        let Some(kind) = self.kinds.iter_mut().find(|k| k.name == name) else { return false };
        let whole = |v: i64| u32::try_from(v).unwrap_or(0);
        match (field, value) {
            ("per_room", ParamValue::Range(a, b)) => kind.per_room = SizeRange::new(whole(a), whole(b)),
            ("density", ParamValue::Float(v)) => kind.density = v,
            ("grow", ParamValue::Float(v)) => kind.grow = v,
            ("difficulty", ParamValue::Range(a, b)) => match &mut kind.difficulty {
                Some(d) => (d.from, d.to) = (whole(a), whole(b)),
                None => return false,
            },
            _ => return false,
        }
        true
    }
}

/// The chance of each plain door (not locked, not a locked room's) to be a secret door, else an
/// open arch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Openings {
    /// 0 to 1.
    pub secret: f64,
    /// 0 to 1.
    pub arch: f64,
}

impl Openings {
    pub fn is_off(&self) -> bool {
        self.secret <= 0.0 && self.arch <= 0.0
    }
}

impl Markers {
    /// Nothing declared: the stage does nothing (and files leave the field out).
    pub fn is_off(&self) -> bool {
        self.kinds.is_empty() && self.keys.is_off() && self.openings.is_off() && self.tiles.is_empty()
    }

    /// The names of every marker kind a map of these parameters may hold (the key's too).
    pub(crate) fn kind_names(&self) -> Vec<&str> {
        let keys = (!self.keys.is_off()).then_some(self.keys.name.as_str());
        let stairs = STAIRS.iter().map(|(name, ..)| *name);
        self.kinds.iter().map(|k| k.name.as_str()).chain(keys).chain(stairs).collect()
    }

    /// The kind named `name` (the key's kind is not one of [`Markers::kinds`]).
    pub fn kind(&self, name: &str) -> Option<&MarkerKind> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// The glyph and colour of kind `name` (the key's too), if declared.
    pub fn look(&self, name: &str) -> Option<(char, [u8; 3])> {
        if !self.keys.is_off() && self.keys.name == name {
            return Some((self.keys.glyph, self.keys.colour));
        }
        if let Some((_, glyph, colour)) = STAIRS.iter().find(|(n, ..)| *n == name).filter(|_| self.kind(name).is_none())
        {
            return Some((*glyph, *colour));
        }
        self.kind(name).map(|k| (k.glyph, k.colour))
    }

    /// Everything wrong with these settings, added to `out`.
    pub(crate) fn issues(&self, out: &mut Vec<ParamIssue>) {
        let mut bad = |message: String| out.push(ParamIssue { field: "markers", message });
        for (i, k) in self.kinds.iter().enumerate() {
            let name = &k.name;
            if name.trim().is_empty() {
                bad(format!("marker kind {} has no name; give it one (e.g. \"monster\")", i + 1));
            }
            if self.kinds[..i].iter().any(|o| o.name == *name) || (!self.keys.is_off() && self.keys.name == *name) {
                bad(format!("marker kind “{name}” is declared twice; give each kind its own name"));
            }
            if k.per_room.min > k.per_room.max || k.per_room.max > MAX_PER_ROOM {
                bad(format!(
                    "marker kind “{name}”: per room {} to {} must run from a smaller to a larger count of at most {MAX_PER_ROOM}",
                    k.per_room.min, k.per_room.max
                ));
            }
            if !(0.0..=MAX_DENSITY).contains(&k.density) {
                bad(format!("marker kind “{name}”: density {} per 100 tiles must be 0 to {MAX_DENSITY}", k.density));
            }
            if k.depth.min > k.depth.max {
                bad(format!("marker kind “{name}”: depth {} to {} runs backwards", k.depth.min, k.depth.max));
            }
            if k.spacing > MAX_SPACING {
                bad(format!("marker kind “{name}”: spacing {} must be 0 to {MAX_SPACING} tiles", k.spacing));
            }
            if k.weights.iter().any(|w| !(0.0..=MAX_WEIGHT).contains(&w.1)) {
                bad(format!("marker kind “{name}”: each room weight must be 0 to {MAX_WEIGHT}"));
            }
            if !(0.0..=MAX_WEIGHT).contains(&k.grow) {
                bad(format!("marker kind “{name}”: grow {} must be 0 to {MAX_WEIGHT}", k.grow));
            }
            if let Some(d) = &k.difficulty
                && (d.from == 0 || d.to == 0 || d.from > MAX_LEVEL || d.to > MAX_LEVEL)
            {
                bad(format!("marker kind “{name}”: difficulty levels run from 1 to {MAX_LEVEL}"));
            }
        }
        for (what, p) in [("secret", self.openings.secret), ("arch", self.openings.arch)] {
            if !(0.0..=1.0).contains(&p) {
                bad(format!("openings: the {what} chance {p} must be 0 to 1"));
            }
        }
        super::tiles::issues(&self.tiles, out);
        let mut bad = |message: String| out.push(ParamIssue { field: "markers", message });
        // The ASCII form shows a marker over its tile's kind: the two must not share a glyph.
        let keys = (!self.keys.is_off()).then_some((self.keys.name.as_str(), self.keys.glyph));
        let markers = self.kinds.iter().map(|k| (k.name.as_str(), k.glyph)).chain(keys);
        for (name, glyph) in markers {
            if let Some(t) = self.tiles.iter().find(|t| t.glyph == glyph) {
                bad(format!(
                    "marker kind “{name}” and tile kind “{}” share the glyph {glyph:?}; give each its own",
                    t.name
                ));
            }
        }
        if self.keys.pairs > MAX_PAIRS {
            bad(format!("key pairs: {} must be 0 to {MAX_PAIRS}", self.keys.pairs));
        }
        if !self.keys.is_off() && self.keys.name.trim().is_empty() {
            bad("the key kind has no name; give it one (e.g. \"key\")".into());
        }
    }
}

/// At most this many markers of a kind in one room.
pub(crate) const MAX_PER_ROOM: u32 = 64;
/// At most this many markers of a kind per 100 floor tiles.
pub(crate) const MAX_DENSITY: f64 = 50.0;
/// The widest spacing, in tiles.
pub(crate) const MAX_SPACING: u32 = 16;
/// The largest room weight and growth factor.
pub(crate) const MAX_WEIGHT: f64 = 16.0;
/// The deepest a kind's depth rule reaches by default (rooms from the entrance).
pub(crate) const MAX_DEPTH: u32 = 1000;
/// The highest difficulty level.
pub(crate) const MAX_LEVEL: u32 = 100;
/// The most key-and-lock pairs.
pub(crate) const MAX_PAIRS: u32 = 8;

/// One kind of marker and the rules that place it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct MarkerKind {
    /// Its name, as maps and exports carry it (`monster`, `chest`, `stairs`).
    pub name: String,
    /// How the editor, ASCII and PNG draw it.
    pub glyph: char,
    pub colour: [u8; 3],
    /// Which rooms it goes in, by role, each with a weight that scales its count there (`Plain`:
    /// rooms without a role). Empty: every room, weight 1. A role not listed: none there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<(RoomClass, f64)>,
    /// How many in each room it goes in, drawn evenly (before weight and growth).
    pub per_room: SizeRange,
    /// And this many more per 100 floor tiles of the room.
    pub density: f64,
    /// Only in rooms this many rooms from the entrance (along the room graph).
    pub depth: SizeRange,
    /// At least this many tiles (king's moves) from every marker placed before it; 0: any.
    pub spacing: u32,
    /// Only on tiles beside a wall (north, south, east or west).
    pub against_wall: bool,
    /// A level that grows with depth, from `from` in the entrance to `to` in the deepest room.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// Its count in the deepest room is `grow` times its count near the entrance, along the
    /// difficulty's curve (linear when it has none); 1: the same everywhere.
    pub grow: f64,
}

impl Default for MarkerKind {
    fn default() -> Self {
        MarkerKind {
            name: String::new(),
            glyph: '?',
            colour: [230, 230, 230],
            weights: Vec::new(),
            per_room: SizeRange::new(1, 1),
            density: 0.0,
            depth: SizeRange::new(0, MAX_DEPTH),
            spacing: 0,
            against_wall: false,
            difficulty: None,
            grow: 1.0,
        }
    }
}

impl MarkerKind {
    /// Its weight in a room of role `role` (`None`: no role).
    pub fn weight(&self, role: Option<Role>) -> f64 {
        weight_in(&self.weights, role)
    }

    /// How far along its curve a room at `t` (0 at the entrance, 1 in the deepest room) is.
    pub(crate) fn along(&self, t: f64) -> f64 {
        self.difficulty.map_or(Curve::Linear, |d| d.curve).at(t)
    }

    /// Its level at `t` (0 for a kind without a difficulty).
    pub(crate) fn level(&self, t: f64) -> u32 {
        self.difficulty.map_or(0, |d| {
            let (a, b) = (f64::from(d.from), f64::from(d.to));
            (a + (b - a) * d.curve.at(t)).round().clamp(1.0, f64::from(MAX_LEVEL)) as u32
        })
    }
}

/// The weight `weights` (by room class) give a room of role `role`: 1 when none are listed, 0
/// for a class not listed. Marker kinds and tile kinds weigh rooms by it.
pub(crate) fn weight_in(weights: &[(RoomClass, f64)], role: Option<Role>) -> f64 {
    if weights.is_empty() {
        return 1.0;
    }
    let class = RoomClass::of(role);
    weights.iter().filter(|(c, _)| *c == class).map(|(_, w)| *w).sum()
}

/// Rooms by role, for marker weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RoomClass {
    /// A room without a role.
    Plain,
    Entrance,
    Exit,
    Treasure,
    Guard,
    Side,
}

impl RoomClass {
    pub fn of(role: Option<Role>) -> RoomClass {
        match role {
            None => RoomClass::Plain,
            Some(Role::Entrance) => RoomClass::Entrance,
            Some(Role::Exit) => RoomClass::Exit,
            Some(Role::Treasure) => RoomClass::Treasure,
            Some(Role::Guard) => RoomClass::Guard,
            Some(Role::Side) => RoomClass::Side,
        }
    }
}

/// A level that grows with depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Difficulty {
    pub from: u32,
    pub to: u32,
    #[serde(default)]
    pub curve: Curve,
}

/// How a level or a count grows from the entrance (0) to the deepest room (1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Curve {
    /// Evenly.
    #[default]
    Linear,
    /// Slowly at first, then fast (the square).
    Late,
    /// Fast at first, then slowly (the square root).
    Early,
}

impl Curve {
    pub(crate) fn at(self, t: f64) -> f64 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Curve::Linear => t,
            Curve::Late => t * t,
            Curve::Early => t.sqrt(),
        }
    }
}

/// Key-and-lock pairs: each a locked door on the way from the entrance to the exit, and its key
/// in a room reached from the entrance without passing that door; nested in order (the first
/// lock nearest the entrance, each later key behind the locks before it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Keys {
    /// How many pairs; 0: none.
    pub pairs: u32,
    /// The key markers' kind name, glyph and colour.
    pub name: String,
    pub glyph: char,
    pub colour: [u8; 3],
}

impl Default for Keys {
    fn default() -> Self {
        Keys { pairs: 0, name: "key".into(), glyph: 'k', colour: [230, 170, 0] }
    }
}

impl Keys {
    pub fn is_off(&self) -> bool {
        self.pairs == 0
    }
}
