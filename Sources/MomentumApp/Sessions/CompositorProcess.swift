import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private compositor's process and runtime folder, what every `CompositorSession` shares: the folder made (mode
/// 0700, given to the compositor's user), the process started with its output into a log, its readiness awaited,
/// and the end: `stop` (SIGTERM, SIGKILL after a timeout) or `kill` (SIGKILL), the process reaped and the folder
/// removed. `stop` and `kill` may run twice and from two threads (an interrupted bench stops the session from its
/// signal thread while the main thread may be stopping it too).
final class CompositorProcess: @unchecked Sendable {
    /// The compositor's name in errors (`sway`, `KWin`, `weston`).
    let name: String
    /// The runtime folder.
    let runtimeDir: String

    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var started = false
    private var reaped = false
    private var removed = false

    /// Makes a fresh runtime folder `<temporary folder>/<prefix>XXXXXX`, mode 0700, owned by `owner` when given.
    init(name: String, prefix: String, owner: (uid: UInt32, gid: UInt32)? = nil) throws(SessionError) {
        self.name = name
        var template = Array((NSTemporaryDirectory() + "/" + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } != nil }
        guard made else { throw SessionError("\(name): cannot make a runtime folder: \(String(cString: strerror(errno)))") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        runtimeDir = URL(fileURLWithPath: path).standardizedFileURL.path
        if let owner, chown(runtimeDir, owner.uid, owner.gid) != 0 {
            let reason = String(cString: strerror(errno))
            remove()
            throw SessionError("\(name): cannot give \(runtimeDir) to uid \(owner.uid): \(reason)")
        }
        guard chmod(runtimeDir, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            remove()
            throw SessionError("\(name): cannot chmod \(runtimeDir): \(reason)")
        }
    }

    deinit { stop() }

    /// Starts `command` (its first element the executable, by absolute path) with `environment` (this process's when
    /// nil), stdin empty, stdout and stderr into the new file `output`. On failure the folder is removed.
    func start(_ command: [String], environment: [String: String]? = nil, output: String) throws(SessionError) {
        do {
            try SessionFiles.write("", to: output, mode: 0o644)
        } catch {
            remove()
            throw error
        }
        guard let log = FileHandle(forWritingAtPath: output) else {
            remove()
            throw SessionError("\(name): cannot open \(output)")
        }
        defer { try? log.close() }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            remove()
            throw SessionError("\(name): cannot start \(command[0]): \(error.localizedDescription)")
        }
        lock.withLock { started = true }
    }

    /// `env -i …`: runs a command with only a session's environment (HOME and XDG_RUNTIME_DIR the runtime folder, a
    /// plain PATH) and `extra` (`NAME=value`).
    static func sessionEnvironment(runtime: String, extra: [String]) -> [String] {
        ["/usr/bin/env", "-i", "HOME=\(runtime)", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtime)"] + extra
    }

    /// Runs a command with no signal blocked. A process started from a thread that blocks signals (a test's: the
    /// dispatch thread that started it blocks all asynchronous ones) inherits that mask, and KWin and phoc take SIGTERM
    /// with a plain handler, so it would never see the SIGTERM that stops it. (perl is Essential in Debian, always there.)
    static let unblockingSignals = [
        "/usr/bin/perl", "-MPOSIX", "-e",
        "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die qq(sigprocmask: $!\\n); exec { $ARGV[0] } @ARGV or die qq(exec $ARGV[0]: $!\\n)",
        "--",
    ]

    /// The compositor's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the compositor still runs.
    var isRunning: Bool { process.isRunning }

    /// The exit status once it has exited.
    var terminationStatus: Int32 { process.terminationStatus }

    /// Waits up to `timeout` s for the compositor to exit; true (and reaped) if it has.
    @discardableResult
    func waitExit(timeout: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return reap(timeout: timeout)
    }

    /// The first line written into the FIFO `fifo`, waiting up to `timeout` s while the compositor runs (it writes
    /// there once it is up). On failure the compositor is killed and the folder removed, and the error ends with
    /// the last lines of `log`.
    func readyLine(fifo: String, timeout: Double, log: String) throws(SessionError) -> String {
        do throws(SessionError) {
            return try readLine(fifo: fifo, timeout: timeout)
        } catch {
            let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(3)
            kill()
            throw SessionError("\(error.description)" + (tail.isEmpty ? "" : "; its log ends: " + tail.joined(separator: " | ")))
        }
    }

