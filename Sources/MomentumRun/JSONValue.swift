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

    /// Appends the JSON text to `out`.
    public func encode(into out: inout String) {
        var bytes = JSONBytes()
        bytes.value(self)
        out += bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
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
