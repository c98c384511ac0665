#!/usr/bin/env python3
"""Late intervals on a loaded machine judged against weston's own latch: the learned frame start beside
`--frame-start callback` and weston-simple-egl.

Starts a CPU hog (`stress-ng --cpu 2` by default) and one private weston headless (pixman) of --size with its
`timeline` log scope. Then, rounds alternating the order, for each --scenes entry: weston-simple-egl -f and, for each
given momentum build, `run --scene SCENE --fullscreen --autoplay --trace FILE` with the learned start (its default)
and with `--frame-start callback`. Each client is measured over --window s from --warmup s after its start, from
weston's timeline alone (the same for every client): a *present* is a repaint that flushed the client's damage
(`core_flush_damage` after `core_repaint_begin`), shown at the `vblank_monotonic` of its `core_repaint_finished`;
an interval is the time between two presents (longer than 4x the median, or across momentum's `rest`: an autoplay
rest, left out); a late interval is one longer than 1.2x the median of those, where one across n frames momentum
built and left uncommitted because they changed no pixel (its trace's `unchanged`: an animation's sub-pixel steps,
the picture it would have shown stayed on screen; simple-egl draws every frame and has none) counts as n + 1
intervals, n on time and one of what is left (the interval less n x the median), as `momentum bench` counts its late
share (`RULE`; the count before the twenty-second step, every interval one, is printed beside it). Each late
interval is judged by the commit shown at its end (the last `core_commit_damage` before the repaint that flushed it:
when weston read it) against weston's actual latch: when
weston began a repaint after the previous present and before that commit (it latched without the frame), or left its
repaint loop before it (`core_repaint_exit_loop`: nothing committed, it waited), the interval is **the client's**
(how long after that repaint's begin, or weston's leaving its loop, the commit came); else weston's loop ran on and
began the repaint that showed the frame late: **weston's** (the commit against the on-time latch, the previous
present's repaint begin plus the median repaint-to-repaint time of the client's presents, n + 1 of them across n
held frames: negative, in time). The repaints weston began while momentum held its picture latch nothing it owed.
Also per client: the margin commit -> the repaint that latched it (p5 / p50), and for momentum its trace's own late
share (presented intervals, as `momentum bench` counts) and why its own late intervals were (`causes`). Weston's
timeline and momentum's trace are both on CLOCK_MONOTONIC (the presentation feedback's stamps are on
CLOCK_MONOTONIC_RAW; the log's `vblank_monotonic` is that stamp put on CLOCK_MONOTONIC). Each client's window is kept
in DIR/windows.json beside weston's log and the traces; `--judge DIR` prints the tables from them again (a DIR
written before the twenty-first step, its windows on CLOCK_MONOTONIC_RAW, is moved onto weston's clock by its traces'
`clock` lines).

  scripts/bench-load-latch.py [--size 800x600] [--scenes panel,transition,gallery,playground,scroll]
                              [--rounds 2] [--window 6] [--warmup 2] [--hog 'stress-ng --cpu 2' | --no-hog]
                              [--out DIR] MOMENTUM [MOMENTUM ...]
  scripts/bench-load-latch.py --judge DIR

Prints one markdown row per client and round, then the sums per client kind, then weston's own pace in each kind's
windows (how long after a vblank its loop began the next repaint, and how long it composited: weston's late repaints
hit every client alike only where these match). Standard library only; exits 1 with
one line when a run fails, 2 on bad arguments or a missing hog; the hog, weston and every client are stopped and
reaped on every way out.
"""
import argparse
import collections
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (end_hog, end_weston, parse_size, read_trace, start_hog, start_weston, stop,  # noqa: E402
                      weston_timeline)

SCENES = "panel,transition,gallery,playground,scroll"


def now():
    """Weston's timeline clock (s): CLOCK_MONOTONIC (its `T`; its `vblank_monotonic` is the presentation clock's
    stamp put on it), as momentum's trace times are. (Weston's presentation clock is CLOCK_MONOTONIC_RAW on the
    headless backend, ~0.3 s from CLOCK_MONOTONIC after 3 h of uptime here: the feedback's stamps, not the log's. Up
    to the twenty-first step this read CLOCK_MONOTONIC_RAW and `causes` put the traces on it, so each trace was
    judged against weston's latches that far off: every `causes` table before it is wrong; `--judge` mends a DIR.)"""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def trace_clock(lines):
    """A momentum trace's `clock` line (its first), {} without one."""
    return lines[0] if lines and lines[0].get("event") == "clock" else {}


