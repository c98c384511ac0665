import MomentumCore
import MomentumRun
import MomentumScenes

/// A compositor played on a manual clock, as weston's headless backend behaves: it repaints every `cycle` s; a
/// commit made more than `latchMargin` s before a repaint is in it, a later one waits for the next; the frame
/// callbacks of the surfaces in a repaint are sent at the repaint, and a frame is shown `presentDelay` s after its
/// repaint, when its presentation feedback arrives (a second commit in one repaint discards the first's). Input
/// reaches the client `inputDelay` s after the event's own time.
public struct SimulatedCompositor: Sendable {
    /// The repaint cadence (s): weston headless repaints every ~25 ms.
    public var cycle = 0.025
    /// The first repaint (host s).
    public var firstRepaint = 1.0
    /// How long before its repaint a commit must arrive to be in it (s).
    public var latchMargin = 0.0005
    /// From a repaint to its presentation (s).
    public var presentDelay = 0.016
    /// From an input event's time to its arrival at the client (s).
    public var inputDelay = 0.002
    /// Whether it sends presentation feedback (sway 1.7 headless, KWin's virtual backend and cage send none).
    public var sendsFeedback = true
    /// The refresh period its feedback gives (s); nil: the cycle. Weston headless says 60 Hz and paces at ~40.
    public var refresh: Double?
    /// Extra delay of the repaints from `after` on, once (a compositor hitch of `duration` s).
    public var hitch: (after: Double, duration: Double)?
    /// A new cadence from `at` on (s): a refresh change.
    public var cycleChange: (at: Double, cycle: Double)?
    /// The chance that a repaint shows its frame a cycle late whatever its commit time, as weston headless does on a
    /// loaded machine (a hitch: late at every commit offset, where the latch makes only commits past it late).
    public var hitchChance = 0.0
    /// Repaints that hitch so (shown a cycle late), by number: 0 is `firstRepaint`, counted at `cycle`.
    public var hitchedRepaints: Set<Int> = []

    /// A compositor with weston headless's timing.
    public init() {}

    /// Whether the repaint at `repaint` (host s) hitches: drawn from its time alone, so runs that commit to the same
    /// repaints meet the same hitches whenever they commit.
    public func hitches(_ repaint: Double) -> Bool {
        if hitchedRepaints.contains(Int(((repaint - firstRepaint) / cycle).rounded())) { return true }
        guard hitchChance > 0 else { return false }
        var random = SplitMix64(seed: UInt64((repaint * 10_000).rounded()))
        return random.nextUnit() < hitchChance
    }

    /// The first repaint at or after `t` that a commit at `t` makes.
    public func repaint(forCommitAt t: Double) -> Double {
        var r = firstRepaint
        var c = cycle
        var hitched = false
        while r < t + latchMargin {
            if let change = cycleChange, r >= change.at { c = change.cycle }
            r += c
            if let hitch, !hitched, r >= hitch.after {
                r += hitch.duration
                hitched = true
            }
        }
        return r
    }
}

/// A finger's touch samples: each with its event time and the position then (surface px).
public struct FingerSamples: Sendable {
    public var samples: [(time: Double, position: SIMD2<Double>)]
    /// Where the finger really is at time `t` (for measuring: what the samples were taken from).
    public let path: @Sendable (Double) -> SIMD2<Double>

    /// `samples`, taken from `path`.
    public init(samples: [(time: Double, position: SIMD2<Double>)], path: @escaping @Sendable (Double) -> SIMD2<Double>) {
        self.samples = samples
        self.path = path
    }

    /// The drag benchmark's finger (`DragPath`: the panel dragged up and down at `speed` px/s, speeding up and
    /// slowing down over 60 ms at each turn, then a stop and a hold) pressed at `start`, sampled at `rate` Hz by a
    /// touchscreen whose timestamps jitter by up to ±`jitter` s, positions in wl_fixed's 1/256 px.
    public static func drag(width: Double, height: Double, speed: Double, start: Double, rate: Double = 120,
                            jitter: Double = 0.0005, seed: UInt64 = 1) -> FingerSamples {
        let path = DragPath(width: width, height: height, speed: speed)
        var random = SplitMix64(seed: seed)
        var samples: [(Double, SIMD2<Double>)] = []
        let count = Int((path.stopAt * rate).rounded(.up))
        for k in 0...count {
            let nominal = min(Double(k) / rate, path.stopAt)
            let t = k == 0 ? 0 : max(0, nominal + random.symmetric(jitter))
            let y = (path.y(at: t) * 256).rounded() / 256
            samples.append((start + t, SIMD2(path.x, y)))
        }
        let x = path.x
        return FingerSamples(samples: samples) { t in SIMD2(x, path.y(at: t - start)) }
    }
}

