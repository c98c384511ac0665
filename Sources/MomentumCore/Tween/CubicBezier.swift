/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points, like `CAMediaTimingFunction`.
///
/// The curve is the pair x(t), y(t), t ∈ [0, 1]. Evaluating it at an input x means solving x(t) = x for t and
/// returning y(t). The solver follows Chromium's `gfx::CubicBezier`: an 11-sample table of x(t) seeds t by linear
/// interpolation, at most four Newton steps refine it, and bisection takes over if Newton has not converged.
/// Chromium stops when |x(t) − x| < 1e-7; on steep curves that leaves up to 1e-3 of output error (dy = slope · dx),
/// so this solver also requires the *output* error estimate |Δx · dy/dx| to be below 1e-7, and its bisection
/// stops on a guaranteed bound (interval width × the largest |dy/dt| on the curve). Inputs outside [0, 1]
/// extrapolate along the end-point tangents, as Chromium does.
public struct CubicBezier: Sendable, Hashable {
    /// First control point x; in [0, 1].
    public let x1: Double
    /// First control point y; any value (outside [0, 1] gives anticipation or overshoot).
    public let y1: Double
    /// Second control point x; in [0, 1].
    public let x2: Double
    /// Second control point y; any value.
    public let y2: Double

    // Power-basis coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    // Gradients used outside [0, 1] (Chromium's four cases).
    private let startGradient: Double
    private let endGradient: Double
    // Upper bound of |dy/dt| on [0, 1]: the hodograph is a quadratic Bézier whose control points are
    // 3·(y1 − 0), 3·(y2 − y1), 3·(1 − y2); the curve lies in their convex hull.
    private let maxDyDt: Double
    // x(i / 10), i = 0 … 10 (kept inline so evaluation never allocates).
    private let samples: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// Tolerance on x for Newton's method (Chromium's kBezierEpsilon).
    static let xEpsilon = 1e-7
    /// Target for the estimated output error.
    static let yEpsilon = 1e-7
    /// Newton step limit (Chromium's kMaxNewtonIterations).
    static let maxNewtonSteps = 4

