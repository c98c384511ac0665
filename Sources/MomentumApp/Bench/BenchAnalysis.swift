import MomentumCore
import MomentumRun
import MomentumScenes

/// One run's frame timing, input latency and drag lag, computed from its trace alone (`--trace` of `momentum run`).
///
/// Times are put on the trace's own scale (seconds since the app started, CLOCK_MONOTONIC): presentation times
/// through the `clock` event's pair of readings of the compositor's presentation clock and CLOCK_MONOTONIC, input
/// times (CLOCK_MONOTONIC, from zwp_input_timestamps_v1 or the events' milliseconds) through its `start_ns`.
struct BenchAnalysis {
    /// One drawn frame.
    struct Frame: Equatable {
        var seq: Int
        /// When the frame callback was handled, the commit returned (trace seconds); nil callback: drawn at once.
        var callbackT: Double?
        var commitT: Double
        var tickMicros: Double, renderMicros: Double, cpuMicros: Double
        /// When the compositor showed it (trace seconds), its reported refresh (ns), MSC and flags; nil: not known.
        var presentT: Double?
        var refreshNs: Double?
        var msc: UInt64 = 0
        var flags: PresentationFlags = []
        var discarded = false
        /// The panel's top edge drawn in this frame, and its state, when the run is in the panel scene.
        var panelY: Double?
        var panelState: PanelScene.State?
        /// When the frame's build started after its callback (trace s; nil: at once), the presentation it aimed at
        /// (trace s) and how far ahead the finger was predicted (µs; nil: no finger).
        var wakeT: Double?
        var targetT: Double?
        var predictMicros: Double?
        /// The input time (trace s) of the newest touch sample the app had when it built the frame: its input
        /// cut-off, where its prediction starts from. Nil before any touch.
        var newestInputT: Double?
    }

    /// A touch sample: when the app received it, the input event's own time (both trace seconds), where.
    struct Touch: Equatable {
        var t: Double
        var inputT: Double?
        var phase: TouchPhase
        var id: Int
        var y: Double
    }

    /// Every frame in order of sequence.
    private(set) var frames: [Frame] = []
    /// Every touch sample.
    private(set) var touches: [Touch] = []
    /// The frames built but not committed: they changed no pixel (`unchanged`).
    private(set) var unchanged: Set<Int> = []
    /// Trace times of `rest` events (the app stopped asking for frames) and the process CPU then.
    private(set) var rests: [(t: Double, cpu: Double)] = []
    /// The `exit` event's time, reason and CPU.
    private(set) var exit: (t: Double, reason: String, cpu: Double?)?
    /// The `system` line, the `clock` line's presentation clock name and input clock.
    private(set) var system: TraceRecord.System?
    private(set) var presentationClock: String?
    private(set) var inputClock: String?
    /// The window: size in logical px and scale, from the last `configure`.
    private(set) var window: (width: Double, height: Double, scale: Double)?
    /// The scenes and backends the run showed.
    private(set) var scenes: [String] = []
    /// The trace's t = 0 on CLOCK_MONOTONIC (ns), from its `clock` line.
    private(set) var startNanoseconds: Double?
    /// The finger as its injector put it (`useInjectedFinger`), each sample at the time it was sent; nil: the
    /// touch events' own times and positions tell it.
    private(set) var injectedFinger: [Touch]?

