import Foundation

/// Textbook closed-form solution of m·x'' + c·x' + k·(x − target) = 0, one formula per damping regime.
/// Written independently of the engine (glibc's exp/sin/cos through Foundation); every test target that checks a
/// spring against the textbook uses this one.
public struct ClosedFormOscillator: Sendable {
    /// Spring constant k.
    public let stiffness: Double
    /// Damping coefficient c.
    public let damping: Double
    /// Mass m.
    public let mass: Double

    /// An oscillator from its constants.
    public init(stiffness: Double, damping: Double, mass: Double) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    /// Displacement and velocity at time t from displacement x0 and velocity v0.
    public func state(x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 - 1e-12 {
            // Underdamped: x = e^{−ζω₀t}(A cos ω_d t + B sin ω_d t).
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega0 * x0) / omegaD
            let e = Foundation.exp(-zeta * omega0 * t)
            let cosine = Foundation.cos(omegaD * t)
            let sine = Foundation.sin(omegaD * t)
            let x = e * (a * cosine + b * sine)
            let v = e * ((b * omegaD - zeta * omega0 * a) * cosine - (a * omegaD + zeta * omega0 * b) * sine)
            return (x, v)
        } else if zeta > 1 + 1e-12 {
            // Overdamped: x = C₁e^{r₁t} + C₂e^{r₂t}.
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root)
            let r2 = -omega0 * (zeta + root)
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            let e1 = Foundation.exp(r1 * t)
            let e2 = Foundation.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        } else {
            // Critically damped: x = e^{−ω₀t}(x₀ + (v₀ + ω₀x₀)t).
            let e = Foundation.exp(-omega0 * t)
            let b = v0 + omega0 * x0
            return (e * (x0 + b * t), e * (b - omega0 * (x0 + b * t)))
        }
    }
}

extension ClosedFormOscillator {
    /// The same motion for each component of a 2-D displacement and velocity.
    public func state(x0: SIMD2<Double>, v0: SIMD2<Double>, at t: Double) -> (x: SIMD2<Double>, v: SIMD2<Double>) {
        let a = state(x0: x0.x, v0: v0.x, at: t), b = state(x0: x0.y, v0: v0.y, at: t)
        return (SIMD2(a.x, b.x), SIMD2(a.v, b.v))
    }

    /// The oscillator with SwiftUI's spring parameters (mass 1): ω = 2π / response, c = 2ζω.
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(stiffness: omega * omega, damping: 2 * dampingRatio * omega, mass: 1)
    }
}
