"""The kinds of `delve.DelveError` a program can catch and read without parsing the message:
`delve.FileError` (path, line, column, reason) for a file Delve cannot read, parse or write, and
`delve.ParameterError` (key, allowed, reason) for a parameter refused. Their messages are the
CLI's, as every DelveError's; `except delve.DelveError` still catches them; other errors (seeds,
locks) stay plain DelveErrors."""

import pickle
import re
import subprocess

import pytest

import delve
from conftest import ROOT

GOOD_PRESET = (ROOT / "presets" / "godot-part3.ron").read_text()


def cli_output(cli: str, *args: str) -> str:
    """What the CLI prints (standard output, then standard error) for a command that fails."""
    done = subprocess.run([cli, *args], capture_output=True, timeout=120)
    assert done.returncode != 0, "the CLI refuses it too"
    return done.stdout.decode() + done.stderr.decode()


def caught(kind, call):
    """The exception `call` raises: of `kind`, and a DelveError and a ValueError whatever it is."""
    with pytest.raises(kind) as e:
        call()
    assert isinstance(e.value, delve.DelveError) and isinstance(e.value, ValueError)
    return e.value


def test_the_kinds_are_delve_errors():
    assert issubclass(delve.FileError, delve.DelveError)
    assert issubclass(delve.ParameterError, delve.DelveError)
    assert not issubclass(delve.FileError, delve.ParameterError)
    assert not issubclass(delve.ParameterError, delve.FileError)
    assert delve.FileError.__module__ == delve.ParameterError.__module__ == "delve"
    assert {"DelveError", "FileError", "ParameterError"} <= set(dir(delve))


@pytest.mark.parametrize(
    "change",
    [("max_rooms: 30", "max_rooms: -3"), ("max_rooms: 30", "max_rooms: 1e9"), (")),\n)", ")),\n")],
    ids=["out-of-range", "wrong-kind", "cut-off"],
)
def test_a_preset_file_with_a_bad_value_says_where(cli, tmp_path, change):
    """The line and column are the ones `delve check FILE` prints, the message the CLI's."""
    path = tmp_path / "bad.ron"
    path.write_text(GOOD_PRESET.replace(*change))
    said = cli_output(cli, "check", str(path)).splitlines()[0]
    place = re.match(re.escape(str(path)) + r":(\d+):(\d+): (.*)$", said)
    assert place, said
    for call in (lambda: delve.Preset(str(path)), lambda: delve.generate(path, 1)):
        e = caught(delve.FileError, call)
        assert (e.path, e.line, e.column, e.reason) == (str(path), int(place[1]), int(place[2]), place[3])
        assert str(e) == said
    if change[1] == "max_rooms: -3":
        assert (e.line, e.column) == (13, 21)
        assert e.reason == "max_rooms: -3 is out of range (allowed 1 to 100000 tries)"


def test_preset_text_is_the_file_preset_text(cli):
    text = "(version: 1, seed: 0,\n generator: Nope(()))"
    e = caught(delve.FileError, lambda: delve.Preset(text))
    assert (e.path, e.line) == ("<preset text>", 2)
    assert isinstance(e.column, int) and e.column >= 1
    assert str(e) == f"<preset text>:2:{e.column}: {e.reason}"
    assert str(e) in cli_output(cli, "generate", text, "--ascii")


def test_a_missing_file_has_no_line(cli, tmp_path):
    missing = tmp_path / "nope.ron"
    as_map = cli_output(cli, "check", str(missing)).splitlines()[0]
    as_preset = cli_output(cli, "generate", str(missing), "--ascii").removeprefix("error: ").rstrip("\n")
    for call, expected in (
        (lambda: delve.load(missing), as_map),
        (lambda: delve.generate("godot-part3", 1, keep=missing), as_map),
        (lambda: delve.Preset(str(missing)), as_preset),
    ):
        e = caught(delve.FileError, call)
        assert (e.path, e.line, e.column) == (str(missing), None, None)
        assert e.reason.startswith("cannot read the file: ")
        assert str(e) == f"{missing}: {e.reason}" == expected
    # An unknown preset name is a file that is not there, as the CLI says.
    e = caught(delve.FileError, lambda: delve.generate("no-such-preset"))
    assert (e.path, e.line, e.column) == ("no-such-preset", None, None)
    assert "godot-part3" in e.reason.split("(shipped: ")[1]


def test_a_map_file_that_is_not_a_map(tmp_path):
    path = tmp_path / "preset.ron"
    path.write_text(GOOD_PRESET)
    e = caught(delve.FileError, lambda: delve.load(path))
    assert e.path == str(path) and str(e) == f"{path}: {e.reason}"
    assert "this is a preset file, expected a map file" in e.reason


