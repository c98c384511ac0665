import MomentumLayers
import MomentumRender
import Testing

/// `DrawCommand.reach` decides what is lifted above a layer on a surface of its own: it must hold every pixel the
/// renderer touches for the command, at every scale (a smaller reach would leave a drawn pixel in the window, under
/// the layer). Each command is drawn alone on a clear frame and every pixel it changed is checked.
struct ReachTests {
    static let width = 320, height = 200

    static let commands: [DrawCommand] = {
        var list = DrawList()
        for (i, text) in ["Inbox", "Message", "WWWWWW", "iiiii", "Ada Lovelace · 09:41", "Ünïcødé ñ gjpq"].enumerated() {
            let alignment: TextRun.Alignment = [.leading, .center, .trailing][i % 3]
            list.addLabel(text, at: SIMD2(160, 60 + Double(i) * 20), size: 9 + Double(i) * 3, weight: .semibold,
                          color: RGBA(r: 1, g: 1, b: 1), alignment: alignment)
        }
        list.addRect(DrawRect(x: 10.3, y: 20.7, width: 50.2, height: 10.1), fill: RGBA(r: 1, g: 0, b: 0))
        list.addRoundedRect(DrawRect(x: 100, y: 60, width: 80, height: 40), cornerRadius: 12, fill: RGBA(r: 1, g: 1, b: 1),
                            shadow: DropShadow(blurRadius: 24, offset: SIMD2(0, 4), color: RGBA(r: 1, g: 1, b: 1, a: 1)))
        list.addRoundedRect(DrawRect(x: 120, y: 80, width: 90, height: 30), cornerRadius: 6, fill: RGBA(r: 1, g: 1, b: 1),
                            shadow: DropShadow(blurRadius: 8, color: RGBA(r: 1, g: 1, b: 1, a: 1)),
                            rotation: 0.6, scale: 1.3, opacity: 0.8)
        list.addPolyline([SIMD2(40, 150), SIMD2(90, 120), SIMD2(60, 180)], width: 6, color: RGBA(r: 1, g: 1, b: 1),
                         closed: false)
        return list.commands
    }()

    @Test(arguments: [1.0, 1.5, 2.0])
    func everyPixelACommandDrawsIsInsideItsReach(scale: Double) throws {
        let width = Int(Double(Self.width) * scale), height = Int(Double(Self.height) * scale)
        let context = try RenderContext(headlessWidth: width, height: height)
        try withExtendedLifetime(context) {
            try context.makeCurrent()
            let renderer = try Renderer()
            for command in Self.commands {
                renderer.draw(DrawList(commands: [command]), width: width, height: height, scale: scale,
                              clear: RGBA(r: 0, g: 0, b: 0))
                let pixels = renderer.readPixels(width: width, height: height)
                let reach = command.reach
                var outside: (x: Int, y: Int)?
                var drawn = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let i = 4 * (y * width + x)
                        guard pixels[i] != 0 || pixels[i + 1] != 0 || pixels[i + 2] != 0 else { continue }
                        drawn += 1
                        // The pixel's square, in logical px, inside the reach (to within rounding).
                        let low = SIMD2(Double(x), Double(y)) / scale, high = SIMD2(Double(x + 1), Double(y + 1)) / scale
                        let inside = low.x >= reach.x - 1e-9 && low.y >= reach.y - 1e-9
                            && high.x <= reach.maxX + 1e-9 && high.y <= reach.maxY + 1e-9
                        if !inside, outside == nil { outside = (x, y) }
                    }
                }
                #expect(drawn > 0, "\(command) drew nothing")
                #expect(outside == nil, "\(command) at scale \(scale) drew pixel \(String(describing: outside)) outside \(reach)")
            }
        }
    }
}
