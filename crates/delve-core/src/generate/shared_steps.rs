//! The steps of the stages every generator shares, as the timeline shows them: the part beside
//! laid, each vault placed or not, each kind of marker put, each key placed, the openings
//! chosen, each tile kind painted.

use super::record::{Mark, Role, Step, StepKind};
use super::stages::Stage;
use crate::geom::{Pos, Rect};
use crate::words::count;

/// One thing a shared stage did (a [`Step`]), after any generator's own stages.
#[derive(Clone, Debug, PartialEq)]
pub enum SharedStep {
    /// Vault `name` placed as room `room` in `footprint` (its floor's box, `cells`
    /// tiles), mirrored and turned so, joined to room `to` (none: no room was in reach).
    VaultPlaced {
        room: u32,
        name: String,
        footprint: Rect,
        mirrored: bool,
        turns: u8,
        to: Option<u32>,
        cells: u32,
        /// Carved into the map (no free rock was left) rather than laid in free rock.
        carved: bool,
    },
    /// Vault `name` (`width`×`height` as drawn) found no place (neither free rock
    /// nor a part of the map clear of locks and vaults to be carved into).
    VaultNotPlaced { name: String, width: i32, height: i32 },
    /// A part of `width`×`height` tiles with `rooms` rooms laid on `side` with
    /// its corner at `corner`, joined by `joins` corridors.
    PartLaid { side: crate::params::beside::Side, width: u32, height: u32, corner: Pos, rooms: u32, joins: u32 },
    /// `placed` markers of kind `kind` put in `rooms` rooms.
    MarkersPlaced { kind: String, placed: u32, rooms: u32 },
    /// Door `door` locked with key `key`, the key put at `at` in room `room`.
    KeyPlaced { key: u32, door: u32, at: Pos, room: u32 },
    /// `secret` doors made secret and `arch` made open arches.
    OpeningsChosen { secret: u32, arch: u32 },
    /// `patches` patches of tile kind `kind` painted in rooms, `tiles` tiles in all
    /// (corridor tiles included).
    TilesPainted { kind: String, patches: u32, tiles: u32 },
    /// The locks kept: `rooms` locked rooms (with their doors and the corridors between them)
    /// and `tiles` locked tiles, as they were, the map joined to them; `over`: laid over the
    /// finished map (else the rooms stood among the map's rooms from the start, and the kept
    /// corridors and tiles are laid and joined now).
    LocksKept { rooms: u32, tiles: u32, over: bool },
}

impl StepKind for SharedStep {
    fn sentence(&self) -> String {
        match self {
            SharedStep::VaultPlaced { room, name, footprint: f, mirrored, turns, to, cells, carved } => {
                let how = match (*mirrored, *turns) {
                    (false, 0) => "as drawn".to_string(),
                    (m, t) => {
                        let turned =
                            ["", "turned a quarter", "turned a half", "turned three quarters"][usize::from(t % 4)];
                        match (m, t % 4) {
                            (true, 0) => "mirrored".to_string(),
                            (true, _) => format!("mirrored and {turned}"),
                            (false, _) => turned.to_string(),
                        }
                    }
                };
                let joined = match to {
                    Some(to) => format!("joined to room {to}"),
                    None => "joined to no room (none in reach)".to_string(),
                };
                let carved = if *carved { " carved into the map (no free rock was left)" } else { "" };
                format!(
                    "Vault “{name}” placed as room {room} ({}){carved} at ({}, {}), {how}; {joined}.",
                    count(u64::from(*cells), "tile"),
                    f.x,
                    f.y
                )
            }
            SharedStep::VaultNotPlaced { name, width, height } => {
                format!("Vault “{name}” ({width}×{height}) found no place: not placed.")
            }
            SharedStep::PartLaid { side, width, height, corner, rooms, joins } => format!(
                "The part beside ({width}×{height}, {}) laid on the {} side at ({}, {}), joined by {}.",
                count(u64::from(*rooms), "room"),
                side.label(),
                corner.x,
                corner.y,
                count(u64::from(*joins), "corridor")
            ),
            SharedStep::MarkersPlaced { kind, placed, rooms } => {
                format!(
                    "{} of kind “{kind}” put in {}.",
                    count(u64::from(*placed), "marker"),
                    count(u64::from(*rooms), "room")
                )
            }
            SharedStep::TilesPainted { kind, patches, tiles } => format!(
                "Tile kind “{kind}” painted: {} in rooms, {} in all.",
                if *patches == 1 { "1 patch".to_string() } else { format!("{patches} patches") },
                count(u64::from(*tiles), "tile")
            ),
            SharedStep::OpeningsChosen { secret, arch } => {
                format!("{} made secret and {} made open arches.", count(u64::from(*secret), "door"), arch)
            }
            SharedStep::KeyPlaced { key, door, at, room } => format!(
                "Door {door} locked with key {key}; the key put in room {room} at ({}, {}), before the lock.",
                at.x, at.y
            ),
            SharedStep::LocksKept { rooms, tiles, over } => {
                let what = match (*rooms, *tiles) {
                    (r, 0) => count(u64::from(r), "locked room"),
                    (0, t) => count(u64::from(t), "locked tile"),
                    (r, t) => {
                        format!("{} and {}", count(u64::from(r), "locked room"), count(u64::from(t), "locked tile"))
                    }
                };
                if *over {
                    format!("Locks kept: {what} laid over the map as they were, and joined to it.")
                } else {
                    format!("Locks kept: {what} as they were, their corridors and free doors joined to the map.")
                }
            }
        }
    }

