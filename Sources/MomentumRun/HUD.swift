import MomentumLayers
import MomentumScenes

/// The frame-timing HUD, in the window's top-right corner: frames per second, the refresh rate and the refreshes
/// missed, a bar per recent frame against the refresh line (a bar over 1.5 refreshes is red: a missed refresh), the
/// frame interval's p50 / p99 (ms) and the backend. Presented intervals where the
/// compositor sends presentation feedback, else frame callback intervals.
public struct HUD: Sendable {
    /// Whether it is drawn (key h toggles it).
    public var isShown: Bool

    /// How often (s) the numbers and bars shown are brought up to date while frames run: four times a second, as
    /// often as a reader takes in a number and soon enough to see a hitch; each is a surface round trip (about as
    /// much as a frame that draws nothing else), so the HUD is not drawn again on every frame, nor ten times a
    /// second.
    public static let refreshInterval = 0.25

    /// The box, logical px.
    public static let size = SIMD2<Double>(184, 72)
    /// The compact box of a narrow window (a phone in portrait): the rate, the refreshes missed and the bars.
    public static let compactSize = SIMD2<Double>(128, 44)
    /// Windows narrower than this get the compact box (the full one took half a phone's header).
    public static let compactBelowWidth = 560.0
    /// The short box of a window with the compact chrome band (`SceneChrome.isCompact`: a phone in landscape): the
    /// compact box's content, tighter, 8 px from the 52 px band's edges.
    public static let shortSize = SIMD2<Double>(SceneChrome.compactHUDWidth, 36)

    /// The box's size in a window of `size` logical px.
    public static func size(for size: SIMD2<Double>) -> SIMD2<Double> {
        SceneChrome.isCompact(size) ? shortSize : size.x < compactBelowWidth ? compactSize : Self.size
    }

    /// The narrowest window the HUD shows in unless asked for (key h): below it, the switcher's menu button (144 px
    /// from 12 px in) would be under the HUD's box.
    public static let minimumWindowWidth = 12 + 144 + 8 + compactSize.x + 12

    /// The width the scene switcher may take from the left edge of a window of `size`: all but the HUD's corner
    /// (kept whether or not the HUD shows, so toggling it does not change the switcher).
    public static func switcherRoom(for size: SIMD2<Double>) -> Double { size.x - (Self.size(for: size).x + 12 + 8) }

    /// Where the HUD's box lies in a window of `size` logical px: its top-right corner, 12 px from the right edge
    /// and `SceneChrome.inset(for:)` from the top.
    public static func box(for size: SIMD2<Double>) -> DrawRect {
        let box = Self.size(for: size)
        return DrawRect(origin: SIMD2(size.x - box.x - 12, SceneChrome.inset(for: size)), size: box)
    }

    /// The HUD on a surface of its own: the box with one pixel around it for the anti-aliased edges, whole px.
    public func overlay(size: SIMD2<Double>, statistics: FrameStatistics, backend: String) -> SeparateLayer? {
        guard isShown else { return nil }
        let frame = Self.box(for: size).insetBy(-1)
        var content = DrawList()
        draw(into: &content, box: DrawRect(origin: SIMD2(1, 1), size: Self.size(for: size)), statistics: statistics,
             backend: backend)
        return SeparateLayer(content: content, frame: frame)
    }

    /// Appends the HUD for a window of `size` logical px.
    public func draw(into list: inout DrawList, size: SIMD2<Double>, statistics: FrameStatistics, backend: String) {
        guard isShown else { return }
        draw(into: &list, box: Self.box(for: size), statistics: statistics, backend: backend)
    }

    /// The fewest intervals the HUD draws numbers from.
    public static let minimumIntervals = 10