/// The run core driven on a manual clock under a `SimulatedCompositor`, as the Wayland adapter drives it: each event
/// handed over at its time, `.dispatched` after each, the input that arrived by a frame's start read before it is
/// built, frames drawn in `render` s (±10 %) and committed. It keeps every trace line, and when each frame was
/// committed and shown.
public struct RunCoreDriver {
    public private(set) var core: RunCore
    public let compositor: SimulatedCompositor
    /// The host clock (s).
    public private(set) var now: Double
    /// How long drawing and committing a frame takes (s).
    public var render = 0.0015
    /// A loaded machine: how late the process runs each time it is woken (for an event or a timer), s, drawn from
    /// the driver's random numbers; 0 on an idle machine.
    public var wakeLatency: @Sendable (inout SplitMix64) -> Double = { _ in 0 }
    public private(set) var lines: [TraceLine] = []
    /// Frames committed: sequence → (commit time, repaint it made).
    public private(set) var commits: [UInt64: (commit: Double, repaint: Double)] = [:]
    /// Frames shown: sequence → presentation time (host s).
    public private(set) var shown: [UInt64: Double] = [:]
    /// Frames asked for (`.present`) in all.
    public private(set) var framesDrawn = 0
    /// The last two frames asked for, oldest first: what the window and each surface were to show.
    public private(set) var lastPlans: [FramePlan] = []
    /// `--mid-screenshots`: the pictures asked for, with the time each was asked (s since the start).
    public private(set) var snapshots: [(index: Int, t: Double)] = []
    /// Whether the adapter leaves a frame uncommitted when its plan allows it and it draws exactly what the last
    /// commit showed (the real adapter compares pixels; equal draw lists change none).
    public var omitsUnchanged = true
    /// The frames left uncommitted.
    public private(set) var uncommitted: [UInt64] = []
    /// Frames committed whose plan drew exactly what the commit before showed: empty commits.
    public private(set) var emptyCommits: [UInt64] = []
    private var lastCommitted: FramePlan?
    private var random = SplitMix64(seed: 7)
    /// Events the compositor has yet to deliver, by time.
    private var pending: [(time: Double, event: RunEvent)] = []
    /// The callback owed for the surface's last commit: its repaint.
    private var callbackAt: Double?

    /// A run of `configuration` under `compositor`, started at `start` and configured to `size` at once.
    public init(configuration: RunConfiguration, compositor: SimulatedCompositor = SimulatedCompositor(),
                start: Double = 0.5, size: SIMD2<Double> = SIMD2(800, 600), scale: Double = 1) {
        var configuration = configuration
        configuration.tracing = true
        core = RunCore(configuration: configuration, start: start)
        self.compositor = compositor
        now = start
        handle(.configured(WindowConfiguration(width: Int(size.x), height: Int(size.y), scale: scale,
                                               bufferWidth: Int(size.x * scale), bufferHeight: Int(size.y * scale),
                                               canSeparate: true)))
        handle(.dispatched)
    }

    /// The finger's samples, delivered as touch frames when they arrive (down, motion…, then up at `liftAt`): the
    /// compositor's `inputDelay` after their time, plus `arrivalOffset` (input times on a clock of their own).
    public mutating func play(_ finger: FingerSamples, id: Int32 = 0, arrivalOffset: Double = 0,
                              liftAt: Double? = nil) {
        let delay = compositor.inputDelay + arrivalOffset
        for (k, sample) in finger.samples.enumerated() {
            let change = TouchChange(id: id, phase: k == 0 ? .down : .motion, position: sample.position,
                                     time: sample.time)
            schedule(.touch(TouchFrame(changes: [change])), at: sample.time + delay)
        }
        if let liftAt, let last = finger.samples.last {
            let up = TouchChange(id: id, phase: .up, position: last.position, time: liftAt)
            schedule(.touch(TouchFrame(changes: [up])), at: liftAt + delay)
        }
    }

    /// A touch frame arriving at `time`.
    public mutating func schedule(_ event: RunEvent, at time: Double) {
        let index = pending.firstIndex { $0.time > time } ?? pending.count
        pending.insert((time, event), at: index)
    }

