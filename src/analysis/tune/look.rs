//! The look of a parameter set's maps ([`Look`]): how much of the map is floor, how large its
//! typical room is, and how much of the floor is corridor. Tune keeps it (unless told not to):
//! a proposal whose maps look unlike the current ones — a map of a few huge rooms, corridor
//! spaghetti between rooms of one tile — is not one a designer would take, whatever its
//! figures.

use crate::generate::{GenError, generate_around};
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use delve_core::measure::{Figures, Stat, SweepRow};
use std::sync::Arc;
use std::time::Instant;

/// How far a proposal's look may move from the current maps': a quarter of each figure either
/// way (relative), ...
pub const TOLERANCE: f64 = 0.25;
/// ... or these few, for a figure near 0 (floor and corridor shares as fractions, room area
/// in tiles).
const SLACK: Look = Look { floor: 0.01, room_area: 2.0, corridor: 0.01 };

/// What the look is, in the words the Tune window and `delve tune` print.
pub const TOLERANCE_WORDS: &str =
    "floor share, median room area and corridor share each within ±25% of the current maps'";

/// One map's look, or a mean over maps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Look {
    /// Walkable tiles of all tiles, 0 to 1.
    pub floor: f64,
    /// The median room's floor tiles (0 without rooms).
    pub room_area: f64,
    /// Corridor floor of all the walkable floor, 0 to 1.
    pub corridor: f64,
}

impl Look {
    /// The look of a generated map whose row is `row`.
    fn of(map: &crate::map::Map, row: &SweepRow) -> Look {
        let floor = row.get(Stat::FloorPercent) / 100.0;
        let tiles = f64::from(map.width()) * f64::from(map.height());
        let floor_tiles = (floor * tiles).max(1.0);
        let mut areas: Vec<usize> = map.rooms.iter().map(|r| r.shape.area()).collect();
        areas.sort_unstable();
        let room_area = match areas.len() {
            0 => 0.0,
            n if n % 2 == 1 => areas[n / 2] as f64,
            n => (areas[n / 2 - 1] + areas[n / 2]) as f64 / 2.0,
        };
        let corridor = (row.get(Stat::CorridorTiles) / floor_tiles).clamp(0.0, 1.0);
        Look { floor, room_area, corridor }
    }

    /// Whether this look is within [`TOLERANCE`] of `reference` on every figure.
    pub fn keeps(&self, reference: &Look) -> bool {
        let near = |a: f64, b: f64, slack: f64| (a - b).abs() <= (b.abs() * TOLERANCE).max(slack);
        near(self.floor, reference.floor, SLACK.floor)
            && near(self.room_area, reference.room_area, SLACK.room_area)
            && near(self.corridor, reference.corridor, SLACK.corridor)
    }

    /// `floor 38% (was 41%), rooms 52 tiles (was 55), corridors 12% (was 11%)`.
    pub fn describe(&self, reference: &Look) -> String {
        format!(
            "floor {:.0}% (was {:.0}%), median room {:.0} tiles (was {:.0}), corridors {:.0}% of floor (was {:.0}%)",
            self.floor * 100.0,
            reference.floor * 100.0,
            self.room_area,
            reference.room_area,
            self.corridor * 100.0,
            reference.corridor * 100.0
        )
    }

    pub(super) fn add(&mut self, other: &Look) {
        self.floor += other.floor;
        self.room_area += other.room_area;
        self.corridor += other.corridor;
    }

    pub(super) fn scaled(&self, by: f64) -> Look {
        Look { floor: self.floor * by, room_area: self.room_area * by, corridor: self.corridor * by }
    }
}

/// Generates and measures one seed (around `kept`): the sweep's row and the map's look.
pub(super) fn measure_one(
    params: &GeneratorParams,
    seed: u64,
    kept: Option<&Arc<Kept>>,
    figures: Figures,
) -> Result<(SweepRow, Look), GenError> {
    let start = Instant::now();
    let g = generate_around(params, seed, kept)?;
    let micros = start.elapsed().as_secs_f32() * 1e6;
    let row = SweepRow::measure(seed, &g, micros, figures);
    let look = Look::of(&g.map, &row);
    Ok((row, look))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_keeps_within_a_quarter_either_way() {
        let r = Look { floor: 0.4, room_area: 40.0, corridor: 0.2 };
        assert!(Look { floor: 0.49, room_area: 31.0, corridor: 0.16 }.keeps(&r));
        assert!(!Look { floor: 0.51, ..r }.keeps(&r));
        assert!(!Look { room_area: 29.0, ..r }.keeps(&r));
        assert!(!Look { corridor: 0.26, ..r }.keeps(&r));
        // Near 0, a hair of slack.
        let zero = Look { corridor: 0.0, ..r };
        assert!(Look { corridor: 0.005, ..r }.keeps(&zero) && !Look { corridor: 0.05, ..r }.keeps(&zero));
    }
}
