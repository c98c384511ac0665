/// What a run's trace says, gathered for the report and the Chrome trace: frames, presentation, the scenes'
/// motion, touches, gestures, the window and how the run ended.
struct RunAnalysis {
    /// A drawn frame (`frame` event).
    struct Frame {
        var t: Double, seq: Int
        var tickMicros: Double?, renderMicros: Double?
        var drawnPixels: Double?, damagePixels: Double?
        /// False for a frame drawn at once after idle (`callback_ms` null).
        var fromCallback: Bool
    }

    /// A presented frame (`presented` event).
    struct Presented {
        var t: Double, seq: Int, nanoseconds: Double, refreshNanoseconds: Double?
    }

    /// One scene's position and velocity as the trace records them on every frame.
    struct Motion {
        var scene: String
        /// What the position is, e.g. "panel top edge".
        var position: AxisLabel
        var velocity: AxisLabel
        /// The components' names (`y`, or `x` and `y`) and per record the time and each component; a record of
        /// another scene in between is a NaN (the line breaks there).
        var positionNames: [String], velocityNames: [String]
        var samples: [(t: Double, position: [Double], velocity: [Double])]
    }

    /// Where each scene's records keep their position and velocity.
    static let motionFields: [String: (position: String, velocity: String, names: [String], velocityNames: [String],
                                       what: String)] = [
        "panel": ("y", "vy", ["y"], ["vy"], "panel top edge"),
        "transition": ("card_y", "card_vy", ["card_y"], ["card_vy"], "card top edge"),
        "scroll": ("offset", "velocity", ["offset"], ["velocity"], "list offset"),
        "playground": ("position", "velocity", ["x", "y"], ["vx", "vy"], "card centre"),
    ]

    /// A finger (or the pointer, id −1) from down to up or cancel (or the end of the trace).
    struct Touch { var id: Int; var down: Double; var up: Double; var cancelled: Bool }

    var frames: [Frame] = []
    var presented: [Presented] = []
    var discarded = 0
    var motions: [Motion] = []
    /// Scenes in the order they were first seen (records or `scene` events).
    var scenes: [String] = []
    /// Backends in the order first seen (`backend` events, the panel's and the playground's `backend`).
    var backends: [String] = []
    var touches: [Touch] = []
    var touchEvents = 0
    var gestures: [(t: Double, kind: String, label: String)] = []
    /// Each distinct `configure`, in order: logical size, scale, buffer size.
    var configures: [(width: Double, height: Double, scale: Double?, bufferWidth: Double?, bufferHeight: Double?)] = []
    var decorations: String?
    var exit: (code: Int?, reason: String?)?
    var truncatedAt: Double?
    /// The first and last event times.
    var start = 0.0, end = 0.0
    /// Gaps longer than `idleGap` with no frame: (last frame before, first frame after).
    var idle: [ClosedRange<Double>] = []
    /// A gap between frames longer than this is idle, drawn as a break.
    static let idleGap = 0.5

