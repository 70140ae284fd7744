"""Delve's dungeon generators: the same map for the same preset and seed as the Delve editor and
the `delve` CLI, byte for byte.

    import delve
    m = delve.generate("godot-part3", 7)
    m.tiles[x, y]      # numpy uint8, shape (width, height): 0 wall, 1 room floor, 2 corridor, 3 door
    m.walkable()[x, y] # numpy bool, the same shape: what a player without keys may stand on
    m.certificate()    # a player's walk: {"solvable": True, "solution_length": 84, ...}
"""

import os
from typing import Any, Iterator, Literal, Optional, TypedDict, Union, final

from typing_extensions import NotRequired

import numpy as np
import numpy.typing as npt

__all__ = [
    "DelveError",
    "FileError",
    "ParameterError",
    "SHIPPED_PRESETS",
    "GENERATORS",
    "SHIPPED_DUNGEONS",
    "__version__",
    "generate",
    "generate_dungeon",
    "load",
    "_generate_only_ns",
    "Map",
    "Room",
    "Preset",
    "Dungeon",
    "Floor",
    "Link",
]

__version__: str

#: The presets built into Delve, by name.
SHIPPED_PRESETS: list[str]

#: The generators Delve knows, as preset files name them (`Preset.generator`), in the library's
#: order.
GENERATORS: list[str]
#: The dungeons built into Delve, by name, for `generate_dungeon`.
SHIPPED_DUNGEONS: list[str]

_Seed = Union[int, str]
"""A whole number 0..2**64-1 as it is, or any text (hashed as `delve generate --seed TEXT`)."""

_PathLike = Union[str, "os.PathLike[str]"]

_ParamValue = Union[int, float, bool, str, tuple[int, int]]
_NestedValue = Union[int, float, bool, str, None, list[Any], dict[str, Any]]
"""A nested parameter's value (`p["markers.keys.pairs"]`): as in preset files, a range as
{"min": 1, "max": 3}, a list's items by number in the path."""
"""A parameter's value: whole numbers as int, chances as float (0 to 1), ranges as (min, max),
choices by their names in preset files ("ShareWalls"), switches as bool."""

class DelveError(ValueError):
    """Bad input: an unknown preset, a file with a bad value (file, line:col, field, allowed
    range), RON text that is not a preset, a seed that is neither a whole number nor a text, a map
    whose locks cannot be kept, a map file over Delve's limits. The message is the CLI's.

    A file Delve cannot read, parse or write raises `FileError`, a parameter refused
    `ParameterError`: both are DelveErrors, with attributes to read instead of the message."""

class FileError(DelveError):
    """A file Delve could not read, parse or write: a preset (an unknown preset name is a file
    that is not there), a map to load or whose locks to keep, a file to save. RON text given as a
    preset is the file `<preset text>`. The message is the CLI's:
    `path:line:col: reason`, or `path: reason` when the place is not known."""

    path: str
    """The file, as given (or `<preset text>`)."""
    line: Union[int, None]
    """The line of the problem, 1-based; None when not known (a file missing or unwritable)."""
    column: Union[int, None]
    """The column of the problem, 1-based, in characters; None when not known."""
    reason: str
    """The message without `path:line:col: ` in front."""

class ParameterError(DelveError):
    """A parameter refused: a value of the wrong kind or out of range (`Preset.__setitem__`;
    nothing changed), an unknown key or path, or parameters that cannot be generated
    (`generate`, `Preset.generate`: the message lists every problem, `key` names the first)."""

    key: str
    """The parameter's key in preset files (`max_rooms`) or its path (`markers.keys.pairs`)."""
    allowed: Union[str, None]
    """The values it allows, in words, as `Preset.allowed(key)` gives them (`1 to 100000
    tries`); None when Delve has none for it (a nested path, an unknown key)."""
    reason: str
    """What is wrong, without the key in front (`-3 is out of range (allowed 1 to 100000
    tries)`)."""

class _Door(TypedDict):
    """A door, as in the JSON export."""

    id: int
    room: int
    cell: tuple[int, int]
    side: Literal["north", "east", "south", "west"]
    outside: tuple[int, int]
    kind: int
    opening: Literal["door", "locked", "secret", "arch"]
    key: Union[int, None]

class _Marker(TypedDict):
    """A marker, as in the JSON export."""

    kind: str
    at: tuple[int, int]
    room: Union[int, None]
    level: Union[int, None]
    key: Union[int, None]
    glyph: str
    colour: str

class _TileKind(TypedDict):
    """A kind of tile (water, a chasm, a trap...), as in the JSON export's `tile_kinds`; its
    colour as (r, g, b)."""

    name: str
    glyph: str
    colour: tuple[int, int, int]
    walkable: bool
    id: int

