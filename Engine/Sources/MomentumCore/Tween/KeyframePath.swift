/// A 2-D path of lines and cubic Bézier curves (a `CGPath` without quad curves), for keyframe animation along it.
///
/// Built once (allocates), then sampled without allocation. Each drawn segment is a cubic
/// (lines are stored as cubics with control points at thirds, so their parameter is uniform). Arc length is
/// tabulated per segment with 5-point Gauss–Legendre quadrature on 32 sub-intervals and inverted by Newton's
/// method, so paced sampling is accurate to ~1e-9 of the length.
public struct KeyframePath: Sendable {
    /// One drawn piece: a cubic from `p0` through controls `p1`, `p2` to `p3`.
    struct Segment: Sendable {
        var p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>

        func point(_ t: Double) -> SIMD2<Double> {
            let u = 1 - t
            return (u * u * u) * p0 + (3 * u * u * t) * p1 + (3 * u * t * t) * p2 + (t * t * t) * p3
        }

        func derivative(_ t: Double) -> SIMD2<Double> {
            let u = 1 - t
            return (3 * u * u) * (p1 - p0) + (6 * u * t) * (p2 - p1) + (3 * t * t) * (p3 - p2)
        }

        func speed(_ t: Double) -> Double { (derivative(t) * derivative(t)).sum().squareRoot() }

        /// ∫ₐᵇ |B′(t)| dt by 5-point Gauss–Legendre.
        func length(from a: Double, to b: Double) -> Double {
            let half = 0.5 * (b - a), mid = 0.5 * (a + b)
            var sum = 0.0
            for (node, weight) in KeyframePath.gauss { sum += weight * speed(mid + half * node) }
            return sum * half
        }
    }

    static let gauss: [(Double, Double)] = [
        (0, 0.5688888888888889),
        (-0.5384693101056831, 0.47862867049936647), (0.5384693101056831, 0.47862867049936647),
        (-0.906179845938664, 0.23692688505618908), (0.906179845938664, 0.23692688505618908),
    ]
    static let subdivisions = 32

    private(set) var segments: [Segment] = []
    /// Cumulative arc length at each sub-interval boundary: segment s, sub-interval j at s·(subdivisions+1)+j.
    private var table: [Double] = []
    private var start: SIMD2<Double>?
    private var current: SIMD2<Double>?

    /// An empty path.
    public init() {}

    /// Starts the path at `point` (only the first move counts; later moves start a new piece with a jump).
    public mutating func move(to point: SIMD2<Double>) {
        if start == nil { start = point }
        current = point
    }

    /// A straight line to `point`.
    public mutating func addLine(to point: SIMD2<Double>) {
        let from = current ?? .zero
        append(Segment(p0: from, p1: from + (point - from) / 3, p2: from + 2 * (point - from) / 3, p3: point))
    }

    /// A cubic Bézier to `point` with the given control points.
    public mutating func addCurve(to point: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>) {
        append(Segment(p0: current ?? .zero, p1: control1, p2: control2, p3: point))
    }

    /// A line back to the first point.
    public mutating func closeSubpath() {
        if let start { addLine(to: start) }
    }

    /// A circle as four cubic arcs (control distance 0.5522847498 · r), starting at angle 0, counter-clockwise.
    public static func circle(center: SIMD2<Double>, radius r: Double) -> KeyframePath {
        let k = 0.5522847498307936 * r
        var path = KeyframePath()
        let c = center
        path.move(to: c + SIMD2(r, 0))
        path.addCurve(to: c + SIMD2(0, r), control1: c + SIMD2(r, k), control2: c + SIMD2(k, r))
        path.addCurve(to: c + SIMD2(-r, 0), control1: c + SIMD2(-k, r), control2: c + SIMD2(-r, k))
        path.addCurve(to: c + SIMD2(0, -r), control1: c + SIMD2(-r, -k), control2: c + SIMD2(-k, -r))
        path.addCurve(to: c + SIMD2(r, 0), control1: c + SIMD2(k, -r), control2: c + SIMD2(r, -k))
        return path
    }

    private mutating func append(_ segment: Segment) {
        segments.append(segment)
        current = segment.p3
        var running = table.last ?? 0
        let n = Self.subdivisions
        table.append(running)
        for j in 0..<n {
            running += segment.length(from: Double(j) / Double(n), to: Double(j + 1) / Double(n))
            table.append(running)
        }
    }

    /// Number of drawn segments (each one keyframe interval in non-paced mode).
    public var segmentCount: Int { segments.count }

    /// Total arc length.
    public var length: Double { table.last ?? 0 }

    /// Point and derivative with respect to the segment parameter, segment `index`, parameter `t`.
    func evaluate(segment index: Int, t: Double) -> (point: SIMD2<Double>, derivative: SIMD2<Double>) {
        let segment = segments[index]
        return (segment.point(t), segment.derivative(t))
    }

    /// Segment index and parameter at arc length `s` (clamped to the path).
    func location(atLength s: Double) -> (segment: Int, t: Double) {
        let n = Self.subdivisions
        let stride = n + 1
        let total = length
        let target = Swift.min(Swift.max(s, 0), total)
        // Binary search over segment starts, then over sub-intervals.
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if table[mid * stride] <= target { lo = mid } else { hi = mid - 1 }
        }
        let segment = lo
        let base = segment * stride
        var a = 0, b = n - 1
        while a < b {
            let mid = (a + b + 1) / 2
            if table[base + mid] <= target { a = mid } else { b = mid - 1 }
        }
        let t0 = Double(a) / Double(n), t1 = Double(a + 1) / Double(n)
        let l0 = table[base + a], l1 = table[base + a + 1]
        var t = l1 > l0 ? t0 + (t1 - t0) * (target - l0) / (l1 - l0) : t0
        let curve = segments[segment]
        for _ in 0..<6 {
            let error = l0 + curve.length(from: t0, to: t) - target
            let speed = curve.speed(t)
            if speed <= 0 || Swift.abs(error) < 1e-12 * Swift.max(total, 1) { break }
            t = Swift.min(Swift.max(t - error / speed, t0), t1)
        }
        return (segment, t)
    }
}
