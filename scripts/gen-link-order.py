#!/usr/bin/env python3
"""Writes data/link-order.txt: the functions `momentum run` executes, in the order it first does, for lld's
--symbol-ordering-file (Package.swift), which puts them together at the start of the binary's code.

Why: the kernel maps a program's code in 64 kB blocks around each page it first runs (fault-around), so functions
run once at launch, scattered over the binary's 12 MB of code, kept ~7 MiB of it resident (VmHWM) where they are
~1 MiB of code (docs/benchmarks/scenes.md, perf-mem3). A stale list only costs memory again: a function missing
from it is placed as before.

How: runs the given momentum build (an unstripped release build with the Swift runtime linked in, as
`scripts/install` builds it, whose function sections the list orders) with its debug info stripped (valgrind gives
up on it; the symbol table stays) under valgrind's callgrind, in a private weston headless (pixman) of 800x600, once
per scene (`run --scene S --fullscreen --autoplay --quit-after SECONDS`, HUD on), plus one launch that finds no
compositor; maps every function callgrind saw run inside the binary to its symbol (`nm -S`) and writes the names,
first run first. Takes ~7 min.

With `--first FILE` (the list in git: `--first data/link-order.txt`), FILE's names that the binary still defines come
first, in FILE's order, and the profiled functions it does not name follow, first run first: the union of the old
list and the new. A list made from one build's runs alone names only what those runs reached, and left the launch's
other code scattered (VmHWM +0.6-0.9 MiB at 800x600, docs/benchmarks/scenes.md).

  scripts/gen-link-order.py [--seconds 12] [--first FILE] [--out data/link-order.txt] MOMENTUM

Needs valgrind, nm, strip and weston. Exits 1 with one line when a run fails.
"""
import argparse
import bisect
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import SCENES, end_weston, start_weston  # noqa: E402



def function_symbols(binary):
    """(start, size, name) of every sized function symbol, sorted by address."""
    done = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"nm {binary}: {done.stderr.strip() or 'failed'}")
    symbols = []
    for line in done.stdout.splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) == 4 and fields[2] in "tTwW":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    if not symbols:
        raise RuntimeError(f"{binary} has no function symbols (stripped?): give the unstripped build")
    return sorted(symbols)


def executed(profile, binary):
    """The callgrind profile's functions inside `binary`, in the profile's order: addresses, or names where the
    binary exports the symbol."""
    current = None
    with open(profile) as f:
        for line in f:
            if line.startswith("ob="):
                current = line[3:].strip()
            elif line.startswith("fn=") and current == binary:
                yield line[3:].strip().split("'")[0].split()[0]


def profile(binary, argv, env, out, log):
    with open(log, "w") as stderr:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no",
                               "--compress-strings=no", "--compress-pos=no", binary, *argv],
                              env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
    if not os.path.exists(out) or os.path.getsize(out) == 0:
        raise RuntimeError(f"callgrind of momentum {' '.join(argv)} wrote no profile (exit {done.returncode}): "
                           f"{open(log).read().strip().splitlines()[-1:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", help="an unstripped momentum release build")
    parser.add_argument("--seconds", type=float, default=12, help="each scene's run (--quit-after)")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                                                      "link-order.txt"))
    parser.add_argument("--first", metavar="FILE",
                        help="a list whose names (those the binary defines) come first, in its order")
    args = parser.parse_args()
    first = []
    if args.first is not None:
        try:
            with open(args.first) as f:
                first = [line.strip() for line in f if line.strip()]
        except (OSError, UnicodeDecodeError) as error:
            sys.exit(f"gen-link-order: --first {args.first}: {error}")
    binary = os.path.abspath(args.momentum)
    if not os.access(binary, os.X_OK) or args.seconds <= 0:
        sys.exit(f"gen-link-order: {args.momentum} is not an executable, or --seconds is not positive")
    for tool in ["valgrind", "nm", "strip", "weston"]:
        if shutil.which(tool) is None:
            sys.exit(f"gen-link-order: {tool} not found")
    work = tempfile.mkdtemp(prefix="gen-link-order-")
    weston = None
    try:
        symbols = function_symbols(binary)
        stripped = os.path.join(work, "momentum")
        done = subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"strip {binary}: {done.stderr.strip() or 'failed'}")
        starts = [s[0] for s in symbols]
        by_name = {s[2]: s[1] for s in symbols}
        profiles = []
        # The launch alone, up to the failed connect (what every command parses and sets up).
        lonely = {**os.environ, "WAYLAND_DISPLAY": "gen-link-order-none", "XDG_RUNTIME_DIR": work}
        profiles.append(os.path.join(work, "launch.out"))
        profile(stripped, ["run", "--scene", "panel", "--fullscreen"], lonely, profiles[-1],
                os.path.join(work, "launch.log"))
        weston, env = start_weston(work, "order", 800, 600, 1)
        for scene in SCENES:
            print(f"gen-link-order: {scene}", file=sys.stderr)
            profiles.append(os.path.join(work, f"{scene}.out"))
            profile(stripped, ["run", "--scene", scene, "--fullscreen", "--autoplay", "--quit-after",
                             f"{args.seconds:g}"], env, profiles[-1], os.path.join(work, f"{scene}.log"))
        order, seen, size, kept = [], set(), 0, 0
        for name in first:
            if name in by_name and name not in seen:
                seen.add(name)
                order.append(name)
                size += by_name[name]
                kept += 1
        for path in profiles:
            for entry in executed(path, stripped):
                if entry.startswith("0x"):
                    address = int(entry, 16)
                    i = bisect.bisect_right(starts, address) - 1
                    if i < 0 or not symbols[i][0] <= address < symbols[i][0] + max(symbols[i][1], 1):
                        continue
                    start, length, name = symbols[i]
                elif entry in by_name:
                    name, length = entry, by_name[entry]
                else:
                    continue
                if name not in seen:
                    seen.add(name)
                    order.append(name)
                    size += length
        if not order:
            raise RuntimeError("no function of the binary in the profiles")
        temporary = args.out + ".tmp"
        with open(temporary, "w") as f:
            f.write("".join(name + "\n" for name in order))
        os.replace(temporary, args.out)
        print(f"gen-link-order: {len(order)} functions ({size / 1048576:.2f} MiB of code) in {args.out}"
              + (f", {kept} of them from {args.first}" if args.first is not None else ""), file=sys.stderr)
    except (RuntimeError, OSError) as error:
        sys.exit(f"gen-link-order: {error}")
    finally:
        end_weston(weston, work)


if __name__ == "__main__":
    main()
