#!/usr/bin/env python3
"""Every scene's cost per frame beside weston-simple-egl, at every size: docs/benchmarks/scenes.md from one command.

For each output size, one `momentum bench --headless --versus weston-simple-egl --scene all` run (a private weston
headless + pixman, the app fullscreen in it): every scene's autoplay and the panel's drag at 1000 px/s, then the
panel and weston-simple-egl side by side in rounds, the order alternating. Prints one markdown table: each scene's
client CPU per presented frame (from its trace) over the frames committed from 1 s after its first frame shown on,
and its ratio to simple-egl's client CPU per frame measured in the same weston and the same run after the same 1 s
warm-up, with the frames per second each kept; beside each scene, its launch's first second apart (the frames after
the first, committed before that window: the GL's programs built, the first frames' buffers made); then every run's
report.md.

  scripts/bench-scenes.py --momentum PREFIX/bin/momentum [--sizes 800x600,1920x1080,2560x1440,1920x1080@2]
                          [--duration 8] [--rounds 2] [--scene all|NAME] [--out DIR]

--scene runs one scene only (panel, transition, gallery, playground or scroll): the table has its column alone.

--momentum is an installed momentum (scripts/install puts the weston module beside it). Standard library only;
exits 1 with one line when a run fails.
"""
import argparse
import os
import sys
import tempfile

from benchlib import bench, parse_sizes

SCENES = ["panel-spring", "transition", "gallery", "playground-spring", "scroll"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--momentum", default="momentum")
    parser.add_argument("--sizes", default="800x600,1920x1080,2560x1440,1920x1080@2")
    parser.add_argument("--duration", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--scene", default="all")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    try:
        sizes = parse_sizes(args.sizes)
    except ValueError as error:
        print(f"bench-scenes: {error}", file=sys.stderr)
        return 2
    columns = [column for column in SCENES if args.scene in ("all", column.split("-")[0])]
    if not columns:
        print(f"bench-scenes: unknown --scene {args.scene!r} (all, panel, transition, gallery, playground or scroll)",
              file=sys.stderr)
        return 2
    out = args.out or tempfile.mkdtemp(prefix="bench-scenes.")
    rows, reports = [], []
    for w, h, scale in sizes:
        label = f"{w}x{h}" + (f"@{scale}" if scale != 1 else "")
        folder = os.path.join(out, label)
        argv = ["--headless", "--versus", "weston-simple-egl", "--scene", args.scene, "--size", f"{w}x{h}",
                "--scale", str(scale), "--duration", str(args.duration), "--rest", "1", "--rounds", str(args.rounds),
                "--drag-speeds", "1000", "--predict", "on"]
        print(f"== {label}", file=sys.stderr)
        try:
            report, markdown = bench(args.momentum, argv, folder)
        except RuntimeError as error:
            print(f"bench-scenes: at {label}: {error}", file=sys.stderr)
            return 1
        reports.append((label, markdown))
        peer = report["versus"]["peer_numbers"]
        runs = {run["name"]: run for run in report["runs"]}
        cells = []
        for name in columns:
            run = runs.get(name)
            if run is None or run.get("cpu_per_presented_frame_us") is None:
                cells.append("–")
            else:
                ms = run["cpu_per_presented_frame_us"] / 1000
                cells.append(f"{ms:.2f} ({ms / peer['client_cpu_per_frame_ms']:.2f}×) · {run['fps']:.1f} fps")
            launch = (run or {}).get("cpu_per_presented_frame_launch_us")
            cells.append("–" if launch is None else f"{launch / 1000:.2f}")
        rows.append(f"| {label} | " + " | ".join(cells)
                    + f" | {peer['client_cpu_per_frame_ms']:.2f} · {peer['fps']:.1f} fps |")
    print("| output | " + " | ".join(f"{c} | {c.split('-')[0]}, 1st s" for c in columns) + " | weston-simple-egl |")
    print("|---|" + "---|" * (2 * len(columns) + 1))
    print("\n".join(rows))
    print()
    print("Client CPU per presented frame from 1 s after the first frame shown, ms (ratio to weston-simple-egl's in the "
          "same run, after the same 1 s) · presented fps; the launch's first second apart (\"1st s\": the frames after "
          "the first, before that window), ms.")
    for label, markdown in reports:
        print(f"\n### {label}\n")
        print(markdown.replace("\n### ", "\n#### "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
