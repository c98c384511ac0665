import RealModule

/// Scale and rotation of a pair of fingers, with their velocities: scale = current span / initial span,
/// angle = current direction − initial direction of the line from the first finger to the second, unwrapped
/// across ±π so it grows past a half turn without jumping.
///
/// Velocities come from the same quadratic least-squares fit over the last 100 ms as pan velocity
/// (`VelocityTracker`, fed the sample (scale, angle)); a pair held still for 40 ms reports zero. Pure: times
/// come from the caller.
public struct PinchRotationRecognizer: Sendable {
    /// Spans below this (px) count as this much, so fingers landing on one spot cannot divide by zero.
    public static let minimumSpan = 1.0

    /// The finger span when the pinch began (px, at least `minimumSpan`).
    public let initialSpan: Double
    /// Current scale (1 when the pinch began).
    public private(set) var scale = 1.0
    /// Current rotation in radians (0 when the pinch began), positive clockwise on screen.
    public private(set) var angle = 0.0
    private var lastDirection: Double
    private var tracker = VelocityTracker(maxSpeed: .infinity)

    /// Begins with the first finger at `first` and the second at `second` at `time` seconds.
    public init(first: SIMD2<Double>, second: SIMD2<Double>, time: Double) {
        initialSpan = Swift.max(Self.span(first, second), Self.minimumSpan)
        lastDirection = Self.direction(first, second)
        tracker.add(SIMD2(1, 0), time: time)
    }

    /// Updates with the fingers' new positions at `time` seconds.
    public mutating func update(first: SIMD2<Double>, second: SIMD2<Double>, time: Double) {
        scale = Swift.max(Self.span(first, second), Self.minimumSpan) / initialSpan
        let direction = Self.direction(first, second)
        var delta = direction - lastDirection
        // Unwrap: the shortest way round between two samples.
        if delta > Double.pi { delta -= 2 * Double.pi } else if delta < -Double.pi { delta += 2 * Double.pi }
        angle += delta
        lastDirection = direction
        tracker.add(SIMD2(scale, angle), time: time)
    }

    /// Scale velocity (1/s) and angular velocity (rad/s) at `time` (the lift or the latest input time).
    public func velocity(at time: Double) -> (scale: Double, angular: Double) {
        let v = tracker.velocity(at: time)
        return (v.x, v.y)
    }

    private static func span(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        return (d * d).sum().squareRoot()
    }

    private static func direction(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        return Double.atan2(y: d.y, x: d.x)
    }
}
