import MomentumLayers
import RealModule
import Testing
@testable import MomentumRender

/// The playground's flash ring (where the card and the tile meet) written by the CPU (`ShapeRaster`'s mitred
/// segments, what `RenderTarget` writes into the `wl_shm` buffers of the surface above the card) against the same
/// surface drawn by real GL (llvmpipe) through the band and read back, as it was drawn before: the same pixels,
/// within the blend's rounding, through its whole fade, at scale 1 and 2. Under whichever GLES version
/// `MOMENTUM_GLES_VERSION` asks for.
@Suite(.serialized)
struct FlashRingTests {
    /// The ring as `PlaygroundDecor.addSpark` makes it: a 40 px layer holding a closed polyline of sixteen points on
    /// a circle of radius 17 about its centre, 3 px wide, in the walls' lit colour (cyan at 75 %); lit at `point`
    /// (`PlaygroundDecor.flash`: an impact's midpoint, fractional), swollen to `swell` and faded to `opacity`.
    static func ring(at point: SIMD2<Double>, swell: Double, opacity: Double) -> LayerTree {
        var tree = LayerTree(size: SIMD2(320, 240))
        var spark = Layer(frame: DrawRect(x: 0, y: 0, width: 40, height: 40))
        spark.content = .path((0..<16).map { k in
            let t = 2 * Double.pi * Double(k) / 16
            return SIMD2(20 + 17 * Double.cos(t), 20 + 17 * Double.sin(t))
        }, lineWidth: 3, color: RGBA(hex: 0x64D2FF, alpha: 0.75), closed: true)
        spark.position = point
        spark.scale = swell
        spark.opacity = opacity
        tree.add(spark)
        return tree
    }

    /// The ring's commands as the split lifts them onto the surface above the card (`Planes`): moved so that the
    /// whole logical px around what they reach is at (0, 0), and that surface's size.
    static func surface(of tree: LayerTree) -> (list: DrawList, size: SIMD2<Double>)? {
        var list = DrawList()
        tree.draw(into: &list)
        let lines = list.commands.filter { if case .line = $0 { true } else { false } }
        guard var reach = lines.first?.reach else { return nil }
        for command in lines.dropFirst() { reach = reach.union(command.reach) }
        let low = reach.origin.rounded(.down), high = (reach.origin + reach.size).rounded(.up)
        return (DrawList(commands: lines).offsetBy(-low), high - low)
    }

    /// The ring's swell and opacity `t` s after an impact: both critically damped springs of response 0.18 s from
    /// rest (`PlaygroundDecor.flash`), the opacity 1 → 0, the swell 0.7 → 1.5.
    static func fade(at t: Double) -> (swell: Double, opacity: Double) {
        let omega = 2 * Double.pi / 0.18
        let left = (1 + omega * t) * Double.exp(-omega * t)
        return (1.5 - 0.8 * left, left)
    }

    /// From the impact to its last visible frame (the opacity under 1/500 at 0.26 s), at impact points that fall
    /// on and between pixels: no byte more than 1 apart, fewer than 1 % of the surface's pixels differ, and the
    /// ring is there (its pixels are the surface's ring, not nothing).
    @Test(arguments: [1.0, 2.0])
    func theFlashRingWrittenByTheCPUIsThePixelsGLDraws(scale: Double) throws {
        let points = [SIMD2(160.0, 120.0), SIMD2(97.37, 141.61), SIMD2(211.5, 63.25)]
        for (i, t) in [0.0, 0.016, 0.04, 0.07, 0.1, 0.14, 0.19, 0.26].enumerated() {
            let (swell, opacity) = Self.fade(at: t)
            let point = points[i % points.count]
            let (list, size) = try #require(Self.surface(of: Self.ring(at: point, swell: swell, opacity: opacity)))
            let lines = try #require(ShapeRaster.lines(of: list), "the ring is not lines alone")
            #expect(lines.count == 16)
            let w = Int((size.x * scale).rounded(.up)), h = Int((size.y * scale).rounded(.up))
            let (gl, cpu) = try ShapeRasterTests.withRenderer(width: w, height: h) { renderer in
                var gl = [UInt32](repeating: 0xDEAD_BEEF, count: w * h)
                try gl.withUnsafeMutableBytes { raw in
                    _ = try renderer.render(list, width: w, height: h, scale: scale,
                                            into: .bands(age: 0, into: BufferPixels(bgra: raw.baseAddress!,
                                                                                    stride: w * 4)),
                                            surface: 3, clear: .clear)
                }
                var cpu = [UInt32](repeating: 0, count: w * h)
                var raster = ShapeRaster()
                cpu.withUnsafeMutableBufferPointer { buffer in
                    _ = raster.draw([], lines: lines, face: nil, scale: scale, into: buffer.baseAddress!, width: w,
                                    height: h)
                }
                return (gl, cpu)
            }
            let diff = ShapeRasterTests.difference(gl, cpu)
            let at = "t \(t) s (swell \(swell), opacity \(opacity)) at \(point), scale \(scale)"
            #expect(diff.largest <= 1, "\(at): a byte off by \(diff.largest)")
            #expect(diff.pixels * 100 < w * h, "\(at): \(diff.pixels) of \(w * h) px differ")
            // The ring's ink while it shows (its alpha at least a byte): about its circumference times its width,
            // in buffer px.
            guard 0.75 * opacity * 255 >= 1 else { continue }
            let ink = cpu.filter { $0 != 0 }.count
            let circle = 2 * Double.pi * 17 * swell * 3 * swell * scale * scale
            #expect(Double(ink) > 0.8 * circle, "\(at): \(ink) px of ring, about \(Int(circle)) expected")
        }
    }

