import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A private compositor's process and runtime folder, what every `CompositorSession` shares: the folder made (mode
/// 0700, given to the compositor's user), the process started with its output into a log, its readiness awaited,
/// and the end: `stop` (SIGTERM, SIGKILL after a timeout) or `kill` (SIGKILL), the process reaped and the folder
/// removed. Companions (the processes a compositor needs beside it: mutter's D-Bus session bus and PipeWire) are
/// started before it and ended after it, newest first, each reaped, before the folder goes. `stop` and `kill` may
/// run twice and from two threads (an interrupted bench stops the session from its signal thread while the main
/// thread may be stopping it too).
final class CompositorProcess: @unchecked Sendable {
    /// The compositor's name in errors (`sway`, `KWin`, `weston`).
    let name: String
    /// The runtime folder.
    let runtimeDir: String

    private let main: Child
    private var companions: [Child] = []
    private let lock = Lock()
    private var removed = false

    /// One process: started, and reaped once.
    private final class Child {
        var process: ChildProcess?
        var started: Bool { process != nil }

        /// Waits (the owner's lock held) up to `timeout` s for the exit; true once reaped.
        @discardableResult
        func reap(timeout: Double) -> Bool {
            process?.waitExit(timeout: timeout) ?? true
        }

        /// SIGTERM (none with `gently` false), SIGKILL after `timeout` s; reaped.
        func end(gently: Bool, timeout: Double) {
            guard let process, process.isRunning else { return }
            if gently {
                process.signal(SIGTERM)
                if reap(timeout: timeout) { return }
            }
            process.signal(SIGKILL)
            reap(timeout: 10)
        }
    }

    /// Makes a fresh runtime folder `<temporary folder>/<prefix>XXXXXX`, mode 0700, owned by `owner` when given.
    init(name: String, prefix: String, owner: (uid: UInt32, gid: UInt32)? = nil) throws(SessionError) {
        self.name = name
        main = Child()
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((temporary + "/" + prefix + "XXXXXX").utf8CString)
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
    /// nil), stdin empty, stdout and stderr into the new file `output`. On failure everything is ended and the folder
    /// removed.
    func start(_ command: [String], environment: [String: String]? = nil, output: String) throws(SessionError) {
        try launch(main, command, environment: environment, output: output)
    }

    /// Starts a companion as `start` starts the compositor; it is ended after the compositor.
    func startCompanion(_ command: [String], environment: [String: String]? = nil, output: String) throws(SessionError) {
        let child = Child()
        lock.withLock { companions.append(child) }
        try launch(child, command, environment: environment, output: output)
    }

    private func launch(_ child: Child, _ command: [String], environment: [String: String]?,
                        output: String) throws(SessionError) {
        do {
            try SessionFiles.write("", to: output, mode: 0o644)
        } catch {
            kill()
            throw error
        }
        let log = open(output, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard log >= 0 else {
            kill()
            throw SessionError("\(name): cannot open \(output)")
        }
        defer { close(log) }
        do {
            let process = try ChildProcess(command, environment: environment, stdout: .file(log), stderr: .file(log))
            lock.withLock { child.process = process }
        } catch {
            kill()
            throw SessionError("\(name): \(error.description)")
        }
    }

    /// Runs a command with no signal blocked. A process started from a thread that blocks signals (a test's: the
    /// dispatch thread that started it blocks all asynchronous ones; the bench's, which takes them from a signalfd)
    /// inherits that mask, and KWin takes SIGTERM with a plain handler (so do phoc, mutter, PipeWire, dbus-daemon
    /// and python), so it would never see the SIGTERM that stops it. (perl is Essential in Debian, always there.)
    static let unblockingSignals = [
        "/usr/bin/perl", "-MPOSIX", "-e",
        "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die qq(sigprocmask: $!\\n); exec { $ARGV[0] } @ARGV or die qq(exec $ARGV[0]: $!\\n)",
        "--",
    ]

    /// `env -i …`: runs a command with only a session's environment (HOME and XDG_RUNTIME_DIR the runtime folder, a
    /// plain PATH) and `extra` (`NAME=value`).
    static func sessionEnvironment(runtime: String, extra: [String]) -> [String] {
        ["/usr/bin/env", "-i", "HOME=\(runtime)", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtime)"] + extra
    }

    /// The compositor's process id.
    var processIdentifier: Int32 { main.process?.processIdentifier ?? 0 }

    /// Whether the compositor still runs.
    var isRunning: Bool { main.process?.isRunning ?? false }

    /// Whether the compositor (once started) and every companion still run.
    var allRunning: Bool { lock.withLock { [main] + companions }.allSatisfy { $0.process?.isRunning ?? true } }

    /// The exit status once it has exited.
    var terminationStatus: Int32 { main.process?.terminationStatus ?? 0 }

    /// Waits up to `timeout` s for the compositor to exit; true (and reaped) if it has.
    @discardableResult
    func waitExit(timeout: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return main.reap(timeout: timeout)
    }

    /// The first line written into the FIFO `fifo`, waiting up to `timeout` s while the compositor and its companions
    /// run (it, or the newest companion, writes there once it is up). On failure the compositor is killed and the folder removed, and the error ends with
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
                guard allRunning else { throw SessionError("\(name) exited before it was ready") }
            } catch let error as SessionError {
                throw error
            } catch {
                throw SessionError("\(name): reading \(fifo): \(error)")
            }
        }
        throw SessionError("\(name) was not ready within \(timeout) s")
    }

    /// SIGTERM, SIGKILL after `timeout` s; reaped; then the companions, newest first; the folder removed.
    func stop(timeout: Double = 10) { end(gently: true, timeout: timeout) }

    /// SIGKILL to the compositor and its companions; reaped; the folder removed.
    func kill() { end(gently: false, timeout: 0) }

    private func end(gently: Bool, timeout: Double) {
        lock.lock()
        defer { lock.unlock() }
        main.end(gently: gently, timeout: timeout)
        for companion in companions.reversed() { companion.end(gently: gently, timeout: timeout) }
        remove()
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

    /// The text of the file `path`, `what` it is named in the error.
    static func read(_ path: String, what: String) throws(SessionError) -> String {
        do throws(AppError) {
            let input = try InputFile(path) { AppError("cannot read \(what) \(path): \($0)") }
            return String(decoding: try input.readAll(limit: 64 << 20, tooLarge: "larger than 64 MiB"), as: UTF8.self)
        } catch {
            throw SessionError(error.description)
        }
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
