import MomentumLayers
import Testing
@testable import MomentumRender

/// The built-in bitmap font: its rectangle decomposition against the glyph table, rendered pixels against glyph
/// patterns written out here, layout widths against the drawn extent, and quad counts for a HUD line.
@Suite(.serialized)
struct TextTests {
    /// 'H' and 'I' as drawn on paper, independent of the font's hex table.
    static let hPattern = ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"]
    static let iPattern = [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."]

    @Test func everyGlyphsRectsTileExactlyItsLitDots() {
        for code in UInt8(32)...UInt8(126) {
            var hits = [Int](repeating: 0, count: 35)
            for piece in BitmapFont.rects(for: code) {
                for row in piece.y ..< piece.y + piece.height {
                    for column in piece.x ..< piece.x + piece.width { hits[row * 5 + column] += 1 }
                }
            }
            for row in 0..<7 {
                for column in 0..<5 {
                    let expected = BitmapFont.isLit(code, column: column, row: row) ? 1 : 0
                    #expect(hits[row * 5 + column] == expected, "glyph \(code) dot (\(column), \(row))")
                }
            }
        }
        // Every printable glyph except space lights something; no glyph needs more than 9 rects.
        for code in UInt8(33)...UInt8(126) { #expect(!BitmapFont.rects(for: code).isEmpty) }
        let busiest = (UInt8(32)...UInt8(126)).max { BitmapFont.rects(for: $0).count < BitmapFont.rects(for: $1).count }
        #expect(busiest.map { BitmapFont.rects(for: $0).count <= 11 } == true)
    }

    @Test func tableMatchesHandDrawnGlyphs() {
        for (character, pattern) in [(UInt8(72), Self.hPattern), (UInt8(73), Self.iPattern)] {
            for (row, line) in pattern.enumerated() {
                for (column, mark) in line.enumerated() {
                    #expect(BitmapFont.isLit(character, column: column, row: row) == (mark == "#"))
                }
            }
        }
    }

    @Test func hiLightsTheExpectedPixels() throws {
        // Size 28 → 4 px dots; origin on the pixel grid, so every dot is a crisp 4×4 block.
        var list = DrawList()
        list.addBackground(top: .white, bottom: .white)
        list.addText("HI", at: SIMD2(10, 6), size: 28, color: .black)
        let image = try renderOffscreen(list, width: 64, height: 40)
        for (index, pattern) in [Self.hPattern, Self.iPattern].enumerated() {
            let cellX = 10 + index * 24
            var litPixels = 0
            for y in 6..<34 {
                for x in cellX ..< cellX + 20 where image.pixel(x, y).x < 128 { litPixels += 1 }
            }
            let litDots = pattern.joined().filter { $0 == "#" }.count
            #expect(litPixels == litDots * 16, "glyph \(index)")
            for (row, line) in pattern.enumerated() {
                for (column, mark) in line.enumerated() {
                    let p = image.pixel(cellX + column * 4 + 2, 6 + row * 4 + 2)
                    #expect(p == (mark == "#" ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)))
                }
            }
        }
        // Nothing outside the two cells (the spacing column between them and the margins stay white).
        var stray = 0
        for y in 0..<40 {
            for x in 0..<64 where image.pixel(x, y).x < 250 {
                let inCell = (6..<34).contains(y) && ((10..<30).contains(x) || (34..<54).contains(x))
                if !inCell { stray += 1 }
            }
        }
        #expect(stray == 0)
    }

    @Test func textIsCrispSeamlessAndAsWideAsTextWidth() throws {
        // "HIH" starts and ends with a glyph that inks its outer columns, so the ink spans exactly textWidth.
        // Fractional sizes and origins too: dot edges snap to whole buffer px, never leaving a seam.
        for (size, scale, x) in [(28.0, 1.0, 6.0), (14.0, 1.0, 6.25), (10.5, 2.0, 6.0), (12.0, 1.0, 5.3), (9.0, 2.0, 4.8)] {
            var list = DrawList()
            list.addBackground(top: .white, bottom: .white)
            list.addText("HIH", at: SIMD2(x, 3), size: size, color: .black)
            let width = 100 * Int(scale)
            let image = try renderOffscreen(list, width: width, height: 40 * Int(scale), scale: scale)
            let label = "size \(size) scale \(scale) x \(x)"
            // Crisp: every pixel is exactly background or ink.
            let blended = image.rgba.enumerated().filter { $0.offset % 4 == 0 && $0.element != 0 && $0.element != 255 }
            #expect(blended.isEmpty, "\(label)")
            let inked = (0..<width).filter { column in (0..<image.height).contains { image.pixel(column, $0).x == 0 } }
            let textWidth = DrawList.textWidth("HIH", size: size)
            #expect(textWidth == 17 * size / 7)
            // The ink starts at the origin and ends at origin + textWidth, each rounded to the buffer's pixel grid.
            #expect(inked.first == Int((x * scale).rounded()), "\(label)")
            #expect(inked.last.map { $0 + 1 } == Int(((x + textWidth) * scale).rounded()), "\(label)")
            // No seam: the first H's left stem is solid from the cell's top to its bottom.
            let top = Int((3 * scale).rounded())
            let bottom = Int(((3 + size) * scale).rounded())
            if let stem = inked.first {
                #expect((top..<bottom).allSatisfy { image.pixel(stem, $0).x == 0 }, "\(label)")
                #expect(image.pixel(stem, top - 1).x == 255 && image.pixel(stem, bottom).x == 255, "\(label)")
            }
        }
    }

    @Test func everyPrintableGlyphRendersAsItsTable() throws {
        // All 95 glyphs, 19 per line, 2 px dots; each dot's centre pixel is ink exactly where the table says.
        var text = ""
        for code in UInt8(32)...UInt8(126) {
            text.append(Character(Unicode.Scalar(code)))
            if (code - 31) % 19 == 0 && code < 126 { text.append("\n") }
        }
        var list = DrawList()
        list.addBackground(top: .white, bottom: .white)
        list.addText(text, at: SIMD2(4, 4), size: 14, color: .black)
        let width = Int(DrawList.textWidth(text, size: 14)) + 8
        let height = Int(DrawList.textHeight(text, size: 14)) + 8
        #expect(width == 19 * 12 - 2 + 8 && height == 4 * 20 + 14 + 8)
        let image = try renderOffscreen(list, width: width, height: height)
        var wrong = 0
        for code in UInt8(32)...UInt8(126) {
            let index = Int(code - 32)
            let cell = SIMD2(4 + (index % 19) * 12, 4 + (index / 19) * 20)
            for row in 0..<7 {
                for column in 0..<5 {
                    let ink = image.pixel(cell.x + column * 2 + 1, cell.y + row * 2 + 1).x < 128
                    if ink != BitmapFont.isLit(code, column: column, row: row) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test func layoutOfLinesAndUnknownCharacters() {
        #expect(DrawList.textWidth("", size: 7) == 0)
        #expect(DrawList.textWidth("A", size: 7) == 5)
        #expect(DrawList.textWidth("AB\nC", size: 14) == 22)
        #expect(DrawList.textHeight("AB\nC", size: 7) == 17)
        // Non-ASCII draws as '?', one cell each.
        var unknown = DrawList()
        unknown.addText("é", at: .zero, size: 7, color: .black)
        var question = DrawList()
        question.addText("?", at: .zero, size: 7, color: .black)
        #expect(unknown == question && !unknown.isEmpty)
    }

    @Test func hudLineStaysAHandfulOfQuads() throws {
        let hud = "gallery  dynamics  120.0 fps  "
        #expect(hud.count == 30)
        var list = DrawList()
        list.addBackground(top: .black, bottom: .black)
        list.addText(hud, at: SIMD2(4, 4), size: 14, color: .white)
        let context = try RenderContext(headlessWidth: 240, height: 24)
        try withExtendedLifetime(context) {
            try context.makeCurrent()
            let renderer = try Renderer()
            renderer.draw(list, width: 240, height: 24, scale: 1)
            // One background quad plus the text's rects.
            #expect(renderer.lastQuadCount == list.count)
            #expect(renderer.lastQuadCount <= 200)
            print("HUD line of 30 characters: \(renderer.lastQuadCount - 1) quads")
        }
        // Over all printable glyphs, the rects per glyph average under 5.
        let total = (UInt8(33)...UInt8(126)).reduce(0) { $0 + BitmapFont.rects(for: $1).count }
        let most = (UInt8(33)...UInt8(126)).map { BitmapFont.rects(for: $0).count }.max() ?? 0
        print("printable glyphs: \(total) rects over 94 glyphs, at most \(most) in one glyph")
        #expect(Double(total) / 94 < 5)
    }
}
