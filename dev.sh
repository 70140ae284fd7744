#!/usr/bin/env bash
# Delve's two entry points on a fresh Debian/Ubuntu machine. Each first installs whatever is
# missing (scripts/setup.sh), then:
#   ./dev.sh [ARGS...]   builds Delve (release) and runs it: with no ARGS, the editor on the
#                        default preset; otherwise ARGS go to `delve` (e.g. ./dev.sh generate godot-part3)
#   ./dev.sh test        runs the whole test suite: `cargo test --workspace`, then the Python
#                        package's (scripts/test-python.sh) and the C library's tests
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh "${1:-}"
if ! command -v cargo >/dev/null 2>&1; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
if [ "${1:-}" = "test" ]; then
  shift
  # Rust (every crate of the workspace), then the Python package and the C library, each as
  # its users build it.
  # The CLI the C and Python tests compare against: the one this `cargo test` builds for the
  # root's own tests (so they build no second copy of the editor in another profile).
  export DELVE_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/delve"
  # The random properties draw the same cases on every run, so a run that passed passes again
  # on a fresh machine; `PROPTEST_RNG_SEED= ./dev.sh test` (empty) draws new ones, and a
  # failure found that way becomes a named test.
  export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED-20261128}"
  cargo test --workspace "$@"
  scripts/test-python.sh -q
  # The C library's fuzz target, built from the library's own source as cargo-fuzz builds it
  # (in a target folder of its own: other flags), run once over each of its seeds; fuzzing
  # itself needs nightly (see its source).
  fuzz_target="${CARGO_TARGET_DIR:+$CARGO_TARGET_DIR/fuzz}"
  (cd crates/delve-c/fuzz && RUSTFLAGS="--cfg fuzzing" CARGO_TARGET_DIR="${fuzz_target:-target}" cargo run --quiet -- seeds/*)
  exit 0
fi
exec cargo run --release --quiet -- "$@"
