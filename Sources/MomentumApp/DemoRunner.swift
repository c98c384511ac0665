import Glibc
import Logging
import MomentumCore
import MomentumLayers
import MomentumRender
import MomentumScenes
import WaylandClient

/// Wires the platform, the scene, the renderer and the trace together for `momentum run`.
///
/// One frame: a frame callback fires → the frame clock turns its timestamp into a step → the scene advances →
/// a draw list is built → the next frame callback and presentation feedback are requested → eglSwapBuffers
/// commits. When nothing moves and no input is pending no frame is requested, and the loop sleeps in poll.
final class DemoRunner {
    private let options: RunOptions
    private let logger: Logger
    private let start = HostClock.now()
    private let trace: TraceWriter
    private var display: Display?
    private var registry: Registry?
    private var window: Window?
    private var seat: Seat?
    private var loop: EventLoop?
    private var context: RenderContext?
    private var eglWindow: WaylandEGLWindow?
    private var renderer: Renderer?
    private var scene: any Scene
    private var switcher: SceneSwitcher
    private var backend: BackendKind
    private var clock = FrameClock()
    private var dirty = false
    private var configured = false
    private var sequence: UInt64 = 0
    private var readyAnnounced = false
    private var frameIntervals: [Double] = []
    private var lastCallbackMs: UInt32?
    private var drawList = DrawList()
    private var hud: Bool
    private var failure: AppError?

