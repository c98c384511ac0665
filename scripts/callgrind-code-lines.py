#!/usr/bin/env python3
"""The code a frame runs, in cache lines: how many distinct 64-byte lines (and 4 KiB pages) of code a callgrind window
executed on (nearly) every frame, by object and by function.

A frame asleep ~25 ms between runs finds little of its code in the caches; what it pays is more the lines it fetches
than its instruction count (docs/benchmarks/scenes.md, the twentieth step). FILE is a callgrind output made with
`--dump-instr=yes` (each instruction's own count); FRAMES is how many frames its window holds (e.g. the calls of
`RunAdapter.present`, or a quarter of the C floor's `wl_proxy_marshal_flags`); a line counts as every frame's when
one of its instructions ran at least 0.8 × FRAMES times. TOP: how many functions to list (20).

  scripts/callgrind-code-lines.py FILE FRAMES [TOP]

Standard library only (`swift demangle` names Swift functions when it is on PATH).
"""
import collections
import re
import shutil
import subprocess
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[-3].strip())
    path, frames = sys.argv[1], int(sys.argv[2])
    top = int(sys.argv[3]) if len(sys.argv) == 4 else 20
    names = {}

    def name(kind, rest):
        # Compressed names: "(id) name" the first time, "(id)" after.
        m = re.match(r"\((\d+)\)(?: (.*))?", rest)
        if not m:
            return rest
        if m.group(2):
            names[(kind, m.group(1))] = m.group(2)
        return names.get((kind, m.group(1)), rest)

    ob = fn = "?"
    address, after_calls, positions = 0, False, 1
    counts = collections.defaultdict(int)
    owner = {}
    with open(path) as f:
        for raw in f:
            raw = raw.rstrip("\n")
            if not raw:
                continue
            if raw.startswith("positions:"):
                positions = len(raw.split()) - 1
            elif raw.startswith("ob="):
                ob = name("ob", raw[3:])
            elif raw.startswith("fn="):
                fn = name("fn", raw[3:])
            elif raw.startswith("cob="):
                name("ob", raw[4:])
            elif raw.startswith("cfn="):
                name("fn", raw[4:])
            elif raw.startswith("calls="):
                after_calls = True  # the next cost line is the call's inclusive cost, at the call's address
            elif raw[0] in "0123456789+-*":
                parts = raw.split()
                p = parts[0]
                if p.startswith("0x"):
                    address = int(p, 16)
                elif p[0] in "+-":
                    step = int(p[1:], 16) if p[1:].startswith("0x") else int(p[1:])
                    address += step if p[0] == "+" else -step
                if not after_calls and len(parts) > positions:
                    counts[(ob, address)] += int(parts[positions])
                owner.setdefault((ob, address), fn)
                after_calls = False
    lines, line_owner = collections.defaultdict(int), {}
    for key, count in counts.items():
        line = (key[0], key[1] >> 6)
        lines[line] = max(lines[line], count)
        line_owner.setdefault(line, owner[key])
    every = [line for line, count in lines.items() if count >= 0.8 * frames]
    pages = {(o, a >> 6) for o, a in every}
    print(f"{frames} frames: {len(lines)} code lines run in the window, {len(every)} on (nearly) every frame "
          f"({len(every) * 64 / 1024:.0f} KiB) in {len(pages)} pages")
    for obj, n in collections.Counter(o for o, _ in every).most_common():
        print(f"  {n:5} lines  {obj}")
    demangle = shutil.which("swift")
    for function, n in collections.Counter(line_owner[line] for line in every).most_common(top):
        shown = function
        if demangle and function.startswith("$s"):
            shown = subprocess.run(["swift", "demangle", "--simplified", "--compact", function], capture_output=True,
                                   text=True).stdout.strip() or function
        print(f"  {n:5}  {shown[:150]}")


if __name__ == "__main__":
    main()