    init(_ trace: RunTrace) {
        var motionIndex: [String: Int] = [:]
        var lastRecordScene: String?
        var open: [Int: (t: Double, index: Int)] = [:]
        func note(_ list: inout [String], _ name: String?) {
            if let name, !name.isEmpty, !list.contains(name) { list.append(name) }
        }
        start = trace.lines.first?.event.t ?? 0
        for line in trace.lines {
            let e = line.event
            start = min(start, e.t)
            end = max(end, e.t)
            switch e.kind {
            case "frame":
                frames.append(Frame(t: e.t, seq: Int(e.number("seq") ?? 0), tickMicros: e.number("tick_us"),
                                    renderMicros: e.number("render_us"), drawnPixels: e.number("drawn_px"),
                                    damagePixels: e.number("damage_px"), fromCallback: e.number("callback_ms") != nil))
            case "presented":
                presented.append(Presented(t: e.t, seq: Int(e.number("seq") ?? 0), nanoseconds: e.number("ns") ?? 0,
                                           refreshNanoseconds: e.number("refresh_ns")))
            case "discarded":
                discarded += 1
            case "configure":
                let c = (width: e.number("width") ?? 0, height: e.number("height") ?? 0, scale: e.number("scale"),
                         bufferWidth: e.number("buffer_width"), bufferHeight: e.number("buffer_height"))
                if let last = configures.last, last.width == c.width, last.height == c.height, last.scale == c.scale,
                   last.bufferWidth == c.bufferWidth, last.bufferHeight == c.bufferHeight {
                    break
                }
                configures.append(c)
            case "touch":
                touchEvents += 1
                let id = Int(e.number("id") ?? 0)
                switch e.string("phase") {
                case "down":
                    open[id] = (e.t, touches.count)
                    touches.append(Touch(id: id, down: e.t, up: e.t, cancelled: false))
                case "up", "cancel":
                    if let o = open.removeValue(forKey: id) {
                        touches[o.index].up = e.t
                        touches[o.index].cancelled = e.string("phase") == "cancel"
                    }
                    if e.string("phase") == "cancel" {
                        // A cancel ends every finger.
                        for (_, o) in open { touches[o.index].up = e.t; touches[o.index].cancelled = true }
                        open.removeAll()
                    }
                default: break
                }
            case "gesture":
                let kind = e.string("kind") ?? "?"
                var label = kind
                if kind == "control", let control = e.string("control") { label += " " + control }
                gestures.append((e.t, kind, label))
            case "scene":
                note(&scenes, e.string("name"))
            case "backend":
                note(&backends, e.string("name"))
            case "window":
                decorations = e.string("decorations")
            case "truncated":
                truncatedAt = e.t
            case "exit":
                exit = (e.number("code").map { Int($0) }, e.string("reason"))
            default:
                break
            }
            if let fields = Self.motionFields[e.kind] {
                note(&scenes, e.kind)
                if e.kind == "panel" || e.kind == "playground" { note(&backends, e.string("backend")) }
                let position: [Double], velocity: [Double]
                if fields.names.count == 1 {
                    position = [e.number(fields.position) ?? .nan]
                    velocity = [e.number(fields.velocity) ?? .nan]
                } else {
                    position = e.numbers(fields.position) ?? [.nan, .nan]
                    velocity = e.numbers(fields.velocity) ?? [.nan, .nan]
                }
                let index: Int
                if let known = motionIndex[e.kind] {
                    index = known
                } else {
                    index = motions.count
                    motionIndex[e.kind] = index
                    motions.append(Motion(scene: e.kind, position: AxisLabel(fields.what, unit: "px"),
                                          velocity: AxisLabel("velocity", unit: "px/s"), positionNames: fields.names,
                                          velocityNames: fields.velocityNames, samples: []))
                }
                // Another scene shown in between: break the line rather than join across it.
                if let lastRecordScene, lastRecordScene != e.kind, !motions[index].samples.isEmpty {
                    let gap = [Double](repeating: .nan, count: fields.names.count)
                    motions[index].samples.append((e.t, gap, gap))
                }
                motions[index].samples.append((e.t, position, velocity))
                lastRecordScene = e.kind
            } else if e.kind == "gallery" {
                note(&scenes, "gallery")
                lastRecordScene = "gallery"
            }
        }
        for (_, o) in open { touches[o.index].up = end }
        for (a, b) in zip(frames, frames.dropFirst()) where b.t - a.t > Self.idleGap { idle.append(a.t...b.t) }
    }

    /// The frame intervals, in milliseconds at the time of the later frame: from `presented` times when the trace
    /// has at least two, else from the times `frame` events were written. An interval into a frame drawn at once
    /// after idle, or longer than the idle gap, is not a frame interval and is left out (`skipped`).
    var intervals: (source: String, points: [(x: Double, y: Double)], skipped: Int) {
        let afterIdle = Set(frames.filter { !$0.fromCallback }.map(\.seq))
        var points: [(x: Double, y: Double)] = []
        var skipped = 0
        if presented.count >= 2 {
            let sorted = presented.sorted { $0.seq < $1.seq }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let ms = (b.nanoseconds - a.nanoseconds) / 1e6
                if afterIdle.contains(b.seq) || ms > Self.idleGap * 1000 || ms < 0 { skipped += 1; continue }
                points.append((b.t, ms))
            }
            return ("presentation times (presented ns)", points, skipped)
        }
        for (a, b) in zip(frames, frames.dropFirst()) {
            let ms = (b.t - a.t) * 1000
            if !b.fromCallback || ms > Self.idleGap * 1000 { skipped += 1; continue }
            points.append((b.t, ms))
        }
        return ("the times frame events were written (the trace has no presented events)", points, skipped)
    }

    /// The refresh interval the compositor reports (median `refresh_ns`), in milliseconds.
    var refreshMilliseconds: Double? {
        ReportStatistics.median(presented.compactMap(\.refreshNanoseconds).filter { $0 > 0 }).map { $0 / 1e6 }
    }
}
