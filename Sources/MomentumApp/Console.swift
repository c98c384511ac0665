import Glibc

/// Writes whole lines to stdout/stderr with write(2) (no shared C stdio state, safe under Swift 6). Best effort:
/// a failure here has nowhere left to be reported.
enum Console {
    /// One line on stderr, prefixed with `momentum: `.
    static func error(_ message: String) { write(fd: 2, "momentum: " + message + "\n") }
    /// One line on stderr, as is.
    static func errorLine(_ line: String) { write(fd: 2, line + "\n") }
    /// One line on stdout.
    static func out(_ line: String) { write(fd: 1, line + "\n") }

    private static func write(fd: Int32, _ text: String) { _ = OutputFile.writeAll(fd, Array(text.utf8)) }
}
