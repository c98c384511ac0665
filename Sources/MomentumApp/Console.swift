import Glibc

/// Writes whole lines to stdout/stderr with write(2) (no shared C stdio state, safe under Swift 6). A failed write
/// to stdout is kept (`stdoutFailure`, the first errno) and ends the command with one line and a non-zero exit
/// (`MomentumMain`); one to stderr has nowhere left to be reported.
enum Console {
    /// One line on stderr, prefixed with `momentum: `.
    static func error(_ message: String) { _ = write(fd: 2, "momentum: " + message + "\n") }
    /// One line on stderr, as is.
    static func errorLine(_ line: String) { _ = write(fd: 2, line + "\n") }
    /// One line on stdout.
    static func out(_ line: String) {
        if let error = write(fd: 1, line + "\n") { failedWrites.record(error) }
    }

    /// The first failed write to stdout, as the one line to report; nil when every write went through.
    static var stdoutFailure: String? {
        failedWrites.first.map { "cannot write to stdout: \(String(cString: strerror($0)))" }
    }

    private static let failedWrites = FirstError()

    private static func write(fd: Int32, _ text: String) -> Int32? { OutputFile.writeAll(fd, Array(text.utf8)) }
}

/// The first errno recorded, from any thread.
private final class FirstError: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var value: Int32?

    init() { pthread_mutex_init(&lock, nil) }

    func record(_ error: Int32) {
        pthread_mutex_lock(&lock)
        if value == nil { value = error }
        pthread_mutex_unlock(&lock)
    }

    var first: Int32? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return value
    }
}
