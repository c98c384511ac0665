import Testing
import MomentumText

/// Prints how long the first text takes (not an assertion: the machine may be loaded). Run alone for cold
/// numbers: `swift test --filter TimingTests`.
@Suite struct TimingTests {
    @Test func firstTextTimings() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let fonts = try Fonts()
        let loaded = clock.now
        let shaper = TextShaper(fonts: fonts)
        let atlas = GlyphAtlas(fonts: fonts)
        let run = shaper.shape("Momentum: 60 fps now", pixelSize: 20)
        let quads = atlas.layout(run, x: 8, y: 24)
        let drawn = clock.now
        let again = atlas.layout(shaper.shape("Momentum: 60 fps now", pixelSize: 20), x: 8, y: 24)
        let cached = clock.now
        print("text timing: fonts (fontconfig + FreeType face + HarfBuzz font) \(loaded - start); "
            + "first 20-character string shaped and rasterised \(drawn - loaded) (\(quads.count) quads); "
            + "again from the atlas \(cached - drawn)")
        #expect(quads.count == again.count && quads.count == 17)
    }
}
