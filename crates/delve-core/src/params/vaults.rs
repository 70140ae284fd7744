//! Vaults, shared by every generator: hand-made rooms, drawn in Delve and saved as map files
//! (the *vault libraries*), placed by the generator at free places, turned and mirrored, and
//! joined like any room (see `generate/vaults.rs`). Each setting is described once here
//! (`SPECS`); the table of the settings every family has (`params::common`) lists them with
//! `vault_field!`, reaching them through its `vaults` field.
//!
//! A preset names its libraries by path, relative to the preset's folder; reading the preset
//! reads them ([`crate::io`]) into [`Vaults::loaded`], which files never hold. A generator's
//! `vaults` is written to files only when a library is named or a setting differs from the
//! default, so presets and maps made without vaults read and write as before.

use super::{ParamIssue, ParamKind, ParamSpec};
use crate::geom::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The vaults of a generator: where they come from and how often they are placed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Vaults {
    /// Delve map files whose rooms are the vaults (the rooms marked as vaults in the editor, or
    /// every room of a file that marks none), relative to the preset's folder.
    pub libraries: Vec<String>,
    /// How many times each vault is placed, at most (each placement drawn with `chance`).
    pub count: u32,
    /// The chance of each placement, 0 to 1.
    pub chance: f64,
    /// Vaults may be turned by quarter turns.
    pub rotate: bool,
    /// Vaults may be mirrored.
    pub mirror: bool,
    /// Counts and chances of single vaults, by name, in place of `count` and `chance`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub each: Vec<VaultRule>,
    /// The vaults read from the libraries (never in files).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub loaded: Loaded,
}

impl Default for Vaults {
    fn default() -> Self {
        Vaults {
            libraries: Vec::new(),
            count: 1,
            chance: 1.0,
            rotate: true,
            mirror: true,
            each: Vec::new(),
            loaded: Loaded::default(),
        }
    }
}

/// The count and chance of one vault, by its name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VaultRule {
    pub name: String,
    pub count: u32,
    pub chance: f64,
}

/// The vaults read from a generator's libraries, or why they could not be.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    pub vaults: Arc<[Vault]>,
    /// What went wrong reading a library (the first one), in a designer's words.
    pub error: Option<String>,
}

/// One hand-made room, as a library holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vault {
    /// Its room's label in the library, or "`file` room N".
    pub name: String,
    /// Floor tiles, the corner of their bounding box at (0, 0), row by row.
    pub cells: Vec<Pos>,
    pub width: i32,
    pub height: i32,
    /// Where corridors may leave it: a floor tile and the side (its doors in the library; every
    /// side of its edge when it has none).
    pub entrances: Vec<(Pos, Dir)>,
    /// Its colour in the library.
    pub colour: [u8; 3],
}

impl Vault {
    /// This vault turned by `turns` quarter turns clockwise after mirroring left to right when
    /// `mirrored`: its cells and entrances, the corner again at (0, 0).
    pub fn oriented(&self, o: Orientation) -> Vault {
        let (w, h) = (self.width, self.height);
        let map = |p: Pos| o.apply(p, w, h);
        let mut cells: Vec<Pos> = self.cells.iter().map(|&p| map(p)).collect();
        cells.sort_unstable_by_key(|p| (p.y, p.x));
        let entrances = self.entrances.iter().map(|&(p, d)| (map(p), o.apply_dir(d))).collect();
        let (width, height) = if o.turns % 2 == 1 { (h, w) } else { (w, h) };
        Vault { name: self.name.clone(), cells, width, height, entrances, colour: self.colour }
    }
}

/// How a vault is placed: mirrored left to right or not, then turned clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    pub mirrored: bool,
    /// Quarter turns, 0 to 3.
    pub turns: u8,
}

impl Orientation {
    /// The orientations the settings allow, the vault as drawn first.
    pub fn allowed(rotate: bool, mirror: bool) -> Vec<Orientation> {
        let turns: &[u8] = if rotate { &[0, 1, 2, 3] } else { &[0] };
        let mirrors: &[bool] = if mirror { &[false, true] } else { &[false] };
        mirrors.iter().flat_map(|&m| turns.iter().map(move |&t| Orientation { mirrored: m, turns: t })).collect()
    }

