#!/usr/bin/env python3
"""A scene's first frames, CPU and wall time from its own trace: Momentum builds side by side in one weston.

In one private weston headless (pixman) of the given output size and scale, each round launches each given momentum
build (`momentum run --scene SCENE --fullscreen --no-hud --trace FILE --quit-after S`, with `--autoplay` unless
`--still`), the order alternating from round to round, and reads from its trace, for the first `--frames` frames:
the process's CPU up to each frame's commit (`cpu_us` summed: the launch's share is in the first), the wall time
from the trace's start to the commit (`commit_t`), the frame's render time (`render_us`) and the pixels it drew
(`drawn_px`). CPU is what a loaded machine blurs least; on a shared machine compare CPU, and wall times only side by
side. With `--shader-cache cold` every run starts with an empty Mesa shader cache of its own (and no program
binaries of momentum's own: `XDG_CACHE_HOME` is the same empty folder).

  scripts/bench-first-frames.py [--size 800x600] [--scale 1] [--scene panel] [--rounds 5] [--frames 3] [--still]
                                [--shader-cache warm|cold] MOMENTUM [MOMENTUM…]

Standard library only. Exits 1 with one line when a run fails.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import end_weston, start_weston  # noqa: E402


def frames_of(trace_path, count):
    """The first `count` `frame` lines of a trace, in order."""
    frames = []
    with open(trace_path) as trace:
        for line in trace:
            record = json.loads(line)
            if record.get("event") == "frame":
                frames.append(record)
                if len(frames) == count:
                    break
    return frames


def run(binary, args, env, work, name):
    trace = os.path.join(work, f"{name}.jsonl")
    argv = [binary, "run", "--scene", args.scene, "--fullscreen", "--no-hud", "--trace", trace,
            "--quit-after", str(args.quit_after)] + ([] if args.still else ["--autoplay"])
    if args.shader_cache == "cold":
        cache = os.path.join(work, f"{name}.shader-cache")
        os.mkdir(cache)
        env = {**env, "MESA_SHADER_CACHE_DIR": cache, "XDG_CACHE_HOME": cache}
    try:
        done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=60 + args.quit_after)
        if done.returncode != 0:
            last = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["(no message)"]
            raise RuntimeError(f"{binary} exited with status {done.returncode}: {last[0]}")
        frames = frames_of(trace, args.frames)
        if len(frames) < args.frames:
            raise RuntimeError(f"{binary}: {len(frames)} frames in its trace, {args.frames} wanted")
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{binary} did not exit within {60 + args.quit_after:.0f} s")
    finally:
        if args.shader_cache == "cold":
            shutil.rmtree(env["MESA_SHADER_CACHE_DIR"], ignore_errors=True)
        if os.path.exists(trace):
            os.unlink(trace)
    cpu = 0.0
    out = []
    for frame in frames:
        cpu += frame["cpu_us"] / 1000
        out.append({"cpu_ms": cpu, "commit_ms": frame["commit_t"] * 1000, "render_ms": frame["render_us"] / 1000,
                    "drawn_px": frame["drawn_px"]})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", nargs="+", help="momentum binaries to compare (A, B, …)")
    parser.add_argument("--size", default="800x600", help="the output's size in logical px")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--scene", default="panel")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=3, help="how many first frames to read")
    parser.add_argument("--quit-after", type=float, default=2.0, help="seconds each run lasts")
    parser.add_argument("--still", action="store_true", help="without --autoplay")
    parser.add_argument("--shader-cache", choices=["warm", "cold"], default="warm")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()) or args.scale < 1 or args.rounds < 1 or args.frames < 1 \
            or args.quit_after <= 0:
        sys.exit(f"bench-first-frames: --size '{args.size}' is not WxH, or --scale, --rounds, --frames or "
                 "--quit-after is below 1 (or 0)")
    for binary in args.momentum:
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench-first-frames: {binary} is not an executable")
    work = tempfile.mkdtemp(prefix="bench-first-frames-")
    weston = None
    results = {b: [] for b in args.momentum}
    try:
        weston, env = start_weston(work, "first", int(w), int(h), args.scale)
        for round_ in range(args.rounds):
            order = args.momentum if round_ % 2 == 0 else list(reversed(args.momentum))
            for i, binary in enumerate(order):
                print(f"round {round_ + 1}: {binary}", file=sys.stderr)
                results[binary].append(run(binary, args, env, work, f"r{round_}-{i}"))
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        sys.exit(f"bench-first-frames: {error}")
    finally:
        end_weston(weston, work)
    scale = f" at scale {args.scale}" if args.scale != 1 else ""
    cache = ", each run with an empty shader cache" if args.shader_cache == "cold" else ""
    print(f"{args.scene}, {args.size}{scale}{cache}, {args.rounds} rounds alternating: medians (min–max) of the "
          "process's CPU up to each frame's commit, the commit's wall time since the trace began, the frame's render "
          "time (ms) and the pixels it drew")
    print()
    print("| build | frame | CPU to commit | commit at | render | drawn px |")
    print("|---|---|---|---|---|---|")
    for i, binary in enumerate(args.momentum):
        for n in range(args.frames):
            def cell(key):
                values = [r[n][key] for r in results[binary]]
                return f"{statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})"
            drawn = statistics.median(r[n]["drawn_px"] for r in results[binary])
            print(f"| {chr(65 + i)} {binary} | {n + 1} | {cell('cpu_ms')} | {cell('commit_ms')} | "
                  f"{cell('render_ms')} | {drawn / 1e6:.2f} M |")


if __name__ == "__main__":
    main()
