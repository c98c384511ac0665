import Glibc
import MomentumScenes

/// Writes the JSON Lines trace (`--trace FILE`): `{"t": seconds since start, "event": kind, ...}` per line.
/// Lines are buffered and flushed whenever the event loop goes idle and on every exit path.
final class TraceWriter {
    private let file: UnsafeMutablePointer<FILE>?
    private let start: Double
    private var line = ""

    /// Opens `path` for writing (nil path: a writer that drops everything).
    init(path: String?, start: Double) throws(AppError) {
        self.start = start
        guard let path else { file = nil; return }
        guard let handle = fopen(path, "w") else {
            throw AppError("cannot write trace \(path): \(String(cString: strerror(errno)))")
        }
        file = handle
        line.reserveCapacity(512)
    }

    deinit { close() }

    /// True when a trace is being written.
    var isEnabled: Bool { file != nil }

    /// Writes one event; `fields` are already-encoded JSON values.
    func event(_ kind: String, _ fields: KeyValuePairs<String, JSONValue> = [:]) {
        event(kind, fields.map { ($0.key, $0.value) })
    }

    /// Writes one event from an ordered list of already-encoded fields.
    func event(_ kind: String, _ fields: [(String, JSONValue)]) {
        guard let file else { return }
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
        fputs(line, file)
    }

    /// Pushes buffered lines to the file.
    func flush() { if let file { fflush(file) } }

    /// Flushes and closes.
    func close() {
        guard let file else { return }
        fflush(file)
        if fileno(file) > 2 { fclose(file) }
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
