import MomentumLayers
import RealModule
import Testing
@testable import MomentumRender

/// The CPU's rounded rectangle (`ShapeRaster`, what a pull line's `wl_shm` buffer holds) against the same shape drawn
/// by real GL (llvmpipe) over a transparent buffer, as a layer surface is drawn: the same pixels, to a byte.
@Suite(.serialized)
struct ShapeRasterTests {
    /// The pull line's colour (`PlaygroundDecor.pullColor`'s kind: translucent white).
    static let pull = RGBA(r: 1, g: 1, b: 1, a: 0.6)

    /// `shape` drawn by GL into a transparent `width` × `height` buffer at `scale`, as ARGB words (premultiplied).
    static func drawnByGL(_ shape: RoundedRect, width: Int, height: Int, scale: Double) throws -> [UInt32] {
        var list = DrawList()
        list.commands.append(.roundedRect(shape))
        let context = try RenderContext(headlessWidth: width, height: height)
        return try withExtendedLifetime(context) {
            try context.makeCurrent()
            let renderer = try Renderer()
            renderer.draw(list, width: width, height: height, scale: scale, clear: .clear)
            let rgba = renderer.readPixels(width: width, height: height)
            return (0..<(width * height)).map { i in
                UInt32(rgba[4 * i + 3]) << 24 | UInt32(rgba[4 * i]) << 16 | UInt32(rgba[4 * i + 1]) << 8
                    | UInt32(rgba[4 * i + 2])
            }
        }
    }

