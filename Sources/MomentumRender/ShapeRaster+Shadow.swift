import MomentumLayers
import RealModule

extension ShapeRaster {
    /// Writes `shape`'s soft shadow (`shape.shadow`, one that shows) moved by `-offset` (logical px) at `scale` over
    /// what is in `pixels`, as `Renderer.appendRoundedRect` hands it to the `shadow` program: the shape's box (scaled,
    /// turned with it) moved by the shadow's offset (screen space), σ = blur radius / 2, over the box grown by 3σ + 1
    /// px; at each pixel centre the rounded box's distance d in that turned frame and the coverage ½ − ½·erf(d / σ√2)
    /// with the shader's own erf (Winitzki's, a = 0.147), times the premultiplied shadow colour, rounded to bytes and
    /// blended over. Under an opaque fill the GL leaves out the shape's inside (inset by its corner radius and 1 px),
    /// which the fill then covers whole: so does this, a hundredth of a px inside that box (a pixel at its edge is
    /// written and then covered: the same bytes). Widens the rows' spans and `first`…`last`; returns the pixels
    /// written.
    mutating func drawShadow(of shape: RoundedRect, _ geometry: Geometry, scale: Double,
                             into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                             first: inout Int, last: inout Int) -> Int {
        guard let shadow = shape.shadow, shadow.color.a > 0 else { return 0 }
        let s = Float(scale), opacity = geometry.opacity
        let centre = geometry.centre, half = geometry.half, radius = geometry.radius, c = geometry.c, n = geometry.n
        let sigma = Float(Swift.max(shadow.blurRadius, 0)) * s / 2
        guard sigma > 0, sigma.isFinite else { return 0 }
        let shift = SIMD2(Float(shadow.offset.x), Float(shadow.offset.y)) * s
        let shadowCentre = centre + shift
        let colour = shadow.color.withAlpha(shadow.color.a * opacity).premultiplied
        let fill = geometry.fill
        let grown = half + (3 * sigma + 1)
        // The shader's radius, and the inside an opaque fill covers whole (centred on the shape itself).
        let r = Swift.min(radius, Swift.min(half.x, half.y))
        let inner = half - (r + 1) - 0.01
        let hides = fill.a >= 1 && inner.x > 0 && inner.y > 0
        let scaleOfD = 1 / (sigma * 1.4142136)
        let far = (grown * grown).sum().squareRoot() + 1
        guard shadowCentre.y + far > 0, shadowCentre.y - far < Float(height) else { return 0 }
        let top = Int(Swift.max(0, shadowCentre.y - far))
        let bottom = Int(Swift.min(Float(height), shadowCentre.y + far + 1))
        var written = 0
        for row in top..<bottom {
            let dy = Float(row) + 0.5 - shadowCentre.y
            guard let columns = Self.columns(dy: dy, centre: shadowCentre.x, c: c, n: n, reach: grown,
                                                   width: width) else { continue }
            let line = pixels + row * width
            // The columns the fill covers whole on this row (none when it is not opaque).
            var hidden = 0..<0
            if hides {
                let hy = Float(row) + 0.5 - centre.y
                var a = -Float.infinity, b = Float.infinity
                if Self.narrow(&a, &b, factor: c, offset: n * hy, bound: inner.x),
                   Self.narrow(&a, &b, factor: -n, offset: c * hy, bound: inner.y) {
                    let low = Int((centre.x + a - 0.5).rounded(.up)), high = Int((centre.x + b - 0.5).rounded(.down))
                    if low <= high { hidden = low..<(high + 1) }
                }
            }
            var column = columns.lowerBound
            while column < columns.upperBound {
                if hidden.contains(column) {
                    column = hidden.upperBound
                    continue
                }
                defer { column += 1 }
                let dx = Float(column) + 0.5 - shadowCentre.x
                let local = SIMD2(c * dx + n * dy, -n * dx + c * dy)
                // Only the pixel centres inside the GL's quad (the grown box in the turned frame).
                guard abs(local.x) < grown.x, abs(local.y) < grown.y else { continue }
                let q = SIMD2(abs(local.x), abs(local.y)) - half + r
                let outside = SIMD2(Swift.max(q.x, 0), Swift.max(q.y, 0))
                let d = Swift.min(Swift.max(q.x, q.y), 0) + (outside * outside).sum().squareRoot() - r
                let source = Self.word(colour, times: 0.5 - 0.5 * Self.erfApprox(d * scaleOfD))
                if source != 0 { line[column] = Self.over(source, line[column]) }
            }
            written += mark(row: row, columns: columns, first: &first, last: &last)
        }
        return written
    }

    /// The `shadow` shader's erf: Winitzki's approximation (a = 0.147), to ~10⁻⁴.
    @inline(__always)
    static func erfApprox(_ x: Float) -> Float {
        let x2 = x * x
        let t = x2 * (1.2732395 + 0.147 * x2) / (1 + 0.147 * x2)
        // Past |x| ≈ 4.6 the root is 1 in Float (and x2² would overflow first for a huge x).
        guard t.isFinite, t < 40 else { return x < 0 ? -1 : 1 }
        let e = (1 - Float.exp(-t)).squareRoot()
        return x < 0 ? -e : e
    }
}

extension ShapeRaster {
    /// A shape as `Renderer.appendRoundedRect` hands it to the shaders (Float, buffer px), worked out once for its
    /// shadow and its fill: its centre moved by `-offset`, half size, corner radius (not yet clamped to the half
    /// size), the cosine and sine of its turn, its opacity clamped to 0…1 and its premultiplied fill at that
    /// opacity. Nil when it shows nothing (no opacity, or scaled to nothing).
    struct Geometry {
        let centre: SIMD2<Float>, half: SIMD2<Float>, radius: Float, c: Float, n: Float
        let opacity: Float
        let fill: RGBA

        init?(_ shape: RoundedRect, offset: SIMD2<Double>, scale: Double) {
            opacity = Float(Swift.min(Swift.max(shape.opacity, 0), 1))
            guard opacity > 0, shape.scale > 0 else { return nil }
            let s = Float(scale)
            let moved = shape.rect.center - offset
            centre = SIMD2(Float(moved.x), Float(moved.y)) * s
            let halfSize = shape.scaledHalfSize
            half = SIMD2(Float(halfSize.x), Float(halfSize.y)) * s
            radius = Float(shape.scaledCornerRadius) * s
            c = shape.rotation == 0 ? 1 : Float(Double.cos(shape.rotation))
            n = shape.rotation == 0 ? 0 : Float(Double.sin(shape.rotation))
            fill = shape.fill.withAlpha(shape.fill.a * opacity).premultiplied
        }
    }
}
