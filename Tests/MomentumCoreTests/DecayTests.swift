import RealModule
import Testing
@testable import MomentumCore

@Suite struct DecayTests {
    @Test func velocityFollowsPerMillisecondDecay() {
        let decay = Decay()
        let v0 = SIMD2<Double>(1200, -500)
        for t in [0.0, 0.001, 0.016, 0.25, 1.0, 3.0] {
            // v(t) = v0·0.998^(1000t)
            let expected = Double.pow(0.998, 1000 * t) * v0
            let got = decay.velocity(initialVelocity: v0, at: t)
            #expect(((got - expected) * (got - expected)).sum().squareRoot() <= 1e-9 * 1300)
        }
        // After one millisecond exactly 0.998 of the velocity remains.
        #expect((decay.velocity(initialVelocity: SIMD2(1000, 0), at: 0.001).x - 998).magnitude < 1e-9)
    }

    @Test func positionAndLandingPointMatchClosedForm() {
        let decay = Decay()
        // References from mpmath: x0 = 10, v0 = 2000, t = 0.25 → 403.3790302485944;
        // landing of v0 = 1000 from 0 → 499.49983316645523.
        let x = decay.position(from: SIMD2(10, 0), initialVelocity: SIMD2(2000, 0), at: 0.25)
        #expect((x.x - 403.3790302485944).magnitude <= 1e-9)
        let landing = decay.landingPoint(from: .zero, initialVelocity: SIMD2(1000, 0))
        #expect((landing.x - 499.49983316645523).magnitude <= 1e-9)
        // The position converges to the landing point.
        let late = decay.position(from: .zero, initialVelocity: SIMD2(1000, 0), at: 30)
        #expect((late.x - landing.x).magnitude <= 1e-9)
        // Short times do not cancel: x(t) = v0·t·(1 + λt/2 + …), λ = 1000·ln 0.998, for tiny t.
        let lambda = 1000 * Double.log(0.998)
        let tiny = decay.position(from: .zero, initialVelocity: SIMD2(1000, 0), at: 1e-9)
        #expect((tiny.x - 1e-6 * (1 + lambda * 1e-9 / 2)).magnitude <= 1e-20)
    }

    @Test func velocityToLandAtADestinationLandsThere() {
        let decay = Decay(rate: Decay.fastRate)
        let v0 = decay.initialVelocity(from: SIMD2(5, 5), toLandAt: SIMD2(300, -40))
        let landing = decay.landingPoint(from: SIMD2(5, 5), initialVelocity: v0)
        #expect(((landing - SIMD2(300, -40)) * (landing - SIMD2(300, -40))).sum().squareRoot() <= 1e-9)
    }

    @Test func durationUntilSlowReachesThatSpeed() {
        let decay = Decay()
        let v0 = SIMD2<Double>(3000, 4000)
        let t = decay.duration(initialVelocity: v0, untilSpeedBelow: 20)
        let v = decay.velocity(initialVelocity: v0, at: t)
        #expect(((v * v).sum().squareRoot() - 20).magnitude <= 1e-9)
        #expect(decay.duration(initialVelocity: SIMD2(1, 0), untilSpeedBelow: 20) == 0)
    }

    @Test func rubberBandMatchesUIScrollViewFormula() {
        // f(x) = (1 − 1/(x·0.55/d + 1))·d, references from mpmath.
        #expect((RubberBand.offset(10, dimension: 300) - 5.400981996726678).magnitude <= 1e-12)
        #expect((RubberBand.offset(100, dimension: 300) - 46.478873239436616).magnitude <= 1e-12)
        #expect((RubberBand.offset(1000, dimension: 300) - 194.11764705882354).magnitude <= 1e-12)
        #expect((RubberBand.offset(-50, dimension: 800) + 26.58610271903323).magnitude <= 1e-12)
        #expect(RubberBand.offset(1e12, dimension: 300) < 300)
        #expect(RubberBand.clamp(150, to: 0...200, dimension: 300) == 150)
        #expect((RubberBand.clamp(300, to: 0...200, dimension: 300) - 246.478873239436616).magnitude <= 1e-12)
        #expect((RubberBand.clamp(-10, to: 0...200, dimension: 300) + 5.400981996726678).magnitude <= 1e-12)
    }

    @Test func unclampUndoesClampOnBothSidesAndInside() {
        // The same mpmath references read backwards: the band showed 46.4788… for 100 past the end.
        #expect((RubberBand.unclamp(246.478873239436616, from: 0...200, dimension: 300) - 300).magnitude <= 1e-9)
        #expect((RubberBand.unclamp(-5.400981996726678, from: 0...200, dimension: 300) + 10).magnitude <= 1e-9)
        #expect(RubberBand.unclamp(150, from: 0...200, dimension: 300) == 150)
        for raw in stride(from: -2000.0, through: 2200, by: 37) {
            let shown = RubberBand.clamp(raw, to: 0...200, dimension: 300)
            #expect((RubberBand.unclamp(shown, from: 0...200, dimension: 300) - raw).magnitude <= 1e-7 * max(1, abs(raw)))
        }
        // Further than the band ever shows (a whole dimension past the end): finite, far out.
        #expect(RubberBand.unclamp(600, from: 0...200, dimension: 300) > 1e5)
    }
}
