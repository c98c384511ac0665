/// `CAKeyframeAnimation` over values: keyframes, key times, per-segment timing functions and a calculation mode.
///
/// Key times are fractions of the iteration, starting at 0 and ending at 1, non-decreasing. Linear and cubic
/// modes take one key time per value; discrete takes one more than the values (value i shows from key time i to
/// i + 1); paced ignores key times and per-segment timing functions and spaces the keyframes by distance so the
/// speed is constant. Cubic is a Catmull-Rom spline through the values (tangent (V[i+1] − V[i−1]) / 2, end
/// tangents (V[1] − V[0]) / 2 and (V[n] − V[n−1]) / 2), in each segment's own parameter, like CA's
/// `kCAAnimationCubic` with zero tension, continuity and bias. The whole-animation `timingFunction` is applied
/// first, then the segment's.
public struct KeyframeAnimation<Value: VectorArithmetic>: Sendable {
    /// How values between keyframes are computed (`CAAnimationCalculationMode`).
    public enum CalculationMode: Sendable, Hashable, CaseIterable {
        /// Straight lines between keyframes.
        case linear
        /// Hold each value until the next key time.
        case discrete
        /// Straight lines, key times chosen for constant speed.
        case paced
        /// Catmull-Rom spline through the keyframes.
        case cubic
    }

    /// The keyframe values.
    public let values: [Value]
    /// The key times actually used (given, evenly spaced, or paced).
    public let keyTimes: [Double]
    /// Per-segment timing functions (one per segment), or empty for linear segments.
    public let timingFunctions: [TimingFunction]
    /// How values between keyframes are computed.
    public let calculationMode: CalculationMode
    /// Timing (begin, duration, repeat, speed, fill).
    public var timing: MediaTiming
    /// Pacing of the whole iteration, applied before the segments' own timing functions.
    public var timingFunction: TimingFunction
    /// Adds the animated value to the underlying value.
    public var isAdditive: Bool
    /// Whether a property removes the animation once it has finished.
    public var isRemovedOnCompletion: Bool

    /// Creates a keyframe animation; throws when counts or key times do not fit the calculation mode.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction = .linear, isAdditive: Bool = false,
                isRemovedOnCompletion: Bool = true) throws(TimingFunctionError) {
        guard !values.isEmpty else { throw .invalidKeyframes("keyframe animation needs at least one value") }
        let n = values.count
        let timeCount = calculationMode == .discrete ? n + 1 : n
        var times: [Double]
        switch (calculationMode, keyTimes) {
        case (.paced, _):
            times = Self.pacedTimes(values)
        case (_, let given?):
            guard given.count == timeCount else {
                throw .invalidKeyframes("keyTimes has \(given.count) entries; \(calculationMode) with \(n) values needs \(timeCount)")
            }
            guard given.first == 0, given.last == 1, zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw .invalidKeyframes("keyTimes must start at 0, end at 1 and never decrease")
            }
            times = given
        case (_, nil):
            let intervals = Swift.max(timeCount - 1, 1)
            times = (0..<timeCount).map { Double($0) / Double(intervals) }
        }
        if n == 1 && calculationMode != .discrete { times = [0] }
        var functions: [TimingFunction] = []
        if let given = timingFunctions, calculationMode != .paced {
            let segments = calculationMode == .discrete ? n : n - 1
            guard given.count == segments else {
                throw .invalidKeyframes("timingFunctions has \(given.count) entries; \(segments) segments need one each")
            }
            functions = given
        }
        self.values = values
        self.keyTimes = times
        self.timingFunctions = functions
        self.calculationMode = calculationMode
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// Key times proportional to cumulative distance (evenly spaced if every value is the same).
    private static func pacedTimes(_ values: [Value]) -> [Double] {
        var cumulative = [0.0]
        for (a, b) in zip(values, values.dropFirst()) {
            cumulative.append((cumulative.last ?? 0) + Value.tweenDistance(b, a))
        }
        let total = cumulative.last ?? 0
        if total == 0 {
            let intervals = Double(Swift.max(values.count - 1, 1))
            return (0..<values.count).map { Double($0) / intervals }
        }
        return cumulative.map { $0 / total }
    }

    /// The presented sample at `time` given the sample beneath this animation; nil when it has no effect.
    public func sample(at time: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        sample(at: time, timeRate: 1, over: underlying)
    }

    /// As `sample(at:over:)`, where `time` advances `timeRate` per parent second (inside a group).
    func sample(at time: Double, timeRate: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        guard let local = timing.progress(at: time) else { return nil }
        let own = sample(progress: local.progress, rate: local.rate * timeRate)
        if isAdditive {
            return PresentedState(value: underlying.value + own.value, velocity: underlying.velocity + own.velocity)
        }
        return own
    }

    /// Index of the last key time ≤ p among the first `count` key times (0 if none).
    @inline(__always) private func keyIndex(_ p: Double, count: Int) -> Int {
        var lo = 0
        var hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTimes[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Value and velocity at iteration progress `progress` moving at `rate` progress per second.
    func sample(progress: Double, rate: Double) -> PresentedState<Value> {
        let n = values.count
        let overall = timingFunction.valueAndSlope(at: progress)
        let p = overall.value
        let pRate = overall.slope * rate
        let zero = values[0].tweenZero
        if calculationMode == .discrete {
            let i = Swift.min(keyIndex(p, count: n + 1), n - 1)
            return PresentedState(value: values[i], velocity: zero)
        }
        if n == 1 { return PresentedState(value: values[0], velocity: zero) }
        let i = Swift.min(keyIndex(p, count: n), n - 2)
        let k0 = keyTimes[i], k1 = keyTimes[i + 1]
        let width = k1 - k0
        if width <= 0 { return PresentedState(value: values[i + 1], velocity: zero) }
        let s = (p - k0) / width
        let sRate = pRate / width
        let eased = timingFunctions.isEmpty ? (value: s, slope: 1.0) : timingFunctions[i].valueAndSlope(at: s)
        let u = eased.value
        let uRate = eased.slope * sRate
        let v0 = values[i], v1 = values[i + 1]
        if calculationMode != .cubic {
            let span = v1 - v0
            return PresentedState(value: v0 + u * span, velocity: uRate * span)
        }
        // Cubic Hermite with Catmull-Rom tangents.
        let m0 = 0.5 * (v1 - (i > 0 ? values[i - 1] : v0))
        let m1 = 0.5 * ((i + 2 < n ? values[i + 2] : v1) - v0)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1
        let d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let value = h00 * v0 + h10 * m0 + h01 * v1 + h11 * m1
        let derivative = d00 * v0 + d10 * m0 + d01 * v1 + d11 * m1
        return PresentedState(value: value, velocity: uRate * derivative)
    }
}
