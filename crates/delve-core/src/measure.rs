//! A map's figures, by name: [`Stat`], each metric of [`crate::map::metrics::Metrics`] once,
//! with its label and CSV key; and [`SweepRow`], the figures of one seed's map as `delve sweep`
//! writes them (the editor's Explore and seed browser, and the language bindings, read the same).

use crate::generate::{GenError, Generated, ShortfallCause, generate_around};
use crate::map::locks::Kept;
use crate::map::metrics::Metrics;
use crate::params::GeneratorParams;
use std::sync::Arc;
use std::time::Instant;

/// A figure of a map, by which pages are sorted and filtered, panes compared and runs
/// explored: each metric of [`Metrics`] (defined in [`crate::map::metrics`]) once, with its name
/// and how it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stat {
    Seed,
    Rooms,
    Doors,
    Corridors,
    CorridorTiles,
    FloorPercent,
    LongestPath,
    LeafRooms,
    DeadEndCells,
    Loops,
    Depth,
    MeanCorridorLength,
    Markers,
    KeysReached,
    Solvable,
    SolutionLength,
    FreeLocks,
    ExitWithoutKeys,
    StepsToSeeExit,
    SeenOnTheWay,
}

impl Stat {
    pub const ALL: &'static [Stat] = &[
        Stat::Seed,
        Stat::Rooms,
        Stat::Doors,
        Stat::Corridors,
        Stat::CorridorTiles,
        Stat::FloorPercent,
        Stat::LongestPath,
        Stat::LeafRooms,
        Stat::DeadEndCells,
        Stat::Loops,
        Stat::Depth,
        Stat::MeanCorridorLength,
        Stat::Markers,
        Stat::KeysReached,
        Stat::Solvable,
        Stat::SolutionLength,
        Stat::FreeLocks,
        Stat::ExitWithoutKeys,
        Stat::StepsToSeeExit,
        Stat::SeenOnTheWay,
    ];

    /// The figure called `name` as the tables label it (any case) or by its key (`longest path`,
    /// `longest_path`).
    pub fn named(name: &str) -> Option<Stat> {
        let name = name.trim().to_lowercase();
        Stat::ALL.iter().copied().find(|s| s.label() == name || s.key() == name.replace(' ', "_"))
    }

    /// A yes-or-no figure (1 or 0 on one map, a share over many): a condition may name it
    /// alone (`solvable`) or after `not` (`not solvable`).
    pub const fn is_yes_no(self) -> bool {
        matches!(self, Stat::Solvable | Stat::ExitWithoutKeys)
    }

    /// A figure from play: the player's walk with their field of view, measured only when a
    /// run asks for it ([`Figures::WithPlay`]), as it costs more than making most maps.
    pub const fn from_play(self) -> bool {
        matches!(self, Stat::StepsToSeeExit | Stat::SeenOnTheWay)
    }

    /// Every figure of a map (all but the seed).
    pub fn metrics() -> &'static [Stat] {
        &Stat::ALL[1..]
    }

    /// Where the figure stands in [`Stat::metrics`] (`None` for the seed).
    pub const fn metric_index(self) -> Option<usize> {
        (self as usize).checked_sub(1)
    }

    pub const fn label(self) -> &'static str {
        match self {
            Stat::Seed => "seed",
            Stat::Rooms => "rooms",
            Stat::Doors => "doors",
            Stat::Corridors => "corridors",
            Stat::CorridorTiles => "corridor cells",
            Stat::FloorPercent => "floor %",
            Stat::LongestPath => "longest path",
            Stat::LeafRooms => "leaf rooms",
            Stat::DeadEndCells => "dead-end cells",
            Stat::Loops => "loops",
            Stat::Depth => "depth",
            Stat::MeanCorridorLength => "mean corridor length",
            Stat::Markers => "markers",
            Stat::KeysReached => "keys reached %",
            Stat::Solvable => "solvable",
            Stat::SolutionLength => "solution length",
            Stat::FreeLocks => "locks that lock nothing",
            Stat::ExitWithoutKeys => "exit without keys",
            Stat::StepsToSeeExit => "steps to see the exit",
            Stat::SeenOnTheWay => "seen on the way %",
        }
    }

    /// The figure's name in CSV headers and files.
    pub const fn key(self) -> &'static str {
        match self {
            Stat::Seed => "seed",
            Stat::Rooms => "rooms",
            Stat::Doors => "doors",
            Stat::Corridors => "corridors",
            Stat::CorridorTiles => "corridor_cells",
            Stat::FloorPercent => "floor_percent",
            Stat::LongestPath => "longest_path",
            Stat::LeafRooms => "leaf_rooms",
            Stat::DeadEndCells => "dead_end_cells",
            Stat::Loops => "loops",
            Stat::Depth => "depth",
            Stat::MeanCorridorLength => "mean_corridor_length",
            Stat::Markers => "markers",
            Stat::KeysReached => "keys_reached_percent",
            Stat::Solvable => "solvable",
            Stat::SolutionLength => "solution_length",
            Stat::FreeLocks => "free_locks",
            Stat::ExitWithoutKeys => "exit_without_keys",
            Stat::StepsToSeeExit => "steps_to_see_exit",
            Stat::SeenOnTheWay => "seen_on_the_way_percent",
        }
    }

    /// What the figure means, for tooltips.
    pub const fn help(self) -> &'static str {
        match self {
            Stat::Seed => "The seed the map was made from.",
            Stat::Rooms => "Rooms the map lists.",
            Stat::Doors => "Doors the map lists.",
            Stat::Corridors => "Corridors the map lists, each passage once.",
            Stat::CorridorTiles => "Corridor floor tiles.",
            Stat::FloorPercent => "Walkable tiles (room and corridor floor) of all tiles.",
            Stat::LongestPath => "The longest shortest walk from spawn to a reachable tile, in steps.",
            Stat::LeafRooms => "Rooms with exactly one corridor: the dead ends a player walks into.",
            Stat::DeadEndCells => "Corridor tiles with one walkable neighbour: corridors that stop in the rock.",
            Stat::Loops => "Independent cycles of the room graph: corridors − rooms + pieces of the graph.",
            Stat::Depth => "Rooms passed from the spawn's room to the farthest room, along the corridors.",
            Stat::MeanCorridorLength => "Tiles per corridor path.",
            Stat::Markers => "Markers placed: monsters, loot, keys... as the preset's marker kinds say.",
            Stat::KeysReached => {
                "Keys picked up before their locked doors, of all keys, walking the tiles from the spawn and passing a locked door only with its key (100 on maps without keys)."
            }
            Stat::Solvable => {
                "1 when a player walking the tiles from the spawn picks up every key before its lock, reaches every walkable tile and the exit; 0 otherwise. Its mean is the share of solvable maps."
            }
            Stat::SolutionLength => {
                "Steps a player walks from the spawn to the exit, picking up the keys needed on the way, nearest first (0 when the exit is never reached)."
            }
            Stat::FreeLocks => {
                "Locked doors whose far side is reached round them on the tiles, stepping eight ways with every key held: locks that lock nothing."
            }
            Stat::ExitWithoutKeys => {
                "1 when the map has locked doors and a player reaches the exit without any key, stepping eight ways; 0 otherwise."
            }
            Stat::StepsToSeeExit => {
                "Figure from play: steps a player walking the solution (auto-solve) takes before a tile of the exit room first comes into view, seeing 10 tiles far (0: seen from the spawn; none when the exit is never reached)."
            }
            Stat::SeenOnTheWay => {
                "Figure from play: walkable tiles a player walking the solution (auto-solve) has seen by the time they reach the exit, of all walkable tiles, seeing 10 tiles far (none when the exit is never reached)."
            }
        }
    }

    /// Digits after the point when shown.
    pub const fn decimals(self) -> usize {
        match self {
            Stat::FloorPercent | Stat::MeanCorridorLength | Stat::KeysReached | Stat::SeenOnTheWay => 1,
            // Yes or no on one map; a share over many (the mean).
            Stat::Solvable | Stat::ExitWithoutKeys => 2,
            _ => 0,
        }
    }

    /// The figure with what it counts: "368 corridor cells", "27.4% floor".
    pub fn describe(self, v: f64) -> String {
        match self {
            Stat::Seed => format!("seed {v:.0}"),
            Stat::FloorPercent => format!("{v:.1}% floor"),
            Stat::LongestPath => format!("longest path {v:.0}"),
            Stat::Depth if v == 1.0 => "1 room deep".to_string(),
            Stat::Depth => format!("{v:.0} rooms deep"),
            Stat::MeanCorridorLength => format!("{v:.1} tiles per corridor"),
            Stat::KeysReached => format!("{v:.1}% of keys reached before their locks"),
            Stat::Solvable if v >= 1.0 => "solvable".to_string(),
            Stat::Solvable if v <= 0.0 => "not solvable".to_string(),
            Stat::Solvable => format!("{:.1}% solvable", v * 100.0),
            Stat::SolutionLength => format!("solution {v:.0} steps"),
            Stat::ExitWithoutKeys if v >= 1.0 => "exit reached without keys".to_string(),
            Stat::ExitWithoutKeys if v <= 0.0 => "exit behind its locks".to_string(),
            Stat::ExitWithoutKeys => format!("{:.1}% with the exit reached without keys", v * 100.0),
            Stat::FreeLocks if v == 1.0 => "1 lock that locks nothing".to_string(),
            _ if v.is_nan() => format!("no {}", self.label()),
            Stat::StepsToSeeExit if v == 0.0 => "exit in view from the spawn".to_string(),
            Stat::StepsToSeeExit => format!("exit seen after {v:.0} steps"),
            Stat::SeenOnTheWay => format!("{v:.1}% seen on the way"),
            // "1 room", "1 dead-end cell": the label's last word without its plural s.
            _ if v == 1.0 => format!("1 {}", self.label().strip_suffix('s').unwrap_or(self.label())),
            _ => format!("{v:.0} {}", self.label()),
        }
    }

    /// The figure of one map (for `Seed`, the seed; for a figure from play, none: NaN, as
    /// [`SweepRow::measure`] measures those).
    pub fn value(self, seed: u64, m: &Metrics) -> f64 {
        match self {
            Stat::Seed => seed as f64,
            Stat::Rooms => m.figures.rooms as f64,
            Stat::Doors => m.figures.doors as f64,
            Stat::Corridors => m.figures.corridors as f64,
            Stat::CorridorTiles => m.figures.corridor_tiles as f64,
            Stat::FloorPercent => m.figures.floor_fraction * 100.0,
            Stat::LongestPath => m.longest_path as f64,
            Stat::LeafRooms => m.graph.leaf_rooms as f64,
            Stat::DeadEndCells => m.figures.dead_end_cells as f64,
            Stat::Loops => m.graph.loops as f64,
            Stat::Depth => f64::from(m.graph.depth),
            Stat::MeanCorridorLength => m.graph.mean_corridor_length,
            Stat::Markers => f64::from(m.content.markers),
            Stat::KeysReached => m.content.keys_reached_percent,
            Stat::Solvable => f64::from(u8::from(m.content.solvable)),
            Stat::SolutionLength => f64::from(m.content.solution_length),
            Stat::FreeLocks => f64::from(m.content.free_locks),
            Stat::ExitWithoutKeys => f64::from(u8::from(m.content.exit_without_keys)),
            Stat::StepsToSeeExit | Stat::SeenOnTheWay => f64::NAN,
        }
    }
}

