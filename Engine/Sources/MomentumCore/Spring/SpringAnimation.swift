/// A spring animation of a vector value (`SpringAnimation`: a 2-D point; `VectorSpring`: 1–4 components), advanced in fixed steps of exactly `stepDuration` with the
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
///
/// Hot and cold data (Box2D's way): a tick reads the flags, the lead, one cached jump, the propagator and the
/// state, which come first and are stored in the value's own width (a 2-D spring keeps `SIMD2`s, 216 bytes in all,
/// where a spring stored as four-component vectors with two cached jumps took 352). Only Pⁿ at the cached exponent
/// is kept; Pⁿ⁺¹, which a 60 Hz display needs every other frame, is that times P (twelve flops instead of 32 more
/// bytes a spring to stream through).
public struct Spring<Vector: SIMD & Sendable>: Sendable where Vector.Scalar == Double {
    /// The fixed internal step: 1 ms. Small enough that the Hermite presentation error stays below 1e-3 px on a
    /// 500 px move even for k = 1e4 (error ≈ h⁴·ω⁴·A/384), cheap enough (about 17 two-by-two updates per
    /// 60 Hz frame) to run many springs.
    @inlinable public static var stepDuration: Double { 0.001 }

    // Hot: read by every tick.
    /// `isAtRest`.
    @usableFromInline var resting: Bool
    /// Components used by the `AnimatableVector` API (1 … the vector's width).
    @usableFromInline let count: UInt8
    /// Simulated time of the current state minus display time, in [0, stepDuration).
    @usableFromInline var lead: Double
    /// The cached jump: `cachedJump` = P^`jumpExponent`.
    @usableFromInline var jumpExponent: Int
    @usableFromInline var cachedJump: DampedOscillatorPropagator
    @usableFromInline let propagator: DampedOscillatorPropagator
    // State relative to the target (displacement), so rounding scales with the distance still to travel,
    // not with the magnitude of the coordinates.
    @usableFromInline var previousDisplacement: Vector
    @usableFromInline var previousVelocity: Vector
    @usableFromInline var currentDisplacement: Vector
    @usableFromInline var currentVelocity: Vector
    /// `target`.
    @usableFromInline var goal: Vector
    /// When the spring counts as settled.
    public var restThreshold: RestThreshold
    // Cold: read only when asked.
    /// Spring constants.
    public private(set) var parameters: SpringParameters

    /// A spring at `value` moving with `velocity` toward `target` (at rest at `value` when `target` is nil).
    public init(
        parameters: SpringParameters = SpringParameters(),
        restThreshold: RestThreshold = .position,
        value: Vector,
        velocity: Vector = .zero,
        target: Vector? = nil
    ) {
        self.init(parameters: parameters, restThreshold: restThreshold, count: Vector.scalarCount, at: value)
        start(from: value, velocity: velocity, to: target ?? value)
    }

    private init(parameters: SpringParameters, restThreshold: RestThreshold, count: Int, at value: Vector) {
        self.parameters = parameters
        self.restThreshold = restThreshold
        let propagator = DampedOscillatorPropagator(parameters: parameters, duration: Self.stepDuration)
        self.propagator = propagator
        self.jumpExponent = 0
        self.cachedJump = .identity
        self.count = UInt8(count)
        self.goal = value
        self.resting = true
        self.previousDisplacement = .zero
        self.previousVelocity = .zero
        self.currentDisplacement = .zero
        self.currentVelocity = .zero
        self.lead = 0
    }

    /// True once settled (snapped to the target) or interrupted.
    @inlinable public var isAtRest: Bool { resting }
    /// The value the spring pulls toward.
    @inlinable public var target: Vector { goal }

    /// The value to draw now.
    @inlinable
    public var presentedValue: Vector { presentedStorage.value }
    /// The velocity now.
    @inlinable
    public var presentedVelocity: Vector { presentedStorage.velocity }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    @inlinable
    public mutating func start(from value: Vector, velocity: Vector, to target: Vector) {
        goal = target
        previousDisplacement = value - target
        previousVelocity = velocity
        currentDisplacement = previousDisplacement
        currentVelocity = velocity
        lead = 0
        resting = false
        settleIfAtRest()
    }

    /// Changes the destination mid-flight. The presented state at this instant becomes the new initial state,
    /// so presented value and velocity are continuous; the step grid restarts here (no time is lost).
    @inlinable
    public mutating func retarget(to target: Vector) {
        let (value, velocity) = presentedStorage
        start(from: value, velocity: velocity, to: target)
    }

    /// Stops and returns the presented value and velocity; the spring then rests at that value.
    @inlinable
    public mutating func interruptState() -> (value: Vector, velocity: Vector) {
        let state = presentedStorage
        goal = state.value
        rest()
        return state
    }

