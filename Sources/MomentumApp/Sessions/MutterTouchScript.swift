/// The program that injects genuine touch into a private mutter (`MutterSession`), written into its runtime folder
/// so an installed `momentum` needs nothing beside it: python3 with python3-dbus and python3-gi. mutter runs it once
/// it is up; it opens a remote-desktop session linked to a screen-cast stream of the virtual monitor (which needs
/// PipeWire), and plays harness scripts (harness/README.md, the touch commands) through `NotifyTouchDown/Motion/Up`.
enum MutterTouchScript {
    static let text = #"""
# Momentum's touch injector for mutter: genuine touch through org.gnome.Mutter.RemoteDesktop, driven like weston's
# momentum-touch module (harness/README.md): a Unix socket (argv[1]); on connect `ready`; script lines, `end`;
# `ok <events> <duration_ms>` or `error <control>:<line>: <message>`; the events played at their times; `done`.
# mutter runs it (its command line's program) once it is up; it writes "<WAYLAND_DISPLAY> <pid>" into the FIFO
# argv[2] once the socket listens, and exits when mutter leaves the bus (mutter exits when it does).
# mutter stamps each event when it takes it from the bus, in whole ms, so the finger's own record is kept here: the
# script's finger moves along its samples, each motion is sent where the finger is at the moment it is sent, and
# before `done` every event sent is written into argv[1] + ".sent", one line each: `<ns> <kind> <id> <x> <y>`, ns
# on CLOCK_MONOTONIC.
import math, os, signal, socket, sys, time
import dbus, dbus.mainloop.glib
from gi.repository import GLib

RD, SC = "org.gnome.Mutter.RemoteDesktop", "org.gnome.Mutter.ScreenCast"
SAMPLE_MS = 1000.0 / 120.0
USAGE = {"down": (3, "<t> down <id> <x> <y>"), "motion": (3, "<t> motion <id> <x> <y>"), "up": (1, "<t> up <id>"),
         "frame": (0, "<t> frame"), "press": (3, "<t> press <id> <x> <y>"),
         "moveto": (4, "<t> moveto <id> <x> <y> <duration_ms>"), "release": (1, "<t> release <id>"),
         "tap": (3, "<t> tap <id> <x> <y> [hold_ms]"), "drag": (6, "<t> drag <id> <x0> <y0> <x1> <y1> <duration_ms> [hold_ms]"),
         "flick": (6, "<t> flick <id> <x0> <y0> <x1> <y1> <duration_ms>")}
OPTIONAL = {"tap": 1, "drag": 1}


class ScriptError(Exception):
    pass


def log(*words):
    print("mutter-touch:", *words, file=sys.stderr, flush=True)


def samples(t, x0, y0, x1, y1, d):
    n = max(1, round(d / SAMPLE_MS)) if d > 0 else 1
    return [(t + d * k / n, x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(1, n + 1)]


def parse(text, points):
    # The script's touch events [(ms, kind, id, x, y)], merged by time (stable); `points` (id -> (x, y) of the
    # points down) is updated as if it had been played.
    raw, last = [], 0.0
    for number, line in enumerate(text.split("\n"), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = "<control>:%d: " % number
        try:
            t = float(words[0])
        except ValueError:
            raise ScriptError(where + "expected a time in ms, got '%s'" % words[0])
        if len(words) < 2:
            raise ScriptError(where + "a time without a command")
        command, args = words[1], words[2:]
        if command not in USAGE:
            raise ScriptError(where + "'%s' cannot be played under mutter (touch only: %s)" % (command, ", ".join(USAGE)))
        count, usage = USAGE[command]
        if not count <= len(args) <= count + OPTIONAL.get(command, 0):
            raise ScriptError(where + "'%s' expected %d numbers, got %d (usage: %s)" % (command, count, len(args), usage))
        try:
            numbers = [float(a) for a in args]
        except ValueError:
            raise ScriptError(where + "'%s' expected numbers (usage: %s)" % (command, usage))
        if t < last:
            raise ScriptError(where + "time goes backwards (%g < %g)" % (t, last))
        if any(math.isnan(n) or math.isinf(n) for n in numbers) or t < 0:
            raise ScriptError(where + "not a finite number")
        last = t
        ident = int(numbers[0]) if numbers else None
        if ident is not None and not (0 <= ident <= 63 and numbers[0] == ident):
            raise ScriptError(where + "touch ids are integers 0..63")
        if command in ("down", "press"):
            raw.append((t, "down", ident, numbers[1], numbers[2], number))
        elif command == "motion":
            raw.append((t, "motion", ident, numbers[1], numbers[2], number))
        elif command in ("up", "release"):
            raw.append((t, "up", ident, 0, 0, number))
        elif command == "moveto":
            raw.append((t, "moveto", ident, numbers[1], numbers[2], number, numbers[3]))
        elif command == "tap":
            hold = numbers[3] if len(numbers) > 3 else 60
            raw += [(t, "down", ident, numbers[1], numbers[2], number), (t + hold, "up", ident, 0, 0, number)]
        elif command in ("drag", "flick"):
            x0, y0, x1, y1, d = numbers[1:6]
            hold = (numbers[6] if len(numbers) > 6 else 0) if command == "drag" else 0
            raw.append((t, "down", ident, x0, y0, number))
            raw += [(st, "motion", ident, sx, sy, number) for st, sx, sy in samples(t, x0, y0, x1, y1, d)]
            raw.append((t + d + hold, "up", ident, 0, 0, number))
    raw.sort(key=lambda e: e[0])  # stable: same time keeps line order
    events = []
    for e in raw:
        t, kind, ident, x, y, number = e[:6]
        where = "<control>:%d: " % number
        if kind == "down":
            if ident in points:
                raise ScriptError(where + "touch id %d is already down" % ident)
            points[ident] = (x, y)
            events.append((t, "down", ident, x, y))
        elif ident not in points:
            raise ScriptError(where + "touch id %d is not down" % ident)
        elif kind == "up":
            del points[ident]
            events.append((t, "up", ident, 0, 0))
        elif kind == "motion":
            points[ident] = (x, y)
            events.append((t, "motion", ident, x, y))
        else:
            x0, y0 = points[ident]
            for st, sx, sy in samples(t, x0, y0, x, y, e[6]):
                events.append((st, "motion", ident, sx, sy))
            points[ident] = (x, y)
    events.sort(key=lambda e: e[0])
    return events


class Injector:
    def __init__(self, path, ready):
        self.path, self.ready = path, ready
        self.bus = dbus.SessionBus()
        self.points = {}
        self.client = None
        self.buffer = b""
        self.playing = None
        self.stream = None
        self.watches = [self.bus.watch_name_owner(name, self.name_changed) for name in (RD, SC)]

    session_started = False

    def name_changed(self, owner):
        if self.session_started:
            if not owner:
                log("mutter left the bus")
                loop.quit()
            return
        if all(self.bus.name_has_owner(name) for name in (RD, SC)):
            self.session_started = True
            guarded(self.start_session)

    def start_session(self):
        rd = dbus.Interface(self.bus.get_object(RD, "/org/gnome/Mutter/RemoteDesktop"), RD)
        path = rd.CreateSession()
        self.session = dbus.Interface(self.bus.get_object(RD, path), RD + ".Session")
        ident = self.bus.get_object(RD, path).Get(RD + ".Session", "SessionId", dbus_interface=dbus.PROPERTIES_IFACE)
        sc = dbus.Interface(self.bus.get_object(SC, "/org/gnome/Mutter/ScreenCast"), SC)
        screen = sc.CreateSession({"remote-desktop-session-id": ident})
        cast = dbus.Interface(self.bus.get_object(SC, screen), SC + ".Session")
        stream = cast.RecordMonitor("", {})
        self.bus.add_signal_receiver(lambda node: guarded(self.stream_added, node), "PipeWireStreamAdded", SC + ".Stream", SC, stream)
        self.bus.add_signal_receiver(self.closed, "Closed", RD + ".Session", RD, path)
        self.pending_stream = stream
        self.session.Start()

    def stream_added(self, node):
        self.stream = self.pending_stream
        # mutter makes its virtual touchscreen at the first touch event, and the seat's touch capability appears
        # only after it: a touch then would reach no client. One touch where no client is yet makes it now.
        # It is slot 31, which scripts do not use (they count from 0): mutter 43 makes the device on its input thread,
        # and an up that overtakes it is lost, leaving the slot down there (a script's down on it was then refused).
        self.session.NotifyTouchDown(self.stream, dbus.UInt32(31), dbus.Double(0), dbus.Double(0))
        self.session.NotifyTouchUp(dbus.UInt32(31))
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(self.path + ".tmp")
        server.listen(1)
        os.rename(self.path + ".tmp", self.path)  # appears only once it listens
        self.server = server
        GLib.io_add_watch(server.fileno(), GLib.IO_IN, self.accept)
        with open(self.ready, "w") as fifo:
            fifo.write("%s %d\n" % (os.environ.get("WAYLAND_DISPLAY", ""), os.getpid()))

    def closed(self):
        log("mutter closed the remote-desktop session")
        loop.quit()

    def accept(self, *_):
        connection, _ = self.server.accept()
        if self.client is not None:
            connection.close()
            return True
        self.client = connection
        self.send("ready")
        GLib.io_add_watch(connection.fileno(), GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR, self.readable)
        return True

    def send(self, line):
        if self.client is not None:
            self.client.sendall((line + "\n").encode())

    def readable(self, *_):
        data = self.client.recv(65536)
        if not data:
            self.client.close()
            self.client = None
            return False
        self.buffer += data
        while self.take():
            pass
        return True

    def take(self):
        lines = self.buffer.split(b"\n")
        for i, line in enumerate(lines[:-1]):
            if line.strip() == b"end":
                script = b"\n".join(lines[:i]).decode("utf-8", "replace")
                self.buffer = b"\n".join(lines[i + 1:])
                self.submit(script)
                return True
        return False

    def submit(self, script):
        if self.playing is not None or self.sent_all:
            self.send("error <control>:1: busy: a script is still playing")
            return
        points = dict(self.points)
        try:
            events = parse(script, points)
        except ScriptError as error:
            self.send("error " + str(error))
            return
        self.points = points
        self.send("ok %d %s" % (len(events), ("%g" % events[-1][0]) if events else "0"))
        self.playing = (time.monotonic_ns(), events, 0)
        self.record = []
        self.play()

    outstanding, sent_all, failed = 0, False, None

    def refused(self, error):
        self.failed = self.failed or error.get_dbus_message()
        self.answered()

    def answered(self, counted=True):
        # `done` once mutter took every event of the script (or the first refusal, once all are answered).
        self.outstanding -= 1 if counted else 0
        if self.sent_all and self.outstanding == 0:
            self.sent_all = False
            failed, self.failed = self.failed, None
            if not failed:
                failed = self.write_record()
                if failed:
                    self.send("error <control>:0: %s" % failed)
                    return
            self.send("error <control>:0: mutter refused a touch event: %s" % failed if failed else "done")

    record = []

    def write_record(self):
        # The events sent, into <socket>.sent (whole: written beside it, then renamed); a problem in one line.
        path = self.path + ".sent"
        try:
            with open(path + ".tmp", "w") as out:
                out.write("".join("%d %s %d %.3f %.3f\n" % e for e in self.record))
            os.rename(path + ".tmp", path)
        except OSError as error:
            return "cannot write %s: %s" % (path, error.strerror)
        return None

    def play(self):
        start, events, index = self.playing
        now = (time.monotonic_ns() - start) / 1e6
        while index < len(events) and events[index][0] <= now + 0.25:
            t, kind, ident, x, y = events[index]
            index += 1
            following = next((e for e in events[index:] if e[2] == ident), None)
            sent = time.monotonic_ns()
            if kind == "motion" and following is not None and following[1] == "motion":
                if following[0] <= now + 0.25:
                    continue  # overtaken by the next sample of this finger, due too: that one is sent
                # Where the finger is now, on its way to its next sample (a touchscreen samples the finger as it is;
                # up to 0.25 ms early: back along that way).
                share = min(1.0, max(-1.0, ((sent - start) / 1e6 - t) / (following[0] - t))) if following[0] > t else 0.0
                x, y = x + (following[3] - x) * share, y + (following[4] - y) * share
            # Not waiting for mutter's reply: a busy compositor would delay the events after this one too.
            self.outstanding += 1
            self.record.append((sent, kind, ident, x, y))
            handlers = {"reply_handler": self.answered, "error_handler": self.refused}
            if kind == "down":
                self.session.NotifyTouchDown(self.stream, dbus.UInt32(ident), dbus.Double(x), dbus.Double(y), **handlers)
            elif kind == "motion":
                self.session.NotifyTouchMotion(self.stream, dbus.UInt32(ident), dbus.Double(x), dbus.Double(y), **handlers)
            else:
                self.session.NotifyTouchUp(dbus.UInt32(ident), **handlers)
        if index == len(events):
            self.playing = None
            self.sent_all = True
            self.answered(counted=False)
            return False
        self.playing = (start, events, index)
        wait = events[index][0] - (time.monotonic_ns() - start) / 1e6
        GLib.timeout_add(max(0, int(wait)), self.play, priority=GLib.PRIORITY_HIGH)
        return False


def guarded(function, *args):
    # A failure to set up the remote-desktop session ends the injector (and so mutter, which says why in its log).
    try:
        function(*args)
    except Exception as error:
        log("cannot set up mutter's remote-desktop session: %s" % error)
        os._exit(1)


def terminate():
    # SIGTERM: the remote-desktop session is stopped first (mutter 43 can spin at its exit tearing down a session
    # whose client vanished), then the injector exits, and mutter with it.
    try:
        if injector.session_started and hasattr(injector, "session"):
            injector.session.Stop()
    except dbus.DBusException as error:
        log("stopping the remote-desktop session: %s" % error.get_dbus_message())
    loop.quit()
    return False


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
loop = GLib.MainLoop()
injector = Injector(sys.argv[1], sys.argv[2])
GLib.unix_signal_add(GLib.PRIORITY_HIGH, signal.SIGTERM, terminate)
loop.run()
"""#
}
