import RealModule

/// `CAKeyframeAnimation` with a `path`: moves a 2-D point along a `KeyframePath`, optionally rotating with it.
///
/// In `.linear` mode every path segment takes an equal share of the iteration (each segment is one keyframe
/// interval, in its own Bézier parameter), or the shares given by `keyTimes` (one per vertex). In `.paced` mode the
/// point moves at constant speed along the arc length. `rotation` reports the tangent angle (`rotationMode` auto).
public struct PathAnimation: Sendable {
    /// How progress maps onto the path.
    public enum CalculationMode: Sendable, Hashable {
        /// Equal (or `keyTimes`) time per segment, parameter-uniform inside it.
        case linear
        /// Constant speed along the arc length.
        case paced
    }

    /// `CAAnimationRotationMode`.
    public enum RotationMode: Sendable, Hashable {
        /// No rotation.
        case none
        /// The tangent angle (`kCAAnimationRotateAuto`).
        case auto
        /// The tangent angle plus π (`kCAAnimationRotateAutoReverse`).
        case autoReverse
    }

    /// A position sample with the rotation that goes with it.
    public struct Sample: Sendable {
        /// Position and velocity (additive animations include the underlying value).
        public var position: PresentedState<SIMD2<Double>>
        /// Rotation in radians (0 when the rotation mode is `.none`).
        public var rotation: Double
    }

    /// The path (must hold at least one segment).
    public let path: KeyframePath
    /// How progress maps onto the path.
    public let calculationMode: CalculationMode
    /// Key times per vertex (segmentCount + 1 entries), used in `.linear` mode.
    public let keyTimes: [Double]
    /// Rotation reporting.
    public var rotationMode: RotationMode
    /// Timing (begin, duration, repeat, speed, fill).
    public var timing: MediaTiming
    /// Pacing of the whole iteration.
    public var timingFunction: TimingFunction
    /// Adds the path position to the underlying value.
    public var isAdditive: Bool

    /// Creates a path animation; throws for an empty path or key times that do not fit.
    public init(path: KeyframePath, calculationMode: CalculationMode = .linear, keyTimes: [Double]? = nil,
                rotationMode: RotationMode = .none, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction = .linear, isAdditive: Bool = false) throws(TimingFunctionError) {
        guard path.segmentCount > 0 else { throw .invalidKeyframes("path animation needs at least one segment") }
        let count = path.segmentCount + 1
        if let keyTimes {
            guard keyTimes.count == count, keyTimes.first == 0, keyTimes.last == 1,
                  zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw .invalidKeyframes("path keyTimes need \(count) entries from 0 to 1, never decreasing")
            }
            self.keyTimes = keyTimes
        } else {
            self.keyTimes = (0..<count).map { Double($0) / Double(count - 1) }
        }
        self.path = path
        self.calculationMode = calculationMode
        self.rotationMode = rotationMode
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
    }

    /// The presented position (over `underlying` if additive) and rotation at `time`; nil when no effect.
    public func sample(at time: Double, over underlying: PresentedState<SIMD2<Double>>) -> Sample? {
        guard let local = timing.progress(at: time) else { return nil }
        var own = sample(progress: local.progress, rate: local.rate)
        if isAdditive {
            own.position.value += underlying.value
            own.position.velocity += underlying.velocity
        }
        return own
    }

    /// Position, velocity and rotation at iteration progress `progress` moving at `rate` per second.
    func sample(progress: Double, rate: Double) -> Sample {
        let eased = timingFunction.valueAndSlope(at: progress)
        let p = Swift.min(Swift.max(eased.value, 0), 1)
        let pRate = (eased.value >= 0 && eased.value <= 1) ? eased.slope * rate : 0
        let segment: Int, t: Double, tRate: Double
        switch calculationMode {
        case .paced:
            let length = path.length
            (segment, t) = path.location(atLength: p * length)
            let speed = path.segments[segment].speed(t)
            tRate = speed > 0 ? pRate * length / speed : 0
        case .linear:
            var i = 0
            while i + 1 < path.segmentCount && keyTimes[i + 1] <= p { i += 1 }
            let width = keyTimes[i + 1] - keyTimes[i]
            segment = i
            t = width > 0 ? Swift.min(Swift.max((p - keyTimes[i]) / width, 0), 1) : 1
            tRate = width > 0 ? pRate / width : 0
        }
        let point = path.evaluate(segment: segment, t: t)
        var rotation = 0.0
        if rotationMode != .none {
            let tangent = point.derivative
            rotation = Double.atan2(y: tangent.y, x: tangent.x) + (rotationMode == .autoReverse ? Double.pi : 0)
        }
        return Sample(position: PresentedState(value: point.point, velocity: tRate * point.derivative), rotation: rotation)
    }
}
