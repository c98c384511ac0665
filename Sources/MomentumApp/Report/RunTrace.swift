import Glibc
import MomentumRun

/// A `momentum run --trace` file, read whole and checked line by line: every line a trace line
/// (`TraceLine(decoding:)`: the record its event names, with the fields it needs of the right type), from a trace
/// version this reader knows. A problem is one line naming the file and line (`trace.jsonl:57: …`). A last line cut
/// short (a run killed mid-write) is left out and said (`cutLastLine`), not refused.
struct RunTrace {
    /// The path as given.
    let path: String
    /// The lines, in file order.
    let lines: [TraceLine]
    /// True when the file's last line was cut short and left out.
    let cutLastLine: Bool

    /// Reads and checks the trace at `path`.
    static func load(_ path: String) throws(AppError) -> RunTrace {
        try parse(try read(path), path: path)
    }

    /// Reads a whole file; errors name the path and the system's reason.
    static func read(_ path: String) throws(AppError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, errno) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw failure(path, EISDIR)
        case S_IFCHR, S_IFBLK, S_IFSOCK:
            // A device or a socket is not a trace (and /dev/zero never ends).
            throw AppError("cannot read trace \(path): not a file (a device or a socket)")
        default: break
        }
        if Int(info.st_size) > maximumSize { throw tooLarge(path) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(path, errno) }
            if n == 0 { break }
            // A pipe says no size: the limit holds as it is read.
            if bytes.count + n > maximumSize { throw tooLarge(path) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// The largest trace read (bytes): twice `momentum run`'s default `--trace-limit`. The report holds the whole
    /// trace, about four times its size at its peak.
    static let maximumSize = 512 << 20

    private static func tooLarge(_ path: String) -> AppError {
        AppError("cannot read trace \(path): larger than \(maximumSize >> 20) MiB, the most momentum report reads "
                 + "(record with a smaller --trace-limit)")
    }

    private static func failure(_ path: String, _ error: Int32) -> AppError {
        AppError("cannot read trace \(path): \(String(cString: strerror(error)))")
    }

    /// Checks `bytes` as a trace read from `path`.
    static func parse(_ bytes: [UInt8], path: String) throws(AppError) -> RunTrace {
        var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = pieces.last?.isEmpty == true
        if endsWithNewline { pieces.removeLast() }
        guard !pieces.isEmpty else { throw AppError("\(path): not a Momentum trace: the file is empty") }
        var lines: [TraceLine] = []
        lines.reserveCapacity(pieces.count)
        var cut = false
        for (index, piece) in pieces.enumerated() {
            let number = index + 1
            do throws(TraceDecodeError) {
                let line = try TraceLine(decoding: piece)
                if let clock = line.clock, clock.version > TraceLine.version {
                    throw TraceDecodeError("trace version \(clock.version) is newer than this momentum reads "
                                           + "(up to \(TraceLine.version)): read it with a newer momentum")
                }
                lines.append(line)
            } catch {
                // The last line of a run killed mid-write has no newline: what came before it is whole.
                if number == pieces.count, !endsWithNewline, number > 1 {
                    cut = true
                    break
                }
                if number == 1, error.notALine { throw AppError("\(path):1: not a Momentum trace: \(error.reason)") }
                throw AppError("\(path):\(number): \(error.notALine ? "not a trace line: " : "")\(error.reason)")
            }
        }
        return RunTrace(path: path, lines: lines, cutLastLine: cut)
    }
}
