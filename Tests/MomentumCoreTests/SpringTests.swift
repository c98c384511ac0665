import RealModule
import MomentumTestSupport
import Testing
@testable import MomentumCore

/// The x′ = 1 probe: runs 20 s of (optionally jittered) frames through `advance` and returns the largest
/// difference between the probe's `position` and the time elapsed (a free particle at unit speed reads back time).
func worstTimeDrift<Probe>(_ probe: inout Probe, rate: Double, jitter: Double, advance: (inout Probe, Double) -> Void,
                           position: (Probe) -> Double) -> Double {
    var intervals = FrameIntervals(rate: rate, jitter: jitter)
    var elapsed = 0.0
    var worst = 0.0
    for _ in 0..<Int(rate * 20) {
        let dt = intervals.next()
        advance(&probe, dt)
        elapsed += dt
        worst = max(worst, (position(probe) - elapsed).magnitude)
    }
    return worst
}

/// A sequence of frame intervals: nominal `1/rate`, optionally jittered by up to ±`jitter` (fraction).
struct FrameIntervals {
    let rate: Double
    let jitter: Double
    var random = SplitMix64(seed: 0x5EED_0001)
    mutating func next() -> Double {
        let nominal = 1 / rate
        guard jitter > 0 else { return nominal }
        return nominal * (1 + jitter * (2 * random.nextUnit() - 1))
    }
}

struct SpringCase: CustomStringConvertible, Sendable {
    let name: String
    let parameters: SpringParameters
    var description: String { name }
}

let springTestRates: [Double] = [30, 59.94, 60, 90, 120, 144, 240]

let regimeCases: [SpringCase] = [
    SpringCase(name: "underdamped seed k300 c20", parameters: SpringParameters()),
    SpringCase(name: "critically damped k300", parameters: SpringParameters(stiffness: 300, damping: 2 * 300.0.squareRoot())),
    SpringCase(name: "overdamped k300 c60", parameters: SpringParameters(stiffness: 300, damping: 60)),
    SpringCase(name: "near-critical ζ=1+1e-7, m=2",
               parameters: SpringParameters(stiffness: 600, damping: 2 * (1 + 1e-7) * 1200.0.squareRoot(), mass: 2)),
    SpringCase(name: "near-critical ζ=1-1e-7", parameters: SpringParameters(response: 0.4, dampingRatio: 1 - 1e-7)),
    SpringCase(name: "stiff k1e4 ζ0.5", parameters: SpringParameters(stiffness: 1e4, damping: 100)),
]

/// Runs a 500 px move (plus a perpendicular 800 px/s initial velocity) at the given frame intervals and returns
/// the largest presented-position and velocity errors against the closed form, while the spring is moving.
func maxSpringError(_ parameters: SpringParameters, rate: Double, jitter: Double, seconds: Double = 3)
    -> (position: Double, velocity: Double, settled: Bool) {
    let oracle = ClosedFormOscillator(stiffness: parameters.stiffness, damping: parameters.damping, mass: parameters.mass)
    let start = SIMD2<Double>(100, 200)
    let target = SIMD2<Double>(600, 200)
    let initialVelocity = SIMD2<Double>(0, 800)
    var spring = SpringAnimation(parameters: parameters, at: start)
    spring.start(from: start, velocity: initialVelocity, to: target)
    var intervals = FrameIntervals(rate: rate, jitter: jitter)
    var t = 0.0
    var worstPosition = 0.0
    var worstVelocity = 0.0
    while t < seconds && !spring.isAtRest {
        let dt = intervals.next()
        spring.advance(by: dt)
        t += dt
        if spring.isAtRest { break }
        let x = oracle.state(x0: start.x - target.x, v0: initialVelocity.x, at: t)
        let y = oracle.state(x0: start.y - target.y, v0: initialVelocity.y, at: t)
        let expected = target + SIMD2(x.x, y.x)
        let expectedVelocity = SIMD2(x.v, y.v)
        let d = spring.presentedValue - expected
        let dv = spring.presentedVelocity - expectedVelocity
        worstPosition = max(worstPosition, (d * d).sum().squareRoot())
        worstVelocity = max(worstVelocity, (dv * dv).sum().squareRoot())
    }
    return (worstPosition, worstVelocity, spring.isAtRest)
}

