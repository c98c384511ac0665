#!/usr/bin/env python3
"""What is resident at a Momentum run's peak, region by region: each memory region of the process at its highest VmRSS.

In one private weston headless (pixman) of the given output size and scale, runs `momentum run --scene SCENE
--fullscreen --no-hud --autoplay` for `--seconds` (6), reads VmRSS every 10 ms and /proc/PID/smaps again at each new
high, and prints VmHWM, the highest VmRSS read, and every region of `[heap]`, anonymous memory, a stack or a memfd
(the app's and Mesa's `wl_shm` buffers) with at least `--min-kib` (200) KiB resident at that reading: resident and
mapped size, largest first. Where `bench-launch.py --mappings` sums the regions by name, this keeps them apart (a
build before the shared band had two band framebuffers in the panel scene at 1920x1080@2: two `[anon]` regions of
3.75 and 3.21 MiB).

  scripts/peak-regions.py [--size 800x600] [--scale 1] [--scene panel] [--seconds 6] [--min-kib 200] MOMENTUM

Standard library only. Exits 1 with one line when the run fails.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import SCENES, end_weston, smaps_regions, start_weston, stop, vm_kib  # noqa: E402

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", help="the momentum binary")
    parser.add_argument("--size", default="800x600", help="the output's size in logical px")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--scene", default="panel", choices=SCENES)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--min-kib", type=int, default=200, help="regions with less resident are left out")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()) or args.scale < 1 or args.seconds <= 0 or args.min_kib < 0:
        sys.exit(f"peak-regions: --size '{args.size}' is not WxH, or --scale is below 1, --seconds not above 0 "
                 "or --min-kib negative")
    if not os.access(args.momentum, os.X_OK):
        sys.exit(f"peak-regions: {args.momentum} is not an executable")
    work = tempfile.mkdtemp(prefix="peak-regions-")
    weston = client = None
    try:
        weston, env = start_weston(work, "peak", int(w), int(h), args.scale)
        client = subprocess.Popen([args.momentum, "run", "--scene", args.scene, "--fullscreen", "--no-hud",
                                   "--autoplay"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        end, highest, at_highest = time.monotonic() + args.seconds, -1, []
        while time.monotonic() < end:
            if client.poll() is not None:
                raise RuntimeError(f"momentum exited with status {client.returncode} while running")
            rss = vm_kib(client.pid, "VmRSS:")
            if rss > highest:
                highest, at_highest = rss, smaps_regions(client.pid)
            time.sleep(0.01)
        hwm = vm_kib(client.pid, "VmHWM:")
    except (RuntimeError, OSError) as error:
        sys.exit(f"peak-regions: {error}")
    finally:
        if client is not None:
            stop(client, signal.SIGINT)
        end_weston(weston, work)
    print(f"{args.scene} at {args.size}" + (f" scale {args.scale}" if args.scale != 1 else "")
          + f": VmHWM {hwm / 1024:.1f} MiB, highest VmRSS read {highest / 1024:.1f} MiB; its regions (MiB resident "
          "of mapped):")
    for name, mapped, resident in sorted(at_highest, key=lambda r: -r[2]):
        if resident >= args.min_kib and (name.startswith("[") or "memfd:" in name):
            print(f"  {resident / 1024:6.2f} of {mapped / 1024:7.2f}  {name}")


if __name__ == "__main__":
    main()
