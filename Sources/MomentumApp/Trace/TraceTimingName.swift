import MomentumCore

/// Parses `--timing`: a Core Animation / CSS name, a Penner name, or `cubic-bezier(x1,y1,x2,y2)`.
enum TraceTimingName {
    /// Named curves: CSS spellings and Core Animation's.
    static let named: [String: TimingFunction] = [
        "linear": .linear,
        "ease": .default, "default": .default,
        "ease-in": .easeIn, "easeIn": .easeIn,
        "ease-out": .easeOut, "easeOut": .easeOut,
        "ease-in-out": .easeInEaseOut, "easeInEaseOut": .easeInEaseOut, "easeInOut": .easeInEaseOut,
    ]

    /// The timing function for `text`, or a `--timing` error.
    static func parse(_ text: String) throws(TraceError) -> TimingFunction {
        if let function = named[text] { return function }
        if let penner = penner(text) { return penner }
        let compact = text.filter { $0 != " " }
        if compact.hasPrefix("cubic-bezier("), compact.hasSuffix(")") {
            let inner = compact.dropFirst("cubic-bezier(".count).dropLast()
            let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
            guard numbers.count == 4, inner.split(separator: ",", omittingEmptySubsequences: false).count == 4 else {
                throw TraceError("--timing", "--timing '\(text)' needs four numbers: cubic-bezier(x1,y1,x2,y2)")
            }
            do {
                return .cubicBezier(try CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]))
            } catch {
                throw TraceError("--timing", "--timing \(error.description)")
            }
        }
        throw TraceError("--timing", "--timing '\(text)' is unknown (linear, ease, ease-in, ease-out, ease-in-out, "
                         + "easeOutBack-style Penner names, or cubic-bezier(x1,y1,x2,y2))")
    }

    /// Penner names such as `easeOutBack`, `easeInOutCubic`, `easeInQuad`.
    private static func penner(_ text: String) -> TimingFunction? {
        for direction in [EasingCurve.Direction.inOut, .in, .out] {
            let prefix = "ease" + direction.rawValue.prefix(1).uppercased() + direction.rawValue.dropFirst()
            guard text.hasPrefix(prefix) else { continue }
            let rest = text.dropFirst(prefix.count)
            if let family = EasingCurve.Family.allCases.first(where: {
                rest == $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()
            }) {
                return .easing(EasingCurve(family, direction))
            }
        }
        return nil
    }
}
