import MomentumCore

/// A layer property an animation can be added to (`CALayer.add(_:forKey:)` keyed by the property).
///
/// Each property has its own unit and its own smallest visible change, so its own rest threshold: a position
/// settles within half a device pixel at the output's scale, opacity within one 8-bit step, rotation within 0.1°,
/// scale within 1/500, z within 1/256 of a step.
public enum LayerProperty: UInt8, Hashable, Sendable, CaseIterable {
    /// `Layer.position` (2-D, logical px).
    case position
    /// `Layer.size` (2-D, logical px).
    case size
    /// `Layer.scale` (scalar, in x).
    case scale
    /// `Layer.rotation` (scalar radians, in x).
    case rotation
    /// `Layer.opacity` (scalar, in x).
    case opacity
    /// `Layer.zPosition` (scalar, in x): drawing order follows the presented value.
    case zPosition

    /// Reads the property from a layer as an animation value (scalars in x, y = 0).
    @inlinable
    public func value(of layer: Layer) -> SIMD2<Double> {
        switch self {
        case .position: layer.position
        case .size: layer.size
        case .scale: SIMD2(layer.scale, 0)
        case .rotation: SIMD2(layer.rotation, 0)
        case .opacity: SIMD2(layer.opacity, 0)
        case .zPosition: SIMD2(layer.zPosition, 0)
        }
    }

    /// Writes an animation value into the property.
    @inlinable
    public func set(_ value: SIMD2<Double>, on layer: inout Layer) {
        switch self {
        case .position: layer.position = value
        case .size: layer.size = value
        case .scale: layer.scale = value.x
        case .rotation: layer.rotation = value.x
        case .opacity: layer.opacity = value.x
        case .zPosition: layer.zPosition = value.x
        }
    }

    /// When an animation of this property counts as settled on an output of `outputScale` device px per logical
    /// px: a position or size within half a device pixel (so the final snap is invisible), scale within 1/500,
    /// rotation within 0.1°, opacity within one 8-bit step; the speed limit is Android's 62.5 × that distance per
    /// second (it would move less than the distance in one 16 ms frame).
    public func restThreshold(outputScale: Double) -> RestThreshold {
        switch self {
        case .position, .size:
            let distance = 0.5 / Swift.max(outputScale, 1)
            return RestThreshold(distance: distance, speed: 62.5 * distance)
        case .scale: return .scale
        case .rotation: return .rotation
        case .opacity: return .opacity
        case .zPosition: return .opacity  // 1/256 of a step between siblings: it can change no drawing order
        }
    }
}

/// The animator's key: one property of one layer.
public struct LayerPropertyKey: Hashable, Sendable {
    /// The layer.
    public var layer: LayerID
    /// The property.
    public var property: LayerProperty

    /// A key for `property` of `layer`.
    public init(_ layer: LayerID, _ property: LayerProperty) {
        self.layer = layer
        self.property = property
    }
}
