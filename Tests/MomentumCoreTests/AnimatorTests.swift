import MomentumTestSupport
import Testing
@testable import MomentumCore

private enum Property: Hashable { case panel, badge }

private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

@Suite struct AnimatorTests {
    private let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)

    @Test func animationAddedBetweenFramesMovesInTheNextFrame() {
        var animator = Animator<Property, SpringAnimation>()
        animator.advance(by: 1.0 / 60)
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: .zero, to: SIMD2(500, 0))
        animator.add(spring, for: .panel)
        #expect(!animator.isIdle)
        animator.advance(by: 1.0 / 60)
        let expected = 500 + oracle.state(x0: -500, v0: 0, at: 1.0 / 60).x
        let value = animator.presentedValue(for: .panel) ?? .zero
        #expect(value.x > 1, "moved in its first frame")
        #expect((value.x - expected).magnitude <= 1e-3)
    }

    @Test func forEachPresentedVisitsEveryKeyWithItsClosedFormStateAlsoAfterARemoval() {
        var animator = Animator<Int, SpringAnimation>()
        for key in 0..<5 {
            var spring = SpringAnimation(at: .zero)
            spring.start(from: .zero, velocity: .zero, to: SIMD2(100 * Double(key + 1), 0))
            animator.add(spring, for: key)
        }
        animator.remove(1)                               // the last one moves into its slot
        animator.advance(by: 0.05)
        var seen: [Int: PresentedState<SIMD2<Double>>] = [:]
        animator.forEachPresented { key, state in seen[key] = state }
        #expect(Set(seen.keys) == [0, 2, 3, 4])
        for (key, state) in seen {
            let travel = 100 * Double(key + 1)
            let exact = oracle.state(x0: -travel, v0: 0, at: 0.05)
            #expect(abs(state.value.x - (travel + exact.x)) <= 1e-3, "key \(key): \(state.value.x)")
            #expect(abs(state.velocity.x - exact.v) <= 1e-2, "key \(key): \(state.velocity.x)")
        }
    }

    @Test func reportsIdleOnceEverythingHasSettled() {
        var animator = Animator<Property, SpringAnimation>()
        #expect(animator.isIdle)
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: SIMD2(0, 400), to: SIMD2(200, 0))
        animator.add(spring, for: .panel)
        var frames = 0
        while !animator.isIdle && frames < 600 {
            animator.advance(by: 1.0 / 120)
            frames += 1
        }
        #expect(animator.isIdle)
        #expect(frames > 30 && frames < 240, "settled after \(frames) frames")
        #expect(animator.presentedValue(for: .panel) == SIMD2(200, 0))
    }

    @Test func longHitchIsClampedToTheLimit() {
        var animator = Animator<Property, SpringAnimation>(maxFrameInterval: 0.1)
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: .zero, to: SIMD2(500, 0))
        animator.add(spring, for: .panel)
        let step = animator.advance(by: 0.5)             // a 500 ms stall
        let expected = 500 + oracle.state(x0: -500, v0: 0, at: 0.1).x
        #expect(((animator.presentedValue(for: .panel) ?? .zero).x - expected).magnitude <= 1e-3)
        #expect(step == 0.1)
        animator.advance(by: 1.0 / 60)                   // later frames are not clamped
        let next = 500 + oracle.state(x0: -500, v0: 0, at: 0.1 + 1.0 / 60).x
        #expect(((animator.presentedValue(for: .panel) ?? .zero).x - next).magnitude <= 1e-3)
    }

    @Test(arguments: springTestRates)
    func animatorLosesNoTime(rate: Double) {
        var animator = Animator<Property, SpringAnimation>()
        let free = SpringParameters(stiffness: 0, damping: 0)
        var probe = SpringAnimation(parameters: free, at: SIMD2(0, 0))
        probe.start(from: SIMD2(0, 0), velocity: SIMD2(1, 0), to: SIMD2(-1000, 0))
        animator.add(probe, for: .panel)
        var intervals = FrameIntervals(rate: rate, jitter: 0.3)
        var elapsed = 0.0
        for _ in 0..<Int(rate * 10) {
            let dt = intervals.next()
            elapsed += dt
            animator.advance(by: dt)
        }
        let simulated = (animator.presentedValue(for: .panel) ?? .zero).x
        #expect((simulated - elapsed).magnitude <= 1e-9)
    }

    @Test func interruptAndRemoveHandBackPresentedState() {
        var animator = Animator<Property, SpringAnimation>()
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: SIMD2(0, 900), to: SIMD2(500, 0))
        animator.add(spring, for: .panel)
        animator.add(spring, for: .badge)
        animator.advance(by: 0.1)
        let panelBefore = PresentedState(value: animator.presentedValue(for: .panel) ?? .zero,
                                         velocity: animator.presentedVelocity(for: .panel) ?? .zero)
        #expect(distance(panelBefore.velocity, .zero) > 100)
        let interrupted = animator.interrupt(.panel)
        #expect(interrupted == panelBefore)
        #expect(animator[.panel]?.isAtRest == true)

        let badgeBefore = PresentedState(value: animator.presentedValue(for: .badge) ?? .zero,
                                         velocity: animator.presentedVelocity(for: .badge) ?? .zero)
        let removed = animator.remove(.badge)
        #expect(removed == badgeBefore)
        #expect(animator[.badge] == nil)
        #expect(animator.count == 1)
        let removedAgain = animator.remove(.badge)
        #expect(removedAgain == nil)
    }

    @Test func replacingAnAnimationHandsBackTheOldOne() {
        var animator = Animator<Property, SpringAnimation>()
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: .zero, to: SIMD2(500, 0))
        animator.add(spring, for: .panel)
        animator.advance(by: 0.05)
        let before = PresentedState(value: animator.presentedValue(for: .panel) ?? .zero,
                                    velocity: animator.presentedVelocity(for: .panel) ?? .zero)
        var next = SpringAnimation(at: before.value)
        next.start(from: before.value, velocity: before.velocity, to: SIMD2(0, 0))
        let handedBack = animator.add(next, for: .panel)
        #expect(handedBack == before)
        #expect(distance(animator.presentedValue(for: .panel) ?? .zero, before.value) <= 1e-9)
        #expect(distance(animator.presentedVelocity(for: .panel) ?? .zero, before.velocity) <= 1e-9)
    }

    @Test func retargetThroughTheAnimatorIsContinuous() {
        var animator = Animator<Property, SpringAnimation>()
        var spring = SpringAnimation(at: SIMD2(0, 0))
        spring.start(from: SIMD2(0, 0), velocity: SIMD2(-300, 700), to: SIMD2(500, 0))
        animator.add(spring, for: .panel)
        animator.advance(by: 0.0731)
        let value = animator.presentedValue(for: .panel) ?? .zero
        let velocity = animator.presentedVelocity(for: .panel) ?? .zero
        let retargeted = animator.retarget(.panel, to: SIMD2(0, 400))
        #expect(retargeted)
        #expect(distance(animator.presentedValue(for: .panel) ?? .zero, value) <= 1e-9)
        #expect(distance(animator.presentedVelocity(for: .panel) ?? .zero, velocity) <= 1e-9)
        let missing = animator.retarget(.badge, to: .zero)
        #expect(!missing)
    }
}
