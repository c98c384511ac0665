#!/usr/bin/env python3
"""Frame-timing benchmark: momentum side by side with weston-simple-egl under one private weston headless.

Both clients run fullscreen (same buffer size, checked from their xdg_toplevel.configure) in the SAME weston, one
after the other, for the same duration; the order alternates from round to round so drift on a shared machine hits
both. Every measurement is taken the same way for both clients:

  * WAYLAND_DEBUG=client logs every request/event with a timestamp (libwayland 1.21: CLOCK_REALTIME microseconds
    modulo 2^32, printed as ms). From it: frame commits (a wl_surface.commit carrying a wl_surface.frame request, or
    a new buffer on a surface that is not a subsurface; momentum commits its window without a buffer when only its
    subsurfaces moved), frame-callback done events (callbacks created by wl_surface.frame), and the final configure size.
  * CPU: utime+stime of the client process (all threads) from /proc/PID/stat at the start and end of the window;
    the compositor's CPU (weston and its helper children) the same way; the whole machine's busy time from
    /proc/stat, so the load from other processes during the window can be reported.
  * momentum also writes its trace (--trace): wp_presentation `presented` times (CLOCK_MONOTONIC_RAW ns, the clock
    weston advertises), tick_us and render_us per frame.

Phases per round and client:
  active  momentum --autoplay (never rests) / simple-egl -f; window = first frame commit + WARMUP, DURATION long.
  rest    momentum without --autoplay / simple-egl -f (it never rests); window = first frame commit, REST long.
  cpu     like active but without WAYLAND_DEBUG (its logging costs CPU), window = launch + 2 s; frames: momentum's
          presented events in the window, simple-egl's own "N frames in 5 seconds" report (a rate estimate).

Prints a markdown report on stdout. Standard library only. Exit 1 with one line on stderr if weston or a client
fails to start.
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

CLK_TCK = os.sysconf("SC_CLK_TCK")
U32 = 1 << 32
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HIST_BIN_MS = 5.0
HIST_LAST_MS = 50.0

LINE_RE = re.compile(r"^\[\s*(\d+)\.(\d{3})\]\s+(->\s+)?([A-Za-z_0-9]+)@(\d+)\.([A-Za-z_0-9]+)\((.*)\)\s*$")
FPS_RE = re.compile(r"^(\d+) frames in (\d+) seconds")


class BenchError(Exception):
    """A one-line reason to stop."""


# ----------------------------------------------------------------------------------------------------------------
# clocks, /proc


def realtime_us():
    return time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000


def raw_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC_RAW)


def proc_cpu_ticks(pid):
    """utime+stime of a process (all its threads), in clock ticks; None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            rest = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(rest[11]) + int(rest[12])


def children_of(pid):
    kids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(rest[1]) == pid:
            kids.append(int(entry))
    return kids