    private func readLine(fifo: String, timeout: Double) throws(SessionError) -> String {
        // Non-blocking open: Linux reports no hang-up on a FIFO until a writer has come and gone.
        let fd = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SessionError("\(name): cannot open \(fifo): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let reader = LineReader(fd: fd)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            do {
                guard let line = try reader.readLine(deadline: .now + .milliseconds(100), what: "ready") else {
                    throw SessionError("\(name) closed its ready FIFO without a line")
                }
                return line
            } catch HarnessError.timeout {
                guard isRunning else { throw SessionError("\(name) exited before it was ready") }
            } catch let error as SessionError {
                throw error
            } catch {
                throw SessionError("\(name): reading \(fifo): \(error)")
            }
        }
        throw SessionError("\(name) was not ready within \(timeout) s")
    }

    /// SIGTERM, SIGKILL after `timeout` s; reaped; the folder removed.
    func stop(timeout: Double = 10) {
        lock.lock()
        defer { lock.unlock() }
        if started && !reaped {
            Glibc.kill(process.processIdentifier, SIGTERM)
            if !reap(timeout: timeout) { Glibc.kill(process.processIdentifier, SIGKILL) }
            reap(timeout: 10)
        }
        remove()
    }

    /// SIGKILL; reaped; the folder removed.
    func kill() {
        lock.lock()
        defer { lock.unlock() }
        if started && !reaped {
            Glibc.kill(process.processIdentifier, SIGKILL)
            reap(timeout: 10)
        }
        remove()
    }

    /// Waits (the lock held) up to `timeout` s for the exit; true once reaped.
    @discardableResult
    private func reap(timeout: Double) -> Bool {
        if reaped || !started { return true }
        guard exited.wait(timeout: .now() + timeout) == .success else { return false }
        process.waitUntilExit()
        reaped = true
        return true
    }

    private func remove() {
        if removed { return }
        removed = true
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }
}

/// The files a session writes into its runtime folder, every write checked and a failure one line.
enum SessionFiles {
    /// Writes `text` into a new file `path` with `mode`, owned by `owner` when given.
    static func write(_ text: String, to path: String, mode: mode_t, owner: (uid: UInt32, gid: UInt32)? = nil) throws(SessionError) {
        try write(Array(text.utf8), to: path, mode: mode, owner: owner)
    }

    /// Writes `bytes` into a new file `path` with `mode`, owned by `owner` when given.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, owner: (uid: UInt32, gid: UInt32)? = nil) throws(SessionError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure("cannot create", path) }
        if let error = OutputFile.writeAll(fd, bytes) {
            close(fd)
            throw SessionError("cannot write \(path): \(String(cString: strerror(error)))")
        }
        // The mode exactly (the umask may have taken bits off) and the owner.
        var changed = fchmod(fd, mode) == 0
        if changed, let owner { changed = fchown(fd, owner.uid, owner.gid) == 0 }
        if !changed {
            let reason = failure("cannot set the mode or owner of", path)
            close(fd)
            throw reason
        }
        guard close(fd) == 0 else { throw failure("cannot write", path) }
    }

    /// Copies the contents of `source` (only them: no owner, no extended attributes such as file capabilities) into
    /// a new executable file `target`.
    static func copy(_ source: String, to target: String) throws(SessionError) {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw SessionError("cannot read \(source) to copy it to \(target)")
        }
        try write(Array(data), to: target, mode: 0o755)
    }

    /// Makes the FIFO `path` (mode 0600, owned by `owner` when given).
    static func fifo(_ path: String, owner: (uid: UInt32, gid: UInt32)? = nil) throws(SessionError) {
        guard mkfifo(path, 0o600) == 0 else { throw failure("cannot make the FIFO", path) }
        if let owner, chown(path, owner.uid, owner.gid) != 0 { throw failure("cannot give away the FIFO", path) }
    }

    private static func failure(_ what: String, _ path: String) -> SessionError {
        SessionError("\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
