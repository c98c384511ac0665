#!/usr/bin/env python3
"""Touch → present of momentum builds beside the compositor's floor: a C client that commits on every touch.

In one private weston headless (pixman) with the momentum-touch module, rounds alternating, the same genuine
wl_touch drag (the module's script: down, then legs of 400 px at 1000 px/s up and down, sampled at 120 Hz, lift) is
played to `tools/touch-commit` (a fullscreen wl_shm window that commits a 1x1 damage with presentation feedback at
once on every touch frame, nothing else to do) and to each momentum build's panel (`momentum run --scene panel
--fullscreen --no-hud --trace …`). For each touch sample: its input time (CLOCK_MONOTONIC) to the presentation of
the first frame committed after it arrived that was presented; Momentum's from its trace, the C client's from its
own feedback, the same rule for both. Prints the p50 / p99 of each round and the medians' ratio to the floor's.

  scripts/bench-touch-floor.py [--size 800x600] [--rounds 3] [--module PATH/momentum-touch.so] MOMENTUM…

Standard library only; exits 1 with one line when a client or weston fails, 2 on bad arguments.
"""
import argparse
import os
import shutil
import signal
import socket as sockets
import statistics
import subprocess
import sys
import tempfile

from benchlib import build_tool, parse_size, start_weston, stop, wait_for_trace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEGS = 4          # legs of 400 px, up then down
SPEED = 1000.0    # px/s


def drag_script(w, h):
    x, y0 = w // 2, h - 40
    y1 = y0 - 400
    lines = [f"0 press 0 {x} {y0}"]
    t = 50.0
    for leg in range(LEGS):
        target = y1 if leg % 2 == 0 else y0
        lines.append(f"{t:g} moveto 0 {x} {target} {400 / SPEED * 1000:g}")
        t += 400 / SPEED * 1000
    lines.append(f"{t + 50:g} release 0")
    return "\n".join(lines) + "\nend\n"


def play(control, script):
    """Plays a script through the module's control socket and waits for its `done`."""
    with sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM) as s:
        s.settimeout(30)
        s.connect(control)
        reader = s.makefile("r")
        if reader.readline().strip() != "ready":
            raise RuntimeError("momentum-touch: no ready line")
        s.sendall(script.encode())
        reply = reader.readline().strip()
        if not reply.startswith("ok"):
            raise RuntimeError(f"momentum-touch: {reply}")
        if reader.readline().strip() != "done":
            raise RuntimeError("momentum-touch: the script did not finish")



def quantiles(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]
    return {"n": len(values), "p50": pick(0.5), "p99": pick(0.99)}


