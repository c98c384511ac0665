/// One running animation of a layer property: a closed set of the pluggable backends, so the animator stores
/// them in one contiguous array and dispatches with a switch (no existentials, no allocation per frame).
///
/// Values are 2-D points; a scalar property (scale, rotation, opacity) animates in `x` with `y` held at 0. Every
/// case keeps the `AnimationBackend` contract, so switching a property from one backend to another hands over the
/// presented value and velocity (`interrupt()` on the old, `start(from:velocity:to:)` on the new).
public enum PropertyAnimation: AnimationBackend, Sendable {
    /// A fixed-step spring (exact damped oscillator, Hermite presentation).
    case spring(SpringAnimation)
    /// A UIKit-Dynamics attachment on a one-item world.
    case dynamics(DynamicsBackend)
    /// A Bézier tween with additive retargeting (Core Animation semantics).
    case tween(TweenBackend)
    /// A flick's exponential decay toward where it lands (pop's decay; `retarget` keeps the motion as it is).
    case decay(DecayAnimation)
    /// Core Animation's timed animations (basic, keyframe, group, path) stacked on the property's model value.
    case timed(TimedAnimationStack)

    /// Which backend runs the animation.
    public enum Kind: UInt8, Sendable, Hashable {
        /// `.spring`.
        case spring
        /// `.dynamics`.
        case dynamics
        /// `.tween`.
        case tween
        /// `.decay`.
        case decay
        /// `.timed`.
        case timed
    }

    /// Which backend runs the animation.
    @inlinable
    public var kind: Kind {
        switch self {
        case .spring: .spring
        case .dynamics: .dynamics
        case .tween: .tween
        case .decay: .decay
        case .timed: .timed
        }
    }

    /// Where the motion is heading.
    @inlinable
    public var target: SIMD2<Double> {
        switch self {
        case .spring(let a): a.target
        case .dynamics(let a): a.target
        case .tween(let a): a.target
        case .decay(let a): a.target
        case .timed(let a): a.target
        }
    }

    /// The value to draw now.
    @inlinable
    public var presentedValue: SIMD2<Double> { presentedState.value }

    /// The velocity of the presented value now.
    @inlinable
    public var presentedVelocity: SIMD2<Double> { presentedState.velocity }

    /// Value and velocity together.
    @inlinable
    public var presentedState: PresentedState<SIMD2<Double>> {
        switch self {
        case .spring(let a): a.presentedState
        case .dynamics(let a): a.presentedState
        case .tween(let a): a.presentedState
        case .decay(let a): a.presentedState
        case .timed(let a): a.presentedState
        }
    }

    /// True when further advances cannot change the presented value.
    @inlinable
    public var isAtRest: Bool {
        switch self {
        case .spring(let a): a.isAtRest
        case .dynamics(let a): a.isAtRest
        case .tween(let a): a.isAtRest
        case .decay(let a): a.isAtRest
        case .timed(let a): a.isAtRest
        }
    }

    /// Sets when a spring or a decay counts as settled (the property's visible step on its output); the dynamics
    /// backend sleeps by its world's thresholds and a tween ends on time, so they ignore it.
    public mutating func setRestThreshold(_ threshold: RestThreshold) {
        switch self {
        case .spring(var a):
            a.restThreshold = threshold
            self = .spring(a)
        case .decay(var a):
            a.restThreshold = threshold
            self = .decay(a)
        case .dynamics, .tween, .timed:
            break
        }
    }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        switch self {
        case .spring(var a): a.start(from: value, velocity: velocity, to: target); self = .spring(a)
        case .dynamics(var a): a.start(from: value, velocity: velocity, to: target); self = .dynamics(a)
        case .tween(var a): a.start(from: value, velocity: velocity, to: target); self = .tween(a)
        case .decay(var a): a.start(from: value, velocity: velocity, to: target); self = .decay(a)
        case .timed(var a): a.start(from: value, velocity: velocity, to: target); self = .timed(a)
        }
    }

    /// Changes the destination, keeping the presented value and velocity continuous.
    public mutating func retarget(to target: SIMD2<Double>) {
        switch self {
        case .spring(var a): a.retarget(to: target); self = .spring(a)
        case .dynamics(var a): a.retarget(to: target); self = .dynamics(a)
        case .tween(var a): a.retarget(to: target); self = .tween(a)
        case .decay(var a): a.retarget(to: target); self = .decay(a)
        case .timed(var a): a.retarget(to: target); self = .timed(a)
        }
    }

    /// Advances simulated time by `dt` seconds.
    @inlinable
    public mutating func advance(by dt: Double) {
        switch self {
        case .spring(var a): a.advance(by: dt); self = .spring(a)
        case .dynamics(var a): a.advance(by: dt); self = .dynamics(a)
        case .tween(var a): a.advance(by: dt); self = .tween(a)
        case .decay(var a): a.advance(by: dt); self = .decay(a)
        case .timed(var a): a.advance(by: dt); self = .timed(a)
        }
    }

    /// Stops the motion and returns the presented value and velocity at this instant.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        switch self {
        case .spring(var a):
            let state = a.interrupt()
            self = .spring(a)
            return state
        case .dynamics(var a):
            let state = a.interrupt()
            self = .dynamics(a)
            return state
        case .tween(var a):
            let state = a.interrupt()
            self = .tween(a)
            return state
        case .decay(var a):
            let state = a.interrupt()
            self = .decay(a)
            return state
        case .timed(var a):
            let state = a.interrupt()
            self = .timed(a)
            return state
        }
    }
}
