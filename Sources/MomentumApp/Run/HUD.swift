import MomentumLayers

/// The frame-timing HUD: scene, backend and frame rate over a bar graph of recent frame intervals (ms; the line
/// is 60 Hz), in the window's top-right corner.
struct HUD {
    /// Whether it is drawn (key h toggles it).
    var isShown: Bool

    /// Appends the HUD for a window `width` logical px wide.
    func draw(into list: inout DrawList, width: Double, statistics: FrameStatistics, scene: String, backend: String) {
        guard isShown else { return }
        let rect = DrawRect(x: width - 196, y: 12, width: 180, height: 48)
        let graph = BarGraph(rect: rect, values: statistics.intervals, reference: 1000.0 / 60, maxValue: 50,
                             capacity: FrameStatistics.capacity, backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0.45))
        graph.append(to: &list)
        let fps = statistics.framesPerSecond.map { String(Int($0.rounded())) } ?? "--"
        list.addRect(DrawRect(x: rect.x, y: rect.maxY, width: rect.width, height: 16), fill: RGBA(r: 0, g: 0, b: 0, a: 0.45))
        list.addText("\(scene)  \(backend)  \(fps) fps", at: SIMD2(rect.x + 6, rect.maxY + 4), size: 8,
                     color: RGBA(r: 1, g: 1, b: 1, a: 0.9))
    }
}
