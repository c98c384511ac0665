extension TimingFunction {
    /// Parses a timing function as written on the command line or in CSS.
    ///
    /// Accepts Core Animation names (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`), CSS keywords
    /// (`ease`, `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end`), `cubic-bezier(x1, y1, x2, y2)`,
    /// `steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])`, `linear(0, 0.25 75%, 1)` and Penner
    /// names such as `easeOutBounce` or `ease-in-out-elastic`.
    public init(parsing text: String) throws(TimingFunctionError) {
        let source = text.filter { !$0.isWhitespace || $0 == " " }
        let trimmed = String(source.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        let lower = trimmed.lowercased()
        if let open = lower.firstIndex(of: "("), lower.hasSuffix(")") {
            let name = String(lower[..<open])
            let inner = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
            let arguments = inner.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).split(separator: " ").map(String.init) }
            self = try Self.parseFunction(name, arguments, original: text)
            return
        }
        let key = lower.filter { $0 != "-" && $0 != "_" }
        switch key {
        case "linear": self = .linear
        case "easein": self = .easeIn
        case "easeout": self = .easeOut
        case "easeineaseout", "easeinout": self = .easeInEaseOut
        case "default", "ease": self = .default
        case "stepstart": self = .steps(try StepsEasing(1, .jumpStart))
        case "stepend": self = .steps(try StepsEasing(1, .jumpEnd))
        default:
            for direction in [EasingCurve.Direction.inOut, .in, .out] {
                let prefix = direction == .inOut ? "easeinout" : (direction == .in ? "easein" : "easeout")
                guard key.hasPrefix(prefix) else { continue }
                let rest = String(key.dropFirst(prefix.count))
                if let family = EasingCurve.Family(rawValue: rest) {
                    self = .easing(EasingCurve(family, direction))
                    return
                }
            }
            throw .invalidEasing("unknown timing function '\(text)'")
        }
    }

    private static func number(_ token: String, original: String) throws(TimingFunctionError) -> Double {
        guard let value = Double(token), value.isFinite else {
            throw .invalidEasing("'\(original)': '\(token)' is not a number")
        }
        return value
    }

    private static func percentage(_ token: String, original: String) throws(TimingFunctionError) -> Double {
        guard token.hasSuffix("%") else { throw .invalidEasing("'\(original)': '\(token)' should be a percentage") }
        return try number(String(token.dropLast()), original: original) / 100
    }

    private static func parseFunction(_ name: String, _ arguments: [[String]],
                                      original: String) throws(TimingFunctionError) -> TimingFunction {
        switch name {
        case "cubic-bezier":
            guard arguments.count == 4, arguments.allSatisfy({ $0.count == 1 }) else {
                throw .invalidEasing("'\(original)': cubic-bezier takes four numbers")
            }
            var values: [Double] = []
            for argument in arguments { values.append(try number(argument[0], original: original)) }
            return .cubicBezier(try CubicBezier(values[0], values[1], values[2], values[3]))
        case "steps":
            guard (1...2).contains(arguments.count), arguments.allSatisfy({ $0.count == 1 }),
                  let count = Int(arguments[0][0]) else {
                throw .invalidEasing("'\(original)': steps takes a count and an optional position")
            }
            var position = StepsEasing.Position.jumpEnd
            if arguments.count == 2 {
                switch arguments[1][0] {
                case "start": position = .jumpStart
                case "end": position = .jumpEnd
                default:
                    guard let named = StepsEasing.Position(rawValue: arguments[1][0]) else {
                        throw .invalidEasing("'\(original)': unknown step position '\(arguments[1][0])'")
                    }
                    position = named
                }
            }
            return .steps(try StepsEasing(count, position))
        case "linear":
            var stops: [LinearEasing.Stop] = []
            for argument in arguments {
                guard (1...3).contains(argument.count) else {
                    throw .invalidEasing("'\(original)': each linear() stop is a number and up to two percentages")
                }
                let output = try number(argument[0], original: original)
                let first = argument.count > 1 ? try percentage(argument[1], original: original) : nil
                let second = argument.count > 2 ? try percentage(argument[2], original: original) : nil
                stops.append(LinearEasing.Stop(output, at: first, through: second))
            }
            return .piecewiseLinear(try LinearEasing(stops))
        default:
            throw .invalidEasing("unknown timing function '\(original)'")
        }
    }
}