@Suite struct SpringTests {
    @Test(arguments: regimeCases, springTestRates)
    func matchesClosedFormAtDisplayRate(_ springCase: SpringCase, rate: Double) {
        let result = maxSpringError(springCase.parameters, rate: rate, jitter: 0)
        #expect(result.position <= 1e-3, "max position error \(result.position) px")
        #expect(result.velocity <= 1, "max velocity error \(result.velocity) px/s")
        #expect(result.settled)
    }

    @Test(arguments: regimeCases, springTestRates)
    func matchesClosedFormWithJitteredFrames(_ springCase: SpringCase, rate: Double) {
        let result = maxSpringError(springCase.parameters, rate: rate, jitter: 0.3)
        #expect(result.position <= 1e-3, "max position error \(result.position) px")
        #expect(result.velocity <= 1, "max velocity error \(result.velocity) px/s")
    }

    @Test func stiffSpringIsStableAndExactAt30Hz() {
        let parameters = SpringParameters(stiffness: 1e4, damping: 100)   // ζ = 0.5
        #expect((parameters.dampingRatio - 0.5).magnitude < 1e-15)
        let result = maxSpringError(parameters, rate: 30, jitter: 0, seconds: 1)
        #expect(result.position <= 1e-3)
        #expect(result.settled)
    }

    @Test(arguments: springTestRates)
    func freeParticleProbeReadsBackElapsedTime(rate: Double) {
        // x' = 1 through the same accumulator: k = 0, c = 0, velocity 1 → the value is the simulated time.
        for jitter in [0.0, 0.3] {
            var probe = SpringAnimation(parameters: SpringParameters(stiffness: 0, damping: 0), value: AnimatableVector(0))
            probe.start(from: AnimatableVector(0), velocity: AnimatableVector(1), to: AnimatableVector(-1000))
            let worst = worstTimeDrift(&probe, rate: rate, jitter: jitter, advance: { $0.advance(by: $1) },
                                       position: { $0.presented.value[0] })
            #expect(worst <= 1e-9, "time lost or gained: \(worst) s at \(rate) Hz, jitter \(jitter)")
            #expect((probe.presented.velocity[0] - 1).magnitude <= 1e-9)
        }
    }

    @Test func splittingAnAdvanceDoesNotChangeTheResult() {
        var whole = SpringAnimation(value: AnimatableVector(0, 0), target: AnimatableVector(500, -300))
        var split = whole
        whole.advance(by: 0.1234)
        split.advance(by: 0.05)
        split.advance(by: 0.0004)
        split.advance(by: 0.073)
        let d = whole.presented.value - split.presented.value
        #expect(d.length <= 1e-9)
    }

    @Test func retargetKeepsPresentedValueAndVelocityExactly() {
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: SIMD2(0, 1200), to: SIMD2(500, 0))
        var intervals = FrameIntervals(rate: 60, jitter: 0.3)
        for _ in 0..<7 { spring.advance(by: intervals.next()) }
        let before = (spring.presentedValue, spring.presentedVelocity)
        #expect((before.1 * before.1).sum() > 1e4, "must be moving at the hand-off")
        spring.retarget(to: SIMD2(-200, 300))
        let after = (spring.presentedValue, spring.presentedVelocity)
        let dx = after.0 - before.0
        let dv = after.1 - before.1
        #expect((dx * dx).sum().squareRoot() <= 1e-9)
        #expect((dv * dv).sum().squareRoot() <= 1e-9)
        #expect(spring.target == SIMD2(-200, 300))

