import MomentumRun
import MomentumScenes

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
        var msc: UInt64 = 0
        var vsync = false
    }

    /// One scene's position and velocity as the trace records them on every frame.
    struct Motion {
        var scene: SceneKind
        /// What the position is, e.g. "panel top edge".
        var position: AxisLabel
        var velocity: AxisLabel
        /// The components' names (`y`, or `x` and `y`) and per record the time and each component; a record of
        /// another scene in between is a NaN (the line breaks there).
        var positionNames: [String], velocityNames: [String]
        var samples: [(t: Double, position: [Double], velocity: [Double])]
    }

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
    var gestures: [(t: Double, kind: GestureKind, label: String)] = []
    /// Each distinct `configure`, in order: logical size, scale, buffer size.
    var configures: [(width: Double, height: Double, scale: Double?, bufferWidth: Double?, bufferHeight: Double?)] = []
    var decorations: String?
    var exit: (code: Int32, reason: String)?
    var truncatedAt: Double?
    /// The first and last event times.
    var start = 0.0, end = 0.0
    /// Gaps longer than `idleGap` with no frame: (last frame before, first frame after).
    var idle: [ClosedRange<Double>] = []
    /// A gap between frames longer than this is idle, drawn as a break.
    static let idleGap = 0.5

    init(_ trace: RunTrace) {
        var motionIndex: [SceneKind: Int] = [:]
        var lastRecordScene: SceneKind?
        var open: [Int: (t: Double, index: Int)] = [:]
        func note(_ list: inout [String], _ name: String?) {
            if let name, !name.isEmpty, !list.contains(name) { list.append(name) }
        }
        start = trace.lines.first?.t ?? 0
        for line in trace.lines {
            let t = line.t
            start = min(start, t)
            end = max(end, t)
            switch line.record {
            case .frame(let f):
                frames.append(Frame(t: t, seq: Int(truncatingIfNeeded: f.sequence), tickMicros: f.tickMicros,
                                    renderMicros: f.renderMicros, drawnPixels: f.drawnPixels.map(Double.init),
                                    damagePixels: f.damagePixels.map(Double.init),
                                    fromCallback: f.callbackMilliseconds != nil))
            case .presented(let p):
                presented.append(Presented(t: t, seq: Int(truncatingIfNeeded: p.sequence),
                                           nanoseconds: Double(p.nanoseconds),
                                           refreshNanoseconds: Double(p.refreshNanoseconds), msc: p.msc,
                                           vsync: p.flags.contains(.vsync)))
            case .discarded:
                discarded += 1
            case .configure(let c):
                let configure = (width: Double(c.width), height: Double(c.height), scale: Optional(c.scale),
                                 bufferWidth: Optional(Double(c.bufferWidth)), bufferHeight: Optional(Double(c.bufferHeight)))
                if let last = configures.last, last.width == configure.width, last.height == configure.height,
                   last.scale == configure.scale, last.bufferWidth == configure.bufferWidth,
                   last.bufferHeight == configure.bufferHeight {
                    break
                }
                configures.append(configure)
            case .touch(let touch):
                touchEvents += 1
                let id = Int(touch.id)
                switch touch.phase {
                case .down:
                    open[id] = (t, touches.count)
                    touches.append(Touch(id: id, down: t, up: t, cancelled: false))
                case .up, .cancel:
                    if let o = open.removeValue(forKey: id) {
                        touches[o.index].up = t
                        touches[o.index].cancelled = touch.phase == .cancel
                    }
                    if touch.phase == .cancel {
                        // A cancel ends every finger.
                        for (_, o) in open { touches[o.index].up = t; touches[o.index].cancelled = true }
                        open.removeAll()
                    }
                case .motion: break
                }
            case .gesture(let event):
                var label = event.kind.rawValue
                if event.kind == .control, let control = event.string(.control) { label += " " + control }
                gestures.append((t, event.kind, label))
            case .scene(let name):
                note(&scenes, name)
            case .backend(let name):
                note(&backends, name)
            case .window(let decorations):
                self.decorations = decorations
            case .truncated:
                truncatedAt = t
            case .exit(let e):
                exit = (e.code, e.reason)
            case .sceneState(let record):
                note(&scenes, record.name)
                note(&backends, record.backend)
                guard let kind = SceneKind(rawValue: record.name), let motion = record.motion,
                      let label = SceneRecord.motionLabel(of: kind) else {
                    lastRecordScene = SceneKind(rawValue: record.name)
                    continue
                }
                let index: Int
                if let known = motionIndex[kind] {
                    index = known
                } else {
                    index = motions.count
                    motionIndex[kind] = index
                    motions.append(Motion(scene: kind, position: AxisLabel(label.what, unit: "px"),
                                          velocity: AxisLabel("velocity", unit: "px/s"), positionNames: label.position,
                                          velocityNames: label.velocity, samples: []))
                }
                // Another scene shown in between: break the line rather than join across it.
                if let lastRecordScene, lastRecordScene != kind, !motions[index].samples.isEmpty {
                    let gap = [Double](repeating: .nan, count: label.position.count)
                    motions[index].samples.append((t, gap, gap))
                }
                motions[index].samples.append((t, motion.position, motion.velocity))
                lastRecordScene = kind
            case .clock, .system, .seat, .cursor, .switcher, .layout, .rest:
                break
            }
        }
        for (_, o) in open { touches[o.index].up = end }
        for (a, b) in zip(frames, frames.dropFirst()) where b.t - a.t > Self.idleGap { idle.append(a.t...b.t) }
        refresh = statistics.refresh
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

    /// The refresh interval the compositor reports (median `refresh_ns`), in milliseconds: what it says, not always
    /// what it paces at (weston headless reports 60 Hz and repaints every ~25 ms).
    var reportedRefreshMilliseconds: Double? {
        ReportStatistics.median(presented.compactMap(\.refreshNanoseconds).filter { $0 > 0 }).map { $0 / 1e6 }
    }

    /// The frame statistics the HUD and `momentum bench` keep, over the whole run: presented intervals where there
    /// is presentation feedback (else callback times), a frame drawn at once after idle or a gap longer than the idle
    /// gap starting a new run of intervals.
    var statistics: FrameStatistics {
        var stats = FrameStatistics(capacity: .max)
        let afterIdle = Set(frames.filter { !$0.fromCallback }.map(\.seq))
        if presented.count >= 2 {
            var last: Presented?
            for p in presented.sorted(by: { $0.seq < $1.seq }) {
                if afterIdle.contains(p.seq) || last.map({ p.nanoseconds - $0.nanoseconds > Self.idleGap * 1e9 }) == true {
                    stats.idle()
                }
                stats.presented(ns: UInt64(max(0, p.nanoseconds)), refreshNs: UInt32(p.refreshNanoseconds ?? 0), msc: p.msc,
                                vsync: p.vsync)
                last = p
            }
        } else {
            var last: Frame?
            for f in frames {
                if !f.fromCallback || last.map({ f.t - $0.t > Self.idleGap }) == true { stats.idle() }
                stats.callback(UInt32(truncatingIfNeeded: Int64((f.t * 1000).rounded())))
                last = f
            }
        }
        return stats
    }

    /// The refresh, as the HUD and the bench define it (`FrameStatistics.refresh`): measured from the retrace counter
    /// where it advances, else the compositor's for vsync'd frames, else estimated from the intervals (ms); worked
    /// out once, at the end of `init` (the report asks for it several times, and a long trace has many frames).
    private(set) var refresh: (ms: Double, source: FrameStatistics.RefreshSource)?
}
