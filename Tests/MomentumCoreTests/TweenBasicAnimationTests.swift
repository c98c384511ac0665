import Testing
@testable import MomentumCore

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

@Suite("Tween: basic animation and media timing")
struct TweenBasicAnimationTests {
    let still = PresentedState<Double>(resting: 10)

    @Test("from/to/by combinations resolve like CABasicAnimation")
    func endpoints() throws {
        let timing = MediaTiming(duration: 1)
        func at(_ animation: BasicAnimation<Double>, _ t: Double, over base: PresentedState<Double>) throws -> Double {
            try #require(animation.sample(at: t, over: base)).value
        }
        #expect(try at(BasicAnimation(from: 77, to: 455, timing: timing), 0.5, over: still) == 266)
        #expect(try at(BasicAnimation(from: 77, by: 378, timing: timing), 0.25, over: still) == 171.5)
        #expect(try at(BasicAnimation(to: 455, by: 378, timing: timing), 0, over: still) == 77)
        // `to` alone starts from the presented (underlying) value, `by` alone moves relative to it.
        #expect(try at(BasicAnimation(to: 30, timing: timing), 0.5, over: still) == 20)
        #expect(try at(BasicAnimation(by: 4, timing: timing), 0.5, over: still) == 12)
        #expect(try at(BasicAnimation(from: 0, timing: timing), 0.5, over: still) == 5)
        // Additive: the animated value is added to the underlying one.
        #expect(try at(BasicAnimation(from: 0, to: 10, timing: timing, isAdditive: true), 0.5, over: still) == 15)
    }

    @Test("to-only tracks a moving underlying value, including its velocity")
    func toOnlyOverMovingValue() throws {
        let animation = BasicAnimation<Double>(to: 100, timing: MediaTiming(duration: 2))
        let base = PresentedState<Double>(value: 20, velocity: 8)
        let sample = try #require(animation.sample(at: 0.5, over: base))
        // value = u + (100 − u)·p, p = t/2; d/dt = u′(1 − p) + (100 − u)·(1/2).
        #expect(sample.value == 20 + 80 * 0.25)
        #expect(close(sample.velocity, 8 * 0.75 + 80 * 0.5))
    }

    @Test("velocity is the timing function's slope × change ÷ duration (checked by finite differences)")
    func velocityMatchesValueDerivative() throws {
        let animation = BasicAnimation<Double>(from: 77, to: 455, timing: MediaTiming(duration: 1),
                                               timingFunction: .easeInEaseOut)
        for t in stride(from: 0.05, through: 0.95, by: 0.05) {
            // h balances truncation (~h²) against the solver's 1e-7 output tolerance (~1e-7 · 378 / h).
            let h = 1e-3
            let ahead = try #require(animation.sample(at: t + h, over: still)).value
            let behind = try #require(animation.sample(at: t - h, over: still)).value
            let sample = try #require(animation.sample(at: t, over: still))
            #expect(close(sample.velocity, (ahead - behind) / (2 * h), 0.05), "t = \(t)")
        }
    }

    @Test("beginTime and fill modes decide what shows outside the active interval")
    func fillModes() throws {
        func animation(_ fill: FillMode) -> BasicAnimation<Double> {
            BasicAnimation(from: 0, to: 100, timing: MediaTiming(beginTime: 1, duration: 2, fillMode: fill))
        }
        #expect(animation(.removed).sample(at: 0.5, over: still) == nil)
        #expect(animation(.removed).sample(at: 3, over: still) == nil)
        #expect(animation(.forwards).sample(at: 0.5, over: still) == nil)
        #expect(try #require(animation(.forwards).sample(at: 5, over: still)).value == 100)
        #expect(try #require(animation(.backwards).sample(at: 0.5, over: still)).value == 0)
        #expect(animation(.backwards).sample(at: 5, over: still) == nil)
        let both = animation(.both)
        #expect(try #require(both.sample(at: 0, over: still)).value == 0)
        #expect(try #require(both.sample(at: 2, over: still)).value == 50)
        #expect(try #require(both.sample(at: 9, over: still)).velocity == 0)
    }

