"""What the benchmark scripts share: output sizes from the command line, one `momentum bench` run, a private weston,
its timeline log and the repaints in it, a momentum run's trace, stopping a client or a CPU hog, building a C floor
client and a bench run's drag trace."""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def parse_sizes(text):
    return [parse_size(item, "--sizes") for item in text.split(",")]


def parse_size(text, flag="--size"):
    """One output size, WxH or WxH@SCALE: (w, h, scale); ValueError naming `flag` otherwise."""
    size, _, scale = text.partition("@")
    w, _, h = size.partition("x")
    if not (w.isdigit() and h.isdigit() and (scale == "" or scale.isdigit())):
        raise ValueError(f"{flag}: '{text}' is not WxH or WxH@SCALE")
    return int(w), int(h), int(scale or 1)


def read_trace(path):
    """A momentum trace's lines (JSON objects), up to a line still being written."""
    lines = []
    with open(path) as f:
        for line in f:
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError:
                break
    return lines


def wait_for_trace(app, trace, done, what, timeout=30):
    """Reads the trace of the running `app` until `done(lines)` holds and returns its lines; RuntimeError naming
    `what` when the app exits first or `timeout` s pass."""
    deadline = time.monotonic() + timeout
    while True:
        lines = read_trace(trace) if os.path.exists(trace) else []
        if done(lines):
            return lines
        if app.poll() is not None:
            raise RuntimeError(f"momentum exited before {what}: {app.stderr.read().strip() if app.stderr else ''}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"momentum: no {what} in {timeout:g} s")
        time.sleep(0.02)


def bench(momentum, argv, out):
    """Runs `momentum bench ARGV --out OUT` and returns its report.json and report.md."""
    done = subprocess.run([momentum, "bench", *argv, "--out", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        raise RuntimeError(f"momentum bench {' '.join(argv)}: {last}")
    with open(os.path.join(out, "report.json")) as f:
        report = json.load(f)
    with open(os.path.join(out, "report.md")) as f:
        markdown = f.read()
    return report, markdown


SCENES = ["panel", "transition", "gallery", "playground", "scroll"]
"""Momentum's scenes, as `momentum run --scene` names them."""


def smaps_regions(pid):
    """Each memory region of /proc/PID/smaps: [path (`[heap]`, `[anon]`, a memfd's or a file's), mapped KiB,
    resident KiB]."""
    found, current = [], None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if not fields[0].endswith(":"):
                start, end = fields[0].split("-")
                current = [" ".join(fields[5:]) or "[anon]", (int(end, 16) - int(start, 16)) // 1024, 0]
                found.append(current)
            elif fields[0] == "Rss:" and current is not None:
                current[2] = int(fields[1])
    return found


def vm_kib(pid, field):
    """A size in KiB from /proc/PID/status (`field` with its colon: `VmHWM:`, `VmRSS:`)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} for {pid}")


def stop(process, sig):
    """Ends a client with `sig`, SIGKILL if it is still there after 20 s; reaped either way."""
    if process.poll() is None:
        process.send_signal(sig)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def start_hog(argv):
    """A CPU hog (`stress-ng --cpu 2`) in a session of its own, or None for no `argv`: `end_hog` ends it."""
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True) if argv else None


def end_hog(hog):
    """Ends a `start_hog` hog (None: nothing) and reaps it: stress-ng forks its workers into the hog's session, so the
    whole group is ended, then the leader reaped."""
    if hog is None:
        return
    try:
        os.killpg(hog.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    stop(hog, signal.SIGTERM)


def weston_timeline(log_path, prefix="core_"):
    """Weston's `timeline` log events whose name starts with `prefix`, in order: (time s, event dict); lines that are
    not JSON (the rest of its log, a line still being written) are left out."""
    with open(log_path) as log:
        for line in log:
            if f'"N":"{prefix}' not in line:
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                continue
            yield event["T"][0] + event["T"][1] / 1e9, event


def start_weston(work, socket, width, height, scale=1, touch_module=None, arguments=()):
    """A private weston headless (pixman) of a `width`×`height` logical output at `scale`, its runtime folder and log
    in `work`; returns the process and the environment a client connects with. With `touch_module` (the path of
    momentum-touch.so) weston loads it, its control socket at XDG_RUNTIME_DIR/momentum-touch.sock; `arguments` are
    passed to weston as they are. RuntimeError when it does not start."""
    xdg = os.path.join(work, "xdg")
    os.mkdir(xdg, 0o700)
    modules = [f"--modules={os.path.abspath(touch_module)}"] if touch_module else []
    with open(os.path.join(work, "weston.log"), "w") as log:
        weston = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", f"--socket={socket}",
                                   f"--width={width}", f"--height={height}", f"--scale={scale}", "--idle-time=0",
                                   "--no-config", *modules, *arguments], env={**os.environ, "XDG_RUNTIME_DIR": xdg},
                                  stdout=log, stderr=log)
    for _ in range(200):
        if os.path.exists(os.path.join(xdg, socket)):
            break
        if weston.poll() is not None:
            raise RuntimeError(f"weston exited with status {weston.returncode}")
        time.sleep(0.05)
    else:
        weston.terminate()
        weston.wait()
        raise RuntimeError("weston did not start in 10 s")
    env = {**os.environ, "XDG_RUNTIME_DIR": xdg, "WAYLAND_DISPLAY": socket}
    env.pop("DISPLAY", None)
    return weston, env


def end_weston(weston, work):
    """Ends the private weston `start_weston` made (None when it never started), reaped, and removes the run's
    folder `work`: what each benchmark's `finally` does."""
    if weston is not None:
        weston.terminate()
        weston.wait()
    shutil.rmtree(work, ignore_errors=True)


def build_tool(work, name, protocols=("xdg-shell", "presentation-time"), packages=("wayland-client",)):
    """Compiles the C client tools/NAME/NAME.c (with tools/common; the `protocols` from Sources/CWaylandProtocols,
    linked with the pkg-config `packages`) into WORK/NAME and returns its path; CalledProcessError when it does not
    compile."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sources = os.path.join(root, "Sources/CWaylandProtocols")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", *packages], capture_output=True, text=True,
                           check=True).stdout.split()
    binary = os.path.join(work, name)
    subprocess.run(["cc", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{sources}/include",
                    f"-I{os.path.join(root, 'tools/common')}", "-o", binary,
                    os.path.join(root, f"tools/{name}/{name}.c"),
                    *(f"{sources}/{protocol}-protocol.c" for protocol in protocols), *flags, "-lm"],
                   check=True)
    return binary


def drag_trace(folder, speed, script):
    """`momentum bench` --out `folder`'s trace of the drag at `speed` px/s with prediction; exits 2 naming it (and
    `script`) when there is none."""
    trace = os.path.join(folder, "traces", f"panel-drag-{speed}.jsonl")
    if not os.path.isfile(trace):
        print(f"{script}: {trace}: no such trace", file=sys.stderr)
        sys.exit(2)
    return trace


def weston_repaints(log_path, since, until):
    """The repaints a weston started with `--logger-scopes=log,timeline` (its log at `log_path`) began between the
    times `since` and `until` (s) on its timeline's clock, CLOCK_MONOTONIC (not its presentation clock,
    CLOCK_MONOTONIC_RAW on the headless backend): a list of their durations begin → posted (s), in order."""
    begun, durations = None, []
    for t, event in weston_timeline(log_path, "core_repaint_"):
        if event["N"] == "core_repaint_begin":
            begun = t if since <= t <= until else None
        elif event["N"] == "core_repaint_posted" and begun is not None:
            durations.append(t - begun)
            begun = None
    return durations