    /// Reads the lines of one run.
    init(lines: [TraceLine]) {
        var startNs: Double?
        var presentationOffset: Double?   // trace seconds = presentation ns × 1e-9 + offset
        var index: [UInt64: Int] = [:]    // seq → frames index
        var lastFrame: Int?
        var newestInputT: Double?
        for line in lines {
            switch line.record {
            case .clock(let clock):
                startNs = Double(clock.startNanoseconds)
                startNanoseconds = startNs
                presentationClock = clock.presentation
                inputClock = clock.input
                if let start = startNs, let mono = clock.monotonicNanoseconds, let pres = clock.presentationNanoseconds {
                    presentationOffset = (Double(mono) - Double(pres) - start) / 1e9
                }
            case .system(let facts):
                system = facts
            case .configure(let c):
                window = (Double(c.width), Double(c.height), c.scale)
            case .frame(let f):
                let frame = Frame(seq: Int(truncatingIfNeeded: f.sequence), callbackT: f.callbackT, commitT: f.commitT,
                                  tickMicros: f.tickMicros, renderMicros: f.renderMicros, cpuMicros: f.cpuMicros,
                                  wakeT: f.wakeT, targetT: f.targetT, predictMicros: f.predictMicros,
                                  newestInputT: newestInputT)
                index[f.sequence] = frames.count
                lastFrame = frames.count
                frames.append(frame)
            case .presented(let p):
                guard let k = index[p.sequence] else { continue }
                frames[k].presentT = presentationOffset.map { Double(p.nanoseconds) / 1e9 + $0 }
                frames[k].refreshNs = p.refreshNanoseconds > 0 ? Double(p.refreshNanoseconds) : nil
                frames[k].msc = p.msc
                frames[k].flags = p.flags
            case .discarded(let sequence):
                if let k = index[sequence] { frames[k].discarded = true }
            case .unchanged(let sequence, _):
                unchanged.insert(Int(truncatingIfNeeded: sequence))
                // The scene's state that follows is not what the frame before shows (it differs below a pixel).
                lastFrame = nil
            case .sceneState(let record):
                if case .panel(let panel) = record, let k = lastFrame {
                    frames[k].panelY = panel.y
                    frames[k].panelState = panel.state
                }
                if scenes.last != record.name { scenes.append(record.name) }
            case .touch(let touch):
                var inputT: Double?
                if touch.time.isFinite, let start = startNs { inputT = touch.time - start / 1e9 }
                newestInputT = inputT ?? newestInputT
                touches.append(Touch(t: line.t, inputT: inputT, phase: touch.phase, id: Int(touch.id),
                                     y: touch.position.y))
            case .rest(let cpu):
                rests.append((line.t, cpu.isFinite ? cpu : 0))
            case .exit(let e):
                exit = (line.t, e.reason, e.cpu.isFinite ? e.cpu : nil)
            default:
                break
            }
        }
    }

    /// Takes the finger of the drags from its injector's record (CLOCK_MONOTONIC, as the trace's `start_ns`), not from
    /// the touch events' times: where the compositor stamps each event when it takes it in, in whole ms (mutter's
    /// remote-desktop touch), the events' sample-to-sample speed never holds and where the finger was is not known to
    /// better than a ms. The drag lag, its steadiness and the stop are then measured against the finger itself;
    /// touch → present stays measured from the events' times (what the app saw). Nothing without the trace's clock.
    mutating func useInjectedFinger(_ injected: [InjectedTouch]) {
        guard let start = startNanoseconds else { return }
        var at: [Int: Double] = [:]   // each point's last y: an up carries no position, the finger lifts where it is
        injectedFinger = injected.map { touch in
            let t = (Double(touch.nanoseconds) - start) / 1e9
            let y = touch.phase == .up || touch.phase == .cancel ? at[touch.id] ?? touch.y : touch.y
            at[touch.id] = y
            return Touch(t: t, inputT: t, phase: touch.phase, id: touch.id, y: y)
        }
    }

    /// True when the compositor answered presentation feedback for some frame.
    var hasPresentation: Bool { frames.contains { $0.presentT != nil } }

    /// The frames presented, in order of presentation.
    var presented: [Frame] {
        frames.filter { $0.presentT != nil }.sorted { ($0.presentT ?? 0) < ($1.presentT ?? 0) }
    }

    /// The frames that time the run, in the order shown, each at its time: its presentation where the compositor
    /// sends feedback, else its frame callback. Split into stretches wherever the app rested in between (and, timed by
    /// callbacks, where it drew at once after idle), and across a frame left uncommitted because it changed nothing:
    /// the time across such a break is a pause, not a frame interval (nor a missed refresh).
    var timedStretches: [[(t: Double, frame: Frame)]] {
        stretches(breakingAtHeld: true).map { $0.map { ($0.t, $0.frame) } }
    }

