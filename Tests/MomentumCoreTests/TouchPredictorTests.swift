import Testing
@testable import MomentumCore

/// Touch prediction: where a dragging finger will be when the frame is shown, checked against the finger's own
/// path (the closed form each synthetic finger follows), on a 120 Hz touchscreen's samples with ±0.5 ms timestamp
/// jitter and whole-pixel positions.
struct TouchPredictorTests {
    /// A finger moving along y by `path(t)` (px at s since down).
    struct Finger: CustomStringConvertible, Sendable {
        let name: String
        let path: @Sendable (Double) -> Double
        var description: String { name }
    }

    static let rate = 120.0
    /// The frame is drawn 2 ms after the newest sample and shown 40 ms after it (weston headless's latency).
    static let drawDelay = 0.002, showDelay = 0.040

    /// Feeds the finger's samples up to `until` (s), jittered and rounded as a touchscreen reports them; returns the
    /// predictor and the newest sample's true time.
    static func feed(_ finger: Finger, until: Double, seed: UInt64, wholePixels: Bool = true,
                     jitter: Double = 0.0005) -> (TouchPredictor, Double) {
        var random = SplitMix64(seed: seed)
        var predictor = TouchPredictor()
        var newest = 0.0
        var k = 0
        while Double(k) / rate <= until {
            let t = Double(k) / rate
            let y = wholePixels ? finger.path(t).rounded() : finger.path(t)
            predictor.add(SIMD2(100, y), time: t + random.symmetric(jitter))
            newest = t
            k += 1
        }
        return (predictor, newest)
    }

    /// Prediction errors (drawn − true at presentation, along the motion) at many draw times along a finger's path.
    static func errors(_ finger: Finger, from: Double, to: Double, seed: UInt64) -> [Double] {
        var result: [Double] = []
        var t = from
        var s = seed
        while t <= to {
            let (predictor, newest) = feed(finger, until: t, seed: s)
            let shown = newest + showDelay
            guard let p = predictor.predict(at: shown, now: newest + drawDelay) else { break }
            result.append(p.position.y - finger.path(shown))
            t += 0.0113
            s += 1
        }
        return result
    }

    static func median(_ values: [Double]) -> Double { values.map(abs).sorted()[values.count / 2] }

    @Test("a finger at a constant 1000 px/s is drawn within 1 px of where it is when shown (40 ms ahead)")
    func constantSpeed() {
        let finger = Finger(name: "constant") { 1000 * $0 }
        let errors = Self.errors(finger, from: 0.1, to: 1.0, seed: 1)
        #expect(Self.median(errors) <= 1.0, "median \(Self.median(errors))")
        #expect(errors.map(abs).max() ?? .infinity <= 2.5, "\(errors)")
        // Unpredicted, the same frames would be 40 px behind.
    }

    @Test("at 300 and 3000 px/s too, and in any direction, the error stays within the samples' own noise")
    func otherSpeeds() {
        // At 3000 px/s the ±0.5 ms timestamp jitter alone is ±1.5 px of finger travel.
        for (speed, bound) in [(300.0, 1.0), (-3000.0, 1.5)] {
            let finger = Finger(name: "\(speed)") { speed * $0 }
            let errors = Self.errors(finger, from: 0.1, to: 0.6, seed: 7)
            #expect(Self.median(errors) <= bound, "\(speed) px/s: median \(Self.median(errors))")
        }
    }

    @Test("an accelerating finger is followed far closer than unpredicted")
    func accelerating() {
        // 500 → 2000 px/s over 0.3 s (5000 px/s²).
        let finger = Finger(name: "accelerating") { 500 * $0 + 2500 * $0 * $0 }
        let errors = Self.errors(finger, from: 0.08, to: 0.3, seed: 3)
        for (k, error) in errors.enumerated() {
            let t = 0.08 + Double(k) * 0.0113
            let unpredicted = finger.path(t + Self.showDelay) - finger.path(t)
            #expect(abs(error) < 0.3 * unpredicted, "at \(t) s: error \(error) px, unpredicted \(unpredicted) px")
        }
    }