    /// `shape` written by the CPU into `raster`'s buffer `pixels` (moved by `-offset`).
    static func drawnByCPU(_ shape: RoundedRect, offset: SIMD2<Double> = .zero, width: Int, height: Int,
                           scale: Double, raster: inout ShapeRaster, pixels: inout [UInt32]) -> Int {
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return raster.draw(shape, offset: offset, scale: scale, into: base, width: width, height: height)
        }
    }

    /// The largest difference in any byte of any pixel, and how many pixels differ at all.
    static func difference(_ a: [UInt32], _ b: [UInt32]) -> (largest: Int, pixels: Int) {
        var largest = 0, pixels = 0
        for (p, q) in zip(a, b) where p != q {
            pixels += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)))
            }
        }
        return (largest, pixels)
    }

    /// A pull line from `from` to `to` (logical px), 2 px thick with round ends, as the playground places it, in a
    /// buffer its bounding box: the shape and the buffer's size at `scale`.
    static func line(from: SIMD2<Double>, to: SIMD2<Double>, scale: Double) -> (RoundedRect, Int, Int) {
        let d = to - from, length = (d * d).sum().squareRoot()
        let centre = (from + to) / 2
        var shape = RoundedRect(rect: DrawRect(x: centre.x - length / 2, y: centre.y - 1, width: length, height: 2),
                                cornerRadius: 1, fill: pull, rotation: Double.atan2(y: d.y, x: d.x))
        let box = shape.boundingBox
        shape.rect = shape.rect.offsetBy(-box.origin)
        return (shape, Int((box.width * scale).rounded(.up)), Int((box.height * scale).rounded(.up)))
    }

    @Test(arguments: [1.0, 2.0])
    func pullLinesAtEveryKindOfAngleAreThePixelsGLDraws(scale: Double) throws {
        let ends: [(SIMD2<Double>, SIMD2<Double>)] = [
            (SIMD2(0, 0), SIMD2(240, 0)),          // level
            (SIMD2(0, 0), SIMD2(0, 180)),          // upright
            (SIMD2(10, 200), SIMD2(230, 17)),      // rising
            (SIMD2(300, 120), SIMD2(3.3, 7.7)),    // shallow, leftwards, fractional ends
            (SIMD2(50, 50), SIMD2(65.5, 61.25)),   // short
            (SIMD2(0, 0), SIMD2(170, 170)),        // 45°
        ]
        for (from, to) in ends {
            let (shape, width, height) = Self.line(from: from, to: to, scale: scale)
            let gl = try Self.drawnByGL(shape, width: width, height: height, scale: scale)
            var raster = ShapeRaster()
            var cpu = Array(repeating: UInt32(0), count: width * height)
            let written = Self.drawnByCPU(shape, width: width, height: height, scale: scale, raster: &raster,
                                          pixels: &cpu)
            let diff = Self.difference(gl, cpu)
            #expect(diff.largest <= 1, "\(from) → \(to) at \(scale): a byte off by \(diff.largest)")
            #expect(diff.pixels * 50 <= width * height, "\(from) → \(to) at \(scale): \(diff.pixels) px differ")
            // Something is drawn, and far fewer pixels are visited than the buffer holds (a thin line's rows).
            #expect(cpu.contains { $0 >> 24 > 0 })
            #expect(written > 0 && written <= max(width, height) * Int(8 * scale))
        }
    }

    @Test func aRoundedOpaqueCardFadedAndOffsetIsThePixelsGLDraws() throws {
        // Another shape than a line: a turned card with large corners at 70 % opacity, drawn moved by a band's origin.
        let shape = RoundedRect(rect: DrawRect(x: 40, y: 30, width: 90, height: 60), cornerRadius: 14,
                                fill: RGBA(r: 0.2, g: 0.6, b: 0.9), rotation: 0.35, scale: 0.9, opacity: 0.7)
        let offset = SIMD2(12.5, 6.0)
        var moved = shape
        moved.rect = shape.rect.offsetBy(-offset)
        let gl = try Self.drawnByGL(moved, width: 150, height: 110, scale: 1)
        var raster = ShapeRaster()
        var cpu = Array(repeating: UInt32(0), count: 150 * 110)
        _ = Self.drawnByCPU(shape, offset: offset, width: 150, height: 110, scale: 1, raster: &raster, pixels: &cpu)
        let diff = Self.difference(gl, cpu)
        #expect(diff.largest <= 1, "a byte off by \(diff.largest)")
        #expect(diff.pixels * 50 <= 150 * 110, "\(diff.pixels) px differ")
    }

    @Test func theNextShapeInTheSameBufferLeavesNothingOfTheLast() throws {
        // The buffer comes back from the compositor holding the last line: the next one must look as if drawn
        // into a transparent buffer.
        let (first, width, height) = Self.line(from: SIMD2(0, 0), to: SIMD2(200, 150), scale: 1)
        var second = first
        second.rotation = -first.rotation  // the other diagonal of the same box
        var raster = ShapeRaster()
        var reused = Array(repeating: UInt32(0), count: width * height)
        _ = Self.drawnByCPU(first, width: width, height: height, scale: 1, raster: &raster, pixels: &reused)
        _ = Self.drawnByCPU(second, width: width, height: height, scale: 1, raster: &raster, pixels: &reused)
        var fresh = ShapeRaster()
        var clean = Array(repeating: UInt32(0), count: width * height)
        _ = Self.drawnByCPU(second, width: width, height: height, scale: 1, raster: &fresh, pixels: &clean)
        #expect(reused == clean)
        // And the shape of nothing (faded out) clears the buffer.
        var gone = second
        gone.opacity = 0
        _ = Self.drawnByCPU(gone, width: width, height: height, scale: 1, raster: &raster, pixels: &reused)
        #expect(reused.allSatisfy { $0 == 0 })
    }

    @Test func onlyARoundedRectangleWithoutAShadowIsDrawnThisWay() {
        let card = RoundedRect(rect: DrawRect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 1, fill: Self.pull)
        var list = DrawList()
        list.commands.append(.roundedRect(card))
        #expect(ShapeRaster.shape(of: list) == card)
        var shadowed = card
        shadowed.shadow = DropShadow(blurRadius: 4, offset: SIMD2(0, 2))
        #expect(ShapeRaster.shape(of: DrawList(commands: [.roundedRect(shadowed)])) == nil)
        #expect(ShapeRaster.shape(of: DrawList(commands: [.roundedRect(card), .roundedRect(card)])) == nil)
        #expect(ShapeRaster.shape(of: DrawList(commands: [.rect(card.rect, fill: Self.pull)])) == nil)
    }
}
