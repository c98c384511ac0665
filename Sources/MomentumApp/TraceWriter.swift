import Glibc
import MomentumRun

/// Writes the JSON Lines trace (`--trace FILE`): one `TraceLine` per line, encoded by `TraceLine.encoded`.
/// Lines are buffered in memory and written on every exit path (signals included: the event loop reads them and the
/// run ends through `close`), and:
/// - into a regular file, when the run rests (no frame owed or awaited), at least every `fileWait` (1 s) while it
///   animates, and when 60 KiB are held: a frame costs no write(2), as the C floor client's does not;
/// - into anything else (a pipe, a FIFO, a terminal: a reader following the run live, as the headless tour and the
///   end-to-end tests do through `/dev/stdout`), whenever the event loop goes idle (presentation feedback, and
///   lines while a frame that starts soon is owed, held up to 50 ms so that they go out with the next frame's
///   lines): one write a frame.
///
/// Every write is checked:
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
    /// Whether the trace goes to a regular file (held up to `fileWait`), not to a reader following it live.
    let isRegularFile: Bool

    /// Opens `path` for writing (nil path: a writer that drops everything); the file stops growing at `limit`
    /// bytes (at least `reserve` more than one line).
    init(path: String?, limit: Int = .max) throws(AppError) {
        self.limit = limit
        self.path = path ?? ""
        guard let path else { fd = -1; isRegularFile = false; return }
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o666)
        guard fd >= 0 else { throw OutputFile.failure("trace", path, errno) }
        var info = stat()
        let known = fstat(fd, &info) == 0
        isRegularFile = known && info.st_mode & S_IFMT == S_IFREG
        if isRegularFile, info.st_size > 0 { keepsOldContent = true }
        buffer.reserveCapacity(64 * 1024)
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
        if isExit && keepsOldContent && written == 0 && buffer.isEmpty { return }
        let lineStart = buffer.count
        line.encode(into: &buffer)
        if !truncated, written + buffer.count > limit - Self.reserve {
            truncated = true
            buffer.removeAll(after: lineStart)
            TraceLine(t: line.t, .truncated(limit: limit)).encode(into: &buffer)
            if !isExit { return }
            line.encode(into: &buffer)
        }
        if buffer.count >= 60 * 1024 { flush() }
    }

    /// How long lines may be held for a reader following the trace live (s): `flush(now:frameStart:resting:)`.
    static let frameWait = 0.05
    /// How long lines may be held in memory while the run animates, when the trace is a regular file (s).
    static let fileWait = 1.0
    /// When the oldest line held was buffered (host s), nil when none is held.
    private var pendingSince: Double?
    /// Whether everything buffered since the last write is presentation feedback (`presented`, `discarded`).
    private var holdsOnlyFeedback = true

    /// Writes the buffered lines now (`now`: host s), unless they may wait. Into a regular file they wait while the
    /// run is not `resting` (a frame owed or awaited), up to `fileWait`. Otherwise (a reader following the trace
    /// live) they wait for the next frame's lines, so that a frame costs one write, not one for its presentation
    /// feedback and another for itself: when a frame starts by `frameStart` (host s) within `frameWait`, or when
    /// they are only presentation feedback (which comes just before the next frame callback); a frame's own lines
    /// and input while none is owed go out at once, and nothing is held longer than `frameWait`. The event loop
    /// wakes at `holdDeadline` to write what is held.
    func flush(now: Double, frameStart: Double?, resting: Bool = false) {
        guard !buffer.isEmpty else { return }
        if isRegularFile {
            if resting || now >= holdDeadline ?? .infinity {
                flush()
            } else if pendingSince == nil {
                pendingSince = now
            }
            return
        }
        let frameSoon = frameStart.map { $0 - now < Self.frameWait } ?? false
        if now < holdDeadline ?? .infinity, frameSoon || holdsOnlyFeedback {
            if pendingSince == nil { pendingSince = now }
            return
        }
        flush()
    }

    /// When the lines held must be written at the latest (host s); nil when none are held.
    var holdDeadline: Double? { pendingSince.map { $0 + (isRegularFile ? Self.fileWait : Self.frameWait) } }

    /// Writes the buffered lines to the file.
    func flush() {
        pendingSince = nil
        holdsOnlyFeedback = true
        guard fd >= 0, errorNumber == nil, !buffer.isEmpty else { return }
        if keepsOldContent {
            keepsOldContent = false
            if ftruncate(fd, 0) != 0 { errorNumber = errno; return }
        }
        errorNumber = buffer.withUnsafeBytes { OutputFile.writeAll(fd, $0) }
        written += buffer.count
        buffer.removeAll()
    }

    /// Writes what is buffered and closes (the close is checked too: a file system may report a failed write there).
    func close() {
        guard fd >= 0 else { return }
        flush()
        if fd > 2, Glibc.close(fd) != 0, errorNumber == nil { errorNumber = errno }
        fd = -1
    }
}

