import Glibc
import Logging
import MomentumCore
import MomentumLayers
import MomentumRender
import MomentumScenes
import WaylandClient

/// `momentum run`: wires the platform, the scene, the frame pacer, the render target, the HUD and the trace sink.
///
/// It owns no one's job but the wiring and the routing: input goes to the switcher, then to the scene (touch) or
/// the key table (keys); frame callbacks go to the pacer, which says whether to draw; a frame is the scene's
/// layers, the switcher and the HUD drawn by the render target. See docs/architecture.md for one frame and one
/// touch in order.
final class DemoRunner {
    private let options: RunOptions
    private let logger: Logger
    private let start = HostClock.now()
    private let trace: TraceSink
    private var display: Display?
    private var registry: Registry?
    private var window: Window?
    private var seat: Seat?
    private var loop: EventLoop?
    private let target: RenderTarget
    private var scene: any Scene
    private var switcher: SceneSwitcher
    private var backend: BackendKind
    private var pacer = FramePacer()
    /// When to start a frame after its callback (late, with the newest input) and when it will be shown.
    private var deadline = FrameDeadline()
    /// A callback's frame not drawn yet: the callback's stamp, when it arrived, and when the frame starts.
    private var owed: (ms: UInt32, at: Double, wake: Double)?
    /// Each finger down: where it will be when the frame being drawn is shown (`--predict`).
    private var predictors: [Int32: TouchPredictor] = [:]
    /// Input time → host time: the least (arrival − event time) of recent touch samples.
    private var inputDelays: [Double] = []
    /// The prediction the last frame drew (horizon × weight, s), for the trace and the HUD; nil with no finger.
    private var predicted: Double?
    /// The presentation clock, when it is not CLOCK_MONOTONIC (feedback is put on the host clock).
    private var presentationClock: Int32?
    private var hud: HUD
    /// What the HUD shows: the pacer's statistics, taken at most every `HUD.refreshInterval` while frames run (and
    /// on the last frame before rest), so the HUD's surface is redrawn at ~10 Hz rather than every frame.
    private var hudStatistics = FrameStatistics()
    private var hudTakenAt = -Double.infinity
    /// What the HUD shows of the prediction, taken with the statistics: how far ahead the finger is drawn (s).
    private var hudAhead: Double?
    /// Key m: draw each moving layer's model value (where it is heading) and velocity over the scene.
    private var showsModel = false
    /// How many model ghosts the frame being built shows (for the trace).
    private var ghostsDrawn = 0
    private var readyAnnounced = false
    /// Whether key h has shown or hidden the HUD (then the window's width no longer decides).
    private var hudToggled = false
    /// `--workload drag`: the scripted finger (made at the first configure, for the window's size).
    private var drag: DragWorkload?
    /// The process's CPU time at the last frame (s).
    private var cpuAtLastFrame = HostClock.processCPU()
    /// The touch targets the trace's last `layout` event showed.
    private var lastLayout: (key: LayoutKey?, targets: [TouchTarget], chrome: [TouchTarget]) = (nil, [], [])
    /// A scene at a window size.
    private struct LayoutKey: Equatable {
        var scene: String
        var width: Int32, height: Int32
    }
    private var drawList = DrawList()
    private var failure: AppError?
    /// Presentation feedback still unanswered and freed unanswered, read from the window at teardown.
    private var feedbackAtExit = (unanswered: 0, freed: 0)

