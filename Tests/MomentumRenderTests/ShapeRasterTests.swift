import MomentumLayers
import RealModule
import Testing
@testable import MomentumRender

/// The CPU's rounded rectangles (`ShapeRaster`, what a pull line's or the gallery's satellite's `wl_shm` buffer holds)
/// against the same shapes drawn by real GL (llvmpipe) over a transparent buffer, as a layer surface is drawn: the
/// same pixels, to a byte.
@Suite(.serialized)
struct ShapeRasterTests {
    /// The pull line's colour (`PlaygroundDecor.pullColor`'s kind: translucent white).
    static let pull = RGBA(r: 1, g: 1, b: 1, a: 0.6)

    /// `shape` drawn by GL into a transparent `width` × `height` buffer at `scale`, as ARGB words (premultiplied).
    static func drawnByGL(_ shape: RoundedRect, width: Int, height: Int, scale: Double) throws -> [UInt32] {
        try drawnByGL([shape], width: width, height: height, scale: scale)
    }

    /// `shapes` drawn by GL in order (each blended over the ones before) into a transparent buffer, as above.
    static func drawnByGL(_ shapes: [RoundedRect], width: Int, height: Int, scale: Double) throws -> [UInt32] {
        try withRenderer(width: width, height: height) { renderer in
            drawnByGL(DrawList(commands: shapes.map { .roundedRect($0) }), renderer: renderer, width: width,
                      height: height, scale: scale)
        }
    }

    /// `body` given a renderer of a headless context `width` × `height`, current.
    static func withRenderer<T>(width: Int, height: Int, combinedFirstFrames: Bool = false,
                                _ body: (Renderer) throws -> T) throws -> T {
        let context = try RenderContext(headlessWidth: width, height: height)
        return try withExtendedLifetime(context) {
            try context.makeCurrent()
            return try body(try Renderer(combinedFirstFrames: combinedFirstFrames))
        }
    }

    /// `list` drawn by `renderer` into a transparent `width` × `height` buffer at `scale`, as ARGB words
    /// (premultiplied).
    static func drawnByGL(_ list: DrawList, renderer: Renderer, width: Int, height: Int, scale: Double) -> [UInt32] {
        renderer.draw(list, width: width, height: height, scale: scale, clear: .clear)
        let rgba = renderer.readPixels(width: width, height: height)
        return (0..<(width * height)).map { i in
            UInt32(rgba[4 * i + 3]) << 24 | UInt32(rgba[4 * i]) << 16 | UInt32(rgba[4 * i + 1]) << 8
                | UInt32(rgba[4 * i + 2])
        }
    }

    /// `shape` written by the CPU into `raster`'s buffer `pixels` (moved by `-offset`).
    static func drawnByCPU(_ shape: RoundedRect, offset: SIMD2<Double> = .zero, width: Int, height: Int,
                           scale: Double, raster: inout ShapeRaster, pixels: inout [UInt32]) -> Int {
        drawnByCPU([shape], offset: offset, width: width, height: height, scale: scale, raster: &raster,
                   pixels: &pixels)
    }

