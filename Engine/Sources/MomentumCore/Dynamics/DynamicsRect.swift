/// An axis-aligned rectangle in UIKit points (the dynamics container, or an item's frame).
public struct DynamicsRect: Equatable, Hashable, Sendable {
    /// Left edge.
    public var minX: Double
    /// Top edge.
    public var minY: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = x
        minY = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    public var maxX: Double { minX + width }
    /// Bottom edge.
    public var maxY: Double { minY + height }

    /// True when the two rectangles overlap with a positive area (UIKit `CGRectIntersectsRect`).
    public func intersects(_ o: DynamicsRect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
}
