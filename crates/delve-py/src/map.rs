//! `delve.Map` and `delve.Room`: a generated (or loaded) map as Python reads it. The map itself
//! stays in Rust; each property builds its Python value when read.

use crate::{delve_error, guarded};
use delve_core::export::{self, json};
use delve_core::generate::{Generated, Report};
use delve_core::geom::{Dir, Grid, Pos};
use delve_core::io;
use delve_core::map::Map as CoreMap;
use delve_core::map::Opening;
use delve_core::map::certify;
use delve_core::map::palette::separate_neighbours;
use delve_core::measure::{Figures, Stat, SweepRow};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// A map: tiles, rooms, doors, corridors and the spawn, exactly as Delve made it.
///
/// `tiles[x, y]` is a numpy `uint8` array of shape `(width, height)`: 0 wall, 1 room floor,
/// 2 corridor floor, 3 door tile (the tile just outside a door, `+` in `to_ascii()`);
/// `terrain[x, y]` the same shape, each floor tile's kind (0 none, `k`: `tile_kinds[k - 1]`);
/// `walkable()` and `transparent()` the same shape, numpy `bool` masks for pathfinding and
/// field of view; `certificate()` a player's walk over the tiles (solvable, the solution's
/// length, locks that lock nothing).
#[pyclass(frozen, module = "delve")]
pub struct Map {
    state: Mutex<State>,
    /// Made by `delve.generate` (a report and the seed it was made from), not read from a file.
    made_here: bool,
    steps: Option<Vec<String>>,
}

/// The map, and whether its room colours are settled yet.
struct State {
    generated: Generated,
    /// `delve.generate` leaves the colours as drawn ([`delve_core::generate::Request::deferring_colours`]) and they
    /// are settled the first time anything but the map's size, spawn, seed or tiles is read,
    /// so a game that reads only the tiles never pays for them; what is read is always the
    /// map `delve generate` makes.
    settled: bool,
}

/// The map, read under its lock.
struct Held<'a>(MutexGuard<'a, State>);

impl std::ops::Deref for Held<'_> {
    type Target = CoreMap;
    fn deref(&self) -> &CoreMap {
        &self.0.generated.map
    }
}

impl Map {
    /// A map just generated, with its steps when recorded, its colours settled or not.
    pub fn new(generated: Generated, settled: bool, steps: Option<Vec<String>>) -> Map {
        Map { state: Mutex::new(State { generated, settled }), made_here: true, steps }
    }

    /// A map read from a file: no report, no steps.
    pub fn loaded(map: CoreMap) -> Map {
        let generated = Generated { map, report: Report::default() };
        Map { state: Mutex::new(State { generated, settled: true }), made_here: false, steps: None }
    }

    /// The map as it is, colours settled or not (for what does not show colours).
    fn drawn(&self) -> Held<'_> {
        // A panic while the lock was held left the map whole (nothing panics mid-change).
        Held(self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    /// The finished map, its colours settled.
    fn map(&self) -> Held<'_> {
        let mut held = self.drawn();
        if !held.0.settled {
            separate_neighbours(&mut held.0.generated.map);
            held.0.settled = true;
        }
        held
    }
}

fn point(p: Pos) -> (i32, i32) {
    (p.x, p.y)
}

fn side(d: Dir) -> &'static str {
    match d {
        Dir::North => "north",
        Dir::East => "east",
        Dir::South => "south",
        Dir::West => "west",
    }
}

/// A mask of the map's grid as a numpy `bool` array of shape `(width, height)`, `[x, y]`: the
/// grid's row-major order is the array's column-major one (as `Map.tiles`).
fn mask_array<'py>(py: Python<'py>, mask: &Grid<bool>) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    let array = PyArray2::<bool>::zeros(py, [w, h], true);
    {
        let mut cells = array.readwrite();
        let out = cells
            .as_slice_mut()
            .map_err(|e| delve_error(format!("internal error: the mask array is not contiguous: {e}")))?;
        if out.len() != mask.as_slice().len() {
            return Err(delve_error("internal error: the mask is not the size of the map"));
        }
        out.copy_from_slice(mask.as_slice());
    }
    Ok(array)
}

#[pymethods]
impl Map {
    /// Tiles across.
    #[getter]
    fn width(&self) -> u32 {
        self.drawn().width()
    }

    /// Tiles down.
    #[getter]
    fn height(&self) -> u32 {
        self.drawn().height()
    }

