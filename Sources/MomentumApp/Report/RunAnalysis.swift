import MomentumRun
import MomentumScenes

/// What a run's trace says, gathered line by line for the report: frames, presentation, the scenes' motion, touches,
/// gestures, the window and how the run ended. Nothing grows with the trace: counts and ranges are kept whole, the
/// series the charts draw are decimated past a few thousand points (`Decimated`, `Thinned`), the values percentiles
/// are taken of are kept whole up to `sampleLimit` and sampled past it (`Reservoir`), and names from the trace are
/// kept short and few. The report says where a chart shows less than every value.
struct RunAnalysis {
    /// A drawn frame (`frame` event).
    struct Frame {
        var t: Double, seq: UInt64
        var tickMicros: Double, renderMicros: Double
        var drawnPixels: Double?
        /// False for a frame drawn at once after idle (`callback_ms` null).
        var fromCallback: Bool
    }

    /// One scene's position and velocity as the trace records them on every frame.
    struct Motion {
        var scene: SceneKind
        /// What the position is, e.g. "panel top edge".
        var position: AxisLabel
        var velocity: AxisLabel
        /// The components' names (`y`, or `x` and `y`).
        var positionNames: [String], velocityNames: [String]
        /// The records of this scene.
        var records = 0
        /// Per component, its value over time; a record of another scene in between breaks the line.
        var positionSeries: [Decimated<(x: Double, y: Double)>], velocitySeries: [Decimated<(x: Double, y: Double)>]
        /// True when the series are decimated.
        var isDecimated: Bool { (positionSeries + velocitySeries).contains(where: \.isDecimated) }
    }

    /// A finger (or the pointer, id −1) from down to up or cancel (or the end of the trace).
    struct Touch { var id: Int32; var down: Double; var up: Double; var cancelled: Bool }

    /// A gesture's time, kind and label.
    struct Gesture { var t: Double; var kind: GestureKind; var label: String }

    /// Each distinct `configure`: logical size, scale, buffer size.
    struct Configure: Equatable { var width: Int, height: Int, scale: Double, bufferWidth: Int, bufferHeight: Int }

    /// The frame intervals the report draws (ms, at the time of the later frame), from one source.
    struct Intervals {
        var source: String
        /// Each interval at its time, decimated for the chart.
        var series: Decimated<(x: Double, y: Double)>
        /// The intervals (all, or a sample of `sampleLimit` of a longer run).
        var values: Reservoir<Double>
        /// Intervals into a frame drawn at once after idle, or longer than the idle gap, or negative: not frame
        /// intervals, left out.
        var skipped = 0
        /// The longest interval (kept even when `values` is a sample).
        var maximum: Double?
        /// The points drawn.
        var points: [(x: Double, y: Double)] { series.points }
        /// How many intervals there are.
        var count: Int { values.count }

        mutating func add(_ ms: Double, at t: Double) {
            series.add((t, ms), key: ms)
            values.add(ms)
            if ms.isFinite { maximum = max(maximum ?? ms, ms) }
        }
    }

    /// How many values percentiles and distributions are taken of, at most; past this a run's values are sampled.
    static let sampleLimit = 1 << 19
    /// How many points a time series keeps before it is decimated (it keeps at most twice as many after).
    static let seriesLimit = 2000
    /// How many bars a chart of every frame keeps before it is decimated (at most twice as many after), and how many
    /// dots a scatter chart of every frame keeps (a sample past that).
    static let frameLimit = 1000
    /// How many finger-down spans and gesture markers are kept before they are thinned.
    static let eventLimit = 1000
    /// How many idle gaps are drawn as breaks at most (the longest).
    static let breakLimit = 200
    /// How many distinct windows, scenes and backends are named at most.
    static let nameLimit = 20
    /// The longest name or reason kept from the trace (characters).
    static let textLimit = 120
    /// A gap between frames longer than this is idle, drawn as a break.
    static let idleGap = 0.5

    /// The lines read.
    var lineCount = 0
    /// True when the trace's last line was cut short and left out.
    var cutLastLine = false

