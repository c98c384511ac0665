extension DrawList {
    /// Appends a filled circle (a rounded rect whose corner radius is half its size) with an optional shadow.
    public mutating func addCircle(center: SIMD2<Double>, radius: Double, fill: RGBA, shadow: DropShadow? = nil,
                                   opacity: Double = 1) {
        let r = Swift.max(radius, 0)
        let bounds = DrawRect(origin: center - SIMD2(repeating: r), size: SIMD2(repeating: 2 * r))
        addRoundedRect(bounds, cornerRadius: r, fill: fill, shadow: shadow, opacity: opacity)
    }

    /// Appends a straight line `width` logical px thick with anti-aliased butt caps (nothing for a zero-length line).
    public mutating func addLine(from: SIMD2<Double>, to: SIMD2<Double>, width: Double, color: RGBA) {
        guard from != to, width > 0 else { return }
        commands.append(.line(LineSegment(from: from, to: to, width: width, color: color)))
    }

    /// Appends a polyline through `points`: one segment per pair of distinct consecutive points, mitred at every
    /// joint so each pixel is covered once (no seams or overlap, also when translucent; miters longer than 4×
    /// the width are clipped); `closed` adds the segment back to the first point. Free ends get anti-aliased butt caps.
    public mutating func addPolyline(_ points: [SIMD2<Double>], width: Double, color: RGBA, closed: Bool = false) {
        guard points.count >= 2, width > 0 else { return }
        let isClosed = closed && points.count >= 3
        let segmentCount = isClosed ? points.count : points.count - 1
        func end(_ k: Int) -> SIMD2<Double> { points[k + 1 == points.count ? 0 : k + 1] }
        func delta(_ k: Int) -> SIMD2<Double> { end(k) - points[k] }
        /// The first segment at or after `k` with non-zero length (no wrap-around).
        func drawn(from k: Int) -> Int? {
            var j = k
            while j < segmentCount {
                if delta(j) != .zero { return j }
                j += 1
            }
            return nil
        }
        guard let first = drawn(from: 0),
              let last = (first..<segmentCount).last(where: { delta($0) != .zero }) else { return }
        let wraps = isClosed && last != first
        var k = first
        var previous: Int? = wraps ? last : nil
        while true {
            let next = drawn(from: k + 1)
            let nextDirection = next.map(delta) ?? (wraps ? delta(first) : nil)
            commands.append(.line(LineSegment(from: points[k], to: end(k), width: width, color: color,
                                              previousDirection: previous.map(delta), nextDirection: nextDirection)))
            guard let next else { break }
            previous = k
            k = next
        }
    }
}
