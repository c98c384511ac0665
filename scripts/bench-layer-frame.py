#!/usr/bin/env python3
"""A frame that only moves a layer: Momentum's panel beside a C client doing the same subsurface move, one run.

In one private weston headless (pixman, its `timeline` log scope on), rounds alternate between
tools/subsurface-move (a window and a 640x360 subsurface drawn once; each frame sets the subsurface's position and
commits the window with a frame callback and presentation feedback: the compositor's floor for the work) and each
given momentum build running the panel's autoplay (`momentum run --scene panel --autoplay --no-hud`: the panel
slides on its own surface, the window is not drawn). Each client runs for a 1 s warm-up from its first presented
frame, then WINDOW seconds are measured: the process's CPU (/proc's schedstat, every thread, to the ns) over the
frames presented in them.

--trace says how Momentum runs: `on` (the default) with `--trace FILE`, its frames counted from the trace's
`presented` lines, and the median of its per-frame CPU (`cpu_us`) over the frames that drew no window pixel
(`drawn_px` 0: the layer-only frames) given too; `off` with no trace (what the floor does: it writes none), its
frames counted on the compositor's side, as weston's repaints in the window (from its timeline log: Momentum is
weston's only client then, and each of its presented frames is one repaint), so the count costs the app nothing;
`both` runs each build both ways in each round. A traced run also gives weston's repaint count beside its
`presented` lines, the check that the two counts agree. Each client's wake-ups per presented frame are counted too
(voluntary context switches over the window: each sleep an event or a timeout ended; the C floor's from its own
getrusage). Prints one markdown table.

  scripts/bench-layer-frame.py [--size 800x600] [--window 5] [--rounds 2] [--trace on|off|both] MOMENTUM [MOMENTUM…]

Standard library only; a C compiler and wayland-client's headers build the C client. Exits 1 with one line when a
run fails.
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (build_tool, end_weston, parse_size, read_trace, start_weston, stop, wait_for_trace,  # noqa: E402
                      weston_repaints)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARMUP = 1.0


def cpu_seconds(pid):
    """The process's CPU time so far (s), every thread's, to the nanosecond (/proc/PID/task/*/schedstat: the
    scheduler's run time, as CLOCK_PROCESS_CPUTIME_ID gives the C floor its own), not in /proc/PID/stat's 10 ms
    ticks (±0.04 ms a frame over 5 s at 34 fps). A thread that ends meanwhile takes its time with it."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            continue
    return total / 1e9


def sleeps(pid):
    """The process's wake-ups so far: its threads' voluntary context switches (/proc/PID/task/*/status), each a sleep
    (in poll, a futex, a read) that an event or a timeout ended, as the C floor counts its own (getrusage's
    ru_nvcsw; a thread that exits within the window takes its count with it, which getrusage keeps)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches:"))
        except (FileNotFoundError, StopIteration):
            continue
    return total


def run_floor(binary, env, size, window):
    w, h = size
    done = subprocess.run([binary, str(w), str(h), str(window)], env=env, capture_output=True, text=True,
                          timeout=window + 30)
    if done.returncode != 0:
        raise RuntimeError(f"subsurface-move: {done.stderr.strip()}")
    # "… N frames presented in S s (F fps), client CPU X ms per presented frame, W wake-ups per presented frame"
    words = done.stdout.split()
    frames, seconds = int(words[2]), float(words[6])
    ms = float(words[words.index("ms") - 1])
    wakeups = float(words[words.index("wake-ups") - 1])
    return {"frames": frames, "fps": frames / seconds, "cpu_ms": ms, "layer_only_ms": ms, "wakeups": wakeups}




