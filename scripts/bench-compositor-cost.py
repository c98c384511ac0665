#!/usr/bin/env python3
"""What the compositor spends on each client's frames: weston's own CPU per presented frame beside the client's.

In one private weston headless (pixman) of --size, rounds alternating, runs weston-simple-egl -f and each given
momentum build's `run --scene SCENE --fullscreen --autoplay --trace FILE` (the HUD on, as `momentum bench` runs it)
for each --scenes entry. Each client is measured over --window seconds starting 2 s after it starts: weston's CPU
(/proc/PID/stat, user + system) and the client's, over the frames presented in them (momentum: its trace's
`presented` events; simple-egl: the frames it counts in its 5 s lines, -window 5), and for momentum the mean
`damage_px` its trace gives a frame (the compositor pixels it damaged); momentum's fps is counted while it moves
(the autoplay's pauses left out, as `momentum bench` counts), so weston's repaints a second run lower than it. Weston runs with its `timeline` log scope,
from which each window also gives weston's repaints: how many a second, and how long each took from
`core_repaint_begin` to `core_repaint_posted` (p50 / p90, ms: the compositing). When weston's CPU per second is near
a whole core, or its repaints take longer than the refresh period, the compositor sets the rate, not the client.

  scripts/bench-compositor-cost.py [--size 2560x1440] [--scenes scroll,transition] [--rounds 2] [--window 5]
                                   MOMENTUM [MOMENTUM ...]

Standard library only; exits 1 with one line when a run fails.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import end_weston, parse_size, read_trace, start_weston, stop, weston_repaints  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """A process's user + system CPU so far (s), every thread."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def measure_momentum(momentum, scene, env, work, window):
    trace = os.path.join(work, f"trace-{scene}-{time.monotonic_ns()}.jsonl")
    app = subprocess.Popen([momentum, "run", "--scene", scene, "--fullscreen", "--autoplay", "--trace", trace],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2)
        if app.poll() is not None:
            raise RuntimeError(f"momentum exited early: {app.stderr.read().strip()}")
        return window_of(app.pid, lambda: read_trace(trace), window, trace_frames)
    finally:
        stop(app, signal.SIGTERM)


def trace_frames(lines):
    presented = [line["t"] for line in lines if line.get("event") == "presented"]
    frames = [line for line in lines if line.get("event") == "frame"]
    return presented, frames


def moving_fps(times):
    """Frames a second while the scene moves: the presented intervals' mean, leaving out the pauses of the
    autoplay (an interval over four times the median: the list at rest before its next flick), as `momentum
    bench` counts its fps."""
    intervals = [b - a for a, b in zip(times, times[1:])]
    if not intervals:
        return 0.0
    median = quantile(intervals, 0.5)
    moving = [i for i in intervals if i <= 4 * median]
    return len(moving) / sum(moving)


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)] if ordered else float("nan")


def compositor(result, since, until):
    """Adds weston's repaint rate and repaint times over [since, until] to `result`."""
    durations = weston_repaints(WESTON_LOG, since, until)
    result["repaints"] = len(durations) / (until - since)
    result["repaint_p50"] = 1000 * quantile(durations, 0.5)
    result["repaint_p90"] = 1000 * quantile(durations, 0.9)
    return result


def window_of(pid, read, window, count):
    """Weston's and the client's CPU over `window` s and the frames the client had presented in them."""
    before = read()
    w0, c0, t0 = cpu_seconds(WESTON_PID), cpu_seconds(pid), time.monotonic()
    since = time.clock_gettime(time.CLOCK_MONOTONIC)
    time.sleep(window)
    until = time.clock_gettime(time.CLOCK_MONOTONIC)
    w1, c1, t1 = cpu_seconds(WESTON_PID), cpu_seconds(pid), time.monotonic()
    after = read()
    p0, f0 = count(before)
    p1, f1 = count(after)
    frames = max(len(p1) - len(p0), 1)
    new = f1[len(f0):]
    damage = sum(f.get("damage_px", 0) for f in new) / max(len(new), 1)
    return compositor({"fps": moving_fps(p1[len(p0):]), "weston_ms": 1000 * (w1 - w0) / frames,
                       "client_ms": 1000 * (c1 - c0) / frames, "weston_core": (w1 - w0) / (t1 - t0), "damage": damage},
                      since, until)


