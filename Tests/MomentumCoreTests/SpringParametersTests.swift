import Testing
@testable import MomentumCore

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    (a - b).magnitude <= tolerance * max(1, b.magnitude)
}

@Suite struct SpringParametersTests {
    @Test(arguments: [(0.5, 0.825), (0.3, 0.5), (1.2, 1.0), (0.25, 2.5)])
    func responseAndDampingRatioRoundTrip(response: Double, dampingRatio: Double) {
        let p = SpringParameters(response: response, dampingRatio: dampingRatio, mass: 1.5)
        // SwiftUI/Motion formulas as the oracle: k = (2π/response)²·m, c = 4πζm/response.
        #expect(close(p.stiffness, (2 * Double.pi / response) * (2 * Double.pi / response) * 1.5))
        #expect(close(p.damping, 4 * Double.pi * dampingRatio * 1.5 / response))
        #expect(close(p.response, response))
        #expect(close(p.dampingRatio, dampingRatio))
    }

    @Test(arguments: [(0.5, 0.0), (0.4, 0.3), (0.8, -0.4), (1.0, 0.9)])
    func durationAndBounceRoundTrip(duration: Double, bounce: Double) {
        let p = SpringParameters(duration: duration, bounce: bounce)
        #expect(close(p.duration, duration))
        #expect(close(p.bounce, bounce))
        let expectedRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        #expect(close(p.dampingRatio, expectedRatio))
    }

    @Test(arguments: [(3.5, 0.4), (1.0, 1.0), (10.0, 0.1), (0.5, 3.0)])
    func frequencyAndDampingRatioRoundTrip(frequency: Double, dampingRatio: Double) {
        let p = SpringParameters(frequency: frequency, dampingRatio: dampingRatio, mass: 2)
        // UIKit/Box2D formulas: k = m(2πf)², c = 2mζ(2πf).
        #expect(close(p.stiffness, 2 * (2 * Double.pi * frequency) * (2 * Double.pi * frequency)))
        #expect(close(p.damping, 2 * 2 * dampingRatio * 2 * Double.pi * frequency))
        #expect(close(p.frequency, frequency))
        #expect(close(p.dampingRatio, dampingRatio))
    }

    @Test func origamiRoundTripAndReboundMapping() {
        let p = SpringParameters(origamiTension: 40, friction: 7)
        #expect(close(p.stiffness, (40 - 30) * 3.62 + 194))
        #expect(close(p.damping, (7 - 8) * 3 + 25))
        #expect(close(p.origamiTension, 40))
        #expect(close(p.origamiFriction, 7))
    }

    @Test func popDefaultMatchesPublishedValues() {
        // pop's default (bounciness 4, speed 12) ≈ k 342.1, c 30.49, ζ 0.824 (pop's own mapping, via origami).
        let p = SpringParameters(popBounciness: 4, speed: 12)
        #expect((p.stiffness - 342.10058823529414).magnitude < 1e-9)
        #expect((p.damping - 30.486979648244255).magnitude < 1e-9)
        #expect((p.dampingRatio - 0.824).magnitude < 1e-3)
    }

    @Test(arguments: [(4.0, 12.0), (6.0, 15.0), (0.0, 5.0), (15.0, 20.0)])
    func popRoundTrip(bounciness: Double, speed: Double) {
        let p = SpringParameters(popBounciness: bounciness, speed: speed)
        #expect(close(p.popBounciness, bounciness, 1e-9))
        #expect(close(p.popSpeed, speed, 1e-9))
    }

    @Test func requestedDampingRatioIsNeverClamped() {
        #expect(close(SpringParameters(response: 0.5, dampingRatio: 0.01).dampingRatio, 0.01))
        #expect(close(SpringParameters(response: 0.5, dampingRatio: 7).dampingRatio, 7))
    }
}
