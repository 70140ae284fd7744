#!/usr/bin/env bash
# The Python package's tests: in a virtual environment of their own (under the Cargo target
# folder, so git ignores it), install the package as users do (`pip install ./crates/delve-py`,
# a release build), pytest, numpy, python-tcod (for the example) and mypy (its stubtest checks
# the type stubs), build the `delve` CLI the tests compare against, and run pytest on
# crates/delve-py/tests.
#
#   scripts/test-python.sh [PYTEST ARGS...]
#
# Safe to run again; when warm it only rebuilds what changed. Needs python3 with venv
# (scripts/setup.sh installs it) and cargo. PYTHON picks another interpreter (3.10 or later).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if ! command -v cargo >/dev/null 2>&1; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
target=${CARGO_TARGET_DIR:-$root/target}
export CARGO_TARGET_DIR=$target
python=${PYTHON:-python3}
venv=$target/venv-python-test

if [ ! -x "$venv/bin/python" ]; then
  echo "test-python: creating $venv" >&2
  "$python" -m venv "$venv"
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1
"$venv/bin/python" -m pip install --quiet pytest numpy tcod mypy
# The one command the README gives users (built in release by maturin, from pyproject.toml).
echo "test-python: pip install ./crates/delve-py" >&2
"$venv/bin/python" -m pip install --quiet ./crates/delve-py
# The CLI the tests compare against: DELVE_BIN when the caller gives one, else built here and
# copied at once (a target folder shared with other checkouts may get their `delve` later).
if [ -z "${DELVE_BIN:-}" ]; then
  echo "test-python: cargo build --bin delve" >&2
  cargo build --quiet --bin delve
  cp "$target/debug/delve" "$venv/bin/delve-cli"
  export DELVE_BIN=$venv/bin/delve-cli
fi
# The tests import the installed module, never the source folder.
cd "$root/crates/delve-py/tests"
exec "$venv/bin/python" -m pytest -p no:cacheprovider "$@" .
