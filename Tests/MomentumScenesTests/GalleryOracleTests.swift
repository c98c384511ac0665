import Foundation  // atan2, sin, cos, pow: the oracles use the platform's maths, not the engine's
import Testing
import MomentumCore
@testable import MomentumScenes

/// Independent closed forms for the gallery tests (nothing here calls the engine's easing code).
enum GalleryOracle {
    /// y for input x on cubic-bezier(x1, y1, x2, y2), solving x(t) = x by plain bisection (x(t) is monotone).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func component(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if component(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return component(y1, y2, (lo + hi) / 2)
    }

    /// Penner's easeOutBounce in its original form (constants 2.75 and 7.5625).
    static func bounceOut(_ t: Double) -> Double {
        if t < 1 / 2.75 { return 7.5625 * t * t }
        if t < 2 / 2.75 { let u = t - 1.5 / 2.75; return 7.5625 * u * u + 0.75 }
        if t < 2.5 / 2.75 { let u = t - 2.25 / 2.75; return 7.5625 * u * u + 0.9375 }
        let u = t - 2.625 / 2.75
        return 7.5625 * u * u + 0.984375
    }

    /// The expected output of the lane named `name` at input progress x.
    static func lane(_ name: String, at x: Double) -> Double? {
        switch name {
        case "linear": return x
        case "ease-in": return bezier(0.42, 0, 1, 1, at: x)
        case "ease-out": return bezier(0, 0, 0.58, 1, at: x)
        case "ease-in-out": return bezier(0.42, 0, 0.58, 1, at: x)
        case "default": return bezier(0.25, 0.1, 0.25, 1, at: x)
        case "cubic-bezier(0.5, 0, 0.9, 0.7)": return bezier(0.5, 0, 0.9, 0.7, at: x)
        case "bounce": return bounceOut(x)
        default: return nil
        }
    }

    /// Perimeter of the ellipse with radii (a, b): ∫₀^{2π} √(a² sin²θ + b² cos²θ) dθ by the trapezoid rule
    /// (spectrally accurate for a periodic integrand).
    static func perimeter(_ a: Double, _ b: Double) -> Double {
        let n = 4096
        var sum = 0.0
        for k in 0..<n {
            let t = 2 * Double.pi * Double(k) / Double(n)
            sum += (a * a * sin(t) * sin(t) + b * b * cos(t) * cos(t)).squareRoot()
        }
        return sum * 2 * Double.pi / Double(n)
    }

    /// Angle difference wrapped into (−π, π].
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 2 * Double.pi)
        if d > Double.pi { d -= 2 * Double.pi }
        if d <= -Double.pi { d += 2 * Double.pi }
        return d
    }
}

/// Taps and frame steps for a gallery scene, the way the app feeds it.
struct GalleryDriver {
    var scene = GalleryScene(size: SIMD2(800, 600))
    /// Input clock (s), independent of frame time as in the app.
    var inputTime = 100.0

    /// A short tap (50 ms, no movement) at `point`; returns the scene's events.
    mutating func tap(_ point: SIMD2<Double>) -> [SceneEvent] {
        var events = scene.handle(TouchFrame(changes: [TouchChange(id: 3, phase: .down, position: point, time: inputTime)]))
        inputTime += 0.05
        events += scene.handle(TouchFrame(changes: [TouchChange(id: 3, phase: .up, position: point, time: inputTime)]))
        inputTime += 0.05
        return events
    }

    /// A tap in the middle of `item`'s area.
    mutating func tap(_ item: GalleryItem) -> [SceneEvent] { tap(scene.layout.frame(of: item).center) }

    /// Advances frame time to exactly `time` in 60 Hz frames, as the app does (the last one shorter, landing on
    /// `time`; the tree clamps a longer step as a hitch); returns the events.
    @discardableResult mutating func advance(to time: Double) -> [SceneEvent] {
        var events: [SceneEvent] = []
        while scene.time < time {
            let before = scene.time
            events += scene.advance(by: min(1.0 / 60, time - scene.time))
            if scene.time == before { break }
        }
        return events
    }

    /// Advances in 60 Hz frames until nothing needs frames (at most `limit` s); returns all events.
    @discardableResult mutating func runToRest(limit: Double = 30) -> [SceneEvent] {
        var events: [SceneEvent] = []
        let end = scene.time + limit
        while scene.needsFrames && scene.time < end { events += scene.advance(by: 1.0 / 60) }
        return events
    }
}

extension SceneEvent {
    /// The `item` field's string, if any.
    var item: String? { string(.item) }
}

@Suite("Gallery oracles")
struct GalleryOracleTests {
    @Test("the oracles agree with known values: symmetric ease-in-out halves, y = x curve, bounce ends, circle perimeter")
    func knownValues() {
        #expect(abs(GalleryOracle.bezier(0.42, 0, 0.58, 1, at: 0.5) - 0.5) < 1e-12)
        #expect(abs(GalleryOracle.bezier(0, 0, 1, 1, at: 0.3) - 0.3) < 1e-12)  // equal controls: y(t) = x(t)
        #expect(abs(GalleryOracle.bounceOut(1) - 1) < 1e-12)
        #expect(abs(GalleryOracle.bounceOut(0)) < 1e-12)
        #expect(abs(GalleryOracle.perimeter(10, 10) - 20 * Double.pi) < 1e-9)
    }
}