    var frameCount = 0
    /// The lowest and highest frame number.
    var sequences: ClosedRange<UInt64>?
    /// The frames the work-per-frame chart draws (each frame, or the quickest and slowest of each run of a long
    /// trace's).
    var frames = Decimated<Frame>(limit: frameLimit / 2)
    /// Pixels shaded (Mpx) and render time (ms) of every frame but the first.
    var drawn = Reservoir<(x: Double, y: Double)>(capacity: 2 * frameLimit)
    var presentedCount = 0
    var discarded = 0
    var motions: [Motion] = []
    /// Scenes in the order they were first seen (records or `scene` events); `moreScenes` not named.
    var scenes: [String] = [], moreScenes = 0
    /// Backends in the order first seen (`backend` events, the panel's and the playground's `backend`).
    var backends: [String] = [], moreBackends = 0
    var touches = Thinned<Touch>(limit: eventLimit)
    var touchEvents = 0
    var touchDowns = 0
    var gestures = Thinned<Gesture>(limit: eventLimit)
    /// Gestures by kind, in the order first seen.
    var gestureKinds: [(kind: GestureKind, count: Int)] = []
    /// Each distinct `configure` in order (the first `nameLimit`), and how many more changes followed.
    var configures: [Configure] = [], moreConfigures = 0
    var decorations: String?
    var exit: (code: Int32, reason: String)?
    var truncatedAt: Double?
    /// The first and last event times.
    var start = 0.0, end = 0.0
    /// Gaps longer than `idleGap` with no frame: (last frame before, first frame after), in time order; at most
    /// `breakLimit` of them (the longest) of `idleCount`.
    var idle: [ClosedRange<Double>] = []
    var idleCount = 0
    /// The frame intervals the report draws: from `presented` times when the trace has at least two, else from the
    /// times `frame` events were written.
    var intervals: Intervals { presentedCount >= 2 ? presentedIntervals : frameIntervals }
    /// The refresh interval the compositor reports (median `refresh_ns`), in milliseconds: what it says, not always
    /// what it paces at (weston headless reports 60 Hz and repaints every ~25 ms).
    private(set) var reportedRefreshMilliseconds: Double?
    /// The refresh, as the HUD and the bench define it (`FrameStatistics.refresh`): measured from the retrace counter
    /// where it advances, else the compositor's for vsync'd frames, else estimated from the intervals (ms); over the
    /// whole run (or a sample of a long run's intervals).
    private(set) var refresh: (ms: Double, source: FrameStatistics.RefreshSource)?

    // What is gathered as the lines come.
    private var started = false
    private var motionIndex: [SceneKind: Int] = [:]
    private var lastRecordScene: SceneKind?
    /// Fingers down now: id → down time (at most `openLimit`).
    private var open: [Int32: Double] = [:]
    private static let openLimit = 256
    private var lastConfigure: Configure?
    private var lastFrame: Frame?
    /// Recent frames drawn at once after idle, or after a frame left uncommitted (`unchanged`): their interval is
    /// not a frame interval.
    private var afterIdle = RecentSet(capacity: 4096)
    /// Presented events not yet taken, kept to take them in frame order (`presentedWindow` at most).
    private var pendingPresented: [(order: Int, t: Double, p: TraceRecord.Presented)] = []
    private static let presentedWindow = 64
    private var lastPresented: (t: Double, p: TraceRecord.Presented)?
    private var presentedIntervals = Intervals(source: "presentation times (presented ns)",
                                               series: Decimated(limit: seriesLimit / 2), values: Reservoir(capacity: sampleLimit))
    private var frameIntervals = Intervals(source: "the times frame events were written (the trace has no presented events)",
                                           series: Decimated(limit: seriesLimit / 2), values: Reservoir(capacity: sampleLimit))
    /// `FrameStatistics`' view: presented intervals with their retraces, and callback intervals, each run of them
    /// starting again after idle.
    private var statisticsPresented = Reservoir<(ms: Double, retraces: UInt64)>(capacity: sampleLimit)
    private var statisticsCallbacks = Reservoir<Double>(capacity: sampleLimit)
    private var statisticsLastPresented: (ns: UInt64, msc: UInt64)?
    private var statisticsLastCallback: UInt32?
    private var statisticsReported: Double?
    private var refreshValues = Reservoir<Double>(capacity: sampleLimit)

