import RealModule
import MomentumLayers
import Testing
@testable import MomentumRender

/// A layer that `shouldRasterize`: turned or scaled it is one textured quad (its face drawn upright once, sampled
/// with linear filtering), which must look like the layer drawn directly; at rest it is drawn exactly as before.
/// Real GL (llvmpipe), under whichever GLES version `MOMENTUM_GLES_VERSION` asks for.
@Suite(.serialized)
struct RasterLayerTests {
    static let size = SIMD2<Double>(240, 240)

    /// A card like the playground's: a rounded background with a shadow, a photo of a few rounded shapes, a title
    /// and a line of text, turned by `rotation` and scaled by `scale`.
    static func card(rotation: Double, scale: Double = 1, rasterize: Bool) -> LayerTree {
        cardAndID(rotation: rotation, scale: scale, rasterize: rasterize).tree
    }

    static func cardAndID(rotation: Double, scale: Double = 1, rasterize: Bool) -> (tree: LayerTree, card: LayerID) {
        var tree = LayerTree(size: size)
        tree[tree.root].backgroundColor = RGBA(r: 0.93, g: 0.94, b: 0.96)
        var card = Layer(frame: DrawRect(x: 40, y: 40, width: 160, height: 160), backgroundColor: .white,
                         cornerRadius: 24)
        card.shadow = DropShadow(blurRadius: 8, offset: SIMD2(0, 4), color: RGBA(r: 0, g: 0, b: 0, a: 0.3))
        card.rotation = rotation
        card.scale = scale
        card.shouldRasterize = rasterize
        let id = tree.add(card)
        tree.add(Layer(frame: DrawRect(x: 10, y: 10, width: 140, height: 92), backgroundColor: RGBA(hex: 0x5856D6),
                       cornerRadius: 14), to: id)
        tree.add(Layer(frame: DrawRect(x: 94, y: 51, width: 30, height: 30), backgroundColor: RGBA(hex: 0xFFD60A),
                       cornerRadius: 15), to: id)
        tree.add(Layer(frame: DrawRect(x: 24, y: 34, width: 46, height: 14), backgroundColor: RGBA(hex: 0xE4E3FB),
                       cornerRadius: 7), to: id)
        tree.add(.text("Golden hour", frame: DrawRect(x: 14, y: 114, width: 132, height: 18), size: 13,
                       color: RGBA(hex: 0x1C1C1E), weight: .semibold), to: id)
        tree.add(.text("Turned as one picture", frame: DrawRect(x: 14, y: 134, width: 132, height: 14), size: 9,
                       color: RGBA(hex: 0x6E6E73)), to: id)
        return (tree, id)
    }

    static func list(_ tree: LayerTree) -> DrawList {
        var list = DrawList()
        tree.draw(into: &list)
        return list
    }

