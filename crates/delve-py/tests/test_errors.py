"""Bad input raises `delve.DelveError` (a ValueError) with the CLI's message — never a crash,
a panic or another exception — and the interpreter lives on."""

import pathlib
import random
import subprocess
import sys

import pytest

import delve
from conftest import ROOT, run_cli

GOOD_PRESET = (ROOT / "presets" / "godot-part3.ron").read_text()


def cli_error(cli: str, *args: str) -> str:
    """The message the CLI prints for a command that fails (without `error: `)."""
    done = subprocess.run([cli, *args], capture_output=True, timeout=120)
    assert done.returncode != 0, "the CLI refuses it too"
    text = done.stderr.decode()
    assert text.startswith("error: "), text
    return text[len("error: ") :].rstrip("\n")


def raised(call) -> str:
    with pytest.raises(delve.DelveError) as e:
        call()
    assert isinstance(e.value, ValueError)
    return str(e.value)


def test_unknown_preset_name(cli):
    expected = cli_error(cli, "generate", "no-such-preset", "--ascii")
    assert raised(lambda: delve.generate("no-such-preset", 1)) == expected
    assert raised(lambda: delve.Preset("no-such-preset")) == expected
    assert "godot-part3" in expected.split("(shipped: ")[1]


@pytest.mark.parametrize(
    "change, words",
    [
        (("max_rooms: 30", "max_rooms: -3"), ":13:21: max_rooms: -3 is out of range (allowed 1 to 100000 tries)"),
        (("max_rooms: 30", "max_rooms: 1e9"), "max_rooms: expected a whole number (allowed 1 to 100000 tries)"),
        (("direct_tunnel_chance: 0.0", "direct_tunnel_chance: yes"), "direct_tunnel_chance"),
        (("overlap: ShareWalls", "overlap: Sideways"), "Sideways"),
        ((")),\n)", ")),\n"), "cut off"),
    ],
)
def test_preset_file_with_a_bad_value(cli, tmp_path, change, words):
    path = tmp_path / "bad.ron"
    path.write_text(GOOD_PRESET.replace(*change))
    expected = cli_error(cli, "generate", str(path), "--ascii")
    assert expected.startswith(f"{path}:"), "the file, then line:col"
    assert words in expected
    assert raised(lambda: delve.generate(str(path), 1)) == expected
    assert raised(lambda: delve.generate(path)) == expected
    assert raised(lambda: delve.Preset(str(path))) == expected


def test_parameters_that_cannot_be_generated(cli, tmp_path):
    path = tmp_path / "tiny.ron"
    path.write_text(GOOD_PRESET.replace("width: 80", "width: 5"))
    expected = cli_error(cli, "generate", str(path), "--ascii")
    assert raised(lambda: delve.generate(str(path), 3)) == expected
    assert "width: must be between 8 and 4096 tiles, not 5" in expected


@pytest.mark.parametrize(
    "text",
    ["(foo: 1)", "(version: 1, generator: Nope(()))", "(", "(version: 2, seed: 0, generator: RoomsAndTunnels(()))"],
)
def test_ron_text_that_is_not_a_preset(cli, text):
    expected = cli_error(cli, "generate", text, "--ascii")
    assert expected.startswith("<preset text>")
    assert raised(lambda: delve.generate(text, 1)) == expected
    assert raised(lambda: delve.Preset(text)) == expected


def test_a_map_file_is_not_a_preset(cli, tmp_path):
    path = tmp_path / "map.ron"
    delve.generate("godot-part3", 1).save(path)
    expected = cli_error(cli, "generate", str(path), "--ascii")
    assert raised(lambda: delve.generate(str(path))) == expected
    assert "this is a map file, expected a preset file" in expected