    /// The same, or (`breakingAtHeld` false) not split across frames left uncommitted because they changed no pixel:
    /// each frame with the number of those between it and the frame before it in its stretch (`held`; frames
    /// between them that were committed and not shown are in the interval, not counted).
    private func stretches(breakingAtHeld: Bool) -> [[(t: Double, frame: Frame, held: Int)]] {
        var stretches: [[(t: Double, frame: Frame, held: Int)]] = []
        var current: [(t: Double, frame: Frame, held: Int)] = []
        var restIndex = 0
        func breakHere() {
            if !current.isEmpty { stretches.append(current) }
            current = []
        }
        for frame in hasPresentation ? presented : frames {
            guard let t = hasPresentation ? frame.presentT : frame.callbackT else {
                breakHere()
                continue
            }
            var rested = false
            while restIndex < rests.count, rests[restIndex].t < t {
                rested = true
                restIndex += 1
            }
            var held = 0
            if let last = current.last?.frame, frame.seq > last.seq + 1 {
                held = (last.seq + 1 ..< frame.seq).reduce(0) { unchanged.contains($1) ? $0 + 1 : $0 }
                // Frames between them committed and not shown (discarded) stay in the interval, held or not: a
                // refresh missed that the user saw.
                if held > 0 && breakingAtHeld { rested = true }
            }
            if rested {
                breakHere()
                held = 0
            }
            current.append((t, frame, held))
        }
        breakHere()
        return stretches
    }

    /// Each frame interval (ms) at the later frame's time (trace s), stretch by stretch.
    var intervalsOverTime: [(t: Double, ms: Double)] {
        timedStretches.flatMap { stretch in zip(stretch, stretch.dropFirst()).map { ($1.t, ($1.t - $0.t) * 1000) } }
    }

    /// The frame intervals (ms) that start at or after `from` and end before `to` (trace s), broken as
    /// `intervalsOverTime` breaks them.
    func intervals(from: Double, to: Double = .infinity) -> [Double] {
        intervalsOverTime.filter { $0.t < to && $0.t - $0.ms / 1000 >= from }.map(\.ms)
    }

    /// The intervals that pace the run (ms), for its late share (`BenchReport.lateIntervalShare`), those that start
    /// at or after `from` and end before `to` (trace s): as `intervals(from:to:)`, but an interval across frames the
    /// app built and left uncommitted because they changed no pixel (`unchanged`: an animation's sub-pixel steps) is
    /// kept, with how many (`held`): for those refreshes the picture it would have shown stayed on screen.
    func pacedIntervals(from: Double, to: Double = .infinity) -> [PacedInterval] {
        stretches(breakingAtHeld: false).flatMap { stretch in
            zip(stretch, stretch.dropFirst()).map { PacedInterval(ms: ($1.t - $0.t) * 1000, held: $1.held, at: $1.t) }
        }.filter { $0.at < to && $0.at - $0.ms / 1000 >= from }
    }

    /// One interval between frames shown (ms), across `held` frames left uncommitted because they changed no pixel,
    /// ending at `at` (trace s).
    struct PacedInterval: Equatable {
        var ms: Double
        var held = 0
        var at = 0.0
    }

    /// The frame statistics the HUD keeps, over the whole run: presented intervals where there is presentation
    /// feedback (else callback intervals), broken where the app rested.
    var statistics: FrameStatistics {
        var stats = FrameStatistics(capacity: .max)
        for stretch in timedStretches {
            stats.idle()
            for (t, frame) in stretch {
                if hasPresentation {
                    stats.presented(ns: UInt64(max(0, (t * 1e9).rounded())), refreshNs: UInt32(frame.refreshNs ?? 0),
                                    msc: frame.msc, vsync: frame.flags.contains(.vsync))
                } else {
                    stats.callback(UInt32(truncatingIfNeeded: Int64((t * 1000).rounded())))
                }
            }
        }
        return stats
    }

    /// Callback → commit of each frame drawn at a callback (ms).
    var callbackToCommit: [Double] { frames.compactMap { f in f.callbackT.map { (f.commitT - $0) * 1000 } } }

    /// Callback → the start of the frame's build (ms): the wait for the learned deadline (`--frame-start deadline`).
    var callbackToStart: [Double] {
        frames.compactMap { f in guard let c = f.callbackT, let w = f.wakeT else { return nil }; return (w - c) * 1000 }
    }

    /// Start of the build → commit of each frame drawn at a callback (ms): the client's own work.
    var startToCommit: [Double] { frames.compactMap { f in f.wakeT.map { (f.commitT - $0) * 1000 } } }