    @Test("fractional repeat count, autoreverse and speed")
    func repeating() throws {
        let repeating = BasicAnimation<Double>(from: 0, to: 100,
                                               timing: MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards))
        #expect(close(try #require(repeating.sample(at: 2.25, over: still)).value, 25))
        #expect(close(try #require(repeating.sample(at: 7, over: still)).value, 50))  // stops mid-iteration
        #expect(repeating.timing.endTime == 2.5)

        let reversing = BasicAnimation<Double>(from: 0, to: 100,
                                               timing: MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards))
        let back = try #require(reversing.sample(at: 1.25, over: still))
        #expect(close(back.value, 75) && close(back.velocity, -100))
        #expect(try #require(reversing.sample(at: 3, over: still)).value == 0)  // ends where it began
        #expect(reversing.timing.endTime == 2)

        let fast = BasicAnimation<Double>(from: 0, to: 100, timing: MediaTiming(duration: 1, speed: 2))
        let sample = try #require(fast.sample(at: 0.25, over: still))
        #expect(close(sample.value, 50) && close(sample.velocity, 200))
        #expect(fast.timing.endTime == 0.5)
    }

    @Test("timeOffset starts part-way and wraps; speed 0 with an offset freezes (the pause trick)")
    func timeOffset() throws {
        let offset = BasicAnimation<Double>(from: 0, to: 100, timing: MediaTiming(duration: 1, timeOffset: 0.3))
        #expect(close(try #require(offset.sample(at: 0, over: still)).value, 30))
        #expect(close(try #require(offset.sample(at: 0.8, over: still)).value, 10))
        let paused = BasicAnimation<Double>(from: 0, to: 100, timing: MediaTiming(duration: 1, speed: 0, timeOffset: 0.4))
        for t in [0.0, 3, 50] {
            let sample = try #require(paused.sample(at: t, over: still))
            #expect(close(sample.value, 40) && sample.velocity == 0)
        }
    }

    @Test("2-D values animate component-wise")
    func vectors() throws {
        let animation = BasicAnimation<SIMD2<Double>>(from: SIMD2(0, 0), to: SIMD2(100, -50),
                                                      timing: MediaTiming(duration: 0.5))
        let sample = try #require(animation.sample(at: 0.25, over: PresentedState(resting: .zero)))
        #expect(sample.value == SIMD2(50, -25) && sample.velocity == SIMD2(200, -100))
    }

    @Test("any VectorArithmetic animates: a four-component colour as an AnimatableVector")
    func colour() throws {
        let fade = BasicAnimation<AnimatableVector>(from: AnimatableVector(1, 0, 0, 1), to: AnimatableVector(0, 0, 1, 0.5),
                                                    timing: MediaTiming(duration: 2))
        let sample = try #require(fade.sample(at: 0.5, over: PresentedState(resting: AnimatableVector(0, 0, 0, 0))))
        #expect(sample.value == AnimatableVector(0.75, 0, 0.25, 0.875))
        #expect(sample.velocity == AnimatableVector(-0.5, 0, 0.5, -0.25))
    }

    @Test("syncing the model value means no snap back when the animation is removed (seed 003)")
    func modelSync() {
        // Without sync: the rocket jumps back to 77 once the animation ends.
        var unsynced = TimedAnimationStack(model: SIMD2(77, 0))
        unsynced.add(.tween(.basic(BasicAnimation(from: SIMD2(77, 0), to: SIMD2(455, 0), timing: MediaTiming(duration: 1)))),
                     forKey: "basic")
        unsynced.advance(by: 1.5)
        #expect(unsynced.presentedValue.x == 77)

        // With sync (`animate(to:)`): the model holds the final value, so the end is seamless.
        var synced = TimedAnimationStack(model: SIMD2(77, 0))
        synced.animate(to: SIMD2(455, 0), duration: 1, timingFunction: .linear)
        #expect(synced.model.x == 455)
        #expect(synced.presentedValue.x == 77)
        synced.advance(by: 0.5)
        #expect(close(synced.presentedValue.x, 266))
        synced.advance(by: 0.499_999)
        #expect(synced.presentedValue.x < 455)
        synced.advance(by: 0.500_001)
        #expect(synced.isAtRest && synced.entries.isEmpty && synced.presentedValue.x == 455)
    }
}
