import Glibc
import Logging
import MomentumCore
import MomentumRun
import WaylandClient

/// `momentum run` on Wayland: turns the platform's callbacks into `RunEvent`s for the `RunCore` (one clock read
/// each) and carries out the `RunEffect`s it returns (draw and commit, trace lines, stop). Every decision is the
/// core's; what is here is the platform's: connecting, the window, the render target, the event loop, teardown.
final class RunAdapter {
    private let options: RunOptions
    private let logger: Logger
    private let start = HostClock.now()
    private let writer: TraceWriter
    /// `--screenshot` and `--mid-screenshots`: read back on the loop, encoded and written off it.
    private let screenshots = ScreenshotWriter()
    private var core: RunCore
    private let target: RenderTarget
    private var display: Display?
    private var registry: Registry?
    private var window: Window?
    private var seat: Seat?
    private var loop: EventLoop?
    /// The presentation clock, when it is not CLOCK_MONOTONIC (feedback is put on the host clock).
    private var presentationClock: Int32?
    private var failure: AppError?
    /// Presentation feedback still unanswered and freed unanswered, read from the window at teardown.
    private var feedbackAtExit = (unanswered: 0, freed: 0)

    /// A run of `options` that reports through `logger` (failures at `.error`, the platform's notes at their level).
    init(options: RunOptions, logger: Logger) throws(AppError) {
        self.options = options
        self.logger = logger
        let target = RenderTarget { [logger] line in logger.notice("\(line)") }
        target.allowsLayerSurfaces = options.subsurfaces
        target.surfaceBuffers = options.surfaceBuffers
        target.writesFirstFrame = getenv("MOMENTUM_GL_FIRST_FRAME").map { String(cString: $0) } != "1"
        self.target = target
        writer = try TraceWriter(path: options.tracePath, limit: options.traceLimit)
        var configuration = options.core
        if configuration.lateFrameStart, let path = DeadlineMemoryFile.path {
            configuration.deadlineMemory = DeadlineMemoryFile.read(path, logger: logger)
        }
        core = RunCore(configuration: configuration, start: start)
    }

    /// Runs until quit; returns the exit code. The screenshots asked for are written (their thread joined) and the
    /// trace gets its `exit` line and is flushed on every path; a screenshot or trace that could not be written is
    /// reported (one line) and makes the exit code non-zero.
    func run() -> Int32 {
        var (code, reason) = runLoop()
        // A failure the loop saw (a mid-animation screenshot) was reported and is the exit already.
        if let failure = screenshots.finish(), failure.description != self.failure?.description {
            logger.error("\(failure)")
            if code == 0 { (code, reason) = (failure.code, failure.description) }
        }
        // What this run learned of the frame deadline, for the next run on this compositor.
        if options.core.lateFrameStart, let memory = core.deadline.memory, let path = DeadlineMemoryFile.path {
            DeadlineMemoryFile.write(memory, to: path, logger: logger)
        }
        writer.write(TraceLine(t: HostClock.now() - start, .exit(.init(
            code: code, reason: reason, feedbackUnanswered: feedbackAtExit.unanswered,
            feedbackFreed: feedbackAtExit.freed, cpu: HostClock.processCPU()))))
        writer.close()
        if let failure = writer.failure {
            logger.error("\(failure)")
            return code == 0 ? failure.code : code
        }
        return code
    }

