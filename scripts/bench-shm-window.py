#!/usr/bin/env python3
"""A window's buffers in memory and a frame's CPU (the client's and weston's), three ways (tools/shm-window).

On this machine's EGL, under a private weston headless (pixman) at 800x600 and then 3840x2160: the way Momentum
draws today (`egl`: an EGL window surface), the app's own wl_shm buffers drawn in bands (`shm`), and a gradient two
pixels wide stretched by wp_viewporter (`stretch`), each run three times: a window drawn once, then drawn again
FRAMES times with a 100x100 damage, then FRAMES times declaring the whole window damaged (SHM_WINDOW_DAMAGE=full).
Prints each run's line (RSS, VmHWM, the client's CPU of the whole frame and of a damage frame, the largest mappings)
and weston's CPU per frame over the run (its threads' schedstat, the first frame included). The numbers behind
renderer.md's "Where a window's memory goes".

  scripts/bench-shm-window.py [--frames 60] [--sizes 800x600,3840x2160]

Standard library only. Exits 1 with one line when a run fails.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import build_tool, end_weston, parse_sizes, start_weston  # noqa: E402


def cpu_ns(pid):
    """Every thread's time on a CPU so far, ns (/proc/PID/task/*/schedstat, first field)."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        with open(path) as f:
            total += int(f.read().split()[0])
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60, help="damage frames a run (default 60)")
    parser.add_argument("--sizes", default="800x600,3840x2160", help="window sizes WxH, comma-separated")
    args = parser.parse_args()
    try:
        sizes = parse_sizes(args.sizes)
    except ValueError as error:
        sys.exit(f"bench-shm-window: {error}")
    if args.frames < 1 or any(scale != 1 for _, _, scale in sizes):
        sys.exit("bench-shm-window: --frames must be at least 1 and --sizes at scale 1")
    work = tempfile.mkdtemp(prefix="bench-shm-window-")
    weston = None
    try:
        tool = build_tool(work, "shm-window", protocols=("xdg-shell", "viewporter"),
                          packages=("wayland-client", "wayland-egl", "egl", "glesv2"))
        for w, h, _ in sizes:
            folder = os.path.join(work, f"{w}x{h}")
            os.mkdir(folder)
            weston, env = start_weston(folder, "shm-window", w, h)
            for way in ("egl", "shm", "stretch"):
                for run in ("still", "small", "full"):
                    frames = 0 if run == "still" else args.frames
                    before = cpu_ns(weston.pid)
                    done = subprocess.run([tool, way, str(w), str(h), str(frames)],
                                          env={**env, "SHM_WINDOW_DAMAGE": "full" if run == "full" else ""},
                                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
                    if done.returncode != 0:
                        raise RuntimeError(f"shm-window {way} {w}x{h}: {done.stderr.strip() or done.returncode}")
                    weston_ms = (cpu_ns(weston.pid) - before) / 1e6 / (frames + 1)
                    print(done.stdout.rstrip())
                    print(f"\tweston: {weston_ms:.3f} ms a frame", flush=True)
            end_weston(weston, folder)
            weston = None
    except (RuntimeError, OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        sys.exit(f"bench-shm-window: {error}")
    finally:
        end_weston(weston, work)


if __name__ == "__main__":
    main()