    /// Where the player starts, `(x, y)`.
    #[getter]
    fn spawn(&self) -> (i32, i32) {
        point(self.drawn().spawn)
    }

    /// The seed the map was generated from (for a loaded map, the one its file records).
    #[getter]
    fn seed(&self) -> u64 {
        self.drawn().provenance.seed
    }

    /// Every tile as a numpy `uint8` array of shape `(width, height)`, indexed `tiles[x, y]`
    /// (Fortran order, as python-tcod's tutorial lays out its maps): 0 wall, 1 room floor,
    /// 2 corridor floor, 3 door tile. A new array each time it is read.
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let map = self.drawn();
        let (w, h) = (map.width() as usize, map.height() as usize);
        // Row-major ids (x + y * w) are exactly the column-major layout of a (w, h) array, so
        // they are written straight into the array's memory.
        let array = PyArray2::<u8>::zeros(py, [w, h], true);
        {
            let mut tiles = array.readwrite();
            let bytes = tiles
                .as_slice_mut()
                .map_err(|e| delve_error(format!("internal error: the tile array is not contiguous: {e}")))?;
            export::write_tile_ids(&map, bytes);
        }
        Ok(array)
    }

    /// Each tile's kind as a numpy `uint8` array of the shape and layout of `tiles`, indexed
    /// `terrain[x, y]`: 0 for a tile without a kind (wall, plain floor), else the kind's number
    /// `k`, the kind `tile_kinds[k - 1]`. Kinds lie on floor only (room or corridor, a door
    /// tile included, which `to_ascii()` shows as `+` whatever its kind). All 0 for a map
    /// without tile kinds. A new array each time it is read.
    #[getter]
    fn terrain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let map = self.drawn();
        let (w, h) = (map.width() as usize, map.height() as usize);
        // Row-major, as the tiles (see `tiles`).
        let array = PyArray2::<u8>::zeros(py, [w, h], true);
        if !map.terrain().is_bare() {
            let mut terrain = array.readwrite();
            let bytes = terrain
                .as_slice_mut()
                .map_err(|e| delve_error(format!("internal error: the terrain array is not contiguous: {e}")))?;
            let grid = map.tiles();
            for (i, b) in bytes.iter_mut().enumerate().take(grid.as_slice().len()) {
                *b = map.tile_kind_number(grid.pos_of(i));
            }
        }
        Ok(array)
    }

    /// What a creature may stand on, as a numpy `bool` array of the shape and layout of
    /// `tiles`, indexed `walkable(...)[x, y]`: floor (room, corridor, door tile) of a walkable
    /// kind (a chasm is not), but not the tile of a locked door, which a player without its key
    /// cannot enter; with `all_keys=True`, locked door tiles too (a player holding every key).
    /// The mask `certificate()`'s walk steps on, ready for python-tcod's pathfinding
    /// (`walkable().astype(np.int8)` as a cost). A new array each call.
    #[pyo3(signature = (all_keys = false))]
    fn walkable<'py>(&self, py: Python<'py>, all_keys: bool) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let mask = guarded("finding the walkable tiles", || Ok(certify::walkable_mask(&self.drawn(), all_keys)))?;
        mask_array(py, &mask)
    }

    /// What a creature sees through, as a numpy `bool` array of the shape and layout of
    /// `tiles`, indexed `transparent()[x, y]`: floor of any kind (water and chasms are seen
    /// across) and door tiles of open arches; rock, and the tiles of shut doors (plain, locked
    /// and secret), block the view. For python-tcod's field of view
    /// (`tcod.map.compute_fov(m.transparent(), pov)`). A new array each call.
    fn transparent<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let mask = guarded("finding the transparent tiles", || Ok(certify::transparent_mask(&self.drawn())))?;
        mask_array(py, &mask)
    }

    /// What a player standing on `(x, y)` sees, by symmetric shadowcasting over `transparent()`
    /// (walls bounding the view seen; `radius` 0: as far as the map goes, else the tiles with
    /// dx² + dy² < radius²): the same tiles as python-tcod's
    /// `compute_fov(m.transparent(), (x, y), radius, algorithm=FOV_SYMMETRIC_SHADOWCAST)`. A numpy
    /// `bool` array of the shape and layout of `tiles`, indexed `[x, y]`.
    #[pyo3(signature = (x, y, radius = 0))]
    fn field_of_view<'py>(&self, py: Python<'py>, x: i64, y: i64, radius: u32) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let map = self.drawn();
        let inside = |v: i64, n: u32| u32::try_from(v).is_ok_and(|v| v < n);
        if !inside(x, map.width()) || !inside(y, map.height()) {
            return Err(delve_error(format!(
                "({x}, {y}) is off the map: x is 0 to {}, y 0 to {}",
                map.width().saturating_sub(1),
                map.height().saturating_sub(1)
            )));
        }
        let mask = guarded("finding what is seen", || {
            let clear = certify::transparent_mask(&map);
            let mut seen = delve_core::geom::Grid::new(map.width(), map.height(), false);
            let from = delve_core::geom::Pos::new(x as i32, y as i32);
            delve_core::fov::field_of_view(
                map.width(),
                map.height(),
                from,
                radius,
                |p| clear.get(p).copied().unwrap_or(false),
                |p| {
                    seen.set(p, true);
                },
            );
            Ok(seen)
        })?;
        mask_array(py, &mask)
    }

    /// What a player feels on the way to the exit, walking the certificate's route (the
    /// nearest key needed until the exit is open, then the exit) a step at a time with the
    /// field of view of `field_of_view(x, y, radius)`, stepping eight ways or four: a dict of
    /// `steps_to_see_exit` (steps until a tile of the exit room is first in view; 0: seen from
    /// the spawn) and `seen_on_the_way` (the share of the walkable tiles seen by the time the
    /// exit room is reached, 0 to 1). None when the exit is never reached. With the defaults,
    /// `delve sweep --play`'s columns.
    #[pyo3(signature = (radius = 10, eight_ways = true))]
    fn exit_figures<'py>(
        &self,
        py: Python<'py>,
        radius: u32,
        eight_ways: bool,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let settings = delve_core::play::PlaySettings { radius, eight_ways };
        let map = self.drawn();
        let figures = guarded("walking to the exit", || Ok(delve_core::play::exit_figures_of(&map, settings)))?;
        let Some(f) = figures else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("steps_to_see_exit", f.steps_to_see_exit)?;
        dict.set_item("seen_on_the_way", f.seen_on_the_way)?;
        Ok(Some(dict))
    }

    /// A player's walk over the tiles (never the room graph), as a dict, the same walk as
    /// `delve sweep`'s `solvable`, `solution_length`, `free_locks` and `exit_without_keys`
    /// columns and `delve check`:
    ///
    /// - `solvable`: every key is picked up before its door is needed, every walkable tile is
    ///   reached once the keys are held, and the exit is reached (stepping four ways);
    /// - `solution_length`: the steps from the spawn, picking up the keys needed nearest first,
    ///   to the exit's nearest tile; None when the exit is never reached;
    /// - `keys_found`: key numbers in the order the walk picks them up (the solution's first);
    /// - `keys_missed`: key numbers no walk reaches;
    /// - `free_locks`: ids of locked doors that lock nothing (all round them is reached, with
    ///   that door alone closed, stepping eight ways);
    /// - `exit_without_keys`: on a map with locked doors, the exit is reached holding no key
    ///   (stepping eight ways);
    /// - `spawn_walkable`, `unreached` (walkable tiles never reached), `exit` (the exit room's
    ///   index in `rooms`, or None), `locks` (locked doors);
    /// - `holds`: solvable, with no free lock and no exit without keys;
    /// - `summary`: the walk's story in a line ("solvable in 84 steps").
    fn certificate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = guarded("walking the map", || Ok(certify::certify(&self.drawn())))?;
        let dict = PyDict::new(py);
        dict.set_item("solvable", c.solvable)?;
        dict.set_item("solution_length", c.solution_length)?;
        dict.set_item("keys_found", &c.keys_found)?;
        dict.set_item("keys_missed", &c.keys_missed)?;
        dict.set_item("free_locks", &c.free_locks)?;
        dict.set_item("exit_without_keys", c.exit_without_keys)?;
        dict.set_item("spawn_walkable", c.spawn_walkable)?;
        dict.set_item("unreached", c.unreached)?;
        dict.set_item("exit", c.exit)?;
        dict.set_item("locks", c.locks)?;
        dict.set_item("holds", c.holds())?;
        dict.set_item("summary", c.summary())?;
        Ok(dict)
    }

    /// The map's palette of tile kinds (water, a chasm, a trap, ... as the preset declares
    /// them), each a dict as in the JSON export's `tile_kinds`: `name`, `glyph` (its character
    /// in `to_ascii()` and the JSON's `terrain` rows), `colour` (`(r, g, b)`, as Delve draws
    /// it), `walkable` (whether a creature can stand on it) and `id` (4 + its index: its id in
    /// the CSV export and Delve's Tiled tileset). Empty for a map without tile kinds.
    #[getter]
    fn tile_kinds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (i, k) in self.drawn().terrain().kinds().iter().enumerate() {
            let dict = PyDict::new(py);
            dict.set_item("name", &k.name)?;
            dict.set_item("glyph", k.glyph)?;
            dict.set_item("colour", (k.colour[0], k.colour[1], k.colour[2]))?;
            dict.set_item("walkable", k.walkable)?;
            dict.set_item("id", export::kind_id(i))?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The rooms, in the map's order.
    #[getter]
    fn rooms(&self) -> Vec<Room> {
        self.map().rooms.iter().map(Room::of).collect()
    }

    /// The doors, each a dict as in the JSON export: `id`, `room`, `cell` (x, y), `side`
    /// (north, east, south or west), `outside` (x, y), `kind`, `opening` (door, locked, secret or
    /// arch) and `key` (the number of the key that opens a locked door, else None).
    #[getter]
    fn doors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for d in &self.map().doors {
            let dict = PyDict::new(py);
            dict.set_item("id", d.id)?;
            dict.set_item("room", d.room)?;
            dict.set_item("cell", point(d.cell))?;
            dict.set_item("side", side(d.side))?;
            dict.set_item("outside", point(d.outside()))?;
            dict.set_item("kind", d.kind)?;
            dict.set_item("opening", d.opening.name())?;
            dict.set_item("key", if let Opening::Locked(k) = d.opening { Some(k) } else { None })?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// What stands in the rooms, in the order placed, each a dict as in the JSON export: `kind`
    /// (`monster`, `key`, ... as the preset names it), `at` (x, y), `room` (its id, or None),
    /// `level` (its difficulty level, or None), `key` (a key's number, or None), `glyph` and
    /// `colour` (`#rrggbb`, as Delve draws it).
    #[getter]
    fn markers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for m in json::markers_of(&self.drawn()) {
            let dict = PyDict::new(py);
            dict.set_item("kind", m.kind)?;
            dict.set_item("at", (m.at.0, m.at.1))?;
            dict.set_item("room", m.room)?;
            dict.set_item("level", m.level)?;
            dict.set_item("key", m.key)?;
            dict.set_item("glyph", m.glyph)?;
            dict.set_item("colour", m.colour)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The corridors, each a dict as in the JSON export: `id`, `doors` (the two door ids),
    /// `width` and `path` (the centre line, a list of (x, y)).
    #[getter]
    fn corridors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for c in &self.map().corridors {
            let dict = PyDict::new(py);
            dict.set_item("id", c.id)?;
            dict.set_item("doors", (c.doors[0], c.doors[1]))?;
            dict.set_item("width", c.width)?;
            dict.set_item("path", c.path.iter().map(|p| point(*p)).collect::<Vec<_>>())?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The generation's steps, one sentence each, when generated with `record=True`; else None.
    #[getter]
    fn steps(&self) -> Option<Vec<String>> {
        self.steps.clone()
    }

    /// What the generator built, as `delve generate` reports it ("placed 12 of 30 rooms ...");
    /// None for a map read from a file.
    #[getter]
    fn report(&self) -> Option<String> {
        self.made_here.then(|| self.map().0.generated.report.to_string())
    }

    /// The map as text, byte for byte what `delve generate PRESET --seed S --ascii` prints:
    /// `#` wall, `.` room floor, `,` corridor floor, a tile of a kind its kind's glyph, `+` door
    /// (a locked door: its key's number), `@` spawn, and each marker its kind's glyph.
    fn to_ascii(&self) -> String {
        self.map().to_ascii()
    }

    /// The map as JSON, byte for byte what `delve export PRESET --seed S --format json` writes.
    fn to_json(&self) -> PyResult<String> {
        json::to_json(&self.map()).map_err(|e| delve_error(format!("cannot write the map as JSON: {e}")))
    }

    /// The map's figures, with the keys of `delve sweep`'s CSV columns: `seed`, `rooms_asked`,
    /// each figure (`rooms`, `doors`, `corridors`, `corridor_cells`, `floor_percent`,
    /// `longest_path`, `leaf_rooms`, `dead_end_cells`, `loops`, `depth`,
    /// `mean_corridor_length`, `markers`, `keys_reached_percent`, and the walk's `solvable`,
    /// `solution_length`, `free_locks` and `exit_without_keys`, as `certificate()` finds them),
    /// `shortfall` (a cause's key, or None), `connected` and `problems`. Whole figures are
    /// ints, the others floats to three places, as the CSV writes them (`solvable` and
    /// `exit_without_keys` are 1.0 or 0.0, a share over many maps; `solution_length` 0 when
    /// the exit is never reached). The
    /// CSV's `micros` (the time to generate) is left out: it differs on every run. For a map
    /// read from a file, `rooms_asked` is 0 and `shortfall` None (no report).
    ///
    /// With `play=True`, the figures from play too, as `delve sweep --play` adds them after
    /// `exit_without_keys`: `steps_to_see_exit` and `seen_on_the_way_percent` (`exit_figures()`
    /// with its defaults), None when the exit is never reached.
    #[pyo3(signature = (play = false))]
    fn metrics<'py>(&self, py: Python<'py>, play: bool) -> PyResult<Bound<'py, PyDict>> {
        let figures = Figures::with_play(play);
        let row =
            guarded("measuring the map", || Ok(SweepRow::measure(self.seed(), &self.map().0.generated, 0.0, figures)))?;
        let dict = PyDict::new(py);
        dict.set_item("seed", row.seed)?;
        dict.set_item("rooms_asked", row.rooms_asked)?;
        for (s, v) in Stat::metrics().iter().zip(row.values) {
            if !figures.measures(*s) {
                continue;
            }
            if v.is_nan() {
                dict.set_item(s.key(), py.None())?;
            } else if s.decimals() == 0 {
                dict.set_item(s.key(), v as i64)?;
            } else {
                // The CSV's text of the figure, read back: `f"{x:.3f}"` gives the CSV's text.
                let text = format!("{v:.3}");
                dict.set_item(s.key(), text.parse::<f64>().unwrap_or(f64::from(v)))?;
            }
        }
        dict.set_item("shortfall", row.shortfall.map(|c| c.key()))?;
        dict.set_item("connected", row.connected)?;
        dict.set_item("problems", row.problems)?;
        Ok(dict)
    }

    /// Saves the map as a Delve map file (RON), atomically: what `delve generate --out` writes
    /// and `delve.load` and the editor read.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let map = self.map();
        let map: &CoreMap = &map;
        py.detach(|| guarded("saving the map", || io::save_map(&path, map).map_err(crate::file_error)))
    }

    fn __repr__(&self) -> String {
        let m = self.map();
        format!("<delve.Map {}×{}, {} rooms, seed {}>", m.width(), m.height(), m.rooms.len(), m.provenance.seed)
    }

    fn __str__(&self) -> String {
        self.to_ascii()
    }
}