        // After the hand-off the motion is the closed form from the handed-over state toward the new target.
        let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        var t = 0.0
        for _ in 0..<20 {
            let dt = intervals.next()
            spring.advance(by: dt)
            t += dt
            let x = oracle.state(x0: before.0.x + 200, v0: before.1.x, at: t)
            let y = oracle.state(x0: before.0.y - 300, v0: before.1.y, at: t)
            let d = spring.presentedValue - (SIMD2(-200, 300) + SIMD2(x.x, y.x))
            #expect((d * d).sum().squareRoot() <= 1e-3)
        }
    }

    @Test func interruptHandsBackPresentedStateAndRests() {
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: SIMD2(300, 0), to: SIMD2(0, 500))
        spring.advance(by: 0.0837)
        let expected = PresentedState(value: spring.presentedValue, velocity: spring.presentedVelocity)
        let handedBack = spring.interrupt()
        #expect(handedBack == expected)
        #expect(spring.isAtRest)
        #expect(spring.presentedValue == expected.value)
        spring.advance(by: 0.5)
        #expect(spring.presentedValue == expected.value)
    }

    @Test func settlesByStateTestAndSnapsToTarget() {
        let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        let threshold = RestThreshold.position
        var spring = SpringAnimation(value: AnimatableVector(0), target: AnimatableVector(500))
        var t = 0.0
        var wasMovingJustBefore = false
        while !spring.isAtRest && t < 5 {
            spring.advance(by: 1.0 / 60)
            t += 1.0 / 60
            let exact = oracle.state(x0: -500, v0: 0, at: t)
            let exactSettled = exact.x.magnitude < threshold.distance && exact.v.magnitude < threshold.speed
            if !spring.isAtRest { #expect(!exactSettled || abs(exact.x.magnitude - threshold.distance) < 1e-3) }
            wasMovingJustBefore = !exactSettled || spring.isAtRest
        }
        #expect(spring.isAtRest)
        #expect(wasMovingJustBefore)
        #expect(spring.presented.value == AnimatableVector(500))
        #expect(spring.presented.velocity == AnimatableVector(0))
        // The closed form agrees that it has settled at that frame (within the thresholds).
        let exact = oracle.state(x0: -500, v0: 0, at: t)
        #expect(exact.x.magnitude < threshold.distance + 1e-3 && exact.v.magnitude < threshold.speed + 1e-2)
        #expect(t > 0.4 && t < 1.2, "seed spring settles after \(t) s")
    }

    @Test func defaultsAreTheSeedSpring() {
        let parameters = SpringParameters()
        #expect(parameters.stiffness == 300 && parameters.damping == 20 && parameters.mass == 1)
        #expect(SpringAnimation.stepDuration == 0.001)
    }
}

@Suite struct SeedEulerSpringTests {
    /// Largest distance between the seed's Euler spring and the exact solution over a 500 px move at `rate`.
    private func seedError(rate: Double) -> Double {
        let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        var seed = SeedEulerSpring(position: .zero, velocity: .zero, target: SIMD2(500, 0))
        var worst = 0.0
        for frame in 1...Int(rate) {
            seed.tick(1 / rate)
            let exact = 500 + oracle.state(x0: -500, v0: 0, at: Double(frame) / rate).x
            worst = max(worst, (seed.position.x - exact).magnitude)
        }
        return worst
    }

    @Test func seedSpringIsFrameRateDependentUnlikeTheExactSpring() {
        let at60 = seedError(rate: 60)
        let at120 = seedError(rate: 120)
        #expect(at60 > 30 && at60 < 100, "seed Euler error at 60 Hz: \(at60) px")
        #expect(at120 < at60 * 0.7, "halving the step roughly halves the error: \(at120) px")
        #expect(maxSpringError(SpringParameters(), rate: 60, jitter: 0).position <= 1e-3)
    }
}
