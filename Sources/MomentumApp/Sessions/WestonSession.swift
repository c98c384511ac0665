import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A private headless weston 10 with the momentum-touch module loaded, for tests and the headless demo.
///
/// Starts `weston --backend=headless-backend.so --use-pixman` in its own XDG_RUNTIME_DIR (mode 0700), waits until
/// the module's control socket answers `ready`, and replays touch scripts through it (see harness/README.md).
public final class WestonSession: CompositorSession, TouchInjecting, @unchecked Sendable {
    public let kind = CompositorKind.weston
    /// Name of the Wayland socket inside `runtimeDir` (the value for WAYLAND_DISPLAY).
    public let waylandDisplay: String
    /// The private runtime directory (removed by `stop()`/`kill()` and deinit).
    public var runtimeDir: String { compositor.runtimeDir }
    /// Path of the module's control socket.
    public let controlPath: String
    /// Path of weston's log file (inside `runtimeDir`).
    public let logPath: String
    /// Output size in logical px.
    public let width: Int
    /// Output size in logical px.
    public let height: Int
    /// Clients start directly, with this process's environment and `environment` on top.
    public var clientLauncher: [String] { [] }
    /// Clients run as this process's user.
    public var clientUser: (uid: UInt32, gid: UInt32)? { nil }

    private let compositor: CompositorProcess
    private let lock = Lock()
    private var control: TouchControl?

    /// Weston's process id.
    public var processIdentifier: Int32 { compositor.processIdentifier }

    /// Whether weston is still running.
    public var isRunning: Bool { compositor.isRunning }

