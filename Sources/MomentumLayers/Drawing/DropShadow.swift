/// A soft shadow cast by a rounded rectangle: the shape, moved by `offset`, blurred by `blurRadius`, in `color`.
public struct DropShadow: Equatable, Hashable, Sendable {
    /// How far the shadow fades out beyond the shape's edge, logical px (roughly two standard deviations, as in CSS).
    public var blurRadius: Double
    /// Shift of the shadow relative to the shape, logical px (positive y is downwards).
    public var offset: SIMD2<Double>
    /// Shadow colour (straight alpha) at full coverage.
    public var color: RGBA

    /// A shadow from blur radius, offset and colour.
    public init(blurRadius: Double, offset: SIMD2<Double> = .zero, color: RGBA = RGBA(r: 0, g: 0, b: 0, a: 0.35)) {
        self.blurRadius = blurRadius
        self.offset = offset
        self.color = color
    }
}
