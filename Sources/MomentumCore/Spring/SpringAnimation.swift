/// A spring animation of a 1–4 component value, advanced in fixed steps of exactly `stepDuration` with the
/// exact propagator of the damped oscillator, and presented by cubic Hermite interpolation.
///
/// Time keeping ("fix your timestep"): the authoritative state is kept at a step boundary at or just after the
/// display time (`lead` ∈ [0, h) seconds ahead), together with the state one step earlier. `advance(by:)` takes
/// as many whole steps as needed to stay ahead, so no time is ever lost or gained, whatever the frame intervals.
/// The n steps of a frame are taken as one jump: the propagator P is exact, so the state one step before the new
/// boundary is Pⁿ⁻¹·x and the new boundary is P·(Pⁿ⁻¹·x). Pⁿ⁻¹ comes from binary powering and is cached together
/// with the next power (a 60 Hz display alternates between n = 16 and 17, so both stay cached).
/// The presented value and velocity are interpolated between those two states and are never written back.
/// Settling is a state test on the presented state (distance AND speed below `restThreshold`, as vector norms),
/// followed by a snap to the target.
public struct SpringAnimation: Sendable {
    /// The fixed internal step: 1 ms. Small enough that the Hermite presentation error stays below 1e-3 px on a
    /// 500 px move even for k = 1e4 (error ≈ h⁴·ω⁴·A/384), cheap enough (about 17 two-by-two updates per
    /// 60 Hz frame) to run many springs.
    public static let stepDuration = 0.001

    /// Spring constants.
    public private(set) var parameters: SpringParameters
    /// When the spring counts as settled.
    public var restThreshold: RestThreshold
    /// The value the spring pulls toward.
    public private(set) var targetVector: AnimatableVector
    /// True once settled (snapped to the target) or interrupted.
    public private(set) var isAtRest: Bool

    private let propagator: DampedOscillatorPropagator
    /// Cached jumps: `lowerJump` = P^`jumpExponent`, `upperJump` = P^(`jumpExponent` + 1).
    private var jumpExponent: Int
    private var lowerJump: DampedOscillatorPropagator
    private var upperJump: DampedOscillatorPropagator
    // State relative to the target (displacement), so rounding scales with the distance still to travel,
    // not with the magnitude of the coordinates.
    private var previousDisplacement: SIMD4<Double>
    private var previousVelocity: SIMD4<Double>
    private var currentDisplacement: SIMD4<Double>
    private var currentVelocity: SIMD4<Double>
    /// Simulated time of the current state minus display time, in [0, stepDuration).
    private var lead: Double

    /// A spring at `value` moving with `velocity` toward `target` (at rest at `value` when `target` is nil).
    public init(
        parameters: SpringParameters = SpringParameters(),
        restThreshold: RestThreshold = .position,
        value: AnimatableVector,
        velocity: AnimatableVector? = nil,
        target: AnimatableVector? = nil
    ) {
        self.parameters = parameters
        self.restThreshold = restThreshold
        let propagator = DampedOscillatorPropagator(parameters: parameters, duration: Self.stepDuration)
        self.propagator = propagator
        self.jumpExponent = 0
        self.lowerJump = .identity
        self.upperJump = propagator
        self.targetVector = value
        self.isAtRest = true
        self.previousDisplacement = .zero
        self.previousVelocity = .zero
        self.currentDisplacement = .zero
        self.currentVelocity = .zero
        self.lead = 0
        start(from: value, velocity: velocity ?? .zero(count: value.count), to: target ?? value)
    }

    /// Number of components animated.
    public var componentCount: Int { targetVector.count }

    /// The value and velocity to draw now.
    public var presented: (value: AnimatableVector, velocity: AnimatableVector) {
        let count = targetVector.count
        let (value, velocity) = presentedStorage
        return (AnimatableVector(unchecked: value, count: count), AnimatableVector(unchecked: velocity, count: count))
    }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    public mutating func start(from value: AnimatableVector, velocity: AnimatableVector, to target: AnimatableVector) {
        precondition(value.count == target.count && velocity.count == target.count, "component counts differ")
        targetVector = target
        previousDisplacement = value.storage - target.storage
        previousVelocity = velocity.storage
        currentDisplacement = previousDisplacement
        currentVelocity = velocity.storage
        lead = 0
        isAtRest = false
        settleIfAtRest()
    }

