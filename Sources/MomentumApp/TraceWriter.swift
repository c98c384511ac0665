import Glibc
import MomentumRun

/// Writes the JSON Lines trace (`--trace FILE`): one `TraceLine` per line, encoded by `TraceLine.encoded`.
/// Lines are buffered and written whenever the event loop goes idle (presentation feedback, and lines while a frame
/// that starts soon is owed, held up to 50 ms so that they go out with the next frame's lines) and on every exit
/// path. Every write is checked:
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
    /// The lines not written yet, each encoded straight into it.
    private var buffer = JSONBytes()
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
        buffer.bytes.reserveCapacity(64 * 1024)
    }

    deinit { close() }

    /// True when a trace is being written.
    var isEnabled: Bool { fd >= 0 && errorNumber == nil && !truncated }

    /// The first write failure, as the one line to report.
    var failure: AppError? { errorNumber.map { OutputFile.failure("trace", path, $0) } }

    /// Writes one line (past the limit, only an `exit` line).
    func write(_ line: TraceLine) {
        let isExit = if case .exit = line.record { true } else { false }
        switch line.record {
        case .presented, .discarded: break
        default: holdsOnlyFeedback = false
        }
        guard isEnabled || (isExit && fd >= 0 && errorNumber == nil) else { return }
        // Only the exit line of a run that never started: the earlier trace stays.
        if isExit && keepsOldContent && written == 0 && buffer.bytes.isEmpty { return }
        let lineStart = buffer.bytes.count
        line.encode(into: &buffer)
        if !truncated, written + buffer.bytes.count > limit - Self.reserve {
            truncated = true
            buffer.bytes.removeSubrange(lineStart...)
            TraceLine(t: line.t, .truncated(limit: limit)).encode(into: &buffer)
            if !isExit { return }
            line.encode(into: &buffer)
        }
        if buffer.bytes.count >= 60 * 1024 { flush() }
    }

    /// How long lines may be held (s): `flush(now:frameStart:)`.
    static let frameWait = 0.05
    /// When the oldest line held was buffered (host s), nil when none is held.
    private var pendingSince: Double?
    /// Whether everything buffered since the last write is presentation feedback (`presented`, `discarded`).
    private var holdsOnlyFeedback = true

    /// Writes the buffered lines now (`now`: host s), unless they may wait for the next frame's lines, so that a
    /// frame costs one write, not one for its presentation feedback and another for itself: when a frame starts
    /// by `frameStart` (host s) within `frameWait`, or when they are only presentation feedback (which comes just
    /// before the next frame callback). A frame's own lines and input while none is owed go out at once (readers
    /// follow the trace live); nothing is held longer than `frameWait`: the event loop wakes at `holdDeadline`.
    func flush(now: Double, frameStart: Double?) {
        guard !buffer.bytes.isEmpty else { return }
        let frameSoon = frameStart.map { $0 - now < Self.frameWait } ?? false
        if now < holdDeadline ?? .infinity, frameSoon || holdsOnlyFeedback {
            if pendingSince == nil { pendingSince = now }
            return
        }
        flush()
    }

    /// When the lines held must be written at the latest (host s); nil when none are held.
    var holdDeadline: Double? { pendingSince.map { $0 + Self.frameWait } }

    /// Writes the buffered lines to the file.
    func flush() {
        pendingSince = nil
        holdsOnlyFeedback = true
        guard fd >= 0, errorNumber == nil, !buffer.bytes.isEmpty else { return }
        if keepsOldContent {
            keepsOldContent = false
            if ftruncate(fd, 0) != 0 { errorNumber = errno; return }
        }
        errorNumber = OutputFile.writeAll(fd, buffer.bytes)
        written += buffer.bytes.count
        buffer.bytes.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes (the close is checked too: a file system may report a failed write there).
    func close() {
        guard fd >= 0 else { return }
        flush()
        if fd > 2, Glibc.close(fd) != 0, errorNumber == nil { errorNumber = errno }
        fd = -1
    }
}

