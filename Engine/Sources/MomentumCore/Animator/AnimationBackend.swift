/// A simulation that moves a 2-D point toward a target, advanced only by explicit time steps.
///
/// The contract every backend (spring, tween, dynamics) keeps, so a scene can swap one for another:
/// - Units: value in points (or any linear unit), velocity in units per second, time in seconds.
/// - Configuration (stiffness, duration, timing function, attachment …) is given to the backend's own
///   initialiser; the protocol covers only motion.
/// - `start(from:velocity:to:)` begins a motion from an explicit value and an absolute velocity *vector*
///   (the hand-off from a gesture or from another backend). Afterwards `presentedValue == value` and
///   `presentedVelocity == velocity` until the next `advance`.
/// - `advance(by:)` is the only way time passes (`dt ≥ 0`, real elapsed seconds). It must not depend on a
///   nominal frame length and must not lose time: two advances by `a` and `b` land where one advance by
///   `a + b` lands (to rounding). Clamping long hitches is the driver's job (`Animator`), not the backend's.
/// - `presentedValue` / `presentedVelocity` are what to draw now, after the last advance. Reading them never
///   changes the simulation.
/// - `retarget(to:)` changes the destination mid-flight. At that instant the presented value and velocity are
///   unchanged (position and velocity stay continuous); only later motion differs.
/// - `interrupt()` stops the motion and hands back the presented value and velocity at this instant; the
///   backend is then at rest at that value (its target becomes that value).
/// - `isAtRest` is true when further advances cannot change the presented value (settled or interrupted);
///   the driver stops its display link when every backend is at rest.
public protocol AnimationBackend {
    /// Where the motion is heading.
    var target: SIMD2<Double> { get }
    /// The value to draw now.
    var presentedValue: SIMD2<Double> { get }
    /// The velocity (units per second) of the presented value now.
    var presentedVelocity: SIMD2<Double> { get }
    /// Value and velocity together (a backend that computes both at once can say so).
    var presentedState: PresentedState<SIMD2<Double>> { get }
    /// True when further advances cannot change the presented value.
    var isAtRest: Bool { get }
    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>)
    /// Changes the destination, keeping the presented value and velocity continuous.
    mutating func retarget(to target: SIMD2<Double>)
    /// Advances simulated time by `dt` seconds (`dt ≥ 0`).
    mutating func advance(by dt: Double)
    /// Stops the motion and returns the presented value and velocity at this instant.
    mutating func interrupt() -> PresentedState<SIMD2<Double>>
}

extension AnimationBackend {
    /// Value and velocity, read one after the other.
    @inlinable
    public var presentedState: PresentedState<SIMD2<Double>> { PresentedState(value: presentedValue, velocity: presentedVelocity) }
}