def clock_offset(path):
    """CLOCK_MONOTONIC less CLOCK_MONOTONIC_RAW (s) when momentum's trace at `path` was written (its `clock` line's
    pair of reads), None without one: what a window written on CLOCK_MONOTONIC_RAW (before the twenty-first step)
    is moved by to be on weston's timeline."""
    clock = trace_clock(read_trace(path))
    if clock.get("presentation_ns") is None or clock.get("monotonic_ns") is None:
        return None
    return (clock["monotonic_ns"] - clock["presentation_ns"]) / 1e9


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)] if ordered else None


def timeline(log_path, since, until):
    """Weston's repaints, the clients' commits and the times weston left its repaint loop (nothing to repaint)
    between `since` and `until` (s): (repaints, commits, idles), each repaint a dict with `begin`, `flushed` (whether
    it latched damage), `posted` (when it had composited: None until then) and `vblank` (None until finished)."""
    repaints, commits, idles = [], [], []
    for t, event in weston_timeline(log_path):
        name = event["N"]
        if name == "core_repaint_finished":
            # The vblank of the newest repaint not finished yet (one in flight per output here).
            for repaint in reversed(repaints):
                if repaint["vblank"] is None:
                    v = event.get("vblank_monotonic", event["T"])
                    repaint["vblank"] = v[0] + v[1] / 1e9
                    break
            continue
        if not since <= t <= until:
            continue
        if name == "core_repaint_begin":
            repaints.append({"begin": t, "flushed": False, "vblank": None, "posted": None})
        elif name == "core_repaint_posted" and repaints:
            repaints[-1]["posted"] = t
        elif name == "core_flush_damage" and repaints:
            repaints[-1]["flushed"] = True
        elif name == "core_commit_damage":
            commits.append(t)
        elif name == "core_repaint_exit_loop":
            idles.append(t)
    return repaints, commits, idles


def held_counts(pairs, commits, held, rests):
    """For each pair of presents, how many frames the app built between the two commits they showed and left
    uncommitted because they changed no pixel (`held`: those frames' times, s on weston's clock); None where it
    rested between them (`rests`' times: a pause, no interval)."""
    def shown(r):
        before = [t for t in commits if t < r["begin"]]
        return before[-1] if before else r["begin"] - 1
    counts = []
    for a, b in pairs:
        low, high = shown(a), shown(b)
        counts.append(None if any(low < t < high for t in rests) else sum(1 for t in held if low < t < high))
    return counts


