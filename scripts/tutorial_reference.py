#!/usr/bin/env python3
"""Reference figures for the two rooms-and-tunnels tutorials, computed with each tutorial's own
algorithm (transcribed from the seed documents, with the game engine left out) and Python's
`random`. Prints the mean rooms placed and mean floor fraction over seeds 0..N, to compare
with `delve sweep PRESET --seeds 0..N`.

Usage: python3 scripts/tutorial_reference.py [N]
"""
import random
import sys


def mcrogueface(rng, W=50, H=35, lo=6, hi=12, max_rooms=8):
    floor = [[False] * W for _ in range(H)]
    rooms = []

    def carve(x, y):
        if 0 <= x < W and 0 <= y < H:
            floor[y][x] = True

    for _ in range(max_rooms):
        w = rng.randint(lo, hi)
        h = rng.randint(lo, hi)
        x = rng.randint(1, W - w - 2)
        y = rng.randint(1, H - h - 2)
        r = (x, y, x + w, y + h)
        if any(r[0] <= o[2] and r[2] >= o[0] and r[1] <= o[3] and r[3] >= o[1] for o in rooms):
            continue
        for yy in range(r[1] + 1, r[3]):
            for xx in range(r[0] + 1, r[2]):
                carve(xx, yy)
        if rooms:
            (x1, y1) = ((r[0] + r[2]) // 2, (r[1] + r[3]) // 2)
            o = rooms[-1]
            (x2, y2) = ((o[0] + o[2]) // 2, (o[1] + o[3]) // 2)
            if rng.random() < 0.5:
                for xx in range(min(x1, x2), max(x1, x2) + 1):
                    carve(xx, y1)
                for yy in range(min(y1, y2), max(y1, y2) + 1):
                    carve(x2, yy)
            else:
                for yy in range(min(y1, y2), max(y1, y2) + 1):
                    carve(x1, yy)
                for xx in range(min(x1, x2), max(x1, x2) + 1):
                    carve(xx, y2)
        rooms.append(r)
    return len(rooms), sum(map(sum, floor)) / (W * H)


def godot(rng, W=80, H=45, lo=6, hi=10, max_rooms=30):
    floor = [[False] * W for _ in range(H)]
    rooms = []  # (x, y, w, h)

    def intersects(a, b):  # Godot Rect2i.intersects: strict
        return not (a[0] >= b[0] + b[2] or a[0] + a[2] <= b[0] or a[1] >= b[1] + b[3] or a[1] + a[3] <= b[1])

    for _ in range(max_rooms):
        w = rng.randint(lo, hi)
        h = rng.randint(lo, hi)
        x = rng.randint(0, W - w - 1)
        y = rng.randint(0, H - h - 1)
        new = (x, y, w, h)
        shrunk = (x + 1, y + 1, w - 2, h - 2)
        if any(intersects(o, shrunk) for o in rooms):
            continue
        # inner = grow(-1); range(inner.position, inner.end + 1)
        for yy in range(y + 1, y + 1 + (h - 2) + 1):
            for xx in range(x + 1, x + 1 + (w - 2) + 1):
                floor[yy][xx] = True
        if rooms:
            o = rooms[-1]
            (sx, sy) = (o[0] + o[2] // 2, o[1] + o[3] // 2)
            (ex, ey) = (x + w // 2, y + h // 2)
            if rng.random() < 0.5:
                for xx in range(min(sx, ex), max(sx, ex) + 1):
                    floor[sy][xx] = True
                for yy in range(min(sy, ey), max(sy, ey) + 1):
                    floor[yy][ex] = True
            else:
                for yy in range(min(sy, ey), max(sy, ey) + 1):
                    floor[yy][sx] = True
                for xx in range(min(sx, ex), max(sx, ex) + 1):
                    floor[ey][xx] = True
        rooms.append(new)
    return len(rooms), sum(map(sum, floor)) / (W * H)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for name, f in (("mcrogueface-part3", mcrogueface), ("godot-part3", godot)):
        rooms = frac = 0.0
        for seed in range(n):
            r, fl = f(random.Random(seed))
            rooms += r
            frac += fl
        print(f"{name}: seeds 0..{n}: mean rooms {rooms / n:.3f}, mean floor {100 * frac / n:.3f}%")


if __name__ == "__main__":
    main()
