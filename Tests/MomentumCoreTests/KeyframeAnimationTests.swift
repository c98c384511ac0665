import RealModule
import Testing
@testable import MomentumCore

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

@Suite("Keyframes: values, paths and groups")
struct KeyframeAnimationTests {
    let rest = PresentedState<Double>(resting: 0)

    @Test("the shake from seed 003: key times give constant speed across segments of different length")
    func shake() throws {
        let shake = try KeyframeAnimation<Double>(values: [0, 10, -10, 10, 0], keyTimes: [0, 1 / 6.0, 3 / 6.0, 5 / 6.0, 1],
                                                  timing: MediaTiming(duration: 0.4), isAdditive: true)
        let base = PresentedState<Double>(resting: 100)
        let quarter = try #require(shake.sample(at: 0.4 / 12, over: base))
        #expect(near(quarter.value, 105))
        for t in [0.01, 0.1, 0.2, 0.3, 0.39] {
            // 10 units per 1/6 of 0.4 s = 150 units/s everywhere.
            #expect(near(abs(try #require(shake.sample(at: t, over: base)).velocity), 150), "t = \(t)")
        }
    }

    @Test("discrete holds each value until the next key time (one more key time than values)")
    func discrete() throws {
        let steps = try KeyframeAnimation<Double>(values: [1, 2, 3], keyTimes: [0, 0.5, 0.75, 1],
                                                  calculationMode: .discrete, timing: MediaTiming(duration: 1))
        #expect(try #require(steps.sample(at: 0.49, over: rest)).value == 1)
        #expect(try #require(steps.sample(at: 0.5, over: rest)).value == 2)
        #expect(try #require(steps.sample(at: 0.8, over: rest)).value == 3)
        #expect(try #require(steps.sample(at: 0.8, over: rest)).velocity == 0)
        #expect(throws: TimingFunctionError.self) {
            try KeyframeAnimation<Double>(values: [1, 2, 3], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        }
    }

    @Test("paced ignores key times and moves at constant speed")
    func paced() throws {
        let paced = try KeyframeAnimation<SIMD2<Double>>(
            values: [SIMD2(0, 0), SIMD2(30, 40), SIMD2(30, 190)], keyTimes: [0, 0.9, 1],
            calculationMode: .paced, timing: MediaTiming(duration: 2))
        #expect(paced.keyTimes == [0, 0.25, 1])  // 50 of 200 units
        for t in [0.1, 0.4, 0.6, 1.9] {
            let sample = try #require(paced.sample(at: t, over: PresentedState(resting: .zero)))
            #expect(near(length(sample.velocity), 100), "t = \(t)")
        }
    }