def judge(repaints, commits, idles, held=(), rests=()):
    """Late intervals of one client's presents, each judged against weston's own latch (see the module's notes).
    `held`: the times (s, weston's clock) of the frames momentum built and left uncommitted because they changed no
    pixel (its trace's `unchanged`), `rests` those of its rests (an interval across one is a pause, left out, as one
    over 4x the median is); an interval across n of them held the picture the app would have shown for n
    refreshes: it counts as n + 1 intervals, n on time and one of what is left of it (the interval less n x the
    median), late over 1.2x the median as any interval (`RULE`). `before` is the count before the twenty-second step
    (every interval one, late over 1.2x the median of them all)."""
    presents = [r for r in repaints if r["flushed"] and r["vblank"] is not None]
    pairs = list(zip(presents, presents[1:]))
    gaps = [b["vblank"] - a["vblank"] for a, b in pairs]
    counts = held_counts(pairs, commits, held, rests) if held or rests else [0] * len(pairs)
    every = quantile(gaps, 0.5)
    median = quantile([g for g, n in zip(gaps, counts) if n == 0], 0.5) or every
    if not median:
        return None
    def committed(a, b):
        """Whether the client committed between the two presents' repaints (else weston flushed its damage late)."""
        return any(a["begin"] < t < b["begin"] for t in commits)
    old = [(a, b, g) for (a, b), g in zip(pairs, gaps) if g <= 4 * every]
    before = {"late": sum(1 for a, b, g in old if g > 1.2 * every and committed(a, b)), "intervals": len(old)}
    kept = [(a, b, g - n * median, n) for (a, b), g, n in zip(pairs, gaps, counts)
            if n is not None and g - n * median <= 4 * median]
    cadence = quantile([b["begin"] - a["begin"] for a, b, _, n in kept if n == 0], 0.5) or median
    begins = [r["begin"] for r in repaints]
    margins, client, weston, misses = [], [], [], []
    j = 0
    for a, b, rest, n in kept:
        while j < len(commits) and commits[j] < b["begin"]:
            j += 1
        if j == 0 or commits[j - 1] <= a["begin"]:
            continue  # nothing committed between the two latches (damage flushed late): not judged
        commit = commits[j - 1]
        margins.append(b["begin"] - commit)
        if rest <= 1.2 * median:
            continue
        # Weston latched without it (a repaint began after the previous present, or after the newest frame held,
        # and before the commit) or left its loop waiting for it: the client's miss, by how long after that latch
        # (or the on-time one) it came. The repaints weston began while the app held its picture latched nothing
        # the app owed.
        after = max([a["begin"]] + [t for t in held if a["begin"] < t < commit])
        missed = [t for t in begins if after < t < commit]
        idle = [t for t in idles if after < t < commit]
        if missed or idle:
            latch = missed[0] if missed else idle[0]
            client.append(commit - latch)
            misses.append((a["begin"], latch, b["begin"]))
        else:
            weston.append(commit - (a["begin"] + (n + 1) * cadence))
    # Weston's own pace in the window, the same for every client: each repaint of its loop run on from the one
    # before (no exit between), how long after the previous one's vblank it began, and how long it composited.
    looped = [(a, b) for a, b in zip(repaints, repaints[1:]) if a["vblank"] is not None
              and not any(a["begin"] < t < b["begin"] for t in idles)]
    waits = [b["begin"] - a["vblank"] for a, b in looped]
    composited = [r["posted"] - r["begin"] for r in repaints if r["posted"] is not None]
    return {"waits": waits, "composited": composited,
            "intervals": sum(n + 1 for *_, n in kept), "late": len(client) + len(weston), "client": len(client),
            "weston": len(weston), "client_d": client, "weston_d": weston, "margins": margins,
            "median_ms": 1000 * median, "misses": misses, "held": sum(n for *_, n in kept),
            "held_intervals": sum(1 for *_, n in kept if n), "before": before}


CAUSES = ("no frame owed", "read late", "the start", "late anyway")

# The rule for an interval across frames the app left uncommitted because they changed no pixel, the same as
# `momentum bench`'s late share (BenchAnalysis.pacedIntervals) and its man page's.
RULE = ("an interval across n frames the app built and left uncommitted because they changed no pixel (an "
        "animation's sub-pixel steps: the picture it would have shown stayed on screen) counts as n + 1 intervals, "
        "n on time and one of the rest (the interval less n x the median), late over 1.2x the median as any")


def held_frames(path):
    """From momentum's trace at `path`, on CLOCK_MONOTONIC (weston's clock), s: the times of the frames it built and
    left uncommitted because they changed no pixel (`unchanged`) and of its rests (`rest`: it stopped asking for
    frames, the autoplay's pause)."""
    lines = read_trace(path)
    start = trace_clock(lines).get("start_ns", 0) / 1e9
    return ([start + line["t"] for line in lines if line.get("event") == "unchanged"],
            [start + line["t"] for line in lines if line.get("event") == "rest"])


def causes(path, misses):
    """Why each of the client's late intervals (`judge`'s `misses`: the previous present's repaint begin, weston's
    latch without the frame, and the begin of the repaint that showed it) was, from momentum's trace (its times after
    `start_ns`, on CLOCK_MONOTONIC as weston's timeline is): **no frame owed** when the latch came before the callback
    of the frame shown (the callback read late); **read late** when the frame was committed more than 0.2 ms before
    the latch (weston read it after beginning its repaint); **the start** when it was started more than 0.5 ms after
    its callback and a start at the callback, with the same wake -> commit time, was in time; else **late anyway**
    (started at its callback, or a wake-up or build past the latch from it). A Counter of those. (Up to the
    twenty-second step an interval across a frame left unchanged was a cause of its own, **unchanged**; `RULE` counts
    it now.)"""
    lines = read_trace(path)
    start = trace_clock(lines).get("start_ns", 0) / 1e9
    frames = [(start + line["commit_t"], start + line["callback_t"], start + line["wake_t"]) for line in lines
              if line.get("event") == "frame" and line.get("callback_t") is not None
              and line.get("wake_t") is not None]
    counted = collections.Counter()
    for previous, latch, shown in misses:
        before = [frame for frame in frames if frame[0] < shown]
        if not before:
            continue
        commit, callback, wake = before[-1]
        if latch < callback:
            counted["no frame owed"] += 1
        elif latch - commit > 0.0002:
            counted["read late"] += 1
        elif wake - callback > 0.0005 and callback + (commit - wake) < latch:
            counted["the start"] += 1
        else:
            counted["late anyway"] += 1
    return counted


