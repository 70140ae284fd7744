//! Tile kinds: what the floor of a tile is made of beyond plain floor — water, a chasm, a trap —
//! as a small palette the map carries ([`TileKind`]: a name, a glyph, a colour, and whether a
//! creature can stand there) and one kind per floor tile ([`Terrain`]).
//!
//! A kind lies on room or corridor floor; on rock it means nothing (it is neither shown, nor
//! saved, nor walked). Walkability is the kind's: [`super::Map::walkable`] is what every check,
//! metric and search asks, so a chasm is not walked and a tile of water is. A map without kinds
//! holds no cells at all, and reads, writes and checks exactly as before kinds existed.

use crate::geom::Pos;

pub use crate::kinds::{MAX_KINDS, TileKind, palette_problem};

/// Why tile kinds read from a file or an export were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TerrainError {
    /// The kind at this place of the palette.
    Kind(usize, String),
    /// This row of tile kinds.
    Row(usize, String),
}

/// A map's tile kinds: the palette and the kind of each tile (0: none; `k`: `kinds[k - 1]`),
/// row by row. Its cells are allocated only once a tile is given a kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terrain {
    kinds: Vec<TileKind>,
    cells: Vec<u8>,
    /// How many cells hold a kind that is not walkable.
    blocked: usize,
    /// How many cells hold a kind (the cells are freed when none does).
    painted: usize,
}

impl Terrain {
    /// The palette.
    pub fn kinds(&self) -> &[TileKind] {
        &self.kinds
    }

    /// The number (1-based) of the kind named `name`.
    pub fn number_of(&self, name: &str) -> Option<u8> {
        self.kinds.iter().position(|k| k.name == name).map(|i| i as u8 + 1)
    }

    /// The kind numbered `n` (1-based).
    pub fn kind(&self, n: u8) -> Option<&TileKind> {
        (n as usize).checked_sub(1).and_then(|i| self.kinds.get(i))
    }

    /// Adds `kind` to the palette unless one of its name is there; its number either way, or
    /// why it cannot be added.
    pub(crate) fn add_kind(&mut self, kind: TileKind) -> Result<u8, String> {
        if let Some(n) = self.number_of(&kind.name) {
            return Ok(n);
        }
        if let Some(p) = kind.problem(&self.kinds) {
            return Err(p);
        }
        self.kinds.push(kind);
        Ok(self.kinds.len() as u8)
    }

    /// Whether no tile holds a kind (whatever the palette).
    pub fn is_bare(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether some tile holds a kind a creature cannot stand on.
    pub(crate) fn has_blocked(&self) -> bool {
        self.blocked > 0
    }

    /// The kind number at place `i` of a row-major grid (0: none).
    #[inline]
    pub(crate) fn at(&self, i: usize) -> u8 {
        self.cells.get(i).copied().unwrap_or(0)
    }

    /// Whether the kind at place `i` (if any) can be walked.
    #[inline]
    pub(crate) fn walkable_at(&self, i: usize) -> bool {
        self.blocked == 0 || self.kind(self.at(i)).is_none_or(|k| k.walkable)
    }

    /// Sets place `i` of a grid of `len` tiles to kind number `n` (0: none); the number it had.
    /// A number past the palette is refused (`None`).
    pub(super) fn set(&mut self, i: usize, len: usize, n: u8) -> Option<u8> {
        if n as usize > self.kinds.len() || i >= len {
            return None;
        }
        if self.cells.is_empty() {
            if n == 0 {
                return Some(0);
            }
            self.cells = vec![0; len];
        }
        let old = std::mem::replace(&mut self.cells[i], n);
        let blocks = |n: u8| self.kind(n).is_some_and(|k| !k.walkable);
        self.blocked = self.blocked + usize::from(blocks(n)) - usize::from(blocks(old));
        self.painted = self.painted + usize::from(n > 0) - usize::from(old > 0);
        if self.painted == 0 {
            self.cells = Vec::new();
        }
        Some(old)
    }

    /// Replaces the palette (cells keep their numbers; those past the new palette are cleared).
    pub(super) fn set_kinds(&mut self, kinds: Vec<TileKind>) {
        self.kinds = kinds;
        let n = self.kinds.len() as u8;
        for c in &mut self.cells {
            if *c > n {
                *c = 0;
            }
        }
        self.recount();
    }

    /// The whole grid of numbers (empty when bare).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Sets every cell at once from a grid of `len` numbers (checked by the caller against the
    /// palette).
    pub(super) fn set_cells(&mut self, cells: Vec<u8>) {
        self.cells = cells;
        self.recount();
    }

    /// Counts the painted and blocked cells again, and frees the cells when none is painted.
    fn recount(&mut self) {
        let blocks: Vec<bool> = self.kinds.iter().map(|k| !k.walkable).collect();
        self.blocked = self.cells.iter().filter(|&&c| (c as usize).checked_sub(1).is_some_and(|i| blocks[i])).count();
        self.painted = self.cells.iter().filter(|&&c| c > 0).count();
        if self.painted == 0 {
            self.cells = Vec::new();
        }
    }
}

impl super::Map {
    /// The tile kinds: the palette and each tile's kind.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// The place of `p` in a row-major grid of the map (`None` off the map).
    fn place(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p).then(|| p.y as usize * self.width() as usize + p.x as usize)
    }

