/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points, like `CAMediaTimingFunction`.
///
/// The curve is the pair x(t), y(t), t ∈ [0, 1]. Evaluating it at an input x means solving x(t) = x for t and
/// returning y(t). The solver follows Chromium's `gfx::CubicBezier`: an 11-sample table of x(t) seeds t by linear
/// interpolation, at most four Newton steps refine it, and bisection takes over if Newton has not converged.
/// Chromium stops when |x(t) − x| < 1e-7; on steep curves that leaves up to 1e-3 of output error (dy = slope · dx),
/// so this solver also requires the *output* error estimate |Δx · dy/dx| to be below 1e-7, and its bisection
/// stops on a guaranteed bound (interval width × the largest |dy/dt| on the curve). Inputs outside [0, 1]
/// extrapolate along the end-point tangents, as Chromium does.
///
/// Hot and cold data: the value holds the four control points and a reference to the seed table, which is built
/// once when the curve is made (one allocation) and shared by every copy, so the tweens that carry a curve stay
/// small while evaluation reads a table it does not rebuild. Evaluating never allocates.
public struct CubicBezier: Sendable, Hashable {
    /// First control point x; in [0, 1].
    public let x1: Double
    /// First control point y; any value (outside [0, 1] gives anticipation or overshoot).
    public let y1: Double
    /// Second control point x; in [0, 1].
    public let x2: Double
    /// Second control point y; any value.
    public let y2: Double
    /// The seed table x(i / 10), i = 0 … 10 (cold data, shared by every copy of the curve: 8 bytes in the value).
    @usableFromInline let seeds: ContiguousArray<Double>

    // Besides the seed table only the four control points are stored (40 bytes), so a `TimingFunction` holding a
    // curve is cheap to copy: every frame samples it. The other quantities derived from them are recomputed where
    // they are used, with exactly the expressions (and so exactly the rounding) that were once stored.

    // Power-basis coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    @inlinable @inline(__always) var cx: Double { 3 * x1 }
    @inlinable @inline(__always) var bx: Double { 3 * (x2 - x1) - 3 * x1 }
    @inlinable @inline(__always) var ax: Double { 1 - 3 * x1 - bx }
    @inlinable @inline(__always) var cy: Double { 3 * y1 }
    @inlinable @inline(__always) var by: Double { 3 * (y2 - y1) - 3 * y1 }
    @inlinable @inline(__always) var ay: Double { 1 - 3 * y1 - by }

    /// Gradient used before x = 0 (Chromium's four cases).
    @inlinable var startGradient: Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        if y1 == 0 && y2 == 0 { return 1 }
        return 0  // vertical tangent: Chromium falls back to a flat extension
    }

    /// Gradient used after x = 1 (Chromium's four cases).
    @inlinable var endGradient: Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if y2 == 1 && x1 < 1 { return (y1 - 1) / (x1 - 1) }
        if y2 == 1 && y1 == 1 { return 1 }
        return 0
    }

    /// Upper bound of |dy/dt| on [0, 1]: the hodograph is a quadratic Bézier whose control points are
    /// 3·(y1 − 0), 3·(y2 − y1), 3·(1 − y2); the curve lies in their convex hull.
    @inlinable var maxDyDt: Double { 3 * Swift.max(Swift.abs(y1), Swift.abs(y2 - y1), Swift.abs(1 - y2)) }

    /// Tolerance on x for Newton's method (Chromium's kBezierEpsilon).
    @usableFromInline static let xEpsilon = 1e-7
    /// Target for the estimated output error.
    @usableFromInline static let yEpsilon = 1e-7
    /// Newton step limit (Chromium's kMaxNewtonIterations).
    @usableFromInline static let maxNewtonSteps = 4

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
        let a = 1 - 3 * x2 + 3 * x1
        let b = 3 * x2 - 6 * x1
        let c = 3 * x1
        seeds = ContiguousArray((0...10).map { i in
            let t = Double(i) / 10
            return i == 0 ? 0 : i == 10 ? 1 : ((a * t + b) * t) * t + c * t
        })
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
    @inlinable @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t).
    @inlinable @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// dx/dt.
    @inlinable @inline(__always) func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    /// dy/dt.
    @inlinable @inline(__always) func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// x(t) − target, evaluated in a form whose terms are all non-negative (x1, x2 ∈ [0, 1]) so the residual keeps
    /// full relative precision at both ends: t·(3u(u·x1 + t·x2) + t²) near 0, and −u·(u² + 3t(u(1−x1) + t(1−x2)))
    /// against 1 − target near 1, u = 1 − t. The power basis loses ~1e-16 absolutely there, which near a vertical
    /// end tangent (x ∝ u³) becomes ~1e-5 of output error.
    @inlinable @inline(__always) func residual(_ t: Double, target x: Double, complement: Double, upper: Bool) -> Double {
        let u = 1 - t
        if upper {
            return complement - u * (u * u + 3 * t * (u * (1 - x1) + t * (1 - x2)))
        }
        return t * (3 * u * (u * x1 + t * x2) + t * t) - x
    }

    /// Solves x(t) = x for t, x ∈ [0, 1].
    @inlinable @inline(__always)
    func solveT(forX x: Double) -> Double {
        // 1. Seed from the spline table: the first i with x ≤ x(i/10) (the table increases, x(t) is monotonic).
        // A plain scan: the processor predicts its branch and starts Newton early, where a branch-free count
        // over a SIMD row (tried) waits for every comparison. The table is computed once per curve: rebuilding it
        // on every call cost 37 against 22 ns (p0, `Bezier.*`).
        var t0 = 0.0
        var t1 = 1.0
        var t = x
        if x <= 1 {
            seeds.withUnsafeBufferPointer { table in
                var i = 1
                while i < 10 && x > table[i] { i += 1 }
                let lo = table[i &- 1], hi = table[i]
                t1 = Double(i) * 0.1
                t0 = t1 - 0.1
                t = hi > lo ? t0 + 0.1 * (x - lo) / (hi - lo) : t0
            }
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
    @inlinable
    public func value(at x: Double) -> Double {
        if x <= 0 { return x == 0 ? 0 : startGradient * x }
        if x >= 1 { return x == 1 ? 1 : 1 + endGradient * (x - 1) }
        return sampleY(solveT(forX: x))
    }

    /// The slope dy/dx at input progress x (the end-point gradient outside [0, 1]).
    @inlinable
    public func slope(at x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        return slope(atParameter: solveT(forX: x))
    }

    /// Both y(x) and dy/dx from one solve.
    @inlinable @inline(__always)
    public func valueAndSlope(at x: Double) -> (value: Double, slope: Double) {
        if x < 0 { return (startGradient * x, startGradient) }
        if x > 1 { return (1 + endGradient * (x - 1), endGradient) }
        let t = solveT(forX: x)
        let y = x == 0 ? 0 : (x == 1 ? 1 : sampleY(t))
        return (y, slope(atParameter: t))
    }

    /// dy/dx at curve parameter t. Where both derivatives vanish (a control point on an end point) the limit is
    /// the end-point gradient; a vertical tangent reports the largest finite slope with its sign.
    @inlinable @inline(__always)
    func slope(atParameter t: Double) -> Double {
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
