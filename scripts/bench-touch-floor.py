#!/usr/bin/env python3
"""Touch → present of momentum builds beside the compositor's floor: a C client that commits on every touch.

In one private compositor of the bench (`momentum bench session --compositor C`, held by the first MOMENTUM: weston
headless with its momentum-touch module, sway or phoc nested in it, or mutter headless with its remote-desktop
touch), rounds alternating, the same genuine wl_touch drag (down, then legs of 400 px at 1000 px/s up and down,
sampled at 120 Hz, lift) is played to `tools/touch-commit` (a fullscreen wl_shm window that commits a 1x1 damage with
presentation feedback at once on every touch frame, nothing else to do) and to each momentum build's panel
(`momentum run --scene panel --fullscreen --no-hud --trace …`). For each touch sample: its input time (the touch
event's, CLOCK_MONOTONIC, as the compositor stamped it) to the presentation of the first frame committed after it
arrived that was presented; Momentum's from its trace, the C client's from its own feedback, the same rule for both.
Prints the p50 / p99 of each round and the medians' ratio to the floor's.

  scripts/bench-touch-floor.py [--compositor weston|sway|phoc|mutter] [--size 800x600] [--rounds 3] [--traces DIR]
                               [--own-memory | --fresh] MOMENTUM…

--traces DIR keeps each measured Momentum round's trace there, as DIR/round-R-CLIENT.jsonl (R from 1, CLIENT the
build's letter A, B, …), for reading where the touch → present samples come from.

Each momentum run starts from the frame deadline memory the run before it left in the compositor's runtime folder
(`momentum-deadline-DISPLAY`), whichever build that was: rounds alternating, a build's round then starts from the
other build's memory half the time. --own-memory gives each build its own: the file each build's run left is put
back before that build's next run (the warm-up's run starts from none), as when one build runs alone. --fresh
starts every run from none (the file is removed before each): each drag is a fresh run's, from the guess.

Standard library only; exits 1 with one line when a client or the compositor fails, 2 on bad arguments.
"""
import argparse
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile

from benchlib import build_tool, parse_size, stop, wait_for_trace

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


