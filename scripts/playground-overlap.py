#!/usr/bin/env python3
"""How often, and how deep, the playground's card is drawn into its tile, read from a trace.

Each `playground` line of a `momentum headless --scene playground` (or `momentum run --trace`) trace gives the card's
centre, scale and angle and the tile's centre and angle; the card and the tile are the boxes they are drawn as (the
card's side times its scale, turned; the tile's side, turned). Prints the number of lines, those with the card more
than 0.5 px into the tile (the least overlap of the two boxes' shadows on their four edge normals), the deepest, and
with --list each such line.

  scripts/playground-overlap.py TRACE CARD_SIDE TILE_SIDE [--list]

CARD_SIDE and TILE_SIDE are logical px: 160 and 88 up to 1600x900 wide, 336 and 184 at 1920x1080 (any scale);
`PlaygroundScene.side(for:)` and `tileSide(for:)`. Standard library only.
"""
import json
import math
import sys


def corners(center, half, angle):
    c, s = math.cos(angle), math.sin(angle)
    return [(center[0] + c * x - s * y, center[1] + s * x + c * y)
            for x, y in [(-half, -half), (half, -half), (half, half), (-half, half)]]


def depth(p, q):
    """How deep two convex quadrilaterals overlap (px); 0 or less when apart."""
    least = math.inf
    for shape in (p, q):
        for i in range(2):
            ex, ey = shape[i + 1][0] - shape[i][0], shape[i + 1][1] - shape[i][1]
            length = math.hypot(ex, ey)
            ax, ay = -ey / length, ex / length
            pp = [x * ax + y * ay for x, y in p]
            qq = [x * ax + y * ay for x, y in q]
            least = min(least, max(pp) - min(qq), max(qq) - min(pp))
    return least


def main(argv):
    args = [a for a in argv if a != "--list"]
    if len(args) != 3:
        sys.exit("usage: scripts/playground-overlap.py TRACE CARD_SIDE TILE_SIDE [--list]")
    path = args[0]
    try:
        card_side, tile_side = float(args[1]), float(args[2])
    except ValueError:
        sys.exit(f"playground-overlap: CARD_SIDE and TILE_SIDE must be numbers, not '{args[1]}' and '{args[2]}'")
    if not (card_side > 0 and tile_side > 0):
        sys.exit("playground-overlap: CARD_SIDE and TILE_SIDE must be positive")
    lines = deep = 0
    deepest = -math.inf
    listed = []
    try:
        with open(path, encoding="utf-8") as trace:
            for number, line in enumerate(trace, 1):
                try:
                    event = json.loads(line)
                except json.JSONDecodeError:
                    sys.exit(f"playground-overlap: {path}:{number} is not a JSON line")
                if event.get("event") != "playground":
                    continue
                try:
                    card = corners(event["position"], card_side * event["scale"] / 2, event["angle"])
                    tile = corners(event["tile"], tile_side / 2, event["tile_angle"])
                except (KeyError, TypeError, IndexError):
                    sys.exit(f"playground-overlap: {path}:{number} is a playground line without the card's and tile's place")
                lines += 1
                d = depth(card, tile)
                deepest = max(deepest, d)
                if d > 0.5:
                    deep += 1
                    listed.append(f"  t {event.get('t', 0):.3f} s {event.get('state')}: {d:.1f} px")
    except OSError as error:
        sys.exit(f"playground-overlap: cannot read {path}: {error.strerror}")
    if lines == 0:
        sys.exit(f"playground-overlap: {path} has no playground lines")
    print(f"{path}: {lines} playground lines, {deep} with the card > 0.5 px into the tile, deepest {deepest:.1f} px")
    if "--list" in argv:
        print("\n".join(listed))


if __name__ == "__main__":
    main(sys.argv[1:])
