import MomentumLayers
@testable import MomentumRender

/// An RGBA read-back with pixel access, top row first.
struct TestImage {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    /// The pixel at column `x`, row `y` (0 = top), as 0...255 integers.
    func pixel(_ x: Int, _ y: Int) -> SIMD4<Int> {
        let i = (y * width + x) * 4
        return SIMD4(Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
    }

    /// Perceived brightness (Rec. 601 luma) of a pixel, 0...255.
    func luma(_ x: Int, _ y: Int) -> Double {
        let p = pixel(x, y)
        return 0.299 * Double(p.x) + 0.587 * Double(p.y) + 0.114 * Double(p.z)
    }
}

/// The 0...255 bytes an opaque colour should be stored as.
func bytes(_ c: RGBA) -> SIMD4<Int> {
    SIMD4(Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()),
          Int((c.a * 255).rounded()))
}

/// Largest per-channel difference between two pixels.
func distance(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> Int {
    let d = a &- b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}

/// Renders `list` offscreen with real GL (Mesa surfaceless platform) and reads it back.
func renderOffscreen(_ list: DrawList, width: Int, height: Int, scale: Double = 1) throws -> TestImage {
    let context = try RenderContext(headlessWidth: width, height: height)
    return try withExtendedLifetime(context) {
        try context.makeCurrent()
        let renderer = try Renderer()
        renderer.draw(list, width: width, height: height, scale: scale)
        return TestImage(width: width, height: height, rgba: renderer.readPixels(width: width, height: height))
    }
}
