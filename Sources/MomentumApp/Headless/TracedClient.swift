#if canImport(Glibc)
import Glibc
#endif
import MomentumRun
import MomentumScenes

/// A running `momentum run` whose trace streams through a pipe (`--trace /dev/stdout`), so a caller can wait
/// for trace events as they happen (with a deadline) instead of sleeping.
public final class TracedClient: @unchecked Sendable {
    /// Errors while waiting on the client.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the client's stderr.
        public let description: String
        /// A failure saying `description`.
        public init(description: String) { self.description = description }
    }

    private let process: ChildProcess
    private let lock = Condition()
    private var collected: [TraceLine] = []
    /// The first line that was not a trace line: its number and why.
    private var unreadable: (number: Int, reason: String)?
    private var linesRead = 0
    private var stdoutClosed = false
    private var stderrClosed = false
    private var stderrText = ""
    private var copy: Int32 = -1
    private let copyPath: String
    private var copyError: Int32?

    /// Starts `executable run <arguments> --trace /dev/stdout` with `environment`; every trace line is also
    /// appended to `copyTo` when given. With `launcher` (e.g. `setpriv --reuid=…`), that command runs the app;
    /// `pipeOwner` then gives the trace pipe to the user it runs as (reopening `/dev/stdout` checks the pipe's owner).
    /// It starts in `directory` when given (else in this process's current folder).
    public init(executable: String, arguments: [String], environment: [String: String], copyTo: String? = nil,
                launcher: [String] = [], pipeOwner: (uid: UInt32, gid: UInt32)? = nil, directory: String? = nil) throws {
        copyPath = copyTo ?? ""
        if let copyTo {
            copy = open(copyTo, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard copy >= 0 else { throw OutputFile.failure("trace", copyTo, errno) }
        }
        let command = launcher + [executable, "run"] + arguments + ["--trace", "/dev/stdout"]
        let out = try ChildPipe(), err = try ChildPipe()
        if let pipeOwner {
            guard fchown(out.writeEnd, pipeOwner.uid, pipeOwner.gid) == 0 else {
                throw Failure(description: "cannot give the trace pipe to uid \(pipeOwner.uid): \(String(cString: strerror(errno)))")
            }
        }
        process = try ChildProcess(command, environment: environment, directory: directory, stdout: .pipe(out),
                                   stderr: .pipe(err))
        _ = try WorkerThread("the trace of momentum run") { [self] in readLines(out.readEnd) }
        _ = try WorkerThread("the stderr of momentum run") { [self] in
            let text = Self.readToEnd(err.readEnd)
            lock.lock()
            stderrText += text
            stderrClosed = true
            lock.broadcast()
            lock.unlock()
        }
    }

    /// A failed write of the trace copy (`copyTo`), as the one line to report; known once `waitExit` returned.
    var copyFailure: AppError? {
        lock.lock()
        defer { lock.unlock() }
        return copyError.map { OutputFile.failure("trace", copyPath, $0) }
    }

    deinit {
        if copy >= 0 { close(copy) }
        process.signal(SIGTERM)
    }

    /// Reads `fd` until end of file, handing each chunk to `body`. Plain `read(2)` retried on EINTR: Foundation's
    /// `FileHandle.availableData` traps when a signal (e.g. SIGCHLD from another test's child) interrupts it.
    public static func drain(_ fd: Int32, _ body: (ArraySlice<UInt8>) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            body(chunk[0..<n])
        }
    }

    /// Everything readable from `fd` until end of file, as UTF-8 text (EINTR-safe, see `drain`).
    public static func readToEnd(_ fd: Int32) -> String {
        var data: [UInt8] = []
        drain(fd) { data += $0 }
        return String(decoding: data, as: UTF8.self)
    }

    private func readLines(_ fd: Int32) {
        var buffer: [UInt8] = []
        Self.drain(fd) { chunk in
            if copy >= 0, copyError == nil { copyError = OutputFile.writeAll(copy, Array(chunk)) }
            buffer.append(contentsOf: chunk)
            var start = buffer.startIndex
            defer { buffer.removeSubrange(..<start) }
            while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = buffer[start..<newline]
                let decoded = Result { () throws(TraceDecodeError) in try TraceLine(decoding: bytes) }
                start = newline + 1
                lock.lock()
                linesRead += 1
                switch decoded {
                case .success(let line): collected.append(line)
                case .failure(let error): if unreadable == nil { unreadable = (linesRead, error.reason) }
                }
                lock.broadcast()
                lock.unlock()
            }
        }
        lock.lock()
        stdoutClosed = true
        lock.broadcast()
        lock.unlock()
    }

    /// Every trace line so far.
    public var events: [TraceLine] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// What the client wrote on stderr so far.
    public var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return stderrText
    }

    /// The process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The first line of the trace that was not a trace line, as `trace line N: reason` (nil when all were).
    public var unreadableLine: String? {
        lock.lock()
        defer { lock.unlock() }
        return unreadable.map { "trace line \($0.number): \($0.reason)" }
    }

    /// Waits until a line at index ≥ `after` satisfies `predicate`; returns it with its index.
    @discardableResult
    public func waitFor(_ what: String, after: Int = 0, timeout: Double = 20,
                        where predicate: (TraceLine) -> Bool) throws -> (index: Int, event: TraceLine) {
        let deadline = HostClock.now() + timeout
        lock.lock()
        defer { lock.unlock() }
        var scanned = after
        while true {
            while scanned < collected.count {
                if predicate(collected[scanned]) { return (scanned, collected[scanned]) }
                scanned += 1
            }
            if let unreadable {
                throw Failure(description: "trace line \(unreadable.number): \(unreadable.reason)")
            }
            if stdoutClosed {
                throw Failure(description: "momentum exited before \(what); stderr: \(stderrText)")
            }
            if !lock.wait(until: deadline) {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); "
                                  + "\(seenSince(after)); stderr: \(stderrText)")
            }
        }
    }

    /// What came after `index` while a wait timed out, for the failure's text: how many lines, and the last few that
    /// are not a frame's own timing (gestures, the scene's state, the seat), so a flaky wait says where it stopped.
    private func seenSince(_ index: Int) -> String {
        let since = collected.dropFirst(index)
        let perFrame: (TraceLine) -> Bool = {
            $0.frame != nil || $0.presented != nil || $0.discarded != nil || $0.unchanged != nil
                || $0.sceneState != nil || $0.drawn != nil
        }
        // Each line without its newline, cut at 240 characters (a layout line lists every chrome's rect).
        let short: (TraceLine) -> String = { String($0.encoded.trimmingSpaces(newlines: true).prefix(240)) }
        let told = since.filter { !perFrame($0) }.suffix(8).map(short)
        let state = since.last { $0.sceneState != nil }.map(short) ?? "none"
        return "\(since.count) lines since, the last others: [" + told.joined(separator: ", ")
            + "], the newest scene state: \(state)"
    }

    /// Waits for a `gesture` line of `kind` (and of `item`, when given) at index ≥ `after`.
    @discardableResult
    public func waitForGesture(_ kind: GestureKind, item: GalleryItem? = nil, after: Int = 0,
                               timeout: Double = 20) throws -> (index: Int, event: TraceLine) {
        let what = "the \(kind.rawValue) gesture" + (item.map { " on \($0.rawValue)" } ?? "")
        return try waitFor(what, after: after, timeout: timeout) {
            guard let event = $0.gesture(kind) else { return false }
            return item == nil || event.string(.item) == item?.rawValue
        }
    }

    /// Sends a signal (SIGTERM by default).
    public func signal(_ signal: Int32 = SIGTERM) { process.signal(signal) }

    /// Why the process ended badly, on one line, once `waitExit` returned: `momentum run exited with status 1:
    /// <its last stderr line>`, or `… was killed by signal 9 (SIGKILL) and wrote nothing on stderr`.
    public var failureLine: String {
        let how = process.killedBySignal
            ? "was killed by signal \(process.terminationStatus)\(Self.signalName(process.terminationStatus).map { " (\($0))" } ?? "")"
            : "exited with status \(process.terminationStatus)"
        let said = stderr.split(separator: "\n").last.map { ": \($0)" } ?? " and wrote nothing on stderr"
        return "momentum run \(how)\(said)"
    }

    private static func signalName(_ number: Int32) -> String? {
        [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
         SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
         SIGTRAP: "SIGTRAP"][number]
    }

    /// Waits for the process to exit and its trace to be read to the end; returns the exit status.
    public func waitExit(timeout: Double = 20) throws -> Int32 {
        let deadline = HostClock.now() + timeout
        lock.lock()
        // Both pipes at end of file: the trace is complete and `stderr` holds everything the client wrote.
        while !(stdoutClosed && stderrClosed) {
            if !lock.wait(until: deadline) {
                lock.unlock()
                throw Failure(description: "momentum did not exit within \(timeout) s")
            }
        }
        lock.unlock()
        process.waitUntilExit()
        if copy >= 0 {
            if close(copy) != 0, copyError == nil { copyError = errno }
            copy = -1
        }
        return process.terminationStatus
    }
}
