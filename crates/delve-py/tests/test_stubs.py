"""The type stubs (delve.pyi, installed as delve/__init__.pyi with py.typed) agree with the
module: mypy's stubtest finds nothing missing, extra or of another signature."""

import importlib.util
import pathlib
import subprocess
import sys

import delve
from conftest import missing

HERE = pathlib.Path(__file__).resolve().parent


def test_the_stubs_and_marker_are_installed():
    package = pathlib.Path(delve.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "__init__.pyi").read_text() == (HERE.parent / "delve.pyi").read_text()


def test_stubtest_finds_nothing():
    if importlib.util.find_spec("mypy") is None:
        missing("mypy is not installed (pip install mypy)")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "delve", "--allowlist", str(HERE / "stubtest-allowlist.txt")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=HERE.parent / "bench",  # not the package's source folder
    )
    assert done.returncode == 0, done.stdout + done.stderr
