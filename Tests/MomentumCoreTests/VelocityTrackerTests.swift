import Testing
@testable import MomentumCore

/// A flick's distance along its direction as a function of time since touch-down, with its analytic speed.
struct FlickProfile: CustomStringConvertible, Sendable {
    let name: String
    /// Speed at touch-down and at lift (px/s); the speed changes uniformly in between.
    let startSpeed: Double
    let liftSpeed: Double
    /// Time from down to lift (s).
    let duration: Double

    var description: String { name }
    var acceleration: Double { (liftSpeed - startSpeed) / duration }
    func distance(at t: Double) -> Double { startSpeed * t + 0.5 * acceleration * t * t }
    func speed(at t: Double) -> Double { startSpeed + acceleration * t }
}

/// Release velocity: the estimate that decides where a flung panel goes and how fast.
struct VelocityTrackerTests {
    static let profiles = [
        FlickProfile(name: "constant", startSpeed: 1800, liftSpeed: 1800, duration: 0.15),
        FlickProfile(name: "accelerating", startSpeed: 600, liftSpeed: 3000, duration: 0.15),
        FlickProfile(name: "decelerating", startSpeed: 3000, liftSpeed: 600, duration: 0.15),
    ]

    /// Mean estimate over seeded noisy flicks: samples at `rate` Hz with ±0.5 px position noise (per axis) and
    /// ±0.5 ms timestamp jitter, lifted at the last sample. Returns (along, across) the flick direction.
    static func meanEstimate(_ profile: FlickProfile, rate: Double, trials: Int, seed: UInt64) -> (Double, Double) {
        let direction = SIMD2<Double>(3, -4) / 5           // up and to the right
        let normal = SIMD2<Double>(4, 3) / 5
        let start = SIMD2<Double>(400, 700)
        var noise = SplitMix64(seed: seed)
        var along = 0.0, across = 0.0
        let count = Int((profile.duration * rate).rounded())
        for _ in 0..<trials {
            var tracker = VelocityTracker()
            let t0 = 12.5                                  // arbitrary input clock base
            var liftTime = t0
            for i in 0...count {
                let t = Double(i) / rate
                let point = start + profile.distance(at: t) * direction
                    + SIMD2(noise.symmetric(0.5), noise.symmetric(0.5))
                let stamp = t0 + t + noise.symmetric(0.0005)
                tracker.add(point, time: stamp)
                liftTime = stamp
            }
            let v = tracker.velocity(at: liftTime)
            along += (v * direction).sum()
            across += (v * normal).sum()
        }
        return (along / Double(trials), across / Double(trials))
    }

    @Test(arguments: profiles, [60.0, 120.0, 240.0])
    func noisyFlickMeanBiasWithinFivePercent(_ profile: FlickProfile, rate: Double) {
        let trueSpeed = profile.speed(at: profile.duration)
        let (along, across) = Self.meanEstimate(profile, rate: rate, trials: 300, seed: 0x5EED_0000 + UInt64(rate))
        #expect(abs(along - trueSpeed) <= 0.05 * trueSpeed, "\(profile) at \(rate) Hz: \(along) vs \(trueSpeed) px/s")
        #expect(abs(across) <= 0.05 * trueSpeed, "\(profile) at \(rate) Hz bends sideways: \(across) px/s")
    }

    @Test func endpointAveragingWouldFailTheBar() {
        // Guard on the bar itself: over a decelerating flick, the 100 ms mean speed (GTK-style) is far off,
        // so a test passing the 5 % bar above cannot be satisfied by an averaging estimator.
        let profile = Self.profiles[2]
        let t1 = profile.duration, t0 = t1 - 0.1
        let mean = (profile.distance(at: t1) - profile.distance(at: t0)) / 0.1
        #expect(abs(mean - profile.speed(at: t1)) > 0.05 * profile.speed(at: t1))
    }