    init() {}

    /// The analysis of a whole trace read into memory.
    init(_ trace: RunTrace) {
        for line in trace.lines { add(line) }
        cutLastLine = trace.cutLastLine
        finish()
    }

    /// Takes the next line of the trace.
    mutating func add(_ line: TraceLine) {
        lineCount += 1
        let t = line.t
        if !started {
            start = t
            started = true
        }
        start = min(start, t)
        end = max(end, t)
        switch line.record {
        case .frame(let f):
            addFrame(Frame(t: t, seq: f.sequence, tickMicros: f.tickMicros, renderMicros: f.renderMicros,
                           drawnPixels: f.drawnPixels.map(Double.init), fromCallback: f.callbackMilliseconds != nil))
        case .presented(let p):
            presentedCount += 1
            if p.refreshNanoseconds > 0 { refreshValues.add(Double(p.refreshNanoseconds)) }
            pendingPresented.append((presentedCount, t, p))
            if pendingPresented.count > Self.presentedWindow { takePresented() }
        case .discarded:
            discarded += 1
        case .unchanged(let sequence, _):
            afterIdle.insert(sequence + 1)
        case .configure(let c):
            let configure = Configure(width: c.width, height: c.height, scale: c.scale, bufferWidth: c.bufferWidth,
                                      bufferHeight: c.bufferHeight)
            guard configure != lastConfigure else { break }
            lastConfigure = configure
            if configures.count < Self.nameLimit { configures.append(configure) } else { moreConfigures += 1 }
        case .touch(let touch):
            addTouch(touch, t: t)
        case .gesture(let event):
            var label = event.kind.rawValue
            if event.kind == .control, let control = event.string(.control) { label += " " + control }
            gestures.add(Gesture(t: t, kind: event.kind, label: Self.short(label)))
            if let index = gestureKinds.firstIndex(where: { $0.kind == event.kind }) {
                gestureKinds[index].count += 1
            } else {
                gestureKinds.append((event.kind, 1))
            }
        case .scene(let name):
            Self.note(&scenes, &moreScenes, name)
        case .backend(let name):
            Self.note(&backends, &moreBackends, name)
        case .window(let decorations):
            self.decorations = Self.short(decorations)
        case .truncated:
            truncatedAt = t
        case .exit(let e):
            exit = (e.code, Self.short(e.reason))
        case .sceneState(let record):
            Self.note(&scenes, &moreScenes, record.name)
            Self.note(&backends, &moreBackends, record.backend)
            addMotion(record, t: t)
        case .clock, .system, .seat, .cursor, .switcher, .layout, .drawn, .rest:
            break
        }
    }

    /// Ends the trace: takes what is still pending and works out the refresh.
    mutating func finish() {
        while !pendingPresented.isEmpty { takePresented() }
        for (id, down) in open.sorted(by: { $0.value < $1.value }) {
            touches.add(Touch(id: id, down: down, up: end, cancelled: false))
        }
        open.removeAll()
        idle = Self.longest(idle, Self.breakLimit).sorted { $0.lowerBound < $1.lowerBound }
        reportedRefreshMilliseconds = ReportStatistics.median(refreshValues.items).map { $0 / 1e6 }
        refresh = presentedCount >= 2
            ? FrameStatistics.refresh(presented: statisticsPresented.items, reported: statisticsReported, callbacks: [])
            : FrameStatistics.refresh(presented: [], reported: nil, callbacks: statisticsCallbacks.items)
    }