    /// The HUD's text: "39 fps"; "≈39.6 Hz · 0 missed" (the refresh, "≈" when estimated, and the refreshes missed);
    /// "p50 25.6 · p99 27.3 ms" (the frame interval); the backend. The scene's name is on the switcher.
    public static func lines(statistics: FrameStatistics, backend: String) -> (fps: String, facts: String, interval: String,
                                                                           backend: String) {
        // Too few intervals say nothing steady (right after start, one slow first frame read as 19 fps): dashes
        // until there are `minimumIntervals`.
        guard statistics.intervals.count >= minimumIntervals else {
            return ("-- fps", "-- Hz · measuring", "p50 -- · p99 -- ms", backend == "-" ? "" : backend)
        }
        let fps = statistics.framesPerSecond.map { "\(Int($0.rounded())) fps" } ?? "-- fps"
        // One decimal below 100 ms, whole milliseconds above (so a long hitch keeps the line short).
        func ms(_ value: Double?) -> String {
            value.map { $0 < 99.95 ? String(format1: $0) : String(Int($0.rounded())) } ?? "--"
        }
        let interval = "p50 \(ms(statistics.percentile(0.5))) · p99 \(ms(statistics.percentile(0.99))) ms"
        let refresh = statistics.refresh.map { ($0.source == .estimated ? "≈" : "") + String(format1: 1000 / $0.ms) + " Hz" }
            ?? "-- Hz"
        return (fps, "\(refresh) · \(statistics.missed) missed", interval, backend == "-" ? "" : backend)
    }

    private func draw(into list: inout DrawList, box: DrawRect, statistics: FrameStatistics, backend: String) {
        let white = RGBA(r: 1, g: 1, b: 1, a: 1), soft = RGBA(r: 1, g: 1, b: 1, a: 0.8)
        list.addRoundedRect(box, cornerRadius: 10, fill: RGBA(hex: 0x0B1020, alpha: 0.72))
        let text = Self.lines(statistics: statistics, backend: backend)
        let refresh = statistics.refresh?.ms ?? 1000.0 / 60
        let missedColor = statistics.missed > 0 ? RGBA(r: 1, g: 0.6, b: 0.55, a: 1) : soft
        if box.size == Self.compactSize || box.size == Self.shortSize {
            // Compact: the rate and the refreshes missed over the bars; the rest is in `momentum report`. The short
            // box (the compact band's) has the same lines, 2 px higher, over shorter bars.
            let short = box.size == Self.shortSize ? 1.0 : 0.0
            list.addLabel(text.fps, at: SIMD2(box.x + 8, box.y + 16 - 2 * short), size: 13, weight: .semibold, color: white)
            let missed = statistics.intervals.count >= Self.minimumIntervals ? "\(statistics.missed) missed" : ""
            list.addLabel(missed, at: SIMD2(box.maxX - 8, box.y + 15 - 2 * short), size: 10, color: missedColor,
                          alignment: .trailing)
            Self.drawBars(DrawRect(x: box.x + 8, y: box.y + 22 - 3 * short, width: box.width - 16, height: 15 - 4 * short),
                          statistics: statistics, refresh: refresh, into: &list)
            return
        }
        list.addLabel(text.fps, at: SIMD2(box.x + 10, box.y + 21), size: 15, weight: .semibold, color: white)
        list.addLabel(text.facts, at: SIMD2(box.maxX - 10, box.y + 20), size: 10.5, color: missedColor, alignment: .trailing)
        Self.drawBars(DrawRect(x: box.x + 10, y: box.y + 29, width: box.width - 20, height: 26), statistics: statistics,
                      refresh: refresh, into: &list)
        list.addLabel(text.interval, at: SIMD2(box.x + 10, box.maxY - 7), size: 10, color: soft)
        list.addLabel(text.backend, at: SIMD2(box.maxX - 10, box.maxY - 7), size: 10, color: soft, alignment: .trailing)
    }

    /// A bar per recent interval in `rect` against the refresh line (the bars turn red above 1.5 refreshes: a
    /// refresh missed).
    private static func drawBars(_ rect: DrawRect, statistics: FrameStatistics, refresh: Double, into list: inout DrawList) {
        let graph = BarGraph(rect: rect, values: statistics.intervals, reference: refresh * 1.5, maxValue: refresh * 2.5,
                             capacity: FrameStatistics.hudCapacity, backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.06),
                             referenceColor: RGBA(r: 0, g: 0, b: 0, a: 0))
        graph.append(to: &list)
        let lineY = graph.rect.maxY - graph.barHeight(refresh) - 1
        list.addRect(DrawRect(x: graph.rect.x, y: lineY, width: graph.rect.width, height: 1),
                     fill: RGBA(r: 1, g: 1, b: 1, a: 0.75))
    }
}

extension String {
    /// `value` with one decimal (no Foundation).
    public init(format1 value: Double) {
        guard value.isFinite else {
            self = "--"
            return
        }
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
