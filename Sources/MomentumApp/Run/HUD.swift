import MomentumLayers

/// The frame-timing HUD: scene, backend and frame rate over a bar graph of recent frame intervals (ms; the line
/// is 60 Hz), in the window's top-right corner.
struct HUD {
    /// Whether it is drawn (key h toggles it).
    var isShown: Bool

    /// The graph and its caption strip, logical px.
    static let size = SIMD2<Double>(180, 64)

    /// Where the HUD's box lies in a window `width` logical px wide.
    static func box(width: Double) -> DrawRect { DrawRect(origin: SIMD2(width - 196, 12), size: size) }

    /// The HUD on a surface of its own: the box with one pixel around it for the anti-aliased edges, whole px.
    func overlay(width: Double, statistics: FrameStatistics, scene: String, backend: String) -> SeparateLayer? {
        guard isShown else { return nil }
        let frame = Self.box(width: width).insetBy(-1)
        var content = DrawList()
        draw(into: &content, at: SIMD2(1, 1), statistics: statistics, scene: scene, backend: backend)
        return SeparateLayer(content: content, frame: frame)
    }

    /// Appends the HUD for a window `width` logical px wide.
    func draw(into list: inout DrawList, width: Double, statistics: FrameStatistics, scene: String, backend: String) {
        guard isShown else { return }
        draw(into: &list, at: Self.box(width: width).origin, statistics: statistics, scene: scene, backend: backend)
    }

    private func draw(into list: inout DrawList, at origin: SIMD2<Double>, statistics: FrameStatistics,
                      scene: String, backend: String) {
        let rect = DrawRect(origin: origin, size: SIMD2(Self.size.x, 48))
        let graph = BarGraph(rect: rect, values: statistics.intervals, reference: 1000.0 / 60, maxValue: 50,
                             capacity: FrameStatistics.capacity, backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0.45))
        graph.append(to: &list)
        let fps = statistics.framesPerSecond.map { String(Int($0.rounded())) } ?? "--"
        list.addRect(DrawRect(x: rect.x, y: rect.maxY, width: rect.width, height: 16), fill: RGBA(r: 0, g: 0, b: 0, a: 0.45))
        list.addText("\(scene)  \(backend)  \(fps) fps", at: SIMD2(rect.x + 6, rect.maxY + 4), size: 8,
                     color: RGBA(r: 1, g: 1, b: 1, a: 0.9))
    }
}
