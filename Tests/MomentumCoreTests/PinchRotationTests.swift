import Foundation  // atan2, cos, sin, hypot for the independent geometry
import Testing
@testable import MomentumCore

/// Pinch scale and rotation angle against geometry computed here, and their velocity estimates.
struct PinchRotationTests {
    /// Deterministic noise in [−amplitude, amplitude] (64-bit LCG).
    struct Noise {
        var state: UInt64
        mutating func next(_ amplitude: Double) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * amplitude
        }
    }

    @Test func scaleAndAngleMatchTheGeometry() {
        let a0 = SIMD2(120.0, 340.0), b0 = SIMD2(260.0, 290.0)
        var p = PinchRotationRecognizer(first: a0, second: b0, time: 0)
        let a1 = SIMD2(90.0, 360.0), b1 = SIMD2(230.0, 470.0)
        p.update(first: a1, second: b1, time: 0.016)
        let span0 = hypot(b0.x - a0.x, b0.y - a0.y), span1 = hypot(b1.x - a1.x, b1.y - a1.y)
        let angle0 = atan2(b0.y - a0.y, b0.x - a0.x), angle1 = atan2(b1.y - a1.y, b1.x - a1.x)
        #expect(abs(p.scale - span1 / span0) < 1e-12)
        #expect(abs(p.angle - (angle1 - angle0)) < 1e-12)
        #expect(p.angle > 0)                          // (turned clockwise on a y-down screen)
    }

    @Test func angleUnwrapsPastHalfTurns() {
        let centre = SIMD2(300.0, 300.0)
        // Start with the line pointing almost at −π so the very first steps cross the ±π seam.
        let start = Double.pi - 0.05
        func ends(_ a: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            let d = SIMD2(cos(a), sin(a)) * 80
            return (centre - d, centre + d)
        }
        let (a, b) = ends(start)
        var p = PinchRotationRecognizer(first: a, second: b, time: 0)
        for i in 1...150 {                                         // 1.5 turns in 0.01·2π steps
            let turned = Double(i) * 0.02 * Double.pi
            let (a, b) = ends(start + turned)
            p.update(first: a, second: b, time: Double(i) * 0.008)
            #expect(abs(p.angle - turned) < 1e-9)
        }
        #expect(abs(p.angle - 3 * Double.pi) < 1e-9)
        #expect(abs(p.scale - 1) < 1e-12)
    }

    @Test(arguments: [60.0, 120.0])
    func constantRatePinchAndRotationVelocitiesWithinFivePercent(rate: Double) {
        var noise = Noise(state: UInt64(rate))
        let centre = SIMD2(400.0, 400.0)
        let span0 = 150.0, spanRate = 600.0                       // px/s → scale velocity 4 /s
        let omega = -3.0                                          // rad/s (anticlockwise on screen)
        func fingers(_ t: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            let half = (span0 + spanRate * t) / 2
            let d = SIMD2(cos(omega * t), sin(omega * t)) * half
            return (centre - d, centre + d)
        }
        let (a, b) = fingers(0)
        var p = PinchRotationRecognizer(first: a, second: b, time: 0)
        var t = 0.0
        for _ in 0..<Int(rate * 0.2) {
            t += 1 / rate + noise.next(0.0005)                    // 0.5 ms timestamp jitter …
            let (a, b) = fingers(t)
            let jitterA = SIMD2(noise.next(0.5), noise.next(0.5)), jitterB = SIMD2(noise.next(0.5), noise.next(0.5))
            p.update(first: a + jitterA, second: b + jitterB, time: t)    // … and 0.5 px position noise
        }
        let v = p.velocity(at: t)
        #expect(abs(v.scale - spanRate / span0) < 0.05 * spanRate / span0)
        #expect(abs(v.angular - omega) < 0.05 * abs(omega))
    }

    @Test func heldStillThenLiftedHasNoVelocity() {
        var p = PinchRotationRecognizer(first: SIMD2(0, 0), second: SIMD2(100, 0), time: 0)
        for i in 1...10 { p.update(first: SIMD2(0, 0), second: SIMD2(100 + 10 * Double(i), 0), time: 0.008 * Double(i)) }
        #expect(p.velocity(at: 0.08).scale > 1)
        #expect(p.velocity(at: 0.08 + 0.045) == (scale: 0, angular: 0))   // 45 ms still: stopped
    }

    @Test func pinchEndedCarriesTheVelocityThroughTheRecognizer() {
        var r = MultiTouchGestureRecognizer()
        func change(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ t: Double) -> TouchChange {
            TouchChange(id: id, phase: phase, position: SIMD2(x, 200), time: t)
        }
        _ = r.handle(TouchFrame(changes: [change(0, .down, 200, 1), change(1, .down, 300, 1)]))
        // Span grows 100 → 100 + 500·t: scale velocity 5 /s, no rotation.
        for i in 1...10 {
            let t = 0.008 * Double(i)
            _ = r.handle(TouchFrame(changes: [change(0, .motion, 200 - 250 * t, 1 + t), change(1, .motion, 300 + 250 * t, 1 + t)]))
        }
        let end = r.handle(TouchFrame(changes: [change(1, .up, 300 + 250 * 0.08, 1.08)]))
        guard case .pinchEnded(let scale, let velocity)? = end.first,
              case .rotationEnded(let angle, let angular)? = end.dropFirst().first else {
            Issue.record("expected pinchEnded, rotationEnded; got \(end)")
            return
        }
        #expect(abs(scale - 1.4) < 1e-12)
        #expect(abs(velocity - 5) < 1e-6)
        #expect(angle == 0 && angular == 0)
    }
}
