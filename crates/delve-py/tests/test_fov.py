"""`Map.field_of_view()`: Delve's symmetric shadowcasting sees exactly what python-tcod's
FOV_SYMMETRIC_SHADOWCAST sees (walls lit), tile for tile, on 1,000 positions over the shipped
presets, with and without a radius: the field of view the editor's play mode draws is the one a
game built on tcod computes."""

import importlib.util

import numpy as np
import pytest

import delve
from conftest import PRESETS, missing

POSITIONS = 1000


def tcod_fov(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    import tcod.constants
    import tcod.map

    return tcod.map.compute_fov(
        transparent, (x, y), radius, light_walls=True, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    )


def positions():
    """1,000 (preset, seed, x, y, radius): spread over every shipped preset, a few seeds each,
    standing on walkable tiles picked by a fixed stream, every other one with a radius."""
    rng = np.random.default_rng(2026)
    per = POSITIONS // len(PRESETS) + 1
    out = []
    for name in PRESETS:
        for k in range(per):
            out.append((name, k // 10, int(rng.integers(1 << 30)), 0 if k % 2 else int(rng.integers(3, 25))))
    return out[:POSITIONS]


def test_field_of_view_agrees_with_tcod_tile_for_tile():
    if importlib.util.find_spec("tcod") is None:
        missing("python-tcod is not installed (pip install tcod)")
    maps = {}
    checked = 0
    for name, seed, pick, radius in positions():
        if (name, seed) not in maps:
            m = delve.generate(name, seed)
            maps[(name, seed)] = (m, m.transparent(), np.argwhere(m.walkable()))
        m, clear, walkable = maps[(name, seed)]
        x, y = (int(v) for v in walkable[pick % len(walkable)])
        ours = m.field_of_view(x, y, radius)
        theirs = tcod_fov(clear, x, y, radius)
        assert ours.shape == theirs.shape
        if not np.array_equal(ours, theirs):
            diff = np.argwhere(ours != theirs)[:5].tolist()
            pytest.fail(f"{name} seed {seed} from ({x}, {y}) radius {radius}: differs at {diff}")
        assert ours[x, y]
        checked += 1
    assert checked == POSITIONS


def test_off_the_map_is_refused_by_name():
    m = delve.generate("godot-part3", 1)
    with pytest.raises(delve.DelveError, match=r"\(80, 3\) is off the map: x is 0 to 79"):
        m.field_of_view(80, 3)
