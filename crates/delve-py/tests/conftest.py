"""Shared fixtures: the repository's root, the `delve` CLI to compare against (DELVE_BIN, set by
scripts/test-python.sh), map files with locks to keep, and `missing`: a test whose tool or file
is not there skips on a developer's machine but fails on CI (the environment variable CI set),
where everything is installed and a skip would hide a check that never ran."""

import os
import pathlib
import re
import subprocess

import pytest

import delve

ROOT = pathlib.Path(__file__).resolve().parents[3]
PRESETS = list(delve.SHIPPED_PRESETS)


def on_ci() -> bool:
    """The environment variable CI is set (and not empty, 0 or false), as CI services and
    .ci/run set it."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false")


def missing(reason: str) -> None:
    """Stops the test for want of `reason`: a skip, but a failure on CI."""
    if on_ci():
        pytest.fail(f"{reason} (CI is set: everything the tests need must be there)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> str:
    """The `delve` binary: DELVE_BIN, else the workspace's debug build."""
    path = os.environ.get("DELVE_BIN") or str(ROOT / "target" / "debug" / "delve")
    if not os.access(path, os.X_OK):
        missing(f"no delve CLI at {path}: build it (cargo build) and set DELVE_BIN")
    return path


def run_cli(cli: str, *args: str, cwd=None) -> subprocess.CompletedProcess:
    """Runs the CLI, failing the test with its standard error when it fails."""
    done = subprocess.run([cli, *args], capture_output=True, cwd=cwd, timeout=300)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done


def lock_rooms(text: str, ids) -> str:
    """A map file's text with rooms `ids` locked (`locked: true` on their lines)."""
    wanted = {int(i) for i in ids}

    def lock(m: re.Match) -> str:
        line = m.group(0)
        if int(m.group(1)) in wanted and "locked:" not in line:
            return line[:-2] + ", locked: true),"
        return line

    return re.sub(r"^\s*\(id: (\d+), shape: .*\),$", lock, text, flags=re.M)


@pytest.fixture(scope="session")
def locked_map(tmp_path_factory) -> pathlib.Path:
    """godot-part3 seed 5 saved with its first room locked: a map whose locks can be kept."""
    path = tmp_path_factory.mktemp("locks") / "locked.ron"
    delve.generate("godot-part3", 5).save(path)
    path.write_text(lock_rooms(path.read_text(), [0]))
    return path
