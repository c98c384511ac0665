import MomentumLayers
import Testing
@testable import MomentumRender

/// A scrolling list's tile written by the CPU (`Renderer.write`, what `LayerTiles` puts into a tile's `wl_shm`
/// buffer) against the same list drawn by real GL (llvmpipe) through the band and read back, as the tiles were drawn
/// before: the same pixels, within the blend's rounding.
@Suite(.serialized)
struct ListWriterTests {
    /// The rows of a tile `height` logical px high starting at `top`, as `ScrollScene.layOut` lays them out:
    /// translucent cards (corners 12) `columns` across a `width` px list, each with its artwork (corners 8) and a
    /// semibold title and a regular line of text at `type` × the phone's sizes, moved up by `top` as the tile's list is.
    static func rows(top: Double, height: Double, width: Double, columns: Int, type: Double) -> DrawList {
        let gap = 16.0, margin = 16.0, rowHeight = 64.0
        let cardWidth = min((width - 2 * margin - Double(columns - 1) * gap) / Double(columns), 720).rounded(.down)
        let left = ((width - Double(columns) * cardWidth - Double(columns - 1) * gap) / 2).rounded()
        let artwork = [RGBA(hex: 0x0A84FF), RGBA(hex: 0xFF375F), RGBA(hex: 0xFF9F0A), RGBA(hex: 0x30D158)]
        var commands: [DrawCommand] = []
        // One row above the tile and one below it reach into it only by their edges (or not at all): clipped.
        var line = Int((top / rowHeight).rounded(.down)) - 1
        while Double(line) * rowHeight < top + height + rowHeight {
            defer { line += 1 }
            guard line >= 0 else { continue }
            for column in 0..<columns {
                let i = line * columns + column
                let x = left + Double(column) * (cardWidth + gap), y = Double(line) * rowHeight + 8
                commands.append(.roundedRect(RoundedRect(rect: DrawRect(x: x, y: y, width: cardWidth, height: 56),
                                                         cornerRadius: 12, fill: RGBA(hex: 0xF4F5F8, alpha: 0.95))))
                commands.append(.roundedRect(RoundedRect(rect: DrawRect(x: x + 8, y: y + 8, width: 40, height: 40),
                                                         cornerRadius: 8, fill: artwork[i % artwork.count])))
                commands.append(.text(TextRun("\(i + 1). Electric Horizons", position: SIMD2(x + 60, y + 24),
                                              size: 11 * type, weight: .semibold, color: RGBA(hex: 0x1B2A49))))
                commands.append(.text(TextRun("Critically Damped · Interruptible · 3:07",
                                              position: SIMD2(x + 60, y + 44), size: 9 * type,
                                              color: RGBA(hex: 0x6B7280))))
            }
        }
        // A hairline between two rows, fractional: a plain rectangle's partly covered pixels.
        commands.append(.rect(DrawRect(x: margin, y: 63.5, width: width - 2 * margin, height: 1),
                              fill: RGBA(r: 0, g: 0, b: 0, a: 0.12)))
        return DrawList(commands: commands).offsetBy(SIMD2(0, -top))
    }

    /// `list` into a `width` × `height` px buffer at `scale` both ways, as ARGB words: through the band and read back
    /// (GL), and written by the CPU (which must take it).
    static func bothWays(_ list: DrawList, width: Int, height: Int, scale: Double) throws -> (gl: [UInt32], cpu: [UInt32]) {
        try ShapeRasterTests.withRenderer(width: width, height: height) { renderer in
            var gl = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
            try gl.withUnsafeMutableBytes { raw in
                _ = try renderer.render(list, width: width, height: height, scale: scale,
                                        into: .bands(age: 0, into: BufferPixels(bgra: raw.baseAddress!, stride: width * 4)),
                                        surface: 3, clear: .clear)
            }
            // Garbage first, as a reused buffer holds: the writer starts from transparent itself.
            var cpu = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
            let written = cpu.withUnsafeMutableBytes { raw in
                renderer.write(list, width: width, height: height, scale: scale,
                               into: BufferPixels(bgra: raw.baseAddress!, stride: width * 4))
            }
            #expect(written, "the list is one the CPU writes")
            #expect(renderer.lastRedrawnPixels == width * height)
            return (gl, cpu)
        }
    }

    /// The tiles of an 800x600 list (one column, 128 px a tile) and of a 1920x1080@2 one (two columns of cards in the
    /// larger type, 64 logical px a tile at scale 2), at the list's top and further down: no byte more than 1 apart
    /// anywhere, and the text is there (thousands of pixels of glyph ink differ from the cards alone).
    @Test(arguments: [(800.0, 1, 1.0, 128.0, 0.0), (800.0, 1, 1.0, 128.0, 1280.0), (1456.0, 2, 2.0, 64.0, 64.0)])
    func aListTileWrittenByTheCPUIsThePixelsGLDraws(width: Double, columns: Int, scale: Double, tile: Double,
                                                   top: Double) throws {
        let type = columns == 2 ? 1.25 : 1
        let list = Self.rows(top: top, height: tile, width: width, columns: columns, type: type)
        let w = Int(width * scale), h = Int(tile * scale)
        let (gl, cpu) = try Self.bothWays(list, width: w, height: h, scale: scale)
        let diff = ShapeRasterTests.difference(gl, cpu)
        #expect(diff.largest <= 1, "\(w)x\(h) from \(top): a byte off by \(diff.largest)")
        #expect(diff.pixels * 100 <= w * h, "\(w)x\(h) from \(top): \(diff.pixels) px differ")
        let cardsOnly = DrawList(commands: list.commands.filter { if case .text = $0 { false } else { true } })
        let (_, shapes) = try Self.bothWays(cardsOnly, width: w, height: h, scale: scale)
        let ink = ShapeRasterTests.difference(cpu, shapes).pixels
        #expect(ink > 1000 * Int(scale * scale), "\(w)x\(h) from \(top): only \(ink) px of text")
    }