def first_repaint(app, weston_log, since, timeout=30):
    """Waits for weston's first repaint begun after the monotonic time `since` (s): the untraced app's first frame
    on screen. RuntimeError when the app exits first or `timeout` s pass."""
    deadline = time.monotonic() + timeout
    while not weston_repaints(weston_log, since, float("inf")):
        if app.poll() is not None:
            raise RuntimeError(f"momentum exited before its first frame: {app.stderr.read().strip()}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"momentum: no frame on screen in {timeout:g} s")
        time.sleep(0.02)


def run_momentum(binary, env, size, window, work, name, traced):
    trace = os.path.join(work, f"{name}.jsonl")
    weston_log = os.path.join(work, "weston.log")
    # Weston's timeline (`T`) is on CLOCK_MONOTONIC (its presentation clock, CLOCK_MONOTONIC_RAW on the headless
    # backend, is the feedback's stamps', ~0.3 s apart after hours of uptime; up to the twenty-second step this read
    # that one).
    spawned = time.clock_gettime(time.CLOCK_MONOTONIC)
    app = subprocess.Popen([binary, "run", "--scene", "panel", "--autoplay", "--no-hud", "--size",
                            f"{size[0]}x{size[1]}", *(["--trace", trace] if traced else [])], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        # The measuring window starts from the first presented frame, whenever it comes.
        if traced:
            wait_for_trace(app, trace, lambda lines: any(l.get("event") == "presented" for l in lines),
                           f"{name}'s first presented frame")
        else:
            first_repaint(app, weston_log, spawned)
        time.sleep(WARMUP)
        a_t, a_raw, a_cpu = time.monotonic(), time.clock_gettime(time.CLOCK_MONOTONIC), cpu_seconds(app.pid)
        a_sleeps = sleeps(app.pid)
        time.sleep(window)
        b_t, b_raw, b_cpu = time.monotonic(), time.clock_gettime(time.CLOCK_MONOTONIC), cpu_seconds(app.pid)
        b_sleeps = sleeps(app.pid)
        if app.poll() is not None:
            raise RuntimeError(f"{name}: momentum exited during its window")
    finally:
        stop(app, signal.SIGTERM)
    repaints = len(weston_repaints(weston_log, a_raw, b_raw))
    result = {"frames": repaints, "repaints": repaints, "layer_only_ms": float("nan"), "layer_only_frames": 0}
    if traced:
        lines = read_trace(trace)
        start = next(l["start_ns"] for l in lines if l.get("event") == "clock") / 1e9
        lo, hi = a_t - start, b_t - start
        shown = [l for l in lines if l.get("event") == "presented" and lo <= l["t"] < hi]
        frames = [l for l in lines if l.get("event") == "frame" and lo <= l["t"] < hi and l.get("cpu_us") is not None]
        layer_only = [l["cpu_us"] / 1000 for l in frames if l.get("drawn_px") == 0]
        result.update(frames=len(shown), layer_only_frames=len(layer_only),
                      layer_only_ms=statistics.median(layer_only) if layer_only else float("nan"))
    frames = result["frames"]
    result.update(fps=frames / (b_t - a_t), cpu_ms=(b_cpu - a_cpu) / frames * 1000 if frames else float("nan"),
                  wakeups=(b_sleeps - a_sleeps) / frames if frames else float("nan"))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", nargs="+", help="momentum binaries to compare (A, B, …)")
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--window", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--trace", choices=("on", "off", "both"), default="on",
                        help="momentum with --trace (on), without (off: frames counted as weston's repaints), or "
                             "both ways each round")
    args = parser.parse_args()
    try:
        w, h, scale = parse_size(args.size)
    except ValueError as error:
        sys.exit(f"bench-layer-frame: {error}")
    if scale != 1:
        sys.exit("bench-layer-frame: --size: scale 1 only")
    size = (w, h)
    for binary in args.momentum:
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench-layer-frame: {binary} is not an executable")
    ways = {"on": [True], "off": [False], "both": [True, False]}[args.trace]
    work = tempfile.mkdtemp(prefix="bench-layer-frame-")
    weston = None
    try:
        floor = build_tool(work, "subsurface-move")
        weston, env = start_weston(work, "layer-frame", size[0] + 224, size[1] + 168,
                                   arguments=["--logger-scopes=log,timeline"])
        clients = [("C floor (subsurface-move)", None, False)] + [
            (f"momentum {chr(65 + i)}{'' if traced else ', no trace'} ({b})", b, traced)
            for i, b in enumerate(args.momentum) for traced in ways]
        results = {name: [] for name, _, _ in clients}
        for round_ in range(args.rounds):
            order = clients if round_ % 2 == 0 else list(reversed(clients))
            for index, (name, binary, traced) in enumerate(order):
                print(f"round {round_ + 1}: {name}", file=sys.stderr)
                if binary is None:
                    results[name].append(run_floor(floor, env, size, args.window))
                else:
                    results[name].append(run_momentum(binary, env, size, args.window, work,
                                                       f"m{index}-{round_}", traced))
    except (RuntimeError, subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        sys.exit(f"bench-layer-frame: {error}")
    finally:
        end_weston(weston, work)
    floor_ms = statistics.median(r["cpu_ms"] for r in results[clients[0][0]])
    print(f"{args.size}, {args.rounds} rounds of {args.window:g} s, the order alternating; client CPU per presented "
          "frame, ms (each round), and the median's ratio to the C floor's; a traced run's frames are its trace's "
          "`presented` lines, weston's repaints in the same window beside them")
    print()
    print("| client | CPU / presented frame (ms) | × C floor | layer-only frames: trace cpu_us p50 (ms) | fps | "
          "wake-ups / presented frame | frames counted / weston's repaints |")
    print("|---|---|---|---|---|---|---|")
    for name, _, _ in clients:
        rs = results[name]
        median = statistics.median(r["cpu_ms"] for r in rs)
        def each(key, digits):
            return ", ".join(f"{r[key]:.{digits}f}" for r in rs)
        counts = ", ".join(f"{r['frames']}/{r['repaints']}" if "repaints" in r else f"{r['frames']}" for r in rs)
        print(f"| {name} | {each('cpu_ms', 3)} | {median / floor_ms:.2f}× | {each('layer_only_ms', 3)} | "
              f"{each('fps', 1)} | {each('wakeups', 2)} | {counts} |")


if __name__ == "__main__":
    main()
