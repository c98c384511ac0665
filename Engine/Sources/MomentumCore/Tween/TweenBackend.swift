/// A Bézier-tween backend for 2-D points with iOS 8 additive retargeting (conforms to `AnimationBackend`).
///
/// The presented value is `target + Σ offsetᵢ(t)`, each layer an `AdditiveTween` lasting `duration` (its offset
/// and velocity are written out there).
/// - `start(from:velocity:to:)` makes one layer, the hand-off (`AdditiveTween.handOff`): it leaves the value with
///   exactly the velocity, in any direction. With zero velocity the configured timing function is used.
/// - `retarget(to:)` in `.additive` mode adds a layer from (old target − new target) to zero with
///   `retargetTimingFunction` (flat start by default, so velocity stays continuous) while older layers finish.
///   `.beginFromCurrentState` replaces every layer by one from the presented value (the velocity jumps: kept for
///   comparison).
/// Layers are stored in a reserved `ContiguousArray`; advancing and reading never allocate.
public struct TweenBackend: AnimationBackend, Sendable {
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
    private var layers = ContiguousArray<AdditiveTween>()

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
        let time = time
        // Read the layers in place: copying a layer copies its timing function (retain/release of its payload).
        layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                let offset = layers[i].offset(at: time)
                value += offset.value
                velocity += offset.velocity
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
        if let handOff = AdditiveTween.handOff(from: value, velocity: velocity, to: target, at: time,
                                               duration: duration, timingFunction: timingFunction) {
            layers.append(handOff)
        }
    }

    /// Changes the destination, keeping the presented value (and, additively, the velocity) continuous.
    public mutating func retarget(to newTarget: SIMD2<Double>) {
        if newTarget == target { return }
        switch retargetMode {
        case .additive:
            layers.append(AdditiveTween(retargetingFrom: target, to: newTarget, at: time, duration: duration,
                                        timingFunction: retargetTimingFunction))
            target = newTarget
        case .beginFromCurrentState:
            let state = presented
            layers.removeAll(keepingCapacity: true)
            target = newTarget
            layers.append(AdditiveTween(begin: time, duration: duration, from: state.value - newTarget,
                                        timingFunction: timingFunction))
        }
    }

    /// Advances simulated time by `dt` seconds and drops layers that have finished (they contribute zero).
    public mutating func advance(by dt: Double) {
        guard dt > 0 else { return }
        time += dt
        let now = time
        // Layers are in begin order, so the finished ones are a prefix; most frames have none to drop.
        var finished = 0
        while finished < layers.count && layers[finished].isFinished(at: now) { finished += 1 }
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
