"""One map everywhere: every row of tests/golden/everywhere.tsv (preset, seed as typed, locks
file, SHA-256 of the ASCII and of the JSON export), as the Rust and C tests check it too."""

import csv
import hashlib

import pytest

import delve
from conftest import ROOT, missing

TABLE = ROOT / "tests" / "golden" / "everywhere.tsv"


def rows():
    if not TABLE.exists():
        return []
    with TABLE.open(newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


ROWS = rows()


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_table_is_there():
    if not TABLE.exists():
        missing(f"{TABLE.relative_to(ROOT)} is not in this checkout")
    assert len(ROWS) >= 35, "every shipped preset by several seeds"
    assert {r["preset"] for r in ROWS} >= set(delve.SHIPPED_PRESETS)
    assert any(r["keep"] for r in ROWS), "rows with locks"


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['preset']}-{r['seed']}-{r['keep'] or 'nokeep'}")
def test_row(row):
    keep = str(ROOT / row["keep"]) if row["keep"] else None
    seed = row["seed"]
    m = delve.generate(row["preset"], seed, keep=keep) if seed != "" else delve.generate(row["preset"], keep=keep)
    assert sha(m.to_ascii()) == row["ascii_sha256"], "ASCII"
    assert sha(m.to_json()) == row["json_sha256"], "JSON"
    if seed.isdigit():
        assert delve.generate(row["preset"], int(seed), keep=keep).to_json() == m.to_json(), "the seed as an int"
