#!/usr/bin/env python3
"""Launch → first frame and peak memory: Momentum beside weston-simple-egl, in one weston, rounds alternating.

In one private weston headless (pixman) of the given output size and scale, each round launches weston-simple-egl
(`-f`: fullscreen) and each given momentum build (`momentum run --scene SCENE --fullscreen --no-hud --autoplay`, the
panel unless `--scene` names another), the order alternating from round to round, each with WAYLAND_DEBUG=client:
launch → first frame is from just before the process is spawned to its window's first `wl_surface.commit` after a
`wl_surface.attach` (the first frame handed to the compositor, its synchronised subsurfaces shown with it: the same
event for both, read from the same log, on CLOCK_REALTIME). Each client then runs for `--hold` seconds (momentum's
scene plays its autoplay meanwhile, simple-egl turns its triangle) and its peak resident memory (`VmHWM` in
/proc/PID/status) is read before it is stopped. Prints one markdown table: the median of each and every round's
value. With `--mappings N`, also where each client's resident memory is when it is largest in its last round (VmRSS
read every 20 ms while it runs): the N largest mappings by Rss (/proc/PID/smaps, summed by file, `[heap]`, anonymous
or memfd name). With `--shader-cache cold`, every client starts with an empty Mesa shader cache of its own
(`MESA_SHADER_CACHE_DIR` a new empty folder, and `XDG_CACHE_HOME` the same folder, so momentum's program binaries
are not found either), as on a fresh machine or for a new user; by default (`warm`) all use the user's cache, filled
by the earlier rounds.

  scripts/bench-launch.py [--size 800x600] [--scale 1] [--scene panel] [--rounds 5] [--hold 3] [--mappings N]
                          [--shader-cache warm|cold] MOMENTUM [MOMENTUM…]

Standard library only. Exits 1 with one line when a run fails.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import SCENES, end_weston, smaps_regions, start_weston, stop, vm_kib  # noqa: E402

COMMIT = re.compile(r"^\[\s*(\d+)\.(\d+)\]\s+-> wl_surface@(\d+)\.(attach|commit)\(")
TOPLEVEL = re.compile(r"-> xdg_wm_base@\d+\.get_xdg_surface\(new id xdg_surface@\d+, wl_surface@(\d+)\)")


def first_commit_us(log_path, spawn_us):
    """Microseconds from `spawn_us` to the first commit of the window's surface (the one given an xdg_surface) with
    a buffer attached, from a WAYLAND_DEBUG=client log whose stamps are CLOCK_REALTIME µs truncated to 32 bits
    (`[ms.µs]`). A subsurface's earlier commit is not it: a synchronised subsurface is shown with its parent's."""
    attached = set()
    window = None
    with open(log_path, errors="replace") as log:
        for line in log:
            t = TOPLEVEL.search(line)
            if t:
                window = t.group(1)
            m = COMMIT.match(line)
            if not m:
                continue
            surface = m.group(3)
            if m.group(4) == "attach":
                attached.add(surface)
            elif surface in attached and surface == window:
                stamp = int(m.group(1)) * 1000 + int(m.group(2))
                # The log's stamp is the low 32 bits of the µs clock.
                delta = (stamp - spawn_us) % (1 << 32)
                return delta
    return None


def resident_by_mapping(pid):
    """KiB resident per mapping name: a file's base name, `[heap]`, `[stack]`, `[anon]` or a memfd's name."""
    totals = {}
    for path, _, resident in smaps_regions(pid):
        name = os.path.basename(path) if path.startswith("/") else path
        totals[name] = totals.get(name, 0) + resident
    return totals


def run_client(argv, env, work, name, hold, cold, peak_mappings):
    log_path = os.path.join(work, f"{name}.log")
    if cold:
        cache = os.path.join(work, f"{name}.shader-cache")
        os.mkdir(cache)
        env = {**env, "MESA_SHADER_CACHE_DIR": cache, "XDG_CACHE_HOME": cache}
    with open(log_path, "w") as log:
        spawn_us = time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000
        client = subprocess.Popen(argv, env={**env, "WAYLAND_DEBUG": "client"}, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 30
        launch = None
        while launch is None:
            time.sleep(0.05)
            if client.poll() is not None:
                raise RuntimeError(f"{name} exited with status {client.returncode} before its first frame")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name}: no frame in 30 s")
            launch = first_commit_us(log_path, spawn_us)
        # With `peak_mappings`, where the resident memory is when it is largest (VmRSS read every 20 ms, smaps
        # again at each new high); else at the end.
        mappings, peak_rss = {}, -1
        hold_end = time.monotonic() + hold
        while peak_mappings and time.monotonic() < hold_end:
            rss = vm_kib(client.pid, "VmRSS:")
            if rss > peak_rss:
                peak_rss, mappings = rss, resident_by_mapping(client.pid)
            time.sleep(0.02)
        time.sleep(max(0.0, hold_end - time.monotonic()))
        if client.poll() is not None:
            raise RuntimeError(f"{name} exited with status {client.returncode} while running")
        hwm = vm_kib(client.pid, "VmHWM:")
        if not peak_mappings:
            mappings = resident_by_mapping(client.pid)
    finally:
        stop(client, signal.SIGINT)
        os.unlink(log_path)
        if cold:
            shutil.rmtree(env["MESA_SHADER_CACHE_DIR"], ignore_errors=True)
    return {"launch_ms": launch / 1000, "hwm_mib": hwm / 1024, "mappings": mappings}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("momentum", nargs="+", help="momentum binaries to compare (A, B, …)")
    parser.add_argument("--size", default="800x600", help="the output's size in logical px")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--scene", default="panel", choices=SCENES, help="the scene momentum runs (default panel)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hold", type=float, default=3, help="seconds each client runs after its first frame")
    parser.add_argument("--mappings", type=int, default=0,
                        help="also print each client's N largest mappings by resident size (last round)")
    parser.add_argument("--shader-cache", choices=["warm", "cold"], default="warm",
                        help="cold: each client starts with an empty Mesa shader cache of its own")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()) or args.scale < 1 or args.rounds < 1 or args.hold <= 0 or args.mappings < 0:
        sys.exit(f"bench-launch: --size '{args.size}' is not WxH, or --scale, --rounds or --hold is below 1, "
                 "or --mappings is negative")
    simple_egl = shutil.which("weston-simple-egl")
    if simple_egl is None:
        sys.exit("bench-launch: weston-simple-egl not found (apt-get install weston)")
    for binary in args.momentum:
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench-launch: {binary} is not an executable")
    work = tempfile.mkdtemp(prefix="bench-launch-")
    weston = None
    clients = [("weston-simple-egl", [simple_egl, "-f"])] + [
        (f"momentum {chr(65 + i)} ({b})", [b, "run", "--scene", args.scene, "--fullscreen", "--no-hud", "--autoplay"])
        for i, b in enumerate(args.momentum)]
    results = {name: [] for name, _ in clients}
    try:
        weston, env = start_weston(work, "launch", int(w), int(h), args.scale)
        for round_ in range(args.rounds):
            order = clients if round_ % 2 == 0 else list(reversed(clients))
            for name, argv in order:
                print(f"round {round_ + 1}: {name}", file=sys.stderr)
                results[name].append(run_client(argv, env, work, f"c{clients.index((name, argv))}-{round_}",
                                                args.hold, args.shader_cache == "cold",
                                                args.mappings > 0 and round_ == args.rounds - 1))
    except (RuntimeError, OSError) as error:
        sys.exit(f"bench-launch: {error}")
    finally:
        end_weston(weston, work)
    base = results[clients[0][0]]
    base_launch = statistics.median(r["launch_ms"] for r in base)
    base_hwm = statistics.median(r["hwm_mib"] for r in base)
    scale = f" at scale {args.scale}" if args.scale != 1 else ""
    cache = ", every client with an empty shader cache" if args.shader_cache == "cold" else ""
    print(f"{args.size}{scale} fullscreen, momentum's {args.scene}{cache}, {args.rounds} rounds, the order alternating; "
          "launch → first frame committed (ms) and VmHWM (MiB): each round's, the median, its ratio to simple-egl's median")
    print()
    print("| client | launch → first frame (ms) | median | × simple-egl | VmHWM (MiB) | median | × simple-egl |")
    print("|---|---|---|---|---|---|---|")
    for name, _ in clients:
        rs = results[name]
        launch = statistics.median(r["launch_ms"] for r in rs)
        hwm = statistics.median(r["hwm_mib"] for r in rs)
        each_launch = ", ".join(f"{r['launch_ms']:.0f}" for r in rs)
        each_hwm = ", ".join(f"{r['hwm_mib']:.1f}" for r in rs)
        print(f"| {name} | {each_launch} | {launch:.0f} | {launch / base_launch:.2f}× | {each_hwm} | {hwm:.1f} | "
              f"{hwm / base_hwm:.2f}× |")
    if args.mappings:
        print()
        print(f"Resident memory by mapping at the last round's highest VmRSS (MiB, the {args.mappings} largest):")
        for name, _ in clients:
            top = sorted(results[name][-1]["mappings"].items(), key=lambda item: -item[1])[:args.mappings]
            print(f"- {name}: " + ", ".join(f"{mapping} {kib / 1024:.1f}" for mapping, kib in top))


if __name__ == "__main__":
    main()
