#!/usr/bin/env bash
# libdelve, the C library (crates/delve-c): builds it, checks that include/delve.h is what
# cbindgen makes now, compiles tests/c/check.c and examples/c/print_map.c with the system's cc
# against it and runs them (check.c also under valgrind when it is installed), compares the
# maps and error messages with the CLI's and with tests/golden/everywhere.tsv when present.
#
#   scripts/test-c.sh            the tests (the Rust tests drive cc)
#   scripts/test-c.sh --release  also builds the release library and prints its stripped size
#
# Refresh a stale header: DELVE_BLESS=1 cargo test -p delve-c --test header
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p delve-c
cargo test -p delve-c -- --nocapture
if [[ "${1:-}" == "--release" ]]; then
    cargo build --release -p delve-c
    target="${CARGO_TARGET_DIR:-target}/release"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    cp "$target/libdelve.so" "$tmp/libdelve.so"
    # The Python module's cdylib is also called libdelve.so: make sure this one is libdelve.
    nm -D --defined-only "$tmp/libdelve.so" | grep -q ' delve_generate_keeping$' \
        || { echo "$target/libdelve.so is not libdelve's (another crate's cdylib named delve?)" >&2; exit 1; }
    strip "$tmp/libdelve.so"
    echo "stripped libdelve.so: $(stat -c %s "$tmp/libdelve.so") bytes (required: at most 3 MB)"
fi