    /// A runner for `options` that reports through `logger` (failures at `.error`, the platform's notes at their level).
    init(options: RunOptions, logger: Logger) throws(AppError) {
        self.options = options
        self.logger = logger
        hud = options.hud
        trace = try TraceWriter(path: options.tracePath, start: start)
        scene = options.scene.make(size: SIMD2(Double(options.width), Double(options.height)), backend: options.backend)
        backend = options.backend
        switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue),
                                 selected: SceneKind.allCases.firstIndex(of: options.scene) ?? 0)
    }

    /// Runs until quit; returns the exit code. The trace gets an `exit` event and is flushed on every path.
    func run() -> Int32 {
        let (code, reason) = runLoop()
        trace.event("exit", ["code": .int(Int64(code)), "reason": .string(reason)])
        trace.close()
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
            let window = try Window(registry: registry, title: "Momentum", appID: "dev.momentum.Momentum",
                                    size: .init(width: options.width, height: options.height),
                                    fullscreen: options.fullscreen)
            self.window = window
            seat = registry.input
            let loop = EventLoop(display: display)
            self.loop = loop
            wire(window: window, loop: loop)
            let exit = loop.run { [unowned self] in afterDispatch() }
            if let failure { return (failure.code, failure.description) }
            switch exit {
            case .requested(let code, let reason):
                saveScreenshot()
                return (code, reason)
            case .signal(let name):
                saveScreenshot()
                return (0, name)
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
        renderer = nil
        context = nil
        eglWindow = nil
        seat = nil
        window = nil
        registry = nil
        loop = nil
        display = nil
    }

    private func wire(window: Window, loop: EventLoop) {
        window.onConfigure = { [unowned self] configured in
            let buffer = window.bufferSize
            trace.event("configure", ["width": .int(Int64(configured.size.width)),
                                      "height": .int(Int64(configured.size.height)), "scale": .number(configured.scale),
                                      "buffer_width": .int(Int64(buffer.width)), "buffer_height": .int(Int64(buffer.height))])
            scene.resize(to: SIMD2(Double(configured.size.width), Double(configured.size.height)))
            do { try prepareRendering(window) } catch let error as AppError {
                failure = error
                loop.stop(code: 1, reason: error.description)
                return
            } catch {
                return
            }
            self.configured = true
            dirty = true
        }
        window.onClose = { loop.stop(code: 0, reason: "closed") }
        window.onFrame = { [unowned self] ms in frameCallback(ms) }
        window.onPresented = { [unowned self] seq, ns, refresh in
            clock.presented(nanoseconds: ns, refreshNanoseconds: UInt64(refresh))
            trace.event("presented", ["seq": .int(Int64(seq)), "ns": .int(Int64(ns)), "refresh_ns": .int(Int64(refresh))])
            announceReady()
        }
        window.onDiscarded = { [unowned self] seq in trace.event("discarded", ["seq": .int(Int64(seq))]) }
        seat?.onTouchFrame = { [unowned self] frame in touchFrame(TouchFrame(frame)) }
        seat?.onKey = { [unowned self] key in keyPressed(key) }
    }

    private func prepareRendering(_ window: Window) throws(AppError) {
        let size = window.bufferSize
        if let eglWindow {
            eglWindow.resize(width: Int(size.width), height: Int(size.height))
            return
        }
        guard let display else { return }
        do {
            let context = try RenderContext(waylandDisplay: display.pointer)
            guard let native = WaylandEGLWindow(surface: window.surface, width: Int(size.width), height: Int(size.height)) else {
                throw AppError("wl_egl_window_create failed")
            }
            try context.makeWindowSurface(native)
            try context.makeCurrent(swapInterval: 0)
            renderer = try Renderer()
            self.context = context
            eglWindow = native
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError("cannot start rendering: \(error)")
        }
    }

    private func touchFrame(_ frame: TouchFrame) {
        for change in frame.changes {
            trace.event("touch", ["phase": .string(change.phase.rawValue), "id": .int(Int64(change.id)),
                                  "x": .number(change.position.x), "y": .number(change.position.y)])
        }
        let (rest, selection) = switcher.filter(frame)
        if let selection { switchScene(to: SceneKind.allCases[selection]) }
        if let rest { for event in scene.handle(rest) { traceGesture(event) } }
        dirty = true
    }

    private func switchScene(to kind: SceneKind) {
        guard let window else { return }
        scene = kind.make(size: SIMD2(Double(window.logicalSize.width), Double(window.logicalSize.height)),
                          backend: backend)
        if let index = SceneKind.allCases.firstIndex(of: kind) { switcher.selected = index }
        trace.event("scene", ["name": .string(kind.rawValue)])
        dirty = true
    }

    private func traceGesture(_ event: SceneEvent) {
        var fields: [(String, JSONValue)] = [("kind", .string(event.kind.rawValue))]
        for field in event.fields { fields.append((field.key, JSONValue(field.value))) }
        trace.event("gesture", fields)
    }

    private func keyPressed(_ key: Key) {
        switch key {
        case .escape, .character("q"): loop?.stop(code: 0, reason: "quit key")
        case .character("h"):
            hud.toggle()
            dirty = true
        case .character(let c):
            // Keys 1, 2, 3 switch the backend; the motion is handed over with its velocity.
            if c == "s" || c == "\t" {
                let kinds = SceneKind.allCases
                switchScene(to: kinds[(switcher.selected + 1) % kinds.count])
                break
            }
            let kinds = BackendKind.allCases
            guard let digit = c.wholeNumberValue, digit >= 1, digit <= kinds.count,
                  var switchable = scene as? any Scene & BackendSwitchable else { break }
            backend = kinds[digit - 1]
            switchable.switchBackend(to: backend.make(), name: backend.rawValue)
            scene = switchable
            trace.event("backend", ["name": .string(backend.rawValue)])
            dirty = true
        default: break
        }
    }

    /// After each batch of events: draw at once if input arrived while idle; returns the poll timeout.
    private func afterDispatch() -> Int32 {
        if dirty, configured, let window, !window.frameIsPending {
            _ = clock.resume(hostTime: HostClock.now())
            draw(callbackMs: nil, step: 0, tickMicros: 0)
        }
        trace.flush()
        guard let quitAfter = options.quitAfter else { return -1 }
        let remaining = quitAfter - (HostClock.now() - start)
        if remaining <= 0 {
            loop?.stop(code: 0, reason: "quit-after")
            return 0
        }
        return Int32(min(remaining * 1000 + 1, Double(Int32.max)))
    }

    private func frameCallback(_ ms: UInt32) {
        if let last = lastCallbackMs {
            frameIntervals.append(Double(Int32(bitPattern: ms &- last)))
            if frameIntervals.count > 90 { frameIntervals.removeFirst(frameIntervals.count - 90) }
        }
        lastCallbackMs = ms
        let tickStart = HostClock.now()
        let step = clock.tick(callbackMilliseconds: ms, hostTime: tickStart)
        if options.autoplay, !scene.needsFrames, var panel = scene as? PanelScene, panel.state != .dragging {
            panel.toggle()
            scene = panel
            trace.event("gesture", ["kind": .string(GestureKind.autoplay.rawValue)])
        }
        let moving = scene.needsFrames
        for event in scene.advance(by: step) { traceGesture(event) }
        let tickMicros = (HostClock.now() - tickStart) * 1e6
        if moving || dirty || scene.needsFrames {
            draw(callbackMs: ms, step: step, tickMicros: tickMicros)
        } else {
            lastCallbackMs = nil // idle: the next interval starts after a pause, not a frame
            announceReady()
        }
    }

    private func draw(callbackMs: UInt32?, step: Double, tickMicros: Double) {
        guard let window, let context, let renderer else { return }
        let renderStart = HostClock.now()
        sequence += 1
        dirty = false
        buildDrawList()
        window.requestFrame()
        window.requestPresentationFeedback(sequence: sequence)
        window.prepareCommit()
        let size = window.bufferSize
        renderer.draw(drawList, width: Int(size.width), height: Int(size.height), scale: window.scale)
        if !context.swapBuffers() {
            failure = AppError(context.lastEGLError().description)
            loop?.stop(code: 1, reason: "eglSwapBuffers failed")
        }
        let renderMicros = (HostClock.now() - renderStart) * 1e6
        trace.event("frame", ["seq": .int(Int64(sequence)), "callback_ms": callbackMs.map { .int(Int64($0)) } ?? .null,
                              "step": .number(step), "hud": .bool(hud),
                              "tick_us": .number((tickMicros * 10).rounded() / 10),
                              "render_us": .number((renderMicros * 10).rounded() / 10)])
        trace.event(scene.name, scene.traceRecord().map { ($0.key, JSONValue($0.value)) })
    }

    private func buildDrawList() {
        drawList.removeAll()
        drawList.addBackground(top: RGBA(hex: 0x1B2A49), bottom: RGBA(hex: 0x4A2F5E))
        scene.draw(into: &drawList)
        switcher.draw(into: &drawList)
        if hud, let window {
            // The HUD: scene, backend and frame rate over a bar graph of recent frame intervals (ms; the line is 60 Hz).
            let size = window.logicalSize
            let rect = DrawRect(x: Double(size.width) - 196, y: 12, width: 180, height: 48)
            let graph = BarGraph(rect: rect, values: frameIntervals, reference: 1000.0 / 60, maxValue: 50, capacity: 90,
                                 backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0.45))
            graph.append(to: &drawList)
            let recent = frameIntervals.suffix(30)
            let fps = recent.isEmpty ? 0 : 1000 * Double(recent.count) / recent.reduce(0, +)
            let backend = (scene as? any BackendSwitchable)?.backendName ?? "-"
            let line = "\(scene.name)  \(backend)  \(recent.isEmpty ? "--" : String(Int(fps.rounded()))) fps"
            drawList.addRect(DrawRect(x: rect.x, y: rect.maxY, width: rect.width, height: 16),
                             fill: RGBA(r: 0, g: 0, b: 0, a: 0.45))
            drawList.addText(line, at: SIMD2(rect.x + 6, rect.maxY + 4), size: 8, color: RGBA(r: 1, g: 1, b: 1, a: 0.9))
        }
    }

    private func announceReady() {
        guard options.notifyReady, !readyAnnounced else { return }
        readyAnnounced = true
        Console.out("ready")
    }

    private func saveScreenshot() {
        guard let path = options.screenshotPath, let window, let renderer else { return }
        let size = window.bufferSize
        buildDrawList()
        renderer.draw(drawList, width: Int(size.width), height: Int(size.height), scale: window.scale)
        let pixels = renderer.readPixels(width: Int(size.width), height: Int(size.height))
        let png = PNG.encode(rgba: pixels, width: Int(size.width), height: Int(size.height))
        guard let file = fopen(path, "wb") else {
            logger.error("cannot write screenshot \(path): \(String(cString: strerror(errno)))")
            return
        }
        _ = png.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