    /// Changes the destination mid-flight. The presented state at this instant becomes the new initial state,
    /// so presented value and velocity are continuous; the step grid restarts here (no time is lost).
    public mutating func retarget(to target: AnimatableVector) {
        precondition(target.count == targetVector.count, "component counts differ")
        let (value, velocity) = presented
        start(from: value, velocity: velocity, to: target)
    }

    /// Stops and returns the presented value and velocity; the spring then rests at that value.
    public mutating func interruptVector() -> (value: AnimatableVector, velocity: AnimatableVector) {
        let state = presented
        targetVector = state.value
        rest()
        return state
    }

    /// Advances simulated time by `dt` seconds in whole fixed steps, carrying the remainder.
    public mutating func advance(by dt: Double) {
        guard !isAtRest, dt > 0 else { return }
        let h = Self.stepDuration
        lead -= dt
        guard lead < 0 else { return settleIfAtRest() }
        // n = the number of whole steps that brings the boundary back to or past the display time.
        var wholeSteps = (-lead / h).rounded(.up)
        if !(wholeSteps < Self.maximumJump) { wholeSteps = Self.maximumJump }  // absurd dt: cap, keep the grid
        var steps = Int(wholeSteps)
        lead += wholeSteps * h
        if lead < 0 {  // rounding left the boundary just behind: one more step
            steps += 1
            lead += h
        } else if lead >= h && steps > 1 {  // rounding took one step too many
            steps -= 1
            lead -= h
        }
        if !lead.isFinite { lead = 0 }  // dt = ∞
        let before = jump(steps - 1)
        let p = propagator
        previousDisplacement = before.dd * currentDisplacement + before.dv * currentVelocity
        previousVelocity = before.vd * currentDisplacement + before.vv * currentVelocity
        currentDisplacement = p.dd * previousDisplacement + p.dv * previousVelocity
        currentVelocity = p.vd * previousDisplacement + p.vv * previousVelocity
        settleIfAtRest()
    }

    /// The most steps taken in one advance (2⁵²: beyond it the accumulator cannot represent a step).
    private static let maximumJump = 0x1p52

    /// Pⁿ for n ≥ 0, from the cache when n is the cached exponent or the next one.
    private mutating func jump(_ n: Int) -> DampedOscillatorPropagator {
        if n == jumpExponent { return lowerJump }
        if n == jumpExponent + 1 { return upperJump }
        jumpExponent = n
        lowerJump = propagator.power(n)
        upperJump = lowerJump.then(propagator)
        return lowerJump
    }

    // Always inlined: as a call it made every settle test copy the whole spring (about 350 bytes) to the stack.
    @inline(__always)
    private var presentedStorage: (SIMD4<Double>, SIMD4<Double>) {
        if lead == 0 { return (targetVector.storage + currentDisplacement, currentVelocity) }
        let h = Self.stepDuration
        let (displacement, velocity) = CubicHermite.interpolate(
            x0: previousDisplacement, v0: previousVelocity, x1: currentDisplacement, v1: currentVelocity,
            step: h, fraction: 1 - lead / h)
        return (targetVector.storage + displacement, velocity)
    }

    /// `restThreshold.isSettled` on the presented state's raw storage (no wrappers: this runs once per spring per
    /// frame).
    private mutating func settleIfAtRest() {
        let (value, velocity) = presentedStorage
        guard restThreshold.isSettled(displacement: value - targetVector.storage, velocity: velocity) else { return }
        rest()
    }

    /// At rest on the target: no displacement, no velocity, the step grid on the display time.
    private mutating func rest() {
        previousDisplacement = .zero
        currentDisplacement = .zero
        previousVelocity = .zero
        currentVelocity = .zero
        lead = 0
        isAtRest = true
    }
}
