/// CSS `steps(n, position)`: a staircase with `n` steps (CSS Easing Level 2).
public struct StepsEasing: Sendable, Hashable {
    /// Where the jumps happen (CSS `<step-position>`).
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// First jump at the start of the interval (`jump-start`, alias `start`).
        case jumpStart = "jump-start"
        /// Last jump at the end of the interval (`jump-end`, alias `end`, the default).
        case jumpEnd = "jump-end"
        /// No jump at either end: n − 1 interior jumps (`jump-none`).
        case jumpNone = "jump-none"
        /// Jumps at both ends: n + 1 jumps (`jump-both`).
        case jumpBoth = "jump-both"
    }

    /// Number of steps (intervals).
    public let count: Int
    /// Where the jumps happen.
    public let position: Position

    /// Creates `steps(count, position)`; CSS requires count ≥ 1, and ≥ 2 for `jump-none`.
    public init(_ count: Int, _ position: Position = .jumpEnd) throws(TimingFunctionError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw .invalidEasing("steps(\(count), \(position.rawValue)): needs at least \(minimum) step(s)")
        }
        self.count = count
        self.position = position
    }

    /// Output progress for input progress x (CSS "step easing function" algorithm, before flag unset).
    public func value(at x: Double) -> Double {
        let n = Double(count)
        var step = (x * n).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = n - 1
        case .jumpBoth: jumps = n + 1
        }
        if x >= 0 && step < 0 { step = 0 }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }

    /// The slope: zero between jumps (the jumps themselves carry no velocity).
    public func slope(at x: Double) -> Double { 0 }
}
