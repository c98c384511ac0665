#!/usr/bin/env python3
"""Where each touch sample's wait goes, from the traces `scripts/bench-touch-floor.py --traces DIR` keeps.

For every down/motion sample of each trace: touch → present by the benchmark's rule (its input time to the
presentation of the first frame committed after it arrived that was presented), and its parts: input → arrival (the
trace's `t` of the touch line: when the app handled it, so a sample read at a frame's start counts its wait until then),
arrival → that frame's commit, commit → presentation; that frame's callback → wake and callback → presentation; and
the cycle the sample arrived in (the newest frame with a callback committed before it): how long after that callback
it came and when that frame had started. Prints each trace's p50 / p99 and how its drag's frames started (callback →
wake p10 / p50 of the drag's frames with a callback, and where the start fell back to the callback — a frame started
under 3 ms after its callback and the next four under 6 — with the three frames before it: each one's commit offset
after its callback, wake → commit and callback → present, so a fall-back after frames weston showed late though
committed in time is told from one after a late wake-up), the worst 2 % of all samples with those parts, the samples
by the index of their frame in the drag (fresh-run frames against steady ones), and the parts' p50 / p90 / p99.

  scripts/touch-floor-samples.py TRACE…

Standard library only; exits 1 with one line when a trace cannot be read, 2 without traces.
"""
import json
import sys


def quantile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * (len(values) - 1) + 0.5))] if values else float("nan")


def read(path):
    """The trace at `path`: its lines, its start (ms on CLOCK_MONOTONIC) and each presented frame's presentation
    (ms, moved onto CLOCK_MONOTONIC) by its sequence."""
    with open(path) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    clock = next((l for l in lines if l.get("event") == "clock"), None)
    if clock is None or clock.get("monotonic_ns") is None or clock.get("presentation_ns") is None:
        raise ValueError(f"{path}: no clock line with presentation times")
    offset_ns = clock["monotonic_ns"] - clock["presentation_ns"]
    presented = {l["seq"]: (l["ns"] + offset_ns) / 1e6 for l in lines if l.get("event") == "presented"}
    return lines, clock["start_ns"] / 1e6, presented


def samples(path, trace):
    lines, start_ms, presented = trace
    touches = sorted((l["t"], l["time"]) for l in lines if l.get("event") == "touch"
                     and l.get("phase") in ("down", "motion") and l.get("time") is not None)
    frames = sorted((l for l in lines if l.get("event") == "frame" and l.get("commit_t") is not None),
                    key=lambda f: f["commit_t"])
    shown = [f for f in frames if f["seq"] in presented]
    if not touches:
        return []
    press = touches[0][0]
    rows = []
    for arrived, input_s in touches:
        frame = next((f for f in shown if f["commit_t"] >= arrived), None)
        if frame is None:
            break
        present = presented[frame["seq"]]
        callback = frame.get("callback_t")
        cycle = [g for g in frames if g.get("callback_t") is not None and g["commit_t"] < arrived]
        current = cycle[-1] if cycle else None
        rows.append({
            "path": path, "latency": present - input_s * 1000,
            "index": sum(1 for g in frames if press <= g["commit_t"] <= frame["commit_t"]),
            "input_arrival": start_ms + arrived * 1000 - input_s * 1000,
            "arrival_commit": (frame["commit_t"] - arrived) * 1000,
            "commit_present": present - (start_ms + frame["commit_t"] * 1000),
            "callback_wake": None if callback is None else (frame["wake_t"] - callback) * 1000,
            "callback_present": None if callback is None else present - (start_ms + callback * 1000),
            "after_callback": None if current is None else (arrived - current["callback_t"]) * 1000,
            "cycle_wake": None if current is None else (current["wake_t"] - current["callback_t"]) * 1000,
        })
    return rows


