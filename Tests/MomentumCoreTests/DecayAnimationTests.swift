import Foundation
import Testing
@testable import MomentumCore

/// A flick's decay run by the animator like any other backend: it follows the closed form, lands where the
/// closed form says, and hands over its value and velocity when interrupted.
struct DecayAnimationTests {
    /// x(t) = x₀ + v₀·(d^(1000t) − 1)/(1000·ln d), written out with Foundation's pow and log.
    private func closedForm(_ x0: Double, _ v0: Double, rate d: Double, at t: Double) -> (x: Double, v: Double) {
        let k = 1000 * Foundation.log(d)
        return (x0 + v0 * (Foundation.pow(d, 1000 * t) - 1) / k, v0 * Foundation.pow(d, 1000 * t))
    }

    @Test func theAnimatorRunsAFlickToItsLandingPoint() {
        var animator = Animator<Int, PropertyAnimation>()
        var decay = DecayAnimation(rate: 0.998, at: .zero)
        decay.start(from: SIMD2(100, 0), velocity: SIMD2(1500, 0), to: .zero)
        animator.add(.decay(decay), for: 0)
        var t = 0.0
        for _ in 0..<30 {
            animator.advance(by: 1.0 / 60)
            t += 1.0 / 60
            let expected = closedForm(100, 1500, rate: 0.998, at: t)
            #expect(abs((animator.presentedValue(for: 0)?.x ?? .nan) - expected.x) < 1e-9)
            #expect(abs((animator.presentedVelocity(for: 0)?.x ?? .nan) - expected.v) < 1e-9)
        }
        var frames = 0
        while !animator.isIdle && frames < 1000 {
            animator.advance(by: 1.0 / 60)
            frames += 1
        }
        let landing = 100 - 1500 / (1000 * Foundation.log(0.998))  // ≈ 849.4
        #expect(animator.isIdle)
        #expect(abs((animator.presentedValue(for: 0)?.x ?? .nan) - landing) < 1e-9)
    }

    @Test func interruptingAFlickHandsOverWhatIsShown() {
        var motion = PropertyAnimation.decay(DecayAnimation(at: .zero))
        motion.start(from: .zero, velocity: SIMD2(0, -2000), to: .zero)
        motion.advance(by: 0.1)
        let expected = closedForm(0, -2000, rate: 0.998, at: 0.1)
        let handed = motion.interrupt()
        #expect(abs(handed.value.y - expected.x) < 1e-9 && abs(handed.velocity.y - expected.v) < 1e-9)
        #expect(motion.isAtRest && motion.presentedValue == handed.value)
    }
}
