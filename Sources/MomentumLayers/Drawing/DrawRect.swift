/// An axis-aligned rectangle in logical pixels; y grows downwards, origin is the top-left corner.
public struct DrawRect: Equatable, Hashable, Sendable {
    /// Top-left corner.
    public var origin: SIMD2<Double>
    /// Width and height (non-negative for a visible rectangle).
    public var size: SIMD2<Double>

    /// A rectangle from its top-left corner and size.
    public init(origin: SIMD2<Double>, size: SIMD2<Double>) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from x, y (top-left), width and height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = SIMD2(x, y)
        size = SIMD2(width, height)
    }

    /// Left edge.
    public var x: Double { origin.x }
    /// Top edge.
    public var y: Double { origin.y }
    /// Width.
    public var width: Double { size.x }
    /// Height.
    public var height: Double { size.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.x }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.y }
    /// Centre point.
    public var center: SIMD2<Double> { origin + size * 0.5 }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: SIMD2<Double>) -> DrawRect {
        DrawRect(origin: origin + delta, size: size)
    }

    /// The rectangle shrunk by `amount` on every side (negative grows it).
    public func insetBy(_ amount: Double) -> DrawRect {
        DrawRect(origin: origin + SIMD2(repeating: amount), size: size - SIMD2(repeating: 2 * amount))
    }

    /// Whether `point` lies inside (edges included).
    public func contains(_ point: SIMD2<Double>) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }
}
