import MomentumTestSupport
import Testing
@testable import MomentumCore

@Suite struct VectorTests {
    @Test func restTestUsesVectorLengthNotComponents() {
        let threshold = RestThreshold.position              // distance 0.75 px, speed 46.875 px/s
        // Each component 0.6 px is under the distance limit, but the point is 0.85 px away: not settled.
        #expect(!threshold.isSettled(displacement: AnimatableVector(0.6, 0.6), velocity: AnimatableVector(0, 0)))
        #expect(threshold.isSettled(displacement: AnimatableVector(0.5, 0.5), velocity: AnimatableVector(0, 0)))
        // Each velocity component 40 px/s is under the limit, but the speed is 56.6 px/s: not settled.
        #expect(!threshold.isSettled(displacement: AnimatableVector(0, 0), velocity: AnimatableVector(40, 40)))
    }

    @Test func thresholdsComeFromMinimumVisibleChange() {
        #expect(RestThreshold.position.distance == 0.75)
        #expect(RestThreshold.position.speed == 46.875)
        #expect(RestThreshold.opacity.distance == 0.75 / 256)
        #expect(RestThreshold.scale.distance == 0.75 / 500)
        #expect((RestThreshold.rotation.distance - 0.75 * 0.1 * Double.pi / 180).magnitude < 1e-18)
    }

    @Test func componentsBeyondCountStayZero() {
        let v = AnimatableVector(storage: SIMD4(3, 4, 99, 99), count: 2)
        #expect(v.length == 5)
        #expect(v.storage == SIMD4(3, 4, 0, 0))
        #expect((v + AnimatableVector(1, 1)).xy == SIMD2(4, 5))
        #expect((2 * v)[1] == 8)
    }

    @Test func opacitySpringSettlesWithItsOwnThreshold() {
        var opacity = SpringAnimation(restThreshold: .opacity, value: AnimatableVector(0), target: AnimatableVector(1))
        var frames = 0
        while !opacity.isAtRest && frames < 600 { opacity.advance(by: 1.0 / 60); frames += 1 }
        #expect(opacity.isAtRest)
        #expect(opacity.presented.value == AnimatableVector(1))
        // A position spring (0.75 px threshold) would not even start a half-unit move.
        let position = SpringAnimation(value: AnimatableVector(0), target: AnimatableVector(0.5))
        #expect(position.isAtRest)
        #expect(frames > 10)
    }

    @Test func colourAnimatesAllFourChannels() {
        let from = AnimatableVector(1, 0, 0, 1)
        let to = AnimatableVector(0, 0.5, 1, 1)
        var colour = VectorSpring(restThreshold: .colour, value: from, target: to)
        colour.advance(by: 0.05)
        let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        let fraction = oracle.state(x0: 1, v0: 0, at: 0.05).x     // remaining fraction of the distance
        let expected = to + fraction * (from - to)
        #expect((colour.presented.value - expected).length <= 1e-6)
    }
}