    /// Soft shadows (the panel's card, the transition's card, the gallery's covers, the playground's tile: every
    /// scene's first frame but the scroll list's holds one) written by the CPU as the `shadow` program draws them:
    /// under an opaque card (whose inside the GL leaves out of the shadow's quads), under a translucent one, turned,
    /// scaled, faded, offset both ways, on an opaque backdrop and beside other shapes, at scales 1 and 2 — no byte more
    /// than 1 apart, fewer than 1 % of the pixels differ, and the shadow is there (it darkens pixels around the card).
    @Test(arguments: [1.0, 2.0])
    func aShadowWrittenByTheCPUIsThePixelsGLDraws(scale: Double) throws {
        let shadow = DropShadow(blurRadius: 18, offset: SIMD2(0, 6), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        let cards = [
            RoundedRect(rect: DrawRect(x: 24, y: 30, width: 150, height: 90), cornerRadius: 16,
                        fill: RGBA(hex: 0xF4F5F8), shadow: shadow),
            RoundedRect(rect: DrawRect(x: 200.5, y: 40.25, width: 70, height: 110), cornerRadius: 12,
                        fill: RGBA(hex: 0x0A84FF, alpha: 0.8),
                        shadow: DropShadow(blurRadius: 9, offset: SIMD2(-4, 3), color: RGBA(hex: 0x1B2A49, alpha: 0.5))),
            RoundedRect(rect: DrawRect(x: 60, y: 150, width: 80, height: 50), cornerRadius: 10,
                        fill: RGBA(hex: 0xFF375F), shadow: shadow, rotation: 0.3, scale: 0.85, opacity: 0.7),
            RoundedRect(rect: DrawRect(x: 190, y: 170, width: 40, height: 40), cornerRadius: 20,
                        fill: RGBA(hex: 0x30D158), shadow: DropShadow(blurRadius: 4, offset: SIMD2(2, -2))),
        ]
        // On a plain backdrop: a gradient's rows come out of the band's later passes a step apart from the writer's
        // (`FirstFrameWriterTests`), which is not what is checked here.
        var commands: [DrawCommand] = [.rect(DrawRect(x: 0, y: 0, width: 300, height: 240), fill: RGBA(hex: 0xE8EEF9))]
        for card in cards {
            commands.append(.roundedRect(card))
            commands.append(.rect(DrawRect(x: card.rect.x + 4, y: card.rect.y + 4, width: 12, height: 3),
                                  fill: RGBA(hex: 0x000000, alpha: 0.3)))
        }
        let list = DrawList(commands: commands)
        let w = Int(300 * scale), h = Int(240 * scale)
        let (gl, cpu) = try Self.bothWays(list, width: w, height: h, scale: scale)
        let diff = ShapeRasterTests.difference(gl, cpu)
        #expect(diff.largest <= 1, "\(w)x\(h): a byte off by \(diff.largest)")
        #expect(diff.pixels * 100 < w * h, "\(w)x\(h): \(diff.pixels) px differ")
        let unshadowed = DrawList(commands: list.commands.map { command in
            guard case var .roundedRect(shape) = command else { return command }
            shape.shadow = nil
            return .roundedRect(shape)
        })
        let (_, bare) = try Self.bothWays(unshadowed, width: w, height: h, scale: scale)
        let shade = ShapeRasterTests.difference(cpu, bare).pixels
        #expect(shade > 5000 * Int(scale * scale), "\(w)x\(h): only \(shade) px of shadow")
    }

    /// What the writer leaves to GL: a shadow without blur, turned text, a raster. A background gradient (the
    /// launch's first frame, `FirstFrameWriterTests`), line segments (the flash ring, `FlashRingTests`) and soft
    /// shadows it writes.
    @Test func onlyCardsRectanglesAndUprightTextAreWrittenThisWay() {
        let card = RoundedRect(rect: DrawRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8, fill: RGBA(hex: 0xFFFFFF))
        let text = TextRun("Hello", position: SIMD2(4, 20), size: 11, color: RGBA(hex: 0x000000))
        #expect(Renderer.canWrite(DrawList(commands: [.roundedRect(card), .text(text),
                                                      .rect(DrawRect(x: 0, y: 0, width: 4, height: 4), fill: .clear)])))
        var shadowed = card
        shadowed.shadow = DropShadow(blurRadius: 6, offset: SIMD2(0, 2))
        #expect(Renderer.canWrite(DrawList(commands: [.roundedRect(shadowed)])))
        shadowed.shadow = DropShadow(blurRadius: 0, offset: SIMD2(0, 2))
        #expect(!Renderer.canWrite(DrawList(commands: [.roundedRect(shadowed)])))
        var turned = text
        turned.rotation = 0.1
        #expect(!Renderer.canWrite(DrawList(commands: [.roundedRect(card), .text(turned)])))
        #expect(Renderer.canWrite(DrawList(commands: [.background(top: .clear, bottom: RGBA(hex: 0x000000)),
                                                      .roundedRect(card)])))
        #expect(Renderer.canWrite(DrawList(commands: [.line(LineSegment(from: SIMD2(0, 0), to: SIMD2(9, 9), width: 2,
                                                                         color: RGBA(hex: 0xFFFFFF)))])))
    }
}
