import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// A pipe's two ends (close-on-exec), each closed once: the write end in this process when a child it was given to
/// has started (so the reader sees end of file when the child ends), the rest when the pipe goes.
final class ChildPipe: @unchecked Sendable {
    /// The end this process reads.
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws(AppError) {
        var fds: [Int32] = [-1, -1]
        guard momentum_pipe_cloexec(&fds) == 0 else {
            throw AppError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    /// Closes the write end (once).
    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    deinit {
        closeWriteEnd()
        close(readEnd)
    }
}

/// A child process (posix_spawn) reaped by a thread of its own: what the bench, the sessions and headless start
/// (compositors, clients, helpers), without Foundation's `Process` (docs/benchmarks/scenes.md: Foundation was loaded
/// by every `momentum run` though only these commands use it). Like `Process`, the child gets a process group of its
/// own (a terminal's Ctrl-C reaches this process, which stops its children itself), this thread's signal mask, and
/// none of this process's open files but its three streams.
final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    enum Stream {
        /// This process's own.
        case inherit
        /// /dev/null.
        case null
        /// The file descriptor (this process keeps and closes it).
        case file(Int32)
        /// The pipe's write end, closed here once the child has started.
        case pipe(ChildPipe)
    }

    /// The process id.
    let processIdentifier: pid_t
    /// The wait status once reaped, set by the reaper thread (which holds this and not the `ChildProcess`, so a child
    /// dropped while it runs is still reaped when it ends).
    private final class Exit: @unchecked Sendable {
        let condition = Condition()
        var status: Int32?
    }
    private let ended = Exit()
    private var reaper: WorkerThread?

    /// Starts `command` (its first element the executable, by path) with `environment` (this process's when nil), in
    /// `directory` (this process's current folder when nil). The error is one line naming the executable.
    init(_ command: [String], environment: [String: String]? = nil, directory: String? = nil,
         stdin: Stream = .null, stdout: Stream = .inherit, stderr: Stream = .inherit) throws(AppError) {
        guard let executable = command.first else { throw AppError("no command to start") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let file): posix_spawn_file_actions_adddup2(&actions, file, fd)
            case .pipe(let pipe): posix_spawn_file_actions_adddup2(&actions, pipe.writeEnd, fd)
            }
        }
        // Nothing but the three streams: not the other pipes, sockets and files this process has open.
        momentum_spawn_closefrom(&actions, 3)
        if let directory { momentum_spawn_chdir(&actions, directory) }
        let environment = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        var pid: pid_t = 0
        let result = Self.withCStrings(command) { argv in
            guard let environment else { return posix_spawn(&pid, executable, &actions, &attributes, argv, environ) }
            return Self.withCStrings(environment) { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
        }
        for stream in [stdin, stdout, stderr] { if case .pipe(let pipe) = stream { pipe.closeWriteEnd() } }
        guard result == 0 else { throw AppError("cannot start \(executable): \(String(cString: strerror(result)))") }
        processIdentifier = pid
        let child = pid
        do {
            reaper = try WorkerThread("reaping \(executable)") { [ended] in
                var raw: Int32 = 0
                while waitpid(child, &raw, 0) < 0 {
                    guard errno == EINTR else { raw = 0x7f00; break }  // not ours to reap: as if it exited 127
                }
                ended.condition.withLock {
                    ended.status = raw
                    ended.condition.broadcast()
                }
            }
        } catch {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            throw error
        }
    }

    /// Runs `command` to its end with stdin empty and stdout (and stderr too with `errors`; else it is dropped)
    /// collected; its exit status and what it wrote.
    static func output(_ command: [String], errors: Bool = false) throws(AppError) -> (status: Int32, text: String) {
        let pipe = try ChildPipe()
        let child = try ChildProcess(command, stdout: .pipe(pipe), stderr: errors ? .pipe(pipe) : .null)
        let text = TracedClient.readToEnd(pipe.readEnd)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }

    /// Whether it has not exited yet.
    var isRunning: Bool { ended.condition.withLock { ended.status == nil } }

    /// Waits for the child to exit (and be reaped).
    func waitUntilExit() {
        ended.condition.withLock { while ended.status == nil { ended.condition.wait() } }
    }

    /// Waits up to `timeout` s for the child to exit; true (and reaped) once it has.
    func waitExit(timeout: Double) -> Bool {
        let deadline = HostClock.now() + timeout
        return ended.condition.withLock {
            while ended.status == nil { if !ended.condition.wait(until: deadline) { break } }
            return ended.status != nil
        }
    }

    /// Whether a signal ended it (once it has exited).
    var killedBySignal: Bool {
        ended.condition.withLock { ended.status.map { $0 & 0x7f != 0 && $0 & 0x7f != 0x7f } ?? false }
    }

    /// Its exit status, or the number of the signal that ended it (once it has exited; 0 before).
    var terminationStatus: Int32 {
        ended.condition.withLock {
            guard let status = ended.status else { return 0 }
            return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        }
    }

    /// Sends `signal` while it runs (none once it is reaped: its process id may be another's by then).
    func signal(_ signal: Int32) {
        ended.condition.withLock { if ended.status == nil { _ = kill(processIdentifier, signal) } }
    }

    /// `body` with `strings` as a NUL-terminated array of C strings.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}

/// Whether `path` is a folder (following links).
func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}
