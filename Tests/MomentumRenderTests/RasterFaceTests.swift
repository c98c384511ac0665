import MomentumLayers
import RealModule
import Testing
@testable import MomentumRender

/// A turned layer that `shouldRasterize` over a shadowless background (the playground's tile as it spins), written by
/// the CPU into a buffer (`ShapeRaster` with the face's texels read back, what its `wl_shm` surface shows) against the
/// same list drawn by real GL (llvmpipe) into a transparent buffer, as its EGL layer surface was drawn.
@Suite(.serialized)
struct RasterFaceTests {
    /// A tile like the playground's, `side` px, turned by `rotation` about its centre in a surface its turned
    /// bounding box (its top-left corner at the surface's origin): an orange rounded square, a translucent white
    /// disc, a white stroke and a glyph.
    static func tile(side: Double, rotation: Double) -> (tree: LayerTree, width: Double) {
        let box = (side * (abs(Double.cos(rotation)) + abs(Double.sin(rotation)))).rounded(.up) + 2
        var tree = LayerTree(size: SIMD2(box, box))
        var tile = Layer(frame: DrawRect(x: (box - side) / 2, y: (box - side) / 2, width: side, height: side),
                         backgroundColor: RGBA(hex: 0xFF9500), cornerRadius: side * 0.24)
        tile.rotation = rotation
        tile.shouldRasterize = true
        let id = tree.add(tile)
        let disc = (side * 0.62).rounded(), inset = ((side - disc) / 2).rounded()
        tree.add(Layer(frame: DrawRect(x: inset, y: inset, width: disc, height: disc),
                       backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.22), cornerRadius: disc / 2), to: id)
        var stroke = Layer(frame: DrawRect(x: side * 0.3, y: side * 0.25, width: side * 0.4, height: side * 0.5))
        stroke.content = .path([SIMD2(0, side * 0.5), SIMD2(side * 0.2, 0), SIMD2(side * 0.4, side * 0.1)],
                               lineWidth: 3, color: .white, closed: false)
        tree.add(stroke, to: id)
        tree.add(.text("A", frame: DrawRect(x: side * 0.38, y: side * 0.4, width: side * 0.3, height: side * 0.3),
                       size: side * 0.2, color: .white, weight: .semibold), to: id)
        return (tree, box)
    }

    static func list(_ tree: LayerTree) -> DrawList {
        var list = DrawList()
        tree.draw(into: &list)
        return list
    }

    /// `list` drawn by GL into a transparent `side` × `side` buffer at `scale`, and (when it is a face) written by the
    /// CPU from the same renderer's texture of it, as ARGB words (premultiplied).
    static func drawn(_ list: DrawList, side: Int, scale: Double) throws -> (gl: [UInt32], cpu: [UInt32]?) {
        try ShapeRasterTests.withRenderer(width: side, height: side) { renderer in
            let gl = ShapeRasterTests.drawnByGL(list, renderer: renderer, width: side, height: side, scale: scale)
            guard let face = ShapeRaster.face(of: list) else { return (gl, nil) }
            let image = try #require(try renderer.rasterImage(face.run, scale: scale))
            var cpu = [UInt32](repeating: 0, count: side * side)
            var raster = ShapeRaster()
            _ = cpu.withUnsafeMutableBufferPointer { buffer in
                raster.draw(face.shapes, face: (face.run, image), scale: scale, into: buffer.baseAddress!,
                            width: side, height: side)
            }
            return (gl, cpu)
        }
    }

    /// The mean and largest difference of any byte over all pixels.
    static func difference(_ a: [UInt32], _ b: [UInt32]) -> (mean: Double, largest: Int) {
        var total = 0, largest = 0
        for (p, q) in zip(a, b) {
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff))
                total += d
                largest = max(largest, d)
            }
        }
        return (Double(total) / Double(4 * a.count), largest)
    }

    @Test(arguments: [1.0, 2.0])
    func aTurnedTileWrittenByTheCPUIsTheTileGLDraws(scale: Double) throws {
        for rotation in [0.3, Double.pi / 4, 1.2, -2.5, 0.02] {
            let (tree, box) = Self.tile(side: 88, rotation: rotation)
            let list = Self.list(tree)
            let side = Int((box * scale).rounded(.up))
            let (gl, cpu) = try Self.drawn(list, side: side, scale: scale)
            let written = try #require(cpu, "\(rotation) rad: the turned tile is a face over its background")
            let diff = Self.difference(gl, written)
            // Sampled between texels as GL_LINEAR samples, rounded as llvmpipe rounds: no byte more than one level
            // apart (0.002–0.006 levels on average over the surface when written).
            #expect(diff.mean < 0.05, "\(rotation) rad at \(scale): mean byte difference \(diff.mean)")
            #expect(diff.largest <= 1, "\(rotation) rad at \(scale): a byte off by \(diff.largest)")
            // Something of the face shows (white over orange), not just the background.
            #expect(written.contains { ($0 >> 8) & 0xff > 0xc0 && $0 & 0xff > 0xc0 && $0 >> 24 == 0xff })
        }
    }

    @Test func anUprightOrQuarterTurnedTileIsNotAFaceAndStaysTheDirectDrawing() throws {
        // At rest the tile is drawn directly, texel for pixel as always (through EGL): its list holds no raster.
        for rotation in [0, Double.pi / 2, -Double.pi, 2 * Double.pi] {
            let list = Self.list(Self.tile(side: 88, rotation: rotation).tree)
            #expect(ShapeRaster.face(of: list) == nil, "\(rotation) rad")
            #expect(!list.commands.contains { if case .raster = $0 { true } else { false } })
        }
    }

    @Test func aFaceIsAtMostFourShadowlessShapesUnderOneRaster() {
        let list = Self.list(Self.tile(side: 88, rotation: 0.5).tree)
        let face = ShapeRaster.face(of: list)
        #expect(face?.shapes.count == 1)
        guard let run = face?.run, case let .roundedRect(background) = list.commands[0] else {
            Issue.record("no face")
            return
        }
        var shadowed = background
        shadowed.shadow = DropShadow(blurRadius: 4, offset: SIMD2(0, 2))
        // A card with a shadow is not one (the CPU draws no shadow); nor a raster under something, nor a list of text.
        #expect(ShapeRaster.face(of: DrawList(commands: [.roundedRect(shadowed), .raster(run)])) == nil)
        #expect(ShapeRaster.face(of: DrawList(commands: [.raster(run), .roundedRect(background)])) == nil)
        #expect(ShapeRaster.face(of: DrawList(commands: [.raster(run)]))?.shapes == [])
        #expect(ShapeRaster.face(of: DrawList(commands: Array(repeating: .roundedRect(background), count: 5)
                                                 + [.raster(run)])) == nil)
        #expect(ShapeRaster.face(of: DrawList()) == nil)
    }

    @Test func theNextTurnInTheSameBufferLeavesNothingOfTheLast() throws {
        let first = Self.list(Self.tile(side: 88, rotation: 0.4).tree)
        let second = Self.list(Self.tile(side: 88, rotation: 1.1).tree)
        let side = 128
        try ShapeRasterTests.withRenderer(width: side, height: side) { renderer in
            func write(_ list: DrawList, raster: inout ShapeRaster, into pixels: inout [UInt32]) throws {
                let face = try #require(ShapeRaster.face(of: list))
                let image = try #require(try renderer.rasterImage(face.run, scale: 1))
                _ = pixels.withUnsafeMutableBufferPointer { buffer in
                    raster.draw(face.shapes, face: (face.run, image), scale: 1, into: buffer.baseAddress!, width: side,
                                height: side)
                }
            }
            var raster = ShapeRaster(), reused = [UInt32](repeating: 0, count: side * side)
            try write(first, raster: &raster, into: &reused)
            try write(second, raster: &raster, into: &reused)
            var fresh = ShapeRaster(), clean = [UInt32](repeating: 0, count: side * side)
            try write(second, raster: &fresh, into: &clean)
            #expect(reused == clean)
            // The face's texels were read back once: the same face turned again reads nothing more.
            #expect(renderer.rastersDrawn == 1)
        }
    }
}