    /// Creates the curve `cubic-bezier(x1, y1, x2, y2)`; throws if an x is outside [0, 1] or any value is not finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingFunctionError) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            throw .invalidControlPoints("cubic-bezier(\(x1), \(y1), \(x2), \(y2)): control points must be finite")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw .invalidControlPoints(
                "cubic-bezier(\(x1), \(y1), \(x2), \(y2)): x1 and x2 must lie in [0, 1] so that time runs forwards")
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    /// Creates a curve whose control points are known to be valid (named curves, hand-off curves).
    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - 3 * x1
        ax = 1 - 3 * x1 - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - 3 * y1
        ay = 1 - 3 * y1 - by

        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0  // vertical tangent: Chromium falls back to a flat extension
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        maxDyDt = 3 * Swift.max(Swift.abs(y1), Swift.abs(y2 - y1), Swift.abs(1 - y2))

        func sx(_ t: Double) -> Double { ((1 - 3 * x2 + 3 * x1) * t + (3 * x2 - 6 * x1)) * t * t + 3 * x1 * t }
        samples = (0, sx(0.1), sx(0.2), sx(0.3), sx(0.4), sx(0.5), sx(0.6), sx(0.7), sx(0.8), sx(0.9), 1)
    }

    /// Equal when the control points are equal (everything else is derived from them).
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    // MARK: Named curves (Core Animation)

    /// `kCAMediaTimingFunctionLinear` as a Bézier: (0, 0, 1, 1).
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let `default` = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)

    // MARK: Curve in t

    /// x(t).
    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t).
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// dx/dt.
    @inline(__always) func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    /// dy/dt.
    @inline(__always) func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// x(t) − target, evaluated in a form whose terms are all non-negative (x1, x2 ∈ [0, 1]) so the residual keeps
    /// full relative precision at both ends: t·(3u(u·x1 + t·x2) + t²) near 0, and −u·(u² + 3t(u(1−x1) + t(1−x2)))
    /// against 1 − target near 1, u = 1 − t. The power basis loses ~1e-16 absolutely there, which near a vertical
    /// end tangent (x ∝ u³) becomes ~1e-5 of output error.
    @inline(__always) private func residual(_ t: Double, target x: Double, complement: Double, upper: Bool) -> Double {
        let u = 1 - t
        if upper {
            return complement - u * (u * u + 3 * t * (u * (1 - x1) + t * (1 - x2)))
        }
        return t * (3 * u * (u * x1 + t * x2) + t * t) - x
    }

    @inline(__always) private func sample(_ i: Int) -> Double {
        withUnsafeBytes(of: samples) { $0.load(fromByteOffset: i &* MemoryLayout<Double>.stride, as: Double.self) }
    }

    /// Solves x(t) = x for t, x ∈ [0, 1].
    func solveT(forX x: Double) -> Double {
        // 1. Seed from the spline table.
        var t0 = 0.0
        var t1 = 1.0
        var t = x
        var i = 1
        while i < 11 {
            let hi = sample(i)
            if x <= hi {
                t1 = Double(i) * 0.1
                t0 = t1 - 0.1
                let lo = sample(i - 1)
                t = hi > lo ? t0 + 0.1 * (x - lo) / (hi - lo) : t0
                break
            }
            i += 1
        }
        // 2. Newton: accept when the x residual and the output error it implies are both tiny.
        let upper = x > 0.5
        let complement = 1 - x  // exact for x ∈ [0.5, 1]
        var step = 0
        while true {
            let r = residual(t, target: x, complement: complement, upper: upper)
            let dxdt = derivativeX(t)
            if Swift.abs(r) < Self.xEpsilon {
                let dydt = derivativeY(t)
                if Swift.abs(r * dydt) <= Self.yEpsilon * Swift.abs(dxdt) { return t }
            }
            if step == Self.maxNewtonSteps || Swift.abs(dxdt) < Self.xEpsilon { break }
            let next = t - r / dxdt
            if !(next >= t0 && next <= t1) { break }  // left the bracketing interval: let bisection work
            t = next
            step += 1
        }
        // 3. Bisection on [t0, t1] (x is monotonic), stopping on a guaranteed output bound.
        let tolerance = maxDyDt > 0 ? Self.yEpsilon / maxDyDt : Self.xEpsilon
        if !(t >= t0 && t <= t1) { t = 0.5 * (t0 + t1) }
        while t1 - t0 > tolerance {
            let r = residual(t, target: x, complement: complement, upper: upper)
            if r == 0 { return t }
            if r < 0 { t0 = t } else { t1 = t }
            t = 0.5 * (t0 + t1)
        }
        return t
    }

    // MARK: Timing function

    /// The eased output y for input progress x (extrapolated linearly outside [0, 1]).
    public func value(at x: Double) -> Double {
        if x <= 0 { return x == 0 ? 0 : startGradient * x }
        if x >= 1 { return x == 1 ? 1 : 1 + endGradient * (x - 1) }
        return sampleY(solveT(forX: x))
    }

    /// The slope dy/dx at input progress x (the end-point gradient outside [0, 1]).
    public func slope(at x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        return slope(atParameter: solveT(forX: x))
    }

    /// Both y(x) and dy/dx from one solve.
    public func valueAndSlope(at x: Double) -> (value: Double, slope: Double) {
        if x < 0 { return (startGradient * x, startGradient) }
        if x > 1 { return (1 + endGradient * (x - 1), endGradient) }
        let t = solveT(forX: x)
        let y = x == 0 ? 0 : (x == 1 ? 1 : sampleY(t))
        return (y, slope(atParameter: t))
    }

    /// dy/dx at curve parameter t. Where both derivatives vanish (a control point on an end point) the limit is
    /// the end-point gradient; a vertical tangent reports the largest finite slope with its sign.
    private func slope(atParameter t: Double) -> Double {
        let dxdt = derivativeX(t)
        let dydt = derivativeY(t)
        if dxdt == 0 {
            if dydt == 0 { return t < 0.5 ? startGradient : endGradient }
            return dydt > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
        }
        return dydt / dxdt
    }

    // MARK: Hand-off

    /// A curve that leaves (0, 0) with slope `initialSlope` and arrives at (1, 1) with zero slope.
    ///
    /// `initialSlope` is the normalised start velocity: v · duration / (target − start) (seed 004's
    /// "relative velocity" times the duration). The first control point sits on the tangent at x = 1/3;
    /// the second is easeOut's (0.58, 1).
    public static func matchingInitialSlope(_ initialSlope: Double) -> CubicBezier {
        let slope = initialSlope.isFinite ? initialSlope : 0
        let x1 = 1.0 / 3.0
        return CubicBezier(unchecked: x1, slope * x1, 0.58, 1)
    }

    /// The hand-off curve for a 1-D tween from `start` to `target` over `duration` seconds that must begin at
    /// `velocity` (units per second): relative velocity v / (target − start), times the duration, is the start slope
    /// (seed 004's normalisation). A zero distance gives a flat-start curve (no slope can carry the velocity).
    public static func matching(velocity: Double, from start: Double, to target: Double,
                                duration: Double) -> CubicBezier {
        let distance = target - start
        guard distance != 0, duration > 0 else { return matchingInitialSlope(0) }
        return matchingInitialSlope(velocity / distance * duration)
    }
}