/// A room: its floor's tiles and bounds, and what it is for.
#[pyclass(frozen, module = "delve", get_all)]
pub struct Room {
    /// The room's id (doors name their room by it).
    id: u32,
    /// The smallest rectangle holding the floor, `(x, y, width, height)`; None for a room with
    /// no floor.
    bounds: Option<(i32, i32, i32, i32)>,
    /// Every floor tile, `(x, y)`, row by row.
    cells: Vec<(i32, i32)>,
    /// `entrance`, `exit`, `treasure`, `guard` or `side`; None for a room without a role.
    role: Option<&'static str>,
    /// The designer's label, if any.
    label: Option<String>,
    /// The room's colour, `(r, g, b)`.
    colour: (u8, u8, u8),
    /// Kept as it is when the map is generated again around its locks.
    locked: bool,
}

impl Room {
    fn of(r: &delve_core::map::Room) -> Room {
        let mut cells = r.shape.cells();
        cells.sort_by_key(|p| (p.y, p.x));
        Room {
            id: r.id,
            bounds: r.shape.bounds().map(|b| (b.x, b.y, b.w, b.h)),
            cells: cells.into_iter().map(point).collect(),
            role: r.role.map(|role| role.name()),
            label: r.label.clone(),
            colour: (r.colour.0, r.colour.1, r.colour.2),
            locked: r.locked,
        }
    }
}

#[pymethods]
impl Room {
    fn __repr__(&self) -> String {
        let role = self.role.map_or(String::new(), |r| format!(" ({r})"));
        let at = self.bounds.map_or(String::new(), |(x, y, w, h)| format!(" at ({x}, {y}), {w}×{h}"));
        format!("<delve.Room {}{role}{at}, {} tiles>", self.id, self.cells.len())
    }
}
