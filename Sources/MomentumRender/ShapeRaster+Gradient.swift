import MomentumLayers

extension ShapeRaster {
    /// Writes a window's background (`DrawCommand.background`) into `words`, `width` × `height` BGRA words rows
    /// `width` apart, replacing what is there, as the `flat` program draws its quad: the premultiplied colour
    /// interpolated from `top` at the buffer's top edge to `bottom` at its bottom edge, taken at each row's centre
    /// (y + 0.5) and rounded to bytes. Each row is one colour: one word worked out, stored `width` times.
    static func writeGradient(top: RGBA, bottom: RGBA, into words: UnsafeMutablePointer<UInt32>, width: Int,
                              height: Int) {
        guard width > 0, height > 0 else { return }
        let from = top.premultiplied, to = bottom.premultiplied
        let h = Float(height)
        for row in 0..<height {
            let t = (Float(row) + 0.5) / h
            let colour = RGBA(r: from.r + (to.r - from.r) * t, g: from.g + (to.g - from.g) * t,
                              b: from.b + (to.b - from.b) * t, a: from.a + (to.a - from.a) * t)
            (words + row * width).update(repeating: word(colour, times: 1), count: width)
        }
    }
}
