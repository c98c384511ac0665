import MomentumTestSupport
import Testing
@testable import MomentumCore

/// `SpringField` against the textbook closed-form oscillator (`ClosedFormOscillator`, SpringTests.swift).
@Suite struct SpringFieldTests {
    /// Three springs with different moves and initial velocities, checked per axis against the closed form.
    static let moves: [(from: SIMD2<Double>, velocity: SIMD2<Double>, to: SIMD2<Double>)] = [
        (SIMD2(100, 200), SIMD2(0, 800), SIMD2(600, 200)),
        (SIMD2(-40, 0), SIMD2(-1500, 300), SIMD2(0, -450)),
        (SIMD2(10, 10), SIMD2(0, 0), SIMD2(10.5, 9.75)),  // starts inside the rest threshold
    ]

    func closedForm(_ parameters: SpringParameters, _ move: (from: SIMD2<Double>, velocity: SIMD2<Double>,
                    to: SIMD2<Double>), at t: Double) -> (position: SIMD2<Double>, velocity: SIMD2<Double>) {
        let oracle = ClosedFormOscillator(stiffness: parameters.stiffness, damping: parameters.damping,
                                          mass: parameters.mass)
        let x = oracle.state(x0: move.from.x - move.to.x, v0: move.velocity.x, at: t)
        let y = oracle.state(x0: move.from.y - move.to.y, v0: move.velocity.y, at: t)
        return (move.to + SIMD2(x.x, y.x), SIMD2(x.v, y.v))
    }

    @Test(arguments: regimeCases, springTestRates)
    func matchesClosedFormAtSteadyAndJitteredRates(_ springCase: SpringCase, rate: Double) {
        for jitter in [0.0, 0.3] {
            var field = SpringField(parameters: springCase.parameters, positions: Self.moves.map(\.from))
            for (i, move) in Self.moves.enumerated() { field.start(i, from: move.from, velocity: move.velocity, to: move.to) }
            #expect(field.movingCount == 2, "the third move starts inside the rest threshold")
            #expect(field.position(2) == Self.moves[2].to && field.velocity(2) == .zero)
            var intervals = FrameIntervals(rate: rate, jitter: jitter)
            var t = 0.0
            var worstPosition = 0.0
            var worstVelocity = 0.0
            while t < 3 && !field.isAtRest {
                let dt = intervals.next()
                field.advance(by: dt)
                t += dt
                for i in 0..<2 where field.isMoving(i) {
                    let expected = closedForm(springCase.parameters, Self.moves[i], at: t)
                    let d = field.position(i) - expected.position
                    let dv = field.velocity(i) - expected.velocity
                    worstPosition = max(worstPosition, (d * d).sum().squareRoot())
                    worstVelocity = max(worstVelocity, (dv * dv).sum().squareRoot())
                }
            }
            #expect(worstPosition <= 1e-6, "max position error \(worstPosition) px at \(rate) Hz, jitter \(jitter)")
            #expect(worstVelocity <= 1e-3, "max velocity error \(worstVelocity) px/s at \(rate) Hz, jitter \(jitter)")
            #expect(field.isAtRest, "every spring settles within 3 s")
            for (i, move) in Self.moves.enumerated() {
                #expect(field.position(i) == move.to && field.velocity(i) == .zero)
            }
        }
    }

    @Test func settlesOnTheFrameTheClosedFormEntersTheRestThreshold() {
        let parameters = SpringParameters()
        let threshold = RestThreshold.position
        var field = SpringField(parameters: parameters, restThreshold: threshold, positions: Self.moves.map(\.from))
        for (i, move) in Self.moves.enumerated() { field.start(i, from: move.from, velocity: move.velocity, to: move.to) }
        var t = 0.0
        var settledAt: [Double?] = [nil, nil]
        for _ in 0..<240 {
            field.advance(by: 1.0 / 60)
            t += 1.0 / 60
            var expectedMoving = 0
            for i in 0..<2 {
                let expected = closedForm(parameters, Self.moves[i], at: t)
                let d = expected.position - Self.moves[i].to
                let inside = (d * d).sum().squareRoot() < threshold.distance
                    && (expected.velocity * expected.velocity).sum().squareRoot() < threshold.speed
                // A spring that settled earlier stays settled; otherwise it settles exactly when the closed form is inside.
                if field.isMoving(i) {
                    #expect(!inside, "spring \(i) still moving at t = \(t) though the closed form is at rest")
                    expectedMoving += 1
                } else {
                    if settledAt[i] == nil {
                        settledAt[i] = t
                        #expect(inside, "spring \(i) settled at t = \(t) though the closed form is still outside")
                    }
                    #expect(field.position(i) == Self.moves[i].to && field.velocity(i) == .zero)
                }
            }
            #expect(field.movingCount == expectedMoving)
        }
        #expect(field.isAtRest)
        #expect(settledAt[0] != nil && settledAt[1] != nil)
    }

