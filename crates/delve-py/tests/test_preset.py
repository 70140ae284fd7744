"""`delve.Preset`: parameters read and set by the keys of preset files, values checked against
their ranges, generation from the changed preset."""

import pytest

import delve
from conftest import PRESETS, run_cli


def test_get_and_set_by_key():
    p = delve.Preset("godot-part3")
    assert p.generator == "RoomsAndTunnels" and p.name
    assert p["max_rooms"] == 30 and p["room_size"] == (6, 10)
    assert p["overlap"] == "ShareWalls" and p["tunnel_from"] == "PreviousRoom"
    assert p["direct_tunnel_chance"] == 0.0 and p["roles_guard"] is False
    before = p.generate(9).to_ascii()
    p["max_rooms"] = 40
    assert p["max_rooms"] == 40
    assert p.generate(9).to_ascii() != before
    p["room_size"] = [5, 8]
    assert p["room_size"] == (5, 8)
    p["overlap"] = "separate"
    assert p["overlap"] == "Separate"
    p["overlap"] = "Share walls"
    assert p["overlap"] == "ShareWalls"
    p["direct_tunnel_chance"] = 1
    assert p["direct_tunnel_chance"] == 1.0
    p["roles_entrance_exit"] = True
    assert any(r.role == "entrance" for r in p.generate(9).rooms)


def other_values(p: delve.Preset, key: str):
    """Values for `key` other than its own, nearest first: the other choices, the other
    switch, the whole numbers and chances beside it, a range widened or narrowed by one."""
    value = p[key]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, str):
        return [name for name in p.allowed(key).split(", ") if name != value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, float):
        return [round(value + d, 6) for d in (0.25, -0.25, 0.05, -0.05, 1.0, -1.0)]
    lo, hi = value
    return [(lo, hi + 1), (lo - 1, hi), (lo + 1, hi), (lo, hi - 1)]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_key_takes_another_value(preset):
    p = delve.Preset(preset)
    assert len(p) == len(p.keys()) == len(list(p)) > 5
    assert "nonsense" not in p
    original = p.to_ron()
    for key in p:
        assert key in p and p.allowed(key)
        before, ron = p[key], p.to_ron()
        for value in other_values(p, key):
            try:
                p[key] = value
                break
            except delve.DelveError:
                assert p[key] == before and p.to_ron() == ron, f"{key}: a refused value changed nothing"
        else:
            pytest.fail(f"{key}: none of {other_values(p, key)} is allowed ({p.allowed(key)})")
        changed = p[key]
        assert changed != before, f"{key}: still {before!r} after setting {value!r}"
        assert changed == (tuple(value) if isinstance(value, list) else value)
        # The change is the preset's: in its file, and in a preset read back from that file.
        assert p.to_ron() != ron, f"{key}: the preset file did not change"
        assert delve.Preset(p.to_ron())[key] == changed
        # And back: the file is as it was.
        p[key] = before
        assert p[key] == before and p.to_ron() == ron, f"{key}: setting it back"
    assert p.to_ron() == original
    assert p.check() == []


@pytest.mark.parametrize(
    "preset, key, value", [("godot-part3", "max_rooms", 15), ("grown-shapes", "rooms", 12), ("caves", "fill", 0.5)]
)
def test_a_changed_value_changes_the_map(preset, key, value):
    """Setting a parameter is seen in the maps it makes, not only when it is read back."""
    p = delve.Preset(preset)
    before = p.generate(4).to_ascii()
    assert p[key] != value
    p[key] = value
    assert p[key] == value
    assert p.generate(4).to_ascii() != before, f"{preset}: {key} = {value} made the same map"
    assert p.generate(4).to_ascii() == delve.generate(p.to_ron(), 4).to_ascii()


def test_changed_preset_is_the_clis(cli, tmp_path):
    p = delve.Preset("grown-shapes")
    p["rooms"] = 12
    p["roles_entrance_exit"] = True
    p["mirror_chance"] = 0.25
    path = tmp_path / "mine.ron"
    p.save(path)
    assert "rooms: 12" in p.to_ron() and "mirror_chance: 0.25" in path.read_text()
    expected = run_cli(cli, "generate", str(path), "--seed", "5", "--ascii").stdout
    assert p.generate(5).to_ascii().encode() == expected
    assert delve.generate(str(path), 5).to_ascii().encode() == expected
    assert delve.generate(p.to_ron(), 5).to_ascii().encode() == expected


def test_a_preset_written_as_its_stages_is_the_clis(cli, tmp_path):
    text = (
        "(version: 1, seed: 9, generator: Stages([Grow((rooms: 14)), Doors(()), Place(()),"
        " Off(Loops((loops: 2))), Roles((entrance_exit: true))]))"
    )
    path = tmp_path / "staged.ron"
    path.write_text(text)
    p = delve.Preset(str(path))
    assert p["rooms"] == 14 and p["loops"] == 2
    expected = run_cli(cli, "generate", str(path), "--ascii").stdout
    assert delve.generate(str(path)).to_ascii().encode() == expected
    assert p.generate().to_ascii().encode() == expected
    # Written back as its stages, and the same map again.
    assert "Stages([" in p.to_ron()
    assert delve.generate(p.to_ron()).to_ascii().encode() == expected


