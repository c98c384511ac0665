import MomentumLayers
@testable import MomentumRun
import Testing
@testable import MomentumRender

/// The HUD's surface written by the CPU (`Renderer.write`, as `RenderTarget` writes the overlay slot into its
/// `wl_shm` buffers) against the same surface drawn by real GL (llvmpipe) through the band and read back, as it was
/// drawn before: the same pixels, within the blend's rounding.
@Suite(.serialized)
struct HUDWriterTests {
    /// Statistics as a run's HUD shows them: `count` presented intervals around 25 ms at a 60 Hz output, every
    /// seventh a missed refresh (a red bar), so the bars differ in height and colour.
    static func statistics(count: Int) -> FrameStatistics {
        var statistics = FrameStatistics()
        var ns: UInt64 = 1_000_000_000, msc: UInt64 = 100
        for i in 0...count {
            let refreshes: UInt64 = i % 7 == 3 ? 3 : 1 + UInt64(i % 2)
            ns += refreshes * 16_666_667 + UInt64(i % 5) * 400_000
            msc += refreshes
            statistics.presented(ns: ns, refreshNs: 16_666_667, msc: msc)
        }
        return statistics
    }

    /// The HUD's surface at each of its sizes (the full box at 800x600 and 1920x1080@2, the compact box of a phone in
    /// portrait, the short one of a phone in landscape), full of bars and while it still measures (dashes, no bars):
    /// no byte more than 1 apart, fewer than 1 % of the pixels differ, and its text is there.
    @Test(arguments: [(800.0, 600.0, 1.0, 90), (1920.0, 1080.0, 2.0, 90), (360.0, 720.0, 2.0, 40),
                      (720.0, 360.0, 1.0, 90), (800.0, 600.0, 1.0, 3)])
    func theHUDWrittenByTheCPUIsThePixelsGLDraws(width: Double, height: Double, scale: Double, intervals: Int) throws {
        let hud = HUD(isShown: true)
        let backend = intervals > 10 ? "→ 18 ms" : "-"
        guard let layer = hud.overlay(size: SIMD2(width, height), statistics: Self.statistics(count: intervals),
                                      backend: backend) else {
            Issue.record("no HUD surface")
            return
        }
        #expect(Renderer.canWrite(layer.content), "the HUD holds something the CPU does not write")
        let w = Int((layer.frame.width * scale).rounded(.up)), h = Int((layer.frame.height * scale).rounded(.up))
        let (gl, cpu) = try ListWriterTests.bothWays(layer.content, width: w, height: h, scale: scale)
        let diff = ShapeRasterTests.difference(gl, cpu)
        #expect(diff.largest <= 1, "\(width)x\(height)@\(scale): a byte off by \(diff.largest)")
        #expect(diff.pixels * 100 < w * h, "\(width)x\(height)@\(scale): \(diff.pixels) of \(w * h) px differ")
        let boxOnly = DrawList(commands: layer.content.commands.filter { if case .text = $0 { false } else { true } })
        let (_, shapes) = try ListWriterTests.bothWays(boxOnly, width: w, height: h, scale: scale)
        let ink = ShapeRasterTests.difference(cpu, shapes).pixels
        #expect(ink > 150 * Int(scale * scale), "\(width)x\(height)@\(scale): only \(ink) px of text")
    }
}

/// The HUD's bars written column by column from sources worked out once (`ShapeRaster.narrowColumns`) against the
/// same bars through the per-pixel path (the same rectangles turned by a whole turn, which takes that path): the
/// same bytes, over a transparent buffer and over a translucent box.
struct NarrowShapeTests {
    @Test(arguments: [1.0, 2.0])
    func aNarrowBarIsTheBytesOfThePerPixelPath(scale: Double) {
        let w = Int(40 * scale), h = Int(30 * scale)
        var bars: [RoundedRect] = [RoundedRect(rect: DrawRect(x: 2, y: 2, width: 36, height: 26), cornerRadius: 0,
                                               fill: RGBA(r: 1, g: 1, b: 1, a: 0.06))]
        for i in 0..<18 {
            let x = 3 + Double(i) * 1.8222, height = 3 + Double(i * 7 % 23) + 0.37 * Double(i % 3)
            bars.append(RoundedRect(rect: DrawRect(x: x, y: 28 - height, width: 1.8222, height: height), cornerRadius: 0,
                                    fill: i % 5 == 2 ? RGBA(r: 0.95, g: 0.35, b: 0.3) : RGBA(r: 0.35, g: 0.85, b: 0.45)))
        }
        // A dot with rounded ends: its straight rows are few.
        bars.append(RoundedRect(rect: DrawRect(x: 30.3, y: 4.6, width: 5, height: 9), cornerRadius: 2.5,
                                fill: RGBA(r: 0.2, g: 0.4, b: 1, a: 0.8)))
        let turned = bars.map { bar in
            var bar = bar
            bar.rotation = 2 * Double.pi
            return bar
        }
        func drawn(_ shapes: [RoundedRect]) -> [UInt32] {
            var pixels = [UInt32](repeating: 0, count: w * h)
            var raster = ShapeRaster()
            pixels.withUnsafeMutableBufferPointer { buffer in
                _ = raster.draw(shapes, scale: scale, into: buffer.baseAddress!, width: w, height: h)
            }
            return pixels
        }
        let narrow = drawn(bars), perPixel = drawn(turned)
        let diff = ShapeRasterTests.difference(narrow, perPixel)
        #expect(diff.pixels == 0, "\(diff.pixels) px differ, by up to \(diff.largest)")
        #expect(narrow.filter { $0 != 0 }.count > w * h / 2, "the bars drew nothing")
    }
}
