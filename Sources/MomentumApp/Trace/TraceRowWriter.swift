import Glibc

/// Streams trace rows to a file descriptor as they are computed: CSV (`t,x,y,vx,vy`) or a JSON array, six
/// decimals, through a fixed 64 KiB buffer written with write(2) whenever it fills and at `finish()`. Every write
/// is checked: the first failure is kept and reported by `finish()` (e.g. `> /dev/full`), and nothing more is
/// written after it. With no file descriptor the text is kept in `output` instead (tests and `TraceOutput`).
struct TraceRowWriter {
    private let fd: Int32?
    /// Everything written, when there is no file descriptor.
    private(set) var output: [UInt8] = []
    private let format: TraceFormat
    private var buffer: [UInt8] = []
    private var rows = 0
    private var failure: Int32?
    private static let capacity = 1 << 16

    /// A writer for `format` on `fd` (1: stdout; nil: into `output`); the header (CSV) or the opening bracket
    /// (JSON) is queued now.
    init(fd: Int32? = 1, format: TraceFormat) {
        self.fd = fd
        self.format = format
        buffer.reserveCapacity(Self.capacity)
        switch format {
        case .csv: append(TraceOutput.csvHeader + "\n")
        case .json: append("[\n")
        }
    }

    /// Queues one row (written out once the buffer is full).
    mutating func write(_ row: TraceRow) {
        switch format {
        case .csv:
            number(row.t); byte(","); number(row.x); byte(","); number(row.y); byte(","); number(row.vx); byte(",")
            number(row.vy); byte("\n")
        case .json:
            if rows > 0 { append(",\n") }
            append("{\"t\":"); number(row.t); append(",\"x\":"); number(row.x); append(",\"y\":"); number(row.y)
            append(",\"vx\":"); number(row.vx); append(",\"vy\":"); number(row.vy); append("}")
        }
        rows += 1
        if buffer.count >= Self.capacity - 512 { drain() }
    }

    /// Closes the JSON array and writes out everything queued; throws the first write error.
    mutating func finish() throws(AppError) {
        if format == .json { append("\n]\n") }
        drain()
        if let failure { throw AppError("cannot write the trace to standard output: \(String(cString: strerror(failure)))") }
    }

    private mutating func number(_ value: Double) {
        TraceNumber.appendFixed(value) { buffer.append($0) }
    }

    private mutating func byte(_ scalar: Unicode.Scalar) { buffer.append(UInt8(ascii: scalar)) }

    private mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private mutating func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let fd else { return output.append(contentsOf: buffer) }
        guard failure == nil else { return }
        failure = OutputFile.writeAll(fd, buffer)
    }
}