    /// As the app's event loop does (`RunCore.defersEvents`): while a frame is owed, what arrives is not handled
    /// when it comes but all at once at the frame's start (the loop does not wake for it).
    public var defersEvents = false
    /// Events handled at a frame's start that came while it was owed (with `defersEvents`).
    public private(set) var deferred = 0

    /// Times the process was woken (for an event or at the core's wake-up time).
    public private(set) var wakeUps = 0

    /// Runs until `end` (host s): every event and wake-up in time order.
    public mutating func run(until end: Double) {
        while true {
            let deferring = defersEvents && core.defersEvents
            let next = deferring ? core.wakeTime : [pending.first?.time, core.wakeTime].compactMap { $0 }.min()
            guard let next, next <= end else { break }
            wakeUps += 1
            now = max(now, next + wakeLatency(&random))
            if deferring {
                // Woken at the start: everything that came meanwhile is read in one go.
                while let first = pending.first, first.time <= now {
                    pending.removeFirst()
                    deferred += 1
                    handle(first.event)
                }
            } else if let first = pending.first, first.time <= now {
                pending.removeFirst()
                handle(first.event)
            }
            handle(.dispatched)
        }
        now = max(now, end)
    }

    /// Whether the core asked for nothing: no frame owed or awaited, no wake-up.
    public var isIdle: Bool { core.frameState.phase == .idle && core.wakeTime == nil }

    private mutating func handle(_ event: RunEvent) {
        for effect in core.handle(event, at: now) {
            switch effect {
            case .trace(let line): lines.append(line)
            case .readInput:
                while let first = pending.first, first.time <= now {
                    pending.removeFirst()
                    handle(first.event)
                }
                handle(.inputRead(cpu: { 0 }))
            case .present(let plan):
                framesDrawn += 1
                lastPlans = Array((lastPlans + [plan]).suffix(2))
                let drawStart = now
                now += render * (1 + random.symmetric(0.1))
                let same = lastCommitted.map { $0.list == plan.list && $0.separated == plan.separated } ?? false
                if same, omitsUnchanged, plan.mayOmitCommit {
                    uncommitted.append(plan.sequence)
                    handle(.committed(Commit(sequence: plan.sequence, drawStart: drawStart, damage: FrameDamage(),
                                             cpu: 0, committed: false)))
                    continue
                }
                if same { emptyCommits.append(plan.sequence) }
                lastCommitted = plan
                commit(plan.sequence)
                handle(.committed(Commit(sequence: plan.sequence, drawStart: drawStart, damage: FrameDamage(),
                                         cpu: 0)))
            case .snapshot(let index): snapshots.append((index, now - core.start))
            case .ready, .stop: break
            }
        }
    }

    /// The compositor takes a commit: the next repaint it makes sends the callback and shows the frame.
    private mutating func commit(_ sequence: UInt64) {
        let repaint = compositor.repaint(forCommitAt: now)
        // An earlier commit in the same repaint is replaced: its feedback says discarded.
        if let earlier = commits.first(where: { $0.value.repaint == repaint })?.key, shown[earlier] != nil {
            shown[earlier] = nil
            if compositor.sendsFeedback {
                pending.removeAll { if case .presented(let p) = $0.event { p.sequence == earlier } else { false } }
                schedule(.discarded(sequence: earlier), at: repaint)
            }
        }
        commits[sequence] = (now, repaint)
        if callbackAt != repaint {
            callbackAt = repaint
            schedule(.frameCallback(milliseconds: UInt32(truncatingIfNeeded: Int64((repaint * 1000).rounded(.down)))),
                     at: repaint)
        }
        if compositor.sendsFeedback {
            let hitch = compositor.hitches(repaint)
            let at = repaint + compositor.presentDelay + (hitch ? compositor.cycle : 0)
            schedule(.presented(PresentationFeedback(sequence: sequence, nanoseconds: UInt64(at * 1e9), hostTime: at,
                                                     refreshNanoseconds: UInt32((compositor.refresh ?? compositor.cycle) * 1e9))), at: at)
            shown[sequence] = at
        } else {
            shown[sequence] = repaint
        }
    }

    /// The panel's top edge as each frame drew it (from the trace's `panel` records), with its frame's sequence.
    public var panelFrames: [(sequence: UInt64, y: Double, state: PanelScene.State)] {
        var result: [(UInt64, Double, PanelScene.State)] = []
        var sequence: UInt64?
        for line in lines {
            if let frame = line.frame { sequence = frame.sequence }
            if let sequence, let panel = line.panel { result.append((sequence, panel.y, panel.state)) }
        }
        return result
    }
}