    /// Tile `p` of a `w`×`h` box, placed so.
    fn apply(self, p: Pos, w: i32, h: i32) -> Pos {
        let mut q = if self.mirrored { Pos::new(w - 1 - p.x, p.y) } else { p };
        let (mut w, mut h) = (w, h);
        for _ in 0..self.turns % 4 {
            // A quarter turn clockwise: (x, y) → (h − 1 − y, x), the box now h×w.
            q = Pos::new(h - 1 - q.y, q.x);
            (w, h) = (h, w);
        }
        q
    }

    /// Direction `d`, placed so.
    fn apply_dir(self, d: Dir) -> Dir {
        let mut d = if self.mirrored && matches!(d, Dir::East | Dir::West) { d.opposite() } else { d };
        for _ in 0..self.turns % 4 {
            d = match d {
                Dir::North => Dir::East,
                Dir::East => Dir::South,
                Dir::South => Dir::West,
                Dir::West => Dir::North,
            };
        }
        d
    }
}

impl Vaults {
    /// Whether nothing is set: no library, every setting at its default (nothing written).
    pub fn is_off(&self) -> bool {
        self.libraries.is_empty() && self.each.is_empty() && {
            let d = Vaults::default();
            (self.count, self.chance, self.rotate, self.mirror) == (d.count, d.chance, d.rotate, d.mirror)
        }
    }

    /// The count and chance of the vault named `name`.
    pub fn rule_of(&self, name: &str) -> (u32, f64) {
        self.each.iter().find(|r| r.name == name).map_or((self.count, self.chance), |r| (r.count, r.chance))
    }

    /// What is wrong beyond each setting's own range: a library not read, or one without rooms;
    /// a vault's own count or chance out of range.
    pub(crate) fn issues(&self, out: &mut Vec<ParamIssue>) {
        if self.libraries.is_empty() {
            return;
        }
        if let Some(error) = &self.loaded.error {
            out.push(ParamIssue { field: LIBRARIES, message: error.clone() });
        } else if self.loaded.vaults.is_empty() {
            let names = self.libraries.join(", ");
            out.push(ParamIssue {
                field: LIBRARIES,
                message: format!("the vault libraries ({names}) were not read or hold no rooms"),
            });
        }
        for rule in &self.each {
            if rule.count > MAX_COUNT {
                out.push(ParamIssue {
                    field: COUNT.key,
                    message: format!("vault “{}” is placed at most {MAX_COUNT} times, not {}", rule.name, rule.count),
                });
            }
            if !(0.0..=1.0).contains(&rule.chance) {
                out.push(ParamIssue {
                    field: CHANCE.key,
                    message: format!("vault “{}”'s chance must be between 0 and 1, not {}", rule.name, rule.chance),
                });
            }
        }
    }
}

/// The key under which problems with the libraries are told.
pub const LIBRARIES: &str = "vaults_libraries";
/// Most placements of one vault.
pub const MAX_COUNT: u32 = 100;

pub(crate) const COUNT: ParamSpec = ParamSpec {
    key: "vaults_count",
    label: "Vault count",
    unit: "each",
    help: "How many times each vault of the libraries is placed, at most: each time drawn with the \
           vault chance, at a free place in the rock, then joined to the nearest room. A vault that \
           finds no free place is named in the report.",
    kind: ParamKind::Int { min: 0, max: MAX_COUNT as i64 },
};
pub(crate) const CHANCE: ParamSpec = ParamSpec {
    key: "vaults_chance",
    label: "Vault chance",
    unit: "",
    help: "The chance of each placement of a vault (1: always).",
    kind: ParamKind::Float { min: 0.0, max: 1.0 },
};
pub(crate) const ROTATE: ParamSpec = ParamSpec {
    key: "vaults_rotate",
    label: "Turn vaults",
    unit: "",
    help: "Vaults may be placed turned by quarter turns.",
    kind: ParamKind::Bool,
};
pub(crate) const MIRROR: ParamSpec = ParamSpec {
    key: "vaults_mirror",
    label: "Mirror vaults",
    unit: "",
    help: "Vaults may be placed mirrored.",
    kind: ParamKind::Bool,
};

