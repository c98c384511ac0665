#!/usr/bin/env python3
"""Where a bench run's steady drag lag comes from: the presentation time the prediction aimed at, or the finger's
extrapolation to it.

For each `momentum bench` --out folder given, its `traces/panel-drag-SPEED.jsonl` (a drag with prediction, the
bench's finger: legs of 200 px, 60 ms speeding up, cruise, 60 ms slowing down): the frames presented in the last
40 ms of a cruise (what the bench calls steady: 100 ms of cruise before the presentation). For each, the error
drawn − finger along the motion (px, + ahead), split into
  - timing: the finger's travel between the presentation time the frame was predicted for (its newest touch sample's
    time + the horizon it was drawn with, `predict_us`) and when it was shown;
  - extrapolation: the rest (where the prediction put the finger at the time it aimed at, against where it was).
The extrapolation part is given apart for frames whose newest sample had cruised 50 ms or more (the predictor's
50 ms velocity fit saw only the cruise) and those whose fit still reached into the speeding up.
Touch times in whole ms (no input timestamps: nested wlroots, mutter) are taken as the middle of their ms, as the
predictor takes them. Prints one line per folder. Standard library only; exits 2 on a folder without the trace.

  scripts/bench-drag-lag-parts.py [--speed 1000] OUT…
"""
import argparse
import json
import os
import sys

RAMP, CRUISE_END, LEG = 0.060, 0.200, 0.260   # s: the bench's DragPath legs at 1000 px/s (200 px, 60 ms ramps)


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def parts(path):
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
    out = {"all": [], "timing": [], "fit in cruise": [], "fit in the speeding up": []}
    for present, y, newest, horizon in frames:
        i = next((k for k, s in enumerate(samples) if s[0] >= present), None)
        if not i or grab is None:
            continue
        (ta, ya), (tb, yb) = samples[i - 1], samples[i]
        if tb <= ta:
            continue
        finger, speed = ya + (yb - ya) * (present - ta) / (tb - ta), (yb - ya) / (tb - ta)
        since = present - down
        if not (0 <= since < 14 * LEG and CRUISE_END - 0.040 <= since % LEG < CRUISE_END):
            continue
        error = (y + grab - finger) * (1 if speed > 0 else -1)
        timing = -abs(speed) * (present - (newest + horizon))
        cruised = (newest - down) % LEG - RAMP
        out["all"].append(error)
        out["timing"].append(timing)
        out["fit in cruise" if cruised >= 0.050 else "fit in the speeding up"].append(error - timing)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=int, default=1000)
    parser.add_argument("out", nargs="+")
    args = parser.parse_args()
    if args.speed != 1000:
        print("bench-drag-lag-parts: --speed: the leg timing here is the 1000 px/s drag's", file=sys.stderr)
        return 2
    for folder in args.out:
        trace = os.path.join(folder, "traces", f"panel-drag-{args.speed}.jsonl")
        if not os.path.isfile(trace):
            print(f"bench-drag-lag-parts: {trace}: no such trace", file=sys.stderr)
            return 2
        p = parts(trace)
        cruise, ramp = p["fit in cruise"], p["fit in the speeding up"]
        print(f"{folder}: {len(p['all'])} steady frames, |error| p50 {median([abs(e) for e in p['all']]):.2f} px; "
              f"timing |.| p50 {median([abs(e) for e in p['timing']]):.2f} px; extrapolation p50 "
              f"{median(cruise):+.2f} px over {len(cruise)} frames fitted in the cruise, "
              f"{median(ramp):+.2f} px over {len(ramp)} fitted into the speeding up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
