/// Keeps input positions sane at the platform edge. `wl_fixed` carries ±8 388 608 px, far beyond any surface; a
/// broken or hostile device (or a fuzzer) can send that, and a gesture would turn it into a velocity that takes an
/// animation minutes to settle. Positions are clamped to the surface grown by its own size on every side (a
/// finger may rightly be dragged off the edge, but not farther than a screen away); a non-finite one (not possible
/// on the wire, but cheap to rule out) becomes the nearest bound, or the surface centre for NaN.
public struct InputSanitizer: Sendable {
    /// The surface's logical size (nil until the first configure: then only the wire's own range applies).
    public var bounds: SIMD2<Double>?
    /// Points whose positions are being clamped now (one note when an excursion starts, not one per event).
    private var clamped: Set<Int32> = []

    /// A sanitizer for a surface of `bounds` logical px.
    public init(bounds: SIMD2<Double>? = nil) { self.bounds = bounds }

    /// The range positions are kept in: the surface grown by its size on every side.
    public var range: (lower: SIMD2<Double>, upper: SIMD2<Double>) {
        let size = bounds ?? SIMD2(repeating: 8_388_608)
        return (-size, size * 2)
    }

    /// `raw` clamped into `range`; `note` says what was done when point `id` starts to be clamped.
    public mutating func position(_ raw: SIMD2<Double>, id: Int32) -> (position: SIMD2<Double>, note: String?) {
        let (lower, upper) = range
        var position = raw
        for axis in 0..<2 where position[axis].isNaN { position[axis] = (lower[axis] + upper[axis]) / 2 }
        position = position.clamped(lowerBound: lower, upperBound: upper)
        guard position != raw else {
            clamped.remove(id)
            return (raw, nil)
        }
        guard clamped.insert(id).inserted else { return (position, nil) }
        return (position, "input point \(id) at (\(raw.x), \(raw.y)) is more than a surface away; clamped to "
            + "(\(position.x), \(position.y))")
    }

    /// Forgets point `id` (it went up or was cancelled).
    public mutating func release(id: Int32) { clamped.remove(id) }
}
