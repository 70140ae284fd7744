"""The module makes what the CLI makes: `to_ascii`, `to_json` and `metrics` against
`delve generate --ascii`, `delve export --format json` and `delve sweep --csv`, for every
shipped preset, whole-number and text seeds, the preset's own seed, and around locks."""

import csv

import pytest

import delve
from conftest import PRESETS, run_cli

SEEDS = ["0", "7", "123456789", "18446744073709551615", "floor-3", " 42 ", "dragon's lair"]


def as_seed(text: str):
    """The seed as a Python caller would type it: a whole number as int, any other text as str."""
    return int(text) if text.strip().isdigit() else text


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_ascii_is_the_clis(cli, preset, seed):
    expected = run_cli(cli, "generate", preset, "--seed", seed, "--ascii").stdout
    assert delve.generate(preset, as_seed(seed)).to_ascii().encode() == expected
    # Text that is a whole number is that number, as on the command line.
    assert delve.generate(preset, seed).to_ascii().encode() == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_the_presets_own_seed_is_the_clis_default(cli, preset):
    expected = run_cli(cli, "generate", preset, "--ascii").stdout
    assert delve.generate(preset).to_ascii().encode() == expected
    assert delve.Preset(preset).generate().to_ascii().encode() == expected


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", ["1", "99", "floor-2"])
def test_json_is_the_clis(cli, tmp_path, preset, seed):
    out = tmp_path / "map.json"
    run_cli(cli, "export", preset, "--seed", seed, "--format", "json", "--out", str(out))
    assert delve.generate(preset, as_seed(seed)).to_json().encode() == out.read_bytes()
    # The room colours are settled when first read (reading the tiles does not need them):
    # read after the tiles, and more than once, they are still the CLI's.
    m = delve.generate(preset, as_seed(seed))
    tiles = m.tiles.copy()
    rooms = [r.colour for r in m.rooms]
    assert m.to_json().encode() == out.read_bytes()
    assert [r.colour for r in m.rooms] == rooms
    assert (m.tiles == tiles).all()