/// Every vault setting, in panel order (each generator's table lists them before the role rules).
pub(crate) const SPECS: [ParamSpec; 4] = [COUNT, CHANCE, ROTATE, MIRROR];

/// Whether parameter `key` is a vault setting.
pub(crate) fn is_setting(key: &str) -> bool {
    SPECS.iter().any(|s| s.key == key)
}

/// One vault setting as a field of the common settings' table (in their `vaults`):
/// `vault_field!(Count count, COUNT)`, `vault_field!(Chance chance, CHANCE)` or
/// `vault_field!(Flag rotate, ROTATE)`.
macro_rules! vault_field {
    (Count $f:ident, $spec:ident) => {
        $crate::params::field::Field {
            spec: $crate::params::vaults::$spec,
            access: $crate::params::field::Access::Count {
                get: |c: &$crate::params::common::Common| c.vaults.$f,
                get_mut: |c: &mut $crate::params::common::Common| &mut c.vaults.$f,
                words: $crate::params::field::Words::AtMost,
            },
        }
    };
    (Chance $f:ident, $spec:ident) => {
        $crate::params::field::Field {
            spec: $crate::params::vaults::$spec,
            access: $crate::params::field::Access::Chance {
                get: |c: &$crate::params::common::Common| c.vaults.$f,
                get_mut: |c: &mut $crate::params::common::Common| &mut c.vaults.$f,
            },
        }
    };
    (Flag $f:ident, $spec:ident) => {
        $crate::params::field::Field {
            spec: $crate::params::vaults::$spec,
            access: $crate::params::field::Access::Flag {
                get: |c: &$crate::params::common::Common| c.vaults.$f,
                get_mut: |c: &mut $crate::params::common::Common| &mut c.vaults.$f,
            },
        }
    };
}
pub(crate) use vault_field;

#[cfg(test)]
mod tests {
    use super::*;

    fn l_shape() -> Vault {
        // .#
        // ..   an L of three tiles in a 2×2 box, its door on the east of (1, 0)
        let cells = vec![Pos::new(1, 0), Pos::new(0, 1), Pos::new(1, 1)];
        Vault {
            name: "L".into(),
            cells,
            width: 2,
            height: 2,
            entrances: vec![(Pos::new(1, 0), Dir::East)],
            colour: [0; 3],
        }
    }

    #[test]
    fn eight_orientations_are_distinct_and_four_turns_come_back() {
        let v = Vault { width: 3, height: 2, ..l_shape() };
        let all = Orientation::allowed(true, true);
        assert_eq!(all.len(), 8);
        let mut seen: Vec<Vault> = Vec::new();
        for o in &all {
            let placed = v.oriented(*o);
            assert!(placed.cells.iter().all(|p| p.x >= 0 && p.y >= 0 && p.x < placed.width && p.y < placed.height));
            seen.push(placed);
        }
        seen.sort_by_key(|s| format!("{s:?}"));
        seen.dedup();
        assert_eq!(seen.len(), 8, "every orientation differs for a shape with no symmetry");
        let mut v2 = v.clone();
        for _ in 0..4 {
            v2 = v2.oriented(Orientation { mirrored: false, turns: 1 });
        }
        assert_eq!(v2, v);
    }

    #[test]
    fn a_quarter_turn_moves_the_door_with_the_tile() {
        let v = l_shape().oriented(Orientation { mirrored: false, turns: 1 });
        // (1, 0) east → (1, 1) south in a 2×2 box turned clockwise.
        assert_eq!(v.entrances, [(Pos::new(1, 1), Dir::South)]);
        let m = l_shape().oriented(Orientation { mirrored: true, turns: 0 });
        assert_eq!(m.entrances, [(Pos::new(0, 0), Dir::West)]);
        assert_eq!(m.cells, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]);
    }

    #[test]
    fn off_until_a_library_or_setting_is_given() {
        let mut v = Vaults::default();
        assert!(v.is_off());
        v.libraries.push("vaults.ron".into());
        assert!(!v.is_off());
        let mut issues = Vec::new();
        v.issues(&mut issues);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, LIBRARIES);
    }
}
