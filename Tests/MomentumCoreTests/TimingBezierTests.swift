import Testing
@testable import MomentumCore

/// Independent oracle: Bernstein form, plain bisection on t to 1e-12.
private struct BezierOracle {
    let x1: Double, y1: Double, x2: Double, y2: Double

    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    func bernsteinDerivative(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// 1 − B(t) as a sum of non-negative terms (control points in [0, 1]), precise where B(t) is near 1.
    func complement(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return u * u * u + 3 * u * u * t * (1 - p1) + 3 * u * t * t * (1 - p2)
    }

    /// Bisection on t to 1e-12; above x = ½ it compares 1 − x(t) with 1 − x so both ends keep full precision.
    func parameter(forX x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = 0.5 * (lo + hi)
            let below = x > 0.5 ? complement(x1, x2, mid) > 1 - x : bernstein(x1, x2, mid) < x
            if below { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    func y(_ x: Double) -> Double { bernstein(y1, y2, parameter(forX: x)) }

    func slope(_ x: Double) -> Double {
        let t = parameter(forX: x)
        return bernsteinDerivative(y1, y2, t) / bernsteinDerivative(x1, x2, t)
    }
}

private let curves: [(Double, Double, Double, Double)] = [
    (0, 0, 1, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
    (0.5, 0, 0.9, 0.7), (0, 1, 0, 1), (1, 0, 1, 0), (0.68, -0.55, 0.265, 1.55),
    (0.9, 0, 0.1, 1), (0.05, 0.9, 0.95, 0.1), (0, 0, 0, 1), (1, 1, 1, 1), (0, 0, 0, 0),
]

/// Inputs: a uniform grid plus points crowding both ends, where steep curves are hardest.
private let inputs: [Double] = {
    var xs = (0...2000).map { Double($0) / 2000 }
    var e = 1e-9
    while e < 0.05 { xs.append(e); xs.append(1 - e); e *= 3 }
    return xs
}()

@Suite("Timing: cubic Bézier")
struct TimingBezierTests {
    @Test("output within 1e-6 of a 1e-12 bisection over the whole curve", arguments: curves)
    func valueMatchesBisection(curve: (Double, Double, Double, Double)) throws {
        let bezier = try CubicBezier(curve.0, curve.1, curve.2, curve.3)
        let oracle = BezierOracle(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
        var worst = 0.0
        for x in inputs {
            worst = max(worst, abs(bezier.value(at: x) - oracle.y(x)))
        }
        #expect(worst <= 1e-6, "max |error| \(worst) for \(curve)")
    }

    @Test("slope matches dy/dt ÷ dx/dt at the bisected t", arguments: curves)
    func slopeMatchesAnalytic(curve: (Double, Double, Double, Double)) throws {
        let bezier = try CubicBezier(curve.0, curve.1, curve.2, curve.3)
        let oracle = BezierOracle(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
        var worst = 0.0
        for x in inputs where x > 1e-6 && x < 1 - 1e-6 {
            let expected = oracle.slope(x)
            let got = bezier.slope(at: x)
            // Relative where the curve is steep, absolute where it is flat.
            worst = max(worst, abs(got - expected) / max(1, abs(expected)))
        }
        #expect(worst <= 1e-4, "max slope error \(worst) for \(curve)")
    }

    @Test("an interior vertical tangent (1, 0, 0, 1) is met to the limit of double precision")
    func interiorVerticalTangent() throws {
        // x(t) − ½ ∝ (t − ½)³ around the middle: a 1e-16 rounding of x(t) moves t by ~5e-6 there, in any solver
        // (including the oracle). Away from the middle the usual bar holds.
        let bezier = try CubicBezier(1, 0, 0, 1)
        let oracle = BezierOracle(x1: 1, y1: 0, x2: 0, y2: 1)
        var worstNearMiddle = 0.0, worstElsewhere = 0.0
        for x in inputs {
            let error = abs(bezier.value(at: x) - oracle.y(x))
            if abs(x - 0.5) < 1e-3 {
                worstNearMiddle = max(worstNearMiddle, error)
            } else {
                worstElsewhere = max(worstElsewhere, error)
            }
        }
        #expect(worstElsewhere <= 1e-6, "max |error| away from x = ½: \(worstElsewhere)")
        #expect(worstNearMiddle <= 2e-5, "max |error| near x = ½: \(worstNearMiddle)")
        #expect(bezier.slope(at: 0.5) > 1e6)
    }

    @Test("named Core Animation curves have the documented control points and end tangents")
    func namedCurves() {
        #expect(TimingFunction.easeIn.slope(at: 0) == 0)
        #expect(abs(TimingFunction.easeOut.slope(at: 0) - 1 / 0.58) < 1e-9)
        #expect(TimingFunction.easeInEaseOut.slope(at: 0) == 0)
        #expect(abs(TimingFunction.default.slope(at: 0) - 0.4) < 1e-9)
        #expect(TimingFunction.linear.value(at: 0.3) == 0.3)
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test("x control points outside [0, 1] are rejected with a message naming the curve")
    func rejectsBackwardTime() {
        #expect(throws: TimingFunctionError.self) { try CubicBezier(-0.1, 0, 0.5, 1) }
        #expect(throws: TimingFunctionError.self) { try CubicBezier(0.2, 0, 1.2, 1) }
        do {
            _ = try CubicBezier(0.2, 0, 1.5, 1)
        } catch {
            #expect(error.description.contains("x1 and x2 must lie in [0, 1]"))
        }
        #expect((try? CubicBezier(0.2, -3, 0.8, 4)) != nil)
    }

    @Test("outside [0, 1] the curve continues along its end tangents")
    func extrapolation() throws {
        let bezier = try CubicBezier(0.68, -0.55, 0.265, 1.55)
        #expect(abs(bezier.value(at: -0.5) - (-0.5 * -0.55 / 0.68)) < 1e-12)
        #expect(abs(bezier.value(at: 1.5) - (1 + 0.5 * (1.55 - 1) / (0.265 - 1))) < 1e-12)
    }

    @Test("hand-off curve starts at the requested slope and ends at rest")
    func handOffSlope() {
        for slope in [-2.0, 0, 0.7, 3, 12] {
            let bezier = CubicBezier.matchingInitialSlope(slope)
            #expect(abs(bezier.slope(at: 0) - slope) < 1e-9)
            #expect(abs(bezier.slope(at: 1)) < 1e-9)
            #expect(bezier.value(at: 1) == 1)
        }
    }
}