    private mutating func addFrame(_ frame: Frame) {
        frameCount += 1
        let low: UInt64 = min(sequences?.lowerBound ?? frame.seq, frame.seq)
        let high: UInt64 = max(sequences?.upperBound ?? frame.seq, frame.seq)
        sequences = low...high
        frames.add(frame, key: frame.tickMicros + frame.renderMicros)
        if let px = frame.drawnPixels, frame.seq > 1 { drawn.add((px / 1e6, frame.renderMicros / 1000)) }
        if !frame.fromCallback { afterIdle.insert(frame.seq) }
        let restarts = afterIdle.contains(frame.seq)
        if let last = lastFrame {
            if frame.t - last.t > Self.idleGap { addIdle(last.t...frame.t) }
            // The report's intervals from frame times.
            let ms = (frame.t - last.t) * 1000
            if restarts || ms > Self.idleGap * 1000 {
                frameIntervals.skipped += 1
            } else {
                frameIntervals.add(ms, at: frame.t)
            }
        }
        // FrameStatistics' callback intervals: a frame drawn at once after idle or a gap starts a new run of them.
        if restarts || lastFrame.map({ frame.t - $0.t > Self.idleGap }) == true { statisticsLastCallback = nil }
        let stamp = Self.wrappedMilliseconds(frame.t)
        if let last = statisticsLastCallback { statisticsCallbacks.add(Double(Int32(bitPattern: stamp &- last))) }
        statisticsLastCallback = stamp
        lastFrame = frame
    }

    /// `t` s as the u32 milliseconds of a frame callback (wrapping); 0 for a time no callback could have.
    private static func wrappedMilliseconds(_ t: Double) -> UInt32 {
        let ms = (t * 1000).rounded()
        guard ms.magnitude < 9.0e18 else { return 0 }
        return UInt32(truncatingIfNeeded: Int64(ms))
    }

    private mutating func addIdle(_ gap: ClosedRange<Double>) {
        idleCount += 1
        idle.append(gap)
        if idle.count >= 2 * Self.breakLimit { idle = Self.longest(idle, Self.breakLimit) }
    }

    /// The `count` longest of `gaps` (the earlier of equally long ones).
    private static func longest(_ gaps: [ClosedRange<Double>], _ count: Int) -> [ClosedRange<Double>] {
        func length(_ gap: ClosedRange<Double>) -> Double { gap.upperBound - gap.lowerBound }
        let sorted = gaps.sorted { (a: ClosedRange<Double>, b: ClosedRange<Double>) -> Bool in
            length(a) != length(b) ? length(a) > length(b) : a.lowerBound < b.lowerBound
        }
        return Array(sorted.prefix(count))
    }

    /// Takes the pending presented event of the lowest frame number (the earliest of equal ones).
    private mutating func takePresented() {
        var next = 0
        for index in pendingPresented.indices {
            let a = pendingPresented[index], b = pendingPresented[next]
            let earlier: Bool = a.p.sequence != b.p.sequence ? a.p.sequence < b.p.sequence : a.order < b.order
            if earlier { next = index }
        }
        let (_, t, p) = pendingPresented.remove(at: next)
        if let last = lastPresented {
            // The report's intervals from presentation times.
            let ms = (Double(p.nanoseconds) - Double(last.p.nanoseconds)) / 1e6
            if afterIdle.contains(p.sequence) || ms > Self.idleGap * 1000 || ms < 0 {
                presentedIntervals.skipped += 1
            } else {
                presentedIntervals.add(ms, at: t)
            }
        }
        // FrameStatistics' presented intervals.
        if afterIdle.contains(p.sequence)
            || lastPresented.map({ Double(p.nanoseconds) - Double($0.p.nanoseconds) > Self.idleGap * 1e9 }) == true {
            statisticsLastPresented = nil
        }
        let vsync = p.flags.contains(.vsync)
        if p.refreshNanoseconds > 0, vsync { statisticsReported = Double(p.refreshNanoseconds) / 1e6 }
        if let last = statisticsLastPresented, p.nanoseconds > last.ns {
            statisticsPresented.add((Double(p.nanoseconds - last.ns) / 1e6,
                                     p.msc > last.msc && last.msc > 0 ? p.msc - last.msc : 0))
        }
        statisticsLastPresented = (p.nanoseconds, p.msc)
        lastPresented = (t, p)
    }