    /// Advances simulated time by `dt` seconds in whole fixed steps, carrying the remainder.
    @inlinable
    public mutating func advance(by dt: Double) {
        guard !resting, dt > 0 else { return }
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
    @inlinable static var maximumJump: Double { 0x1p52 }

    /// Pⁿ for n ≥ 0: the cached power, or the next one (cached power · P), or a new power by binary powering.
    @inlinable mutating func jump(_ n: Int) -> DampedOscillatorPropagator {
        if n == jumpExponent { return cachedJump }
        if n == jumpExponent + 1 { return cachedJump.then(propagator) }
        jumpExponent = n
        cachedJump = propagator.power(n)
        return cachedJump
    }

    // Always inlined: as a call it made every settle test copy the whole spring to the stack.
    @inlinable @inline(__always)
    var presentedStorage: (value: Vector, velocity: Vector) {
        if lead == 0 { return (goal + currentDisplacement, currentVelocity) }
        let h = Self.stepDuration
        let (displacement, velocity) = CubicHermite.interpolate(
            x0: previousDisplacement, v0: previousVelocity, x1: currentDisplacement, v1: currentVelocity,
            step: h, fraction: 1 - lead / h)
        return (goal + displacement, velocity)
    }

    /// `restThreshold.isSettled` on the presented state (this runs once per spring per frame).
    @inlinable mutating func settleIfAtRest() {
        let (value, velocity) = presentedStorage
        guard restThreshold.isSettled(displacement: value - goal, velocity: velocity) else { return }
        rest()
    }

    /// At rest on the target: no displacement, no velocity, the step grid on the display time.
    @inlinable mutating func rest() {
        previousDisplacement = .zero
        currentDisplacement = .zero
        previousVelocity = .zero
        currentVelocity = .zero
        lead = 0
        resting = true
    }
}

/// The app's spring: a 2-D point (position, or a scalar in x), the backend the animator runs.
public typealias SpringAnimation = Spring<SIMD2<Double>>
/// A spring of 1–4 components (a colour, a rectangle) through `AnimatableVector`.
public typealias VectorSpring = Spring<SIMD4<Double>>

// MARK: AnimatableVector

extension Spring {
    /// A spring at `value` moving with `velocity` toward `target` (at rest at `value` when `target` is nil), for
    /// values of up to the vector's width in components.
    public init(
        parameters: SpringParameters = SpringParameters(),
        restThreshold: RestThreshold = .position,
        value: AnimatableVector,
        velocity: AnimatableVector? = nil,
        target: AnimatableVector? = nil
    ) {
        precondition(value.count <= Vector.scalarCount, "a \(Vector.scalarCount)-component spring cannot hold \(value.count)")
        self.init(parameters: parameters, restThreshold: restThreshold, count: value.count, at: Self.narrow(value))
        start(from: value, velocity: velocity ?? .zero(count: value.count), to: target ?? value)
    }

    /// Number of components animated.
    public var componentCount: Int { Int(count) }

    /// The value the spring pulls toward.
    public var targetVector: AnimatableVector { widen(goal) }

    /// The value and velocity to draw now.
    public var presented: (value: AnimatableVector, velocity: AnimatableVector) {
        let (value, velocity) = presentedStorage
        return (widen(value), widen(velocity))
    }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    public mutating func start(from value: AnimatableVector, velocity: AnimatableVector, to target: AnimatableVector) {
        precondition(value.count == componentCount && velocity.count == componentCount
                     && target.count == componentCount, "component counts differ")
        start(from: Self.narrow(value), velocity: Self.narrow(velocity), to: Self.narrow(target))
    }

    /// Changes the destination mid-flight, keeping the presented value and velocity continuous.
    public mutating func retarget(to target: AnimatableVector) {
        precondition(target.count == componentCount, "component counts differ")
        retarget(to: Self.narrow(target))
    }

    /// Stops and returns the presented value and velocity; the spring then rests at that value.
    public mutating func interruptVector() -> (value: AnimatableVector, velocity: AnimatableVector) {
        let (value, velocity) = interruptState()
        return (widen(value), widen(velocity))
    }

    private static func narrow(_ v: AnimatableVector) -> Vector {
        var result = Vector.zero
        for i in 0..<Swift.min(Vector.scalarCount, 4) { result[i] = v.storage[i] }
        return result
    }

    private func widen(_ v: Vector) -> AnimatableVector {
        var storage = SIMD4<Double>.zero
        for i in 0..<Swift.min(Vector.scalarCount, 4) { storage[i] = v[i] }
        return AnimatableVector(unchecked: storage, count: Int(count))
    }
}
