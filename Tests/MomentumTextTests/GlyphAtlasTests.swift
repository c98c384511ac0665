import Testing
@testable import MomentumText

/// Rasterised coverage, packing, growth, dirty tracking and the quads a renderer draws.
@Suite struct GlyphAtlasTests {
    let fonts: Fonts
    let shaper: TextShaper

    init() throws {
        fonts = try Fonts()
        shaper = TextShaper(fonts: fonts)
    }

    func glyph(_ character: String, weight: FontWeight = .regular) -> UInt32 {
        shaper.shape(character, pixelSize: 20, weight: weight).glyphs.first?.id ?? 0
    }

    func entry(_ atlas: GlyphAtlas, _ character: String, size: Double, subpixelX: Int = 0) throws -> AtlasEntry {
        try #require(atlas.entry(for: GlyphKey(weight: .regular, glyph: glyph(character), pixelSize: size,
                                               subpixelX: subpixelX)))
    }

    /// The entry's coverage as rows.
    func rows(_ atlas: GlyphAtlas, _ entry: AtlasEntry) -> [[UInt8]] {
        (0..<entry.rect.height).map { y in
            (0..<entry.rect.width).map { x in atlas.coverage(x: entry.rect.minX + x, y: entry.rect.minY + y) }
        }
    }

    func totalCoverage(_ atlas: GlyphAtlas, _ entry: AtlasEntry) -> Double {
        rows(atlas, entry).joined().reduce(0) { $0 + Double($1) } / 255
    }

    @Test(arguments: ["l", "I"])
    func verticalStemIsASolidColumnWithNothingAround(_ character: String) throws {
        let atlas = GlyphAtlas(fonts: fonts)
        for subpixelX in 0...3 {
            let entry = try entry(atlas, character, size: 20, subpixelX: subpixelX)
            let bitmap = rows(atlas, entry)
            // About 14 px tall (Inter's cap height and ascender are ~0.73 em), 2 to 3 px wide.
            #expect(entry.rect.height >= 13 && entry.rect.height <= 16, "\(entry)")
            #expect(entry.rect.width >= 2 && entry.rect.width <= 3, "\(entry)")
            // The stem: one column at full coverage all the way down (light hinting snaps its ends to pixels).
            let solid = (0..<entry.rect.width).filter { x in bitmap.allSatisfy { $0[x] >= 250 } }
            let strong = (0..<entry.rect.width).filter { x in bitmap.allSatisfy { $0[x] >= 170 } }
            #expect(!strong.isEmpty, "\(character) subpixel \(subpixelX): \(bitmap)")
            if subpixelX == 0 { #expect(!solid.isEmpty, "\(character): \(bitmap)") }
            // The 1 px ring around the entry is empty.
            for x in entry.rect.minX - 1 ... entry.rect.minX + entry.rect.width {
                #expect(atlas.coverage(x: x, y: entry.rect.minY - 1) == 0)
                #expect(atlas.coverage(x: x, y: entry.rect.minY + entry.rect.height) == 0)
            }
            for y in entry.rect.minY ..< entry.rect.minY + entry.rect.height {
                #expect(atlas.coverage(x: entry.rect.minX - 1, y: y) == 0)
                #expect(atlas.coverage(x: entry.rect.minX + entry.rect.width, y: y) == 0)
            }
            // The glyph stands on the baseline.
            #expect(entry.top == entry.rect.height)
        }
    }

    @Test func periodIsASmallDotOnTheBaseline() throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let dot = try entry(atlas, ".", size: 20)
        #expect(dot.rect.width <= 4 && dot.rect.height <= 4, "\(dot)")
        let area = totalCoverage(atlas, dot)
        // Inter's period is about 0.12 em square: 2.4 px across, about 5 px² of ink.
        #expect(area > 2 && area < 9, "\(area)")
        #expect(dot.top <= 4 && dot.top >= 2)
        let letter = totalCoverage(atlas, try entry(atlas, "H", size: 20))
        #expect(letter > 8 * area)
    }

    @Test(arguments: ["H", "o", "e", "g"])
    func coverageScalesWithTheSquareOfTheSize(_ character: String) throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let small = totalCoverage(atlas, try entry(atlas, character, size: 20))
        let large = totalCoverage(atlas, try entry(atlas, character, size: 40))
        let larger = totalCoverage(atlas, try entry(atlas, character, size: 60))
        // Ink area goes with the square of the size, up to hinting (each stroke keeps its width ±½ px).
        #expect(abs(large / small - 4) < 0.4, "\(character): \(small) → \(large)")
        #expect(abs(larger / small - 9) < 0.9, "\(character): \(small) → \(larger)")
    }

    /// Crisp at buffer scales 1, 1.5 and 2 (15 px text): the top and bottom rows of H's stem are as dark as its
    /// middle (the cap height and baseline land on pixel edges), and x-height letters end on whole rows too.
    @Test(arguments: [15.0, 22.5, 30.0])
    func capitalAndXHeightEdgesLandOnWholePixels(size: Double) throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let h = try entry(atlas, "H", size: size)
        let bitmap = rows(atlas, h)
        let stem = try #require((0..<h.rect.width).max { a, b in
            bitmap.reduce(0) { $0 + Int($1[a]) } < bitmap.reduce(0) { $0 + Int($1[b]) }
        })
        let middle = Int(bitmap[h.rect.height / 2 - 1][stem])
        #expect(middle >= 190, "\(bitmap.map { $0[stem] })")
        #expect(abs(Int(bitmap[0][stem]) - middle) <= 8, "top row \(bitmap[0]), middle \(middle)")
        #expect(abs(Int(bitmap[h.rect.height - 1][stem]) - middle) <= 8, "bottom row, middle \(middle)")
        // "x": its top and bottom rows carry full pixels (no half-covered row above the x-height).
        let x = rows(atlas, try entry(atlas, "x", size: size))
        #expect(x[0].max() ?? 0 >= 230, "\(x[0])")
        #expect(x[x.count - 1].max() ?? 0 >= 230, "\(x[x.count - 1])")
    }

    @Test func spaceHasAnEntryButNoInk() throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let space = try entry(atlas, " ", size: 20)
        #expect(space.rect.isEmpty)
        #expect(atlas.takeDirtyRect() == nil)
        let run = shaper.shape("a b", pixelSize: 20)
        #expect(atlas.layout(run, x: 0, y: 20).map(\.glyphIndex) == [0, 2])
    }

    @Test func entriesDoNotOverlapAndTheDirtyRectCoversEachNewOne() throws {
        let atlas = GlyphAtlas(fonts: fonts, width: 512, height: 64, maxHeight: 4096)
        let text = (33...126).map { String(UnicodeScalar(UInt8($0))) }.joined() + "Grüße →"
        var placed: [PixelRect] = []
        for weight in FontWeight.allCases {
            let run = shaper.shape(text, pixelSize: 20, weight: weight)
            for size in [11.0, 17.5, 20, 33.25] {
                for glyph in run.glyphs {
                    for subpixelX in [0, 2] {
                        let before = atlas.count
                        _ = atlas.takeDirtyRect()
                        let key = GlyphKey(weight: weight, glyph: glyph.id, pixelSize: size, subpixelX: subpixelX)
                        let entry = try #require(atlas.entry(for: key))
                        guard atlas.count > before, !entry.rect.isEmpty else { continue }
                        let dirty = try #require(atlas.takeDirtyRect())
                        #expect(dirty.union(entry.rect) == dirty, "\(dirty) misses \(entry.rect)")
                        placed.append(entry.rect)
                        // Asking again is a cache hit: same entry, nothing dirty.
                        #expect(atlas.entry(for: key) == entry)
                        #expect(atlas.dirtyRect == nil)
                    }
                }
            }
        }
        #expect(placed.count > 500)
        #expect(atlas.height > 64 && atlas.clears == 0)
        for rect in placed {
            #expect(rect.minX >= 1 && rect.minY >= 1 && rect.maxX < atlas.width && rect.maxY < atlas.height)
        }
        // With the 1 px gap: padded rectangles are disjoint.
        let padded = placed.map { PixelRect(minX: $0.minX, minY: $0.minY, maxX: $0.maxX + 1, maxY: $0.maxY + 1) }
        let sorted = padded.sorted { $0.minY < $1.minY }
        var overlaps = 0
        for i in sorted.indices {
            for j in sorted.index(after: i) ..< sorted.endIndex {
                if sorted[j].minY >= sorted[i].maxY { break }
                if sorted[i].intersects(sorted[j]) { overlaps += 1 }
            }
        }
        #expect(overlaps == 0)
    }

    @Test func growingKeepsPixelsAndBumpsTheGeneration() throws {
        let atlas = GlyphAtlas(fonts: fonts, width: 128, height: 64, maxHeight: 1024)
        let first = try entry(atlas, "H", size: 24)
        let firstPixels = atlas.pixels(in: first.rect)
        #expect(atlas.generation == 0)
        let run = shaper.shape("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", pixelSize: 24)
        _ = atlas.layout(run, x: 0, y: 30)
        #expect(atlas.height > 64)
        #expect(atlas.generation > 0)
        #expect(atlas.takeDirtyRect() == PixelRect(x: 0, y: 0, width: 128, height: atlas.height))
        #expect(try entry(atlas, "H", size: 24) == first)
        #expect(atlas.pixels(in: first.rect) == firstPixels)
        atlas.withUnsafeBytes { bytes in
            #expect(bytes.count == atlas.width * atlas.height)
            #expect(bytes[first.rect.minY * atlas.width + first.rect.minX] == firstPixels[0])
        }
    }

    @Test func aFullAtlasClearsAndLayoutStillReturnsValidQuads() throws {
        // 64 × 64 holds two shelves of about three 30 px capitals: the second run clears it part way through.
        let atlas = GlyphAtlas(fonts: fonts, width: 64, height: 64, maxHeight: 64)
        let first = atlas.layout(shaper.shape("WXYZ", pixelSize: 30), x: 0, y: 40)
        #expect(first.count == 4 && atlas.clears == 0)
        let run = shaper.shape("ABC", pixelSize: 30)
        let quads = atlas.layout(run, x: 0, y: 40)
        #expect(atlas.clears == 1)
        #expect(atlas.height == 64)
        #expect(atlas.takeDirtyRect() == PixelRect(x: 0, y: 0, width: 64, height: 64))
        // The whole run, every quad on a live entry: inked, and no two sharing atlas pixels.
        #expect(quads.map(\.glyphIndex) == [0, 1, 2])
        for quad in quads { #expect(atlas.pixels(in: quad.atlas).contains { $0 > 200 }) }
        for i in quads.indices {
            for j in quads.indices where j > i { #expect(!quads[i].atlas.intersects(quads[j].atlas)) }
        }
        // A run larger than the whole atlas keeps what it can, all of it live.
        let long = atlas.layout(shaper.shape("ABCDEFGHIJKLMN", pixelSize: 30), x: 0, y: 40)
        #expect(!long.isEmpty && long.count < 14)
        for i in long.indices {
            for j in long.indices where j > i { #expect(!long[i].atlas.intersects(long[j].atlas)) }
        }
        // A glyph larger than the whole atlas has no entry.
        let huge = GlyphKey(weight: .regular, glyph: glyph("W"), pixelSize: 200)
        #expect(atlas.entry(for: huge) == nil)
    }

    @Test func layoutSnapsTheBaselineAndPlacesGlyphsOnQuarterPixels() throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let run = shaper.shape("Hello", pixelSize: 20)
        let quads = atlas.layout(run, x: 10.3, y: 30.6)
        #expect(quads.count == 5)
        #expect(quads.map(\.glyphIndex) == [0, 1, 2, 3, 4])
        let h = try entry(atlas, "H", size: 20, subpixelX: 1)  // 10.3 → pixel 10 + 1/4
        #expect(quads[0].atlas == h.rect)
        #expect(quads[0].screen == PixelRect(x: 10 + h.left, y: 31 - h.top, width: h.rect.width,
                                             height: h.rect.height))
        // Quads follow the advances to within a pixel, left to right, all on the snapped baseline.
        var pen = 10.3
        for (index, quad) in quads.enumerated() {
            #expect(quad.screen.width == quad.atlas.width && quad.screen.height == quad.atlas.height)
            #expect(abs(Double(quad.screen.minX) - pen) < 3, "glyph \(index) at \(quad.screen.minX), pen \(pen)")
            pen += run.glyphs[index].xAdvance
        }
        #expect(quads.allSatisfy { $0.screen.maxY <= 31 })  // no descenders in "Hello"
        // Moving the origin by a whole pixel moves every quad by a pixel and reuses the same glyphs.
        let count = atlas.count
        let moved = atlas.layout(run, x: 11.3, y: 31.4)
        #expect(moved.map(\.atlas) == quads.map(\.atlas))
        #expect(moved.map(\.screen.minX) == quads.map { $0.screen.minX + 1 })
        #expect(moved.map(\.screen.minY) == quads.map { $0.screen.minY })
        #expect(atlas.count == count)
        // A quarter pixel to the right: other sub-pixel renderings of the same glyphs.
        let nudged = atlas.layout(run, x: 10.55, y: 30.6)
        #expect(nudged[0].atlas != quads[0].atlas)
        #expect(atlas.count > count)
    }

    @Test func uploadHelpersAgree() throws {
        let atlas = GlyphAtlas(fonts: fonts)
        let entry = try entry(atlas, "g", size: 24)
        let packed = atlas.pixels(in: entry.rect)
        #expect(packed.count == entry.rect.width * entry.rect.height)
        atlas.withUnsafeBytes { bytes in
            for y in 0..<entry.rect.height {
                for x in 0..<entry.rect.width {
                    #expect(bytes[(entry.rect.minY + y) * atlas.width + entry.rect.minX + x]
                            == packed[y * entry.rect.width + x])
                }
            }
        }
        let uv = atlas.textureCoordinates(of: entry.rect)
        #expect(uv.u0 == Float(entry.rect.minX) / Float(atlas.width))
        #expect(uv.v1 == Float(entry.rect.maxY) / Float(atlas.height))
        #expect(atlas.pixels(in: PixelRect(x: -5, y: -5, width: 2, height: 2)).isEmpty)
    }
}
