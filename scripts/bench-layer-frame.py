#!/usr/bin/env python3
"""A frame that only moves a layer: Momentum's panel beside a C client doing the same subsurface move, one run.

In one private weston headless (pixman), rounds alternate between tools/subsurface-move (a window and a 640x360
subsurface drawn once; each frame sets the subsurface's position and commits the window with a frame callback and
presentation feedback: the compositor's floor for the work) and each given momentum build running the panel's
autoplay (`momentum run --scene panel --autoplay --no-hud`: the panel slides on its own surface, the window is not
drawn). Each client runs for a 1 s warm-up from its first presented frame, then WINDOW seconds are measured: the
process's CPU (/proc's schedstat, every thread, to the ns) over the frames presented in them. For Momentum also the
median of its trace's per-frame CPU (`cpu_us`) over the frames that drew no window pixel (`drawn_px` 0): the
layer-only frames. Prints one markdown table.

  scripts/bench-layer-frame.py [--size 800x600] [--window 5] [--rounds 2] MOMENTUM [MOMENTUM…]

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
from benchlib import build_tool, end_weston, parse_size, read_trace, start_weston, stop, wait_for_trace  # noqa: E402

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



def run_floor(binary, env, size, window):
    w, h = size
    done = subprocess.run([binary, str(w), str(h), str(window)], env=env, capture_output=True, text=True,
                          timeout=window + 30)
    if done.returncode != 0:
        raise RuntimeError(f"subsurface-move: {done.stderr.strip()}")
    # "… N frames presented in S s (F fps), client CPU X ms per presented frame"
    words = done.stdout.split()
    frames, seconds = int(words[2]), float(words[6])
    ms = float(words[words.index("ms") - 1])
    return {"frames": frames, "fps": frames / seconds, "cpu_ms": ms, "layer_only_ms": ms}




def run_momentum(binary, env, size, window, work, name):
    trace = os.path.join(work, f"{name}.jsonl")
    app = subprocess.Popen([binary, "run", "--scene", "panel", "--autoplay", "--no-hud", "--size",
                            f"{size[0]}x{size[1]}", "--trace", trace], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    try:
        # The measuring window starts from the first presented frame, whenever it comes.
        wait_for_trace(app, trace, lambda lines: any(l.get("event") == "presented" for l in lines),
                       f"{name}'s first presented frame")
        time.sleep(WARMUP)
        a_t, a_cpu = time.monotonic(), cpu_seconds(app.pid)
        time.sleep(window)
        b_t, b_cpu = time.monotonic(), cpu_seconds(app.pid)
        if app.poll() is not None:
            raise RuntimeError(f"{name}: momentum exited during its window")
    finally:
        stop(app, signal.SIGTERM)
    lines = read_trace(trace)
    start = next(l["start_ns"] for l in lines if l.get("event") == "clock") / 1e9
    lo, hi = a_t - start, b_t - start
    shown = [l for l in lines if l.get("event") == "presented" and lo <= l["t"] < hi]
    frames = [l for l in lines if l.get("event") == "frame" and lo <= l["t"] < hi and l.get("cpu_us") is not None]
    layer_only = [l["cpu_us"] / 1000 for l in frames if l.get("drawn_px") == 0]
    return {"frames": len(shown), "fps": len(shown) / (b_t - a_t),
            "cpu_ms": (b_cpu - a_cpu) / len(shown) * 1000 if shown else float("nan"),
            "layer_only_ms": statistics.median(layer_only) if layer_only else float("nan"),
            "layer_only_frames": len(layer_only)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", nargs="+", help="momentum binaries to compare (A, B, …)")
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--window", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=2)
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
    work = tempfile.mkdtemp(prefix="bench-layer-frame-")
    weston = None
    try:
        floor = build_tool(work, "subsurface-move")
        weston, env = start_weston(work, "layer-frame", size[0] + 224, size[1] + 168)
        clients = [("C floor (subsurface-move)", None)] + [(f"momentum {chr(65 + i)} ({b})", b)
                                                           for i, b in enumerate(args.momentum)]
        results = {name: [] for name, _ in clients}
        for round_ in range(args.rounds):
            order = clients if round_ % 2 == 0 else list(reversed(clients))
            for name, binary in order:
                print(f"round {round_ + 1}: {name}", file=sys.stderr)
                if binary is None:
                    results[name].append(run_floor(floor, env, size, args.window))
                else:
                    results[name].append(run_momentum(binary, env, size, args.window, work,
                                                       f"m{clients.index((name, binary))}-{round_}"))
    except (RuntimeError, subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        sys.exit(f"bench-layer-frame: {error}")
    finally:
        end_weston(weston, work)
    floor_ms = statistics.median(r["cpu_ms"] for r in results[clients[0][0]])
    print(f"{args.size}, {args.rounds} rounds of {args.window:g} s, the order alternating; client CPU per presented "
          "frame, ms (each round), and the median's ratio to the C floor's")
    print()
    print("| client | CPU / presented frame (ms) | × C floor | layer-only frames: trace cpu_us p50 (ms) | fps |")
    print("|---|---|---|---|---|")
    for name, _ in clients:
        rs = results[name]
        median = statistics.median(r["cpu_ms"] for r in rs)
        def each(key, digits):
            return ", ".join(f"{r[key]:.{digits}f}" for r in rs)
        print(f"| {name} | {each('cpu_ms', 3)} | {median / floor_ms:.2f}× | {each('layer_only_ms', 3)} | "
              f"{each('fps', 1)} |")


if __name__ == "__main__":
    main()