    /// The kind number (1-based in [`Terrain::kinds`]) of the floor at `p`; 0 for plain floor,
    /// rock or off the map.
    pub fn tile_kind_number(&self, p: Pos) -> u8 {
        match self.place(p) {
            Some(i) if self.tiles.as_slice()[i].is_walkable() => self.terrain.at(i),
            _ => 0,
        }
    }

    /// The kind of the floor at `p`, if it has one.
    pub fn tile_kind(&self, p: Pos) -> Option<&TileKind> {
        self.terrain.kind(self.tile_kind_number(p))
    }

    /// Gives the tile at `p` kind number `n` (0: plain); the number it had, or `None` (nothing
    /// changed) off the map or past the palette. On rock the number is kept but means nothing
    /// until the tile is floor again.
    pub fn set_tile_kind(&mut self, p: Pos, n: u8) -> Option<u8> {
        let len = self.width() as usize * self.height() as usize;
        let i = self.place(p)?;
        self.terrain.set(i, len, n)
    }

    /// Adds `kind` to the palette (see `Terrain::add_kind`).
    pub fn add_tile_kind(&mut self, kind: TileKind) -> Result<u8, String> {
        self.terrain.add_kind(kind)
    }

    /// Replaces the palette (tiles of kinds past its end become plain).
    pub fn set_tile_kinds(&mut self, kinds: Vec<TileKind>) {
        self.terrain.set_kinds(kinds);
    }

    /// Sets every tile's kind number at once: `cells` row by row, each within the palette.
    /// Refused (nothing changed) when the length or a number is wrong.
    pub(crate) fn set_terrain_cells(&mut self, cells: Vec<u8>) -> Result<(), String> {
        let len = self.width() as usize * self.height() as usize;
        if cells.len() != len {
            return Err(format!("{} tile kinds for the {len} tiles of the map", cells.len()));
        }
        let n = self.terrain.kinds().len();
        if let Some(i) = cells.iter().position(|&c| c as usize > n) {
            return Err(format!("tile kind number {} at place {i}; the map has {n} kinds", cells[i]));
        }
        self.terrain.set_cells(cells);
        Ok(())
    }

    /// The tile kinds as rows of text, as map files and the JSON export carry them: `.` for a
    /// tile without a kind, else its kind's glyph; none at all when no floor tile has a kind.
    pub(crate) fn terrain_rows(&self) -> Vec<String> {
        if self.terrain.is_bare() {
            return Vec::new();
        }
        let row =
            |y: i32| (0..self.width() as i32).map(move |x| self.tile_kind(Pos::new(x, y)).map_or('.', |k| k.glyph));
        let rows: Vec<String> = (0..self.height() as i32).map(|y| row(y).collect()).collect();
        if rows.iter().all(|r| r.chars().all(|c| c == '.')) { Vec::new() } else { rows }
    }