class _Corridor(TypedDict):
    """A corridor, as in the JSON export."""

    id: int
    doors: tuple[int, int]
    width: int
    path: list[tuple[int, int]]

class _Metrics(TypedDict):
    """A map's figures, with the keys of `delve sweep`'s CSV (its `micros` column left out)."""

    seed: int
    rooms_asked: int
    rooms: int
    doors: int
    corridors: int
    corridor_cells: int
    floor_percent: float
    longest_path: int
    leaf_rooms: int
    dead_end_cells: int
    loops: int
    depth: int
    mean_corridor_length: float
    markers: int
    keys_reached_percent: float
    solvable: float
    solution_length: int
    free_locks: int
    exit_without_keys: float
    # Only with metrics(play=True); None when the exit is never reached.
    steps_to_see_exit: NotRequired[Union[int, None]]
    seen_on_the_way_percent: NotRequired[Union[float, None]]
    shortfall: Union[str, None]
    connected: bool
    problems: int

class _ExitFigures(TypedDict):
    """What a player feels on the way to the exit (`Map.exit_figures()`)."""

    steps_to_see_exit: int
    seen_on_the_way: float

class _Certificate(TypedDict):
    """A player's walk over the tiles (`Map.certificate()`)."""

    solvable: bool
    solution_length: Union[int, None]
    keys_found: list[int]
    keys_missed: list[int]
    free_locks: list[int]
    exit_without_keys: bool
    spawn_walkable: bool
    unreached: int
    exit: Union[int, None]
    locks: int
    holds: bool
    summary: str

@final
class Room:
    """A room: its floor's tiles and bounds, and what it is for."""

    @property
    def id(self) -> int: ...
    @property
    def bounds(self) -> Union[tuple[int, int, int, int], None]:
        """(x, y, width, height) of the smallest rectangle holding the floor."""
    @property
    def cells(self) -> list[tuple[int, int]]:
        """Every floor tile, (x, y), row by row."""
    @property
    def role(self) -> Union[Literal["entrance", "exit", "treasure", "guard", "side"], None]: ...
    @property
    def label(self) -> Union[str, None]: ...
    @property
    def colour(self) -> tuple[int, int, int]:
        """(r, g, b)"""
    @property
    def locked(self) -> bool: ...

@final
class Map:
    """A map: tiles, rooms, doors, corridors and the spawn, exactly as Delve made it."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def spawn(self) -> tuple[int, int]:
        """Where the player starts, (x, y)."""
    @property
    def seed(self) -> int:
        """The seed the map was made from."""
    @property
    def tiles(self) -> npt.NDArray[np.uint8]:
        """Shape (width, height), indexed [x, y]: 0 wall, 1 room floor, 2 corridor floor, 3 door
        tile. A new array each time it is read."""
    @property
    def terrain(self) -> npt.NDArray[np.uint8]:
        """Shape (width, height), indexed [x, y] as `tiles`: 0 no kind, k the kind
        tile_kinds[k - 1]. A new array each time it is read."""
    def walkable(self, all_keys: bool = False) -> npt.NDArray[np.bool_]:
        """Shape (width, height), indexed [x, y] as `tiles`: floor of a walkable kind and door
        tiles, but locked doors' tiles only when `all_keys`. A new array each call."""
    def transparent(self) -> npt.NDArray[np.bool_]:
        """Shape (width, height), indexed [x, y] as `tiles`: floor of any kind and open arches;
        rock and shut doors block the view. A new array each call."""
    def field_of_view(self, x: int, y: int, radius: int = 0) -> npt.NDArray[np.bool_]:
        """Shape (width, height), indexed [x, y] as `tiles`: what a player on (x, y) sees by
        symmetric shadowcasting over `transparent()` (python-tcod's FOV_SYMMETRIC_SHADOWCAST,
        walls lit; radius 0: unbounded, else dx² + dy² < radius²)."""
    def certificate(self) -> _Certificate:
        """A player's walk over the tiles: solvable, the solution's length, keys found and
        missed, locks that lock nothing, the exit reached without keys, a summary."""
    @property
    def tile_kinds(self) -> list[_TileKind]:
        """The map's palette of tile kinds; empty for a map without any."""
    @property
    def rooms(self) -> list[Room]: ...
    @property
    def doors(self) -> list[_Door]: ...
    @property
    def markers(self) -> list[_Marker]:
        """What stands in the rooms (monsters, loot, keys...), in the order placed."""
    @property
    def corridors(self) -> list[_Corridor]: ...
    @property
    def steps(self) -> Union[list[str], None]:
        """The generation's steps, when generated with record=True."""
    @property
    def report(self) -> Union[str, None]:
        """What the generator built ("placed 12 of 30 rooms"); None for a loaded map."""
    def to_ascii(self) -> str:
        """Byte for byte `delve generate PRESET --seed S --ascii`."""
    def to_json(self) -> str:
        """Byte for byte `delve export PRESET --seed S --format json`."""
    def metrics(self, play: bool = False) -> _Metrics:
        """The figures of `delve sweep`'s CSV row, without `micros` (`delve sweep --play`'s
        with play=True)."""
    def exit_figures(self, radius: int = 10, eight_ways: bool = True) -> Union[_ExitFigures, None]:
        """Walking the certificate's route with field_of_view(x, y, radius): steps until the
        exit room is first in view, and the share of walkable tiles seen on the way; None when
        the exit is never reached."""
    def save(self, path: _PathLike) -> None:
        """Saves a Delve map file (RON), atomically; FileError when it cannot."""

