import Glibc
import MomentumRun

/// Writes the JSON Lines trace (`--trace FILE`): one `TraceLine` per line, encoded by `TraceLine.encoded`.
/// Lines are buffered and written whenever the event loop goes idle and on every exit path. Every write is checked:
/// the first failure is kept (`failure`) and nothing more is written. A FIFO works (opening waits for its reader).
/// Past `limit` bytes the trace ends with a `truncated` line; only the `exit` line may follow it, so the file
/// never exceeds the limit. A file's old content is kept until the run writes its first line: a run that fails
/// before it starts (no compositor) leaves an earlier trace where it was instead of replacing it with its `exit`
/// line alone (said on stderr anyway).
final class TraceWriter {
    /// Room kept under the limit for the `truncated` and `exit` lines.
    static let reserve = 512

    private let path: String
    private var fd: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    /// The line being encoded (its storage kept from line to line).
    private var text = ""
    private var written = 0
    private var truncated = false
    private var errorNumber: Int32?
    /// A regular file that held something when opened: emptied at the first write, and left alone by a run that
    /// has nothing to write but its `exit` line.
    private var keepsOldContent = false

    /// Opens `path` for writing (nil path: a writer that drops everything); the file stops growing at `limit`
    /// bytes (at least `reserve` more than one line).
    init(path: String?, limit: Int = .max) throws(AppError) {
        self.limit = limit
        self.path = path ?? ""
        guard let path else { fd = -1; return }
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o666)
        guard fd >= 0 else { throw OutputFile.failure("trace", path, errno) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 { keepsOldContent = true }
        buffer.reserveCapacity(64 * 1024)
        text.reserveCapacity(4096)
    }

    deinit { close() }

    /// True when a trace is being written.
    var isEnabled: Bool { fd >= 0 && errorNumber == nil && !truncated }

    /// The first write failure, as the one line to report.
    var failure: AppError? { errorNumber.map { OutputFile.failure("trace", path, $0) } }

    /// Writes one line (past the limit, only an `exit` line).
    func write(_ line: TraceLine) {
        let isExit = if case .exit = line.record { true } else { false }
        guard isEnabled || (isExit && fd >= 0 && errorNumber == nil) else { return }
        // Only the exit line of a run that never started: the earlier trace stays.
        if isExit && keepsOldContent && written == 0 && buffer.isEmpty { return }
        text.removeAll(keepingCapacity: true)
        line.encode(into: &text)
        if !truncated, written + buffer.count + text.utf8.count > limit - Self.reserve {
            truncated = true
            buffer.append(contentsOf: TraceLine(t: line.t, .truncated(limit: limit)).encoded.utf8)
            if !isExit { return }
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 60 * 1024 { flush() }
    }

    /// Writes the buffered lines to the file.
    func flush() {
        guard fd >= 0, errorNumber == nil, !buffer.isEmpty else { return }
        if keepsOldContent {
            keepsOldContent = false
            if ftruncate(fd, 0) != 0 { errorNumber = errno; return }
        }
        errorNumber = OutputFile.writeAll(fd, buffer)
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes (the close is checked too: a file system may report a failed write there).
    func close() {
        guard fd >= 0 else { return }
        flush()
        if fd > 2, Glibc.close(fd) != 0, errorNumber == nil { errorNumber = errno }
        fd = -1
    }
}

