/// `Decay` (a flick's exponential slow-down, pop's `POPDecayAnimation`) as an animation backend, so a layer property
/// or `momentum trace` can run it like the others. Position and velocity are the closed form in elapsed time; its
/// target is the landing point.
///
/// A decay has no destination of its own to move: `retarget(to:)` keeps value and velocity (as the protocol
/// demands) and re-aims nothing, which is why `momentum trace` refuses `--retarget` with `--backend decay`.
public struct DecayAnimation: AnimationBackend, Sendable {
    private let decay: Decay
    private var origin: SIMD2<Double>
    private var initialVelocity: SIMD2<Double>
    private var elapsed: Double = 0
    /// True once settled (within `restThreshold` of the landing point) or interrupted.
    public private(set) var isAtRest = true
    /// When the flick counts as landed (distance to the landing point and speed).
    public var restThreshold = RestThreshold.position

    /// A decay at rest at `point`, keeping `rate` of its velocity per millisecond.
    public init(rate: Double = Decay.normalRate, at point: SIMD2<Double>) {
        decay = Decay(rate: rate)
        origin = point
        initialVelocity = .zero
    }

    /// The landing point.
    public var target: SIMD2<Double> { decay.landingPoint(from: origin, initialVelocity: initialVelocity) }

    /// The point to draw now.
    public var presentedValue: SIMD2<Double> {
        isAtRest ? target : decay.position(from: origin, initialVelocity: initialVelocity, at: elapsed)
    }

    /// The point's velocity now.
    public var presentedVelocity: SIMD2<Double> {
        isAtRest ? .zero : decay.velocity(initialVelocity: initialVelocity, at: elapsed)
    }

    /// Starts a flick from `value` with `velocity`; `target` is ignored (the velocity decides the landing point).
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        origin = value
        initialVelocity = velocity
        elapsed = 0
        isAtRest = false
        settleIfAtRest()
    }

    /// Keeps the motion as it is (see the type's note).
    public mutating func retarget(to target: SIMD2<Double>) {}

    /// Advances elapsed time by `dt` seconds.
    public mutating func advance(by dt: Double) {
        guard !isAtRest, dt > 0 else { return }
        elapsed += dt
        settleIfAtRest()
    }

    /// Stops where it is presented and returns the presented value and velocity.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = PresentedState(value: presentedValue, velocity: presentedVelocity)
        origin = state.value
        initialVelocity = .zero
        elapsed = 0
        isAtRest = true
        return state
    }

    private mutating func settleIfAtRest() {
        let value = decay.position(from: origin, initialVelocity: initialVelocity, at: elapsed)
        let velocity = decay.velocity(initialVelocity: initialVelocity, at: elapsed)
        let distance = ((target - value) * (target - value)).sum().squareRoot()
        let speed = (velocity * velocity).sum().squareRoot()
        if distance < restThreshold.distance && speed < restThreshold.speed { isAtRest = true }
    }
}
