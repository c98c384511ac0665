#!/usr/bin/env python3
"""Replays TouchPredictor on a bench run's recorded touch samples, frame by frame: for each `momentum bench` --out
folder, its `traces/panel-drag-SPEED.jsonl` (a drag with prediction). A port of
Engine/Sources/MomentumCore/Input/TouchPredictor.swift's `predict` (the 50 ms least-squares line, at most 8 samples,
the braking branch, the overdue fade; whole-ms times taken as the middle of their ms as FingerPredictions does), run
at each predicted frame with the samples the app had, the horizon it drew with (`predict_us`) and its start
(`wake_t`). The port is checked against the trace: the share of frames it draws within 0.5 px of where the app drew
the panel's grabbed point is printed.

Per folder: the frames whose prediction saw the finger cruise (every sample-to-sample speed within 12 % of SPEED
from 50 ms before the newest sample to the time predicted for), their extrapolation error |predicted − finger then|
p50 / p90 and how many are over 3 px, how many of them took the braking branch; and how far past the finger's final
stop the prediction drew it (px, along its last motion, frames predicted for the 200 ms before the stop or later).
With --resolution-noise the braking test also counts the times' resolution (1 ms for whole-ms times) as noise, the
change tried and reverted in d49d474 (nested-compositors.md). Standard library only; exits 2 on a folder without the
trace.

  scripts/bench-replay-predictor.py [--speed 1000] [--resolution-noise] OUT…
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import drag_trace  # noqa: E402

WINDOW, MAX_SAMPLES, STOP_GAP, GAP = 0.050, 8, 0.020, 0.040


def smoothstep(x):
    t = max(0.0, min(1.0, x))
    return t * t * (3 - 2 * t)


def scatter(ts, ys):
    """TouchPredictor.noise: the RMS distance of the samples from their line, times sqrt(2)."""
    if len(ts) < 3:
        return 0.0
    t0, n = ts[-1], len(ts)
    st = sum(t - t0 for t in ts)
    stt = sum((t - t0) ** 2 for t in ts)
    sy, sty = sum(ys), sum((t - t0) * y for t, y in zip(ts, ys))
    det = n * stt - st * st
    if det <= 1e-12:
        return 0.0
    b = (n * sty - st * sy) / det
    a = (sy - b * st) / n
    return math.sqrt(2 * sum((y - (a + b * (t - t0))) ** 2 for t, y in zip(ts, ys)) / (n - 2 if n > 2 else 1))


def predict(samples, presentation, now, resolution, max_horizon=0.100):
    """(position, braking) along y at `presentation`, drawn at `now`."""
    times, ys = [s[0] for s in samples], [s[1] for s in samples]
    newest, real = times[-1], ys[-1]
    if len(times) < 3 or now - newest >= STOP_GAP:
        return real, False
    first = len(times) - 1
    while first > 0 and newest - times[first - 1] <= WINDOW:
        first -= 1
    n = len(times) - first
    if n < 3:
        return real, False
    st = stt = sp = stp = 0.0
    for i in range(first, len(times)):
        t = times[i] - newest
        st, stt, sp, stp = st + t, stt + t * t, sp + ys[i], stp + ys[i] * t
    det = n * stt - st * st
    if det <= 1e-12:
        return real, False
    v = (n * stp - st * sp) / det
    speed = abs(v)
    interval = (newest - times[first]) / (n - 1)
    overdue = (now - newest - 1.5 * interval) / max(1e-6, STOP_GAP - 1.5 * interval)
    weight = smoothstep((speed - 60) / 180) * (1 - max(0.0, min(1.0, overdue)))
    horizon = max(0.0, min(presentation - newest, max_horizon))
    if weight <= 0 or horizon <= 0:
        return real, False
    d = 1.0 if v >= 0 else -1.0
    distance, origin, k = speed * horizon, (sp - v * st) / n, len(times) - 1
    recent = (ys[k] - ys[k - 2]) * d / (times[k] - times[k - 2])
    recent_age = newest - (times[k] + times[k - 1] + times[k - 2]) / 3
    fit_age = -st / n
    noise = scatter(times[first:k - 1], [y * d for y in ys[first:k - 1]])
    timing = speed * resolution / math.sqrt(6)
    noise = math.sqrt(noise * noise + timing * timing) / (times[k] - times[k - 2])
    braking = speed - recent > min(30 + 0.04 * speed, 10 + 3 * noise) and fit_age > recent_age + 0.001
    if braking:
        def along(i):
            return (ys[i] - ys[i - 1]) * d / (times[i] - times[i - 1])
        newer, older = along(k), along(k - 1)
        newer_age, older_age = (newest - times[k - 1]) / 2, newest - (times[k - 1] + times[k - 2]) / 2
        slowing = max((speed - recent) / (fit_age - recent_age), (older - newer) / (older_age - newer_age))
        speed_now = max(0.0, min(recent - slowing * recent_age, newer - slowing * newer_age))
        moving = min(horizon, speed_now / slowing) if slowing > 0 else horizon
        distance, origin = speed_now * moving - slowing * moving * moving / 2, real
    return origin + d * distance * weight, braking


def replay(path, speed, resolution_noise):
    lines = [json.loads(line) for line in open(path) if line.strip()]
    clock = next(l for l in lines if l.get("event") == "clock")
    start, whole_ms = clock["start_ns"] / 1e9, clock.get("input") == "monotonic_ms"
    resolution = 0.001 if whole_ms and resolution_noise else 0.0
    samples, finger, frames, pending, grab, panel_y = [], [], [], None, None, None
    for l in lines:
        event = l.get("event")
        if event == "touch":
            t = l["time"] - start + (0.0005 if whole_ms else 0)
            if l["phase"] == "down":
                samples, grab = [], (l["y"] - panel_y if panel_y is not None else None)
            if l["phase"] != "up" and (not samples or t > samples[-1][0]):
                samples.append((t, l["y"]))
                finger.append((t, l["y"]))
                if len(samples) > 1 and samples[-1][0] - samples[-2][0] > GAP:
                    samples = samples[-1:]
                samples = samples[-MAX_SAMPLES:]
        elif event == "frame":
            pending = None
            if l.get("predict_us") and len(samples) >= 3:
                newest, horizon = samples[-1][0], l["predict_us"] / 1e6
                try:
                    y, braking = predict(list(samples), newest + horizon, l.get("wake_t") or l["t"], resolution)
                    pending = (newest, horizon, y, braking)
                except ZeroDivisionError:
                    pass
        elif event == "panel":
            panel_y = l["y"]
            if pending and l["state"] == "dragging" and grab is not None:
                frames.append(pending + (l["y"] + grab,))
            pending = None

    def finger_at(t):
        for (ta, ya), (tb, yb) in zip(finger, finger[1:]):
            if ta <= t <= tb and tb > ta:
                return ya + (yb - ya) * (t - ta) / (tb - ta)
        return None
    errors, braked = [], 0
    for newest, horizon, y, braking, _ in frames:
        window = [s for s in finger if newest - WINDOW <= s[0] <= newest + horizon + 0.009]
        speeds = [abs(y2 - y1) / (t2 - t1) for (t1, y1), (t2, y2) in zip(window, window[1:]) if t2 > t1]
        truth = finger_at(newest + horizon)
        if len(speeds) < 8 or truth is None or not all(abs(v - speed) <= 0.12 * speed for v in speeds):
            continue
        errors.append(abs(y - truth))
        braked += braking
    moved = [i for i in range(1, len(finger)) if finger[i][1] != finger[i - 1][1]]
    past = None
    if moved:
        stop_t, stop_y = finger[moved[-1]]
        heading = 1.0 if finger[moved[-1]][1] > finger[moved[-1] - 1][1] else -1.0
        shown = [(y - stop_y) * heading for newest, horizon, y, _, _ in frames if newest + horizon >= stop_t - 0.2]
        past = max(shown) if shown else None
    matched = sum(1 for f in frames if abs(f[2] - f[4]) < 0.5)
    return errors, braked, past, matched, len(frames)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=int, default=1000)
    parser.add_argument("--resolution-noise", action="store_true")
    parser.add_argument("out", nargs="+")
    args = parser.parse_args()
    for folder in args.out:
        trace = drag_trace(folder, args.speed, "bench-replay-predictor")
        errors, braked, past, matched, count = replay(trace, args.speed, args.resolution_noise)
        errors.sort()
        q = (lambda p: f"{errors[min(len(errors) - 1, int(p * len(errors)))]:.2f}") if errors else (lambda p: "–")
        print(f"{folder}: port = drawn within 0.5 px in {matched} of {count} frames; {len(errors)} frames fitted in the "
              f"cruise: extrapolation |error| p50 {q(0.5)} p90 {q(0.9)} px, {sum(e > 3 for e in errors)} over 3 px, "
              f"{braked} took the braking branch; past the stop {'–' if past is None else f'{past:.1f}'} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