def system_ticks():
    """(busy, total) jiffies summed over all CPUs from /proc/stat."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:9]]
    total = sum(fields)
    idle = fields[3] + fields[4]
    return total - idle, total


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


class Sample:
    """CPU counters and clocks at one instant."""

    def __init__(self, client_pid, weston_pid):
        self.rt_us = realtime_us()
        self.raw_ns = raw_ns()
        self.client = proc_cpu_ticks(client_pid) or 0
        comp = proc_cpu_ticks(weston_pid) or 0
        for kid in children_of(weston_pid):
            if kid != client_pid:
                comp += proc_cpu_ticks(kid) or 0
        self.compositor = comp
        self.sys_busy, self.sys_total = system_ticks()


def window_cpu(a, b):
    seconds = (b.raw_ns - a.raw_ns) / 1e9
    client = (b.client - a.client) / CLK_TCK
    comp = (b.compositor - a.compositor) / CLK_TCK
    busy = (b.sys_busy - a.sys_busy) / CLK_TCK
    return {
        "seconds": seconds,
        "client_cpu_s": client,
        "compositor_cpu_s": comp,
        # cores kept busy by everything else on the machine during the window (other helpers, builds, ...)
        "other_cores": max(0.0, busy - client - comp) / seconds if seconds > 0 else 0.0,
    }


# ----------------------------------------------------------------------------------------------------------------
# WAYLAND_DEBUG log


def parse_debug_log(path, spawn_rt_us):
    """Times are microseconds since spawn (the log's u32 µs stamp unwrapped against the spawn time)."""
    base = spawn_rt_us % U32
    commits, dones, configures = [], [], []
    frame_callbacks = set()
    wants_frame, subsurfaces = set(), set()
    attached = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE_RE.match(line)
            if not m:
                continue
            stamp = int(m.group(1)) * 1000 + int(m.group(2))
            t = (stamp - base) % U32
            if t > U32 // 2:  # a line stamped a hair before the spawn reading
                t -= U32
            request = m.group(3) is not None
            iface, oid, msg, args = m.group(4), m.group(5), m.group(6), m.group(7)
            if request and iface == "wl_subcompositor" and msg == "get_subsurface":
                child = re.findall(r"wl_surface@(\d+)", args)
                if child:
                    subsurfaces.add(child[0])
            elif request and iface == "wl_surface":
                if msg == "frame":
                    cb = re.search(r"wl_callback@(\d+)", args)
                    if cb:
                        frame_callbacks.add(cb.group(1))
                        wants_frame.add(oid)
                elif msg == "attach":
                    attached[oid] = args.startswith("wl_buffer@")
                elif msg == "commit":
                    # A frame: a commit asking for the next frame callback (it may carry no buffer of its own when
                    # only subsurfaces changed), or a new buffer on a surface that is not a subsurface (whose commits
                    # show only with the parent's).
                    framed = oid in wants_frame
                    wants_frame.discard(oid)
                    if (attached.pop(oid, False) and oid not in subsurfaces) or framed:
                        commits.append(t)
            elif not request and iface == "wl_callback" and msg == "done" and oid in frame_callbacks:
                frame_callbacks.discard(oid)
                dones.append(t)
            elif not request and iface == "xdg_toplevel" and msg == "configure":
                size = args.split(",")
                configures.append((int(size[0]), int(size[1])))
    return {"commits": commits, "dones": dones, "configures": configures}


def first_commit_in(path, spawn_rt_us):
    try:
        return parse_debug_log(path, spawn_rt_us)["commits"][0]
    except (OSError, IndexError):
        return None


def callback_to_commit(dones, commits, lo, hi):
    """For each frame-callback done in [lo, hi): time to the next frame commit, if it comes before the next done."""
    out, j = [], 0
    for i, d in enumerate(dones):
        if d < lo or d >= hi:
            continue
        while j < len(commits) and commits[j] < d:
            j += 1
        if j == len(commits):
            break
        nxt = dones[i + 1] if i + 1 < len(dones) else float("inf")
        if commits[j] < nxt:
            out.append((commits[j] - d) / 1000.0)
    return out


# ----------------------------------------------------------------------------------------------------------------
# momentum trace


def read_trace(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        events.append(json.loads(line))
                    except ValueError:
                        pass  # a line cut short at kill time
    except OSError:
        pass
    return events


def trace_window(events, lo_raw_ns, hi_raw_ns):
    presented = [e for e in events if e.get("event") == "presented" and lo_raw_ns <= e["ns"] < hi_raw_ns]
    seqs = {e["seq"] for e in presented}
    frames = [e for e in events if e.get("event") == "frame" and e.get("seq") in seqs]
    ns = sorted(e["ns"] for e in presented)
    discarded = 0
    if seqs:
        lo, hi = min(seqs), max(seqs)
        discarded = sum(1 for e in events if e.get("event") == "discarded" and lo <= e["seq"] <= hi)
    return {
        "presented": len(presented),
        "discarded": discarded,
        "presented_intervals_ms": [(b - a) / 1e6 for a, b in zip(ns, ns[1:])],
        "tick_us": [e["tick_us"] for e in frames],
        "render_us": [e["render_us"] for e in frames],
    }


def first_presented_ns(events):
    ns = [e["ns"] for e in events if e.get("event") == "presented"]
    return min(ns) if ns else None


# ----------------------------------------------------------------------------------------------------------------
# processes


class Weston:
    def __init__(self, width, height, module, workdir, scale=1):
        self.runtime = os.path.join(workdir, "xdg")
        os.mkdir(self.runtime, 0o700)
        os.chmod(self.runtime, 0o700)
        self.socket_name = f"wayland-framebench-{os.getpid()}"
        self.control = os.path.join(self.runtime, "touch.sock")
        self.log_path = os.path.join(workdir, "weston.log")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, MOMENTUM_TOUCH_CONTROL=self.control)
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("WAYLAND_DEBUG", None)
        weston = shutil.which("weston")
        if not weston:
            raise BenchError("weston not found on PATH (apt-get install weston)")
        self.log = open(self.log_path, "w")
        self.env = env
        self.argv = [weston, "--backend=headless-backend.so", f"--socket={self.socket_name}", f"--width={width}",
                     f"--height={height}", f"--scale={scale}", "--use-pixman", "--idle-time=0", "--no-config",
                     f"--modules={module}"]
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
                                     env=self.env)
        self.wait_ready(10.0)

    def wait_ready(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BenchError(f"weston exited with {self.proc.returncode} before it was ready: {self.last_log_line()}")
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                    s.settimeout(max(0.1, deadline - time.monotonic()))
                    s.connect(self.control)
                    if s.recv(64).startswith(b"ready"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise BenchError(f"weston was not ready within {timeout:.0f} s: {self.last_log_line()}")

    def last_log_line(self):
        try:
            with open(self.log_path, errors="replace") as f:
                lines = [l.strip() for l in f if l.strip()]
            return lines[-1] if lines else "(empty log)"
        except OSError:
            return "(no log)"

    def client_env(self, debug):
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, WAYLAND_DISPLAY=self.socket_name)
        env.pop("WAYLAND_DEBUG", None)
        env.pop("DISPLAY", None)
        if debug:
            env["WAYLAND_DEBUG"] = "client"
        return env

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def stop_client(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def sleep_until_rt(target_rt_us):
    while True:
        left = (target_rt_us - realtime_us()) / 1e6
        if left <= 0:
            return
        time.sleep(min(left, 0.2))


class Client:
    def __init__(self, name, argv_active, argv_rest, trace):
        self.name, self.argv_active, self.argv_rest, self.trace = name, argv_active, argv_rest, trace


def run_phase(weston, client, phase, workdir, tag, warmup, duration, start_timeout):
    """Runs one client once and returns the measurements of one window."""
    debug = phase != "cpu"
    argv = list(client.argv_rest if phase == "rest" else client.argv_active)
    trace_path = None
    if client.trace:
        trace_path = os.path.join(workdir, f"{tag}.trace.jsonl")
        argv += ["--trace", trace_path]
    err_path = os.path.join(workdir, f"{tag}.stderr")
    out_path = os.path.join(workdir, f"{tag}.stdout")
    with open(err_path, "w") as err, open(out_path, "w") as out:
        spawn_rt, spawn_raw = realtime_us(), raw_ns()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=weston.client_env(debug))
    try:
        if debug:
            deadline = time.monotonic() + start_timeout
            first = None
            while first is None:
                if proc.poll() is not None or time.monotonic() > deadline:
                    break
                time.sleep(0.02)
                first = first_commit_in(err_path, spawn_rt)
            if first is None:
                raise BenchError(f"{client.name} showed no frame within {start_timeout:.0f} s "
                                 f"(exit {proc.poll()}): {last_line(err_path)}")
            start_rt = spawn_rt + first + int(warmup * 1e6)
        else:
            start_rt = spawn_rt + int(warmup * 1e6)
        end_rt = start_rt + int(duration * 1e6)
        sleep_until_rt(start_rt)
        if proc.poll() is not None:
            raise BenchError(f"{client.name} exited with {proc.returncode} during warm-up: {last_line(err_path)}")
        a = Sample(proc.pid, weston.proc.pid)
        sleep_until_rt(end_rt)
        b = Sample(proc.pid, weston.proc.pid)
        alive = proc.poll() is None
        if alive and not debug and not client.trace:
            # simple-egl reports "N frames in 5 seconds" every 5 s after its first frame; keep it up for two.
            sleep_until_rt(spawn_rt + int(11.5e6))
    finally:
        stop_client(proc)
    if not alive:
        raise BenchError(f"{client.name} exited with {proc.returncode} during the window: {last_line(err_path)}")
    if weston.proc.poll() is not None:
        raise BenchError(f"weston exited with {weston.proc.returncode} during {client.name}: {weston.last_log_line()}")

    r = {"client": client.name, "phase": phase, "tag": tag}
    r.update(window_cpu(a, b))
    # Commits are counted from the window start (for rest: strictly after the first frame, which starts it).
    lo, hi = a.rt_us - spawn_rt, b.rt_us - spawn_rt
    if phase == "rest":
        lo = start_rt - spawn_rt + 1
    if debug:
        log = parse_debug_log(err_path, spawn_rt)
        commits = [c for c in log["commits"] if lo <= c < hi]
        r["commits"] = len(commits)
        r["intervals_ms"] = [(y - x) / 1000.0 for x, y in zip(commits, commits[1:])]
        r["callback_to_commit_ms"] = callback_to_commit(log["dones"], log["commits"], lo, hi)
        r["launch_to_first_commit_ms"] = log["commits"][0] / 1000.0 if log["commits"] else None
        r["configure"] = list(log["configures"][-1]) if log["configures"] else None
        r["frames"] = len(commits)
    events = read_trace(trace_path) if trace_path else []
    if trace_path:
        tw = trace_window(events, a.raw_ns, b.raw_ns)
        r["trace"] = tw
        fp = first_presented_ns(events)
        r["launch_to_first_presented_ms"] = (fp - spawn_raw) / 1e6 if fp else None
        if not debug:
            r["frames"] = tw["presented"]
    elif not debug:
        rates = []
        with open(out_path, errors="replace") as f:
            for line in f:
                m = FPS_RE.match(line.strip())
                if m:
                    rates.append(int(m.group(1)) / int(m.group(2)))
        steady = rates[1:] if len(rates) > 1 else rates
        r["fps_reports"] = rates
        r["frames"] = sum(steady) / len(steady) * r["seconds"] if steady else None
    return r


def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = [l.strip() for l in f if l.strip() and not LINE_RE.match(l)]
        return lines[-1] if lines else "(no message)"
    except OSError:
        return "(no output)"


# ----------------------------------------------------------------------------------------------------------------
# statistics and report


def pct(values, p):
    """Percentile with linear interpolation between closest ranks."""
    if not values:
        return None
    v = sorted(values)
    k = (len(v) - 1) * p / 100.0
    f = int(k)
    c = min(f + 1, len(v) - 1)
    return v[f] + (v[c] - v[f]) * (k - f)


def median(values):
    values = [v for v in values if v is not None]
    return pct(values, 50) if values else None


def fmt(v, digits=1):
    if v is None:
        return "—"
    if isinstance(v, int):
        return str(v)
    return f"{v:.{digits}f}"


def ratio(a, b, digits=2):
    if a is None or b is None or b == 0:
        return "—"
    return f"{a / b:.{digits}f}"


def histogram(values):
    nbins = int(HIST_LAST_MS / HIST_BIN_MS)
    counts = [0] * (nbins + 1)
    for v in values:
        counts[min(int(v // HIST_BIN_MS), nbins)] += 1
    return counts


def bin_label(i):
    nbins = int(HIST_LAST_MS / HIST_BIN_MS)
    if i == nbins:
        return f"≥ {HIST_LAST_MS:.0f}"
    return f"{i * HIST_BIN_MS:.0f}–{(i + 1) * HIST_BIN_MS:.0f}"


def summarize(results, name):
    mine = lambda phase: [r for r in results if r["client"] == name and r["phase"] == phase]
    act, rest, cpu = mine("active"), mine("rest"), mine("cpu")
    s = {}
    intervals = [x for r in act for x in r["intervals_ms"]]
    s["intervals"] = intervals
    for p in (10, 50, 90, 99):
        s[f"int_p{p}"] = pct(intervals, p)
    s["fps"] = sum(r["commits"] for r in act) / sum(r["seconds"] for r in act) if act else None
    c2c = [x for r in act for x in r["callback_to_commit_ms"]]
    s["c2c_p50"], s["c2c_p99"] = pct(c2c, 50), pct(c2c, 99)
    frames = sum(r["frames"] for r in act)
    s["cpu_ms_per_frame_debug"] = 1000 * sum(r["client_cpu_s"] for r in act) / frames if frames else None
    s["comp_ms_per_frame_debug"] = 1000 * sum(r["compositor_cpu_s"] for r in act) / frames if frames else None
    s["cpu_pct_debug"] = 100 * sum(r["client_cpu_s"] for r in act) / sum(r["seconds"] for r in act) if act else None
    cframes = [r["frames"] for r in cpu if r["frames"]]
    if cpu and len(cframes) == len(cpu):
        s["cpu_ms_per_frame"] = 1000 * sum(r["client_cpu_s"] for r in cpu) / sum(cframes)
        s["comp_ms_per_frame"] = 1000 * sum(r["compositor_cpu_s"] for r in cpu) / sum(cframes)
        s["cpu_fps"] = sum(cframes) / sum(r["seconds"] for r in cpu)
    else:
        s["cpu_ms_per_frame"] = s["comp_ms_per_frame"] = s["cpu_fps"] = None
    s["cpu_pct"] = 100 * sum(r["client_cpu_s"] for r in cpu) / sum(r["seconds"] for r in cpu) if cpu else None
    s["launch_commit"] = median([r["launch_to_first_commit_ms"] for r in act + rest])
    s["launch_presented"] = median([r.get("launch_to_first_presented_ms") for r in act + rest])
    s["launch_presented_nodebug"] = median([r.get("launch_to_first_presented_ms") for r in cpu])
    s["rest_commits"] = [r["commits"] for r in rest]
    s["rest_cpu"] = [r["client_cpu_s"] for r in rest]
    s["rest_seconds"] = median([r["seconds"] for r in rest])
    s["configures"] = sorted({tuple(r["configure"]) for r in act + rest if r.get("configure")})
    traces = [r["trace"] for r in act if "trace" in r]
    if traces:
        pi = [x for t in traces for x in t["presented_intervals_ms"]]
        tick = [x for t in traces for x in t["tick_us"]]
        rend = [x for t in traces for x in t["render_us"]]
        s["trace"] = {
            "presented": sum(t["presented"] for t in traces), "discarded": sum(t["discarded"] for t in traces),
            "commits": sum(r["commits"] for r in act),
            "pi_p50": pct(pi, 50), "pi_p99": pct(pi, 99), "tick_p50": pct(tick, 50), "tick_p99": pct(tick, 99),
            "render_p50": pct(rend, 50), "render_p99": pct(rend, 99),
        }
    return s


def report(args, results, meta, m_name, e_name):
    m, e = summarize(results, m_name), summarize(results, e_name)
    out = []
    w = out.append
    w(f"### Frame timing: momentum vs weston-simple-egl ({meta['size']}, fullscreen, one weston)")
    w("")
    w(f"- machine: {meta['cpu']}, {meta['nproc']} cores; weston {meta['weston']}, Mesa {meta['mesa']} (llvmpipe), "
      f"weston headless + pixman, desktop-shell")
    w(f"- {args.rounds} rounds, order alternating; active window {args.duration:g} s after {args.warmup:g} s warm-up; "
      f"rest window {args.rest:g} s from the first frame")
    w(f"- load: loadavg {meta['load_before']} before, {meta['load_after']} after; other processes kept "
      f"{meta['other_min']:.2f}–{meta['other_max']:.2f} cores busy during the windows (mean {meta['other_mean']:.2f})")
    w(f"- window sizes seen in xdg_toplevel.configure: momentum {m['configures']}, simple-egl {e['configures']}")
    w("")
    w("| metric | momentum | simple-egl | momentum / simple-egl |")
    w("|---|---:|---:|---:|")

    def row(label, a, b, digits=1, rdigits=2):
        w(f"| {label} | {fmt(a, digits)} | {fmt(b, digits)} | {ratio(a, b, rdigits)} |")

    row("frames per second (frame commits, active)", m["fps"], e["fps"])
    for p in (10, 50, 90, 99):
        row(f"frame interval p{p} (ms, commit to commit)", m[f"int_p{p}"], e[f"int_p{p}"])
    row("frame callback → commit p50 (ms)", m["c2c_p50"], e["c2c_p50"], 2)
    row("frame callback → commit p99 (ms)", m["c2c_p99"], e["c2c_p99"], 2)
    row("client CPU per frame (ms), no WAYLAND_DEBUG", m["cpu_ms_per_frame"], e["cpu_ms_per_frame"], 2)
    row("client CPU (% of one core), no WAYLAND_DEBUG", m["cpu_pct"], e["cpu_pct"])
    row("client CPU per frame (ms), with WAYLAND_DEBUG", m["cpu_ms_per_frame_debug"], e["cpu_ms_per_frame_debug"], 2)
    row("weston CPU per client frame (ms), no WAYLAND_DEBUG", m["comp_ms_per_frame"], e["comp_ms_per_frame"], 2)
    both = lambda x: x["cpu_ms_per_frame"] + x["comp_ms_per_frame"] if x["cpu_ms_per_frame"] is not None else None
    row("client + weston CPU per frame (ms), no WAYLAND_DEBUG", both(m), both(e), 2)
    row("launch → first frame commit (ms, median), with WAYLAND_DEBUG", m["launch_commit"], e["launch_commit"], 0)
    w(f"| launch → first presented (ms, median; wp_presentation), with WAYLAND_DEBUG | "
      f"{fmt(m['launch_presented'], 0)} | — (no presentation feedback) | — |")
    w(f"| launch → first presented (ms, median; wp_presentation), no WAYLAND_DEBUG | "
      f"{fmt(m['launch_presented_nodebug'], 0)} | — | — |")
    w(f"| at rest: commits in {fmt(m['rest_seconds'])} s after the first frame (per round) | "
      f"{', '.join(str(x) for x in m['rest_commits'])} | {', '.join(str(x) for x in e['rest_commits'])} | — |")
    w(f"| at rest: client CPU seconds in that window (per round) | "
      f"{', '.join(f'{x:.2f}' for x in m['rest_cpu'])} | {', '.join(f'{x:.2f}' for x in e['rest_cpu'])} | — |")
    w("")
    w("Frame interval histogram (share of commit-to-commit intervals, all active rounds pooled):")
    w("")
    w(f"| interval (ms) | momentum (n={len(m['intervals'])}) | simple-egl (n={len(e['intervals'])}) |")
    w("|---|---:|---:|")
    hm, he = histogram(m["intervals"]), histogram(e["intervals"])
    nm, ne = max(1, len(m["intervals"])), max(1, len(e["intervals"]))
    for i, (a, b) in enumerate(zip(hm, he)):
        if a or b:
            w(f"| {bin_label(i)} | {100 * a / nm:.1f} % | {100 * b / ne:.1f} % |")
    if "trace" in m:
        t = m["trace"]
        w("")
        w("momentum's own trace over the active windows:")
        w("")
        w("| presented | discarded | commits | presented interval p50 / p99 (ms) | tick p50 / p99 (µs) | "
          "render p50 / p99 (µs) |")
        w("|---:|---:|---:|---|---|---|")
        w(f"| {t['presented']} | {t['discarded']} | {t['commits']} | {fmt(t['pi_p50'])} / {fmt(t['pi_p99'])} | "
          f"{fmt(t['tick_p50'])} / {fmt(t['tick_p99'])} | {fmt(t['render_p50'], 0)} / {fmt(t['render_p99'], 0)} |")
    w("")
    w("Per round (active windows; order shows which client ran first):")
    w("")
    w("| round | order | momentum fps | simple-egl fps | momentum p50 (ms) | simple-egl p50 (ms) | "
      "momentum CPU/frame (ms) | simple-egl CPU/frame (ms) | other load (cores) |")
    w("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for rnd in range(args.rounds):
        rs = [r for r in results if r["round"] == rnd and r["phase"] == "active"]
        mm = [r for r in rs if r["client"] == m_name]
        ee = [r for r in rs if r["client"] == e_name]
        cm = [r for r in results if r["round"] == rnd and r["phase"] == "cpu" and r["client"] == m_name]
        ce = [r for r in results if r["round"] == rnd and r["phase"] == "cpu" and r["client"] == e_name]
        if not (mm and ee):
            continue
        mm, ee = mm[0], ee[0]
        cpf = lambda rr: 1000 * rr[0]["client_cpu_s"] / rr[0]["frames"] if rr and rr[0]["frames"] else None
        order = "momentum first" if results.index(mm) < results.index(ee) else "simple-egl first"
        other = [r["other_cores"] for r in results if r["round"] == rnd]
        w(f"| {rnd + 1} | {order} | {mm['commits'] / mm['seconds']:.1f} | {ee['commits'] / ee['seconds']:.1f} | "
          f"{fmt(pct(mm['intervals_ms'], 50))} | {fmt(pct(ee['intervals_ms'], 50))} | {fmt(cpf(cm), 2)} | "
          f"{fmt(cpf(ce), 2)} | {sum(other) / len(other):.2f} |")
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------------------------


def find_simple_egl(explicit):
    if explicit:
        return explicit
    found = shutil.which("weston-simple-egl")
    if found:
        return found
    for d in ("/usr/lib/weston", "/usr/libexec/weston", "/usr/libexec", "/usr/lib/x86_64-linux-gnu/weston"):
        p = os.path.join(d, "weston-simple-egl")
        if os.access(p, os.X_OK):
            return p
    raise BenchError("weston-simple-egl not found (apt-get install weston)")


def default_momentum():
    try:
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, check=True,
                                  capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        raise BenchError(f"cannot ask swift for the release bin path: {error}")
    return os.path.join(bin_path, "momentum")


def build_module():
    try:
        subprocess.run(["make", "-s", "-C", os.path.join(REPO, "harness")], check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as error:
        msg = (error.stderr or error.stdout or "").strip().splitlines()
        raise BenchError(f"make -C harness failed: {msg[-1] if msg else error}")
    except OSError as error:
        raise BenchError(f"cannot run make: {error}")
    module = os.path.join(REPO, ".build", "harness", "momentum-touch.so")
    if not os.path.exists(module):
        raise BenchError(f"{module} was not built")
    return module


def command_output(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--momentum", help="momentum binary (default: `swift build -c release --show-bin-path`/momentum)")
    ap.add_argument("--simple-egl", help="weston-simple-egl binary (default: found on PATH or under /usr/lib*)")
    ap.add_argument("--size", default="800x600", help="output size WxH; both clients run fullscreen (default 800x600)")
    ap.add_argument("--scale", type=int, default=1,
                    help="output scale: the output is WxH logical px, scale times as many buffer px (default 1)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds, client order alternating (default 3)")
    ap.add_argument("--duration", type=float, default=10.0, help="active window seconds (default 10)")
    ap.add_argument("--warmup", type=float, default=1.0, help="seconds after the first frame before the window (1)")
    ap.add_argument("--rest", type=float, default=10.0, help="at-rest window seconds from the first frame (10)")
    ap.add_argument("--no-cpu-pass", action="store_true", help="skip the runs without WAYLAND_DEBUG")
    ap.add_argument("--out", help="keep logs, traces and results.json in this directory")
    ap.add_argument("--momentum-args", default="",
                    help="extra arguments for momentum run, e.g. '--no-subsurfaces' or '--no-hud' (default none)")
    ap.add_argument("--start-timeout", type=float, default=20.0, help="seconds to wait for a client's first frame")
    args = ap.parse_args()

    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"error: --size must be WxH, got '{args.size}'", file=sys.stderr)
        return 2

    workdir = None
    weston = None
    try:
        momentum = os.path.abspath(args.momentum) if args.momentum else default_momentum()
        if not os.access(momentum, os.X_OK):
            raise BenchError(f"momentum binary not found at {momentum} (build: swift build -c release --product momentum)")
        simple_egl = find_simple_egl(args.simple_egl)
        module = build_module()
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            workdir = tempfile.mkdtemp(prefix="run-", dir=os.path.abspath(args.out))
        else:
            workdir = tempfile.mkdtemp(prefix="framebench-")
        meta = {
            "size": f"{width}x{height}" + (f" at scale {args.scale} ({width * args.scale}x{height * args.scale} px)"
                                             if args.scale != 1 else ""), "nproc": os.cpu_count(), "load_before": loadavg(),
            "cpu": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?"),
            "weston": command_output(["weston", "--version"]).replace("weston ", ""),
            "mesa": command_output(["dpkg-query", "-W", "-f=${Version}", "libegl-mesa0"]),
            "momentum": momentum, "simple_egl": simple_egl,
        }
        weston = Weston(width, height, module, workdir, args.scale)
        weston.start()
        extra = args.momentum_args.split()
        m = Client("momentum", [momentum, "run", "--fullscreen", "--autoplay"] + extra,
                   [momentum, "run", "--fullscreen"] + extra, True)
        e = Client("simple-egl", [simple_egl, "-f"], [simple_egl, "-f"], False)
        results = []
        for rnd in range(args.rounds):
            order = [m, e] if rnd % 2 == 0 else [e, m]
            phases = [("active", args.warmup, args.duration), ("rest", 0.0, args.rest)]
            if not args.no_cpu_pass:
                phases.append(("cpu", 2.0, args.duration))
            for phase, warmup, duration in phases:
                for client in order:
                    tag = f"r{rnd + 1}-{phase}-{client.name}"
                    print(f"[bench-frames] round {rnd + 1}/{args.rounds}: {client.name} {phase}", file=sys.stderr)
                    r = run_phase(weston, client, phase, workdir, tag, warmup, duration, args.start_timeout)
                    r["round"] = rnd
                    results.append(r)
        meta["load_after"] = loadavg()
        others = [r["other_cores"] for r in results]
        meta["other_min"], meta["other_max"], meta["other_mean"] = min(others), max(others), sum(others) / len(others)
        text = report(args, results, meta, m.name, e.name)
        print(text)
        if args.out:
            with open(os.path.join(workdir, "results.json"), "w") as f:
                json.dump({"meta": meta, "args": vars(args), "results": results}, f, indent=1)
            with open(os.path.join(workdir, "report.md"), "w") as f:
                f.write(text + "\n")
            print(f"[bench-frames] logs and results.json in {workdir}", file=sys.stderr)
        return 0
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    finally:
        if weston:
            weston.stop()
        if workdir and not args.out:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
