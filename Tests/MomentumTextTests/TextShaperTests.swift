import Testing
@testable import MomentumText

/// HarfBuzz shaping over Inter: glyph counts and advances, linear scaling, kerning, UTF-8 clusters, metrics.
@Suite struct TextShaperTests {
    let shaper: TextShaper

    init() throws {
        shaper = TextShaper(fonts: try Fonts())
    }

    @Test func helloIsFiveGlyphsWithPositiveAdvances() {
        let run = shaper.shape("Hello", pixelSize: 20)
        #expect(run.glyphs.count == 5)
        #expect(run.glyphs.allSatisfy { $0.id != 0 && $0.xAdvance > 0 && $0.yAdvance == 0 })
        #expect(run.glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
        #expect(run.glyphs[2].id == run.glyphs[3].id)  // the two l's
        #expect(abs(run.width - run.glyphs.reduce(0) { $0 + $1.xAdvance }) < 1e-9)
        // Inter's "Hello" is about 2.4 em wide.
        #expect(run.width > 40 && run.width < 56, "\(run.width)")
    }

    @Test(arguments: [(12.0, 24.0), (10.0, 15.0), (15.0, 30.0), (13.0, 19.5)])
    func widthIsLinearInPixelSize(small: Double, large: Double) {
        for text in ["Hello", "The quick brown fox", "Momentum 0123456789"] {
            let a = shaper.shape(text, pixelSize: small).width
            let b = shaper.shape(text, pixelSize: large).width
            let glyphs = Double(text.count)
            // Unhinted advances: exact up to 26.6 rounding, 1/64 px per glyph at each size.
            #expect(abs(b - a * large / small) <= glyphs / 64 * (1 + large / small), "\(text): \(a) → \(b)")
            #expect(abs(b / a - large / small) < 0.01)
        }
    }

    /// What layout sees at scale 1, 1.5 and 2: measured in logical px, drawn at size × scale.
    @Test func measuredWidthDoesNotDependOnTheScale() {
        let text = "Settings · Wi-Fi"
        let logical = shaper.measure(text, size: 15)
        for scale in [1.0, 1.5, 2.0] {
            let drawn = shaper.shape(text, pixelSize: 15 * scale)
            #expect(abs(drawn.width / scale - logical.width) < 0.25, "scale \(scale)")
            #expect(abs(drawn.ascent / scale - logical.ascent) < 1e-9)
            #expect(abs(drawn.descent / scale - logical.descent) < 1e-9)
        }
    }

    @Test func kerningTightensAVAndTo() {
        for (pair, first, second) in [("AV", "A", "V"), ("To", "T", "o"), ("Yo", "Y", "o")] {
            let kerned = shaper.shape(pair, pixelSize: 20)
            let apart = shaper.shape(first, pixelSize: 20).width + shaper.shape(second, pixelSize: 20).width
            #expect(kerned.glyphs.count == 2)
            #expect(kerned.width < apart - 0.5, "\(pair): \(kerned.width) vs \(apart)")
        }
    }

    @Test func nonASCIIShapesWithoutNotdef() {
        let run = shaper.shape("Grüße →", pixelSize: 18)
        #expect(run.glyphs.count == 7)
        #expect(run.glyphs.allSatisfy { $0.id != 0 })
        // Clusters are UTF-8 byte offsets: ü and ß take two bytes, the arrow three.
        #expect(run.glyphs.map(\.cluster) == [0, 1, 2, 4, 6, 7, 8])
        let precomposed = shaper.shape("é", pixelSize: 18)
        #expect(precomposed.glyphs.count == 1 && precomposed.glyphs[0].id != 0)
        // A decomposed e + combining acute comes out without .notdef, as one glyph or base plus mark.
        let decomposed = shaper.shape("e\u{301}", pixelSize: 18)
        #expect(!decomposed.glyphs.isEmpty && decomposed.glyphs.allSatisfy { $0.id != 0 })
        #expect(abs(decomposed.width - precomposed.width) < 0.5)
        // A character Inter has no glyph for is .notdef (no per-character fallback font).
        #expect(shaper.shape("中", pixelSize: 18).glyphs.map(\.id) == [0])
    }

    @Test func emptyTextMeasuresZero() {
        let metrics = shaper.measure("", size: 17)
        #expect(metrics.width == 0)
        #expect(metrics.ascent > 0 && metrics.descent > 0)
        let run = shaper.shape("", pixelSize: 17)
        #expect(run.glyphs.isEmpty && run.width == 0)
    }

    @Test func verticalMetricsScaleLinearly() {
        let small = shaper.measure("Hg", size: 10), large = shaper.measure("Hg", size: 30)
        #expect(small.ascent > 0 && small.descent > 0)
        #expect(small.ascent + small.descent <= small.lineHeight + 1e-9)
        #expect(abs(large.ascent - 3 * small.ascent) < 1e-9)
        #expect(abs(large.descent - 3 * small.descent) < 1e-9)
        #expect(abs(large.lineHeight - 3 * small.lineHeight) < 1e-9)
        // Inter: ascender about 0.97 em, descender about 0.24 em.
        #expect(small.ascent > 9 && small.ascent < 10.5, "\(small.ascent)")
        #expect(small.descent > 2 && small.descent < 3, "\(small.descent)")
    }

    @Test func semiboldIsWiderThanRegular() {
        let regular = shaper.shape("Momentum", pixelSize: 20, weight: .regular)
        let semibold = shaper.shape("Momentum", pixelSize: 20, weight: .semibold)
        #expect(semibold.width > regular.width)
        #expect(semibold.weight == .semibold)
    }

    @Test func hostileSizesAreClamped() {
        for size in [0.0, -5, .nan, .infinity, 1e9] {
            let run = shaper.shape("Hi", pixelSize: size)
            #expect(TextShaper.pixelSizeRange.contains(run.pixelSize))
            #expect(run.width.isFinite)
        }
    }
}
