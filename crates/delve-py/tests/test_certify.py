"""`Map.walkable()`, `Map.transparent()` and `Map.certificate()`: the masks agree with what the
map's own tiles, tile kinds and doors say, on grown-quest (chasms, water, locked doors) over many
seeds; the walk finds grown-quest solvable, as `delve sweep` does."""

import csv

import numpy as np
import pytest

import delve
from conftest import run_cli

QUEST_SEEDS = range(50)


def expected_walkable(m: delve.Map, all_keys: bool) -> np.ndarray:
    """What may be stood on, from the tiles, the tile kinds and the doors (not from the mask)."""
    out = m.tiles != 0
    terrain = m.terrain
    for k, kind in enumerate(m.tile_kinds, start=1):
        if not kind["walkable"]:
            out &= terrain != k
    if not all_keys:
        for d in m.doors:
            if d["opening"] == "locked":
                out[d["outside"]] = False
    return out


def expected_transparent(m: delve.Map) -> np.ndarray:
    """What is seen through: any floor, but door tiles only of arches."""
    out = m.tiles != 0
    for d in m.doors:
        if d["opening"] != "arch":
            out[d["outside"]] = False
    return out


@pytest.mark.parametrize("seed", QUEST_SEEDS)
def test_the_masks_are_the_maps(seed):
    m = delve.generate("grown-quest", seed)
    for all_keys in (False, True):
        got = m.walkable(all_keys=all_keys)
        assert got.dtype == np.bool_ and got.shape == (m.width, m.height) == m.tiles.shape
        np.testing.assert_array_equal(got, expected_walkable(m, all_keys))
    np.testing.assert_array_equal(m.walkable(), m.walkable(False))
    got = m.transparent()
    assert got.dtype == np.bool_ and got.shape == m.tiles.shape
    np.testing.assert_array_equal(got, expected_transparent(m))


def test_the_masks_differ_where_they_should():
    """Over the seeds, the masks part where the map says they do: chasms (floor, seen across, not
    walked), locked doors (walked with the keys only), shut doors (walked, not seen through)."""
    chasm = locked = shut = 0
    for seed in QUEST_SEEDS:
        m = delve.generate("grown-quest", seed)
        walk, keys, see, floor = m.walkable(), m.walkable(all_keys=True), m.transparent(), m.tiles != 0
        chasm += int(np.count_nonzero(floor & ~keys & see))
        locked += int(np.count_nonzero(keys & ~walk))
        shut += int(np.count_nonzero(walk & ~see))
        assert not np.any(walk & ~keys), "holding keys closes nothing"
        assert not np.any(walk & ~floor) and not np.any(see & ~floor), "rock is neither walked nor seen through"
        x, y = m.spawn
        assert walk[x, y]
    assert chasm > 0 and locked > 0 and shut > 0, (chasm, locked, shut)


def test_a_map_without_kinds_or_locks():
    m = delve.generate("godot-part3", 3)
    np.testing.assert_array_equal(m.walkable(), m.tiles != 0)
    np.testing.assert_array_equal(m.walkable(all_keys=True), m.tiles != 0)
    c = m.certificate()
    assert c["locks"] == 0 and c["free_locks"] == [] and c["exit_without_keys"] is False
    assert c["keys_found"] == [] and c["keys_missed"] == []


def test_the_masks_are_new_arrays():
    m = delve.generate("grown-quest", 2)
    a = m.walkable()
    a[:] = False
    assert m.walkable().any()
    b = m.transparent()
    b[:] = False
    assert m.transparent().any()


@pytest.fixture(scope="module")
def quest_sweep(cli, tmp_path_factory):
    """`delve sweep grown-quest --seeds 0..50`'s CSV rows, by seed."""
    out = tmp_path_factory.mktemp("sweep") / "quest.csv"
    run_cli(cli, "sweep", "grown-quest", "--seeds", f"0..{len(QUEST_SEEDS)}", "--csv", str(out))
    with out.open(newline="") as f:
        return {int(r["seed"]): r for r in csv.DictReader(f)}


def test_grown_quest_is_solvable_as_the_sweep_says(quest_sweep):
    assert sorted(quest_sweep) == list(QUEST_SEEDS)
    for seed in QUEST_SEEDS:
        m = delve.generate("grown-quest", seed)
        c = m.certificate()
        row = quest_sweep[seed]
        assert c["solvable"] is True, f"seed {seed}: {c['summary']}"
        assert c["solvable"] == (float(row["solvable"]) == 1.0), f"seed {seed}: the sweep says {row['solvable']}"
        assert c["solution_length"] == int(row["solution_length"]) > 0
        assert len(c["free_locks"]) == int(row["free_locks"])
        assert c["exit_without_keys"] == (float(row["exit_without_keys"]) == 1.0)
        assert c["spawn_walkable"] and c["unreached"] == 0 and c["keys_missed"] == []
        assert c["summary"].startswith(f"solvable in {c['solution_length']} steps"), c["summary"]


def test_the_certificate_reads_the_map():
    """Its keys are the map's keys, its locks the map's locked doors, its exit a room."""
    for seed in range(10):
        m = delve.generate("grown-quest", seed)
        c = m.certificate()
        assert set(c) == {
            "solvable", "solution_length", "keys_found", "keys_missed", "free_locks", "exit_without_keys",
            "spawn_walkable", "unreached", "exit", "locks", "holds", "summary",
        }  # fmt: skip
        keys = sorted(mk["key"] for mk in m.markers if mk["key"] is not None)
        locked = [d for d in m.doors if d["opening"] == "locked"]
        assert sorted(c["keys_found"]) == keys and c["locks"] == len(locked) > 0
        assert set(c["free_locks"]) <= {d["id"] for d in locked}
        assert c["exit"] is not None and 0 <= c["exit"] < len(m.rooms)
        assert c["holds"] == (c["solvable"] and not c["free_locks"] and not c["exit_without_keys"])
        assert m.metrics()["solvable"] == (1.0 if c["solvable"] else 0.0)


def test_a_loaded_map_walks_as_saved(tmp_path):
    m = delve.generate("grown-quest", 4)
    path = tmp_path / "quest.ron"
    m.save(path)
    back = delve.load(path)
    assert back.certificate() == m.certificate()
    np.testing.assert_array_equal(back.walkable(), m.walkable())


def test_an_unsolvable_map_says_why(tmp_path):
    """A map whose spawn is moved onto rock: not solvable, and the summary says so."""
    m = delve.generate("grown-quest", 4)
    path = tmp_path / "quest.ron"
    m.save(path)
    text = path.read_text()
    sx, sy = m.spawn
    assert f"spawn: ({sx}, {sy})" in text
    path.write_text(text.replace(f"spawn: ({sx}, {sy})", "spawn: (0, 0)", 1))
    c = delve.load(path).certificate()
    assert c["solvable"] is False and c["spawn_walkable"] is False and c["solution_length"] is None
    assert c["summary"].startswith("not solvable: the spawn is not on a walkable tile"), c["summary"]
