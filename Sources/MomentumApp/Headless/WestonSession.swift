import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private headless weston 10 with the momentum-touch module loaded, for tests and the headless demo.
///
/// Starts `weston --backend=headless-backend.so --use-pixman` in its own XDG_RUNTIME_DIR (mode 0700), waits until
/// the module's control socket answers `ready`, and replays touch scripts through it (see harness/README.md).
public final class WestonSession {
    /// Name of the Wayland socket inside `runtimeDir` (the value for WAYLAND_DISPLAY).
    public let waylandDisplay: String
    /// The private runtime directory (removed by `stop()`/`kill()` and deinit).
    public let runtimeDir: String
    /// Path of the module's control socket.
    public let controlPath: String
    /// Path of weston's log file (inside `runtimeDir`).
    public let logPath: String
    /// Output size in pixels.
    public let width: Int
    /// Output size in pixels.
    public let height: Int

    private let process: Process
    private let exited = DispatchSemaphore(value: 0)
    private var hasExited = false
    private var started = false
    private var control: ControlConnection?
    private var pending = false
    private var cleanedUp = false

    /// Environment for a Wayland client of this compositor: XDG_RUNTIME_DIR and WAYLAND_DISPLAY.
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDir, "WAYLAND_DISPLAY": waylandDisplay]
    }

    /// Weston's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether weston is still running.
    public var isRunning: Bool { process.isRunning }

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
        var template = Array((NSTemporaryDirectory() + "/momentum-weston.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) } != nil
        }
        guard made else {
            throw HarnessError.compositor("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let dir = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        runtimeDir = URL(fileURLWithPath: dir).standardizedFileURL.path
        chmod(runtimeDir, 0o700)
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
        process = Process()
        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments = [
            "--backend=headless-backend.so", "--socket=\(waylandDisplay)", "--width=\(width)",
            "--height=\(height)", "--use-pixman", "--idle-time=0", "--no-config", "--shell=\(shell)",
            "--modules=\(module)", "--log=\(logPath)",
        ] + extraArguments
        process.environment = env
        _ = FileManager.default.createFile(atPath: runtimeDir + "/weston.out", contents: nil)
        let output = FileHandle(forWritingAtPath: runtimeDir + "/weston.out")
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
            started = true
        } catch {
            removeRuntimeDir()
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
            if hasExited || !process.isRunning {
                reap(timeout: .seconds(10))
                throw HarnessError.compositor("exited with status \(process.terminationStatus) before the "
                    + "control socket was ready\n\(logTail())")
            }
            if let connection = try ControlConnection.tryConnect(path: controlPath) {
                let line = try connection.readLine(deadline: deadline, what: "`ready` from momentum-touch")
                guard line == "ready" else {
                    throw HarnessError.connection("expected `ready`, got `\(line)`")
                }
                control = connection
                return
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError.timeout("control socket \(controlPath) did not appear\n\(logTail())")
            }
            // Nothing listens yet: wait for weston to create the socket (or exit) before retrying.
            if exited.wait(timeout: .now() + .milliseconds(20)) == .success {
                hasExited = true
            }
        }
    }

    /// Submits a script and blocks until the module reports `done` (or `timeout` passes).
    @discardableResult
    public func play(script: String, timeout: Duration = .seconds(60)) throws -> PlayResult {
        let result = try submit(script: script)
        try waitDone(deadline: .now + timeout)
        return result
    }

    /// Submits a script and returns once the module accepted it (`ok`); playback then runs in weston.
    /// Throws `HarnessError.script` with the module's message if the script is rejected (nothing is played).
    public func submit(script: String, timeout: Duration = .seconds(20)) throws -> PlayResult {
        guard let control else { throw HarnessError.connection("not connected (compositor stopped)") }
        guard !pending else { throw HarnessError.connection("a script is still playing; call waitDone first") }
        if let line = script.split(separator: "\n", omittingEmptySubsequences: false)
            .first(where: { $0.trimmingCharacters(in: .whitespaces) == "end" }) {
            throw HarnessError.script("<control>: a script line may not be `\(line)` (it ends the submission)")
        }
        var text = script
        if !text.hasSuffix("\n") { text += "\n" }
        try control.send(text + "end\n")
        let reply = try control.readLine(deadline: .now + timeout, what: "reply to a script")
        if reply.hasPrefix("error ") {
            throw HarnessError.script(String(reply.dropFirst("error ".count)))
        }
        guard let result = PlayResult(okLine: reply) else {
            throw HarnessError.connection("unexpected reply `\(reply)`")
        }
        pending = true
        return result
    }

    /// Writes what the output shows now (weston's last repaint, every surface composited) to `path` (absolute) as a
    /// binary PPM; returns its size. Not while a script plays (its `done` would interleave with the reply).
    @discardableResult
    public func capture(to path: String, timeout: Duration = .seconds(20)) throws -> (width: Int, height: Int) {
        guard let control else { throw HarnessError.connection("not connected (compositor stopped)") }
        guard !pending else { throw HarnessError.connection("a script is still playing; call waitDone first") }
        try control.send("capture \(path)\nend\n")
        let reply = try control.readLine(deadline: .now + timeout, what: "reply to a capture")
        if reply.hasPrefix("error ") { throw HarnessError.script(String(reply.dropFirst("error ".count))) }
        let parts = reply.split(separator: " ")
        guard parts.count == 3, parts[0] == "captured", let width = Int(parts[1]), let height = Int(parts[2]) else {
            throw HarnessError.connection("unexpected reply `\(reply)`")
        }
        return (width, height)
    }

    /// Waits for the `done` of the script accepted by the last `submit`.
    public func waitDone(deadline: ContinuousClock.Instant) throws {
        guard let control else { throw HarnessError.connection("not connected (compositor stopped)") }
        guard pending else { return }
        let line = try control.readLine(deadline: deadline, what: "`done` from momentum-touch")
        guard line == "done" else { throw HarnessError.connection("expected `done`, got `\(line)`") }
        pending = false
    }

    /// The whole weston log so far (empty if unreadable).
    public func logText() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    private func logTail(lines: Int = 30) -> String {
        let log = logText() + ((try? String(contentsOfFile: runtimeDir + "/weston.out", encoding: .utf8)) ?? "")
        return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Kills weston with SIGKILL (a compositor that disappears), waits for it, and removes the runtime dir.
    public func kill() {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
        }
        reap(timeout: .seconds(10))
        finish()
    }

    /// Stops weston with SIGTERM (SIGKILL after `timeout`), waits for it, and removes the runtime dir.
    public func stop(timeout: Duration = .seconds(10)) {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGTERM)
            if !reap(timeout: timeout) {
                Glibc.kill(process.processIdentifier, SIGKILL)
            }
        }
        reap(timeout: .seconds(10))
        finish()
    }

    @discardableResult
    private func reap(timeout: Duration) -> Bool {
        if hasExited || !started { return true }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        if exited.wait(timeout: .now() + seconds) == .success {
            hasExited = true
            process.waitUntilExit()
            return true
        }
        return false
    }

    private func finish() {
        control?.close()
        control = nil
        pending = false
        removeRuntimeDir()
    }

    private func removeRuntimeDir() {
        if !cleanedUp {
            cleanedUp = true
            try? FileManager.default.removeItem(atPath: runtimeDir)
        }
    }
}
