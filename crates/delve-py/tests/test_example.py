"""examples/python/levels.py runs, and its walks are real: from the spawn, one step at a time
over walkable tiles, into the farthest room."""

import importlib.util
import subprocess
import sys

import pytest

import delve
from conftest import ROOT

EXAMPLE = ROOT / "examples" / "python" / "levels.py"
tcod = pytest.importorskip("tcod", reason="python-tcod is not installed (pip install tcod)")


def test_the_example_runs():
    for args in ([], ["--numbered", "--floors", "2", "--show"], ["--preset", "grown-treasure", "--floors", "2"]):
        done = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        floors = [line for line in done.stdout.splitlines() if line.startswith("floor ")]
        assert len(floors) == (3 if not args else 2)
        assert all("the farthest room is room" in line for line in floors)
    assert "*" in subprocess.run(
        [sys.executable, str(EXAMPLE), "--floors", "1", "--show"], capture_output=True, text=True, timeout=120
    ).stdout


@pytest.mark.parametrize("preset", delve.SHIPPED_PRESETS)
def test_the_walks_are_real(preset):
    spec = importlib.util.spec_from_file_location("levels", EXAMPLE)
    levels = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(levels)
    for seed in (1, "floor-2"):
        m = delve.generate(preset, seed)
        room, path = levels.walk_to_farthest_room(m)
        assert path, "the farthest room is not the spawn's"
        assert path[-1] in room.cells
        here = m.spawn
        for step in path:
            assert max(abs(step[0] - here[0]), abs(step[1] - here[1])) == 1
            assert m.tiles[step] != 0, "walkable"
            here = step