/// How many figures a row holds: [`Stat::metrics`].
pub const METRICS: usize = 19;

/// Which figures a run measures: those of the map, or those and the figures from play
/// ([`Stat::from_play`]), which walk the solution with the player's field of view and cost
/// more than making a small map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Figures {
    #[default]
    OfTheMap,
    WithPlay,
}

impl Figures {
    /// Whether a run of these figures measures `stat`.
    pub const fn measures(self, stat: Stat) -> bool {
        !stat.from_play() || matches!(self, Figures::WithPlay)
    }

    /// The figures of [`Stat::metrics`] such a run measures, in that order.
    pub fn stats(self) -> impl Iterator<Item = Stat> {
        Stat::metrics().iter().copied().filter(move |s| self.measures(*s))
    }

    /// With the figures from play when `play`, else those of the map.
    pub const fn with_play(play: bool) -> Figures {
        if play { Figures::WithPlay } else { Figures::OfTheMap }
    }

    /// The figures a run needs to measure `stats`.
    pub fn for_stats(stats: impl IntoIterator<Item = Stat>) -> Figures {
        Figures::with_play(stats.into_iter().any(Stat::from_play))
    }

    /// The figures any of `runs` measured (those from play when one did): what a table of them
    /// all shows.
    pub fn any_of(runs: impl IntoIterator<Item = Figures>) -> Figures {
        Figures::with_play(runs.into_iter().any(|f| f == Figures::WithPlay))
    }
}