    /// `shapes` written by the CPU in order into `raster`'s buffer `pixels` (moved by `-offset`).
    static func drawnByCPU(_ shapes: [RoundedRect], offset: SIMD2<Double> = .zero, width: Int, height: Int,
                           scale: Double, raster: inout ShapeRaster, pixels: inout [UInt32]) -> Int {
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return raster.draw(shapes, offset: offset, scale: scale, into: base, width: width, height: height)
        }
    }

    /// The gallery's satellite turned by `angle` in a 48 px square: a light body 24x12 (corners 5), a blue panel
    /// 8x14 (corners 2) across it on either side, touching its long edges, and a red nose (a disc of radius 3)
    /// over its front end, each turned with it about the body's centre, drawn in that order.
    static func satellite(angle: Double) -> [RoundedRect] {
        let centre = SIMD2(24.0, 24.0)
        let (c, n) = (Double.cos(angle), Double.sin(angle))
        func part(_ offset: SIMD2<Double>, _ size: SIMD2<Double>, radius: Double, fill: RGBA) -> RoundedRect {
            let at = centre + SIMD2(c * offset.x - n * offset.y, n * offset.x + c * offset.y)
            return RoundedRect(rect: DrawRect(origin: at - size / 2, size: size), cornerRadius: radius, fill: fill,
                               rotation: angle)
        }
        return [part(.zero, SIMD2(24, 12), radius: 5, fill: RGBA(hex: 0xE5E5EA)),
                part(SIMD2(0, -13), SIMD2(8, 14), radius: 2, fill: RGBA(hex: 0x3478F6)),
                part(SIMD2(0, 13), SIMD2(8, 14), radius: 2, fill: RGBA(hex: 0x3478F6)),
                part(SIMD2(11, 0), SIMD2(6, 6), radius: 3, fill: RGBA(hex: 0xFF375F))]
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

    /// `shapes` written by the CPU into a transparent buffer, and how far that is from llvmpipe's drawing of them.
    static func byCPUAndGL(_ shapes: [RoundedRect], width: Int, height: Int,
                           scale: Double) throws -> (cpu: [UInt32], diff: (largest: Int, pixels: Int)) {
        let gl = try Self.drawnByGL(shapes, width: width, height: height, scale: scale)
        var raster = ShapeRaster()
        var cpu = Array(repeating: UInt32(0), count: width * height)
        _ = Self.drawnByCPU(shapes, width: width, height: height, scale: scale, raster: &raster, pixels: &cpu)
        return (cpu, Self.difference(gl, cpu))
    }

    @Test(arguments: [1.0, 2.0])
    func aSatelliteOfFourOverlappingShapesAtEveryKindOfAngleIsThePixelsGLDraws(scale: Double) throws {
        let side = Int(48 * scale)
        for angle in [0, 0.3, Double.pi / 4, 1.2, Double.pi / 2, 2.5, -0.8, 3.9] {
            let (cpu, diff) = try Self.byCPUAndGL(Self.satellite(angle: angle), width: side, height: side, scale: scale)
            #expect(diff.largest <= 1, "\(angle) rad at \(scale): a byte off by \(diff.largest)")
            #expect(diff.pixels * 50 <= side * side, "\(angle) rad at \(scale): \(diff.pixels) px differ")
            #expect(cpu.contains { $0 >> 24 == 255 })
        }
    }

    /// The gallery's nine lane dots as its tree draws them: circles of radius 9 in a lane's space scaled by the
    /// lane's length (`length`), each at a fraction along its lane, 34 px apart, in one tall buffer.
    static func laneDots(fractions: [Double], length: Double = 180) -> [RoundedRect] {
        fractions.enumerated().map { i, f in
            let size = 2 * 9 / length, centre = SIMD2(11 + f * length, 17 + 34 * Double(i))
            return RoundedRect(rect: DrawRect(origin: centre - size / 2, size: SIMD2(repeating: size)),
                               cornerRadius: 9 / length, fill: RGBA(hex: 0x3478F6), scale: length)
        }
    }

    @Test(arguments: [1.0, 2.0])
    func theLanesDotsAtFractionalPlacesAreThePixelsGLDraws(scale: Double) throws {
        let width = Int(202 * scale), height = Int(306 * scale)
        for step in 0..<3 {
            let fractions = (0..<9).map { (Double($0) * 0.113 + Double(step) * 0.37).truncatingRemainder(dividingBy: 1) }
            let (cpu, diff) = try Self.byCPUAndGL(Self.laneDots(fractions: fractions), width: width, height: height,
                                                  scale: scale)
            #expect(diff.largest <= 1, "step \(step) at \(scale): a byte off by \(diff.largest)")
            #expect(diff.pixels * 50 <= 9 * 400 * Int(scale * scale), "step \(step) at \(scale): \(diff.pixels) px differ")
            #expect(cpu.filter { $0 >> 24 == 255 }.count >= 9 * 200 * Int(scale * scale), "the dots' insides are whole")
        }
    }

    @Test func theNextSatelliteInTheSameBufferLeavesNothingOfTheLast() throws {
        var raster = ShapeRaster()
        var reused = Array(repeating: UInt32(0), count: 48 * 48)
        _ = Self.drawnByCPU(Self.satellite(angle: 0.2), width: 48, height: 48, scale: 1, raster: &raster,
                            pixels: &reused)
        _ = Self.drawnByCPU(Self.satellite(angle: 1.9), width: 48, height: 48, scale: 1, raster: &raster,
                            pixels: &reused)
        var fresh = ShapeRaster()
        var clean = Array(repeating: UInt32(0), count: 48 * 48)
        _ = Self.drawnByCPU(Self.satellite(angle: 1.9), width: 48, height: 48, scale: 1, raster: &fresh, pixels: &clean)
        #expect(reused == clean)
    }

    @Test func onlyAFewRoundedRectanglesWithoutShadowsAreDrawnThisWay() {
        let card = RoundedRect(rect: DrawRect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 1, fill: Self.pull)
        var list = DrawList()
        list.commands.append(.roundedRect(card))
        #expect(ShapeRaster.shapes(of: list) == [card])
        let four = Self.satellite(angle: 0.5)
        #expect(ShapeRaster.shapes(of: DrawList(commands: four.map { .roundedRect($0) })) == four)
        var shadowed = card
        shadowed.shadow = DropShadow(blurRadius: 4, offset: SIMD2(0, 2))
        #expect(ShapeRaster.shapes(of: DrawList(commands: [.roundedRect(shadowed)])) == nil)
        #expect(ShapeRaster.shapes(of: DrawList(commands: [.roundedRect(card), .roundedRect(shadowed)])) == nil)
        // The lanes' nine dots, their clear extent left out; not ten shapes, nor only the extent.
        let clear = DrawCommand.rect(DrawRect(x: -2, y: -2, width: 40, height: 40), fill: RGBA(r: 0, g: 0, b: 0, a: 0))
        let nine = Array(repeating: card, count: ShapeRaster.shapeLimit)
        #expect(ShapeRaster.shapes(of: DrawList(commands: [clear] + nine.map { .roundedRect($0) })) == nine)
        // The same extent where the tree is zoomed (1920x1080): a clear rounded rectangle.
        let zoomed = RoundedRect(rect: DrawRect(x: -2, y: -2, width: 40, height: 40), cornerRadius: 0,
                                 fill: RGBA(r: 0, g: 0, b: 0, a: 0), scale: 2)
        #expect(ShapeRaster.shapes(of: DrawList(commands: [.roundedRect(zoomed)] + nine.map { .roundedRect($0) })) == nine)
        #expect(ShapeRaster.shapes(of: DrawList(commands: Array(repeating: .roundedRect(card), count: 10))) == nil)
        #expect(ShapeRaster.shapes(of: DrawList(commands: [clear])) == nil)
        #expect(ShapeRaster.shapes(of: DrawList()) == nil)
        #expect(ShapeRaster.shapes(of: DrawList(commands: [.rect(card.rect, fill: Self.pull)])) == nil)
    }
}
