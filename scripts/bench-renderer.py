#!/usr/bin/env python3
"""Renderer benchmark: the table of docs/benchmarks/renderer.md from one command.

Runs `momentum bench --headless --versus weston-simple-egl --scene panel` (one private weston headless per run,
momentum's panel autoplay and weston-simple-egl side by side in it, rounds alternating) for each output size and for
each way momentum can draw its moving layers, then prints one markdown table of the ratios measured within each run,
followed by every run's report.md. Then times launches: `momentum bench --headless --scene panel --backend all`
starts one app per backend and workload into one weston, each run's launch → first presented frame is kept.

  sizes     800x600, 1920x1080, and 1920x1080 logical at scale 2 (3840x2160 px)
  variants  layer surfaces (the default: the panel and the HUD on wl_subsurfaces the compositor moves)
            --no-subsurfaces (every layer drawn into the window, damage redrawn by the client)

Options: --momentum BINARY (an installed momentum: scripts/install puts the weston module beside it; default: the
one on PATH), --rounds N (2), --duration S (10), --out DIR (keeps every run's report), --sizes LIST (e.g.
800x600,1920x1080@2), --variants LIST (layers,inline), --launches N (12, rounded up to whole bench runs; 0: none).
Standard library only; exit 1 with one line if a run fails.
"""

import argparse
import os
import shutil
import sys
import tempfile

from benchlib import bench, parse_sizes

VARIANTS = [("layer surfaces (default)", "layers"), ("--no-subsurfaces", "inline")]


def percentile(values, p):
    """Nearest rank, as momentum bench computes them."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def fmt(value, digits=1):
    return "—" if value is None else f"{value:.{digits}f}"


def ratio(a, b):
    return "—" if a is None or not b else f"{a / b:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--momentum", default=shutil.which("momentum"), help="installed momentum binary (default: PATH)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds per run (default 2)")
    ap.add_argument("--duration", type=float, default=10.0, help="seconds each workload runs (default 10)")
    ap.add_argument("--sizes", default="800x600,1920x1080,1920x1080@2",
                    help="output sizes, logical px with an optional @scale (default 800x600,1920x1080,1920x1080@2)")
    ap.add_argument("--variants", default="layers,inline",
                    help="which ways of drawing to run: layers (the default: layer surfaces), inline (--no-subsurfaces)")
    ap.add_argument("--launches", type=int, default=12,
                    help="launches timed to the first presented frame (default 12; 0: none)")
    ap.add_argument("--out", help="keep every run's report here")
    args = ap.parse_args()
    if not args.momentum or not os.access(args.momentum, os.X_OK):
        print(f"error: --momentum: '{args.momentum}' is not an executable (install one with scripts/install)",
              file=sys.stderr)
        return 2
    try:
        sizes = parse_sizes(args.sizes)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    chosen = [v for v in args.variants.split(",") if v]
    if not chosen or any(v not in ("layers", "inline") for v in chosen):
        print(f"error: --variants: '{args.variants}' is not a list of layers and inline", file=sys.stderr)
        return 2
    variants = [(name, key) for name, key in VARIANTS if key in chosen]
    out = os.path.abspath(args.out) if args.out else tempfile.mkdtemp(prefix="bench-renderer-")
    rows, reports, launch_ms = [], [], []
    try:
        for width, height, scale in sizes:
            for name, key in variants:
                tag = f"{width}x{height}@{scale}-{key}"
                print(f"[bench-renderer] {tag}", file=sys.stderr)
                argv = ["--headless", "--versus", "weston-simple-egl", "--scene", "panel", "--size",
                        f"{width}x{height}", "--scale", str(scale), "--rounds", str(args.rounds), "--duration",
                        str(args.duration), "--rest", "3"]
                if key == "inline":
                    argv.append("--no-subsurfaces")
                report, markdown = bench(args.momentum, argv, os.path.join(out, tag))
                rows.append((width, height, scale, name, report))
                reports.append((tag, markdown))
        runs = 0
        while len(launch_ms) < args.launches:
            print(f"[bench-renderer] launches {len(launch_ms)}/{args.launches}", file=sys.stderr)
            report, _ = bench(args.momentum, ["--headless", "--scene", "panel", "--backend", "all", "--duration",
                                              "1", "--rest", "1", "--size", "800x600"],
                              os.path.join(out, f"launches-{runs}"))
            runs += 1
            launch_ms += [run["first_frame_ms"] for run in report["runs"] if run.get("first_frame_ms") is not None]
            if runs > args.launches:
                raise RuntimeError("launches: the bench runs report no first frame")
    except (RuntimeError, OSError, KeyError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    w = print
    w("| output | momentum draws its moving layers | client CPU / frame, ms: momentum, simple-egl (ratio) "
      "| client + weston CPU / frame, ms (ratio) | callback → commit p50 / p99, ms | presented fps | discarded "
      "| launch → first presented, ms | other load (cores) |")
    w("|---|---|---|---|---|---:|---:|---:|---:|")
    for width, height, scale, name, report in rows:
        versus = report["versus"]
        m, e = versus["momentum"], versus["peer_numbers"]

        def both(s):
            if s.get("client_cpu_per_frame_ms") is None or s.get("compositor_cpu_per_frame_ms") is None:
                return None
            return s["client_cpu_per_frame_ms"] + s["compositor_cpu_per_frame_ms"]

        output = f"{width}x{height}" + (f" at scale {scale}" if scale != 1 else "")
        c2c = m.get("callback_to_commit_ms") or {}
        discarded = sum(run.get("discarded", 0) for run in report["runs"])
        loads = [window["other_load_cores"] for window in versus["windows"] if window.get("other_load_cores") is not None]
        load = max(loads) if loads else None
        w(f"| {output} | {name} | {fmt(m.get('client_cpu_per_frame_ms'), 2)}, {fmt(e.get('client_cpu_per_frame_ms'), 2)} "
          f"({ratio(m.get('client_cpu_per_frame_ms'), e.get('client_cpu_per_frame_ms'))}×) "
          f"| {fmt(both(m), 2)}, {fmt(both(e), 2)} ({ratio(both(m), both(e))}×) "
          f"| {fmt(c2c.get('p50'), 2)} / {fmt(c2c.get('p99'), 2)} | {fmt(m.get('fps'))} | {discarded} "
          f"| {fmt(m.get('first_frame_ms'), 0)} | {fmt(load, 2)} |")
    if launch_ms:
        launch_ms.sort()
        w("")
        w(f"Launch → first presented frame (800x600 window, {len(launch_ms)} launches one after another, "
          f"{len(launch_ms) // max(1, runs)} per weston): p50 {percentile(launch_ms, 50):.0f} ms, "
          f"p90 {percentile(launch_ms, 90):.0f} ms, min {launch_ms[0]:.0f} ms, max {launch_ms[-1]:.0f} ms.")
    for tag, markdown in reports:
        w("")
        w(f"## {tag}")
        w("")
        w(markdown.rstrip())
    print(f"[bench-renderer] reports in {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