@pytest.mark.parametrize(
    "seed, words",
    [
        (1.5, "seed 1.5: expected a whole number (0 to 18446744073709551615) or a text, not float"),
        (None, "seed None: expected a whole number"),
        (-1, "seed -1: expected a whole number from 0 to 18446744073709551615, or a text"),
        (2**64, "seed 18446744073709551616: expected a whole number from 0 to"),
        (True, "not a bool"),
        (b"7", "not bytes"),
        ([7], "not list"),
        (object(), "not object"),
    ],
)
def test_a_seed_neither_number_nor_text(seed, words):
    assert words in raised(lambda: delve.generate("godot-part3", seed))
    assert words in raised(lambda: delve.Preset("godot-part3").generate(seed))
    p = delve.Preset("godot-part3")
    assert words in raised(lambda: setattr(p, "seed", seed))


def test_a_seed_with_a_lone_surrogate():
    assert "not valid Unicode" in raised(lambda: delve.generate("godot-part3", "\ud800"))


def test_locks_that_cannot_be_kept(cli, tmp_path):
    m = delve.generate("godot-part3", 5)
    path = tmp_path / "locks.ron"
    m.save(path)
    # A locked tile of a room that is not locked.
    x, y = m.rooms[0].cells[0]
    text = path.read_text()
    path.write_text(text[: text.rindex(")")] + f"    locked_tiles: [({x}, {y}, 1)],\n)\n")
    expected = cli_error(cli, "generate", "godot-part3", "--seed", "3", "--keep", str(path), "--ascii")
    assert expected.startswith(f"{path}: the locked tile at ")
    assert raised(lambda: delve.generate("godot-part3", 3, keep=str(path))) == expected


def test_locks_of_a_map_larger_than_the_preset(cli, tmp_path):
    from conftest import lock_rooms

    big = delve.Preset("godot-part3")
    big["width"], big["height"] = 200, 120
    m = big.generate(4)
    path = tmp_path / "big-locks.ron"
    m.save(path)
    far = max(m.rooms, key=lambda r: r.bounds[0] + r.bounds[1])
    path.write_text(lock_rooms(path.read_text(), [far.id]))
    expected = cli_error(cli, "generate", "godot-part3", "--seed", "3", "--keep", str(path), "--ascii")
    assert raised(lambda: delve.generate("godot-part3", 3, keep=path)) == expected
    assert expected.startswith(str(path))


def test_keep_a_file_that_is_missing_or_not_a_map(cli, tmp_path):
    missing = tmp_path / "nope.ron"
    expected = cli_error(cli, "generate", "godot-part3", "--keep", str(missing), "--ascii")
    assert raised(lambda: delve.generate("godot-part3", keep=missing)) == expected
    preset = ROOT / "presets" / "godot-part3.ron"
    expected = cli_error(cli, "generate", "godot-part3", "--keep", str(preset), "--ascii")
    assert raised(lambda: delve.generate("godot-part3", keep=preset)) == expected
    assert "record=True" in raised(lambda: delve.generate("godot-part3", 1, keep=preset, record=True))


@pytest.mark.parametrize(
    "width, height",
    [(5000, 5000), (9000, 1), (0, 10), (4096, 4097), (4294967295, 4294967295)],
)
def test_a_map_file_over_budget(cli, tmp_path, width, height):
    path = tmp_path / "huge.ron"
    path.write_text(f"(version: 1, width: {width}, height: {height}, tiles: [], spawn: (0, 0))\n")
    expected = cli_error(cli, "generate", "godot-part3", "--keep", str(path), "--ascii")
    assert f"the map is {width}×{height}; expected a width and height of 1 to 8192" in expected
    assert raised(lambda: delve.load(path)) == expected
    assert raised(lambda: delve.generate("godot-part3", 1, keep=path)) == expected


def test_a_map_listing_more_than_it_holds(tmp_path):
    path = tmp_path / "long.ron"
    path.write_text(
        "(version: 1, width: 2, height: 1, tiles: [\"..\"], spawn: (0, 0), corridors: "
        "[(id: 0, path: \"0,0 E1000000000\", doors: (0, 1))])\n"
    )
    assert "long.ron" in raised(lambda: delve.load(path))


