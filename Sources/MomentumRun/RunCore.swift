import MomentumCore
import MomentumLayers
import MomentumScenes

/// What `momentum run` was asked to do, as far as the run core is concerned.
public struct RunConfiguration: Sendable {
    public var scene = SceneKind.panel
    public var backend = BackendKind.spring
    /// The window size asked for (logical px), until the first configure says what it is.
    public var size = SIMD2<Double>(800, 600)
    /// Whether a trace is written (with none, the scene's records and layouts are not even made).
    public var tracing = false
    /// `--trace-drawn`: the trace also gets what frames draw as the layout checks see it (`drawn` lines).
    public var traceDrawn = false
    /// `--mid-screenshots`: two frames mid-animation are saved (`MidMotion` picks them).
    public var midScreenshots = false
    /// Whether the HUD shows (it starts hidden in windows narrower than `HUD.minimumWindowWidth`).
    public var hud = true
    /// `--autoplay`: the scene starts its next motion whenever it rests.
    public var autoplay = false
    /// `--workload drag`: a scripted finger drags the panel once it rests, at `dragSpeed` px/s.
    public var dragWorkload = false
    public var dragSpeed = DragWorkload.defaultSpeed
    /// `--predict on`: dragged objects drawn where the finger will be when the frame is shown.
    public var predict = true
    /// `--frame-start deadline`: a frame starts at the learned latest safe time after its callback, not at once.
    public var lateFrameStart = true
    /// `--quit-after`: the run stops that many seconds after its start.
    public var quitAfter: Double?
    /// `--notify-ready`: say when the app is ready (its first frame shown, or at rest).
    public var notifyReady = false
    /// What an earlier run on the same compositor learned of the frame deadline (`FrameDeadline.memory`): this run
    /// starts from it instead of a guess.
    public var deadlineMemory: FrameDeadline.Memory?

    /// The defaults.
    public init() {}
}

/// Every decision of `momentum run`, without Wayland, GL or a clock: events in (each with the time it arrived),
/// effects out. The adapter turns listener callbacks into `RunEvent`s and carries out the `RunEffect`s; tests drive
/// it with a manual clock.
///
/// A frame, in stages (`frame(_:at:)` and `finish(_:at:)`):
/// 1. **input**: the real input that arrived by the frame's start was read (`RunEffect.readInput`); the scripted
///    finger's samples due by then are routed now;
/// 2. **advance**: the scene advances by the frame clock's step (the callback's time, refined by presentation
///    feedback), `--autoplay` starting its next motion first;
/// 3. **predict**: each finger down is extrapolated to the presentation time `FrameDeadline` expects, and what it
///    drags is drawn there (presentation-only overrides: the scene is not changed);
/// 4. **build**: the draw list (background, scene, model ghosts, switcher, HUD), with the scene's moving layer and
///    the HUD on surfaces of their own where they can be;
/// 5. **present**: the adapter draws and commits it (`RunEffect.present`);
/// 6. **record**: the frame's timing, the scene's state as drawn and its touch targets when they changed go to the
///    trace; the deadline learns the frame's build time.
///
/// `FrameState` decides when a frame starts.
public struct RunCore {
    public let configuration: RunConfiguration
    /// The run's t = 0 (host s).
    public let start: Double

    /// The scene shown, the switcher over it and the backend new scenes get.
    public private(set) var scene: any Scene
    /// How many times another scene was shown (`s`, Tab, the switcher): the platform layer tells a switch by it,
    /// traced or not (`RenderTarget.sceneSwitched`).
    public private(set) var sceneSwitches = 0
    public private(set) var switcher: SceneSwitcher
    public private(set) var backend: BackendKind
    /// When the next frame is drawn.
    public private(set) var frameState = FrameState()
    /// The window's size (logical px) and scale, from the last configure.
    public private(set) var size: SIMD2<Double>
    public private(set) var scale = 1.0
    /// Whether layers may be shown on surfaces of their own.
    private var canSeparate = false

    /// The frame clock (callback stamps refined by presentation feedback), the frames' statistics and numbers.
    private var clock = FrameClock()
    public private(set) var statistics = FrameStatistics()
    public private(set) var sequence: UInt64 = 0
    /// The last frames drawn before the display link rested or a frame was left uncommitted: the first one shown
    /// after each starts a new run of intervals (the gap is a pause or a frame that changed nothing, not a frame
    /// interval), however late the feedback of the frames before comes.
    private var breaks: [UInt64] = []
    /// When to start a frame after its callback, and when it will be shown.
    public private(set) var deadline = FrameDeadline()
    /// When each frame callback was sent, from its stamp (the deadline is timed from that, not from its handling).
    private var callbackArrival = CallbackArrival()
    private var predictions = FingerPredictions()
    /// The frame drawn and not yet committed: what its record needs.
    private var planned: Planned?
    private struct Planned {
        var sequence: UInt64
        var owed: FrameState.Owed?
        var start: Double
        var step: Double
        var presentAt: Double?
        var ahead: Double?
        var hud: Bool
        var ghosts: Int
        var overrides: PresentationOverrides
    }

