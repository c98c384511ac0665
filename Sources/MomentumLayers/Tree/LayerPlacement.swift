import RealModule

/// Where a presented layer lands on screen: where its anchor point lies, its accumulated rotation and scale, and
/// its opacity — the similarity transform of its superlayers applied to its own geometry.
public struct LayerPlacement: Equatable, Sendable {
    /// Where the layer's anchor point lies on screen (root coordinates), logical px.
    public var anchor: SIMD2<Double>
    /// Accumulated rotation, radians clockwise.
    public var rotation: Double
    /// Accumulated uniform scale.
    public var scale: Double
    /// Accumulated opacity.
    public var opacity: Double

    /// The root layer's placement: where its model puts it.
    init(root layer: Layer) {
        self.init(anchor: layer.position, rotation: layer.rotation, scale: layer.scale, opacity: layer.opacity)
    }

    /// A rotation of whole turns (to within 10⁻⁹ rad: a spin that settled on `2π`) is taken as none: the layer is
    /// upright, drawn, separated and hit-tested as an unturned one (the playground's tile after a full spin slides
    /// on its own surface, not drawn through the GL each frame as a turned layer).
    init(anchor: SIMD2<Double>, rotation: Double, scale: Double, opacity: Double) {
        self.anchor = anchor
        self.rotation = Self.isWholeTurns(rotation) ? 0 : rotation
        self.scale = scale
        self.opacity = opacity
    }

    /// A point of `layer`'s bounds (origin at its top-left corner) on screen.
    public func map(_ point: SIMD2<Double>, in layer: Layer) -> SIMD2<Double> {
        var offset = scale * (point - layer.size * layer.anchorPoint)
        if rotation != 0 {
            let c = Double.cos(rotation), s = Double.sin(rotation)
            offset = SIMD2(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
        }
        return anchor + offset
    }

    /// The centre of `layer`'s bounds on screen.
    public func center(of layer: Layer) -> SIMD2<Double> { map(layer.size * 0.5, in: layer) }

    /// The placement of `child`, a sublayer of `parent` placed here.
    func placing(_ child: Layer, in parent: Layer) -> LayerPlacement {
        LayerPlacement(anchor: map(child.position, in: parent), rotation: rotation + child.rotation,
                       scale: scale * child.scale, opacity: opacity * child.opacity)
    }

    /// `color` drawn at this placement's accumulated opacity.
    func faded(_ color: RGBA) -> RGBA { color.withAlpha(color.a * Float(opacity)) }

    /// True when the layer lands on screen unturned and unscaled (its bounds are an axis-aligned rectangle).
    var isTranslationOnly: Bool { rotation == 0 && scale == 1 }

    /// Whether `angle` (rad) is a whole number of turns, to within 10⁻⁹ rad (0 included).
    static func isWholeTurns(_ angle: Double) -> Bool {
        let turns = angle / (2 * Double.pi)
        return (turns - turns.rounded()).magnitude * (2 * Double.pi) < 1e-9
    }

    /// True when the layer lands on screen unscaled and turned by a whole number of quarter turns (to within 10⁻⁹
    /// rad: a spring that settled on `2π` or `π/2`), where every edge lies along the axes.
    var isQuarterTurnUnscaled: Bool {
        guard scale == 1 else { return false }
        let quarters = rotation / (Double.pi / 2)
        return (quarters - quarters.rounded()).magnitude * (Double.pi / 2) < 1e-9
    }

    /// The layer's bounds on screen before rotation and scale about its centre: exact (no round trip through the
    /// centre) when the placement is a pure translation.
    func bounds(of layer: Layer) -> DrawRect {
        if isTranslationOnly { return DrawRect(origin: anchor - layer.size * layer.anchorPoint, size: layer.size) }
        return DrawRect(origin: center(of: layer) - layer.size * 0.5, size: layer.size)
    }

    /// The layer's background as a rounded rectangle on screen (what is drawn and what hit-testing uses).
    func shape(of layer: Layer, fill: RGBA) -> RoundedRect {
        RoundedRect(rect: bounds(of: layer), cornerRadius: layer.cornerRadius, fill: fill, shadow: layer.shadow,
                    rotation: rotation, scale: scale, opacity: opacity)
    }
}
