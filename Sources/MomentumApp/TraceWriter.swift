import Glibc
import MomentumScenes

/// Writes the JSON Lines trace (`--trace FILE`): `{"t": seconds since start, "event": kind, ...}` per line.
/// Lines are buffered and written whenever the event loop goes idle and on every exit path. Every write is checked:
/// the first failure is kept (`failure`) and nothing more is written. A FIFO works (opening waits for its reader).
/// Past `limit` bytes the trace ends with a `truncated` event; only the `exit` event may follow it, so the file
/// never exceeds the limit.
final class TraceWriter {
    /// Room kept under the limit for the `truncated` and `exit` lines.
    static let reserve = 512

    private let path: String
    private var fd: Int32
    private let start: Double
    private let limit: Int
    private var line = ""
    private var buffer: [UInt8] = []
    private var written = 0
    private var truncated = false
    private var errorNumber: Int32?

    /// Opens `path` for writing (nil path: a writer that drops everything); the file stops growing at `limit`
    /// bytes (at least `reserve` more than one line).
    init(path: String?, start: Double, limit: Int = .max) throws(AppError) {
        self.start = start
        self.limit = limit
        self.path = path ?? ""
        guard let path else { fd = -1; return }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o666)
        guard fd >= 0 else { throw OutputFile.failure("trace", path, errno) }
        line.reserveCapacity(512)
        buffer.reserveCapacity(64 * 1024)
    }

    deinit { close() }

    /// True when a trace is being written.
    var isEnabled: Bool { fd >= 0 && errorNumber == nil && !truncated }

    /// The first write failure, as the one line to report.
    var failure: AppError? { errorNumber.map { OutputFile.failure("trace", path, $0) } }

    /// Writes one event; `fields` are already-encoded JSON values.
    func event(_ kind: String, _ fields: KeyValuePairs<String, JSONValue> = [:]) {
        event(kind, fields.map { ($0.key, $0.value) })
    }

    /// Writes one event from an ordered list of already-encoded fields.
    func event(_ kind: String, _ fields: [(String, JSONValue)]) {
        guard isEnabled || (kind == "exit" && fd >= 0 && errorNumber == nil) else { return }
        line.removeAll(keepingCapacity: true)
        line += "{\"t\":"
        line += JSONValue.number(HostClock.now() - start).encoded
        line += ",\"event\":\""
        line += kind
        line += "\""
        for (key, value) in fields {
            line += ",\""
            line += key
            line += "\":"
            line += value.encoded
        }
        line += "}\n"
        if !truncated, written + buffer.count + line.utf8.count > limit - Self.reserve {
            truncated = true
            let end = "{\"t\":" + JSONValue.number(HostClock.now() - start).encoded
                + ",\"event\":\"truncated\",\"limit\":" + String(limit) + "}\n"
            buffer.append(contentsOf: end.utf8)
            if kind != "exit" { return }
        }
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 60 * 1024 { flush() }
    }

    /// Writes the buffered lines to the file.
    func flush() {
        guard fd >= 0, errorNumber == nil, !buffer.isEmpty else { return }
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

/// A JSON value for trace fields.
enum JSONValue {
    /// Converts a scene's trace value.
    init(_ value: TraceValue) {
        switch value {
        case .number(let v): self = .number(v)
        case .string(let v): self = .string(v)
        case .bool(let v): self = .bool(v)
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .object(let fields): self = .object(fields.map { ($0.key, JSONValue($0.value)) })
        }
    }

    case number(Double)
    case int(Int64)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The JSON text.
    var encoded: String {
        switch self {
        case .number(let v):
            guard v.isFinite else { return "null" }
            if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
            return String(v)
        case .int(let v): return String(v)
        case .bool(let v): return v ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.encoded).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONValue.string($0.0).encoded + ":" + $0.1.encoded }.joined(separator: ",") + "}"
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}
