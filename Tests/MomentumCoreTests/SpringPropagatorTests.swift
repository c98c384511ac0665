import RealModule
import MomentumTestSupport
import Testing
@testable import MomentumCore

/// The one-step map on long steps, where the trigonometric and two-exponential branches are used (the 1 ms
/// engine step with ordinary springs stays in the series branch), and right at the branch boundaries |μh²| = 1.
@Suite struct SpringPropagatorTests {
    struct Case: Sendable, CustomStringConvertible {
        let k: Double, c: Double, m: Double, h: Double
        var description: String { "k\(k) c\(c) m\(m) h\(h)" }
    }

    static let cases: [Case] = [
        Case(k: 300, c: 20, m: 1, h: 0.05), Case(k: 300, c: 20, m: 1, h: 0.7),       // underdamped, z > 1
        Case(k: 300, c: 60, m: 1, h: 0.3), Case(k: 1e4, c: 1e3, m: 1, h: 0.04),      // overdamped, z < −1
        Case(k: 10, c: 2000, m: 1, h: 2),                                            // very overdamped
        Case(k: 300, c: 2 * 300.0.squareRoot(), m: 1, h: 1.5),                       // critical at a long step
        Case(k: 0, c: 5, m: 2, h: 1),                                                // pure drag (k = 0)
        Case(k: 200, c: 20, m: 2, h: 0.1), Case(k: 200, c: 20, m: 2, h: 0.1 * (1 + 1e-12)),  // |z| = 1 boundary
    ]

    @Test(arguments: cases)
    func oneLongStepMatchesClosedForm(_ c: Case) {
        let parameters = SpringParameters(stiffness: c.k, damping: c.c, mass: c.m)
        let step = DampedOscillatorPropagator(parameters: parameters, duration: c.h)
        let (x0, v0) = (-500.0, 900.0)
        let x = step.dd * x0 + step.dv * v0
        let v = step.vd * x0 + step.vv * v0
        let expected: (x: Double, v: Double)
        if c.k == 0 {
            // x' = v, v' = −(c/m)v: v = v0·e^{−ct/m}, x = x0 + v0·m/c·(1 − e^{−ct/m}).
            let e = Double.exp(-c.c / c.m * c.h)
            expected = (x0 + v0 * c.m / c.c * (1 - e), v0 * e)
        } else {
            expected = ClosedFormOscillator(stiffness: c.k, damping: c.c, mass: c.m).state(x0: x0, v0: v0, at: c.h)
        }
        #expect((x - expected.x).magnitude <= 1e-9 * 500, "x \(x) vs \(expected.x)")
        #expect((v - expected.v).magnitude <= 1e-9 * 5000, "v \(v) vs \(expected.v)")
    }
}