    /// Presentation − the presentation the frame aimed at (ms): how well the app knows when its frames are shown
    /// (what the prediction's horizon rests on).
    var presentationError: [Double] {
        frames.compactMap { f in guard let p = f.presentT, let t = f.targetT else { return nil }; return (p - t) * 1000 }
    }

    /// Commit → present of each presented frame (ms).
    var commitToPresent: [Double] { frames.compactMap { f in f.presentT.map { ($0 - f.commitT) * 1000 } } }

    /// When the first frame was shown (trace s): its presentation time, else its commit. Nil without frames.
    var firstShownT: Double? { presented.first?.presentT ?? frames.first?.commitT }

    /// Launch → the first frame shown (ms).
    var firstFrameMs: Double? { firstShownT.map { $0 * 1000 } }

    /// When the launch's first `warmup` s end (trace s): that long after the first frame shown. Nil without frames.
    func launchEnd(warmup: Double = BenchVersus.warmup) -> Double? { firstShownT.map { $0 + warmup } }

    /// The client's CPU per presented frame (µs) after the launch, counted as `--versus` counts weston-simple-egl's
    /// (after the same warm-up): the CPU of the frames committed `BenchVersus.warmup` s (1 s) or more after the first
    /// frame shown (each frame's `cpu_us`: the process's CPU since the frame before it) over those of them presented
    /// (those committed, without presentation feedback). Nil when none was committed then. The launch's first second
    /// is `cpuPerPresentedFrameAtLaunch`.
    var cpuPerPresentedFrame: Double? {
        guard let end = launchEnd() else { return nil }
        return cpuPerShownFrame(frames.filter { $0.commitT >= end })
    }

    /// The same over the launch's first second: the frames after the first (whose share is the launch itself:
    /// connecting, starting EGL, loading fonts, the first frame) committed before `cpuPerPresentedFrame`'s window
    /// starts — where the GL's programs are built and the first frames' buffers made. Nil when none was.
    var cpuPerPresentedFrameAtLaunch: Double? {
        guard let end = launchEnd() else { return nil }
        return cpuPerShownFrame(frames.dropFirst().filter { $0.commitT < end })
    }

    /// The CPU of `frames` (µs) over those of them presented (all of them without presentation feedback); nil when
    /// none was.
    private func cpuPerShownFrame(_ frames: [Frame]) -> Double? {
        let shown = hasPresentation ? frames.filter { $0.presentT != nil }.count : frames.count
        guard shown > 0 else { return nil }
        return frames.reduce(0) { $0 + $1.cpuMicros } / Double(shown)
    }

    /// At rest, from the last `rest` to the exit (at least 0.25 s of it): how long, how many frames were committed,
    /// the CPU used (s).
    var atRest: (seconds: Double, commits: Int, cpuSeconds: Double?)? {
        // A run stopped right after it rested (a drag followed by another run) measured no rest.
        guard let rest = rests.last, let exit, exit.t - rest.t >= 0.25 else { return nil }
        let commits = frames.filter { $0.commitT > rest.t }.count
        return (exit.t - rest.t, commits, exit.cpu.map { $0 - rest.cpu })
    }

    /// Touch → screen: for each touch sample with an input time, the time from the input event to the presentation
    /// of the first frame drawn after the app received it (ms).
    var touchToPresent: [Double] {
        var result: [Double] = []
        var k = 0
        for touch in touches {
            guard let input = touch.inputT else { continue }
            while k < frames.count, frames[k].commitT <= touch.t { k += 1 }
            // The first frame committed after the sample arrived and presented.
            guard let shown = frames[k...].first(where: { $0.presentT != nil || $0.discarded }),
                  let present = shown.presentT else { continue }
            result.append((present - input) * 1000)
        }
        return result
    }

    /// The drag lag in the panel scene: at the presentation time of each frame drawn while a finger drags the panel
    /// at a steady speed, the distance (px) between where the finger was then (interpolated between its timestamped
    /// samples) and where the grabbed point of the panel was drawn; with the finger's speed there (px/s), so the lag
    /// reads as ms of finger travel. Frames within the first `settle` px of finger travel (slop and take-up) and
    /// frames shown after the finger's last sample are left out.
    func dragLag(settle: Double = 24) -> [(px: Double, speed: Double)] {
        dragLagSamples(settle: settle).map { ($0.px, $0.speed) }
    }