    /// Sets the palette to `kinds` and each tile's kind from `rows` (as [`super::Map::terrain_rows`]
    /// writes them; none: no tile has a kind), every glyph declared and every kind on floor.
    /// Refused (nothing changed) naming the kind or row at fault.
    pub(crate) fn set_terrain_rows(&mut self, kinds: Vec<TileKind>, rows: &[String]) -> Result<(), TerrainError> {
        if let Some((i, problem)) = (0..kinds.len()).find_map(|i| kinds[i].problem(&kinds[..i]).map(|p| (i, p))) {
            return Err(TerrainError::Kind(i, problem));
        }
        if rows.is_empty() {
            self.set_tile_kinds(kinds);
            return Ok(());
        }
        let (w, h) = (self.width() as usize, self.height() as usize);
        if rows.len() != h {
            let message = format!("`terrain` has {} rows; expected {h}, the map's height", rows.len());
            return Err(TerrainError::Row(rows.len().saturating_sub(1).min(h), message));
        }
        let declared = || kinds.iter().map(|k| format!("{:?} ({})", k.glyph, k.name)).collect::<Vec<_>>().join(", ");
        let mut cells = Vec::with_capacity(w * h);
        for (y, row) in rows.iter().enumerate() {
            let bad = |message: String| Err(TerrainError::Row(y, message));
            if row.chars().count() != w {
                return bad(format!(
                    "`terrain` row {y} is {} tiles long; expected {w}, the map's width",
                    row.chars().count()
                ));
            }
            for (x, c) in row.chars().enumerate() {
                if c == '.' {
                    cells.push(0);
                    continue;
                }
                let Some(k) = kinds.iter().position(|k| k.glyph == c) else {
                    let known = if kinds.is_empty() { "none declared".to_string() } else { declared() };
                    return bad(format!(
                        "`terrain` row {y} column {}: unknown tile kind {c:?}; expected '.' (none) or a kind of `tile_kinds`: {known}",
                        x + 1
                    ));
                };
                if !self.tile(Pos::new(x as i32, y as i32)).is_some_and(|t| t.is_walkable()) {
                    return bad(format!(
                        "`terrain` row {y} column {}: tile kind “{}” on rock at ({x}, {y}); tile kinds lie on floor",
                        x + 1,
                        kinds[k].name
                    ));
                }
                cells.push(k as u8 + 1);
            }
        }
        self.set_tile_kinds(kinds);
        self.set_terrain_cells(cells).map_err(|e| TerrainError::Row(0, e))
    }

    /// Whether a creature can stand at `p`: floor (of a room or a corridor) of a walkable kind
    /// or none. What every check, metric and search asks.
    #[inline]
    pub fn walkable(&self, p: Pos) -> bool {
        let Some(i) = self.place(p) else { return false };
        self.tiles.as_slice()[i].is_walkable() && self.terrain.walkable_at(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_and_go_with_the_first_and_last_kind() {
        let mut t = Terrain::default();
        for k in TileKind::defaults() {
            t.add_kind(k).unwrap();
        }
        assert!(t.is_bare());
        assert_eq!(t.set(3, 10, 2), Some(0));
        assert!(!t.is_bare() && t.has_blocked() && !t.walkable_at(3) && t.walkable_at(4));
        assert_eq!(t.set(3, 10, 1), Some(2));
        assert!(!t.has_blocked() && t.walkable_at(3));
        assert_eq!(t.set(3, 10, 0), Some(1));
        assert!(t.is_bare());
        assert_eq!(t.set(3, 10, 4), None, "past the palette");
        assert_eq!(t.set(10, 10, 1), None, "off the grid");
    }

    #[test]
    fn bad_palettes_are_named() {
        let mut kinds = TileKind::defaults();
        assert_eq!(palette_problem(&kinds), None);
        kinds.push(TileKind::new("lava", '~', [255, 0, 0], false));
        assert!(palette_problem(&kinds).unwrap().contains("share the glyph"));
        kinds[3].glyph = '#';
        assert!(palette_problem(&kinds).unwrap().contains("plain tiles"));
        kinds[3] = TileKind::new("water", 'w', [0, 0, 0], true);
        assert!(palette_problem(&kinds).unwrap().contains("declared twice"));
        let mut t = Terrain::default();
        assert!(t.add_kind(TileKind::new("", 'x', [0, 0, 0], true)).is_err());
    }
}
