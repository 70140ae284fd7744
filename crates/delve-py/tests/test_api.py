"""The module's API: `generate` with every kind of preset and seed, the map's tiles and tile
kinds (numpy, [x, y]) against its ASCII, rooms, doors and corridors against the JSON export,
steps, saving and loading."""

import json

import numpy as np
import pytest

import delve
from conftest import PRESETS

ASCII_IDS = {"#": 0, ".": 1, ",": 2, "+": 3}


def tiles_from_ascii(m: delve.Map) -> np.ndarray:
    """The tile ids the ASCII form shows, [x, y] (the spawn `@`, the markers' glyphs and the tile
    kinds' glyphs stand on floor: looked up in the JSON rows; a locked door shows its key's
    number)."""
    rows = m.to_ascii().splitlines()
    floor = json.loads(m.to_json())["rows"]
    marked = {tuple(mk["at"]) for mk in m.markers}
    glyphs = {k["glyph"] for k in m.tile_kinds}
    ids = np.zeros((m.width, m.height), dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "@" or (x, y) in marked or c in glyphs:
                ids[x, y] = ASCII_IDS[floor[y][x]]
            elif c.isdigit():
                ids[x, y] = ASCII_IDS["+"]
            else:
                ids[x, y] = ASCII_IDS[c]
    return ids


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [0, 7, "floor-9"])
def test_tiles_agree_with_ascii(preset, seed):
    m = delve.generate(preset, seed)
    t = m.tiles
    assert t.dtype == np.uint8 and t.shape == (m.width, m.height)
    assert np.array_equal(t, tiles_from_ascii(m))
    x, y = m.spawn
    assert t[x, y] in (1, 2, 3), "the spawn stands on floor"
    assert m.to_ascii().splitlines()[y][x] == "@"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [0, 7, "floor-9"])
def test_terrain_agrees_with_ascii(preset, seed):
    """A tile of a kind shows its kind's glyph, unless a door, a marker or the spawn is drawn
    over it; no other tile shows a kind's glyph."""
    m = delve.generate(preset, seed)
    t, kinds = m.terrain, m.tile_kinds
    assert t.dtype == np.uint8 and t.shape == (m.width, m.height) and t.flags["F_CONTIGUOUS"]
    assert t.max(initial=0) <= len(kinds)
    assert not (t[m.tiles == 0]).any(), "tile kinds lie on floor only"
    if preset == "grown-quest":
        assert t.any(), "grown-quest lays water, chasms and traps"
    else:
        assert kinds == [] and not t.any()
    glyph_of = {k["glyph"]: n for n, k in enumerate(kinds, 1)}
    marked = {tuple(mk["at"]) for mk in m.markers}
    tiles = m.tiles
    for y, row in enumerate(m.to_ascii().splitlines()):
        for x, c in enumerate(row):
            if (x, y) == m.spawn or (x, y) in marked or tiles[x, y] == 3:
                continue
            assert glyph_of.get(c, 0) == t[x, y], f"({x}, {y}) is {c!r}, of kind number {t[x, y]}"


def test_tile_kinds_are_the_presets():
    m = delve.generate("grown-quest", 7)
    kinds = m.tile_kinds
    assert [(k["name"], k["glyph"], k["walkable"]) for k in kinds] == [
        ("water", "~", True),
        ("chasm", ":", False),
        ("trap", "^", True),
    ]
    assert [k["id"] for k in kinds] == [4, 5, 6], "4 + the index, as the CSV and JSON number them"
    for k in kinds:
        assert isinstance(k["colour"], tuple) and len(k["colour"]) == 3
        assert all(isinstance(c, int) and 0 <= c <= 255 for c in k["colour"])
    # A chasm cannot be stood on: no marker and not the spawn.
    t = m.terrain
    chasm = 1 + [k["name"] for k in kinds].index("chasm")
    assert t[m.spawn] != chasm
    assert all(t[tuple(mk["at"])] != chasm for mk in m.markers)


def test_terrain_is_a_fresh_array_each_time():
    m = delve.generate("grown-quest", 3)
    a = m.terrain
    assert a.any()
    a[:] = 0
    assert m.terrain.any(), "changing one array leaves the map as it was"


def test_tiles_are_a_fresh_array_each_time():
    m = delve.generate("godot-part3", 1)
    a = m.tiles
    a[:] = 0
    assert m.tiles.any(), "changing one array leaves the map as it was"
    assert m.tiles.flags["F_CONTIGUOUS"], "[x, y] laid out as python-tcod's tutorial lays out maps"


def test_sizes_spawn_seed_report():
    m = delve.generate("godot-part3", 7)
    assert (m.width, m.height) == (80, 45)
    assert isinstance(m.spawn, tuple) and len(m.spawn) == 2
    assert m.seed == 7
    assert m.report.startswith("placed ")
    assert str(m) == m.to_ascii()
    assert "80×45" in repr(m)


def test_same_input_same_map_text_seeds_hashed():
    a, b = delve.generate("grown-shapes", "floor-2"), delve.generate("grown-shapes", "floor-2")
    assert a.to_json() == b.to_json()
    assert delve.generate("grown-shapes", "floor-3").to_json() != a.to_json()
    assert delve.generate("godot-part3", "12").to_ascii() == delve.generate("godot-part3", 12).to_ascii()
    assert delve.generate("godot-part3", seed=12).to_ascii() == delve.generate("godot-part3", 12).to_ascii()
    assert delve.generate("godot-part3", 2**64 - 1).seed == 2**64 - 1


