/// Where a dragging finger will be when the frame being drawn is shown.
///
/// A frame drawn from the newest touch sample shows the finger where it was, one input-to-screen latency ago: at
/// 1000 px/s and 40 ms that is 40 px behind. The predictor extrapolates the newest sample along the finger's
/// velocity to the frame's presentation time:
///
/// - the velocity is a least-squares line through the samples of the last `window` seconds (at most `maxSamples`),
///   so timestamp jitter and whole-pixel positions average out, and a constant finger is predicted exactly;
/// - the horizon (presentation time − newest sample) is capped at `maxHorizon`;
/// - it is extrapolated from the line's own position at the newest sample (jitter and whole pixels averaged);
/// - a finger slowing down is extrapolated to where it will stop, not past it: when its newest three samples move
///   slower than the line, the deceleration between the two estimates gives the speed now and the stopping
///   distance (never a reversal);
/// - the prediction fades out at low speeds: below `fadeSpeed.lower` px/s it is 0, above `fadeSpeed.upper` whole;
/// - a finger that sends nothing for `stopGap` seconds is still (Wayland sends no motion for a resting finger):
///   it is predicted where it is; the prediction fades out from 1.5 sample intervals without a sample to then.
///
/// It only draws: release velocity and every gesture decision use the real samples, never this.
/// Times are seconds on the input clock; `predict` takes the presentation time on that clock too.
public struct TouchPredictor: Sendable {
    /// How far back samples take part in the velocity fit, in seconds.
    public static let window = 0.050
    /// At most this many samples take part.
    public static let maxSamples = 8
    /// The longest extrapolation, in seconds.
    public var maxHorizon: Double
    /// Speeds (px/s) between which the prediction fades in.
    public static let fadeSpeed = (lower: 60.0, upper: 240.0)
    /// A finger that has sent nothing for this long (s) is treated as still.
    public static let stopGap = 0.020

    /// A gap of twice `stopGap` starts the history over: a new motion.
    private var samples = SampleHistory(capacity: maxSamples, gap: 2 * stopGap)
    private var times: [Double] { samples.times }
    private var points: [SIMD2<Double>] { samples.points }

    /// A predictor that extrapolates at most `maxHorizon` seconds.
    public init(maxHorizon: Double = 0.060) { self.maxHorizon = maxHorizon }

    /// Forgets every sample (a new finger, or the drag ended).
    public mutating func reset() { samples.removeAll() }

    /// The newest real sample, if any.
    public var newest: (position: SIMD2<Double>, time: Double)? {
        guard let t = times.last, let p = points.last else { return nil }
        return (p, t)
    }

    /// Adds a real sample at `time` seconds (input clock).
    public mutating func add(_ point: SIMD2<Double>, time: Double) { samples.add(point, time: time) }

    /// What `predict` decided, for the trace and the HUD.
    public struct Prediction: Sendable, Equatable {
        /// The position to draw.
        public var position: SIMD2<Double>
        /// The newest real sample's position.
        public var real: SIMD2<Double>
        /// The extrapolation used (s), after the cap; 0 when nothing was predicted.
        public var horizon: Double
        /// The fitted velocity (px/s).
        public var velocity: SIMD2<Double>
        /// How much of the extrapolation was applied (0…1): the fades' product.
        public var weight: Double
    }