    @Test("cubic passes through every keyframe with Catmull-Rom tangents")
    func cubic() throws {
        let values: [Double] = [0, 10, 0, 20]
        let spline = try KeyframeAnimation<Double>(values: values, calculationMode: .cubic,
                                                   timing: MediaTiming(duration: 3))
        for (index, value) in values.enumerated() {
            #expect(near(try #require(spline.sample(at: Double(index) - (index == 3 ? 1e-12 : 0), over: rest)).value,
                         value, 1e-9))
        }
        // Middle segment (10 → 0), tangents (0 − 0)/2 = 0 and (20 − 10)/2 = 5 (per segment parameter).
        // Hermite at u = ½: (10 + 0)/2 + (0 − 5)/8 = 4.375; velocity = 1.5·(0 − 10) − ¼·(0 + 5) = −16.25 per unit u.
        let middle = try #require(spline.sample(at: 1.5, over: rest))
        #expect(near(middle.value, 4.375) && near(middle.velocity, -16.25))
    }

    @Test("per-segment timing functions shape each segment; counts are validated")
    func segmentTiming() throws {
        let eased = try KeyframeAnimation<Double>(values: [0, 100, 0], timingFunctions: [.easeIn, .linear],
                                                  timing: MediaTiming(duration: 2))
        #expect(near(try #require(eased.sample(at: 0.5, over: rest)).value, 100 * CubicBezier.easeIn.value(at: 0.5)))
        #expect(near(try #require(eased.sample(at: 1.5, over: rest)).value, 50))
        #expect(throws: TimingFunctionError.self) {
            try KeyframeAnimation<Double>(values: [0, 1, 2], timingFunctions: [.linear])
        }
        #expect(throws: TimingFunctionError.self) { try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0.1, 1]) }
    }

    @Test("path, linear mode: each segment gets an equal share of the time")
    func pathLinear() throws {
        var path = KeyframePath()
        path.move(to: SIMD2(0, 0))
        path.addLine(to: SIMD2(100, 0))
        path.addLine(to: SIMD2(100, 300))
        let animation = try PathAnimation(path: path, timing: MediaTiming(duration: 2))
        let sample = try #require(animation.sample(at: 0.5, over: PresentedState(resting: .zero)))
        #expect(length(sample.position.value - SIMD2(50, 0)) < 1e-9)
        #expect(length(sample.position.velocity - SIMD2(100, 0)) < 1e-9)
        let paced = try PathAnimation(path: path, calculationMode: .paced, timing: MediaTiming(duration: 2))
        let half = try #require(paced.sample(at: 1, over: PresentedState(resting: .zero)))
        #expect(length(half.position.value - SIMD2(100, 100)) < 1e-6)
        #expect(near(length(half.position.velocity), 200, 1e-6))
    }

    @Test("path, paced on a Bézier circle: constant speed, length matches a fine polyline, rotation follows the tangent")
    func orbit() throws {
        let r = 150.0
        let path = KeyframePath.circle(center: .zero, radius: r)
        // Independent length: 4 × a 20 000-piece polyline of the quarter arc's Bézier.
        let k = 0.5522847498307936 * r
        func quarter(_ t: Double) -> SIMD2<Double> {
            let u = 1 - t
            return (u * u * u) * SIMD2(r, 0) + (3 * u * u * t) * SIMD2(r, k) + (3 * u * t * t) * SIMD2(k, r)
                + (t * t * t) * SIMD2(0, r)
        }
        var polyline = 0.0
        for i in 0..<20_000 { polyline += length(quarter(Double(i + 1) / 20_000) - quarter(Double(i) / 20_000)) }
        #expect(near(path.length, 4 * polyline, 1e-5))
        #expect(near(path.length, 2 * Double.pi * r, 0.05 * r))  // the Bézier circle is within 0.03 % of a circle

        let orbit = try PathAnimation(path: path, calculationMode: .paced, rotationMode: .auto,
                                      timing: MediaTiming(duration: 4, repeatCount: .infinity), isAdditive: true)
        let speed = path.length / 4
        for t in stride(from: 0.05, to: 8, by: 0.37) {
            let sample = try #require(orbit.sample(at: t, over: PresentedState(resting: SIMD2(500, 500))))
            #expect(near(length(sample.position.velocity), speed, 1e-6 * speed), "t = \(t)")
            // Counter-clockwise: tangent angle = polar angle + π/2 (to the Bézier circle's accuracy).
            let offset = sample.position.value - SIMD2(500, 500)
            let polar = Double.atan2(y: offset.y, x: offset.x)
            var difference = sample.rotation - polar - Double.pi / 2
            while difference > Double.pi { difference -= 2 * Double.pi }
            while difference < -Double.pi { difference += 2 * Double.pi }
            #expect(abs(difference) < 2e-3, "t = \(t)")
        }
        // Paced: after a quarter of the time, a quarter of the way round.
        let quarterTurn = try #require(orbit.sample(at: 1, over: PresentedState(resting: .zero)))
        #expect(length(quarterTurn.position.value - SIMD2(0, r)) < 1e-6)
    }

    @Test("a group shares timing: children start relative to it, speed scales them, its duration clips them")
    func group() throws {
        let child = TweenAnimation<Double>.basic(BasicAnimation(from: 0, to: 100, timing: MediaTiming(duration: 2)))
        let late = TweenAnimation<Double>.basic(
            BasicAnimation(by: 1000, timing: MediaTiming(beginTime: 0.5, duration: 1), isAdditive: true))
        let group = AnimationGroup(animations: [child, late], timing: MediaTiming(beginTime: 0.5, duration: 1))
        #expect(group.sample(at: 0.4, over: rest) == nil)
        let early = try #require(group.sample(at: 0.75, over: rest))
        #expect(near(early.value, 12.5) && near(early.velocity, 50))
        let both = try #require(group.sample(at: 1.25, over: rest))
        #expect(near(both.value, 37.5 + 250) && near(both.velocity, 50 + 1000))
        #expect(group.sample(at: 1.5, over: rest) == nil)  // clipped: the 2 s child never reaches 100

        var fast = group
        fast.timing.speed = 2
        let doubled = try #require(fast.sample(at: 0.625, over: rest))
        #expect(near(doubled.value, 12.5) && near(doubled.velocity, 100))
    }
}
