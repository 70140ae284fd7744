"""examples/python/levels.py runs, and its walks are real: from the spawn, one step at a time
over tiles a player without keys may stand on, into the farthest room. Each step is checked
against the library's mask (`Map.walkable()`) and, apart from it, against the map's own tiles,
tile kinds and doors."""

import importlib.util
import subprocess
import sys

import pytest

import delve
from conftest import ROOT, missing

EXAMPLE = ROOT / "examples" / "python" / "levels.py"


@pytest.fixture(scope="module")
def levels():
    """The example as a module (it needs python-tcod)."""
    if importlib.util.find_spec("tcod") is None:
        missing("python-tcod is not installed (pip install tcod)")
    spec = importlib.util.spec_from_file_location("levels", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_runs(levels):
    for args in ([], ["--numbered", "--floors", "2", "--show"], ["--preset", "grown-treasure", "--floors", "2"]):
        done = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        floors = [line for line in done.stdout.splitlines() if line.startswith("floor ")]
        assert len(floors) == (3 if not args else 2)
        assert all("the farthest room is room" in line for line in floors)
    assert "*" in subprocess.run(
        [sys.executable, str(EXAMPLE), "--floors", "1", "--show"], capture_output=True, text=True, timeout=120
    ).stdout


def may_stand_on(m: delve.Map, x: int, y: int) -> bool:
    """Whether a player holding no key may stand on (x, y), read from the map's own data (not
    from `walkable()`): floor, of a kind that is walkable, and not a locked door's tile."""
    if m.tiles[x, y] == 0:
        return False
    kind = int(m.terrain[x, y])
    if kind and not m.tile_kinds[kind - 1]["walkable"]:
        return False
    return all(d["outside"] != (x, y) for d in m.doors if d["opening"] == "locked")


@pytest.mark.parametrize("preset", delve.SHIPPED_PRESETS)
def test_the_walks_are_real(levels, preset):
    for seed in (1, "floor-2", 7):
        m = delve.generate(preset, seed)
        walkable = m.walkable()
        room, path = levels.walk_to_farthest_room(m)
        assert path, "the farthest room is not the spawn's"
        assert path[-1] in room.cells
        here = m.spawn
        for step in path:
            assert max(abs(step[0] - here[0]), abs(step[1] - here[1])) == 1, f"{here} -> {step}: one step"
            assert walkable[step], f"{preset} {seed!r}: {step} is not walkable by the library's mask"
            assert may_stand_on(m, *step), f"{preset} {seed!r}: {step} is rock, a chasm or a locked door"
            here = step


def test_the_walk_keeps_out_of_chasms_and_locked_doors(levels):
    """On grown-quest (chasms, locked doors) the walks step round what blocks them."""
    blocked_beside = 0
    for seed in range(12):
        m = delve.generate("grown-quest", seed)
        _, path = levels.walk_to_farthest_room(m)
        for x, y in path:
            assert may_stand_on(m, x, y), f"seed {seed}: {x, y}"
            blocked_beside += any(
                0 <= x + dx < m.width and 0 <= y + dy < m.height and m.tiles[x + dx, y + dy] != 0
                and not may_stand_on(m, x + dx, y + dy)
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
            )
    assert blocked_beside > 0, "some walk passes beside a chasm or a locked door"
