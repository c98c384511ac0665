import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A private GNOME mutter 43, headless (`mutter --headless --wayland --no-x11 --virtual-monitor WxH`), with genuine
/// touch through its remote-desktop API. Everything runs in a runtime folder of its own, with a D-Bus session bus
/// and a PipeWire of its own (mutter's remote-desktop touch needs a screen-cast stream, which needs PipeWire), as
/// this process's user, or as a system user made for it (`momentum-mutter`) when that is root: mutter refuses root.
///
/// Readiness, each awaited, never slept for: dbus-daemon prints its address into a FIFO; PipeWire runs a hook of its
/// configuration (`context.exec`, after its modules are loaded) that writes into a FIFO; mutter runs the touch
/// injector (`MutterTouchScript`) once it is up, which opens the remote-desktop session, makes one touch where no
/// client is (mutter makes its virtual touchscreen at the first touch event, and a touch while the seat's capability
/// appears would reach no client), and writes the display's name and its pid into a FIFO once its socket listens.
/// `stop` ends the injector (mutter then exits: its program ended), then mutter, PipeWire and the bus, each reaped
/// (each started with no signal blocked, as KWin is, so that SIGTERM reaches them).
public final class MutterSession: CompositorSession, TouchInjecting, @unchecked Sendable {
    /// The user mutter and its clients run as when this process is root.
    public static let user = "momentum-mutter"

    public let kind = CompositorKind.mutter
    public let width: Int
    public let height: Int
    public let waylandDisplay: String
    public let clientUser: (uid: UInt32, gid: UInt32)?
    public var runtimeDir: String { process.runtimeDir }
    /// mutter 43 maps a new window, then makes it fullscreen with a second configure.
    public var configuresUntilPlaced: Int { 2 }

    /// mutter's log (stdout and stderr, the injector's too).
    public var logPath: String { runtimeDir + "/mutter.log" }

    private let process: CompositorProcess
    private let injector: Int32
    private let lock = Lock()
    private var control: TouchControl?

