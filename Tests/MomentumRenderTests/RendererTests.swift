import MomentumLayers
import Testing
@testable import MomentumRender

/// Real OpenGL ES on llvmpipe through EGL's surfaceless platform; no compositor needed, and nothing is skipped.
@Suite(.serialized)
struct RendererTests {
    static let background = RGBA(r: 0.80, g: 0.82, b: 0.86)
    static let fill = RGBA(r: 0.20, g: 0.40, b: 0.90)
    /// Panel bounds; the left edge is deliberately between pixel centres' grid lines so the edge needs anti-aliasing.
    static let panel = DrawRect(x: 50.25, y: 30, width: 100, height: 60)
    static let radius = 20.0

    static func panelList(shadow: DropShadow? = nil) -> DrawList {
        var list = DrawList()
        list.addBackground(top: background, bottom: background)
        list.addRoundedRect(panel, cornerRadius: radius, fill: fill, shadow: shadow)
        return list
    }

    @Test func centreOfThePanelIsTheFillColour() throws {
        let image = try renderOffscreen(Self.panelList(), width: 200, height: 150)
        #expect(distance(image.pixel(100, 60), bytes(Self.fill)) <= 2)
        #expect(distance(image.pixel(5, 5), bytes(Self.background)) <= 2)
    }

    @Test func cornersAreRoundNotSquare() throws {
        let image = try renderOffscreen(Self.panelList(), width: 200, height: 150)
        // Top-left arc centre is (70.25, 50). Along the diagonal, 22.6 px out (beyond the 20 px radius) but still
        // inside the square bounds: background. 17 px out (inside the arc): fill.
        #expect(distance(image.pixel(54, 34), bytes(Self.background)) <= 2)
        #expect(distance(image.pixel(58, 38), bytes(Self.fill)) <= 2)
        // Bottom-right arc centre is (130.25, 70): same test mirrored.
        #expect(distance(image.pixel(146, 86), bytes(Self.background)) <= 2)
        #expect(distance(image.pixel(142, 82), bytes(Self.fill)) <= 2)
        // The arc itself is anti-aliased: the corner square holds a band of blended pixels along the curve
        // (a ~31 px long quarter arc crosses at least one partially covered pixel per column or row).
        var blended = 0
        for y in 30..<50 {
            for x in 50..<70 {
                let p = image.pixel(x, y)
                if distance(p, bytes(Self.background)) > 10 && distance(p, bytes(Self.fill)) > 10 { blended += 1 }
            }
        }
        #expect(blended >= 15)
    }