    /// One presented frame of a drag: when it was shown (trace s), the distance between the finger and the grabbed
    /// point as drawn (px), the finger's speed there (px/s), whether the drag was steady, the signed error along the
    /// finger's motion (px: + drawn ahead of the finger, − behind it), the error itself (drawn − finger, px down
    /// the screen) and which drag of the run it belongs to.
    struct LagSample: Equatable {
        var t: Double
        var px: Double
        var speed: Double
        var steady: Bool
        var signed: Double
        var error: Double
        var drag: Int
    }

    /// What a steady frame is, in one line (report.json's `drag_lag.steady`, report.md, the HTML, the matrix).
    static let steadyDefinition = "Steady: the finger at its cruising speed from \(Int((TouchPredictor.window * 1000).rounded())) ms "
        + "(the prediction's velocity fit) "
        + "before the newest sample a frame was drawn from to its presentation (or the time it was predicted for, "
        + "if later); every frame: all frames of the drag after 24 px, turns and speeding up included."

    /// `dragLag` with each sample's presentation time, and whether the drag was steady there.
    ///
    /// Steady: every finger sample the frame's prediction used and the finger over its horizon were at the cruising
    /// speed — from `fit` s (`TouchPredictor.window`, its velocity fit) before the newest sample the frame was drawn
    /// from (its input cut-off) to the frame's presentation, or to the time its prediction aimed at when that is
    /// later. So a steady frame's lag says how closely a steadily moving finger is followed, whatever the latency,
    /// and neither a turn, the speeding up nor the stop falls within what the frame was drawn from or shows (the
    /// every-frame figure keeps those). The cruising speed is the p90 of the finger's sample-to-sample speeds; a
    /// piece of the finger is at it within 5 % where the finger is its injector's record (exact times), within 15 %
    /// where it is the touch events (whole-ms times make an 8.33 ms interval read 8 or 9 ms).
    func dragLagSamples(settle: Double = 24, fit: Double = TouchPredictor.window) -> [LagSample] {
        var result: [LagSample] = []
        let tolerance = injectedFinger == nil ? 0.15 : 0.05
        for (index, drag) in drags().enumerated() {
            let samples = drag.samples, travel = drag.travel, offset = drag.offset
            let first = samples[0].inputT ?? 0, last = samples[samples.count - 1].inputT ?? 0
            // Each sample-to-sample speed, ending at sample j (j ≥ 1), and the cruising speed.
            var speeds = [0.0]
            for j in samples.indices.dropFirst() {
                let dt = (samples[j].inputT ?? 0) - (samples[j - 1].inputT ?? 0)
                speeds.append(dt > 0 ? abs(samples[j].y - samples[j - 1].y) / dt : 0)
            }
            let cruise = quantile(Array(speeds.dropFirst()), 0.9) ?? 0
            /// True when the finger moved at `cruise` from `from` to `to` (trace s): every sample from the first at or
            /// after `from` lies on the cruise (the pieces after it at cruising speed, up to the one reaching `to`).
            func cruising(from: Double, to: Double) -> Bool {
                guard cruise > 0, let firstUsed = samples.firstIndex(where: { ($0.inputT ?? 0) >= from }),
                      let end = samples.firstIndex(where: { ($0.inputT ?? 0) >= to }) else { return false }
                guard firstUsed < end else { return false }
                return (firstUsed + 1...end).allSatisfy { abs(speeds[$0] - cruise) <= tolerance * cruise }
            }
            for frame in frames {
                guard let present = frame.presentT, frame.panelState == .dragging, let y = frame.panelY,
                      present > first, present <= last,
                      let i = samples.firstIndex(where: { ($0.inputT ?? 0) >= present }), i > 0 else { continue }
                let a = samples[i - 1], b = samples[i]
                guard let ta = a.inputT, let tb = b.inputT, tb > ta else { continue }
                let finger = a.y + (b.y - a.y) * (present - ta) / (tb - ta)
                guard travel[i - 1] >= settle else { continue }
                let speed = abs(b.y - a.y) / (tb - ta)
                var steady = false
                if let newest = frame.newestInputT {
                    let aimedAt = newest + (frame.predictMicros ?? 0) / 1e6
                    steady = newest - fit >= first && cruising(from: newest - fit, to: max(present, aimedAt))
                }
                // Along the finger's motion there (a finger at rest: the way it last moved).
                let moved = samples[...i].indices.dropFirst().last { samples[$0].y != samples[$0 - 1].y }
                let direction = moved.map { samples[$0].y - samples[$0 - 1].y >= 0 ? 1.0 : -1.0 } ?? 1
                let error = y + offset - finger
                result.append(LagSample(t: present, px: abs(error), speed: speed, steady: steady,
                                        signed: error * direction, error: error, drag: index))
            }
        }
        return result
    }