    /// Starts mutter (the first `mutter` on PATH) with one `width`×`height` virtual monitor, and waits up to 30 s
    /// until it and its touch injector are up.
    public init(width: Int = 800, height: Int = 600) throws(SessionError) {
        guard let mutter = SearchPath.find("mutter") else { throw SessionError("mutter not found on PATH: apt-get install mutter") }
        var tools: [String: String] = [:]
        for (tool, package) in [("dbus-daemon", "dbus-daemon"), ("pipewire", "pipewire"), ("python3", "python3")] {
            // python3 by its Debian path: the one with python3-dbus and python3-gi (not a pyenv shim).
            guard let path = tool == "python3" ? "/usr/bin/python3" : SearchPath.find(tool),
                  FileManager.default.isExecutableFile(atPath: path) else {
                throw SessionError("\(tool) not found: apt-get install \(package)")
            }
            tools[tool] = path
        }
        (self.width, self.height) = (width, height)
        let user = try geteuid() == 0 ? SessionUser.system(named: Self.user) : nil
        clientUser = user
        process = try CompositorProcess(name: "mutter", prefix: "momentum-mutter-", owner: user)
        let runtime = process.runtimeDir
        let bus = runtime + "/bus", busReady = runtime + "/bus.ready", pipewireReady = runtime + "/pipewire.ready"
        let log = runtime + "/mutter.log", ready = runtime + "/ready", injectorPath = runtime + "/mutter-touch.py"
        let dropIns = runtime + "/.config/pipewire/pipewire.conf.d"
        do throws(SessionError) {
            for fifo in [busReady, pipewireReady, ready] { try SessionFiles.fifo(fifo, owner: user) }
            try SessionFiles.write(MutterTouchScript.text, to: injectorPath, mode: 0o644, owner: user)
            try SessionFiles.write("#!/bin/sh\necho up > '\(pipewireReady)'\n", to: runtime + "/pipewire-ready.sh",
                                   mode: 0o755, owner: user)
            for folder in [".config", ".config/pipewire", ".config/pipewire/pipewire.conf.d"].map({ runtime + "/" + $0 }) {
                guard mkdir(folder, 0o700) == 0, user.map({ chown(folder, $0.uid, $0.gid) == 0 }) ?? true else {
                    throw SessionError("cannot create \(folder): \(String(cString: strerror(errno)))")
                }
            }
            try SessionFiles.write("context.exec = [ { path = \"\(runtime)/pipewire-ready.sh\" } ]\n",
                                   to: dropIns + "/momentum-ready.conf", mode: 0o644, owner: user)
        } catch {
            process.stop()
            throw error
        }
        // No map animation: mutter 43's default plugin zooms a new window in from half its size at its centre over
        // 250 ms (opacity and scale, whatever GSettings' enable-animations says: only this variable turns it off),
        // and a touch then lands where the shrunk window is not: on no surface, so mutter drops the whole gesture.
        // GSettings from a keyfile (none: the defaults), never the user's dconf.
        let session = ["DBUS_SESSION_BUS_ADDRESS=unix:path=\(bus)", "GSETTINGS_BACKEND=keyfile",
                       "MUTTER_DEBUG_DISABLE_ANIMATIONS=1"]
        // The bus: its address printed into the FIFO once it listens.
        try process.startCompanion(
            SessionUser.launcher(user: user, runtime: runtime, extra: [], unblocking: true)
                + ["/bin/sh", "-c", "exec \"$0\" --session --nofork --nopidfile --address=unix:path=\"$1\" --print-address=3 3>\"$2\"",
                   tools["dbus-daemon"] ?? "", bus, busReady],
            output: runtime + "/dbus.log")
        _ = try process.readyLine(fifo: busReady, timeout: 30, log: runtime + "/dbus.log")
        try process.startCompanion(SessionUser.launcher(user: user, runtime: runtime, extra: session, unblocking: true) + [tools["pipewire"] ?? ""],
                                   output: runtime + "/pipewire.log")
        _ = try process.readyLine(fifo: pipewireReady, timeout: 30, log: runtime + "/pipewire.log")
        try process.start(
            SessionUser.launcher(user: user, runtime: runtime, extra: session, unblocking: true)
                + [mutter, "--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)",
                   "--wayland-display", "momentum-mutter", "--", tools["python3"] ?? "", injectorPath,
                   runtime + "/touch.sock", ready],
            output: log)
        let line = try process.readyLine(fifo: ready, timeout: 30, log: log)
        let words = line.split(separator: " ")
        guard words.count == 2, let pid = Int32(words[1]) else {
            process.kill()
            throw SessionError("mutter's touch injector said `\(line)`, not `<display> <pid>`")
        }
        (waylandDisplay, injector) = (String(words[0]), pid)
        do {
            guard let connection = try ControlConnection.tryConnect(path: runtime + "/touch.sock") else {
                throw HarnessError.connection("nothing listens on \(runtime)/touch.sock")
            }
            let hello = try connection.readLine(deadline: .now + .seconds(10), what: "`ready` from mutter's touch injector")
            guard hello == "ready" else { throw HarnessError.connection("expected `ready`, got `\(hello)`") }
            control = TouchControl(connection)
        } catch {
            stop()
            throw SessionError("mutter's touch injector: \(error)")
        }
    }

    deinit { stop() }

    public var clientLauncher: [String] {
        SessionUser.launcher(user: clientUser, runtime: runtimeDir, extra: ["WAYLAND_DISPLAY=\(waylandDisplay)"])
    }

    /// Ends the touch injector, upon which mutter exits (and reaps it); then (SIGTERM, SIGKILL after 10 s) mutter
    /// if it did not, PipeWire and the bus.
    public func stop() {
        closeControl()
        if process.isRunning {
            Glibc.kill(injector, SIGTERM)
            process.waitExit(timeout: 10)
        }
        process.stop()
    }

    /// SIGKILL to the injector, mutter, PipeWire and the bus.
    public func kill() {
        closeControl()
        if process.isRunning { Glibc.kill(injector, SIGKILL) }
        process.kill()
    }

    private func closeControl() {
        let connection = lock.withLock {
            defer { control = nil }
            return control
        }
        connection?.close()
    }

    /// The remote-desktop touch: genuine `wl_touch` from mutter's seat (its virtual touchscreen), in the monitor's
    /// coordinates, which are the fullscreen window's. Touch times are mutter's (whole ms, stamped when it takes the
    /// event from the bus: `NotifyTouch…` carries none).
    public var touch: TouchInjecting? { self }

    public func playTouch(script: String, timeout: Duration) throws {
        guard let control = lock.withLock({ control }) else {
            throw HarnessError.connection("not connected (mutter stopped)")
        }
        try control.play(script: script, timeout: timeout)
    }

    /// The injector's record of the last script: each event sent at the finger's position at that moment, on
    /// CLOCK_MONOTONIC (`MutterTouchScript`).
    public func playedFinger() throws -> [InjectedTouch]? {
        let path = runtimeDir + "/touch.sock.sent"
        let text = try SessionFiles.read(path, what: "mutter's touch injector's record")
        return try InjectedTouch.parse(text, what: path)
    }
}