    @Test func restingSpringsStayPutWhileOthersMove() {
        var field = SpringField(positions: [SIMD2(1, 2), SIMD2(3, 4), SIMD2(5, 6)])
        field.start(1, from: SIMD2(3, 4), velocity: .zero, to: SIMD2(400, 4))
        #expect(field.movingCount == 1)
        for _ in 0..<10 { field.advance(by: 1.0 / 60) }
        #expect(field.position(0) == SIMD2(1, 2) && field.position(2) == SIMD2(5, 6))
        #expect(field.velocity(0) == .zero && !field.isMoving(2))
        #expect(field.position(1).x > 100, "the started spring moved")
    }

    @Test func retargetKeepsVelocityAndPositionThenFollowsTheClosedForm() {
        let parameters = SpringParameters()
        var field = SpringField(parameters: parameters, positions: [SIMD2(0, 0), SIMD2(50, 50)])
        field.start(0, from: .zero, velocity: SIMD2(0, 1200), to: SIMD2(500, 0))
        field.start(1, from: SIMD2(50, 50), velocity: .zero, to: SIMD2(-50, 50))
        var intervals = FrameIntervals(rate: 60, jitter: 0.3)
        for _ in 0..<7 { field.advance(by: intervals.next()) }
        let before = (field.position(0), field.velocity(0))
        let other = (field.position(1), field.velocity(1))
        #expect((before.1 * before.1).sum() > 1e4, "must be moving at the hand-off")
        field.retarget(0, to: SIMD2(-200, 300))
        let dx = field.position(0) - before.0
        #expect((dx * dx).sum().squareRoot() <= 1e-9)
        #expect(field.velocity(0) == before.1, "the velocity vector is kept exactly")
        #expect(field.target(0) == SIMD2(-200, 300))
        #expect(field.position(1) == other.0 && field.velocity(1) == other.1, "other springs are untouched")

        var t = 0.0
        var worst = 0.0
        for _ in 0..<30 {
            let dt = intervals.next()
            field.advance(by: dt)
            t += dt
            let expected = closedForm(parameters, (before.0, before.1, SIMD2(-200, 300)), at: t)
            let d = field.position(0) - expected.position
            worst = max(worst, (d * d).sum().squareRoot())
        }
        #expect(worst <= 1e-6, "after the retarget: max position error \(worst) px")
    }

    @Test(arguments: springTestRates)
    func freeParticleProbeReadsBackElapsedTime(rate: Double) {
        // x' = 1 with k = 0, c = 0: the position is the simulated time.
        for jitter in [0.0, 0.3] {
            var probe = SpringField(parameters: SpringParameters(stiffness: 0, damping: 0), positions: [SIMD2(0, 0)])
            probe.start(0, from: .zero, velocity: SIMD2(1, 0), to: SIMD2(-1000, 0))
            let worst = worstTimeDrift(&probe, rate: rate, jitter: jitter, advance: { $0.advance(by: $1) },
                                       position: { $0.position(0).x })
            #expect(worst <= 1e-9, "time lost or gained: \(worst) s at \(rate) Hz, jitter \(jitter)")
            #expect(probe.velocity(0) == SIMD2(1, 0))
        }
    }

    @Test func stiffSpringIsStableAt30Hz() {
        let parameters = SpringParameters(stiffness: 1e4, damping: 100)   // ζ = 0.5
        var field = SpringField(parameters: parameters, positions: [SIMD2(100, 200)])
        let move = (from: SIMD2<Double>(100, 200), velocity: SIMD2<Double>(0, 800), to: SIMD2<Double>(600, 200))
        field.start(0, from: move.from, velocity: move.velocity, to: move.to)
        var t = 0.0
        var worst = 0.0
        while !field.isAtRest && t < 1 {
            field.advance(by: 1.0 / 30)
            t += 1.0 / 30
            if field.isMoving(0) {
                let d = field.position(0) - closedForm(parameters, move, at: t).position
                worst = max(worst, (d * d).sum().squareRoot())
            }
        }
        #expect(worst <= 1e-6, "max position error \(worst) px")
        #expect(field.isAtRest)
    }
}