def starts(trace):
    """How the drag's frames started (`trace` as `read` gives it): a line of the callback → wake p10 / p50 and the
    fall-back, if any."""
    lines, start_ms, presented = trace
    press = next((l["t"] for l in lines if l.get("event") == "touch"), None)
    if press is None:
        return "no touch"
    # The drag: from its first touch to the first lift (the coast after it and any later drag are not its frames).
    lift = next((l["t"] for l in lines if l.get("event") == "touch" and l.get("phase") in ("up", "cancel")
                 and l["t"] >= press), float("inf"))
    frames = [l for l in lines if l.get("event") == "frame" and l.get("callback_t") is not None
              and l.get("wake_t") is not None and l.get("commit_t") is not None and press <= l["commit_t"] <= lift]
    waits = [(f["wake_t"] - f["callback_t"]) * 1000 for f in frames]
    if not waits:
        return "no frame with a callback"
    text = f"starts p10 {quantile(waits, 0.1):.1f} / p50 {quantile(waits, 0.5):.1f} ms after the callback over " \
           f"{len(waits)} frames"
    fell = next((i for i in range(len(waits) - 4) if waits[i] < 3 and all(w < 6 for w in waits[i:i + 5])), None)
    if fell is None:
        return text + "; held (no fall-back to the callback)"
    before = []
    for f in frames[max(0, fell - 3):fell]:
        shown = presented.get(f["seq"])
        before.append(f"{(f['commit_t'] - f['callback_t']) * 1000:.1f} / {(f['commit_t'] - f['wake_t']) * 1000:.1f} / "
                      + ("-" if shown is None else f"{shown - (start_ms + f['callback_t'] * 1000):.1f}"))
    return (text + f"; fell back at frame {fell} (before it, commit offset / wake → commit / callback → present "
            + "ms: " + ", ".join(before) + ")")


def fmt(value):
    return "-" if value is None else f"{value:.1f}"


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-3], file=sys.stderr)
        return 2
    rows = []
    try:
        for path in sys.argv[1:]:
            trace = read(path)
            got = samples(path, trace)
            latencies = [r["latency"] for r in got]
            print(f"{path}: {len(got)} samples, p50 {quantile(latencies, 0.5):.1f} ms, "
                  f"p99 {quantile(latencies, 0.99):.1f}; {starts(trace)}")
            rows += got
    except (OSError, ValueError, KeyError) as error:
        print(f"touch-floor-samples: {error}", file=sys.stderr)
        return 1
    latencies = [r["latency"] for r in rows]
    print(f"all: {len(rows)} samples, p50 {quantile(latencies, 0.5):.1f}, p90 {quantile(latencies, 0.9):.1f}, "
          f"p99 {quantile(latencies, 0.99):.1f}")
    print("the worst 2 %: latency | frame index | input → arrival, arrival → commit, commit → present | the frame's "
          "callback → wake, callback → present | arrived after its cycle's callback (that frame's wake)")
    for r in sorted(rows, key=lambda r: -r["latency"])[:max(1, len(rows) // 50)]:
        print(f"  {r['latency']:.1f} | {r['index']} | {fmt(r['input_arrival'])}, {fmt(r['arrival_commit'])}, "
              f"{fmt(r['commit_present'])} | {fmt(r['callback_wake'])}, {fmt(r['callback_present'])} | "
              f"{fmt(r['after_callback'])} ({fmt(r['cycle_wake'])})  {r['path']}")
    for low, high in ((0, 3), (3, 16), (16, 40), (40, 10 ** 9)):
        part = [r["latency"] for r in rows if low <= r["index"] < high]
        if part:
            print(f"frames {low}–{high if high < 10 ** 9 else '…'} of the drag: {len(part)} samples, p50 "
                  f"{quantile(part, 0.5):.1f}, p90 {quantile(part, 0.9):.1f}, p99 {quantile(part, 0.99):.1f}")
    for key in ("input_arrival", "arrival_commit", "commit_present", "callback_wake", "callback_present"):
        part = [r[key] for r in rows if r[key] is not None]
        print(f"{key.replace('_', ' → ')}: p50 {quantile(part, 0.5):.1f}, p90 {quantile(part, 0.9):.1f}, "
              f"p99 {quantile(part, 0.99):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
