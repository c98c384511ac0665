import MomentumLayers
import Testing
@testable import MomentumRender

/// A launch's first frames draw shapes and shadows with one combined program (`Renderer.drawsCombined`): llvmpipe
/// builds each program's code at its first draw, so the first frame builds three programs' code (flat fills, glyphs,
/// combined) instead of four. The pixels are the kinds' own programs' pixels, byte for byte, in the window's buffer
/// and through the BGRA8 band; once `buildNextProgram()` has built the kinds' own programs, they draw again (real GL:
/// llvmpipe through EGL's surfaceless platform, GLES 3 or, with `MOMENTUM_GLES_VERSION=2`, GLES 2).
@Suite(.serialized)
struct CombinedProgramTests {
    /// A frame with every kind a first frame draws: the background's gradient, cards with shadows (one translucent,
    /// one turned), a fractional rect, a polyline with miter cuts, and text in both weights.
    static func frame(width: Double, height: Double) -> DrawList {
        var list = DrawList()
        list.addBackground(top: RGBA(hex: 0xF4F6FB), bottom: RGBA(hex: 0xD9E2F2))
        let shadow = DropShadow(blurRadius: 18, offset: SIMD2(0, 6), color: RGBA(r: 0, g: 0, b: 0, a: 0.3))
        list.addRoundedRect(DrawRect(x: 20.5, y: 18.25, width: width * 0.55, height: height * 0.4), cornerRadius: 14,
                            fill: RGBA(hex: 0xFFFFFF), shadow: shadow)
        list.addRoundedRect(RoundedRect(rect: DrawRect(x: width * 0.6, y: height * 0.45, width: 70, height: 50),
                                        cornerRadius: 9, fill: RGBA(r: 0.2, g: 0.45, b: 0.9, a: 0.8), shadow: shadow,
                                        rotation: 0.31))
        list.addRect(DrawRect(x: 12.3, y: height * 0.9, width: width * 0.7, height: 1.4),
                     fill: RGBA(r: 0, g: 0, b: 0, a: 0.2))
        list.addPolyline([SIMD2(30, height * 0.75), SIMD2(90, height * 0.6), SIMD2(150, height * 0.8),
                          SIMD2(210, height * 0.55)], width: 3.5, color: RGBA(hex: 0x2F6FEB))
        list.addLabel("Critically Damped · 3:07", at: SIMD2(34, 48), size: 15, weight: .semibold,
                      color: RGBA(hex: 0x1B2A49))
        list.addLabel("Interruptible springs, no jank", at: SIMD2(34, 74), size: 12, color: RGBA(hex: 0x6B7280))
        return list
    }

    /// A translucent bar wider than the frame with text on it: llvmpipe draws a 64x64 tile holding only the bar's flat
    /// inside and glyphs on its linear path, whose rounding a combined glyph would change.
    static func bar(width: Double, height: Double) -> DrawList {
        var list = DrawList()
        list.addBackground(top: RGBA(hex: 0xF4F6FB), bottom: RGBA(hex: 0xD9E2F2))
        list.addRect(DrawRect(x: -4, y: 40, width: width + 8, height: height - 80),
                     fill: RGBA(r: 0.95, g: 0.95, b: 0.97, a: 0.85))
        list.addLabel("Electric Horizons · Critically Damped", at: SIMD2(12, height / 2), size: 13,
                      color: RGBA(hex: 0x1B2A49))
        return list
    }

    static let sizes = [(width: 240, height: 180, scale: 1.0), (width: 300, height: 220, scale: 2.0)]

