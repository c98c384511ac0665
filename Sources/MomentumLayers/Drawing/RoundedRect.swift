import RealModule

/// A filled rectangle with rounded corners and an optional soft shadow drawn beneath it, optionally rotated,
/// scaled and faded about its centre.
///
/// Transform order (as a `CALayer` with `anchorPoint` at the centre): scale by `scale`, rotate by `rotation`, both
/// about `rect.center`. The shadow follows the transformed shape (it turns with it) but its `offset` and
/// `blurRadius` stay in screen space, unscaled and unrotated, as Core Animation draws layer shadows.
public struct RoundedRect: Equatable, Hashable, Sendable {
    /// Bounds in logical px, before `scale` and `rotation`.
    public var rect: DrawRect
    /// Corner radius in logical px before `scale` (clamped by the renderer to half the shorter side).
    public var cornerRadius: Double
    /// Fill colour (straight alpha).
    public var fill: RGBA
    /// Optional soft shadow drawn under the fill.
    public var shadow: DropShadow?
    /// Rotation about the centre in radians; positive turns clockwise on screen (y grows downwards).
    public var rotation: Double
    /// Uniform scale about the centre (1 = as `rect`); corner radius scales with it.
    public var scale: Double
    /// Opacity multiplier for fill and shadow, 0...1 (each drawn separately, not as a flattened group).
    public var opacity: Double

    /// A rounded rectangle from bounds, corner radius, fill, optional shadow and an optional transform and opacity.
    public init(rect: DrawRect, cornerRadius: Double, fill: RGBA, shadow: DropShadow? = nil,
                rotation: Double = 0, scale: Double = 1, opacity: Double = 1) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.shadow = shadow
        self.rotation = rotation
        self.scale = scale
        self.opacity = opacity
    }

    /// Half the on-screen size (after `scale`), logical px.
    public var scaledHalfSize: SIMD2<Double> { rect.size * (0.5 * Swift.max(scale, 0)) }

    /// Corner radius on screen (after `scale`, clamped to half the shorter side), logical px.
    public var scaledCornerRadius: Double {
        let half = scaledHalfSize
        return Swift.min(Swift.max(cornerRadius, 0) * Swift.max(scale, 0), Swift.min(half.x, half.y))
    }

    /// The axis-aligned rectangle holding the shape as drawn (scaled and turned), shadow left out.
    public var boundingBox: DrawRect {
        let half = scaledHalfSize
        let c = Double.cos(rotation).magnitude, s = Double.sin(rotation).magnitude
        let turned = SIMD2(c * half.x + s * half.y, s * half.x + c * half.y)
        return DrawRect(origin: rect.center - turned, size: 2 * turned)
    }

    /// Whether `point` (logical px, screen space) lies inside the shape as drawn: rotated, scaled, corners cut.
    public func contains(_ point: SIMD2<Double>) -> Bool {
        let local = toLocal(point)
        let half = scaledHalfSize
        let r = scaledCornerRadius
        let q = SIMD2(local.x.magnitude, local.y.magnitude) - half + SIMD2(repeating: r)
        let outside = SIMD2(Swift.max(q.x, 0), Swift.max(q.y, 0))
        let distance = Swift.min(Swift.max(q.x, q.y), 0) + (outside * outside).sum().squareRoot() - r
        return distance <= 0
    }

    /// `point` (screen space) in the shape's unrotated frame, relative to its centre (still in screen px).
    public func toLocal(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let d = point - rect.center
        guard rotation != 0 else { return d }
        let c = Double.cos(rotation)
        let s = Double.sin(rotation)
        return SIMD2(c * d.x + s * d.y, -s * d.x + c * d.y)
    }
}
