import RealModule

/// Where a presented layer lands on screen: its centre, accumulated rotation and scale, and opacity — the
/// similarity transform of its superlayers applied to its own geometry.
public struct LayerPlacement: Equatable, Sendable {
    /// Centre on screen (root coordinates), logical px.
    public var center: SIMD2<Double>
    /// Accumulated rotation, radians clockwise.
    public var rotation: Double
    /// Accumulated uniform scale.
    public var scale: Double
    /// Accumulated opacity.
    public var opacity: Double

    /// The root layer's placement: where its model puts it.
    init(root layer: Layer) {
        center = layer.position
        rotation = layer.rotation
        scale = layer.scale
        opacity = layer.opacity
    }

    init(center: SIMD2<Double>, rotation: Double, scale: Double, opacity: Double) {
        self.center = center
        self.rotation = rotation
        self.scale = scale
        self.opacity = opacity
    }

    /// The placement of `child`, a sublayer of a layer placed here whose bounds are `parentSize`.
    func placing(_ child: Layer, in parentSize: SIMD2<Double>) -> LayerPlacement {
        // The child's centre relative to the superlayer's centre, in the superlayer's unrotated, unscaled frame.
        let local = child.position - parentSize * 0.5
        var offset = scale * local
        if rotation != 0 {
            let c = Double.cos(rotation), s = Double.sin(rotation)
            offset = SIMD2(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
        }
        return LayerPlacement(center: center + offset, rotation: rotation + child.rotation, scale: scale * child.scale,
                              opacity: opacity * child.opacity)
    }

    /// The layer's background as a rounded rectangle on screen (what is drawn and what hit-testing uses).
    func shape(of layer: Layer, fill: RGBA) -> RoundedRect {
        RoundedRect(rect: DrawRect(origin: center - layer.size * 0.5, size: layer.size), cornerRadius: layer.cornerRadius,
                    fill: fill, shadow: layer.shadow, rotation: rotation, scale: scale, opacity: opacity)
    }
}
