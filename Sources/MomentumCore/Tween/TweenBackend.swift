/// A Bézier-tween backend for 2-D points with iOS 8 additive retargeting (conforms to `AnimationBackend`).
///
/// The presented value is `target + Σ offsetᵢ(t)`. Each layer i began at `beginᵢ` and lasts `duration`; its
/// offset is `fromᵢ · (1 − f(p)) + carryᵢ · D · h(p)` with p = (t − beginᵢ)/D, f the layer's timing function and
/// h(p) = p(1 − p)² the Hermite basis that starts with slope 1 and ends flat. Its velocity is
/// `(−fromᵢ · f′(p) + carryᵢ · D · h′(p)) / D`.
/// - `start(from:velocity:to:)` makes one layer with `from = value − target`. The part of the velocity along the
///   move is carried by a hand-off Bézier whose start slope is v∥ · D / |Δ| (`CubicBezier.matchingInitialSlope`);
///   the perpendicular part by `carry`. With zero velocity the configured timing function is used.
/// - `retarget(to:)` in `.additive` mode adds a layer from (old target − new target) to zero with
///   `retargetTimingFunction` (flat start by default, so velocity stays continuous) while older layers finish.
///   `.beginFromCurrentState` replaces every layer by one from the presented value (the velocity jumps: kept for
///   comparison).
/// Layers are stored in a reserved `ContiguousArray`; advancing and reading never allocate.
public struct TweenBackend: AnimationBackend, Sendable {
    /// How `retarget(to:)` composes with the running motion.
    public enum RetargetMode: Sendable, Hashable {
        /// Add a new additive layer; value and velocity continuous.
        case additive
        /// Restart from the presented value; value continuous, velocity jumps.
        case beginFromCurrentState
    }

    struct Layer: Sendable {
        var begin: Double
        var from: SIMD2<Double>
        var carry: SIMD2<Double>
        var timingFunction: TimingFunction
    }

    /// Duration of every layer (seconds).
    public let duration: Double
    /// Timing function of a motion that starts without velocity, and of `.beginFromCurrentState` restarts.
    public let timingFunction: TimingFunction
    /// Timing function of additive retarget layers (should start flat for velocity continuity).
    public let retargetTimingFunction: TimingFunction
    /// How retargeting composes.
    public let retargetMode: RetargetMode

    /// Where the motion is heading (the model value).
    public private(set) var target: SIMD2<Double>
    /// Simulated time since creation (seconds).
    public private(set) var time: Double = 0
    private var layers = ContiguousArray<Layer>()

    /// A backend at rest at `point`; defaults: 0.4 s, easeInEaseOut for both starts and retargets, additive.
    public init(duration: Double = 0.4, timingFunction: TimingFunction = .easeInEaseOut,
                retargetTimingFunction: TimingFunction = .easeInEaseOut, retargetMode: RetargetMode = .additive,
                at point: SIMD2<Double>) {
        precondition(duration > 0, "tween duration must be positive")
        self.duration = duration
        self.timingFunction = timingFunction
        self.retargetTimingFunction = retargetTimingFunction
        self.retargetMode = retargetMode
        self.target = point
        layers.reserveCapacity(8)
    }

    /// Number of layers still running.
    public var layerCount: Int { layers.count }

    /// The point to draw now.
    public var presentedValue: SIMD2<Double> { presented.value }

    /// The point's velocity now.
    public var presentedVelocity: SIMD2<Double> { presented.velocity }

    /// Value and velocity together, from one pass over the layers.
    public var presentedState: PresentedState<SIMD2<Double>> { presented }

    /// Value and velocity together.
    public var presented: PresentedState<SIMD2<Double>> {
        var value = target
        var velocity = SIMD2<Double>.zero
        let time = time, duration = duration
        // Read the layers in place: copying a layer copies its timing function (retain/release of its payload).
        layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                let p = Swift.min(Swift.max((time - layers[i].begin) / duration, 0), 1)
                let eased = layers[i].timingFunction.valueAndSlope(at: p)
                let q = 1 - p
                let h = p * q * q
                let dh = q * (1 - 3 * p)
                value += (1 - eased.value) * layers[i].from + (duration * h) * layers[i].carry
                if p < 1 { velocity += (-eased.slope / duration) * layers[i].from + dh * layers[i].carry }
            }
        }
        return PresentedState(value: value, velocity: velocity)
    }

    /// True when no layer is running.
    public var isAtRest: Bool { layers.isEmpty }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        layers.removeAll(keepingCapacity: true)
        self.target = target
        let delta = target - value
        let distanceSquared = (delta * delta).sum()
        if velocity == .zero && distanceSquared == 0 { return }
        var curve = timingFunction
        var carry = velocity
        if velocity != .zero && distanceSquared > 0 {
            let relative = (velocity * delta).sum() / distanceSquared  // v∥ / |Δ| in 1/s
            curve = .cubicBezier(.matchingInitialSlope(relative * duration))
            carry = velocity - relative * delta
        }
        layers.append(Layer(begin: time, from: value - target, carry: carry, timingFunction: curve))
    }

    /// Changes the destination, keeping the presented value (and, additively, the velocity) continuous.
    public mutating func retarget(to newTarget: SIMD2<Double>) {
        if newTarget == target { return }
        switch retargetMode {
        case .additive:
            layers.append(Layer(begin: time, from: target - newTarget, carry: .zero,
                                timingFunction: retargetTimingFunction))
            target = newTarget
        case .beginFromCurrentState:
            let state = presented
            layers.removeAll(keepingCapacity: true)
            target = newTarget
            layers.append(Layer(begin: time, from: state.value - newTarget, carry: .zero,
                                timingFunction: timingFunction))
        }
    }

    /// Advances simulated time by `dt` seconds and drops layers that have finished (they contribute zero).
    public mutating func advance(by dt: Double) {
        guard dt > 0 else { return }
        time += dt
        let now = time
        let length = duration
        // Layers are in begin order, so the finished ones are a prefix; most frames have none to drop.
        var finished = 0
        while finished < layers.count && now - layers[finished].begin >= length { finished += 1 }
        if finished > 0 { layers.removeFirst(finished) }
    }

    /// Stops the motion where it is and returns the presented value and velocity at this instant.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = presented
        layers.removeAll(keepingCapacity: true)
        target = state.value
        return state
    }
}
