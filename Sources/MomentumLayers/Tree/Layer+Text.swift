extension Layer {
    /// A line of real text that takes no touches: its capitals `size` logical px tall with their tops on `frame`'s
    /// top edge, starting at, centred in or ending at `frame` (`alignment`). A layer that is to be drawn apart with
    /// its superlayer needs a frame with a size (see `SeparateLayer`).
    public static func text(_ string: String, frame: DrawRect, size: Double, color: RGBA,
                            weight: TextRun.Weight = .regular, alignment: TextRun.Alignment = .leading) -> Layer {
        var layer = Layer(frame: frame)
        layer.content = .text(string, size: size, color: color, weight: weight, alignment: alignment)
        layer.isHitTestable = false
        return layer
    }
}