def cell(value) -> str:
    """A metrics value as `delve sweep` writes it in its CSV."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


@pytest.mark.parametrize("preset", PRESETS)
def test_metrics_are_the_sweeps(cli, tmp_path, preset):
    out = tmp_path / "sweep.csv"
    run_cli(cli, "sweep", preset, "--seeds", "0..12", "--csv", str(out), "--jobs", "1")
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12
    for row in rows:
        figures = delve.generate(preset, int(row["seed"])).metrics()
        assert list(figures) == [k for k in row if k != "micros"], "the CSV's columns, in order, without micros"
        assert {k: cell(v) for k, v in figures.items()} == {k: v for k, v in row.items() if k != "micros"}


@pytest.mark.parametrize("seed", ["3", "11", "floor-1"])
def test_keep_is_generate_keep(cli, locked_map, seed):
    expected = run_cli(cli, "generate", "godot-part3", "--seed", seed, "--keep", str(locked_map), "--ascii").stdout
    m = delve.generate("godot-part3", as_seed(seed), keep=str(locked_map))
    assert m.to_ascii().encode() == expected
    assert delve.generate("godot-part3", as_seed(seed), keep=locked_map).to_ascii() == m.to_ascii(), "a PathLike"
    locked = [r for r in m.rooms if r.locked]
    assert len(locked) == 1, "the locked room is kept, and still locked"
    assert m.to_ascii() != delve.generate("godot-part3", as_seed(seed)).to_ascii()


def test_keep_around_a_grown_map(cli, tmp_path):
    from conftest import lock_rooms

    path = tmp_path / "grown.ron"
    delve.generate("grown-shapes", 2).save(path)
    path.write_text(lock_rooms(path.read_text(), [0, 1]))
    expected = run_cli(cli, "generate", "grown-shapes", "--seed", "9", "--keep", str(path), "--ascii").stdout
    assert delve.generate("grown-shapes", 9, keep=path).to_ascii().encode() == expected


def test_saved_maps_are_the_clis(cli, tmp_path):
    ours, theirs = tmp_path / "ours.ron", tmp_path / "theirs.ron"
    delve.generate("tiendil-step6", 4).save(ours)
    run_cli(cli, "generate", "tiendil-step6", "--seed", "4", "--out", str(theirs))
    assert ours.read_bytes() == theirs.read_bytes()


@pytest.mark.parametrize("seed", ["3", "7"])
def test_markers_and_door_openings_are_the_clis(cli, tmp_path, seed):
    out = tmp_path / "quest.json"
    run_cli(cli, "export", "grown-quest", "--seed", seed, "--format", "json", "--out", str(out))
    import json

    expected = json.loads(out.read_text())
    m = delve.generate("grown-quest", int(seed))
    markers = m.markers
    assert len(markers) == len(expected["markers"]) > 0
    for got, want in zip(markers, expected["markers"]):
        assert got["kind"] == want["kind"] and list(got["at"]) == want["at"]
        assert (got["room"], got["level"], got["key"]) == (want["room"], want.get("level"), want.get("key"))
        assert (got["glyph"], got["colour"]) == (want["glyph"], want["colour"])
        x, y = got["at"]
        assert m.to_ascii().splitlines()[y][x] == got["glyph"]
    for got, want in zip(m.doors, expected["doors"]):
        assert got["opening"] == want.get("opening", "door") and got["key"] == want.get("key")
    locked = [d for d in m.doors if d["opening"] == "locked"]
    keys = sorted(mk["key"] for mk in markers if mk["kind"] == "key")
    # Two keys, each opening one locked door or more (the doors every way to what it guards passes).
    assert keys == [1, 2] and sorted({d["key"] for d in locked}) == keys and len(locked) >= len(keys)
    assert len(m.doors) == len(expected["doors"])
    # A map without markers has none, and plain doors.
    plain = delve.generate("grown-treasure", int(seed))
    assert plain.markers == [] and all(d["opening"] == "door" and d["key"] is None for d in plain.doors)


@pytest.mark.parametrize("seed", ["1", "3", "7", "floor-2"])
def test_tile_kinds_and_terrain_are_the_clis(cli, tmp_path, seed):
    out = tmp_path / "quest.json"
    run_cli(cli, "export", "grown-quest", "--seed", seed, "--format", "json", "--out", str(out))
    import json

    expected = json.loads(out.read_text())
    m = delve.generate("grown-quest", as_seed(seed))
    kinds = m.tile_kinds
    assert len(kinds) == len(expected["tile_kinds"]) == 3
    for got, want in zip(kinds, expected["tile_kinds"]):
        assert (got["name"], got["glyph"], got["walkable"], got["id"]) == (
            want["name"],
            want["glyph"],
            want["walkable"],
            want["id"],
        )
        assert "#%02x%02x%02x" % got["colour"] == want["colour"]
    # The terrain's numbers, as glyphs, are the JSON's `terrain` rows.
    t = m.terrain
    glyphs = ["."] + [k["glyph"] for k in kinds]
    rows = ["".join(glyphs[t[x, y]] for x in range(m.width)) for y in range(m.height)]
    assert rows == expected["terrain"]
    # And the CLI's ASCII shows each kind's glyph where no door, marker or spawn is drawn over it.
    ascii = run_cli(cli, "generate", "grown-quest", "--seed", seed, "--ascii").stdout.decode().splitlines()
    marked = {tuple(mk["at"]) for mk in m.markers} | {m.spawn}
    shown = 0
    for y, row in enumerate(ascii):
        for x, c in enumerate(row):
            if t[x, y] and (x, y) not in marked and m.tiles[x, y] != 3:
                assert c == glyphs[t[x, y]], f"({x}, {y}): {c!r}"
                shown += 1
            elif (x, y) not in marked and m.tiles[x, y] != 3:
                assert c not in glyphs[1:], f"({x}, {y}): {c!r} on a tile of no kind"
    assert shown > 0
    # A map without tile kinds has none, and no terrain in the JSON.
    plain = delve.generate("grown-treasure", as_seed(seed))
    assert plain.tile_kinds == [] and not plain.terrain.any()
    assert "tile_kinds" not in json.loads(plain.to_json()) and "terrain" not in json.loads(plain.to_json())


@pytest.mark.parametrize("preset", PRESETS)
def test_play_metrics_are_the_sweeps(cli, tmp_path, preset):
    """`metrics(play=True)` is `delve sweep --play`'s row: the play columns after the walk's,
    None where the CSV's cell is empty (the exit never reached)."""
    out = tmp_path / "sweep.csv"
    run_cli(cli, "sweep", preset, "--seeds", "0..12", "--play", "--csv", str(out), "--jobs", "1")
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12
    assert list(rows[0])[-6:-4] == ["steps_to_see_exit", "seen_on_the_way_percent"]
    for row in rows:
        m = delve.generate(preset, int(row["seed"]))
        figures = m.metrics(play=True)
        assert list(figures) == [k for k in row if k != "micros"]
        assert {k: cell(v) for k, v in figures.items()} == {k: v for k, v in row.items() if k != "micros"}
        exit_figures = m.exit_figures()
        if exit_figures is None:
            assert figures["steps_to_see_exit"] is None and figures["seen_on_the_way_percent"] is None
        else:
            assert figures["steps_to_see_exit"] == exit_figures["steps_to_see_exit"]
        # Without play, the row has no play columns.
        assert "steps_to_see_exit" not in m.metrics()