@final
class Preset:
    """A generator and its parameters, by the keys of preset files: p["max_rooms"] = 40; nested
    ones by their path: p["markers.keys.pairs"] = 2, p["markers.kinds.0.density"] = 1.5."""

    def __new__(cls, source: _PathLike) -> "Preset":
        """A shipped preset's name, a preset file's path, or RON text."""
    def __getitem__(self, key: str, /) -> Union[_ParamValue, _NestedValue]: ...
    def __setitem__(self, key: str, value: Union[_ParamValue, _NestedValue], /) -> None:
        """Raises ParameterError for an unknown key or path, or a value of the wrong kind or out
        of range (a nested one: the whole preset checked as a preset file is; nothing changed)."""
    def __contains__(self, key: str, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def keys(self) -> list[str]: ...
    def allowed(self, key: str) -> str:
        """The values `key` allows, in words."""
    @property
    def generator(self) -> str:
        """The generator, as preset files name it: one of `GENERATORS`."""
    @property
    def name(self) -> Union[str, None]: ...
    @property
    def seed(self) -> int: ...
    @seed.setter
    def seed(self, value: _Seed) -> None: ...
    def check(self) -> list[str]:
        """What stops these parameters from being generated; empty when they can be."""
    def to_ron(self) -> str: ...
    def save(self, path: _PathLike) -> None:
        """Saves a preset file (RON), atomically; FileError when it cannot."""
    def copy(self) -> "Preset": ...
    def generate(self, seed: _Seed = ..., *, keep: Union[_PathLike, None] = None, record: bool = False) -> Map:
        """The map of these parameters and `seed` (omitted: the preset's seed)."""

def generate(
    preset: Union[_PathLike, Preset],
    seed: _Seed = ...,
    *,
    keep: Union[_PathLike, None] = None,
    record: bool = False,
) -> Map:
    """The map of `preset` (a shipped name, a path, RON text or a Preset) and `seed` (omitted:
    the preset's seed), exactly as `delve generate PRESET --seed SEED` makes it; around the locks
    of the map file `keep`; with `Map.steps` when `record`. A preset file that cannot be read
    raises FileError, parameters that cannot be generated ParameterError."""

def load(path: _PathLike) -> Map:
    """Reads a Delve map file; FileError when it cannot (line and column when it can tell)."""

@final
class Floor:
    """One floor of a dungeon: its branch, its depth there (from 1), its seed and its map."""

    @property
    def branch(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def map(self) -> Map: ...

@final
class Link:
    """A staircase: its `stairs_down` (or `branch`) on the floor above at (x, y), its
    `stairs_up` on the floor below at the same tile."""

    @property
    def from_branch(self) -> str: ...
    @property
    def from_depth(self) -> int: ...
    @property
    def to_branch(self) -> str: ...
    @property
    def to_depth(self) -> int: ...
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def kind(self) -> Literal["down", "branch"]: ...

@final
class Dungeon:
    """A dungeon made: its floors (the trunk's from the first, then each branch's), the stairs
    between them, and each branch with the depth of its parent it is entered from (None for the
    trunk)."""

    @property
    def name(self) -> Optional[str]: ...
    @property
    def seed(self) -> int: ...
    @property
    def floors(self) -> list[Floor]: ...
    @property
    def links(self) -> list[Link]: ...
    @property
    def branches(self) -> list[tuple[str, Optional[int]]]: ...

def generate_dungeon(dungeon: _PathLike, seed: _Seed = ...) -> Dungeon:
    """Every floor of `dungeon` (a shipped dungeon's name or a dungeon file), exactly as
    `delve dungeon DUNGEON --seed SEED` makes them, each certified by the player's walk.
    FileError for a file that cannot be read; DelveError naming the branch, floor and key of a
    dungeon that cannot be made."""

def _generate_only_ns(preset: Union[_PathLike, Preset], seed: _Seed) -> int:
    """For benchmarks: nanoseconds of the Rust generation alone."""
