extension DrawList {
    /// Appends `string` in the built-in 5×7 bitmap font as pixel-snapped rectangles, a few per character.
    ///
    /// `origin` is the top-left corner of the first glyph cell; `size` is the cell height (capital height) in
    /// logical px, so one dot is `size / 7` px. Dot edges are rounded to whole buffer px, so text is always crisp
    /// and seamless (dots are evenly sized when `size / 7 × scale` is a whole number). "\n" starts a new line
    /// `size · 10/7` px lower. Characters outside printable ASCII draw "?".
    public mutating func addText(_ string: String, at origin: SIMD2<Double>, size: Double, color: RGBA) {
        guard size > 0, color.a > 0 else { return }
        let dot = size / Double(BitmapFont.glyphHeight)
        var pen = origin
        for character in string {
            guard let code = BitmapFont.code(for: character) else {
                pen = SIMD2(origin.x, pen.y + dot * Double(BitmapFont.lineAdvance))
                continue
            }
            for piece in BitmapFont.rects(for: code) {
                commands.append(.snappedRect(DrawRect(x: pen.x + Double(piece.x) * dot, y: pen.y + Double(piece.y) * dot,
                                                      width: Double(piece.width) * dot,
                                                      height: Double(piece.height) * dot),
                                             fill: color))
            }
            pen.x += dot * Double(BitmapFont.advance)
        }
    }

    /// Width in logical px of the widest line of `string` drawn by `addText` at `size` (from the first glyph's left
    /// edge to the last glyph's right edge, no trailing spacing); 0 for an empty string.
    public static func textWidth(_ string: String, size: Double) -> Double {
        guard size > 0 else { return 0 }
        var widest = 0
        var current = 0
        for character in string {
            if BitmapFont.code(for: character) == nil {
                widest = Swift.max(widest, current)
                current = 0
            } else {
                current += 1
            }
        }
        widest = Swift.max(widest, current)
        guard widest > 0 else { return 0 }
        let dots = widest * BitmapFont.advance - (BitmapFont.advance - BitmapFont.glyphWidth)
        return Double(dots) * size / Double(BitmapFont.glyphHeight)
    }

    /// Height in logical px of `string` drawn by `addText` at `size`: one cell per line plus the gaps between lines.
    public static func textHeight(_ string: String, size: Double) -> Double {
        guard size > 0, !string.isEmpty else { return 0 }
        var lines = 1
        for character in string where BitmapFont.code(for: character) == nil { lines += 1 }
        let dots = (lines - 1) * BitmapFont.lineAdvance + BitmapFont.glyphHeight
        return Double(dots) * size / Double(BitmapFont.glyphHeight)
    }
}
