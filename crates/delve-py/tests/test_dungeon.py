"""Dungeons from Python: `delve.generate_dungeon` gives the floors, stairs and branches that
`delve dungeon` writes (its one-document JSON, compared floor by floor), and says what is wrong
with a bad dungeon in the kinds a program catches."""

import json

import pytest

import delve
from conftest import run_cli


def test_the_shipped_dungeons_are_listed():
    assert set(delve.SHIPPED_DUNGEONS) >= {"brogue-length", "dcss-shaped"}


@pytest.mark.parametrize("seed", [3, "crypt"])
def test_a_dungeon_is_the_clis(cli, tmp_path, seed):
    run_cli(cli, "dungeon", "dcss-shaped", "--seed", str(seed), "--out", str(tmp_path), "--format", "json")
    doc = json.loads((tmp_path / "dungeon.json").read_text())
    d = delve.generate_dungeon("dcss-shaped", seed)
    assert d.seed == doc["seed"]
    assert len(d.floors) == len(doc["floors"]) == 15 + 5 + 4 + 4 + 5
    for floor, theirs in zip(d.floors, doc["floors"]):
        assert (floor.branch, floor.depth, floor.seed) == (theirs["branch"], theirs["depth"], theirs["seed"])
        assert json.loads(floor.map.to_json()) == theirs["map"], f"{floor.branch} {floor.depth}"
    assert [(l.from_branch, l.from_depth, l.to_branch, l.to_depth, l.x, l.y, l.kind) for l in d.links] == [
        (l["from"]["branch"], l["from"]["depth"], l["to"]["branch"], l["to"]["depth"], l["x"], l["y"], l["kind"])
        for l in doc["links"]
    ]
    assert d.branches == [(b["name"], b["entered_at"]) for b in doc["branches"]]


def test_stairs_stand_one_above_the_other_and_every_floor_is_certified():
    d = delve.generate_dungeon("brogue-length", 5)
    by_place = {(f.branch, f.depth): f.map for f in d.floors}
    for link in d.links:
        above, below = by_place[(link.from_branch, link.from_depth)], by_place[(link.to_branch, link.to_depth)]
        assert any(m["kind"] == "stairs_down" and m["at"] == (link.x, link.y) for m in above.markers)
        assert any(m["kind"] == "stairs_up" and m["at"] == (link.x, link.y) for m in below.markers)
        assert below.spawn == (link.x, link.y)
    for f in d.floors:
        assert f.map.certificate()["solvable"], f"{f.branch} {f.depth}"


def test_bad_dungeons_raise_what_a_program_catches(tmp_path):
    with pytest.raises(delve.FileError):
        delve.generate_dungeon(tmp_path / "no-such-dungeon.ron")
    bad = tmp_path / "bad.ron"
    bad.write_text(
        "(version: 1, trunk: (name: \"D\", floors: 3), branches: [(name: \"Lair\", floors: 2, parent: \"D\", entry: (5, 6))],"
        " floors: [(branch: \"D\", depths: (1, 3), preset: Named(\"godot-part3\")),"
        " (branch: \"Lair\", depths: (1, 2), preset: Named(\"caves\"))])"
    )
    with pytest.raises(delve.DelveError, match=r"branch Lair: entry: \(5, 6\)"):
        delve.generate_dungeon(bad, 1)
    ramp = tmp_path / "ramp.ron"
    ramp.write_text(
        "(version: 1, trunk: (name: \"D\", floors: 3),"
        " floors: [(branch: \"D\", depths: (1, 3), preset: Named(\"godot-part3\"), set: [(\"max_rooms\", Ramp(from: 5, to: -3))])])"
    )
    with pytest.raises(delve.DelveError, match=r"branch D, floor 3: max_rooms: .*outside 1 to 100000"):
        delve.generate_dungeon(ramp, 1)
