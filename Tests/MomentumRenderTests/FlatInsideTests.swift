import MomentumLayers
import Testing
@testable import MomentumRender

/// A large card's inside is drawn flat and only the ring around it through the distance field: the pixels are those
/// of the distance field everywhere, with no seam where the flat inside meets the ring (real GL: llvmpipe through
/// EGL's surfaceless platform).
@Suite(.serialized)
struct FlatInsideTests {
    static let width = 300, height = 200

    /// Coverage of a pixel centre by a box of half-size `half` and corner radius `radius` around `centre` (buffer
    /// px): the shape shader's formula, in doubles.
    static func coverage(_ p: SIMD2<Double>, centre: SIMD2<Double>, half: SIMD2<Double>, radius: Double) -> Double {
        let r = min(radius, min(half.x, half.y))
        let q = SIMD2(abs(p.x - centre.x), abs(p.y - centre.y)) - half + r
        let outside = pointwiseMax(q, .zero)
        let d = min(max(q.x, q.y), 0) + (outside * outside).sum().squareRoot() - r
        let t = min(max(d + 0.5, 0), 1)
        return 1 - t * t * (3 - 2 * t)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aLargeCardAndRectEqualTheirDistanceField(scale: Double) throws {
        let card = DrawRect(x: 10.3, y: 7.6, width: 170.4, height: 90.2)
        let rect = DrawRect(x: 20.25, y: 104.5, width: 150.6, height: 20.3)
        let fill = RGBA(r: 0.957, g: 0.961, b: 0.973, a: 0.95), other = RGBA(r: 0.2, g: 0.5, b: 0.9)
        var list = DrawList()
        list.addRoundedRect(card, cornerRadius: 12, fill: fill)
        list.addRect(rect, fill: other)
        let width = Int(Double(Self.width) * scale / 1.5), height = Int(Double(Self.height) * scale / 1.5)
        let context = try RenderContext(headlessWidth: width, height: height)
        let pixels = try withExtendedLifetime(context) { () throws -> [UInt8] in
            try context.makeCurrent()
            let renderer = try Renderer()
            renderer.draw(list, width: width, height: height, scale: scale)
            #expect(renderer.lastQuadCount > 2, "the card's and the rect's insides drawn apart from their rings")
            return renderer.readPixels(width: width, height: height)
        }
        var worst = 0, at = (x: 0, y: 0), inside = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                // Over opaque black: each shape's premultiplied colour times its coverage (they do not overlap).
                let a = Self.coverage(p, centre: SIMD2(card.center.x, card.center.y) * scale,
                                 half: SIMD2(card.width, card.height) * scale / 2, radius: 12 * scale)
                let b = Self.coverage(p, centre: SIMD2(rect.center.x, rect.center.y) * scale,
                                 half: SIMD2(rect.width, rect.height) * scale / 2, radius: 0)
                if a == 1 || b == 1 { inside += 1 }
                let expected = [fill.r, fill.g, fill.b].map { Double($0 * fill.a) * a }
                    .enumerated().map { $0.element + Double([other.r, other.g, other.b][$0.offset]) * b }
                for channel in 0..<3 {
                    let got = Int(pixels[(y * width + x) * 4 + channel])
                    let difference = abs(got - Int((expected[channel] * 255).rounded()))
                    if difference > worst { (worst, at) = (difference, (x, y)) }
                }
            }
        }
        #expect(inside > width * height / 3)
        #expect(worst <= 1, "largest channel difference \(worst) at \(at)")
    }
}
