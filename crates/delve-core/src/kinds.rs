//! What both the parameters and the map speak of, below both ([`crate::params`] asks for room
//! roles and tile kinds, [`crate::map`] holds them): a room's [`Role`] and a [`TileKind`]. The
//! map re-exports them (`delve_core::map::Role`, `delve_core::map::TileKind`).

use serde::{Deserialize, Serialize};

/// What a room is for in play: given by the generator's role rules ([`crate::map::roles`]) or by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    /// Where the player starts: the room that holds the spawn.
    Entrance,
    /// The way on: a room farthest from the entrance along the room graph.
    Exit,
    /// The prize: a room with a single way in, far from the entrance.
    Treasure,
    /// The room every path into the treasure room passes.
    Guard,
    /// A small dead-end room off the treasure room.
    Side,
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Entrance, Role::Exit, Role::Treasure, Role::Guard, Role::Side];

    /// Its name in exports and messages: `entrance`, `exit`, `treasure`, `guard`, `side`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Entrance => "entrance",
            Role::Exit => "exit",
            Role::Treasure => "treasure",
            Role::Guard => "guard",
            Role::Side => "side",
        }
    }

    /// What a designer sees in pickers: `Entrance`, `Side room` ...
    pub const fn label(self) -> &'static str {
        match self {
            Role::Entrance => "Entrance",
            Role::Exit => "Exit",
            Role::Treasure => "Treasure",
            Role::Guard => "Guard",
            Role::Side => "Side room",
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The most kinds a map's palette holds.
pub const MAX_KINDS: usize = 32;

/// One kind of tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TileKind {
    /// Its name, as files and exports carry it (`water`, `chasm`, `trap`).
    pub name: String,
    /// Its character in map files, ASCII and the editor's hover line (not `#`, `.`, `,` or a
    /// space, and one per kind).
    pub glyph: char,
    /// How the editor and PNG draw it.
    pub colour: [u8; 3],
    /// Whether a creature can stand on it.
    pub walkable: bool,
}

impl TileKind {
    pub fn new(name: &str, glyph: char, colour: [u8; 3], walkable: bool) -> TileKind {
        TileKind { name: name.into(), glyph, colour, walkable }
    }

    /// The palette the editor offers on a map that declares none: water (walkable), a chasm
    /// (not walkable) and a trap (walkable).
    pub fn defaults() -> Vec<TileKind> {
        vec![
            TileKind::new("water", '~', [60, 100, 160], true),
            TileKind::new("chasm", ':', [110, 40, 150], false),
            TileKind::new("trap", '^', [220, 120, 40], true),
        ]
    }

    /// What is wrong with this kind as the `index`th of a palette whose kinds before it are
    /// `before`, if anything.
    pub(crate) fn problem(&self, before: &[TileKind]) -> Option<String> {
        let name = &self.name;
        if name.trim().is_empty() {
            return Some(format!("tile kind {} has no name; give it one (e.g. \"water\")", before.len() + 1));
        }
        if matches!(self.glyph, '#' | '.' | ',' | ' ') || self.glyph.is_control() {
            return Some(format!(
                "tile kind “{name}” has the glyph {:?}; '#', '.', ',' and spaces are the plain tiles', choose another",
                self.glyph
            ));
        }
        if before.iter().any(|k| k.name == *name) {
            return Some(format!("tile kind “{name}” is declared twice; give each kind its own name"));
        }
        if let Some(k) = before.iter().find(|k| k.glyph == self.glyph) {
            return Some(format!(
                "tile kinds “{}” and “{name}” share the glyph {:?}; give each its own",
                k.name, self.glyph
            ));
        }
        (before.len() >= MAX_KINDS)
            .then(|| format!("more than {MAX_KINDS} tile kinds; a map holds at most {MAX_KINDS}"))
    }
}

/// The first problem of a whole palette, if any.
pub fn palette_problem(kinds: &[TileKind]) -> Option<String> {
    (0..kinds.len()).find_map(|i| kinds[i].problem(&kinds[..i]))
}
