import Testing
@testable import MomentumCore

private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

@Suite("Tween: additive retargeting, hand-off and the backend contract")
struct TweenAdditiveTests {
    /// A backend 0.15 s into a 0.4 s move from the origin to (300, 0).
    func moving(_ mode: RetargetMode) -> TweenBackend {
        var backend = TweenBackend(duration: 0.4, retargetMode: mode, at: .zero)
        backend.start(from: .zero, velocity: .zero, to: SIMD2(300, 0))
        backend.advance(by: 0.15)
        return backend
    }

    @Test("additive retarget: presented value and velocity are continuous at the retarget instant")
    func additiveContinuity() {
        var backend = moving(.additive)
        let before = backend.presented
        #expect(distance(before.velocity, .zero) > 100)  // really moving
        backend.retarget(to: SIMD2(0, 200))
        let after = backend.presented
        #expect(distance(before.value, after.value) < 1e-9)
        #expect(distance(before.velocity, after.velocity) < 1e-9)
        #expect(backend.layerCount == 2)
        // One frame later the motion is still smooth: the reported velocity matches the displacement.
        backend.advance(by: 1e-4)
        let next = backend.presented
        #expect(distance((next.value - after.value) / 1e-4, after.velocity) < 0.01 * distance(after.velocity, .zero))
    }

    @Test("begin-from-current-state retarget keeps the value but the velocity jumps")
    func beginFromCurrentStateJumps() {
        var backend = moving(.beginFromCurrentState)
        let before = backend.presented
        backend.retarget(to: SIMD2(0, 200))
        let after = backend.presented
        #expect(distance(before.value, after.value) < 1e-9)
        // easeInEaseOut restarts from zero velocity: the whole previous velocity is lost in one frame.
        #expect(distance(before.velocity, after.velocity) > 0.9 * distance(before.velocity, .zero))
    }

    @Test("TimedAnimationStack.animate: additive keeps velocity, begin-from-current-state does not")
    func propertyRetarget() {
        for mode in [RetargetMode.additive, .beginFromCurrentState] {
            var property = TimedAnimationStack(model: .zero)
            property.animate(to: SIMD2(300, 0), duration: 0.4, mode: mode)
            property.advance(by: 0.15)
            let before = property.presentedState
            property.animate(to: SIMD2(0, 200), duration: 0.4, mode: mode)
            let after = property.presentedState
            #expect(distance(before.value, after.value) < 1e-9)
            let jump = distance(before.velocity, after.velocity)
            if mode == .additive {
                #expect(jump < 1e-9)
            } else {
                #expect(jump > 0.9 * distance(before.velocity, .zero))
            }
            property.advance(by: 0.45)
            #expect(property.entries.isEmpty && property.isAtRest && property.presentedValue == SIMD2(0, 200))
        }
    }

    @Test("TimedAnimationStack keeps the backend contract: a start leaves at exactly the given velocity, any direction",
          arguments: [SIMD2<Double>(900, 0), SIMD2(-400, 0), SIMD2(600, 800), SIMD2(0, -1500), SIMD2(0, 0)])
    func timedStackHandOff(velocity: SIMD2<Double>) {
        for target in [SIMD2<Double>(310, 20), SIMD2(10, 20)] {
            var stack = TimedAnimationStack(model: SIMD2(10, 20), time: 3, duration: 0.5)
            stack.start(from: SIMD2(10, 20), velocity: velocity, to: target)
            let state = stack.presentedState
            #expect(distance(state.value, SIMD2(10, 20)) < 1e-12)
            #expect(distance(state.velocity, velocity) < 1e-9 * max(1, distance(velocity, .zero)))
            // Continuity one small step later: the displacement agrees with the velocity.
            var probe = stack
            probe.advance(by: 1e-5)
            let moved = (probe.presentedValue - state.value) / 1e-5
            #expect(distance(moved, velocity) < 0.01 * max(100, distance(velocity, .zero)))
            // Retarget mid-flight is continuous in value and velocity; interrupt hands back what is presented.
            stack.advance(by: 0.2)
            let mid = stack.presentedState
            stack.retarget(to: SIMD2(-50, 90))
            #expect(distance(stack.presentedValue, mid.value) < 1e-9)
            #expect(distance(stack.presentedVelocity, mid.velocity) < 1e-9)
            stack.advance(by: 0.25)  // the start's animation (0.5 s from +0) ends at +0.5; the retarget's runs on
            #expect(!stack.isAtRest)
            stack.advance(by: 0.25)  // the retarget's ends 0.5 s after it began
            #expect(stack.isAtRest && stack.presentedValue == SIMD2(-50, 90) && stack.presentedVelocity == .zero)
        }
    }

