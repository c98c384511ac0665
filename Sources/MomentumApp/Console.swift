import Glibc
import Synchronization

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
        if let error = write(fd: 1, line + "\n") { firstFailedWrite.withLock { if $0 == nil { $0 = error } } }
    }

    /// The first failed write to stdout, as the one line to report; nil when every write went through.
    static var stdoutFailure: String? {
        firstFailedWrite.withLock { $0 }.map { "cannot write to stdout: \(String(cString: strerror($0)))" }
    }

    /// The errno of the first failed write to stdout, from any thread.
    private static let firstFailedWrite = Mutex<Int32?>(nil)

    private static func write(fd: Int32, _ text: String) -> Int32? { OutputFile.writeAll(fd, Array(text.utf8)) }
}
