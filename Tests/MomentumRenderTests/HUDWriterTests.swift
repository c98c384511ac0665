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
