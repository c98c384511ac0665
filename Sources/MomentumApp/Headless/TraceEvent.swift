import Foundation

/// One parsed line of a momentum trace.
public struct TraceEvent: @unchecked Sendable, CustomStringConvertible {
    /// Seconds since the app started.
    public let t: Double
    /// The event kind (`frame`, `panel`, `touch`, …).
    public let kind: String
    /// Every field of the line.
    public let fields: [String: Any]
    /// The raw JSON line.
    public let line: String

    /// Parses one JSON line; nil if it is not a trace event.
    public init?(line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let t = object["t"] as? Double ?? (object["t"] as? Int).map(Double.init),
              let kind = object["event"] as? String else { return nil }
        self.t = t
        self.kind = kind
        self.fields = object
        self.line = line
    }

    /// A numeric field.
    public func number(_ key: String) -> Double? {
        if let d = fields[key] as? Double { return d }
        if let i = fields[key] as? Int { return Double(i) }
        return nil
    }

    /// A string field.
    public func string(_ key: String) -> String? { fields[key] as? String }

    /// A numeric array field.
    public func numbers(_ key: String) -> [Double]? {
        (fields[key] as? [Any])?.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
    }

    /// A `switcher` event's touch targets: name → rectangle `[x, y, width, height]`.
    public var targets: [String: [Double]] {
        Dictionary(targetList("targets").map { ($0.name, $0.rect) }, uniquingKeysWith: { first, _ in first })
    }

    /// A list of `{name, rect}` targets under `key` (a `layout` event's `targets` or `chrome`), in order.
    public func targetList(_ key: String) -> [(name: String, rect: [Double])] {
        (fields[key] as? [Any] ?? []).compactMap { item in
            guard let item = item as? [String: Any], let name = item["name"] as? String,
                  let rect = item["rect"] as? [Any] else { return nil }
            return (name, rect.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) })
        }
    }

    /// The raw line.
    public var description: String { line }
}
