/// One drawing step; commands are drawn in order, later ones on top.
public enum DrawCommand: Equatable, Hashable, Sendable {
    /// Fill the whole viewport with a vertical gradient from `top` to `bottom` (replaces whatever was there).
    case background(top: RGBA, bottom: RGBA)
    /// A rounded rectangle (optionally rotated, scaled, faded), its shadow (if any) first.
    case roundedRect(RoundedRect)
    /// A plain axis-aligned rectangle (HUD bars).
    case rect(DrawRect, fill: RGBA)
    /// A straight stroke with butt caps (paths, guides).
    case line(LineSegment)
    /// A line of anti-aliased text in the UI face.
    case text(TextRun)
    /// A drawing kept as a texture and shown as one quad (a layer that `shouldRasterize`, turned or scaled).
    case raster(RasterRun)
}

extension DrawCommand {
    /// Whether the command is a stroked segment (`line`).
    public var isLine: Bool {
        if case .line = self { return true }
        return false
    }
}

/// A list drawn upright into a texture of its own and shown, through linear filtering, as the quad `corners`
/// (`Layer.shouldRasterize`): the renderer keeps the texture while the same `content` at the same scale is drawn.
public struct RasterRun: Equatable, Hashable, Sendable {
    /// What the texture holds, logical px, with the texture's top-left corner at the origin.
    public var content: DrawList
    /// The texture's size, logical px (whole px).
    public var size: SIMD2<Double>
    /// Where the texture's corners land (logical px, root coordinates): top-left, top-right, bottom-left,
    /// bottom-right.
    public var corners: [SIMD2<Double>]
    /// How many texels a logical px of the texture has, per buffer px of the output's scale (1, or more while the
    /// layer is scaled up, so it is not magnified blurred).
    public var rasterScale: Double
    /// The whole drawing's opacity.
    public var opacity: Double

    public init(content: DrawList, size: SIMD2<Double>, corners: [SIMD2<Double>], rasterScale: Double = 1,
                opacity: Double = 1) {
        self.content = content
        self.size = size
        self.corners = corners
        self.rasterScale = rasterScale
        self.opacity = opacity
    }
}
