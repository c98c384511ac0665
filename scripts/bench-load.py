#!/usr/bin/env python3
"""Frame pacing of every scene on a loaded machine beside weston-simple-egl: issue 25's load target from one command.

Starts a CPU hog (`stress-ng --cpu 2` by default) and, while it runs, one `momentum bench --headless --versus
weston-simple-egl --scene all` (a private weston headless + pixman, the app fullscreen in it): every scene's autoplay
and the panel's drag at 1000 px/s with prediction, then the panel and weston-simple-egl side by side in rounds, the
order alternating. Prints one markdown table: per run the share of frame intervals longer than 1.2x their median
(`late_interval_share`: after its first second, as simple-egl after its warm-up; rests left out), against
simple-egl's in the same weston under the same hog, the verdict (late <= simple-egl's + 0.5 %) and the drag lag;
then the bench's report.md. The hog is stopped and reaped on every way out.

  scripts/bench-load.py --momentum PREFIX/bin/momentum [--size 800x600|WxH@SCALE] [--duration 8] [--rounds 2]
                        [--hog 'stress-ng --cpu 2' | --no-hog] [--out DIR]

Standard library only; exits 1 with one line when a run fails, 2 on bad arguments or a missing hog.
"""
import argparse
import os
import shlex
import shutil
import sys
import tempfile

from benchlib import bench, end_hog, parse_size, start_hog


def percent(share):
    return "–" if share is None else f"{100 * share:.1f} %"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--momentum", default="momentum")
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--duration", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--hog", default="stress-ng --cpu 2")
    parser.add_argument("--no-hog", action="store_true")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    try:
        w, h, scale = parse_size(args.size)
    except ValueError as error:
        print(f"bench-load: {error}", file=sys.stderr)
        return 2
    hog_argv = [] if args.no_hog else shlex.split(args.hog)
    if hog_argv and shutil.which(hog_argv[0]) is None:
        print(f"bench-load: --hog: {hog_argv[0]} not found (apt-get install stress-ng)", file=sys.stderr)
        return 2
    out = args.out or tempfile.mkdtemp(prefix="bench-load.")
    argv = ["--headless", "--versus", "weston-simple-egl", "--scene", "all", "--size", f"{w}x{h}",
            "--scale", str(scale), "--duration", str(args.duration), "--rest", "1", "--rounds", str(args.rounds),
            "--drag-speeds", "1000", "--predict", "on"]
    hog = start_hog(hog_argv)
    try:
        report, markdown = bench(args.momentum, argv, os.path.join(out, "bench"))
    except RuntimeError as error:
        print(f"bench-load: {error}", file=sys.stderr)
        return 1
    finally:
        end_hog(hog)
    versus = report["versus"]
    peer = versus["peer_numbers"].get("late_interval_share")
    mine = versus["momentum"].get("late_interval_share")
    print(f"Under `{' '.join(hog_argv) or 'no hog'}`, {w}x{h}" + (f" at scale {scale}" if scale != 1 else "")
          + f": weston-simple-egl's late intervals {percent(peer)} (momentum's panel in the same rounds "
          + f"{percent(mine)}); a run passes at <= simple-egl's + 0.5 %.\n")
    print("| run | late intervals | verdict | interval p50 / p99 ms | fps | steady drag lag p50 px |")
    print("|---|---|---|---|---|---|")
    failed = []
    for run in report["runs"]:
        share = run.get("late_interval_share")
        ok = share is not None and peer is not None and share <= peer + 0.005
        if not ok:
            failed.append(run["name"])
        interval = run.get("interval_ms") or {}
        lag = (run.get("drag_lag") or {}).get("px") or {}
        print(f"| {run['name']} | {percent(share)} | {'pass' if ok else 'FAIL'} | "
              f"{interval.get('p50', '–')} / {interval.get('p99', '–')} | {run.get('fps', '–')} | "
              f"{lag.get('p50', '–')} |")
    print(f"\nVerdict: {'every run passes' if not failed else 'over the target: ' + ', '.join(failed)}.")
    print("\n" + markdown.replace("\n### ", "\n#### "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