    /// How good the prediction was, as Chromium's input-prediction metrics measure it, over the frames of
    /// `samples`: over-prediction (px the grabbed point was drawn ahead of where the finger truly was at the
    /// presentation, along its motion), under-prediction (px behind it), each over the frames where it was so, and
    /// jitter (the change of the error, drawn − finger, from one presented frame to the next within a drag).
    struct PredictionQuality: Equatable {
        var over: [Double]
        var under: [Double]
        var jitter: [Double]

        init(_ samples: [LagSample]) {
            over = samples.filter { $0.signed > 0 }.map(\.signed)
            under = samples.filter { $0.signed < 0 }.map { -$0.signed }
            jitter = zip(samples, samples.dropFirst()).compactMap { previous, next in
                guard previous.drag == next.drag else { return nil }
                return abs(next.error - previous.error)
            }
        }
    }

    /// Each finger-down sequence (pointer or touch id 0) that dragged the panel: its timestamped samples, the
    /// finger's path length up to each, and the grabbed point's offset from the panel's top edge.
    func drags() -> [(samples: [Touch], travel: [Double], offset: Double)] {
        var result: [([Touch], [Double], Double)] = []
        var samples: [Touch] = []
        var travel: [Double] = []
        var grabOffset: Double?
        func panelY(before t: Double) -> Double? { frames.last { $0.commitT <= t && $0.panelY != nil }?.panelY }
        func flush() {
            if let offset = grabOffset, samples.count >= 3 { result.append((samples, travel, offset)) }
            samples = []
            travel = []
        }
        for touch in (injectedFinger ?? touches) where touch.inputT != nil {
            switch touch.phase {
            case .down:
                flush()
                grabOffset = panelY(before: touch.t).map { touch.y - $0 }
                samples = [touch]
                travel = [0]
            case .motion, .up, .cancel:
                guard let previous = samples.last else { continue }
                samples.append(touch)
                travel.append((travel.last ?? 0) + abs(touch.y - previous.y))
                guard touch.phase != .motion else { continue }
                flush()
                grabOffset = nil
            }
        }
        flush()
        return result
    }

    /// When the finger stops and holds still (at least `hold` s before it lifts) after dragging the panel: how far
    /// past where the finger comes to rest the grabbed point was drawn in the frames shown from 200 ms before it
    /// rested to the lift (px, 0 when never past it), and how many frames were shown after it rested before the
    /// point was drawn within 1 px of it. The last such stop of the run.
    func stopOvershoot(hold: Double = 0.1) -> (px: Double, framesToSettle: Int)? {
        var found: (Double, Int)?
        for drag in drags() {
            let samples = drag.samples
            guard let up = samples.last, up.phase == .up, let upT = up.inputT else { continue }
            // The sample where it came to rest: the last one whose position differs from the one before.
            guard let k = samples.indices.dropFirst().last(where: { samples[$0].y != samples[$0 - 1].y }),
                  let stopT = samples[k].inputT, upT - stopT >= hold, k >= 3 else { continue }
            let stopY = samples[k].y
            let direction = stopY - samples[k - 3].y >= 0 ? 1.0 : -1.0
            var overshoot = 0.0, settle: Int?
            var shown = 0
            for frame in frames {
                // From before the finger began to slow (a frame drawn then may already be past where it will rest).
                guard let present = frame.presentT, present > stopT - 0.2, present <= upT,
                      frame.panelState == .dragging, let y = frame.panelY else { continue }
                let excess = (y + drag.offset - stopY) * direction
                overshoot = max(overshoot, excess)
                guard present > stopT else { continue }
                if settle == nil, abs(excess) <= 1 { settle = shown }
                shown += 1
            }
            guard shown > 0 else { continue }
            found = (overshoot, settle ?? shown)
        }
        return found
    }
}