def test_presets_by_path_ron_text_and_object(root):
    by_name = delve.generate("mcrogueface-part3", 3).to_ascii()
    path = root / "presets" / "mcrogueface-part3.ron"
    assert delve.generate(str(path), 3).to_ascii() == by_name
    assert delve.generate(path, 3).to_ascii() == by_name, "a pathlib.Path"
    assert delve.generate(path.read_text(), 3).to_ascii() == by_name, "RON text"
    assert delve.generate(delve.Preset("mcrogueface-part3"), 3).to_ascii() == by_name


@pytest.mark.parametrize("preset", PRESETS)
def test_rooms_doors_corridors_mirror_the_json(preset):
    m = delve.generate(preset, 5)
    j = json.loads(m.to_json())
    assert len(m.rooms) == len(j["rooms"]) > 0
    for room, jr in zip(m.rooms, j["rooms"]):
        assert room.id == jr["id"]
        b = jr["bounds"]
        assert room.bounds == (b["x"], b["y"], b["w"], b["h"])
        assert len(room.cells) == jr["area"] == len(set(room.cells))
        assert room.role == jr["role"]
        assert room.label == jr["label"]
        assert "#%02x%02x%02x" % room.colour == jr["colour"]
        assert room.locked is False
        for x, y in room.cells:
            assert m.tiles[x, y] in (1, 3) or m.tiles[x, y] == 1
            assert b["x"] <= x < b["x"] + b["w"] and b["y"] <= y < b["y"] + b["h"]
    tuples = lambda v: tuple(tuples(x) for x in v) if isinstance(v, list) else v  # noqa: E731
    # A plain door's `opening` and `key` are left out of the JSON.
    plain = {"opening": "door", "key": None}
    assert [{**plain, **{k: tuples(v) for k, v in d.items()}} for d in j["doors"]] == m.doors
    jc = [{k: tuples(v) if k != "path" else [tuple(p) for p in v] for k, v in c.items()} for c in j["corridors"]]
    assert jc == m.corridors
    for d in m.doors:
        assert m.tiles[d["outside"]] == 3, "a door's outside tile is a door tile"


def test_roles_are_given():
    m = delve.generate("grown-treasure", 1)
    roles = {r.role for r in m.rooms}
    assert {"entrance", "exit", "treasure", "guard"} <= roles
    assert "treasure" in repr(next(r for r in m.rooms if r.role == "treasure"))


@pytest.mark.parametrize("preset", ["godot-part3", "grown-shapes"])
def test_record_gives_steps(preset):
    m = delve.generate(preset, 4, record=True)
    assert m.steps and all(isinstance(s, str) and s for s in m.steps)
    assert m.to_ascii() == delve.generate(preset, 4).to_ascii(), "recording does not change the map"
    assert delve.generate(preset, 4).steps is None


def test_save_and_load(tmp_path):
    m = delve.generate("grown-treasure", 2)
    path = tmp_path / "level.ron"
    m.save(path)
    back = delve.load(path)
    assert back.to_ascii() == m.to_ascii()
    assert back.to_json() == m.to_json()
    assert np.array_equal(back.tiles, m.tiles)
    assert back.report is None and back.seed == 2
    mine, theirs = m.metrics(), back.metrics()
    assert theirs["rooms_asked"] == 0 and theirs["shortfall"] is None
    assert {k: v for k, v in mine.items() if k not in ("rooms_asked", "shortfall")} == {
        k: v for k, v in theirs.items() if k not in ("rooms_asked", "shortfall")
    }
    m.save(str(path))  # over the old file, atomically
    assert delve.load(str(path)).to_json() == m.to_json()


def test_tile_kinds_are_saved_and_loaded(tmp_path):
    m = delve.generate("grown-quest", 5)
    path = tmp_path / "quest.ron"
    m.save(path)
    back = delve.load(path)
    assert back.tile_kinds == m.tile_kinds and len(m.tile_kinds) == 3
    assert np.array_equal(back.terrain, m.terrain) and m.terrain.any()
    assert back.to_ascii() == m.to_ascii()


def test_metrics_keys_and_kinds():
    f = delve.generate("godot-part3", 7).metrics()
    assert list(f)[:2] == ["seed", "rooms_asked"] and list(f)[-3:] == ["shortfall", "connected", "problems"]
    assert "micros" not in f
    assert isinstance(f["floor_percent"], float) and isinstance(f["rooms"], int)
    assert f["connected"] is True and f["problems"] == 0
    assert "micros" in delve.Map.metrics.__doc__


def test_docstrings_and_module():
    assert delve.DelveError.__mro__[1] is ValueError
    for thing in (delve.generate, delve.load, delve.Map, delve.Preset, delve.Room, delve.Map.to_json):
        assert thing.__doc__, thing
    assert "godot-part3" in delve.SHIPPED_PRESETS
    assert delve.__version__


def test_generators_are_the_library_s_own_and_name_every_shipped_preset_s():
    """`delve.GENERATORS` is asked of the library: each name reads as a preset of that
    generator (its defaults), and every shipped preset's generator is among them."""
    assert len(set(delve.GENERATORS)) == len(delve.GENERATORS) > 0
    shipped = {delve.Preset(p).generator for p in delve.SHIPPED_PRESETS}
    assert shipped == set(delve.GENERATORS), "every generator ships a preset, and no other"
    with pytest.raises(delve.FileError, match="NoSuchGenerator"):
        delve.Preset("(generator: NoSuchGenerator(()))")


def test_a_shipped_name_is_never_shadowed_by_a_file(tmp_path, monkeypatch):
    """As in the CLI: a shipped name means the shipped preset whatever the folder holds;
    `./NAME` reads the file."""
    expected = delve.generate("godot-part3", 3).to_ascii()
    (tmp_path / "godot-part3").write_text("not a preset")
    monkeypatch.chdir(tmp_path)
    assert delve.generate("godot-part3", 3).to_ascii() == expected
    with pytest.raises(delve.DelveError, match="godot-part3"):
        delve.generate("./godot-part3", 3)
