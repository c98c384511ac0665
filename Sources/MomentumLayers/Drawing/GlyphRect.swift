/// One rectangle of lit dots inside a bitmap-font glyph cell, in dots from the cell's top-left corner.
public struct GlyphRect: Equatable, Hashable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in dots.
    public var width: Int
    /// Height in dots.
    public var height: Int

    /// A rectangle of dots.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