    /// Starts weston (`weston`, or the first `weston` on `PATH` when nil) with the module at `module` (absolute
    /// path) and waits up to `readyTimeout` for `ready`.
    public init(module: String, width: Int = 800, height: Int = 600, shell: String = "desktop-shell.so",
                readyTimeout: Duration = .seconds(20), extraArguments: [String] = [],
                weston: String? = nil) throws {
        guard module.hasPrefix("/"), FileManager.default.fileExists(atPath: module) else {
            throw HarnessError.compositor("module not found (need an absolute path): \(module)")
        }
        guard let weston = weston ?? SearchPath.find("weston") else {
            throw HarnessError.compositor("not found on PATH: apt-get install weston")
        }
        do {
            compositor = try CompositorProcess(name: "weston", prefix: "momentum-weston.")
        } catch {
            throw HarnessError.compositor(error.description)
        }
        let runtimeDir = compositor.runtimeDir
        waylandDisplay = "wayland-momentum"
        controlPath = runtimeDir + "/momentum-touch.sock"
        logPath = runtimeDir + "/weston.log"
        self.width = width
        self.height = height

        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDir
        env["MOMENTUM_TOUCH_CONTROL"] = controlPath
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "WAYLAND_SOCKET")
        // A configuration of its own, not the user's: the output shown at once, without desktop-shell's startup fade
        // (which would dim the first second of every benchmark and screenshot).
        let configPath = runtimeDir + "/weston.ini"
        do {
            try OutputFile.write(Array("[shell]\nstartup-animation=none\n".utf8), to: configPath, what: "weston.ini")
        } catch {
            stop()
            throw HarnessError.compositor(error.description)
        }
        let arguments = [
            "--backend=headless-backend.so", "--socket=\(waylandDisplay)", "--width=\(width)",
            "--height=\(height)", "--use-pixman", "--idle-time=0", "--config=\(configPath)", "--shell=\(shell)",
            "--modules=\(module)", "--log=\(logPath)",
        ] + extraArguments
        do {
            try compositor.start([weston] + arguments, environment: env, output: runtimeDir + "/weston.out")
        } catch {
            throw HarnessError.compositor("cannot start \(weston): \(error)")
        }
        do {
            try waitReady(deadline: .now + readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    private func waitReady(deadline: ContinuousClock.Instant) throws {
        while true {
            if !compositor.isRunning, compositor.waitExit(timeout: 10) {
                throw HarnessError.compositor("exited with status \(compositor.terminationStatus) before the control socket was ready\n\(logTail())")
            }
            if let connection = try ControlConnection.tryConnect(path: controlPath) {
                let line = try connection.readLine(deadline: deadline, what: "`ready` from momentum-touch")
                guard line == "ready" else {
                    throw HarnessError.connection("expected `ready`, got `\(line)`")
                }
                lock.withLock { control = TouchControl(connection) }
                return
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError.timeout("control socket \(controlPath) did not appear\n\(logTail())")
            }
            // Nothing listens yet: wait for weston to create the socket (or exit) before retrying.
            compositor.waitExit(timeout: 0.02)
        }
    }

    /// The momentum-touch module: genuine touch.
    public var touch: TouchInjecting? { self }

    public func playTouch(script: String, timeout: Duration) throws { _ = try play(script: script, timeout: timeout) }

    /// The module's record of the last script's touch events (`record`), each at the time it was stamped with in
    /// ns: a compositor nested in this weston passes them on with times in whole ms.
    public func playedFinger() throws -> [InjectedTouch]? {
        let path = runtimeDir + "/touch.sent"
        let reply = try connected().request("record \(path)", timeout: .seconds(20))
        guard reply.hasPrefix("recorded ") else { throw HarnessError.connection("unexpected reply `\(reply)`") }
        let text = try SessionFiles.read(path, what: "momentum-touch's record")
        return try InjectedTouch.parse(text, what: path)
    }

    /// Submits a script and blocks until the module reports `done` (or `timeout` passes).
    @discardableResult
    public func play(script: String, timeout: Duration = .seconds(60)) throws -> PlayResult {
        try connected().play(script: script, timeout: timeout)
    }

    /// Submits a script and returns once the module accepted it (`ok`); playback then runs in weston.
    /// Throws `HarnessError.script` with the module's message if the script is rejected (nothing is played).
    public func submit(script: String, timeout: Duration = .seconds(20)) throws -> PlayResult {
        try connected().submit(script: script, timeout: timeout)
    }

    /// Writes what the output shows now (weston's last repaint, every surface composited) to `path` (absolute) as a
    /// binary PPM; returns its size. Not while a script plays (its `done` would interleave with the reply).
    @discardableResult
    public func capture(to path: String, timeout: Duration = .seconds(20)) throws -> (width: Int, height: Int) {
        try captured(reply: try connected().request("capture \(path)", timeout: timeout))
    }

    /// The mapped views on the output, top of the stack first, as the module lists them (`surfaces`): one line each,
    /// `<index> <client pid> <role> <x> <y> <width> <height> <content width> <content height>` (harness/README.md).
    public func surfaces(timeout: Duration = .seconds(20)) throws -> [String] {
        let path = runtimeDir + "/surfaces.txt"
        let reply = try connected().request("surfaces \(path)", timeout: timeout)
        guard reply.hasPrefix("surfaces ") else { throw HarnessError.connection("unexpected reply `\(reply)`") }
        return try SessionFiles.read(path, what: "momentum-touch's surfaces").split(separator: "\n").map(String.init)
    }

    /// Writes the pixels of the buffer that view `index` of `surfaces()` shows now (that surface alone, none of its
    /// subsurfaces, at its buffer's size) to `path` (absolute) as a binary PPM; returns its size.
    @discardableResult
    public func captureSurface(_ index: Int, to path: String,
                               timeout: Duration = .seconds(20)) throws -> (width: Int, height: Int) {
        try captured(reply: try connected().request("capture-surface \(index) \(path)", timeout: timeout))
    }

    private func captured(reply: String) throws -> (width: Int, height: Int) {
        let parts = reply.split(separator: " ")
        guard parts.count == 3, parts[0] == "captured", let width = Int(parts[1]), let height = Int(parts[2]) else {
            throw HarnessError.connection("unexpected reply `\(reply)`")
        }
        return (width, height)
    }

    /// How far down from the output's top edge the shell's UI layer reaches (desktop-shell's panel; 0 while its
    /// client has not mapped it yet).
    public func uiHeight(timeout: Duration = .seconds(20)) throws -> Int {
        let reply = try connected().request("ui-height", timeout: timeout)
        let parts = reply.split(separator: " ")
        guard parts.count == 2, parts[0] == "ui-height", let height = Int(parts[1]) else {
            throw HarnessError.connection("unexpected reply `\(reply)`")
        }
        return height
    }

    /// Waits until desktop-shell's panel is mapped (its client starts beside weston and may map it after a window
    /// that is placed meanwhile, which desktop-shell then places without the panel's band), at most `timeout`.
    public func waitShellPanel(timeout: Duration = .seconds(20)) throws {
        let deadline = ContinuousClock.now + timeout
        while try uiHeight() == 0 {
            guard ContinuousClock.now < deadline else {
                throw HarnessError.compositor("desktop-shell's panel not mapped within \(timeout)")
            }
            usleep(10_000) // polled: weston sends nothing when its shell client maps a surface
        }
    }

    /// Waits for the `done` of the script accepted by the last `submit`.
    public func waitDone(deadline: ContinuousClock.Instant) throws {
        try connected().waitDone(deadline: deadline)
    }

    private func connected() throws -> TouchControl {
        guard let control = lock.withLock({ control }) else {
            throw HarnessError.connection("not connected (compositor stopped)")
        }
        return control
    }

    private func logTail(lines: Int = 30) -> String {
        let log = logText() + ((try? String(contentsOfFile: runtimeDir + "/weston.out", encoding: .utf8)) ?? "")
        return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Kills weston with SIGKILL (a compositor that disappears), waits for it, and removes the runtime dir.
    public func kill() {
        compositor.kill()
        finish()
    }

    /// Stops weston with SIGTERM (SIGKILL after 10 s), waits for it, and removes the runtime dir.
    public func stop() {
        compositor.stop()
        finish()
    }

    private func finish() {
        let connection = lock.withLock {
            defer { control = nil }
            return control
        }
        connection?.close()
    }
}
