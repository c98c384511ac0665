/// Release velocity from recent touch samples: a quadratic least-squares fit per axis over the last 100 ms
/// (at most 20 samples), evaluated at the newest sample (Android's LSQ2).
///
/// A pointer that has not moved for 40 ms is treated as stopped: a gap that long between two samples drops the
/// older history (checked at each move), and a lift that long after the last move reports zero (checked at lift),
/// also when samples kept arriving at exactly the same position meanwhile.
/// The result's vector length is capped (never per axis, which would bend diagonal flings).
public struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds.
    public static let horizon = 0.100
    /// A pause this long means the pointer stopped, in seconds.
    public static let stopGap = 0.040
    /// At most this many samples take part in the fit.
    public static let maxSamples = 20

    /// The largest speed reported, in px/s.
    public var maxSpeed: Double
    private var samples = SampleHistory(capacity: maxSamples, gap: stopGap)
    private var times: [Double] { samples.times }
    private var points: [SIMD2<Double>] { samples.points }
    /// Time of the newest sample whose position differed from the one before it.
    private var lastMoveTime = -Double.infinity

    /// Creates an empty tracker; `maxSpeed` caps the reported vector's length.
    public init(maxSpeed: Double = 8000) { self.maxSpeed = maxSpeed }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll()
        lastMoveTime = -.infinity
    }

    /// Adds a sample at `time` seconds.
    public mutating func add(_ point: SIMD2<Double>, time: Double) {
        let moved = points.last.map { $0 != point } ?? true
        if let last = times.last, time - last >= Self.stopGap { lastMoveTime = -.infinity } // it had stopped
        samples.add(point, time: time)   // starts over after the gap; the same instant keeps the newest
        if moved { lastMoveTime = time }
    }

    /// The velocity in px/s at `time` (the lift or the current time): zero when the last sample is 40 ms old.
    public func velocity(at time: Double) -> SIMD2<Double> {
        guard let newest = times.last, time - newest < Self.stopGap, time - lastMoveTime < Self.stopGap else {
            return .zero
        }
        var first = times.count - 1
        while first > 0 && newest - times[first - 1] <= Self.horizon { first -= 1 }
        let n = times.count - first
        guard n >= 2 else { return .zero }
        var v: SIMD2<Double>
        if n == 2 {
            v = (points[first + 1] - points[first]) / (times[first + 1] - times[first])
        } else {
            // Fit p(t) = a + b·t + c·t², t relative to the newest sample; velocity is b.
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
            var y0 = SIMD2<Double>.zero, y1 = SIMD2<Double>.zero, y2 = SIMD2<Double>.zero
            for i in first..<times.count {
                let t = times[i] - newest
                let t2 = t * t
                s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
                y0 += points[i]; y1 += points[i] * t; y2 += points[i] * t2
            }
            // Cramer's rule on the 3×3 normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[a b c] = [y0 y1 y2].
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            if abs(det) < 1e-18 {
                v = (points[times.count - 1] - points[first]) / (newest - times[first])
            } else {
                let detB = s0 * (y1 * s4 - s3 * y2) - y0 * (s1 * s4 - s3 * s2) + s2 * (s1 * y2 - y1 * s2)
                v = detB / det
            }
        }
        let speed = (v * v).sum().squareRoot()
        if speed > maxSpeed { v *= maxSpeed / speed }
        return v
    }
}