    private func runLoop() -> (Int32, String) {
        defer { tearDown() }
        do {
            // Signals were blocked when the process started (`RunCommand.isInvoked`): until the loop reads them,
            // the display's roundtrips do.
            let display = try Display(watchingSignals: true)
            self.display = display
            let registry = try Registry(display: display) { [logger] level, message in
                logger.log(level: Logger.Level(level), "\(message)")
            }
            self.registry = registry
            record(HostClock.clockRecord(start: start, presentation: registry.presentationClock,
                                         inputTimestamps: registry.inputTimestamps != nil))
            presentationClock = registry.presentationClock.flatMap { $0 == 1 ? nil : $0 }
            let window = try Window(registry: registry, title: "Momentum", appID: "dev.momentum.Momentum",
                                    size: .init(width: Int32(options.core.size.x), height: Int32(options.core.size.y)),
                                    fullscreen: options.fullscreen,
                                    minimumSize: .init(width: Size.minimum.width, height: Size.minimum.height)) {
                [logger] level, message in logger.log(level: Logger.Level(level), "\(message)")
            }
            self.window = window
            logger.debug("window decorations: \(window.decorations.rawValue)")
            // The window's initial commit asks for the first configure; EGL starts while the compositor answers
            // (libdecor's window commits later, from the event loop: EGL starts at its first configure, as before).
            if window.decorations != .client { target.begin(display: display, window: window) }
            seat = registry.input
            let loop = EventLoop(display: display)
            self.loop = loop
            if let source = window.decorationEvents { loop.add(source) }
            wire(window: window, loop: loop)
            // EGL's round trips (`begin`) read the connection for its own queue: the first configure may be queued
            // already, where the loop's poll would not wake for it. Dispatched here, the loop's first pass sees it.
            loop.dispatchWaiting()
            let exit = loop.run { [unowned self] in afterDispatch() }
            if let failure {
                logger.error("\(failure)")
                return (failure.code, failure.description)
            }
            switch exit {
            case .requested(let code, let reason): return saveScreenshot(code: code, reason: reason)
            case .signal(let name): return saveScreenshot(code: 0, reason: name)
            case .failed(let error):
                logger.error("\(error)")
                return (1, error.description)
            }
        } catch let error as WaylandError {
            // Told to stop while the compositor had not answered yet: a stop like any other.
            if case .signalled(let name) = error { return (0, name) }
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

    /// The asked size last said to be more than the GPU draws (said once per size asked).
    private var cappedAskSaid: ConfigureState.Size?

    /// One warning when the compositor (or `--size`) asks for a buffer larger than `Window.bufferLimit`.
    private func sayWhenCapped(window: Window, scale: Double) {
        let asked = window.askedSize, drawn = window.logicalSize
        guard asked != drawn, asked != cappedAskSaid else { return }
        cappedAskSaid = asked
        let limit = window.bufferLimit
        let scaleText = scale == scale.rounded() ? String(Int(scale)) : String(scale)
        let bufferW = Int((Double(asked.width) * scale).rounded()), bufferH = Int((Double(asked.height) * scale).rounded())
        let line = "the window is asked to be \(asked.width)x\(asked.height) at scale \(scaleText) "
            + "(a \(bufferW)x\(bufferH) buffer), more than this GPU draws (\(limit.side) px a side, "
            + "\((limit.pixels * 4) >> 20) MiB a buffer): drawn at \(drawn.width)x\(drawn.height)"
        logger.warning("\(line)")
    }

    // MARK: Events in

    private func wire(window: Window, loop: EventLoop) {
        // The window and the loop are the adapter's: the closures the window keeps must not keep them (a cycle
        // would leave the window alive, and its toplevel and surface undestroyed, at exit).
        window.onConfigure = { [unowned self, unowned window] configured in
            let now = HostClock.now()
            guard let display else { return }
            let wasReady = target.isReady
            let wasInAppBuffers = target.appBuffers != nil
            do throws(AppError) { try target.prepare(display: display, window: window) } catch {
                fail(error)
                return
            }
            if wasReady, (target.appBuffers != nil) != wasInAppBuffers {
                logger.debug("render: resized to \(window.bufferSize.width)x\(window.bufferSize.height) px: \(target.strategy)")
            }
            // Read after the first prepare, which learns how large a buffer the GPU draws.
            let size = window.logicalSize, buffer = window.bufferSize
            seat?.surfaceSize = SIMD2(Double(size.width), Double(size.height))
            sayWhenCapped(window: window, scale: configured.scale)
            send(.configured(WindowConfiguration(width: Int(size.width), height: Int(size.height),
                                                 scale: configured.scale, bufferWidth: Int(buffer.width),
                                                 bufferHeight: Int(buffer.height),
                                                 canSeparate: target.canSeparate(window: window))), at: now)
            guard !wasReady else { return }
            record(.system(TraceRecord.System(target: target, registry: registry)))
            logger.debug("render: \(target.strategy); ready \(Int(((HostClock.now() - now) * 1000).rounded())) ms after the first configure")
        }
        window.onClose = { [unowned self] in send(.closed) }
        window.onFrame = { [unowned self] ms in send(.frameCallback(milliseconds: ms)) }
        window.onPresented = { [unowned self] p in
            send(.presented(PresentationFeedback(sequence: p.sequence, nanoseconds: p.nanoseconds,
                                                 hostTime: HostClock.hostTime(p.nanoseconds, on: presentationClock),
                                                 refreshNanoseconds: p.refreshNanoseconds, msc: p.msc,
                                                 flags: PresentationFlags(rawValue: p.flags))))
        }
        window.onDiscarded = { [unowned self] sequence in send(.discarded(sequence: sequence)) }
        seat?.onTouchFrame = { [unowned self] frame in send(.touch(TouchFrame(frame))) }
        seat?.onKey = { [unowned self] key in if let command = KeyCommand(key) { send(.key(command)) } }
        seat?.onScroll = { [unowned self] scroll in send(.scroll(ScrollInput(scroll))) }
        seat?.onPinch = { [unowned self] pinch in send(.pinch(PinchInput(pinch))) }
        seat?.onDevicesChanged = { [unowned self] devices in record(.seat(devices: SeatDevice.names(devices))) }
        seat?.onCursor = { [unowned self] c in
            record(.cursor(.init(via: c.via, name: c.name, theme: c.theme, size: c.size, scale: c.scale)))
        }
        if let seat { record(.seat(devices: SeatDevice.names(seat.devices))) }
        record(.window(decorations: window.decorations.rawValue))
    }

    /// After each batch of events: the core decides; the poll sleeps until the core's wake-up time (or the trace
    /// writer's, for lines it holds), or until an event when neither has one.
    private func afterDispatch() -> Double {
        send(.dispatched)
        holdIdleInhibitor()
        let phase = core.frameState.phase
        writer.flush(now: HostClock.now(), frameStart: core.frameState.wakeTime,
                     resting: phase == .idle || phase == .unconfigured)
        if let failure = writer.failure { loop?.stop(code: failure.code, reason: failure.description) }
        if let failure = screenshots.failure { fail(failure) }
        // What a layer surface no longer shows is let go a while after (`RenderTarget.releaseIdle`).
        if let due = target.releaseTime {
            let now = HostClock.now()
            if now >= due {
                do throws(AppError) { try target.releaseIdle(now: now) } catch { fail(error) }
            }
        }
        // Woken for the core's next decision, to write the trace's lines held for the next frame, or to let go of
        // what the layer surfaces no longer show.
        var wake = core.wakeTime
        if let trace = writer.holdDeadline { wake = min(wake ?? trace, trace) }
        if let release = target.releaseTime { wake = min(wake ?? release, release) }
        loop?.defersReading = core.defersEvents
        return wake.map { max(0, $0 - HostClock.now()) } ?? -1
    }

    /// Arrays the core's effects are gathered in, emptied and kept (one per nesting of `send`: reading the input
    /// sends `.inputRead` while the effects of `.dispatched` are carried out), so an event makes no array.
    private var effectArrays: [[RunEffect]] = []

    /// The core's `sceneSwitches` when it was last looked at.
    private var sceneSwitchesSeen = 0

    /// Hands `event` (arrived at `now`) to the core and carries out what it asks.
    private func send(_ event: RunEvent, at now: Double = HostClock.now()) {
        var effects = effectArrays.popLast() ?? []
        core.handle(event, at: now, into: &effects)
        // Another scene: the last one's chromes are not its own (`RenderTarget.sceneSwitched`), traced or not.
        if core.sceneSwitches != sceneSwitchesSeen {
            sceneSwitchesSeen = core.sceneSwitches
            target.sceneSwitched()
        }
        defer {
            effects.removeAll(keepingCapacity: true)
            effectArrays.append(effects)
        }
        for effect in effects {
            switch effect {
            case .trace(let line):
                writer.write(line)
            case .readInput:
                // The input that arrived while the frame waited for its start reaches the core before it is built.
                loop?.dispatchWaiting()
                send(.inputRead(cpu: HostClock.processCPU))
            case .present(let plan): present(plan)
            case .ready: Console.out("ready")
            case .snapshot(let index): saveMidScreenshot(index)
            case .stop(let code, let reason): loop?.stop(code: code, reason: reason)
            }
        }
    }

    // MARK: Effects out

    /// Asks for the next callback and feedback on this frame, draws it and commits; tells the core.
    private func present(_ plan: FramePlan) {
        guard let window else { return }
        let drawStart = HostClock.now()
        let damage: FrameDamage?
        do throws(AppError) {
            damage = try target.present(plan.list, separated: plan.separated, window: window, at: drawStart,
                                        mayOmitCommit: plan.mayOmitCommit, movedOnly: plan.movedOnly) {
                window.requestFrame()
                window.requestPresentationFeedback(sequence: plan.sequence)
            }
        } catch {
            fail(error)
            return
        }
        let now = HostClock.now()
        if plan.sequence == 1 {
            let drawn = Int(((now - drawStart) * 1000).rounded()), sinceStart = Int(((now - start) * 1000).rounded())
            let programs = target.programsDrawn
            logger.debug("first frame: drawn in \(drawn) ms, \(sinceStart) ms after start, \(programs) GL program\(programs == 1 ? "" : "s")")
        }
        send(.committed(Commit(sequence: plan.sequence, drawStart: drawStart, damage: damage ?? FrameDamage(),
                               cpu: HostClock.processCPU(), committed: damage != nil)), at: now)
    }

    /// Keeps the screen from blanking while the run shows something nobody is touching: for the whole of an
    /// `--autoplay` (a benchmark's workload too) or a scripted drag, and while anything moves; lets it blank again
    /// at rest. (Touch and keys keep the screen on by themselves.) Nothing where the compositor offers no
    /// zwp_idle_inhibit_manager_v1.
    private func holdIdleInhibitor() {
        guard let window, registry?.idleInhibit != nil else { return }
        let reason: String? = if options.core.autoplay { "autoplay" } else if core.drag?.isRunning == true {
            "drag workload"
        } else if core.scene.needsFrames { "moving" } else { nil }
        guard (reason != nil) != window.isIdleInhibited else { return }
        if window.inhibitIdle(reason != nil) {
            logger.debug(reason.map { "idle inhibited: \($0)" } ?? "idle inhibitor released: at rest")
        }
    }

    private func record(_ record: TraceRecord) { writer.write(TraceLine(t: HostClock.now() - start, record)) }

    private func fail(_ error: AppError) {
        if failure == nil { failure = error }
        loop?.stop(code: 1, reason: error.description)
    }

    /// `--mid-screenshots`: saves the frame as drawn now next to `--screenshot` (`FILE-mid1.png`); a failure ends
    /// the run as a screenshot's does (found by the loop once the writer's thread meets it).
    private func saveMidScreenshot(_ index: Int) {
        guard let path = options.screenshotPath, window != nil else { return }
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        do throws(AppError) { try queueScreenshot(to: "\(stem)-mid\(index).png") } catch { fail(error) }
    }

    /// Saves `--screenshot` on a normal exit: the exit stays (`code`, `reason`) unless the frame cannot be read
    /// back, which is reported (one line) and exits 1; a PNG that cannot be written is `run`'s, which waits for it.
    private func saveScreenshot(code: Int32, reason: String) -> (Int32, String) {
        guard let path = options.screenshotPath, window != nil else { return (code, reason) }
        do throws(AppError) {
            try queueScreenshot(to: path)
            return (code, reason)
        } catch {
            logger.error("\(error)")
            return (code == 0 ? error.code : code, error.description)
        }
    }

    /// Draws the screenshot's list (the HUD as `--screenshot-hud` says), reads it back and hands it to the writer.
    private func queueScreenshot(to path: String) throws(AppError) {
        guard let window, let frame = target.snapshot(core.screenshotList(hud: options.screenshotHUD), window: window) else {
            throw AppError("cannot write screenshot \(path): the frame could not be read back")
        }
        try screenshots.write(.init(bottomUp: frame.bottomUp, width: frame.width, height: frame.height, path: path))
    }
}
