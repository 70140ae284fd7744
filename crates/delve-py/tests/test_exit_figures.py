"""`Map.exit_figures()` (and `delve sweep --play`'s columns) judged by python-tcod, not by the
walk that made them: a player who sees the exit from the spawn has 0 steps to see it, and one
who does not needs at least as many steps as the nearest tile from which the exit can be seen,
however the doors stand; the share seen on the way is at least what the spawn alone shows."""

import importlib.util

import numpy as np

import delve
from conftest import PRESETS, missing

RADIUS = 10
SEEDS = range(8)


def fov(transparent: np.ndarray, x: int, y: int) -> np.ndarray:
    import tcod.constants
    import tcod.map

    return tcod.map.compute_fov(
        transparent, (x, y), RADIUS, light_walls=True, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    )


def steps_from(walkable: np.ndarray, x: int, y: int) -> np.ndarray:
    """Steps from (x, y) to every tile, eight ways over `walkable` (unreached: a huge number)."""
    import tcod.path

    dist = np.full(walkable.shape, np.iinfo(np.int32).max, dtype=np.int32)
    dist[x, y] = 0
    tcod.path.dijkstra2d(dist, walkable.astype(np.int32), cardinal=1, diagonal=1, out=dist)
    return dist


def test_exit_figures_agree_with_tcod():
    if importlib.util.find_spec("tcod") is None:
        missing("python-tcod is not installed (pip install tcod)")
    checked = 0
    for name in PRESETS:
        for seed in SEEDS:
            m = delve.generate(name, seed)
            figures = m.exit_figures(radius=RADIUS)
            cert = m.certificate()
            if figures is None:
                assert cert["solution_length"] is None or not cert["spawn_walkable"], (name, seed)
                continue
            exit_tiles = m.rooms[cert["exit"]].cells
            sx, sy = m.spawn
            clear = m.transparent()
            # At the spawn every door is shut: the player sees what tcod sees from there.
            at_spawn = fov(clear, sx, sy)
            seen_at_once = any(at_spawn[x, y] for x, y in exit_tiles)
            assert (figures["steps_to_see_exit"] == 0) == seen_at_once, (name, seed, figures)
            # Every door open and every key held: the most the player could ever see the exit
            # from (the view is symmetric), and the fewest steps to any tile.
            walk_all = m.walkable(all_keys=True)
            see_all = clear | walk_all
            sees_exit = np.zeros_like(clear)
            for x, y in exit_tiles:
                sees_exit |= fov(see_all, x, y)
            dist = steps_from(walk_all, sx, sy)
            nearest = int(dist[sees_exit & walk_all].min())
            assert figures["steps_to_see_exit"] >= nearest, (name, seed, figures, nearest)
            if cert["locks"] == 0 and cert["solution_length"] is not None:
                # Without locks the route is a shortest walk to the exit room, eight ways: never
                # longer than the four-way solution.
                assert figures["steps_to_see_exit"] <= cert["solution_length"], (name, seed, figures)
            spawn_share = (at_spawn & walk_all).sum() / max(walk_all.sum(), 1)
            assert spawn_share - 1e-9 <= figures["seen_on_the_way"] <= 1.0, (name, seed, figures, spawn_share)
            checked += 1
    assert checked >= len(PRESETS) * len(SEEDS) * 3 // 4, f"only {checked} maps reached their exit"


def test_a_wider_sight_sees_the_exit_no_later():
    m = delve.generate("caves", 3)
    near, far = m.exit_figures(radius=4), m.exit_figures(radius=0)
    assert near is not None and far is not None
    assert far["steps_to_see_exit"] <= near["steps_to_see_exit"]
    assert m.exit_figures(radius=10, eight_ways=False)["steps_to_see_exit"] >= 0


def test_the_golden_table_of_figures_from_play():
    """tests/golden/play-figures.tsv, which the Rust tests pin: the same walk in Python."""
    import csv

    from conftest import ROOT

    table = ROOT / "tests" / "golden" / "play-figures.tsv"
    if not table.exists():
        missing(f"{table.relative_to(ROOT)} is not in this checkout")
    with table.open(newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert {r["preset"] for r in rows} >= set(delve.SHIPPED_PRESETS)
    for r in rows:
        figures = delve.generate(r["preset"], int(r["seed"])).metrics(play=True)
        steps, seen = figures["steps_to_see_exit"], figures["seen_on_the_way_percent"]
        assert ("" if steps is None else str(steps)) == r["steps_to_see_exit"], r
        assert ("" if seen is None else f"{seen:.3f}") == r["seen_on_the_way_percent"], r
