/// Presented values that replace what a layer tree presents, for one draw: a dragged layer drawn where the finger
/// will be when the frame is shown (Core Animation's presentation layer, not its model). The tree's model and
/// animations are never written: hit-testing, gestures and the next frame see the real values.
public struct PresentationOverrides: Sendable, Equatable {
    private var values: [LayerPropertyKey: SIMD2<Double>] = [:]

    /// None.
    public init() {}

    /// True when nothing is overridden.
    public var isEmpty: Bool { values.isEmpty }

    /// The value `property` of `layer` is drawn at instead of its presented one, if any.
    public subscript(property: LayerProperty, of layer: LayerID) -> SIMD2<Double>? {
        get { values[LayerPropertyKey(layer, property)] }
        set { values[LayerPropertyKey(layer, property)] = newValue }
    }

    /// Each override.
    var all: [LayerPropertyKey: SIMD2<Double>] { values }
}

extension LayerTree {
    /// A copy of the tree presenting `overrides` where they apply: each overridden property holds the override as
    /// its model value and runs no animation. The copy is for drawing once; `self` is unchanged.
    public func overridden(by overrides: PresentationOverrides) -> LayerTree {
        guard !overrides.isEmpty else { return self }
        var copy = self
        for (key, value) in overrides.all {
            copy.animator.remove(key)
            copy.setModel(key.property, value, of: key.layer)
        }
        return copy
    }

}