HOSTILE = sorted((ROOT / "tests" / "hostile").glob("*.ron"))


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.name)
def test_hostile_files_load_or_raise_delve_error(path):
    for call in (lambda: delve.load(path), lambda: delve.Preset(str(path)), lambda: delve.generate(str(path), 1)):
        try:
            result = call()
        except delve.DelveError as e:
            assert str(e)
        else:
            assert result is not None


def test_garbage_never_escapes_as_anything_else(tmp_path):
    rng = random.Random(29)
    alphabet = "()[]{}:,.\"'#-+0123456789 \nabcxyzversiongeneratorRoomsAndTunnelsGrownRoomswidthtiles"
    for _ in range(300):
        text = "(" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 200)))
        try:
            delve.generate(text, rng.randint(0, 2**64 - 1))
        except delve.DelveError:
            pass
        path = tmp_path / "garbage.ron"
        path.write_bytes(bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 300))))
        for call in (lambda: delve.load(path), lambda: delve.generate("godot-part3", 1, keep=path)):
            try:
                call()
            except delve.DelveError:
                pass
    for bad in (None, 7, 1.5, b"godot-part3", ["godot-part3"]):
        with pytest.raises(delve.DelveError):
            delve.generate(bad)
    with pytest.raises(delve.DelveError):
        delve.generate("godot-part3", 1, keep=tmp_path)  # a folder
    with pytest.raises(TypeError):
        delve.generate("godot-part3", 1, 2)  # too many arguments: Python's own error
    with pytest.raises(TypeError):
        delve.load(None)


def test_the_interpreter_survives_every_bad_input(tmp_path):
    script = f"""
import delve
bad = [
    lambda: delve.generate("no-such"),
    lambda: delve.generate("(", 1),
    lambda: delve.generate("godot-part3", 1.5),
    lambda: delve.generate("godot-part3", -1),
    lambda: delve.load({str(tmp_path / "missing.ron")!r}),
    lambda: delve.Preset("godot-part3").__setitem__("max_rooms", 10**100),
]
for call in bad:
    try:
        call()
    except delve.DelveError:
        pass
    else:
        raise SystemExit("no error")
print(delve.generate("godot-part3", 1).width)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "80\n"
    assert "panicked" not in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        "(tiles: " + "[" * 1_000_000 + ")",
        "(version: 1, seed: 0, generator: RoomsAndTunnels((roles: " + "(x: " * 100_000 + ")))",
        "(" * 1_000_000,
    ],
    ids=["nested-lists", "nested-structs", "open-parens"],
)
def test_deeply_nested_text_is_an_error_not_a_stack_overflow(tmp_path, text):
    assert raised(lambda: delve.generate(text, 1)).startswith("<preset text>:1:")
    path = tmp_path / "deep.ron"
    path.write_text(text)
    assert raised(lambda: delve.load(path)).startswith(f"{path}:")


def test_a_device_is_not_read(cli):
    """/dev/zero (which never ends) as a preset, a map to load or a map to keep: refused at once,
    before a byte is read, with the CLI's message. Run in a child interpreter with a time limit,
    so that a read that never ends fails the test instead of hanging it."""
    script = (
        "import delve, time\n"
        "for call in (lambda: delve.generate('/dev/zero', 1), lambda: delve.load('/dev/zero'),\n"
        "             lambda: delve.generate('godot-part3', 1, keep='/dev/zero')):\n"
        "    start = time.monotonic()\n"
        "    try:\n"
        "        call()\n"
        "    except delve.DelveError as e:\n"
        "        print(f'{time.monotonic() - start:.3f}\\t{e}')\n"
        "    else:\n"
        "        print('no error')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3, done.stdout
    for line in lines:
        seconds, message = line.split("\t", 1)
        assert float(seconds) < 2.0, line
        assert "/dev/zero" in message and "not a regular file" in message, message
    assert lines[0].split("\t", 1)[1] == cli_error(cli, "generate", "/dev/zero", "--seed", "1", "--ascii")
