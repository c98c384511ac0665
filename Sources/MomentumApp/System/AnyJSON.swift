import MomentumRun

/// JSON's `null` in a report's `[String: Any]` tree (Foundation's `NSNull`, without Foundation).
struct JSONNull: Equatable, Sendable {}

/// A report's JSON as `[String: Any]` trees (what `JSONSerialization` did, without Foundation): objects
/// `[String: Any]`, arrays `[Any]`, strings, `Bool`, numbers (`Int` when written without a fraction or exponent,
/// else `Double`), `JSONNull`.
enum AnyJSON {
    /// The tree as JSON text, its objects' keys sorted; `pretty`: two spaces a level, a member a line.
    static func encode(_ value: Any, pretty: Bool = false) throws(AppError) -> [UInt8] {
        var out = JSONBytes()
        try write(value, into: &out, indent: pretty ? 0 : nil)
        return out.bytes
    }

    /// The tree `bytes` hold; nil when they are not one JSON value.
    static func decode(_ bytes: some Collection<UInt8>) -> Any? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return tree(value)
    }

    private static func tree(_ value: JSONValue) -> Any {
        switch value {
        case .number(let v): v
        case .int(let v): Int(exactly: v).map { $0 as Any } ?? Double(v)
        case .string(let v): v
        case .bool(let v): v
        case .null: JSONNull()
        case .array(let values): values.map(tree)
        case .object(let fields): Dictionary(fields.map { ($0.0, tree($0.1)) }, uniquingKeysWith: { _, last in last })
        }
    }

    private static func write(_ value: Any, into out: inout JSONBytes, indent: Int?) throws(AppError) {
        func newline(_ level: Int) {
            out.raw("\n")
            out.write(String(repeating: " ", count: 2 * level))
        }
        switch value {
        case is JSONNull: out.raw("null")
        case let v as Bool: v ? out.raw("true") : out.raw("false")
        case let v as String: out.string(v)
        case let v as Int: out.int(Int64(v))
        case let v as Int32: out.int(Int64(v))
        case let v as Int64: out.int(v)
        case let v as UInt32: out.int(Int64(v))
        case let v as UInt64:
            guard let v = Int64(exactly: v) else { throw AppError("JSON: \(v) is too large") }
            out.int(v)
        case let v as Double:
            guard v.isFinite else { throw AppError("JSON: \(v) is not a number JSON can hold") }
            out.number(v)
        case let v as Float:
            guard v.isFinite else { throw AppError("JSON: \(v) is not a number JSON can hold") }
            out.number(Double(v))
        case let v as [String: Any]:
            out.raw("{")
            for (index, key) in v.keys.sorted().enumerated() {
                if index > 0 { out.raw(",") }
                if let indent { newline(indent + 1) }
                out.string(key)
                indent == nil ? out.raw(":") : out.raw(" : ")
                try write(v[key] ?? JSONNull(), into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent, !v.isEmpty { newline(indent) }
            out.raw("}")
        case let v as [Any]:
            out.raw("[")
            for (index, element) in v.enumerated() {
                if index > 0 { out.raw(",") }
                if let indent { newline(indent + 1) }
                try write(element, into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent, !v.isEmpty { newline(indent) }
            out.raw("]")
        default:
            // An optional held as Any: its value, or null.
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { throw AppError("JSON: cannot write a \(type(of: value))") }
            try write(mirror.children.first?.value ?? JSONNull(), into: &out, indent: indent)
        }
    }
}
