"""Figures (not a timed test): the median time per map of

  1. `delve.generate("godot-part3", seed)` from Python, the numpy tiles read (`m.tiles`);
  2. the Rust generation alone, timed inside the module (`delve._generate_only_ns`: the same
     preset and seed, the clock around the core's `Request::run` and dropping its map, as
     `cargo bench` times it);
  3. the Godot tutorial's own Python algorithm (scripts/tutorial_reference.py, `godot`), in the
     same process;

over the same seeds, taking turns a hundred seeds at a time (so that whatever else the machine
runs slows all three alike), and whether the Python call costs at most 10 µs more than the Rust
generation and is at least 20 times faster than the tutorial's Python.

    python crates/delve-py/bench/bench.py [--seeds 10000] [--check]

With --check, exits 1 when a figure misses its mark.
"""

import argparse
import pathlib
import random
import statistics
import sys
import time

import delve

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
from tutorial_reference import godot  # noqa: E402

PRESET = "godot-part3"


def python_call(seed):
    m = delve.generate(PRESET, seed)
    return m.tiles


PRESET_OBJECT = delve.Preset(PRESET)


def object_call(seed):
    m = PRESET_OBJECT.generate(seed)
    return m.tiles


def measure(seeds, block=100):
    """Nanoseconds per map for each seed: (Python call, Rust alone, tutorial, Python call on a
    Preset object), each timed call by call, taking turns a block of seeds at a time."""
    clock = time.perf_counter_ns
    py, rust, tutorial, objects = [], [], [], []
    seeds = list(seeds)
    for i in range(0, len(seeds), block):
        chunk = seeds[i : i + block]
        for s in chunk:
            start = clock()
            python_call(s)
            py.append(clock() - start)
        rust.extend(delve._generate_only_ns(PRESET, s) for s in chunk)
        for s in chunk:
            start = clock()
            godot(random.Random(s))
            tutorial.append(clock() - start)
        for s in chunk:
            start = clock()
            object_call(s)
            objects.append(clock() - start)
    return py, rust, tutorial, objects


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10_000)
    parser.add_argument("--check", action="store_true", help="exit 1 when a figure misses its mark")
    args = parser.parse_args(argv)
    seeds = range(args.seeds)
    measure(range(min(500, args.seeds)))  # warm up
    py, rust, tutorial, objects = (statistics.median(t) for t in measure(seeds))
    overhead = py - rust
    speedup = tutorial / py
    print(f"{PRESET}, {args.seeds} seeds, median per map:")
    print(f"  delve.generate + m.tiles (Python):  {py / 1000:8.2f} µs")
    print(f"  Rust generation alone:              {rust / 1000:8.2f} µs")
    print(f"  the tutorial's Python algorithm:    {tutorial / 1000:8.2f} µs")
    print(f"  (for comparison) Preset(...).generate + m.tiles: {objects / 1000:.2f} µs, {tutorial / objects:.1f}× the tutorial")
    ok_overhead = overhead <= 10_000
    ok_speedup = speedup >= 20
    print(f"  Python call minus Rust: {overhead / 1000:.2f} µs (mark: at most 10 µs) {'ok' if ok_overhead else 'MISSED'}")
    print(f"  tutorial / Python call: {speedup:.1f}× (mark: at least 20×) {'ok' if ok_speedup else 'MISSED'}")
    return 0 if (ok_overhead and ok_speedup) or not args.check else 1


if __name__ == "__main__":
    raise SystemExit(main())