    @Test("TimedAnimationStack: an animation that begins later holds the stack awake, and fill-forwards ones settle")
    func timedStackBeginTimeAndFill() {
        var stack = TimedAnimationStack(model: SIMD2(5, 0), time: 10)
        stack.add(.tween(.basic(BasicAnimation(from: SIMD2(0, 0), to: SIMD2(100, 0),
                                               timing: MediaTiming(beginTime: 10.5, duration: 1)))), forKey: "later")
        #expect(!stack.isAtRest && stack.presentedValue == SIMD2(5, 0))
        stack.advance(by: 1.0)
        #expect(abs(stack.presentedValue.x - 50) < 1e-9 && abs(stack.presentedVelocity.x - 100) < 1e-9)
        stack.advance(by: 0.5)
        #expect(stack.isAtRest && stack.entries.isEmpty && stack.presentedValue == SIMD2(5, 0))
        // Not removed on completion, filling forwards: it stays and holds its end value, and the stack is at rest.
        stack.add(.tween(.basic(BasicAnimation(from: SIMD2(0, 0), to: SIMD2(100, 0),
                                               timing: MediaTiming(beginTime: 11.5, duration: 1, fillMode: .forwards),
                                               isRemovedOnCompletion: false))))
        stack.advance(by: 2)
        #expect(stack.isAtRest && stack.entries.count == 1 && stack.presentedValue == SIMD2(100, 0))
    }

    @Test("hand-off: a tween started with a velocity starts at exactly that velocity",
          arguments: [SIMD2<Double>(900, 0), SIMD2(-400, 0), SIMD2(600, 800), SIMD2(0, -1500)])
    func handOffVelocity(velocity: SIMD2<Double>) {
        var backend = TweenBackend(duration: 0.5, at: SIMD2(10, 20))
        backend.start(from: SIMD2(10, 20), velocity: velocity, to: SIMD2(310, 20))
        let state = backend.presented
        #expect(state.value == SIMD2(10, 20))
        #expect(distance(state.velocity, velocity) < 1e-9 * max(1, distance(velocity, .zero)))
        backend.advance(by: 0.25)
        backend.advance(by: 0.25)
        #expect(backend.isAtRest && backend.presentedValue == SIMD2(310, 20) && backend.presentedVelocity == .zero)
    }

    @Test("hand-off curve: relative velocity v / (target − current) × duration sets the start slope")
    func handOffCurve() throws {
        // Seed 004's example: 100 pt to go, 50 pt/s → relative velocity 0.5 /s.
        let curve = CubicBezier.matching(velocity: 50, from: 0, to: 100, duration: 0.8)
        #expect(abs(curve.slope(at: 0) - 0.5 * 0.8) < 1e-12)
        let tween = BasicAnimation<Double>(from: 0, to: 100, timing: MediaTiming(duration: 0.8),
                                           timingFunction: .cubicBezier(curve))
        let start = try #require(tween.sample(at: 0, over: PresentedState(resting: 0)))
        #expect(abs(start.velocity - 50) < 1e-9)
    }

    @Test("interrupt hands back the presented state and leaves the backend at rest there")
    func interrupt() {
        var backend = moving(.additive)
        let expected = backend.presented
        let state = backend.interrupt()
        #expect(state == expected)
        #expect(backend.isAtRest && backend.target == state.value && backend.presentedVelocity == .zero)
        backend.advance(by: 1)
        #expect(backend.presentedValue == state.value)
    }

    @Test("advancing by a then b lands where advancing by a + b lands")
    func noTimeLost() {
        var split = TweenBackend(duration: 0.4, at: .zero)
        var whole = split
        split.start(from: .zero, velocity: SIMD2(100, 50), to: SIMD2(200, 0))
        whole.start(from: .zero, velocity: SIMD2(100, 50), to: SIMD2(200, 0))
        for _ in 0..<7 { split.advance(by: 1.0 / 60) }
        whole.advance(by: 7.0 / 60)
        #expect(distance(split.presentedValue, whole.presentedValue) < 1e-9)
    }

    @Test("drives through the shared Animator like the other backends")
    func animatorDrivesTween() {
        var animator = Animator<String, TweenBackend>()
        animator.add(TweenBackend(duration: 0.3, at: .zero), for: "panel")
        animator.start("panel", from: .zero, velocity: .zero, to: SIMD2(0, 400))
        var t = 0.0
        while !animator.isIdle && t < 1 {
            t += 1.0 / 60
            animator.advance(by: 1.0 / 60)
        }
        #expect(animator.isIdle && abs(t - 0.3) < 1.0 / 60 + 1e-9)
        #expect(animator.presentedValue(for: "panel") == SIMD2(0, 400))
    }
}