    @Test("a finger slowing to rest is not drawn past where it stops: 2 px with sub-pixel samples, 4 px with whole pixels and jitter",
          arguments: [(false, 0.0, 2.0), (true, 0.0005, 4.0)])
    func deceleratingToRest(wholePixels: Bool, jitter: Double, bound: Double) {
        // 1000 px/s, then from 0.2 s a constant deceleration to rest over 100 ms (at 250 px), then still.
        let finger = Finger(name: "stopping") { t in
            if t < 0.2 { return 1000 * t }
            let s = min(t - 0.2, 0.1)
            return 200 + 1000 * s - 5000 * s * s
        }
        let stop = finger.path(1)
        var t = 0.15
        var seed: UInt64 = 11
        while t <= 0.4 {
            let (predictor, newest) = Self.feed(finger, until: t, seed: seed, wholePixels: wholePixels, jitter: jitter)
            if let p = predictor.predict(at: newest + Self.showDelay, now: newest + Self.drawDelay) {
                #expect(p.position.y - stop <= bound, "drawn at \(t) s: \(p.position.y) past the stop at \(stop)")
            }
            t += 0.0041
            seed += 1
        }
    }

    @Test("a still finger, and one that has sent nothing for 20 ms, is drawn exactly where its last sample is")
    func stillFinger() {
        let still = Finger(name: "still") { _ in 321.4 }
        let (predictor, newest) = Self.feed(still, until: 0.3, seed: 5)
        let p = predictor.predict(at: newest + 0.04, now: newest + 0.002)
        #expect(p?.position == SIMD2(100, 321), "\(String(describing: p))")
        // Moving at 1000 px/s, then nothing: once the gap passes 20 ms no extrapolation is left.
        let (moving, last) = Self.feed(Finger(name: "constant") { 1000 * $0 }, until: 0.2, seed: 6)
        let late = moving.predict(at: last + 0.06, now: last + TouchPredictor.stopGap + 0.001)
        #expect(late?.position == moving.newest?.position && late?.horizon == 0)
    }

    @Test("samples overdue (a finger that may have stopped, or input held up): the prediction fades out")
    func overdueSamples() {
        let (predictor, last) = Self.feed(Finger(name: "constant") { 1000 * $0 }, until: 0.2, seed: 8)
        let real = predictor.newest?.position.y ?? 0
        func ahead(after age: Double) -> Double {
            (predictor.predict(at: last + 0.04, now: last + age)?.position.y ?? 0) - real
        }
        // Within 1.5 sample intervals (12.5 ms at 120 Hz) the whole way; then less and less; at 20 ms nothing.
        #expect(abs(ahead(after: 0.012) - 40) <= 1.5, "\(ahead(after: 0.012))")
        #expect(ahead(after: 0.016) > 5 && ahead(after: 0.016) < 35, "\(ahead(after: 0.016))")
        #expect(ahead(after: 0.018) < ahead(after: 0.016))
        // (The ages are from the true sample time; the newest timestamp is jittered by up to 0.5 ms.)
        #expect(abs(ahead(after: 0.0206)) <= 1, "\(ahead(after: 0.0206))")
    }

    @Test("the horizon is capped: a presentation far away is not extrapolated past maxHorizon")
    func horizonCap() {
        let (predictor, newest) = Self.feed(Finger(name: "constant") { 1000 * $0 }, until: 0.3, seed: 9)
        let p = predictor.predict(at: newest + 0.5, now: newest + 0.001)
        #expect(p?.horizon == predictor.maxHorizon)
        let ahead = (p?.position.y ?? 0) - (predictor.newest?.position.y ?? 0)
        #expect(abs(ahead - 1000 * predictor.maxHorizon) <= 2, "\(ahead)")
    }

    @Test("with two samples or fewer nothing is predicted")
    func tooFewSamples() {
        var predictor = TouchPredictor()
        #expect(predictor.predict(at: 1, now: 0.9) == nil)
        predictor.add(SIMD2(0, 0), time: 0)
        predictor.add(SIMD2(0, 10), time: 0.008)
        #expect(predictor.predict(at: 0.05, now: 0.01)?.position == SIMD2(0, 10))
    }
}
