/// A linear spring `m·x'' = −k·(x − target) − c·x'`, stored as stiffness, damping and mass.
///
/// Every other parameter style converts to and from these three here, in one place:
/// - (response, damping ratio) — SwiftUI/Motion: k = (2π/response)²·m, c = 4π·ζ·m/response.
/// - (duration, bounce) — SwiftUI/Flutter: response = duration, ζ = 1 − bounce (bounce ≥ 0) or
///   ζ = 1/(1 + bounce) (bounce < 0, overdamped).
/// - (frequency Hz, damping ratio) — UIKit Dynamics/Box2D: k = m·(2πf)², c = 2·m·ζ·(2πf).
/// - origami (tension, friction) — Quartz Composer/rebound: k = (T − 30)·3.62 + 194, c = (F − 8)·3 + 25, m = 1.
/// - pop (bounciness, speed) — pop's POPSpringConfigFromBounciness mapping to origami values, then as above.
/// A requested damping ratio is never clamped or altered.
public struct SpringParameters: Equatable, Sendable {
    /// Spring constant k (force per unit displacement).
    public var stiffness: Double
    /// Viscous damping coefficient c (force per unit velocity).
    public var damping: Double
    /// Mass m (> 0).
    public var mass: Double

    /// Physical parameters; the defaults are the seed's hand-driven spring (k 300, c 20, m 1).
    public init(stiffness: Double = 300, damping: Double = 20, mass: Double = 1) {
        precondition(stiffness >= 0 && damping >= 0 && mass > 0, "spring needs k ≥ 0, c ≥ 0, m > 0")
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    /// SwiftUI/Motion style: the undamped period `response` (s) and the damping ratio ζ.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        precondition(response > 0, "response must be positive")
        let omega = 2 * Double.pi / response
        self.init(stiffness: omega * omega * mass, damping: 2 * dampingRatio * omega * mass, mass: mass)
    }

    /// SwiftUI/Flutter style: perceptual `duration` (s) and `bounce` in (−1, 1); 0 is critically damped.
    public init(duration: Double, bounce: Double, mass: Double = 1) {
        precondition(bounce > -1 && bounce < 1, "bounce must lie in (−1, 1)")
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: dampingRatio, mass: mass)
    }

    /// UIKit Dynamics/Box2D style: natural `frequency` in Hz and damping ratio ζ.
    public init(frequency: Double, dampingRatio: Double, mass: Double = 1) {
        precondition(frequency > 0, "frequency must be positive")
        self.init(response: 1 / frequency, dampingRatio: dampingRatio, mass: mass)
    }

    /// Origami/rebound style: Quartz Composer tension and friction (mass 1).
    public init(origamiTension tension: Double, friction: Double) {
        self.init(stiffness: tension == 0 ? 0 : (tension - 30) * 3.62 + 194,
                  damping: friction == 0 ? 0 : (friction - 8) * 3 + 25,
                  mass: 1)
    }

    /// pop style: `bounciness` and `speed` (pop defaults 4 and 12), mapped as pop does via origami values.
    public init(popBounciness bounciness: Double, speed: Double) {
        let tension = 0.5 + (speed / 1.7 / 20) * (200 - 0.5)
        let b = (bounciness / 1.7 / 20) * 0.8
        let t = 2 * b - b * b                           // pop's quadratic-out interpolation
        let friction = t * 0.01 + (1 - t) * Self.popFrictionWithoutBounce(tension: tension)
        self.init(origamiTension: tension, friction: friction)
    }

    /// Natural angular frequency ω₀ = √(k/m) in rad/s.
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(k·m)); infinite for k = 0 with damping.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped period 2π/ω₀ in seconds (SwiftUI's response).
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// Natural frequency in Hz.
    public var frequency: Double { angularFrequency / (2 * Double.pi) }

    /// SwiftUI's perceptual duration (equal to the response).
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − ζ when underdamped, 1/ζ − 1 when overdamped.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// Origami tension (exact only for mass 1, the origami convention).
    public var origamiTension: Double { stiffness == 0 ? 0 : (stiffness - 194) / 3.62 + 30 }

    /// Origami friction (exact only for mass 1, the origami convention).
    public var origamiFriction: Double { damping == 0 ? 0 : (damping - 25) / 3 + 8 }

    /// pop's speed, inverting pop's mapping.
    public var popSpeed: Double { (origamiTension - 0.5) / (200 - 0.5) * 20 * 1.7 }

    /// pop's bounciness, inverting pop's mapping.
    public var popBounciness: Double {
        let tension = origamiTension
        let noBounce = Self.popFrictionWithoutBounce(tension: tension)
        let t = (noBounce - origamiFriction) / (noBounce - 0.01)
        let b = 1 - (1 - t).squareRoot()
        return b / 0.8 * 20 * 1.7
    }

    /// pop's `b3_nobounce`: the origami friction that gives no bounce at a given origami tension.
    static func popFrictionWithoutBounce(tension x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }
}
