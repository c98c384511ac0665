#!/usr/bin/env python3
"""Where a bench run's steady drag lag comes from: the presentation time the prediction aimed at, or the finger's
extrapolation to it.

For each `momentum bench` --out folder given, its `traces/panel-drag-SPEED.jsonl` (a drag with prediction, the
bench's finger: legs of SPAN px (226 in the bench's 800x600 window), 60 ms speeding up, cruise, 60 ms slowing down):
the frames the bench calls steady (the finger at its cruising speed from 50 ms before the frame's newest sample to
its presentation, or the time it was predicted for if later: `BenchAnalysis.steadyDefinition`). For each, the error
drawn − finger along the motion (px, + ahead), split into
  - timing: the finger's travel between the presentation time the frame was predicted for (its newest touch sample's
    time + the horizon it was drawn with, `predict_us`) and when it was shown;
  - extrapolation: the rest (where the prediction put the finger at the time it aimed at, against where it was).
Also the frames the bench called steady before (shown after 100 ms of cruise) whose fit still reached back into the
speeding up: how many, and their extrapolation part.
Touch times in whole ms (no input timestamps: nested wlroots, mutter) are taken as the middle of their ms, as the
predictor takes them. Prints one line per folder. Standard library only; exits 2 on a folder without the trace.

  scripts/bench-drag-lag-parts.py [--speed 1000] [--span 226] OUT…
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import drag_trace  # noqa: E402

RAMP, FIT, LEGS = 0.060, 0.050, 14   # s: DragPath's ramps, TouchPredictor.window; the legs before the stop's


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def parts(path, span, speed):
    cruise = (span - speed * RAMP) / speed
    leg = 2 * RAMP + cruise

    def in_cruise(t0, t1):   # both within the cruise of one leg (s after the press), not the stop's leg
        k = int(t0 // leg)
        return 0 <= k < LEGS and RAMP <= t0 - k * leg and t1 - k * leg <= RAMP + cruise

    lines = [json.loads(line) for line in open(path) if line.strip()]
    clock = next(l for l in lines if l.get("event") == "clock")
    offset = (clock["monotonic_ns"] - clock["presentation_ns"] - clock["start_ns"]) / 1e9
    start = clock["start_ns"] / 1e9
    whole_ms = clock.get("input") == "monotonic_ms"
    shown = {l["seq"]: l["ns"] / 1e9 + offset for l in lines if l.get("event") == "presented"}

    def sample_time(l):
        return l["time"] - start + (0.0005 if whole_ms else 0)
    samples = [(sample_time(l), l["y"]) for l in lines if l.get("event") == "touch" and l["phase"] != "up"]
    down = next(sample_time(l) for l in lines if l.get("event") == "touch" and l["phase"] == "down")
    frames, panel_y, grab, newest, frame = [], None, None, None, None
    for l in lines:
        event = l.get("event")
        if event == "touch":
            newest = sample_time(l)
            if l["phase"] == "down" and grab is None and panel_y is not None:
                grab = l["y"] - panel_y
        elif event == "frame":
            frame = (l["seq"], newest, l.get("predict_us"))
        elif event == "panel":
            panel_y = l["y"]
            if frame and l["state"] == "dragging" and frame[0] in shown and frame[2]:
                frames.append((shown[frame[0]], l["y"], frame[1], frame[2] / 1e6))
    out = {"all": [], "timing": [], "extrapolation": [], "former steady, fit into the speeding up": []}
    for present, y, newest, horizon in frames:
        i = next((k for k, s in enumerate(samples) if s[0] >= present), None)
        if not i or grab is None:
            continue
        (ta, ya), (tb, yb) = samples[i - 1], samples[i]
        if tb <= ta:
            continue
        finger, v = ya + (yb - ya) * (present - ta) / (tb - ta), (yb - ya) / (tb - ta)
        error = (y + grab - finger) * (1 if v > 0 else -1)
        timing = -abs(v) * (present - (newest + horizon))
        if in_cruise(newest - FIT - down, max(present, newest + horizon) - down):
            out["all"].append(error)
            out["timing"].append(timing)
            out["extrapolation"].append(error - timing)
        elif in_cruise(present - 0.100 - down, present - down) and not in_cruise(newest - FIT - down, present - down):
            out["former steady, fit into the speeding up"].append(error - timing)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=int, default=1000)
    parser.add_argument("--span", type=float, default=226, help="the legs' span (px): 226 in an 800x600 window")
    parser.add_argument("out", nargs="+")
    args = parser.parse_args()
    for folder in args.out:
        trace = drag_trace(folder, args.speed, "bench-drag-lag-parts")
        p = parts(trace, args.span, args.speed)
        former = p["former steady, fit into the speeding up"]
        print(f"{folder}: {len(p['all'])} steady frames, |error| p50 {median([abs(e) for e in p['all']]):.2f} px, "
              f"signed p50 {median(p['all']):+.2f} px; timing |.| p50 {median([abs(e) for e in p['timing']]):.2f} px; "
              f"extrapolation p50 {median(p['extrapolation']):+.2f} px; formerly steady with the fit in the speeding up: "
              f"{len(former)} frames, extrapolation p50 {median(former):+.2f} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