    /// `frame` drawn by a renderer made `combined` or not, into the context's own buffer (`draw`) and through the
    /// band into a BGRA buffer of the app's (`render`), and drawn once more after `buildNextProgram()` was called
    /// until it built nothing; each frame's bytes, with the programs drawn after each step.
    static func drawn(combined: Bool, width: Int, height: Int, scale: Double,
                      list make: (Double, Double) -> DrawList = frame) throws
        -> (window: [UInt8], band: [UInt32], after: [UInt8], programs: [Int], stillCombined: Bool) {
        try ShapeRasterTests.withRenderer(width: width, height: height, combinedFirstFrames: combined) { renderer in
            let list = make(Double(width) / scale, Double(height) / scale)
            renderer.draw(list, width: width, height: height, scale: scale)
            let window = renderer.readPixels(width: width, height: height)
            let first = renderer.programsDrawn
            var band = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
            try band.withUnsafeMutableBytes { raw in
                _ = try renderer.render(list, width: width, height: height, scale: scale,
                                        into: .bands(age: 0, into: BufferPixels(bgra: raw.baseAddress!, stride: width * 4)),
                                        surface: 3, clear: .clear)
            }
            let banded = renderer.programsDrawn
            var built = 0
            while renderer.buildNextProgram() { built += 1 }
            let stillCombined = renderer.drawsCombined
            renderer.draw(list, width: width, height: height, scale: scale)
            let after = renderer.readPixels(width: width, height: height)
            return (window, band, after, [first, banded, built, renderer.programsDrawn], stillCombined)
        }
    }

    @Test(arguments: sizes)
    func theCombinedProgramDrawsTheKindsOwnPixels(size: (width: Int, height: Int, scale: Double)) throws {
        let own = try Self.drawn(combined: false, width: size.width, height: size.height, scale: size.scale)
        let combined = try Self.drawn(combined: true, width: size.width, height: size.height, scale: size.scale)
        // Every kind is there: the frame is not the background alone (the text's and the cards' pixels differ).
        #expect(Set(own.window).count > 64)
        let window = combined.window == own.window, band = combined.band == own.band, after = combined.after == own.after
        #expect(window, "the window's buffer: \(Self.differing(combined.window, own.window))")
        #expect(band, "through the BGRA8 band: \(combined.band.indices.filter { combined.band[$0] != own.band[$0] }.count) px")
        #expect(after, "drawn by the kinds' own programs again: \(Self.differing(combined.after, own.after))")
        // Own programs: flat, shape, shadow, glyph. Combined: flat, glyph and combined, until shape and shadow are
        // built after it.
        #expect(own.programs == [4, 4, 0, 4])
        #expect(combined.programs[0] == 3 && combined.programs[1] == 3, "\(combined.programs)")
        // Shape and shadow, for the window's buffer and for the band: one each call.
        #expect(combined.programs[2] == 4 && combined.programs[3] == 5, "\(combined.programs)")
        #expect(!combined.stillCombined)
    }

    @Test(arguments: [1.0, 2.0])
    func flatFillsUnderTextAreTheFlatProgramsThroughTheBand(scale: Double) throws {
        let width = Int(256 * scale), height = Int(192 * scale)
        let own = try Self.drawn(combined: false, width: width, height: height, scale: scale, list: Self.bar)
        let combined = try Self.drawn(combined: true, width: width, height: height, scale: scale, list: Self.bar)
        let band = combined.band == own.band, window = combined.window == own.window
        #expect(band, "through the BGRA8 band: \(combined.band.indices.filter { combined.band[$0] != own.band[$0] }.count) px")
        #expect(window, "the window's buffer: \(Self.differing(combined.window, own.window))")
    }

    /// A renderer made without `combinedFirstFrames` never draws combined and has nothing to build.
    @Test func aRendererWithoutTheCombinedProgramHasNothingToBuild() throws {
        try ShapeRasterTests.withRenderer(width: 64, height: 64) { renderer in
            #expect(!renderer.drawsCombined)
            #expect(!renderer.buildNextProgram())
            #expect(renderer.programsDrawn == 0)
        }
    }

    /// Where two byte arrays first differ, and how many bytes do.
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard a.count == b.count else { return "sizes \(a.count) and \(b.count)" }
        let indices = a.indices.filter { a[$0] != b[$0] }
        guard let first = indices.first else { return "none" }
        let worst = indices.map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
        return "\(indices.count) bytes, the first at \(first), at most \(worst) apart"
    }
}
