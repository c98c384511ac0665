/// An axis-aligned rectangle of whole pixels, y down: columns `minX..<maxX`, rows `minY..<maxY`.
///
/// One type for every whole-pixel rectangle: a glyph's bitmap in the atlas, where a glyph is drawn and what a frame
/// redraws (buffer px). It lives here, the lowest module that needs it, so the renderer's damage and the atlas's
/// rectangles are the same value. Stored as edges, so the union and intersection of damage are exact, and an
/// intersection that misses is simply empty (its width and height read 0).
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    /// The pixels from (`minX`, `minY`) up to but not including (`maxX`, `maxY`).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The rectangle with top-left corner (`x`, `y`) and the given size (a glyph placed in the atlas).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The whole `width`×`height` area from the origin (a viewport, the atlas bitmap).
    public init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    public var width: Int { max(maxX - minX, 0) }
    public var height: Int { max(maxY - minY, 0) }
    /// Pixels covered.
    public var area: Int { width * height }
    /// True when it covers no pixel.
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The smallest rectangle holding both (edge-wise: an empty one still stretches it to where it lies).
    public func union(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                  maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The pixels in both (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
                  maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// Whether the two share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    public var description: String { "\(width)×\(height) at (\(minX), \(minY))" }
}