/// How a figure from play is walked: the player's default sight and steps.
pub const PLAY_SETTINGS: crate::play::PlaySettings = crate::play::PlaySettings { radius: 10, eight_ways: true };

/// One seed of a sweep: its map's figures, compactly (a run may hold a million). Two rows are
/// equal when every field is, a figure without a value (NaN) equal to one without a value.
#[derive(Clone, Copy, Debug)]
pub struct SweepRow {
    pub seed: u64,
    /// The figures of [`Stat::metrics`], in that order; NaN for one not measured (a figure
    /// from play in a run without them) or without a value on this map (steps to see an exit
    /// that is never reached).
    pub values: [f32; METRICS],
    pub rooms_asked: u32,
    /// Why the generator placed fewer rooms than asked, if it did.
    pub shortfall: Option<ShortfallCause>,
    /// Every walkable tile reachable from spawn.
    pub connected: bool,
    /// Problems `validate()` finds (0 for a sound map).
    pub problems: u32,
    /// Time to generate the map, in microseconds.
    pub micros: f32,
}

impl PartialEq for SweepRow {
    fn eq(&self, other: &Self) -> bool {
        let same = |a: f32, b: f32| a == b || a.is_nan() && b.is_nan();
        self.seed == other.seed
            && self.values.iter().zip(&other.values).all(|(a, b)| same(*a, *b))
            && self.rooms_asked == other.rooms_asked
            && self.shortfall == other.shortfall
            && self.connected == other.connected
            && self.problems == other.problems
            && same(self.micros, other.micros)
    }
}

