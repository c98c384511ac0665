import MomentumLayers

/// A line segment as the `shape` shader draws it (buffer px, Float): a box along the segment, `half` its half length
/// and half width, turned to `axis`; at a joined end grown to reach the miter line and cut there (`cutStart`,
/// `cutEnd`: the miter's normal and a point on it, a zero normal for a free end). The GL's quad (`Renderer`) and the
/// CPU's (`ShapeRaster`) are both made here, so the two draw the very same Floats.
struct LineQuad {
    var centre: SIMD2<Float>
    var half: SIMD2<Float>
    var axis: SIMD2<Float>
    var cutStart: SIMD4<Float>
    var cutEnd: SIMD4<Float>

    /// `segment` (logical px) at `scale`; nil when it draws nothing (no length, no width or no colour).
    init?(_ segment: LineSegment, scale s: Float) {
        let delta = segment.to - segment.from
        let length = Float((delta * delta).sum().squareRoot()) * s
        let halfWidth = Float(Swift.max(segment.width, 0)) * s / 2
        guard length > 0, halfWidth > 0, segment.color.a > 0 else { return nil }
        let start = segment.previousDirection.map { Self.miter(before: $0, after: delta, at: segment.from, scale: s) }
        let end = segment.nextDirection.map { Self.miter(before: delta, after: $0, at: segment.to, scale: s) }
        // Reach beyond each joined end far enough to hold the miter (half width × tan(turn/2)), at most 4 widths.
        let startReach = Swift.min(start?.reach ?? 0, 8) * halfWidth
        let endReach = Swift.min(end?.reach ?? 0, 8) * halfWidth
        let from = SIMD2(Float(segment.from.x), Float(segment.from.y)) * s
        let to = SIMD2(Float(segment.to.x), Float(segment.to.y)) * s
        axis = (to - from) / length
        // The quad is the segment box extended by the reaches; its centre shifts so the box stays symmetric.
        centre = (from + to) / 2 + axis * ((endReach - startReach) / 2)
        half = SIMD2((length + startReach + endReach) / 2, halfWidth)
        cutStart = start?.plane ?? .zero
        cutEnd = end?.plane ?? .zero
    }

    /// The miter plane where a segment along `before` meets one along `after` at `joint` (logical px), as
    /// (normal, point) in buffer px, plus tan(turn/2), how far the miter reaches past the joint per half width.
    /// Computed from the two directions in one fixed order, so both segments of a joint get identical Floats.
    private static func miter(before: SIMD2<Double>, after: SIMD2<Double>, at joint: SIMD2<Double>, scale: Float)
        -> (plane: SIMD4<Float>, reach: Float) {
        let a = before / (before * before).sum().squareRoot()
        let b = after / (after * after).sum().squareRoot()
        var normal = a + b
        let normalLength = (normal * normal).sum().squareRoot()
        // A full reversal has no miter; cut square to the incoming segment instead.
        normal = normalLength > 1e-9 ? normal / normalLength : a
        let cosine = (a * b).sum()
        let sine = abs(a.x * b.y - a.y * b.x)
        let reach = 1 + cosine > 1e-9 ? sine / (1 + cosine) : .infinity
        let point = SIMD2(Float(joint.x), Float(joint.y)) * scale
        return (SIMD4(Float(normal.x), Float(normal.y), point.x, point.y), Float(reach))
    }
}