    @Test func straightEdgeIsAntiAliased() throws {
        let image = try renderOffscreen(Self.panelList(), width: 200, height: 150)
        // Left edge at x = 50.25, scanned along the panel's middle row.
        let row = (47...53).map { image.luma($0, 60) }
        let outside = image.luma(40, 60)
        let inside = image.luma(100, 60)
        #expect(abs(row.first.map { $0 - outside } ?? 99) < 2)
        #expect(abs(row.last.map { $0 - inside } ?? 99) < 2)
        // Monotonic ramp from background (brighter) to fill (darker)...
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 >= $1 - 0.5 })
        // ...with at least one intermediate value, and the whole transition within 2 px.
        let intermediate = row.filter { $0 < outside - 5 && $0 > inside + 5 }
        #expect(intermediate.count >= 1 && intermediate.count <= 2)
        // Pixel 50 (centre 50.5) is 0.25 px inside the edge: ≈ 75 % fill.
        let expected = outside + (inside - outside) * 0.75
        #expect(abs(image.luma(50, 60) - expected) < 20)
    }

    @Test func shadowDarkensBelowThePanelAndFadesOut() throws {
        let shadow = DropShadow(blurRadius: 12, offset: SIMD2(0, 6), color: RGBA(r: 0, g: 0, b: 0, a: 0.5))
        let image = try renderOffscreen(Self.panelList(shadow: shadow), width: 200, height: 150)
        let background = image.luma(5, 5)
        #expect(distance(image.pixel(5, 5), bytes(Self.background)) <= 2)
        // The panel is drawn over its shadow.
        #expect(distance(image.pixel(100, 60), bytes(Self.fill)) <= 2)
        // Panel bottom is y = 90, shadow bottom y = 96 (sigma 6 px): just below the panel it is clearly darker,
        // and darker nearer the panel.
        #expect(image.luma(100, 93) < background - 20)
        #expect(image.luma(100, 93) < image.luma(100, 100))
        #expect(image.luma(100, 100) < background - 2)
        // Beyond 3 sigma the shadow is gone.
        #expect(distance(image.pixel(100, 118), bytes(Self.background)) <= 2)
    }

    @Test func scaleTwoDoublesThePanelInBufferPixels() throws {
        func panelWidth(_ image: TestImage, row: Int) -> Int {
            let fillLuma = image.luma(image.width / 2, row)
            let backgroundLuma = image.luma(0, row)
            let middle = (fillLuma + backgroundLuma) / 2
            return (0..<image.width).filter { image.luma($0, row) < middle }.count
        }
        var list = DrawList()
        list.addBackground(top: Self.background, bottom: Self.background)
        list.addRoundedRect(DrawRect(x: 50, y: 30, width: 100, height: 60), cornerRadius: 20, fill: Self.fill)
        let one = try renderOffscreen(list, width: 200, height: 150, scale: 1)
        let two = try renderOffscreen(list, width: 400, height: 300, scale: 2)
        #expect(panelWidth(one, row: 60) == 100)
        #expect(panelWidth(two, row: 120) == 200)
        // The same logical point lands on the same colour.
        #expect(distance(two.pixel(2 * 52, 2 * 32), bytes(Self.background)) <= 2)
        #expect(distance(two.pixel(2 * 100, 2 * 60), bytes(Self.fill)) <= 2)
    }

    @Test func backgroundIsAVerticalGradient() throws {
        let top = RGBA(r: 0.1, g: 0.2, b: 0.6)
        let bottom = RGBA(r: 0.9, g: 0.6, b: 0.2)
        var list = DrawList()
        list.addBackground(top: top, bottom: bottom)
        let image = try renderOffscreen(list, width: 64, height: 256)
        #expect(distance(image.pixel(10, 0), bytes(top)) <= 3)
        #expect(distance(image.pixel(10, 255), bytes(bottom)) <= 3)
        #expect(distance(image.pixel(10, 128), bytes(top.mixed(with: bottom, 0.5))) <= 3)
        // Red rises steadily down the column, and rows are uniform.
        let reds = (0..<256).map { image.pixel(32, $0).x }
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(image.pixel(0, 100) == image.pixel(63, 100))
    }

    @Test func plainRectsBlendAndAntiAliasFractionalEdges() throws {
        var list = DrawList()
        list.addBackground(top: .white, bottom: .white)
        list.addRect(DrawRect(x: 10, y: 10, width: 20, height: 20), fill: RGBA(r: 0, g: 0, b: 0, a: 0.5))
        // An opaque black bar whose left edge sits at x = 5.75, a quarter px left of pixel 6's left edge.
        list.addRect(DrawRect(x: 5.75, y: 34, width: 10, height: 4), fill: .black)
        let image = try renderOffscreen(list, width: 40, height: 40)
        // Pixel 5's centre (5.5) is 0.25 px outside: a light blend, not white and not black; pixel 6 is almost black.
        #expect(image.pixel(5, 36).x > 180 && image.pixel(5, 36).x < 250)
        #expect(image.pixel(6, 36).x < 70)
        #expect(image.pixel(4, 36) == SIMD4(255, 255, 255, 255))
        // Half-transparent black over white is mid grey; the window stays opaque.
        #expect(distance(image.pixel(20, 20), SIMD4(128, 128, 128, 255)) <= 2)
        #expect(image.pixel(5, 5) == SIMD4(255, 255, 255, 255))
        // A pixel-aligned plain rect has crisp edges.
        #expect(image.pixel(9, 20) == SIMD4(255, 255, 255, 255))
        #expect(distance(image.pixel(10, 20), SIMD4(128, 128, 128, 255)) <= 2)
    }

    @Test func frameTimingHUDShowsBarsAndReferenceLine() throws {
        var list = DrawList()
        list.addBackground(top: .white, bottom: .white)
        let graph = BarGraph(rect: DrawRect(x: 0, y: 0, width: 40, height: 100), values: [5, 30],
                             reference: 16, maxValue: 32, capacity: 2, backgroundColor: nil,
                             barColor: RGBA(r: 0, g: 1, b: 0), overColor: RGBA(r: 1, g: 0, b: 0),
                             referenceColor: RGBA(r: 0, g: 0, b: 1))
        list.addBarGraph(graph)
        let image = try renderOffscreen(list, width: 40, height: 100)
        // Left bar: 5/32 of 100 px = 15.6 px tall, green; above it, white.
        #expect(image.pixel(10, 95) == SIMD4(0, 255, 0, 255))
        #expect(image.pixel(10, 70) == SIMD4(255, 255, 255, 255))
        // Right bar: 30 ms exceeds the 16 ms reference, so red; 93.75 px tall.
        #expect(image.pixel(30, 20) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(30, 3) == SIMD4(255, 255, 255, 255))
        // Reference line: 16/32 of the height, one px sitting on y = 50, across the whole graph, over the bars.
        #expect(image.pixel(10, 49) == SIMD4(0, 0, 255, 255))
        #expect(image.pixel(30, 49) == SIMD4(0, 0, 255, 255))
        #expect(image.pixel(30, 50) == SIMD4(255, 0, 0, 255))
    }

    @Test func headlessContextIsOpenGLES() throws {
        let context = try RenderContext(headlessWidth: 8, height: 8)
        #expect(context.isHeadless)
        #expect([2, 3].contains(context.glesMajorVersion))
        let notAWindow = try #require(OpaquePointer(bitPattern: 8))
        #expect(throws: RenderError.self) { try context.makeWindowSurface(eglWindow: notAWindow) }
    }

    @Test func closingOneHeadlessContextLeavesAnotherWorking() throws {
        // Both share Mesa's one surfaceless EGLDisplay; the first going away must not terminate it for the second.
        var first: RenderContext? = try RenderContext(headlessWidth: 16, height: 16)
        let second = try RenderContext(headlessWidth: 16, height: 16)
        #expect(first != nil)
        first = nil
        try second.makeCurrent()
        let renderer = try Renderer()
        var list = DrawList()
        list.addBackground(top: Self.fill, bottom: Self.fill)
        renderer.draw(list, width: 16, height: 16, scale: 1)
        let image = TestImage(width: 16, height: 16, rgba: renderer.readPixels(width: 16, height: 16))
        #expect(distance(image.pixel(8, 8), bytes(Self.fill)) <= 2)
    }

    @Test func eglErrorsNameTheCallAndTheHexCode() {
        let error = RenderError.egl("eglCreateContext", code: 0x3009)
        #expect(error.description == "eglCreateContext failed: EGL error 0x3009 (EGL_BAD_MATCH)")
    }
}