impl SweepRow {
    /// Generates and measures one seed (around `kept`, when given).
    pub fn of(
        params: &GeneratorParams,
        seed: u64,
        kept: Option<&Arc<Kept>>,
        figures: Figures,
    ) -> Result<SweepRow, GenError> {
        let start = Instant::now();
        let g = generate_around(params, seed, kept)?;
        let micros = start.elapsed().as_secs_f32() * 1e6;
        Ok(SweepRow::measure(seed, &g, micros, figures))
    }

    /// The row of a map generated from `seed` (`micros` the time it took).
    pub fn measure(seed: u64, g: &Generated, micros: f32, figures: Figures) -> SweepRow {
        let survey = crate::map::survey::survey_generated(&g.map);
        let m = survey.metrics;
        let mut values = [0f32; METRICS];
        for (v, s) in values.iter_mut().zip(Stat::metrics()) {
            *v = s.value(seed, &m) as f32;
        }
        if figures == Figures::WithPlay
            && let Some(play) = crate::play::exit_figures_of(&g.map, PLAY_SETTINGS)
        {
            values[Stat::StepsToSeeExit as usize - 1] = play.steps_to_see_exit as f32;
            values[Stat::SeenOnTheWay as usize - 1] = (play.seen_on_the_way * 100.0) as f32;
        }
        SweepRow {
            seed,
            values,
            rooms_asked: g.report.rooms_asked as u32,
            shortfall: g.report.shortfall.as_ref().map(|s| s.cause),
            connected: m.figures.connected,
            problems: survey.problems.len() as u32,
            micros,
        }
    }

    /// The figure `stat` of this row (for `Seed`, the seed).
    pub fn get(&self, stat: Stat) -> f64 {
        match stat.metric_index().and_then(|i| self.values.get(i)) {
            Some(v) => f64::from(*v),
            None => self.seed as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_without_a_value_are_equal_when_the_rest_is() {
        let row = SweepRow {
            seed: 3,
            values: [f32::NAN; METRICS],
            rooms_asked: 1,
            shortfall: None,
            connected: true,
            problems: 0,
            micros: 0.0,
        };
        assert_eq!(row, row.clone());
        let mut other = row;
        other.values[0] = 1.0;
        assert_ne!(row, other);
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(Stat::Rooms.describe(1.0), "1 room");
        assert_eq!(Stat::Rooms.describe(2.0), "2 rooms");
        assert_eq!(Stat::DeadEndCells.describe(1.0), "1 dead-end cell");
        assert_eq!(Stat::Loops.describe(0.0), "0 loops");
        assert_eq!(Stat::Depth.describe(1.0), "1 room deep");
        assert_eq!(Stat::FloorPercent.describe(1.0), "1.0% floor");
        assert_eq!(Stat::Solvable.describe(1.0), "solvable");
        assert_eq!(Stat::Solvable.describe(0.0), "not solvable");
        assert_eq!(Stat::Solvable.describe(0.995), "99.5% solvable");
        assert_eq!(Stat::FreeLocks.describe(1.0), "1 lock that locks nothing");
        assert_eq!(Stat::FreeLocks.describe(0.0), "0 locks that lock nothing");
    }
}