    private mutating func addTouch(_ touch: TraceRecord.Touch, t: Double) {
        touchEvents += 1
        switch touch.phase {
        case .down:
            touchDowns += 1
            // A second down of a finger already down ends the first there.
            if let down = open[touch.id] { touches.add(Touch(id: touch.id, down: down, up: down, cancelled: false)) }
            if open[touch.id] != nil || open.count < Self.openLimit { open[touch.id] = t }
        case .up, .cancel:
            if let down = open.removeValue(forKey: touch.id) {
                touches.add(Touch(id: touch.id, down: down, up: t, cancelled: touch.phase == .cancel))
            }
            if touch.phase == .cancel {
                // A cancel ends every finger.
                for (id, down) in open.sorted(by: { $0.value < $1.value }) {
                    touches.add(Touch(id: id, down: down, up: t, cancelled: true))
                }
                open.removeAll()
            }
        case .motion:
            break
        }
    }

    private mutating func addMotion(_ record: SceneRecord, t: Double) {
        guard let kind = SceneKind(rawValue: record.name), let motion = record.motion,
              let label = SceneRecord.motionLabel(of: kind),
              motion.position.count == label.position.count, motion.velocity.count == label.velocity.count else {
            lastRecordScene = SceneKind(rawValue: record.name)
            return
        }
        let index: Int
        if let known = motionIndex[kind] {
            index = known
        } else {
            index = motions.count
            motionIndex[kind] = index
            motions.append(Motion(scene: kind, position: AxisLabel(label.what, unit: "px"),
                                  velocity: AxisLabel("velocity", unit: "px/s"), positionNames: label.position,
                                  velocityNames: label.velocity,
                                  positionSeries: label.position.map { _ in Decimated(limit: Self.seriesLimit / 2) },
                                  velocitySeries: label.velocity.map { _ in Decimated(limit: Self.seriesLimit / 2) }))
        }
        // Another scene shown in between: break the line rather than join across it.
        if let lastRecordScene, lastRecordScene != kind, motions[index].records > 0 {
            for i in motions[index].positionSeries.indices { motions[index].positionSeries[i].addBreak() }
            for i in motions[index].velocitySeries.indices { motions[index].velocitySeries[i].addBreak() }
        }
        for (i, value) in motion.position.enumerated() { motions[index].positionSeries[i].add((t, value), key: value) }
        for (i, value) in motion.velocity.enumerated() { motions[index].velocitySeries[i].add((t, value), key: value) }
        motions[index].records += 1
        lastRecordScene = kind
    }

    /// Adds `name` to `list` when new and not empty (`more` counts the new ones past `nameLimit`).
    private static func note(_ list: inout [String], _ more: inout Int, _ name: String?) {
        guard let name, !name.isEmpty else { return }
        let kept = short(name)
        guard !list.contains(kept) else { return }
        if list.count < nameLimit { list.append(kept) } else { more += 1 }
    }

    /// `text` cut to `textLimit` characters (with an ellipsis).
    static func short(_ text: String) -> String {
        guard text.utf8.count > textLimit, text.count > textLimit else { return text }
        return String(text.prefix(textLimit - 1)) + "…"
    }
}

/// The last `capacity` numbers inserted, for asking whether one of them is a given number.
private struct RecentSet {
    let capacity: Int
    private var members: [UInt64: Int] = [:]
    private var order: [UInt64] = []
    private var next = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func insert(_ value: UInt64) {
        if order.count < capacity {
            order.append(value)
        } else {
            let old = order[next]
            if let n = members[old] { members[old] = n > 1 ? n - 1 : nil }
            order[next] = value
            next = (next + 1) % capacity
        }
        members[value, default: 0] += 1
    }

    func contains(_ value: UInt64) -> Bool { members[value] != nil }
}