    private var hud: HUD
    /// Whether key h has shown or hidden the HUD (then the window's width no longer decides).
    private var hudToggled = false
    /// What the HUD shows: the statistics, taken at most every `HUD.refreshInterval` while frames run (and on the
    /// last frame before rest), so its surface is redrawn at ~10 Hz rather than every frame; and how far ahead the
    /// finger is drawn then.
    private var hudStatistics = FrameStatistics()
    private var hudTakenAt = -Double.infinity
    private var hudAhead: Double?
    /// How far ahead the last frame drew a finger (s), for the HUD.
    private var lastAhead: Double?
    /// The HUD's surface as last drawn apart, and what it was made from: reused while those are the same, so a frame
    /// between two takings of the statistics neither lays out its text nor builds its list again.
    private var hudOverlay: (key: HUDOverlayKey, layer: SeparateLayer?)?
    /// Key m: draw each moving layer's model value (where it is heading) and velocity over the scene.
    private var showsModel = false
    /// `--workload drag`: the scripted finger (made at the first configure, for the window's size).
    public private(set) var drag: DragWorkload?
    private var readyAnnounced = false
    /// `--mid-screenshots`: the pictures taken mid-animation.
    private var midMotion = MidMotion()
    /// The fingers on the window: `--trace-drawn`'s frame is at rest when nothing moves and none is down; while one
    /// is, no frame start is foreseen (`foreseenStart`).
    private var fingersDown = FingersDown()
    /// The process's CPU time at the last commit (s).
    private var cpuAtLastFrame: Double?
    /// The touch targets the trace's last `layout` showed, and for which scene and size.
    private var lastLayout: (key: LayoutKey?, targets: [TouchTarget], chrome: [TouchTarget]) = (nil, [], [])
    private struct LayoutKey: Equatable {
        var scene: String
        var size: SIMD2<Double>
    }

