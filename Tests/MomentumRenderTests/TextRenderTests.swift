import MomentumLayers
import MomentumText
import Testing
@testable import MomentumRender

/// Real text through the renderer on real GL: Inter shaped by HarfBuzz, rasterised by FreeType into the atlas,
/// drawn as texel-aligned quads.
@Suite(.serialized)
struct TextRenderTests {
    static let white = RGBA(r: 1, g: 1, b: 1)

    /// The lit columns and rows of `image` (any channel above 0) and how many pixels are partly and fully covered.
    static func coverage(_ image: TestImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int, partial: Int, full: Int) {
        var result = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min, partial: 0, full: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let red = image.pixel(x, y).x
                guard red > 0 else { continue }
                result.minX = min(result.minX, x)
                result.maxX = max(result.maxX, x)
                result.minY = min(result.minY, y)
                result.maxY = max(result.maxY, y)
                if red >= 250 { result.full += 1 } else { result.partial += 1 }
            }
        }
        return result
    }

    static func label(_ string: String, size: Double, alignment: TextRun.Alignment = .leading,
                      at position: SIMD2<Double> = SIMD2(10, 40)) -> DrawList {
        var list = DrawList()
        list.addLabel(string, at: position, size: size, color: white, alignment: alignment)
        return list
    }

    @Test func aLabelIsAntiAliasedAndAsWideAsItsMeasuredWidth() throws {
        let image = try renderOffscreen(Self.label("Hello Momentum", size: 20), width: 240, height: 60)
        let lit = Self.coverage(image)
        let measured = TextShaper(fonts: try Fonts()).measure("Hello Momentum", size: 20)
        // Ink spans the advance width within a pixel or two (side bearings), on the baseline at y = 40.
        #expect(abs(Double(lit.maxX + 1 - lit.minX) - measured.width) < 3, "ink \(lit), measured \(measured.width)")
        #expect(lit.maxY <= 40 && lit.maxY >= 38, "baseline at 40: \(lit)")
        #expect(Double(40 - lit.minY) > 0.65 * 20 && Double(40 - lit.minY) < 0.8 * 20, "cap height: \(lit)")
        // Grey-scale anti-aliasing: solid stems and partly covered edges.
        #expect(lit.full > 100 && lit.partial > 100, "\(lit)")
    }

    @Test(arguments: [1.0, 1.5, 2.0]) func textScalesWithTheBufferAndStaysCrisp(scale: Double) throws {
        let size = 16.0
        let width = Int(200 * scale), height = Int(40 * scale)
        let image = try renderOffscreen(Self.label("Illumination", size: size, at: SIMD2(10, 30)), width: width,
                                        height: height, scale: scale)
        let lit = Self.coverage(image)
        let measured = TextShaper(fonts: try Fonts()).measure("Illumination", size: size)
        #expect(abs(Double(lit.maxX + 1 - lit.minX) / scale - measured.width) < 3, "\(lit) at \(scale)")
        // The stems of I, l and i are vertical: at least one column is fully covered over most of the cap height.
        var solidColumns = 0
        for x in lit.minX...lit.maxX {
            let run = (lit.minY...lit.maxY).filter { image.pixel(x, $0).x >= 250 }.count
            if Double(run) >= 0.6 * 0.727 * size * scale { solidColumns += 1 }
        }
        // At 1 a 1.3 px stem may straddle two columns (glyphs sit at quarter-pixel positions); at 2 every stem has
        // a solid core.
        #expect(solidColumns >= (scale >= 2 ? 3 : 1), "crisp stems at scale \(scale): \(solidColumns)")
    }

    @Test func centredAndTrailingAlignmentPlaceTheLineAroundItsPosition() throws {
        let centred = Self.coverage(try renderOffscreen(Self.label("Gallery", size: 18, alignment: .center,
                                                                   at: SIMD2(120, 40)), width: 240, height: 60))
        #expect(abs(Double(centred.minX + centred.maxX + 1) / 2 - 120) < 2, "\(centred)")
        let trailing = Self.coverage(try renderOffscreen(Self.label("Gallery", size: 18, alignment: .trailing,
                                                                    at: SIMD2(200, 40)), width: 240, height: 60))
        #expect(abs(Double(trailing.maxX + 1) - 200) < 2, "\(trailing)")
    }

    /// A turned line (the playground card's face, turned with the card) turns its ink about its baseline's point: a
    /// quarter turn clockwise runs the line down the image, as long as it is wide unturned, its capitals right of the
    /// point; an eighth turn spreads it over both axes. Unturned it is as before (`aLabelIsAntiAliased…`).
    @Test func aTurnedLabelTurnsItsInk() throws {
        let measured = TextShaper(fonts: try Fonts()).measure("Illumination", size: 20).width
        var quarter = DrawList()
        quarter.addLabel("Illumination", at: SIMD2(60, 20), size: 20, color: Self.white, rotation: Double.pi / 2)
        let down = Self.coverage(try renderOffscreen(quarter, width: 120, height: 200))
        #expect(abs(Double(down.maxY + 1 - down.minY) - measured) < 3, "ink \(down), measured \(measured)")
        #expect(down.minY >= 18 && down.minX >= 60 - 6 && down.maxX <= 60 + 16, "capitals right of x = 60: \(down)")
        #expect(Double(down.maxX + 1 - down.minX) < 0.9 * 20, "narrow as a line is tall: \(down)")
        var eighth = DrawList()
        eighth.addLabel("Illumination", at: SIMD2(20, 20), size: 20, color: Self.white, rotation: Double.pi / 4)
        let diagonal = Self.coverage(try renderOffscreen(eighth, width: 200, height: 200))
        #expect(Double(diagonal.maxX - diagonal.minX) > 0.6 * measured && Double(diagonal.maxY - diagonal.minY) > 0.6 * measured,
                "along the diagonal: \(diagonal)")
        #expect(diagonal.full + diagonal.partial > 100, "\(diagonal)")
        // A quarter turn about a point between pixels (a card's centre rarely lies on one) draws every glyph texel
        // for pixel, as unturned: as many solid and partly covered pixels (turned about a point between pixels, nearest
        // sampling dropped columns of the glyphs).
        var flat = DrawList(), turned = DrawList()
        flat.addLabel("Big Sur · 12 photos", at: SIMD2(60.5, 20), size: 13, color: Self.white)
        turned.addLabel("Big Sur · 12 photos", at: SIMD2(60.5, 20), size: 13, color: Self.white, rotation: Double.pi / 2)
        let unturned = Self.coverage(try renderOffscreen(flat, width: 200, height: 200))
        let quarterTurned = Self.coverage(try renderOffscreen(turned, width: 200, height: 200))
        #expect(quarterTurned.full == unturned.full && quarterTurned.partial == unturned.partial,
                "turned \(quarterTurned), unturned \(unturned)")
    }

    @Test func nonASCIITextDrawsGlyphsNotBoxes() throws {
        // "é" and "→" are in Inter: each draws ink of its own (no .notdef box: a box would fill its outline).
        let plain = Self.coverage(try renderOffscreen(Self.label("e", size: 24), width: 80, height: 60))
        let accented = Self.coverage(try renderOffscreen(Self.label("é", size: 24), width: 80, height: 60))
        #expect(accented.minY < plain.minY - 2, "the accent sits above the e: \(accented) vs \(plain)")
        let arrow = Self.coverage(try renderOffscreen(Self.label("→", size: 24), width: 80, height: 60))
        #expect(arrow.full > 10 && arrow.maxY < 40 && arrow.minY > 40 - 20, "\(arrow)")
    }
}
