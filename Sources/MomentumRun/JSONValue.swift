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
        var text = ""
        encode(into: &text)
        return text
    }

    /// Appends the JSON text to `out` (a trace writer's one buffer: no string made per value).
    public func encode(into out: inout String) {
        switch self {
        case .number(let v):
            if !v.isFinite {
                out += "null"
            } else if v == v.rounded() && abs(v) < 1e15 {
                out += String(Int64(v))
            } else {
                out += String(v)
            }
        case .int(let v): out += String(v)
        case .bool(let v): out += v ? "true" : "false"
        case .null: out += "null"
        case .array(let values):
            out += "["
            for (i, value) in values.enumerated() {
                if i > 0 { out += "," }
                value.encode(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, field) in fields.enumerated() {
                if i > 0 { out += "," }
                JSONValue.encode(string: field.0, into: &out)
                out += ":"
                field.1.encode(into: &out)
            }
            out += "}"
        case .string(let s):
            JSONValue.encode(string: s, into: &out)
        }
    }

    /// Appends `s` as a JSON string.
    private static func encode(string s: String, into out: inout String) {
        out += "\""
        // Most strings (every key, most names) need no escape: one copy.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
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
