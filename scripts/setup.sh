#!/usr/bin/env bash
# Installs what Delve needs on a fresh Debian/Ubuntu machine, and nothing that is already there:
# - the Rust toolchain (via rustup) when `cargo` is missing;
# - a C compiler, for the few dependencies that build C code;
# - the X11 client and OpenGL libraries the editor window loads at run time;
# - with `test`: Tiled (Debian's `tiled`), which the tests use to open Delve's Tiled exports,
#   Python 3 with venv, for the Python package's tests, valgrind, for the C library's, and a
#   C++ compiler, for its fuzz target's libFuzzer.
# Safe to run again: it only installs what is missing.
set -euo pipefail

packages=()
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
command -v cc >/dev/null 2>&1 || packages+=(gcc libc6-dev)
command -v curl >/dev/null 2>&1 || packages+=(curl ca-certificates)
have_lib libX11.so.6 || packages+=(libx11-6)
have_lib libXcursor.so.1 || packages+=(libxcursor1)
have_lib libXi.so.6 || packages+=(libxi6)
have_lib libXrandr.so.2 || packages+=(libxrandr2)
have_lib libxkbcommon-x11.so.0 || packages+=(libxkbcommon-x11-0)
have_lib libGL.so.1 || packages+=(libgl1)
have_lib libEGL.so.1 || packages+=(libegl1)
if [ "${1:-}" = "test" ]; then
  { command -v tiled >/dev/null 2>&1 && command -v tmxrasterizer >/dev/null 2>&1; } || packages+=(tiled)
  # The Python package's tests run in a virtual environment.
  command -v python3 >/dev/null 2>&1 || packages+=(python3)
  python3 -c "import ensurepip, venv" >/dev/null 2>&1 || packages+=(python3-venv python3-pip)
  # The C library's test program also runs under valgrind (no leaks, no bad reads).
  command -v valgrind >/dev/null 2>&1 || packages+=(valgrind)
  # The C library's fuzz target builds libFuzzer, which is C++.
  command -v c++ >/dev/null 2>&1 || packages+=(g++)
fi
[ -e /usr/lib/x86_64-linux-gnu/dri ] || [ -e /usr/lib/aarch64-linux-gnu/dri ] || packages+=(libgl1-mesa-dri)

if [ ${#packages[@]} -gt 0 ]; then
  echo "delve setup: installing ${packages[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  echo "delve setup: installing the Rust toolchain with rustup" >&2
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal -c rustfmt,clippy
fi