def test_saving_where_nothing_can_be_written(tmp_path):
    """A folder that is a file: not writable even for root."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    target = blocker / "map.ron"
    for call in (lambda: delve.generate("godot-part3", 1).save(target), lambda: delve.Preset("caves").save(target)):
        e = caught(delve.FileError, call)
        assert (e.path, e.line, e.column) == (str(target), None, None)
        assert e.reason.startswith("cannot save the file: ")
        assert str(e) == f"{target}: {e.reason}"
    assert not target.exists()


def test_a_value_out_of_range():
    p = delve.Preset("godot-part3")
    e = caught(delve.ParameterError, lambda: p.__setitem__("max_rooms", -3))
    assert (e.key, e.allowed) == ("max_rooms", "1 to 100000 tries") == ("max_rooms", p.allowed("max_rooms"))
    assert e.reason == "-3 is out of range (allowed 1 to 100000 tries)"
    assert str(e) == f"max_rooms: {e.reason}"
    assert p["max_rooms"] == 30, "nothing changed"


@pytest.mark.parametrize(
    "key, value",
    [("max_rooms", 1.5), ("room_size", (9, 4)), ("overlap", "Sideways"), ("roles_entrance_exit", 1), ("width", 10**30)],
)
def test_every_refused_flat_value(key, value):
    p = delve.Preset("godot-part3")
    e = caught(delve.ParameterError, lambda: p.__setitem__(key, value))
    assert (e.key, e.allowed) == (key, p.allowed(key))
    assert str(e) == f"{key}: {e.reason}"


def test_a_nested_value_refused():
    p = delve.Preset("grown-quest")
    e = caught(delve.ParameterError, lambda: p.__setitem__("markers.keys.pairs", 99))
    assert e.key == "markers.keys.pairs"
    assert e.allowed is None, "the core gives nested fields no range in words"
    assert str(e) == f"markers.keys.pairs: {e.reason}"
    assert "99 must be 0 to 8" in e.reason
    for key, value in [("markers.keys.pairs", "two"), ("markers.keys.pairs", object()), ("markers.keys.pears", 1)]:
        e = caught(delve.ParameterError, lambda: p.__setitem__(key, value))
        assert e.key == key and str(e) == f"{key}: {e.reason}"
    assert p["markers.keys.pairs"] == 2, "nothing changed"


def test_an_unknown_key():
    p = delve.Preset("godot-part3")
    for call in (lambda: p.__setitem__("max_roms", 3), lambda: p["max_roms"], lambda: p.allowed("max_roms")):
        e = caught(delve.ParameterError, call)
        assert (e.key, e.allowed) == ("max_roms", None)
        assert e.reason == str(e) and "unknown parameter `max_roms`" in e.reason


def test_parameters_that_cannot_be_generated(cli, tmp_path):
    """The message lists every problem, as the CLI's; the key is the first one's."""
    path = tmp_path / "tiny.ron"
    path.write_text(GOOD_PRESET.replace("width: 80", "width: 5"))
    expected = cli_output(cli, "generate", str(path), "--ascii").removeprefix("error: ").rstrip("\n")
    p = delve.Preset(str(path))
    for call in (lambda: delve.generate(path, 3), lambda: p.generate(3)):
        e = caught(delve.ParameterError, call)
        assert str(e) == expected
        assert (e.key, e.allowed) == ("width", p.allowed("width"))
        assert e.reason == "must be between 8 and 4096 tiles, not 5"
        assert f"  - width: {e.reason}" in str(e) and "room_size" in str(e)


def test_other_errors_stay_plain_delve_errors(tmp_path):
    e = caught(delve.DelveError, lambda: delve.generate("godot-part3", -1))
    assert type(e) is delve.DelveError
    # Locks that cannot be kept (a locked tile of a room that is not locked): the file was read,
    # the locks are the problem.
    m = delve.generate("godot-part3", 5)
    path = tmp_path / "stray-lock.ron"
    m.save(path)
    x, y = m.rooms[0].cells[0]
    text = path.read_text()
    path.write_text(text[: text.rindex(")")] + f"    locked_tiles: [({x}, {y}, 1)],\n)\n")
    e = caught(delve.DelveError, lambda: delve.generate("godot-part3", 3, keep=path))
    assert type(e) is delve.DelveError, str(e)


def test_except_delve_error_catches_every_kind(tmp_path):
    p = delve.Preset("grown-quest")
    calls = [
        lambda: delve.load(tmp_path / "missing.ron"),
        lambda: delve.generate("(", 1),
        lambda: p.__setitem__("max_rooms", -3),
        lambda: p.__setitem__("markers.keys.pairs", 99),
        lambda: delve.generate("godot-part3", 1.5),
    ]
    kinds = []
    for call in calls:
        try:
            call()
        except delve.DelveError as e:
            kinds.append(type(e).__name__)
    assert kinds == ["FileError", "FileError", "ParameterError", "ParameterError", "DelveError"]


def test_the_attributes_survive_pickling():
    """For errors sent between processes (multiprocessing)."""
    p = delve.Preset("godot-part3")
    e = caught(delve.ParameterError, lambda: p.__setitem__("max_rooms", -3))
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is delve.ParameterError and str(back) == str(e)
    assert (back.key, back.allowed, back.reason) == (e.key, e.allowed, e.reason)
    e = caught(delve.FileError, lambda: delve.generate("(", 1))
    back = pickle.loads(pickle.dumps(e))
    assert (back.path, back.line, back.column, back.reason) == (e.path, e.line, e.column, e.reason)
