/// A straight stroke between two points with butt caps, anti-aliased on every edge except joined ends.
///
/// A joined end (set `previousDirection` / `nextDirection` to the neighbouring segment's `to − from`) is cut
/// hard along the miter line of the joint, the same line the neighbour is cut along, so consecutive segments of a
/// polyline meet in a miter join that covers each pixel exactly once: no seam, no overlap, even when translucent.
public struct LineSegment: Equatable, Hashable, Sendable {
    /// Start point, logical px.
    public var from: SIMD2<Double>
    /// End point, logical px.
    public var to: SIMD2<Double>
    /// Stroke width, logical px.
    public var width: Double
    /// Stroke colour (straight alpha).
    public var color: RGBA
    /// `to − from` of the segment ending at `from`, when this one continues it (nil: free, capped start).
    public var previousDirection: SIMD2<Double>?
    /// `to − from` of the segment starting at `to`, when this one continues into it (nil: free, capped end).
    public var nextDirection: SIMD2<Double>?

    /// A segment from `from` to `to`; free ends unless neighbours' directions are given.
    public init(from: SIMD2<Double>, to: SIMD2<Double>, width: Double, color: RGBA,
                previousDirection: SIMD2<Double>? = nil, nextDirection: SIMD2<Double>? = nil) {
        self.from = from
        self.to = to
        self.width = width
        self.color = color
        self.previousDirection = previousDirection
        self.nextDirection = nextDirection
    }

    /// Length of the segment, logical px.
    public var length: Double {
        let d = to - from
        return (d * d).sum().squareRoot()
    }
}
