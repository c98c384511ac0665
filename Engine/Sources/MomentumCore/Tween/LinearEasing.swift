/// CSS `linear(...)`: a piecewise-linear easing through control points (CSS Easing Level 2).
public struct LinearEasing: Sendable, Hashable {
    /// One entry of the CSS stop list: an output and zero, one or two input positions (fractions, 0.25 = 25%).
    public struct Stop: Sendable, Hashable {
        /// Output progress.
        public var output: Double
        /// First input position, if given.
        public var input: Double?
        /// Second input position (CSS `0.5 20% 40%` holds the output over an interval), if given.
        public var secondInput: Double?

        /// Creates a stop.
        public init(_ output: Double, at input: Double? = nil, through secondInput: Double? = nil) {
            self.output = output
            self.input = input
            self.secondInput = secondInput
        }
    }

    /// The resolved control points, inputs non-decreasing.
    public let points: [(input: Double, output: Double)]

    /// Builds the control points from a stop list with the CSS algorithm: inputs never decrease, missing first and
    /// last inputs become 0 and max(1, largest), other missing inputs are spread evenly between their neighbours.
    public init(_ stops: [Stop]) throws(TimingFunctionError) {
        guard stops.count >= 2 else { throw .invalidEasing("linear(): needs at least two stops") }
        var outputs: [Double] = []
        var inputs: [Double?] = []
        var largest = -Double.infinity
        for stop in stops {
            guard stop.output.isFinite, stop.input?.isFinite ?? true, stop.secondInput?.isFinite ?? true else {
                throw .invalidEasing("linear(): stops must be finite")
            }
            if stop.input == nil && stop.secondInput != nil {
                throw .invalidEasing("linear(): a second input needs a first one")
            }
            outputs.append(stop.output)
            if let input = stop.input {
                let clamped = Swift.max(input, largest)
                largest = clamped
                inputs.append(clamped)
            } else {
                inputs.append(nil)
            }
            if let second = stop.secondInput {
                let clamped = Swift.max(second, largest)
                largest = clamped
                outputs.append(stop.output)
                inputs.append(clamped)
            }
        }
        if inputs[0] == nil {
            inputs[0] = 0
            largest = Swift.max(largest, 0)
        }
        let last = inputs.count - 1
        if inputs[last] == nil { inputs[last] = Swift.max(1, largest) }
        // Spread runs without input evenly between the known neighbours.
        var previousKnown = 0
        var index = 1
        while index <= last {
            if let known = inputs[index] {
                let gap = index - previousKnown
                if gap > 1, let start = inputs[previousKnown] {
                    for k in 1..<gap {
                        inputs[previousKnown + k] = start + (known - start) * Double(k) / Double(gap)
                    }
                }
                previousKnown = index
            }
            index += 1
        }
        var resolved: [(input: Double, output: Double)] = []
        resolved.reserveCapacity(outputs.count)
        for (input, output) in zip(inputs, outputs) { resolved.append((input ?? 0, output)) }
        points = resolved
    }

    /// Index of the segment (a, a + 1) used for input x: the last point with input ≤ x, kept below the end.
    @inline(__always) private func segment(for x: Double) -> Int {
        var lo = 0
        var hi = points.count - 1
        if !(points[0].input <= x) { return 0 }
        // Invariant: points[lo].input <= x; find the last such index.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if points[mid].input <= x { lo = mid } else { hi = mid - 1 }
        }
        return Swift.min(lo, points.count - 2)
    }

    /// Output progress for input progress x (extrapolates along the first and last segments).
    public func value(at x: Double) -> Double {
        let a = segment(for: x)
        let p = points[a], q = points[a + 1]
        if p.input == q.input { return q.output }
        return p.output + (x - p.input) / (q.input - p.input) * (q.output - p.output)
    }

    /// The slope of the segment containing x.
    public func slope(at x: Double) -> Double {
        let a = segment(for: x)
        let p = points[a], q = points[a + 1]
        if p.input == q.input { return 0 }
        return (q.output - p.output) / (q.input - p.input)
    }

    /// Equal when the resolved control points are equal.
    public static func == (lhs: LinearEasing, rhs: LinearEasing) -> Bool {
        lhs.points.count == rhs.points.count
            && zip(lhs.points, rhs.points).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }

    /// Hashes the resolved control points.
    public func hash(into hasher: inout Hasher) {
        for point in points {
            hasher.combine(point.input)
            hasher.combine(point.output)
        }
    }
}