def measure_simple_egl(env, window):
    app = subprocess.Popen(["stdbuf", "-oL", "weston-simple-egl", "-f"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    try:
        line = app.stdout.readline()  # its first 5 s line: the launch is over
        if not line:
            raise RuntimeError("weston-simple-egl exited early")
        w0, c0, t0 = cpu_seconds(WESTON_PID), cpu_seconds(app.pid), time.monotonic()
        since = time.clock_gettime(time.CLOCK_MONOTONIC)
        frames = 0
        while time.monotonic() - t0 < window - 0.5:
            match = re.match(r"(\d+) frames in", app.stdout.readline())
            if match:
                frames += int(match.group(1))
        w1, c1, t1 = cpu_seconds(WESTON_PID), cpu_seconds(app.pid), time.monotonic()
        until = time.clock_gettime(time.CLOCK_MONOTONIC)
        frames = max(frames, 1)
        return compositor({"fps": frames / (t1 - t0), "weston_ms": 1000 * (w1 - w0) / frames,
                           "client_ms": 1000 * (c1 - c0) / frames, "weston_core": (w1 - w0) / (t1 - t0),
                           "damage": None}, since, until)
    finally:
        stop(app, signal.SIGTERM)


WESTON_PID = None
WESTON_LOG = None


def size(text):
    """--size's value: (width, height, scale); argparse says the ValueError's message and exits 2."""
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main():
    global WESTON_PID, WESTON_LOG
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default=parse_size("2560x1440"), type=size, help="WxH or WxH@SCALE")
    parser.add_argument("--scenes", default="scroll,transition")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--window", type=float, default=5)
    parser.add_argument("momentum", nargs="+")
    args = parser.parse_args()
    width, height, scale = args.size
    missing = [path for path in args.momentum if not os.access(path, os.X_OK)]
    if missing:
        parser.error(f"{missing[0]} is not an executable momentum")
    work = tempfile.mkdtemp(prefix="bench-compositor-cost.")
    weston = None
    rows = []
    try:
        weston, env = start_weston(work, "wayland-cost", width, height, scale, arguments=["--logger-scopes=log,timeline"])
        WESTON_PID = weston.pid
        WESTON_LOG = os.path.join(work, "weston.log")
        clients = [("simple-egl", None, None)] + [(f"{scene} · {label}", path, scene)
                                                  for scene in args.scenes.split(",")
                                                  for label, path in zip(("A", "B", "C", "D"), args.momentum)]
        for r in range(args.rounds):
            order = clients if r % 2 == 0 else list(reversed(clients))
            for name, path, scene in order:
                load = os.getloadavg()[0]
                result = measure_simple_egl(env, args.window) if path is None else \
                    measure_momentum(path, scene, env, work, args.window)
                rows.append((r + 1, name, load, result))
                print(f"round {r + 1} {name}: {result}", file=sys.stderr)
    except (RuntimeError, OSError) as error:
        print(f"bench-compositor-cost: {error}", file=sys.stderr)
        return 1
    finally:
        end_weston(weston, work)
    print(f"weston headless (pixman) {width}x{height}@{scale}; " + ", ".join(f"{label}: {path}" for label, path in
                                                              zip(("A", "B", "C", "D"), args.momentum)))
    print()
    print("| round | client | load | presented fps (moving) | weston repaints / s | repaint p50 / p90 (ms) | "
          "weston CPU / frame (ms) | weston's share of a core | client CPU / frame (ms) | damage / frame (px) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r, name, load, x in rows:
        damage = "whole window" if x["damage"] is None else f"{x['damage'] / 1e6:.2f} M"
        print(f"| {r} | {name} | {load:.1f} | {x['fps']:.1f} | {x['repaints']:.1f} | "
              f"{x['repaint_p50']:.1f} / {x['repaint_p90']:.1f} | {x['weston_ms']:.2f} | {x['weston_core']:.2f} | "
              f"{x['client_ms']:.2f} | {damage} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