    /// A runner for `options` that reports through `logger` (failures at `.error`, the platform's notes at their level).
    init(options: RunOptions, logger: Logger) throws(AppError) {
        self.options = options
        self.logger = logger
        target = RenderTarget { [logger] line in logger.notice("\(line)") }
        target.allowsLayerSurfaces = options.subsurfaces
        hud = HUD(isShown: options.hud)
        trace = try TraceSink(path: options.tracePath, start: start, limit: options.traceLimit)
        scene = options.scene.make(size: SIMD2(Double(options.width), Double(options.height)), backend: options.backend)
        backend = options.backend
        switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue),
                                 selected: SceneKind.allCases.firstIndex(of: options.scene) ?? 0)
    }

    /// Runs until quit; returns the exit code. The trace gets an `exit` event and is flushed on every path; a
    /// trace that could not be written is reported (one line) and makes the exit code non-zero.
    func run() -> Int32 {
        let (code, reason) = runLoop()
        trace.exit(code: code, reason: reason, feedbackUnanswered: feedbackAtExit.unanswered,
                   feedbackFreed: feedbackAtExit.freed)
        if let failure = trace.failure {
            logger.error("\(failure)")
            return code == 0 ? failure.code : code
        }
        return code
    }

    private func runLoop() -> (Int32, String) {
        defer { tearDown() }
        do {
            let display = try Display()
            self.display = display
            let registry = try Registry(display: display) { [logger] level, message in
                logger.log(level: Logger.Level(level), "\(message)")
            }
            self.registry = registry
            trace.clock(start: start, presentationClock: registry.presentationClock,
                        inputTimestamps: registry.inputTimestamps != nil)
            presentationClock = registry.presentationClock.flatMap { $0 == 1 ? nil : $0 }
            let window = try Window(registry: registry, title: "Momentum", appID: "dev.momentum.Momentum",
                                    size: .init(width: options.width, height: options.height),
                                    fullscreen: options.fullscreen,
                                    minimumSize: .init(width: Size.minimum.width, height: Size.minimum.height)) {
                [logger] level, message in logger.log(level: Logger.Level(level), "\(message)")
            }
            self.window = window
            logger.debug("window decorations: \(window.decorations.rawValue)")
            seat = registry.input
            let loop = EventLoop(display: display)
            self.loop = loop
            if let source = window.decorationEvents { loop.add(source) }
            wire(window: window, loop: loop)
            let exit = loop.run { [unowned self] in afterDispatch() }
            if let failure { return (failure.code, failure.description) }
            switch exit {
            case .requested(let code, let reason):
                return saveScreenshot(code: code, reason: reason)
            case .signal(let name):
                return saveScreenshot(code: 0, reason: name)
            case .failed(let error):
                logger.error("\(error)")
                return (1, error.description)
            }
        } catch let error as WaylandError {
            logger.error("\(error)")
            if case .noCompositor = error { return (2, error.description) }
            return (1, error.description)
        } catch {
            logger.error("\(error)")
            return (1, "\(error)")
        }
    }

    /// Releases GL before EGL, EGL before the surface, and everything before the display disconnects.
    private func tearDown() {
        if let window { feedbackAtExit = (window.unansweredFeedbackCount, window.droppedFeedbackCount) }
        target.tearDown()
        seat = nil
        window = nil
        registry = nil
        loop = nil
        display = nil
    }

    // MARK: Wiring

    private func wire(window: Window, loop: EventLoop) {
        // The window and the loop are the runner's: the closures the window keeps must not keep them (a cycle
        // would leave the window alive, and its toplevel and surface undestroyed, at exit).
        window.onConfigure = { [unowned self, unowned window, unowned loop] configured in
            let buffer = window.bufferSize
            trace.configure(width: configured.size.width, height: configured.size.height, scale: configured.scale,
                            bufferWidth: buffer.width, bufferHeight: buffer.height)
            seat?.surfaceSize = SIMD2(Double(configured.size.width), Double(configured.size.height))
            scene.setOutputScale(configured.scale)
            scene.resize(to: SIMD2(Double(configured.size.width), Double(configured.size.height)))
            switcher.setRoom(HUD.switcherRoom(width: Double(configured.size.width)))
            // In a window too narrow for the switcher's menu button beside it, the HUD starts hidden (key h).
            if options.dragWorkload, drag == nil {
                drag = DragWorkload(width: Double(configured.size.width), height: Double(configured.size.height),
                                    speed: options.dragSpeed)
            }
            if !hudToggled { hud.isShown = options.hud && Double(configured.size.width) >= HUD.minimumWindowWidth }
            trace.switcher(switcher)
            guard let display else { return }
            let wasReady = target.isReady
            let prepareStart = HostClock.now()
            do throws(AppError) { try target.prepare(display: display, window: window) } catch {
                failure = error
                loop.stop(code: 1, reason: error.description)
                return
            }
            if !wasReady {
                trace.system(gl: target.facts, outputs: registry.map { Array($0.outputs.values) } ?? [],
                             globals: registry?.advertised ?? [])
                let ms = Int(((HostClock.now() - prepareStart) * 1000).rounded())
                logger.debug("render: \(target.strategy); ready \(ms) ms after the first configure")
            }
            pacer.dirty = true
        }
        window.onClose = { [unowned loop] in loop.stop(code: 0, reason: "closed") }
        window.onFrame = { [unowned self] ms in frameCallback(ms) }
        window.onPresented = { [unowned self] presentation in
            pacer.presented(presentation)
            deadline.presented(sequence: presentation.sequence, at: hostTime(presented: presentation.nanoseconds))
            trace.presented(presentation)
            announceReady()
        }
        window.onDiscarded = { [unowned self] sequence in trace.discarded(sequence: sequence) }
        seat?.onTouchFrame = { [unowned self] frame in route(TouchFrame(frame)) }
        seat?.onKey = { [unowned self] key in if let command = KeyCommand(key) { perform(command) } }
        seat?.onDevicesChanged = { [unowned self] devices in trace.seat(devices) }
        seat?.onCursor = { [unowned self] report in trace.cursor(report) }
        if let seat { trace.seat(seat.devices) }
        trace.window(decorations: window.decorations)
    }

    // MARK: Input routing

    /// A touch frame goes to the switcher first; what it does not take goes to the scene.
    private func route(_ frame: TouchFrame) {
        trace.touch(frame)
        track(frame)
        let (rest, selection, changed) = switcher.filter(frame)
        if let selection { switchScene(to: SceneKind.allCases[selection]) }
        if changed || selection != nil { trace.switcher(switcher) }
        if let rest { for event in scene.handle(rest) { trace.gesture(event) } }
        pacer.dirty = true
    }

    private func perform(_ command: KeyCommand) {
        switch command {
        case .quit:
            loop?.stop(code: 0, reason: "quit key")
        case .toggleModel:
            showsModel.toggle()
            pacer.dirty = true
        case .toggleGravity:
            guard var playground = scene as? PlaygroundScene, playground.toggleGravity() else { return }
            scene = playground
            trace.gesture(SceneEvent(.gravity, [TraceField("on", .bool(playground.hasGravity))]))
            pacer.dirty = true
        case .toggleHUD:
            hud.isShown.toggle()
            hudToggled = true
            hudStatistics = pacer.statistics
            hudTakenAt = HostClock.now()
            pacer.dirty = true
        case .nextScene:
            let kinds = SceneKind.allCases
            switchScene(to: kinds[(switcher.selected + 1) % kinds.count])
        case .backend(let kind):
            guard var switchable = scene as? any Scene & BackendSwitchable else { return }
            backend = kind
            switchable.switchBackend(to: kind.make(), name: kind.rawValue)
            scene = switchable
            trace.backend(kind)
            pacer.dirty = true
        }
    }

    private func switchScene(to kind: SceneKind) {
        guard let window else { return }
        scene = kind.make(size: SIMD2(Double(window.logicalSize.width), Double(window.logicalSize.height)),
                          backend: backend)
        scene.setOutputScale(window.scale)
        if let index = SceneKind.allCases.firstIndex(of: kind) { switcher.selected = index }
        trace.scene(kind)
        pacer.dirty = true
    }

    // MARK: Frames

    /// After each batch of events: draw the owed frame when its start time has come, or at once if input arrived
    /// while idle; returns the poll timeout (s; negative: none).
    private func afterDispatch() -> Double {
        var timeout = -1.0
        if let frame = owed {
            let now = HostClock.now()
            if now >= frame.wake - 50e-6 {
                owed = nil
                // The input that arrived while waiting (and in this very batch) is routed before the frame is built.
                loop?.dispatchWaiting()
                frameDue(ms: frame.ms, callbackAt: frame.at)
            } else {
                timeout = frame.wake - now
            }
        }
        if owed == nil, pacer.dirty, target.isReady, let window, !window.frameIsPending {
            pacer.resume(now: HostClock.now())
            draw(callbackMs: nil, step: 0, tickMicros: 0, callbackAt: nil, wakeAt: HostClock.now())
        }
        trace.flush()
        if let failure = trace.failure {
            loop?.stop(code: failure.code, reason: failure.description)
            return 0
        }
        guard let quitAfter = options.quitAfter else { return timeout }
        let remaining = quitAfter - (HostClock.now() - start)
        if remaining <= 0 {
            loop?.stop(code: 0, reason: "quit-after")
            return 0
        }
        return timeout < 0 ? remaining + 0.001 : min(timeout, remaining + 0.001)
    }

    /// A frame callback: the frame it asks for starts at the learned deadline (at once without presentation
    /// feedback, or with `--frame-start callback`), after the events already received are dispatched.
    private func frameCallback(_ ms: UInt32) {
        let now = HostClock.now()
        owed = (ms, now, options.lateFrameStart ? deadline.wake(afterCallback: now) : now)
    }

    /// Builds the frame a callback stamped `ms` (arrived at `callbackAt`) asked for.
    private func frameDue(ms: UInt32, callbackAt: Double) {
        let tickStart = HostClock.now()
        if var workload = drag {
            // The scripted finger's samples due by now reach the scene before the frame is built, as real touch does.
            for frame in workload.due(now: tickStart) { route(frame) }
            drag = workload
        }
        let interval = pacer.callback(ms, now: callbackAt)
        if options.autoplay, scene.autoplay() { trace.gesture(SceneEvent(.autoplay)) }
        let moving = scene.needsFrames
        // The step the animations took: the interval, unless the scene's animator clamped it as a hitch.
        let before = scene.layers.time
        for event in scene.advance(by: interval) { trace.gesture(event) }
        let step = scene.layers.time - before
        let tickMicros = (HostClock.now() - tickStart) * 1e6
        if hud.isShown, tickStart - hudTakenAt >= HUD.refreshInterval || !scene.needsFrames {
            hudStatistics = pacer.statistics
            hudTakenAt = tickStart
            hudAhead = predicted
        }
        if moving || pacer.dirty || scene.needsFrames || drag?.isRunning == true {
            draw(callbackMs: ms, step: step, tickMicros: tickMicros, callbackAt: callbackAt, wakeAt: tickStart)
        } else {
            pacer.idle()
            trace.rest()
            announceReady()
            if drag != nil, drag?.start == nil {
                // The panel rests: the scripted finger goes down at the next frame, drawn at once.
                drag?.arm(now: tickStart)
                pacer.dirty = true
            }
        }
    }

    /// The process's CPU time since the previous frame (µs).
    private func frameCPU() -> Double {
        let now = HostClock.processCPU()
        defer { cpuAtLastFrame = now }
        return (now - cpuAtLastFrame) * 1e6
    }

    private func draw(callbackMs: UInt32?, step: Double, tickMicros: Double, callbackAt: Double?, wakeAt: Double) {
        guard let window, target.isReady else { return }
        let renderStart = HostClock.now()
        let sequence = pacer.beginFrame()
        let presentAt = deadline.presentation(afterCallback: callbackAt ?? renderStart)
        showPredictions(presentAt: presentAt, now: renderStart)
        // The first frame is drawn into the window alone: shown soonest (one surface, the fewest shader variants
        // to compile); the layer surfaces are made and drawn right after it, while the compositor shows it.
        let separated = buildFrame(separating: sequence > 1 && target.canSeparate(window: window), window: window)
        window.requestFrame()
        window.requestPresentationFeedback(sequence: sequence)
        window.prepareCommit()
        var damage: RenderTarget.FrameDamage?
        do throws(AppError) { damage = try target.present(drawList, separated: separated, window: window) } catch {
            failure = error
            loop?.stop(code: 1, reason: "eglSwapBuffers failed")
        }
        let committedAt = HostClock.now()
        let renderMicros = (committedAt - renderStart) * 1e6
        if let callbackAt {
            deadline.drew(sequence: sequence, callback: callbackAt, wake: wakeAt, commit: committedAt)
        } else {
            deadline.drewWithoutCallback()
        }
        if sequence == 1 {
            let sinceStart = Int(((HostClock.now() - start) * 1000).rounded())
            logger.debug("first frame: drawn in \(Int((renderMicros / 1000).rounded())) ms, \(sinceStart) ms after start")
            if failure == nil, target.canSeparate(window: window) {
                do throws(AppError) {
                    try target.prepareLayerSurfaces(buildFrame(separating: true, window: window), window: window)
                } catch {
                    failure = error
                    loop?.stop(code: 1, reason: error.description)
                }
            }
        }
        trace.frame(sequence: sequence, callbackMs: callbackMs, step: step, hud: hud.isShown && !switcher.isOpen,
                    ghosts: ghostsDrawn, tickMicros: tickMicros,
                    renderMicros: renderMicros, damage: damage, callbackAt: callbackAt, committedAt: committedAt,
                    cpuMicros: frameCPU(), wakeAt: callbackAt == nil ? nil : wakeAt, presentAt: presentAt,
                    predictedMicros: predicted.map { $0 * 1e6 })
        trace.sceneRecord(scene)
        traceLayoutIfChanged(window: window)
        // A frame drawn ahead of the finger is followed by one more: a finger that stopped is drawn where it rests.
        if (predicted ?? 0) > 0 { pacer.dirty = true }
    }

    /// Writes the `layout` event when the scene has come to rest with its touch targets or the chrome's changed since
    /// they were last written, and on the first frame of a scene or a window size whatever moves (not while the
    /// switcher's menu is open: it takes every touch then).
    private func traceLayoutIfChanged(window: Window) {
        let width = Double(window.logicalSize.width)
        let key = LayoutKey(scene: scene.name, width: window.logicalSize.width, height: window.logicalSize.height)
        guard !switcher.isOpen, !scene.needsFrames || key != lastLayout.key else { return }
        let targets = scene.touchTargets
        var chrome = switcher.targets.map { TouchTarget($0.name, $0.rect) }
        if hud.isShown { chrome.append(TouchTarget("hud", HUD.box(width: width))) }
        guard targets != lastLayout.targets || chrome != lastLayout.chrome || key != lastLayout.key else { return }
        lastLayout = (key, targets, chrome)
        trace.layout(scene: scene.name, targets: targets, chrome: chrome)
    }

    /// Builds the frame's draw list, and with `separating` the layers shown on surfaces of their own: the scene's
    /// moving layer unless something in the window is drawn over it, and the HUD.
    private func buildFrame(separating: Bool, window: Window) -> [RenderTarget.Slot: SeparateLayer] {
        var separated = buildDrawList(separating: separating)
        if let layer = separated[.scene], target.isCovered(layer, in: drawList, window: window) {
            buildDrawList(separating: false)
            separated[.scene] = nil
        }
        return separated
    }

    /// The frame: background, the scene's layers, the switcher, the HUD. With `separating`, a layer that wants a
    /// surface of its own (and can have one now) and the HUD are returned, each drawn apart, instead of drawn into
    /// the list.
    @discardableResult
    private func buildDrawList(separating: Bool = false) -> [RenderTarget.Slot: SeparateLayer] {
        drawList.removeAll()
        drawList.addBackground(top: RGBA(hex: 0x1B2A49), bottom: RGBA(hex: 0x4A2F5E))
        var separated: [RenderTarget.Slot: SeparateLayer] = [:]
        if separating {
            separated[.scene] = scene.draw(into: &drawList, separating: 1).first
        } else {
            scene.draw(into: &drawList)
        }
        ghostsDrawn = showsModel ? scene.layers.drawModelGhosts(into: &drawList) : 0
        guard let window else { return separated }
        let width = Double(window.logicalSize.width)
        switcher.draw(into: &drawList, size: SIMD2(width, Double(window.logicalSize.height)))
        // The open scene menu is above everything, the HUD too.
        guard !switcher.isOpen else { return separated }
        // While a dragged object is drawn ahead of the finger, the HUD's corner says by how much ("→ 18 ms") (the backend's
        // name otherwise: nothing animates a held object).
        let backend = hudAhead.flatMap { $0 > 0.0005 ? "→ \(Int(($0 * 1000).rounded())) ms" : nil }
            ?? (scene as? any BackendSwitchable)?.backendName ?? "-"
        if separating {
            separated[.overlay] = hud.overlay(width: width, statistics: hudStatistics, backend: backend)
        } else {
            hud.draw(into: &drawList, width: width, statistics: hudStatistics, backend: backend)
        }
        return separated
    }

    private func announceReady() {
        guard options.notifyReady, !readyAnnounced else { return }
        readyAnnounced = true
        Console.out("ready")
    }

    /// Saves `--screenshot` on a normal exit: the exit stays (`code`, `reason`) unless the PNG cannot be written,
    /// which is reported (one line) and exits 1.
    private func saveScreenshot(code: Int32, reason: String) -> (Int32, String) {
        guard let path = options.screenshotPath, let window else { return (code, reason) }
        buildDrawList()
        do throws(AppError) {
            guard let png = target.snapshot(drawList, window: window) else {
                throw AppError("cannot write screenshot \(path): the frame could not be read back")
            }
            try OutputFile.write(png, to: path, what: "screenshot")
            return (code, reason)
        } catch {
            logger.error("\(error)")
            return (code == 0 ? error.code : code, error.description)
        }
    }
    // MARK: Prediction

    /// Keeps each finger's predictor and the input clock's relation to the host clock.
    private func track(_ frame: TouchFrame) {
        guard options.predict else { return }
        if frame.isCancel {
            predictors.removeAll()
            return
        }
        let now = HostClock.now()
        for change in frame.changes {
            inputDelays.append(now - change.time)
            if inputDelays.count > 64 { inputDelays.removeFirst() }
            switch change.phase {
            case .down:
                var predictor = TouchPredictor()
                predictor.add(change.position, time: change.time)
                predictors[change.id] = predictor
            case .motion:
                predictors[change.id]?.add(change.position, time: change.time)
            case .up, .cancel:
                predictors[change.id] = nil
            }
        }
    }

    /// Shows the scene's dragged objects where their fingers are predicted to be at `presentAt` (host time).
    private func showPredictions(presentAt: Double?, now: Double) {
        predicted = nil
        guard options.predict, !predictors.isEmpty, let offset = inputDelays.min() else {
            if options.predict { scene.showPredicted([:]) }
            return
        }
        var fingers: [Int32: SIMD2<Double>] = [:]
        for (id, predictor) in predictors {
            guard let presentAt,
                  let prediction = predictor.predict(at: presentAt - offset, now: now - offset) else { continue }
            fingers[id] = prediction.position
            predicted = max(predicted ?? 0, prediction.horizon * prediction.weight)
        }
        scene.showPredicted(fingers)
    }

    /// A presentation timestamp (ns, presentation clock) on the host clock (s).
    private func hostTime(presented ns: UInt64) -> Double {
        guard let id = presentationClock, let pair = HostClock.relate(clock: id) else { return Double(ns) / 1e9 }
        return Double(pair.monotonic) / 1e9 + (Double(ns) - Double(pair.other)) / 1e9
    }
}