    /// The ring where it reaches the dock's chips, which the split lifts with it onto the surface above the card:
    /// a translucent chip, its glyph (an open polyline with round ends, as a `.path` layer draws it) and its label,
    /// the ring over them, written whole by the CPU (`Renderer.write`, as `RenderTarget` writes such a chrome) against
    /// GL's band: no byte more than 1 apart, fewer than 1 % of the pixels differ, and the label is there.
    @Test(arguments: [1.0, 2.0])
    func theRingOverTheDocksChipsWrittenByTheCPUIsThePixelsGLDraws(scale: Double) throws {
        var list = DrawList()
        list.addRoundedRect(DrawRect(x: 6.5, y: 40, width: 118, height: 34), cornerRadius: 17,
                            fill: RGBA(r: 1, g: 1, b: 1, a: 0.14))
        let glyph = [SIMD2(18.5, 64.0), SIMD2(24.25, 50.5), SIMD2(30.0, 60.75), SIMD2(36.5, 47.0)]
        list.addPolyline(glyph, width: 2, color: .white)
        for end in [glyph[0], glyph[3]] { list.addCircle(center: end, radius: 1, fill: .white) }
        list.commands.append(.text(TextRun("Flick to throw", position: SIMD2(46.5, 62), size: 13, weight: .semibold,
                                           color: RGBA(r: 1, g: 1, b: 1, a: 0.85))))
        for (t, point) in [(0.02, SIMD2(60.3, 45.7)), (0.12, SIMD2(96.8, 70.2))] {
            let (swell, opacity) = Self.fade(at: t)
            var ring = DrawList()
            Self.ring(at: point, swell: swell, opacity: opacity).draw(into: &ring)
            let drawn = DrawList(commands: list.commands + ring.commands.filter {
                if case .line = $0 { true } else { false }
            })
            #expect(Renderer.canWrite(drawn))
            let w = Int(140 * scale), h = Int(110 * scale)
            let (gl, cpu) = try ListWriterTests.bothWays(drawn, width: w, height: h, scale: scale)
            let diff = ShapeRasterTests.difference(gl, cpu)
            #expect(diff.largest <= 1, "t \(t) s at \(scale): a byte off by \(diff.largest)")
            #expect(diff.pixels * 100 < w * h, "t \(t) s at \(scale): \(diff.pixels) of \(w * h) px differ")
            let noText = DrawList(commands: drawn.commands.filter { if case .text = $0 { false } else { true } })
            let (_, shapes) = try ListWriterTests.bothWays(noText, width: w, height: h, scale: scale)
            let ink = ShapeRasterTests.difference(cpu, shapes).pixels
            #expect(ink > 150 * Int(scale * scale), "t \(t) s at \(scale): only \(ink) px of text")
        }
    }

    /// A buffer the compositor gives back holding the last frame's ring: the next frame's ring (swollen further,
    /// fainter) written into it is the bytes written into a transparent buffer, and a ring faded to nothing clears
    /// it.
    @Test func theNextRingInTheSameBufferLeavesNothingOfTheLast() throws {
        let w = 64, h = 64
        func lines(_ t: Double) throws -> [LineSegment] {
            let (swell, opacity) = Self.fade(at: t)
            let tree = Self.ring(at: SIMD2(31.3, 32.7), swell: swell, opacity: opacity)
            var list = DrawList()
            tree.draw(into: &list)
            return try #require(ShapeRaster.lines(of: list))
        }
        func write(_ lines: [LineSegment], raster: inout ShapeRaster, into pixels: inout [UInt32]) {
            pixels.withUnsafeMutableBufferPointer { buffer in
                _ = raster.draw([], lines: lines, face: nil, scale: 1, into: buffer.baseAddress!, width: w, height: h)
            }
        }
        var raster = ShapeRaster(), reused = [UInt32](repeating: 0, count: w * h)
        write(try lines(0), raster: &raster, into: &reused)
        write(try lines(0.1), raster: &raster, into: &reused)
        var fresh = ShapeRaster(), clean = [UInt32](repeating: 0, count: w * h)
        write(try lines(0.1), raster: &fresh, into: &clean)
        #expect(reused == clean)
        #expect(clean.contains { $0 != 0 })
        write([], raster: &raster, into: &reused)
        #expect(reused.allSatisfy { $0 == 0 })
    }

    /// Only a list of stroked segments is taken as lines (at most `lineLimit`): not one with a shape or text among
    /// them; the clear ones (faded to nothing) are left out.
    @Test func onlyAListOfSegmentsIsWrittenAsLines() {
        let segment = LineSegment(from: SIMD2(0, 0), to: SIMD2(10, 4), width: 3, color: RGBA(hex: 0x64D2FF))
        var clear = segment
        clear.color = .clear
        #expect(ShapeRaster.lines(of: DrawList(commands: [.line(segment), .line(clear)])) == [segment])
        #expect(ShapeRaster.lines(of: DrawList(commands: [.line(clear)])) == nil)
        let dot = RoundedRect(rect: DrawRect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 2, fill: .white)
        #expect(ShapeRaster.lines(of: DrawList(commands: [.line(segment), .roundedRect(dot)])) == nil)
        let many = Array(repeating: DrawCommand.line(segment), count: ShapeRaster.lineLimit + 1)
        #expect(ShapeRaster.lines(of: DrawList(commands: many)) == nil)
        #expect(ShapeRaster.lines(of: DrawList()) == nil)
    }
}