def run_floor(binary, env, control, script, seconds):
    client = subprocess.Popen([binary, f"{seconds:g}"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        if not client.stdout.readline().startswith("touch-commit: ready"):
            raise RuntimeError(f"touch-commit: {client.stderr.read().strip() or 'no ready line'}")
        play(control, script)
        out, err = client.communicate(timeout=seconds + 30)
    finally:
        stop(client, signal.SIGTERM)
    if client.returncode != 0:
        raise RuntimeError(f"touch-commit: {err.strip()}")
    # "touch-commit: N samples, touch → present p50 X ms, p99 Y ms, max Z ms"
    words = out.split()
    return {"n": int(words[1]), "p50": float(words[words.index("p50") + 1]),
            "p99": float(words[words.index("p99") + 1])}


def touch_to_present(trace):
    """Momentum's touch → present from its trace: each down/motion sample's input time to the presentation (put on
    CLOCK_MONOTONIC through the trace's clock line) of the first frame committed after it arrived and presented."""
    clock, touches, commits, presented = None, [], [], {}
    for line in trace:
        event = line.get("event")
        if event == "clock":
            clock = line
        elif event == "touch" and line.get("phase") in ("down", "motion") and line.get("time") is not None:
            touches.append((line["t"], line["time"]))
        elif event == "frame" and line.get("commit_t") is not None:
            commits.append((line["commit_t"], line["seq"]))
        elif event == "presented":
            presented[line["seq"]] = line["ns"]
    if clock is None:
        raise RuntimeError("momentum: no clock line in the trace")
    offset_ns = clock["monotonic_ns"] - clock["presentation_ns"]
    shown = [(t, presented[seq]) for t, seq in sorted(commits) if seq in presented]
    latencies, i = [], 0
    for arrived, input_s in sorted(touches):
        while i < len(shown) and shown[i][0] < arrived:
            i += 1
        if i == len(shown):
            break
        latencies.append((shown[i][1] + offset_ns) / 1e6 - input_s * 1000)
    if not latencies:
        raise RuntimeError("momentum: no touch sample presented")
    return quantiles(latencies)


def run_momentum(binary, env, control, script, work, size):
    trace = os.path.join(work, "trace.jsonl")
    if os.path.exists(trace):
        os.remove(trace)
    app = subprocess.Popen([binary, "run", "--scene", "panel", "--fullscreen", "--no-hud", "--size", size,
                            "--trace", trace], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_trace(app, trace, lambda lines: any(l.get("event") == "presented" for l in lines),
                       "its first presented frame")
        play(control, script)

        def last_touch_shown(lines):
            # A frame committed after the last counted sample (a down or a motion) arrived has been presented (or
            # dropped). The lift is not waited for: a panel already at rest under the finger commits nothing after it.
            touched = [l["t"] for l in lines if l.get("event") == "touch" and l.get("phase") in ("down", "motion")]
            done = {l["seq"] for l in lines if l.get("event") in ("presented", "discarded")}
            return bool(touched) and any(l.get("event") == "frame" and l.get("commit_t", -1) > touched[-1]
                                         and l["seq"] in done for l in lines)
        lines = wait_for_trace(app, trace, last_touch_shown, "frame shown after the last touch sample")
    finally:
        stop(app, signal.SIGTERM)
    return touch_to_present(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--module", default=os.path.join(ROOT, ".build/harness/momentum-touch.so"))
    parser.add_argument("momentum", nargs="+")
    args = parser.parse_args()
    try:
        w, h, scale = parse_size(args.size)
    except ValueError as error:
        print(f"bench-touch-floor: {error}", file=sys.stderr)
        return 2
    if scale != 1:
        print("bench-touch-floor: --size: scale 1 only", file=sys.stderr)
        return 2
    if not os.path.isfile(args.module):
        print(f"bench-touch-floor: --module: {args.module} not found (make -C harness)", file=sys.stderr)
        return 2
    for binary in args.momentum:
        if not os.access(binary, os.X_OK):
            print(f"bench-touch-floor: {binary} is not an executable", file=sys.stderr)
            return 2
    work = tempfile.mkdtemp(prefix="bench-touch-floor.")
    weston = None
    clients = [("C floor (touch-commit)", None)] + [(f"momentum {chr(65 + i)} ({b})", b)
                                                      for i, b in enumerate(args.momentum)]
    results = {name: [] for name, _ in clients}
    try:
        floor = build_tool(work, "touch-commit")
        weston, env = start_weston(work, "wayland-touch-floor", w, h, touch_module=args.module)
        control = os.path.join(env["XDG_RUNTIME_DIR"], "momentum-touch.sock")
        script = drag_script(w, h)
        seconds = 0.05 + LEGS * 0.4 + 0.05 + 1.0
        for round_index in range(args.rounds):
            order = clients if round_index % 2 == 0 else list(reversed(clients))
            for name, binary in order:
                print(f"== round {round_index + 1}: {name}", file=sys.stderr)
                if binary is None:
                    results[name].append(run_floor(floor, env, control, script, seconds))
                else:
                    results[name].append(run_momentum(binary, env, control, script, work, f"{w}x{h}"))
    except (RuntimeError, subprocess.CalledProcessError, OSError) as error:
        print(f"bench-touch-floor: {error}", file=sys.stderr)
        return 1
    finally:
        if weston is not None:
            stop(weston, signal.SIGTERM)
        shutil.rmtree(work, ignore_errors=True)
    base = results[clients[0][0]]
    base_p50 = statistics.median(r["p50"] for r in base)
    base_p99 = statistics.median(r["p99"] for r in base)
    print(f"{w}x{h}, {args.rounds} rounds, the order alternating; a genuine touch drag of {LEGS} legs of 400 px at "
          f"{SPEED:g} px/s; touch → present (ms) of each round, the medians and their ratio to the floor's")
    print()
    print("| client | samples | p50 each round | p99 each round | median p50 | × floor | median p99 | × floor |")
    print("|---|---|---|---|---|---|---|---|")
    for name, _ in clients:
        rs = results[name]
        p50 = statistics.median(r["p50"] for r in rs)
        p99 = statistics.median(r["p99"] for r in rs)
        def each(key, digits):
            return ", ".join(f"{r[key]:.{digits}f}" for r in rs)
        print(f"| {name} | {each('n', 0)} | {each('p50', 1)} | {each('p99', 1)} | {p50:.1f} | {p50 / base_p50:.2f}× | "
              f"{p99:.1f} | {p99 / base_p99:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