    /// The finger's position at `presentation` (input clock, s), drawn at `now` (input clock, s); nil without samples.
    public func predict(at presentation: Double, now: Double) -> Prediction? {
        guard let newest = times.last, let real = points.last else { return nil }
        let still = Prediction(position: real, real: real, horizon: 0, velocity: .zero, weight: 0)
        guard times.count >= 3, now - newest < Self.stopGap else { return still }
        var first = times.count - 1
        while first > 0 && newest - times[first - 1] <= Self.window { first -= 1 }
        let n = times.count - first
        guard n >= 3 else { return still }
        // Least-squares line per axis (t relative to the newest sample): the velocity at the samples' mean time.
        var st = 0.0, stt = 0.0
        var sp = SIMD2<Double>.zero, stp = SIMD2<Double>.zero
        for i in first..<times.count {
            let t = times[i] - newest
            st += t; stt += t * t
            sp += points[i]; stp += points[i] * t
        }
        let count = Double(n)
        let det = count * stt - st * st
        guard det > 1e-12 else { return still }
        let velocity = (count * stp - st * sp) / det
        let speed = (velocity * velocity).sum().squareRoot()
        let (lower, upper) = Self.fadeSpeed
        // A moving finger sends a sample every interval; one overdue may have stopped (a resting finger sends
        // nothing), or its samples are held up on the way: the prediction fades from 1.5 intervals without a sample
        // to none at `stopGap`, so braking that has not arrived yet is not overshot.
        let interval = (newest - times[first]) / (count - 1)
        let overdue = (now - newest - 1.5 * interval) / max(1e-6, Self.stopGap - 1.5 * interval)
        let weight = Self.smoothstep((speed - lower) / (upper - lower)) * (1 - max(0, min(1, overdue)))
        let horizon = max(0, min(presentation - newest, maxHorizon))
        guard weight > 0, horizon > 0 else { return Prediction(position: real, real: real, horizon: 0, velocity: velocity, weight: 0) }
        let direction = velocity / speed
        // The line's own position at the newest sample: timestamp jitter and whole pixels averaged out.
        let anchor = (sp - velocity * st) / count
        // Slowing down along the way it moves: the newest three samples move slower than the line through the last
        // 50 ms by more than the samples' noise: three times what the residuals of a line through the older samples
        // (before any braking shows) make of a speed over two intervals, at most 30 px/s + 4 % (whole pixels and
        // jittered timestamps). The deceleration is the speed lost
        // between the two estimates' ages, the speed now extrapolated from the newer one, and the finger drawn
        // where that deceleration would take it within the horizon, never past where it would stop.
        var distance = speed * horizon
        var origin = anchor
        let k = times.count - 1
        let recentSpeed = ((points[k] - points[k - 2]) * direction).sum() / (times[k] - times[k - 2])
        let recentAge = newest - (times[k] + times[k - 1] + times[k - 2]) / 3
        let fitAge = -st / count
        let noise = Self.noise(times[first...k - 2], points[first...k - 2], direction: direction)
            / (times[k] - times[k - 2])
        if speed - recentSpeed > min(30 + 0.04 * speed, 10 + 3 * noise), fitAge > recentAge + 0.001 {
            // The deceleration between the line and the newest three samples, or between the newest two intervals
            // if that is harder (a finger braking within the window): the larger, so a stop is not overshot.
            let along = { (i: Int) in ((points[i] - points[i - 1]) * direction).sum() / (times[i] - times[i - 1]) }
            let newer = along(k), older = along(k - 1)
            let newerAge = (newest - times[k - 1]) / 2, olderAge = newest - (times[k - 1] + times[k - 2]) / 2
            let slowing = max((speed - recentSpeed) / (fitAge - recentAge), (older - newer) / (olderAge - newerAge))
            let speedNow = max(0, min(recentSpeed - slowing * recentAge, newer - slowing * newerAge))
            let moving = min(horizon, speedNow / slowing)
            distance = speedNow * moving - slowing * moving * moving / 2
            origin = real   // the line lags a slowing finger
        }
        return Prediction(position: origin + direction * (distance * weight), real: real, horizon: horizon,
                          velocity: velocity, weight: weight)
    }

    /// The RMS distance (px) along `direction` of samples from their own least-squares line, times √2 (the error of
    /// a difference of two); 0 with fewer than three.
    private static func noise(_ times: ArraySlice<Double>, _ points: ArraySlice<SIMD2<Double>>,
                              direction: SIMD2<Double>) -> Double {
        guard times.count >= 3, let t0 = times.last else { return 0 }
        var st = 0.0, stt = 0.0, sy = 0.0, sty = 0.0
        let n = Double(times.count)
        for (t, p) in zip(times, points) {
            let x = t - t0, y = (p * direction).sum()
            st += x; stt += x * x; sy += y; sty += x * y
        }
        let det = n * stt - st * st
        guard det > 1e-12 else { return 0 }
        let b = (n * sty - st * sy) / det, a = (sy - b * st) / n
        var sum = 0.0
        for (t, p) in zip(times, points) {
            let r = (p * direction).sum() - (a + b * (t - t0))
            sum += r * r
        }
        return (2 * sum / (n - 2 > 0 ? n - 2 : 1)).squareRoot()
    }

    private static func smoothstep(_ x: Double) -> Double {
        let t = max(0, min(1, x))
        return t * t * (3 - 2 * t)
    }
}
