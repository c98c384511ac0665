import MomentumScenes

/// A JSON value: what trace lines are made of (encoded here; `JSONParser` reads them back).
public enum JSONValue: Sendable {
    /// Converts a scene's trace value.
    public init(_ value: TraceValue) {
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
    public var encoded: String {
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
            // Most strings (every key, most names) need no escape: one copy.
            if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { return "\"" + s + "\"" }
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

extension JSONValue: Equatable {
    /// The same value: the same case, and for objects the same keys in the same order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case (.null, .null): true
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}