    /// Mean and largest channel difference over the whole image, and how many pixels differ by more than `over`.
    static func difference(_ a: TestImage, _ b: TestImage, over: Int) -> (mean: Double, max: Int, count: Int) {
        var total = 0, largest = 0, count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = distance(a.pixel(x, y), b.pixel(x, y))
                total += d
                largest = max(largest, d)
                if d > over { count += 1 }
            }
        }
        return (Double(total) / Double(a.width * a.height), largest, count)
    }

    /// `tree` drawn directly at 4× the scale and each 4×4 block averaged: what the layer looks like with its
    /// edges and its text's sampled finely (the reference a smooth drawing comes close to).
    static func supersampled(_ tree: LayerTree) throws -> TestImage {
        let w = Int(size.x), h = Int(size.y)
        let big = try renderOffscreen(list(tree), width: 4 * w, height: 4 * h, scale: 4)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var sum = SIMD4<Int>(repeating: 0)
                for dy in 0..<4 { for dx in 0..<4 { sum &+= big.pixel(4 * x + dx, 4 * y + dy) } }
                for c in 0..<4 { rgba[(y * w + x) * 4 + c] = UInt8((sum[c] + 8) / 16) }
            }
        }
        return TestImage(width: w, height: h, rgba: rgba)
    }

    @Test(arguments: [0.3, Double.pi / 4, 1.2, -2.5])
    func aTurnedRasterLooksLikeTheDirectDrawingAndSmoother(rotation: Double) throws {
        let rastered = Self.list(Self.card(rotation: rotation, rasterize: true))
        let direct = Self.list(Self.card(rotation: rotation, rasterize: false))
        // The face is one quad over the background drawn as placed.
        #expect(rastered.commands.filter(\.isRaster).count == 1)
        #expect(rastered.count < direct.count)
        for scale in [1.0, 2.0] {
            let w = Int(Self.size.x * scale), h = Int(Self.size.y * scale)
            let a = try renderOffscreen(rastered, width: w, height: h, scale: scale)
            let b = try renderOffscreen(direct, width: w, height: h, scale: scale)
            let d = Self.difference(a, b, over: 48)
            // Linear against nearest sampling moves the glyphs' and the photo's edge pixels; nothing else moves.
            #expect(d.mean < 2, "mean \(d.mean) at \(rotation) rad, scale \(scale)")
            #expect(Double(d.count) < 0.02 * Double(w * h), "\(d.count) px differ by > 48 at \(rotation), \(scale)")
        }
        // Smooth: nearer the finely sampled drawing than the direct one is (whose turned glyphs are sampled
        // texel for pixel, nearest: ragged edges). Measured 0.84–0.87 against 1.30–1.58 (mean channel difference).
        let reference = try Self.supersampled(Self.card(rotation: rotation, rasterize: false))
        let a = try renderOffscreen(rastered, width: 240, height: 240)
        let b = try renderOffscreen(direct, width: 240, height: 240)
        let rasterError = Self.difference(a, reference, over: 255).mean
        let directError = Self.difference(b, reference, over: 255).mean
        #expect(rasterError < 0.8 * directError, "raster \(rasterError), direct \(directError) from the reference")
    }

    @Test func aPinchedRasterHasTexelsForItsScaleAndLooksLikeTheDirectDrawing() throws {
        let rastered = Self.list(Self.card(rotation: 0.2, scale: 1.3, rasterize: true))
        let direct = Self.list(Self.card(rotation: 0.2, scale: 1.3, rasterize: false))
        guard case let .raster(run) = rastered.commands.first(where: \.isRaster) else {
            Issue.record("no raster")
            return
        }
        #expect(run.rasterScale == 1.5)
        let a = try renderOffscreen(rastered, width: 240, height: 240)
        let b = try renderOffscreen(direct, width: 240, height: 240)
        let d = Self.difference(a, b, over: 48)
        #expect(d.mean < 2, "mean \(d.mean)")
        #expect(Double(d.count) < 0.02 * 240 * 240, "\(d.count) px differ by > 48")
    }

    @Test func atRestTheLayerIsDrawnAsItWasPixelForPixel() throws {
        // Upright, and on the quarter and whole turns a spring comes to rest on.
        for rotation in [0.0, Double.pi / 2, -Double.pi, 2 * Double.pi, 0.1 + 0.2 + 2 * Double.pi - 0.3] {
            let rastered = Self.list(Self.card(rotation: rotation, rasterize: true))
            let direct = Self.list(Self.card(rotation: rotation, rasterize: false))
            #expect(rastered == direct)
            let a = try renderOffscreen(rastered, width: 240, height: 240)
            let b = try renderOffscreen(direct, width: 240, height: 240)
            #expect(Self.difference(a, b, over: 0).max == 0)
        }
    }

    /// The texture is drawn once while the same face turns, drawn again when the face changes, and let go of
    /// once no list has shown it for a while (the layer gone or at rest).
    @Test func theTextureIsKeptWhileTheFaceTurnsAndLetGoOfAfter() throws {
        let context = try RenderContext(headlessWidth: 240, height: 240)
        try withExtendedLifetime(context) {
            try context.makeCurrent()
            let renderer = try Renderer()
            for step in 0..<12 {
                let list = Self.list(Self.card(rotation: 0.1 * Double(step + 1), rasterize: true))
                try renderer.render(list, width: 240, height: 240, scale: 1, into: .backBuffer(age: 0))
            }
            #expect(renderer.rastersDrawn == 1)
            // The face's box (what its commands reach, and a px round it) at 4 bytes a texel.
            let face = Self.list(Self.card(rotation: 0.5, rasterize: true)).commands.compactMap { command -> RasterRun? in
                if case let .raster(run) = command { return run } else { return nil }
            }
            #expect(face.count == 1 && renderer.rasterBytes == face.reduce(0) { $0 + Int($1.size.x * $1.size.y) * 4 })
            var (changed, card) = Self.cardAndID(rotation: 0.5, rasterize: true)
            changed.add(Layer(frame: DrawRect(x: 60, y: 150, width: 40, height: 4), backgroundColor: .black),
                        to: card)
            try renderer.render(Self.list(changed), width: 240, height: 240, scale: 1, into: .backBuffer(age: 0))
            #expect(renderer.rastersDrawn == 2)
            let atRest = Self.list(Self.card(rotation: 0, rasterize: true))
            for step in 0...Renderer.rasterKeepRenders {
                var list = atRest
                list.addRect(DrawRect(x: Double(step % 2), y: 0, width: 1, height: 1), fill: .black)
                try renderer.render(list, width: 240, height: 240, scale: 1, into: .backBuffer(age: 0))
            }
            #expect(renderer.rasterBytes == 0)
        }
    }
}