def test_choice_names_are_the_files():
    p = delve.Preset("godot-part3")
    for key in ("overlap", "tunnel_from"):
        for name in p.allowed(key).split(", "):
            p[key] = name
            assert f"{key}: {name}," in p.to_ron()
            assert delve.Preset(p.to_ron())[key] == name


def test_seed_property_and_copy():
    p = delve.Preset("godot-part3")
    assert p.seed == 0
    p.seed = "floor-1"
    q = p.copy()
    q["max_rooms"] = 5
    assert p["max_rooms"] == 30
    assert p.generate().to_ascii() == delve.generate("godot-part3", "floor-1").to_ascii()
    assert "seed" in repr(p)


@pytest.mark.parametrize(
    "key, value, words",
    [
        ("max_rooms", 0, "max_rooms: 0 is out of range (allowed 1 to "),
        ("max_rooms", 10**30, "is out of range (allowed 1 to "),
        ("max_rooms", 3.5, "max_rooms: expected a whole number, not 3.5 (allowed 1 to "),
        ("max_rooms", True, "expected a whole number, not True"),
        ("max_rooms", "12", "expected a whole number, not '12'"),
        ("width", 2, "width: 2 is out of range (allowed 8 to 4096 tiles)"),
        ("room_size", (1, 4), "room_size: (1, 4) is out of range (allowed"),
        ("room_size", (8, 6), "the smallest (8) is larger than the largest (6)"),
        ("room_size", 7, "expected a (min, max) pair of whole numbers"),
        ("room_size", "ab", "expected a (min, max) pair of whole numbers"),
        ("room_size", (1, 2, 3), "expected a (min, max) pair"),
        ("direct_tunnel_chance", 1.5, "direct_tunnel_chance: 1.5 is out of range (allowed 0 to 1 (0% to 100%))"),
        ("direct_tunnel_chance", float("nan"), "is out of range"),
        ("direct_tunnel_chance", None, "expected a number, not None"),
        ("overlap", "Sideways", "overlap: 'Sideways' is not one of its options (allowed Separate, ShareWalls)"),
        ("overlap", 1, "expected the name of an option"),
        ("roles_guard", 1, "roles_guard: expected True or False, not 1"),
        ("max_room", 3, "unknown parameter `max_room` for RoomsAndTunnels; its parameters are width, height"),
    ],
)
def test_bad_values_name_the_allowed_range(key, value, words):
    p = delve.Preset("godot-part3")
    before = p.to_ron()
    with pytest.raises(delve.DelveError) as e:
        p[key] = value
    assert words in str(e.value)
    assert p.to_ron() == before, "nothing changed"


def test_unknown_key_to_read():
    with pytest.raises(delve.DelveError, match="unknown parameter `rooms` for RoomsAndTunnels"):
        delve.Preset("godot-part3")["rooms"]
    with pytest.raises(delve.DelveError, match="unknown parameter `width` for GrownRooms"):
        delve.Preset("grown-shapes")["width"]


def test_rules_between_parameters_are_checked_when_generating():
    p = delve.Preset("godot-part3")
    p["width"] = 10
    assert any("room_size" in issue for issue in p.check())
    with pytest.raises(delve.DelveError, match="the parameters cannot be generated:\n  - room_size: the largest room"):
        p.generate(1)


def test_a_preset_shared_by_threads_works():
    """One thread generates from a preset (the GIL let go meanwhile) while another changes it:
    each map is one of the preset's states, and nothing raises (a borrowed preset raised
    RuntimeError: Already borrowed)."""
    import threading

    p = delve.Preset("godot-part3")
    wanted = {}
    for rooms in (20, 30):
        q = p.copy()
        q["max_rooms"] = rooms
        wanted[q.generate(3).to_ascii()] = rooms
    errors, seen = [], []

    def generate():
        try:
            for _ in range(60):
                seen.append(p.generate(3).to_ascii())
        except Exception as e:  # noqa: BLE001 - any error fails the test below
            errors.append(e)

    def change():
        try:
            for i in range(600):
                p["max_rooms"] = 20 if i % 2 else 30
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=generate), threading.Thread(target=change)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(seen) == 60 and all(s in wanted for s in seen)


def test_nested_parameters_by_path():
    """Any parameter of the preset file by its path: set, read back, generated with, checked."""
    p = delve.Preset("grown-quest")
    assert p["markers.keys.pairs"] == 2
    assert "markers.keys.pairs" in p and "markers.keys.pears" not in p
    p["markers.keys.pairs"] = 1
    assert p["markers.keys.pairs"] == 1
    m = p.generate(4)
    assert sum(1 for d in m.doors if d["opening"] == "locked") >= 1
    assert len({mk["key"] for mk in m.markers if mk["key"]}) == 1, "one key pair"
    assert p["markers.kinds.0.name"] == "monster"
    p["markers.kinds.0.per_room"] = {"min": 1, "max": 2}
    assert p["markers.kinds.0.per_room"] == {"min": 1, "max": 2}
    # The same as the preset file says, in RON.
    assert "pairs: 1" in p.to_ron()
    before = p.to_ron()
    with pytest.raises(delve.DelveError, match="markers.keys.pears"):
        p["markers.keys.pears"] = 1
    with pytest.raises(delve.DelveError, match="markers.keys.pairs"):
        p["markers.keys.pairs"] = "two"
    with pytest.raises(delve.DelveError):
        p["markers.kinds.9.density"] = 1.0
    assert p.to_ron() == before, "a refused value changes nothing"