class Session:
    """One of the bench's private compositors, held by `momentum bench session` for as long as this runs: clients are
    started inside it (its launcher, as its client user), touch scripts are played into it, and closing its stdin
    stops it (compositor reaped, runtime folder removed)."""

    def __init__(self, momentum, compositor, size, work):
        self.work, self.copies = work, {}
        self.process = subprocess.Popen([momentum, "bench", "session", "--compositor", compositor, "--size", size],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        for line in self.process.stdout:
            if line.startswith("session "):
                info = json.loads(line[len("session "):])
                break
        else:
            stop(self.process, signal.SIGTERM)
            lines = self.process.stderr.read().strip().splitlines()
            raise RuntimeError(f"momentum bench session: {lines[-1] if lines else 'it ended before its compositor was up'}")
        self.launcher, self.environment = info["launcher"], info["environment"]
        self.runtime, self.other_user = info["runtime_dir"], info["client_uid"] is not None
        self.configures = info["configures_until_placed"]

    def request(self, text):
        self.process.stdin.write(text)
        self.process.stdin.flush()
        reply = self.process.stdout.readline().strip()
        if not reply or reply.startswith("error "):
            raise RuntimeError(f"momentum bench session: {reply[len('error '):] if reply else 'it ended'}")
        return reply

    def memory_path(self):
        display = self.environment.get("WAYLAND_DISPLAY") or "wayland-0"
        return os.path.join(self.runtime, "momentum-deadline-" + display.replace("/", "_"))

    def swap_memory(self, saved_out, restore_from):
        """Keeps the deadline memory the last run left as SAVED_OUT (if any) and puts RESTORE_FROM's in its place
        (none when it does not exist), owned as the runtime folder is."""
        path = self.memory_path()
        if saved_out is not None and os.path.exists(path):
            shutil.copyfile(path, saved_out)
        if os.path.exists(path):
            os.remove(path)
        if restore_from is not None and os.path.exists(restore_from):
            shutil.copyfile(restore_from, path)
            folder = os.stat(self.runtime)
            os.chown(path, folder.st_uid, folder.st_gid)
            os.chmod(path, 0o644)

    def play(self, script):
        """Plays a touch script (its lines, then `end`) and waits until it is played."""
        self.request(script)

    def start(self, argv, **options):
        """Starts ARGV inside the compositor (the program copied where the client user can run it)."""
        if not self.launcher:
            env = {**os.environ, **self.environment}
            env.pop("DISPLAY", None)
            return subprocess.Popen(argv, env=env, **options)
        if argv[0] not in self.copies:
            # The session copies a program by its name: two builds both called momentum get a name each first.
            named = os.path.join(self.work, f"{len(self.copies)}-{os.path.basename(argv[0])}")
            shutil.copy2(argv[0], named)
            self.copies[argv[0]] = self.request(f"runnable {named}\n")[len("runnable "):]
        program = self.copies[argv[0]]
        return subprocess.Popen(self.launcher + [program] + argv[1:], cwd=self.runtime if self.other_user else None,
                                **options)

    def close(self):
        try:
            self.process.stdin.close()
            self.process.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            stop(self.process, signal.SIGTERM)


def quantiles(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]
    return {"n": len(values), "p50": pick(0.5), "p99": pick(0.99)}


def run_floor(binary, session, script, seconds):
    client = session.start([binary, f"{seconds:g}", str(session.configures)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([client.stdout], [], [], 30)
        if not ready or not client.stdout.readline().startswith("touch-commit: ready"):
            raise RuntimeError(f"touch-commit: {client.stderr.read().strip() or 'no ready line'}")
        session.play(script)
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


def run_momentum(binary, session, script, size, keep=None):
    # In the runtime folder, which the client user (if another) owns.
    trace = os.path.join(session.runtime, "touch-floor-trace.jsonl")
    if os.path.exists(trace):
        os.remove(trace)
    app = session.start([binary, "run", "--scene", "panel", "--fullscreen", "--no-hud", "--size", size,
                         "--trace", trace], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    w, h = (int(n) for n in size.split("x"))

    def placed(lines):
        # A frame presented after the configure that made the window fill the output (sway's first configure
        # leaves the size to the client, mutter's maps it before it makes it fullscreen).
        configures = [i for i, l in enumerate(lines) if l.get("event") == "configure"
                      and (l.get("width"), l.get("height")) == (w, h)]
        if not configures:
            return False
        after = {l["seq"] for l in lines[configures[0]:] if l.get("event") == "frame"}
        return any(l.get("event") == "presented" and l["seq"] in after for l in lines)
    try:
        wait_for_trace(app, trace, placed, "its first frame presented in place")
        session.play(script)

        def last_touch_shown(lines):
            # A frame committed after the last sample (down or motion) arrived has been presented (or dropped); or
            # the app rested after the lift (the panel already at rest there) with every frame it drew shown.
            touched = [l["t"] for l in lines if l.get("event") == "touch" and l.get("phase") in ("down", "motion")]
            lifts = [l["t"] for l in lines if l.get("event") == "touch" and l.get("phase") == "up"]
            done = {l["seq"] for l in lines if l.get("event") in ("presented", "discarded")}
            frames = [l for l in lines if l.get("event") == "frame"]
            if not touched:
                return False
            if any(f.get("commit_t", -1) > touched[-1] and f["seq"] in done for f in frames):
                return True
            rested = bool(lifts) and any(l.get("event") == "rest" and l["t"] > lifts[-1] for l in lines)
            return rested and all(f["seq"] in done for f in frames)
        lines = wait_for_trace(app, trace, last_touch_shown, "frame shown after the last touch")
    finally:
        stop(app, signal.SIGTERM)
    if keep is not None:
        with open(keep, "x") as out:
            out.writelines(json.dumps(line) + "\n" for line in lines)
    return touch_to_present(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compositor", default="weston", choices=["weston", "sway", "phoc", "mutter"])
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--traces", metavar="DIR", help="keep each measured Momentum round's trace in DIR")
    parser.add_argument("--own-memory", action="store_true",
                        help="each build starts from the frame deadline memory its own previous run left")
    parser.add_argument("--fresh", action="store_true",
                        help="each run starts from no frame deadline memory (a fresh run's drag)")
    parser.add_argument("momentum", nargs="+")
    args = parser.parse_args()
    if args.fresh and args.own_memory:
        print("bench-touch-floor: --fresh and --own-memory: one or the other", file=sys.stderr)
        return 2
    try:
        w, h, scale = parse_size(args.size)
    except ValueError as error:
        print(f"bench-touch-floor: {error}", file=sys.stderr)
        return 2
    if scale != 1:
        print("bench-touch-floor: --size: scale 1 only", file=sys.stderr)
        return 2
    if args.rounds < 1:
        print(f"bench-touch-floor: --rounds {args.rounds}: at least 1", file=sys.stderr)
        return 2
    if args.traces is not None:
        if not os.path.isdir(args.traces) or os.path.islink(args.traces):
            print(f"bench-touch-floor: --traces {args.traces}: not a directory", file=sys.stderr)
            return 2
        for name in os.listdir(args.traces):
            if name.startswith("round-") and name.endswith(".jsonl"):
                print(f"bench-touch-floor: --traces {args.traces}: already holds {name}", file=sys.stderr)
                return 2
    for binary in args.momentum:
        if not os.access(binary, os.X_OK):
            print(f"bench-touch-floor: {binary} is not an executable", file=sys.stderr)
            return 2
    work = tempfile.mkdtemp(prefix="bench-touch-floor.")
    session = None
    clients = [("C floor (touch-commit)", None)] + [(f"momentum {chr(65 + i)} ({b})", os.path.abspath(b))
                                                      for i, b in enumerate(args.momentum)]
    letters = {name: chr(65 + i) for i, (name, _) in enumerate(clients[1:])}
    results = {name: [] for name, _ in clients}
    try:
        floor = build_tool(work, "touch-commit")
        session = Session(os.path.abspath(args.momentum[0]), args.compositor, f"{w}x{h}", work)
        script = drag_script(w, h)
        seconds = 0.05 + LEGS * 0.4 + 0.05 + 1.0
        # One unmeasured run of each client first: a session whose clients run as a user of their own starts with
        # Mesa's shader cache empty (llvmpipe then compiles every shader during the first run).
        print("== warm-up (not measured)", file=sys.stderr)
        for name, binary in clients:
            if binary is None:
                run_floor(floor, session, script, seconds)
            else:
                own = os.path.join(work, f"memory-{letters[name]}")
                if args.own_memory:
                    session.swap_memory(None, own)
                run_momentum(binary, session, script, f"{w}x{h}")
                if args.own_memory:
                    session.swap_memory(own, None)
        for round_index in range(args.rounds):
            order = clients if round_index % 2 == 0 else list(reversed(clients))
            for name, binary in order:
                print(f"== round {round_index + 1}: {name}", file=sys.stderr)
                if binary is None:
                    results[name].append(run_floor(floor, session, script, seconds))
                else:
                    keep = None if args.traces is None else os.path.join(
                        args.traces, f"round-{round_index + 1}-{letters[name]}.jsonl")
                    own = os.path.join(work, f"memory-{letters[name]}")
                    if args.own_memory or args.fresh:
                        session.swap_memory(None, None if args.fresh else own)
                    results[name].append(run_momentum(binary, session, script, f"{w}x{h}", keep))
                    if args.own_memory:
                        session.swap_memory(own, None)
    except (RuntimeError, subprocess.CalledProcessError, OSError, ValueError) as error:
        print(f"bench-touch-floor: {error}", file=sys.stderr)
        return 1
    finally:
        if session is not None:
            session.close()
        shutil.rmtree(work, ignore_errors=True)
    base = results[clients[0][0]]
    base_p50 = statistics.median(r["p50"] for r in base)
    base_p99 = statistics.median(r["p99"] for r in base)
    print(f"{args.compositor}, {w}x{h}, {args.rounds} rounds, the order alternating; a genuine touch drag of {LEGS} legs of 400 px at "
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
