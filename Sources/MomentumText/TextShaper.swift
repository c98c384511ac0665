import CHarfBuzz

/// One shaped glyph: which glyph of the face, where it came from in the text, and how it moves the pen.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph index in the face (0 is .notdef, the face has no glyph for the character).
    public var id: UInt32
    /// The UTF-8 byte offset in the text of the first character this glyph stands for (HarfBuzz's cluster).
    public var cluster: Int
    /// How far the pen moves after this glyph, px (x right, y down).
    public var xAdvance: Double
    public var yAdvance: Double
    /// Where the glyph sits relative to the pen, px (x right, y down): kerning and mark placement.
    public var xOffset: Double
    public var yOffset: Double

    /// A glyph with the given index, cluster, advance and offset.
    public init(id: UInt32, cluster: Int, xAdvance: Double, yAdvance: Double, xOffset: Double, yOffset: Double) {
        self.id = id
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.yAdvance = yAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// A line of text shaped by HarfBuzz at one pixel size and weight: glyphs in visual order with positions in px.
public struct ShapedRun: Sendable, Hashable {
    /// The glyphs, left to right as drawn.
    public var glyphs: [ShapedGlyph]
    /// The size it was shaped at, px per em.
    public var pixelSize: Double
    /// The weight it was shaped in.
    public var weight: FontWeight
    /// The sum of the x advances, px.
    public var width: Double
    /// The font's ascent above and descent below the baseline at this size, px (both positive), and the distance
    /// from one baseline to the next.
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double

    /// A run holding `glyphs`.
    public init(glyphs: [ShapedGlyph], pixelSize: Double, weight: FontWeight, width: Double, ascent: Double,
                descent: Double, lineHeight: Double) {
        self.glyphs = glyphs
        self.pixelSize = pixelSize
        self.weight = weight
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// The size of a line of text for layout, in the units it was measured in (logical px from `measure`).
public struct TextMetrics: Sendable, Hashable {
    /// The advance width.
    public var width: Double
    /// Above the baseline (positive).
    public var ascent: Double
    /// Below the baseline (positive).
    public var descent: Double
    /// Baseline to baseline.
    public var lineHeight: Double

    /// Metrics with the given width and vertical extents.
    public init(width: Double, ascent: Double, descent: Double, lineHeight: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// Shapes UTF-8 text with HarfBuzz over the FreeType faces of a `Fonts`.
///
/// Scale: lay out in logical px with `measure(_:size:weight:)`, draw with `shape(_:pixelSize:weight:)` at
/// `pixelSize = size × scale` (buffer px). Advances are read unhinted (`FT_LOAD_NO_HINTING`) so they scale
/// linearly: the drawn width is `scale ×` the measured one to within 1/64 px per glyph (26.6 rounding), however
/// the scale is 1, 1.5 or 2. Hinting would round every advance to whole pixels at each size and make the layout
/// depend on the scale; crispness comes instead from snapping the baseline to a buffer pixel, placing glyphs on
/// a quarter-pixel grid, and vertical-only (light) auto-hinting when the atlas rasterises (see `GlyphAtlas`).
public final class TextShaper {
    /// The fonts it shapes with.
    public let fonts: Fonts
    private let buffer: OpaquePointer?

    /// Sizes outside this range are clamped (px per em).
    public static let pixelSizeRange: ClosedRange<Double> = 1...1024

    /// A shaper over `fonts`.
    public init(fonts: Fonts) {
        self.fonts = fonts
        // NULL only in theory (HarfBuzz hands out its inert empty buffer when allocation fails).
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// Shapes `text` (one line, any script; kerning and the font's default features such as ligatures on) at
    /// `pixelSize` px per em in `weight`. Positions are in px with y down. An empty text gives no glyphs and zero
    /// width, with the font's vertical metrics.
    public func shape(_ text: String, pixelSize: Double, weight: FontWeight = .regular) -> ShapedRun {
        let size = pixelSize.isFinite ? min(max(pixelSize, Self.pixelSizeRange.lowerBound),
                                            Self.pixelSizeRange.upperBound) : 12
        let face = fonts.face(weight)
        let vertical = face.verticalMetrics(pixelSize: size)
        var run = ShapedRun(glyphs: [], pixelSize: size, weight: weight, width: 0, ascent: vertical.ascent,
                            descent: vertical.descent, lineHeight: vertical.lineHeight)
        guard let buffer, face.setPixelSize(size) else { return run }
        hb_buffer_clear_contents(buffer)
        var utf8 = text
        let added = utf8.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max) else { return false }
            UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                hb_buffer_add_utf8(buffer, chars, Int32(bytes.count), 0, Int32(bytes.count))
            }
            return true
        }
        guard added else { return run }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return run }
        run.glyphs.reserveCapacity(Int(count))
        // HarfBuzz positions are in the font's scale: 26.6 fixed point px for an hb-ft font; y up.
        let unit = 1.0 / 64
        var width = 0.0
        for i in 0..<Int(count) {
            let position = positions[i]
            let glyph = ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                    xAdvance: Double(position.x_advance) * unit,
                                    yAdvance: -Double(position.y_advance) * unit,
                                    xOffset: Double(position.x_offset) * unit,
                                    yOffset: -Double(position.y_offset) * unit)
            width += glyph.xAdvance
            run.glyphs.append(glyph)
        }
        run.width = width
        return run
    }

    /// The width, ascent, descent and line height of `text` at `size` (logical px per em) in `weight`, in logical
    /// px: the numbers for layout. Unhinted, so independent of the buffer scale the text is later drawn at
    /// (see the type's notes); an empty text measures zero wide.
    public func measure(_ text: String, size: Double, weight: FontWeight = .regular) -> TextMetrics {
        let run = shape(text, pixelSize: size, weight: weight)
        return TextMetrics(width: run.width, ascent: run.ascent, descent: run.descent, lineHeight: run.lineHeight)
    }
}