    /// A fast flick to the right at 120 Hz for 100 ms, ending at `end` seconds; returns the tracker.
    private func flickRight(until end: Double, speed: Double = 2000) -> VelocityTracker {
        var tracker = VelocityTracker()
        for i in 0...12 {
            let t = end - Double(12 - i) / 120
            tracker.add(SIMD2(100 + speed * (t - end + 0.1), 300), time: t)
        }
        return tracker
    }

    @Test func liftAfterHoldingStillGivesExactlyZero() {
        let tracker = flickRight(until: 5.0)
        #expect(tracker.velocity(at: 5.045) == .zero)      // no motion events for 45 ms, then the lift
        #expect(tracker.velocity(at: 5.040) == .zero)
        // Not yet stopped 30 ms after the last motion: the fling is still reported.
        #expect(tracker.velocity(at: 5.030).x > 1900)
    }

    @Test func liftAfterStationaryMotionEventsGivesExactlyZero() {
        // Some inputs keep reporting the held point: 48 ms of samples at exactly the same position.
        var tracker = flickRight(until: 5.0)
        let rest = SIMD2<Double>(300, 300)
        for i in 1...6 { tracker.add(rest, time: 5.0 + Double(i) * 0.008) }
        #expect(tracker.velocity(at: 5.048) == .zero)
    }

    @Test func motionAfterAStopForgetsTheEarlierFling() {
        var tracker = flickRight(until: 5.0)              // 2000 px/s to the right, ending at x = 300
        // 50 ms without events, then a slow drag to the left at 500 px/s.
        for i in 0...6 { tracker.add(SIMD2(300 - 500 * Double(i) / 120, 300), time: 5.05 + Double(i) / 120) }
        let v = tracker.velocity(at: 5.05 + 6.0 / 120)
        #expect(abs(v.x + 500) < 1e-6)
        #expect(abs(v.y) < 1e-6)
    }

    @Test func uniformMotionIsExact() {
        var tracker = VelocityTracker()
        for i in 0..<30 {                                  // longer than the 20-sample window
            let t = 1 + Double(i) * 0.004
            tracker.add(SIMD2(10 + 1200 * Double(i) * 0.004, 50 - 700 * Double(i) * 0.004), time: t)
        }
        let v = tracker.velocity(at: 1 + 29 * 0.004)
        #expect(abs(v.x - 1200) < 1e-6)
        #expect(abs(v.y + 700) < 1e-6)
        // Two samples are enough for a slope; one is not.
        var two = VelocityTracker()
        two.add(SIMD2(0, 0), time: 1)
        #expect(two.velocity(at: 1) == .zero)
        two.add(SIMD2(10, 0), time: 1.01)
        #expect(abs(two.velocity(at: 1.01).x - 1000) < 1e-9)
    }

    @Test(arguments: [SIMD2<Double>(1, 1), SIMD2(-1, 1), SIMD2(1, -1), SIMD2(3, 4)])
    func fastFlingIsCappedOnLengthKeepingDirection(_ direction: SIMD2<Double>) {
        let unit = direction / (direction * direction).sum().squareRoot()
        let speed = 12_000.0
        var tracker = VelocityTracker(maxSpeed: 8000)
        for i in 0...10 { tracker.add(unit * speed * Double(i) / 240, time: Double(i) / 240) }
        let v = tracker.velocity(at: 10.0 / 240)
        let length = (v * v).sum().squareRoot()
        #expect(abs(length - 8000) < 1e-6)
        // Same direction: every component scaled alike (a 45° fling stays at 45°, not bent or slowed per axis).
        #expect(abs(v.x - 8000 * unit.x) < 1e-6)
        #expect(abs(v.y - 8000 * unit.y) < 1e-6)
    }

    @Test func flingUnderTheCapIsUntouched() {
        var tracker = VelocityTracker(maxSpeed: 8000)
        for i in 0...10 { tracker.add(SIMD2(5000, 5000) * Double(i) / 240, time: Double(i) / 240) }
        let v = tracker.velocity(at: 10.0 / 240)           // length 7071 < 8000
        #expect(abs(v.x - 5000) < 1e-6)
        #expect(abs(v.y - 5000) < 1e-6)
    }
}