def trace_late_share(path):
    """Momentum's own late share, as `momentum bench` counts it (`RULE`): each presented interval with the frames
    left unchanged in it (a frame committed and not shown stays in the interval, not counted), the median over those
    with none; rests (over 4x the median: the bench breaks at the trace's `rest` lines) left out."""
    lines = read_trace(path)
    held = {line["seq"] for line in lines if line.get("event") == "unchanged"}
    shown = [(line["seq"], line["ns"] / 1e9) for line in lines if line.get("event") == "presented"]
    spans = [(t2 - t1, sum(1 for s in range(s1 + 1, s2) if s in held))
             for (s1, t1), (s2, t2) in zip(shown, shown[1:]) if t2 > t1 and s2 > s1]
    median = quantile([g for g, n in spans if n == 0], 0.5)
    if not median:
        return None
    spans = [(g - n * median, n) for g, n in spans if g - n * median <= 4 * median]
    return sum(1 for rest, _ in spans if rest > 1.2 * median) / sum(n + 1 for _, n in spans)


def measure(argv, env, log_path, warmup, window):
    """Runs one client for `warmup` + `window` s; returns the window [since, until] (s, weston's clock)."""
    app = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(warmup)
        if app.poll() is not None:
            raise RuntimeError(f"{argv[0]} exited early: {app.stderr.read().strip()}")
        since = now()
        time.sleep(window)
        until = now()
        if app.poll() is not None:
            raise RuntimeError(f"{argv[0]} exited while measured: {app.stderr.read().strip()}")
    finally:
        stop(app, signal.SIGTERM)
    time.sleep(0.3)  # the last repaint's `core_repaint_finished`
    return since, until


def judge_window(log_path, since, until, trace):
    """One client's window judged from weston's log and, for momentum, its trace: the frames it left unchanged
    (`RULE`), its own late share and why its late intervals were. None when nothing was presented in it."""
    held, rests = held_frames(trace) if trace else ((), ())
    result = judge(*timeline(log_path, since, until), held=held, rests=rests)
    if result is not None:
        add_trace(result, trace)
    return result