    /// A run of `configuration` started at `start` (host s).
    public init(configuration: RunConfiguration, start: Double) {
        self.configuration = configuration
        self.start = start
        size = configuration.size
        scene = configuration.scene.make(size: configuration.size, backend: configuration.backend)
        backend = configuration.backend
        switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue),
                                 selected: SceneKind.allCases.firstIndex(of: configuration.scene) ?? 0)
        hud = HUD(isShown: configuration.hud)
        deadline = FrameDeadline(remembering: configuration.deadlineMemory)
    }

    /// When the core wants to hear `.dispatched` though no event came (host s): the owed frame's start (or, while
    /// its callback is awaited, its foreseen start: `defersEvents`) or the end of `--quit-after`; nil to sleep until
    /// an event.
    public var wakeTime: Double? {
        // A millisecond after the end, so the wake-up finds it over.
        let quit = configuration.quitAfter.map { start + $0 + 0.001 }
        switch (frameState.wakeTime ?? expectedStartAwaited, quit) {
        case let (wake?, quit?): return min(wake, quit)
        case let (wake, quit): return wake ?? quit
        }
    }

    /// Whether the adapter may leave the compositor's events unread until `wakeTime`: while a frame is owed. Its
    /// start reads whatever arrived (`RunEffect.readInput`) before the frame is built, so the presentation feedback
    /// that comes between a callback and the learned start (and input meanwhile) need not wake the process: one
    /// wake-up a frame fewer. What changes is only when they are handled: their trace lines' `t`, and a touch's
    /// arrival time (`FingerPredictions` takes the least delay of the recent ones, which those read at once keep).
    ///
    /// While the next callback is awaited and its frame's start can be foreseen (`expectedStart`), they are left
    /// unread until then too: the callback that comes meanwhile is read with them at that start, and the frame starts
    /// at once — one wake-up a frame (the C client's), not one for the callback and another for the start.
    public var defersEvents: Bool { frameState.wakeTime != nil || expectedStartAwaited != nil }

    /// While a callback is awaited: when the frame it brings is expected to start (host s), nil when not foreseen
    /// or when that time has passed without it (then the callback itself wakes the process, as before).
    private var expectedStart: Double?
    private var expectedStartAwaited: Double? { frameState.phase == .awaitingCallback ? expectedStart : nil }
    /// A callback read at the foreseen start whose frame would start this little later (s) starts at once: a
    /// callback sent a little later than foreseen costs no second sleep (its frame starts a fraction of a
    /// millisecond early, still inside the slack).
    static let sleptThroughTolerance = 0.0005
    /// Starts less than this long after their callback (s) are not foreseen: the callback wakes the process for them.
    static let foreseenStartMinimum = 0.002
    /// Foreseen starts in a row, after which one callback is read when it comes: the clocks' offset
    /// (`CallbackArrival`) keeps being learned from callbacks handled on arrival.
    static let foreseenRun = 31
    private var foreseenInARow = 0

    /// Whether the HUD shows now.
    public var isHUDShown: Bool { hud.isShown }

    // MARK: Events

    /// Takes in `event`, which arrived at `now` (host s), and returns what the adapter must do, in order.
    public mutating func handle(_ event: RunEvent, at now: Double) -> [RunEffect] {
        var effects: [RunEffect] = []
        handle(event, at: now, into: &effects)
        return effects
    }

    /// `handle(_:at:)` appending to `effects`: an adapter that keeps the array (emptied, its capacity kept) makes
    /// none per event.
    public mutating func handle(_ event: RunEvent, at now: Double, into effects: inout [RunEffect]) {
        switch event {
        case .configured(let window): configure(window, at: now, into: &effects)
        case .touch(let frame): route(frame, at: now, into: &effects)
        case .key(let command): perform(command, at: now, into: &effects)
        case .scroll(let input):
            for event in scene.scroll(input) { trace(.gesture(event), at: now, into: &effects) }
            frameState.invalidate()
        case .pinch(let input):
            for event in scene.pinch(input) { trace(.gesture(event), at: now, into: &effects) }
            frameState.invalidate()
        case .frameCallback(let ms):
            // Timed from when the compositor sent it: a callback handled late (a loaded machine) starts its frame
            // no later for that.
            // Read at the foreseen start (the process slept through its arrival): its handling time is not its
            // arrival, so the clocks' offset is not learned from it, and it counts as handled when it was sent.
            let unread = expectedStartAwaited.map { now >= $0 - FrameState.startTolerance } ?? false
            let sent = callbackArrival.sent(milliseconds: ms, handledAt: now, learns: !unread)
            var wake = configuration.lateFrameStart ? deadline.wake(afterCallback: sent) : now
            // Started now when its own start is at most a tolerance later: no second sleep.
            if unread, wake - now <= Self.sleptThroughTolerance { wake = min(wake, now) }
            expectedStart = nil
            frameState.callback(milliseconds: ms, at: unread ? sent : now, sent: sent, wake: wake)
        case .presented(let feedback):
            if breaks.contains(where: { feedback.sequence > $0 }) {
                statistics.idle()
                breaks.removeAll { feedback.sequence > $0 }
            }
            clock.presented(nanoseconds: feedback.nanoseconds, refreshNanoseconds: UInt64(feedback.refreshNanoseconds))
            statistics.presented(ns: feedback.nanoseconds, refreshNs: feedback.refreshNanoseconds, msc: feedback.msc,
                                 vsync: feedback.flags.contains(.vsync))
            deadline.presented(sequence: feedback.sequence, at: feedback.hostTime,
                               refresh: Double(feedback.refreshNanoseconds) / 1e9)
            if configuration.predict { predictions.presented(sequence: feedback.sequence, at: feedback.hostTime) }
            trace(.presented(TraceRecord.Presented(sequence: feedback.sequence, nanoseconds: feedback.nanoseconds,
                                                   refreshNanoseconds: feedback.refreshNanoseconds, msc: feedback.msc,
                                                   flags: feedback.flags)), at: now, into: &effects)
            announceReady(into: &effects)
        case .discarded(let sequence):
            trace(.discarded(sequence: sequence), at: now, into: &effects)
        case .dispatched:
            decide(at: now, into: &effects)
        case .inputRead(let cpu):
            guard let owed = frameState.started else { break }
            frame(owed, cpu: cpu, at: now, into: &effects)
            // A frame that found the scene at rest may have changed something (the scripted finger armed): drawn at once.
            decide(at: now, into: &effects)
        case .committed(let commit):
            finish(commit, at: now, into: &effects)
        case .closed:
            effects.append(.stop(code: 0, reason: "closed"))
        }
    }

    /// After a batch of events: start the owed frame when its start came, draw at once when idle and something
    /// changed, and end the run when `--quit-after` is up.
    private mutating func decide(at now: Double, into effects: inout [RunEffect]) {
        // The foreseen start passed without its callback: the callback wakes the process when it comes.
        if let expected = expectedStart, now >= expected - FrameState.startTolerance { expectedStart = nil }
        switch frameState.decide(at: now) {
        case .wait: break
        case .start(let owed):
            frameState.starting(owed)
            effects.append(.readInput)
        case .drawNow:
            _ = clock.resume(hostTime: now)
            plan(owed: nil, start: now, step: 0, into: &effects)
        }
        if let quitAfter = configuration.quitAfter, now - start >= quitAfter {
            effects.append(.stop(code: 0, reason: "quit-after"))
        }
    }

    private mutating func configure(_ window: WindowConfiguration, at now: Double, into effects: inout [RunEffect]) {
        trace(.configure(TraceRecord.Configure(width: window.width, height: window.height, scale: window.scale,
                                               bufferWidth: window.bufferWidth, bufferHeight: window.bufferHeight)),
              at: now, into: &effects)
        size = SIMD2(Double(window.width), Double(window.height))
        scale = window.scale
        canSeparate = window.canSeparate
        scene.setOutputScale(window.scale)
        scene.resize(to: size)
        switcher.setRoom(HUD.switcherRoom(for: size), compact: SceneChrome.isCompact(size))
        if configuration.dragWorkload, drag == nil {
            drag = DragWorkload(width: size.x, height: size.y, speed: configuration.dragSpeed)
        }
        // In a window too narrow for the switcher's menu button beside it, the HUD starts hidden (key h).
        if !hudToggled { hud.isShown = configuration.hud && size.x >= HUD.minimumWindowWidth }
        traceSwitcher(at: now, into: &effects)
        frameState.configured()
    }

    // MARK: Input

    /// A touch frame goes to the switcher first; what it does not take goes to the scene.
    private mutating func route(_ frame: TouchFrame, at now: Double, into effects: inout [RunEffect]) {
        if configuration.tracing {
            for change in frame.changes {
                trace(.touch(TraceRecord.Touch(phase: change.phase, id: change.id, position: change.position,
                                               time: change.time)), at: now, into: &effects)
            }
        }
        if configuration.predict { predictions.track(frame, arrivedAt: now) }
        fingersDown.track(frame)
        let (rest, selection, changed) = switcher.filter(frame)
        if let selection { switchScene(to: SceneKind.allCases[selection], at: now, into: &effects) }
        if changed || selection != nil { traceSwitcher(at: now, into: &effects) }
        if let rest { for event in scene.handle(rest) { trace(.gesture(event), at: now, into: &effects) } }
        frameState.invalidate()
    }

    private mutating func perform(_ command: KeyCommand, at now: Double, into effects: inout [RunEffect]) {
        switch command {
        case .quit:
            effects.append(.stop(code: 0, reason: "quit key"))
        case .toggleModel:
            showsModel.toggle()
            frameState.invalidate()
        case .toggleGravity:
            guard var playground = scene as? PlaygroundScene, playground.toggleGravity() else { return }
            scene = playground
            trace(.gesture(SceneEvent(.gravity, [TraceField(EventField.on, .bool(playground.hasGravity))])), at: now,
                  into: &effects)
            frameState.invalidate()
        case .toggleHUD:
            hud.isShown.toggle()
            hudToggled = true
            hudStatistics = statistics
            hudTakenAt = now
            frameState.invalidate()
        case .nextScene:
            let kinds = SceneKind.allCases
            switchScene(to: kinds[(switcher.selected + 1) % kinds.count], at: now, into: &effects)
        case .backend(let kind):
            guard var switchable = scene as? any Scene & BackendSwitchable else { return }
            backend = kind
            switchable.switchBackend(to: kind.make(), name: kind.rawValue)
            scene = switchable
            trace(.backend(name: kind.rawValue), at: now, into: &effects)
            frameState.invalidate()
        }
    }

    private mutating func switchScene(to kind: SceneKind, at now: Double, into effects: inout [RunEffect]) {
        scene = kind.make(size: size, backend: backend)
        scene.setOutputScale(scale)
        sceneSwitches += 1
        if let index = SceneKind.allCases.firstIndex(of: kind) { switcher.selected = index }
        trace(.scene(name: kind.rawValue), at: now, into: &effects)
        frameState.invalidate()
    }

    // MARK: Frames

    /// The owed frame's start: its input was read by `now` (stage 1 continues with the scripted finger), then it
    /// advances, and is drawn when something moves or changed, else the display link rests.
    private mutating func frame(_ owed: FrameState.Owed, cpu: () -> Double, at now: Double,
                                into effects: inout [RunEffect]) {
        // 1. Input: the scripted finger's samples due by now reach the scene before the frame is built, as real
        //    touch does.
        if var workload = drag {
            for frame in workload.due(now: now) { route(frame, at: now, into: &effects) }
            drag = workload
        }
        // 2. Advance: by the interval the frame clock gives, unless the scene's animator clamps it as a hitch.
        let interval = clock.tick(callbackMilliseconds: owed.milliseconds, hostTime: owed.callback)
        statistics.callback(owed.milliseconds)
        if configuration.autoplay, scene.autoplay() { trace(.gesture(SceneEvent(.autoplay)), at: now, into: &effects) }
        let moving = scene.needsFrames
        // The step the scene's tree took, for the trace only: each read of the tree through `any Scene` copies it
        // (a retain and a release of each of its arrays), two a frame that an untraced run does not need.
        let before = configuration.tracing ? scene.layers.time : 0
        for event in scene.advance(by: interval) { trace(.gesture(event), at: now, into: &effects) }
        let step = configuration.tracing ? scene.layers.time - before : 0
        if hud.isShown, now - hudTakenAt >= HUD.refreshInterval || !scene.needsFrames {
            hudStatistics = statistics
            hudTakenAt = now
            hudAhead = lastAhead
        }
        let still = !moving && !frameState.isDirty && !scene.needsFrames
        if still, drag != nil, drag?.start == nil {
            // The panel rests: the scripted finger goes down now and the display link runs on for it (this frame,
            // which draws nothing new, is left uncommitted rather than committed empty: a compositor may discard
            // the feedback of a commit that changes nothing).
            announceReady(into: &effects)
            drag?.arm(now: now)
        }
        if !still || drag?.isRunning == true {
            plan(owed: owed, start: now, step: step, into: &effects)
            return
        }
        frameState.rested()
        statistics.idle()
        addBreak(after: sequence)
        if configuration.tracing { trace(.rest(cpu: cpu()), at: now, into: &effects) }
        announceReady(into: &effects)
    }

    /// Stages 3 and 4: predicts, builds the frame and asks the adapter to present it.
    private mutating func plan(owed: FrameState.Owed?, start frameStart: Double, step: Double,
                               into effects: inout [RunEffect]) {
        sequence += 1
        frameState.drew()
        // 3. Predict: where each finger will be when this frame is shown.
        let presentAt = deadline.presentation(afterCallback: owed?.sent ?? frameStart)
        var overrides = PresentationOverrides()
        var ahead: Double?
        if configuration.predict {
            let fingers = predictions.fingers(at: presentAt, now: frameStart)
            ahead = fingers.ahead
            if !fingers.positions.isEmpty { overrides = scene.presentationOverrides(predicted: fingers.positions) }
        }
        // 4. Build. The first frame too is built with its layers apart: drawn into the window, they would have to
        //    be drawn out of it again a frame later, while the compositor still holds the first window buffer — a
        //    second window buffer (31.6 MiB at 3840x2160) and a second full-window draw.
        if hud.isShown { refreshHUDOverlay() }
        let moved = movedLayers(separating: canSeparate, overrides: overrides)
        let built = moved ?? buildRetaining(separating: canSeparate, overrides: overrides)
        planned = Planned(sequence: sequence, owed: owed, start: frameStart, step: step, presentAt: presentAt,
                          ahead: ahead, hud: hud.isShown && !switcher.isOpen, ghosts: built.ghosts,
                          overrides: overrides)
        lastAhead = ahead
        effects.append(.present(FramePlan(sequence: sequence, list: built.list, separated: built.separated,
                                          mayOmitCommit: owed != nil, movedOnly: moved != nil)))
    }

    /// Stage 6: the frame was committed at `now`.
    private mutating func finish(_ commit: Commit, at now: Double, into effects: inout [RunEffect]) {
        guard let frame = planned, frame.sequence == commit.sequence else { return }
        planned = nil
        expectedStart = nil
        if !commit.committed, let owed = frame.owed {
            trace(.unchanged(sequence: frame.sequence, step: frame.step), at: now, into: &effects)
            rearm(after: owed, uncommitted: frame.sequence)
            // The scene's state (a settle below a pixel: exactly at rest now) and its layout at rest still go to the
            // trace, after the `unchanged` line that says no frame shows them.
            if configuration.tracing {
                trace(.sceneState(scene.record(drawnWith: frame.overrides)), at: now, into: &effects)
                traceLayoutIfChanged(at: now, into: &effects)
            }
            if (frame.ahead ?? 0) > 0 { frameState.invalidate() }
            return
        }
        if configuration.predict, let presentAt = frame.presentAt {
            predictions.committed(sequence: frame.sequence, presentation: presentAt)
        }
        if let owed = frame.owed {
            // From the planned wake: the time a late wake-up loses counts (a loaded machine's).
            deadline.drew(sequence: frame.sequence, callback: owed.sent, wake: min(owed.wake, frame.start),
                          commit: now)
            if foreseenInARow >= Self.foreseenRun {
                foreseenInARow = 0
            } else {
                expectedStart = foreseenStart(after: owed, now: now)
                if expectedStart != nil { foreseenInARow += 1 }
            }
        } else {
            deadline.drewWithoutCallback()
        }
        let cpuMicros = cpuAtLastFrame.map { (commit.cpu - $0) * 1e6 } ?? commit.cpu * 1e6
        cpuAtLastFrame = commit.cpu
        if configuration.tracing {
            let record = TraceRecord.Frame(
                sequence: frame.sequence, callbackMilliseconds: frame.owed?.milliseconds, step: frame.step,
                hud: frame.hud, ghosts: frame.ghosts, tickMicros: (commit.drawStart - frame.start) * 1e6,
                renderMicros: (now - commit.drawStart) * 1e6, damagePixels: commit.damage.compositorPixels,
                drawnPixels: commit.damage.drawnPixels, layerSurface: commit.damage.layerSurface,
                callbackT: frame.owed.map { $0.callback - start }, wakeT: frame.owed.map { _ in frame.start - start },
                commitT: now - start, cpuMicros: cpuMicros, targetT: frame.presentAt.map { $0 - start },
                predictMicros: frame.ahead.map { $0 * 1e6 }, layerSwaps: commit.damage.layerSwaps)
            trace(.frame(record), at: now, into: &effects)
            trace(.sceneState(scene.record(drawnWith: frame.overrides)), at: now, into: &effects)
            traceLayoutIfChanged(at: now, into: &effects)
            // What the frame drew, every other frame while the scene moves or is held, and on the frame it rests.
            let atRest = !scene.needsFrames && fingersDown.isEmpty
            if configuration.traceDrawn, frame.sequence % 2 == 0 || atRest {
                trace(.drawn(TraceRecord.Drawn(scene: scene.name, atRest: atRest,
                                               layout: scene.drawnLayout(overrides: frame.overrides))),
                      at: now, into: &effects)
            }
        }
        if configuration.midScreenshots,
           let index = midMotion.take(scene.record(drawnWith: frame.overrides), size: size, at: now - start) {
            effects.append(.snapshot(index: index))
        }
        // A frame drawn ahead of the finger is followed by one more: a finger that stopped is drawn where it rests.
        // So is one that drew a layer's part in view only: the next draws the whole layer, before it moves.
        if (frame.ahead ?? 0) > 0 || commit.damage.layerOwed { frameState.invalidate() }
    }

    /// When the frame of the callback after `owed`'s is expected to start (host s): that callback a period after
    /// `owed`'s, and the learned start after it. Nil before the deadline is learned from feedback, with the frame
    /// started at the callback, for a start close after the callback (`foreseenStartMinimum`), one already past,
    /// while the callbacks' send times are not known from their stamps (`CallbackArrival.isCalibrated`: after a
    /// callback handled too late to believe, the next are read on arrival until they are), and while a finger is down (its samples are read as they come, as before: what the drag's prediction was
    /// measured with).
    private func foreseenStart(after owed: FrameState.Owed, now: Double) -> Double? {
        guard configuration.lateFrameStart, fingersDown.isEmpty, deadline.hasFeedback, callbackArrival.isCalibrated,
              let period = deadline.period
        else { return nil }
        let sent = owed.sent + period
        let wake = deadline.wake(afterCallback: sent)
        guard wake - sent >= Self.foreseenStartMinimum, wake > now else { return nil }
        return wake
    }

    /// Frame `sequence`, started after the callback `owed`, changed no pixel and was not committed: no callback comes
    /// for it, so the next frame is owed as if it had, a period later (the learned cadence, else 60 Hz), and starts
    /// when that callback's frame would. The frame is traced as `unchanged` (no `frame` line); the interval across it
    /// is not a frame interval (nor a missed refresh), and the deadline learns nothing from it.
    private mutating func rearm(after owed: FrameState.Owed, uncommitted sequence: UInt64) {
        addBreak(after: sequence)
        let period = deadline.period ?? 1.0 / 60
        let sent = owed.sent + period, callback = owed.callback + period
        // Started no earlier than that callback would have been handled, as a real one is.
        let wake = max(callback, configuration.lateFrameStart ? deadline.wake(afterCallback: sent) : sent)
        let next = FrameState.Owed(milliseconds: owed.milliseconds &+ UInt32((period * 1000).rounded()),
                                   callback: callback, sent: sent, wake: wake)
        frameState.rearm(next)
    }

    /// The interval from frame `sequence` to the next shown is no frame interval. (Kept for the newest few: where
    /// no feedback comes, nothing takes them back.)
    private mutating func addBreak(after sequence: UInt64) {
        breaks.append(sequence)
        if breaks.count > 16 { breaks.removeFirst() }
    }

    /// Frames whose window list was built (the whole scene drawn, its text laid out), not the last frame's kept: a
    /// frame in which only layers drawn apart move builds none.
    public private(set) var drawListBuilds = 0

    /// What the window's list was last built from, the list (before `Planes`) and the scene's layers drawn apart
    /// then, and the frame made of them: a frame where only those layers changed reuses the list.
    private var lastBuild: LastBuild?
    private struct LastBuild {
        var key: BuildKey
        var list: DrawList
        /// The reaches of `list`'s commands from the first layer's index on (`Planes.reaches(of:from:)`).
        var reaches: [DrawRect]
        var layers: [SeparateLayer]
        /// The array of the layers drawn apart the frame before (emptied and filled again by the next frame).
        var spare: [SeparateLayer]
        var ids: [LayerID]
        /// What of those layers' models the list depends on (`LayerTree.apartState(of:)`).
        var apart: [SIMD2<Double>]
        /// The tree's newest version when `layers` were drawn apart.
        var drawnAt: UInt64
        var frame: Built
        /// What the HUD's surface in `frame` was made from besides the key's: when its statistics were taken and the
        /// backend named in its corner.
        var hudTakenAt: Double
        var backend: BackendKind
    }
    /// Everything the window's list is drawn from but the presented values of running animations. A scene that
    /// draws more than its layers (the gallery's lane curves) changes that only with its size.
    private struct BuildKey: Equatable {
        var scene: String
        var tree: UInt64
        var size: SIMD2<Double>
        var scale: Double
        var switcher: SIMD3<Double>
        var hud: Bool
    }
    private typealias Built = (list: DrawList, separated: [SurfaceSlot: SeparateLayer], ghosts: Int)

    /// `build(separating:overrides:)`, without building the window's list again when only layers drawn apart changed
    /// since the last frame (only they or what is inside them animating, `LayerTree.animatesOnlyWithin`; no model
    /// written outside them, their places in the drawing order the same, no overrides, no model ghosts): those are
    /// drawn apart again as they are now, the rest is the last list; where the split
    /// (`Planes`) comes out as before, the last frame's lists themselves (so the renderer finds the window's list
    /// the same at once, without comparing it).
    private mutating func buildRetaining(separating: Bool, overrides: PresentationOverrides) -> Built {
        guard separating, overrides.isEmpty, !showsModel else {
            lastBuild = nil
            drawListBuilds += 1
            return build(separating: separating, overrides: overrides)
        }
        // The scene's tree read once (each read through `any Scene` copies it: a retain and release per part).
        let tree = scene.layers
        if var last = lastBuild, last.key == buildKey(tree, outside: last.ids), tree.hasApartState(last.apart, of: last.ids),
           tree.animatesOnlyWithin(last.ids) {
            // Taken, not copied, so its arrays are changed in place: the layers drawn apart again go into the array
            // the frame before last used (none made a frame), and the last frame's are kept for the comparison.
            lastBuild = nil
            var layers: [SeparateLayer] = []
            swap(&layers, &last.spare)
            guard tree.separatedAgain(last.layers, since: last.drawnAt, into: &layers) else {
                return buildAnew(tree, overrides: overrides)
            }
            var frame: Built
            let keptAll = SurfaceSlot.sceneSlots.reduce(0) { $0 + (last.frame.separated[$1] == nil ? 0 : 1) } == layers.count
            if keptAll, Planes.splitsAlike(reaches: last.reaches, old: last.layers, new: layers) {
                // Split as before: the last frame's window list and chrome, the layers where they are now. The last
                // frame's slots are taken, not copied (the frame presented last holds them no more), so they are
                // changed in place: no dictionary is made a frame.
                frame = last.frame
                last.frame.separated = [:]
                for (slot, layer) in zip(SurfaceSlot.sceneSlots, layers) { frame.separated[slot] = layer }
                frame.separated[.overlay] = overlaySeparated()
            } else {
                frame = split(last.list, layers: layers, overlay: overlaySeparated(), ghosts: last.frame.ghosts)
                if frame.list == last.frame.list { frame.list = last.frame.list }
                for slot in SurfaceSlot.chromeSlots {
                    if let chrome = frame.separated[slot], chrome == last.frame.separated[slot] {
                        frame.separated[slot] = last.frame.separated[slot]
                    }
                }
            }
            swap(&last.layers, &layers)
            last.spare = layers
            last.drawnAt = tree.newestVersion
            last.frame = frame
            last.hudTakenAt = hudTakenAt
            last.backend = backend
            lastBuild = last
            return frame
        }
        return buildAnew(tree, overrides: overrides)
    }

    /// What the window's list is drawn from (`BuildKey`): models written inside the layers drawn apart (`ids`)
    /// change only their drawings (drawn anew), not the window's list, unless their place in the drawing order
    /// changed (`LastBuild.apart`).
    private func buildKey(_ tree: LayerTree, outside ids: [LayerID]) -> BuildKey {
        buildKey(version: tree.newestVersion(outside: ids))
    }

    /// The key with the tree's part `version`.
    private func buildKey(version: UInt64) -> BuildKey {
        BuildKey(scene: scene.name, tree: version, size: size, scale: scale,
                 switcher: SIMD3(switcher.room, switcher.isOpen ? 1 : 0, Double(switcher.selected)), hud: hud.isShown)
    }

    /// Frames in which only layers drawn apart at rest moved (`movedLayers`): no list built or split, no layer drawn
    /// apart again; the platform layer only places their surfaces (`FramePlan.movedOnly`).
    public private(set) var layerOnlyFrames = 0

    /// The last frame again with only its layers drawn apart at rest moved, when that is all that changed since: no
    /// model written anywhere in the tree (its newest version is the one they were drawn apart at), every running
    /// animation the position of one of them (`LayerTree.animatesOnlyPositions`), the rest of the window's key and
    /// the HUD's surface the same, no overrides, no model ghosts, and each moved layer as near what the window draws
    /// above it as before (`Planes.splitsAlike`: the same chromes). Their frames are moved in place (the last
    /// frame's arrays and slots, none made); nil, with nothing changed, when any of that does not hold.
    private mutating func movedLayers(separating: Bool, overrides: PresentationOverrides) -> Built? {
        // Taken, not copied, so its arrays are changed in place; put back as it was on every way out.
        guard separating, overrides.isEmpty, !showsModel, var last = lastBuild.take() else { return nil }
        guard !last.layers.isEmpty, last.hudTakenAt == hudTakenAt, last.backend == backend else {
            lastBuild = last
            return nil
        }
        let tree = scene.layers
        guard tree.newestVersion == last.drawnAt, tree.animatesOnlyPositions(of: last.ids),
              last.key == buildKey(version: last.key.tree) else {
            lastBuild = last
            return nil
        }
        for index in last.layers.indices {
            guard let id = last.layers[index].layer, tree.animatesPosition(of: id) else { continue }
            let before = last.layers[index]
            guard before.shownFrom != nil, let topLeft = tree.shownTopLeft(of: id) else {
                return restore(last, movedBefore: index)
            }
            last.layers[index].moved(to: topLeft)
            guard Planes.splitsAlike(reaches: last.reaches, old: before, new: last.layers[index]) else {
                return restore(last, movedBefore: index + 1)
            }
        }
        for (index, slot) in zip(last.layers.indices, SurfaceSlot.sceneSlots) where last.layers[index].layer != nil {
            // One look-up of the slot a layer (the frame's dictionary changed in place once, not twice).
            let frame = last.layers[index].frame, shownFrom = last.layers[index].shownFrom
            last.frame.separated[slot]?.place(frame, shownFrom: shownFrom)
        }
        let frame = last.frame
        lastBuild = consume last  // moved back, not copied
        layerOnlyFrames += 1
        return frame
    }

    /// `last` kept as it was before `movedLayers` moved its layers before `index` (its frame's slots still hold them
    /// as they were): nil, the frame is built the usual way.
    private mutating func restore(_ last: LastBuild, movedBefore index: Int) -> Built? {
        var last = last
        for (moved, slot) in zip(0..<index, SurfaceSlot.sceneSlots) {
            if let kept = last.frame.separated[slot] { last.layers[moved] = kept }
        }
        lastBuild = last
        return nil
    }

    /// The frame built from the scene (its window list and the layers drawn apart), remembered with its key.
    private mutating func buildAnew(_ tree: LayerTree, overrides: PresentationOverrides) -> Built {
        drawListBuilds += 1
        let built = buildDrawList(separating: true, overrides: overrides)
        let layers = SurfaceSlot.sceneSlots.compactMap { built.separated[$0] }
        let frame = split(built.list, layers: layers, overlay: built.separated[.overlay], ghosts: built.ghosts)
        let ids = layers.compactMap(\.layer)
        lastBuild = LastBuild(key: buildKey(tree, outside: ids), list: built.list,
                              reaches: Planes.reaches(of: built.list, from: layers), layers: layers, spare: [], ids: ids,
                              apart: tree.apartState(of: ids), drawnAt: tree.newestVersion, frame: frame,
                              hudTakenAt: hudTakenAt, backend: backend)
        return frame
    }

    /// The frame's draw list, and with `separating` the layers shown on surfaces of their own: the scene's moving
    /// layers, what is drawn over them (the chromes between them, `Planes`), and the HUD.
    private func build(separating: Bool, overrides: PresentationOverrides) -> Built {
        let built = buildDrawList(separating: separating, overrides: overrides)
        return split(built.list, layers: SurfaceSlot.sceneSlots.compactMap { built.separated[$0] },
                     overlay: built.separated[.overlay], ghosts: built.ghosts)
    }

    /// The window's `list` and the scene's `layers` drawn apart from it (in drawing order), split by `Planes` (what
    /// the window draws over a layer on the chrome right above it), with the HUD's `overlay`.
    private func split(_ list: DrawList, layers: [SeparateLayer], overlay: SeparateLayer?, ghosts: Int) -> Built {
        var built: Built = (list, [:], ghosts)
        built.separated[.overlay] = overlay
        guard !layers.isEmpty else { return built }
        let planes = Planes(list: list, separated: layers, size: size)
        built.list = planes.window
        for (index, layer) in layers.enumerated() {
            built.separated[SurfaceSlot.scene(index)] = layer
            built.separated[SurfaceSlot.chrome(after: index)] = planes.chromes[index]
        }
        return built
    }

    /// The frame: background, the scene's layers, the model ghosts (key m), the switcher, the HUD. With
    /// `separating`, a layer that wants a surface of its own (and can have one now) and the HUD are returned, each
    /// drawn apart, instead of drawn into the list.
    private func buildDrawList(separating: Bool, overrides: PresentationOverrides, hud showsHUD: Bool = true)
        -> (list: DrawList, separated: [SurfaceSlot: SeparateLayer], ghosts: Int) {
        var list = DrawList()
        list.addBackground(top: RGBA(hex: 0x1B2A49), bottom: RGBA(hex: 0x4A2F5E))
        var separated: [SurfaceSlot: SeparateLayer] = [:]
        if separating {
            let layers = scene.draw(into: &list, separating: SurfaceSlot.sceneSlots.count, overrides: overrides)
            for (slot, layer) in zip(SurfaceSlot.sceneSlots, layers) { separated[slot] = layer }
        } else {
            scene.draw(into: &list, overrides: overrides)
        }
        let ghosts = showsModel ? scene.layers.drawModelGhosts(into: &list) : 0
        switcher.draw(into: &list, size: size)
        // The open scene menu is above everything, the HUD too.
        guard !switcher.isOpen, showsHUD, hud.isShown else { return (list, separated, ghosts) }
        if separating {
            separated[.overlay] = overlaySeparated()
        } else {
            hud.draw(into: &list, size: size, statistics: hudStatistics, backend: hudOverlayKey.backend)
        }
        return (list, separated, ghosts)
    }

    /// What the HUD's surface is made from besides its statistics (named by when they were taken).
    private struct HUDOverlayKey: Equatable {
        var size: SIMD2<Double>
        var backend: String
        var takenAt: Double
        var isShown: Bool
    }

    /// The HUD's corner text: while a dragged object is drawn ahead of the finger, by how much ("→ 18 ms"); the
    /// backend's name otherwise (nothing animates a held object).
    private var hudOverlayKey: HUDOverlayKey {
        let backend = hudAhead.flatMap { $0 > 0.0005 ? "→ \(Int(($0 * 1000).rounded())) ms" : nil }
            ?? (scene as? any BackendSwitchable)?.backendName ?? "-"
        return HUDOverlayKey(size: size, backend: backend, takenAt: hudTakenAt, isShown: hud.isShown)
    }

    /// The HUD drawn apart, when it shows (the surface last made for what it shows now, else made now).
    private func overlaySeparated() -> SeparateLayer? {
        guard !switcher.isOpen, hud.isShown else { return nil }
        let key = hudOverlayKey
        return hudOverlay.flatMap { $0.key == key ? $0.layer : nil }
            ?? hud.overlay(size: size, statistics: hudStatistics, backend: key.backend)
    }

    /// Makes the HUD's surface again when what it shows changed since it was last made.
    private mutating func refreshHUDOverlay() {
        let key = hudOverlayKey
        guard hudOverlay?.key != key else { return }
        hudOverlay = (key, hud.overlay(size: size, statistics: hudStatistics, backend: key.backend))
    }

    /// The frame as a screenshot shows it: everything drawn into one list (without the HUD unless `hud`).
    public func screenshotList(hud: Bool = true) -> DrawList {
        buildDrawList(separating: false, overrides: PresentationOverrides(), hud: hud).list
    }

    // MARK: Trace

    private func trace(_ record: TraceRecord, at now: Double, into effects: inout [RunEffect]) {
        guard configuration.tracing else { return }
        effects.append(.trace(TraceLine(t: now - start, record)))
    }

    private func traceSwitcher(at now: Double, into effects: inout [RunEffect]) {
        guard configuration.tracing else { return }
        let targets = switcher.targets.map { TouchTarget($0.name, $0.rect) }
        trace(.switcher(TraceRecord.Switcher(form: switcher.form.rawValue, isOpen: switcher.isOpen, targets: targets)),
              at: now, into: &effects)
    }

    /// Writes the `layout` line when the scene has come to rest with its touch targets or the chrome's changed since
    /// they were last written, and on the first frame of a scene or a window size whatever moves (not while the
    /// switcher's menu is open: it takes every touch then).
    private mutating func traceLayoutIfChanged(at now: Double, into effects: inout [RunEffect]) {
        let key = LayoutKey(scene: scene.name, size: size)
        guard !switcher.isOpen, !scene.needsFrames || key != lastLayout.key else { return }
        let targets = scene.touchTargets
        var chrome = switcher.targets.map { TouchTarget($0.name, $0.rect) }
        if hud.isShown { chrome.append(TouchTarget("hud", HUD.box(for: size))) }
        guard targets != lastLayout.targets || chrome != lastLayout.chrome || key != lastLayout.key else { return }
        lastLayout = (key, targets, chrome)
        trace(.layout(TraceRecord.Layout(scene: scene.name, targets: targets, chrome: chrome)), at: now,
              into: &effects)
    }

    private mutating func announceReady(into effects: inout [RunEffect]) {
        guard configuration.notifyReady, !readyAnnounced else { return }
        readyAnnounced = true
        effects.append(.ready)
    }
}

private extension SeparateLayer {
    /// Shown at `frame`, drawn apart at rest from `shownFrom` (`RunCore.movedLayers`).
    mutating func place(_ frame: DrawRect, shownFrom: SIMD2<Double>?) {
        self.frame = frame
        self.shownFrom = shownFrom
    }
}
