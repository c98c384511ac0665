import Testing
@testable import MomentumCore

private func gap(_ a: PresentedState<SIMD2<Double>>, _ b: PresentedState<SIMD2<Double>>) -> Double {
    let d = a.value - b.value
    return (d * d).sum().squareRoot()
}

@Suite("Tween: scrubbing like an interactive transition")
struct TweenPropertyAnimatorTests {
    let from = SIMD2<Double>(0, 800)
    let to = SIMD2<Double>(0, 100)

    @Test("pause, scrub, reverse and continue never move the presented value")
    func continuity() {
        var animator = PropertyAnimator(from: from, to: to, duration: 0.5)
        animator.start(at: 0)
        var before = animator.presentation(at: 0.2)
        animator.pause(at: 0.2)
        #expect(gap(before, animator.presentation(at: 0.2)) == 0)
        #expect(animator.presentation(at: 5).value == before.value)  // frozen while paused

        // Scrub: reading the fraction and writing it back changes nothing; writing another value moves linearly.
        let fraction = animator.fractionComplete(at: 0.2)
        before = animator.presentation(at: 0.2)
        animator.setFractionComplete(fraction)
        #expect(gap(before, animator.presentation(at: 0.2)) < 1e-9)
        animator.setFractionComplete(0.3)
        #expect(animator.presentation(at: 0.2).value == from + 0.3 * (to - from))

        // Continue with new timing: value continuous, then it arrives at `to` after durationFactor × duration.
        before = animator.presentation(at: 1)
        animator.continueAnimation(timingFunction: .easeOut, durationFactor: 0.6, at: 1)
        #expect(gap(before, animator.presentation(at: 1)) < 1e-9)
        #expect(animator.presentation(at: 1).velocity != .zero)
        #expect(animator.presentation(at: 1.3).value == to && animator.isFinished(at: 1.3))
    }

    @Test("reversing a running animator is an exact time reversal: same value, negated velocity")
    func reverse() {
        var animator = PropertyAnimator(from: from, to: to, duration: 0.5, timingFunction: .easeIn)
        animator.start(at: 0)
        let before = animator.presentation(at: 0.3)
        animator.setReversed(true, at: 0.3)
        let after = animator.presentation(at: 0.3)
        #expect(gap(before, after) < 1e-9)
        let sum = before.velocity + after.velocity
        #expect((sum * sum).sum().squareRoot() < 1e-6)
        // Going back retraces the path: 0.1 s after reversing it is where it was at 0.2 s.
        let retraced = animator.presentation(at: 0.4).value - PropertyAnimator(from: from, to: to, duration: 0.5,
                                                                               timingFunction: .easeIn).presentationRunning(at: 0.2)
        #expect((retraced * retraced).sum().squareRoot() < 1e-6)
        #expect(animator.presentation(at: 0.6).value == from && animator.isFinished(at: 0.6))
    }

    @Test("reversing after a rebase heads back to the start from the presented value")
    func reverseAfterContinue() {
        var animator = PropertyAnimator(from: from, to: to, duration: 0.5)
        animator.start(at: 0)
        animator.pause(at: 0.1)
        animator.continueAnimation(timingFunction: .linear, durationFactor: 1, at: 0.1)
        let before = animator.presentation(at: 0.2)
        animator.setReversed(true, at: 0.2)
        #expect(gap(before, animator.presentation(at: 0.2)) < 1e-9)
        #expect(animator.presentation(at: 0.8).value == from)
    }
}

extension PropertyAnimator {
    /// The value an untouched animator started at 0 shows at `time` (a reference trajectory).
    fileprivate func presentationRunning(at time: Double) -> Value {
        var copy = self
        copy.start(at: 0)
        return copy.presentation(at: time).value
    }
}
