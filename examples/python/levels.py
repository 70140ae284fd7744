"""A game's use of the `delve` Python module: one level per floor of a dungeon, each made from a
preset (a shipped name, or the path of a preset file tuned in the Delve editor), and a walk from
the spawn to the farthest room a player without keys reaches, with python-tcod's pathfinding on
the map's walkable tiles (`Map.walkable()`), laid out as the python-tcod tutorial's GameMap lays
out its tiles ([x, y]).

    pip install ./crates/delve-py tcod
    python examples/python/levels.py [--preset godot-part3] [--floors 3] [--numbered] [--show]

Each floor's seed is its name, `floor-N` (or the number N with --numbered): the same floor is the
same level in every run of the game.
"""

import argparse

import numpy as np
import tcod.path

import delve


def walk_to_farthest_room(m: delve.Map):
    """The farthest room from the spawn that a player reaches before picking up any key (by the
    steps to its nearest tile), and the path there: a list of (x, y) from the spawn's neighbour
    to the room, stepping eight ways as python-tcod does.

    The walk keeps to `m.walkable()`: floor of a walkable kind (round chasms) and door tiles,
    but not the tiles of locked doors, whose keys this player does not hold. A game whose
    player carries keys would walk `m.walkable(all_keys=True)` once it holds them all."""
    walkable = m.walkable()  # the tutorial's tiles["walkable"]: shape (width, height), [x, y]
    graph = tcod.path.SimpleGraph(cost=walkable.astype(np.int8), cardinal=2, diagonal=3)
    finder = tcod.path.Pathfinder(graph)
    finder.add_root(m.spawn)
    finder.resolve()
    distance = finder.distance
    unreachable = np.iinfo(distance.dtype).max

    def nearest_tile(room):
        return min(room.cells, key=lambda c: distance[c])

    reachable = [r for r in m.rooms if distance[nearest_tile(r)] != unreachable]
    room = max(reachable, key=lambda r: distance[nearest_tile(r)])
    path = finder.path_to(nearest_tile(room))[1:].tolist()
    return room, [tuple(p) for p in path]


def show(m: delve.Map, path) -> str:
    """The map's ASCII with the walk drawn as `*`."""
    rows = [list(line) for line in m.to_ascii().splitlines()]
    for x, y in path:
        rows[y][x] = "*"
    return "\n".join("".join(r) for r in rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="godot-part3", help="a shipped preset's name or a preset file")
    parser.add_argument("--floors", type=int, default=3)
    parser.add_argument("--numbered", action="store_true", help="seed each floor with its number")
    parser.add_argument("--show", action="store_true", help="print each level with its walk")
    args = parser.parse_args(argv)
    preset = delve.Preset(args.preset)  # read once; each floor generates from it
    for floor in range(1, args.floors + 1):
        seed = floor if args.numbered else f"floor-{floor}"
        m = preset.generate(seed)
        room, path = walk_to_farthest_room(m)
        role = f" ({room.role})" if room.role else ""
        print(
            f"floor {floor}: seed {seed!r}, {len(m.rooms)} rooms, {m.width}×{m.height} tiles; "
            f"the farthest room is room {room.id}{role}, {len(path)} steps from the spawn at {m.spawn}"
        )
        if args.show:
            print(show(m, path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