    fn stage(&self) -> Stage {
        match self {
            SharedStep::VaultPlaced { .. } | SharedStep::VaultNotPlaced { .. } => Stage::Vaults,
            SharedStep::PartLaid { .. } => Stage::Beside,
            SharedStep::MarkersPlaced { .. }
            | SharedStep::KeyPlaced { .. }
            | SharedStep::OpeningsChosen { .. }
            | SharedStep::TilesPainted { .. } => Stage::Markers,
            SharedStep::LocksKept { .. } => Stage::KeepLocks,
        }
    }

    fn changes_map(&self) -> bool {
        !matches!(self, SharedStep::VaultNotPlaced { .. })
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            SharedStep::VaultPlaced { room, .. } => Some(*room),
            _ => None,
        }
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        match self {
            SharedStep::VaultPlaced { footprint, .. } => {
                footprint.x += dx;
                footprint.y += dy;
            }
            SharedStep::PartLaid { corner: at, .. } | SharedStep::KeyPlaced { at, .. } => *at = at.offset(dx, dy),
            SharedStep::VaultNotPlaced { .. }
            | SharedStep::MarkersPlaced { .. }
            | SharedStep::OpeningsChosen { .. }
            | SharedStep::TilesPainted { .. }
            | SharedStep::LocksKept { .. } => {}
        }
    }

    /// A vault's footprint, the part beside, where a key went (a vault that found no place is
    /// nowhere; markers, openings and tiles are drawn on the map).
    fn marks(&self, _before: &[Step], _after: &[Step]) -> Vec<Mark> {
        match self {
            SharedStep::VaultPlaced { footprint, .. } => {
                vec![Mark::Frame { area: *footprint, role: Role::Made, shaded: false }]
            }
            SharedStep::PartLaid { corner, width, height, .. } => {
                let area = Rect::new(corner.x, corner.y, *width as i32, *height as i32);
                vec![Mark::Frame { area, role: Role::Made, shaded: false }]
            }
            SharedStep::KeyPlaced { at, .. } => vec![Mark::Ring { at: *at, role: Role::Made }],
            SharedStep::VaultNotPlaced { .. }
            | SharedStep::MarkersPlaced { .. }
            | SharedStep::OpeningsChosen { .. }
            | SharedStep::TilesPainted { .. }
            | SharedStep::LocksKept { .. } => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_kept_names_only_what_was_kept() {
        let said = |rooms, tiles| SharedStep::LocksKept { rooms, tiles, over: true }.sentence();
        assert_eq!(said(1, 0), "Locks kept: 1 locked room laid over the map as they were, and joined to it.");
        assert_eq!(said(0, 6), "Locks kept: 6 locked tiles laid over the map as they were, and joined to it.");
        assert_eq!(
            said(2, 1),
            "Locks kept: 2 locked rooms and 1 locked tile laid over the map as they were, and joined to it."
        );
        // Rooms and tunnels places the kept rooms among its own from the start.
        assert_eq!(
            SharedStep::LocksKept { rooms: 1, tiles: 0, over: false }.sentence(),
            "Locks kept: 1 locked room as they were, their corridors and free doors joined to the map."
        );
    }
}