def write_new(path, data):
    """Writes `data` to `path`, not following a symlink planted there (OSError, as for any failed write)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def ms(value):
    return "–" if value is None else f"{1000 * value:.1f}"


def add_trace(result, trace):
    """Adds to a window's judgement what momentum's trace says: its own late share and why its late intervals were."""
    result["trace_late"] = trace_late_share(trace) if trace else None
    result["causes"] = causes(trace, result["misses"]) if trace else None


def rejudge(folder):
    """The rows of an earlier run, judged again from FOLDER's weston.log and windows.json (and the traces these name):
    (round, scene, client, load, judgement) in the order run."""
    with open(os.path.join(folder, "windows.json")) as f:
        windows = json.load(f)
    # Windows written on CLOCK_MONOTONIC_RAW (no `clock` field: before the twenty-first step) are moved onto weston's
    # CLOCK_MONOTONIC by the offset a trace of the run read (the nearest, for simple-egl's).
    offsets = [(i, clock_offset(w["trace"])) for i, w in enumerate(windows)
               if w.get("clock") != "monotonic" and w.get("trace") and os.path.isfile(w["trace"])]
    offsets = [(i, o) for i, o in offsets if o is not None]
    rows = []
    for i, w in enumerate(windows):
        shift = 0.0
        if w.get("clock") != "monotonic":
            if not offsets:
                raise RuntimeError("windows on CLOCK_MONOTONIC_RAW and no trace's clock line to move them by")
            shift = min(offsets, key=lambda pair: abs(pair[0] - i))[1]
        trace = w.get("trace") if w.get("trace") and os.path.isfile(w["trace"]) else None
        result = judge_window(os.path.join(folder, "weston.log"), w["since"] + shift, w["until"] + shift, trace)
        if result is None:
            raise RuntimeError(f"round {w['round']} {w['scene']} {w['client']}: no presents in the window")
        rows.append((w["round"], w["scene"], w["client"], w["load"], result))
    return rows


def report(rows):
    """Prints the tables: a row per client and round, the totals per client, and why momentum's late intervals
    were."""
    print("| round | scene | client | load | late / intervals (share) | the client's / weston's | "
          "the client's: commit past weston's latch, ms (p50 / max) | weston's: commit vs the on-time latch, ms "
          "(p50 / max) | commit → latch margin p5 / p50 ms | trace's late share |")
    print("|---|---|---|---|---|---|---|---|---|---|")

    def spread(d):
        return "–" if not d else f"{ms(quantile(d, 0.5))} / {ms(max(d))}"
    for r, scene, name, load, x in rows:
        trace = "–" if x["trace_late"] is None else f"{100 * x['trace_late']:.1f} %"
        print(f"| {r} | {scene} | {name} | {load:.1f} | {x['late']} / {x['intervals']} "
              f"({100 * x['late'] / max(x['intervals'], 1):.1f} %) | {x['client']} / {x['weston']} | "
              f"{spread(x['client_d'])} | {spread(x['weston_d'])} | "
              f"{ms(quantile(x['margins'], 0.05))} / {ms(quantile(x['margins'], 0.5))} | {trace} |")
    names = list(dict.fromkeys(name for _, _, name, _, _ in rows))
    print()
    print(f"Late: {RULE}.")
    print()
    print("| client | late / intervals (share) | as counted before the twenty-second step (an interval across a held "
          "frame one interval) | frames held / the intervals across them | the client's / weston's | the client's: "
          + " / ".join(CAUSES) + " |")
    print("|---|---|---|---|---|---|")
    for name in names:
        mine = [x for _, _, n, _, x in rows if n == name]
        late, count = sum(x["late"] for x in mine), sum(x["intervals"] for x in mine)
        old_late, old_count = sum(x["before"]["late"] for x in mine), sum(x["before"]["intervals"] for x in mine)
        why = "–"
        if all(x["causes"] is not None for x in mine):
            total = sum((x["causes"] for x in mine), collections.Counter())
            why = " / ".join(str(total[cause]) for cause in CAUSES)
        print(f"| {name} | {late} / {count} ({100 * late / max(count, 1):.2f} %) | {old_late} / {old_count} "
              f"({100 * old_late / max(old_count, 1):.2f} %) | {sum(x['held'] for x in mine)} / "
              f"{sum(x['held_intervals'] for x in mine)} | {sum(x['client'] for x in mine)} / "
              f"{sum(x['weston'] for x in mine)} | {why} |")
    print()
    print("| weston's repaints in the client's windows | previous vblank → repaint begin p50 / p90 / p99 ms | "
          "begun over 1 ms later than the p50 | compositing (begin → posted) p50 / p99 ms |")
    print("|---|---|---|---|")
    for name in names:
        mine = [x for _, _, n, _, x in rows if n == name]
        waits = [w for x in mine for w in x["waits"]]
        composited = [c for x in mine for c in x["composited"]]
        middle = quantile(waits, 0.5)
        over = 0 if middle is None else sum(1 for w in waits if w > middle + 0.001)
        later = "–" if middle is None else f"{over} / {len(waits)} ({100 * over / len(waits):.1f} %)"
        print(f"| {name} | {ms(middle)} / {ms(quantile(waits, 0.9))} / {ms(quantile(waits, 0.99))} | {later} | "
              f"{ms(quantile(composited, 0.5))} / {ms(quantile(composited, 0.99))} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--scenes", default=SCENES)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--window", type=float, default=6)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--hog", default="stress-ng --cpu 2")
    parser.add_argument("--no-hog", action="store_true")
    parser.add_argument("--out", default=None)
    parser.add_argument("--judge", metavar="DIR", default=None,
                        help="judge an earlier run's DIR (its weston.log, windows.json and traces) again; runs nothing")
    parser.add_argument("momentum", nargs="*")
    args = parser.parse_args()
    if args.judge is not None:
        try:
            rows = rejudge(args.judge)
        except (OSError, ValueError, KeyError, RuntimeError) as error:
            print(f"bench-load-latch: --judge {args.judge}: {error}", file=sys.stderr)
            return 1
        report(rows)
        return 0
    if not args.momentum:
        parser.error("give at least one MOMENTUM (or --judge DIR)")
    try:
        width, height, scale = parse_size(args.size)
    except ValueError as error:
        parser.error(str(error))
    if args.rounds < 1 or not args.window > 0 or not args.warmup >= 0:
        parser.error("--rounds must be at least 1, --window more than 0 s and --warmup at least 0 s")
    if any(scene not in SCENES.split(",") for scene in args.scenes.split(",")):
        parser.error(f"--scenes: '{args.scenes}' is not a list of {SCENES}")
    missing = [path for path in args.momentum if not os.access(path, os.X_OK)]
    if missing:
        parser.error(f"{missing[0]} is not an executable momentum")
    hog_argv = [] if args.no_hog else shlex.split(args.hog)
    if hog_argv and shutil.which(hog_argv[0]) is None:
        print(f"bench-load-latch: --hog: {hog_argv[0]} not found (apt-get install stress-ng)", file=sys.stderr)
        return 2
    if len(args.momentum) > 4:
        print(f"bench-load-latch: at most 4 momentum builds (A-D), {len(args.momentum)} given", file=sys.stderr)
        return 2
    out = args.out or tempfile.mkdtemp(prefix="bench-load-latch.")
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="bench-load-latch-weston.")
    labels = "ABCD"
    clients = [("simple-egl", None, None)]
    for label, path in zip(labels, args.momentum):
        clients += [(f"{label} learned", path, []), (f"{label} callback", path, ["--frame-start", "callback"])]
    weston = hog = None
    rows, windows = [], []
    try:
        weston, env = start_weston(work, "wayland-latch", width, height, scale,
                                   arguments=["--logger-scopes=log,timeline"])
        log_path = os.path.join(work, "weston.log")
        hog = start_hog(hog_argv)
        for r in range(args.rounds):
            for s, scene in enumerate(args.scenes.split(",")):
                order = clients if (r + s) % 2 == 0 else list(reversed(clients))
                for name, path, extra in order:
                    load = os.getloadavg()[0]
                    trace = None
                    if path is None:
                        argv = ["weston-simple-egl", "-f"]
                    else:
                        trace = os.path.join(out, f"r{r + 1}-{scene}-{name.replace(' ', '-')}.jsonl")
                        argv = [path, "run", "--scene", scene, "--fullscreen", "--autoplay", "--trace", trace,
                                *extra]
                    span = measure(argv, env, log_path, args.warmup, args.window)
                    result = judge_window(log_path, span[0], span[1], trace)
                    if result is None:
                        raise RuntimeError(f"round {r + 1} {scene} {name}: no presents in the window")
                    windows.append({"round": r + 1, "scene": scene, "client": name, "load": load, "since": span[0],
                                    "until": span[1], "trace": trace, "clock": "monotonic"})
                    rows.append((r + 1, scene, name, load, result))
                    print(f"round {r + 1} {scene} {name} load {load:.1f}: late {result['late']}/"
                          f"{result['intervals']} (client {result['client']}, weston {result['weston']})",
                          file=sys.stderr)
        with open(log_path, "rb") as log:
            write_new(os.path.join(out, "weston.log"), log.read())
        write_new(os.path.join(out, "windows.json"), json.dumps(windows, indent=1).encode())
    except (RuntimeError, OSError) as error:
        print(f"bench-load-latch: {error}", file=sys.stderr)
        return 1
    finally:
        end_hog(hog)
        end_weston(weston, work)
    print(f"weston headless (pixman) {width}x{height}@{scale} under `{' '.join(hog_argv) or 'no hog'}`; "
          + ", ".join(f"{label}: {path}" for label, path in zip(labels, args.momentum)) + f"; traces in {out}")
    print()
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
