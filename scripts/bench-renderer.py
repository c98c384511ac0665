#!/usr/bin/env python3
"""Renderer benchmark: the table of docs/benchmarks/renderer.md from one command.

Runs scripts/bench-frames.py (one private weston headless per run, momentum and weston-simple-egl side by side in it,
rounds alternating) for each output size and for each way momentum can draw its moving layers, then prints one
markdown table of the ratios measured within each run, followed by every run's full report.

  sizes     800x600, 1920x1080, and 1920x1080 logical at scale 2 (3840x2160 px)
  variants  layer surfaces (the default: the panel and the HUD on wl_subsurfaces the compositor moves)
            --no-subsurfaces (every layer drawn into the window, damage redrawn by the client)

Options: --momentum BINARY, --rounds N (2), --duration S (10), --out DIR (keeps every run's logs and results.json),
--sizes LIST (e.g. 800x600,1920x1080@2), --variants LIST (layers,inline), --launches N (12: launch → first
presented frame timed over N launches; the runs' own launch column is the median of their rounds' only). Standard library only; exit 1 with one line if a run fails.
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_frames", os.path.join(HERE, "bench-frames.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

VARIANTS = [("layer surfaces (default)", ""), ("--no-subsurfaces", "--no-subsurfaces")]


def parse_sizes(text):
    sizes = []
    for item in text.split(","):
        size, _, scale = item.partition("@")
        w, _, h = size.partition("x")
        if not (w.isdigit() and h.isdigit() and (scale == "" or scale.isdigit())):
            raise ValueError(f"--sizes: '{item}' is not WxH or WxH@SCALE")
        sizes.append((int(w), int(h), int(scale or 1)))
    return sizes


def run(args, width, height, scale, extra, out):
    os.makedirs(out, exist_ok=True)
    before = set(os.listdir(out))
    argv = [sys.executable, os.path.join(HERE, "bench-frames.py"), "--size", f"{width}x{height}", "--scale",
            str(scale), "--rounds", str(args.rounds), "--duration", str(args.duration), "--out", out,
            f"--momentum-args={extra}"]
    if args.momentum:
        argv += ["--momentum", args.momentum]
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        raise RuntimeError(f"bench-frames.py {width}x{height}@{scale} {extra or '(default)'}: {last}")
    # The run this call made (an --out used before holds older ones).
    runs = [d for d in os.listdir(out) if d.startswith("run-") and d not in before]
    if len(runs) != 1:
        raise RuntimeError(f"bench-frames.py {width}x{height}@{scale}: expected one new run in {out}, found {runs}")
    with open(os.path.join(out, runs[0], "results.json")) as f:
        results = json.load(f)
    return results, done.stdout


def launches(args, count, out):
    """Launch → first presented frame, `count` launches of `momentum run --fullscreen --quit-after 0.5 --trace` one
    after the other into one private 800x600 weston (desktop-shell, the touch module): spawn time and the first
    `presented` time are both CLOCK_MONOTONIC_RAW (weston headless's presentation clock). Returns the times, ms."""
    momentum = args.momentum or bench.default_momentum()
    os.makedirs(out, exist_ok=True)
    weston = bench.Weston(800, 600, bench.build_module(), tempfile.mkdtemp(dir=out))
    times = []
    try:
        weston.start()
        for i in range(count):
            trace = os.path.join(out, f"launch-{i}.jsonl")
            spawn = bench.raw_ns()
            done = subprocess.run([momentum, "run", "--fullscreen", "--quit-after", "0.5", "--trace", trace],
                                  env=weston.client_env(False), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
            if done.returncode != 0:
                raise RuntimeError(f"launch {i}: momentum exited {done.returncode}: {done.stderr.strip()[-200:]}")
            first = bench.first_presented_ns(bench.read_trace(trace))
            if first is None:
                raise RuntimeError(f"launch {i}: no presented frame in {trace}")
            times.append((first - spawn) / 1e6)
    finally:
        weston.stop()
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--momentum", help="momentum binary (default: bench-frames.py's)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds per run (default 2)")
    ap.add_argument("--duration", type=float, default=10.0, help="active window seconds (default 10)")
    ap.add_argument("--sizes", default="800x600,1920x1080,1920x1080@2",
                    help="output sizes, logical px with an optional @scale (default 800x600,1920x1080,1920x1080@2)")
    ap.add_argument("--variants", default="layers,inline",
                    help="which ways of drawing to run: layers (the default: layer surfaces), inline (--no-subsurfaces)")
    ap.add_argument("--launches", type=int, default=12,
                    help="launches timed to the first presented frame, one after another (default 12; 0: none)")
    ap.add_argument("--out", help="keep every run's logs and results.json here")
    args = ap.parse_args()
    try:
        sizes = parse_sizes(args.sizes)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    chosen = [v for v in args.variants.split(",") if v]
    if not chosen or any(v not in ("layers", "inline") for v in chosen):
        print(f"error: --variants: '{args.variants}' is not a list of layers and inline", file=sys.stderr)
        return 2
    variants = [(name, extra) for name, extra in VARIANTS if ("inline" if extra else "layers") in chosen]
    out = os.path.abspath(args.out) if args.out else tempfile.mkdtemp(prefix="bench-renderer-")
    rows, reports = [], []
    try:
        for width, height, scale in sizes:
            for name, extra in variants:
                tag = f"{width}x{height}@{scale}-{'inline' if extra else 'layers'}"
                print(f"[bench-renderer] {tag}", file=sys.stderr)
                results, report = run(args, width, height, scale, extra, os.path.join(out, tag))
                m = bench.summarize(results["results"], "momentum")
                e = bench.summarize(results["results"], "simple-egl")
                rows.append((width, height, scale, name, m, e, results["meta"]))
                reports.append(report)
        launch_ms = launches(args, args.launches, os.path.join(out, "launches")) if args.launches > 0 else []
    except (RuntimeError, bench.BenchError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    fmt, ratio = bench.fmt, bench.ratio
    w = print
    w("| output | momentum draws its moving layers | client CPU / frame, ms: momentum, simple-egl (ratio) "
      "| client + weston CPU / frame, ms (ratio) | callback → commit p50 / p99, ms | presented fps | discarded "
      "| launch → first presented, ms | other load (cores) |")
    w("|---|---|---|---|---|---:|---:|---:|---:|")
    for width, height, scale, name, m, e, meta in rows:
        both = lambda s: (s["cpu_ms_per_frame"] + s["comp_ms_per_frame"]) if s["cpu_ms_per_frame"] is not None else None
        output = f"{width}x{height}" + (f" at scale {scale}" if scale != 1 else "")
        t = m.get("trace", {})
        w(f"| {output} | {name} | {fmt(m['cpu_ms_per_frame'], 2)}, {fmt(e['cpu_ms_per_frame'], 2)} "
          f"({ratio(m['cpu_ms_per_frame'], e['cpu_ms_per_frame'])}×) | {fmt(both(m), 2)}, {fmt(both(e), 2)} "
          f"({ratio(both(m), both(e))}×) | {fmt(m['c2c_p50'], 2)} / {fmt(m['c2c_p99'], 2)} | {fmt(m['fps'])} "
          f"| {t.get('discarded', '—')} | {fmt(m['launch_presented_nodebug'], 0)} | {meta['other_mean']:.2f} |")
    if launch_ms:
        launch_ms.sort()
        w("")
        w(f"Launch → first presented frame (800x600, fullscreen, {len(launch_ms)} launches one after another into one "
          f"weston): p50 {bench.median(launch_ms):.0f} ms, p90 {bench.pct(launch_ms, 90):.0f} ms, "
          f"min {launch_ms[0]:.0f} ms, max {launch_ms[-1]:.0f} ms.")
    for report in reports:
        w("")
        w(report.rstrip())
    print(f"[bench-renderer] logs and results in {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
