import RealModule

/// Exponential decay of a flick (pop's POPDecayAnimation, UIScrollView's deceleration rate), in closed form.
///
/// Velocity falls by `rate` per millisecond: v(t) = v₀·d^(1000t). Integrating, the position is
/// x(t) = x₀ + v₀·(d^(1000t) − 1)/(1000·ln d), evaluated with expm1 so short times do not cancel, and the
/// landing point (t → ∞) is x₀ − v₀/(1000·ln d). Everything is analytic in elapsed time: no steps, no time loss.
public struct Decay: Equatable, Sendable {
    /// UIScrollView's normal deceleration rate and pop's default: 0.998 per millisecond.
    public static let normalRate = 0.998
    /// UIScrollView's fast deceleration rate: 0.99 per millisecond.
    public static let fastRate = 0.99

    /// Fraction of velocity kept per millisecond, in (0, 1).
    public let rate: Double
    /// 1000·ln(rate): the (negative) exponential decay constant per second.
    private let decayPerSecond: Double

    /// Decay keeping `rate` of the velocity each millisecond.
    public init(rate: Double = Decay.normalRate) {
        precondition(rate > 0 && rate < 1, "decay rate must lie in (0, 1)")
        self.rate = rate
        self.decayPerSecond = 1000 * Double.log(rate)
    }

    /// Velocity `t` seconds after starting at `initialVelocity`.
    public func velocity(initialVelocity: SIMD2<Double>, at t: Double) -> SIMD2<Double> {
        Double.exp(decayPerSecond * t) * initialVelocity
    }

    /// Position `t` seconds after starting at `origin` with `initialVelocity`.
    public func position(from origin: SIMD2<Double>, initialVelocity: SIMD2<Double>, at t: Double) -> SIMD2<Double> {
        origin + (Double.expMinusOne(decayPerSecond * t) / decayPerSecond) * initialVelocity
    }

    /// Where the motion ends (the limit as t → ∞).
    public func landingPoint(from origin: SIMD2<Double>, initialVelocity: SIMD2<Double>) -> SIMD2<Double> {
        origin - initialVelocity / decayPerSecond
    }

    /// Time until the speed falls below `speed` (0 if it already is).
    public func duration(initialVelocity: SIMD2<Double>, untilSpeedBelow speed: Double) -> Double {
        let initialSpeed = (initialVelocity * initialVelocity).sum().squareRoot()
        guard initialSpeed > speed, speed > 0 else { return 0 }
        return Double.log(speed / initialSpeed) / decayPerSecond
    }

    /// The initial velocity that makes a flick from `origin` land exactly on `destination`.
    public func initialVelocity(from origin: SIMD2<Double>, toLandAt destination: SIMD2<Double>) -> SIMD2<Double> {
        (origin - destination) * decayPerSecond
    }
}
