import Glibc
import MomentumRun

/// A `momentum run --trace` file, read in chunks and checked line by line: every line a trace line
/// (`TraceLine(decoding:)`: the record its event names, with the fields it needs of the right type), from a trace
/// version this reader knows. Each line is handed on as it is read and not kept, so a trace of any length is read in
/// the same memory. A problem is one line naming the file and line (`trace.jsonl:57: …`). A last line cut short (a
/// run killed mid-write) is left out and said (`cutLastLine`), not refused.
struct RunTrace {
    /// The path as given.
    let path: String
    /// The lines, in file order (`parse` keeps them; `read` hands them on).
    let lines: [TraceLine]
    /// True when the file's last line was cut short and left out.
    let cutLastLine: Bool

    /// What reading a trace found besides its lines.
    struct Reading: Equatable {
        /// The lines read (and handed on).
        var lineCount = 0
        /// True when the last line was cut short and left out.
        var cutLastLine = false
    }

    /// The longest line read (bytes, without its newline). A trace line is a few hundred bytes (the longest, the
    /// system's or a layout's, a few kilobytes); anything longer is not a trace, and input with no newline at all
    /// (`cat /dev/zero |`) is refused after this much instead of read until memory runs out.
    static let maximumLineLength = 1 << 20

    /// Reads and checks the trace at `path`, handing each line to `each` as it is read.
    static func read(_ path: String, _ each: (TraceLine) throws(AppError) -> Void) throws(AppError) -> Reading {
        try read(try open(path), each)
    }

    /// Opens the trace at `path`: a regular file or a pipe; a directory, a device or a socket is refused.
    static func open(_ path: String) throws(AppError) -> InputFile {
        try InputFile(path) { AppError("cannot read trace \(path): \($0)") }
    }

    /// Reads and checks the trace `file`, handing each line to `each` as it is read.
    static func read(_ file: InputFile, _ each: (TraceLine) throws(AppError) -> Void) throws(AppError) -> Reading {
        var lines = TraceLineSplitter(path: file.path)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try file.read(into: chunk)
            if n == 0 { break }
            try lines.feed(UnsafeBufferPointer(start: chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), count: n), each)
        }
        return try lines.finish(each)
    }

    /// Reads and checks the whole trace `bytes` as read from `path`, keeping its lines.
    static func parse(_ bytes: [UInt8], path: String) throws(AppError) -> RunTrace {
        var lines = TraceLineSplitter(path: path)
        var kept: [TraceLine] = []
        let keep: (TraceLine) throws(AppError) -> Void = { kept.append($0) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { copy.deallocate() }
        _ = copy.initialize(from: bytes)
        try lines.feed(UnsafeBufferPointer(rebasing: copy[0..<bytes.count]), keep)
        let reading = try lines.finish(keep)
        return RunTrace(path: path, lines: kept, cutLastLine: reading.cutLastLine)
    }
}

/// Splits a trace's bytes into lines as they arrive in chunks and decodes each: a line within one chunk is decoded
/// where it lies, one across chunks is gathered first (never more than `RunTrace.maximumLineLength`).
private struct TraceLineSplitter {
    let path: String
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    private var reading = RunTrace.Reading()
    /// The number of the last line decoded (1-based).
    private var number = 0

    init(path: String) { self.path = path }

    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ each: (TraceLine) throws(AppError) -> Void) throws(AppError) {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        while start < chunk.count {
            guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start) else {
                try gather(UnsafeBufferPointer(rebasing: chunk[start...]))
                return
            }
            let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if pending.isEmpty {
                try check(length: end - start)
                try line(UnsafeBufferPointer(rebasing: chunk[start..<end]), last: false, each)
            } else {
                try gather(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                let whole = pending
                pending.removeAll(keepingCapacity: true)
                try line(whole, last: false, each)
            }
            start = end + 1
        }
    }

    /// The end of the input: a last line without a newline, if any.
    mutating func finish(_ each: (TraceLine) throws(AppError) -> Void) throws(AppError) -> RunTrace.Reading {
        if !pending.isEmpty {
            let whole = pending
            pending = []
            try line(whole, last: true, each)
        }
        guard number > 0 else { throw AppError("\(path): not a Momentum trace: the file is empty") }
        return reading
    }

    private mutating func gather(_ bytes: UnsafeBufferPointer<UInt8>) throws(AppError) {
        try check(length: pending.count + bytes.count)
        pending.append(contentsOf: bytes)
    }

    /// Refuses line `number + 1` when it is already longer than a trace line can be.
    private func check(length: Int) throws(AppError) {
        guard length > RunTrace.maximumLineLength else { return }
        let reason = "the line is longer than \(RunTrace.maximumLineLength >> 20) MiB"
        if number == 0 { throw AppError("\(path):1: not a Momentum trace: \(reason)") }
        throw AppError("\(path):\(number + 1): not a trace line: \(reason)")
    }

    /// Decodes the next line; `last` when it is the input's end with no newline after it.
    private mutating func line(_ bytes: some Collection<UInt8>, last: Bool,
                               _ each: (TraceLine) throws(AppError) -> Void) throws(AppError) {
        number += 1
        let decoded: TraceLine
        do throws(TraceDecodeError) {
            decoded = try TraceLine(decoding: bytes)
            if let clock = decoded.clock, clock.version > TraceLine.version {
                throw TraceDecodeError("trace version \(clock.version) is newer than this momentum reads "
                                       + "(up to \(TraceLine.version)): read it with a newer momentum")
            }
        } catch {
            // The last line of a run killed mid-write has no newline: what came before it is whole.
            if last, number > 1 {
                reading.cutLastLine = true
                return
            }
            if number == 1, error.notALine { throw AppError("\(path):1: not a Momentum trace: \(error.reason)") }
            throw AppError("\(path):\(number): \(error.notALine ? "not a trace line: " : "")\(error.reason)")
        }
        reading.lineCount += 1
        try each(decoded)
    }
}
